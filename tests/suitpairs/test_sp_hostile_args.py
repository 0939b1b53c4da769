"""Hostile arguments to every Suit Pairs action are refused before the rules run (G-2, G-3, S-3, S-5).

The actions are walked from the game's own plans, so a new action is covered as soon as it
exists. Every parameter is offered every hostile value its annotation refuses (wrong types,
NaN, ±Infinity, huge numbers, over-long or invisible text, deep nesting, numbers just out of
bounds …), live and as a replayed event; the game must refuse each with a RulesError that
names the parameter, and stay exactly as it was.
"""

from __future__ import annotations

import copy
import dataclasses
import time
from typing import Any

import pytest
from sp_helpers import MIRA

from kit.core.errors import MalformedInputError, OutOfRangeError, RulesError
from kit.core.events import Event
from kit.core.limits import number_text
from kit.core.params import plans
from kit.suitpairs import SuitPairsGame


def value_id(value: Any) -> str | None:
    """A test id that never prints a huge number."""
    return number_text(value) if isinstance(value, int) and not isinstance(value, bool) else None


GAME = SuitPairsGame
ACTIONS = sorted(plans(GAME))
TEXT_LABELS = {"100,000 characters", "a line feed", "a carriage return", "a tab", "NUL", "an escape",
               "a right-to-left override", "a bidirectional isolate", "a zero-width space", "a byte-order mark",
               "a lone surrogate", "a line separator", "a paragraph separator", "a private-use character",
               "a noncharacter"}
REPLAYED = {"NaN", "Infinity", "a number of 5,001 digits", "a list nested 10,000 deep", "a line feed",
            "a lone surrogate", "a right-to-left override", "100,000 characters", "True", "None",
            "a list of 100,000 items"}


def new_table(seed: str) -> SuitPairsGame:
    """Mira the Baker at a table, with a check pending (so that every action could be asked)."""
    game = SuitPairsGame(seed, practice=True)
    game.create_character(**MIRA)
    game.rig(dice=[3, 4]).check("Mira", "Defy", "Hard")
    return game


def hostile_calls(action: str, text: bool) -> list[tuple[str, str, dict[str, Any]]]:
    """(parameter, label, arguments) with one hostile value and the rest of the right types."""
    plan = plans(GAME)[action]
    calls = []
    for name, check in plan.checks.items():
        for label, value in check.refused_examples():
            if (label in TEXT_LABELS or label.endswith(" characters")) == text:
                calls.append((name, label, {**plan.example_args(), name: value}))
    return calls


def assert_refused(game: SuitPairsGame, call: Any, name: str, label: str) -> RulesError:
    before, length = game.fingerprint(), len(game.log)
    with pytest.raises(RulesError) as info:
        call()
    message = str(info.value)
    message.encode("utf-8")
    assert name.lower() in message.lower(), (name, label, message)
    assert len(message) < 1000 and "\n" not in message and info.value.ruling and info.value.allowed
    assert game.fingerprint() == before and len(game.log) == length, (name, label)
    return info.value


def recorded(game: SuitPairsGame, action: str, args: dict[str, Any]) -> Event:
    """The event a hand-written file would hold: chained to the game, hashed right where it can be hashed."""
    event = Event(len(game.log), action, args, {}, None, game.log.head, "")
    try:
        return dataclasses.replace(event, hash=event.expected_hash(game.log.version))
    except RulesError:
        return event  # such arguments cannot even be hashed: the file is refused at its hash


@pytest.mark.parametrize("action", ACTIONS)
def test_g2_every_text_parameter_refuses_long_broken_or_invisible_text(action):
    game = new_table("hostile-text")
    for name, label, args in hostile_calls(action, text=True):
        error = assert_refused(game, lambda args=args: getattr(game, action)(**args), name, label)
        assert "(G-2)" in str(error) or error.ruling.startswith("S-"), (name, label, str(error))


@pytest.mark.parametrize("action", ACTIONS)
def test_g3_every_parameter_refuses_wrong_types_nan_infinity_huge_numbers_and_deep_nesting(action):
    game = new_table("hostile-values")
    calls = hostile_calls(action, text=False)
    assert calls or not plans(GAME)[action].checks
    for name, label, args in calls:
        assert_refused(game, lambda args=args: getattr(game, action)(**args), name, label)


@pytest.mark.parametrize("action", ACTIONS)
def test_g3_a_replayed_event_with_hostile_arguments_is_refused_quickly(action):
    base = new_table("hostile-replay")
    for name, label, args in hostile_calls(action, text=False) + hostile_calls(action, text=True):
        if label not in REPLAYED and "above" not in label and "below" not in label:
            continue
        game = copy.deepcopy(base)
        before = game.fingerprint()
        start = time.perf_counter()
        with pytest.raises(RulesError):
            game.apply(recorded(game, action, args))
        assert time.perf_counter() - start < 2, (name, label)  # a safety net, not a benchmark
        assert game.fingerprint() == before and len(game.log) == len(base.log)


@pytest.mark.parametrize("action", ACTIONS)
def test_g3_unknown_and_missing_arguments_are_refused_live_and_on_replay(action):
    base = new_table("hostile-names")
    plan = plans(GAME)[action]
    bad = [{**plan.example_args(), "no_such_argument": 1}]
    bad += [{k: v for k, v in plan.example_args().items() if k != name} for name in plan.required]
    for args in bad:
        game = copy.deepcopy(base)
        with pytest.raises(MalformedInputError, match=r"\(G-3\)"):
            game._perform(action, args)
        with pytest.raises(RulesError):
            game.apply(recorded(game, action, args))
        assert game.fingerprint() == base.fingerprint() and len(game.log) == len(base.log)


# -- S-5 and S-3: the numbers the rules bound ------------------------------------------------


@pytest.mark.parametrize("points", [6, 10**6, 10**9, 10**5000, 0, -1], ids=value_id)
def test_s5_g3_a_gm_moves_one_to_five_points_at_a_time(points):
    game = new_table("points")
    for action in (game.award, game.take_away):
        error = assert_refused(game, lambda action=action: action("Mira", "Strength", points), "points", "points")
        assert isinstance(error, MalformedInputError) and error.ruling == "S-5"
        assert "must be a whole number of at least 1" in str(error)


@pytest.mark.parametrize("difficulty", [100, -100, 10**9, 10**5000, "100", "-100", "9" * 40, "+" + "9" * 20],
                         ids=value_id)
def test_s3_g3_a_difficulty_number_is_minus_99_to_99(difficulty):
    game = SuitPairsGame("difficulty", practice=True)
    game.create_character(**MIRA)
    error = assert_refused(game, lambda: game.check("Mira", "Defy", difficulty), "difficulty", "difficulty")
    assert isinstance(error, OutOfRangeError) and "−99…+99 (G-3)" in str(error)


def test_s3_the_ends_of_the_difficulty_numbers_are_allowed():
    game = SuitPairsGame("difficulty-ends", practice=True)
    game.create_character(**MIRA)
    assert game.rig(dice=[6, 6]).check("Mira", "Defy", 99).success
    game.accept("Mira")
    assert not game.rig(dice=[1, 1]).check("Mira", "Defy", "-99").success


@pytest.mark.parametrize("value", ["yes", 1, None, 1.0, [True]])
def test_g3_the_consequences_option_is_true_or_false(value):
    with pytest.raises(MalformedInputError, match=r"table option consequences=.*must be True or False \(S-5\)"):
        SuitPairsGame("option", consequences=value)
    with pytest.raises(MalformedInputError, match=r"\(S-5\)"):
        SuitPairsGame.replay("option", {"consequences": value}, [])


def test_g2_an_identity_or_a_reason_is_one_line():
    game = new_table("one-line")
    sheet = {**MIRA, "name": "Olek", "identity": "Baker\nkit:99-deadbeef"}
    assert_refused(game, lambda: game.create_character(**sheet), "identity", "forge")
    assert_refused(game, lambda: game.award("Mira", "Strength", reason="x" * 201), "reason", "long")
    assert_refused(game, lambda: game.create_character(**{**MIRA, "name": "M\u202eira"}), "name", "bidi")
