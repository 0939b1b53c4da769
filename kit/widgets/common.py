"""Small pieces every component shares: the refusal line, the odds view, faces and the play log."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from html import escape
from typing import Any, TypeVar

import ipywidgets as widgets

from kit.core.describe import Face
from kit.core.errors import RulesError
from kit.render import to_html
from kit.render.distribution import distribution_svg
from kit.render.html import face_html
from kit.widgets.shared import fixed_layout, fixed_style

T = TypeVar("T")


class SharedLookHTML(widgets.HTML):
    """An HTML view drawn with the shared layout and style (see :mod:`kit.widgets.shared`) unless given its own."""

    def __init__(self, **kwargs: Any):
        kwargs.setdefault("layout", fixed_layout())
        kwargs.setdefault("style", fixed_style(widgets.HTML))
        super().__init__(**kwargs)


class ErrorLine(SharedLookHTML):
    """Shows why an action was refused, beside the control that asked for it."""

    def show(self, error: Exception) -> None:
        """Show the refusal's message (the rules' own words)."""
        self.value = (
            '<div role="alert" class="kit-error" style="color:#8e0000;font-weight:bold">'
            f"Refused: {escape(str(error))}</div>"
        )

    def clear(self) -> None:
        """Hide the message."""
        self.value = ""

    @property
    def message(self) -> str:
        """The text shown, without markup (empty when nothing was refused)."""
        if not self.value:
            return ""
        return self.value.split("Refused: ", 1)[1].rsplit("</div>", 1)[0]


def attempt(error_line: ErrorLine, action: Callable[[], T]) -> T | None:
    """Run ``action``; a refusal, a stale game file or a failed write is shown on ``error_line`` instead of raised."""
    from kit.gamefile import GameFileError

    try:
        result = action()
    except (RulesError, GameFileError) as error:
        error_line.show(error)
        return None
    except OSError as error:
        reason = error.strerror or str(error)
        error_line.show(GameFileError(f"the game file could not be written ({reason}); the turn was not taken and "
                                      "the file is as it was — free some space or check the folder, then try again"))
        return None
    error_line.clear()
    return result


class OddsView(SharedLookHTML):
    """The exact chance of success and a small bar chart of the outcomes."""

    def show(self, distribution: Mapping[int, Fraction], succeeds: Callable[[int], bool] | None,
             label: str = "outcome", headline: str = "") -> None:
        """Draw ``distribution``; ``succeeds`` marks the outcomes that count as success."""
        head = f"<div><b>{escape(headline)}</b></div>" if headline else ""
        self.value = f'<div class="kit-odds-view">{head}{distribution_svg(distribution, succeeds, label=label)}</div>'

    def show_text(self, text: str) -> None:
        """Show a plain sentence instead of a chart (for instance when no odds apply)."""
        self.value = f'<div class="kit-odds-view">{escape(text)}</div>'


def faces_html(faces: list[Face] | tuple[Face, ...]) -> str:
    """A row of card or die faces."""
    return "".join(face_html(face) for face in faces)


class PlayLog(SharedLookHTML):
    """The last turns of the game, newest first."""

    def __init__(self, limit: int = 8, **kwargs: Any):
        super().__init__(**kwargs)
        self.limit = limit

    def refresh(self, game: Any) -> None:
        """Redraw from the game's results."""
        results = list(enumerate(game.results))[-self.limit:]
        items = "".join(
            f'<li data-turn="{index + 1}"><span style="color:#555">Turn {index + 1}</span> '
            f"{to_html(result.describe())}</li>"
            for index, result in reversed(results)
        )
        count = len(game.results)
        self.value = (
            f'<section class="kit-play-log" aria-label="Play log"><b>Play log</b> ({count} turns)'
            f'<ol reversed style="list-style:none;padding-left:0">{items}</ol></section>'
        )


class CardPicker(widgets.HBox):
    """A row of cards as toggle buttons: each shows the card's face and is named for screen readers.

    ``set_cards`` takes ``(label, name, red)`` triples; ``selected`` lists the chosen positions,
    so two copies of the same card (several decks shuffled together) stay distinct. The toggle
    buttons are kept and relabelled when the cards change (a new hand draws no new widgets in
    the browser); ``spare`` more are made ahead for a hand that grows.
    """

    CARD_STYLE: dict[str, Any] = {"font_weight": "bold"}
    """How every card's label is drawn (colour aside)."""

    def __init__(self, single: bool = False, spare: int = 0, **kwargs: Any):
        kwargs.setdefault("layout", fixed_layout(flex_flow="row wrap"))
        super().__init__(**kwargs)
        self.single = single
        self.spare = spare
        self._pool: list[widgets.ToggleButton] = []
        self._toggles: list[widgets.ToggleButton] = []
        self._on_change: list[Callable[[], None]] = []
        self._quiet = False
        self.picking = False
        """True while the listeners answer a click on a card (not a selection made from Python or a redraw)."""

    def on_change(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` when the selection changes by a click or :meth:`select` (before the cards are marked)."""
        self._on_change.append(callback)

    def _changed(self) -> None:
        for callback in list(self._on_change):  # the selection line first, the marks on the cards after
            callback()
        self._mark_selection()

    def _mark_selection(self) -> None:
        """Show the selection on the cards themselves (the base picker leaves that to the toggles' state)."""

    def _grow(self, count: int) -> None:
        while len(self._pool) < count:
            toggle = widgets.ToggleButton(layout=fixed_layout(width="auto", min_width="3.2em"),
                                          style=dict(self.CARD_STYLE), _dom_classes=("kit-card",))
            toggle.observe(self._toggled, names="value")
            self._pool.append(toggle)

    def set_cards(self, cards: list[tuple[str, str, bool]]) -> None:
        """Show these cards, none selected."""
        self._show([(label, name, ("kit-card",), {"text_color": "#b00020" if red else "#111"})
                    for label, name, red in cards])

    def _show(self, cards: list[tuple[str, str, tuple[str, ...], dict[str, Any]]]) -> None:
        """Show cards given as (label, spoken name, CSS classes, style), none selected, reusing the buttons.

        Each button's changes travel together: one message for the button, one for its style.
        """
        if len(cards) > len(self._pool):
            self._grow(len(cards) + self.spare)
        shown = self._pool[: len(cards)]
        self._quiet = True
        try:
            for toggle, (label, name, classes, style) in zip(shown, cards, strict=True):
                with toggle.hold_sync():
                    toggle.value = False
                    toggle.disabled = False
                    toggle.description = label
                    toggle.tooltip = name
                    if toggle._dom_classes != classes:
                        toggle._dom_classes = classes
                with toggle.style.hold_sync():
                    for key, value in style.items():
                        setattr(toggle.style, key, value)
        finally:
            self._quiet = False
        self._toggles = shown
        if self.children != tuple(shown):
            self.children = tuple(shown)

    def _toggled(self, change: dict[str, Any]) -> None:
        if self._quiet or change["owner"] not in self._toggles:
            return
        if self.single and change["new"]:
            self._quiet = True
            try:
                for toggle in self._toggles:
                    if toggle is not change["owner"] and toggle.value:
                        toggle.value = False
            finally:
                self._quiet = False
        self.picking = True
        try:
            self._changed()
        finally:
            self.picking = False

    @property
    def toggles(self) -> list[widgets.ToggleButton]:
        """The card buttons, in hand order."""
        return list(self._toggles)

    @property
    def selected(self) -> list[int]:
        """Positions of the selected cards."""
        return [index for index, toggle in enumerate(self._toggles) if toggle.value]

    def select(self, *positions: int) -> None:
        """Select the cards at these positions (and only those)."""
        before = self.selected
        wanted = [index for index in range(len(self._toggles)) if index in positions]
        if self.single:
            wanted = wanted[-1:]  # as clicking each in turn would leave it
        self._quiet = True
        try:
            for index, toggle in enumerate(self._toggles):
                toggle.value = index in wanted
        finally:
            self._quiet = False
        if self.selected != before:
            self._changed()

    def clear(self) -> None:
        """Select nothing."""
        self.select()


def labelled_button(label: str, tooltip: str, style: str = "", own_layout: bool = False) -> widgets.Button:
    """A button with a text label (never an icon alone) and a tooltip that says what it does.

    Buttons share one layout and one style model; ``own_layout`` gives a button that is shown
    and hidden its own layout.
    """
    layout = widgets.Layout(width="auto") if own_layout else fixed_layout(width="auto")
    return widgets.Button(description=label, tooltip=tooltip, button_style=style, layout=layout,
                          style=fixed_style(widgets.Button))


def face_label(card: Any) -> tuple[str, str, bool]:
    """A card's short label, spoken name and colour, for a :class:`CardPicker`."""
    return str(card), getattr(card, "name", str(card)), bool(getattr(card, "is_red", False))
