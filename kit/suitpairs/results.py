"""Results of Suit Pairs actions: what happened, why, and what it did to the character.

Each result is a frozen value with ``to_dict()`` (the event's outcome in the log) and
``describe()`` (a :class:`~kit.core.describe.Description` the shared renderers turn into text,
Markdown, BBCode or HTML). Every change to a value is listed in ``changes`` with its cause, so
the log alone accounts for every attribute and skill.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

from kit.core.describe import Describable, Description, Face, Fact
from kit.suitpairs.attributes import Attribute
from kit.suitpairs.rules import Consequence


@dataclass(frozen=True)
class Change:
    """One value of one character moving: ``Strength 3 → 2`` because of a reroll payment."""

    character: str
    kind: str  # "attribute" or "skill"
    name: str
    before: int
    after: int
    cause: str  # "reroll", "consequence", "award", "take away"

    @property
    def delta(self) -> int:
        """How much the value moved."""
        return self.after - self.before

    def to_dict(self) -> dict[str, Any]:
        """The JSON form kept in the log."""
        return {
            "character": self.character, "kind": self.kind, "name": self.name,
            "before": self.before, "after": self.after, "cause": self.cause,
        }


@dataclass(frozen=True)
class SeriousChange:
    """Attributes that reached 0 (serious consequences begin) or rose from 0 (they end) in one action (S-6)."""

    started: tuple[str, ...] = ()
    ended: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The JSON form kept in the log: started attributes with their table row, ended attributes."""
        return {
            "started": {name: Attribute.parse(name).serious_consequence for name in self.started},
            "ended": list(self.ended),
        }

    def notes(self, character: str) -> tuple[str, ...]:
        """Player-readable notes: the table row of every attribute that reached 0, and every one that rose."""
        started = tuple(
            f"Serious consequences for {character} (S-6): {name} is 0 — {Attribute.parse(name).serious_consequence}"
            for name in self.started
        )
        ended = tuple(f"{character}'s {name} rose above 0: its serious consequences end (S-6)." for name in self.ended)
        return started + ended


def _dice_faces(dice: tuple[int, ...], *, struck: bool = False, note: str = "") -> tuple[Face, ...]:
    if type(dice) is tuple and type(struck) is bool and type(note) is str and all(type(d) is int for d in dice):
        return _made_dice_faces(dice, struck, note)  # frozen faces of plain dice: each set made once
    return _made_dice_faces.__wrapped__(dice, struck, note)


@functools.lru_cache(maxsize=1024)
def _made_dice_faces(dice: tuple[int, ...], struck: bool, note: str) -> tuple[Face, ...]:
    return tuple(
        Face(text=str(d), alt=f"six-sided die showing {d}", kind="die", chosen=not struck, struck=struck, note=note)
        for d in dice
    )


def _roll_text(dice: tuple[int, ...], level: int) -> str:
    return f"{dice[0]} + {dice[1]} + skill {level} = {sum(dice) + level}"


@dataclass(frozen=True)
class CharacterCreated(Describable):
    """A new character that passed the creation rules (S-1)."""

    name: str
    identity: str
    attributes: dict[str, int]
    skills: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """The JSON form kept in the log: the whole starting sheet."""
        return {
            "name": self.name, "identity": self.identity,
            "attributes": dict(self.attributes), "skills": list(self.skills),
        }

    def describe(self) -> Description:
        """Name, identity, attributes and the four starting skills."""
        facts = tuple(Fact(Attribute.parse(name).label, str(value)) for name, value in self.attributes.items())
        facts += (Fact("Skills at level 1", ", ".join(self.skills)),)
        return Description(title=f"New character: {self.name}", verdict=self.identity, facts=facts)


@dataclass(frozen=True)
class RollResult(Describable):
    """A roll of a check: the first roll (``check``) or a reroll paid with an attribute point (S-3, S-4).

    The check stays pending until it is accepted; ``payable`` lists what could pay for another reroll.
    """

    character: str
    skill: str
    pair: str
    level: int
    difficulty: str
    target: int
    dice: tuple[int, int]
    success: bool
    reason: str
    attempt: int
    replaced: tuple[int, ...] = ()
    paid: str = ""
    payable: dict[str, int] = field(default_factory=dict)
    changes: tuple[Change, ...] = ()
    serious: SeriousChange = field(default_factory=SeriousChange)

    @property
    def total(self) -> int:
        """Dice plus skill level."""
        return sum(self.dice) + self.level

    def to_dict(self) -> dict[str, Any]:
        """The JSON form kept in the log: dice, total, verdict, payment and what may pay next."""
        return {
            "character": self.character, "skill": self.skill, "level": self.level,
            "difficulty": self.difficulty, "target": self.target,
            "dice": list(self.dice), "total": self.total, "success": self.success, "reason": self.reason,
            "attempt": self.attempt, "replaced": list(self.replaced), "paid": self.paid,
            "payable": dict(self.payable),
            "changes": [c.to_dict() for c in self.changes], "serious": self.serious.to_dict(),
        }

    def describe(self) -> Description:
        """The dice (a replaced roll struck through), the verdict so far and what the player may do next."""
        verb = "rerolls" if self.attempt > 1 else "checks"
        faces = _dice_faces(self.replaced, struck=True, note="replaced") + _dice_faces(self.dice)
        facts = [Fact("Roll", _roll_text(self.dice, self.level)), Fact("Why", self.reason)]
        for change in self.changes:
            facts.append(Fact("Paid", f"1 {change.name} ({change.before} → {change.after})"))
        payers = [f"1 {name} ({value} left)" for name, value in self.payable.items() if value > 0]
        if payers:
            nxt = f"Pending: {self.character} may reroll by paying {' or '.join(payers)}, or accept (S-4)."
        else:
            nxt = f"Pending: {self.character} has no point left to pay for a reroll; accept the roll (S-4)."
        return Description(
            title=f"{self.character} {verb} {self.pair} {self.skill} vs {self.difficulty}",
            verdict="Success" if self.success else "Failure",
            tone="success" if self.success else "failure",
            faces=faces,
            facts=tuple(facts),
            notes=(nxt, *self.serious.notes(self.character)),
        )


@dataclass(frozen=True)
class CheckResolved(Describable):
    """A check accepted: its final roll decides success, and the consequence applies once (S-5)."""

    character: str
    skill: str
    pair: str
    level: int
    difficulty: str
    target: int
    dice: tuple[int, int]
    success: bool
    reason: str
    rolls: int
    consequence: Consequence | None
    changes: tuple[Change, ...] = ()
    serious: SeriousChange = field(default_factory=SeriousChange)

    @property
    def total(self) -> int:
        """Final dice plus skill level."""
        return sum(self.dice) + self.level

    @property
    def consequences_applied(self) -> bool:
        """False when the GM skipped this check's consequences (S-5 table option)."""
        return self.consequence is not None

    @property
    def explanation(self) -> str:
        """The consequence in words a player can read, or that the GM skipped it."""
        if self.consequence is None:
            return "The GM skipped the consequences of this check (S-5 table option); nothing changes."
        return self.consequence.explanation

    def to_dict(self) -> dict[str, Any]:
        """The JSON form kept in the log: the final roll, the verdict and the consequence (or its skipping)."""
        return {
            "character": self.character, "skill": self.skill, "level": self.level,
            "difficulty": self.difficulty, "target": self.target,
            "dice": list(self.dice), "total": self.total, "success": self.success, "reason": self.reason,
            "rolls": self.rolls, "consequences": self.consequences_applied,
            "consequence": self.consequence.to_dict() if self.consequence else None,
            "explanation": self.explanation,
            "changes": [c.to_dict() for c in self.changes], "serious": self.serious.to_dict(),
        }

    def describe(self) -> Description:
        """The final roll, the verdict and the consequence explained."""
        rerolls = self.rolls - 1
        facts = [
            Fact("Final roll", _roll_text(self.dice, self.level)),
            Fact("Why", self.reason),
            Fact("Rerolls", str(rerolls)),
        ]
        return Description(
            title=f"{self.character} accepts {self.pair} {self.skill} vs {self.difficulty}",
            verdict="Success" if self.success else "Failure",
            tone="success" if self.success else "failure",
            faces=_dice_faces(self.dice),
            facts=tuple(facts),
            notes=(self.explanation, *self.serious.notes(self.character)),
        )


@dataclass(frozen=True)
class Adjustment(Describable):
    """A GM award or taking away of attribute or skill points, kept within 0–5."""

    character: str
    kind: str
    name: str
    before: int
    after: int
    reason: str
    changes: tuple[Change, ...] = ()
    serious: SeriousChange = field(default_factory=SeriousChange)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form kept in the log."""
        return {
            "character": self.character, "kind": self.kind, "name": self.name,
            "before": self.before, "after": self.after, "reason": self.reason,
            "changes": [c.to_dict() for c in self.changes], "serious": self.serious.to_dict(),
        }

    def describe(self) -> Description:
        """Who gains or loses what, and why."""
        gained = self.after > self.before
        points = abs(self.after - self.before)
        word = "point" if points == 1 else "points"
        verdict = f"{'+' if gained else '−'}{points} {self.name} {word} ({self.before} → {self.after})"
        facts = (Fact("Reason", self.reason),) if self.reason else ()
        return Description(
            title=f"GM {'awards' if gained else 'takes away'}: {self.character}",
            verdict=verdict,
            tone="neutral",
            facts=facts,
            notes=self.serious.notes(self.character),
        )


@dataclass(frozen=True)
class TurnOrderSet(Describable):
    """The GM set the order characters make their checks in (P-4)."""

    order: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {"action": "set_turn_order", "order": list(self.order)}

    def describe(self) -> Description:
        """``Turn order: Mira, then Tam``."""
        return Description("Turn order set", ", then ".join(self.order) or "creation order", "neutral",
                           facts=(Fact("Checks in order", " → ".join(self.order)),))
