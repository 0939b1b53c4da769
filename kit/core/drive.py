"""How the tests and benchmarks play a system without knowing it: a :class:`Driver` names the turns.

A seeded walk through a whole game, a sealed game whose draws are forged or foreseen, a benchmark
of a thousand turns: each plays every registered system the same way, asking the system's
driver (``SystemInfo.driver``, defined in ``kit/<system>/drive.py``) which turn to take — a turn
that draws, a GM's turn that draws nothing, the step the rules wait for — and what a drawing turn
drew. A driver knows the rules' actions and arguments only: it imports no widgets and plays no
turn itself, so the same driver serves a game in memory, a game file and a table.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kit.core.game import Game

Turn = tuple[str, dict[str, Any]]
"""One turn: an action's name and its arguments."""

Step = tuple[str | None, str, dict[str, Any]]
"""A step the rules wait for: the seat that takes it (None for the GM's, or a game without a GM), the action and
its arguments."""


class Driver(ABC):
    """The turns a system is played with when nobody chooses them: by a walk, a sealed game, a benchmark.

    ``characters`` are two characters of the ready-made party, in the order the tests' players
    build them (the first player's, then the second's). ``flow_args`` names the arguments of a
    drawing turn that decide which steps follow it (a flip that guides fate waits for a card from
    hand): a test that swaps one declared drawing turn for another keeps them, so the turns after
    it come out the same.
    """

    characters: tuple[str, ...] = ()
    flow_args: tuple[str, ...] = ()

    @abstractmethod
    def drawing_turn(self, character: str, step: int) -> Turn:
        """A turn of ``character``'s that draws cards or dice (a check, a flip, a test), varied by ``step``."""

    @abstractmethod
    def gm_turn(self, character: str, step: int) -> Turn:
        """A turn only the GM takes, about ``character`` or the whole table, that draws nothing; varied by ``step``."""

    @abstractmethod
    def alternatives(self, character: str) -> list[Turn]:
        """Every drawing turn ``character`` might weigh at one position (each skill, each difficulty …)."""

    @abstractmethod
    def drawn(self, outcome: Mapping[str, Any]) -> Any:
        """The cards or dice a drawing turn drew, read from its outcome (``result.to_dict()``)."""

    @abstractmethod
    def succeeded(self, outcome: Mapping[str, Any]) -> bool:
        """Whether a drawing turn's outcome is the success its player hoped for."""

    def follow_ups(self, game: Game) -> list[Step]:
        """Every step the rules wait for now, in the order the rules take them (none by default)."""
        return []

    def follow_up(self, game: Game) -> Step | None:
        """The first step the rules wait for now, or None when any turn may be taken."""
        waiting = self.follow_ups(game)
        return waiting[0] if waiting else None
