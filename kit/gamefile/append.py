"""The one road a turn takes into a game file.

Every writer of a turn comes through :func:`append`: a table's file (:class:`kit.gamefile.HeldGameFile`),
:func:`kit.gamefile.append_to_game` (the caller's own game, verified when it was loaded),
:func:`kit.gamefile.append_turn` (the file alone, read and verified in full) and the command
line's sealed turns (:func:`kit.gamefile.keys.append_sealed_turn`: ``kit join``, ``kit seal``).
It

1. decides the chapter file the turn goes to: the one a caller holds open; the file of the
   game's chapter beside the path given; or, given the file alone, the campaign's newest
   chapter — followed once more if a table starts the next chapter meanwhile (C-3);
2. takes that file's lock;
3. checks that the file still holds the game: exactly the bytes last read or written; else
   every hash link recomputed against the caller's game (no replay); else, with no game, the
   whole file verified (a seeded replay of every turn). Turns the caller has not seen raise
   GameMovedOnError, a file edited since BrokenGameError;
4. performs the turn (a RulesError changes nothing);
5. writes it: the new cell spliced into the file's bytes when they are in the kit's layout,
   else the whole file;
6. unless the chapter is full: then the turn starts the next chapter instead
   (:func:`kit.gamefile.chapters.start_next_chapter`, the one way a chapter starts).

While a held file's stamp is the one it had when it was last read or written, step 4 comes
first, so a table shows the turn at once; under the lock the bytes are compared, and if the
file changed after all, the game goes back and the steps run in order. Whatever fails after the
turn was performed — the caller's ``performed``, the write — puts the game back to the turns the
file holds, and the error propagates.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kit.core.game import Game
from kit.gamefile import files, schema
from kit.gamefile.acting import perform, rebuild
from kit.gamefile.chapters import (
    campaign_base,
    chapter_path,
    is_full,
    latest_chapter,
    moved_on_to,
    start_next_chapter,
    started_next_chapter,
)
from kit.gamefile.check import check
from kit.gamefile.errors import GameFileError
from kit.gamefile.header import DRAWING, WRITABLE_VERSIONS, Header
from kit.gamefile.notebook import (
    drawn_notebook,
    header_cell,
    notebook_metadata,
    parse_notebook,
    turn_cell,
    turn_outputs,
    with_turn_added,
)
from kit.gamefile.seen import check_view, has_canonical_ids, same_turns
from kit.gamefile.source import check_call

if TYPE_CHECKING:
    from filelock import FileLock

Performed = Callable[[Any], None]
"""Called with a turn's result as soon as the rules have decided it, before it is written."""


@dataclass(frozen=True)
class Written:
    """A game file's bytes as the kit last read (verified) or wrote them, with the header they hold.

    ``stamp`` is the file's (inode, size, modification time) just after: a file whose stamp is
    unchanged almost surely still holds these bytes (the bytes themselves are compared before
    anything is written).
    """

    data: bytes
    header: Header
    stamp: files.FileStamp | None = None


@dataclass
class OpenChapter:
    """A chapter file a caller keeps open (a table's): where it is, its lock, and the bytes last read or written.

    :func:`append` moves it on: to the bytes it wrote, and to the next chapter's file when a
    turn starts one. The lock is kept, since a lock taken again is cheaper.
    """

    path: Path
    known: Written | None = None
    lock: FileLock | files.TabLock = field(init=False)

    def __post_init__(self) -> None:
        self.lock = files.file_lock(self.path)

    def moved_on(self, appended: Appended) -> None:
        """Hold what ``appended`` wrote: the same file's new bytes, or the chapter the turn started."""
        if appended.path != self.path:
            self.path, self.lock = appended.path, files.file_lock(appended.path)
        self.known = appended.written


@dataclass(frozen=True)
class Appended:
    """A turn written: the chapter file it went into, the game holding it, the turn's result and the bytes written."""

    path: Path
    game: Game
    result: Any
    written: Written


@dataclass(frozen=True)
class _Found:
    """What the file holds under its lock, checked: the game, the header it makes, the bytes, how to write the turn.

    ``canonical``: the bytes are in the kit's layout, so the new cell can be spliced in.
    ``outputs``: the verified drawings of the turns, when the file was verified in full (the
    whole file is then written from them). ``follow``: the next chapter, which another table
    started since the files were followed (the turn goes there).
    """

    game: Game | None = None
    header: Header | None = None
    data: bytes = b""
    canonical: bool = False
    outputs: list[list[dict[str, Any]]] | None = None
    follow: Path | None = None


def append(place: OpenChapter | str | os.PathLike[str], game: Game | None, action: str, args: Mapping[str, Any], *,
           rig: Mapping[str, Any] | None = None, seat: str | None = None, expected_turn: int | None = None,
           expected_head: str | None = None, performed: Performed | None = None,
           timeout: float = files.LOCK_TIMEOUT) -> Appended:
    """Take one turn and write it into its game file (see the module's docstring for the steps).

    ``place`` is a chapter the caller keeps open (moved on when the turn is written), or a path:
    with ``game``, the file of ``game``'s chapter beside it; without, the campaign's newest
    chapter, read and verified in full. ``game``, when given, is the caller's own, verified
    when it was loaded: the turn is taken on it (the same object, which becomes the next chapter
    when the turn starts one). ``seat`` sits the game there first (P-1). ``expected_turn`` and
    ``expected_head`` are what the caller last saw: required without ``game`` (TypeError), and
    ``game``'s own with it (ValueError). ``performed`` sees the result before it is written.
    """
    check_call(action, args)  # a call that does not name an action and its arguments: refused before anything
    if game is not None:
        if seat is not None:
            game.sit(seat)
        if expected_turn is not None and expected_turn != game.turn:
            raise ValueError(f"expected_turn is {expected_turn} but the game has {game.turn} turns")
        if expected_head is not None and expected_head != game.log.head:
            raise ValueError("expected_head is not the hash of the game's last turn")
    chapter = _chapter_for(place, game)
    if game is not None and game.log.version not in WRITABLE_VERSIONS:
        raise GameFileError(version_1_refusal(chapter.path))
    appended = _append_unchanged(chapter, game, action, args, rig, performed, timeout) if game is not None else None
    if appended is None:
        appended = _append_locked(chapter, game, action, args, rig, seat, expected_turn, expected_head, performed,
                                  timeout)
    if isinstance(place, OpenChapter):
        place.moved_on(appended)
    return appended


def _chapter_for(place: OpenChapter | str | os.PathLike[str], game: Game | None) -> OpenChapter:
    """The chapter file a turn goes to: the one held open, the file of ``game``'s chapter, or the newest chapter."""
    if isinstance(place, OpenChapter):
        return place
    if game is None:
        return OpenChapter(latest_chapter(place))
    target = Path(place)
    if (campaign_base(target)[1] or 1) != game.chapter.number:
        target = chapter_path(target, game.chapter.number)
    return OpenChapter(target)


def _append_unchanged(chapter: OpenChapter, game: Game, action: str, args: Mapping[str, Any],
                      rig: Mapping[str, Any] | None, performed: Performed | None, timeout: float) -> Appended | None:
    """The turn decided before the lock is taken, while the file's stamp says it holds the bytes last written.

    Under the lock the bytes are compared: still the same, the turn is written (spliced in);
    otherwise the game goes back and None is returned, nothing written (the file is then
    checked in full). Never for a turn that would start the next chapter.
    """
    known = chapter.known
    chapter.lock.timeout = timeout
    if known is None or known.stamp is None or files.file_stamp(chapter.path) != known.stamp:
        return None
    if is_full(game, known.header.chapter_turns) or started_next_chapter(chapter.path, known.header) is not None:
        return None
    turns = game.turn
    result = perform(game, action, args, rig)  # a refusal changes nothing and shows nothing
    try:
        if performed is not None:
            performed(result)
        with files.locked(chapter.path, timeout, chapter.lock):
            data = files.read_raw_bytes(chapter.path)
            written = (_write_turn(chapter.path, game, result, _Found(game, known.header, data, canonical=True))
                       if data == known.data else None)
    except BaseException:
        rebuild(game, turns)
        raise
    if written is None:
        rebuild(game, turns)  # the file changed under the same stamp: checked in full, and the turn taken again
        return None
    return Appended(chapter.path, game, result, written)


def _append_locked(chapter: OpenChapter, game: Game | None, action: str, args: Mapping[str, Any],
                   rig: Mapping[str, Any] | None, seat: str | None, expected_turn: int | None,
                   expected_head: str | None, performed: Performed | None, timeout: float) -> Appended:
    """Steps 2 to 6 of :func:`append`: under the chapter's lock, check the file, perform the turn, write it."""
    for _ in range(2):  # the chapter decided, then at most once the one a table started since (C-3)
        chapter.lock.timeout = timeout
        with files.locked(chapter.path, timeout, chapter.lock):
            found = _found(chapter, game, expected_turn, expected_head)
            if found.follow is None:
                return _take(chapter.path, found, action, args, rig, seat, performed)
        chapter = OpenChapter(found.follow)
    raise moved_on_to(chapter.path)


def _found(chapter: OpenChapter, game: Game | None, expected_turn: int | None, expected_head: str | None) -> _Found:
    """Read the chapter's file under its lock and check that it holds the game (step 3 of :func:`append`)."""
    target = chapter.path
    data = files.read_raw_bytes(target)
    known = chapter.known
    if game is not None:
        if known is not None and data == known.data:
            return _Found(game, known.header, data, canonical=True)
        raw = parse_notebook(data)
        return _Found(game, same_turns(raw, game), data, canonical=has_canonical_ids(raw))
    checked = check(parse_notebook(data))
    if checked.problem:
        raise checked.problem
    after = started_next_chapter(target, checked.raw.header)
    if after is not None:  # a table started the next chapter since the files were followed: take the turn there
        return _Found(follow=after)
    check_view(checked.raw.events, expected_turn, expected_head, checked.game.log.genesis, checked.game.log.first)
    if checked.game.log.version not in WRITABLE_VERSIONS:
        raise GameFileError(version_1_refusal(target))
    return _Found(checked.game, checked.header, data, outputs=checked.outputs)


def _take(target: Path, found: _Found, action: str, args: Mapping[str, Any], rig: Mapping[str, Any] | None,
          seat: str | None, performed: Performed | None) -> Appended:
    """Perform the turn on the game the file holds and write it (steps 4 to 6 of :func:`append`), under the lock."""
    game, header = found.game, found.header
    assert game is not None and header is not None
    if is_full(game, header.chapter_turns) or started_next_chapter(target, header) is not None:

        def first_turn(following: Game) -> Any:  # the new chapter's first turn, taken on its game
            return perform(following, action, args, rig, seat)

        started = start_next_chapter(target, game, header, first_turn, performed)
        return Appended(started.path, game, started.result,
                        Written(started.data, started.header, files.file_stamp(started.path)))
    turns = game.turn
    result = perform(game, action, args, rig, seat)  # a refusal changes nothing and writes nothing
    try:
        if performed is not None:
            performed(result)
        written = _write_turn(target, game, result, found)
    except BaseException:
        rebuild(game, turns)
        raise
    return Appended(target, game, result, written)


def _write_turn(target: Path, game: Game, result: Any, found: _Found) -> Written:
    """Write ``game``'s last turn into the file that held ``found``: the new cell spliced in, or the whole file."""
    header = found.header
    assert header is not None
    after = replace(header.updated(game), drawing=DRAWING)
    if found.outputs is not None:  # verified in full: the whole file, from the verified drawings and the new one
        data = drawn_notebook(game, header, [*found.outputs, turn_outputs(result, game.turn)])
        files.atomic_write(target, data)
        return Written(data, after, files.file_stamp(target))
    cell = turn_cell(type(game), game.log[-1], turn_outputs(result, game.turn))
    for part, value in (("code_cell", cell), ("markdown_cell", header_cell(after)),
                        ("metadata", notebook_metadata(after))):
        schema.validate(part, value)
    # Drawn by another kit's renderer (G-7), or in another tool's layout: every cell is drawn again, whole.
    spliced = with_turn_added(found.data, header, after, cell) if found.canonical and header.drawn_here else None
    data = bytes(spliced) if spliced is not None else drawn_notebook(game, header)
    files.atomic_write(target, data)
    return Written(data, after, files.file_stamp(target))


def version_1_refusal(target: Path) -> str:
    """Why a version-1 game file takes no new turns, and what to do."""
    return (f"{target.name} is a game file of format version 1, which the kit reads but no longer writes "
            "(its options and players are not bound into its hashes): make a copy in today's format — at a table "
            f"press Upgrade, on the command line run kit upgrade {target.name} NEW.ipynb — then post the "
            "copy's seed commitment and last code and play on in it (G-6)")


__all__ = ["Appended", "OpenChapter", "Performed", "Written", "append", "version_1_refusal"]
