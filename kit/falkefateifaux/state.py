"""The game's state: the two decks, the characters and the stack being resolved."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from kit.core.cards import Card, Suit
from kit.core.decks import Deck
from kit.falkefateifaux.character import Character
from kit.falkefateifaux.rules import Factor


@dataclass
class StackCard:
    """A card in a stack and the deck it came from (its discard pile is where it goes, F-1)."""

    card: Card
    deck: str
    from_hand: bool = False


@dataclass
class Side:
    """One side of a flip: who flips what, the set-up (F-4) and the stack so far."""

    role: str  # "acting" or "opposing"
    character: str
    skill: str
    suit: Suit
    level: int
    deck: str
    factors: list[Factor]
    granted: list[Suit]
    chooser: str | None  # who chooses at net < 0: a character, or None for the lowest card
    may_guide: bool = True
    cards: list[StackCard] = field(default_factory=list)
    chosen: int | None = None
    chosen_by: str = ""
    choice_reason: str = ""
    red_joker_offer: str = ""  # "", "taken" or "declined" (F-5 at disadvantage)
    guide: str = ""  # "", "played", "passed", or why it could not
    played: Card | None = None

    @property
    def net(self) -> int:
        """Net advantage (F-4)."""
        return sum(f.advantage for f in self.factors)

    @property
    def modifier(self) -> int:
        """Total modifier (F-3)."""
        return sum(f.modifier for f in self.factors)


@dataclass
class PendingFlip:
    """A flip whose stacks are being resolved: choices and guiding fate still to come."""

    sides: list[Side]
    target: int | None
    opponent: str | None
    contested: bool
    duration: str | None
    spent: dict[str, dict[str, int]]
    adverb_draws: dict[str, list[str]]
    story: list[str] = field(default_factory=list)
    guide_order: list[int] | None = None
    flipped: bool = False  # stacks are flipped only once every forced discard is done (F-10)


@dataclass
class FFState:
    """Everything a FalkeFateiFaux table holds."""

    fate: Deck[Card]
    magic: Deck[Card]
    fate_decks: int
    magic_decks: int
    characters: dict[str, Character] = field(default_factory=dict)
    pending: PendingFlip | None = None
    scene: int = 1

    def __deepcopy__(self, memo: dict[int, Any]) -> FFState:
        """A fast deep copy: cards and afflictions are immutable and shared, containers are copied."""
        return FFState(
            _copy_deck(self.fate), _copy_deck(self.magic), self.fate_decks, self.magic_decks,
            {name: ch.copy() for name, ch in self.characters.items()},
            copy.deepcopy(self.pending, memo), self.scene,
        )


def _copy_deck(deck: Deck[Card]) -> Deck[Card]:
    return Deck(deck.name, list(deck.draw_pile), list(deck.discard_pile), deck.reshuffles)
