"""F-2 card values, F-3 skill levels, F-5 joker values."""

import pytest
from ff_helpers import new_table

from kit.core.cards import Suit
from kit.falkefateifaux import LADDER, SKILLS, card_value


@pytest.mark.parametrize(
    ("card", "value"),
    [("2C", 2), ("10C", 10), ("JC", 11), ("QC", 12), ("KC", 13), ("AC", 14),
     ("2H", 0), ("5H", 0), ("6H", 1), ("10D", 5), ("JS", 6), ("QS", 7), ("KH", 8), ("AD", 9),
     ("RJ", 15), ("BJ", 0)],
)
def test_f2_card_value_in_and_out_of_suit_for_a_clubs_action(card, value):
    assert card_value(card, Suit.CLUBS) == value


def test_f2_granted_suit_lets_every_card_count_in_the_actions_suit():
    assert card_value("4H", "C", granted_suit="C") == 4
    assert card_value("KH", "C", granted_suit=Suit.CLUBS) == 13
    assert card_value("KH", "C", granted_suit="S") == 8  # a suit that is not the action's does not help
    assert card_value("BJ", "C", granted_suit="C") == 0


def test_f2_out_of_suit_4h_counts_0_not_1_in_the_gloves_example():
    assert card_value("4H", "C") == 0


def test_f3_skill_level_adds_in_full_great_adds_8():
    game = new_table("great")
    result = game.rig("5C").flip("Bruno", "Fisticuffs", target=13, guide=False)
    assert result.outcome == 5 + 8 and result.degree == 0
    assert result.band == "Barely a success"


def test_f3_the_ladder_and_the_sixteen_skills():
    assert LADDER == {"Extraordinary": 12, "Exceptional": 10, "Great": 8, "Good": 6, "Competent": 4, "Poor": 2}
    assert len(SKILLS) == 16
    for suit in Suit:
        assert sum(1 for s in SKILLS.values() if s is suit) == 4


def test_f3_modifiers_are_added_to_the_outcome():
    game = new_table("mods")
    result = game.rig("9C").flip("Ada", "Fisticuffs", target=10, modifier={"local renown": 3, "rain": -1},
                                 guide=False)
    assert result.outcome == 9 + 6 + 2
    assert {f.label for f in result.sides[0].plan.factors} == {"local renown (GM)", "rain (GM)"}


def test_f3_set_skill_moves_along_the_ladder():
    game = new_table("advance")
    game.set_skill("Ada", "fisticuffs", "Extraordinary")
    assert game.character("Ada").skills["Fisticuffs"] == 12
    result = game.rig("2C").flip("Ada", "Fisticuffs", target=14, guide=False)
    assert result.outcome == 14


def test_f5_joker_values():
    assert card_value("RJ", "H") == 15 and card_value("RJ", "S", granted_suit="S") == 15
    assert card_value("BJ", "D") == 0
