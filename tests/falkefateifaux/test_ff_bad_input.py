"""Refused input: each a RulesError citing its ruling, with the game unchanged."""

import pytest
from ff_helpers import new_table, unchanged

from kit.core.errors import (
    IllegalActionError,
    InsufficientTokensError,
    MalformedInputError,
    NotHeldError,
    OutOfTurnError,
    PendingActionError,
    RulesError,
    UnknownNameError,
)


def test_unknown_skill_in_a_flip_is_refused_f14():
    game = new_table("skill")
    error = unchanged(game, lambda: game.flip("Ada", "Sorcery", target=8), UnknownNameError, "F-14")
    assert "Athletics" in str(error)


def test_unknown_card_is_refused_f1():
    game = new_table("card", ada_hand="QC 2H 3H 4S 5S")
    game.rig("3C").flip("Ada", "Fisticuffs", target=14)
    unchanged(game, lambda: game.guide("Ada", "11H"), MalformedInputError, "F-1")
    unchanged(game, lambda: game.rig("ZZ"), MalformedInputError, "F-1")


def test_unknown_character_is_refused():
    game = new_table("who")
    error = unchanged(game, lambda: game.flip("Zed", "Athletics", target=8), UnknownNameError, "F-14")
    assert "Ada" in str(error) and "Bruno" in str(error)


def test_playing_a_card_one_does_not_hold_f8_f11():
    game = new_table("held", ada_hand="QC 2H 3H 4S 5S")
    unchanged(game, lambda: game.trust_the_fates("Ada", ["QC", "QC", "2H", "3H"]), NotHeldError, "F-11")
    game.rig("3C").flip("Ada", "Fisticuffs", target=14)
    unchanged(game, lambda: game.guide("Ada", "KD"), NotHeldError, "F-8")


def test_spending_tokens_one_does_not_have_f7():
    game = new_table("tokens")
    game.award_fate("Ada", -3)
    unchanged(game, lambda: game.flip("Ada", "Athletics", target=8, boost=True), InsufficientTokensError, "F-7")
    unchanged(game, lambda: game.mulligan("Ada"), InsufficientTokensError, "F-11")


def test_acting_while_a_forced_discard_is_pending_f10():
    game = new_table("pending")
    game.prepare("Ada")
    error = unchanged(game, lambda: game.flip("Bruno", "Athletics", target=8), PendingActionError, "F-10")
    assert "Ada must first discard 2 cards" in str(error)


def test_guiding_fate_at_disadvantage_f8():
    game = new_table("guide-dis", ada_hand="QC 2H 3H 4S 5S")
    game.rig("3C 9C").flip("Ada", "Fisticuffs", against="Bruno", against_skill="Athletics", minus=1)
    unchanged(game, lambda: game.guide("Ada", "QC"), IllegalActionError, "F-8")


def test_a_second_adverb_f6():
    game = new_table("adverbs")
    unchanged(game, lambda: game.flip("Ada", "Athletics", target=8, adverb=["swiftly", "clumsily"]),
              IllegalActionError, "F-6")


def test_choosing_out_of_turn_or_a_card_not_in_the_stack_f4():
    game = new_table("choose")
    game.rig("2C 9C").flip("Ada", "Fisticuffs", target=8, plus=1)
    unchanged(game, lambda: game.choose("Bruno", "9C"), OutOfTurnError, "F-4")
    unchanged(game, lambda: game.choose("Ada", "AS"), NotHeldError, "F-4")
    unchanged(game, lambda: game.choose("Ada", None), MalformedInputError, "F-4")


def test_choose_or_guide_with_no_flip_f4_f8():
    game = new_table("noflip")
    unchanged(game, lambda: game.choose("Ada", "2C"), IllegalActionError, "F-4")
    unchanged(game, lambda: game.guide("Ada", None), IllegalActionError, "F-8")


@pytest.mark.parametrize("kwargs", [
    {"target": "eight"}, {"target": True}, {"plus": -1}, {"minus": True}, {"modifier": "lots"},
    {"against_plus": 1}, {"against_skill": "Athletics"}, {"boost": "yes"}, {"suit": 3},
    {"duration": "forever"},
])
def test_malformed_flip_arguments_are_refused(kwargs):
    game = new_table("malformed")
    error = unchanged(game, lambda: game.flip("Ada", "Athletics", **kwargs), RulesError, "F-")
    assert error.ruling


def test_a_contest_with_a_target_or_oneself_is_refused_f9():
    game = new_table("contest")
    unchanged(game, lambda: game.flip("Ada", "Athletics", target=8, against="Bruno", against_skill="Athletics"),
              MalformedInputError, "F-9")
    unchanged(game, lambda: game.flip("Ada", "Athletics", against="ada", against_skill="Athletics"),
              IllegalActionError, "F-9")


def test_a_bad_table_option_is_refused_f1():
    from kit.falkefateifaux import FalkeFateiFauxGame

    with pytest.raises(RulesError, match="F-1"):
        FalkeFateiFauxGame("x", fate_decks=0, practice=True)


@pytest.mark.parametrize(("call", "ruling"), [
    (lambda g: g.flip("Ada", "Athletics", target=8, adverb=3), "F-6"),
    (lambda g: g.flip("Ada", "Athletics", target=8, modifier=True), "F-3"),
    (lambda g: g.flip("Ada", "Athletics", target=8, suit="Z"), "F-7"),
    (lambda g: g.injure("Ada", "Niggling", choice="xyz"), "F-12"),
    (lambda g: g.award_fate("Ada", 1, reason=3), "F-11"),
    (lambda g: g.adjust_refresh("Ada", -9), "F-10"),
    (lambda g: g.add_condition("Ada", "odd", skills=["Athletics"]), "F-12"),
    (lambda g: g.add_condition("Ada", "odd", skills=["Athletics"], plus=-1), "F-12"),
    (lambda g: g.add_condition("Ada", "odd", skills=["Athletics"], modifier="lots"), "F-12"),
    (lambda g: g.add_condition("Ada", " ", skills=["Athletics"], plus=1), "F-12"),
    (lambda g: g.add_condition("Ada", "Shy", skills=["Athletics"], choice="+", plus=1), "F-12"),
    (lambda g: g.add_character("Zed", "a", "b", ["x", "y", "z"], "w", "Athletics",
                               ["Magic", "Courage", "Society"], "Physician", npc="yes"), "F-1"),
])
def test_every_refusal_names_its_ruling_and_what_is_allowed_instead(call, ruling):
    game = new_table("allowed")
    error = unchanged(game, lambda: call(game), RulesError, ruling)
    assert error.ruling == ruling and error.allowed


def test_a_bad_magic_deck_option_says_what_is_allowed_f1():
    from kit.falkefateifaux import FalkeFateiFauxGame

    with pytest.raises(RulesError, match="F-1") as info:
        FalkeFateiFauxGame("x", magic_decks=0, practice=True)
    assert info.value.allowed
