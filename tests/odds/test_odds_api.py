"""kit.odds as widgets call it: flip_odds on a game, and every system's display objects over its own odds math."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction

import pytest
from odds_helpers import new_table

import kit.odds as odds
from kit.core.describe import Description
from kit.core.errors import IllegalActionError, UnknownNameError
from kit.falkefateifaux import odds as ff
from kit.rollunder import odds as ru
from kit.suitpairs import odds as sp


def test_f4_flip_odds_takes_the_arguments_of_flip_and_changes_nothing():
    game = new_table("api")
    before, length = game.fingerprint(), len(game.log)
    result = odds.flip_odds(game, "Ada", "Fisticuffs", 10, plus=1)
    assert game.fingerprint() == before and len(game.log) == length
    assert result.plan == game.plan_flip("Ada", "Fisticuffs", 10, plus=1)
    cards = game.unseen_cards("Ada")
    assert result.distribution == ff.uncontested_distribution(
        cards, stack_size=2, chooser="flipper", action_suit="Clubs", skill=6, modifier=0)
    assert result.success == ff.success_of(result.distribution, 10)
    assert result.guided_success is not None and result.guided_success >= result.success
    assert result.unseen == len(cards) == 108 - 5


def test_f8_no_guided_odds_at_net_disadvantage_or_after_passing():
    game = new_table("api-dis")
    assert odds.flip_odds(game, "Ada", "Fisticuffs", 10, minus=1).guided_success is None
    passed = odds.flip_odds(game, "Ada", "Fisticuffs", 10, guide=False)
    assert passed.guided_distribution is None and any("F-8" in n for n in passed.notes)


def test_f8_guiding_at_net_disadvantage_is_refused_by_the_pure_function():
    with pytest.raises(IllegalActionError, match="F-8"):
        ff.guided_distribution(["2C", "3C"], stack_size=2, chooser="opponent", action_suit="C", hand=["AC"])


def test_f4_a_stack_larger_than_the_pool_is_refused_with_the_ruling():
    with pytest.raises(Exception, match="F-1"):
        ff.uncontested_distribution(["2C"], stack_size=2, chooser="flipper", action_suit="C")


def test_f1_a_refused_plan_refuses_the_odds():
    with pytest.raises(UnknownNameError, match="F-14"):
        odds.flip_odds(new_table("api-x"), "Nobody", "Fisticuffs", 10)


def test_f9_contest_odds_show_degrees_and_known_hands():
    game = new_table("api-contest")
    result = odds.flip_odds(game, "Ada", "Fisticuffs", against="Bruno", against_skill="Athletics")
    assert result.contested and result.threshold == 0
    assert sum(result.distribution.values()) == 1 and sum(result.guided_distribution.values()) == 1
    assert result.unseen == 108 - 10  # both hands are known
    assert "degree" in result._repr_html_()


def test_f6_f8_a_negative_adverb_before_guiding_in_a_contest_is_not_counted():
    game = new_table("api-adverb")
    result = odds.flip_odds(game, "Ada", "Fisticuffs", against="Bruno", against_skill="Athletics",
                            adverb="clumsily", plus=2)
    assert result.guided_distribution is None and any("F-6" in n for n in result.notes)


def test_f1_a_magic_flip_counts_the_deck_of_magic_and_a_contest_against_fate_is_independent():
    game = new_table("api-magic")
    magic = odds.flip_odds(game, "Ada", "Magic", 12)
    assert magic.unseen == 54
    contest = odds.flip_odds(game, "Ada", "Magic", against="Bruno", against_skill="Courage")
    assert sum(contest.distribution.values()) == 1


def test_flip_odds_display_describe_and_html():
    result = odds.flip_odds(new_table("api-show"), "Ada", "Fisticuffs", 10)
    described = result.describe()
    assert isinstance(described, Description) and described.verdict.endswith("%")
    html = result._repr_html_()
    assert "<svg" in html and "success" in html and "Odds — Ada: Fisticuffs vs target 10" in html
    assert str(result.success) in html
    assert "Success" in str(result)


def test_no_target_means_outcomes_only():
    result = odds.flip_odds(new_table("api-none"), "Ada", "Fisticuffs")
    assert result.success is None and result.guided_success is None
    assert "no target" in result._repr_html_()


def test_s3_s4_suit_pairs_odds_are_shown_in_the_shared_view():
    shown = odds.suitpairs_odds(2, "hard", rerolls=1)
    assert shown.success == sp.success_probability(2, "Hard", 1)
    view = shown.view()
    assert isinstance(view, odds.DistributionView)
    assert sum(p for t, p in view.distribution.items() if view.succeeds(t)) == shown.success
    assert "<svg" in shown._repr_html_() and shown.describe().title


def test_r1_r2_r5_roll_under_odds_are_shown_in_the_shared_view():
    test = odds.rollunder_test_odds(14)
    assert test.success == Fraction(14, 20)
    assert sum(p for r, p in test.distribution.items() if test.view().succeeds(r)) == test.success
    assert odds.rollunder_test_odds(25).success == Fraction(19, 20)  # a 20 always fails
    opposed = odds.rollunder_opposed_odds(14, 11)
    assert opposed.success == ru.opposed_win_probability(14, 11)
    attack = odds.rollunder_attack_odds(14, 11, 3, 1)
    assert attack.hit == ru.attack_hit_probability(14, 11)
    assert attack.distribution == ru.damage_distribution(14, 11, 3, 1)
    for shown in (test, opposed, attack):
        assert "<svg" in shown._repr_html_() and isinstance(shown.describe(), Description)


def test_chance_words():
    assert odds.chance_words(Fraction(5, 8)) == "62.5% (5/8), about even"
    assert odds.chance_words(Fraction(0)).endswith("impossible")
    assert odds.chance_words(Fraction(1)).endswith("certain")


def test_importing_kit_odds_pulls_in_no_notebook_machinery():
    code = ("import sys, kit.odds; bad = [m for m in sys.modules if m.split('.')[0] in "
            "('ipywidgets', 'IPython', 'nbformat', 'icepool')]; print(bad); sys.exit(1 if bad else 0)")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True).returncode == 0
