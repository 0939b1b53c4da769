"""Showing a Suit Pairs check's exact odds (the game's :class:`~kit.suitpairs.odds.CheckOdds`) in an OddsView."""

from __future__ import annotations

from kit.suitpairs.odds import CheckOdds, percent
from kit.widgets.common import OddsView


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
    view.show(odds.distribution, odds.succeeds, label="total", headline=odds_headline(odds))
