"""Decks: a draw pile and a discard pile; the discard is shuffled in when the draw pile is empty.

Cards leave a deck only by :meth:`Deck.draw` and come back only by :meth:`Deck.discard`,
so a game can check that every card is in exactly one place (F-1).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from kit.core.errors import IllegalActionError, NotHeldError
from kit.core.randomness import GameRandom

C = TypeVar("C", bound=Hashable)


@dataclass
class Deck(Generic[C]):
    """A named deck. ``draw_pile[-1]`` is the top card."""

    name: str
    draw_pile: list[C] = field(default_factory=list)
    discard_pile: list[C] = field(default_factory=list)
    reshuffles: int = 0

    @classmethod
    def shuffled(cls, name: str, cards: Iterable[C], rng: GameRandom) -> Deck[C]:
        """A new deck holding ``cards`` in an order drawn from ``rng``."""
        pile = list(cards)
        rng.shuffle(pile)
        return cls(name=name, draw_pile=pile)

    def __len__(self) -> int:
        return len(self.draw_pile)

    @property
    def size(self) -> int:
        """Cards in the draw pile and the discard pile together."""
        return len(self.draw_pile) + len(self.discard_pile)

    def draw(self, rng: GameRandom) -> C:
        """Take the top card; an empty draw pile first takes in the shuffled discard (F-1)."""
        if not self.draw_pile:
            if not self.discard_pile:
                raise IllegalActionError(
                    f"draw from the {self.name}",
                    "every card of this deck is in a hand or on the table",
                    "F-1",
                    "discard cards, or play with more decks (a table option)",
                )
            self.draw_pile = self.discard_pile
            self.discard_pile = []
            rng.shuffle(self.draw_pile)
            self.reshuffles += 1
        if rng.draws_at_random:  # a sealed game's draw: any card, unforeseen (K-3)
            pile = self.draw_pile
            pick = rng.below(len(pile))
            pile[pick], pile[-1] = pile[-1], pile[pick]
        return self.draw_pile.pop()

    def draw_many(self, count: int, rng: GameRandom) -> list[C]:
        """Draw ``count`` cards, one at a time."""
        return [self.draw(rng) for _ in range(count)]

    def discard(self, cards: Iterable[C]) -> None:
        """Put cards on the discard pile."""
        self.discard_pile.extend(cards)

    def put_on_top(self, cards: Iterable[C]) -> None:
        """Rig the deck: move the named cards (first named = first drawn) to the top.

        Each card is taken from the draw pile, or from the discard pile when the draw pile
        holds no copy; a card that is in neither (it is in a hand or on the table) is refused.
        """
        wanted = list(cards)
        short = [card for card, count in Counter(wanted).items()
                 if self.draw_pile.count(card) + self.discard_pile.count(card) < count]  # only the named cards
        if short:
            card = short[0]
            raise NotHeldError(
                f"rig {card} on top of the {self.name}",
                "every copy of that card is in a hand or on the table",
                None,
                "rig only cards still in the draw or discard pile",
            )
        taken: list[C] = []
        for card in wanted:
            pile = self.draw_pile if card in self.draw_pile else self.discard_pile
            index = len(pile) - 1 - pile[::-1].index(card)
            taken.append(pile.pop(index))
        self.draw_pile.extend(reversed(taken))

    def counts(self) -> Counter[C]:
        """How many of each card the deck holds (draw and discard piles)."""
        return Counter(self.draw_pile) + Counter(self.discard_pile)
