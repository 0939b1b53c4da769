"""The defender chooses the defence (R-5a), the weapon a character carries (R-4, R-5a), no heal for the unhurt (R-6)."""

import copy

import pytest
from ru_sheets import ARTIE, MABEL, XAVIER, snapshot, table

from kit.core.errors import IllegalActionError, UnknownNameError
from kit.rollunder import RollUnderGame

BOTH_ACT = [5, 8]  # initiative: Artie degree 4, Xavier degree 1; Xavier declares first


def fight(game: RollUnderGame) -> RollUnderGame:
    game.rig(dice=BOTH_ACT).start_combat(["Artie", "Xavier"])
    assert game.combat.current == "Xavier"
    return game


def seated() -> RollUnderGame:
    """Ann plays Artie, Xan plays Xavier, Gil is the GM (P-1)."""
    game = RollUnderGame("r-5a", practice=True, players={"Ann": ["Artie", "Mabel"], "Xan": ["Xavier"]}, gm="Gil")
    game.sit("Gil")
    for sheet in (ARTIE, XAVIER, MABEL):
        game.add_character(**sheet)
    return game


# -- R-5a: the standing defence ---------------------------------------------------------------

def test_r5a_without_a_choice_the_default_defence_stands():
    game = fight(table())
    assert game.standing_defence("Artie") == (None, 0)
    result = game.rig(dice=[10, 10]).attack("Xavier", "Artie", weapon="Sword")
    assert result.defence_choice == "dodge" and "R-5a" not in result.reason


def test_r5a_a_standing_parry_meets_a_melee_attack_and_not_a_ranged_one():
    game = table()
    chosen = game.choose_defence("Artie", "parry")
    assert (chosen.character, chosen.defence, chosen.cover) == ("Artie", "parry", 0)
    assert game.standing_defence("artie") == ("parry", 0)
    fight(game)
    melee = game.rig(dice=[10, 10]).attack("Xavier", "Artie", weapon="Sword")
    assert melee.defence_choice == "parry" and melee.defence.skill == "Bash and Stab"
    assert "defence chosen for it (R-5a)" in melee.reason
    game.wait("Artie")
    game.next_round()
    ranged = game.rig(dice=[10, 10]).attack("Xavier", "Artie", weapon="Rifle")
    assert ranged.defence_choice == "cover"  # a parry is no defence against a ranged attack: the default


def test_r5a_a_standing_cover_brings_its_rating():
    game = table()
    game.choose_defence("Artie", "cover", cover=3)
    fight(game)
    result = game.rig(dice=[10, 10]).attack("Xavier", "Artie", weapon="Rifle")
    assert result.defence_choice == "cover" and ("cover", 3) in result.defence.bonuses
    odds = game.attack_odds("Artie", "Xavier", weapon="Pistol")
    assert odds.defence == "cover"  # Xavier chose nothing: the default


def test_r5a_a_standing_choice_the_rules_do_not_allow_now_gives_way():
    game = table()
    game.choose_defence("Artie", "parry")
    game.rig(dice=[8, 5]).start_combat(["Artie", "Xavier"])  # Artie degree 1 declares first
    game.run("Artie")  # no active defence for the rest of the round
    result = game.rig(dice=[10]).attack("Xavier", "Artie", weapon="Sword")
    assert result.defence_choice == "none" and result.defence is None and "R-5a" not in result.reason


def test_r5a_choosing_again_or_the_default_replaces_the_choice():
    game = table()
    game.choose_defence("Artie", "dodge")
    game.choose_defence("Artie", "parry")
    assert game.standing_defence("Artie") == ("parry", 0)
    cleared = game.choose_defence("Artie")
    assert cleared.defence is None and game.standing_defence("Artie") == (None, 0)
    assert "default" in cleared.describe().verdict


def test_r5a_refusals_change_nothing():
    game = table()
    before = snapshot(game)
    with pytest.raises(UnknownNameError, match="R-5a"):
        game.choose_defence("Artie", "somersault")
    with pytest.raises(IllegalActionError, match="R-5"):
        game.choose_defence("Artie", "parry", cover=2)
    assert snapshot(game) == before


def test_r5a_the_attackers_seat_may_not_choose_the_defenders_defence():
    game = seated()
    game.sit("Gil").rig(dice=BOTH_ACT).start_combat(["Artie", "Xavier"])
    game.sit("Xan")
    before = snapshot(game)
    for extra in ({"defence": "none"}, {"cover": 2}, {"defence_modifier": -3}):
        with pytest.raises(IllegalActionError, match=r"the defender chooses the defence.*\(R-5a\)") as refused:
            game.attack("Xavier", "Artie", weapon="Sword", **extra)
        assert "Choose defence" in str(refused.value) and "=" not in str(refused.value)
    assert snapshot(game) == before
    assert game.rig(dice=[10, 10]).attack("Xavier", "Artie", weapon="Sword").defence_choice == "dodge"


def test_r5a_the_defenders_seat_chooses_and_the_gm_may_stand_in():
    game = seated()
    game.sit("Ann").choose_defence("Artie", "parry")
    with pytest.raises(IllegalActionError, match="P-1"):
        game.sit("Ann").choose_defence("Xavier", "none")  # not Ann's character
    game.sit("Gil").choose_defence("Xavier", "none")
    assert game.standing_defence("Xavier") == ("none", 0)
    game.sit("Gil").rig(dice=BOTH_ACT).start_combat(["Artie", "Xavier"])
    result = game.sit("Gil").rig(dice=[10, 10]).attack("Xavier", "Artie", weapon="Sword", defence="dodge")
    assert result.defence_choice == "dodge"  # the GM names the defence, standing in for Ann (P-1)


def test_r5a_the_choice_replays_from_the_log():
    game = table()
    game.choose_defence("Artie", "cover", cover=4)
    fight(game)
    game.rig(dice=[10, 10]).attack("Xavier", "Artie", weapon="Rifle")
    again = game.fresh()
    again.prepare_replay(list(game.log))
    for event in game.log:
        again.apply(event)
    assert again.fingerprint() == game.fingerprint()
    assert again.standing_defence("Artie") == ("cover", 4)


# -- the weapon a character carries -----------------------------------------------------------

def test_the_carried_weapon_is_the_first_weapon_that_is_not_bare_hands():
    game = table("Artie", "Xavier", "Mabel")
    assert game.carried_weapon("Artie") == "Sword"
    assert game.carried_weapon("Xavier") == "Sword"
    assert game.carried_weapon("Mabel") is None  # no weapon: she fights unarmed


def test_readying_a_weapon_makes_it_the_one_carried_and_other_gear_does_not():
    game = fight(table())
    game.ready("Xavier", "rifle")
    assert game.carried_weapon("Xavier") == "Rifle"
    game.ready("Artie", "the lantern")
    assert game.carried_weapon("Artie") == "Sword"
    copied = copy.deepcopy(game.state)
    game.state.readied["Xavier"] = "Sword"
    assert copied.readied == {"Xavier": "Rifle"}  # the state's copy is independent


# -- a heal on the unhurt says so ------------------------------------------------------

@pytest.mark.parametrize(("heal", "track"), [
    (lambda game: game.heal_stamina("Artie"), "stamina"),
    (lambda game: game.heal_physical("Artie"), "physical"),
    (lambda game: game.treat("Mabel", "Artie"), "physical"),
])
def test_r6_healing_an_unhurt_character_says_so_in_plain_words(heal, track):
    game = table("Artie", "Mabel")
    result = heal(game.rig(dice=[1]))
    assert result.healed == 0 and result.wasted > 0
    shown = result.describe()
    assert shown.verdict == f"Artie was unhurt: no {track} box was marked, so there was nothing to heal (R-6)"
    assert shown.tone == "neutral"  # not a failure's red mark


def test_r6_a_heal_that_finds_damage_still_reports_its_note():
    game = table("Artie", "Mabel")
    game.state.characters["Artie"].stamina_damage = 2
    result = game.rig(dice=[1]).heal_stamina("Artie")
    assert result.healed == 2 and result.describe().verdict == result.note and result.describe().tone == "success"


def test_r6_a_failed_heal_on_the_unhurt_stays_a_failure():
    game = table("Artie")
    assert game.rig(dice=[20]).heal_stamina("Artie").describe().tone == "failure"
