"""F-12 conditions and injuries, applied automatically to later flips and to Card Refresh."""

import pytest
from ff_helpers import new_table, unchanged

from kit.core.errors import MalformedInputError, OutOfRangeError, PendingActionError, UnknownNameError


def _set_up(game, skill, who="Ada", against=None):
    plan = game.plan_flip(who, skill, target=8, against=against)
    side = plan.sides[0]
    return side.net, side.modifier


@pytest.mark.parametrize(("condition", "expected"), [
    # (net, modifier) for Fisticuffs ♣, Magic ♦, Courage ♥, Society ♠
    ("Shy", [(0, 0), (0, 0), (-1, 0), (0, 0)]),
    ("Frightened", [(0, 0), (0, 0), (-1, 0), (0, 0)]),
    ("Embarrassed", [(0, 0), (0, 0), (0, 0), (-1, 0)]),
    ("Crushed", [(0, 0), (0, 0), (-1, 0), (-1, 0)]),
    ("Winded", [(0, -2), (0, 0), (0, 0), (0, 0)]),
    ("Tired", [(-1, 0), (0, -2), (0, -2), (0, 0)]),
    ("Exhausted", [(-1, 0), (-1, 0), (0, 0), (0, 0)]),
    ("Blasted", [(-1, 0), (-1, 0), (-1, 0), (-1, 0)]),
])
def test_f12_each_condition_changes_later_flips(condition, expected):
    game = new_table("cond")
    game.add_condition("Ada", condition)
    got = [_set_up(game, skill) for skill in ("Fisticuffs", "Magic", "Courage", "Society")]
    assert got == expected
    reasons = [f.label for f in game.plan_flip("Ada", "Society", target=8).sides[0].factors]
    assert all("(F-12)" in r for r in reasons)
    game.remove_condition("Ada", condition)
    assert [_set_up(game, skill) for skill in ("Fisticuffs", "Magic", "Courage", "Society")] == [(0, 0)] * 4


@pytest.mark.parametrize(("injury", "kwargs", "expected", "refresh"), [
    ("Niggling", {"choice": "Diamonds"}, [(0, 0), (0, 0), (0, -1), (0, 0)], 5),
    ("Minor", {"choice": "Clubs", "amount": 3}, [(0, -3), (0, -3), (0, 0), (0, 0)], 5),
    ("Moderate", {}, [(-1, 0), (0, 0), (-1, 0), (0, 0)], 5),
    ("Severe", {}, [(-2, 0), (-1, 0), (-2, 0), (0, 0)], 4),
    ("Crippling", {}, [(-2, 0), (-2, 0), (-2, 0), (-2, 0)], 1),
    ("KO", {}, [(0, 0), (0, 0), (0, 0), (0, 0)], 0),
])
def test_f12_each_injury_changes_later_flips_and_card_refresh(injury, kwargs, expected, refresh):
    game = new_table("injury")
    game.injure("Ada", injury, **kwargs)
    assert game.character("Ada").refresh == refresh
    while game.awaiting:  # F-10 applies at once
        game.discard("Ada", game.hand("Ada")[: game.awaiting.count])
    assert len(game.hand("Ada")) == refresh
    got = [_set_up(game, skill) for skill in ("Fisticuffs", "Resistance", "Magic", "Society")]
    assert got == expected
    game.heal("Ada", injury)
    assert game.character("Ada").refresh == 5
    assert game.character("Ada").fate == 3  # injuries do not touch Fate tokens


def test_f12_the_players_choice_of_clubs_or_diamonds_is_recorded_when_taken():
    game = new_table("choice")
    result = game.injure("Ada", "Minor", choice="Diamonds", amount=-4)
    assert result.data["injury"]["choice"] == "Diamonds, −4"
    unchanged(game, lambda: game.injure("Ada", "Niggling"), MalformedInputError, "F-12")
    unchanged(game, lambda: game.injure("Ada", "Niggling", choice="Hearts"), MalformedInputError, "F-12")
    unchanged(game, lambda: game.injure("Ada", "Minor", choice="Clubs", amount=5), OutOfRangeError, "F-12")


def test_f12_ko_sets_refresh_to_zero_and_forces_the_whole_hand_out_at_once():
    game = new_table("ko")
    game.injure("Ada", "KO")
    assert game.awaiting.action == "discard" and game.awaiting.count == 5
    unchanged(game, lambda: game.award_fate("Bruno"), PendingActionError, "F-10")


def test_f12_severe_injuries_each_lower_refresh_and_crippling_sets_one():
    game = new_table("severe")
    game.injure("Ada", "Severe")
    game.discard("Ada", game.hand("Ada")[:1])
    game.injure("Ada", "severe injury")
    game.discard("Ada", game.hand("Ada")[:1])
    assert game.character("Ada").refresh == 3
    game.injure("Ada", "Crippling")
    assert game.character("Ada").refresh == 1


def test_f12_stunned_discards_a_card():
    game = new_table("stunned", ada_hand="2C 3C 4C 5C 6C")
    game.add_condition("Ada", "Stunned")
    assert game.awaiting.action == "discard" and game.awaiting.count == 1 and "Stunned" in game.awaiting.why
    game.discard("Ada", ["4C"])
    assert game.awaiting is None and len(game.hand("Ada")) == 4


def test_f12_cover_gives_minus_to_the_opponents_marksmanship():
    game = new_table("cover")
    game.add_condition("Ada", "Soft Cover")
    plan = game.plan_flip("Bruno", "Marksmanship", target=8, against="Ada")
    assert plan.sides[0].net == -1 and "Soft Cover" in plan.sides[0].factors[0].label
    assert game.plan_flip("Bruno", "Marksmanship", target=8).sides[0].net == 0
    assert game.plan_flip("Bruno", "Fisticuffs", target=8, against="Ada").sides[0].net == 0
    contest = game.plan_flip("Bruno", "Marksmanship", against="Ada", against_skill="Athletics")
    assert contest.sides[0].net == -1


def test_f12_hard_cover_records_plus_or_plus_plus_to_resistance():
    game = new_table("hard")
    unchanged(game, lambda: game.add_condition("Ada", "Hard Cover"), MalformedInputError, "F-12")
    game.add_condition("Ada", "Hard Cover", choice="++")
    assert game.plan_flip("Ada", "Resistance", target=8).sides[0].net == 2
    assert game.plan_flip("Bruno", "Marksmanship", target=8, against="Ada").sides[0].net == -1
    game.remove_condition("Ada", "hard cover")
    game.add_condition("Ada", "Hard Cover", choice="+")
    assert game.plan_flip("Ada", "Resistance", target=8).sides[0].net == 1


def test_f12_conditions_apply_to_the_flip_itself_with_their_reasons():
    game = new_table("auto")
    game.add_condition("Ada", "Winded")
    result = game.rig("5C").flip("Ada", "Athletics", target=8, guide=False)
    assert result.outcome == 5 + 8 - 2
    assert "Ada is Winded (F-12)" in str(result)


def test_f12_a_tables_own_condition_and_gm_situational_plus_minus_modifier():
    game = new_table("own")
    game.add_condition("Ada", "Armor of Ithan", skills=["Resistance"], plus=2)
    game.add_condition("Ada", "local renown", skills=["Connection"], modifier=3)
    assert _set_up(game, "Resistance") == (2, 0)
    assert _set_up(game, "Connection") == (0, 3)
    plan = game.plan_flip("Ada", "Fisticuffs", target=8, plus=["Gloves of Boxing"], minus=2, modifier=-1)
    assert plan.sides[0].net == -1 and plan.sides[0].modifier == -1
    unchanged(game, lambda: game.add_condition("Ada", "Cursed"), UnknownNameError, "F-12")
    unchanged(game, lambda: game.remove_condition("Ada", "Tired"), UnknownNameError, "F-12")


def test_f12_a_condition_is_removed_by_any_name_it_is_added_by():
    game = new_table("alias")
    game.add_condition("Ada", "concealment")
    assert game.plan_flip("Bruno", "Marksmanship", target=8, against="Ada").sides[0].net == -1
    game.remove_condition("Ada", "concealment")
    assert game.plan_flip("Bruno", "Marksmanship", target=8, against="Ada").sides[0].net == 0
    game.add_condition("Ada", "Embarassed")
    game.remove_condition("Ada", "embarassed")
    assert game.character("Ada").afflictions == []


def test_f12_conditions_and_injuries_are_applied_to_a_contests_both_sides():
    game = new_table("both-sides")
    game.add_condition("Ada", "Tired")
    game.injure("Bruno", "Moderate")
    plan = game.plan_flip("Ada", "Courage", against="Bruno", against_skill="Fisticuffs")
    assert (plan.sides[0].net, plan.sides[0].modifier) == (0, -2)
    assert (plan.sides[1].net, plan.sides[1].modifier) == (-1, 0)
    result = game.rig("5H 7C 8C").flip("Ada", "Courage", against="Bruno", against_skill="Fisticuffs",
                                       guide=False, against_guide=False)
    assert result.sides[0].outcome == 5 + 6 - 2
    result = game.choose("Ada", "7C")
    assert result.sides[1].outcome == 7 + 8 and result.degree == 9 - 15


def test_f12_severe_gives_resistance_one_minus_only_and_card_refresh_feeds_the_end_of_scene():
    game = new_table("severe-scene")
    game.injure("Ada", "Severe")
    game.discard("Ada", game.hand("Ada")[:1])
    assert game.plan_flip("Ada", "Resistance", target=8).sides[0].net == -1
    game.trust_the_fates("Ada", game.hand("Ada"))
    game.end_scene()
    assert len(game.hand("Ada")) == 4 and game.character("Ada").burning == 0
