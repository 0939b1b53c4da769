"""Sealed play at the table: the seat's key (K-1) — typed, made new, remembered in this browser or found in
this computer's key store — and taking the seat.

:class:`SeatKeyPanel` shows to a seat sitting at a sealed game; the key is held in the table's memory
only (:meth:`TableSession.hold_key`) and never enters the game file, the log or a post.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from kit.core.sealed_results import SeatTakenResult
from kit.core.sealing import SeatKey
from kit.gamefile.keys import KeyStore
from kit.widgets.common import attempt
from kit.widgets.component import Component, RefusalWords
from kit.widgets.controls import error_line, html_view, labelled_button, picker, set_shown
from kit.widgets.copy_button import CopyButton
from kit.widgets.layout import PHONE_WIDTH, TOUCH_HEIGHT
from kit.widgets.parts import Box, Control, Refusal, View
from kit.widgets.session import TableSession
from kit.widgets.shared import html

STORAGE_PREFIX = "kit-seat-key"
"""How the kit names a key it keeps in a browser's ``localStorage``: ``kit-seat-key:<game id>:<seat>``."""

KEY_ADVICE = "Keep it like a password: anyone with it can act in your seat (K-1)."
"""What a person is told when a new key is shown."""

def storage_key(game: Any, seat: str) -> str:
    """The browser storage name of ``seat``'s key in ``game``: ``kit-seat-key:<first 16 of the genesis>:<seat>``."""
    return f"{STORAGE_PREFIX}:{game.log.genesis[:16]}:{seat}"



KEY_STORE_SWITCH = "KIT_TABLE_KEY_STORE"
"""Set to ``1`` (``make play`` does) to let a table on one's own computer use that computer's key store."""


def disk_key(seat: str) -> SeatKey | None:
    """``seat``'s key from this computer's key store (``kit key new``/``kit key import``), or None when it keeps none.

    Only a table started with ``KIT_TABLE_KEY_STORE=1`` looks (``make play`` on one's own computer): a
    server many people reach must not hand a seat's stored key to whoever sits in that seat. A damaged
    key file raises the store's ``KeyStoreError`` (a ``GameFileError`` that says what to do).
    """
    if os.environ.get(KEY_STORE_SWITCH) != "1":
        return None
    return KeyStore().get(seat)


# -- the browser's key store -------------------------------------------------------------------

_STORE_CSS = ".kit-key-store { display: none; }"


class BrowserKeyStore(anywidget.AnyWidget):
    """A seat key kept in this browser's ``localStorage`` under :attr:`storage_key` (nothing is drawn).

    When its view is drawn the page sends the key it holds, if any (``on_event("loaded", …)``);
    :meth:`save` and :meth:`forget` write and remove it. The page answers every request with an
    event: ``loaded`` (with the text, ``""`` for none), ``saved``, ``forgotten`` or
    ``unavailable`` (the browser keeps nothing for this page).
    """

    _esm = Path(__file__).parent / "browser_key_store.js"  # the page side: an ES module beside this file
    _css = traitlets.Unicode(_STORE_CSS).tag(sync=True)
    storage_key = traitlets.Unicode("", help="The localStorage name: kit-seat-key:<game id>:<seat>.").tag(sync=True)

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self._callbacks: list[Callable[[str, str], None]] = []
        self.on_msg(self._message)

    def on_event(self, callback: Callable[[str, str], None]) -> None:
        """Call ``callback(event, text)`` for each answer of the page (``text`` only for ``loaded``)."""
        self._callbacks.append(callback)

    def save(self, text: str) -> None:
        """Ask the page to keep ``text`` (the key's ``kit-key-…`` form) under :attr:`storage_key`."""
        self.send({"save": text})

    def forget(self) -> None:
        """Ask the page to remove the key it keeps under :attr:`storage_key`."""
        self.send({"forget": True})

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        event, text = content.get("event"), content.get("text", "")
        if not isinstance(event, str) or not isinstance(text, str):
            return
        for callback in list(self._callbacks):
            callback(event, text[:200])


class KeyCopyButton(CopyButton):
    """A Copy button for a seat key: its words say to keep the key, never to post it."""

    def __init__(self, **kwargs: Any):
        super().__init__(**{"copied_words": "Copied: keep it in your password manager; never post it.",
                            "what": "Your seat key", **kwargs})


# -- the seat's key ----------------------------------------------------------------------------

PANEL_CSS = f"""
.kit-sealed-panel {{ border: 1px solid #c9b458; border-radius: 4px; padding: 0.3em 0.6em; margin: 0.3em 0;
  background: #fffdf2; max-width: 100%; }}
.kit-sealed-panel code {{ overflow-wrap: anywhere; }}
.kit-new-key code {{ font-size: 1.05em; user-select: all; }}
@media (max-width: {PHONE_WIDTH - 0.02}px) {{
  .kit-table input[type="password"] {{ min-height: {TOUCH_HEIGHT}px; flex: 1 1 8em; min-width: 0; }}
}}
"""


def panel_heading(text: str) -> widgets.HTML:
    """A sealed panel's heading, in words."""
    return html(f'<h3 class="kit-sealed-heading" style="margin:0.2em 0">{escape(text)}</h3>')


class SeatKeyPanel(Component):
    """The seat's key at a sealed game (K-1): enter, make or remember it, then take the seat and post the anchor."""

    CSS = "kit-seat-key-panel"

    heading = View("Your seat key.")
    status = View("Whose key this table holds (its fingerprint), or what the seat needs.")
    entry = Box("The key box, Use this key and Make a new key: shown until a key is held.")
    key_box = Control("The seat key, typed or pasted (a password field; it never keeps the key).")
    use_button = Control("Use this key: hold the key typed for the seat.")
    new_key_button = Control("Make a new key, for a seat not taken yet.")
    new_key_view = View("A new key's text, shown once.")
    key_copy = Control("Copy the new key, to keep it in a password manager.")
    remember_box = Control("Remember the key in this browser.")
    remember_note = View("What remembering the key means, or that this browser keeps nothing.")
    take_seat_note = View("What Take my seat does, once a key is held.")
    take_seat_button = Control("Take my seat: write the seat's anchors into the game file (K-1).")
    anchor_view = View("The anchor to post in the thread once the seat is taken.")
    anchor_copy = Control("Copy the anchor, to post it in the thread.")
    key_error = Refusal("Why a key or taking the seat was refused.")
    browser_store = Control("Keeps the key in this browser's storage when Remember in this browser is on.")

    def __init__(self, session: TableSession, **kwargs: Any):
        super().__init__(session, **kwargs)
        self.seat: str = session.seat or ""
        self.heading = panel_heading("Your seat key")
        self.status = html_view("kit-key-status")
        self.key_box = picker(widgets.Password, description="Your seat key", placeholder="kit-key-…",
                              layout={"width": "auto", "max_width": "32em"})
        self.key_box.add_class("kit-key-box")
        self.use_button = labelled_button("Use this key", "Hold the key typed in the box for your seat (it is "
                                                          "never written into the game file)")
        self.use_button.add_class("kit-use-key")
        self.new_key_button = labelled_button("Make a new key", "Make a seat key for a seat not taken yet",
                                              own_layout=True)
        self.new_key_button.add_class("kit-new-key-button")
        self.entry = widgets.HBox([self.key_box, self.use_button, self.new_key_button],
                                  layout=widgets.Layout(flex_flow="row wrap"))
        self.new_key_view = html()
        self.key_copy = KeyCopyButton(label="Copy key", hint="Copy your seat key, to keep it in a password manager",
                                      layout=widgets.Layout(display="none"))
        self.remember_box = widgets.Checkbox(value=False, description="Remember in this browser", indent=False,
                                             layout=widgets.Layout(width="auto"))
        self.remember_box.add_class("kit-remember-key")
        self.remember_note = html()
        self.browser_store = BrowserKeyStore(storage_key=storage_key(session.game, self.seat))
        self.take_seat_button = labelled_button("Take my seat", "Write your seat's anchors into the game file (K-1)",
                                           own_layout=True)
        self.take_seat_button.add_class("kit-take-seat")
        self.take_seat_note = html()
        self.anchor_view = html_view("kit-anchor")
        self.anchor_copy = CopyButton(label="Copy anchor", hint="Copy the anchor, to post it in the thread",
                                      layout=widgets.Layout(display="none"))
        self.key_error = error_line()
        self.found_note = ""
        """Where the key held came from, when it was not typed (this browser, this computer's key store)."""
        self._quiet = False

        self.use_button.on_click(lambda _: self.use_typed())
        self.new_key_button.on_click(lambda _: self.make_new_key())
        self.take_seat_button.on_click(lambda _: self.take_seat())
        self.remember_box.observe(self._remember_changed, names="value")
        self.browser_store.on_event(self._browser_answered)
        self.children = (self.heading, self.status, self.entry, self.new_key_view, self.key_copy,
                         widgets.HBox([self.remember_box, self.remember_note], layout={"flex_flow": "row wrap"}),
                         self.take_seat_note, self.take_seat_button, self.anchor_view, self.anchor_copy, self.key_error,
                         self.browser_store)
        if not self.holds_key():
            found = attempt(self.key_error, lambda: disk_key(self.seat), undone="no key was taken",
                            unexpected="this computer's key store could not be read")
            if found is not None and self._hold(found) is not None:
                self.found_note = (f"Using {self.seat}'s key from this computer's key store "
                                   f"(fingerprint {found.fingerprint}).")
        self.follow()

    def holds_key(self) -> bool:
        """Whether this table holds the seat's key."""
        return bool(self.seat) and self.game.holds_key(self.seat)

    def _key(self) -> SeatKey | None:
        proofs = self.game.proofs
        return proofs.keys.get(self.seat) if proofs is not None else None

    def _hold(self, key: SeatKey | str) -> str | None:
        return attempt(self.key_error, lambda: self.session.hold_key(self.seat, key), undone="no key was taken",
                       unexpected="the key could not be used", asked=f"use this key for {self.seat}'s seat",
                       ruling="K-1")

    # -- what a person does -----------------------------------------------------------------

    def use_typed(self) -> bool:
        """Hold the key typed into ``key_box`` (its refusal shows on ``key_error``); True when held."""
        text = self.key_box.value.strip()
        if not text:
            self.key_error.show(f"Write {self.seat}'s seat key in the box first, then press Use this key (K-1).")
            return False
        held = self._hold(text)
        self.key_box.value = ""  # the box never keeps the key, whether it fitted or not
        if held is None:
            return False
        self.found_note = ""
        self._after_holding()
        return True

    def make_new_key(self) -> SeatKey | None:
        """Make a new key for a seat not taken yet, hold it and show its text once."""
        if self.game.has_joined(self.seat):
            self.key_error.show(f"{self.seat}'s seat was taken with a key already: enter that key; a new key "
                                "cannot act in a seat taken with another (K-1).")
            return None
        key = SeatKey.new()
        if self._hold(key) is None:
            return None
        self.found_note = ""
        text = key.to_text()
        self.new_key_view.value = (f'<div class="kit-new-key" role="status"><b>Your new seat key:</b> '
                                   f"<code>{escape(text)}</code><br>{escape(KEY_ADVICE)} It is shown only this "
                                   "once: copy it now into a password manager (or tick Remember in this "
                                   "browser).</div>")
        self.key_copy.text = text
        set_shown(self.key_copy, True)
        self._after_holding()
        return key

    def take_seat(self) -> Any:
        """Take the seat in the sealed game with the key held (a turn written to the file); show the anchor."""
        result = self.take_turn(self.key_error, "take_seat", RefusalWords("take your seat", "K-1"))
        if isinstance(result, SeatTakenResult):
            self._forget_new_key()
            anchor = result.act[:16]
            self.anchor_view.value = (f'<div class="kit-anchor-post" role="status">Post this anchor in the thread: '
                                      f"<code>{escape(anchor)}</code> — everyone checks it is the one their table "
                                      f"shows for {escape(self.seat)} (K-1).</div>")
            self.anchor_copy.text = anchor
            set_shown(self.anchor_copy, True)
        return result

    def _forget_new_key(self) -> None:
        """The new key's text leaves the page (it was shown once)."""
        self.new_key_view.value = ""
        self.key_copy.text = ""
        set_shown(self.key_copy, False)

    def _after_holding(self) -> None:
        if self.remember_box.value:
            self._save_in_browser()
        self.refresh()

    # -- the browser's store ------------------------------------------------------------------

    def _save_in_browser(self) -> None:
        key = self._key()
        if key is not None:
            self.browser_store.save(key.to_text())

    def _remember_changed(self, change: dict[str, Any]) -> None:
        if self._quiet:
            return
        if change["new"]:
            self._save_in_browser()
            self._say_remembered()
        else:
            self.browser_store.forget()
            self.remember_note.value = ('<div class="kit-remember-note" style="color:#555">This browser will not '
                                        "keep your key.</div>")

    def _say_remembered(self) -> None:
        self.remember_note.value = ('<div class="kit-remember-note" style="color:#555">This browser keeps your key '
                                    "for this game: anyone using this browser can act in your seat (K-1).</div>")

    def _browser_answered(self, event: str, text: str) -> None:
        """The page's answer: a key it kept (held at once when none is), or that it keeps nothing."""
        if event == "loaded" and text:
            self._quiet = True
            try:
                self.remember_box.value = True
            finally:
                self._quiet = False
            self._say_remembered()
            if not self.holds_key() and self._hold(text) is not None:
                self.found_note = "Using the key this browser remembered."
            self.refresh()
        elif event == "unavailable" and self.remember_box.value:
            self.remember_note.value = ('<div class="kit-remember-note" style="color:#8e0000">This browser keeps '
                                        "nothing for this page: keep your key yourself.</div>")

    # -- drawing ---------------------------------------------------------------------------

    def refresh(self, result: Any = None) -> None:
        """Show what the seat needs now: a key, then taking the seat, then only whose key is held."""
        game, seat = self.game, self.seat
        held, joined = self.holds_key(), game.has_joined(seat)
        key = self._key()
        with self.hold_sync():
            if held and key is not None:
                where = f" {self.found_note}" if self.found_note else ""
                self.status.value = (f'<div class="kit-key-held" role="status">This table holds {escape(seat)}\'s '
                                     f"key (fingerprint {key.fingerprint}); it is never written into the game "
                                     f"file.{escape(where)}</div>")
            elif joined:
                self.status.value = (f'<div class="kit-key-missing">{escape(seat)} took this seat at turn '
                                     f"{game.proofs.chains[seat].joined_at}: enter the seat key {escape(seat)} took "
                                     "it in the box and press Use this key (K-1).</div>")
            else:
                self.status.value = ('<div class="kit-key-missing">This is a sealed game: every turn is proven by '
                                     "its seat's key (K-1). Enter your seat key and press Use this key, or press "
                                     "Make a new key if you have none for this game yet.</div>")
            set_shown(self.entry, not held)
            set_shown(self.new_key_button, not held and not joined)
            set_shown(self.take_seat_button, held and not joined)
            self.take_seat_note.value = ('<div class="kit-take-seat-note">Now press Take my seat: it writes your '
                                         "seat's anchors into the game file, so every table can check your turns "
                                         "(K-1). The key stays here.</div>" if held and not joined else "")
            if joined and not self.anchor_view.value:
                anchor = game.proofs.chains[seat].act_anchor[:16]
                self.anchor_view.value = (f'<div class="kit-anchor-joined" style="color:#555">{escape(seat)}\'s '
                                          f"anchor: <code>{escape(anchor)}</code> (K-1).</div>")
