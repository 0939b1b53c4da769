"""One check for every system: a creation form's ``sheet_problems`` agrees with the game's own creation action."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from kit.core.errors import RulesError
from kit.core.game import Game

Choices = Mapping[str, Callable[[], Any]]
"""For each field, a way to draw another value for it (often legal, often not)."""


def varied_sheet(rng: random.Random, legal: Mapping[str, Any], choices: Choices, dropped: float = 0.03) -> dict:
    """``legal`` with none, one or a few fields drawn again from ``choices``, and now and then one left out."""
    sheet = dict(legal)
    for field in rng.sample(list(choices), rng.choice([0, 1, 1, 2, 3])):
        sheet[field] = choices[field]()
    if rng.random() < dropped:
        del sheet[rng.choice(list(sheet))]
    return sheet


def check_agreement(rng: random.Random, count: int, new_game: Callable[[], Game], action: str,
                    other: Mapping[str, Any], draw: Callable[[random.Random], dict],
                    sheet_problems: Callable[..., dict[str, str]]) -> None:
    """Over ``count`` drawn sheets: no problem exactly when ``action`` accepts the sheet beside ``other``."""
    legal = refused = 0
    for _ in range(count):
        sheet = draw(rng)
        game = new_game()
        getattr(game, action)(**other)
        try:
            getattr(game, action)(**sheet)
        except (RulesError, TypeError):  # a refusal, or a required argument left out
            accepted = False
        else:
            accepted = True
        assert (sheet_problems(sheet, taken=[other["name"]]) == {}) is accepted, sheet
        legal += accepted
        refused += not accepted
    assert legal > 20 and refused > 20, (legal, refused)
