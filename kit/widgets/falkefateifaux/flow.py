"""What a FalkeFateiFaux table is doing now, read from the game for the widgets.

Nothing here decides a rule: the game's ``awaiting`` says what is awaited from whom, and the
results it returned say what the stacks hold.
"""

from __future__ import annotations

from typing import Any

from kit.falkefateifaux.results import Awaiting, FlipResult, TableChange


def flip_of(result: Any) -> FlipResult | None:
    """The flip a result shows: a flip step itself, or the flip a discard during a stack moved on."""
    if isinstance(result, FlipResult):
        return result
    if isinstance(result, TableChange) and result.flip is not None:
        return result.flip
    return None


def latest_flip(game: Any) -> FlipResult | None:
    """The newest flip step the game has returned (the stack being resolved, or the last one resolved)."""
    for result in reversed(game.results):
        flip = flip_of(result)
        if flip is not None:
            return flip
    return None


def awaited_from(game: Any, character: str | None, action: str) -> Awaiting | None:
    """The game's awaited step when it is ``action`` by ``character``, else None."""
    awaiting = game.awaiting
    if awaiting is None or character is None:
        return None
    if awaiting.action == action and awaiting.character == character:
        return awaiting
    return None
