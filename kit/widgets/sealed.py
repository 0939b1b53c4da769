"""Sealed play at the table (K-1…K-5): the new game's choice, the seat key, taking the seat, declarations, seals.

A sealed game proves every turn by its seat's key and has every draw sealed by a second seat
(:mod:`kit.core.sealed_turns`). The table shows, to a seat sitting at a sealed game:

- :class:`SeatKeyPanel` (:mod:`kit.widgets.sealed_keys`) — the seat's key: typed in (a
  password field), made new (its text shown once, with a Copy button), remembered in this
  browser (:class:`BrowserKeyStore`, the page's ``localStorage``) or found in this computer's
  key store (``kit key``); then *Take my seat* and the anchor to post in the thread (K-1);
- :class:`DeclarationsPanel` (:mod:`kit.widgets.sealed_draws`) — this seat's own declaration
  waiting for its draw (with *Retract*, K-5) and, for the seat that seals, the declarations
  waiting for its seal (with *Seal N waiting draws*, K-3), each with its age in words.

:class:`SealedGameChoice` (here) is the *Sealed game* part of the new game form, and
:func:`sealed_panels` puts the two panels together for the table. The key is held in the
table's memory only (:meth:`TableSession.hold_key`): it never enters the game file, the log or
a post. Every action goes through the session, so each seat taken, declaration, seal and
retraction is a turn written to the file.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from kit.widgets.parts import Box, Control, View
from kit.widgets.sealed_draws import Clock, DeclarationsPanel, age_words, ago_words, now_utc
from kit.widgets.sealed_keys import (
    PANEL_CSS,
    BrowserKeyStore,
    KeyCopyButton,
    SeatKeyPanel,
    disk_key,
    storage_key,
)
from kit.widgets.session import TableSession
from kit.widgets.shared import html

SEALED_ABOUT = ("Every turn proven by its seat's key; every draw sealed by a second seat, so nobody can foresee "
                "or choose it (K-1, K-3).")
"""The one line beside the *Sealed game* checkbox."""


# -- the new game form -------------------------------------------------------------------------


def _names(text: str) -> list[str]:
    return [name.strip() for name in text.split(",") if name.strip()]


class SealedGameChoice(widgets.VBox):
    """The *Sealed game* part of the new game form: the checkbox, its line, and what to do next.

    Who seals each draw is not chosen: the next seat in the order of play does (K-3).
    :meth:`update` follows the form's players and GM and says why a sealed game cannot be started
    yet; :meth:`start_keywords` gives what the shelf's ``new_game`` takes.
    """

    sealed_box = Control("Sealed game: every turn proven by its seat's key, every draw sealed by a second seat.")
    about = View("What a sealed game is, in one line.")
    note = View("What to do next in a sealed game (sit, key, take the seat, build a character).")

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self.add_class("kit-sealed-choice")
        self.sealed_box = widgets.Checkbox(value=False, description="Sealed game", indent=False,
                                           layout=widgets.Layout(width="auto"))
        self.sealed_box.add_class("kit-sealed-box")
        self.about = html(f'<div class="kit-sealed-about" style="color:#555">{escape(SEALED_ABOUT)}</div>')
        self.note = html()
        self.children = (widgets.HBox([self.sealed_box, self.about], layout={"flex_flow": "row wrap"}), self.note)
        self._players: list[str] = []
        self._gm = ""
        self.sealed_box.observe(lambda _change: self.update(self._players, self._gm), names="value")

    @property
    def sealed(self) -> bool:
        """Whether the new game is to be sealed."""
        return bool(self.sealed_box.value)

    def update(self, players: list[str] | str, gm: str) -> str:
        """Follow the form's players and GM; return why Create is off (or ``""``)."""
        names = _names(players) if isinstance(players, str) else list(players)
        self._players, self._gm = names, gm.strip()
        self.note.value = ('<div class="kit-sealed-note" style="color:#555">A sealed game starts with no turns: '
                           "each person sits, enters or makes their seat key and takes their seat; then each player "
                           "builds a character (there is no quick start) (K-1).</div>" if self.sealed else "")
        return self.reason()

    def reason(self) -> str:
        """Why a sealed game cannot be started with the names given (``""`` when it can, or it is not sealed)."""
        if not self.sealed or (self._players and self._gm):
            return ""
        return ("A sealed game needs a game master and at least one player: write their names in Players and "
                "Game master (K-1).")

    def start_keywords(self) -> dict[str, Any]:
        """``{"mode": "sealed"}`` for a sealed game, ``{}`` for an open one."""
        if not self.sealed:
            return {}
        return {"mode": "sealed"}

    def reset(self) -> None:
        """Back to an open game (after a game was started)."""
        self.sealed_box.value = False


def sealed_new_game_note(game: Any) -> str:
    """What to do after starting a sealed game: sit, key, take the seat; who seals whose draws (K-1, K-3)."""
    proofs = game.proofs
    if proofs is not None and proofs.gm_sealer:  # a version-3 game
        seals = (f"{escape(game.gm)} seals the players' draws and {escape(proofs.gm_sealer)} seals "
                 f"{escape(game.gm)}'s (K-3).")
    else:
        order = ", ".join(escape(seat) for seat in game.seats)
        seals = (f"Each draw is sealed by the next seat in the order of play ({order}, and round again) when it "
                 "opens the game (K-3).")
    lines = [f"The sealed game is started with {escape(game.gm)} as the game master. {seals}",
             "Each person chooses their seat with <b>Sit as</b>, enters their seat key (or presses <b>Make a new "
             "key</b>) and presses <b>Take my seat</b> (K-1). Then each player builds a character with "
             "<b>Build a character</b>."]
    return '<div class="kit-new-note">' + "<br>".join(lines) + "</div>"


class SealedPanel(widgets.VBox):
    """Everything sealed play adds for the seat sitting at a sealed game: its key and its declarations."""

    key_panel = Box("The seat's key: enter, make or remember it, take the seat (K-1).")
    declarations = Box("The declarations waiting for their draw, and the seals (K-3, K-5).")

    def __init__(self, session: TableSession, clock: Clock = now_utc, **kwargs: Any):
        super().__init__(**kwargs)
        self.add_class("kit-sealed-panel")
        self.key_panel = SeatKeyPanel(session)
        self.declarations = DeclarationsPanel(session, clock)
        self.children = (html(f"<style>{PANEL_CSS}</style>"), self.key_panel, self.declarations)


def sealed_panels(session: TableSession) -> tuple[widgets.Widget, ...]:
    """The sealed panel for the seat sitting at a sealed game; nothing for an open game or nobody seated."""
    if not getattr(session.game, "sealed", False) or not session.seat:
        return ()
    return (SealedPanel(session),)


__all__ = ["SEALED_ABOUT", "BrowserKeyStore", "DeclarationsPanel", "KeyCopyButton", "SealedGameChoice",
           "SealedPanel", "SeatKeyPanel", "age_words", "ago_words", "disk_key", "sealed_new_game_note",
           "sealed_panels", "storage_key"]
