"""The event-sourced game that every system builds on.

An action is a public method (``game.flip(...)``) that calls :meth:`Game._perform`. The
handler ``_do_<action>`` validates against the state, draws what it needs from a generator
derived from the seed and the event's position, mutates the state and returns a result. The
result's dictionary form is the event's outcome. A refused action raises a ``RulesError``
and the state is restored, so nothing changes. Replaying the events re-runs each action with
the same generator and checks that it comes out exactly as recorded.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from kit.core.decks import Deck
from kit.core.errors import IllegalActionError, MalformedInputError, ReplayMismatchError, UnknownNameError
from kit.core.events import Event, EventLog, canonical_json
from kit.core.randomness import GameRandom, new_seed, seed_commitment


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
    def from_dict(cls, data: dict[str, Any] | None) -> Rig | None:
        """Read a rig from its JSON form."""
        if not data:
            return None
        cards = data.get("cards", {})
        dice = data.get("dice", [])
        if not isinstance(cards, dict) or not isinstance(dice, list) or not all(isinstance(d, int) for d in dice):
            raise MalformedInputError("rig", "must hold an object of card lists and a list of whole numbers")
        return cls({str(deck): tuple(str(c) for c in codes) for deck, codes in cards.items()}, tuple(dice))


class Game(ABC):
    """Base class of every system's game: seed, options, state, event log, results.

    Subclasses set :attr:`system`, build the initial state in :meth:`_initial_state`, name
    their decks in :meth:`_decks` and implement one ``_do_<action>(rng, **args)`` per action.
    """

    system: ClassVar[str] = ""
    title: ClassVar[str] = ""
    default_options: ClassVar[dict[str, Any]] = {}

    def __init__(self, seed: str | None = None, **options: Any):
        unknown = sorted(set(options) - set(self.default_options))
        if unknown:
            raise UnknownNameError(
                f"table option {unknown[0]!r}",
                f"is not an option of {self.title or self.system}",
                allowed=f"options are: {', '.join(sorted(self.default_options)) or 'none'}",
            )
        self.seed: str = seed if seed is not None else new_seed()
        if not isinstance(self.seed, str) or not self.seed:
            raise MalformedInputError("seed", "must be non-empty text")
        self.options: dict[str, Any] = {**self.default_options, **options}
        self.log = EventLog()
        self.results: list[Any] = []
        self._pending_rig: Rig | None = None
        self._broken = False
        self.state = self._initial_state(GameRandom(self.seed, "setup"))

    # -- what subclasses provide -------------------------------------------------------

    @abstractmethod
    def _initial_state(self, rng: GameRandom) -> Any:
        """The state before any event (decks shuffled with ``rng``)."""

    def _decks(self) -> dict[str, Deck[Any]]:
        """The decks that a rig may name, by name."""
        return {}

    def _parse_rig_card(self, deck: str, code: str) -> Any:
        """Turn a rigged card's code into the deck's card type."""
        raise MalformedInputError(f"rigged card {code!r}", f"the deck {deck!r} takes no rigged cards")

    # -- the public face ---------------------------------------------------------------

    @property
    def seed_commitment(self) -> str:
        """SHA-256 of the seed: post it when the game starts so nobody can swap seeds later."""
        return seed_commitment(self.seed)

    @property
    def pending_rig(self) -> Rig | None:
        """The rig set for the next action, if any."""
        return self._pending_rig

    @property
    def turn(self) -> int:
        """How many events the log holds."""
        return len(self.log)

    def rig(self, cards: str | Iterable[str] | Mapping[str, str | Iterable[str]] | None = None, *,
            deck: str | None = None, dice: Iterable[int] | None = None) -> Game:
        """Set the next action's cards (on top of ``deck``, first named drawn first) and dice.

        ``game.rig("4H 8C").flip("Ada", "Fisticuffs", target=8)`` flips 4♥ then 8♣; several decks
        at once take a mapping: ``game.rig({"fate": "4H", "magic": "4D"})``.
        The next event is marked as rigged. Returns the game, so calls chain.
        """
        decks = self._decks()
        card_map: dict[str, tuple[str, ...]] = {}
        if isinstance(cards, Mapping):
            per_deck = dict(cards.items())
        elif cards is not None:
            per_deck = {deck or (next(iter(decks)) if decks else ""): cards}
        else:
            per_deck = {}
        for name, named in per_deck.items():
            codes = named.replace(",", " ").split() if isinstance(named, str) else [str(c) for c in named]
            if name not in decks:
                raise UnknownNameError(
                    f"rig cards on deck {name!r}", "there is no such deck",
                    allowed=f"decks: {', '.join(decks) or 'none'}",
                )
            parsed = [self._parse_rig_card(name, code) for code in codes]
            card_map[name] = tuple(_card_code(card) for card in parsed)
        dice_tuple = tuple(int(d) for d in dice) if dice is not None else ()
        self._pending_rig = Rig(card_map, dice_tuple) if card_map or dice_tuple else None
        return self

    def _perform(self, action: str, args: dict[str, Any], *, rig: Rig | None = None,
                 recorded: Event | None = None) -> Any:
        """Run one action as an event; restore the state if the rules refuse it."""
        handler = getattr(self, f"_do_{action}", None)
        if handler is None:
            raise UnknownNameError(f"action {action!r}", f"is not an action of {self.title or self.system}")
        if rig is None and recorded is None:
            # A rig is for the next action only, whether the rules accept it or not.
            rig, self._pending_rig = self._pending_rig, None
        if self._broken:
            raise IllegalActionError(
                "act in this game", f"replaying its log failed at event {len(self.log)}",
                allowed="load the game again from an intact file",
            )
        index = len(self.log)
        rng = GameRandom(self.seed, f"event:{index}", list(rig.dice) if rig else None)
        # A live action keeps a snapshot so a refusal changes nothing; a replayed event does not
        # need one: if it fails, the replay as a whole fails and the game is marked broken.
        saved = copy.deepcopy(self.state) if recorded is None else None
        try:
            if rig:
                decks = self._decks()
                for name, codes in rig.cards.items():
                    if name not in decks:
                        raise UnknownNameError(f"rigged deck {name!r}", "there is no such deck")
                    decks[name].put_on_top(self._parse_rig_card(name, code) for code in codes)
            result = handler(rng, **args)
            if rng.unused_rigged_rolls:
                raise IllegalActionError(
                    f"rigged dice {rng.unused_rigged_rolls}", "were not rolled by this action",
                    allowed="rig only the dice the action rolls",
                )
            outcome = result.to_dict()
            outcome_text = canonical_json(outcome)
            if recorded is not None and outcome_text != canonical_json(recorded.outcome):
                raise ReplayMismatchError(
                    f"event {index} ({action})",
                    "its recorded outcome is not what the seed and the rules produce",
                    allowed="an outcome can only come from playing the action",
                )
        except BaseException:
            if saved is None:
                self._broken = True
            else:
                self.state = saved
            raise
        if recorded is None:
            self.log.append(action, args, outcome, rig.to_dict() if rig else None)
        elif not self.log.append_recorded(recorded, outcome_text):
            self._broken = True
            raise ReplayMismatchError(
                f"event {index} ({action})", "its hash does not match its content and the event before it",
            )
        self.results.append(result)
        return result

    def apply(self, event: Event) -> Any:
        """Replay one recorded event; refuse it if it does not come out exactly as recorded.

        A refused replay leaves the game marked broken: every later action is refused.
        """
        if event.index != len(self.log):
            raise ReplayMismatchError(
                f"event {event.index}", f"is out of order: the game is at event {len(self.log)}"
            )
        return self._perform(event.action, dict(event.args), rig=Rig.from_dict(event.rig), recorded=event)

    @classmethod
    def replay(cls, seed: str, options: dict[str, Any], events: Iterable[Event]) -> Game:
        """Rebuild a game from its seed, options and events, checking each event on the way."""
        game = cls(seed, **options)
        for event in events:
            game.apply(event)
        return game

    def fingerprint(self) -> str:
        """A canonical text of the whole state, for comparing two games."""
        return canonical_json(_plain(self.state))


def _card_code(card: Any) -> str:
    return card.code if hasattr(card, "code") else str(card)


def _plain(value: Any) -> Any:
    """Turn a state (dataclasses, enums, cards, containers) into plain JSON-able data."""
    if hasattr(value, "__dataclass_fields__"):
        if hasattr(value, "code"):
            return value.code
        return {name: _plain(getattr(value, name)) for name in value.__dataclass_fields__}
    if isinstance(value, dict):
        return {str(_plain(k)): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(str(_plain(v)) for v in value)
    if hasattr(value, "value") and hasattr(value, "name") and type(value).__module__ != "builtins":
        return value.name
    return value
