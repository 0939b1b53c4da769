"""Exact odds of a Suit Pairs check, as :class:`fractions.Fraction` (S-3, S-4).

Pure functions, usable without a game: ``success_probability(1, "Hard")`` is the chance that
2d6 + 1 meets 10 (double 1s always fail, double 6s always succeed). The game offers the same for
a character's current skill level with ``game.odds("Mira", "Defy", "Hard")``.

Reroll policy. With rerolls, the odds assume the player **rerolls exactly when the current roll
fails, while rerolls remain, and stops at the first success** (see :data:`REROLL_POLICY`). A
reroll is independent of the roll it replaces and only success or failure counts, so rerolling
a success can never help and rerolling a failure can never hurt: this policy gives the highest
chance of success for any number of rerolls, and with n rerolls it is 1 − (1 − p)^(n + 1). The
point each reroll costs, and the consequence that follows, are not part of these odds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from kit.core.describe import Describable, Description, Fact
from kit.core.errors import MalformedInputError, OutOfRangeError
from kit.suitpairs.attributes import HIGHEST, LOWEST
from kit.suitpairs.difficulties import DIFFICULTIES, Difficulty, difficulty
from kit.suitpairs.rules import roll_succeeds

REROLL_POLICY = (
    "Reroll exactly when the current roll fails, while rerolls remain; stop at the first success. "
    "Rerolls are independent and only success counts, so this is optimal for any number of rerolls."
)
"""The reroll policy every reroll figure assumes."""

FACES = range(1, 7)
OUTCOMES: tuple[tuple[int, int], ...] = tuple((a, b) for a in FACES for b in FACES)
"""The 36 equally likely outcomes of 2d6."""


def _check_level(level: int) -> int:
    if not isinstance(level, int) or isinstance(level, bool):
        raise MalformedInputError(f"skill level {level!r}", "is not a whole number", "S-3", allowed="use 0–5")
    if not LOWEST <= level <= HIGHEST:
        raise OutOfRangeError(f"skill level {level}", "skill levels stay within 0–5", "S-5", allowed="use 0–5")
    return level


def _check_rerolls(rerolls: int) -> int:
    if not isinstance(rerolls, int) or isinstance(rerolls, bool) or rerolls < 0:
        raise OutOfRangeError(f"rerolls {rerolls!r}", "must be a whole number 0 or more", "S-4",
                              allowed="use 0 for no reroll, 1 for one reroll, …")
    return rerolls


def total_distribution(level: int) -> dict[int, Fraction]:
    """The distribution of one roll's total, 2d6 + ``level``: total → probability (S-3)."""
    _check_level(level)
    counts: dict[int, int] = {}
    for a, b in OUTCOMES:
        counts[a + b + level] = counts.get(a + b + level, 0) + 1
    return {total: Fraction(count, len(OUTCOMES)) for total, count in sorted(counts.items())}


def _single(level: int, target: int) -> Fraction:
    wins = sum(1 for a, b in OUTCOMES if roll_succeeds(a, b, level, target))
    return Fraction(wins, len(OUTCOMES))


def success_probability(level: int, difficulty_: str | int | Difficulty, rerolls: int = 0) -> Fraction:
    """Chance of success at ``level`` against a difficulty, with up to ``rerolls`` rerolls under :data:`REROLL_POLICY`.

    >>> success_probability(0, "Medium"), success_probability(0, "Medium", rerolls=1)
    (Fraction(7, 12), Fraction(119, 144))
    """
    _check_level(level)
    _check_rerolls(rerolls)
    p = _single(level, difficulty(difficulty_).target)
    return 1 - (1 - p) ** (rerolls + 1)


def final_total_distribution(level: int, difficulty_: str | int | Difficulty,
                             rerolls: int = 1) -> dict[int, Fraction]:
    """The distribution of the total that stands at the end, rerolling under :data:`REROLL_POLICY`.

    With ``rerolls=0`` this is :func:`total_distribution`. A succeeding outcome stands whenever it
    comes up on any roll; a failing one stands only on the last roll allowed.
    """
    _check_level(level)
    _check_rerolls(rerolls)
    target = difficulty(difficulty_).target
    fail = 1 - _single(level, target)
    one = Fraction(1, len(OUTCOMES))
    reach = sum((fail**k for k in range(rerolls + 1)), Fraction(0))
    result: dict[int, Fraction] = {}
    for a, b in OUTCOMES:
        weight = one * reach if roll_succeeds(a, b, level, target) else one * fail**rerolls
        result[a + b + level] = result.get(a + b + level, Fraction(0)) + weight
    return dict(sorted(result.items()))


def odds_table(level: int, rerolls: int = 1) -> dict[str, tuple[Fraction, Fraction]]:
    """Every named difficulty → (chance without reroll, chance with ``rerolls`` rerolls) at ``level``."""
    return {
        d.name: (success_probability(level, d), success_probability(level, d, rerolls)) for d in DIFFICULTIES
    }


def percent(p: Fraction) -> str:
    """A probability as a percentage with one decimal: ``16.7%``."""
    return f"{float(p) * 100:.1f}%"


def fraction_text(p: Fraction) -> str:
    """A probability as ``n/d`` text (``1`` and ``0`` stay whole)."""
    return str(p)


@dataclass(frozen=True)
class CheckOdds(Describable):
    """The exact odds of one check: without reroll, with one reroll and with every reroll that can be paid."""

    level: int
    difficulty: str
    target: int
    success: Fraction
    with_reroll: Fraction
    distribution: dict[int, Fraction]
    reroll_points: int | None = None
    with_every_reroll: Fraction | None = None
    character: str = ""
    skill: str = ""
    policy: str = field(default=REROLL_POLICY)

    def succeeds(self, total: int) -> bool:
        """Whether a total of 2d6 + level succeeds (S-3).

        Only double 1s make the lowest total and only double 6s the highest, so every total has
        one verdict; the rules are asked with dice that make it.
        """
        dice = total - self.level
        first = max(1, dice - 6)
        return roll_succeeds(first, dice - first, self.level, self.target)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: probabilities as ``n/d`` text."""
        return {
            "character": self.character, "skill": self.skill, "level": self.level,
            "difficulty": self.difficulty, "target": self.target,
            "success": fraction_text(self.success), "with_reroll": fraction_text(self.with_reroll),
            "reroll_points": self.reroll_points,
            "with_every_reroll": fraction_text(self.with_every_reroll) if self.with_every_reroll is not None else None,
            "distribution": {str(t): fraction_text(p) for t, p in self.distribution.items()},
            "policy": self.policy,
        }

    def describe(self) -> Description:
        """The chances as fractions and percentages, the policy, and the distribution of totals."""
        who = f"{self.character}: " if self.character else ""
        what = self.skill or f"skill {self.level}"
        facts = [
            Fact("Success", f"{self.success} ({percent(self.success)})"),
            Fact("With one reroll", f"{self.with_reroll} ({percent(self.with_reroll)})"),
        ]
        notes = [f"Reroll policy: {self.policy}"]
        if self.reroll_points is not None:
            if self.reroll_points == 0:
                notes.append("No attribute point is left to pay for a reroll (S-4), so only the first figure applies.")
            elif self.with_every_reroll is not None:
                facts.append(Fact(f"With up to {self.reroll_points} rerolls (every point that can pay)",
                                  f"{self.with_every_reroll} ({percent(self.with_every_reroll)})"))
        totals = ", ".join(f"{t}: {p}" for t, p in self.distribution.items())
        facts.append(Fact(f"Totals of 2d6 + {self.level}", totals))
        return Description(
            title=f"Odds — {who}{what} (level {self.level}) vs {self.difficulty}",
            verdict=percent(self.success),
            facts=tuple(facts),
            notes=tuple(notes),
        )


def check_odds(level: int, difficulty_: str | int | Difficulty, *, reroll_points: int | None = None,
               character: str = "", skill: str = "") -> CheckOdds:
    """All the odds of one check.

    ``reroll_points`` (the attribute points that could pay for rerolls) adds the every-reroll figure.
    """
    found = difficulty(difficulty_)
    every = None
    if reroll_points is not None:
        every = success_probability(level, found, _check_rerolls(reroll_points))
    return CheckOdds(
        level=level,
        difficulty=found.label,
        target=found.target,
        success=success_probability(level, found),
        with_reroll=success_probability(level, found, 1),
        distribution=total_distribution(level),
        reroll_points=reroll_points,
        with_every_reroll=every,
        character=character,
        skill=skill,
    )
