"""Results of Lone Die actions: each a frozen value with ``to_dict()`` (the event's outcome) and ``describe()``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kit.core.describe import Describable, Description, Face, Fact


def die_face(die: int) -> Face:
    """The lone die as a face of a result."""
    return Face(text=str(die), alt=f"twenty-sided die showing {die}", kind="die", chosen=True)


@dataclass(frozen=True)
class HeroAdded(Describable):
    """A new hero at the table (L-1)."""

    name: str
    knack: int

    def to_dict(self) -> dict[str, Any]:
        """The JSON form kept in the log."""
        return {"name": self.name, "knack": self.knack}

    def describe(self) -> Description:
        """The hero's name and knack."""
        return Description(title=f"New hero: {self.name}", facts=(Fact("Knack", str(self.knack)),))


@dataclass(frozen=True)
class Rolled(Describable):
    """A roll of the lone die plus the hero's knack against a target (L-2); it stands until claimed (L-3)."""

    character: str
    die: int
    knack: int
    target: int

    @property
    def total(self) -> int:
        """The die plus the knack."""
        return self.die + self.knack

    @property
    def success(self) -> bool:
        """Whether the total reaches the target (L-2)."""
        return self.total >= self.target

    def to_dict(self) -> dict[str, Any]:
        """The JSON form kept in the log: the die, the total and the verdict."""
        return {"character": self.character, "die": self.die, "knack": self.knack, "target": self.target,
                "total": self.total, "success": self.success}

    def describe(self) -> Description:
        """The die, the verdict, and the claim it waits for."""
        return Description(
            title=f"{self.character} rolls against {self.target}",
            verdict="Success" if self.success else "Failure",
            tone="success" if self.success else "failure",
            faces=(die_face(self.die),),
            facts=(Fact("Roll", f"{self.die} + knack {self.knack} = {self.total}"),),
            notes=(f"{self.character} claims the roll next (L-3).",),
        )


@dataclass(frozen=True)
class Claimed(Describable):
    """A standing roll claimed by its hero (L-3): a success earns a mark."""

    character: str
    success: bool
    marks: int

    def to_dict(self) -> dict[str, Any]:
        """The JSON form kept in the log."""
        return {"character": self.character, "success": self.success, "marks": self.marks}

    def describe(self) -> Description:
        """Whether a mark was earned, and the hero's marks now."""
        return Description(
            title=f"{self.character} claims the roll",
            verdict="A mark earned" if self.success else "No mark",
            tone="success" if self.success else "neutral",
            facts=(Fact("Marks", str(self.marks)),),
        )


@dataclass(frozen=True)
class Awarded(Describable):
    """Marks the GM awards a hero (L-4)."""

    character: str
    before: int
    after: int
    reason: str

    def to_dict(self) -> dict[str, Any]:
        """The JSON form kept in the log."""
        return {"character": self.character, "before": self.before, "after": self.after, "reason": self.reason}

    def describe(self) -> Description:
        """The marks before and after, and why."""
        facts = (Fact("Marks", f"{self.before} → {self.after}"),)
        return Description(title=f"The GM awards {self.character} marks", verdict=self.reason or "",
                           facts=facts + ((Fact("Why", self.reason),) if self.reason else ()))
