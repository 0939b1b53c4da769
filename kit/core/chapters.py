"""Chapters of a long campaign (C-1): a game continued from a checkpoint of its state.

A campaign's first chapter starts from the game's start, as every game does. A later chapter
starts from the *checkpoint* — every part of the state the turns to come depend on, as plain
JSON — and from the hash of the chapter before it. Both are in the chapter's start record, so
its genesis binds them: a chapter whose checkpoint or predecessor changes has every hash new.
A chapter holds only its own events; the campaign's turn numbers run on across chapters.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kit.core.checkpoint import decode_state, encode_state
from kit.core.errors import IllegalActionError, MalformedInputError
from kit.core.events import EventLog, canonical_json, genesis_hash
from kit.core.limits import quote
from kit.core.proofs import ProofBook
from kit.core.seats import Seating

if TYPE_CHECKING:
    from kit.core.game import Game

CHECKPOINT_VERSION = 1
"""The version of a checkpoint's layout (its ``kit-checkpoint`` field)."""

CHECKPOINT_FIELDS = frozenset({"kit-checkpoint", "events", "state", "seating", "proofs"})
"""Every field a checkpoint has, and no other."""

MAX_CHAPTER = 1_000_000
"""The highest chapter number a file may name."""

MAX_EVENTS = 10**9
"""The most events the chapters before one may hold (as an event's index is bounded)."""


def checkpoint_digest(checkpoint: Mapping[str, Any]) -> str:
    """The SHA-256 of a checkpoint's canonical JSON: what a chapter's start record binds."""
    return hashlib.sha256(f"kit-checkpoint:{canonical_json(checkpoint)}".encode()).hexdigest()


@dataclass(frozen=True)
class ChapterStart:
    """Where a chapter starts: its number, the head of the chapter before it, and its checkpoint's digest."""

    number: int = 1
    follows: str | None = None
    checkpoint: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The ``chapter`` field of the start record."""
        return {"number": self.number, "follows": self.follows, "checkpoint": self.checkpoint}


FIRST_CHAPTER = ChapterStart()


def _is_hash(value: Any) -> bool:
    return isinstance(value, str) and len(value) == 64 and not value.strip("0123456789abcdef")


def check_checkpoint_shape(checkpoint: Any) -> int:
    """Check a checkpoint's outer shape (fields, version, event count); return how many events came before."""
    if not isinstance(checkpoint, dict) or set(checkpoint) != CHECKPOINT_FIELDS:
        raise MalformedInputError("checkpoint", f"must be an object of exactly {', '.join(sorted(CHECKPOINT_FIELDS))}",
                                  "C-1")
    layout = checkpoint["kit-checkpoint"]
    if layout != CHECKPOINT_VERSION or type(layout) is not int:
        shown = (str(layout) if type(layout) is int and abs(layout) < MAX_EVENTS else
                 quote(layout) if isinstance(layout, str) else "of another kind")  # a file's text, quoted
        raise MalformedInputError("checkpoint", f"is of layout {shown}, and this kit reads layout "
                                  f"{CHECKPOINT_VERSION}", "C-1")
    events = checkpoint["events"]
    if type(events) is not int or not 1 <= events < MAX_EVENTS:
        raise MalformedInputError("checkpoint events", "must be a whole number of events from 1", "C-1")
    return events


def state_refusal(where: str, why: str) -> MalformedInputError:
    """The refusal of a checkpoint whose state, read, is not one the rules can be in (C-1).

    ``where`` is the path in the state (``.pending['Mira']``), as reading a checkpoint names it.
    """
    return MalformedInputError(f"checkpoint state{where}", why, "C-1")


def check_at_table(where: str, names: Iterable[str], characters: Collection[str]) -> None:
    """Refuse a checkpoint whose state names, at ``where``, a character who is not at the table (C-1).

    Characters never leave a table, so no turn makes a state that names someone not at it.
    """
    for name in names:
        if name not in characters:
            raise state_refusal(where, f"names {quote(name)}, who is not at the table (characters: "
                                f"{', '.join(quote(known) for known in list(characters)[:6]) or 'none'})")


def check_sheets(characters: Mapping[str, Any]) -> None:
    """Refuse a checkpoint whose state keeps a character's sheet under another name than its own (C-1)."""
    for name, sheet in characters.items():
        if sheet.name != name:
            raise state_refusal(f".characters[{quote(name)}]", f"is the sheet of {quote(sheet.name)}: each sheet is "
                                "kept under its own character's name")


def check_entries(where: str, found: Mapping[str, int], names: Collection[str],
                  bounds: tuple[int, int] | None = None) -> None:
    """Refuse a sheet's table (attributes, skills) at ``where`` unless it holds exactly ``names``, each
    within ``bounds`` (lowest, highest) when the rules bound them (C-1)."""
    missing = [name for name in names if name not in found]
    if missing:
        raise state_refusal(where, f"lacks {quote(missing[0])}: a sheet holds every one of {len(names)}")
    for name, value in found.items():
        if name not in names:
            raise state_refusal(where, f"holds {quote(name)}, which the rules do not have")
        if bounds is None:
            continue
        lowest, highest = bounds
        if not lowest <= value <= highest:
            raise state_refusal(f"{where}[{quote(name)}]", f"is {value}, and the rules keep it from {lowest} to "
                                f"{highest}")


class Chapters:
    """Checkpoints and later chapters, mixed into :class:`kit.core.game.Game`."""

    state: Any
    seating: Seating
    proofs: ProofBook | None
    log: EventLog
    seat: str | None
    players: dict[str, list[str]]
    gm: str
    seed: str
    _broken: bool

    chapter: ChapterStart = FIRST_CHAPTER
    """Where this game's log starts: chapter 1 from the start, a later chapter from a checkpoint (C-1)."""

    _checkpoint: dict[str, Any] | None = None

    if TYPE_CHECKING:  # what kit.core.game.Game provides
        def start_record(self) -> dict[str, Any]:
            """Everything that decides play before the chapter's first turn."""

        def start_options(self) -> dict[str, Any]:
            """The keywords that start a game like this one."""

        def replayed(self, turns: int | None = None) -> Game:
            """A fresh game with this one's start and its events replayed."""

    @property
    def chapter_checkpoint(self) -> dict[str, Any] | None:
        """The checkpoint this chapter starts from (None for a campaign's first chapter)."""
        return self._checkpoint

    def checkpoint(self) -> dict[str, Any]:
        """Everything the turns to come depend on, as plain JSON: where the next chapter starts (C-1).

        The state (decks in their order, characters, what is pending), who plays which
        character, and a sealed game's chains and waiting declarations; never a seat key.
        """
        if self.log.version == 1:
            raise IllegalActionError("close the chapter", "a version-1 game takes no new turns", "C-1",
                                     "upgrade the file first")
        if self._broken:
            raise IllegalActionError("close the chapter", "replaying its log failed", "C-1",
                                     "load the game again from an intact file")
        if not self.log.events:
            raise IllegalActionError("close the chapter", "it holds no turn yet", "C-1",
                                     "take a turn first: a chapter holds at least one")
        return {
            "kit-checkpoint": CHECKPOINT_VERSION,
            "events": len(self.log),
            "state": encode_state(self.state),
            "seating": encode_state(self.seating),
            "proofs": encode_state(self.proofs) if self.proofs is not None else None,
        }

    def next_chapter(self, *, replayed: bool = True) -> Game:
        """A game that holds no turn yet and continues this one as its next chapter (C-1).

        The checkpoint is taken from this chapter's turns replayed, as a verifier replays them from
        the file: a live game may hold the same state in another order (of a mapping's keys, say)
        than its replay, and the next chapter must start from exactly the state verification finds.
        ``replayed=False`` takes it from the live state (at once; compare with the replay's before
        writing it).
        """
        point = (self.replayed() if replayed else self).checkpoint()
        # A new chapter starts a chain of its own, in today's version: an open campaign begun in
        # version 2 goes on in version 4 from its next chapter (C-1, G-8).
        game = type(self)(self.seed, **self.start_options())  # type: ignore[call-arg]
        game.continue_from(self.chapter.number + 1, self.log.head, point)
        if self.proofs is not None and game.proofs is not None:
            game.proofs.keys = dict(self.proofs.keys)  # the same table holds the same keys
        game.seat = self.seat  # the next chapter sits where this one's turns are taken from now (lent or sat)
        return game  # type: ignore[return-value]

    def continue_from(self, number: int, follows: str, checkpoint: Any) -> None:
        """Make this game, which holds no turn yet, chapter ``number``: after ``follows``, from ``checkpoint``.

        Every part of the checkpoint is checked as input from anyone: a malformed one raises
        :class:`MalformedInputError` and leaves the game as it was.
        """
        if self.log.events or self.chapter.number != 1:
            raise IllegalActionError("continue from a checkpoint", "the game has turns or is a chapter already", "C-1")
        if type(number) is not int or not 2 <= number <= MAX_CHAPTER:
            raise MalformedInputError("chapter number", f"must be a whole number from 2 to {MAX_CHAPTER:,}", "C-1")
        if not _is_hash(follows):
            raise MalformedInputError("chapter follows", "must be the previous chapter's head: 64 hex digits", "C-1")
        events = check_checkpoint_shape(checkpoint)
        state = decode_state(type(self.state), checkpoint["state"], where="checkpoint state")
        self._check_checkpoint_state(state)
        seating = decode_state(Seating, checkpoint["seating"], where="checkpoint seating")
        if seating.players != self.players or seating.gm != self.gm:
            raise MalformedInputError("checkpoint seating", "names another roster than the game's start", "C-1")
        proofs = self._checkpoint_proofs(checkpoint["proofs"])
        self.state, self.seating = state, seating
        if proofs is not None:
            proofs.keys = dict(self.proofs.keys) if self.proofs is not None else {}
            self.proofs = proofs
        self.chapter = ChapterStart(number, follows, checkpoint_digest(checkpoint))
        self._checkpoint = json.loads(canonical_json(checkpoint))  # keys sorted: the same text however it was read
        self.log = EventLog(genesis=genesis_hash(self.start_record()), version=self.log.version, first=events)

    def _check_checkpoint_state(self, state: Any) -> None:
        """Refuse a checkpoint's state, read, that the rules cannot be in (C-1); by default nothing is refused.

        Reading a checkpoint checks each value's type and limits (G-2, G-3). A system whose rules
        look up what the state names — characters, skills, a stack's cards — checks here that each
        is there, and raises :class:`MalformedInputError` citing C-1 (see :func:`state_refusal`),
        so that a checkpoint no turn could make is refused when it is read, not in the middle of a
        turn taken from it.
        """

    def _checkpoint_proofs(self, data: Any) -> ProofBook | None:
        if self.proofs is None:
            if data is not None:
                raise MalformedInputError("checkpoint proofs", "an open game's checkpoint holds none", "K-1")
            return None
        book = decode_state(ProofBook, data, where="checkpoint proofs")
        if (book.genesis, book.gm, book.gm_sealer, book.length, book.seats) != (
                self.proofs.genesis, self.proofs.gm, self.proofs.gm_sealer, self.proofs.length, self.proofs.seats):
            raise MalformedInputError("checkpoint proofs", "belong to another game's start", "K-1")
        seats = {*self.players, self.gm}
        for seat, chains in book.chains.items():
            where = f"checkpoint proofs.chains[{quote(seat)}]"
            if seat not in seats:
                raise MalformedInputError(where, "are the chains of a seat that is not at this table", "C-1")
            if (chains.length != book.length or chains.renewal < 0 or not 0 <= chains.act_n <= chains.length
                    or not 0 <= chains.seal_n <= chains.slots <= chains.length + len(book.pending)):
                raise MalformedInputError(where, f"count values that chains of {book.length} values do not have "
                                          "(K-2)", "C-1")
        for position, waiting in enumerate(book.pending):
            sealer = book.chains.get(waiting.sealer)
            # Version 5: a seat that had taken its seat, never the declarer (K-3); version 3: the GM or its sealer.
            fits = (sealer is not None and waiting.sealer != waiting.seat if book.next_seat_seals
                    else waiting.sealer == book.sealer_for(waiting.seat))
            if (waiting.seat not in seats or not fits
                    or not 0 <= waiting.slot <= (sealer.slots if sealer is not None else 0)):
                raise MalformedInputError(f"checkpoint proofs.pending[{position}]", "is a declaration of a seat, "
                                          "a sealer or a seal value that this table does not have (K-3)", "C-1")
        return book

    def _fresh_chapter(self, game: Chapters) -> None:
        """Give ``game`` (just made with this one's start) this chapter's start: used by ``fresh``."""
        if self._checkpoint is not None and self.chapter.follows is not None:
            game.continue_from(self.chapter.number, self.chapter.follows, self._checkpoint)

    def closed_turn(self, turn: int, what: str) -> IllegalActionError | None:
        """The refusal for acting on ``turn`` (from 1) when an earlier chapter holds it (C-2), or None."""
        if turn - 1 >= self.log.first:
            return None
        return IllegalActionError(f"{what} turn {turn}", f"it is in an earlier chapter (this one starts at turn "
                                  f"{self.log.first + 1}), and a closed chapter's turns stand as they are", "C-2",
                                  f"choose a turn from {self.log.first + 1} on")
