"""How the tests and benchmarks play Suit Pairs (:class:`~kit.core.drive.Driver`): checks, GM turns, acceptances."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kit.core.drive import Driver, Step, Turn
from kit.core.game import Game

SKILLS = ("Defy", "Analyze", "Stealth", "Charm")
"""The skills the driver's checks use, in turn."""

DIFFICULTIES = ("Easy", "Medium", "Hard")
"""The difficulties the driver's checks use, in turn."""


class SuitPairsDriver(Driver):
    """Checks of Mira and Tobin, the GM's turn order, and every rolled check accepted by its player (S-3 … S-5)."""

    characters = ("Mira", "Tobin")

    def drawing_turn(self, character: str, step: int) -> Turn:
        """A check of a skill against a difficulty, both varied by ``step``."""
        return "check", {"character": character, "skill": SKILLS[step % len(SKILLS)],
                         "difficulty": DIFFICULTIES[step % len(DIFFICULTIES)]}

    def gm_turn(self, character: str, step: int) -> Turn:
        """The GM sets the turn order: the two characters, reversed on even steps."""
        names = list(self.characters)
        return "set_turn_order", {"order": names if step % 2 else names[::-1]}

    def alternatives(self, character: str) -> list[Turn]:
        """A check of each skill against each difficulty."""
        return [("check", {"character": character, "skill": skill, "difficulty": difficulty})
                for skill in SKILLS for difficulty in DIFFICULTIES]

    def drawn(self, outcome: Mapping[str, Any]) -> Any:
        """The two dice of the roll."""
        return outcome["dice"]

    def succeeded(self, outcome: Mapping[str, Any]) -> bool:
        """Whether the roll succeeds."""
        return bool(outcome["success"])

    def follow_ups(self, game: Game) -> list[Step]:
        """Each rolled check waits to be accepted by its character's player (S-5), in the order characters joined."""
        return [(game.owner_of(name) or None, "accept", {"character": name})
                for name in game.character_names() if game.pending(name) is not None]  # type: ignore[attr-defined]


DRIVER = SuitPairsDriver()
"""The driver of :data:`kit.suitpairs.system.SYSTEM`."""
