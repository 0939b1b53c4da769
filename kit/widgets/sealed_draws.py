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
from kit.widgets.common import ErrorLine, attempt, labelled_button, plain_text, seat_html
from kit.widgets.layout import reason_line, show_reason
from kit.widgets.sealed_keys import set_shown
from kit.widgets.session import TableSession
from kit.widgets.shared import html

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
