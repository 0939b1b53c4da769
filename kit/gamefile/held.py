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
on. A chapter whose next chapter exists takes no turn: the table reloads the newest one. The
next chapter is the file at its name whose header says it is (C-1); a file that only bears the
name is never followed nor overwritten, and the turn that would start the chapter is refused
until it is moved away.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from kit.core.events import canonical_json
from kit.core.game import Game
from kit.gamefile.chapters import (
    chapter_header,
    is_full,
    latest_chapter,
    refuse_taken_next_name,
    started_next_chapter,
    write_new_chapter,
)
from kit.gamefile.check import check
from kit.gamefile.errors import GameFileError
from kit.gamefile.header import CHAPTER_TURNS, WRITABLE_VERSIONS, Header
from kit.gamefile.notebook import parse_notebook
from kit.gamefile.source import check_call
from kit.gamefile.store import (
    LOCK_TIMEOUT,
    Written,
    append_locked,
    file_lock,
    file_stamp,
    has_canonical_ids,
    locked,
    perform,
    read_raw_bytes,
    rebuild,
    same_turns,
    version_1_refusal,
    write_known_turn,
)


class HeldGameFile:
    """One game file and the game it holds, kept by the table that plays it."""

    def __init__(self, path: Path, game: Game, known: Written | None):
        self.path = path
        self.game = game
        self._known = known
        self._lock = file_lock(path)

    @classmethod
    def open(cls, path: str | os.PathLike[str], *, timeout: float = LOCK_TIMEOUT) -> HeldGameFile:
        """Read and verify the newest chapter of the game file's campaign in full; BrokenGameError names a bad turn.

        A chapter is replayed from its checkpoint, so opening costs what the chapter costs, however
        long the campaign (C-1).
        """
        target = latest_chapter(path)
        with locked(target, timeout, reading=True):
            data = read_raw_bytes(target)
            stamp = file_stamp(target)
        raw = parse_notebook(data)
        checked = check(raw)
        if checked.problem:
            raise checked.problem
        known = Written(data, checked.header, stamp) if has_canonical_ids(raw) else None
        return cls(target, checked.game, known)

    def take(self, action: str, args: Mapping[str, Any], *, rig: Mapping[str, Any] | None = None,
             performed: Callable[[Any], None] | None = None, timeout: float = LOCK_TIMEOUT) -> Any:
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
        """
        check_call(action, args)  # a call that does not name an action and its arguments: refused before anything
        if self.game.log.version not in WRITABLE_VERSIONS:
            raise GameFileError(version_1_refusal(self.path))
        self._lock.timeout = timeout
        known = self._known
        chapter_turns = known.header.chapter_turns if known is not None else self._stored_chapter_turns()
        if is_full(self.game, chapter_turns) or started_next_chapter(self.path, self._header()) is not None:
            return self._take_in_next_chapter(action, args, rig, performed, timeout)
        if known is not None and known.stamp is not None and file_stamp(self.path) == known.stamp:
            turns = self.game.turn
            result = perform(self.game, action, args, rig)  # a refusal changes nothing and shows nothing
            try:
                if performed is not None:
                    performed(result)
                with locked(self.path, timeout, self._lock):
                    written = write_known_turn(self.path, self.game, result, known)
            except BaseException:
                rebuild(self.game, turns)
                raise
            if written is not None:
                self._known = written
                return result
            rebuild(self.game, turns)  # the file changed under the same stamp: check it in full below
        with locked(self.path, timeout, self._lock):
            result, self._known = append_locked(self.path, self.game, action, args, rig=rig, known=self._known,
                                                performed=performed)
        return result

    def _stored_chapter_turns(self) -> int:
        """The chapter length the file's header records (C-3); the default when it cannot be read."""
        try:
            return parse_notebook(read_raw_bytes(self.path)).header.chapter_turns
        except GameFileError:
            return CHAPTER_TURNS

    def _header(self) -> Header:
        return self._known.header if self._known is not None else Header.for_game(self.game)

    def _take_in_next_chapter(self, action: str, args: Mapping[str, Any], rig: Mapping[str, Any] | None,
                              performed: Callable[[Any], None] | None, timeout: float) -> Any:
        """Start the next chapter with this turn (C-3): its file written beside this one, under this one's lock.

        A file at the next chapter's name refuses the turn: that chapter, started by another table
        (GameMovedOnError), or a file that only bears its name (GameFileError: move it away).
        """
        with locked(self.path, timeout, self._lock):
            data = read_raw_bytes(self.path)
            header = (self._known.header if self._known is not None and data == self._known.data
                      else same_turns(parse_notebook(data), self.game))
            after = refuse_taken_next_name(self.path, header)
            # Decided from the live game's state, so the table shows the turn at once; the checkpoint
            # is then taken again from the chapter replayed, as verification will, before anything is written.
            following = self.game.next_chapter(replayed=False)
            result = perform(following, action, args, rig)  # a refusal changes nothing and writes nothing
            before = dict(vars(self.game))
            vars(self.game).update(vars(following))  # the table keeps its game: now the new chapter's
            try:
                if performed is not None:
                    performed(result)
                ended = object.__new__(type(self.game))
                vars(ended).update(before)
                exact = ended.next_chapter()
                if exact.chapter != following.chapter:  # the same state held in another order: start from the replay's
                    again = perform(exact, action, args, rig)
                    if canonical_json(again.to_dict()) != canonical_json(result.to_dict()):
                        raise GameFileError("the turn came out otherwise from the replayed chapter; reload and take "
                                            "it again")
                    vars(self.game).update(vars(exact))
                    result = again
                new_header = chapter_header(self.game, header)
                written = write_new_chapter(after, self.game, new_header)
            except BaseException:
                vars(self.game).clear()
                vars(self.game).update(before)
                raise
        self.path, self._lock = after, file_lock(after)
        self._known = Written(written, new_header.updated(self.game), file_stamp(after))
        return result


__all__ = ["HeldGameFile"]
