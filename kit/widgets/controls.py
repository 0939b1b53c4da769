"""Making the controls every component uses: the one home for buttons, pickers, toggles, reason and refusal lines.

The functions below make buttons, pickers, checkboxes and toggle buttons, number and text boxes,
refusal lines, reason lines, views, rows and sections, drawn with the shared layouts and styles
of :mod:`kit.widgets.shared` where a control's look never changes (``own_layout`` for one that
is shown and hidden). A component declares each control it makes on its class, with what it is
for (:mod:`kit.widgets.parts`).
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Any, TypeVar

import ipywidgets as widgets

from kit.widgets.common import ErrorLine
from kit.widgets.shared import fixed, fixed_layout, fixed_style, html

W = TypeVar("W", bound=widgets.Widget)

# -- making ------------------------------------------------------------------------------------

LABEL = {"description_width": "initial"}
"""Controls show their labels in full."""

FIT = {"width": "auto"}
"""A control as wide as its label and value."""


def labelled_button(label: str, tooltip: str, style: str = "", own_layout: bool = False) -> widgets.Button:
    """A button with a text label (never an icon alone) and a tooltip that says what it does.

    Buttons share one layout and one style model; ``own_layout`` gives a button that is shown
    and hidden its own layout.
    """
    layout = widgets.Layout(width="auto") if own_layout else fixed_layout(width="auto")
    return widgets.Button(description=label, tooltip=tooltip, button_style=style, layout=layout,
                          style=fixed_style(widgets.Button))


def picker(kind: type[W], *, layout: dict[str, Any] | None = None, own_layout: bool = False, **kwargs: Any) -> W:
    """A labelled control (a dropdown, a text or number box, radio buttons) with its label in full.

    ``layout`` holds its settings (none: the shared default); ``own_layout`` gives one that is
    shown and hidden a layout of its own. Everything else goes to the control.
    """
    return fixed(kind, style=LABEL, layout=layout, own_layout=own_layout, **kwargs)


def fitted(kind: type[W], **kwargs: Any) -> W:
    """A :func:`picker` as wide as its label and value."""
    kwargs.setdefault("layout", FIT)
    return picker(kind, **kwargs)


def checkbox(description: str, value: bool = False, *, layout: dict[str, Any] | None = FIT,
             own_layout: bool = False) -> widgets.Checkbox:
    """A checkbox with its label after it, not indented (as wide as its label unless ``layout`` says otherwise)."""
    return fixed(widgets.Checkbox, value=value, description=description, indent=False, layout=layout,
                 own_layout=own_layout)


def toggle_button(description: str, tooltip: str, value: bool = False) -> widgets.ToggleButton:
    """A toggle button as wide as its label, with a tooltip that says what it does."""
    return fixed(widgets.ToggleButton, value=value, description=description, tooltip=tooltip, layout=FIT)


def int_box(description: str, value: int = 0, *, width: str = "12em", min_width: str | None = None,
            tooltip: str | None = None, own_layout: bool = False) -> widgets.IntText:
    """A whole-number box with its label in full (never clamped: the rules say what a number may be)."""
    layout = {"width": width} if min_width is None else {"width": width, "min_width": min_width}
    extra = {} if tooltip is None else {"tooltip": tooltip}
    return picker(widgets.IntText, value=value, description=description, layout=layout, own_layout=own_layout,
                  **extra)


def text_box(description: str, placeholder: str = "") -> widgets.Text:
    """A text field as a character builder draws it: its label before it, as wide as a phone allows."""
    return picker(widgets.Text, description=description, placeholder=placeholder,
                  layout={"width": "auto", "max_width": "32em"})


def choice_box(description: str, options: Iterable[tuple[str, str]], value: str = "") -> widgets.Dropdown:
    """A dropdown of choices (label, value), the first usually the empty "Choose …"."""
    return fitted(widgets.Dropdown, description=description, options=list(options), value=value)


def error_line(css: str = "") -> ErrorLine:
    """A refusal line (empty until something is refused), with its CSS class."""
    line = ErrorLine()
    if css:
        line.add_class(css)
    return line


def html_view(css: str = "", value: str = "") -> widgets.HTML:
    """An HTML view with the shared layout and style, and its CSS class."""
    view = html(value)
    if css:
        view.add_class(css)
    return view


def reason_line(text: str = "") -> widgets.HTML:
    """A line beside a disabled control saying why it cannot be used now (phones have no tooltips)."""
    line = html()
    show_reason(line, text)
    return line


def show_reason(line: widgets.HTML, text: str) -> None:
    """Write ``text`` (plain words) into a reason line; an empty text hides it."""
    value = f'<div class="kit-control-reason">{escape(text)}</div>' if text else ""
    if line.value != value:
        line.value = value


def row(*children: widgets.Widget) -> widgets.HBox:
    """A row of controls that wraps on a narrow screen (a refusal line last)."""
    return widgets.HBox(list(children), layout=fixed_layout(flex_flow="row wrap", align_items="center"))


def section(title: str, *children: widgets.Widget, css: str = "") -> widgets.VBox:
    """One section of a panel: a heading, its controls, its refusal line (given last by the caller)."""
    box = widgets.VBox([html(f"<b>{title}</b>"), *children],
                       layout=fixed_layout(border="1px solid #ddd", padding="4px", margin="4px 0"))
    box.add_class("kit-gm-section")
    if css:
        box.add_class(css)
    return box


def set_options(picker_widget: widgets.Dropdown, options: list[tuple[str, Any]], keep: bool = True) -> None:
    """Give a dropdown new options, keeping its value when it is still offered (else the first, or None)."""
    kept = picker_widget.value
    values = [value for _, value in options]
    if list(picker_widget.options) != options:
        picker_widget.options = options
    wanted = kept if keep and kept in values else (values[0] if values else None)
    if picker_widget.value != wanted:
        picker_widget.value = wanted


def set_shown(widget: widgets.Widget, shown: bool) -> None:
    """Show or hide ``widget`` (it has a layout of its own), touching its layout only when that changes."""
    display = None if shown else "none"
    if widget.layout.display != display:
        widget.layout.display = display


class CharacterChecks(widgets.HBox):
    """A choice of several characters: one checkbox each, labelled with the character's name.

    ``value`` lists the checked names in the order the characters are listed; set it to check
    exactly those. ``checkboxes`` maps each name to its checkbox (drive ``.value`` headlessly).
    ``set_names`` follows the table: checkboxes are kept for names still there (checked or not),
    made for new names (checked when ``checked_by_default``), dropped for names gone.
    """

    def __init__(self, description: str, tooltip: str = "", checked_by_default: bool = False, **kwargs: Any):
        kwargs.setdefault("layout", fixed_layout(flex_flow="row wrap", align_items="center"))
        super().__init__(**kwargs)
        self.description = description
        # Not the box's own ``tooltip`` trait: the page cannot draw a box that has a tooltip and no
        # description (ipywidgets 8's view reads the description's length), so the words go to each checkbox.
        self.check_tooltip = tooltip
        self.checked_by_default = checked_by_default
        self._label = html(f"<span>{description}:</span>")
        self._boxes: dict[str, widgets.Checkbox] = {}
        self._none = html("<i>nobody at the table yet</i>")
        self.children = (self._label, self._none)

    @property
    def checkboxes(self) -> dict[str, widgets.Checkbox]:
        """Each character's checkbox, by name."""
        return dict(self._boxes)

    @property
    def names(self) -> list[str]:
        """The characters offered, in order."""
        return list(self._boxes)

    @property
    def value(self) -> list[str]:
        """The checked characters, in the order they are listed."""
        return [name for name, box in self._boxes.items() if box.value]

    @value.setter
    def value(self, names: Iterable[str]) -> None:
        wanted = set(names)
        for name, box in self._boxes.items():
            box.value = name in wanted

    def set_names(self, names: list[str], labels: dict[str, str] | None = None) -> None:
        """Offer these characters (``labels`` may give a checkbox a longer label than the name)."""
        labels = labels or {}
        boxes: dict[str, widgets.Checkbox] = {}
        for name in names:
            box = self._boxes.get(name)
            if box is None:
                box = checkbox(labels.get(name, name), self.checked_by_default)
                box.add_class("kit-character-check")
                if self.check_tooltip:
                    box.tooltip = f"{self.check_tooltip}: {name}"
            elif box.description != labels.get(name, name):
                box.description = labels.get(name, name)
            boxes[name] = box
        if list(boxes) != list(self._boxes) or any(boxes[n] is not self._boxes.get(n) for n in boxes):
            self._boxes = boxes
            self.children = (self._label, *boxes.values()) if boxes else (self._label, self._none)


__all__ = ["FIT", "LABEL", "CharacterChecks", "checkbox", "choice_box", "error_line", "fitted", "html_view", "int_box",
           "labelled_button", "picker", "reason_line", "row", "section", "set_options", "set_shown", "show_reason",
           "text_box", "toggle_button"]
