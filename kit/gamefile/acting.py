"""What the game file's writers do to a game: take a turn by name, and put a game's state back.

A table keeps its game object, so a turn that is not written, a new chapter and a new chain are
made in place: every such change goes through :func:`restore_game`, the one place that puts one
game's state into another.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kit.core.errors import MalformedInputError
from kit.core.game import Game
from kit.gamefile.notebook import paused_gc
from kit.gamefile.source import check_args


def restore_game(game: Game, other: Game) -> None:
    """Make ``game`` (the same object, which callers keep) what ``other``, a game of its start, is (``Game.become``).

    What belongs to the table — the seat it sits in, the keys it holds, a rig or proof set for the
    next turn — stays ``game``'s; ``other`` is used up.
    """
    game.become(other)


def perform(game: Game, action: str, args: Mapping[str, Any], rig: Mapping[str, Any] | None = None,
            seat: str | None = None) -> Any:
    """Take one action on ``game`` by name, as a turn cell would (RulesError when refused).

    ``seat`` sits the game there first (P-1); without it the game's current seat takes the turn.
    """
    check_args(type(game), action, args)
    if seat is not None:
        game.sit(seat)
    if rig:
        cards = rig.get("cards") or {}
        if len(cards) > 1:
            raise MalformedInputError(f"rig on {len(cards)} decks", "Game.rig() names one deck a call",
                                      allowed="rig one deck an action")
        deck, codes = next(iter(cards.items())) if cards else (None, None)
        game.rig(codes, deck=deck, dice=rig.get("dice") or None)
    try:
        return getattr(game, action)(**args)
    finally:
        game.rig()


def rebuild(game: Game, turns: int) -> None:
    """Make ``game`` again what its first ``turns`` events make (after a turn that was not written)."""
    with paused_gc():
        fresh = game.replayed(turns)
    restore_game(game, fresh)  # the table's seat stays where it was


__all__ = ["perform", "rebuild", "restore_game"]
