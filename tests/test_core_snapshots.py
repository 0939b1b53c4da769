"""The snapshot a live action keeps (``copy.deepcopy(game.state)``) is equal to the state and shares nothing mutable.

Each system copies its state by hand for speed; a container left shared would let a refused
action change the game after all. These tests walk both object graphs: every list, dict, set
and mutable dataclass in the copy must be a new object, and the copy must equal the original.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kit import gamefile
from kit.systems import SYSTEMS, system_info

SAMPLES = Path(__file__).resolve().parents[1] / "notebooks" / "games"


def _mutable_ids(value: Any, seen: dict[int, Any]) -> dict[int, Any]:
    """Every mutable object reachable from ``value`` (containers and non-frozen dataclasses), by id."""
    if id(value) in seen:
        return seen
    if isinstance(value, (list, dict, set)):
        seen[id(value)] = value
        items = list(value.keys()) + list(value.values()) if isinstance(value, dict) else list(value)
        for item in items:
            _mutable_ids(item, seen)
    elif isinstance(value, tuple):
        for item in value:
            _mutable_ids(item, seen)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        if not type(value).__dataclass_params__.frozen:
            seen[id(value)] = value
        for item in dataclasses.fields(value):
            _mutable_ids(getattr(value, item.name), seen)
    return seen


def _replayed(system: str) -> Iterator[Any]:
    """Each turn of the system's sample game replayed, yielding the game after it (the file the kit ships, or, for a
    system without one, the sample played from its recipe)."""
    path = SAMPLES / f"{system}-sample.ipynb"
    game = gamefile.load(path) if path.exists() else system_info(system).sample_game()
    fresh = game.fresh()
    for event in game.log:
        fresh.apply(event)
        yield fresh


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_every_snapshot_of_a_sample_game_is_equal_and_independent(system: str):
    for turn, game in enumerate(_replayed(system), start=1):
        state = game.state
        snapshot = copy.deepcopy(state)
        assert snapshot == state, f"turn {turn}: the copy differs from the state"
        shared = set(_mutable_ids(state, {})) & set(_mutable_ids(snapshot, {}))
        assert not shared, f"turn {turn}: the copy shares {len(shared)} mutable objects with the state"


def test_the_roll_under_sample_copies_combat_test_records_and_healing():
    seen = {"combat": False, "test": False, "healing": False}
    for game in _replayed("rollunder"):
        seen["combat"] |= game.state.combat is not None and bool(game.state.combat.initiative)
        seen["test"] |= game.state.last_test is not None
        seen["healing"] |= bool(game.state.healing)
    assert seen == {"combat": True, "test": True, "healing": True}
