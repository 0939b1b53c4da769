"""Exact odds of a check, checked against an independent enumeration of all 36 and 36 × 36 outcomes."""

from fractions import Fraction
from itertools import product

import pytest

from kit.core.errors import OutOfRangeError, UnknownNameError
from kit.suitpairs import final_total_distribution, success_probability, total_distribution
from kit.suitpairs.odds import REROLL_POLICY, check_odds, odds_table

TARGETS = {"Easy": 5, "Medium": 7, "Hard": 10, "Impossible": 13}
DIE = (1, 2, 3, 4, 5, 6)


def wins(pair, level, target):
    # Written out independently from the rules module: S-3 read directly.
    a, b = pair
    if (a, b) == (1, 1):
        return False
    if (a, b) == (6, 6):
        return True
    return a + b + level >= target


@pytest.mark.parametrize(("level", "name"), list(product(range(6), TARGETS)))
def test_s3_single_roll_odds_match_enumeration_of_36(level, name):
    target = TARGETS[name]
    count = sum(wins(pair, level, target) for pair in product(DIE, DIE))
    assert success_probability(level, name) == Fraction(count, 36)


@pytest.mark.parametrize(("level", "name"), list(product(range(6), TARGETS)))
def test_s4_one_reroll_odds_match_enumeration_of_36_by_36(level, name):
    # Policy: reroll once when the first roll fails; the second roll then stands.
    target = TARGETS[name]
    count = 0
    finals: dict[int, int] = {}
    for first, second in product(product(DIE, DIE), product(DIE, DIE)):
        final = second if not wins(first, level, target) else first
        count += wins(final, level, target)
        total = sum(final) + level
        finals[total] = finals.get(total, 0) + 1
    assert success_probability(level, name, rerolls=1) == Fraction(count, 36 * 36)
    expected = {t: Fraction(c, 36 * 36) for t, c in sorted(finals.items())}
    assert final_total_distribution(level, name, rerolls=1) == expected


def test_s4_rerolling_only_failures_beats_every_other_single_reroll_policy():
    # Any fixed set of first rolls to reroll: the best is exactly the failures.
    level, target = 1, 10
    pairs = list(product(DIE, DIE))
    p = Fraction(sum(wins(x, level, target) for x in pairs), 36)
    for rerolled in ([], pairs, [x for x in pairs if wins(x, level, target)], pairs[:18]):
        value = sum((p if x in rerolled else Fraction(wins(x, level, target))) for x in pairs) / 36
        assert value <= success_probability(level, "Hard", 1)


def test_total_distribution_matches_enumeration():
    for level in range(6):
        counts: dict[int, int] = {}
        for a, b in product(DIE, DIE):
            counts[a + b + level] = counts.get(a + b + level, 0) + 1
        assert total_distribution(level) == {t: Fraction(c, 36) for t, c in sorted(counts.items())}
        assert sum(total_distribution(level).values()) == 1
        assert min(total_distribution(level)) == 2 + level and max(total_distribution(level)) == 12 + level


def test_several_rerolls_follow_the_same_policy():
    p = success_probability(2, "Hard")
    assert success_probability(2, "Hard", rerolls=3) == 1 - (1 - p) ** 4
    assert sum(final_total_distribution(2, "Hard", rerolls=3).values()) == 1
    assert final_total_distribution(3, "Medium", rerolls=0) == total_distribution(3)


def test_the_edges_of_the_odds():
    # Double 1s always fail, double 6s always succeed, whatever the level or target.
    assert success_probability(5, "Easy") == Fraction(35, 36)
    assert success_probability(0, 40) == Fraction(1, 36)
    assert success_probability(0, "Impossible") == Fraction(1, 36)
    assert success_probability(0, -3) == Fraction(35, 36)


def test_odds_refuse_bad_input():
    with pytest.raises(OutOfRangeError, match=r"\(S-5\)"):
        success_probability(6, "Hard")
    with pytest.raises(OutOfRangeError, match=r"\(S-4\)"):
        success_probability(1, "Hard", rerolls=-1)
    with pytest.raises(UnknownNameError, match=r"\(S-3\)"):
        success_probability(1, "Tricky")


def test_the_reroll_policy_is_stated():
    assert "Reroll exactly when the current roll fails" in REROLL_POLICY
    assert check_odds(1, "Hard").policy == REROLL_POLICY
    assert odds_table(0)["Medium"] == (Fraction(7, 12), Fraction(119, 144))


def test_game_odds_for_a_character(game):
    odds = game.odds("Mira", "Defy", "Hard")
    assert (odds.level, odds.target, odds.success) == (1, 10, Fraction(10, 36))
    assert odds.with_reroll == 1 - Fraction(26, 36) ** 2
    assert odds.reroll_points == 5  # Strength 3 + Intelligence 2
    assert odds.with_every_reroll == 1 - Fraction(26, 36) ** 6
    assert odds.distribution == total_distribution(1)
    assert odds.to_dict()["success"] == "5/18"
    text = str(odds)
    assert "Odds — Mira: Defy (level 1) vs Hard 10 — 27.8%" in text and "Reroll policy" in text
    assert len(game.log) == 1  # asking for odds is not an event


def test_game_odds_follow_the_current_level_and_points(game):
    game.award("Mira", "Analyze", 2)
    game.take_away("Mira", "Intelligence", 2)
    odds = game.odds("Mira", "♦♦", "Medium")
    assert odds.level == 3 and odds.reroll_points == 0
    assert "No attribute point is left to pay for a reroll" in str(odds)


def test_s3_check_odds_say_which_totals_succeed_by_the_rules():
    odds = check_odds(2, "Hard")
    assert [total for total in range(4, 15) if odds.succeeds(total)] == list(range(10, 15))
    low = check_odds(0, 3)
    assert not low.succeeds(2) and low.succeeds(3)  # double 1s always fail (S-3)
    high = check_odds(0, 13)
    assert high.succeeds(12) and not high.succeeds(11)  # double 6s always succeed (S-3)
