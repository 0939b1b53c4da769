"""The exact odds agree with the real game engine: seeded FalkeFateiFauxGame flips, answered the way the
odds model assumes (F-4, F-5, F-8, F-9), within 4 standard deviations.

Each seed deals a different table, so each flip has its own exact odds. Two sums are compared with
what the per-flip odds predict: the number of successes (variance Σ p(1 − p)) and the total of the
outcomes (variance Σ Var(outcome)). Both are sums of many independent flips, so the normal bound
holds; a single rare outcome's count is not (it is Poisson-like), which is why counts per outcome
are left to the exact brute-force tests. Examples are derandomized: the test is deterministic.
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st
from odds_helpers import answer, new_table

from kit.odds import flip_odds

FLIPS = 150


def _agree(observed: Counter, expected: dict, variance: dict) -> None:
    """Each observed sum within 4 standard deviations (plus 1 for the counts' discreteness)."""
    for key in set(observed) | set(expected):
        exp, var = float(expected.get(key, 0)), float(variance.get(key, 0))
        assert abs(observed.get(key, 0) - exp) <= 4 * math.sqrt(var) + 1, (key, observed.get(key, 0), exp, var)


def _run(kwargs: dict, guided: bool, tag: str, warm_up: bool) -> None:
    observed: Counter = Counter()
    expected: dict = Counter()
    variance: dict = Counter()
    for i in range(FLIPS):
        game = new_table(f"{tag}-{i}")
        if warm_up:  # put some cards on the discard pile first
            answer(game, game.flip("Bruno", "Athletics", target=8, guide=False))
        odds = flip_odds(game, **kwargs)
        dist = odds.guided_distribution if guided and odds.guided_distribution is not None else odds.distribution
        result = answer(game, game.flip(**kwargs))
        value = result.degree if odds.contested else result.outcome
        observed["total"] += value
        success = odds.guided_success if guided and odds.guided_success is not None else odds.success
        if success is not None:
            observed[("success", True)] += bool(result.success)
            expected[("success", True)] += success
            variance[("success", True)] += success * (1 - success)
        mean = sum((v * p for v, p in dist.items()), Fraction(0))
        expected["total"] += mean
        variance["total"] += sum((v * v * p for v, p in dist.items()), Fraction(0)) - mean * mean
    _agree(observed, expected, variance)


@settings(max_examples=4, deadline=None, derandomize=True)
@given(skill=st.sampled_from(["Fisticuffs", "Athletics", "Charisma", "Society"]), plus=st.integers(0, 2),
       minus=st.integers(0, 2), modifier=st.integers(-2, 2), target=st.integers(6, 16),
       against=st.sampled_from([None, "Bruno"]), suit=st.sampled_from([None, True, "Hearts"]),
       guide=st.booleans(), adverb=st.sampled_from([None, "swiftly", "clumsily"]), warm_up=st.booleans())
def test_f4_f5_f8_flips_against_a_target_agree_with_the_game_engine(skill, plus, minus, modifier, target, against,
                                                                     suit, guide, adverb, warm_up):
    kwargs = {"character": "Ada", "skill": skill, "target": target, "against": against, "plus": plus,
              "minus": minus, "modifier": modifier, "suit": suit, "guide": guide, "adverb": adverb}
    _run(kwargs, guided=guide, tag=f"u{skill}{plus}{minus}{modifier}{target}{against}{suit}{guide}{adverb}",
         warm_up=warm_up)


@settings(max_examples=3, deadline=None, derandomize=True)
@given(skill=st.sampled_from(["Fisticuffs", "Athletics"]), against_skill=st.sampled_from(["Fisticuffs", "Courage"]),
       plus=st.integers(0, 1), against_minus=st.integers(0, 2), guide=st.booleans(), against_guide=st.booleans())
def test_f8_f9_contests_with_guiding_fate_agree_with_the_game_engine(skill, against_skill, plus, against_minus, guide,
                                                                      against_guide):
    kwargs = {"character": "Ada", "skill": skill, "against": "Bruno", "against_skill": against_skill, "plus": plus,
              "against_minus": against_minus, "guide": guide, "against_guide": against_guide}
    _run(kwargs, guided=True, tag=f"c{skill}{against_skill}{plus}{against_minus}{guide}{against_guide}", warm_up=False)


def test_f9_contest_success_is_the_chance_of_degree_at_least_zero():
    game = new_table("contest-success")
    odds = flip_odds(game, "Ada", "Fisticuffs", against="Bruno", against_skill="Fisticuffs")
    assert odds.contested and odds.success == sum((p for d, p in odds.distribution.items() if d >= 0), Fraction(0))
    assert sum(odds.distribution.values()) == 1
