"""Exact odds agree with an independent enumeration of every d20 (and d20 × d20) roll."""

from fractions import Fraction

import pytest

from kit.rollunder.odds import (
    attack_hit_probability,
    damage_distribution,
    expected_damage,
    opposed_win_probability,
    outcome_distribution,
    success_probability,
)

TARGETS = [-3, 0, 1, 5, 11, 16, 19, 20, 21, 26]


def succeeds(target, roll):
    return roll <= target and roll < 20


def attack_by_hand(att_target, def_target, att_roll, def_roll):
    """R-5 written out directly: returns net degrees, or None for a miss."""
    if not succeeds(att_target, att_roll):
        return None
    att = att_target - att_roll
    if def_target is None:
        return att
    ok = succeeds(def_target, def_roll)
    dfd = def_target - def_roll
    if ok and dfd >= att:
        return None
    return att - (max(dfd, 0) if ok else 0)


@pytest.mark.parametrize("target", TARGETS)
def test_r1_success_probability_matches_twenty_rolls(target):
    assert success_probability(target) == Fraction(sum(succeeds(target, r) for r in range(1, 21)), 20)
    assert sum(outcome_distribution(target).values()) == 1


@pytest.mark.parametrize("active", TARGETS)
@pytest.mark.parametrize("defender", [0, 9, 11, 20, 25])
def test_r2_opposed_odds_match_four_hundred_rolls(active, defender):
    wins = 0
    for a in range(1, 21):
        for d in range(1, 21):
            a_key = (succeeds(active, a), active - a)
            d_key = (succeeds(defender, d), defender - d)
            wins += a_key > d_key
    assert opposed_win_probability(active, defender) == Fraction(wins, 400)


@pytest.mark.parametrize("att", TARGETS)
@pytest.mark.parametrize("dfd", [None, 0, 11, 14, 22])
def test_r5_hit_and_damage_odds_match_enumeration(att, dfd):
    damage, armour = 3, 1
    counts: dict[int, int] = {}
    hits = 0
    def_rolls = range(1, 21) if dfd is not None else [None]
    for a in range(1, 21):
        for d in def_rolls:
            net = attack_by_hand(att, dfd, a, d)
            hits += net is not None
            dealt = 0 if net is None else max(0, damage + net - armour)
            counts[dealt] = counts.get(dealt, 0) + 1
    total = 20 * len(def_rolls)
    assert attack_hit_probability(att, dfd) == Fraction(hits, total)
    expected = {k: Fraction(v, total) for k, v in sorted(counts.items())}
    assert damage_distribution(att, dfd, damage, armour) == expected
    assert expected_damage(att, dfd, damage, armour) == sum(k * p for k, p in expected.items())


def test_worked_example_odds():
    assert success_probability(16) == Fraction(4, 5)
    assert attack_hit_probability(16, 11) == Fraction(127, 200)
    assert damage_distribution(16, None, 3, 1)[0] == Fraction(4, 20)  # misses: rolls 17–20
