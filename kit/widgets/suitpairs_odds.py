"""Showing a Suit Pairs check's exact odds (the game's :class:`~kit.suitpairs.odds.CheckOdds`) in an OddsView."""

from __future__ import annotations

from collections.abc import Callable

from kit.suitpairs.odds import CheckOdds, percent
from kit.suitpairs.rules import roll_succeeds
from kit.widgets.common import OddsView


def total_succeeds(level: int, target: int) -> Callable[[int], bool]:
    """Whether a total of 2d6 + ``level`` succeeds, asked of the rules (S-3) with dice that make that total.

    Double 1s are the only dice that make the lowest total and double 6s the only ones that make
    the highest, so each total has one verdict; the chart's success share then equals the game's odds.
    """

    def succeeds(total: int) -> bool:
        dice = total - level
        first = max(1, dice - 6)
        return roll_succeeds(first, dice - first, level, target)

    return succeeds


def odds_headline(odds: CheckOdds) -> str:
    """``Success now 1/6 (16.7%) · with one reroll 11/36 (30.6%)`` and, when points allow, every reroll."""
    text = (f"{odds.skill} (level {odds.level}) vs {odds.difficulty}: success now {odds.success} "
            f"({percent(odds.success)}) · with one reroll {odds.with_reroll} ({percent(odds.with_reroll)})")
    if odds.reroll_points == 0:
        text += " · no attribute point left to pay for a reroll (S-4)"
    elif odds.with_every_reroll is not None and odds.reroll_points is not None and odds.reroll_points > 1:
        text += (f" · with up to {odds.reroll_points} rerolls {odds.with_every_reroll} "
                 f"({percent(odds.with_every_reroll)})")
    return text


def show_check_odds(view: OddsView, odds: CheckOdds) -> None:
    """Draw the totals of 2d6 + level, successes dark, under the exact chances now and with one reroll."""
    view.show(odds.distribution, total_succeeds(odds.level, odds.target), label="total", headline=odds_headline(odds))
