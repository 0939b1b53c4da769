"""The Suit Pairs attribute tracker: a character sheet that runs checks, rerolls and consequences.

A thin view over a :class:`~kit.widgets.session.TableSession` holding a Suit Pairs game::

    tracker = AttributeTracker(TableSession.open("game.ipynb"))
    tracker.skill_picker.value = "Defy"
    tracker.difficulty_picker.value = "Hard"
    tracker.check_button.click()            # game.check("Mira", "Defy", "Hard")
    tracker.reroll_primary_button.click()   # game.reroll("Mira", pay="Strength")
    tracker.accept_button.click()           # game.accept("Mira")

Every click is one turn taken through ``session.act``; the game decides, the tracker shows the
game's queries (``character``, ``pending``, ``odds``, ``serious_consequences``) and results.
A refused click shows the rules' message beside the control and changes nothing.

At a game with seats (P-1) a player's tracker offers only that player's own characters, and while
the game waits for another seat's check the check button is disabled with the reason beside it.
The GM's controls (award, take away, skipping a check's consequences) show once: at a game with
seats they live in the GM panel the table shows the GM's seat (:mod:`kit.widgets.suitpairs.gm_panel`),
so the tracker hides its own copy from every seat; at a game without seats, where the table opens
the GM panel only when asked, the tracker keeps them and everyone may do everything.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets
import traitlets

from kit.core.errors import RulesError
from kit.render import to_html
from kit.suitpairs.attributes import LOWEST, Attribute
from kit.suitpairs.difficulties import DIFFICULTIES
from kit.suitpairs.results import CheckResolved
from kit.suitpairs.skills import SKILLS, Skill, find_skill
from kit.widgets.common import (
    OddsView,
    no_character_words,
    player_seat,
    seat_characters,
    seated,
    waiting_elsewhere,
    waiting_html,
)
from kit.widgets.component import Component
from kit.widgets.controls import checkbox, error_line, fitted, html_view, labelled_button, picker
from kit.widgets.parts import Box, Control, Refusal, View
from kit.widgets.session import TableSession
from kit.widgets.shared import fixed_layout, html
from kit.widgets.suitpairs.odds import show_check_odds
from kit.widgets.suitpairs.sheet import Mark, changes_html, marks_for, serious_html, sheet_html

DIFFICULTY_HINT = "Easy, Medium, Hard, Impossible or a number"
"""What the difficulty box accepts, shown as its placeholder."""


def _wide(**kwargs: Any) -> widgets.Layout:
    """The layout (shared: never change it) of a control or row as wide as its content."""
    return fixed_layout(width="auto", **kwargs)


def _about(result: Any) -> str | None:
    """The character a result is about (``character``, or ``name`` for a new character)."""
    return getattr(result, "character", None) or getattr(result, "name", None)


class AttributeTracker(Component):
    """A Suit Pairs character sheet: pick a character, run a check, reroll or accept, see what moved.

    The GM's controls (``gm_panel``, ``skip_consequences``) show at a game without seats only:
    at a game with seats the table's GM panel offers them (``gm_controls_shown`` is then False).
    """

    CSS = "kit-attribute-tracker"

    character_picker = Control("Whose sheet is shown: a character this seat acts for (P-1).")
    sheet_view = View("The character's sheet: attributes as pips, the suit-pair grid of skills, what moved.")
    serious_view = View("The serious consequences of attributes at 0 (S-6).")
    changes_view = View("What the last turn changed on the sheet, and why.")
    skill_picker = Control("The skill checked, with its level.")
    difficulty_picker = Control("The difficulty: Easy, Medium, Hard, Impossible or a number.")
    check_button = Control("Roll the check: 2d6 + skill level against the difficulty (S-3).")
    check_error = Refusal("Why the check was refused.")
    seat_view = View("Whom a player's seat waits for, or that the pending check comes first.")
    odds_view = View("The exact odds of the check, now and with rerolls.")
    roll_view = View("The pending check, shown first after a roll.")
    result_view = View("The character's latest result.")
    reroll_primary_button = Control("Reroll, paying 1 point of the skill's primary attribute (S-4).")
    reroll_secondary_button = Control("Reroll, paying 1 point of the secondary attribute (S-4).")
    reroll_error = Refusal("Why a reroll was refused.")
    reroll_reason = View("Why the reroll buttons are disabled.")
    accept_button = Control("Accept the roll: the standing roll decides the check (S-5).")
    skip_consequences = Control("GM, at a game without seats: skip this check's consequences (S-5 table option).")
    accept_error = Refusal("Why accepting was refused.")
    accept_reason = View("Why Accept is disabled.")
    gm_panel = Box("The GM's awards, at a game without seats: value, points, reason, award, take away.")
    gm_what_picker = Control("The attribute or skill the GM awards or takes away.")
    gm_points = Control("How many points the GM awards or takes away.")
    gm_reason = Control("Why (shown in the log).")
    award_button = Control("GM: award the points; values stay within 0–5 (S-5).")
    take_away_button = Control("GM: take the points away; values stay within 0–5 (S-5).")
    gm_error = Refusal("Why an award or a taking away was refused.")

    character = traitlets.Unicode("", help="The character whose sheet is shown.").tag(sync=True)
    pending = traitlets.Bool(False, help="Whether that character has a rolled check awaiting reroll or accept.").tag(
        sync=True)

    def __init__(self, session: TableSession, *, gm_panel: bool = True, **kwargs: Any):
        super().__init__(session, **kwargs)
        self._last_result: Any = None
        self._quiet = False

        self.character_picker = picker(widgets.Dropdown, description="Character", options=[],
                                       layout={"width": "24em"},
                                       own_layout=True)  # hidden when a player's seat has no character
        self.character_picker.add_class("kit-character")
        self.sheet_view = html_view("kit-sheet")
        self.serious_view = html()
        self.changes_view = html_view("kit-changes")

        self.skill_picker = fitted(widgets.Dropdown, description="Skill", options=[(s.label, s.name) for s in SKILLS],
                                   value=SKILLS[0].name)
        self.skill_picker.add_class("kit-skill")
        self.difficulty_picker = fitted(widgets.Combobox, description="Difficulty",
                                        options=[d.name for d in DIFFICULTIES], value="Medium",
                                        placeholder=DIFFICULTY_HINT, ensure_option=False)
        self.difficulty_picker.add_class("kit-difficulty")
        self.check_button = labelled_button("Roll the check", "Roll 2d6 + skill level against the difficulty (S-3)",
                                            "primary")
        self.check_button.add_class("kit-check")
        self.check_error = error_line("kit-check-error")
        self.seat_view = html_view("kit-check-seat")
        self.odds_view = OddsView()
        self.odds_view.add_class("kit-sp-odds")

        self.roll_view = html_view("kit-roll")
        self.result_view = html()
        self.reroll_primary_button = labelled_button("Reroll", "Pay 1 point of the primary attribute (S-4)",
                                                     own_layout=True)
        self.reroll_primary_button.add_class("kit-reroll-primary")
        self.reroll_secondary_button = labelled_button("Reroll", "Pay 1 point of the secondary attribute (S-4)",
                                                       own_layout=True)
        self.reroll_secondary_button.add_class("kit-reroll-secondary")
        self.reroll_error = error_line()
        self.accept_button = labelled_button("Accept the roll", "Let the standing roll decide the check (S-5)",
                                             "success")
        self.accept_button.add_class("kit-accept")
        self.skip_consequences = checkbox("GM: skip this check's consequences (S-5 table option)",
                                          own_layout=True)  # hidden from a player's seat
        self.accept_error = error_line()
        self.reroll_reason = html_view("kit-reroll-reason")
        self.accept_reason = html_view("kit-accept-reason")

        values = [(a.label, a.title) for a in Attribute] + [(s.label, s.name) for s in SKILLS]
        self.gm_what_picker = fitted(widgets.Dropdown, description="Value", options=values)
        self.gm_points = fitted(widgets.BoundedIntText, value=1, min=1, max=5, description="Points")
        self.gm_reason = fitted(widgets.Text, description="Reason", placeholder="why (shown in the log)")
        self.award_button = labelled_button("GM: award", "Award points; values stay within 0–5")
        self.take_away_button = labelled_button("GM: take away", "Take points away; values stay within 0–5",
                                                "warning")
        self.gm_error = error_line()

        self.check_button.on_click(lambda _: self._check())
        self.reroll_primary_button.on_click(lambda _: self._reroll(0))
        self.reroll_secondary_button.on_click(lambda _: self._reroll(1))
        self.accept_button.on_click(lambda _: self._accept())
        self.award_button.on_click(lambda _: self._adjust("award"))
        self.take_away_button.on_click(lambda _: self._adjust("take_away"))
        self.character_picker.observe(self._picked_character, names="value")
        self.observe(lambda _: self._draw(), names="character")
        self.skill_picker.observe(self._picked_skill, names="value")
        self.difficulty_picker.observe(lambda _: self._draw_odds(), names="value")

        self.gm_panel = widgets.VBox([
            html("<b>GM panel</b> — award or take away points (values stay within 0–5)"),
            widgets.HBox([self.gm_what_picker, self.gm_points, self.gm_reason], layout=_wide(flex_flow="row wrap")),
            widgets.HBox([self.award_button, self.take_away_button]),
            self.gm_error,
        ], layout=widgets.Layout(width="auto", border="1px solid #ddd", padding="4px", margin="6px 0 0 0"))
        self.gm_panel.add_class("kit-gm-panel")
        self._gm_panel_wanted = gm_panel
        if not gm_panel:
            self.gm_panel.layout.display = "none"
        self.children = (
            html("<b>Suit Pairs — character sheet</b>"),
            self.character_picker,
            self.sheet_view,
            self.serious_view,
            self.changes_view,
            html("<b>Skill check</b>"),
            widgets.HBox([self.skill_picker, self.difficulty_picker, self.check_button, self.seat_view],
                         layout=_wide(flex_flow="row wrap")),
            self.check_error,
            self.odds_view,
            self.roll_view,
            self.result_view,
            widgets.HBox([self.reroll_primary_button, self.reroll_secondary_button, self.reroll_reason],
                         layout=_wide(flex_flow="row wrap")),
            self.reroll_error,
            widgets.HBox([self.accept_button, self.skip_consequences, self.accept_reason],
                         layout=_wide(flex_flow="row wrap")),
            self.accept_error,
            self.gm_panel,
        )
        self.follow(first=self._show_turn)

    # -- what the game says ----------------------------------------------------------------

    @property
    def marks(self) -> dict[tuple[str, str], Mark]:
        """The shown character's values that the last turn changed, keyed by (kind, name)."""
        if self._last_result is None or _about(self._last_result) != self.character:
            return {}
        return marks_for(self.character, getattr(self._last_result, "changes", ()))

    def _skill(self) -> Skill | None:
        """The skill the reroll buttons speak of: the pending check's, otherwise the picker's."""
        waiting = self.game.pending(self.character) if self.character in self.game.characters else None
        return find_skill(waiting.skill if waiting is not None else self.skill_picker.value)

    def _difficulty(self) -> str | int:
        """The typed difficulty as the game takes it: a whole number as a number, anything else as text."""
        text = str(self.difficulty_picker.value).strip()
        return int(text) if text.isascii() and text.isdigit() else text

    # -- actions: each is one turn through the session -------------------------------------

    def _check(self) -> None:
        self.take_turn(self.check_error, "check", character=self.character, skill=self.skill_picker.value,
                       difficulty=self._difficulty())

    def _reroll(self, which: int) -> None:
        found = self._skill()
        payers = (found.primary, found.secondary) if found is not None else ()
        if len(payers) <= which:
            return
        self.take_turn(self.reroll_error, "reroll", character=self.character, pay=payers[which].title)

    def _accept(self) -> None:
        args: dict[str, Any] = {"character": self.character}
        if self.skip_consequences.value:
            args["consequences"] = False
        if self.take_turn(self.accept_error, "accept", **args) is not None:
            self.skip_consequences.value = False

    def _adjust(self, action: str) -> None:
        self.take_turn(self.gm_error, action, character=self.character, what=self.gm_what_picker.value,
                       points=self.gm_points.value, reason=self.gm_reason.value)

    # -- drawing ---------------------------------------------------------------------------

    def refresh(self, result: Any = None) -> None:
        """Redraw after a turn (from any component on the session); ``None`` after a reload clears the marks.

        The shown character stays picked whoever took the turn; the first character is shown when none is.
        The picker holds the characters this seat acts for (P-1).
        """
        self._last_result = result
        names = seat_characters(self.session, self.game.characters)
        wanted = self.character
        if wanted not in names:
            wanted = names[0] if names else ""
        with self.hold_sync():
            self._draw_seat(bool(names))
            options = [(f"{name} ({self.game.character(name).identity})", name) for name in names]
            self._set_options(self.character_picker, options, wanted or None)
            if self.character == wanted:
                self._draw()
            else:
                self.character = wanted

    def _set_options(self, picker: widgets.Dropdown, options: list[tuple[str, str]], value: str | None) -> None:
        """Replace a picker's options and value without its observers redrawing half-way."""
        self._quiet = True
        try:
            if list(picker.options) != options:
                picker.options = options
            if picker.value != value:
                picker.value = value
        finally:
            self._quiet = False

    @property
    def gm_controls_shown(self) -> bool:
        """Whether the tracker shows the GM's controls: only at a game without seats.

        At a game with seats a player may not use them, and the GM finds them in the GM panel the
        table shows the GM's seat, so they show once, not in two places.
        """
        return not seated(self.session)

    def _draw_seat(self, has_characters: bool) -> None:
        """Show the GM's controls where no GM panel shows them, and hide an empty picker from a seat with none."""
        session = self.session
        hidden = "none" if not has_characters and player_seat(session) else None
        if self.character_picker.layout.display != hidden:
            self.character_picker.layout.display = hidden
        shown = self.gm_controls_shown
        for control, wanted in ((self.skip_consequences, True), (self.gm_panel, self._gm_panel_wanted)):
            display = None if shown and wanted else "none"
            if control.layout.display != display:
                control.layout.display = display
        if not shown and self.skip_consequences.value:
            self.skip_consequences.value = False

    def _picked_character(self, change: dict[str, Any]) -> None:
        if not self._quiet:
            self.character = change["new"] or ""

    def _picked_skill(self, change: dict[str, Any]) -> None:
        if not self._quiet:
            self._draw_setup()

    def _draw(self) -> None:
        """Redraw everything for the shown character."""
        game = self.game
        if self.character not in game.characters:
            self.sheet_view.value = f"<i>{escape(no_character_words(self.session))}</i>"
            for view in (self.serious_view, self.changes_view, self.roll_view, self.result_view):
                view.value = ""
            self.pending = False
            self._draw_setup()
            return
        person = game.character(self.character)
        marks = self.marks
        last = self._last_result
        explanation = last.explanation if isinstance(last, CheckResolved) and _about(last) == self.character else ""
        with self.hold_sync():
            self.sheet_view.value = sheet_html(person, marks)
            self.serious_view.value = serious_html(person.name, game.serious_consequences(person.name))
            self.changes_view.value = changes_html(marks, explanation)
            self._draw_roll()
            self._draw_setup()

    def _show_turn(self, result: Any) -> None:
        """A turn of the shown character: its roll first, before the turn is written (the rest follows)."""
        if _about(result) == self.character:
            self._draw_roll(with_result=False)

    def _draw_roll(self, with_result: bool = True) -> None:
        """The shown character's pending check (or that none is pending) and (``with_result``) their latest result."""
        game = self.game
        waiting = game.pending(self.character)
        if waiting is None:
            self.roll_view.value = ('<div class="kit-roll-status">No check pending: pick a skill and a '
                                    "difficulty, then roll.</div>")
        else:
            first, second = waiting.dice
            verdict = "Success" if waiting.success else "Failure"
            self.roll_view.value = (
                f'<div class="kit-roll-status" data-total="{waiting.total}"><b>Pending check:</b> '
                f"{waiting.skill} vs {waiting.difficulty}, roll {waiting.rolls}: dice {first} and {second}, "
                f"total {first} + {second} + skill {waiting.level} = <b>{waiting.total}</b> — "
                f"<b>{verdict}</b> so far. Reroll by paying a point, or accept.</div>"
            )
        if with_result:
            latest = next((r for r in reversed(game.results) if _about(r) == self.character), None)
            self.result_view.value = to_html(latest.describe()) if latest is not None else ""
        self.pending = waiting is not None  # after the views: the roll is what the page shows first

    def _draw_setup(self) -> None:
        """Skill levels in the picker, the reroll and accept buttons, and the odds."""
        game = self.game
        known = self.character in game.characters
        person = game.character(self.character) if known else None
        with self.hold_sync():
            if person is not None:
                options = [(f"{s.label} (level {person.skills[s.name]})", s.name) for s in SKILLS]
                self._set_options(self.skill_picker, options, self.skill_picker.value)
            found = self._skill()
            buttons = (self.reroll_primary_button, self.reroll_secondary_button)
            payers = (found.primary, found.secondary) if found is not None else ()
            for index, button in enumerate(buttons):
                attribute = payers[index] if index < len(payers) else None
                same = index == 1 and attribute is not None and attribute is payers[0]
                button.layout.display = "none" if same else None
                if attribute is None or person is None:
                    button.description = "Reroll"
                    button.disabled = True
                    continue
                value = person.attributes[attribute.title]
                role = "primary" if index == 0 else "secondary"
                button.description = f"Reroll: pay 1 {attribute.label} ({value})"
                button.tooltip = (f"Pay 1 point of the {role} attribute {attribute.title}, now {value}, "
                                  "to roll 2d6 again (S-4)" + ("; an attribute at 0 cannot pay" if value == LOWEST
                                                               else ""))
                button.disabled = not self.pending or value == LOWEST
            self.accept_button.disabled = not self.pending
            self._draw_reasons(person, payers)
            # The turn order says who is next; it enforces nothing, so a player may still check (P-4).
            elsewhere = "" if self.pending else waiting_elsewhere(self.session)
            self.check_button.disabled = self.pending or not known
            self.check_button.tooltip = ("Reroll or accept the pending check first (S-5)" if self.pending
                                         else "Roll 2d6 + skill level against the difficulty (S-3)")
            value = waiting_html(f"{elsewhere}. You may still check for your own character (P-4)."
                                 if elsewhere else ("Reroll or accept the pending check first (S-5)." if self.pending
                                                    else ""))
            if self.seat_view.value != value:
                self.seat_view.value = value
            self._draw_odds()

    def _draw_reasons(self, person: Any, payers: tuple[Attribute, ...]) -> None:
        """Why the reroll and accept buttons are disabled, written beside them (phones show no tooltips)."""
        if person is None:
            reroll = accept = ""
        elif not self.pending:
            reroll = "Roll a check first: a reroll pays for another roll of a check (S-4)."
            accept = "No check is waiting to be accepted (S-5)."
        else:
            broke = [a for a in payers if person.attributes[a.title] == LOWEST]
            reroll = (" ".join(f"{a.title} is at 0 and cannot pay (S-4)." for a in dict.fromkeys(broke))
                      if broke else "")
            accept = ""
        for view, reason in ((self.reroll_reason, reroll), (self.accept_reason, accept)):
            value = waiting_html(reason)
            if view.value != value:
                view.value = value

    def _draw_odds(self) -> None:
        """The exact odds of the set-up in the pickers, as the game computes them."""
        if self.character not in self.game.characters:
            self.odds_view.show_text("No odds: no character is picked.")
            return
        try:
            odds = self.game.odds(self.character, self.skill_picker.value, self._difficulty())
        except RulesError as error:
            self.odds_view.show_text(f"No odds for this set-up: {error}")
            return
        show_check_odds(self.odds_view, odds)
