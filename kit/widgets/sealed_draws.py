"""Sealed play at the table: declarations waiting for their draw, and the seals (K-3, K-5).

:class:`DeclarationsPanel` shows a seat its own waiting declaration (with *Retract*) and, to the
seat that seals, the declarations waiting for its seal (with *Seal N waiting draws*), each with
its age in words.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from datetime import UTC, datetime
from html import escape
from typing import Any

import ipywidgets as widgets

from kit.core.sealed_results import DeclarationResult, LapseResult, RetractResult, SeatTakenResult
from kit.core.seats import seat_label
from kit.widgets.common import plain_text, seat_html
from kit.widgets.component import Component, RefusalWords
from kit.widgets.controls import error_line, html_view, labelled_button, reason_line, set_shown, show_reason
from kit.widgets.parts import Control, Refusal, View
from kit.widgets.session import TableSession

SEALED_RESULTS = (DeclarationResult, LapseResult, RetractResult, SeatTakenResult)
"""The results of a sealed game's own turns: the panel shows them (the components show the rest)."""

_TIME_FORMAT = "%Y-%m-%dT%H:%MZ"

Clock = Callable[[], datetime]


def now_utc() -> datetime:
    """The time now (UTC): what a declaration's age is measured against."""
    return datetime.now(UTC)


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


class DeclarationsPanel(Component):
    """Declarations waiting for their draw, as this seat sees them (K-3, K-5): its own, with *Retract*, and
    those waiting for its seal, with *Seal N waiting draws* (each seal a turn written to the file)."""

    CSS = "kit-declarations"

    own_view = View("This seat's own declaration waiting for its draw, and its age.")
    retract_button = Control("Retract: take the declaration back before its draw (K-5).")
    retract_error = Refusal("Why the retraction was refused.")
    waiting_view = View("The declarations waiting for this seat's seal, oldest first, each with its age.")
    seal_button = Control("Seal N waiting draws: reveal the next seal value for each, oldest first (K-3).")
    seal_reason = View("Why the seal button is off.")
    seal_error = Refusal("Why a seal was refused.")
    result_view = View("The latest sealed result (a declaration, seat taken, lapse or retraction); seals made here.")

    def __init__(self, session: TableSession, clock: Clock = now_utc, **kwargs: Any):
        super().__init__(session, **kwargs)
        self.seat: str = session.seat or ""
        self.clock = clock
        self.own_view = html_view("kit-own-declaration")
        self.retract_button = labelled_button("Retract", "Take back your declaration before its draw (K-5)",
                                               own_layout=True)
        self.retract_button.add_class("kit-retract")
        self.retract_error = error_line()
        self.waiting_view = html_view("kit-waiting-seals")
        self.seal_button = labelled_button("Seal the waiting draws", "Reveal your next seal value for each waiting "
                                                                     "declaration, oldest first (K-3)", own_layout=True)
        self.seal_button.add_class("kit-seal")
        self.seal_reason = reason_line()
        self.seal_error = error_line()
        self.result_view = html_view("kit-sealed-result")
        self.retract_button.on_click(lambda _: self.retract())
        self.seal_button.on_click(lambda _: self.seal_all())
        self.children = (self.own_view, self.retract_button, self.retract_error, self.waiting_view,
                         widgets.HBox([self.seal_button, self.seal_reason], layout={"flex_flow": "row wrap"}),
                         self.seal_error, self.result_view)
        self.follow()

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
        return self.take_turn(self.retract_error, "retract", RefusalWords(f"retract turn {mine.turn}", "K-5"),
                              turn=mine.turn)

    def seal_all(self) -> list[Any]:
        """Seal every declaration waiting for this seat's draw, oldest first, each a turn; their results."""
        results: list[Any] = []
        proofs = self.game.proofs
        while proofs is not None and (waiting := proofs.next_to_seal(self.seat)) is not None:
            turn = waiting.turn
            result = self.take_turn(self.seal_error, "seal", RefusalWords(f"seal turn {turn}", "K-3"), turn=turn)
            if result is None:
                break
            results.append(result)
            proofs = self.game.proofs
        if results:
            self.result_view.value = "".join(f'<div aria-live="polite">{seat_html(self.session, r)}</div>'
                                             for r in results)
        return results

    def refresh(self, result: Any = None) -> None:
        """Show a sealed game's own turn (``result``); redraw this seat's declaration and those awaiting its seal."""
        if isinstance(result, SEALED_RESULTS):
            self.result_view.value = f'<div aria-live="polite">{seat_html(self.session, result)}</div>'
        game, now = self.game, self.clock()
        mine = self.own_declaration()
        waiting = self.waiting_for_me()
        with self.hold_sync():
            retractable = mine is not None
            if mine is not None:
                age = age_words(mine.at, now)
                so_far = "declared just now" if age == "just now" else f"{age} so far"
                self.own_view.value = (
                    f'<div class="kit-own-waiting" role="status">Your {escape(mine.action.replace("_", " "))} of '
                    f"turn {mine.turn} is declared — waiting for {escape(mine.sealer)}'s draw (K-3), "
                    f"{escape(so_far)}. Until it is sealed nothing else changes the game: you may write a note, "
                    "or take it back with Retract (K-3, K-5).</div>")
            else:
                self.own_view.value = ""
            set_shown(self.retract_button, retractable)
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
            set_shown(self.seal_button, bool(waiting))
            reason = ""
            first = game.pending_declarations[0] if game.pending_declarations else None
            if waiting and game.proofs.next_to_seal(self.seat) is None and first is not None:
                reason = (f"Turn {first.turn} was declared first and waits for {seat_label(first.sealer, game.gm)}'s "
                          "seal: draws are sealed in the order they were declared (K-3).")
            elif waiting and not game.holds_key(self.seat):
                reason = "Enter your seat key above first: a seal is proven by it (K-1)."
            elif waiting and not game.has_joined(self.seat):
                reason = "Take your seat above first: a seal is proven by your seat's key (K-1)."
            self.seal_button.disabled = bool(reason)
            show_reason(self.seal_reason, reason)
