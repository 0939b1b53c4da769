"""F-6 adverbs and F-7 Fate tokens spent before a flip."""

import pytest
from ff_helpers import new_table, unchanged

from kit.core.errors import IllegalActionError, InsufficientTokensError, PendingActionError, UnknownNameError


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
    assert step.sides[0].plan.net == -1 and [c.code for c in step.sides[0].cards] == ["KC", "4C"]
    assert game.awaiting.action == "discard" and game.awaiting.count == 2
    unchanged(game, lambda: game.choose("Ada", "KC"), PendingActionError, "F-10")
    done = game.discard("Ada", ["2S", "3S"])
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
