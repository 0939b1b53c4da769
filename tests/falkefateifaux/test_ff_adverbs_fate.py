"""F-6 adverbs and F-7 Fate tokens spent before a flip."""

import pytest
from ff_helpers import new_table, unchanged

from kit.core.cards import Card
from kit.core.errors import (
    IllegalActionError,
    InsufficientTokensError,
    PendingActionError,
    RulesError,
    UnknownNameError,
)


def test_f6_a_positive_adverb_gives_plus():
    game = new_table("adverb")
    plan = game.plan_flip("Ada", "Fisticuffs", target=8, adverb="Swiftly")
    assert plan.sides[0].net == 1
    assert plan.sides[0].factors[0].label == "adverb 'swiftly' (F-6)"


def test_f6_the_negative_adverb_gives_minus_and_draws_two_at_once_forcing_a_discard():
    game = new_table("negative")
    step = game.rig("2S 3S KC 4C").flip("Ada", "Fisticuffs", target=8, adverb="clumsily", guide=False)
    assert step.adverb_draws == {"Ada": ["2S", "3S"]}
    assert len(game.character("Ada").hand) == 7
    assert step.sides[0].plan.net == -1 and step.sides[0].cards == ()  # F-10: the discard comes first
    assert game.awaiting.action == "discard" and game.awaiting.count == 2
    unchanged(game, lambda: game.choose("Ada", "KC"), PendingActionError, "F-10")
    done = game.discard("Ada", ["2S", "3S"])
    assert [c.code for c in done.flip.sides[0].cards] == ["KC", "4C"]
    assert game.state.pending is None  # the lowest card was taken once the discard was done
    assert done.awaiting is None and done.flip.resolved and done.flip.chosen == "4C"
    assert done.flip.step == "discard" and "4♣" in str(done)


def test_f6_at_most_one_adverb_an_action():
    game = new_table("two")
    error = unchanged(game, lambda: game.flip("Ada", "Fisticuffs", target=8, adverb=["swiftly", "boldly"]),
                      IllegalActionError, "F-6")
    assert "single adverb" in str(error)


def test_f6_only_the_characters_own_adverbs():
    game = new_table("own")
    error = unchanged(game, lambda: game.flip("Ada", "Fisticuffs", target=8, adverb="brutally"),
                      UnknownNameError, "F-6")
    assert "swiftly" in str(error)


def test_f7_boost_gives_plus_plus_for_one_token():
    game = new_table("boost")
    step = game.rig("2C 5C 9C").flip("Ada", "Fisticuffs", target=8, boost=True, guide=False)
    assert step.sides[0].plan.net == 2 and len(step.sides[0].cards) == 3
    assert game.character("Ada").fate == 2
    assert step.spent == {"Ada": {"Fate": 1}}


def test_f7_granting_a_suit_counts_every_card_in_suit():
    game = new_table("suit")
    result = game.rig("KH").flip("Ada", "Fisticuffs", target=8, suit="Clubs", guide=False)
    assert result.outcome == 13 + 6
    assert "granted" in result.sides[0].cards[0].reason


def test_f7_hinder_gives_the_opponent_minus():
    game = new_table("hinder")
    plan = game.plan_flip("Ada", "Fisticuffs", against="Bruno", against_skill="Athletics", hinder=True,
                          against_hinder=True)
    assert plan.sides[0].net == -1 and plan.sides[1].net == -1
    assert plan.sides[0].tokens == 1 and plan.sides[1].tokens == 1


def test_f7_burning_fate_tokens_pay_first():
    game = new_table("burning", ada_hand="2C 3C 4C 5C 6C")
    game.trust_the_fates("Ada", ["2C", "3C", "4C", "5C"])
    step = game.flip("Ada", "Fisticuffs", target=8, boost=True, suit=True, guide=False)
    while game.awaiting:
        game.choose("Ada", game.awaiting.options[0])
    assert step.spent == {"Ada": {"Burning Fate": 1, "Fate": 1}}
    assert game.character("Ada").burning == 0 and game.character("Ada").fate == 2


def test_f7_spending_tokens_one_does_not_have_is_refused():
    game = new_table("broke")
    game.award_fate("Ada", -2, "lost a bet")
    error = unchanged(game, lambda: game.flip("Ada", "Fisticuffs", against="Bruno", against_skill="Athletics",
                                              boost=True, hinder=True), InsufficientTokensError, "F-7")
    assert "1 Fate" in str(error)


def test_f7_hinder_needs_an_opposing_stack():
    game = new_table("hinder-alone")
    unchanged(game, lambda: game.flip("Ada", "Fisticuffs", target=8, hinder=True), IllegalActionError, "F-7")


@pytest.mark.parametrize("spend", [{"boost": True}, {"suit": "C"}])
def test_f7_plan_flip_changes_nothing(spend):
    game = new_table("plan")
    before, length = game.fingerprint(), len(game.log)
    plan = game.plan_flip("Ada", "Fisticuffs", target=8, **spend)
    assert plan.sides[0].tokens == 1
    assert game.fingerprint() == before and len(game.log) == length


def test_f7_a_burning_fate_token_pays_to_hinder_the_opponent():
    game = new_table("burning-hinder", ada_hand="2C 3C 4C 5C 6C")
    game.award_fate("Ada", -3, "spent")
    game.trust_the_fates("Ada", ["2C", "3C", "4C", "5C"])
    step = game.flip("Ada", "Fisticuffs", against="Bruno", against_skill="Athletics", hinder=True, guide=False,
                     against_guide=False)
    assert step.spent == {"Ada": {"Burning Fate": 1}}
    assert step.sides[1].plan.net == -1
    ada = game.character("Ada")
    assert ada.burning == 0 and ada.fate == 0


def test_f7_a_burning_fate_token_pays_for_the_opponents_hinder_outside_a_contest():
    game = new_table("burning-against", bruno_hand="2C 3C 4C 5C 6C")
    game.award_fate("Bruno", -3, "spent")
    game.trust_the_fates("Bruno", ["2C", "3C", "4C", "5C"])
    step = game.rig("KC 3C").flip("Ada", "Fisticuffs", target=8, against="Bruno", against_hinder=True)
    assert step.spent == {"Bruno": {"Burning Fate": 1}}
    assert step.sides[0].plan.net == -1 and game.awaiting.character == "Bruno"
    assert game.character("Bruno").burning == 0


@pytest.mark.parametrize("kwargs", [{"suit": "Z"}, {"granted_suit": "Stars"}])
def test_f7_a_suit_that_is_not_a_suit_is_refused_citing_f7(kwargs):
    game = new_table("bad-suit")
    error = unchanged(game, lambda: game.flip("Ada", "Fisticuffs", target=8, **kwargs), RulesError, "F-7")
    assert error.allowed and "Clubs" in str(error)


def test_f6_f10_the_negative_adverbs_discard_comes_before_the_stack_is_flipped():
    game = new_table("adverb-first", ada_hand="2C 3C 4C 5C 6C")
    step = game.rig("2S 3S KC 4C").flip("Ada", "Fisticuffs", target=8, adverb="clumsily", guide=False)
    assert step.sides[0].cards == () and not step.resolved
    assert "2 to flip (after the discard, F-10)" in str(step)
    assert game.awaiting.action == "discard" and game.awaiting.count == 2
    assert game.unseen_cards("Ada").count(Card.parse("KC")) == 2  # not flipped yet
    done = game.discard("Ada", ["2S", "3S"])
    assert [c.code for c in done.flip.sides[0].cards] == ["KC", "4C"]
    assert done.flip.resolved and done.flip.chosen == "4C"


def test_f6_f10_the_opposing_sides_negative_adverb_draws_and_discards_before_the_flip():
    game = new_table("against-adverb")
    step = game.rig("2S 3S 9C 8C 7C").flip("Ada", "Fisticuffs", against="Bruno", against_skill="Athletics",
                                           against_adverb="slowly", guide=False, against_guide=False)
    assert step.adverb_draws == {"Bruno": ["2S", "3S"]} and step.sides[0].cards == ()
    assert game.awaiting.character == "Bruno" and game.awaiting.action == "discard"
    done = game.discard("Bruno", ["2S", "3S"])
    assert [c.code for c in done.flip.sides[0].cards] == ["9C"]
    assert [c.code for c in done.flip.sides[1].cards] == ["8C", "7C"]
    assert done.flip.awaiting.character == "Ada"  # Ada chooses Bruno's card at his disadvantage (F-4)
