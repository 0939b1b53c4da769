"""The 1d20 roll-under test (R-1) and the opposed comparison (R-2), as pure functions.

A test succeeds when the roll is at most the target, except that a 20 always fails; a 1 is
not an automatic success. Degree = target − roll. When a natural 20 meets a target above 20
its degree is not negative, yet the test failed: the kit compares tests by (success, degree),
so a failed test never beats a successful one, and otherwise the greater degree wins (R-2).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from kit.core.errors import MalformedInputError, OutOfRangeError

MODIFIER_LOW, MODIFIER_HIGH = -10, 10
DIE = 20


def is_success(target: int, roll: int) -> bool:
    """R-1: success when ``roll <= target``; a 20 always fails."""
    return roll != DIE and roll <= target


def degree(target: int, roll: int) -> int:
    """R-1: degree of success (negative: of failure) = target − roll."""
    return target - roll


def modifiers_of(value: Any, what: str = "modifier") -> tuple[int, ...]:
    """Read one modifier or a list of them; each must be −10…+10 (R-1)."""
    items = value if isinstance(value, (list, tuple)) else [value]
    out: list[int] = []
    for item in items:
        if isinstance(item, bool) or not isinstance(item, int):
            raise MalformedInputError(f"{what} {item!r}", "must be a whole number", "R-1",
                                      "give a whole number or a list of whole numbers")
        if not MODIFIER_LOW <= item <= MODIFIER_HIGH:
            raise OutOfRangeError(f"{what} {item:+d}", "is outside −10…+10", "R-1",
                                  "each modifier runs from −10 (all but impossible) to +10 (trivial)")
        out.append(item)
    return tuple(out)


@dataclass(frozen=True)
class Outcome:
    """A resolved test: its target, every roll made, the roll kept (the lowest)."""

    target: int
    rolls: tuple[int, ...]

    @property
    def roll(self) -> int:
        """The roll that stands: the lowest of all rolls (R-7 keeps the best)."""
        return min(self.rolls)

    @property
    def success(self) -> bool:
        """Whether the kept roll succeeds (R-1)."""
        return is_success(self.target, self.roll)

    @property
    def degree(self) -> int:
        """Target − kept roll (R-1)."""
        return degree(self.target, self.roll)

    @property
    def rank(self) -> tuple[bool, int]:
        """The comparison key of R-2: success first, then degree."""
        return (self.success, self.degree)

    def with_target(self, target: int) -> Outcome:
        """The same rolls against a new target (R-3: modifiers apply to the original roll)."""
        return Outcome(target, self.rolls)

    def with_rolls(self, extra: Iterable[int]) -> Outcome:
        """The test with more rolls added (R-7)."""
        return Outcome(self.target, (*self.rolls, *extra))


def active_wins(active: Outcome, defender: Outcome) -> bool:
    """R-2: the active side wins only with a strictly greater degree; ties go to the defender."""
    return active.rank > defender.rank
