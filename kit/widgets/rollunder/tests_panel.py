"""Plain and opposed tests at the Roll-Under table (R-1, R-2): the test a Tarot card can change (R-7).

A player's seat tests its own characters; an opposed test names any other character as the
opponent, whose attribute and skill the same seat picks (the GM sets them when it plays the
opponent). Each test becomes the open test the Tarot hand may reroll with a fate card.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from kit.rollunder.sheet import BASE_ATTRIBUTES
from kit.widgets.common import no_character_words, seat_characters, seat_html, waiting_html
from kit.widgets.component import Component
from kit.widgets.controls import error_line, html_view, int_box, labelled_button, picker
from kit.widgets.parts import Control, Refusal, View
from kit.widgets.session import TableSession
from kit.widgets.shared import html

NO_SKILL = "(attribute alone)"
"""The skill picker's entry for a test of the attribute alone (R-1)."""


def _dropdown(description: str, own_layout: bool = False) -> widgets.Dropdown:
    return picker(widgets.Dropdown, description=description, own_layout=own_layout)


class TestsPanel(Component):
    """Roll a plain test or an opposed test for one of this seat's characters."""

    CSS = "kit-tests-panel"

    __test__ = False

    character_picker = Control("Who tests: a character this seat acts for (P-1).")
    attribute_picker = Control("The attribute tested (R-1).")
    skill_picker = Control("The skill added to it, or the attribute alone.")
    modifier_input = Control("A modifier on the test.")
    test_button = Control("Roll the test: 1d20 under attribute + skill + modifier (R-1).")
    opponent_picker = Control("The opponent of an opposed test: any other character.")
    opponent_attribute_picker = Control("The opponent's attribute.")
    opponent_skill_picker = Control("The opponent's skill, or the attribute alone.")
    opponent_modifier_input = Control("A modifier on the opponent's test.")
    opposed_button = Control("Roll the opposed test: the greater degree wins, a tie goes to the opponent (R-2).")
    seat_view = View("Why the buttons are disabled.")
    error = Refusal("Why a test was refused.")
    result_view = View("The latest test.")

    def __init__(self, session: TableSession, **kwargs: Any):
        super().__init__(session, **kwargs)
        self.character_picker = _dropdown("Who tests", own_layout=True)
        self.attribute_picker = _dropdown("Attribute")
        self.attribute_picker.options = list(BASE_ATTRIBUTES)
        self.attribute_picker.value = BASE_ATTRIBUTES[0]  # the page shows the first entry, so that is the one tested
        self.skill_picker = _dropdown("Skill")
        self.modifier_input = int_box("Modifier", min_width="12em")
        self.test_button = labelled_button("Roll the test", "1d20 under attribute + skill + modifier (R-1)",
                                           "primary")
        self.test_button.add_class("kit-roll-test")
        self.opponent_picker = _dropdown("Opponent")
        self.opponent_attribute_picker = _dropdown("Opponent's attribute")
        self.opponent_attribute_picker.options = list(BASE_ATTRIBUTES)
        self.opponent_attribute_picker.value = BASE_ATTRIBUTES[0]
        self.opponent_skill_picker = _dropdown("Opponent's skill")
        self.opponent_modifier_input = int_box("Opponent's modifier", min_width="12em")
        self.opposed_button = labelled_button("Roll the opposed test", "Both sides test; the greater degree wins, "
                                              "a tie goes to the opponent (R-2)")
        self.opposed_button.add_class("kit-roll-opposed")
        self.error = error_line()
        self.seat_view = html()
        self.result_view = html_view("kit-test-result")
        row = {"flex_flow": "row wrap", "align_items": "center"}
        self.children = (
            html("<h3>Tests</h3><div>A test a Tarot card can change (R-7): roll it here, then spend a card in "
                 "the Tarot hand.</div>"),
            widgets.HBox([self.character_picker, self.attribute_picker, self.skill_picker, self.modifier_input,
                          self.test_button], layout=widgets.Layout(**row)),
            widgets.HBox([self.opponent_picker, self.opponent_attribute_picker, self.opponent_skill_picker,
                          self.opponent_modifier_input, self.opposed_button], layout=widgets.Layout(**row)),
            self.seat_view, self.error, self.result_view,
        )
        self.test_button.on_click(lambda _: self.roll_test())
        self.opposed_button.on_click(lambda _: self.roll_opposed())
        self.character_picker.observe(lambda _: self._draw_choices(), names="value")
        self.opponent_picker.observe(lambda _: self._draw_choices(), names="value")
        self.follow()

    @staticmethod
    def _skill(picker: widgets.Dropdown) -> str | None:
        return None if picker.value in (None, NO_SKILL) else str(picker.value)

    def roll_test(self) -> Any:
        """Roll the plain test set up in the pickers (R-1)."""
        return self.take_turn(self.error, "test", character=self.character_picker.value,
                              attribute=self.attribute_picker.value, skill=self._skill(self.skill_picker),
                              modifier=self.modifier_input.value)

    def roll_opposed(self) -> Any:
        """Roll the opposed test set up in the pickers (R-2)."""
        return self.take_turn(self.error, "opposed_test", character=self.character_picker.value,
                              attribute=self.attribute_picker.value, skill=self._skill(self.skill_picker),
                              opponent=self.opponent_picker.value,
                              opponent_attribute=self.opponent_attribute_picker.value,
                              opponent_skill=self._skill(self.opponent_skill_picker),
                              modifier=self.modifier_input.value, opponent_modifier=self.opponent_modifier_input.value)

    def refresh(self, result: Any = None) -> None:
        """Redraw from the game: this seat's characters, the opponents, and the latest test."""
        names = list(self.game.state.characters)
        own = seat_characters(self.session, names)
        with self.hold_sync():
            _set(self.character_picker, own)
            self.character_picker.layout.display = None if own else "none"
            self._draw_choices()
            reason = "" if own else no_character_words(self.session)
            self.seat_view.value = waiting_html(reason)
            self.test_button.disabled = not own
            if result is not None and type(result).__name__ in ("TestResult", "OpposedResult"):
                self.result_view.value = (f'<div class="kit-latest" aria-live="polite">'
                                          f"{seat_html(self.session, result)}</div>")

    def _draw_choices(self) -> None:
        """The skills of each side and the opponents other than the one testing."""
        game = self.game
        actor = self.character_picker.value
        others = [n for n in game.state.characters if n != actor]
        _set(self.opponent_picker, others)
        for character, skill_picker in ((actor, self.skill_picker),
                                        (self.opponent_picker.value, self.opponent_skill_picker)):
            sheet = game.state.characters.get(character) if character else None
            skills = [NO_SKILL] + ([f for f in sheet.skills] if sheet is not None else [])
            _set(skill_picker, skills)
        self.opposed_button.disabled = actor is None or not others
        if actor is not None and not others:
            self.seat_view.value = waiting_html(f"An opposed test needs another character at the table besides "
                                                f"{actor} (R-2).")


def _set(picker: widgets.Dropdown, options: list[str]) -> None:
    """Offer ``options``, keeping the value where it is still offered."""
    if list(picker.options) == options:
        if picker.value is None and options:
            picker.value = options[0]
        return
    kept = picker.value
    picker.options = options
    picker.value = kept if kept in options else (options[0] if options else None)


__all__ = ["NO_SKILL", "TestsPanel"]
