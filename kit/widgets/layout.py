"""The table's face: where its parts sit on a desktop screen and on a phone, and their landmarks.

A table (:mod:`kit.widgets.table`) is three regions, each a box with a class this module's style
sheet places:

- **games** (``kit-layout-games``): a bar with the *Games* toggle, the open game and *Reload*;
  the shelf (open, new, upload) folds away behind the toggle once a game is open, and is made
  only when it first opens (:class:`GamesShelf`; its controls are declared as made on first use,
  :class:`~kit.widgets.controls.Part`);
- **play** (``kit-layout-play``): the whose-turn line, the seat and the system's components — the
  first component (the controls for what to do now) beside the others (the party);
- **side** (``kit-layout-side``): the play log and sharing (download, forum post).

At 1280 px the play region and the side column sit side by side, and inside the play region the
first component sits beside the rest; under 900 px everything is one column in that order, every
control at least 44 px tall and nothing wider than the screen. The Voilà template
(``share/jupyter/voila/templates/kit``) wraps the page in ``<main>`` and gives the boxes marked
``kit-landmark-*`` their ARIA landmark roles (ipywidgets cannot set a role on a box).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import ipywidgets as widgets

from kit.widgets.controls import toggle_button
from kit.widgets.parts import Box, Control
from kit.widgets.shared import fixed_layout, html

PHONE_WIDTH = 900
"""Below this width (px) the table is one column with controls a thumb can use."""

TOUCH_HEIGHT = 44
"""The least height (px) of a control on a phone."""

SYSTEM_PART = "kit-part-system"
"""The class of a system's component in ``table.components`` (the rest are the builder, notes, GM tools)."""

LANDMARKS = {"games": "kit-landmark-navigation", "side": "kit-landmark-complementary"}
"""Which regions the Voilà template turns into landmarks (the play region is the page's main content)."""

LAYOUT_CSS = f"""
.kit-table {{ max-width: 100%; box-sizing: border-box; }}
.kit-table * {{ box-sizing: border-box; }}
.kit-table .widget-box, .kit-table .widget-html, .kit-table .widget-html-content {{ max-width: 100%; }}
.kit-table .widget-hbox {{ flex-wrap: wrap; }}
.kit-table .widget-html-content {{ overflow-wrap: anywhere; }}
.kit-table img, .kit-table svg {{ max-width: 100%; height: auto; }}
.kit-table pre {{ white-space: pre-wrap; }}
.kit-table-heading {{ position: absolute !important; width: 1px !important; height: 1px !important;
  overflow: hidden !important; clip-path: inset(50%); white-space: nowrap; }}
.kit-layout-games {{ border-bottom: 1px solid #ccc; padding-bottom: 0.3em; }}
.kit-games-bar {{ align-items: center; gap: 0.4em; }}
.kit-games-bar .kit-status {{ flex: 1 1 16em; }}
.kit-table .kit-whose-turn {{ font-size: 1.15em; padding: 0.35em 0.6em; background: #fff7d6;
  border-left: 4px solid #b38600; margin: 0.3em 0; }}
.kit-layout-side {{ border-left: 1px solid #ddd; padding-left: 0.6em; }}
.kit-layout-side .kit-post textarea {{ min-height: 9em; }}
.kit-control-reason {{ color: #555; font-size: 0.92em; }}
.kit-table > .kit-layout-games, .kit-table > .kit-layout-play, .kit-table > .kit-layout-side {{
  overflow: visible; }}
.kit-table > .kit-layout-games {{ grid-area: games; }}
.kit-table > .kit-layout-play {{ grid-area: play; min-width: 0; }}
.kit-table > .kit-layout-side {{ grid-area: side; min-width: 0; }}
@media (min-width: {PHONE_WIDTH}px) {{
  .kit-table.kit-layout {{ display: grid; gap: 0.4em 1em; align-items: start;
    grid-template-columns: minmax(0, 1fr) minmax(16em, 24em);
    grid-template-areas: "games games" "play side"; }}
  .kit-layout-components {{ display: grid; gap: 0.6em 1em; align-items: start;
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); grid-auto-flow: row dense; }}
  .kit-layout-components > .{SYSTEM_PART}:first-child {{ grid-column: 1; grid-row: span 4; }}
  .kit-layout-components > * {{ grid-column: 2; min-width: 0; }}
  .kit-layout-components > :only-child {{ grid-column: 1 / -1; }}
}}
@media (max-width: {PHONE_WIDTH - 0.02}px) {{
  .kit-table.kit-layout {{ display: flex; flex-direction: column; }}
  .kit-layout-side {{ border-left: none; padding-left: 0; border-top: 1px solid #ddd; }}
  .kit-table {{ --jp-widgets-inline-height: {TOUCH_HEIGHT}px; --jp-widgets-inline-width: 100%;
    --jp-widgets-inline-width-short: 100%; --jp-widgets-inline-width-tiny: 100%; }}
  .kit-table .widget-inline-hbox, .kit-table .widget-text, .kit-table .widget-textarea,
  .kit-table .widget-dropdown, .kit-table .widget-select, .kit-table .widget-select-multiple,
  .kit-table .widget-hbox, .kit-table .widget-vbox, .kit-table .widget-box {{
    max-width: 100% !important; min-width: 0 !important; }}
  .kit-table .widget-inline-hbox {{ width: 100% !important; flex-wrap: wrap; }}
  .kit-table .widget-inline-hbox .widget-label {{ flex: 0 0 auto; }}
  .kit-table .widget-html, .kit-table .widget-html-content, .kit-table .widget-label {{ line-height: 1.4;
    height: auto; min-height: 0; }}
  .kit-table .widget-inline-hbox > select, .kit-table .widget-inline-hbox > input,
  .kit-table .widget-inline-hbox > textarea {{ flex: 1 1 8em; min-width: 0; }}
  .kit-table button, .kit-table .jupyter-button, .kit-table select, .kit-table input[type="text"],
  .kit-table input[type="number"], .kit-table .widget-checkbox label, .kit-table .widget-toggle-button {{
    min-height: {TOUCH_HEIGHT}px; }}
  .kit-table select[multiple] {{ min-height: {TOUCH_HEIGHT * 3}px; }}
  .kit-table .widget-checkbox label, .kit-table .widget-radio-box label {{ display: flex; align-items: center;
    min-height: {TOUCH_HEIGHT}px; }}
  .kit-table input[type="radio"] {{ width: 1.4em; height: 1.4em; }}
  .kit-table input[type="checkbox"] {{ width: 1.5em; height: 1.5em; }}
  .kit-table button, .kit-table .jupyter-button {{ height: auto; white-space: normal; max-width: 100%; }}
  .kit-table table {{ display: block; max-width: 100%; overflow-x: auto; }}
}}
"""
"""The table's style sheet (scoped to ``.kit-table``): the grid on a desktop, one column on a phone."""


def layout_style() -> widgets.HTML:
    """The style sheet as an (invisible) HTML widget, the table's first child."""
    style = html(f"<style>{LAYOUT_CSS}</style>")
    style.add_class("kit-layout-style")
    return style


def region(name: str, children: Iterable[widgets.Widget], **kwargs: Any) -> widgets.VBox:
    """A box for one of the table's regions (``games``, ``play``, ``side``), marked for its landmark.

    The box is drawn with the shared layout (:func:`~kit.widgets.shared.fixed_layout`) unless given its own.
    """
    kwargs.setdefault("layout", fixed_layout())
    box = widgets.VBox(list(children), **kwargs)
    box.add_class(f"kit-layout-{name}")
    if name in LANDMARKS:
        box.add_class(LANDMARKS[name])
    return box


def mark_system_parts(parts: Iterable[widgets.Widget]) -> None:
    """Mark the system's components, so the first sits beside the rest on a desktop screen."""
    for part in parts:
        if isinstance(part, widgets.DOMWidget) and SYSTEM_PART not in part._dom_classes:
            part.add_class(SYSTEM_PART)


class GamesShelf(widgets.VBox):
    """The shelf behind a *Games* toggle: open while no game is open, folded away once one is.

    ``toggle`` shows and hides ``drawer`` (the shelf's controls); ``bar`` is the line that always
    shows (the toggle, then whatever the table puts there: the open game and *Reload*). With
    ``build`` the drawer's controls are made the first time the drawer opens (:meth:`build`), so a
    table that opens a game at once sends the page none of them; ``opened`` is how it starts.
    """

    toggle = Control("Games ▾/▴: shows and hides the drawer.")
    drawer = Box("The shelf's controls (open, new game, upload), folded away once a game is open.")
    bar = Box("The line that always shows: the toggle, then the open game and Reload.")

    def __init__(self, bar: Iterable[widgets.Widget], drawer: Iterable[widgets.Widget] = (), *,
                 build: Callable[[], Iterable[widgets.Widget]] | None = None, opened: bool = True, **kwargs: Any):
        kwargs.setdefault("layout", fixed_layout())
        super().__init__(**kwargs)
        self._build = build
        self.toggle = toggle_button("Games", "Show or hide the games: open, start or upload a game file", opened)
        self.toggle.add_class("kit-games-toggle")
        self.drawer = widgets.VBox(list(drawer), layout=widgets.Layout(display="flex" if opened else "none"))
        self.drawer.add_class("kit-games-drawer")
        self.bar = widgets.HBox([self.toggle, *bar], layout=fixed_layout())
        self.bar.add_class("kit-games-bar")
        self.children = (self.bar, self.drawer)
        self.toggle.observe(self._toggled, names="value")
        self._toggled(None)

    @property
    def is_open(self) -> bool:
        """Whether the shelf's controls show."""
        return bool(self.toggle.value)

    @property
    def built(self) -> bool:
        """Whether the drawer's controls have been made (they are, once it has been opened)."""
        return self._build is None

    def build(self) -> None:
        """Make the drawer's controls now, if they are not made yet (they show when the drawer is open)."""
        make, self._build = self._build, None
        if make is not None:
            self.drawer.children = (*self.drawer.children, *make())

    def show(self, opened: bool) -> None:
        """Open (True) or fold away (False) the shelf's controls."""
        self.toggle.value = opened
        self._toggled(None)

    def _toggled(self, _change: Any) -> None:
        if self.toggle.value:
            self.build()
        display = "flex" if self.toggle.value else "none"
        if self.drawer.layout.display != display:
            self.drawer.layout.display = display
        self.toggle.description = "Games ▴" if self.toggle.value else "Games ▾"
