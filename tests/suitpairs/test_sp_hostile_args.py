"""Hostile arguments to every Suit Pairs action are refused before the rules run (G-2, G-3, S-3, S-5).

The actions are walked from the game's own plans, so a new action is covered as soon as it
exists. Every parameter is offered every hostile value its annotation refuses (wrong types,
NaN, ±Infinity, huge numbers, over-long or invisible text, deep nesting, numbers just out of
bounds …), live and as a replayed event; the game must refuse each with a RulesError that
names the parameter, and stay exactly as it was.
"""

from __future__ import annotations

import pytest
from hostile_actions import HostileActions, assert_refused, value_id
from sp_helpers import MIRA

from kit.core.errors import MalformedInputError, OutOfRangeError
from kit.suitpairs import SuitPairsGame

GAME = SuitPairsGame


def new_table(seed: str) -> SuitPairsGame:
    """Mira the Baker at a table, with a check pending (so that every action could be asked)."""
    game = SuitPairsGame(seed, practice=True)
    game.create_character(**MIRA)
    game.rig(dice=[3, 4]).check("Mira", "Defy", "Hard")
    return game


HOSTILE = HostileActions(GAME, new_table, "S")
test_g2_every_text_parameter_refuses_long_broken_or_invisible_text = HOSTILE.text_test()
test_g3_every_parameter_refuses_wrong_types_nan_infinity_huge_numbers_and_deep_nesting = HOSTILE.values_test()
test_g3_a_replayed_event_with_hostile_arguments_is_refused_quickly = HOSTILE.replay_test()
test_g3_unknown_and_missing_arguments_are_refused_live_and_on_replay = HOSTILE.names_test()


# -- S-5 and S-3: the numbers the rules bound ------------------------------------------------


@pytest.mark.parametrize("points", [6, 10**6, 10**9, 10**5000, 0, -1], ids=value_id)
def test_s5_g3_a_gm_moves_one_to_five_points_at_a_time(points):
    game = new_table("points")
    for action in (game.award, game.take_away):
        error = assert_refused(game, lambda action=action: action("Mira", "Strength", points), "points", "points")
        assert isinstance(error, MalformedInputError) and error.ruling == "S-5"
        assert "must be a whole number of at least 1" in str(error)


@pytest.mark.parametrize("difficulty", [100, -100, 10**9, 10**5000, "100", "-100", "9" * 40, "+" + "9" * 20],
                         ids=value_id)
def test_s3_g3_a_difficulty_number_is_minus_99_to_99(difficulty):
    game = SuitPairsGame("difficulty", practice=True)
    game.create_character(**MIRA)
    error = assert_refused(game, lambda: game.check("Mira", "Defy", difficulty), "difficulty", "difficulty")
    assert isinstance(error, OutOfRangeError) and "−99…+99 (G-3)" in str(error)


def test_s3_the_ends_of_the_difficulty_numbers_are_allowed():
    game = SuitPairsGame("difficulty-ends", practice=True)
    game.create_character(**MIRA)
    assert game.rig(dice=[6, 6]).check("Mira", "Defy", 99).success
    game.accept("Mira")
    assert not game.rig(dice=[1, 1]).check("Mira", "Defy", "-99").success


@pytest.mark.parametrize("value", ["yes", 1, None, 1.0, [True]])
def test_g3_the_consequences_option_is_true_or_false(value):
    with pytest.raises(MalformedInputError, match=r"table option consequences=.*must be True or False \(S-5\)"):
        SuitPairsGame("option", consequences=value)
    with pytest.raises(MalformedInputError, match=r"\(S-5\)"):
        SuitPairsGame.replay("option", {"consequences": value}, [])


def test_g2_an_identity_or_a_reason_is_one_line():
    game = new_table("one-line")
    sheet = {**MIRA, "name": "Olek", "identity": "Baker\nkit:99-deadbeef"}
    assert_refused(game, lambda: game.create_character(**sheet), "identity", "forge")
    assert_refused(game, lambda: game.award("Mira", "Strength", reason="x" * 201), "reason", "long")
    assert_refused(game, lambda: game.create_character(**{**MIRA, "name": "M\u202eira"}), "name", "bidi")
