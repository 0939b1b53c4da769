"""The FalkeFateiFaux character builder: a sheet filled in at the table, checked live against F-14.

::

    builder = CharacterBuilder(TableSession.open("game.ipynb"))
    builder.name_box.value = "Dora"
    builder.great_picker.value = "Magic"     # the problem beside each field updates as it changes
    builder.create_button.click()            # session.act("add_character", name="Dora", ...)

The problems are :func:`kit.falkefateifaux.creation.sheet_problems`'s, the turn is the game's
``add_character``; the builder holds no rule of its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import ipywidgets as widgets

from kit.falkefateifaux.creation import FIELDS, SKILL_NAMES, sheet_problems
from kit.widgets.builder import FieldProblem, SheetBuilder, field_row
from kit.widgets.controls import checkbox, choice_box, text_box
from kit.widgets.parts import Control
from kit.widgets.session import TableSession

CHOOSE = ("Choose a skill", "")
"""The first choice of every skill picker: none chosen yet."""


def _skill_picker(description: str) -> widgets.Dropdown:
    return choice_box(description, [CHOOSE, *((skill, skill) for skill in SKILL_NAMES)])


class CharacterBuilder(SheetBuilder):
    """A FalkeFateiFaux sheet (F-14): name, High Concept, Trouble, adverbs, skills; Create adds the character."""

    name_box = Control("The character's name.")
    high_concept_box = Control("The High Concept: who the character is, in a phrase.")
    trouble_box = Control("The Trouble: what gets them into trouble.")
    adverb_boxes = Control("The three positive adverbs, each different.")
    negative_adverb_box = Control("The negative adverb.")
    great_picker = Control("The Great (+8) skill.")
    good_pickers = Control("The three Good (+6) skills.")
    poor_picker = Control("The Poor (+2) skill.")
    npc_box = Control("NPC (the GM's character): the GM's seat only.")

    ACTION = "add_character"
    FIELDS = FIELDS
    TITLE = "FalkeFateiFaux — new character"

    def __init__(self, session: TableSession, **kwargs: Any):
        super().__init__(session, **kwargs)
        self.name_box = text_box("Name", "e.g. Dora")
        self.high_concept_box = text_box("High Concept", "who the character is, in a phrase")
        self.trouble_box = text_box("Trouble", "what gets them into trouble")
        self.adverb_boxes = [text_box(f"Adverb {index}", "e.g. swiftly") for index in (1, 2, 3)]
        self.negative_adverb_box = text_box("Negative adverb", "e.g. clumsily")
        self.great_picker = _skill_picker("Great (+8)")
        self.good_pickers = [_skill_picker(f"Good (+6) {index}") for index in (1, 2, 3)]
        self.poor_picker = _skill_picker("Poor (+2)")
        self.npc_box = checkbox("NPC (the GM's character)", layout=None, own_layout=True)
        self.watch(self.name_box, self.high_concept_box, self.trouble_box, *self.adverb_boxes,
                   self.negative_adverb_box, self.great_picker, *self.good_pickers, self.poor_picker, self.npc_box)
        lines: dict[str, FieldProblem] = self.field_problems
        self.finish([
            field_row([self.name_box], lines["name"]),
            field_row([self.high_concept_box], lines["high_concept"]),
            field_row([self.trouble_box], lines["trouble"]),
            field_row(self.adverb_boxes, lines["adverbs"], "Three positive adverbs, each different"),
            field_row([self.negative_adverb_box], lines["negative_adverb"]),
            field_row([self.great_picker], lines["great"], "One Great, three Good and one Poor skill; "
                                                           "the rest are Competent (+4)"),
            field_row(self.good_pickers, lines["good"]),
            field_row([self.poor_picker], lines["poor"]),
            field_row([self.npc_box], lines["npc"]),
        ])

    def fields(self) -> dict[str, Any]:
        """``add_character``'s arguments as the controls give them (``npc`` only from the GM's seat)."""
        return {
            "name": self.name_box.value, "high_concept": self.high_concept_box.value,
            "trouble": self.trouble_box.value, "adverbs": [box.value for box in self.adverb_boxes],
            "negative_adverb": self.negative_adverb_box.value, "great": self.great_picker.value,
            "good": [picker.value for picker in self.good_pickers], "poor": self.poor_picker.value,
            "npc": bool(self.npc_box.value) and self.gm_view,
        }

    def problems(self, fields: Mapping[str, Any], taken: Iterable[str]) -> dict[str, str]:
        """F-14's problems with the sheet (:func:`~kit.falkefateifaux.creation.sheet_problems`)."""
        return sheet_problems(fields, list(taken))

    def reset(self) -> None:
        """An empty sheet."""
        with self.hold_sync():
            for box in (self.name_box, self.high_concept_box, self.trouble_box, *self.adverb_boxes,
                        self.negative_adverb_box):
                box.value = ""
            for picker in (self.great_picker, *self.good_pickers, self.poor_picker):
                picker.value = ""
            self.npc_box.value = False

    def seat_changed(self) -> None:
        """The NPC mark is the GM's alone: hidden (and off) at a player's seat."""
        shown = self.gm_view
        self.npc_box.layout.display = None if shown else "none"
        if not shown and self.npc_box.value:
            self.npc_box.value = False


FalkeFateiFauxCharacterBuilder = CharacterBuilder
"""The builder under the name ``kit.widgets`` exports it by (each system has its own ``CharacterBuilder``)."""
