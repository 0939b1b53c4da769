"""Turns every game has, whatever its system: the GM's void, a seat's note, and what the game waits for.

A *void* (P-2) is a new turn that takes back the latest turn still standing: the game becomes
what the turns before it made it, except that its decks stay as they are now — a card the
voided turn drew is not put back on the deck but goes to the discard pile, so voiding a turn
and taking it again draws new cards. A *note* (P-3) is a line of narration or table talk
attached to a turn; it changes nothing in the game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import Annotated, Any

from kit.core.decks import Deck
from kit.core.describe import Describable, Description, Fact
from kit.core.params import Line, Prose, Ruling, Span

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
