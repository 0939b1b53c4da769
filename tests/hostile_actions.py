"""The walk every system's hostile-argument tests share: each action, each parameter, each hostile value (G-2, G-3).

``HostileActions(GameClass, new_table, "F")`` gives the four tests a system's test module
binds to its own names: text refused, values refused, replayed events refused quickly, unknown
and missing arguments refused. ``new_table(seed)`` builds a game in which every action could be
asked; refusals of the system's own rules cite rulings that start with ``prefix``.
"""

from __future__ import annotations

import copy
import dataclasses
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from kit.core.errors import MalformedInputError, RulesError
from kit.core.events import Event
from kit.core.game import Game
from kit.core.limits import number_text
from kit.core.params import plans

TEXT_LABELS = {"100,000 characters", "a line feed", "a carriage return", "a tab", "NUL", "an escape",
               "a right-to-left override", "a bidirectional isolate", "a zero-width space", "a byte-order mark",
               "a lone surrogate", "a line separator", "a paragraph separator", "a private-use character",
               "a noncharacter"}
REPLAYED = {"NaN", "Infinity", "a number of 5,001 digits", "a list nested 10,000 deep", "a line feed",
            "a lone surrogate", "a right-to-left override", "100,000 characters", "True", "None",
            "a list of 100,000 items"}


def value_id(value: Any) -> str | None:
    """A test id that never prints a huge number."""
    return number_text(value) if isinstance(value, int) and not isinstance(value, bool) else None


def assert_refused(game: Game, call: Callable[[], Any], name: str, label: str) -> RulesError:
    """``call`` raises a one-line RulesError naming ``name``, citing a ruling, and changes nothing."""
    before, length = game.fingerprint(), len(game.log)
    with pytest.raises(RulesError) as info:
        call()
    message = str(info.value)
    message.encode("utf-8")
    assert name.lower() in message.lower(), (name, label, message)
    assert len(message) < 1000 and "\n" not in message and info.value.ruling and info.value.allowed
    assert game.fingerprint() == before and len(game.log) == length, (name, label)
    return info.value


def recorded(game: Game, action: str, args: dict[str, Any]) -> Event:
    """The event a hand-written file would hold: chained to the game, hashed right where it can be hashed."""
    event = Event(len(game.log), action, args, {}, None, game.log.head, "")
    try:
        return dataclasses.replace(event, hash=event.expected_hash(game.log.version))
    except RulesError:
        return event  # such arguments cannot even be hashed: the file is refused at its hash


@dataclass(frozen=True)
class HostileActions:
    """The hostile-argument walk over one system's actions."""

    game: type[Game]
    new_table: Callable[[str], Game]
    prefix: str

    @property
    def actions(self) -> list[str]:
        """Every action of the system, from its argument plans."""
        return sorted(plans(self.game))

    def calls(self, action: str, text: bool) -> list[tuple[str, str, dict[str, Any]]]:
        """(parameter, label, arguments) with one hostile value and the rest of the right types."""
        plan = plans(self.game)[action]
        found = []
        for name, check in plan.checks.items():
            for label, value in check.refused_examples():
                if (label in TEXT_LABELS or label.endswith(" characters")) == text:
                    found.append((name, label, {**plan.example_args(), name: value}))
        return found

    def text_test(self) -> Callable[[str], None]:
        """G-2: every text parameter refuses long, broken or invisible text."""
        @pytest.mark.parametrize("action", self.actions)
        def test(action: str) -> None:
            game = self.new_table("hostile-text")
            for name, label, args in self.calls(action, text=True):
                error = assert_refused(game, lambda args=args: getattr(game, action)(**args), name, label)
                assert "(G-2)" in str(error) or error.ruling.startswith(f"{self.prefix}-"), (name, label, str(error))
        return test

    def values_test(self) -> Callable[[str], None]:
        """G-3: every parameter refuses wrong types, NaN, infinities, huge numbers and deep nesting."""
        @pytest.mark.parametrize("action", self.actions)
        def test(action: str) -> None:
            game = self.new_table("hostile-values")
            calls = self.calls(action, text=False)
            assert calls or not plans(self.game)[action].checks
            for name, label, args in calls:
                assert_refused(game, lambda args=args: getattr(game, action)(**args), name, label)
        return test

    def replay_test(self) -> Callable[[str], None]:
        """G-3: a replayed event with hostile arguments is refused quickly and changes nothing."""
        @pytest.mark.parametrize("action", self.actions)
        def test(action: str) -> None:
            base = self.new_table("hostile-replay")
            for name, label, args in self.calls(action, text=False) + self.calls(action, text=True):
                if label not in REPLAYED and "above" not in label and "below" not in label:
                    continue
                game = copy.deepcopy(base)
                before = game.fingerprint()
                start = time.perf_counter()
                with pytest.raises(RulesError):
                    game.apply(recorded(game, action, args))
                assert time.perf_counter() - start < 2, (name, label)  # a safety net, not a benchmark
                assert game.fingerprint() == before and len(game.log) == len(base.log)
        return test

    def names_test(self) -> Callable[[str], None]:
        """G-3: unknown and missing arguments are refused live and on replay."""
        @pytest.mark.parametrize("action", self.actions)
        def test(action: str) -> None:
            base = self.new_table("hostile-names")
            plan = plans(self.game)[action]
            bad = [{**plan.example_args(), "no_such_argument": 1}]
            bad += [{k: v for k, v in plan.example_args().items() if k != name} for name in plan.required]
            for args in bad:
                game = copy.deepcopy(base)
                with pytest.raises(MalformedInputError, match=r"\(G-3\)"):
                    game._perform(action, args)
                with pytest.raises(RulesError):
                    game.apply(recorded(game, action, args))
                assert game.fingerprint() == base.fingerprint() and len(game.log) == len(base.log)
        return test
