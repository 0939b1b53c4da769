"""Exact odds for every action of the three systems, as :class:`fractions.Fraction`, fast enough to follow the mouse.

FalkeFateiFaux (F-2…F-9): :func:`flip_odds` takes a game and the arguments of ``game.flip``;
:func:`uncontested_distribution`, :func:`guided_distribution` and :func:`contested_degree_distribution`
work on a multiset of cards. Suit Pairs (S-3, S-4) and Roll-Under (R-1, R-2, R-5) odds come from
their own packages, re-exported here with display objects. Every odds object shows itself in a
notebook as the same compact bar chart (:class:`DistributionView`).

>>> from kit.odds import uncontested_distribution
>>> uncontested_distribution(["4H", "8C"], stack_size=2, chooser="opponent", action_suit="C", skill=6)
{6: Fraction(1, 1)}
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# Each system's odds are imported on first use (PEP 562): a FalkeFateiFaux table never pays for
# the Roll-Under and Suit Pairs modules. ``(module, name there)`` for every name exported here.
_WHERE: dict[str, tuple[str, str]] = {
    **{name: ("kit.odds.falkefateifaux", name) for name in (
        "GUIDE_POLICY", "FlipOdds", "StackSpec", "card_labels", "contest_finals", "contested_degree_distribution",
        "flip_odds", "guided_distribution", "success_of", "uncontested_distribution")},
    **{name: ("kit.odds.rollunder", name) for name in (
        "AttackOdds", "OpposedOdds", "TestOdds", "rollunder_attack_odds", "rollunder_opposed_odds",
        "rollunder_test_odds")},
    **{name: ("kit.odds.suitpairs", name) for name in ("SuitPairsOdds", "suitpairs_odds")},
    **{name: ("kit.odds.views", name) for name in ("DistributionView", "ShowsDistribution", "chance_words")},
    **{name: ("kit.rollunder.odds", name) for name in (
        "attack_hit_probability", "damage_distribution", "expected_damage", "opposed_win_probability",
        "outcome_distribution")},
    "rollunder_success_probability": ("kit.rollunder.odds", "success_probability"),
    **{name: ("kit.suitpairs.odds", name) for name in (
        "REROLL_POLICY", "CheckOdds", "check_odds", "final_total_distribution", "total_distribution")},
    "suitpairs_success_probability": ("kit.suitpairs.odds", "success_probability"),
}


def __getattr__(name: str) -> Any:
    """Import the module that defines ``name`` the first time it is asked for."""
    try:
        module, attribute = _WHERE[name]
    except KeyError:
        raise AttributeError(f"module 'kit.odds' has no attribute {name!r}") from None
    value = getattr(importlib.import_module(module), attribute)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """Every name the package exports, imported or not yet."""
    return sorted(set(globals()) | set(_WHERE))


if TYPE_CHECKING:
    from kit.odds.falkefateifaux import (
        GUIDE_POLICY,
        FlipOdds,
        StackSpec,
        card_labels,
        contest_finals,
        contested_degree_distribution,
        flip_odds,
        guided_distribution,
        success_of,
        uncontested_distribution,
    )
    from kit.odds.rollunder import (
        AttackOdds,
        OpposedOdds,
        TestOdds,
        rollunder_attack_odds,
        rollunder_opposed_odds,
        rollunder_test_odds,
    )
    from kit.odds.suitpairs import SuitPairsOdds, suitpairs_odds
    from kit.odds.views import DistributionView, ShowsDistribution, chance_words
    from kit.rollunder.odds import (
        attack_hit_probability,
        damage_distribution,
        expected_damage,
        opposed_win_probability,
        outcome_distribution,
    )
    from kit.rollunder.odds import success_probability as rollunder_success_probability
    from kit.suitpairs.odds import REROLL_POLICY, CheckOdds, check_odds, final_total_distribution, total_distribution
    from kit.suitpairs.odds import success_probability as suitpairs_success_probability

__all__ = [
    "GUIDE_POLICY",
    "REROLL_POLICY",
    "AttackOdds",
    "CheckOdds",
    "DistributionView",
    "FlipOdds",
    "OpposedOdds",
    "ShowsDistribution",
    "StackSpec",
    "SuitPairsOdds",
    "TestOdds",
    "attack_hit_probability",
    "card_labels",
    "chance_words",
    "check_odds",
    "contest_finals",
    "contested_degree_distribution",
    "damage_distribution",
    "expected_damage",
    "final_total_distribution",
    "flip_odds",
    "guided_distribution",
    "opposed_win_probability",
    "outcome_distribution",
    "rollunder_attack_odds",
    "rollunder_opposed_odds",
    "rollunder_success_probability",
    "rollunder_test_odds",
    "success_of",
    "suitpairs_odds",
    "suitpairs_success_probability",
    "total_distribution",
    "uncontested_distribution",
]
