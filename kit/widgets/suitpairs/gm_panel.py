"""The Suit Pairs GM panel: award and take away points, skip a check's consequences, set the turn order.

A thin view over a :class:`~kit.widgets.session.TableSession`, shown to the GM's seat::

    panel = GMPanel(TableSession.open("game.ipynb"))
    panel.character_picker.value = "Mira"
    panel.what_picker.value = "Strength"
    panel.points.value = 2
    panel.award_button.click()                 # session.act("award", character="Mira", what="Strength", …)
    panel.order_toggles["Tomas"].value = True  # click the characters in the order they check …
    panel.order_toggles["Mira"].value = True
    panel.set_order_button.click()             # session.act("set_turn_order", order=["Tomas", "Mira"])

Every click is one turn taken through ``session.act``; a refusal shows the rules' reason in plain
words, citing the ruling, on that section's refusal line, and changes neither game nor file.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from kit.suitpairs.attributes import HIGHEST, Attribute
from kit.suitpairs.skills import SKILLS
from kit.widgets.component import Component, RefusalWords, latest_html, refuse
from kit.widgets.controls import (
    error_line,
    fitted,
    html_view,
    labelled_button,
    row,
    section,
    set_options,
    toggle_button,
)
from kit.widgets.parts import Control, Refusal, View
from kit.widgets.session import TableSession
from kit.widgets.shared import fixed_layout, html

ORDER_RULING = "P-4"
"""The ruling the game cites for the GM's turn order."""


class GMPanel(Component):
    """The Suit Pairs GM's actions: award or take away points, skip a check's consequences, set the turn order.

    The points and the skip act on the character picked; each section has its own refusal line,
    and ``result_view`` shows the panel's latest turn once it is written.
    """

    CSS = "kit-gm-panel"

    character_picker = Control("Whom the points and the skip are for.")
    status_view = View("The picked character: values, skills, the check waiting.")
    what_picker = Control("The attribute or skill awarded or taken away.")
    points = Control("How many points.")
    reason = Control("Why (shown in the log).")
    award_button = Control("Award the points; every value stays within 0–5 (S-5).")
    take_away_button = Control("Take the points away; an attribute at 0 brings serious consequences (S-5, S-6).")
    adjust_error = Refusal("Why awarding or taking away was refused.")
    skip_button = Control("Accept the picked character's roll without its consequence (S-5 table option).")
    skip_error = Refusal("Why skipping the consequence was refused.")
    order_toggles = Control("One toggle button per character, clicked in the order they check.")
    order_view = View("The turn order now, and the one being picked.")
    set_order_button = Control("Set the turn order clicked; anyone not clicked follows in creation order (P-4).")
    clear_order_button = Control("Start the order being picked again.")
    order_error = Refusal("Why the turn order was refused.")
    result_view = View("The panel's latest turn, once it is written.")

    def __init__(self, session: TableSession, **kwargs: Any):
        super().__init__(session, **kwargs)
        self._order: list[str] = []

        self.character_picker = fitted(widgets.Dropdown, description="Character", options=[])
        self.status_view = html_view("kit-gm-status")
        self.result_view = html_view("kit-gm-result")

        self.what_picker = fitted(widgets.Dropdown, description="Attribute or skill",
                                  options=[(a.label, a.title) for a in Attribute] + [(s.label, s.name) for s in SKILLS])
        self.points = fitted(widgets.BoundedIntText, description="Points", value=1, min=1, max=HIGHEST)
        self.reason = fitted(widgets.Text, description="Reason", placeholder="why (shown in the log)")
        self.award_button = labelled_button("Award points", "Raise the value; every value stays within 0–5 (S-5)",
                                            "success")
        self.take_away_button = labelled_button("Take points away", "Lower the value; every value stays within 0–5, "
                                                "an attribute at 0 brings serious consequences (S-5, S-6)", "warning")
        self.adjust_error = error_line()

        self.skip_button = labelled_button("Accept the roll without its consequence",
                                           "The GM skips this check's consequence (S-5 table option)", "warning")
        self.skip_error = error_line()

        self.order_toggles: dict[str, widgets.ToggleButton] = {}
        self._order_row = widgets.HBox([], layout=fixed_layout(flex_flow="row wrap"))
        self.order_view = html_view("kit-gm-order")
        self.set_order_button = labelled_button("Set the turn order", "Characters check in the order clicked; "
                                                "anyone not clicked follows in creation order", "primary")
        self.clear_order_button = labelled_button("Start the order again", "Unclick every character")
        self.order_error = error_line()

        self.children = (
            html("<h3>GM panel</h3>"),
            self.character_picker,
            self.status_view,
            section("Award or take away points (S-5: values stay within 0–5)",
                    row(self.what_picker, self.points, self.reason),
                    row(self.award_button, self.take_away_button), self.adjust_error, css="kit-gm-points"),
            section("Skip consequences (S-5 table option)", self.skip_button, self.skip_error,
                    css="kit-gm-skip"),
            section("Turn order: click the characters in the order they check", self._order_row,
                    self.order_view, row(self.set_order_button, self.clear_order_button), self.order_error,
                    css="kit-gm-turn-order"),
            self.result_view,
        )
        self.award_button.on_click(lambda _: self.adjust("award"))
        self.take_away_button.on_click(lambda _: self.adjust("take_away"))
        self.skip_button.on_click(lambda _: self.skip_consequences())
        self.set_order_button.on_click(lambda _: self.set_turn_order())
        self.clear_order_button.on_click(lambda _: self.clear_order())
        self.character_picker.observe(lambda _: None if self._drawing else self._draw_character(), names="value")
        self.follow()

    @property
    def character(self) -> str:
        """The picked character's name ('' when nobody is at the table)."""
        return self.character_picker.value or ""

    @property
    def order(self) -> list[str]:
        """The turn order being picked: the characters in the order their toggles were clicked."""
        return list(self._order)

    # -- actions: each is one turn through the session ---------------------------------------

    def turn_taken(self, result: Any) -> None:
        """The panel's latest turn, shown once it is written."""
        self.result_view.value = latest_html(result)

    def adjust(self, action: str) -> Any:
        """``award`` or ``take_away`` the points picked, on the attribute or skill picked (S-5)."""
        points, what = self.points.value, self.what_picker.value
        verb = "award" if action == "award" else "take away"
        asked = f"{verb} {points} {what} point{'s' if points != 1 else ''} for {self.character or 'nobody'}"
        if not self.character:
            refuse(self.adjust_error, asked, "no character is picked", "S-5", "create a character first")
            return None
        return self.take_turn(self.adjust_error, action, RefusalWords(asked, "S-5"),
                              character=self.character, what=what, points=points, reason=self.reason.value.strip())

    def skip_consequences(self) -> Any:
        """Accept the picked character's pending roll with its consequence skipped (S-5 table option)."""
        asked = f"accept {self.character or 'nobody'}'s roll without its consequence"
        if not self.character:
            refuse(self.skip_error, asked, "no character is picked", "S-5", "create a character first")
            return None
        if self.game.pending(self.character) is None:
            refuse(self.skip_error, asked, f"{self.character} has no rolled check waiting to be accepted", "S-5",
                   "skip the consequence of a check that has been rolled and not yet accepted")
            return None
        return self.take_turn(self.skip_error, "accept", RefusalWords(asked, "S-5"),
                              character=self.character, consequences=False)

    def set_turn_order(self) -> Any:
        """Send the order clicked to the game (``set_turn_order``); anyone not clicked follows in creation order."""
        asked = "set the turn order"
        if not self._order:
            refuse(self.order_error, asked, "no character is clicked", ORDER_RULING,
                   "click the characters in the order they check")
            return None
        result = self.take_turn(self.order_error, "set_turn_order", RefusalWords(asked, ORDER_RULING),
                                order=list(self._order))
        if result is not None:
            self.clear_order()
        return result

    def clear_order(self) -> None:
        """Unclick every character: the order being picked starts again."""
        self._order = []
        self._drawing = True
        try:
            for toggle in self.order_toggles.values():
                toggle.value = False
        finally:
            self._drawing = False
        self._draw_order()

    # -- drawing -----------------------------------------------------------------------------

    def refresh(self, result: Any = None) -> None:
        """Redraw every picker and view from the game (called after every turn the session announces)."""
        names = list(self.game.characters)
        self._drawing = True
        try:
            with self.hold_sync():
                set_options(self.character_picker,
                            [(f"{name} ({self.game.character(name).identity})", name) for name in names])
                toggles: dict[str, widgets.ToggleButton] = {}
                for name in names:
                    toggle = self.order_toggles.get(name)
                    if toggle is None:
                        toggle = toggle_button(name, f"{name} checks next in the order being picked")
                        toggle.observe(self._toggled, names="value")
                    toggles[name] = toggle
                self.order_toggles = toggles
                self._order = [name for name in self._order if name in toggles]
                shown = tuple(toggles.values())
                if self._order_row.children != shown:
                    self._order_row.children = shown
        finally:
            self._drawing = False
        self._draw_character()
        self._draw_order()

    def _toggled(self, change: dict[str, Any]) -> None:
        if self._drawing:
            return
        name = next((n for n, t in self.order_toggles.items() if t is change["owner"]), None)
        if name is None:
            return
        if change["new"] and name not in self._order:
            self._order.append(name)
        elif not change["new"] and name in self._order:
            self._order.remove(name)
        self._draw_order()

    def _draw_order(self) -> None:
        now = list(getattr(self.game, "turn_order", self.game.characters))
        picked = " → ".join(f"{i}. {escape(n)}" for i, n in enumerate(self._order, start=1))
        rest = [n for n in self.game.characters if n not in self._order]
        if picked and rest:
            picked += f", then in creation order: {escape(', '.join(rest))}"
        self.order_view.value = (
            f'<div class="kit-gm-order-now">Turn order now: {escape(" → ".join(now)) or "nobody yet"}</div>'
            f'<div class="kit-gm-order-picked">Being picked: {picked or "nobody clicked yet"}</div>'
        )
        for toggle in self.order_toggles.values():
            place = self._order.index(toggle.description) + 1 if toggle.description in self._order else 0
            toggle.tooltip = (f"{toggle.description} is number {place}; click again to take them out" if place
                              else f"{toggle.description} checks next in the order being picked")

    def _draw_character(self) -> None:
        name = self.character
        if name not in self.game.characters:
            self.status_view.value = "<i>No characters at the table yet.</i>"
            return
        person = self.game.character(name)
        values = ", ".join(f"{a.label} {person.attributes[a.title]}" for a in Attribute)
        skills = ", ".join(f"{k} {v}" for k, v in person.trained_skills.items()) or "none"
        waiting = self.game.pending(name)
        pending = "no check waiting" if waiting is None else (
            f"{waiting.skill} check rolled {waiting.total} against {waiting.target}, "
            f"{'a success' if waiting.success else 'a failure'} so far")
        self.status_view.value = (f'<div class="kit-gm-character"><b>{escape(name)}</b>: {escape(values)}; '
                                  f"skills {escape(skills)}; {escape(pending)}</div>")


SuitPairsGMPanel = GMPanel
"""The same panel under a name no other system's panel has (``from kit.widgets import SuitPairsGMPanel``)."""
