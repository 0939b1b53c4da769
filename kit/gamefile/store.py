"""Read, create, save and append to game notebooks: locked, atomic, and never running file code.

Every write takes a lock file beside the game file (``.GAME.ipynb.lock``), re-reads the file
under the lock, and replaces it atomically (a temporary file in the same folder, then
``os.replace``), so two tables appending at once never lose a turn: the second is told the
game moved on.

A turn is appended one of two ways. Given only the file, :func:`append_turn` verifies it in
full (a seeded replay of every turn) and rewrites every cell. Given the caller's own game,
verified when it was loaded (a table's session keeps it), :func:`append_to_game` checks that
the file still holds exactly that game's turns — every hash recomputed from its event, no
replay — and splices in the new turn cell and the moved-on header, keeping every other byte:
the file is the one ``save`` would write, at a cost that hardly grows with the game.
"""

from __future__ import annotations

import contextlib
import errno
import glob
import os
import tempfile
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kit.core.events import Event, canonical_json
from kit.core.game import Game, Rig
from kit.core.runtime import IN_BROWSER
from kit.core.seats import check_people
from kit.gamefile import schema
from kit.gamefile.check import Checked, check, check_header, check_links, start_problem, summary_of
from kit.gamefile.errors import GameFileError, GameMovedOnError, NotAGameFileError
from kit.gamefile.header import (
    BOUND_START_VERSION,
    CHAPTER_TURNS,
    DRAWING,
    FORMAT_VERSION,
    FULL_OUTCOME_VERSION,
    WRITABLE_VERSIONS,
    Header,
)
from kit.gamefile.notebook import (
    MAX_FILE_BYTES,
    SETUP_ID,
    RawGameFile,
    build_notebook,
    header_cell,
    notebook_metadata,
    notebook_text,
    parse_notebook,
    paused_gc,
    turn_cell,
    turn_cell_id,
    turn_outputs,
    with_turn_added,
)
from kit.gamefile.source import check_args, check_call

if TYPE_CHECKING:  # a browser tab takes no file locks, and imports no lock library
    from filelock import FileLock

LOCK_TIMEOUT = 30.0
NEW_FILE_MODE = 0o644


@dataclass
class GameFile:
    """A verified game notebook: the game rebuilt from its events and the file's header."""

    path: Path
    game: Game
    header: Header

    @property
    def players(self) -> dict[str, list[str]]:
        """Players and the characters they named at the start."""
        return self.header.players


def read_raw_bytes(path: str | os.PathLike[str]) -> bytes:
    """A game file's bytes; a missing or unreadable file raises NotAGameFileError.

    At most one byte more than a game file may hold is read (G-6): a bigger file is refused
    when parsed, and a device that never ends (``/dev/zero``) is not read for ever.
    """
    try:
        with open(path, "rb") as stream:
            size = os.fstat(stream.fileno()).st_size  # a buffer of the file's size: 0 for a device or a pipe
            data = stream.read(min(size, MAX_FILE_BYTES) + 1)
            while len(data) <= MAX_FILE_BYTES and (more := stream.read(MAX_FILE_BYTES + 1 - len(data))):
                data += more  # it grew since, or it has no size
            return data
    except FileNotFoundError:
        raise NotAGameFileError("there is no such file") from None
    except OSError as error:
        raise NotAGameFileError(f"it cannot be read: {error.strerror}") from None


def read_raw(path: str | os.PathLike[str]) -> RawGameFile:
    """Read a game notebook as data (no code runs); not a game notebook raises NotAGameFileError."""
    return parse_notebook(read_raw_bytes(path))


def load_file(path: str | os.PathLike[str], *, full: bool = True, newest: bool = True) -> GameFile:
    """Read and verify the newest chapter of the campaign ``path`` belongs to; BrokenGameError names a bad turn.

    A long campaign is a chain of chapter files (C-1): the file at ``path`` is followed to the
    chapter after it while the file at that chapter's name says it is that chapter, as a table
    opens the newest one (``GameFile.path`` is the file read). So a caller that loads, takes a
    turn with :func:`append_turn` and reloads on GameMovedOnError catches up across a chapter's
    end. ``newest=False`` reads exactly the file at ``path``. ``full=False`` checks the events
    only (chain and replay), not sources and outputs.
    """
    from kit.gamefile.chapters import latest_chapter

    target = latest_chapter(path) if newest else Path(path)
    checked = check(read_raw(target), full=full)
    if checked.problem:
        raise checked.problem
    return GameFile(target, checked.game, checked.header)


def load(path: str | os.PathLike[str], *, full: bool = True, newest: bool = True) -> Game:
    """The game rebuilt from the events in a game notebook's metadata, without executing its code.

    The campaign's newest chapter, as :func:`load_file` reads it (``newest=False``: exactly the
    file at ``path``).
    """
    return load_file(path, full=full, newest=newest).game


def lock_path(path: str | os.PathLike[str]) -> Path:
    """The lock file of a game file: ``.GAME.ipynb.lock`` in the same folder."""
    target = Path(path)
    return target.with_name(f".{target.name}.lock")


class TabLock:
    """The lock of a game file in a browser tab: the tab is the folder's only writer, so there is nothing to hold."""

    def acquire(self) -> None:
        """Take the lock (at once)."""

    def release(self) -> None:
        """Let the lock go."""


def file_lock(path: str | os.PathLike[str], timeout: float = LOCK_TIMEOUT) -> FileLock | TabLock:
    """The lock of a game file (not yet held); one kept by a caller is cheaper to take again.

    In a browser tab (:data:`kit.core.runtime.IN_BROWSER`) it is a :class:`TabLock`.
    """
    if IN_BROWSER:
        return TabLock()
    from filelock import FileLock

    return FileLock(str(lock_path(path)), timeout=timeout)


READ_ONLY_ERRNOS = frozenset({errno.EACCES, errno.EPERM, errno.EROFS})


class ReadOnlyError(GameFileError):
    """The game file or its folder cannot be written (a read-only folder): it can still be read."""


def read_only(target: Path) -> ReadOnlyError:
    """The refusal of a write to ``target`` in a folder the kit may not write to."""
    return ReadOnlyError(f"{target.name}: the games folder {target.parent} is read-only, so nothing can be written "
                         "there; the file is as it was — copy it to a folder you can write to, then play on")


@contextmanager
def locked(path: str | os.PathLike[str], timeout: float = LOCK_TIMEOUT, lock: FileLock | TabLock | None = None, *,
           reading: bool = False) -> Iterator[None]:
    """Hold the game file's lock (``.GAME.ipynb.lock`` beside it); ``lock`` is that lock if the caller keeps it.

    Holding the lock, no other writer of this file is half-way through a write, so temporary
    files that a killed write left behind (``.GAME.ipynb.*.tmp``) are removed. In a read-only
    folder no lock can be made: ``reading=True`` goes on without one (nobody can write there
    either), a write raises :class:`ReadOnlyError`.
    """
    target = Path(path)
    if IN_BROWSER:  # the tab is its folder's only writer: no lock to hold (TabLock)
        remove_stale_temporaries(target)
        yield
        return
    from filelock import Timeout

    held = lock if lock is not None else file_lock(target, timeout)
    try:
        held.acquire()
    except Timeout:
        raise GameFileError(f"{target}: another table has held its lock for {timeout:g} s; try again") from None
    except OSError as error:
        if error.errno not in READ_ONLY_ERRNOS:
            raise
        if not reading:
            raise read_only(target) from None
        yield
        return
    try:
        remove_stale_temporaries(target)
        yield
    finally:
        held.release()


def remove_stale_temporaries(target: Path) -> None:
    """Remove the temporary files of killed writes of ``target`` (call while holding its lock)."""
    try:
        leftovers = list(target.parent.glob(f".{glob.escape(target.name)}.*.tmp"))
    except OSError:
        return
    for leftover in leftovers:
        with contextlib.suppress(OSError):
            leftover.unlink()


def atomic_write(path: str | os.PathLike[str], text: str | bytes) -> None:
    """Write ``text`` (UTF-8 when it is a string) to a temporary file in the same folder, then move it over ``path``."""
    target = Path(path)
    mode = target.stat().st_mode & 0o777 if target.exists() else NEW_FILE_MODE
    try:
        handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as error:
        if error.errno in READ_ONLY_ERRNOS:
            raise read_only(target) from None
        raise
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(text.encode() if isinstance(text, str) else text)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _write(path: Path, game: Game, header: Header, outputs: list[list[dict[str, Any]]] | None = None) -> bytes:
    """Write the whole notebook ``game`` makes; return the bytes written."""
    data = _drawn(game, header, outputs)
    atomic_write(path, data)
    return data


def _drawn(game: Game, header: Header, outputs: list[list[dict[str, Any]]] | None = None) -> bytes:
    """The whole notebook ``game`` makes, every cell drawn by this kit (``outputs``: the turns' drawings, if known)."""
    with paused_gc():
        return notebook_text(build_notebook(game, replace(header.updated(game), drawing=DRAWING), outputs)).encode()


def redrawn(checked: Checked) -> bytes:
    """The verified file ``checked`` with every cell drawn by this kit: its events, hashes and codes unchanged (G-7).

    Its outputs and header cell are this kit's drawings of its events, as the next turn a table
    writes, or ``kit upgrade``, draws them.
    """
    return _drawn(checked.game, checked.header, checked.outputs)


def parse_players(players: Mapping[str, Any] | list[str] | None) -> dict[str, list[str]]:
    """Players as ``{name: [characters]}`` from a mapping or a list of ``"Name"`` / ``"Name=Char, Char"``."""
    if players is None:
        return {}
    if isinstance(players, Mapping):
        return {str(name): [str(c) for c in chars] for name, chars in players.items()}
    out: dict[str, list[str]] = {}
    names = [str(entry).partition("=")[0].strip() for entry in players]
    check_people(names, "")  # a player named twice is refused, never merged (P-1)
    for entry in players:
        name, _, chars = str(entry).partition("=")
        out[name.strip()] = [c.strip() for c in chars.split(",") if c.strip()]
    return out


def create(system: str, path: str | os.PathLike[str], *, players: Mapping[str, Any] | list[str] | None = None,
           seed: str | None = None, options: Mapping[str, Any] | None = None, practice: bool = False,
           gm: str = "", mode: str = "open", gm_sealer: str | None = None,
           chapter_turns: int = CHAPTER_TURNS) -> GameFile:
    """Start a new game notebook (no turns yet); refuse to overwrite an existing file.

    ``chapter_turns`` is how many turns a chapter of the campaign holds before the next one
    starts (C-3).

    A real game (the default) never accepts rigged cards or dice; ``practice=True`` makes a
    practice game, which does and says so on every rigged turn (G-1). ``mode="sealed"`` makes
    a sealed game (K-1), of format version 5, where the next seat seals each draw (K-3); ``gm_sealer``
    naming a player makes one of version 3, where the GM seals the players' draws and that player the GM's.
    """
    from kit import systems

    target = Path(path)
    reserved = sorted({"practice", "players", "gm", "seed", "mode", "gm_sealer"} & set(options or {}))
    if reserved:
        raise GameFileError(f"{reserved[0]!r} is not a table option: give it as its own argument")
    sealed = {"mode": "sealed", "gm_sealer": gm_sealer} if mode == "sealed" else {"mode": mode}
    game = systems.new_game(system, seed, practice=practice, players=parse_players(players), gm=gm, **sealed,
                            **dict(options or {}))
    from kit.gamefile.chapters import check_chapter_turns

    header = replace(Header.for_game(game), chapter_turns=check_chapter_turns(chapter_turns))
    with locked(target):
        if target.exists():
            raise GameFileError(f"{target} already exists; choose another name")
        _write(target, game, header)
    return GameFile(target, game, header)


def save(game: Game, path: str | os.PathLike[str], *,
         players: Mapping[str, Any] | list[str] | None = None, force: bool = False) -> GameFile:
    """Write ``game`` (its whole log) to ``path``, re-writing every cell from the log.

    If the file already holds this game, its turns must be a prefix of the game's log, or the
    save is refused (GameMovedOnError: another table added turns you have not seen); its
    players are kept unless ``players`` is given. ``force=True`` overwrites whatever is there
    (keeping the players when it is the same game): re-saving a game from its own events
    re-renders every output.
    """
    target = Path(path)
    with locked(target):
        existing: Checked | None = None
        if target.exists():
            try:
                existing = check(read_raw(target), full=False)
            except NotAGameFileError:
                if not force:
                    raise
            if existing is not None and not force:
                _keep_file_version(existing, game)
                _refuse_unseen_turns(existing, game)
            if existing is not None and (existing.raw.header.system, existing.raw.header.seed) != (
                    game.system, game.seed):
                existing = None  # forced over another game: take nothing from it
        if existing is not None and existing.raw.header.version < BOUND_START_VERSION and not force:
            raise GameFileError(version_1_refusal(target))
        if players is not None:
            chosen, gm = parse_players(players), game.gm
        elif existing is not None:
            chosen, gm = existing.game.players, existing.game.gm
        else:
            chosen, gm = game.players, game.gm
        if (chosen, gm) != (game.players, game.gm) or game.log.version not in WRITABLE_VERSIONS:
            if existing is not None and existing.raw.header.version >= BOUND_START_VERSION and not force and (
                    (chosen, gm) != (existing.game.players, existing.game.gm)):
                raise GameFileError(
                    "the players of a game are part of its start and bound into every turn's hash (G-5); "
                    "this file names other players: save to a new file, or pass force=True")
            _restart_chain(game, chosen, gm)
        if existing is not None and not force:
            _refuse_unseen_turns(existing, game)
        created = existing.header.created_with if existing is not None else None
        header = Header.for_game(game, created)
        if existing is not None:  # the group's choice of chapter length stays (C-3)
            header = replace(header, chapter_turns=existing.raw.header.chapter_turns)
        _write(target, game, header)
    return GameFile(target, game, header)


def _restart_chain(game: Game, players: dict[str, list[str]], gm: str) -> None:
    """Give ``game`` this roster (and the current format's chain): every turn is chained again from the new start."""
    if game.log.version not in WRITABLE_VERSIONS:
        upgraded = upgraded_game(game, players, gm)
        vars(game).update(vars(upgraded))
    else:
        game.set_roster(players, gm)


def upgraded_game(game: Game, players: dict[str, list[str]] | None = None, gm: str | None = None) -> Game:
    """``game`` re-derived in the current format: the same start and turns, chained from a bound start.

    Every turn is taken again from its recorded action, arguments and rig; each must come out
    exactly as recorded (it does: the draws come from the seed and the turn's position alone).
    """
    fresh = type(game)(game.seed, practice=game.practice, players=game.players if players is None else players,
                       gm=game.gm if gm is None else gm, **game.options)
    _take_again(fresh, game, "the game cannot be upgraded")
    return fresh


def _take_again(fresh: Game, game: Game, refusal: str) -> None:
    """Take ``game``'s turns again on ``fresh`` from their actions, arguments and rigs; each must come out the same."""
    for event in game.log:
        result = fresh._perform(event.action, dict(event.args), rig=Rig.from_dict(event.rig))
        if canonical_json(result.to_dict()) != canonical_json(event.outcome):
            raise GameFileError(f"turn {event.index + 1} does not come out the same when taken again; {refusal}")


def upgrade(old: str | os.PathLike[str], new: str | os.PathLike[str]) -> GameFile:
    """Write a copy ``new`` of the version-1 game file ``old`` in today's version (4), re-derived from its events.

    A file of version 2 or later drawn by another kit's renderer (G-7) gets a copy with the same events, so
    the same hashes and codes, whose outputs and header cell this kit draws again.

    ``old`` must verify in full; every turn is taken again and must come out as recorded. The
    copy is a practice game when ``old`` holds rigged turns (G-1). Every hash is new, so the
    codes posted for ``old`` do not match ``new``: post ``new``'s seed commitment and head code.
    """
    source, target = Path(old), Path(new)
    checked = check(read_raw(source))
    if checked.problem:
        raise checked.problem
    if checked.raw.header.version >= BOUND_START_VERSION:
        if checked.raw.header.drawn_here:
            raise GameFileError(f"{source.name} is already a game file of format version "
                                f"{checked.raw.header.version}, "
                                "drawn by this kit")
        return _redrawn_copy(checked, target)
    game = upgraded_game(checked.game)
    header = Header.for_game(game, checked.raw.header.created_with)
    with locked(target):
        if target.exists():
            raise GameFileError(f"{target} already exists; choose another name")
        _write(target, game, header)
    return GameFile(target, game, header)


def _redrawn_copy(checked: Checked, target: Path) -> GameFile:
    """A copy of the checked file with every cell drawn by this kit; its events, hashes and codes unchanged (G-7)."""
    header = replace(checked.header, drawing=DRAWING)
    with locked(target):
        if target.exists():
            raise GameFileError(f"{target} already exists; choose another name")
        atomic_write(target, redrawn(checked))
    return GameFile(target, checked.game, header)


def version_1_refusal(target: Path) -> str:
    """Why a version-1 game file takes no new turns, and what to do."""
    return (f"{target.name} is a game file of format version 1, which the kit reads but no longer writes "
            "(its options and players are not bound into its hashes): make a copy in today's format — at a table "
            f"press Upgrade, on the command line run kit upgrade {target.name} NEW.ipynb — then post the "
            "copy's seed commitment and last code and play on in it (G-6)")


def _keep_file_version(existing: Checked, game: Game) -> None:
    """Chain ``game`` as the open game's file ``existing`` is chained, when it is of version 2 and ``game`` of 4 (G-8).

    Running an older file's setup cell starts a game in today's chain; its turns, taken again in
    the file's version, come out with the hashes the file holds, and the file goes on in its version.
    """
    stored = existing.raw.header
    if existing.problem or stored.version != FULL_OUTCOME_VERSION or game.log.version != FORMAT_VERSION:
        return
    if (stored.system, stored.seed, stored.chapter) != (game.system, game.seed, game.chapter.number):
        return
    fresh = game.fresh()
    fresh.use_chain(FULL_OUTCOME_VERSION)
    _take_again(fresh, game, f"it cannot be saved into {existing.raw.header.game_id}'s version-2 file")
    vars(game).update(vars(fresh))


def _refuse_unseen_turns(existing: Checked, game: Game) -> None:
    stored = existing.raw.header
    if stored.system != game.system or stored.seed != game.seed:
        raise GameFileError(
            "the file holds another game (other system or seed); save to a new file or pass force=True"
        )
    if existing.problem:
        raise existing.problem
    events = existing.raw.events
    ours, first = list(game.log), game.log.first
    for event in events:
        position = event.index - first
        if position >= len(ours):
            raise _moved_on(events, event.index, existing.raw.header.first_turn - 1)
        if position < 0 or ours[position].hash != event.hash:
            raise GameFileError(
                f"the file and this game part at turn {event.index + 1} (a fork): the file has "
                f"{summary_of(event)}, this game "
                f"{summary_of(ours[position]) if position >= 0 else 'starts later'}; save to a new file "
                "and compare the two with kit verify A.ipynb B.ipynb"
            )


def _moved_on(events: list[Event], seen: int, first: int = 0) -> GameMovedOnError:
    first_unseen = events[seen - first]
    last = first + len(events)
    what = summary_of(first_unseen)
    if last == seen + 1:
        message = f"the game moved on: turn {seen + 1} ({what}) was added since you loaded it; reload to see it"
    else:
        message = (f"the game moved on: turns {seen + 1}–{last} ({what}, …) were added since you loaded it; "
                   "reload to see them")
    return GameMovedOnError(message, last, events[-1].hash)


def _check_view(events: list[Event], expected_turn: int | None, expected_head: str | None,
                genesis: str, first: int = 0) -> None:
    """Refuse when the file (a chapter whose first event is ``first``) holds turns the caller has not seen."""
    if expected_turn is None and expected_head is None:
        raise TypeError("append_turn needs expected_turn or expected_head: the turn the caller last saw")
    total = first + len(events)
    head = events[-1].hash if events else genesis
    if expected_head is not None:
        hashes = [event.hash for event in events]
        if expected_head == genesis:
            seen = first
        elif expected_head in hashes:
            seen = first + hashes.index(expected_head) + 1
        else:
            raise GameMovedOnError(
                "the game moved on: the turn you last saw is no longer in the file "
                "(it was replaced or forked); reload to see it", total, head,
            )
        if expected_turn is not None and expected_turn != seen:
            raise GameMovedOnError(
                f"the turn you last saw is turn {seen} of the file, not turn {expected_turn}; reload", total, head,
            )
    else:
        assert expected_turn is not None
        seen = expected_turn
    if first <= seen < total:
        raise _moved_on(events, seen, first)
    if seen > total or seen < first:
        raise GameMovedOnError(
            f"the file holds turns {first + 1}–{total}, not the {seen} you saw (it was replaced); reload"
            if first else f"the file holds {total} turns, fewer than the {seen} you saw (it was replaced); reload",
            total, head,
        )


def perform(game: Game, action: str, args: Mapping[str, Any], rig: Mapping[str, Any] | None = None,
            seat: str | None = None) -> Any:
    """Take one action on ``game`` by name, as a turn cell would (RulesError when refused).

    ``seat`` sits the game there first (P-1); without it the game's current seat takes the turn.
    """
    check_args(type(game), action, args)
    if seat is not None:
        game.sit(seat)
    if rig:
        cards = rig.get("cards") or {}
        if len(cards) > 1:
            from kit.core.errors import MalformedInputError

            raise MalformedInputError(f"rig on {len(cards)} decks", "Game.rig() names one deck a call",
                                      allowed="rig one deck an action")
        deck, codes = next(iter(cards.items())) if cards else (None, None)
        game.rig(codes, deck=deck, dice=rig.get("dice") or None)
    try:
        return getattr(game, action)(**args)
    finally:
        game.rig()


def append_turn(path: str | os.PathLike[str], action: str, args: Mapping[str, Any], *,
                expected_turn: int | None = None, expected_head: str | None = None,
                rig: Mapping[str, Any] | None = None, game: Game | None = None,
                timeout: float = LOCK_TIMEOUT, seat: str | None = None) -> tuple[Game, Any]:
    """Take one turn and write it into the game file; returns the game and the result.

    Without ``game``, under the file's lock: re-read and fully verify the file (a seeded replay
    of every turn), refuse with GameMovedOnError when it holds turns beyond ``expected_turn``
    (the number of turns the caller saw) or ``expected_head`` (the hash of the last turn the
    caller saw), perform the action on the replayed game (a RulesError propagates and the file
    is unchanged) and rewrite the whole file atomically.

    A campaign's chapters (C-1, C-3): the turn goes to the newest chapter of the campaign ``path``
    belongs to (the one :func:`load` returns), which a turn on a full chapter starts beside it. A
    chapter is followed only when the file at its name says it is that chapter; one that only bears
    the name refuses the turn that would start it (GameFileError: move it away), and nothing is
    written. ``action`` must be an action's name and ``args`` a mapping of its arguments by name
    (``{}`` for none), or MalformedInputError is raised before the file is read.

    With ``game`` — the caller's own game, verified when it was loaded (see
    :func:`append_to_game`) — the file is only checked to still hold exactly that game's turns
    with an intact hash chain, the action is performed on ``game`` itself and only the new turn
    and the header are written: the cost no longer grows with a replay of the whole game.
    """
    check_call(action, args)  # a call that does not name an action and its arguments: refused before anything
    if game is not None:
        if seat is not None:
            game.sit(seat)
        return game, append_to_game(path, game, action, args, expected_turn=expected_turn,
                                    expected_head=expected_head, rig=rig, timeout=timeout)
    from kit.gamefile.chapters import latest_chapter, moved_on_to, started_next_chapter

    target = latest_chapter(path)
    for _ in range(2):  # the newest chapter, then at most once the one a table started since (C-3)
        with locked(target, timeout):
            checked = check(read_raw(target))
            if checked.problem:
                raise checked.problem
            after = started_next_chapter(target, checked.raw.header)
            if after is None:
                return _append_to_chapter(target, checked, action, args, expected_turn=expected_turn,
                                          expected_head=expected_head, rig=rig, seat=seat)
        target = after  # a table started the next chapter since the files were followed: take the turn there
    raise moved_on_to(target)


def _append_to_chapter(target: Path, checked: Checked, action: str, args: Mapping[str, Any], *,
                       expected_turn: int | None, expected_head: str | None, rig: Mapping[str, Any] | None,
                       seat: str | None) -> tuple[Game, Any]:
    """The body of :func:`append_turn` under the lock of ``target``, the campaign's newest chapter, checked in full.

    When the chapter is full the turn starts the next one (C-3), never over a file that only
    bears its name (refused, nothing written).
    """
    from kit.gamefile.chapters import chapter_header, is_full, refuse_taken_next_name, write_new_chapter

    _check_view(checked.raw.events, expected_turn, expected_head, checked.game.log.genesis, checked.game.log.first)
    game = checked.game
    if game.log.version not in WRITABLE_VERSIONS:
        raise GameFileError(version_1_refusal(target))
    if is_full(game, checked.raw.header.chapter_turns):  # the turn starts the next chapter (C-3)
        after = refuse_taken_next_name(target, checked.raw.header)
        game = game.next_chapter()
        result = perform(game, action, args, rig, seat)
        write_new_chapter(after, game, chapter_header(game, checked.raw.header))
    else:
        result = perform(game, action, args, rig, seat)
        _write(target, game, checked.header, [*checked.outputs, turn_outputs(result, game.turn)])
    return game, result


def append_to_game(path: str | os.PathLike[str], game: Game, action: str, args: Mapping[str, Any], *,
                   expected_turn: int | None = None, expected_head: str | None = None,
                   rig: Mapping[str, Any] | None = None, timeout: float = LOCK_TIMEOUT) -> Any:
    """Take one turn on ``game`` and add it to the game file that holds ``game``'s turns; returns the result.

    ``game`` must be what loading the file gave (it was verified then, replay included). Under
    the file's lock the file is read as data and must hold the same game (system, seed,
    options) with every hash link intact — each event's hash recomputed from its content, no
    replay — and end exactly at ``game``'s last turn; the header and setup cells must be the
    ones ``game`` makes. A file that moved on (or now holds another game) raises
    GameMovedOnError; one edited since it was loaded raises BrokenGameError naming the turn.
    The sources and saved outputs of earlier turns are not re-checked here (``kit verify`` and
    loading do that); they are carried over as they stand.
    Then the action is performed on ``game`` (a RulesError leaves game and file unchanged), the
    new turn cell is built by the builders :func:`save` uses and checked against the nbformat
    schema, and the file is rewritten atomically with every earlier cell kept byte for byte:
    the result is the file ``save`` writes for the same game. If the write fails, ``game`` is
    rebuilt to the turns the file still holds and the error propagates.

    ``expected_turn`` and ``expected_head``, if given, must be ``game``'s own (ValueError).

    A campaign's chapters (C-3): ``path`` may name any chapter's file; the turn goes to the file of
    ``game``'s chapter, and when that chapter is full it starts the next chapter's file, ``game``
    becoming that chapter (the same object).
    """
    from kit.gamefile.chapters import campaign_base, chapter_path
    from kit.gamefile.held import HeldGameFile

    check_call(action, args)
    if expected_turn is not None and expected_turn != game.turn:
        raise ValueError(f"expected_turn is {expected_turn} but the game has {game.turn} turns")
    if expected_head is not None and expected_head != game.log.head:
        raise ValueError("expected_head is not the hash of the game's last turn")
    target = Path(path)
    if (campaign_base(target)[1] or 1) != game.chapter.number:
        target = chapter_path(target, game.chapter.number)
    return HeldGameFile(target, game, None).take(action, args, rig=rig, timeout=timeout)


@dataclass(frozen=True)
class Written:
    """A game file's bytes as the kit last read (verified) or wrote them, with the header they hold.

    ``stamp`` is the file's (inode, size, modification time) just after: a file whose stamp is
    unchanged almost surely still holds these bytes (the bytes themselves are compared before
    anything is written).
    """

    data: bytes
    header: Header
    stamp: tuple[int, int, int] | None = None


def file_stamp(path: Path) -> tuple[int, int, int] | None:
    """The file's (inode, size, modification time in ns), or None if it cannot be read."""
    try:
        status = path.stat()
    except OSError:
        return None
    return status.st_ino, status.st_size, status.st_mtime_ns


def append_locked(target: Path, game: Game, action: str, args: Mapping[str, Any], *,
                  rig: Mapping[str, Any] | None = None, known: Written | None = None,
                  performed: Callable[[Any], None] | None = None) -> tuple[Any, Written]:
    """The body of :func:`append_to_game` for a caller holding the lock; returns the result and the bytes written.

    ``known`` is what the caller last read (and verified) or wrote: while the file still holds
    exactly those bytes, it holds ``game``'s turns and nothing needs re-checking. ``performed``
    is called with the result once the rules have decided it, before the turn is written (a
    table shows it at once); if it raises, or the write fails, ``game`` goes back to the turns
    the file holds and the error propagates.
    """
    if game.log.version not in WRITABLE_VERSIONS:
        raise GameFileError(version_1_refusal(target))
    data = read_raw_bytes(target)
    if known is not None and data == known.data:
        header, canonical = known.header, True
    else:
        raw = parse_notebook(data)
        header = same_turns(raw, game)
        canonical = has_canonical_ids(raw)
    turns = game.turn
    result = perform(game, action, args, rig)
    try:
        if performed is not None:
            performed(result)
        written = write_turn(target, game, result, data, header, canonical)
    except BaseException:
        rebuild(game, turns)
        raise
    return result, written


def write_known_turn(target: Path, game: Game, result: Any, known: Written) -> Written | None:
    """Write the turn ``game`` just took if the file still holds exactly ``known``'s bytes; else None, nothing written.

    For a caller holding the lock that took the turn on its game before taking the lock.
    """
    data = read_raw_bytes(target)
    if data != known.data:
        return None
    return write_turn(target, game, result, data, known.header, True)


def write_turn(target: Path, game: Game, result: Any, data: bytes, header: Header, canonical: bool) -> Written:
    """Write ``game``'s last turn into the file whose bytes are ``data``: the new cell spliced in, or the whole file."""
    after = replace(header.updated(game), drawing=DRAWING)
    if not header.drawn_here:  # drawn by another kit's renderer: every cell is drawn again (G-7)
        canonical = False
    cell = turn_cell(type(game), game.log[-1], turn_outputs(result, game.turn))
    for part, value in (("code_cell", cell), ("markdown_cell", header_cell(after)),
                        ("metadata", notebook_metadata(after))):
        schema.validate(part, value)
    new_data = with_turn_added(data, header, after, cell) if canonical else None
    if new_data is None:
        new_data = _write(target, game, header)  # another tool's layout: rebuilt whole, in the kit's layout
    else:
        atomic_write(target, new_data)
    return Written(bytes(new_data), after, file_stamp(target))


def same_turns(raw: RawGameFile, game: Game) -> Header:
    """Check that the file holds exactly ``game``'s turns; return the header ``game`` makes (choices kept)."""
    stored = raw.header
    if (stored.version, stored.system, stored.seed, stored.options, stored.practice, stored.players, stored.gm,
            stored.start_keywords()) != (game.log.version, game.system, game.seed, game.options, game.practice,
                                         game.players, game.gm, Header.for_game(game).start_keywords()):
        raise GameMovedOnError("the file now holds another game (other system, seed, options or players); "
                               "reload to play it",
                               len(raw.events), raw.events[-1].hash if raw.events else stored.genesis)
    problem = start_problem(raw, game) or check_links(raw, game.log.genesis, game.log.version)
    if problem:
        raise problem
    _check_view(raw.events, game.turn, game.log.head, game.log.genesis, game.log.first)
    header = replace(Header.for_game(game, stored.created_with), drawing=stored.drawing,
                     chapter_turns=stored.chapter_turns)
    problem = check_header(raw, header)
    if problem:
        raise problem
    return header


def has_canonical_ids(raw: RawGameFile) -> bool:
    """True when the setup and turn cells have the ids the kit gives them (so the new turn's id is unique)."""
    return (raw.setup_cell is not None and raw.setup_cell.get("id") == SETUP_ID
            and all(cell.cell_id == turn_cell_id(cell.position) for cell in raw.turns))


def rebuild(game: Game, turns: int) -> None:
    """Make ``game`` again what its first ``turns`` events make (after a turn that was not written)."""
    seat = game.seat
    with paused_gc():
        fresh = game.replayed(turns)
    vars(game).update(vars(fresh))
    game.seat = seat  # the table's seat stays where it was
