"""Turns every game has, whatever its system: the GM's void, a seat's note, and what the game waits for.

A *void* (P-2) is a new turn that takes back the latest turn still standing: the game becomes
what the turns before it made it, except that its decks stay as they are now — a card the
voided turn drew is not put back on the deck but goes to the discard pile, so voiding a turn
and taking it again draws new cards. A *note* (P-3) is a line of narration or table talk
attached to a turn; it changes nothing in the game. :class:`TableTurns` is mixed into
:class:`kit.core.game.Game`; this module also says which turns are turns of play.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any

from kit.core.decks import Deck
from kit.core.describe import Describable, Description, Fact
from kit.core.errors import IllegalActionError, OutOfRangeError
from kit.core.events import Event, EventLog
from kit.core.params import Line, Prose, Ruling, Span
from kit.core.randomness import GameRandom
from kit.core.seats import Seating, seat_label

if TYPE_CHECKING:
    from kit.core.game import Game

TurnNumber = Annotated[int, Span(1, 10**9, "P-2", "a turn is numbered from 1, as the log shows it")]
"""A turn as the log numbers it (1 is the first turn)."""

VoidReason = Annotated[Line, Ruling("P-2", "say in a line why the turn is voided")]
"""Why the GM voids a turn, one line (shown struck through in the log with the turn)."""

NoteText = Annotated[Prose, Ruling("P-3", "a note is a short text of up to 500 characters")]
"""A note: narration or table talk of up to 500 characters."""

NoteTurn = Annotated[TurnNumber | None, Ruling("P-3", "name the turn the note belongs to, or leave it out")]
"""The turn a note is attached to; None means the seat's latest turn."""

InCharacter = Annotated[bool, Ruling("P-3", "true for words the character says, false for the player's own")]
"""Whether a note is spoken in character."""

NOT_VOIDABLE = ("void", "note")
"""Actions whose turns are never voided: a void stands, a note changes nothing."""

SEALED_ACTIONS = ("take_seat", "declare", "retract", "seal")
"""The turns only a sealed game has (:mod:`kit.core.sealed_turns` plays them, K-1…K-5)."""

NOT_TURNS = (*NOT_VOIDABLE, *SEALED_ACTIONS)
"""Events that are not turns of play: voids, notes and a sealed game's joins, declarations and seals."""

VOID_REACH = 100
"""How many voids may follow one another with no turn of play between them (P-2): what bounds the states a replay
keeps for the voids to come (G-6)."""

ACTOR_ARGS = ("character", "attacker", "physician", "name")
"""Arguments that name the character who acts, in the order a turn's actor is looked for."""


def carry_decks(restored: Mapping[str, Deck[Any]], current: Mapping[str, Deck[Any]]) -> None:
    """Give the ``restored`` decks the order the ``current`` ones have now (P-2).

    A card in a restored deck's piles stays in that deck's piles; those still in the current
    draw pile keep their current order there, and the others (drawn since) go to the discard
    pile. Every card stays in exactly one place.
    """
    for name, deck in restored.items():
        now = current.get(name)
        if now is None:
            continue
        available: Counter[Hashable] = Counter(deck.draw_pile) + Counter(deck.discard_pile)
        pile: list[Any] = []
        for card in now.draw_pile:
            if available[card] > 0:
                available[card] -= 1
                pile.append(card)
        discard: list[Any] = []
        for card in [*deck.discard_pile, *now.discard_pile, *deck.draw_pile]:
            if available[card] > 0:
                available[card] -= 1
                discard.append(card)
        deck.draw_pile, deck.discard_pile, deck.reshuffles = pile, discard, now.reshuffles


@dataclass(frozen=True)
class VoidResult(Describable):
    """The GM voided a turn: which one, what it was, and why."""

    turn: int
    voided_action: str
    voided_by: str
    reason: str

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (the event's outcome)."""
        return {"action": "void", "turn": self.turn, "voided_action": self.voided_action,
                "voided_by": self.voided_by, "reason": self.reason}

    def describe(self) -> Description:
        """``Turn 12 voided``, with why."""
        facts = [Fact("Voided", f"turn {self.turn} ({self.voided_action.replace('_', ' ')}"
                                f"{', taken by ' + self.voided_by if self.voided_by else ''})")]
        if self.reason:
            facts.append(Fact("Reason", self.reason))
        return Description(f"Turn {self.turn} voided", "the game goes on as if it had not been taken (P-2)",
                           "warning", facts=tuple(facts),
                           notes=("Cards it drew, if any, stay drawn (they went to the discard pile); dice it rolled "
                                  "are forgotten (P-2).",))


@dataclass(frozen=True)
class NoteResult(Describable):
    """A note on a turn: narration, or words in or out of character."""

    turn: int | None
    by: str
    speaker: str
    text: str
    in_character: bool

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (the event's outcome)."""
        return {"action": "note", "turn": self.turn, "by": self.by, "speaker": self.speaker, "text": self.text,
                "in_character": self.in_character}

    def describe(self) -> Description:
        """``Note on turn 12 · Ana (in character as Ada)``, with the text."""
        voice = f"in character as {self.speaker}" if self.in_character else "out of character"
        where = f"on turn {self.turn}" if self.turn is not None else "narration"
        title = f"Note {where}" + (f" · {self.by}" if self.by else "")
        return Description(title, voice, "neutral", facts=(Fact("Says", self.text),))


@dataclass(frozen=True)
class Waiting:
    """What the game waits for: a character's step (``must discard 2 cards``), or the GM's (``character=None``)."""

    doing: str
    character: str | None = None
    prefix: str = ""
    seat: str | None = None
    """The seat that takes the step when no character does (a sealed game's sealer, K-3)."""


class TableTurns:
    """The GM's void (P-2) and a seat's note (P-3), the turns every game has; mixed into :class:`kit.core.game.Game`."""

    state: Any
    log: EventLog
    seating: Seating
    gm: str
    voided: dict[int, tuple[int, str]]
    """Voided turns by event index: the index of the void and its reason (P-2)."""
    notes: dict[int | None, list[int]]
    """Notes by the event index of the turn they belong to (None: narration), as event indices (P-3)."""
    _before_latest: tuple[int, Any, Seating] | None
    _wanted_before: set[int]
    _kept_before: dict[int, tuple[Any, Seating]]

    if TYPE_CHECKING:  # what kit.core.game.Game provides
        def _perform(self, action: str, args: dict[str, Any], **kwargs: Any) -> Any: ...

        def _decks(self) -> dict[str, Deck[Any]]: ...

        def closed_turn(self, turn: int, what: str) -> IllegalActionError | None:
            """The refusal for acting on a turn of an earlier chapter (C-2), or None."""

        def seat_of(self, event: Event) -> str:
            """The seat an event was taken from, as the log shows it."""

        def is_gm(self, seat: str | None) -> bool:
            """True for the GM's seat (and any seat of a game without a roster)."""

        def fresh(self) -> Game:
            """A new game with this one's start and no turns."""

        @property
        def acting_seat(self) -> str | None:
            """The seat of the turn whose rules are running."""

    def void(self, turn: TurnNumber, reason: VoidReason) -> VoidResult:
        """Take back turn ``turn`` (numbered from 1) with a new turn; the GM's alone (P-2).

        Only the latest turn still standing can be voided (void the later ones first). The game
        becomes what the turns before it made it; the cards it drew stay drawn (discarded).
        """
        return self._perform("void", {"turn": turn, "reason": reason})

    def note(self, text: NoteText, turn: NoteTurn = None, in_character: InCharacter = False) -> NoteResult:
        """Attach a note to a turn: the seat's own latest turn by default (P-3); it changes nothing in play.

        A player notes turns taken in their seat; the GM notes any turn, or narrates with no turn
        before the first one.
        """
        return self._perform("note", {"text": text, "turn": turn, "in_character": in_character})

    def standing(self, index: int) -> bool:
        """True when the event at ``index`` is a turn of play that has not been voided."""
        return self.log[index].action not in NOT_TURNS and index not in self.voided

    def prepare_replay(self, events: Iterable[Event]) -> None:
        """Before replaying ``events``: keep the state before each turn a later void takes back (no replay twice).

        Only a void the rules can accept is believed — one that names the latest turn still
        standing, within a run of at most :data:`VOID_REACH` voids — so a file cannot make its
        reader copy the state at every turn by naming them in voids no rules accept (G-6).
        """
        standing = [event.index for event in self.log.events if self.standing(event.index)]
        run = self._void_run()
        for event in events:
            if event.action == "void":
                turn = event.args.get("turn")
                if type(turn) is not int or not standing or standing[-1] != turn - 1 or run >= VOID_REACH:
                    return  # the replay refuses this void: no event after it is replayed
                self._wanted_before.add(turn - 1)
                standing.pop()
                run += 1
            elif event.action not in NOT_TURNS:
                standing.append(event.index)
                run = 0

    def _void_run(self) -> int:
        """How many voids were taken since the latest turn of play (P-2)."""
        run = 0
        for event in reversed(self.log.events):
            if event.action == "void":
                run += 1
            elif event.action not in NOT_TURNS:
                break
        return run

    def _do_void(self, rng: GameRandom, turn: int, reason: str) -> VoidResult:
        index = turn - 1
        if index >= len(self.log):
            raise OutOfRangeError(f"void turn {turn}", f"the game has {len(self.log)} turns", "P-2")
        closed = self.closed_turn(turn, "void")
        if closed is not None:
            raise closed
        event = self.log[index]
        if event.action in SEALED_ACTIONS:
            raise IllegalActionError(f"void turn {turn}", f"it is a {event.action}, not a turn of play", "K-5",
                                     "its seat retracts a declaration; a sealed turn is voided like any other")
        if event.action in NOT_VOIDABLE:
            raise IllegalActionError(f"void turn {turn}", f"it is a {event.action}, not a turn of play", "P-2",
                                     "void a turn of play")
        if index in self.voided:
            raise IllegalActionError(f"void turn {turn}", f"it was voided at turn {self.voided[index][0] + 1}", "P-2")
        later = [e.index + 1 for e in self.log.since(index + 1) if self.standing(e.index)]
        if later:
            raise IllegalActionError(f"void turn {turn}", f"turn {later[-1]} came after it and still stands", "P-2",
                                     f"void the latest turn first (turn {later[-1]})")
        if self._void_run() >= VOID_REACH:
            raise IllegalActionError(f"void turn {turn}", f"{VOID_REACH} turns in a row were voided already, and a run "
                                     f"of voids reaches back at most {VOID_REACH} turns (P-2)", "P-2",
                                     "take a turn of play first, or start a new game from here")
        actor = next((v for k, v in event.args.items() if k in ACTOR_ARGS and isinstance(v, str)), "")
        by = self.seat_of(event)
        taken_by = f"{by} for {actor}" if by and actor and by != actor else by or actor
        current = self._decks()
        state, seating = self._state_before(index)
        self.state = state
        carry_decks(self._decks(), current)
        self.seating = seating
        self.voided[index] = (len(self.log), reason)
        return VoidResult(turn, event.action, taken_by, reason)

    def _state_before(self, index: int) -> tuple[Any, Seating]:
        """The state and seating just before event ``index``, from what was kept or by replaying the turns before it."""
        kept = self._kept_before.pop(index, None)
        if kept is not None:
            return kept
        if self._before_latest is not None and self._before_latest[0] == index:
            _, state, seating = self._before_latest
            self._before_latest = None
            return state, seating
        earlier = self.fresh()
        events = self.log.before(index)
        earlier.prepare_replay(events)
        for event in events:
            earlier.apply(event)
        return earlier.state, earlier.seating

    def _do_note(self, rng: GameRandom, text: str, turn: int | None = None, in_character: bool = False) -> NoteResult:
        seat = self.acting_seat
        player = seat is not None and not self.is_gm(seat)
        if turn is None:
            mine = [e.index for e in self.log.events if e.action != "note" and (not player or e.seat == seat)]
            if not mine and player:
                if self.log.first:
                    raise IllegalActionError("note", f"{seat} has taken no turn in this chapter yet", "C-2",
                                             "take a turn first, then add the note")
                raise IllegalActionError("note", f"{seat} has taken no turn yet", "P-3",
                                         "take a turn first, then add the note")
            index = mine[-1] if mine else None
        else:
            index = turn - 1
            if index >= len(self.log):
                raise OutOfRangeError(f"note on turn {turn}", f"the game has {len(self.log)} turns", "P-3")
            closed = self.closed_turn(turn, "note on")
            if closed is not None:
                raise closed
            if self.log[index].action == "note":
                raise IllegalActionError(f"note on turn {turn}", "it is a note itself", "P-3",
                                         "attach the note to a turn of play")
            if player and self.log[index].seat != seat:
                raise IllegalActionError(f"note on turn {turn}", f"it was not taken in {seat}'s seat", "P-3",
                                         "a player notes their own turns; the GM notes any")
        if in_character and index is None:
            raise IllegalActionError("note in character", "there is no turn, so no character, to speak for", "P-3")
        event = self.log[index] if index is not None else None
        speaker = ""
        if event is not None:
            speaker = next((v for k, v in event.args.items() if k in ACTOR_ARGS and isinstance(v, str)), "")
        if in_character and not speaker:
            raise IllegalActionError("note in character", "that turn has no character to speak for", "P-3",
                                     "write it out of character")
        by = seat_label(seat, self.gm) if seat else ""
        self.notes.setdefault(index, []).append(len(self.log))
        return NoteResult(None if index is None else index + 1, by, speaker, text, in_character)
