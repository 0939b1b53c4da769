"""The Lone Die character builder: a hero's name and knack, checked live against L-1 (``sheet_problems``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from fourth_system.lonedie.creation import FIELDS, sheet_problems
from fourth_system.lonedie.limits import KNACK_HIGH, KNACK_LOW
from kit.widgets.builder import SheetBuilder, field_row
from kit.widgets.controls import int_box, text_box
from kit.widgets.parts import Control
from kit.widgets.session import TableSession


class CharacterBuilder(SheetBuilder):
    """A Lone Die sheet (L-1): a name and a knack; Create adds the hero."""

    name_box = Control("The hero's name.")
    knack_box = Control("The hero's knack (L-1).")

    ACTION = "add_hero"
    FIELDS = FIELDS
    TITLE = "Lone Die — new hero"

    def __init__(self, session: TableSession, **kwargs: Any):
        super().__init__(session, **kwargs)
        self.name_box = text_box("Name", "e.g. Pip")
        self.knack_box = int_box("Knack", KNACK_LOW)
        self.watch(self.name_box, self.knack_box)
        lines = self.field_problems
        self.finish([field_row([self.name_box], lines["name"]),
                     field_row([self.knack_box], lines["knack"], f"From {KNACK_LOW} to {KNACK_HIGH}")])

    def fields(self) -> dict[str, Any]:
        """``add_hero``'s arguments as the controls give them."""
        return {"name": self.name_box.value, "knack": self.knack_box.value}

    def problems(self, fields: Mapping[str, Any], taken: Iterable[str]) -> dict[str, str]:
        """L-1's problems with the sheet (:func:`~fourth_system.lonedie.creation.sheet_problems`)."""
        return sheet_problems(fields, list(taken))

    def reset(self) -> None:
        """An empty sheet."""
        with self.hold_sync():
            self.name_box.value = ""
            self.knack_box.value = KNACK_LOW


LoneDieCharacterBuilder = CharacterBuilder
"""The builder under the name ``kit.widgets`` exports it by."""
