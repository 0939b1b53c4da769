"""The rules of one check as pure functions: success of a roll (S-3) and its consequence (S-5)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from kit.suitpairs.attributes import HIGHEST, LOWEST


def roll_succeeds(first: int, second: int, level: int, target: int) -> bool:
    """Whether two dice plus the skill level meet the target (S-3).

    Double 1s always fail, double 6s always succeed, otherwise ``first + second + level >= target``.
    """
    if first == second == 1:
        return False
    if first == second == 6:
        return True
    return first + second + level >= target


def roll_reason(first: int, second: int, level: int, target: int) -> str:
    """Why a roll succeeds or fails, in words a player can read (S-3)."""
    total = first + second + level
    if first == second == 1:
        return "double 1s always fail" + (f" (even though {total} ≥ {target})" if total >= target else "")
    if first == second == 6:
        return "double 6s always succeed" + (f" (even though {total} < {target})" if total < target else "")
    if total >= target:
        return f"{total} ≥ {target}: the total meets the target"
    return f"{total} < {target}: the total falls short of the target"


@dataclass(frozen=True)
class Consequence:
    """What a check's outcome does to the character (S-5): which value moves, from what to what, and why."""

    success: bool
    kind: Literal["attribute", "skill"]
    name: str
    before: int
    after: int
    explanation: str

    @property
    def delta(self) -> int:
        """How much the value moved (``after - before``)."""
        return self.after - self.before

    def to_dict(self) -> dict[str, Any]:
        """The JSON form kept in the log."""
        return {
            "kind": self.kind,
            "name": self.name,
            "before": self.before,
            "after": self.after,
            "explanation": self.explanation,
        }


def consequence(success: bool, attribute: str, attribute_value: int, skill: str, skill_value: int) -> Consequence:
    """The consequence of a final roll on the skill's primary attribute and the skill itself (S-5).

    Success: if primary + 1 < 5, primary + 1; else skill + 1 if the skill is below 5; else primary = 5.
    Failure: if primary − 1 > 0, primary − 1; else skill − 1 if the skill is above 0; else primary = 0.

    >>> consequence(True, "Strength", 4, "Defy", 1).explanation
    'Success: Strength would reach 5, so Defy rises to 2 instead.'
    """
    if success:
        if attribute_value + 1 < HIGHEST:
            after = attribute_value + 1
            return Consequence(True, "attribute", attribute, attribute_value, after,
                               f"Success: {attribute} rises from {attribute_value} to {after}.")
        reason = _would(attribute, attribute_value, HIGHEST, "reach")
        if skill_value < HIGHEST:
            return Consequence(True, "skill", skill, skill_value, skill_value + 1,
                               f"Success: {reason}, so {skill} rises to {skill_value + 1} instead.")
        moved = "rises to 5" if attribute_value < HIGHEST else "stays at 5"
        return Consequence(True, "attribute", attribute, attribute_value, HIGHEST,
                           f"Success: {reason} and {skill} is already at 5, so {attribute} {moved}.")
    if attribute_value - 1 > LOWEST:
        after = attribute_value - 1
        return Consequence(False, "attribute", attribute, attribute_value, after,
                           f"Failure: {attribute} drops from {attribute_value} to {after}.")
    reason = _would(attribute, attribute_value, LOWEST, "drop to")
    if skill_value > LOWEST:
        return Consequence(False, "skill", skill, skill_value, skill_value - 1,
                           f"Failure: {reason}, so {skill} drops to {skill_value - 1} instead.")
    moved = "drops to 0" if attribute_value > LOWEST else "stays at 0"
    return Consequence(False, "attribute", attribute, attribute_value, LOWEST,
                       f"Failure: {reason} and {skill} is already at 0, so {attribute} {moved}.")


def _would(attribute: str, value: int, edge: int, verb: str) -> str:
    if value == edge:
        return f"{attribute} is already at {edge}"
    return f"{attribute} would {verb} {edge}"
