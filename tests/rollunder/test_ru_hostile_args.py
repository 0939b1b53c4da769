"""Hostile arguments to every Roll-Under action are refused before the rules run (G-2, G-3, R-1, R-5, R-7).

The actions are walked from the game's own plans, so a new action is covered as soon as it
exists. Every parameter is offered every hostile value its annotation refuses (wrong types,
NaN, ±Infinity, huge numbers, over-long or invisible text, deep nesting, numbers just out of
bounds …), live and as a replayed event; the game must refuse each with a RulesError that
names the parameter, and stay exactly as it was.
"""

from __future__ import annotations

import time

import pytest
from hostile_actions import HostileActions, assert_refused, value_id
from ru_sheets import ARTIE, table

from kit.core.errors import MalformedInputError, OutOfRangeError, RulesError
from kit.rollunder import RollUnderGame
from kit.rollunder.limits import MAX_HOURS, MAX_MINUTES, MAX_MODIFIERS, MAX_SECONDS, MAX_WEAPON_DAMAGE

GAME = RollUnderGame


def new_table(seed: str) -> RollUnderGame:
    """Artie, Xavier and Mabel at a table, in combat (so that every action could be asked)."""
    game = table("Artie", "Xavier", "Mabel", seed=seed)
    game.rig(dice=[2, 3, 15]).start_combat(["Artie", "Xavier", "Mabel"])
    return game


HOSTILE = HostileActions(GAME, new_table, "R")
test_g2_every_text_parameter_refuses_long_broken_or_invisible_text = HOSTILE.text_test()
test_g3_every_parameter_refuses_wrong_types_nan_infinity_huge_numbers_and_deep_nesting = HOSTILE.values_test()
test_g3_a_replayed_event_with_hostile_arguments_is_refused_quickly = HOSTILE.replay_test()
test_g3_unknown_and_missing_arguments_are_refused_live_and_on_replay = HOSTILE.names_test()


# -- the numbers the rules bound ----------------------------------------------------------------


@pytest.mark.parametrize("modifier", [11, -11, 10**9, -(10**5000), [10, 11], [1] * (MAX_MODIFIERS + 1)],
                         ids=value_id)
def test_r1_each_modifier_is_minus_10_to_plus_10_and_a_list_holds_at_most_20(modifier):
    game = table("Artie", seed="modifiers")
    error = assert_refused(game, lambda: game.test("Artie", "Agility", "Bash and Stab", modifier=modifier),
                           "modifier", "modifier")
    assert isinstance(error, OutOfRangeError) and error.ruling == "R-1"
    assert game.rig(dice=[20]).test("Artie", "Agility", modifier=[10] * MAX_MODIFIERS).test.target == 207


@pytest.mark.parametrize(("unit", "most"), [("hours", MAX_HOURS), ("minutes", MAX_MINUTES), ("seconds", MAX_SECONDS)])
def test_g3_the_clock_moves_at_most_a_year_a_day_or_an_hour_in_one_call(unit, most):
    game = table("Artie", seed="clock")
    for bad in (most + 1, 10**9, 10**5000, -1):
        error = assert_refused(game, lambda bad=bad: game.advance_time(**{unit: bad}), unit, "clock")
        assert isinstance(error, MalformedInputError) and "(G-3)" in str(error)
    assert game.advance_time(**{unit: most}).seconds == most * {"hours": 3600, "minutes": 60, "seconds": 1}[unit]


@pytest.mark.parametrize("damage", [MAX_WEAPON_DAMAGE + 1, 10**6, -1, 2.5, True, None])
def test_r5_weapon_damage_is_0_to_30_like_armour(damage):
    game = table("Xavier", seed="damage")
    weapons = [{"name": "Cannon", "damage": damage, "kind": "ranged", "skill": "Barking Irons"}]
    with pytest.raises(RulesError, match=r"R-5|R-1"):
        game.add_character(**{**ARTIE, "weapons": weapons})
    game.add_character(**{**ARTIE, "weapons": [{**weapons[0], "damage": MAX_WEAPON_DAMAGE}]})


@pytest.mark.parametrize("cover", [11, -1, 10**9, 1.5, "2"])
def test_r5_a_cover_rating_is_0_to_10(cover):
    game = new_table("cover")
    with pytest.raises(RulesError, match="R-5"):
        game.attack("Mabel", "Artie", defence="cover", cover=cover)


@pytest.mark.parametrize("count", [0, 23, 10**9, True, 1.0])
def test_r7_a_deal_is_1_to_22_cards(count):
    game = table("Artie", seed="deal")
    assert_refused(game, lambda: game.deal_fate_cards(["Artie"], count=count), "count", "deal")


@pytest.mark.parametrize("options", [
    {"aim_bonus": 11}, {"aim_bonus": -1}, {"aim_bonus": 2.0}, {"unarmed_damage": MAX_WEAPON_DAMAGE + 1},
    {"physical_test_hours": 10**6}, {"physical_test_hours": None}, {"initiative_resort": "yes"},
    {"initiative_ties": "x" * 100_000}, {"close_combat_skill": "Bash\nand Stab"}, {"aim_bonus": 10**5000},
], ids=lambda options: next(iter(options)))
def test_g3_every_table_option_is_checked_for_type_and_range(options):
    start = time.perf_counter()
    with pytest.raises(RulesError, match=r"table option"):
        RollUnderGame("options", **options)
    with pytest.raises(RulesError):
        RollUnderGame.replay("options", options, [])
    assert time.perf_counter() - start < 2


def test_g2_a_statement_or_a_note_is_one_line():
    game = new_table("one-line")
    assert_refused(game, lambda: game.say("Mabel", "Run!\nkit:99-deadbeef"), "statement", "forge")
    assert_refused(game, lambda: game.spend_fate_card("Artie", "The Fool", use="narrative", note="a\u2028b"),
                   "note", "separator")
    assert_refused(game, lambda: game.add_character(**{**ARTIE, "name": "Ar\u200btie"}), "name", "zero width")
