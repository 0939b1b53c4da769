"""A walk over a whole table that presses every control it can reach, headlessly, and reads every message shown.

:func:`walk_table` starts a game at a :class:`~kit.widgets.table.Table` (the ready-made party,
two players and a GM) and then, step after step, picks one visible, enabled control — a button,
a dropdown, a text box, a number, a checkbox, the seat picker — and presses it or gives it a
value (good ones and wrong ones: names not at the table, words that are no skill, numbers out of
range), so the components, the GM panel, the builder and the note and void rows meet their
refusals: wrong seats, out-of-turn steps, bad values. After every step it reads every refusal
line and every HTML view on the page; :func:`collected` lists what was shown, with the step
that showed it.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from html import unescape
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from kit.widgets.common import ErrorLine
from kit.widgets.table import Table

PYTHON = re.compile(
    r"\w\(|\w=|\bNone\b|\bTrue\b|\bFalse\b|\[\s*['\"]|\b(?:10|[2-9JQKA])[CDHS]\b|\b(?:RJ|BJ)\b|\bgame\."
    r"|\b[a-z]+_[a-z_]+\b"
)
"""What Python looks like in a message: a call, an argument, None/True/False, a quoted list, a card code,
a name_like_this."""

TEXTS = ("", "Ada", "Bruno", "Mira", "Artie", "Xavier", "Nobody", "swiftly", "Athletics", "Fisticuffs", "Defy",
         "Hard", "Medium", "twelve", "5", "-3", "0", "Sword", "The Tower", "a plain note", "local renown")
"""What the walk types into text boxes: names at the table and not, skills, words that are none, numbers."""

NUMBERS = (-20, -3, -1, 0, 1, 2, 3, 5, 8, 11, 99)
"""What the walk gives number boxes (bounded boxes clamp them)."""

SKIPPED = ("new_button", "upload", "players_box", "gm_box", "name_box", "quick_start_box", "game_picker",
           "open_button", "download_button", "post_format", "post", "upgrade_button")
"""The shelf's controls: the walk plays the one game it started."""


def visible_text(html: str) -> str:
    """The visible text of an HTML value (tags dropped, entities read)."""
    html = re.sub(r"<style[^>]*>.*?</style>", " ", html, flags=re.S)  # the page's CSS is no message
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip())


def python_in(text: str) -> list[str]:
    """The pieces of ``text`` that read as Python (empty when it is plain words)."""
    return [match.group(0) for match in PYTHON.finditer(text)]


def _shown(widget: Any) -> bool:
    layout = getattr(widget, "layout", None)
    return getattr(layout, "display", None) != "none" and getattr(layout, "visibility", None) != "hidden"


def visible_widgets(root: Any) -> Iterator[Any]:
    """Every widget under ``root`` that the page shows (no hidden box above it)."""
    stack = [root]
    while stack:
        widget = stack.pop()
        if not _shown(widget):
            continue
        yield widget
        stack.extend(reversed(getattr(widget, "children", ()) or ()))


def error_lines(root: Any) -> list[ErrorLine]:
    """Every refusal line under ``root``, shown or hidden."""
    found, stack = [], [root]
    while stack:
        widget = stack.pop()
        if isinstance(widget, ErrorLine):
            found.append(widget)
        stack.extend(getattr(widget, "children", ()) or ())
    return found


@dataclass
class Walk:
    """One table walked: every message shown (text → the step that first showed it) and the refusals among them."""

    table: Table
    messages: dict[str, str] = field(default_factory=dict)
    refusals: dict[str, str] = field(default_factory=dict)

    def read(self, step: str) -> None:
        """Read every refusal line and HTML view the table holds now."""
        for line in error_lines(self.table):
            if line.value:
                text = visible_text(line.value)
                self.refusals.setdefault(text, step)
                self.messages.setdefault(text, step)
        for widget in visible_widgets(self.table):
            if isinstance(widget, widgets.HTML) and widget.value:
                self.messages.setdefault(visible_text(widget.value), step)


def _skipped(table: Table) -> set[int]:
    return {id(getattr(table, name)) for name in SKIPPED if hasattr(table, name)}


def _controls(table: Table) -> list[Any]:
    skipped = _skipped(table)
    kinds = (widgets.Button, widgets.Dropdown, widgets.Text, widgets.Textarea, widgets.IntText,
             widgets.BoundedIntText, widgets.FloatText, widgets.Checkbox, widgets.ToggleButton,
             widgets.SelectMultiple, widgets.RadioButtons, widgets.ToggleButtons, widgets.Select,
             widgets.IntSlider, widgets.Combobox)
    return [w for w in visible_widgets(table)
            if isinstance(w, kinds) and id(w) not in skipped and not getattr(w, "disabled", False)]


def _label(widget: Any) -> str:
    words = getattr(widget, "description", "") or getattr(widget, "placeholder", "") or type(widget).__name__
    return f"{type(widget).__name__} {words!r}"


def press(widget: Any, rng: random.Random) -> str:
    """Press or fill one control with a value a person could give it; what was done, in a few words."""
    if isinstance(widget, widgets.Button):
        widget.click()
        return f"click {_label(widget)}"
    if isinstance(widget, widgets.SelectMultiple):
        values = [value for _, value in _options(widget)]
        widget.value = tuple(rng.sample(values, rng.randint(0, len(values)))) if values else ()
        return f"select {widget.value!r} in {_label(widget)}"
    if isinstance(widget, (widgets.Dropdown, widgets.RadioButtons, widgets.ToggleButtons, widgets.Select)):
        options = _options(widget)
        if options:
            widget.value = rng.choice(options)[1]
        return f"choose {widget.value!r} in {_label(widget)}"
    if isinstance(widget, (widgets.Checkbox, widgets.ToggleButton)):
        widget.value = not widget.value
        return f"toggle {_label(widget)}"
    if isinstance(widget, (widgets.IntText, widgets.BoundedIntText, widgets.FloatText, widgets.IntSlider)):
        value = rng.choice(NUMBERS)
        if hasattr(widget, "min"):
            value = max(widget.min, min(widget.max, value))
        widget.value = value
        return f"set {_label(widget)} to {value}"
    if isinstance(widget, (widgets.Text, widgets.Textarea, widgets.Combobox)):
        widget.value = rng.choice(TEXTS)
        return f"type {widget.value!r} into {_label(widget)}"
    return f"left {_label(widget)}"


def _options(widget: Any) -> list[tuple[str, Any]]:
    options = list(widget.options)
    return [option if isinstance(option, tuple) else (str(option), option) for option in options]


def start_table(system: str, folder: Path) -> Table:
    """A table of ``system`` that started a game: players Ann and Ben, the GM "GM", the ready-made party."""
    table = Table(system, games_dir=folder)
    table.players_box.value = "Ann, Ben"
    table.gm_box.value = "GM"
    table.name_box.value = f"walk-{system}"
    table.new_button.click()
    assert table.session is not None, table.shelf_error.value
    return table


def walk_table(system: str, folder: Path, seed: int, steps: int) -> Walk:
    """Start a table of ``system`` and take ``steps`` random steps at it (the seed makes the walk repeatable)."""
    rng = random.Random(f"{system}-{seed}")
    table = start_table(system, folder)
    walk = Walk(table)
    walk.read("the game started")
    seats = [value for _, value in _options(table.seat_picker.picker) if value]
    for number in range(steps):
        if number % 40 == 0 and seats:  # every seat in turn: the GM's and each player's (P-1)
            table.seat_picker.picker.value = seats[(number // 40) % len(seats)]
            walk.read(f"step {number}: sit as {table.seat_picker.picker.value}")
            continue
        controls = _controls(table)
        if not controls:
            break
        done = press(rng.choice(controls), rng)
        walk.read(f"step {number}: {done}")
    return walk
