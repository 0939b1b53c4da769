"""The registry of game systems by name; each system is imported only when asked for."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from kit.core.errors import UnknownNameError

if TYPE_CHECKING:
    from kit.core.game import Game

SYSTEMS: dict[str, tuple[str, str]] = {
    "falkefateifaux": ("kit.falkefateifaux", "FalkeFateiFauxGame"),
    "suitpairs": ("kit.suitpairs", "SuitPairsGame"),
    "rollunder": ("kit.rollunder", "RollUnderGame"),
}


def normalise_system_name(name: str) -> str:
    """``"Suit Pairs"``, ``"suit-pairs"`` and ``"suitpairs"`` all name the same system."""
    return "".join(ch for ch in str(name).lower() if ch.isalnum())


def get_system(name: str) -> type[Game]:
    """The game class of a system, by name."""
    key = normalise_system_name(name)
    if key not in SYSTEMS:
        raise UnknownNameError(f"system {name!r}", "is not a game system of the kit",
                               allowed=f"systems: {', '.join(SYSTEMS)}")
    module_name, class_name = SYSTEMS[key]
    return getattr(importlib.import_module(module_name), class_name)


def new_game(system: str, seed: str | None = None, **options: object) -> Game:
    """Start a new game of the named system."""
    return get_system(system)(seed, **options)
