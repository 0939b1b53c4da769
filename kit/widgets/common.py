"""Small pieces every component shares: the refusal line and :func:`attempt`, the odds view, faces, what a seat sees.

The base of every component is :mod:`kit.widgets.component`; the controls are made (and declared)
in :mod:`kit.widgets.controls`; the play log is :mod:`kit.widgets.play_log`.
"""

from __future__ import annotations

import errno
import logging
import re
from collections.abc import Callable, Mapping
from fractions import Fraction
from html import escape
from typing import Any, TypeVar

import ipywidgets as widgets

from kit.core.describe import FACE_DOWN, Face
from kit.core.errors import RulesError
from kit.render import to_html
from kit.render.distribution import distribution_svg
from kit.render.html import face_html
from kit.widgets.shared import fixed_layout, fixed_style

T = TypeVar("T")

_log = logging.getLogger(__name__)

MESSAGE_LIMIT = 2000
"""The most characters a refusal line shows (a message quoting a hostile file is cut there)."""

_UNPRINTABLE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\ud800-\udfff]")

DISK_FULL = frozenset({errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)})
"""OS errors that mean there is no room to write (the disk is full, or the user's quota is)."""

READ_ONLY = frozenset({errno.EACCES, errno.EPERM, errno.EROFS})
"""OS errors that mean the games folder (or the file) may not be written."""

TURN_UNDONE = "the turn was not taken and the file is as it was"
"""What did not happen when a turn is refused (:func:`attempt`'s ``undone``)."""

UNEXPECTED = "the table could not do that"
"""What could not be done, for an error no part of the kit meant to raise (:func:`attempt`'s ``unexpected``)."""


def plain_text(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """``text`` made safe to show and to send to the page: no control characters, no lone surrogates, not too long.

    A lone surrogate (``"\\ud800"`` in a hostile file's JSON) cannot be encoded as UTF-8, so a widget
    value holding one could never reach the browser; it is shown as U+FFFD instead.
    """
    cleaned = _UNPRINTABLE.sub("\ufffd", text)
    return cleaned if len(cleaned) <= limit else cleaned[: limit - 1] + "…"


def os_refusal(error: OSError, undone: str = TURN_UNDONE) -> str:
    """Plain words for a failed read or write: a full disk, a read-only folder, or the OS's own reason.

    ``undone`` says what did not happen (``"the turn was not taken …"``, ``"nothing was written"``).
    """
    reason = error.strerror or str(error) or type(error).__name__
    where = error.filename if isinstance(error.filename, str) else None
    if error.errno in DISK_FULL:
        return (f"the game file could not be written: the disk is full ({reason}); {undone} — "
                "free some space, then try again")
    if error.errno in READ_ONLY or isinstance(error, PermissionError):
        place = f" ({where} cannot be written: {reason})" if where else f" ({reason})"
        return (f"the games folder is read-only{place}: {undone} — games can be opened and read here, "
                "but not changed; ask whoever runs the table to make the folder writable")
    return f"the game file could not be read or written ({reason}); {undone} — check the folder, then try again"


def unexpected_reason(error: BaseException) -> str:
    """A plain-words reason for an error no part of the kit meant to raise (a hostile file's, say)."""
    if isinstance(error, RecursionError):
        return "it is nested too deeply to read"
    if isinstance(error, MemoryError):
        return "it is too large to read"
    if isinstance(error, UnicodeError):
        return "it holds text that is not valid Unicode"
    text = str(error)
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


class SharedLookHTML(widgets.HTML):
    """An HTML view drawn with the shared layout and style (see :mod:`kit.widgets.shared`) unless given its own."""

    def __init__(self, **kwargs: Any):
        kwargs.setdefault("layout", fixed_layout())
        kwargs.setdefault("style", fixed_style(widgets.HTML))
        super().__init__(**kwargs)


class ErrorLine(SharedLookHTML):
    """Shows why an action was refused, beside the control that asked for it.

    A refusal of the rules is shown in words for players (:meth:`RulesError.for_table
    <kit.core.errors.RulesError.for_table>`): cards by their symbols, what to do with the
    controls on screen, the ruling. A line that follows a session (:meth:`follow`, or
    :func:`follow_errors` for a whole table) clears itself when the session announces a turn
    or a reload: the state the message spoke of has changed.
    """

    def show(self, error: Exception | str, asked: str | None = None, ruling: str | None = None) -> None:
        """Show the refusal: a rules refusal in table words (``asked`` and ``ruling`` fill in what its own
        words leave out), anything else as its text; made safe to send (see :func:`plain_text`)."""
        text = error.for_table(asked, ruling) if isinstance(error, RulesError) else str(error)
        self.value = (
            '<div role="alert" class="kit-error" style="color:#8e0000;font-weight:bold">'
            f"Refused: {escape(plain_text(text))}</div>"
        )

    def clear(self) -> None:
        """Hide the message."""
        if self.value:
            self.value = ""

    def follow(self, session: Any) -> None:
        """Clear this line whenever ``session`` announces a turn or a reload (see :func:`follow_errors`)."""
        follow_errors(session, self)

    @property
    def message(self) -> str:
        """The text shown, without markup (empty when nothing was refused)."""
        if not self.value:
            return ""
        return self.value.split("Refused: ", 1)[1].rsplit("</div>", 1)[0]


def error_lines(*roots: Any) -> list[ErrorLine]:
    """Every :class:`ErrorLine` in the widget trees under ``roots`` (through ``children``), as they are now."""
    found: list[ErrorLine] = []
    seen: set[int] = set()
    stack = list(reversed(roots))
    while stack:
        widget = stack.pop()
        if id(widget) in seen:
            continue
        seen.add(id(widget))
        if isinstance(widget, ErrorLine):
            found.append(widget)
        stack.extend(reversed(getattr(widget, "children", ()) or ()))
    return found


def follow_errors(session: Any, *roots: Any) -> tuple[Any, ...]:
    """Clear every refusal line under ``roots`` whenever ``session`` announces a turn or a reload; returns ``roots``.

    A refusal speaks of the game as it was (no combat in progress, a stack still pending, a file
    that moved on): after a turn, a void or a reload that state has changed, so the line is
    emptied. The lines are looked up at each announcement, so a panel built later (a stack's
    choose and guide panels) is followed too. A line that shows a new refusal during the same
    click keeps it: refusals are shown after the session has announced.
    """
    def changed(_result: Any) -> None:
        for line in error_lines(*roots):
            line.clear()

    session.listen(changed)
    return roots


def attempt(error_line: ErrorLine, action: Callable[[], T], *,
            undone: str = TURN_UNDONE, unexpected: str = UNEXPECTED,
            asked: str | None = None, ruling: str | None = None) -> T | None:
    """Run ``action``; whatever goes wrong is shown on ``error_line`` instead of raised.

    A refusal of the rules (``RulesError``) is shown in words for players, ``asked`` naming the
    request where the rules' own words quote code and ``ruling`` cited where they cite none
    (:meth:`ErrorLine.show`); a game file's refusal (``GameFileError``) shows its own
    message; a failed read or write says whether the disk is full, the folder read-only or what
    else the OS said (:func:`os_refusal`), then ``undone``; any other error — a hostile file
    can provoke one in code that never expected it — is shown as ``unexpected``, its reason in
    plain words and ``undone``, and logged for whoever runs the table. ``KeyboardInterrupt`` and
    ``SystemExit`` are never caught.
    """
    from kit.gamefile import GameFileError

    try:
        result = action()
    except RulesError as error:
        error_line.show(error, asked, ruling)
        return None
    except GameFileError as error:
        error_line.show(error)
        return None
    except OSError as error:
        error_line.show(os_refusal(error, undone))
        return None
    except Exception as error:  # the table's boundary: nothing a user does may crash the page
        _log.warning("unexpected error at the table (shown as a refusal)", exc_info=True)
        error_line.show(f"{unexpected}: {unexpected_reason(error)}; {undone}")
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


def face_label(card: Any) -> tuple[str, str, bool]:
    """A card's short label, spoken name and colour, for a :class:`CardPicker`."""
    return str(card), getattr(card, "name", str(card)), bool(getattr(card, "is_red", False))


# -- seats (P-1): what a seat is offered and what it is shown -------------------------------

PRIVATE_HANDS = "Only your own hand is shown here; whoever holds the game file can still read every hand in it."
"""The honest line under every private view of a player's table."""

FACE_DOWN_WORDS = "a face-down card"
"""What a card back is called aloud (its alt text)."""


def seated(session: Any) -> bool:
    """True when the session's game names a GM, so every turn is taken from a seat (P-1).

    A game without a GM keeps no seats: everyone may do and see everything, as before seats.
    """
    return bool(getattr(session.game, "gm", ""))


def player_seat(session: Any) -> bool:
    """True when a seat that is not the GM's looks at a game with seats (it sees and acts for its own only)."""
    return seated(session) and not session.is_gm


def seat_characters(session: Any, characters: Any) -> list[str]:
    """Which of ``characters`` this seat acts for: a player's own, all for the GM or a game without seats.

    Nobody sitting at a game with seats acts for nobody (choose a seat first).
    """
    names = list(characters)
    if seated(session) and session.seat is None:
        return []
    return session.actable(names)


def no_character_words(session: Any) -> str:
    """Why a seat's character picker is empty, in plain words."""
    if player_seat(session):
        if session.seat is None:
            return "Nobody sits at this table yet: choose your seat first."
        return f"{session.seat} has no character yet: build one with the character builder."
    return "No characters at the table yet."


def show_to_gm(session: Any, *controls: Any) -> None:
    """Show ``controls`` to the GM (and at a game without seats); hide them from a player's seat.

    Each control must have a layout of its own (a shared layout refuses the change).
    """
    display = "none" if player_seat(session) else None
    for control in controls:
        if control.layout.display != display:
            control.layout.display = display


def waiting_words(game: Any) -> str:
    """What the game waits for, from whom, in words: ``Waiting for Ben (Bruno) to choose a card from the stack``."""
    waiting = game.waiting()
    if waiting is None:
        return ""
    text = game.waiting_text(waiting)
    doing = waiting.doing
    who = text[: len(text) - len(doing)].strip() if text.endswith(doing) else ""
    for verb in ("must ", "may "):
        if who and doing.startswith(verb):
            return f"{waiting.prefix}Waiting for {who} to {doing[len(verb):]}"
    return f"Waiting: {game.whose_turn()}"


def waiting_elsewhere(session: Any) -> str:
    """Why this seat's controls for the awaited step are disabled, or ``""`` when it may take the step.

    A player's seat waits while the game waits for another seat (``game.waiting_seat()``); the GM
    may stand in for anyone and never waits; a game without seats never does.
    """
    if not player_seat(session):
        return ""
    game = session.game
    seat = game.waiting_seat()
    if seat is None or seat == session.seat:
        return ""
    return waiting_words(game)


def waiting_html(reason: str) -> str:
    """The reason a step's controls are disabled, shown beside them (empty when there is none)."""
    if not reason:
        return ""
    return f'<div role="status" class="kit-seat-waiting" style="color:#555">{escape(plain_text(reason))}</div>'


def face_down_html(count: int) -> str:
    """``count`` card backs, each named aloud as a face-down card."""
    back = (f'<span class="kit-face-down" role="img" aria-label="{FACE_DOWN_WORDS}" '
            f'title="{FACE_DOWN_WORDS}">{FACE_DOWN}</span>')
    return back * max(count, 0)


def held_html(name: str, count: int, noun: str = "card", verb: str = "holds") -> str:
    """``Bruno holds 5 cards`` and as many card backs: another character's hand, seen from a player's seat."""
    plural = noun if count == 1 else f"{noun}s"
    return (f'<div class="kit-held" data-character="{escape(name)}"><b>{escape(name)}</b> {escape(verb)} '
            f"{count} {escape(plural)} {face_down_html(count)}</div>")


def private_note_html() -> str:
    """The honest line under a private view (see :data:`PRIVATE_HANDS`)."""
    return f'<div class="kit-private-note" style="color:#555;font-size:0.9em">{escape(PRIVATE_HANDS)}</div>'


def others_html(session: Any, counts: Mapping[str, int], noun: str = "card") -> str:
    """The hands this seat may not see, as counts and backs, and the honest line; ``""`` for the GM.

    ``counts`` maps every character to the number of cards they hold.
    """
    if not player_seat(session):
        return ""
    rows = "".join(held_html(name, count, noun) for name, count in counts.items() if not session.may_see(name))
    return f'<section class="kit-other-hands" aria-label="Other hands">{rows}{private_note_html()}</section>'


def seat_html(session: Any, result: Any) -> str:
    """A result as this table's seat may see it: cards in hands it may not see are left out (P-5)."""
    return to_html(result.describe_for(session.may_see))
