"""How the tests and benchmarks play Roll-Under (:class:`~kit.core.drive.Driver`): tests and the clock."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kit.core.drive import Driver, Turn

ATTRIBUTES = ("Agility", "Wits", "Vitality", "Reason", "Fate")
"""The attributes the driver's tests use, in turn."""


class RollUnderDriver(Driver):
    """Tests of Artie and Xavier against an attribute (R-1) and the clock moved on; nothing waits after a test."""

    characters = ("Artie", "Xavier")

    def drawing_turn(self, character: str, step: int) -> Turn:
        """A test of an attribute alone, varied by ``step``."""
        return "test", {"character": character, "attribute": ATTRIBUTES[step % len(ATTRIBUTES)]}

    def gm_turn(self, character: str, step: int) -> Turn:
        """The GM moves the clock on by a few minutes (R-6)."""
        return "advance_time", {"minutes": 5 + step}

    def alternatives(self, character: str) -> list[Turn]:
        """A test of each attribute."""
        return [("test", {"character": character, "attribute": attribute}) for attribute in ATTRIBUTES]

    def drawn(self, outcome: Mapping[str, Any]) -> Any:
        """The d20 rolls of the test."""
        return outcome["test"]["rolls"]

    def succeeded(self, outcome: Mapping[str, Any]) -> bool:
        """Whether the test succeeds."""
        return bool(outcome["test"]["success"])


DRIVER = RollUnderDriver()
"""The driver of :data:`kit.rollunder.system.SYSTEM`."""
