"""Suit Pairs check odds (S-3, S-4) for display and the command line: the exact figures of
:mod:`kit.suitpairs.odds` in the shared view, and ``kit odds suitpairs``."""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from fractions import Fraction

from kit.core.describe import Describable, Description
from kit.odds.views import DistributionView, ShowsDistribution, chance_words
from kit.suitpairs.difficulties import Difficulty, difficulty
from kit.suitpairs.odds import REROLL_POLICY, CheckOdds, check_odds, final_total_distribution, success_probability


@dataclass(frozen=True)
class SuitPairsOdds(ShowsDistribution, Describable):
    """A check's exact odds with ``rerolls`` rerolls under :data:`~kit.suitpairs.odds.REROLL_POLICY`.

    ``distribution``: the total that stands at the end → chance; ``success``: the chance of success
    with those rerolls; ``check``: the full :class:`~kit.suitpairs.odds.CheckOdds`.
    """

    check: CheckOdds
    rerolls: int
    distribution: dict[int, Fraction]
    success: Fraction

    def headline(self) -> str:
        """``Suit Pairs level 2 vs Hard (10), 1 reroll: success 41.7% (5/12), about even``."""
        rerolls = f", {self.rerolls} reroll{'s' if self.rerolls != 1 else ''}" if self.rerolls else ""
        return (f"Suit Pairs level {self.check.level} vs {self.check.difficulty}{rerolls}: "
                f"success {chance_words(self.success)}")

    def view(self) -> DistributionView:
        """Final totals, successes dark, under the headline."""
        return DistributionView(self.distribution, self.check.succeeds, "total",
                                self.headline())

    def describe(self) -> Description:
        """The check's own description, led by the chance with these rerolls."""
        inner = self.check.describe()
        return Description(inner.title, chance_words(self.success), inner.tone, inner.faces, inner.facts,
                           (*inner.notes, REROLL_POLICY))


def suitpairs_odds(level: int, difficulty_: str | int | Difficulty, rerolls: int = 0) -> SuitPairsOdds:
    """The odds of a Suit Pairs check at ``level`` against a difficulty with up to ``rerolls`` rerolls (S-3, S-4)."""
    found = difficulty(difficulty_)
    return SuitPairsOdds(check_odds(level, found), rerolls, final_total_distribution(level, found, rerolls),
                         success_probability(level, found, rerolls))


# -- the command line: kit odds suitpairs ------------------------------------------------

HELP = "a check of 2d6 + level against a difficulty"
"""The one-line help of ``kit odds suitpairs``."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``kit odds suitpairs``: level, difficulty, rerolls."""
    parser.add_argument("--level", type=int, required=True, help="the skill level 0–5 (S-3)")
    parser.add_argument("--difficulty", required=True, help="easy, medium, hard, impossible or a number (S-3)")
    parser.add_argument("--rerolls", type=int, default=0, metavar="N", help="rerolls to allow (S-4, default 0)")


def run(args: argparse.Namespace) -> int:
    """Print the final totals of a check, successes marked, and the chance of success; exit 0."""
    difficulty_: str | int = int(args.difficulty) if args.difficulty.lstrip("-").isdigit() else args.difficulty
    odds = suitpairs_odds(args.level, difficulty_, args.rerolls)
    print(odds.headline().split(": success")[0])
    print("\n".join(odds.view().table()))
    print(f"Success: {chance_words(odds.success)}")
    return 0


__all__ = ["SuitPairsOdds", "suitpairs_odds"]
