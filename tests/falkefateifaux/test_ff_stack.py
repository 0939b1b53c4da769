"""F-4 stack size and chooser, F-5 jokers in a stack."""

import pytest
from ff_helpers import new_table

from kit.core.cards import Suit, parse_cards
from kit.falkefateifaux import Factor, choose_card, chooser_for, net_advantage, stack_size


@pytest.mark.parametrize(("net", "size", "has_opponent", "chooser"), [
    (0, 1, True, "flipper"), (2, 3, False, "flipper"), (-1, 2, True, "opponent"),
    (-1, 2, False, "lowest"), (-3, 4, True, "opponent"),
])
def test_f4_stack_size_and_chooser(net, size, has_opponent, chooser):
    assert stack_size(net) == size
    assert chooser_for(net, has_opponent) == chooser


def test_f4_net_advantage_counts_pluses_less_minuses():
    factors = [Factor("gloves", 1), Factor("distracted", -1), Factor("exhausted", -1), Factor("fate", 2),
               Factor("winded", 0, -2)]
    assert net_advantage(factors) == 1


def test_f4_one_card_at_net_zero_resolves_at_once_without_a_choice():
    game = new_table("zero")
    result = game.rig("7C").flip("Ada", "Fisticuffs", target=10, guide=False)
    assert result.resolved and result.step == "flip"
    assert result.sides[0].choice_reason == "the only card flipped (F-4)"
    assert game.state.pending is None


def test_f4_at_advantage_the_flipper_chooses_among_n_plus_1_cards():
    game = new_table("adv")
    step = game.rig("2C 9C KH").flip("Ada", "Fisticuffs", target=10, plus=["high ground", "surprise"], guide=False)
    assert len(step.sides[0].cards) == 3 and not step.resolved
    assert game.awaiting.character == "Ada" and game.awaiting.options == ("2C", "9C", "KH")
    result = game.choose("Ada", "9C")
    assert result.resolved and result.outcome == 15 and result.sides[0].chosen_by == "Ada"


def test_f4_at_disadvantage_with_no_opponent_the_lowest_card_is_taken():
    game = new_table("low")
    result = game.rig("KC 3C").flip("Ada", "Fisticuffs", target=5, minus=1, guide=False)
    assert result.resolved
    assert result.chosen == "3C" and result.outcome == 9
    assert result.sides[0].chosen_by == "the rules"


def test_f4_at_disadvantage_the_opponent_chooses_in_a_contest():
    game = new_table("contest-dis")
    game.rig("KC 3C 5H").flip("Ada", "Fisticuffs", against="Bruno", against_skill="Fisticuffs", minus=1,
                             against_guide=False)
    assert game.awaiting.character == "Bruno" and game.awaiting.options == ("KC", "3C")
    result = game.choose("Bruno", "3C")
    assert result.resolved
    assert result.sides[0].outcome == 9 and result.sides[1].outcome == 8
    assert result.degree == 1


def test_f5_black_joker_is_forced_even_with_red_joker_granted_suit_and_advantage():
    game = new_table("black")
    result = game.rig("RJ BJ AC").flip("Ada", "Fisticuffs", target=5, plus=1, boost=False, suit=True,
                                       guide=False)
    assert result.resolved and result.chosen == "BJ"
    assert result.outcome == 6 and result.sides[0].choice_reason == "the Black Joker must be taken (F-5)"
    assert game.character("Ada").fate == 2  # the suit spend still cost a token


def test_f5_black_joker_forced_at_disadvantage_even_with_an_opponent():
    game = new_table("black-dis")
    result = game.rig("BJ 2H").flip("Ada", "Fisticuffs", target=5, against="Bruno", minus=1)
    assert result.resolved and result.chosen == "BJ"


def test_f5_red_joker_may_be_taken_by_the_flipper_at_disadvantage():
    game = new_table("red")
    game.rig("2H RJ").flip("Ada", "Fisticuffs", target=10, against="Bruno", minus=1)
    assert game.awaiting.character == "Ada" and game.awaiting.options == ("RJ", None)
    result = game.choose("Ada", "RJ")
    assert result.resolved and result.outcome == 21 and result.sides[0].chosen_by == "Ada"
    assert "Red Joker" in result.sides[0].choice_reason


def test_f5_declining_the_red_joker_leaves_the_choice_to_the_opponent():
    game = new_table("red-declined")
    game.rig("2H RJ").flip("Ada", "Fisticuffs", target=10, against="Bruno", minus=1)
    game.choose("Ada", None)
    assert game.awaiting.character == "Bruno" and game.awaiting.options == ("2H", "RJ")
    result = game.choose("Bruno", "2H")
    assert result.outcome == 6


def test_f5_choose_card_models_every_chooser():
    cards = parse_cards("2H KC RJ")
    assert choose_card(cards, Suit.CLUBS, chooser="flipper").index == 2
    assert choose_card(cards, Suit.CLUBS, chooser="opponent").index == 2  # the flipper takes the Red Joker
    assert choose_card(cards, Suit.CLUBS, chooser="opponent", flipper_takes_red_joker=False).index == 0
    assert choose_card(parse_cards("KC 2H"), Suit.CLUBS, chooser="lowest").index == 1
    pick = choose_card(parse_cards("RJ AC BJ"), Suit.CLUBS, chooser="flipper")
    assert pick.index == 2 and pick.forced


def test_f4_at_net_zero_with_an_opponent_one_card_is_taken_and_nobody_chooses():
    game = new_table("zero-opponent")
    plan = game.plan_flip("Ada", "Fisticuffs", target=8, against="Bruno")
    assert plan.sides[0].stack_size == 1 and plan.sides[0].chooser.startswith("Ada")
    result = game.rig("9H").flip("Ada", "Fisticuffs", target=8, against="Bruno", guide=False)
    assert result.resolved and result.chosen == "9H"
    assert result.sides[0].chosen_by == "the rules"
    assert result.outcome == 4 + 6 and result.degree == 2


def test_f4_at_advantage_with_an_opponent_the_flipper_still_chooses():
    game = new_table("adv-opponent")
    game.rig("2C 9C").flip("Ada", "Fisticuffs", target=8, against="Bruno", plus=1, guide=False)
    assert game.awaiting.character == "Ada" and game.awaiting.options == ("2C", "9C")
    result = game.choose("Ada", "9C")
    assert result.resolved and result.outcome == 15 and result.sides[0].chosen_by == "Ada"


def test_f5_black_joker_forced_at_disadvantage_with_the_red_joker_there_and_no_red_joker_offer():
    game = new_table("black-red-dis")
    result = game.rig("RJ BJ").flip("Ada", "Fisticuffs", target=5, against="Bruno", minus=1)
    assert result.resolved and result.chosen == "BJ" and result.outcome == 6
    assert result.sides[0].chosen_by == "the rules"


def test_f5_red_joker_may_be_taken_at_disadvantage_with_no_opponent():
    game = new_table("red-alone", ada_hand="4S QH AC 2D KH", bruno_hand="AS 5C JH 6D 7D")
    step = game.rig("2H RJ 3C").flip("Ada", "Fisticuffs", target=10, minus=2)
    assert not step.resolved
    assert game.awaiting.character == "Ada" and game.awaiting.options == ("RJ", None)
    result = game.choose("Ada", "RJ")
    assert result.resolved and result.chosen == "RJ" and result.outcome == 21


def test_f5_leaving_the_red_joker_with_no_opponent_takes_the_lowest_card():
    game = new_table("red-alone-left", ada_hand="4S QH AC 2D KH", bruno_hand="AS 5C JH 6D 7D")
    game.rig("2H RJ 3C").flip("Ada", "Fisticuffs", target=10, minus=2)
    result = game.choose("Ada", None)
    assert result.resolved and result.chosen == "2H" and result.outcome == 6
    assert result.sides[0].chosen_by == "the rules"


def test_f5_red_joker_counts_15_in_every_suit_in_a_flip():
    game = new_table("red-suits")
    for skill, level in (("Fisticuffs", 6), ("Magic", 6), ("Courage", 6), ("Society", 2)):
        deck = "magic" if skill == "Magic" else "fate"
        result = game.rig("RJ", deck=deck).flip("Ada", skill, target=8, guide=False)
        assert result.outcome == 15 + level
