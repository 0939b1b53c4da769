"""What every FalkeFateiFaux action shares: the table's decks, looking up characters, drawing and taking cards."""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar

from kit.core.cards import Card, parse_cards, standard_deck
from kit.core.decks import Deck
from kit.core.errors import MalformedInputError, NotHeldError, OutOfRangeError, UnknownNameError
from kit.core.game import Game
from kit.core.randomness import GameRandom
from kit.falkefateifaux.character import Character
from kit.falkefateifaux.limits import FateDecks, MagicDecks
from kit.falkefateifaux.state import FFState


def plain_arg(value: Any, depth: int = 0) -> Any:
    """Arguments as they are written in a call, JSON-able (cards become their codes).

    Cards sit at most three levels down (``discards={"Ada": [card]}``); anything nested deeper
    is left as it is, for the argument check to refuse (G-3).
    """
    if isinstance(value, Card):
        return value.code
    if depth > 3:
        return value
    if isinstance(value, (list, tuple)):
        return [plain_arg(v, depth + 1) for v in value]
    if isinstance(value, dict):
        return {k: plain_arg(v, depth + 1) for k, v in value.items()}  # a key that is no name: refused (G-3)
    return value


def card_list(value: Any, what: str) -> list[Card]:
    """The cards an argument names: one card, a space-separated string of codes, or a list of codes (F-1)."""
    if isinstance(value, (str, Card)):
        return parse_cards(value) if isinstance(value, str) else [value]
    if isinstance(value, (list, tuple)):
        return [Card.parse(v) for v in value]
    raise MalformedInputError(f"{what} {value!r}", "is not a list of cards", "F-1", 'e.g. ["2C", "3D"]')


def codes(cards: list[Card]) -> list[str]:
    """The cards' codes, in order."""
    return [c.code for c in cards]


class FalkeFateiFauxBase(Game):
    """The shared machinery of :class:`~kit.falkefateifaux.FalkeFateiFauxGame`; the actions live in mixins."""

    system = "falkefateifaux"
    title = "FalkeFateiFaux"
    default_options: dict[str, Any] = {"fate_decks": None, "magic_decks": 1}
    option_types: ClassVar[dict[str, Any]] = {"fate_decks": FateDecks, "magic_decks": MagicDecks}
    """The options' types and bounds, checked when the table is set up (G-4)."""
    state: FFState

    # -- set-up ------------------------------------------------------------------------

    def _initial_state(self, rng: GameRandom) -> FFState:
        fate_decks = self.options["fate_decks"]
        magic_decks = self.options["magic_decks"]
        for value, name, allow_none in ((fate_decks, "fate_decks", True), (magic_decks, "magic_decks", False)):
            if value is None and allow_none:
                continue
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise OutOfRangeError(f"table option {name}={value!r}", "a deck count is a whole number ≥ 1", "F-1",
                                      f"give {name}=1 or more" + (", or fate_decks=None to count max(2, ceil(players "
                                                                  "/ 2))" if allow_none else " (default 1)"))
        fate_n = fate_decks if fate_decks is not None else 2
        fate = Deck.shuffled("Deck of Fate", standard_deck() * fate_n, rng)
        magic = Deck.shuffled("Deck of Magic", standard_deck() * magic_decks, rng)
        return FFState(fate, magic, fate_n, magic_decks)

    def _decks(self) -> dict[str, Deck[Any]]:
        return {"fate": self.state.fate, "magic": self.state.magic}

    def _parse_rig_card(self, deck: str, code: str) -> Card:
        return Card.parse(code)

    # -- characters and their hands ----------------------------------------------------

    def character(self, name: str) -> Character:
        """A character by name (case-insensitive)."""
        if isinstance(name, str):
            key = name.strip().lower()
            for ch_name, ch in self.state.characters.items():
                if ch_name.lower() == key:
                    return ch
        raise UnknownNameError(f"character {name!r}", "is not at the table", "F-14",
                               f"characters: {', '.join(self.state.characters) or 'none yet'}")

    def _draw(self, ch: Character, count: int, rng: GameRandom) -> list[Card]:
        cards = self.state.fate.draw_many(count, rng)
        ch.hand.extend(cards)
        return cards

    def _take_from_hand(self, ch: Character, cards: list[Card], what: str, ruling: str) -> None:
        if not ch.holds(cards):
            missing = Counter(cards) - Counter(ch.hand)
            raise NotHeldError(f"{what}: {', '.join(str(c) for c in missing.elements())}",
                               f"{ch.name} does not hold {'it' if sum(missing.values()) == 1 else 'them'}", ruling,
                               f"{ch.name}'s hand: {', '.join(codes(ch.hand)) or 'empty'}")
        for card in cards:
            ch.hand.remove(card)
