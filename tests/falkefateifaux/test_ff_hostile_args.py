"""Hostile arguments to every FalkeFateiFaux action are refused before the rules run (G-2, G-3, G-4, F-4).

The actions are walked from the game's own plans, so a new action is covered as soon as it
exists. Every parameter is offered every hostile value its annotation refuses (wrong types,
NaN, ±Infinity, huge numbers, over-long or invisible text, deep nesting, numbers just out of
bounds …), live and as a replayed event; the game must refuse each with a RulesError that
names the parameter, and stay exactly as it was.
"""

from __future__ import annotations

import time

import pytest
from ff_helpers import ADA, new_table
from hostile_actions import HostileActions, assert_refused, recorded

from kit.core.errors import OutOfRangeError, RulesError
from kit.core.params import plans
from kit.falkefateifaux import FalkeFateiFauxGame
from kit.falkefateifaux.limits import CARDS_PER_DECK, MAX_COUNT, MAX_FATE_DECKS, MAX_MAGIC_DECKS

GAME = FalkeFateiFauxGame

HOSTILE = HostileActions(GAME, new_table, "F")
test_g2_every_text_parameter_refuses_long_broken_or_invisible_text = HOSTILE.text_test()
test_g3_every_parameter_refuses_wrong_types_nan_infinity_huge_numbers_and_deep_nesting = HOSTILE.values_test()
test_g3_a_replayed_event_with_hostile_arguments_is_refused_quickly = HOSTILE.replay_test()
test_g3_unknown_and_missing_arguments_are_refused_live_and_on_replay = HOSTILE.names_test()


# -- F-4: a stack never holds more cards than its deck ----------------------------------------


@pytest.mark.parametrize("kwargs", [{"plus": 10**9}, {"minus": 10**9}, {"plus": 10**5000},
                                    {"plus": ["Gloves of Boxing"] * (MAX_COUNT + 1)}])
def test_f4_g3_a_billion_plus_or_minus_is_refused_at_once_live_planned_and_replayed(kwargs):
    game = new_table("billion")
    start = time.perf_counter()
    assert_refused(game, lambda: game.flip("Ada", "Fisticuffs", target=8, **kwargs), next(iter(kwargs)), "huge")
    assert_refused(game, lambda: game.plan_flip("Ada", "Fisticuffs", target=8, **kwargs), next(iter(kwargs)), "huge")
    args = {**plans(GAME)["flip"].example_args(), "character": "Ada", "skill": "Fisticuffs", "target": 8, **kwargs}
    with pytest.raises(RulesError):  # by the F-4 bound, or by the hash when the number cannot even be written
        game.apply(recorded(game, "flip", args))
    assert time.perf_counter() - start < 2


def test_f4_a_stack_cannot_hold_more_cards_than_its_deck_is_made_of():
    game = new_table("deck-bound")  # two Decks of Fate (108 cards), one Deck of Magic (54)
    error = assert_refused(game, lambda: game.flip("Ada", "Fisticuffs", target=8, plus=108, boost=True), "flip",
                           "stack")
    assert str(error).startswith("flip 111 cards from the Deck of Fate: it is made of 108 cards (2 × 54)")
    assert error.ruling == "F-4"
    assert_refused(game, lambda: game.plan_flip("Ada", "Fisticuffs", target=8, plus=108), "flip", "plan")
    contest = assert_refused(game, lambda: game.flip("Ada", "Fisticuffs", against="Bruno", against_skill="Athletics",
                                                     plus=60, against_plus=60), "flip", "contest")
    assert "flip 122 cards from the Deck of Fate" in str(contest) and "Ada +60, Bruno +60" in str(contest)
    magic = assert_refused(game, lambda: game.flip("Ada", "Magic", target=8, plus=CARDS_PER_DECK), "flip", "magic")
    assert "55 cards from the Deck of Magic: it is made of 54 cards (1 × 54)" in str(magic)
    assert game.plan_flip("Ada", "Fisticuffs", target=8, plus=107).sides[0].stack_size == 108  # fits the make


def test_f4_a_condition_cannot_give_more_than_the_largest_deck_holds():
    game = new_table("condition-bound")
    assert_refused(game, lambda: game.add_condition("Ada", "Lava", skills=["Fisticuffs"], plus=MAX_COUNT + 1),
                   "plus", "condition")
    game.add_condition("Ada", "Lava", skills=["Fisticuffs"], plus=200)
    error = assert_refused(game, lambda: game.flip("Ada", "Fisticuffs", target=8), "flip", "net")
    assert "flip 201 cards from the Deck of Fate" in str(error)


# -- G-4: deck counts --------------------------------------------------------------------------


@pytest.mark.parametrize("options", [
    {"fate_decks": 10**8}, {"fate_decks": 10**5}, {"fate_decks": MAX_FATE_DECKS + 1}, {"fate_decks": 0},
    {"fate_decks": -1}, {"fate_decks": True}, {"fate_decks": 2.0}, {"fate_decks": float("nan")},
    {"fate_decks": "2"}, {"fate_decks": [2]}, {"magic_decks": 10**8}, {"magic_decks": MAX_MAGIC_DECKS + 1},
    {"magic_decks": 0}, {"magic_decks": None}, {"magic_decks": 10**5000},
])
def test_g4_deck_counts_are_refused_at_once_when_the_table_is_set_up(options):
    start = time.perf_counter()
    with pytest.raises(OutOfRangeError, match=r"\(G-4\)") as info:
        GAME("decks", practice=True, **options)
    assert "F-1" in info.value.allowed
    with pytest.raises(OutOfRangeError, match=r"\(G-4\)"):
        GAME.replay("decks", options, [])
    assert time.perf_counter() - start < 2


def test_g4_eight_decks_of_fate_and_four_of_magic_are_the_most():
    game = GAME("most", fate_decks=MAX_FATE_DECKS, magic_decks=MAX_MAGIC_DECKS, practice=True)
    assert game.state.fate.size == MAX_FATE_DECKS * CARDS_PER_DECK == 432
    assert game.state.magic.size == MAX_MAGIC_DECKS * CARDS_PER_DECK == 216


def test_g4_the_growing_deck_of_fate_stops_at_eight_decks():
    game = GAME("crowd", practice=True)
    for index in range(18):
        game.add_character(f"Player {index + 1}", **ADA)
        players = index + 1
        assert game.state.fate_decks == min(MAX_FATE_DECKS, max(2, -(-players // 2)))
    assert game.state.fate_decks == 8
    held = sum(len(ch.hand) for ch in game.state.characters.values())
    assert game.state.fate.size + held == 8 * CARDS_PER_DECK


# -- G-2: a name is one line ------------------------------------------------------------------


def test_g2_a_line_break_in_a_name_cannot_forge_a_code_line_in_a_post():
    game = new_table("forge")
    for field in ("name", "high_concept", "trouble", "negative_adverb"):
        sheet = {"name": "Cleo", **ADA, field: "Cleo\nkit:99-deadbeef"}
        error = assert_refused(game, lambda sheet=sheet: game.add_character(**sheet), field, "forge")
        assert "(G-2)" in str(error) and "\\n" in str(error)
    assert_refused(game, lambda: game.award_fate("Ada", 1, reason="won\nkit:99-deadbeef"), "reason", "forge")
