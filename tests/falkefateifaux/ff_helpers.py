"""Helpers for the FalkeFateiFaux tests: a table with Ada and Bruno, refusals that change nothing."""

from __future__ import annotations

import pytest

from kit.falkefateifaux import FalkeFateiFauxGame
from kit.falkefateifaux.system import SYSTEM

ADA = SYSTEM.sheet("Ada")
BRUNO = SYSTEM.sheet("Bruno")


def new_table(seed: str = "table", ada_hand: str | None = None, bruno_hand: str | None = None,
              **options: object) -> FalkeFateiFauxGame:
    """A game with Ada and Bruno; their hands may be rigged (five cards each)."""
    game = FalkeFateiFauxGame(seed, **options, practice=True)
    if ada_hand:
        game.rig(ada_hand)
    game.add_character("Ada", **ADA)
    if bruno_hand:
        game.rig(bruno_hand)
    game.add_character("Bruno", **BRUNO)
    return game


def unchanged(game: FalkeFateiFauxGame, call, error: type[Exception], ruling: str) -> Exception:
    """Run a call that must be refused: the error cites the ruling and the game is unchanged."""
    before, length = game.fingerprint(), len(game.log)
    with pytest.raises(error) as info:
        call()
    assert ruling in str(info.value)
    assert game.fingerprint() == before
    assert len(game.log) == length
    return info.value
