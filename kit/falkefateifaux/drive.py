"""How the tests and benchmarks play FalkeFateiFaux (:class:`~kit.core.drive.Driver`): flips and what they await."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kit.core.drive import Driver, Step, Turn
from kit.core.game import Game

SKILLS = ("Athletics", "Fisticuffs", "Magic", "Courage", "Society", "Charisma", "Resistance", "Marksmanship")
"""The skills the driver's flips use, in turn."""


class FalkeFateiFauxDriver(Driver):
    """Flips of Ada and Bruno against a target, Fate tokens from the GM, and each flip resolved as it awaits.

    Whether a flip guides fate, and its target, decide the steps after it (F-8): ``flow_args``.
    """

    characters = ("Ada", "Bruno")
    flow_args = ("guide", "target")

    def drawing_turn(self, character: str, step: int) -> Turn:
        """A flip of a skill against a target, guiding fate on even steps."""
        return "flip", {"character": character, "skill": SKILLS[step % len(SKILLS)],
                        "target": 4 + step % 7, "guide": step % 2 == 0}

    def gm_turn(self, character: str, step: int) -> Turn:
        """The GM awards ``character`` a Fate token."""
        return "award_fate", {"character": character, "amount": 1, "reason": f"scene {step}"}

    def alternatives(self, character: str) -> list[Turn]:
        """A flip of each skill against 8, not guiding fate."""
        return [("flip", {"character": character, "skill": skill, "target": 8, "guide": False}) for skill in SKILLS]

    def drawn(self, outcome: Mapping[str, Any]) -> Any:
        """The cards of each side's stack."""
        return [[card["card"] for card in side["cards"]] for side in outcome["sides"]]

    def succeeded(self, outcome: Mapping[str, Any]) -> bool:
        """Whether the flip reaches its target (a degree of 0 or more)."""
        return int(outcome["degree"]) >= 0

    def follow_ups(self, game: Game) -> list[Step]:
        """What the flip awaits: the lowest cards of a hand discarded, the first option chosen, or no card guided."""
        awaiting = game.awaiting  # type: ignore[attr-defined]
        if awaiting is None:
            return []
        seat = game.owner_of(awaiting.character) or None
        if awaiting.action == "discard":
            hand = game.state.characters[awaiting.character].hand
            cards = sorted(card.code for card in hand)[:awaiting.count]
            return [(seat, "discard", {"character": awaiting.character, "cards": cards})]
        if awaiting.action == "choose":
            return [(seat, "choose", {"character": awaiting.character, "card": awaiting.options[0]})]
        return [(seat, "guide", {"character": awaiting.character, "card": None})]


DRIVER = FalkeFateiFauxDriver()
"""The driver of :data:`kit.falkefateifaux.system.SYSTEM`."""
