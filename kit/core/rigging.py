"""Rigged cards and dice (G-1): a practice game's next cards and dice, set by hand for one action.

Worked examples, tours and tests set the next action's cards and dice with ``game.rig(...)``
instead of hunting for a seed. A real game refuses (its draws come from its seed alone), and a
sealed game too (nobody chooses its draws, K-3). The turn that uses a rig is marked rigged in the
log and its output, and its replay lays the same rig. :class:`Rigging` is mixed into
:class:`kit.core.game.Game`; :class:`Rig` is what a turn records.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kit.core.decks import Deck
from kit.core.errors import IllegalActionError, MalformedInputError, UnknownNameError

if TYPE_CHECKING:
    from kit.core.game import Game
    from kit.core.proofs import ProofBook

RIG_LIMIT = 200
"""At most this many cards on a deck, or dice, in one rig."""


@dataclass(frozen=True)
class Rig:
    """Cards to put on top of named decks and dice to roll, for the next action only.

    Worked examples and tests use this instead of hunting for a seed. The event that uses it
    is marked as rigged in the log, and replay applies the same rig.
    """

    cards: dict[str, tuple[str, ...]] = field(default_factory=dict)
    dice: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The JSON form stored with the event."""
        data: dict[str, Any] = {}
        if self.cards:
            data["cards"] = {deck: list(codes) for deck, codes in self.cards.items()}
        if self.dice:
            data["dice"] = list(self.dice)
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Rig | None:
        """Read a rig from its JSON form; anything but decks of card codes and a list of dice is malformed."""
        if data is None or data == {}:
            return None
        if not isinstance(data, dict) or set(data) - {"cards", "dice"}:
            raise MalformedInputError("rig", "must be an object with cards and dice")
        cards = data.get("cards", {})
        dice = data.get("dice", [])
        if not isinstance(cards, dict) or not isinstance(dice, list) or len(dice) > RIG_LIMIT or not all(
                type(d) is int and 0 < d <= 1000 for d in dice):
            raise MalformedInputError("rig", "must hold an object of card lists and a list of whole numbers")
        for deck, codes in cards.items():
            if (not isinstance(codes, list) or len(codes) > RIG_LIMIT or len(deck) > 40
                    or not all(isinstance(code, str) and 0 < len(code) <= 40 for code in codes)):
                raise MalformedInputError("rig", "must name each deck's cards by short codes such as 4H")
        if not cards and not dice:
            raise MalformedInputError("rig", "must set cards or dice")
        return cls({deck: tuple(codes) for deck, codes in cards.items()}, tuple(dice))


class Rigging:
    """Setting the next action's cards and dice by hand (G-1), mixed into :class:`kit.core.game.Game`."""

    practice: bool
    proofs: ProofBook | None
    _pending_rig: Rig | None

    if TYPE_CHECKING:  # what kit.core.game.Game provides
        def _decks(self) -> dict[str, Deck[Any]]: ...

        def _parse_rig_card(self, deck: str, code: str) -> Any: ...

    @property
    def pending_rig(self) -> Rig | None:
        """The rig set for the next action, if any."""
        return self._pending_rig

    def rig(self, cards: str | Iterable[str] | Mapping[str, str | Iterable[str]] | None = None, *,
            deck: str | None = None, dice: Iterable[int] | None = None) -> Game:
        """Set the next action's cards (on top of ``deck``, first named drawn first) and dice.

        ``game.rig("4H 8C").flip("Ada", "Fisticuffs", target=8)`` flips 4♥ then 8♣; several decks
        at once take a mapping: ``game.rig({"fate": "4H", "magic": "4D"})``.
        The next event is marked as rigged. Returns the game, so calls chain. Only a practice
        game (``practice=True``) can be rigged: a real game's cards and dice come from its seed
        alone (G-1). ``game.rig()`` with nothing clears a pending rig on any game.
        """
        if cards is None and dice is None:
            self._pending_rig = None
            return self  # type: ignore[return-value]
        self._refuse_rig_unless_practice()
        decks = self._decks()
        card_map: dict[str, tuple[str, ...]] = {}
        if deck is not None and not isinstance(deck, str):
            raise MalformedInputError("rig deck", "must name a deck", "G-3", f"decks: {', '.join(decks) or 'none'}")
        if isinstance(cards, Mapping):
            per_deck = dict(cards.items())
        elif cards is not None:
            per_deck = {deck or (next(iter(decks)) if decks else ""): cards}
        else:
            per_deck = {}
        for name, named in per_deck.items():
            if not isinstance(name, str):
                raise MalformedInputError("rig", "names each deck by its name", "G-3",
                                          f"decks: {', '.join(decks) or 'none'}")
            codes = _rig_codes(named)
            if name not in decks:
                raise UnknownNameError(
                    f"rig cards on deck {name!r}", "there is no such deck",
                    allowed=f"decks: {', '.join(decks) or 'none'}",
                )
            parsed = [self._parse_rig_card(name, code) for code in codes]
            card_map[name] = tuple(_card_code(card) for card in parsed)
        dice_tuple = _rig_dice(dice) if dice is not None else ()
        self._pending_rig = Rig(card_map, dice_tuple) if card_map or dice_tuple else None
        return self  # type: ignore[return-value]

    def _take_pending_rig(self) -> Rig | None:
        """The rig set for the next action, cleared: it is for that action only, whether the rules accept it or not."""
        rig, self._pending_rig = self._pending_rig, None
        return rig

    def _refuse_rig_unless_practice(self) -> None:
        if self.proofs is not None:
            raise IllegalActionError("rig the next cards or dice", "this is a sealed game: nobody chooses its draws",
                                     "K-3")
        if not self.practice:
            raise IllegalActionError(
                "rig the next cards or dice", "this is a real game: its cards and dice come from its seed alone",
                ruling="G-1",
                allowed="rig only a practice game, started with practice=True (tours, tests, worked examples)",
            )

    def _lay_rig(self, rig: Rig) -> None:
        """Put the rigged cards on top of their decks, first named drawn first (its dice go to the generator)."""
        decks = self._decks()
        for name, codes in rig.cards.items():
            if name not in decks:
                raise UnknownNameError(f"rigged deck {name!r}", "there is no such deck")
            decks[name].put_on_top(self._parse_rig_card(name, code) for code in codes)


def _rig_codes(named: Any) -> list[str]:
    """The card codes a rig names for one deck (``"4H 8C"``, or a list of codes); anything else is refused (G-3)."""
    if isinstance(named, str):
        codes = named.replace(",", " ").split()
    elif isinstance(named, Iterable) and not isinstance(named, (bytes, Mapping)):
        codes = list(named)
    else:
        codes = [None]
    if len(codes) > RIG_LIMIT or not all(isinstance(code, str) and 0 < len(code) <= 40 for code in codes):
        raise MalformedInputError("rigged cards", f"must be card codes such as 4H or 10C, at most {RIG_LIMIT}", "G-3")
    return codes


def _rig_dice(dice: Any) -> tuple[int, ...]:
    """The dice a rig sets, each a whole number from 1 (``[6, 6]``); anything else is refused (G-3)."""
    listed = list(dice) if isinstance(dice, Iterable) and not isinstance(dice, (str, bytes, Mapping)) else None
    if listed is None or len(listed) > RIG_LIMIT or not all(type(d) is int and 0 < d <= 1000 for d in listed):
        raise MalformedInputError("rigged dice", f"must be a list of whole numbers from 1, at most {RIG_LIMIT}",
                                  "G-3", "e.g. dice=[6, 6]")
    return tuple(listed)


def _card_code(card: Any) -> str:
    return card.code if hasattr(card, "code") else str(card)
