"""Lone Die roll odds (L-2) for display and the command line: :mod:`fourth_system.lonedie.odds` in the shared view."""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from fractions import Fraction

from fourth_system.lonedie.odds import success_chance, totals
from kit.odds.views import DistributionView, ShowsDistribution, chance_words


@dataclass(frozen=True)
class LoneDieOdds(ShowsDistribution):
    """A roll's exact odds: ``distribution`` (total → chance) and ``success`` (the chance of reaching ``target``)."""

    knack: int
    target: int
    distribution: dict[int, Fraction]
    success: Fraction

    def headline(self) -> str:
        """``Lone Die knack 2 vs 12: success 55% (11/20), about even``."""
        return f"Lone Die knack {self.knack} vs {self.target}: success {chance_words(self.success)}"

    def view(self) -> DistributionView:
        """Every total, those reaching the target dark, under the headline."""
        return DistributionView(self.distribution, lambda total: total >= self.target, "total", self.headline())


def lonedie_odds(knack: int, target: int) -> LoneDieOdds:
    """The odds of a Lone Die roll with ``knack`` against ``target`` (L-2)."""
    return LoneDieOdds(knack, target, totals(knack), success_chance(knack, target))


# -- the command line: kit odds lonedie --------------------------------------------------

HELP = "a roll of 1d20 + knack against a target"
"""The one-line help of ``kit odds lonedie``."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``kit odds lonedie``: knack and target."""
    parser.add_argument("--knack", type=int, required=True, help="the hero's knack 0–3 (L-1)")
    parser.add_argument("--target", type=int, required=True, help="the target 2–30 (L-2)")


def run(args: argparse.Namespace) -> int:
    """Print every total, those reaching the target marked, and the chance of success; exit 0."""
    odds = lonedie_odds(args.knack, args.target)
    print(odds.headline().split(": success")[0])
    print("\n".join(odds.view().table()))
    print(f"Success: {chance_words(odds.success)}")
    return 0


__all__ = ["LoneDieOdds", "lonedie_odds"]
