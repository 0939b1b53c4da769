"""Sealed play at the table (K-1…K-5): the new game's choice, the seat key, taking the seat, declarations, seals.

A sealed game proves every turn by its seat's key and has every draw sealed by a second seat
(:mod:`kit.core.sealed_turns`). The table shows, to a seat sitting at a sealed game:

- :class:`SeatKeyPanel` — the seat's key: typed in (a password field), made new (its text shown
  once, with a Copy button), remembered in this browser (:class:`BrowserKeyStore`, the page's
  ``localStorage``) or found in this computer's key store (``kit key``); then *Take my seat*
  and the anchor to post in the thread (K-1);
- :class:`DeclarationsPanel` — this seat's own declaration waiting for its draw (with
  *Retract*, K-5) and, for the seat that seals, the declarations waiting for its seal (with
  *Seal N waiting draws*, K-3), each with its age in words.

:class:`SealedGameChoice` is the *Sealed game* part of the new game form. The key is held in the
table's memory only (:meth:`TableSession.hold_key`): it never enters the game file, the log or
a post. Every action goes through the session, so each seat taken, declaration, seal and retraction is
a turn written to the file.
"""

from __future__ import annotations

import inspect
import os
from collections.abc import Callable
from datetime import UTC, datetime
from html import escape
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from kit.core.sealed_results import DeclarationResult, LapseResult, RetractResult, SeatTakenResult
from kit.core.sealing import SeatKey
from kit.core.seats import seat_label
from kit.gamefile.keys import KeyStore
from kit.widgets.common import ErrorLine, attempt, labelled_button, plain_text, seat_html
from kit.widgets.copy_button import CopyButton
from kit.widgets.layout import PHONE_WIDTH, TOUCH_HEIGHT, reason_line, show_reason
from kit.widgets.session import TableSession
from kit.widgets.shared import fixed, html

SEALED_RESULTS = (DeclarationResult, LapseResult, RetractResult, SeatTakenResult)
"""The results of a sealed game's own turns: the panel shows them (the components show the rest)."""

STORAGE_PREFIX = "kit-seat-key"
"""How the kit names a key it keeps in a browser's ``localStorage``: ``kit-seat-key:<game id>:<seat>``."""

SEALED_ABOUT = ("Every turn proven by its seat's key; every draw sealed by a second seat, so nobody can foresee "
                "or choose it (K-1, K-3).")
"""The one line beside the *Sealed game* checkbox."""

KEY_ADVICE = "Keep it like a password: anyone with it can act in your seat (K-1)."
"""What a person is told when a new key is shown."""

_TIME_FORMAT = "%Y-%m-%dT%H:%MZ"

Clock = Callable[[], datetime]


def now_utc() -> datetime:
    """The time now (UTC): what a declaration's age is measured against."""
    return datetime.now(UTC)


def storage_key(game: Any, seat: str) -> str:
    """The browser storage name of ``seat``'s key in ``game``: ``kit-seat-key:<first 16 of the genesis>:<seat>``."""
    return f"{STORAGE_PREFIX}:{game.log.genesis[:16]}:{seat}"


def age_words(at: str, now: datetime | None = None) -> str:
    """How long ago ``at`` (``2026-12-01T14:05Z``) was: ``just now``, ``5 minutes``, ``2 hours``, ``3 days``."""
    try:
        then = datetime.strptime(at, _TIME_FORMAT).replace(tzinfo=UTC)
    except (TypeError, ValueError):
        return "for a while"
    minutes = int(((now or now_utc()) - then).total_seconds() // 60)
    if minutes < 1:
        return "just now"
    if minutes < 120:
        count, unit = minutes, "minute"
    elif minutes < 48 * 60:
        count, unit = minutes // 60, "hour"
    else:
        count, unit = minutes // (24 * 60), "day"
    return f"{count} {unit}{'s' if count != 1 else ''}"


def ago_words(at: str, now: datetime | None = None) -> str:
    """``declared 3 days ago`` (or ``declared just now``)."""
    age = age_words(at, now)
    return f"declared {age}" if age in ("just now", "for a while") else f"declared {age} ago"


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

_STORE_ESM = r"""
function storage() {
  try { return window.localStorage; } catch (error) { return null; }
}

function render({ model, el }) {
  el.classList.add("kit-key-store");
  const load = () => {
    const store = storage();
    const name = model.get("storage_key");
    if (!store || !name) { model.send({ event: "unavailable" }); return; }
    let text = null;
    try { text = store.getItem(name); } catch (error) { text = null; }
    model.send({ event: "loaded", text: text || "" });
  };
  model.on("msg:custom", (message) => {
    const store = storage();
    const name = model.get("storage_key");
    if (!store || !name) { model.send({ event: "unavailable" }); return; }
    try {
      if (message.save) { store.setItem(name, message.save); model.send({ event: "saved" }); }
      if (message.forget) { store.removeItem(name); model.send({ event: "forgotten" }); }
    } catch (error) {
      model.send({ event: "unavailable" });
    }
  });
  model.on("change:storage_key", load);
  load();
}
export default { render };
"""

_STORE_CSS = ".kit-key-store { display: none; }"


class BrowserKeyStore(anywidget.AnyWidget):
    """A seat key kept in this browser's ``localStorage`` under :attr:`storage_key` (nothing is drawn).

    When its view is drawn the page sends the key it holds, if any (``on_event("loaded", …)``);
    :meth:`save` and :meth:`forget` write and remove it. The page answers every request with an
    event: ``loaded`` (with the text, ``""`` for none), ``saved``, ``forgotten`` or
    ``unavailable`` (the browser keeps nothing for this page).
    """

    _esm = traitlets.Unicode(_STORE_ESM).tag(sync=True)
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


# -- the new game form -------------------------------------------------------------------------


def _names(text: str) -> list[str]:
    return [name.strip() for name in text.split(",") if name.strip()]


class SealedGameChoice(widgets.VBox):
    """The *Sealed game* part of the new game form: the checkbox, its line, and who seals the GM's draws.

    Controls: ``sealed_box`` (the checkbox), ``sealer_picker`` (the players; the first by
    default). :meth:`update` follows the form's players and GM and says why a sealed game cannot
    be started yet; :meth:`start_keywords` gives what the shelf's ``new_game`` takes.
    """

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self.add_class("kit-sealed-choice")
        self.sealed_box = widgets.Checkbox(value=False, description="Sealed game", indent=False,
                                           layout=widgets.Layout(width="auto"))
        self.sealed_box.add_class("kit-sealed-box")
        self.about = html(f'<div class="kit-sealed-about" style="color:#555">{escape(SEALED_ABOUT)}</div>')
        self.sealer_picker = widgets.Dropdown(description="Who seals the GM's draws", options=[],
                                              style={"description_width": "initial"},
                                              layout=widgets.Layout(display="none"))
        self.sealer_picker.add_class("kit-gm-sealer")
        self.note = html()
        self.children = (widgets.HBox([self.sealed_box, self.about], layout={"flex_flow": "row wrap"}),
                         self.sealer_picker, self.note)
        self._players: list[str] = []
        self._gm = ""
        self.sealed_box.observe(lambda _change: self.update(self._players, self._gm), names="value")

    @property
    def sealed(self) -> bool:
        """Whether the new game is to be sealed."""
        return bool(self.sealed_box.value)

    def update(self, players: list[str] | str, gm: str) -> str:
        """Follow the form's players and GM: list the players who may seal; return why Create is off (or ``""``)."""
        names = _names(players) if isinstance(players, str) else list(players)
        self._players, self._gm = names, gm.strip()
        options = list(dict.fromkeys(names))
        if list(self.sealer_picker.options) != options:
            kept = self.sealer_picker.value
            self.sealer_picker.options = options
            self.sealer_picker.value = kept if kept in options else (options[0] if options else None)
        self.sealer_picker.layout.display = "flex" if self.sealed else "none"
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
        """``{"mode": "sealed", "gm_sealer": "Ana"}`` for a sealed game, ``{}`` for an open one."""
        if not self.sealed:
            return {}
        return {"mode": "sealed", "gm_sealer": self.sealer_picker.value or None}

    def reset(self) -> None:
        """Back to an open game (after a game was started)."""
        self.sealed_box.value = False


def sealed_new_game_note(game: Any) -> str:
    """What to do after starting a sealed game: sit, key, take the seat; who seals whose draws (K-1, K-3)."""
    proofs = game.proofs
    sealer = proofs.gm_sealer if proofs is not None else ""
    lines = [f"The sealed game is started with {escape(game.gm)} as the game master. {escape(game.gm)} seals the "
             f"players' draws and {escape(sealer)} seals {escape(game.gm)}'s (K-3).",
             "Each person chooses their seat with <b>Sit as</b>, enters their seat key (or presses <b>Make a new "
             "key</b>) and presses <b>Take my seat</b> (K-1). Then each player builds a character with "
             "<b>Build a character</b>."]
    return '<div class="kit-new-note">' + "<br>".join(lines) + "</div>"


# -- the seat's key ----------------------------------------------------------------------------

_PANEL_CSS = f"""
.kit-sealed-panel {{ border: 1px solid #c9b458; border-radius: 4px; padding: 0.3em 0.6em; margin: 0.3em 0;
  background: #fffdf2; max-width: 100%; }}
.kit-sealed-panel code {{ overflow-wrap: anywhere; }}
.kit-new-key code {{ font-size: 1.05em; user-select: all; }}
@media (max-width: {PHONE_WIDTH - 0.02}px) {{
  .kit-table input[type="password"] {{ min-height: {TOUCH_HEIGHT}px; flex: 1 1 8em; min-width: 0; }}
}}
"""


def _heading(text: str) -> widgets.HTML:
    return html(f'<h3 class="kit-sealed-heading" style="margin:0.2em 0">{escape(text)}</h3>')


def _shown(widget: widgets.Widget, shown: bool) -> None:
    display = None if shown else "none"
    if widget.layout.display != display:
        widget.layout.display = display


class SeatKeyPanel(widgets.VBox):
    """The seat's key at a sealed game (K-1): enter, make or remember it, then take the seat and post the anchor.

    Controls (drivable from Python): ``key_box`` (a password field), ``use_button``,
    ``new_key_button``, ``remember_box``, ``take_seat_button``. Views: ``status`` (whose key is held),
    ``new_key_view`` and ``key_copy`` (a new key's text, shown once), ``anchor_view`` and
    ``anchor_copy`` (the anchor to post after taking the seat). Refusals on ``key_error``.
    ``browser_store`` keeps the key in this browser when *Remember in this browser* is on.
    """

    def __init__(self, session: TableSession, **kwargs: Any):
        super().__init__(**kwargs)
        self.session = session
        self.seat: str = session.seat or ""
        self.add_class("kit-seat-key-panel")
        self.heading = _heading("Your seat key")
        self.status = html()
        self.status.add_class("kit-key-status")
        self.key_box = fixed(widgets.Password, description="Your seat key", placeholder="kit-key-…",
                             style={"description_width": "initial"}, layout={"width": "auto", "max_width": "32em"})
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
        self.anchor_view = html()
        self.anchor_view.add_class("kit-anchor")
        self.anchor_copy = CopyButton(label="Copy anchor", hint="Copy the anchor, to post it in the thread",
                                      layout=widgets.Layout(display="none"))
        self.key_error = ErrorLine()
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
        session.listen(lambda _result: self.refresh())
        self.refresh()

    @property
    def game(self) -> Any:
        """The game the session plays now (a reload replaces it)."""
        return self.session.game

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
        _shown(self.key_copy, True)
        self._after_holding()
        return key

    def take_seat(self) -> Any:
        """Take the seat in the sealed game with the key held (a turn written to the file); show the anchor."""
        result = attempt(self.key_error, lambda: self.session.act("take_seat"), asked="take your seat", ruling="K-1")
        if isinstance(result, SeatTakenResult):
            self._forget_new_key()
            anchor = result.act[:16]
            self.anchor_view.value = (f'<div class="kit-anchor-post" role="status">Post this anchor in the thread: '
                                      f"<code>{escape(anchor)}</code> — everyone checks it is the one their table "
                                      f"shows for {escape(self.seat)} (K-1).</div>")
            self.anchor_copy.text = anchor
            _shown(self.anchor_copy, True)
        return result

    def _forget_new_key(self) -> None:
        """The new key's text leaves the page (it was shown once)."""
        self.new_key_view.value = ""
        self.key_copy.text = ""
        _shown(self.key_copy, False)

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

    def refresh(self) -> None:
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
            _shown(self.entry, not held)
            _shown(self.new_key_button, not held and not joined)
            _shown(self.take_seat_button, held and not joined)
            self.take_seat_note.value = ('<div class="kit-take-seat-note">Now press Take my seat: it writes your '
                                         "seat's anchors into the game file, so every table can check your turns "
                                         "(K-1). The key stays here.</div>" if held and not joined else "")
            if joined and not self.anchor_view.value:
                anchor = game.proofs.chains[seat].act_anchor[:16]
                self.anchor_view.value = (f'<div class="kit-anchor-joined" style="color:#555">{escape(seat)}\'s '
                                          f"anchor: <code>{escape(anchor)}</code> (K-1).</div>")


# -- declarations and seals ------------------------------------------------------------------


def _declared_words(game: Any, declaration: Any) -> str:
    """``check (Mira, Defy, Hard)``: a declared action and its arguments in a line, in the action's own order.

    A file stores the arguments by name (sorted); the action's signature gives the order a person reads.
    """
    args = declaration.args
    try:
        order = [name for name in inspect.signature(getattr(type(game), declaration.action)).parameters if name in args]
    except (AttributeError, TypeError, ValueError):
        order = []
    names = order + sorted(name for name in args if name not in order)
    values = [str(args[name]) for name in names if args[name] not in (None, [], {}, False, "")]
    what = declaration.action.replace("_", " ")
    return plain_text(f"{what} ({', '.join(values)})" if values else what, 200)


class DeclarationsPanel(widgets.VBox):
    """Declarations waiting for their draw, as this seat sees them (K-3, K-5).

    ``own_view`` says this seat's own waiting declaration and its age, with ``retract_button``;
    ``waiting_view`` lists the declarations waiting for this seat's seal, with ``seal_button``
    (*Seal N waiting draws*, each seal a turn written to the file) and its reason when it is off;
    ``result_view`` shows the latest sealed result (a declaration, a seat taken, a lapse, a
    retraction) and the results of the seals made here. Refusals on ``seal_error`` and
    ``retract_error``.
    """

    def __init__(self, session: TableSession, clock: Clock = now_utc, **kwargs: Any):
        super().__init__(**kwargs)
        self.session = session
        self.seat: str = session.seat or ""
        self.clock = clock
        self.add_class("kit-declarations")
        self.own_view = html()
        self.own_view.add_class("kit-own-declaration")
        self.retract_button = labelled_button("Retract", "Take back your declaration before its draw (K-5)",
                                               own_layout=True)
        self.retract_button.add_class("kit-retract")
        self.retract_error = ErrorLine()
        self.waiting_view = html()
        self.waiting_view.add_class("kit-waiting-seals")
        self.seal_button = labelled_button("Seal the waiting draws", "Reveal your next seal value for each waiting "
                                                                     "declaration, oldest first (K-3)", own_layout=True)
        self.seal_button.add_class("kit-seal")
        self.seal_reason = reason_line()
        self.seal_error = ErrorLine()
        self.result_view = html()
        self.result_view.add_class("kit-sealed-result")
        self.retract_button.on_click(lambda _: self.retract())
        self.seal_button.on_click(lambda _: self.seal_all())
        self.children = (self.own_view, self.retract_button, self.retract_error, self.waiting_view,
                         widgets.HBox([self.seal_button, self.seal_reason], layout={"flex_flow": "row wrap"}),
                         self.seal_error, self.result_view)
        session.listen(self._heard)
        self.refresh()

    @property
    def game(self) -> Any:
        """The game the session plays now."""
        return self.session.game

    def own_declaration(self) -> Any:
        """This seat's declaration waiting for its draw, or None."""
        proofs = self.game.proofs
        return proofs.pending_of(self.seat) if proofs is not None and self.seat else None

    def waiting_for_me(self) -> list[Any]:
        """The declarations waiting for this seat's seal, oldest first."""
        return [d for d in self.game.pending_declarations if d.sealer == self.seat]

    def retract(self) -> Any:
        """Retract this seat's own waiting declaration (a turn, K-5)."""
        mine = self.own_declaration()
        if mine is None:
            self.retract_error.show("Nothing of yours waits for its draw: there is nothing to retract (K-5).")
            return None
        return attempt(self.retract_error, lambda: self.session.act("retract", turn=mine.turn),
                       asked=f"retract turn {mine.turn}", ruling="K-5")

    def seal_all(self) -> list[Any]:
        """Seal every declaration waiting for this seat's draw, oldest first, each a turn; their results."""
        results: list[Any] = []
        proofs = self.game.proofs
        while proofs is not None and (waiting := proofs.next_to_seal(self.seat)) is not None:
            turn = waiting.turn
            result = attempt(self.seal_error, lambda turn=turn: self.session.act("seal", turn=turn),
                             asked=f"seal turn {turn}", ruling="K-3")
            if result is None:
                break
            results.append(result)
            proofs = self.game.proofs
        if results:
            self.result_view.value = "".join(f'<div aria-live="polite">{seat_html(self.session, r)}</div>'
                                             for r in results)
        return results

    def _heard(self, result: Any) -> None:
        if isinstance(result, SEALED_RESULTS):
            self.result_view.value = f'<div aria-live="polite">{seat_html(self.session, result)}</div>'
        self.refresh()

    def refresh(self) -> None:
        """Redraw this seat's own declaration and the declarations waiting for its seal."""
        game, now = self.game, self.clock()
        mine = self.own_declaration()
        waiting = self.waiting_for_me()
        with self.hold_sync():
            retractable = mine is not None and self.seat != game.gm  # the GM can compute the draw: no retracting
            if mine is not None:
                age = age_words(mine.at, now)
                so_far = "declared just now" if age == "just now" else f"{age} so far"
                back = ("Retract takes it back (K-5)." if retractable else
                        "A GM's declaration cannot be retracted: once it is posted the GM could compute its draw "
                        "(K-5).")
                self.own_view.value = (
                    f'<div class="kit-own-waiting" role="status">Your {escape(mine.action.replace("_", " "))} of '
                    f"turn {mine.turn} is declared — waiting for {escape(mine.sealer)}'s draw (K-3), "
                    f"{escape(so_far)}. Until it is sealed you cannot declare another draw; steps that draw nothing "
                    f"you may still take. {escape(back)}</div>")
            else:
                self.own_view.value = ""
            _shown(self.retract_button, retractable)
            if waiting:
                items = "".join(
                    f"<li>Turn {d.turn}: {escape(seat_label(d.seat, game.gm))}'s {escape(_declared_words(game, d))} — "
                    f"{escape(ago_words(d.at, now))}</li>" for d in waiting)
                self.waiting_view.value = (f'<div class="kit-seal-list"><b>Waiting for your seal (K-3):</b><ul>'
                                           f"{items}</ul>Press the button to draw them: nobody could know the "
                                           "cards or dice before your seal.</div>")
                count = len(waiting)
                self.seal_button.description = f"Seal {count} waiting draw{'s' if count != 1 else ''}"
            else:
                self.waiting_view.value = ""
            _shown(self.seal_button, bool(waiting))
            reason = ""
            if waiting and not game.holds_key(self.seat):
                reason = "Enter your seat key above first: a seal is proven by it (K-1)."
            elif waiting and not game.has_joined(self.seat):
                reason = "Take your seat above first: a seal is proven by your seat's key (K-1)."
            self.seal_button.disabled = bool(reason)
            show_reason(self.seal_reason, reason)


class SealedPanel(widgets.VBox):
    """Everything sealed play adds for the seat sitting at a sealed game: its key (``key_panel``) and its declarations
    (``declarations``)."""

    def __init__(self, session: TableSession, clock: Clock = now_utc, **kwargs: Any):
        super().__init__(**kwargs)
        self.add_class("kit-sealed-panel")
        self.key_panel = SeatKeyPanel(session)
        self.declarations = DeclarationsPanel(session, clock)
        self.children = (html(f"<style>{_PANEL_CSS}</style>"), self.key_panel, self.declarations)


def sealed_panels(session: TableSession) -> tuple[widgets.Widget, ...]:
    """The sealed panel for the seat sitting at a sealed game; nothing for an open game or nobody seated."""
    if not getattr(session.game, "sealed", False) or not session.seat:
        return ()
    return (SealedPanel(session),)


__all__ = ["SEALED_ABOUT", "BrowserKeyStore", "DeclarationsPanel", "KeyCopyButton", "SealedGameChoice",
           "SealedPanel", "SeatKeyPanel", "age_words", "ago_words", "disk_key", "sealed_new_game_note",
           "sealed_panels", "storage_key"]
