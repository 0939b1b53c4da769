"""The game state: characters, the clock, the fate deck, combat and healing records.

Everything here is plain data that ``copy.deepcopy`` can save and restore (a live action keeps
a copy so a refusal changes nothing); the rules that change it live in the game's actions. The
state copies itself quickly: cards, weapons, outcomes and test sides are immutable and shared,
every container is copied.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from kit.core.decks import Deck
from kit.core.tarot import TarotCard
from kit.rollunder.checks import Outcome
from kit.rollunder.results import TestSide
from kit.rollunder.sheet import Character

ROUND_SECONDS = 5
FREE_ROUND = 0


@dataclass
class Initiative:
    """A combatant's initiative test (R-3): the original roll is kept; modifiers may change later."""

    name: str
    base_target: int
    roll: int
    modifier: int = 0
    acts_from: int = 1

    @property
    def outcome(self) -> Outcome:
        """The test against the current target (base + later modifiers), same roll."""
        return Outcome(self.base_target + self.modifier, (self.roll,))


@dataclass
class CombatState:
    """One combat: listing order, initiative, declaration order, the round and who has acted."""

    combatants: list[str]
    ambushers: list[str]
    initiative: dict[str, Initiative]
    ambush_rolls: dict[str, int]
    order: list[str]
    round: int
    started_at: int
    acted: list[str] = field(default_factory=list)
    ran: list[str] = field(default_factory=list)
    melee_defended: list[str] = field(default_factory=list)
    attack_and_defend: list[str] = field(default_factory=list)
    free_actions: dict[str, list[str]] = field(default_factory=dict)
    free_attacks: list[tuple[str, str]] = field(default_factory=list)
    aims: dict[str, int] = field(default_factory=dict)
    rounds_played: int = 0

    @property
    def is_free_round(self) -> bool:
        """True during the ambushers' extra round (R-3)."""
        return self.round == FREE_ROUND

    def may_act_this_round(self, name: str) -> bool:
        """Whether ``name`` acts at all in the current round (R-3)."""
        if self.is_free_round:
            return name in self.ambushers
        return self.round >= self.initiative[name].acts_from

    @property
    def round_order(self) -> list[str]:
        """Who declares this round, in declaration order (R-3)."""
        return [name for name in self.order if self.may_act_this_round(name)]

    @property
    def waiting(self) -> list[str]:
        """Who still has to declare this round, in order."""
        return [name for name in self.round_order if name not in self.acted]

    @property
    def current(self) -> str | None:
        """Whose turn it is to declare, or None when everyone has acted."""
        waiting = self.waiting
        return waiting[0] if waiting else None

    @property
    def seconds(self) -> int:
        """Seconds of combat so far, counting the round in progress (R-4: 5 seconds a round)."""
        return (self.rounds_played + 1) * ROUND_SECONDS

    def copy(self) -> CombatState:
        """An independent copy."""
        return replace(
            self, combatants=list(self.combatants), ambushers=list(self.ambushers),
            initiative={name: replace(entry) for name, entry in self.initiative.items()},
            ambush_rolls=dict(self.ambush_rolls), order=list(self.order), acted=list(self.acted),
            ran=list(self.ran), melee_defended=list(self.melee_defended),
            attack_and_defend=list(self.attack_and_defend),
            free_actions={name: list(actions) for name, actions in self.free_actions.items()},
            free_attacks=list(self.free_attacks), aims=dict(self.aims),
        )


@dataclass
class TestRecord:
    """The latest plain or opposed test, which a fate card may still change (R-7)."""

    __test__ = False

    event: int
    kind: str
    sides: dict[str, TestSide]
    defender: str | None = None


@dataclass
class Healing:
    """When a character last tested to heal, and an elixir's spread-out healing (R-6)."""

    last_stamina: int | None = None
    last_physical: int | None = None
    last_physician: int | None = None
    physicane_start: int | None = None
    physicane_total: int = 0
    physicane_given: int = 0


@dataclass
class RollUnderState:
    """The whole table."""

    characters: dict[str, Character]
    fate_deck: Deck[TarotCard]
    clock: int = 0
    play_started: bool = False
    draw_order: list[str] = field(default_factory=list)
    combat: CombatState | None = None
    last_test: TestRecord | None = None
    healing: dict[str, Healing] = field(default_factory=dict)
    permits: dict[str, int] = field(default_factory=dict)
    narratives: list[dict[str, str]] = field(default_factory=list)
    readied: dict[str, str] = field(default_factory=dict)
    """The weapon each character last readied (R-4), by character: the one it carries into an attack."""
    defences: dict[str, tuple[str, int]] = field(default_factory=dict)
    """Each character's standing defence and its cover rating, set from its own seat (R-5a)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> RollUnderState:
        """A fast deep copy (see the module's docstring)."""
        deck = self.fate_deck
        return RollUnderState(
            {name: character.copy() for name, character in self.characters.items()},
            Deck(deck.name, list(deck.draw_pile), list(deck.discard_pile), deck.reshuffles),
            self.clock, self.play_started, list(self.draw_order),
            self.combat.copy() if self.combat is not None else None,
            replace(self.last_test, sides=dict(self.last_test.sides)) if self.last_test is not None else None,
            {name: replace(record) for name, record in self.healing.items()},
            dict(self.permits), [dict(note) for note in self.narratives], dict(self.readied), dict(self.defences),
        )
