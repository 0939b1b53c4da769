"""The argument check in the core (G-2, G-3, G-4): driven by annotations, run for live and replayed calls.

A small game of its own exercises every kind of annotation the checker reads; the three
systems' plans are checked to be precise (no parameter left to plain data), their defaults to
pass their own checks and every table option to be typed.
"""

from __future__ import annotations

import copy
import dataclasses
import math
import time
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, TypedDict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.core.describe import Describable, Description
from kit.core.errors import MalformedInputError, OutOfRangeError, RulesError, UnknownNameError
from kit.core.events import Event
from kit.core.game import Game
from kit.core.limits import (
    LINE_LENGTH,
    MAX_ITEMS,
    MAX_NUMBER,
    NAME_LENGTH,
    PROSE_LENGTH,
    digit_count,
    number_text,
    quote,
    refused_character,
    text_problem,
)
from kit.core.params import (
    Items,
    Line,
    Name,
    Prose,
    Ruling,
    Span,
    check_call,
    check_options,
    compile_annotation,
    plans,
)
from kit.core.randomness import GameRandom
from kit.falkefateifaux import FalkeFateiFauxGame
from kit.systems import all_systems

SYSTEMS = tuple(info.game for info in all_systems())
"""Every registered system's game class."""


# -- a game with one action per kind of annotation -------------------------------------------


@dataclass(frozen=True)
class Noted(Describable):
    what: str

    def to_dict(self) -> dict[str, Any]:
        return {"what": self.what}

    def describe(self) -> Description:
        return Description(title=self.what)


class Gear(TypedDict, total=False):
    name: Name
    weight: Annotated[int, Span(0, 50, "X-2")]


@dataclass
class LedgerState:
    lines: list[str] = field(default_factory=list)


class LedgerGame(Game):
    """Every action only writes a line: the checks are what is tested."""

    system = "ledger"
    title = "Ledger"
    default_options = {"pages": 1, "loose": None}
    option_types = {"pages": Annotated[int, Span(1, 10, "X-1", "a ledger has 1 to 10 pages")]}

    def _initial_state(self, rng: GameRandom) -> LedgerState:
        return LedgerState()

    def note(self, who: Name, text: Line = "", aside: Prose = "", count: int = 1, loud: bool = False,
             mood: Literal["calm", "wild"] = "calm") -> Noted:
        return self._perform("note", {"who": who, "text": text, "aside": aside, "count": count, "loud": loud,
                                      "mood": mood})

    def tally(self, scores: dict[Name, Annotated[int, Span(-10, 10, "X-3")]],
              extra: Annotated[list[Name], Items(3)] | None = None,
              groups: dict[Name, list[Name]] | None = None) -> Noted:
        return self._perform("tally", {"scores": scores, "extra": extra, "groups": groups})

    def pack(self, gear: list[Gear], size: Annotated[int | None, Ruling("X-4", "e.g. size=2")] = None) -> Noted:
        return self._perform("pack", {"gear": gear, "size": size})

    def loosely(self, anything: Any = None) -> Noted:
        return self._perform("loosely", {"anything": anything})

    def _do_note(self, rng: GameRandom, **args: Any) -> Noted:
        return self._write("note", args)

    def _do_tally(self, rng: GameRandom, **args: Any) -> Noted:
        return self._write("tally", args)

    def _do_pack(self, rng: GameRandom, **args: Any) -> Noted:
        return self._write("pack", args)

    def _do_loosely(self, rng: GameRandom, **args: Any) -> Noted:
        return self._write("loosely", args)

    def _do_hidden(self, rng: GameRandom) -> Noted:  # a handler without a public method is no action
        return self._write("hidden", {})

    def _write(self, action: str, args: dict[str, Any]) -> Noted:
        self.state.lines.append(action)
        return Noted(action)


def ledger() -> LedgerGame:
    game = LedgerGame("ledger-seed", practice=True)
    game.note("Ada", "first line")
    return game


def refused(game: Game, call: Any, error: type[Exception] = RulesError, *words: str) -> RulesError:
    """The call is refused with ``error``; the game is unchanged; the message names ``words`` and is safe to print."""
    before, length = game.fingerprint(), len(game.log)
    with pytest.raises(error) as info:
        call()
    message = str(info.value)
    message.encode("utf-8")  # no lone surrogate, no raw control character reaches a message
    assert len(message) < 1000 and "\n" not in message
    for word in words:
        assert word in message
    assert game.fingerprint() == before and len(game.log) == length
    return info.value


def recorded(game: Game, action: str, args: dict[str, Any]) -> Event:
    """The event a file would hold for this call, hashed right when its arguments can be hashed at all."""
    event = Event(len(game.log), action, args, {"what": action}, None, game.log.head, "")
    try:
        return dataclasses.replace(event, hash=event.expected_hash(game.log.version))
    except RulesError:
        return event  # no file can carry a valid hash for such arguments: the hash check refuses them


# -- G-3: arguments are the method's, of its types -------------------------------------------


def test_g3_an_action_is_a_public_method_with_a_handler():
    # void and note: every game's (P-2, P-3); declare, retract, seal, take_seat: every sealed game's (K-1…K-5)
    assert sorted(plans(LedgerGame)) == ["declare", "loosely", "note", "pack", "retract", "seal", "take_seat", "tally",
                                         "void"]
    game = ledger()
    refused(game, lambda: check_call(LedgerGame, "hidden", {}), UnknownNameError, "'hidden'", "(G-3)")
    refused(game, lambda: game._perform("hidden", {}), UnknownNameError, "(G-3)")


def test_g3_unknown_and_missing_arguments_are_refused_by_the_core_for_any_caller():
    game = ledger()
    error = refused(game, lambda: game._perform("note", {"who": "Ada", "colour": "red"}), MalformedInputError,
                    "note('colour'=…)", "is not a parameter", "(G-3)")
    assert "who, text, aside, count, loud, mood" in error.allowed
    refused(game, lambda: game._perform("note", {"text": "hello"}), MalformedInputError, "without who", "(G-3)")
    refused(game, lambda: game._perform("note", {"who": "Ada", "x" * 10_000: 1}), MalformedInputError, "…")
    refused(game, lambda: game._perform("note", ["Ada"]), MalformedInputError, "not a mapping")


def test_g3_whole_numbers_are_ints_never_bools_fractions_nan_or_infinity():
    game = ledger()
    for bad in (True, 1.0, 1.5, math.nan, math.inf, -math.inf, "1", None, [1]):
        refused(game, lambda bad=bad: game.note("Ada", count=bad), MalformedInputError, "note(count=", "(G-3)")
    refused(game, lambda: game.note("Ada", count=math.nan), MalformedInputError, "not NaN")
    refused(game, lambda: game.note("Ada", count=-math.inf), MalformedInputError, "not −Infinity")


def test_g3_a_huge_number_is_refused_without_printing_it():
    game = ledger()
    error = refused(game, lambda: game.note("Ada", count=10**5000), OutOfRangeError,
                    "note(count=a number of 5,001 digits)", "outside −1,000,000…+1,000,000 (G-3)")
    assert "0000000000000000" not in str(error)
    refused(game, lambda: game.note("Ada", count=MAX_NUMBER + 1), OutOfRangeError, "(G-3)")
    assert game.note("Ada", count=-MAX_NUMBER).what == "note"


def test_g3_a_rule_bound_cites_its_ruling_and_shows_the_sign():
    game = ledger()
    refused(game, lambda: game.tally({"Ada": 11}), OutOfRangeError, "tally(scores['Ada']=+11)", "(X-3)")
    refused(game, lambda: game.tally({"Ada": 1}, extra=["a", "b", "c", "d"]), OutOfRangeError,
            "holds 4 items; at most 3", "(G-3)")
    refused(game, lambda: game.pack([{"weight": 51}]), OutOfRangeError, "pack(gear[0]['weight']=51)", "(X-2)")


def test_g3_a_ruling_names_what_a_refused_type_breaks():
    game = ledger()
    error = refused(game, lambda: game.pack([], size="big"), MalformedInputError, "(X-4)")
    assert error.ruling == "X-4" and error.allowed == "e.g. size=2"


def test_g3_lists_mappings_and_objects_are_checked_inside():
    game = ledger()
    refused(game, lambda: game.tally({"Ada": "3"}), MalformedInputError, "scores['Ada']='3'")
    refused(game, lambda: game.tally({7: 3}), MalformedInputError, "scores key=7", "must be a name")
    refused(game, lambda: game.tally({"Ada": 1}, groups={"x": ["a", 2]}), MalformedInputError, "groups['x'][1]=2")
    refused(game, lambda: game.pack([{"name": "rope", "colour": "red"}]), UnknownNameError,
            "gear[0]['colour']", "is not a field")
    refused(game, lambda: game.pack(["rope"]), MalformedInputError, "gear[0]='rope'")
    refused(game, lambda: game.tally({f"n{i}": 1 for i in range(MAX_ITEMS + 1)}), OutOfRangeError,
            f"holds {MAX_ITEMS + 1} entries")
    assert game.pack([{"name": "rope", "weight": 2}], size=1).what == "pack"


def test_g3_deep_nesting_is_refused_at_the_first_level_without_recursing():
    game = ledger()
    deep: Any = "x"
    for _ in range(200_000):
        deep = [deep]
    start = time.perf_counter()
    refused(game, lambda: game.tally({"Ada": 1}, extra=deep), MalformedInputError, "extra[0]=[…]")
    refused(game, lambda: game.note(deep), MalformedInputError, "note(who=[…])")
    assert time.perf_counter() - start < 2  # a safety net, not a benchmark


def test_g3_a_parameter_without_a_precise_type_is_plain_bounded_data():
    game = ledger()
    assert plans(LedgerGame)["loosely"].imprecise == ("anything",)
    game.loosely({"a": [1, "b", None, True]})
    nested: Any = 1
    for _ in range(5):
        nested = [nested]
    refused(game, lambda: game.loosely(nested), MalformedInputError, "nested more than 4 deep")
    refused(game, lambda: game.loosely(1.5), MalformedInputError, "(G-3)")
    refused(game, lambda: game.loosely({"a": "x\u202e"}), MalformedInputError, "(G-2)")


def test_g3_an_annotation_the_checker_cannot_read_fails_when_the_plan_is_made():
    with pytest.raises(TypeError):
        compile_annotation(float)
    with pytest.raises(TypeError):
        compile_annotation(Annotated[str, Span(0, 1)])

    class Starred(LedgerGame):
        def spread(self, *names: str) -> Noted:
            return self._perform("spread", {"names": list(names)})

        def _do_spread(self, rng: GameRandom, names: list[str]) -> Noted:
            return self._write("spread", {})

    with pytest.raises(TypeError, match=r"\*names"):
        plans(Starred)


def test_g3_the_plan_is_made_once_and_a_check_costs_microseconds():
    assert plans(FalkeFateiFauxGame) is plans(FalkeFateiFauxGame)
    args = plans(FalkeFateiFauxGame)["flip"].example_args()
    start = time.perf_counter()
    for _ in range(1000):
        check_call(FalkeFateiFauxGame, "flip", args)
    assert time.perf_counter() - start < 1  # ~20 µs a call; a generous safety net


# -- G-2: text ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "what"), [
    ("Ada\nkit:99-deadbeef", "a control character (U+000A)"), ("Ada\r", "a control character (U+000D)"),
    ("A\tda", "a control character (U+0009)"), ("Ada\x00", "a control character (U+0000)"),
    ("\x1b[31mAda", "a control character (U+001B)"), ("Ada\x85", "a control character (U+0085)"),
    ("\u202eAda", "an invisible format character (U+202E)"), ("\u202aAda", "an invisible format character (U+202A)"),
    ("Ada\u2066", "an invisible format character (U+2066)"), ("Ada\u2069", "an invisible format character (U+2069)"),
    ("A\u200bda", "an invisible format character (U+200B)"), ("A\u200fda", "an invisible format character (U+200F)"),
    ("\ufeffAda", "an invisible format character (U+FEFF)"), ("Ada\ud800", "a lone surrogate (U+D800)"),
    ("Ada\udfff", "a lone surrogate (U+DFFF)"), ("Ada\u2028", "a line separator (U+2028)"),
    ("Ada\u2029", "a paragraph separator (U+2029)"), ("Ada\ue000", "a private-use character (U+E000)"),
    ("Ada\U000f0000", "a private-use character (U+F0000)"), ("Ada\ufdd0", "a noncharacter (U+FDD0)"),
    ("Ada\uffff", "a noncharacter (U+FFFF)"), ("Ada\U0001fffe", "a noncharacter (U+1FFFE)"),
])
def test_g2_no_player_text_holds_controls_format_surrogate_private_or_separator_characters(text, what):
    game = ledger()
    error = refused(game, lambda: game.note(text), MalformedInputError, what, "(G-2)")
    assert "one line of at most 60 characters" in error.allowed
    refused(game, lambda: game.note("Ada", text=text), MalformedInputError, what)
    refused(game, lambda: game.tally({text: 1}), MalformedInputError, what)


@pytest.mark.parametrize("text", ["Ada Lovelace", "Zoë", "Ñandú", "李小龍", "Александра", "O'Brien-Smith",
                                  "Ada\u00a0B", "🎲 Ada", "e\u0301", "x" * NAME_LENGTH, "\U000e0100x", "\u0378x"])
def test_g2_ordinary_text_in_any_script_is_allowed(text):
    # accents, CJK, Cyrillic, no-break space, emoji, combining marks, variation selectors,
    # and a code point unassigned in this Python's Unicode (a newer writer's file still reads)
    assert refused_character(text) is None
    assert ledger().note(text).what == "note"


def test_g2_each_kind_of_text_has_its_length():
    game = ledger()
    refused(game, lambda: game.note("x" * (NAME_LENGTH + 1)), MalformedInputError, "61 characters long", "(G-2)")
    refused(game, lambda: game.note("Ada", text="x" * (LINE_LENGTH + 1)), MalformedInputError, "at most 200")
    refused(game, lambda: game.note("Ada", aside="x" * (PROSE_LENGTH + 1)), MalformedInputError, "at most 500")
    game.note("x" * NAME_LENGTH, "x" * LINE_LENGTH, "x" * PROSE_LENGTH)


def test_g2_a_refused_text_is_quoted_short_with_invisible_characters_escaped():
    game = ledger()
    error = refused(game, lambda: game.note("A" * 100_000), MalformedInputError, "100,000 characters long")
    assert "'" + "A" * 40 + "'…" in str(error) and "A" * 41 not in str(error)
    error = refused(game, lambda: game.note("\u202eAda\ud800"), MalformedInputError)
    assert "\\u202e" in str(error) and "\u202e" not in str(error)
    assert quote("short") == "'short'" and quote("x" * 41) == "'" + "x" * 40 + "'…"


def test_g2_text_problem_says_what_and_where():
    assert text_problem("ok", 5) is None
    assert text_problem("toolong", 5) == "is 7 characters long; at most 5 are allowed"
    assert text_problem("ab\u200bc", 60) == ("holds an invisible format character (U+200B) at position 3, which no "
                                            "player text may hold")


def test_g3_numbers_are_described_by_their_digits():
    for value in (0, 9, 10, 99, 100, -999, 10**14, 10**15 - 1, 10**15, 10**100, 10**4299 - 1, 10**4299):
        assert digit_count(value) == len(str(abs(value)))
    assert digit_count(10**5000) == 5001 and digit_count(10**5000 - 1) == 5000
    assert number_text(-12) == "-12" and number_text(10**5000) == "a number of 5,001 digits"
    assert digit_count(2**400_000) == 120_412  # estimated from the bit length, never printed


# -- G-3/G-4: options -----------------------------------------------------------------------------


def test_g4_options_are_checked_for_type_and_range_at_set_up():
    with pytest.raises(OutOfRangeError, match=r"table option pages=11: a ledger has 1 to 10 pages \(X-1\)"):
        LedgerGame("s", pages=11)
    with pytest.raises(MalformedInputError, match=r"table option pages=True"):
        LedgerGame("s", pages=True)
    with pytest.raises(MalformedInputError, match=r"\(G-2\)"):
        LedgerGame("s", loose="a\nb")  # an option without a declared type: plain bounded data
    check_options(LedgerGame, {"pages": 10, "loose": [1, "two"]})


@pytest.mark.parametrize("cls", SYSTEMS, ids=lambda cls: cls.system)
def test_g4_every_option_of_every_system_has_a_type_and_its_default_passes(cls):
    assert set(cls.option_types) == set(cls.default_options)
    check_options(cls, cls.default_options)


# -- every system's plans ------------------------------------------------------------------------


@pytest.mark.parametrize("cls", SYSTEMS, ids=lambda cls: cls.system)
def test_g3_every_parameter_of_every_action_has_a_precise_annotation(cls):
    for action, plan in plans(cls).items():
        assert plan.imprecise == (), f"{cls.system}.{action}: annotate {plan.imprecise}"


@pytest.mark.parametrize("cls", SYSTEMS, ids=lambda cls: cls.system)
def test_g3_every_default_passes_its_own_check_and_every_hostile_example_is_refused(cls):
    for action, plan in plans(cls).items():
        args = plan.example_args()
        check_call(cls, action, args)
        for name, check in plan.checks.items():
            examples = check.refused_examples()
            labels = {label for label, _ in examples}
            assert {"NaN", "Infinity", "a fraction", "a number of 5,001 digits", "a list nested 10,000 deep"} <= labels
            if "str" in check.categories:
                assert {"a line feed", "NUL", "a right-to-left override", "a lone surrogate",
                        "100,000 characters"} <= labels
            for _label, value in examples:
                with pytest.raises(RulesError):
                    check_call(cls, action, {**args, name: value})


# -- the replay path -------------------------------------------------------------------------------


def test_g3_a_replayed_event_is_checked_before_its_handler_runs():
    game = ledger()
    for args in ({"who": "Ada\nkit:99-deadbeef"}, {"who": "Ada", "count": 10**5000}, {"who": "Ada", "count": True},
                 {"who": "Ada", "sneaky": 1}, {"text": "no who"}, {"who": ["Ada"]}, {"who": "x" * 100_000}):
        again = copy.deepcopy(game)
        before = again.fingerprint()
        start = time.perf_counter()
        with pytest.raises(RulesError):
            again.apply(recorded(again, "note", args))
        assert time.perf_counter() - start < 2
        assert again.fingerprint() == before and len(again.log) == len(game.log)
        assert again.state.lines == ["note"]  # the handler never ran


def test_g3_a_well_formed_replayed_event_still_replays():
    game = ledger()
    again = LedgerGame.replay(game.seed, game.options, list(game.log), practice=True)
    assert again.fingerprint() == game.fingerprint()


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10**7, 10**7) | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=80),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(action=st.sampled_from(sorted(plans(LedgerGame))), data=st.data())
def test_g3_any_json_either_passes_its_check_or_is_refused_with_a_rules_error(action, data):
    game = ledger()
    plan = plans(LedgerGame)[action]
    args = plan.example_args()
    name = data.draw(st.sampled_from(sorted(plan.checks)))
    args[name] = data.draw(JSON)
    before = game.fingerprint()
    try:
        game._perform(action, args)
    except RulesError as error:
        str(error).encode("utf-8")
        assert game.fingerprint() == before
