"""A table session: one game, optionally backed by a game file, that every component acts through.

Components never call a game's methods themselves; they call :meth:`TableSession.act`, which
performs the action on the game (and, when the session has a file, appends the turn to the file
under its lock), then tells every listener so each component can redraw from the new state.

A table answers a click in two steps. As soon as the rules have decided a turn, the session
tells its *first* listeners (:meth:`TableSession.first`): each component puts the one view that
shows the result on the page. Then the turn is written into the file and every listener redraws
the rest. If the write fails after all (the disk is full, say), the game goes back to the turns
the file holds, every listener redraws from it and the error is raised for the component to show.

The session holds the file open (:class:`kit.gamefile.HeldGameFile`): the game verified when it
was opened, and the bytes last read or written. While the file still holds exactly those bytes a
turn needs no re-checking, so a turn costs a read, the rules and one write.

The seat a table sits in is the session's own (:attr:`TableSession.seat`, P-1): components read
it there, and each turn passes it to the game (:meth:`kit.core.game.Game.turns_from`), which
never keeps a copy of it between turns.
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kit.core.errors import RulesError
from kit.core.game import Game
from kit.widgets.heap import settle_after_cell
from kit.widgets.outbox import send_queued

Listener = Callable[[Any], None]


class TableSession:
    """The game a table plays, where it is saved, and who wants to hear about new turns."""

    def __init__(self, game: Game, path: str | Path | None = None, seat: str | None = None):
        self.game = game
        self.path = Path(path) if path is not None else None
        self.seat: str | None = None
        """Who sits at this table (a player's name or the GM's; None: nobody yet, or a game without seats).

        The table's one place for it: every turn taken here is taken from it (P-1)."""
        self._file: Any = None
        self._keys: dict[str, Any] = {}
        """The seat keys held at this table (a sealed game, K-1): kept in memory only, held again after a reload."""
        self._listeners: list[Listener] = []
        self._first_listeners: list[Listener] = []
        self._gc_was_enabled = False
        if seat is not None:
            self.sit(seat)

    @classmethod
    def open(cls, path: str | Path) -> TableSession:
        """A session on a game file: the game is rebuilt from the file's events (no code runs) and verified.

        The checks of what a turn writes are compiled now, while the table is drawn, so the
        first turn does not wait for them.
        """
        from kit.gamefile import HeldGameFile, schema

        held = HeldGameFile.open(path)
        session = cls(held.game, held.path)
        session._file = held
        schema.prepare()
        return session

    def sit(self, seat: str | None) -> None:
        """Sit at the table as ``seat`` (P-1): the turns taken here are that seat's; refused if not at the table."""
        self.game.seating.check_sit(seat)
        self.seat = seat

    def hold_key(self, seat: str, key: Any) -> str:
        """Hold ``seat``'s key (a ``SeatKey`` or its ``kit-key-…`` text) for this sealed game (K-1).

        The game checks it (a ``RulesError`` for a key the seat did not join with); the table keeps
        it in memory only and holds it again after a reload. It never enters the game file.
        """
        held = self.game.hold_key(seat, key)
        if self.game.proofs is not None:
            self._keys[seat] = self.game.proofs.keys[seat]
        return str(held)

    def keep_keys(self, other: TableSession) -> None:
        """Hold the keys ``other`` holds, when it plays the same game (the table opened the file again)."""
        if other.game.log.genesis == self.game.log.genesis:
            for seat, key in other._keys.items():
                self._hold_again(seat, key)

    def _hold_again(self, seat: str, key: Any) -> None:
        try:
            self.hold_key(seat, key)
        except RulesError:  # the seat joined since with another key: it is entered again
            self._keys.pop(seat, None)

    @property
    def is_gm(self) -> bool:
        """True when the GM sits here, or the game has no seats (everyone may do everything)."""
        return self.game.is_gm(self.seat)

    def actable(self, characters: list[str]) -> list[str]:
        """Which of ``characters`` this seat acts for: a player's own, every one for the GM (P-1)."""
        return self.game.characters_of(self.seat, characters)

    def may_see(self, character: str) -> bool:
        """Whether this seat sees ``character``'s hand: its own characters, every hand for the GM."""
        return self.is_gm or self.game.owner_of(character) == self.seat

    def drop_listeners(self) -> None:
        """Forget every listener (the table builds its components anew for another seat)."""
        self._listeners.clear()
        self._first_listeners.clear()

    def listen(self, listener: Listener) -> None:
        """Call ``listener(result)`` after every turn (``None`` after a reload).

        A listener is a view built on this session, so the kernel's heap is settled once the
        running cell ends (:func:`kit.widgets.heap.settle_after_cell`): the page's first click
        does not wait for a full garbage collection over what the page built.
        """
        self._listeners.append(listener)
        settle_after_cell()

    def first(self, listener: Listener) -> None:
        """Call ``listener(result)`` as soon as the rules decide a turn, before it is written and redrawn.

        A first listener should draw the one view that shows the result, and nothing else: the
        page shows it while the turn is written and the rest is redrawn.
        """
        self._first_listeners.append(listener)

    def _announce(self, result: Any) -> None:
        for listener in list(self._listeners):
            listener(result)

    def _announce_first(self, result: Any) -> None:
        try:
            for listener in list(self._first_listeners):
                listener(result)
            if self._first_listeners:
                send_queued()  # the result's views leave the kernel before the turn is written and the rest redrawn
        finally:
            self._collect_again()

    def act(self, action: str, **args: Any) -> Any:
        """Take a turn: the game's method ``action`` with ``args``; saved to the file if there is one.

        A refused action raises the game's ``RulesError`` and changes neither the game nor the file.
        A file that moved on since it was loaded raises ``GameMovedOnError`` (reload to see the new
        turns); one edited since raises ``BrokenGameError``; in both the game is unchanged.

        Python's cyclic garbage collector waits until the result is shown: a full collection over
        a table's objects takes tens of milliseconds, which belong after the result, not before.
        """
        self._gc_was_enabled = gc.isenabled()
        gc.disable()
        try:
            with self.game.turns_from(self.seat):  # this table's turns are its seat's, whoever else holds the game
                if self.path is None:
                    result = getattr(self.game, action)(**args)
                    self._announce_first(result)
                else:
                    result = self._take(action, args)
        finally:
            self._collect_again()
        self._announce(result)
        return result

    def _collect_again(self) -> None:
        if self._gc_was_enabled:
            gc.enable()

    def _take(self, action: str, args: dict[str, Any]) -> Any:
        """Take the turn on the held file, showing the result to the first listeners before it is written.

        A pending rig travels with the turn only on a practice game; a real game's cards and dice
        come from its seed alone (G-1), so none is passed (its own ``rig()`` refuses to set one).
        """
        from kit.gamefile import HeldGameFile

        if self._file is None or self._file.game is not self.game:
            self._file = HeldGameFile(self.path, self.game, None)  # checked against the file on the first turn
        rig = self.game.pending_rig if getattr(self.game, "practice", False) else None  # a real game: none (G-1)
        self.game.rig()  # the rig travels with this turn only, as on a live game; nothing set clears it on any game
        shown = False

        def performed(result: Any) -> None:
            nonlocal shown
            shown = True
            self._announce_first(result)

        try:
            result = self._file.take(action, args, rig=rig.to_dict() if rig else None, performed=performed)
            self.path = self._file.path  # the turn may have started the campaign's next chapter (C-3)
            return result
        except BaseException:
            if shown:  # shown but not written: every view goes back to the game the file holds
                self._announce(None)
            raise

    def reload(self) -> None:
        """Re-read the game file (after another table moved the game on)."""
        if self.path is not None:
            from kit.gamefile import HeldGameFile

            self._file = HeldGameFile.open(self.path)  # the campaign's newest chapter (C-3)
            self.path = self._file.path
            self.game = self._file.game
            for seat, key in list(self._keys.items()):
                self._hold_again(seat, key)
        self._announce(None)
