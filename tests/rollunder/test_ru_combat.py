"""Combat: initiative and ambush (R-3), the round and its actions (R-4), attacks and damage (R-5)."""

import pytest
from ru_sheets import table

from kit.core.errors import IllegalActionError, MalformedInputError, OutOfTurnError, PendingActionError


def duel():
    """Artie and Xavier; Artie wins initiative (roll 2 against 9), Xavier fails (roll 15 against 9)."""
    game = table("Artie", "Xavier")
    game.rig(dice=[2, 15]).start_combat(["Artie", "Xavier"])
    return game


def test_worked_example_artie_slashes_xavier():
    game = duel()
    result = game.rig(dice=[14, 10]).attack("Artie", "Xavier", weapon="Sword", defence="dodge")
    assert result.attack.target == 16 and result.attack.formula.startswith("Agility (7) + Bash and Stab (7)")
    assert ("familiarity", 2) in result.attack.bonuses
    assert (result.attack.roll, result.attack.degree) == (14, 2)
    assert (result.defence.target, result.defence.roll, result.defence.degree) == (11, 10, 1)
    assert result.defence.skill == "Duck & Cover"
    assert result.hit and result.net == 1
    assert result.damage == 3 + 1 - 1 and result.track == "physical"
    assert game.state.characters["Xavier"].physical_damage == 3
    assert game.log[-1].rigged


def test_r3_initiative_success_acts_round_one_failure_round_two():
    game = duel()
    combat = game.combat
    assert combat.initiative["Artie"].acts_from == 1 and combat.initiative["Xavier"].acts_from == 2
    assert combat.order == ["Xavier", "Artie"]  # greatest failure declares first
    assert game.combat_round == 1 and game.may_act == ["Artie"] and game.current_combatant == "Artie"
    with pytest.raises(OutOfTurnError, match="R-3"):
        game.walk("Xavier")
    game.wait("Artie")
    game.next_round()
    assert game.may_act == ["Xavier", "Artie"] and game.combat_seconds == 10


def test_r3_order_greatest_failure_first_success_last_ties_in_listing_order():
    game = table("Artie", "Xavier", "Mabel", "Bruno")
    # targets: Artie 9, Xavier 9, Mabel 5, Bruno 6
    game.rig(dice=[4, 4, 10, 11]).start_combat(["Artie", "Xavier", "Mabel", "Bruno"])
    assert game.combat.order == ["Mabel", "Bruno", "Artie", "Xavier"]
    rev = table("Artie", "Xavier", initiative_ties="reverse listing")
    rev.rig(dice=[4, 4]).start_combat(["Artie", "Xavier"])
    assert rev.combat.order == ["Xavier", "Artie"]


def test_r3_later_modifier_recomputes_degree_from_the_original_roll_and_keeps_order():
    game = duel()
    changed = game.modify_initiative("Xavier", 8)
    assert (changed.roll, changed.target, changed.degree, changed.success) == (15, 17, 2, True)
    assert game.combat.initiative["Xavier"].roll == 15
    assert game.combat.order == ["Xavier", "Artie"]
    game.wait("Artie")
    game.next_round()
    assert game.combat.order == ["Xavier", "Artie"]


def test_r3_table_option_resorts_from_the_next_round():
    game = table("Artie", "Xavier", initiative_resort=True)
    game.rig(dice=[2, 15]).start_combat(["Artie", "Xavier"])
    game.modify_initiative("Xavier", 10)  # 19 − 15: degree 4, a success
    game.modify_initiative("Artie", -8)  # 1 − 2: degree −1, now a failure
    assert game.combat.order == ["Xavier", "Artie"]
    game.wait("Artie")
    game.next_round()
    assert game.combat.order == ["Artie", "Xavier"]


def test_r3_ambush_free_round_only_when_every_ambushed_fails():
    game = table("Artie", "Xavier", "Mabel")
    started = game.rig(dice=[2, 3, 4, 15, 18]).start_combat(["Artie", "Mabel", "Xavier"], ambushers=["Xavier"])
    assert started.free_round and game.combat_round == 0 and game.may_act == ["Xavier"]
    assert [t.character for t in started.ambush_tests] == ["Artie", "Mabel"]
    with pytest.raises(OutOfTurnError, match="ambushed"):
        game.walk("Artie")
    assert game.allowed_defences("Artie", "ranged") == ["none"]
    with pytest.raises(IllegalActionError, match=r"ambushed.*R-3"):
        game.attack("Xavier", "Artie", weapon="Rifle", defence="cover")
    hit = game.rig(dice=[5]).attack("Xavier", "Artie", weapon="Rifle")
    assert hit.defence is None and hit.defence_choice == "none" and hit.net == (6 + 6 + 2) - 5
    again = table("Artie", "Xavier", "Mabel")
    started = again.rig(dice=[2, 3, 4, 15, 1]).start_combat(["Artie", "Mabel", "Xavier"], ambushers=["Xavier"])
    assert not started.free_round and again.combat_round == 1


def test_r4_one_action_a_round_and_strict_declaration_order():
    game = table("Artie", "Xavier")
    game.rig(dice=[2, 3]).start_combat(["Artie", "Xavier"])  # Artie degree 7, Xavier 6: Xavier first
    with pytest.raises(OutOfTurnError, match="Xavier's turn"):
        game.walk("Artie")
    walked = game.walk("Xavier")
    assert walked.yards == 6
    with pytest.raises(OutOfTurnError, match="already acted"):
        game.walk("Xavier")
    with pytest.raises(PendingActionError, match="Artie"):
        game.next_round()
    ran = game.run("Artie")
    assert ran.yards == 21 and "Artie" in game.combat.ran
    assert game.allowed_defences("Artie") == ["none"]
    nxt = game.next_round()
    assert nxt.round == 2 and nxt.combat_seconds == 10 and game.state.clock == 5
    assert game.allowed_defences("Artie") == ["dodge", "parry", "none"]


def test_r4_aim_gives_the_table_bonus_to_barking_irons_next_round_only():
    game = table("Artie", "Xavier", aim_bonus=3)
    game.rig(dice=[2, 3]).start_combat(["Artie", "Xavier"])
    game.aim("Xavier", weapon="Rifle")
    game.wait("Artie")
    game.next_round()
    shot = game.rig(dice=[10, 20]).attack("Xavier", "Artie", weapon="Rifle", defence="cover", cover=2)
    assert ("aim", 3) in shot.attack.bonuses and shot.attack.target == 6 + 6 + 2 + 3
    assert shot.defence.target == 7 + 4 + 2
    game.wait("Artie")
    game.next_round()
    later = game.rig(dice=[10]).attack("Xavier", "Artie", weapon="Rifle", defence="none")
    assert not any(label == "aim" for label, _ in later.attack.bonuses)
    with pytest.raises(IllegalActionError, match="Barking Irons"):
        game.aim("Artie", weapon="Sword")


def test_r4_attack_and_defend_is_minus_two_on_both_and_allows_more_melee_defences():
    game = table("Artie", "Xavier", "Bruno")
    game.rig(dice=[1, 2, 3]).start_combat(["Artie", "Xavier", "Bruno"])  # degrees 8, 7, 3
    assert game.combat.order == ["Bruno", "Xavier", "Artie"]
    first = game.rig(dice=[10, 10]).attack("Bruno", "Xavier", defence="parry")
    assert first.weapon == "Unarmed" and first.track == "stamina"
    both = game.rig(dice=[5, 19]).attack_and_defend("Xavier", "Bruno", weapon="Sword", defence="dodge")
    assert both.attack.target == 6 + 5 - 2 and ("attack and defend", -2) in both.attack.bonuses
    assert game.allowed_defences("Xavier") == ["dodge", "parry", "none"]
    parry = game.rig(dice=[10, 3]).attack("Artie", "Xavier", weapon="Sword", defence="parry")
    assert parry.defence.target == 6 + 5 - 2


def test_r4_one_melee_defence_a_round_without_attack_and_defend():
    game = table("Artie", "Xavier", "Bruno")
    game.rig(dice=[1, 2, 3]).start_combat(["Artie", "Xavier", "Bruno"])
    game.rig(dice=[10, 10]).attack("Bruno", "Artie")
    assert game.allowed_defences("Artie", "melee") == ["none"]
    with pytest.raises(IllegalActionError, match="already defended"):
        game.attack("Xavier", "Artie", weapon="Sword", defence="dodge")
    second = game.rig(dice=[10]).attack("Xavier", "Artie", weapon="Sword")
    assert second.defence is None and second.defence_choice == "none"
    assert game.allowed_defences("Artie", "ranged") == ["cover", "none"]


def test_r4_withdraw_failure_gives_a_free_attack_that_uses_no_action():
    game = duel()
    game.wait("Artie")
    game.next_round()
    result = game.rig(dice=[8, 10]).withdraw("Xavier", ["Artie"])
    assert result.test.target == 11 and result.opponents[0].target == 14
    assert not result.escaped and result.free_attacks == ("Artie",)
    free = game.rig(dice=[6, 11]).free_attack("Artie", "Xavier", weapon="Sword", defence="dodge")
    assert free.free and free.hit and free.net == 10
    assert "Artie" not in game.combat.acted and game.current_combatant == "Artie"
    with pytest.raises(IllegalActionError, match="R-4"):
        game.free_attack("Artie", "Xavier")
    tie = duel()
    tie.wait("Artie")
    tie.next_round()
    assert tie.rig(dice=[8, 11]).withdraw("Xavier", ["Artie"]).escaped  # degree 3 each: the tie goes to Xavier
    assert tie.combat.free_attacks == []


def test_r4_free_actions_once_a_round_any_time():
    game = duel()
    game.say("Artie", "Have at you!")
    game.drop("Artie", "hat")
    game.shift("Artie")
    with pytest.raises(OutOfTurnError, match="R-4"):
        game.say("Artie", "And again!")
    with pytest.raises(OutOfTurnError, match="R-3"):
        game.shift("Xavier")
    game.wait("Artie")
    game.next_round()
    assert game.say("Xavier", "Yield!").free_action


def test_r5_attacker_failure_is_a_miss_even_against_a_worse_defence():
    game = duel()
    result = game.rig(dice=[20, 20]).attack("Artie", "Xavier", weapon="Sword", defence="dodge")
    assert not result.hit and result.damage == 0 and "fails" in result.reason


def test_r5_defender_degree_equal_to_attacker_is_a_miss():
    game = duel()
    result = game.rig(dice=[14, 9]).attack("Artie", "Xavier", weapon="Sword", defence="dodge")
    assert (result.attack.degree, result.defence.degree, result.hit) == (2, 2, False)


def test_r5_failed_defence_counts_zero_and_armour_can_absorb_everything():
    game = duel()
    result = game.rig(dice=[14, 15]).attack("Artie", "Xavier", weapon="Fists", defence="dodge")
    assert result.hit and result.net == 0 and result.defence.degree == -4
    assert result.damage == 0 and result.track == "stamina" and "absorbs" in result.reason


def test_r5_parry_uses_the_close_combat_skill_and_cover_only_against_ranged():
    game = duel()
    with pytest.raises(IllegalActionError, match="R-5"):
        game.attack("Artie", "Xavier", weapon="Sword", defence="cover")
    with pytest.raises(IllegalActionError, match="R-5"):
        game.attack("Artie", "Xavier", weapon="Pistol", defence="dodge")
    parry = game.rig(dice=[10, 10]).attack("Artie", "Xavier", weapon="Sword", defence="parry")
    assert parry.defence.skill == "Bash and Stab" and parry.defence.target == 11


def test_r5_damage_overflow_is_clamped_and_reported():
    game = duel()
    result = game.rig(dice=[1, 19]).attack("Artie", "Xavier", weapon="Sword", defence="dodge")
    assert result.damage == 3 + 15 - 1 and result.marked == 10 and result.excess == 7 and result.track_left == 0
    assert game.state.characters["Xavier"].physical_damage == 10


def test_three_round_ambush_scenario_checks_order_damage_and_tracks_every_round():
    game = table("Artie", "Mabel", "Xavier", "Bruno")
    # initiative: Artie 9 (roll 4, +5), Mabel 5 (12, −7), Xavier 9 (9, 0), Bruno 6 (10, −4); ambush: 15, 18
    started = game.rig(dice=[4, 12, 9, 10, 15, 18]).start_combat(
        ["Artie", "Mabel", "Xavier", "Bruno"], ambushers=["Xavier", "Bruno"])
    assert started.free_round and started.order == ("Mabel", "Bruno", "Xavier", "Artie")

    def char(name):
        return game.state.characters[name]

    # free round: only the ambushers act, the ambushed cannot defend actively
    assert game.may_act == ["Bruno", "Xavier"]
    punch = game.rig(dice=[3]).attack("Bruno", "Artie")
    assert (punch.track, punch.net, punch.damage) == ("stamina", 6, 1 + 6 - 1)
    with pytest.raises(OutOfTurnError):
        game.walk("Mabel")
    game.aim("Xavier", weapon="Rifle")
    assert (char("Artie").stamina_damage, char("Artie").physical_damage) == (6, 0)
    assert game.next_round().round == 1 and game.state.clock == 5

    # round 1: the two who succeeded at initiative
    assert game.may_act == ["Xavier", "Artie"]
    shot = game.rig(dice=[12, 9]).attack("Xavier", "Artie", weapon="Rifle", defence="cover", cover=2)
    assert shot.attack.target == 6 + 6 + 2 + 2 and shot.defence.target == 13 and not shot.hit  # tie to defender
    slash = game.rig(dice=[14, 10]).attack("Artie", "Xavier", weapon="Sword", defence="parry")
    assert slash.hit and slash.damage == 3
    assert (char("Xavier").physical_damage, char("Artie").physical_damage) == (3, 0)
    assert game.next_round().round == 2 and game.state.clock == 10

    # round 2: everyone, greatest failure first
    assert game.may_act == ["Mabel", "Bruno", "Xavier", "Artie"]
    game.run("Mabel")
    whiff = game.rig(dice=[20]).attack("Bruno", "Mabel")
    assert whiff.defence is None and not whiff.hit
    escape = game.rig(dice=[8, 10]).withdraw("Xavier", ["Artie"])
    assert escape.free_attacks == ("Artie",)
    free = game.rig(dice=[6, 11]).free_attack("Artie", "Xavier", weapon="Sword", defence="dodge")
    assert (free.damage, free.marked, free.excess) == (12, 7, 5)
    both = game.rig(dice=[2, 9]).attack_and_defend("Artie", "Bruno", weapon="Sword", defence="parry")
    assert both.attack.target == 14 and both.net == 12 and (both.marked, both.excess) == (6, 9)
    assert char("Xavier").physical_left == 0 and char("Bruno").physical_left == 0
    assert game.next_round().round == 3 and game.state.clock == 15

    # round 3: order kept
    assert game.may_act == ["Mabel", "Bruno", "Xavier", "Artie"]
    look = game.rig(dice=[2]).perceive("Mabel", skill="Investigator's Eye")
    assert look.test.target == 5 and look.test.success
    for name in ("Bruno", "Xavier"):
        game.wait(name)
    game.walk("Artie")
    ended = game.end_combat()
    assert ended.ended and ended.combat_seconds == 20 and game.state.clock == 20 and game.combat is None
    assert (char("Artie").stamina_left, char("Artie").physical_left) == (4, 8)
    assert char("Mabel").physical_left == 6


def test_combat_needs_a_start_and_only_one_at_a_time():
    game = table("Artie", "Xavier")
    with pytest.raises(IllegalActionError, match="R-3"):
        game.attack("Artie", "Xavier")
    game.start_combat(["Artie", "Xavier"])
    with pytest.raises(IllegalActionError, match="already"):
        game.start_combat(["Artie", "Xavier"])
    with pytest.raises(IllegalActionError, match="R-4"):
        game.advance_time(minutes=1)


def test_r4_invoking_a_pattern_charm_or_ephemera_is_the_rounds_one_action():
    game = table("Artie", "Xavier")
    game.rig(dice=[2, 3]).start_combat(["Artie", "Xavier"])  # Xavier declares first
    with pytest.raises(OutOfTurnError, match="Xavier's turn"):
        game.invoke("Artie", "Ward of Iron")
    invoked = game.invoke("Xavier", "Ward of Iron")
    assert (invoked.action, invoked.detail, invoked.free_action) == ("invoke", "invokes Ward of Iron", False)
    assert game.log[-1].args == {"character": "Xavier", "power": "Ward of Iron"}
    with pytest.raises(OutOfTurnError, match="already acted"):
        game.attack("Xavier", "Artie", weapon="Sword")
    with pytest.raises(MalformedInputError, match=r"must be named \(R-4\)\. name the pattern, charm or ephemera"):
        game.invoke("Artie", " ")
    assert game.current_combatant == "Artie"


def test_r3_initiative_success_of_degree_zero_acts_from_round_one():
    game = table("Artie", "Xavier")
    started = game.rig(dice=[9, 10]).start_combat(["Artie", "Xavier"])  # both targets 9
    assert started.initiative[0].degree == 0 and started.initiative[0].success
    assert started.acts_from == {"Artie": 1, "Xavier": 2}
    assert game.may_act == ["Artie"]
