"""The Suit Pairs character builder: a sheet filled in at the table, checked live against S-1.

::

    builder = CharacterBuilder(TableSession.open("game.ipynb"))
    builder.name_box.value = "Ines"
    builder.attribute_boxes["Strength"].value = 3   # the problem beside each field updates as it changes
    builder.skill_pickers["Strength"].value = "Defy"
    builder.create_button.click()                   # session.act("create_character", name="Ines", ...)

The problems are :func:`kit.suitpairs.creation.sheet_problems`'s, the turn is the game's
``create_character``; the builder holds no rule of its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from kit.suitpairs.attributes import Attribute
from kit.suitpairs.character import CREATION_MINIMUM, CREATION_POINTS
from kit.suitpairs.creation import ATTRIBUTE_FIELDS, FIELDS, sheet_problems
from kit.suitpairs.skills import row
from kit.widgets.builder import SheetBuilder, field_row
from kit.widgets.controls import choice_box, html_view, int_box, text_box
from kit.widgets.parts import Control, View
from kit.widgets.session import TableSession
from kit.widgets.shared import html


class CharacterBuilder(SheetBuilder):
    """A Suit Pairs sheet (S-1): name, identity, ten attribute points, one skill per row; Create adds it."""

    name_box = Control("The character's name.")
    identity_box = Control("The identity: a passion, a profession, an archetype.")
    attribute_boxes = Control("Each attribute's points, by the attribute's title (Strength, Intelligence, …).")
    skill_pickers = Control("Each attribute's row of skills, one chosen from each, by the attribute's title.")
    points_view = View("The points spent of ten.")

    ACTION = "create_character"
    FIELDS = FIELDS
    TITLE = "Suit Pairs — new character"

    def __init__(self, session: TableSession, **kwargs: Any):
        super().__init__(session, **kwargs)
        self.name_box = text_box("Name", "e.g. Ines")
        self.identity_box = text_box("Identity", "a passion, a profession, an archetype")
        self.attribute_boxes = {attribute.title: int_box(attribute.label, CREATION_MINIMUM)
                                for attribute in Attribute}
        self.skill_pickers = {
            attribute.title: choice_box(f"{attribute.label} row", [("Choose a skill", "")] + [
                (skill.label, skill.name) for skill in row(attribute)])
            for attribute in Attribute
        }
        self.points_view = html_view("kit-points")
        self.watch(self.name_box, self.identity_box, *self.attribute_boxes.values(), *self.skill_pickers.values())
        lines = self.field_problems
        self.finish([
            field_row([self.name_box], lines["name"]),
            field_row([self.identity_box], lines["identity"]),
            html(f"<b>Attributes</b> — spend exactly {CREATION_POINTS} points, each from {CREATION_MINIMUM} to 5"),
            *(field_row([self.attribute_boxes[attribute.title]], lines[field])
              for field, attribute in ATTRIBUTE_FIELDS.items()),
            self.points_view,
            field_row(self.skill_pickers.values(), lines["skills"],
                      "Skills — one from each attribute's row, at level 1"),
        ])

    def fields(self) -> dict[str, Any]:
        """``create_character``'s arguments as the controls give them (a row with no skill chosen gives none)."""
        return {
            "name": self.name_box.value, "identity": self.identity_box.value,
            **{field: self.attribute_boxes[attribute.title].value for field, attribute in ATTRIBUTE_FIELDS.items()},
            "skills": [picker.value for picker in self.skill_pickers.values() if picker.value],
        }

    def problems(self, fields: Mapping[str, Any], taken: Iterable[str]) -> dict[str, str]:
        """S-1's problems with the sheet (:func:`~kit.suitpairs.creation.sheet_problems`)."""
        return sheet_problems(fields, list(taken))

    def check(self) -> dict[str, str]:
        """The problems, and the points spent so far."""
        spent = sum(box.value for box in self.attribute_boxes.values())
        self.points_view.value = f'<div class="kit-points-spent">Points spent: {spent} of {CREATION_POINTS}</div>'
        return super().check()

    def reset(self) -> None:
        """An empty sheet: every attribute at its least, no skills chosen."""
        with self.hold_sync():
            self.name_box.value = ""
            self.identity_box.value = ""
            for box in self.attribute_boxes.values():
                box.value = CREATION_MINIMUM
            for picker in self.skill_pickers.values():
                picker.value = ""


SuitPairsCharacterBuilder = CharacterBuilder
"""The builder under the name ``kit.widgets`` exports it by (each system has its own ``CharacterBuilder``)."""
