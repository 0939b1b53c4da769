"""Read, create, save and upgrade game notebooks, and the fronts of appending a turn: never running file code.

Every write takes a lock file beside the game file (``.GAME.ipynb.lock``), re-reads the file
under the lock, and replaces it atomically (:mod:`kit.gamefile.files`), so two tables appending
at once never lose a turn: the second is told the game moved on.

A turn is appended one of two ways, both the one road every turn takes (:mod:`kit.gamefile.append`).
Given only the file, :func:`append_turn` verifies it in full (a seeded replay of every turn) and
rewrites every cell. Given the caller's own game, verified when it was loaded (a table's session
keeps it), :func:`append_to_game` checks that the file still holds exactly that game's turns —
every hash recomputed from its event, no replay — and splices in the new turn cell and the
moved-on header, keeping every other byte: the file is the one ``save`` would write, at a cost
that hardly grows with the game.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from kit.core.events import canonical_json
from kit.core.game import Game, Rig
from kit.core.seats import check_people
from kit.gamefile import files
from kit.gamefile.acting import restore_game
from kit.gamefile.append import append, version_1_refusal
from kit.gamefile.chapters import check_chapter_turns, latest_chapter
from kit.gamefile.check import Checked, check, summary_of
from kit.gamefile.errors import GameFileError, NotAGameFileError
from kit.gamefile.files import LOCK_TIMEOUT, ReadOnlyError, lock_path, read_raw_bytes
from kit.gamefile.header import (
    BOUND_START_VERSION,
    CHAPTER_TURNS,
    DRAWING,
    FORMAT_VERSION,
    FULL_OUTCOME_VERSION,
    WRITABLE_VERSIONS,
    Header,
)
from kit.gamefile.notebook import drawn_notebook, read_raw
from kit.gamefile.seen import moved_on


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


def load_file(path: str | os.PathLike[str], *, full: bool = True, newest: bool = True) -> GameFile:
    """Read and verify the newest chapter of the campaign ``path`` belongs to; BrokenGameError names a bad turn.

    A long campaign is a chain of chapter files (C-1): the file at ``path`` is followed to the
    chapter after it while the file at that chapter's name says it is that chapter, as a table
    opens the newest one (``GameFile.path`` is the file read). So a caller that loads, takes a
    turn with :func:`append_turn` and reloads on GameMovedOnError catches up across a chapter's
    end. ``newest=False`` reads exactly the file at ``path``. ``full=False`` checks the events
    only (chain and replay), not sources and outputs.
    """
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


def _write(path: Path, game: Game, header: Header, outputs: list[list[dict[str, Any]]] | None = None) -> bytes:
    """Write the whole notebook ``game`` makes (the caller holds the lock); return the bytes written."""
    data = drawn_notebook(game, header, outputs)
    files.atomic_write(path, data)
    return data


def redrawn(checked: Checked) -> bytes:
    """The verified file ``checked`` with every cell drawn by this kit: its events, hashes and codes unchanged (G-7).

    Its outputs and header cell are this kit's drawings of its events, as the next turn a table
    writes, or ``kit upgrade``, draws them.
    """
    return drawn_notebook(checked.game, checked.header, checked.outputs)


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
    header = replace(Header.for_game(game), chapter_turns=check_chapter_turns(chapter_turns))
    with files.locked(target):
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
    with files.locked(target):
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
        restore_game(game, upgraded_game(game, players, gm))
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
    with files.locked(target):
        if target.exists():
            raise GameFileError(f"{target} already exists; choose another name")
        _write(target, game, header)
    return GameFile(target, game, header)


def _redrawn_copy(checked: Checked, target: Path) -> GameFile:
    """A copy of the checked file with every cell drawn by this kit; its events, hashes and codes unchanged (G-7)."""
    header = replace(checked.header, drawing=DRAWING)
    with files.locked(target):
        if target.exists():
            raise GameFileError(f"{target} already exists; choose another name")
        files.atomic_write(target, redrawn(checked))
    return GameFile(target, checked.game, header)


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
    restore_game(game, fresh)


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
            raise moved_on(events, event.index, existing.raw.header.first_turn - 1)
        if position < 0 or ours[position].hash != event.hash:
            raise GameFileError(
                f"the file and this game part at turn {event.index + 1} (a fork): the file has "
                f"{summary_of(event)}, this game "
                f"{summary_of(ours[position]) if position >= 0 else 'starts later'}; save to a new file "
                "and compare the two with kit verify A.ipynb B.ipynb"
            )


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

    A front of :func:`kit.gamefile.append.append`, the one road every turn takes.
    """
    appended = append(path, game, action, args, rig=rig, seat=seat, expected_turn=expected_turn,
                      expected_head=expected_head, timeout=timeout)
    return appended.game, appended.result


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

    A front of :func:`kit.gamefile.append.append`, the one road every turn takes.
    """
    return append(path, game, action, args, expected_turn=expected_turn, expected_head=expected_head, rig=rig,
                  timeout=timeout).result


# read_raw, read_raw_bytes, lock_path and ReadOnlyError live in notebook.py and files.py; they are named here too
# for the command line (kit/cli) and scripts/make_sample_games.py, which import them from this module.
__all__ = [
    "GameFile",
    "ReadOnlyError",
    "append_to_game",
    "append_turn",
    "create",
    "load",
    "load_file",
    "lock_path",
    "parse_players",
    "read_raw",
    "read_raw_bytes",
    "redrawn",
    "save",
    "upgrade",
    "upgraded_game",
]
