"""S-5 Consequences: applied once per check to the final roll; primary attribute first, the skill at the edges."""

import itertools

import pytest
from sp_helpers import refused, set_values

from kit.core.errors import IllegalActionError, MalformedInputError, PendingActionError
from kit.suitpairs import SuitPairsGame, consequence

WIN = [5, 5]  # 10 + Defy: meets Hard 10 at any level
LOSE = [2, 3]  # 5 + Defy ≤ 10: short of Impossible 13 at any level


def resolve(game, dice, *, difficulty=None):
    difficulty = difficulty or ("Hard" if dice == WIN else "Impossible")
    game.rig(dice=dice).check("Mira", "Defy", difficulty)
    return game.accept("Mira")


def values(game):
    mira = game.character("Mira")
    return mira.attributes["Strength"], mira.skills["Defy"]


def test_s5_success_raises_the_primary_attribute(game):
    result = resolve(game, WIN)
    assert values(game) == (4, 1)
    assert result.explanation == "Success: Strength rises from 3 to 4."


def test_s5_failure_lowers_the_primary_attribute(game):
    result = resolve(game, LOSE)
    assert values(game) == (2, 1)
    assert result.explanation == "Failure: Strength drops from 3 to 2."
    resolve(game, LOSE)
    assert values(game) == (1, 1)


def test_s5_success_with_attribute_at_4_raises_the_skill_instead(game):
    set_values(game, strength=4, charisma=2)
    result = resolve(game, WIN)
    assert values(game) == (4, 2)
    assert result.explanation == "Success: Strength would reach 5, so Defy rises to 2 instead."
    assert result.consequence.kind == "skill"


def test_s5_success_with_attribute_at_5_raises_the_skill(game):
    set_values(game, strength=5, charisma=1)
    result = resolve(game, WIN)
    assert values(game) == (5, 2)
    assert result.explanation == "Success: Strength is already at 5, so Defy rises to 2 instead."


def test_s5_failure_with_attribute_at_1_lowers_the_skill_instead(game):
    set_values(game, strength=1)
    result = resolve(game, LOSE)
    assert values(game) == (1, 0)
    assert result.explanation == "Failure: Strength would drop to 0, so Defy drops to 0 instead."


def test_s5_failure_with_attribute_at_0_lowers_the_skill(game):
    set_values(game, strength=0, defy=3)
    result = resolve(game, LOSE)
    assert values(game) == (0, 2)
    assert result.explanation == "Failure: Strength is already at 0, so Defy drops to 2 instead."


def test_s5_success_with_attribute_at_4_and_skill_at_5_sets_attribute_to_5(game):
    set_values(game, strength=4, defy=5)
    result = resolve(game, WIN)
    assert values(game) == (5, 5)
    assert result.explanation == "Success: Strength would reach 5 and Defy is already at 5, so Strength rises to 5."


def test_s5_success_with_attribute_and_skill_both_at_5_changes_nothing(game):
    set_values(game, strength=5, defy=5)
    result = resolve(game, WIN)
    assert values(game) == (5, 5)
    assert result.explanation == "Success: Strength is already at 5 and Defy is already at 5, so Strength stays at 5."
    assert result.changes == ()


def test_s5_failure_with_attribute_at_1_and_skill_at_0_sets_attribute_to_0(game):
    set_values(game, strength=1, defy=0)
    result = resolve(game, LOSE)
    assert values(game) == (0, 0)
    assert result.explanation == "Failure: Strength would drop to 0 and Defy is already at 0, so Strength drops to 0."
    assert result.serious.started == ("Strength",)


def test_s5_failure_with_attribute_and_skill_both_at_0_changes_nothing(game):
    set_values(game, strength=0, defy=0)
    result = resolve(game, LOSE)
    assert values(game) == (0, 0)
    assert result.explanation.endswith("so Strength stays at 0.")
    assert result.changes == ()


def test_s5_success_with_skill_at_0_and_attribute_at_4_raises_the_skill_from_0(game):
    set_values(game, strength=4, defy=0)
    resolve(game, WIN)
    assert values(game) == (4, 1)


def test_s5_failure_with_skill_at_5_still_lowers_the_attribute(game):
    set_values(game, defy=5)
    resolve(game, LOSE)
    assert values(game) == (2, 5)


def test_s5_success_from_attribute_at_0_raises_it(game):
    set_values(game, strength=0)
    resolve(game, WIN)
    assert values(game) == (1, 1)


def test_s5_only_the_primary_attribute_moves_never_the_secondary(game):
    resolve(game, WIN)
    resolve(game, LOSE)
    assert game.character("Mira").attributes["Intelligence"] == 2


@pytest.mark.parametrize(("success", "attribute", "skill"),
                         list(itertools.product([True, False], range(6), range(6))))
def test_s5_every_case_keeps_values_in_range_and_moves_one_value_by_at_most_one(success, attribute, skill):
    result = consequence(success, "Strength", attribute, "Defy", skill)
    assert 0 <= result.after <= 5
    assert result.delta in ((0, 1) if success else (-1, 0))
    if result.kind == "skill":
        assert result.before == skill and result.delta != 0
        assert (attribute + 1 >= 5) if success else (attribute - 1 <= 0)
    else:
        assert result.before == attribute
    expected_kind = (
        ("attribute" if attribute + 1 < 5 or skill == 5 else "skill") if success
        else ("attribute" if attribute - 1 > 0 or skill == 0 else "skill")
    )
    assert result.kind == expected_kind


def test_s5_applied_once_to_the_final_roll_after_rerolls(game):
    game.rig(dice=[2, 3]).check("Mira", "Defy", "Hard")
    game.rig(dice=[5, 5]).reroll("Mira", pay="Intelligence")
    result = game.accept("Mira")
    assert result.success and result.rolls == 2
    assert values(game) == (4, 1)  # success on the final roll: Strength +1, once
    causes = [change["cause"] for event in game.log for change in event.outcome.get("changes", [])]
    assert causes == ["reroll", "consequence"]


def test_s5_a_pending_check_must_be_accepted_before_another(game):
    game.rig(dice=[2, 3]).check("Mira", "Defy", "Hard")
    assert game.pending("Mira").skill == "Defy"
    with refused(game, PendingActionError, r"Defy check is still pending.*\(S-5\)\. Reroll or accept"):
        game.check("Mira", "Help", "Easy")
    game.accept("Mira")
    assert game.pending("Mira") is None
    with refused(game, IllegalActionError, r"no pending check to accept \(S-5\)"):
        game.accept("Mira")


def test_s5_gm_may_skip_the_consequences_of_one_check(game):
    game.rig(dice=[5, 5]).check("Mira", "Defy", "Hard")
    result = game.accept("Mira", consequences=False)
    assert result.success and not result.consequences_applied and values(game) == (3, 1)
    assert game.log[-1].args == {"character": "Mira", "consequences": False}
    assert game.log[-1].outcome["consequences"] is False and game.log[-1].outcome["consequence"] is None
    assert "GM skipped the consequences" in str(result)


def test_s5_table_option_skips_consequences_unless_accept_says_otherwise():
    table = SuitPairsGame(seed="quiet", consequences=False, practice=True)
    table.create_character("Mira", "Baker", 3, 2, 2, 3, ["Defy", "Analyze", "Stealth", "Help"])
    table.rig(dice=[5, 5]).check("Mira", "Defy", "Hard")
    assert not table.accept("Mira").consequences_applied
    table.rig(dice=[5, 5]).check("Mira", "Defy", "Hard")
    assert table.accept("Mira", consequences=True).consequences_applied
    assert table.character("Mira").attributes["Strength"] == 4
    with pytest.raises(MalformedInputError, match=r"\(S-5\)"):
        SuitPairsGame(seed="x", consequences="no", practice=True)


def test_s5_accept_refuses_a_consequences_flag_that_is_not_a_bool(game):
    game.rig(dice=[5, 5]).check("Mira", "Defy", "Hard")
    with refused(game, MalformedInputError, r"must be True, False or None \(S-5\)"):
        game.accept("Mira", consequences="skip")


def test_s5_a_bad_consequences_flag_says_what_is_allowed(game):
    game.rig(dice=[5, 5]).check("Mira", "Defy", "Hard")
    with refused(game, MalformedInputError, r"\(S-5\)\. Leave it out to follow the table option, or give False"):
        game.accept("Mira", consequences=1)
