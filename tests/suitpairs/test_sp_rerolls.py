"""S-4 Reroll: pay 1 point of the skill's primary or secondary attribute to roll 2d6 again."""

from sp_helpers import refused, set_values

from kit.core.errors import IllegalActionError, InsufficientTokensError, UnknownNameError


def test_s4_reroll_pays_one_point_and_the_new_roll_replaces_the_old(game):
    game.rig(dice=[2, 3]).check("Mira", "Defy", "Hard")
    result = game.rig(dice=[6, 4]).reroll("Mira", pay="Strength")
    assert game.character("Mira").attributes["Strength"] == 2
    assert result.dice == (6, 4) and result.replaced == (2, 3) and result.success
    assert result.attempt == 2 and result.paid == "Strength"
    assert [c.to_dict() for c in result.changes] == [
        {"character": "Mira", "kind": "attribute", "name": "Strength", "before": 3, "after": 2, "cause": "reroll"}
    ]
    pending = game.pending("Mira")
    assert pending.dice == [6, 4] and pending.replaced == [[2, 3]] and pending.paid == ["Strength"]


def test_s4_the_secondary_attribute_may_pay(game):
    game.rig(dice=[2, 3]).check("Mira", "Defy", "Hard")
    game.rig(dice=[1, 2]).reroll("Mira", pay="♦")
    assert game.character("Mira").attributes == {"Strength": 3, "Intelligence": 1, "Dexterity": 2, "Charisma": 3}


def test_s4_the_new_roll_stands_even_when_it_is_worse(game):
    game.rig(dice=[5, 4]).check("Mira", "Defy", "Hard")
    result = game.rig(dice=[1, 2]).reroll("Mira", pay="Strength")
    assert not result.success
    assert not game.accept("Mira").success


def test_s4_rerolls_repeat_while_points_remain(game):
    game.rig(dice=[1, 2]).check("Mira", "Defy", "Impossible")
    for dice in ([2, 2], [3, 2], [2, 4], [3, 4]):
        game.rig(dice=dice).reroll("Mira", pay="Strength" if game.character("Mira").attributes["Strength"] else "D")
    mira = game.character("Mira")
    assert mira.attributes["Strength"] == 0 and mira.attributes["Intelligence"] == 1
    assert game.pending("Mira").rolls == 5
    game.rig(dice=[5, 5]).reroll("Mira", pay="Intelligence")
    with refused(game, InsufficientTokensError, r"Strength is 0 and an attribute at 0 cannot pay \(S-4\)\. Accept"):
        game.reroll("Mira", pay="Strength")
    assert game.accept("Mira").rolls == 6


def test_s4_spending_to_zero_is_allowed_and_triggers_s6(game):
    set_values(game, strength=1, charisma=5)
    game.rig(dice=[2, 2]).check("Mira", "Defy", "Hard")
    result = game.rig(dice=[3, 3]).reroll("Mira", pay="Strength")
    assert game.character("Mira").attributes["Strength"] == 0
    assert result.serious.started == ("Strength",)
    assert game.serious_consequences("Mira") == {"Strength": "You pass out, you get a serious injury or die."}
    assert "Serious consequences for Mira (S-6): Strength is 0" in str(result)


def test_s4_an_attribute_at_zero_cannot_pay(game):
    set_values(game, strength=0, charisma=5, dexterity=3)
    game.rig(dice=[2, 2]).check("Mira", "Defy", "Hard")
    with refused(game, InsufficientTokensError, r"Strength is 0 .*\(S-4\)\. Pay with Intelligence \(2\)"):
        game.reroll("Mira", pay="Strength")


def test_s4_an_attribute_not_tied_to_the_skill_cannot_pay(game):
    game.rig(dice=[2, 2]).check("Mira", "Defy", "Hard")
    with refused(game, IllegalActionError,
                 r"Charisma is not tied to ♠♦ Defy \(primary Strength, secondary Intelligence\) \(S-4\)\. "
                 r"Pay with Strength or Intelligence"):
        game.reroll("Mira", pay="Charisma")
    with refused(game, UnknownNameError, r"attribute 'Luck'"):
        game.reroll("Mira", pay="Luck")


def test_s4_a_double_suit_skill_is_paid_by_its_one_attribute(game):
    game.rig(dice=[2, 2]).check("Mira", "Analyze", "Hard")
    with refused(game, IllegalActionError, r"Pay with Intelligence\."):
        game.reroll("Mira", pay="Strength")
    game.rig(dice=[4, 4]).reroll("Mira", pay="Intelligence")
    assert game.character("Mira").attributes["Intelligence"] == 1


def test_s4_no_reroll_without_a_roll_or_after_accepting(game):
    with refused(game, IllegalActionError, r"Mira has no pending check .*\(S-4\)"):
        game.reroll("Mira", pay="Strength")
    game.rig(dice=[2, 2]).check("Mira", "Defy", "Hard")
    game.accept("Mira")
    with refused(game, IllegalActionError, r"an accepted check cannot be rerolled\) \(S-4\)"):
        game.reroll("Mira", pay="Strength")


def test_s4_the_pending_roll_lists_what_may_still_pay(game):
    game.rig(dice=[2, 2]).check("Mira", "Defy", "Hard")
    result = game.rig(dice=[2, 3]).reroll("Mira", pay="Intelligence")
    assert result.payable == {"Strength": 3, "Intelligence": 1}
    text = str(result)
    assert "~2~ ~2~ [2] [3]" in text and "Paid: 1 Intelligence (2 → 1)" in text


def test_s4_an_unknown_payer_is_refused_naming_the_attributes_that_may_pay(game):
    game.rig(dice=[2, 2]).check("Mira", "Help", "Hard")
    with refused(game, UnknownNameError,
                 r"attribute 'Luck' to reroll Help: is not one of the four attributes \(S-4\)\. "
                 r"Pay with Charisma or Intelligence"):
        game.reroll("Mira", pay="Luck")
    with refused(game, UnknownNameError, r"attribute None .*\(S-4\)\. Pay with Charisma or Intelligence"):
        game.reroll("Mira", pay=None)
    assert game.pending("Mira").rolls == 1
