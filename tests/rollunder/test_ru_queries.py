"""Read-only queries the widgets use: an attack's odds before it is made, the test a fate card may change."""

import pytest
from ru_sheets import snapshot, table

from kit.core.errors import OutOfTurnError
from kit.rollunder.odds import attack_hit_probability, damage_distribution


def duel():
    game = table("Artie", "Xavier")
    game.rig(dice=[2, 15]).start_combat(["Artie", "Xavier"])
    return game


def test_r5_attack_odds_use_the_attacks_own_targets_and_change_nothing():
    game = duel()
    before = snapshot(game)
    odds = game.attack_odds("Artie", "Xavier", weapon="Sword", defence="dodge")
    assert (odds.attack_target, odds.defence_target) == (16, 11)  # the worked example's targets
    assert odds.hit == attack_hit_probability(16, 11)
    assert odds.damage == damage_distribution(16, 11, 3, 1)
    assert odds.expected_damage == sum(d * p for d, p in odds.damage.items())
    assert snapshot(game) == before


def test_r3_attack_odds_refuse_what_the_attack_would_refuse():
    game = duel()
    before = snapshot(game)
    with pytest.raises(OutOfTurnError, match="R-3"):
        game.attack_odds("Xavier", "Artie", weapon="Sword")
    assert snapshot(game) == before


def test_r7_open_test_is_the_latest_test_a_card_may_change():
    game = table("Artie", "Xavier")
    assert game.open_test() is None
    game.rig(dice=[12]).test("Artie", "Agility", "Bash and Stab")
    record = game.open_test()
    assert record is not None and "Artie" in record.sides
