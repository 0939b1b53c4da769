"""S-6 Serious consequences: flagged with the attribute's table row while it is 0, cleared when it rises."""

from sp_helpers import set_values

from kit.suitpairs import Attribute

TABLE = {
    "Strength": "You pass out, you get a serious injury or die.",
    "Intelligence": "You space out, loose focus or go insane.",
    "Dexterity": "You get sore, incapacitated or permanently paralyzed.",
    "Charisma": "You loose motivation, suffer permanent emotional damage or give up completely.",
}


def test_s6_the_table_rows_are_the_texts():
    assert {a.title: a.serious_consequence for a in Attribute} == TABLE


def test_s6_no_flags_while_every_attribute_is_above_zero(game):
    assert game.serious_consequences("Mira") == {}
    assert "Serious" not in str(game.describe_state())


def test_s6_a_failed_check_that_drops_an_attribute_to_zero_flags_it(game):
    set_values(game, strength=1, defy=0)
    game.rig(dice=[1, 1]).check("Mira", "Defy", "Easy")
    result = game.accept("Mira")
    assert game.serious_consequences("Mira") == {"Strength": TABLE["Strength"]}
    assert result.to_dict()["serious"] == {"started": {"Strength": TABLE["Strength"]}, "ended": []}
    state = game.describe_state()
    assert state.sections[0].tone == "warning"
    assert f"Serious consequences (S-6): Strength is 0 — {TABLE['Strength']}" in state.sections[0].notes


def test_s6_every_attribute_at_zero_is_flagged_with_its_own_row(game):
    set_values(game, strength=0, intelligence=0, dexterity=0, charisma=0)
    assert game.serious_consequences("Mira") == TABLE
    assert game.log[-1].outcome["serious"]["started"] == {"Charisma": TABLE["Charisma"]}


def test_s6_the_flag_clears_when_the_attribute_rises(game):
    set_values(game, dexterity=0)
    assert list(game.serious_consequences("Mira")) == ["Dexterity"]
    game.rig(dice=[5, 5]).check("Mira", "Stealth", "Easy")
    result = game.accept("Mira")
    assert game.character("Mira").attributes["Dexterity"] == 1
    assert game.serious_consequences("Mira") == {}
    assert result.serious.ended == ("Dexterity",)
    assert "Mira's Dexterity rose above 0: its serious consequences end (S-6)." in str(result)


def test_s6_gm_award_clears_and_take_away_flags(game):
    taken = game.take_away("Mira", "Intelligence", 2, reason="a night without sleep")
    assert taken.serious.started == ("Intelligence",)
    awarded = game.award("Mira", "Intelligence", 1, reason="coffee")
    assert awarded.serious.ended == ("Intelligence",)
    assert game.serious_consequences("Mira") == {}


def test_s6_reroll_payment_to_zero_flags_and_stays_until_raised(game):
    set_values(game, intelligence=1, charisma=4)
    game.rig(dice=[2, 2]).check("Mira", "Analyze", "Hard")
    game.rig(dice=[6, 6]).reroll("Mira", pay="Intelligence")
    assert "Intelligence" in game.serious_consequences("Mira")
    game.accept("Mira")  # success: Intelligence 0 + 1 = 1
    assert game.serious_consequences("Mira") == {}
