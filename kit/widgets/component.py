"""What every component of a table repeats, once: its session and game, taking a turn, redrawing after one.

A component is a view over a :class:`~kit.widgets.session.TableSession`. It acts only through
the session — :meth:`Component.take_turn`: one turn, a refusal shown on the component's
refusal line in words for players — and redraws after every turn the session announces, whoever
took it (:meth:`Component.follow`). What a component shows first, as soon as the rules decide a
turn and before it is written (README, "A click shows its result first"), it gives
:meth:`Component.follow` as its ``first`` view; :attr:`Component.acting` says whether the turn is
the component's own.

The components of every system derive from it (the stack resolver, the hand viewer, the
attribute tracker, the combat sequencer, the tests panel, the Tarot hand), the three GM panels,
the character builders, and the table's note row, GM tools and sealed panels. Each makes its
controls with :mod:`kit.widgets.controls` and declares them on its class (:mod:`kit.widgets.parts`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

import ipywidgets as widgets

from kit.core.errors import RulesError
from kit.render import to_html
from kit.widgets.common import TURN_UNDONE, UNEXPECTED, ErrorLine, attempt


@dataclass(frozen=True)
class RefusalWords:
    """How a refused turn is worded on its refusal line (:func:`~kit.widgets.common.attempt`).

    ``asked`` names the request where the rules' words quote code, ``ruling`` is cited where
    they cite none; ``undone`` says what did not happen and ``unexpected`` what could not be done,
    for an error no part of the kit meant to raise.
    """

    asked: str | None = None
    ruling: str | None = None
    undone: str = TURN_UNDONE
    unexpected: str = UNEXPECTED


PLAIN = RefusalWords()
"""A refusal in the rules' own words (the turn was not taken and the file is as it was)."""


class Component(widgets.VBox):
    """A view over a table session that takes turns through it and redraws after each one.

    ``session`` is the table's session; :attr:`game` the game as it stands now (a file-backed
    session replaces it after each turn, so it is read afresh each time). A subclass makes its
    controls, then calls :meth:`follow`; its :meth:`refresh` draws everything from the game.
    """

    CSS: ClassVar[str] = ""
    """The CSS class the page (and the browser tests) know the component by, e.g. ``kit-hand-viewer``."""

    def __init__(self, session: Any, **kwargs: Any):
        super().__init__(**kwargs)
        self.session = session
        self._acting = False
        self._drawing = False
        """True while the component redraws from the game: its observers ignore the changes it makes."""
        if self.CSS:
            self.add_class(self.CSS)

    @property
    def game(self) -> Any:
        """The session's game as it stands (re-read each time: a file-backed session replaces it every turn)."""
        return self.session.game

    @property
    def acting(self) -> bool:
        """True while a turn this component asked for is being taken (its own result, not another's)."""
        return self._acting

    def take_turn(self, line: ErrorLine, action: str, words: RefusalWords = PLAIN, /, **args: Any) -> Any:
        """Take one turn through the session: the game's ``action`` with ``args``; its result, or None.

        A refusal (of the rules, of the file, of the disk) is shown on ``line`` worded as
        ``words`` says, and changes neither the game nor its file; a turn taken clears the line.
        While the turn is taken :attr:`acting` is True. A turn taken is passed to
        :meth:`turn_taken` once it is written.
        """
        self._acting = True
        try:
            result = attempt(line, lambda: self.session.act(action, **args), undone=words.undone,
                             unexpected=words.unexpected, asked=words.asked, ruling=words.ruling)
        finally:
            self._acting = False
        if result is not None:
            self.turn_taken(result)
        return result

    def turn_taken(self, result: Any) -> None:
        """What the component shows once a turn it took is written (nothing here: see ``first`` in :meth:`follow`)."""

    def follow(self, first: Callable[[Any], None] | None = None) -> None:
        """Redraw after every turn the session announces (and after a reload), and now.

        ``first`` is the view that answers a turn: the session calls it as soon as the rules
        decide a turn, before the turn is written and everything is redrawn.
        """
        if first is not None:
            self.session.first(first)
        self.session.listen(self.refresh)
        self.refresh(None)

    def refresh(self, result: Any = None) -> None:
        """Redraw from the game (``result``: the turn just taken, None after a reload); each component draws its own."""


def refuse(line: ErrorLine, what: str, why: str, ruling: str, allowed: str | None = None) -> None:
    """Show a refusal the component makes itself (nothing is asked of the game): plain words and the ruling."""
    line.show(RulesError(what, why, ruling, allowed))


def latest_html(result: Any) -> str:
    """A turn's result as a GM panel shows its latest turn (the GM sees every hand)."""
    return f'<div class="kit-latest">{to_html(result.describe())}</div>'


__all__ = ["PLAIN", "Component", "RefusalWords", "latest_html", "refuse"]
