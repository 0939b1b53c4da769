"""The game shelf: the folder of game files a table plays from, new games and uploads.

An upload understands copies of a game already on the shelf (:meth:`Shelf.receive`): a file that
extends the shelf's copy updates it in place; an identical one is recognised and nothing is
written; an older copy changes nothing; a fork is saved beside the shelf's copy, named for where
it parts (``NAME-fork-after-turn-12.ipynb``), and both branches are named in the answer —
nothing is overwritten; a different game never takes a silent ``-2`` name. The table opens the
game played last (:meth:`Shelf.last_played`), by the files' modification times.

A long campaign is a chain of chapter files (C-1): an upload is compared only with the shelf's
files of its own chapter. The file of the chapter after the newest one on the shelf is checked to
start exactly where that chapter ended, then saved beside it under its chapter's name
(``NAME.ch3.ipynb``); a chapter that skips one, or does not follow the shelf's, is refused.
Chapters are linked by what the files say, never by their names alone: a chapter is closed (and
not listed) only when the file at the next chapter's name says it is that chapter, and an upload
is never saved under a name that claims a place in another game's campaign, nor under a
chapter's name it does not hold (``victim.ch2.ipynb`` of another game is saved as
``victim.ch2-1a2b3c.ipynb``), so it never hides, replaces or shadows another game.

An upload whose saved drawings are not compared (drawn by another kit, G-7) is stored drawn
again by this kit from its events, every event, hash and code unchanged: forged outputs never
reach the shelf.

A shelf never executes code from a file: it reads the JSON (headers with the game file's own
reader, :func:`kit.gamefile.notebook.parse_header`, within its limits), and an uploaded file is verified
(hash chain and seeded replay) before it is put on the shelf. A refused upload leaves every
file as it was: whatever goes wrong — a file that is not a game, a tampered turn, a file too
large (:data:`MAX_UPLOAD_BYTES`), a full disk, a read-only folder — the staging copy is removed
and nothing else was written. Listing the shelf never fails on a file: files it cannot read
are skipped and named (:attr:`Listing.note`), files over :data:`MAX_LISTED_BYTES` are not even
parsed. Every file it writes is written with :mod:`kit.gamefile.files` (flushed to the disk with
its folder): an upload is staged as a new file, verified, then moved into place.

It holds no widget: the table (:mod:`kit.widgets.table`) shows it.
"""

from __future__ import annotations

import contextlib
import glob
import os
import re
import stat
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from kit.core.seats import check_people
from kit.gamefile import files
from kit.gamefile.chapters import ChapterLink, campaign_base, chapter_path
from kit.gamefile.check import summary_of
from kit.gamefile.errors import BrokenGameError, GameFileError
from kit.gamefile.header import DRAWING, FORMAT_VERSION, Header
from kit.gamefile.notebook import MAX_FILE_BYTES, MAX_JSON_VALUES, json_value_count, parse_header
from kit.gamefile.store import redrawn, save
from kit.gamefile.store import upgrade as upgraded_copy
from kit.gamefile.verify import Comparison, Report, compare, verify
from kit.systems import SYSTEMS, get_system, normalise_system_name, system_info

if TYPE_CHECKING:  # imported when an upload meets another chapter of its campaign: the page loads without it
    from kit.gamefile.campaign import ChapterVerdict

GAMES_DIR_VARIABLE = "KIT_GAMES_DIR"
"""The environment variable that names the folder of game files (``make play`` sets it)."""

MIB = 1024 * 1024

MAX_UPLOAD_BYTES = 64 * MIB
"""The largest game file an upload may be: 64 MiB, checked before anything is written.

The longest campaigns reach about 30 MB today, so a real game has room to double. Verifying an
upload (parsing it and replaying every turn) costs about 0.06 s and 6 MB of memory per MB of
file (measured: a 12 MB game of 6,000 turns verifies in 0.7 s with 71 MB at its peak), so the
limit keeps one upload to a few seconds and a few hundred MB of the table's kernel.
"""

MAX_LISTED_BYTES = MAX_FILE_BYTES
"""The largest file the shelf parses to list it: the largest any reader of the kit opens (64 MiB,
G-6). Larger files are listed as too large, unread."""

STAGING_PREFIX = ".upload-"
"""How an upload being verified is named on the shelf (``.upload-PID-…``); never listed as a game."""

STAGING_GRACE_SECONDS = 120.0
"""A staging file younger than this is never removed: an upload may be being verified (the largest takes seconds)."""

STALE_STAGING_SECONDS = 3600.0
"""A staging file this old is a leftover even if a process with its id still runs (the id was reused)."""

_SAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")
_NAME_LIMIT = 100
"""The longest file-name stem kept from an upload or a new game's name (file systems allow 255 bytes)."""


def default_games_dir() -> Path:
    """``$KIT_GAMES_DIR``, else the ``games`` folder beside the notebooks."""
    named = os.environ.get(GAMES_DIR_VARIABLE)
    if named:
        return Path(named)
    here = Path.cwd()
    return here / "games" if (here / "games").is_dir() or here.name == "notebooks" else here.parent / "games"


def safe_file_name(name: str) -> str:
    """A file name with no folders and no odd characters, not too long, ending in ``.ipynb``."""
    base = Path(name).name
    if base.lower().endswith(".ipynb"):
        base = base[: -len(".ipynb")]
    stem = _SAFE_NAME.sub("-", base).strip("-.")[:_NAME_LIMIT].strip("-.") or "game"
    return f"{stem}.ipynb"


def shown_name(name: str, limit: int = 80) -> str:
    """A file name as a message shows it: undecodable bytes and control characters replaced, cut at ``limit``."""
    text = str(name)
    try:
        text = os.fsencode(text).decode("utf-8", "replace")  # a name read from the disk: its undecodable bytes
    except UnicodeError:
        text = text.encode("utf-8", "surrogatepass").decode("utf-8", "replace")  # lone surrogates from a page
    text = "".join(ch if ch.isprintable() else "\ufffd" for ch in text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass(frozen=True)
class ShelvedGame:
    """A game file on the shelf: where it is, its system, title and number of turns."""

    path: Path
    system: str
    turns: int
    game_id: str = ""
    modified_ns: int = 0
    """When the file was last written (a turn taken, an upload), in nanoseconds since the epoch."""
    chapter: int = 1
    """Which chapter of its campaign the file holds (C-1)."""
    first_turn: int = 1
    head: str = ""
    """The hash of the file's last turn, as its header says: where the next chapter starts (C-1)."""
    follows: str | None = None
    """A later chapter's predecessor's head, as its header says (C-1)."""

    @property
    def link(self) -> ChapterLink:
        """What the file's header says of its place in its campaign (C-1)."""
        return ChapterLink(self.system, self.game_id, self.chapter, self.follows, self.head)

    @property
    def label(self) -> str:
        """How the game is listed: file name and turns (a later chapter: which, and its turns)."""
        if self.chapter > 1:
            held = f"turns {self.first_turn}–{self.first_turn + self.turns - 1}" if self.turns else "no turn yet"
            return f"{shown_name(self.path.name)} (chapter {self.chapter}, {held})"
        return f"{shown_name(self.path.name)} ({self.turns} turns)"


SkipReason = Literal["not a game notebook", "too large"]


@dataclass(frozen=True)
class SkippedFile:
    """A ``.ipynb`` on the shelf that is not listed as a game, and why."""

    path: Path
    reason: SkipReason


@dataclass(frozen=True)
class Listing:
    """What a shelf holds: the games of its system, the files it skipped, and a folder it could not read."""

    games: list[ShelvedGame]
    skipped: list[SkippedFile] = field(default_factory=list)
    problem: str = ""

    @property
    def note(self) -> str:
        """Plain words for what was skipped (``Skipped 1 file that is not a game notebook: junk.ipynb``), or ``""``."""
        lines = [self.problem] if self.problem else []
        junk = [entry.path for entry in self.skipped if entry.reason == "not a game notebook"]
        large = [entry.path for entry in self.skipped if entry.reason == "too large"]
        if junk:
            what = "file that is not a game notebook" if len(junk) == 1 else "files that are not game notebooks"
            lines.append(f"Skipped {len(junk)} {what}: {_names(junk)}")
        if large:
            what = "file" if len(large) == 1 else "files"
            lines.append(f"Skipped {len(large)} {what} too large to read (over {MAX_LISTED_BYTES // MIB} MiB): "
                         f"{_names(large)}")
        return "\n".join(lines)


def _names(paths: list[Path], shown: int = 10) -> str:
    names = ", ".join(shown_name(path.name) for path in paths[:shown])
    return names + (f" and {len(paths) - shown} more" if len(paths) > shown else "")


_HEADERS: dict[Path, tuple[tuple[int, int], ShelvedGame | SkippedFile | None]] = {}
"""Headers already read, by file, with the (mtime, size) they were read at: a big game is parsed once."""


def next_chapter_path_of(entry: ShelvedGame) -> Path:
    """Where the chapter after the one ``entry`` holds would live."""
    return chapter_path(entry.path, entry.chapter + 1)


def is_closed(entry: ShelvedGame, names: set[str] | None = None) -> bool:
    """True when the file at the next chapter's name says it is the chapter after ``entry``'s (C-1, C-3).

    ``names``, when given, are the folder's file names (a name not among them is no file). A file
    that only bears the next chapter's name (another game's, another branch's) closes nothing.
    """
    after = next_chapter_path_of(entry)
    if names is not None and after.name not in names:
        return False
    found = _header_of(after)
    return isinstance(found, ShelvedGame) and entry.link.is_followed_by(found.link)


def _header_of(path: Path) -> ShelvedGame | SkippedFile | None:
    """The file's header (cached by its stamp), why it is skipped, or None when it is gone."""
    try:
        status = path.stat()
    except OSError:
        return None
    if not stat.S_ISREG(status.st_mode):  # a folder, a pipe or a device named *.ipynb: never read
        return SkippedFile(path, "not a game notebook")
    stamp = (status.st_mtime_ns, status.st_size)
    known = _HEADERS.get(path)
    if known is not None and known[0] == stamp:
        return known[1]
    header = _read_header(path, status.st_size)
    if isinstance(header, ShelvedGame):
        header = replace(header, modified_ns=status.st_mtime_ns)
    _HEADERS[path] = (stamp, header)
    return header


def _read_header(path: Path, size: int) -> ShelvedGame | SkippedFile:
    """Read the file's header and count its turns; anything that goes wrong skips the file, never raises.

    The header is read by the game file's own reader (:func:`kit.gamefile.notebook.parse_header`),
    within its limits: a file that is too large for them is skipped as such, never parsed.
    """
    if size > MAX_LISTED_BYTES:
        return SkippedFile(path, "too large")
    try:
        data = files.read_raw_bytes(path)  # the file may have grown since it was measured
        if len(data) > MAX_LISTED_BYTES or json_value_count(data) > MAX_JSON_VALUES:
            return SkippedFile(path, "too large")  # parsing it could take more memory than a table has
        header, turns = parse_header(data)
        system = normalise_system_name(header.system)
        if system not in SYSTEMS:
            raise KeyError(system)
    except Exception:  # not JSON, nested too deep, not a game notebook, unreadable: whatever it is, it is no game
        return SkippedFile(path, "not a game notebook")
    return ShelvedGame(path, system, turns, header.game_id, chapter=header.chapter, first_turn=header.first_turn,
                       head=header.head, follows=header.follows)


class UploadRefusedError(GameFileError):
    """An upload that was not put on the shelf; the message names the file, and the turn when one is bad."""

    def __init__(self, name: str, reason: str | Exception, turn: int | None = None):
        self.name = name
        self.reason = str(reason)
        self.turn = turn
        super().__init__(f"{shown_name(name)}: {self.reason}; it was not put on the shelf")

    def __reduce__(self) -> tuple[type[UploadRefusedError], tuple[str, str, int | None]]:
        return type(self), (self.name, self.reason, self.turn)


def _process_gone(pid: int) -> bool:
    """True when no process has this id (on POSIX; elsewhere nothing is known, so False)."""
    if os.name != "posix":
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False  # it exists, owned by someone else
    return False


def _in_folder(folder: Path, write: Callable[[], object]) -> None:
    """Run ``write``; an ``OSError`` it raises names ``folder`` (not the staging file) as what could not be written."""
    try:
        write()
    except OSError as error:
        raise OSError(error.errno, error.strerror or str(error), str(folder)) from error


def _remove(path: Path) -> None:
    """Remove ``path`` if it is there; if the folder refuses (read-only), the error already being raised stands."""
    with contextlib.suppress(OSError):
        path.unlink(missing_ok=True)


class Shelf:
    """The game files of one system in one folder."""

    def __init__(self, folder: str | Path, system: str):
        self.folder = Path(folder)
        self.system = normalise_system_name(system)
        get_system(self.system)

    def _candidates(self) -> Iterable[Path]:
        """The folder's ``*.ipynb`` files by name, without the kit's own hidden files (staging, temporaries)."""
        return sorted(path for path in self.folder.glob("*.ipynb") if not path.name.startswith("."))

    def listing(self) -> Listing:
        """The game files of this system, by name, and the files skipped because they cannot be read.

        Never raises: a file that is not a game notebook, or too large to read, is skipped and
        named; a folder that cannot be read gives an empty listing that says so.
        """
        try:
            if not self.folder.is_dir():
                return Listing([])
            candidates = list(self._candidates())
            names = {path.name for path in candidates}
            found = [_header_of(path) for path in candidates]  # each read once while unchanged (by its stamp)
        except OSError as error:
            return Listing([], problem=f"The games folder {self.folder} cannot be read ({error.strerror or error}).")
        # A chapter whose next chapter is beside it is closed (C-3): a campaign is listed by its newest
        # chapter, linked by what the files say (C-1), so a file that only bears a chapter's name hides nothing.
        games = [entry for entry in found if isinstance(entry, ShelvedGame) and entry.system == self.system
                 and not is_closed(entry, names)]
        skipped = [entry for entry in found if isinstance(entry, SkippedFile)]
        return Listing(games, skipped)

    def games(self) -> list[ShelvedGame]:
        """Game files of this system, by name (files that are not game notebooks are skipped)."""
        return self.listing().games

    def last_played(self, games: list[ShelvedGame] | None = None) -> ShelvedGame | None:
        """The game written most recently (a turn taken, an upload): the one a table opens first; None if none."""
        listed = self.games() if games is None else games
        return max(listed, key=lambda game: (game.modified_ns, game.path.name), default=None)

    def _free_path(self, name: str) -> Path:
        target = self.folder / safe_file_name(name)
        stem, number = target.stem, 2
        while target.exists():
            target = self.folder / f"{stem}-{number}.ipynb"
            number += 1
        return target

    def upgrade(self, path: Path) -> Path:
        """Write a copy in today's format of the version-1 game file ``path`` beside it (``NAME-v4.ipynb``); its path.

        The copy is re-derived from the file's events (G-6); the file itself is left as it was.
        """
        self.sweep()
        target = self._free_path(f"{path.stem}-v{FORMAT_VERSION}")
        upgraded_copy(path, target)
        return target

    def sweep(self) -> list[Path]:
        """Remove staging files left by uploads whose process was killed; returns those removed.

        A staging file older than :data:`STAGING_GRACE_SECONDS` is a leftover when the process
        named in it (``.upload-PID-…``) is gone or is this one (uploads here run one at a time),
        or when it is older than :data:`STALE_STAGING_SECONDS`. Called before the shelf writes. So
        is the temporary file a killed write of a staging file left (``..upload-PID-….tmp``).
        """
        removed = []
        try:
            staged = [*self.folder.glob(f"{STAGING_PREFIX}*"), *self.folder.glob(f".{STAGING_PREFIX}*.tmp")]
        except OSError:
            return removed
        for path in staged:
            name = path.name[1:] if path.name.startswith("." + STAGING_PREFIX) else path.name
            pid_text = name.removeprefix(STAGING_PREFIX).split("-", 1)[0]
            try:
                pid = int(pid_text)
                age = time.time() - path.stat().st_mtime
                if age > STAGING_GRACE_SECONDS and (
                        pid == os.getpid() or age > STALE_STAGING_SECONDS or _process_gone(pid)):
                    path.unlink()
                    removed.append(path)
            except (ValueError, OSError):
                continue
        return removed

    def new_game(self, name: str, players: list[str], seed: str | None = None, *, practice: bool = False,
                 gm: str = "", quick_start: bool = True, mode: str = "open", gm_sealer: str | None = None) -> Path:
        """Create a game file for ``players`` and the game master ``gm``.

        With ``quick_start`` each player gets one character of the ready-made party, in order,
        created from the GM's seat; players beyond the party (and every player without quick
        start) build their own at the table (``Game.players_without_characters``). A player named
        twice, or the GM named as a player, is refused (P-1). A table starts real games, whose
        cards and dice come from the seed alone; ``practice=True`` (tests, worked examples)
        makes one that can be rigged (G-1). ``mode="sealed"`` starts a sealed game (K-1), where the
        next seat seals each draw (``gm_sealer`` names a player for a game of format version 3,
        where the GM seals the players' draws and that player the GM's); it starts with no turns,
        since every turn needs its seat's key: there is no quick start.
        """
        check_people(players, gm)
        sealed = {"mode": "sealed", "gm_sealer": gm_sealer} if mode == "sealed" else {"mode": mode}
        self.folder.mkdir(parents=True, exist_ok=True)
        self.sweep()
        target = self._free_path(name)
        info = system_info(self.system)
        turns = info.party_for(players) if quick_start and mode != "sealed" else []
        names = [str(args["name"]) for _, args in turns]
        roster = {player: names[i:i + 1] for i, player in enumerate(players)}
        game = get_system(self.system)(seed, practice=practice, players=roster, gm=gm, **sealed)
        if gm:
            game.sit(gm)
        for action, args in turns:
            getattr(game, action)(**args)
        game.sit(None)
        save(game, target)
        return target

    def upload(self, name: str, content: bytes | bytearray | memoryview) -> Path:
        """Verify an uploaded game file and put it on the shelf; returns the file to play (see :meth:`receive`)."""
        return self.receive(name, content).path

    def receive(self, name: str, content: bytes | bytearray | memoryview) -> Received:
        """Verify an uploaded game file and put it on the shelf as what it is beside the copies there.

        A file over :data:`MAX_UPLOAD_BYTES`, one that is not a game notebook of this system, or
        one that does not verify is refused (``UploadRefusedError``, a ``GameFileError``, naming
        the file and the bad turn). A failed write (``OSError``: full disk, read-only folder)
        propagates. In every case the staging copy is removed and nothing else was written.

        Beside a copy of the same game already on the shelf (:func:`kit.gamefile.compare`): a
        longer copy replaces it in place (``updated``); the same turns write nothing (``same``);
        a shorter one writes nothing (``older``); a fork is saved beside it under a name that
        says where the two part (``fork``), as is a copy whose start differs (``different``).

        An upload drawn by another kit, whose saved outputs and header cell verification does not
        compare (G-7), is stored drawn again by this kit from its events (:meth:`_redrawn`).
        """
        size = memoryview(content).nbytes
        if size > MAX_UPLOAD_BYTES:
            raise UploadRefusedError(name, f"it is {size / MIB:.1f} MiB, and an upload may be at most "
                                           f"{MAX_UPLOAD_BYTES // MIB} MiB")
        self.folder.mkdir(parents=True, exist_ok=True)
        self.sweep()
        staging = self.folder / f"{STAGING_PREFIX}{os.getpid()}-{time.monotonic_ns()}-{safe_file_name(name)}"
        redrawn: Path | None = None
        try:
            _in_folder(self.folder, lambda: files.write_new_file(staging, content))
            report = self._verify(name, staging)
            drawing = report.checked.raw.header.drawing
            if not report.checked.raw.header.drawn_here:
                redrawn = staging.with_name(f"{STAGING_PREFIX}{os.getpid()}-{time.monotonic_ns()}-redrawn.ipynb")
                report = self._redrawn(name, report, redrawn)
            received = self._place(name, report)
            if received.written:
                stored = redrawn if redrawn is not None else staging
                _in_folder(self.folder, lambda: files.move_into_place(stored, received.path))
                if redrawn is not None:
                    received = replace(received, message=received.message + _redrawn_note(drawing))
            return received
        finally:
            _remove(staging)
            if redrawn is not None:
                _remove(redrawn)

    def _redrawn(self, name: str, upload: Report, target: Path) -> Report:
        """The verified ``upload`` written again at ``target`` (a staging file) with every cell drawn by this kit.

        An upload drawn by another kit has its saved outputs and header cell taken on trust by
        verification (G-7): the shelf stores what this kit draws from its events instead, every
        event, hash and code unchanged, as the next turn at a table or ``kit upgrade`` would.
        """
        data = redrawn(upload.checked)
        _in_folder(self.folder, lambda: files.write_new_file(target, data))
        return self._verify(name, target)

    def _campaign(self, game_id: str, number: int) -> list[ShelvedGame]:
        """The shelf's files of this system's game ``game_id`` that an upload of chapter ``number`` meets (C-1).

        Each campaign as the shelf lists it (its newest chapter), and of its closed chapters only
        ``number`` and the chapters on either side, found by name and taken when their headers say
        they are those chapters of this game.
        """
        listed = [copy for copy in self.games() if copy.game_id == game_id]
        found = {copy.path: copy for copy in listed}
        for copy in listed:
            for wanted in range(max(1, number - 1), min(number + 1, copy.chapter - 1) + 1):
                path = chapter_path(copy.path, wanted)
                if path in found:
                    continue
                entry = _header_of(path)
                if (isinstance(entry, ShelvedGame) and entry.system == self.system and entry.game_id == game_id
                        and entry.chapter == wanted):
                    found[path] = entry
        return list(found.values())

    def _place(self, name: str, upload: Report) -> Received:
        """Where a verified upload goes, beside the copies of its game on the shelf (nothing is written here).

        Only the shelf's files of the upload's own chapter are compared with it (C-1); with none,
        a chapter is placed in the campaign beside the one it follows (:meth:`_place_chapter`).
        """
        shown = shown_name(name)
        header = upload.checked.raw.header
        game_id = header.game_id
        copies = self._campaign(game_id, header.chapter)
        found: list[tuple[ShelvedGame, Comparison]] = []
        for copy in copies:
            if copy.chapter != header.chapter:
                continue
            try:
                theirs = verify(copy.path)
            except (GameFileError, OSError):
                continue
            if theirs.ok:
                found.append((copy, compare(theirs, upload)))
        ours = len(upload.events)
        for relation in ("same", "extends", "fork", "different"):
            matching = [(copy, c) for copy, c in found if c.relation == relation]
            if not matching:
                continue
            copy, comparison = max(matching, key=lambda pair: (pair[1].common, pair[0].modified_ns))
            return _received(shown, copy, comparison, upload, ours, self._free_path)
        others = [copy for copy in copies if copy.chapter != header.chapter]
        if others:
            return self._place_chapter(name, upload, others)
        held = f"{ours} turns" if header.chapter == 1 else (
            f"chapter {header.chapter} of a campaign, {_span(header.first_turn, header.last_turn)}, checked from "
            "its own checkpoint: its earlier chapters are not on the shelf (C-1)")
        wanted = self.folder / safe_file_name(name)
        claim = self._claimed_place(wanted, header)
        if claim is None:
            target = self._free_path(name)
            if target.name == wanted.name:
                return Received(target, "new", f"{shown}: put on the shelf ({held})")
            named = self._unclaimed_path(f"{wanted.stem}-{game_id[:6]}", header)
            return Received(named, "new", f"{shown}: a different game is already on the shelf under that name; "
                                          f"this one was saved as {shown_name(named.name)} ({held})")
        named = self._unclaimed_path(f"{wanted.stem}-{game_id[:6]}", header)
        return Received(named, "new", f"{shown}: {claim}; this one was saved as {shown_name(named.name)}, a name "
                                      f"that is no chapter's, so that it is never taken for one (C-1) ({held})")

    def _claimed_place(self, target: Path, header: Header) -> str | None:
        """Why saving the upload ``header`` describes at ``target`` would claim a place it has not, or None.

        A name says which campaign a file belongs to and which chapter it holds (``NAME.ch3.ipynb``,
        C-1): an upload may not take a chapter's name it does not hold, nor any name of a campaign
        that another game's files on the shelf belong to.
        """
        base, number = campaign_base(target)
        ours = (normalise_system_name(header.system), header.game_id)
        for path in self._campaign_names(base):
            if path == target:
                continue  # the name itself taken: a free one is found beside it (:meth:`_free_path`)
            found = _header_of(path)
            if isinstance(found, ShelvedGame) and (found.system, found.game_id) != ours:
                return (f"its name is that of chapter {number or 1} of the campaign of {shown_name(path.name)}, which "
                        "is another game on the shelf")
        if number is not None and number != header.chapter:
            return (f"its name is that of chapter {number} of a campaign, and it holds chapter {header.chapter} of "
                    "its game")
        return None

    def _campaign_names(self, base: Path) -> list[Path]:
        """The shelf's files whose names belong to the campaign whose chapter 1 is named ``base`` (C-1)."""
        pattern = f"{glob.escape(base.stem)}.ch*{glob.escape(base.suffix)}"
        try:
            chapters = [path for path in self.folder.glob(pattern) if campaign_base(path)[0] == base]
        except OSError:
            chapters = []
        return sorted([base, *chapters]) if base.exists() else sorted(chapters)

    def _unclaimed_path(self, stem: str, header: Header) -> Path:
        """A free path made from ``stem`` whose name claims no place the upload ``header`` describes has not."""
        target, number = self._free_path(stem), 2
        while self._claimed_place(target, header) is not None:
            target, number = self._free_path(f"{stem}-{number}"), number + 1
        return target

    def _place_chapter(self, name: str, upload: Report, others: list[ShelvedGame]) -> Received:
        """A chapter of a campaign whose other chapters are on the shelf: saved beside the one it follows (C-1).

        The chapter after the newest one on the shelf must start exactly where that one ended (its
        head, and the checkpoint of the state its last turn left); a chapter missing between two on
        the shelf must link with both. Anything else is refused, naming why; nothing is written.
        """
        from kit.gamefile.campaign import link_problems

        header = upload.checked.raw.header
        number = header.chapter
        newest = max(copy.chapter for copy in others)
        if number > newest + 1:
            last = max((copy for copy in others if copy.chapter == newest), key=lambda copy: copy.modified_ns)
            raise UploadRefusedError(name, f"it is chapter {number} of a campaign whose newest chapter on the shelf "
                                           f"is chapter {newest} ({shown_name(last.path.name)}): upload chapter "
                                           f"{newest + 1} first, since each chapter starts where the one before "
                                           "it ended (C-1)")
        ours = _verdict(upload, shown_name(name))
        joined: list[tuple[int, ShelvedGame]] = []
        for neighbour in (number - 1, number + 1):
            beside = [copy for copy in others if copy.chapter == neighbour]
            if not beside:
                continue
            problems: list[str] = []
            for copy in beside:
                theirs = _verified_verdict(copy.path)
                if theirs is None:
                    problems.append(f"{shown_name(copy.path.name)}, chapter {neighbour} on the shelf, does not verify")
                    continue
                pair = [theirs, ours] if neighbour < number else [ours, theirs]
                if not link_problems(pair, from_code=True):  # two chapters of a campaign: chapter 1 may be absent
                    joined.append((neighbour, copy))
                    break
                problems.append(_unlinked(pair[0], pair[1], shown_name(copy.path.name), neighbour < number))
            else:
                raise UploadRefusedError(name, problems[0])
        if not joined:
            raise UploadRefusedError(name, f"it is chapter {number} of a campaign whose chapters on the shelf are not "
                                           "beside it: upload the chapters between them first (C-1)")
        neighbour, copy = joined[0]
        target = chapter_path(copy.path, number)
        if target.exists():
            raise UploadRefusedError(name, f"{shown_name(target.name)}, where chapter {number} of this campaign "
                                           "belongs, is on the shelf already and is not a copy of it: move that "
                                           "file away, then upload again")
        place = (f"follows chapter {number - 1} on the shelf" if neighbour < number
                 else f"comes before chapter {number + 1} on the shelf")
        uploaded = "" if target.name == safe_file_name(name) else f"; uploaded as {shown_name(name)}"
        return Received(target, "chapter", f"{shown_name(target.name)}: chapter {number} of the campaign, {place} "
                                           f"({_span(header.first_turn, header.last_turn)}{uploaded})")

    def _verify(self, name: str, staging: Path) -> Report:
        """Verify the staged upload: a game notebook of this system whose every turn verifies."""
        def own_words(error: object) -> str:  # the reader names the staging file; the player knows their own
            return str(error).replace(str(staging), shown_name(name)).replace(staging.name, shown_name(name))

        try:
            report = verify(staging)
        except BrokenGameError as error:
            raise UploadRefusedError(name, own_words(error), error.turn) from None
        except GameFileError as error:
            raise UploadRefusedError(name, own_words(error)) from None
        if not report.ok:
            problem = report.checked.problem
            reason = problem if problem is not None else report.message.split(": NOT intact: ", 1)[-1]
            raise UploadRefusedError(name, own_words(reason), report.turn)
        system = normalise_system_name(report.checked.header.system)
        if system != self.system:
            raise UploadRefusedError(name, f"it is a {system} game and this table plays {self.system}: "
                                           "upload it at that table")
        return report


def _redrawn_note(drawing: int) -> str:
    """What the Received message adds for an upload the shelf drew again (G-7)."""
    by = "an older" if drawing < DRAWING else "a newer"
    return (f". It was drawn by {by} kit (drawing {drawing}), whose saved outputs verification does not compare, "
            f"so every cell was drawn again by this kit (drawing {DRAWING}) from its events: every turn, "
            "hash and code is unchanged (G-7)")


def _span(first: int, last: int) -> str:
    """``turns 501–612`` (``turn 501``; ``no turn yet``): the campaign's numbers of a chapter's turns."""
    if last < first:
        return "no turn yet"
    return f"turn {first}" if first == last else f"turns {first}–{last}"


def _verdict(report: Report, name: str) -> ChapterVerdict:
    """What linking chapters needs of a verified file (:func:`kit.gamefile.campaign.link_problems`)."""
    from kit.gamefile.campaign import verdict_of

    return verdict_of(report, name)


def _unlinked(before: ChapterVerdict, after: ChapterVerdict, theirs: str, upload_after: bool) -> str:
    """Why chapter ``after`` does not start where ``before`` ended, in words (C-1); ``theirs``: the shelf's file."""
    shelf = f"{theirs}, chapter {before.chapter if upload_after else after.chapter} on the shelf"
    if after.follows != before.head:
        if upload_after:
            return (f"it does not follow {shelf}: it starts after another turn than the one that chapter ends with "
                    f"(turn {before.last_turn}), so it belongs to another branch of the campaign (C-1)")
        return (f"{shelf} does not follow it: that chapter starts after another turn than the upload ends with "
                f"(turn {before.last_turn}), so they belong to different branches of the campaign (C-1)")
    if upload_after:
        return (f"it does not follow {shelf}: it starts from another state than the one that chapter ended in, so "
                "its checkpoint is not that chapter's (C-1)")
    return (f"{shelf} does not follow it: that chapter starts from another state than the one the upload ends in "
            "(C-1)")


def _verified_verdict(path: Path) -> ChapterVerdict | None:
    """The shelf file's verdict for linking, or None when it does not verify (or cannot be read)."""
    try:
        report = verify(path)
    except (GameFileError, OSError):
        return None
    return _verdict(report, shown_name(path.name)) if report.ok else None


@dataclass(frozen=True)
class Received:
    """What an upload became: the file to play, how it relates to the shelf's copy, and that in words."""

    path: Path
    relation: Literal["new", "updated", "same", "older", "fork", "different", "chapter"]
    message: str
    written: bool = True
    """False when nothing was written (the shelf already held these turns)."""


def _turn_words(report: Report, turn: int) -> str:
    """``turn 5 (Ada: flip)``: ``turn`` in the campaign's numbers (a later chapter's first is not 1, C-1)."""
    first = report.checked.raw.header.first_turn
    return f"turn {turn} ({summary_of(report.events[turn - first])})"


def _received(shown: str, copy: ShelvedGame, comparison: Comparison, upload: Report,
              ours: int, free_path: Callable[[str], Path]) -> Received:
    """The answer for an upload beside ``copy``, a file of its game's same chapter, as ``comparison`` relates them.

    Turns are named by the campaign's numbers; a chapter on the shelf that is closed (the next one
    started from its last turn, C-3) is never extended in place: a longer upload is a fork.
    """
    theirs = copy.turns
    mine = shown_name(copy.path.name)
    common = comparison.common
    before = copy.first_turn - 1  # the turns of the chapters before this one (C-1)
    if comparison.relation == "same":
        return Received(copy.path, "same", f"{shown} holds the same {ours} turns as {mine}, already on the shelf: "
                                           "nothing was written", written=False)
    closed = is_closed(copy)
    if comparison.relation == "extends" and ours > theirs and not closed:
        return Received(copy.path, "updated", f"{shown} extends {mine}: {ours - common} new turn"
                                              f"{'s' if ours - common != 1 else ''} from "
                                              f"{_turn_words(upload, before + common + 1)}; {mine} was updated in "
                                              "place")
    if comparison.relation == "extends" and ours <= theirs:
        return Received(copy.path, "older", f"{shown} is an older copy of {mine}: the shelf's copy already holds "
                                            f"its {ours} turns and {theirs - ours} more; nothing was written",
                        written=False)
    stem = copy.path.stem
    if comparison.relation == "extends":  # a closed chapter goes on in the upload: another branch of the campaign
        target = free_path(f"{stem}-fork-after-turn-{before + common}")
        following = shown_name(next_chapter_path_of(copy).name)
        return Received(target, "fork", (
            f"{shown} goes on past the end of chapter {copy.chapter} on the shelf: {mine} was closed after turn "
            f"{before + common} and {following} started from there, while the upload goes on with {ours - common} "
            f"more turn{'s' if ours - common != 1 else ''} (from {_turn_words(upload, before + common + 1)}). "
            f"Nothing was overwritten: it was saved as {shown_name(target.name)}, and a closed chapter's turns stand "
            "(C-2); the codes posted in the thread tell which one the group played"))
    if comparison.relation == "fork":
        target = free_path(f"{stem}-fork-after-turn-{before + common}")
        shared = (f"the first {common} turns" if not before else f"turns {before + 1}–{before + common}" if common
                  else f"the start of chapter {copy.chapter}")
        return Received(target, "fork", (
            f"{shown} is a fork of {mine}: both hold {shared}, then {mine} goes on with "
            f"{theirs - common} turn{'s' if theirs - common != 1 else ''} and the upload with {ours - common} "
            f"(from {_turn_words(upload, before + common + 1)}). Nothing was overwritten: both branches are on the "
            f"shelf, {mine} and {shown_name(target.name)}; the codes posted in the thread tell which one the group "
            "played"))
    target = free_path(f"{stem}-other-start")
    return Received(target, "different", (
        f"{shown} has the same seed as {mine} but starts differently: {comparison.message.split(': ', 1)[-1]}. "
        f"Nothing was overwritten: it was saved as {shown_name(target.name)}"))
