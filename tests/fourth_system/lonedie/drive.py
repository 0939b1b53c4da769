"""How the tests play Lone Die (:class:`~kit.core.drive.Driver`): rolls, the GM's marks, every roll claimed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kit.core.drive import Driver, Step, Turn
from kit.core.game import Game

TARGETS = (6, 9, 12, 15, 18)
"""The targets a hero weighs at one position."""


class LoneDieDriver(Driver):
    """Rolls of Pip and Quill against a target, marks from the GM, and each standing roll claimed (L-2 … L-4)."""

    characters = ("Pip", "Quill")

    def drawing_turn(self, character: str, step: int) -> Turn:
        """A roll against a target varied by ``step``."""
        return "roll", {"character": character, "target": 5 + step % 12}

    def gm_turn(self, character: str, step: int) -> Turn:
        """The GM awards ``character`` a mark or two."""
        return "award", {"character": character, "marks": 1 + step % 2, "reason": f"scene {step}"}

    def alternatives(self, character: str) -> list[Turn]:
        """A roll against each of :data:`TARGETS`."""
        return [("roll", {"character": character, "target": target}) for target in TARGETS]

    def drawn(self, outcome: Mapping[str, Any]) -> Any:
        """The lone die."""
        return outcome["die"]

    def succeeded(self, outcome: Mapping[str, Any]) -> bool:
        """Whether the roll reaches its target."""
        return bool(outcome["success"])

    def follow_ups(self, game: Game) -> list[Step]:
        """Each standing roll waits for its hero's claim (L-3), in the order heroes joined."""
        state = game.state
        return [(game.owner_of(name) or None, "claim", {"character": name})
                for name in state.characters if name in state.pending]


DRIVER = LoneDieDriver()
"""The driver of the Lone Die system."""
