"""What every system's character builder shares: the live problem line beside each field, the summary,
the Create button, the seat the builder is used from.

A system's builder (``kit/widgets/<system>/builder.py``) lays out one control (or a small group)
per field of its creation action, says how the controls make the action's arguments
(:meth:`SheetBuilder.fields`) and which problems its system finds in them
(:meth:`SheetBuilder.problems`, the system's ``sheet_problems``). The base observes every
control and, on each change, shows each field's first problem beside it, counts the fields to
fix and enables Create only for a legal sheet. Create is one turn through ``session.act``;
a refusal shows on ``create_error``, a success resets the form and names the new character.
"""

from __future__ import annotations

from abc import ABCMeta, abstractmethod
from collections.abc import Iterable, Mapping
from html import escape, unescape
from typing import Any

import ipywidgets as widgets

from kit.widgets.common import SharedLookHTML, plain_text
from kit.widgets.component import Component
from kit.widgets.controls import error_line, html_view, labelled_button
from kit.widgets.parts import Control, Refusal, View
from kit.widgets.session import TableSession
from kit.widgets.shared import fixed_layout, html

GM_CHOICE = "GM"
"""How the builder names the game master among the people a character may be played by."""


def seat_of(session: TableSession) -> str | None:
    """The person sitting at this table, or None (a game without a roster, or nobody seated yet)."""
    seat = getattr(session, "seat", None)
    return seat if isinstance(seat, str) and seat else None


def seated_as_gm(session: TableSession) -> bool:
    """True when the builder offers the GM's options: the GM's seat, or no seat at all."""
    seat = seat_of(session)
    if seat is None:
        return True
    is_gm = getattr(session.game, "is_gm", None)
    if callable(is_gm):
        return bool(is_gm(seat))
    return seat == getattr(session.game, "gm", "")


class FieldProblem(SharedLookHTML):
    """The line beside one field: the first problem with it, in the rules' plain words, or nothing."""

    def show(self, message: str) -> None:
        """Show ``message`` (made safe to send); empty hides the line."""
        if not message:
            self.clear()
            return
        text = escape(plain_text(message))
        value = f'<div class="kit-field-problem" aria-live="polite" style="color:#8e0000">{text}</div>'
        if self.value != value:
            self.value = value

    def clear(self) -> None:
        """Hide the line."""
        if self.value:
            self.value = ""

    @property
    def message(self) -> str:
        """The problem shown, without markup (empty when the field is fine)."""
        if not self.value:
            return ""
        return unescape(self.value.split(">", 1)[1].rsplit("</div>", 1)[0])


class _AbstractWidget(type(Component), ABCMeta):  # type: ignore[misc]
    """A widget class with abstract methods (ipywidgets' metaclass and ABCMeta together)."""


class SheetBuilder(Component, metaclass=_AbstractWidget):
    """The shared part of a character builder: problem lines, summary, Create, reset (see the module).

    Subclasses set ``ACTION``, ``FIELDS`` and ``TITLE``, declare and build their controls, pass
    them to :meth:`watch` and call :meth:`finish`.
    """

    field_problems = View("Each field's problem line, by the field's name (a FieldProblem each).")
    summary = View("How many fields are left to fix, or that the sheet is ready.")
    create_button = Control("Create the character: one turn, enabled only for a legal sheet.")
    create_error = Refusal("Why creating the character was refused.")
    created_view = View("The character just created, by name.")

    ACTION = ""
    """The creation action the builder takes."""

    FIELDS: tuple[str, ...] = ()
    """The action's parameters, each with its own problem line."""

    TITLE = "Create a character"
    """The builder's heading."""

    def __init__(self, session: TableSession, **kwargs: Any):
        super().__init__(session, **kwargs)
        self._quiet = False
        self.field_problems = {field: FieldProblem() for field in self.FIELDS}
        for field, line in self.field_problems.items():
            line.add_class(f"kit-problem-{field.replace('_', '-')}")
        self.summary = html_view("kit-builder-summary")
        self.create_button = labelled_button("Create character", "Bring this character to the table", "primary")
        self.create_button.add_class("kit-create-character")
        self.create_error = error_line()
        self.created_view = html_view("kit-created")
        self.create_button.on_click(lambda _: self.create())
        self.add_class("kit-character-builder")

    # -- what a system's builder says -----------------------------------------------------

    @abstractmethod
    def fields(self) -> dict[str, Any]:
        """The action's arguments the controls make now."""

    @abstractmethod
    def problems(self, fields: Mapping[str, Any], taken: Iterable[str]) -> dict[str, str]:
        """Each field's first problem (the system's ``sheet_problems``)."""

    @abstractmethod
    def reset(self) -> None:
        """Put every control back as it was when the builder was made."""

    def seat_changed(self) -> None:
        """Show or hide what only the GM chooses (the seat may change between turns)."""

    # -- shared behaviour -----------------------------------------------------------------

    def watch(self, *controls: widgets.Widget) -> None:
        """Check the sheet again whenever one of ``controls`` changes its value."""
        for control in controls:
            control.observe(self._changed, names="value")

    def finish(self, rows: list[widgets.Widget]) -> None:
        """Lay the builder out: heading, ``rows`` (each field's controls and problem line), summary, Create."""
        self.children = (html(f"<b>{escape(self.TITLE)}</b>"), *rows, self.summary,
                         self.create_button, self.create_error, self.created_view)
        self.follow()

    @property
    def taken(self) -> list[str]:
        """The names of the characters already at the table."""
        return list(getattr(self.session.game.state, "characters", {}))

    @property
    def gm_view(self) -> bool:
        """True when the builder offers the GM's options (the GM's seat, or no seat)."""
        return seated_as_gm(self.session)

    def _changed(self, _change: Any = None) -> None:
        if not self._quiet:
            self.check()

    def refresh(self, result: Any = None) -> None:
        """Redraw after a turn or a change of seat: the GM's options, then the problems."""
        self.seat_changed()
        self.check()

    def check(self) -> dict[str, str]:
        """Show each field's first problem beside it, the summary and whether Create may be pressed."""
        found = self.problems(self.fields(), self.taken)
        with self.hold_sync():
            for field, line in self.field_problems.items():
                line.show(found.get(field, ""))
            others = [message for field, message in found.items() if field not in self.field_problems]
            if others:
                self.create_error.show("; ".join(others))
            count = len(found)
            self.summary.value = ('<div class="kit-ready">Ready: press Create character</div>' if not count else
                                  f'<div class="kit-to-fix">{count} field{"s" if count != 1 else ""} to fix</div>')
            self.create_button.disabled = bool(count)
        return found

    def create(self) -> Any:
        """Take the creation turn with the sheet as it stands; on success reset and name the new character."""
        if self.check():
            return None
        args = self.fields()
        result = self.take_turn(self.create_error, self.ACTION, **args)
        if result is None:
            return None
        name = " ".join(str(args.get("name", "")).split())
        self._quiet = True
        try:
            self.reset()
        finally:
            self._quiet = False
        self.created_view.value = (f'<div class="kit-created-name" role="status">{escape(plain_text(name))} '
                                   "is at the table.</div>")
        self.check()
        return result


def field_row(controls: Iterable[widgets.Widget], problem: FieldProblem, note: str = "") -> widgets.VBox:
    """One field: its controls (wrapping on a narrow screen), an optional note, and its problem line."""
    parts: list[widgets.Widget] = [widgets.HBox(list(controls), layout=fixed_layout(flex_flow="row wrap"))]
    if note:
        parts.append(html(f'<div style="color:#555">{escape(note)}</div>'))
    parts.append(problem)
    return widgets.VBox(parts, layout=fixed_layout(margin="0 0 4px 0"))
