"""The registry of game systems: each system's package, by name, one line each.

A system is one package that says everything about itself in its ``system`` module
(:class:`kit.core.system.SystemInfo`: title, summary, rulings, game class, ready-made party,
sample game, the names of its widget factories, the driver tests play it with); the packages
are imported only when asked for. Everything else — scripts, tests, benchmarks — loops over
:data:`SYSTEMS` and asks each system's ``SystemInfo``. The layers above register their parts of a
system the same way (``kit.odds.ODDS_MODULES``, ``kit.widgets.registry.WIDGETS``). Adding a
fourth system is its package, its odds and widgets modules, and one line in each registry.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from kit.core.errors import UnknownNameError

if TYPE_CHECKING:
    from kit.core.game import Game
    from kit.core.system import SystemInfo

SYSTEMS: dict[str, str] = {
    "falkefateifaux": "kit.falkefateifaux.system",
    "suitpairs": "kit.suitpairs.system",
    "rollunder": "kit.rollunder.system",
}
"""System name → the module that defines its ``SYSTEM``."""


def normalise_system_name(name: str) -> str:
    """A system's registry name from how a person writes it: case, spaces and dashes do not matter."""
    return "".join(ch for ch in str(name).lower() if ch.isalnum())


def system_info(name: str) -> SystemInfo:
    """What a system says about itself (:class:`~kit.core.system.SystemInfo`), by name."""
    key = normalise_system_name(name)
    if key not in SYSTEMS:
        shown = str(name) if len(str(name)) <= 40 else str(name)[:39] + "…"
        raise UnknownNameError(f"system {shown!r}", "is not a game system of the kit",
                               allowed=f"systems: {', '.join(SYSTEMS)}")
    return importlib.import_module(SYSTEMS[key]).SYSTEM


def get_system(name: str) -> type[Game]:
    """The game class of a system, by name."""
    return system_info(name).game


def all_systems() -> list[SystemInfo]:
    """Every registered system, in registry order."""
    return [system_info(name) for name in SYSTEMS]


def new_game(system: str, seed: str | None = None, **options: object) -> Game:
    """Start a new game of the named system (keywords: ``practice``, ``players``, ``gm`` and table options)."""
    return get_system(system)(seed, **options)


def continue_game(system: str, seed: str, *, chapter: int, follows: str, checkpoint: dict[str, Any],
                  **options: Any) -> Game:
    """A later chapter of a campaign (C-1): the game started as ``new_game`` would, continued from ``checkpoint``.

    ``follows`` is the head of the chapter before it; the chapter's turns replay from there.
    """
    game = get_system(system)(seed, **options)
    game.continue_from(chapter, follows, checkpoint)
    return game
