"""A campaign's chapters on disk (C-1, C-3): where each one lives, starting the next, splitting a long game.

Chapter 1 of a campaign is the game file people started (``ashfall.ipynb``); chapter *n* lives
beside it as ``ashfall.ch<n>.ipynb``. Chapters are linked by what the files say, never by their
names alone: the file at the next chapter's name is the next chapter only when its header says it
is the next chapter of the same game, starting from the head of the chapter before it
(:class:`ChapterLink`). A chapter whose next chapter exists beside it is closed: it takes no new
turn, and a turn offered to it goes to the newest chapter. A file that only bears the next
chapter's name (another game's, another branch's, no game at all) is never followed and never
overwritten: the next chapter cannot start until it is moved away (C-3). The next chapter is
written under the lock of the chapter it follows, so two tables at a boundary never both start one.
"""

from __future__ import annotations

import copy
import glob
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from kit.core.events import DIGEST_CHAIN, Event, canonical_json, chain_hash, outcome_digest
from kit.core.game import Game
from kit.gamefile import files
from kit.gamefile.acting import restore_game
from kit.gamefile.check import check
from kit.gamefile.errors import GameFileError, GameMovedOnError, NotAGameFileError
from kit.gamefile.header import CHAPTER_TURNS, DRAWING, MAX_CHAPTER_TURNS, MIN_CHAPTER_TURNS, Header
from kit.gamefile.notebook import drawn_notebook, read_raw

_CHAPTER_SUFFIX = re.compile(r"^(?P<base>.+?)\.ch(?P<number>[1-9][0-9]{0,6})$")


def campaign_base(path: str | os.PathLike[str]) -> tuple[Path, int | None]:
    """The chapter-1 path a chapter file's name derives from, and the chapter its name says (None: chapter 1)."""
    target = Path(path)
    match = _CHAPTER_SUFFIX.match(target.stem)
    if match is None:
        return target, None
    return target.with_name(match["base"] + target.suffix), int(match["number"])


def chapter_path(path: str | os.PathLike[str], number: int) -> Path:
    """Where chapter ``number`` of the campaign whose file (any chapter's) is ``path`` lives."""
    base, _ = campaign_base(path)
    return base if number == 1 else base.with_name(f"{base.stem}.ch{number}{base.suffix}")


def next_chapter_path(path: str | os.PathLike[str], header: Header) -> Path:
    """Where the chapter after the one ``path`` holds (its ``header``) lives."""
    return chapter_path(path, header.chapter + 1)


def is_full(game: Game, chapter_turns: int) -> bool:
    """True when ``game``'s chapter holds its ``chapter_turns`` turns: the next turn starts a new chapter (C-3)."""
    return len(game.log.events) >= chapter_turns


def check_chapter_turns(turns: Any) -> int:
    """A chapter length the group chose (C-3), or GameFileError."""
    if type(turns) is not int or not MIN_CHAPTER_TURNS <= turns <= MAX_CHAPTER_TURNS:
        raise GameFileError(f"a chapter holds {MIN_CHAPTER_TURNS:,} to {MAX_CHAPTER_TURNS:,} turns (C-3), "
                            f"not {str(turns)[:20]}")
    return turns


def chapter_header(game: Game, header: Header) -> Header:
    """The header of ``game``'s chapter, keeping what the group chose (chapter length) and who made the file."""
    return replace(Header.for_game(game, header.created_with), chapter_turns=header.chapter_turns, drawing=DRAWING)


def notebook_bytes(game: Game, header: Header) -> bytes:
    """The whole game file ``game`` makes, as ``save`` writes it (checked against the schema part by part)."""
    return drawn_notebook(game, header, by_parts=True)


def write_new_chapter(target: Path, game: Game, header: Header) -> bytes:
    """Write a new chapter file at ``target``, refusing to replace one that exists; returns the bytes written.

    The caller holds the lock of the chapter before it (see the module's docstring). A file there
    already is that chapter, started by another table (GameMovedOnError), or a file that only
    bears its name (GameFileError: it must be moved away first, C-3); either way nothing is written.
    """
    data = notebook_bytes(game, header)
    with files.locked(target):
        if target.exists():
            raise name_taken(target, ChapterLink.of(header), link_at(target))
        files.atomic_write(target, data)
    return data


@dataclass(frozen=True)
class StartedChapter:
    """A chapter :func:`start_next_chapter` started: its file, the header and bytes written, the turn's result."""

    path: Path
    header: Header
    data: bytes
    result: Any = None


def start_next_chapter(source: Path, game: Game, header: Header, turn: Callable[[Game], Any] | None = None,
                       performed: Callable[[Any], None] | None = None) -> StartedChapter:
    """Start the chapter after ``game``'s, which the file ``source`` (its ``header``) holds: the one way one starts.

    The caller holds ``source``'s lock, and ``game`` is the game the file holds. Its checkpoint
    is taken from ``game``'s chapter replayed, as verification replays it from the file (C-1);
    ``turn``, when given, takes the new chapter's first turn on it (a RulesError changes
    nothing). Then ``game`` — the same object, which a table keeps — becomes the new chapter,
    ``performed(result)`` is called, and the new chapter's file is written beside ``source``. If
    ``performed`` or the write fails, ``game`` goes back to the chapter it was and the error
    propagates. A file at the new chapter's name refuses it, before anything is computed: that
    chapter, started by another table (GameMovedOnError), or a file that only bears its name
    (GameFileError: move it away, C-3).
    """
    after = refuse_taken_next_name(source, header)
    try:
        following = game.next_chapter()
    except ValueError as error:  # a chapter with no turn yet, or one no checkpoint can be taken of
        raise GameFileError(f"{source.name}: {error}") from None
    result = turn(following) if turn is not None else None
    before = copy.copy(game)  # the chapter as it was, should the new one not be written
    restore_game(game, following)
    try:
        if performed is not None:
            performed(result)
        written = chapter_header(game, header)
        data = write_new_chapter(after, game, written)
    except BaseException:
        restore_game(game, before)
        raise
    return StartedChapter(after, written.updated(game), data, result)


def moved_on_to(target: Path) -> GameMovedOnError:
    """The refusal of a turn for a chapter whose next chapter ``target`` exists already."""
    return GameMovedOnError(f"the campaign moved on to a new chapter ({target.name}); reload to play it (C-3)",
                            0, "")


@dataclass(frozen=True)
class ChapterLink:
    """What a file's header says of its place in a campaign (C-1): which game, which chapter, where it starts and ends.

    Read from the header alone: whether the chapter's turns and checkpoint hold is for
    verification to say.
    """

    system: str
    game_id: str
    chapter: int
    follows: str | None
    head: str

    @classmethod
    def of(cls, header: Header) -> ChapterLink:
        """The link ``header`` states."""
        from kit.systems import normalise_system_name

        return cls(normalise_system_name(header.system), header.game_id, header.chapter, header.follows, header.head)

    @property
    def place(self) -> tuple[str, str, int, str | None]:
        """The game, the chapter and the head it starts from: what two files of the same chapter share."""
        return self.system, self.game_id, self.chapter, self.follows

    @property
    def next_link(self) -> ChapterLink:
        """The link of the chapter after this one: the same game, the next number, starting from this head."""
        return ChapterLink(self.system, self.game_id, self.chapter + 1, self.head, "")

    def is_followed_by(self, after: ChapterLink | None) -> bool:
        """True when ``after`` says it is the chapter right after this one (C-1)."""
        return after is not None and after.place == self.next_link.place


def link_at(path: Path) -> ChapterLink | None:
    """What the file at ``path`` says of its place in a campaign; None when there is no game file there."""
    try:
        return ChapterLink.of(read_raw(path).header)
    except (NotAGameFileError, OSError):
        return None


def started_next_chapter(path: str | os.PathLike[str], header: Header) -> Path | None:
    """The file of the chapter after ``header``'s (the file at ``path``) when one beside it says it is that chapter.

    None when there is no file at the next chapter's name, or one that is not that chapter (C-1).
    """
    after = next_chapter_path(path, header)
    found = _cached_link(after)  # None at once when there is no file: a table asks before every turn
    return after if found is not None and ChapterLink.of(header).is_followed_by(found) else None


def refuse_taken_next_name(path: str | os.PathLike[str], header: Header) -> Path:
    """The path where the chapter after ``header``'s (the file at ``path``) starts; refused when a file is there.

    The file there is that chapter, started by another table (GameMovedOnError: reload), or a
    file that only bears its name (GameFileError, saying what to do, C-3).
    """
    after = next_chapter_path(path, header)
    if after.exists():
        raise name_taken(after, ChapterLink.of(header).next_link, link_at(after), Path(path))
    return after


def name_taken(target: Path, wanted: ChapterLink, found: ChapterLink | None,
               source: Path | None = None) -> GameFileError:
    """Why chapter ``wanted`` cannot be written at ``target``, where the file ``found`` says is (None: no game file).

    The very chapter, started by another table: the game moved on (reload). Anything else only
    bears the chapter's name, and is never overwritten: it must be moved away first (C-3).
    """
    if found is not None and found.place == wanted.place:
        return moved_on_to(target)
    number, again = wanted.chapter, "then take the turn again (C-3)"
    if source is not None and target.resolve() == source.resolve():
        return GameFileError(f"{target.name} holds chapter {number - 1} of this campaign, but its name is that of "
                             f"chapter {number}, where the next chapter belongs: rename it (for instance to "
                             f"{campaign_base(target)[0].name}), {again}")
    if found is None:
        what = "is not a game file"
    elif (found.system, found.game_id) != (wanted.system, wanted.game_id):
        what = "is another game's file"
    else:
        return GameFileError(f"{target.name} is not chapter {number} of this campaign: it does not start where "
                             f"chapter {number - 1} ends, so it belongs to another branch of the game: move it "
                             f"away, {again}")
    return GameFileError(f"{target.name} {what}, not chapter {number} of this campaign: move it away, {again}")


def latest_chapter(path: str | os.PathLike[str], limit: int = 100_000) -> Path:
    """The newest chapter file of the campaign ``path`` belongs to, following the chapter files beside it.

    A file at the next chapter's name is followed only when its header says it is the next
    chapter of the same game, starting from the head of the one before (:class:`ChapterLink`);
    headers are read, not verified (whether each chapter's turns hold is for verification to
    say). A file that only bears the name is not followed: the newest chapter is the one before it.
    """
    target = Path(path)
    if not _chapter_names_beside(target):
        return target  # a one-file game: nothing to follow, and no header read
    link = _cached_link(target)
    for _ in range(limit):
        if link is None:
            return target
        after = chapter_path(target, link.chapter + 1)
        following = _cached_link(after)
        if not link.is_followed_by(following):
            return target
        target, link = after, following
    return target


def _chapter_names_beside(path: Path) -> bool:
    """True when a file beside ``path`` is named as a later chapter of its campaign (``NAME.ch<n>.ipynb``)."""
    base, _ = campaign_base(path)
    pattern = f"{glob.escape(base.stem)}.ch*{glob.escape(base.suffix)}"
    try:
        return any(campaign_base(found)[0] == base for found in base.parent.glob(pattern))
    except OSError:
        return True  # the folder cannot be listed: the files are followed one by one


_LINKS: dict[str, tuple[tuple[int, int, int], ChapterLink | None]] = {}
"""Links already read, by file, with the stamp (inode, size, modification time) they were read at.

A closed chapter never changes, so following a long campaign reads each chapter's header once
a process."""
_MOST_LINKS = 4096


def _cached_link(path: Path) -> ChapterLink | None:
    """:func:`link_at`, read again only when the file's stamp changed; None when there is no file."""
    stamp = files.file_stamp(path)
    if stamp is None:
        return None
    key = os.path.abspath(path)
    known = _LINKS.get(key)
    if known is not None and known[0] == stamp:
        return known[1]
    link = link_at(path)
    if len(_LINKS) >= _MOST_LINKS:
        _LINKS.clear()
    _LINKS[key] = (stamp, link)
    return link


def chapter_number_of(path: Path) -> int:
    """The chapter a file holds by its header, else by its name."""
    try:
        return read_raw(path).header.chapter
    except NotAGameFileError:
        return campaign_base(path)[1] or 1


def close_chapter(path: str | os.PathLike[str]) -> Path:
    """End the chapter ``path`` holds now (a scene or a session ends, C-3): write the next one, holding no turn yet.

    The file must verify in full and be the newest chapter; returns the new chapter's path.
    """
    source = Path(path)
    with files.locked(source):
        checked = check(read_raw(source))
        if checked.problem:
            raise checked.problem
        return start_next_chapter(source, checked.game, checked.raw.header).path


def rechained(event: Event, prev: str, version: int, cls: type[Game]) -> Event:
    """``event`` linked after ``prev`` in a chain of ``version``: the same turn, its hash new.

    A turn of a version-2 file moved into a version-4 chapter records its outcome's digest and
    leaves its arguments at their defaults out (G-8).
    """
    if version == DIGEST_CHAIN and event.outcome_digest is None:
        event = replace(event, outcome_digest=outcome_digest(canonical_json(event.outcome)),
                        left_out=cls.defaults_in(event.action, event.args))
    digest = chain_hash(version, event.index, event.action, canonical_json(event.stored_args),
                        canonical_json(event.outcome), canonical_json(event.rig if event.rig else None), prev,
                        event.seat,
                        canonical_json(event.proof))
    return replace(event, prev=prev, hash=digest)


def split(path: str | os.PathLike[str], into: str | os.PathLike[str], *,
          chapter_turns: int = CHAPTER_TURNS) -> list[Path]:
    """Write the single-file game ``path`` as a campaign of chapters into the folder ``into``; returns their paths.

    Chapter 1 keeps every hash of the turns it holds. Each later chapter starts from the chapter
    before it, so the hashes of its turns are new: post the last chapter's head code. A chapter
    ends after ``chapter_turns`` turns, or a little later when a turn after that point voids,
    notes or changes a turn before it (a closed chapter's turns stand, C-2). A sealed game's proofs
    bind each turn's place, so a sealed game is split into chapters as it is played, never after.
    """
    source, folder = Path(path), Path(into)
    check_chapter_turns(chapter_turns)
    checked = check(read_raw(source))
    if checked.problem:
        raise checked.problem
    stored = checked.raw.header
    if stored.version < 2:
        raise GameFileError(f"{source.name} is a version-1 game file: upgrade it first (kit upgrade)")
    if stored.sealing is not None:
        raise GameFileError(f"{source.name} is a sealed game, whose proofs bind every turn's place: it is divided "
                            "into chapters as it is played, not split after (C-3)")
    if stored.checkpoint is not None:
        raise GameFileError(f"{source.name} is chapter {stored.chapter} of a campaign already")
    events = list(checked.game.log)
    header = replace(stored, chapter_turns=chapter_turns)
    base = folder / source.name
    planned = [chapter_path(base, number) for number in range(1, len(events) // chapter_turns + 2)]
    taken = [p for p in planned if p.exists()]
    if taken:
        raise GameFileError(f"{taken[0]} already exists; split into an empty folder")
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    game = checked.game.fresh()
    earliest = _earliest_named(events)
    position = 0
    while True:
        end = _chapter_end(events, earliest, position, chapter_turns)
        for event in events[position:end]:
            game.apply(rechained(event, game.log.head, game.log.version, type(game))
                       if game.chapter.number > 1 else event)
        target = chapter_path(base, game.chapter.number)
        _write_split_chapter(target, game, header)
        written.append(target)
        position = end
        if position >= len(events):
            return written
        game = game.next_chapter()


def _earliest_named(events: list[Event]) -> list[int]:
    """For each position, the earliest turn index any event from there on names (a void's or a note's turn)."""
    earliest = [len(events)] * (len(events) + 1)
    for position in range(len(events) - 1, -1, -1):
        event = events[position]
        turn = event.args.get("turn") if event.action in ("void", "note") else None
        named = turn - 1 if type(turn) is int else len(events)
        earliest[position] = min(earliest[position + 1], named)
    return earliest


def _chapter_end(events: list[Event], earliest: list[int], start: int, chapter_turns: int) -> int:
    """Where the chapter starting at ``start`` ends: after ``chapter_turns`` turns, or later when a turn reaches back.

    A boundary never falls where a later void or note names a turn before it, nor before a fate
    card spent right after the turn before it (it may change that test, R-7): C-2.
    """
    end = min(len(events), start + chapter_turns)
    while end < len(events) and (earliest[end] < end or events[end].action == "spend_fate_card"):
        end += 1
    return end


def _write_split_chapter(target: Path, game: Game, header: Header) -> None:
    """Write one chapter of a game being split into an empty folder (refused where a file is already)."""
    data = notebook_bytes(game, chapter_header(game, header))
    with files.locked(target):
        if target.exists():
            raise GameFileError(f"{target} already exists; split into an empty folder")
        files.atomic_write(target, data)
