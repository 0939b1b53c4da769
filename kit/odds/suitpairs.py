"""Suit Pairs check odds (S-3, S-4) for display: the exact figures of :mod:`kit.suitpairs.odds` in the shared view."""

from __future__ import annotations

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
