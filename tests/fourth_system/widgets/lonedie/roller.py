"""The die roller at the Lone Die table: roll a hero's die against a target (L-2), claim the standing roll (L-3)."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from kit.widgets.common import no_character_words, seat_characters, seat_html, waiting_html
from kit.widgets.component import Component, RefusalWords
from kit.widgets.controls import error_line, int_box, labelled_button, picker, set_options
from kit.widgets.parts import Control, Refusal, View
from kit.widgets.session import TableSession
from kit.widgets.shared import html


class DieRoller(Component):
    """Roll for one of this seat's heroes, then claim the roll."""

    CSS = "kit-die-roller"

    character_picker = Control("Who rolls: a hero this seat acts for (P-1).")
    target_input = Control("The target of the roll.")
    roll_button = Control("Roll the die: 1d20 + knack against the target (L-2).")
    claim_button = Control("Claim the roll: a success earns a mark (L-3).")
    seat_view = View("Why the buttons are disabled.")
    error = Refusal("Why a roll was refused.")
    claim_error = Refusal("Why a claim was refused.")
    result_view = View("The latest roll or claim.")

    def __init__(self, session: TableSession, **kwargs: Any):
        super().__init__(session, **kwargs)
        self.character_picker = picker(widgets.Dropdown, description="Who rolls", own_layout=True)
        self.target_input = int_box("Target", 10)
        self.roll_button = labelled_button("Roll the die", "1d20 + knack against the target (L-2)", "primary")
        self.claim_button = labelled_button("Claim the roll", "A success earns a mark (L-3)")
        self.error = error_line()
        self.claim_error = error_line()
        self.seat_view = html()
        self.result_view = html()
        self.children = (
            html("<h3>The lone die</h3>"),
            widgets.HBox([self.character_picker, self.target_input, self.roll_button, self.claim_button]),
            self.seat_view, self.error, self.claim_error, self.result_view,
        )
        self.roll_button.on_click(lambda _: self.roll())
        self.claim_button.on_click(lambda _: self.claim())
        self.follow()

    def roll(self) -> Any:
        """Roll for the picked hero against the target (L-2)."""
        return self.take_turn(self.error, "roll", RefusalWords("roll the die"), character=self.character_picker.value,
                              target=self.target_input.value)

    def claim(self) -> Any:
        """Claim the picked hero's standing roll (L-3)."""
        return self.take_turn(self.claim_error, "claim", RefusalWords("claim the roll"),
                              character=self.character_picker.value)

    def refresh(self, result: Any = None) -> None:
        """Redraw from the game: this seat's heroes and the latest roll or claim."""
        own = seat_characters(self.session, list(self.game.state.characters))
        with self.hold_sync():
            set_options(self.character_picker, [(name, name) for name in own])
            self.seat_view.value = waiting_html("" if own else no_character_words(self.session))
            self.roll_button.disabled = self.claim_button.disabled = not own
            if result is not None and type(result).__name__ in ("Rolled", "Claimed"):
                self.result_view.value = f'<div class="kit-latest">{seat_html(self.session, result)}</div>'


__all__ = ["DieRoller"]
