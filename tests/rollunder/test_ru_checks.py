"""Tests (R-1) and opposed tests (R-2)."""

import pytest
from ru_sheets import snapshot, table

from kit.core.errors import OutOfRangeError, UnknownNameError


def test_r1_target_is_attribute_plus_skill_plus_modifiers():
    game = table("Artie")
    result = game.rig(dice=[14]).test("Artie", "Agility", "Bash and Stab", modifier=2)
    assert (result.test.target, result.test.roll, result.test.success, result.test.degree) == (16, 14, True, 2)
    listed = game.rig(dice=[3]).test("artie", "agility", "bash AND stab", modifier=[2, -3, 10])
    assert listed.test.target == 7 + 7 + 9
    assert (listed.test.attribute, listed.test.skill) == ("Agility", "Bash and Stab")


def test_r1_no_skill_tests_the_attribute_alone():
    game = table("Artie", "Mabel")
    plain = game.rig(dice=[5]).test("Artie", "Wits")
    assert plain.test.target == 6 and plain.test.skill is None
    lacking = game.rig(dice=[5]).test("Artie", "Reason", "Medicine")
    assert lacking.test.target == 5 and lacking.test.skill_value == 0
    added = game.rig(dice=[5]).test("Artie", "Reason", "Airship Piloting")  # a skill Mabel's sheet adds
    assert added.test.target == 5


def test_r1_success_when_roll_at_most_target_twenty_always_fails_one_not_automatic():
    game = table("Artie")
    assert game.rig(dice=[16]).test("Artie", "Agility", "Bash and Stab", modifier=2).test.success
    assert not game.rig(dice=[17]).test("Artie", "Agility", "Bash and Stab", modifier=2).test.success
    twenty = game.rig(dice=[20]).test("Artie", "Agility", "Bash and Stab", modifier=[10, 10]).test
    assert twenty.target == 34 and twenty.degree == 14 and not twenty.success
    one = game.rig(dice=[1]).test("Artie", "Agility", "Bash and Stab", modifier=[-10, -10]).test
    assert one.target == -6 and one.degree == -7 and not one.success


@pytest.mark.parametrize("bad", [11, -11, [2, 11], [-11]])
def test_r1_modifier_outside_minus_ten_to_ten_is_refused(bad):
    game = table("Artie")
    before = snapshot(game)
    with pytest.raises(OutOfRangeError, match="R-1"):
        game.test("Artie", "Agility", "Bash and Stab", modifier=bad)
    assert snapshot(game) == before


def test_r1_unknown_attribute_or_skill_lists_the_allowed_ones():
    game = table("Artie")
    with pytest.raises(UnknownNameError, match="Agility, Wits, Vitality, Reason, Fate"):
        game.test("Artie", "Strength")
    with pytest.raises(UnknownNameError, match=r"Sergeant's Eye.*Medicine"):
        game.test("Artie", "Agility", "Juggling")


def test_r2_opposed_greater_degree_wins_and_a_tie_goes_to_the_defender():
    game = table("Artie", "Xavier")
    win = game.rig(dice=[14, 10]).opposed_test("Artie", "Agility", "Bash and Stab", "Xavier", "Agility",
                                               "Duck & Cover", modifier=2)
    assert (win.active.degree, win.defender.degree, win.winner) == (2, 1, "Artie")
    tie = game.rig(dice=[14, 9]).opposed_test("Artie", "Agility", "Bash and Stab", "Xavier", "Agility",
                                              "Duck & Cover", modifier=2)
    assert (tie.active.degree, tie.defender.degree, tie.winner) == (2, 2, "Xavier")
    both_fail = game.rig(dice=[19, 18]).opposed_test("Artie", "Agility", None, "Xavier", "Agility")
    assert (both_fail.active.degree, both_fail.defender.degree, both_fail.winner) == (-12, -12, "Xavier")
    lesser_failure = game.rig(dice=[9, 18]).opposed_test("Artie", "Agility", None, "Xavier", "Agility")
    assert lesser_failure.winner == "Artie"


def test_r2_a_natural_twenty_never_beats_a_success():
    game = table("Artie", "Xavier")
    result = game.rig(dice=[5, 20]).opposed_test("Artie", "Agility", None, "Xavier", "Agility", None, 0, [10, 10])
    assert result.defender.degree == 6 and not result.defender.success and result.winner == "Artie"
