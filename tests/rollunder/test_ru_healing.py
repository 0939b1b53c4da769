"""Tracks and healing against the game clock (R-6)."""

import pytest
from ru_sheets import snapshot, table

from kit.core.errors import IllegalActionError


def wounded(stamina=6, physical=6):
    game = table("Artie", "Mabel")
    artie = game.state.characters["Artie"]
    artie.stamina_damage, artie.physical_damage = stamina, min(physical, artie.physical)
    return game


def test_r6_physicane_worked_example_degree_six_heals_two_now_and_six_over_a_day():
    game = wounded(physical=8)  # Vitality 6 + Heroic Vigor 4 = 10; roll 4: degree 6
    dose = game.rig(dice=[4]).take_physicane("Artie")
    assert dose.test.degree == 6 and dose.healed == 2 and dose.spread_total == 6
    assert game.state.characters["Artie"].physical_damage == 6
    half = game.advance_time(hours=12)
    assert [d.healed for d in half.deliveries] == [3]
    game.advance_time(hours=11, minutes=59)
    assert game.state.characters["Artie"].physical_damage == 6 - 5  # 5 of 6 by 23 h (6 × 23 // 24)
    game.advance_time(minutes=1)
    assert game.state.characters["Artie"].physical_damage == 0  # 2 + 6 = 8 in all


def test_r6_second_physicane_dose_in_the_same_day_does_nothing_next_day_continues():
    game = wounded(physical=8)
    game.rig(dice=[4]).take_physicane("Artie")
    game.advance_time(hours=2)
    second = game.take_physicane("Artie")
    assert second.test is None and second.healed == 0 and "no benefit" in second.note
    game.advance_time(hours=22)
    third = game.rig(dice=[7]).take_physicane("Artie")
    assert third.test.degree == 3 and third.spread_total == 3


def test_r6_stamina_heals_degree_every_ten_minutes():
    game = wounded(stamina=6)
    first = game.rig(dice=[7]).heal_stamina("Artie")
    assert first.healed == 3 and game.state.characters["Artie"].stamina_damage == 3
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="R-6"):
        game.heal_stamina("Artie")
    assert snapshot(game) == before
    game.advance_time(minutes=9, seconds=59)
    with pytest.raises(IllegalActionError, match="00:10:00"):
        game.heal_stamina("Artie")
    game.advance_time(seconds=1)
    assert game.rig(dice=[1]).heal_stamina("Artie").healed == 3  # only 3 boxes were marked
    assert game.log[-1].outcome["wasted"] == 6


def test_r6_physical_recovery_is_one_per_three_degrees():
    game = wounded(physical=6)
    result = game.rig(dice=[3]).heal_physical("Artie")
    assert result.test.degree == 7 and result.healed == 2
    with pytest.raises(IllegalActionError, match="24 hours"):
        game.heal_physical("Artie")


def test_r6_physician_once_a_day_per_patient_adds_degree():
    game = wounded(physical=8)
    care = game.rig(dice=[5]).treat("Mabel", "Artie")
    assert care.test.target == 7 + 6 and care.healed == 8 and care.healer == "Mabel"
    with pytest.raises(IllegalActionError, match="once a day"):
        game.treat("Mabel", "Artie")
    game.advance_time(hours=24)
    assert game.rig(dice=[5]).treat("Mabel", "Artie").healed == 0


def test_r6_a_failed_healing_test_heals_nothing():
    game = wounded()
    assert game.rig(dice=[20]).heal_stamina("Artie").healed == 0
    assert game.rig(dice=[15]).heal_physical("Artie").healed == 0
    failed = game.rig(dice=[19]).take_physicane("Artie")
    assert failed.healed == 0 and failed.spread_total == 0
    game.advance_time(hours=24)
    assert game.state.characters["Artie"].physical_damage == 6


def test_r6_tracks_never_leave_their_size():
    game = wounded(stamina=2, physical=1)
    game.rig(dice=[1]).heal_stamina("Artie")
    game.rig(dice=[1]).heal_physical("Artie")
    artie = game.state.characters["Artie"]
    assert (artie.stamina_damage, artie.physical_damage) == (0, 0)


def test_r6_no_healing_during_combat_and_the_combat_clock_moves_physicane():
    game = table("Artie", "Xavier")
    game.state.characters["Artie"].physical_damage = 8
    game.rig(dice=[4]).take_physicane("Artie")
    game.advance_time(hours=3, minutes=59, seconds=55)
    game.rig(dice=[1, 1]).start_combat(["Artie", "Xavier"])
    with pytest.raises(IllegalActionError, match="R-6"):
        game.heal_stamina("Artie")
    game.wait("Artie")
    game.wait("Xavier")
    assert [d.healed for d in game.next_round().deliveries] == [1]  # 6 × 4 // 24 at the fourth hour
    assert game.state.clock == 4 * 3600 and game.state.characters["Artie"].physical_damage == 5


def test_clock_is_in_state_and_log():
    game = table("Artie")
    moved = game.advance_time(hours=1, minutes=2, seconds=3)
    assert moved.clock == 3723 == game.state.clock and game.log[-1].outcome["clock"] == 3723
