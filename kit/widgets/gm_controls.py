"""Pieces every system's GM panel shares: refusals in plain words, a choice of characters by checkboxes.

A GM panel acts only through :meth:`~kit.widgets.session.TableSession.act`, each section with
its own refusal line (:class:`~kit.widgets.common.ErrorLine`). Its refusals are shown the one way
every refusal at the table is: in words for players (:meth:`kit.core.errors.RulesError.for_table`),
the section's own words naming the request where the rules' words quote code.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import ipywidgets as widgets

from kit.core.errors import RulesError
from kit.widgets.common import ErrorLine, attempt
from kit.widgets.shared import fixed, fixed_layout, html

T = TypeVar("T")

LABEL = {"description_width": "initial"}
"""Controls show their labels in full."""


def gm_attempt(error_line: ErrorLine, call: Callable[[], T], asked: str, ruling: str) -> T | None:
    """Run ``call`` (one ``session.act``) like :func:`~kit.widgets.common.attempt`: ``asked`` names the
    request where the rules' words quote code, ``ruling`` is cited where they cite none."""
    return attempt(error_line, call, asked=asked, ruling=ruling)


def refuse(error_line: ErrorLine, what: str, why: str, ruling: str, allowed: str | None = None) -> None:
    """Show a refusal the panel makes itself (nothing is asked of the game): plain words and the ruling."""
    error_line.show(RulesError(what, why, ruling, allowed))


def picker(kind: type[Any], **kwargs: Any) -> Any:
    """A control with its label in full, drawn with the shared layout and style."""
    kwargs.setdefault("layout", {"width": "auto"})
    return fixed(kind, style=LABEL, **kwargs)


def row(*children: widgets.Widget) -> widgets.HBox:
    """A wrapping row of controls."""
    return widgets.HBox(list(children), layout=fixed_layout(flex_flow="row wrap", align_items="center"))


def section(title: str, *children: widgets.Widget, css: str = "") -> widgets.VBox:
    """One GM section: a heading, its controls, its refusal line (given last by the caller)."""
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
                box = fixed(widgets.Checkbox, value=self.checked_by_default, indent=False,
                            layout={"width": "auto"}, description=labels.get(name, name))
                box.add_class("kit-character-check")
                if self.check_tooltip:
                    box.tooltip = f"{self.check_tooltip}: {name}"
            elif box.description != labels.get(name, name):
                box.description = labels.get(name, name)
            boxes[name] = box
        if list(boxes) != list(self._boxes) or any(boxes[n] is not self._boxes.get(n) for n in boxes):
            self._boxes = boxes
            self.children = (self._label, *boxes.values()) if boxes else (self._label, self._none)


__all__ = ["LABEL", "CharacterChecks", "gm_attempt", "picker", "refuse", "row", "section", "set_options"]


class GMPanelBase(widgets.VBox):
    """What every system's GM panel shares: the session it acts through, its game, the character picked.

    A panel builds its controls, then calls :meth:`follow` to redraw after every turn.
    """

    character_picker: widgets.Dropdown

    def __init__(self, session: Any, **kwargs: Any):
        super().__init__(**kwargs)
        self.session = session

    @property
    def game(self) -> Any:
        """The session's game as it stands (a file-backed session replaces it after each turn)."""
        return self.session.game

    @property
    def character(self) -> str:
        """The picked character's name ('' when nobody is at the table)."""
        return self.character_picker.value or ""

    def refresh(self, result: Any = None) -> None:
        """Redraw every section from the game (each panel draws its own)."""

    def follow(self) -> None:
        """Redraw after every turn the session announces, and now."""
        self.session.listen(self.refresh)
        self.refresh(None)
