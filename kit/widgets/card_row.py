"""A row of cards drawn as cards, in ONE widget model: the hand and the stack's pickers.

:class:`CardRow` is an anywidget: its ES module is ``card_row.js`` beside this file, its CSS a
Python string; both travel in the widget's model (no build step, nothing fetched: the front end
runs from the model, and anywidget's lab extension is served by Voilà from the installed
package). Each card is a button drawn as a playing card or Tarot card — rank and suit in the
corner in the suit's colour, the suit's symbol large in the middle, jokers and Major Arcana set
apart — named aloud by its ``aria-label`` (the card's name, and the preview beside it when there
is one). A selected card is raised and carries ✓ (``aria-pressed``), so the selection is never
shown by colour alone. Under a card a line may say what it would give (:meth:`CardRow.annotate`)
and mark the best one. While the row is disabled its reason is written beside it (phones have no
tooltips).

A click is answered by the kernel (:meth:`CardRow.pick`): the page sends which card was clicked,
the kernel selects it and the views that answer the choice (a selection line, the odds) reach
the page first, the raised card just after. The page draws nothing at the click itself — a frame
drawn then would hold the answer back until the following frame — unless the kernel is slow to
answer (80 ms), when the card is raised at once.

Its Python side speaks as :class:`~kit.widgets.card_faces.FacePicker` does (``faces``,
``selected``, ``selected_codes``, ``select_codes``, ``select``, ``clear``, ``on_change``,
``picking``, ``set_disabled``), so the components can use either; :meth:`CardRow.pick` is a click.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from kit.widgets.card_faces import CardFace, positions_of

_CSS = r"""
.kit-card-row { max-width: 100%; }
.kit-card-row-cards { display: flex; flex-wrap: wrap; gap: 0.5em; align-items: flex-start; padding-top: 10px; }
.kit-card-slot { display: flex; flex-direction: column; align-items: center; width: 5.2em; }
.kit-card-row .kit-card-face {
  position: relative; width: 4.2em; height: 6em; min-height: 44px; padding: 0.25em 0.3em;
  border: 1px solid #555; border-radius: 0.45em; background: #fffdf7; cursor: pointer;
  font: bold 1.05em/1.1 Georgia, "DejaVu Serif", serif; text-align: left; vertical-align: top;
  display: flex; align-items: flex-start; justify-content: flex-start; overflow: hidden;
  box-shadow: 0 1px 2px rgba(0,0,0,.35);
}
.kit-card-row .kit-card-red { color: #b00020; }
.kit-card-row .kit-card-black { color: #111; }
.kit-card-row .kit-card-face::after {
  content: attr(data-pip); position: absolute; left: 0; right: 0; bottom: 0.35em;
  text-align: center; font-size: 1.9em; line-height: 1; pointer-events: none;
}
.kit-card-row .kit-card-joker, .kit-card-row .kit-card-major {
  background: repeating-linear-gradient(45deg, #fff6d8, #fff6d8 6px, #fdeebe 6px, #fdeebe 12px);
  font-size: 0.8em; width: 5.25em; height: 7.5em; white-space: normal;
}
.kit-card-row .kit-card-face.kit-card-chosen {
  transform: translateY(-10px); box-shadow: 0 6px 10px rgba(0,0,0,.35); outline: 3px solid #1565c0;
}
.kit-card-row .kit-card-face::before {
  content: "✓"; position: absolute; top: 0.1em; right: 0.25em; color: #1565c0; font-size: 1.1em; opacity: 0;
}
.kit-card-row .kit-card-face.kit-card-chosen::before { opacity: 1; }
.kit-card-row .kit-card-face:focus-visible { outline: 3px solid #1565c0; outline-offset: 2px; }
.kit-card-row .kit-card-face:disabled { cursor: not-allowed; opacity: 0.6; }
.kit-card-note { font-size: 0.78em; line-height: 1.2; text-align: center; margin-top: 0.3em; color: #333; }
.kit-card-best-mark { font-size: 0.8em; font-weight: bold; color: #1b5e20; }
.kit-card-best .kit-card-face { border: 2px solid #1b5e20; }
.kit-card-row-reason { margin-top: 0.3em; color: #5d4037; font-style: italic; }
"""

_PIPS = {"♣": "♣", "♦": "♦", "♥": "♥", "♠": "♠"}


def pip_of(face: CardFace) -> str:
    """The symbol drawn large in the middle of a face: the suit's, ★ for a joker, ✦ for a Major Arcanum."""
    if face.kind == "joker":
        return "★"
    if face.kind == "major":
        return "✦"
    return next((symbol for symbol in _PIPS if symbol in face.label), "")


class CardRow(anywidget.AnyWidget):
    """Cards drawn as cards, one model for the whole row; click to select (``single``: one at a time).

    ``cards`` is what the page draws (one dict per face), ``selected`` the chosen positions (two
    copies of a card stay distinct), ``disabled`` with ``reason`` written beside the row, ``label``
    the row's name aloud.
    """

    _esm = Path(__file__).parent / "card_row.js"  # the page side: an ES module beside this file
    _css = traitlets.Unicode(_CSS).tag(sync=True)
    cards = traitlets.List(traitlets.Dict(), help="The faces drawn, in order.").tag(sync=True)
    selected = traitlets.List(traitlets.Int(), help="Positions of the selected cards.").tag(sync=True)
    single = traitlets.Bool(False, help="At most one card selected.").tag(sync=True)
    disabled = traitlets.Bool(False, help="The cards cannot be picked now.").tag(sync=True)
    reason = traitlets.Unicode("", help="Why the cards cannot be picked, written beside them.").tag(sync=True)
    label = traitlets.Unicode("cards", help="The row's name, said aloud.").tag(sync=True)

    def __init__(self, single: bool = False, **kwargs: Any):
        super().__init__(single=single, **kwargs)
        self.faces: list[CardFace] = []
        self.notes: list[str] = []
        self.best: int | None = None
        self._on_change: list[Callable[[], None]] = []
        self._quiet = False
        self.picking = False
        """True while the listeners answer a click on a card (not a selection made from Python or a redraw)."""
        self.observe(self._clicked, names="selected")
        self.on_msg(self._page_message)

    # -- what is drawn ---------------------------------------------------------------------

    def _payload(self) -> list[dict[str, Any]]:
        cards = []
        for index, face in enumerate(self.faces):
            note = self.notes[index] if index < len(self.notes) else ""
            cards.append({"code": face.code, "label": face.label, "name": face.name, "red": face.red,
                          "kind": face.kind, "pip": pip_of(face), "note": note, "best": index == self.best})
        return cards

    def show_faces(self, faces: Iterable[CardFace]) -> None:
        """Show these faces, none selected and without notes; the same faces already shown keep their selection."""
        faces = list(faces)
        if faces == self.faces and not self.notes:
            return
        same = faces == self.faces
        self.faces, self.notes, self.best = faces, [], None
        with self.hold_sync():
            self._quiet = True
            try:
                if not same and self.selected:
                    self.selected = []
            finally:
                self._quiet = False
            self.cards = self._payload()
        if not same:
            self._changed()

    def annotate(self, notes: Sequence[str], best: int | None = None) -> None:
        """Write a line under each card (what it would give) and mark the card at ``best``."""
        notes = list(notes)
        if notes == self.notes and best == self.best:
            return
        self.notes, self.best = notes, best
        self.cards = self._payload()

    # -- selection -------------------------------------------------------------------------

    def on_change(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` when the selection changes by a click or :meth:`select`."""
        self._on_change.append(callback)

    def _changed(self) -> None:
        for callback in list(self._on_change):
            callback()

    def _clicked(self, change: dict[str, Any]) -> None:
        if self._quiet:
            return
        cleaned = sorted({i for i in change["new"] if 0 <= i < len(self.faces)})
        if self.single:
            cleaned = [i for i in change["new"] if i in cleaned][-1:]
        if cleaned != list(change["new"]):
            self._quiet = True
            try:
                self.selected = cleaned
            finally:
                self._quiet = False
        self.picking = True
        try:
            self._changed()
        finally:
            self.picking = False

    def _page_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """A click on a card, sent by the page as ``{"pick": index}``."""
        if isinstance(content, dict) and type(content.get("pick")) is int:
            self.pick(content["pick"])

    def pick(self, index: int) -> None:
        """Do what a click on the card at ``index`` does: select it (only it, when ``single``), or unselect it.

        The listeners answer as for a click (``picking``), and the views they change leave the
        kernel before the selection does: the page shows the choice's answer first (the row shows
        the card raised just after). Nothing happens while the row is disabled.
        """
        if self.disabled or not 0 <= index < len(self.faces):
            return
        chosen = list(self.selected)
        if index in chosen:
            chosen.remove(index)
        else:
            chosen = [index] if self.single else sorted([*chosen, index])
        with self.hold_sync():
            self.selected = chosen

    def select(self, *positions: int) -> None:
        """Select the cards at these positions (and only those; the last one when ``single``)."""
        wanted = [index for index in range(len(self.faces)) if index in positions]
        if self.single:
            wanted = wanted[-1:]
        if wanted == list(self.selected):
            return
        self._quiet = True
        try:
            self.selected = wanted
        finally:
            self._quiet = False
        self._changed()

    def clear(self) -> None:
        """Select nothing."""
        self.select()

    @property
    def selected_codes(self) -> list[str]:
        """The codes of the selected cards, in the order shown."""
        return [self.faces[index].code for index in self.selected if index < len(self.faces)]

    def select_codes(self, *codes: str) -> None:
        """Select one shown card per code given (repeat a code to select two copies)."""
        self.select(*positions_of(self.faces, codes))

    def set_disabled(self, disabled: bool, reason: str = "") -> None:
        """Let the cards be picked, or not, with the reason written beside them."""
        with self.hold_sync():
            self.disabled = disabled
            self.reason = reason if disabled else ""

    @property
    def shown(self) -> list[str]:
        """The labels drawn on the faces, in order (what a reader sees)."""
        return [face.label for face in self.faces]


__all__ = ["CardRow", "pip_of"]
