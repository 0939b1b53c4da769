"""A game file held open by one table: its verified game and the bytes last read or written.

A table takes many turns on one file. :class:`HeldGameFile` loads and verifies the file once,
then remembers the exact bytes it verified or last wrote. Each turn, under the file's lock, it
reads the file again: while the bytes are still exactly those, the file holds this game's
turns and nothing needs re-checking; any other bytes (another table moved the game on, someone
edited the file) are checked as :func:`kit.gamefile.append_to_game` checks them. A turn then
costs a read, the rules and one write, whatever the length of the game.

While the file's stamp (inode, size, modification time) is unchanged, the rules decide the
turn before the lock is taken, so a table can show the result at once; the bytes are compared
under the lock all the same, and a file that changed without changing its stamp is checked in
full, the turn taken back and taken again (or refused).

When the chapter the file holds is full (C-3), the next turn starts the campaign's next
chapter: a new file beside it, written under this file's lock, which the table holds from then
on; its checkpoint is taken from this chapter replayed, as verification takes it, before the
turn is decided. A chapter whose next chapter exists takes no turn: the table reloads the
newest one. The next chapter is the file at its name whose header says it is (C-1); a file that
only bears the name is never followed nor overwritten, and the turn that would start the
chapter is refused until it is moved away.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from kit.core.game import Game
from kit.gamefile import files
from kit.gamefile.append import OpenChapter, Performed, Written, append
from kit.gamefile.chapters import latest_chapter
from kit.gamefile.check import check
from kit.gamefile.notebook import parse_notebook
from kit.gamefile.seen import has_canonical_ids


class HeldGameFile:
    """One game file and the game it holds, kept by the table that plays it."""

    def __init__(self, path: Path, game: Game, known: Written | None):
        self.game = game
        self._chapter = OpenChapter(Path(path), known)

    @property
    def path(self) -> Path:
        """The chapter file the table plays: the newest, which a turn that starts the next chapter moves on (C-3)."""
        return self._chapter.path

    @classmethod
    def open(cls, path: str | os.PathLike[str], *, timeout: float = files.LOCK_TIMEOUT) -> HeldGameFile:
        """Read and verify the newest chapter of the game file's campaign in full; BrokenGameError names a bad turn.

        A chapter is replayed from its checkpoint, so opening costs what the chapter costs, however
        long the campaign (C-1).
        """
        target = latest_chapter(path)
        with files.locked(target, timeout, reading=True):
            data = files.read_raw_bytes(target)
            stamp = files.file_stamp(target)
        raw = parse_notebook(data)
        checked = check(raw)
        if checked.problem:
            raise checked.problem
        known = Written(data, checked.header, stamp) if has_canonical_ids(raw) else None
        return cls(target, checked.game, known)

    def take(self, action: str, args: Mapping[str, Any], *, rig: Mapping[str, Any] | None = None,
             performed: Performed | None = None, timeout: float = files.LOCK_TIMEOUT) -> Any:
        """Take one turn on the game and write it into the file; returns the result.

        A refused action raises the game's RulesError; a file that moved on raises
        GameMovedOnError, one edited since it was read BrokenGameError: in each the game and
        the file are unchanged. ``performed(result)`` is called as soon as the rules have
        decided the turn, before it is written (if the write then fails, the game goes back to
        the turns the file holds and the error propagates).

        While the file's stamp (inode, size, modification time) is the one it had when this
        table last read or wrote it, the rules decide the turn and ``performed`` sees it before
        the lock is even taken; under the lock the bytes are then compared, and if the file
        changed after all the game goes back, the file is checked in full and the turn is taken
        again (``performed`` is called again, with the same result, or the error propagates).
        The turn goes the one way every turn goes: :func:`kit.gamefile.append.append`.
        """
        return append(self._chapter, self.game, action, args, rig=rig, performed=performed, timeout=timeout).result


__all__ = ["HeldGameFile"]
