"""A table session: one game, optionally backed by a game file, that every component acts through.

Components never call a game's methods themselves; they call :meth:`TableSession.act`, which
performs the action on the game (and, when the session has a file, appends the turn to the file
under its lock), then tells every listener so each component can redraw from the new state.

The session keeps the game it verified when it opened the file and hands it to
:func:`kit.gamefile.append_turn`, which checks that the file still holds exactly its turns
(hash chain and head, no replay) and writes only the new turn: a turn costs a few
milliseconds instead of a replay of the whole game.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from kit.core.game import Game

Listener = Callable[[Any], None]


class TableSession:
    """The game a table plays, where it is saved, and who wants to hear about new turns."""

    def __init__(self, game: Game, path: str | Path | None = None):
        self.game = game
        self.path = Path(path) if path is not None else None
        self._listeners: list[Listener] = []

    @classmethod
    def open(cls, path: str | Path) -> TableSession:
        """A session on a game file: the game is rebuilt from the file's events (no code runs) and verified.

        The checks of what a turn writes are compiled now, while the table is drawn, so the
        first turn does not wait for them.
        """
        from kit.gamefile import load, schema

        session = cls(load(path), path)
        schema.prepare()
        return session

    def listen(self, listener: Listener) -> None:
        """Call ``listener(result)`` after every turn (``None`` after a reload)."""
        self._listeners.append(listener)

    def _announce(self, result: Any) -> None:
        for listener in list(self._listeners):
            listener(result)

    def act(self, action: str, **args: Any) -> Any:
        """Take a turn: the game's method ``action`` with ``args``; saved to the file if there is one.

        A refused action raises the game's ``RulesError`` and changes neither the game nor the file.
        A file that moved on since it was loaded raises ``GameMovedOnError`` (reload to see the new
        turns); one edited since raises ``BrokenGameError``; in both the game is unchanged.
        """
        if self.path is None:
            result = getattr(self.game, action)(**args)
        else:
            from kit.gamefile import append_turn

            rig = self.game.pending_rig
            self.game.rig()  # the rig travels with this turn only, as on a live game
            self.game, result = append_turn(self.path, action, args, game=self.game,
                                            rig=rig.to_dict() if rig else None)
        self._announce(result)
        return result

    def reload(self) -> None:
        """Re-read the game file (after another table moved the game on)."""
        if self.path is not None:
            from kit.gamefile import load

            self.game = load(self.path)
        self._announce(None)
