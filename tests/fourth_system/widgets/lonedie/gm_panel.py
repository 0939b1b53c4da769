"""The Lone Die GM panel: award a hero marks (L-4). Every click is one turn through ``session.act``."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from fourth_system.lonedie.limits import MARKS_HIGH
from kit.widgets.component import Component, RefusalWords, latest_html
from kit.widgets.controls import error_line, fitted, html_view, labelled_button, row, section, set_options
from kit.widgets.parts import Control, Refusal, View
from kit.widgets.session import TableSession
from kit.widgets.shared import html


class GMPanel(Component):
    """The Lone Die GM's action: award a hero marks (L-4); ``result_view`` shows the panel's latest turn."""

    CSS = "kit-gm-panel"

    character_picker = Control("The hero awarded.")
    marks = Control("How many marks.")
    reason = Control("Why (shown in the log).")
    award_button = Control("Award the marks (L-4).")
    award_error = Refusal("Why the award was refused.")
    result_view = View("The panel's latest turn, once it is written.")

    def __init__(self, session: TableSession, **kwargs: Any):
        super().__init__(session, **kwargs)
        self.character_picker = fitted(widgets.Dropdown, description="Hero", options=[])
        self.marks = fitted(widgets.BoundedIntText, description="Marks", value=1, min=1, max=MARKS_HIGH)
        self.reason = fitted(widgets.Text, description="Reason", placeholder="why (shown in the log)")
        self.award_button = labelled_button("Award marks", f"Give the hero 1 to {MARKS_HIGH} marks (L-4)", "success")
        self.award_error = error_line()
        self.result_view = html_view("kit-gm-result")
        self.children = (
            html("<h3>GM panel</h3>"),
            section("Award marks (L-4)", row(self.character_picker, self.marks, self.reason), self.award_button,
                    self.award_error, css="kit-gm-marks"),
            self.result_view,
        )
        self.award_button.on_click(lambda _: self.award())
        self.follow()

    @property
    def character(self) -> str:
        """The picked hero's name ('' when nobody is at the table)."""
        return self.character_picker.value or ""

    def award(self) -> Any:
        """Award the picked hero the marks set, with the reason given (L-4)."""
        return self.take_turn(self.award_error, "award", RefusalWords("award marks", "L-4"), character=self.character,
                              marks=self.marks.value, reason=self.reason.value)

    def turn_taken(self, result: Any) -> None:
        """The panel's latest turn, shown once it is written."""
        self.result_view.value = latest_html(result)

    def refresh(self, result: Any = None) -> None:
        """Offer the heroes at the table."""
        names = list(self.game.state.characters)
        set_options(self.character_picker, [(name, name) for name in names])
        self.award_button.disabled = not names


LoneDieGMPanel = GMPanel
"""The GM panel under the name ``kit.widgets`` exports it by."""
