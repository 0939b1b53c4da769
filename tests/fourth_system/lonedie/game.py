"""The Lone Die game: heroes (L-1), rolls of one d20 against a target (L-2), claims (L-3), the GM's marks (L-4).

::

    game = LoneDieGame(seed="…")
    game.add_hero("Pip", knack=2)
    game.roll("Pip", target=12)     # 1d20 + 2 against 12; the roll stands until claimed
    game.claim("Pip")               # a success earns a mark
    game.award("Pip", 2, reason="saved the mill")
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from fourth_system.lonedie.limits import (
    DIE,
    KNACK_HIGH,
    KNACK_LOW,
    TARGET_HIGH,
    TARGET_LOW,
    Knack,
    Marks,
    NewName,
    Reason,
    Target,
    Who,
)
from fourth_system.lonedie.results import Awarded, Claimed, HeroAdded, Rolled
from fourth_system.lonedie.seats import SEAT_RULES
from kit.core.chapters import check_at_table, check_sheets, state_refusal
from kit.core.describe import Description, Fact
from kit.core.errors import (
    IllegalActionError,
    InvalidCharacterError,
    MalformedInputError,
    PendingActionError,
    UnknownNameError,
)
from kit.core.game import Game
from kit.core.limits import quote
from kit.core.randomness import GameRandom
from kit.core.table_turns import Waiting

MAX_MARKS = 10**6
"""The most marks a hero holds (far past any game)."""


@dataclass
class Hero:
    """A hero's sheet: name, knack (L-1) and the marks earned (L-3, L-4)."""

    name: str
    knack: int
    marks: int = 0


@dataclass
class PendingRoll:
    """A roll that stands until its hero claims it (L-3)."""

    die: int
    target: int


@dataclass
class LoneDieState:
    """The table: every hero by name, every standing roll by hero, and how many rolls were made."""

    characters: dict[str, Hero] = field(default_factory=dict)
    pending: dict[str, PendingRoll] = field(default_factory=dict)
    rolls: int = 0


class LoneDieGame(Game):
    """A game of Lone Die: 1d20 + knack against a target, each roll claimed by its hero."""

    system = "lonedie"
    title = "Lone Die"
    default_options: ClassVar[dict[str, Any]] = {}
    option_types: ClassVar[dict[str, Any]] = {}
    """The table options' types (it has none)."""

    state: LoneDieState
    seat_rules = SEAT_RULES

    def _initial_state(self, rng: GameRandom) -> LoneDieState:
        return LoneDieState()

    def _check_checkpoint_state(self, state: LoneDieState) -> None:
        """Refuse a checkpoint whose sheets or standing rolls the rules cannot hold (C-1)."""
        check_sheets(state.characters)
        for name, hero in state.characters.items():
            if not KNACK_LOW <= hero.knack <= KNACK_HIGH or not 0 <= hero.marks <= MAX_MARKS:
                raise state_refusal(f".characters[{quote(name)}]", f"holds a knack of {hero.knack} and {hero.marks} "
                                    f"marks: a knack is {KNACK_LOW} to {KNACK_HIGH} (L-1), marks are never negative")
        check_at_table(".pending", state.pending, state.characters)
        for name, waiting in state.pending.items():
            if not 1 <= waiting.die <= DIE or not TARGET_LOW <= waiting.target <= TARGET_HIGH:
                raise state_refusal(f".pending[{quote(name)}]", f"holds a die of {waiting.die} against "
                                    f"{waiting.target}: a d{DIE} against {TARGET_LOW} to {TARGET_HIGH} (L-2)")

    # -- actions -------------------------------------------------------------------------

    def add_hero(self, name: NewName, knack: Knack) -> HeroAdded:
        """Bring a hero to the table (L-1): a name and a knack from 0 to 3."""
        return self._perform("add_hero", {"name": name, "knack": knack})

    def roll(self, character: Who, target: Target) -> Rolled:
        """Roll 1d20 + the hero's knack against ``target`` (L-2); the roll stands until claimed (L-3)."""
        return self._perform("roll", {"character": character, "target": target})

    def claim(self, character: Who) -> Claimed:
        """Claim the hero's standing roll (L-3): a success earns a mark."""
        return self._perform("claim", {"character": character})

    def award(self, character: Who, marks: Marks = 1, reason: Reason = "") -> Awarded:
        """GM: award a hero 1 to 5 marks, with a reason (L-4); nothing is rolled."""
        return self._perform("award", {"character": character, "marks": marks, "reason": reason})

    def _waiting(self) -> Waiting | None:
        """A standing roll waits for its hero's claim (L-3)."""
        for name in self.state.characters:
            if name in self.state.pending:
                return Waiting("must claim the roll", name)
        return None

    # -- handlers ------------------------------------------------------------------------

    def _do_add_hero(self, rng: GameRandom, name: str, knack: int) -> HeroAdded:
        name = name.strip()
        if not name:
            raise MalformedInputError("hero's name", "must be non-empty text", "L-1", hint="Name the hero")
        if self._find(name) is not None:
            raise InvalidCharacterError(f"hero {name}", f"a hero named {name} is already at the table", "L-1",
                                        hint="Pick another name")
        self.state.characters[name] = Hero(name, knack)
        return HeroAdded(name, knack)

    def _do_roll(self, rng: GameRandom, character: str, target: int) -> Rolled:
        hero = self._hero(character)
        if hero.name in self.state.pending:
            raise PendingActionError(f"{hero.name} rolls", f"{hero.name}'s roll still stands", "L-3",
                                     hint=f"Claim {hero.name}'s roll first")
        die = rng.roll(DIE)
        self.state.pending[hero.name] = PendingRoll(die, target)
        self.state.rolls += 1
        return Rolled(hero.name, die, hero.knack, target)

    def _do_claim(self, rng: GameRandom, character: str) -> Claimed:
        hero = self._hero(character)
        waiting = self.state.pending.pop(hero.name, None)
        if waiting is None:
            raise IllegalActionError(f"{hero.name} claims", f"{hero.name} has no roll to claim", "L-3",
                                     hint=f"Roll for {hero.name} first")
        success = waiting.die + hero.knack >= waiting.target
        if success:
            hero.marks += 1
        return Claimed(hero.name, success, hero.marks)

    def _do_award(self, rng: GameRandom, character: str, marks: int, reason: str) -> Awarded:
        hero = self._hero(character)
        before = hero.marks
        if before + marks > MAX_MARKS:
            raise IllegalActionError(f"award {hero.name} marks", f"a hero holds at most {MAX_MARKS:,} marks", "L-4")
        hero.marks += marks
        return Awarded(hero.name, before, hero.marks, reason)

    # -- shared steps ----------------------------------------------------------------------

    def _find(self, name: object) -> Hero | None:
        if not isinstance(name, str):
            return None
        wanted = name.strip().casefold()
        return next((hero for key, hero in self.state.characters.items() if key.casefold() == wanted), None)

    def _hero(self, name: object) -> Hero:
        found = self._find(name)
        if found is None:
            known = ", ".join(self.state.characters) or "none yet"
            raise UnknownNameError(f"hero {name!r}", "is not at the table", "L-1", hint=f"Heroes: {known}")
        return found

    # -- display ---------------------------------------------------------------------------

    def describe_state(self) -> Description:
        """The table at a glance: every hero's knack, marks and standing roll."""
        sections = []
        for hero in self.state.characters.values():
            facts = [Fact("Knack", str(hero.knack)), Fact("Marks", str(hero.marks))]
            waiting = self.state.pending.get(hero.name)
            if waiting is not None:
                facts.append(Fact("Standing roll", f"{waiting.die} + {hero.knack} against {waiting.target}"))
            sections.append(Description(title=hero.name, facts=tuple(facts)))
        return Description(title=f"{self.title} — table", verdict=f"{self.state.rolls} rolls",
                           sections=tuple(sections))
