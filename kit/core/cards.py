"""Playing cards: four suits, ranks 2 to Ace, and the Red and Black Jokers (F-1)."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from kit.core.errors import MalformedInputError


class Suit(enum.Enum):
    """The four suits, in the order the rule texts list them."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def symbol(self) -> str:
        """The suit's symbol, such as ``♣``."""
        return _SUIT_SYMBOLS[self]

    @property
    def letter(self) -> str:
        """The suit's letter, such as ``C``."""
        return self.value

    @property
    def is_red(self) -> bool:
        """True for Diamonds and Hearts."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def title(self) -> str:
        """The suit's name, such as ``Clubs``."""
        return self.name.title()

    @classmethod
    def parse(cls, text: str | Suit) -> Suit:
        """Read a suit from a letter, a symbol (with or without emoji variation) or a name."""
        if isinstance(text, Suit):
            return text
        key = str(text).strip().replace("\ufe0f", "").upper()
        found = _SUIT_SPELLINGS.get(key)
        if found is not None:
            return found
        raise MalformedInputError(
            f"suit {text!r}",
            "is not a suit",
            allowed="use C, D, H, S, a symbol ♣ ♦ ♥ ♠ or a name such as Clubs",
        )


_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SUIT_SPELLINGS = {key: suit for suit in Suit for key in (suit.value, suit.symbol, suit.name, suit.name[:-1])}
"""Every spelling :meth:`Suit.parse` reads, upper case, to its suit: letter, symbol, name, name without its s."""
_SYMBOL_TO_LETTER = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S"}

RANK_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A"}
_RANK_FROM_TEXT = {"J": 11, "Q": 12, "K": 13, "A": 14}
RED_JOKER_CODE = "RJ"
BLACK_JOKER_CODE = "BJ"


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card: a rank (2–14, Ace high) and a suit, or one of the two jokers.

    >>> Card.parse("4H"), Card.parse("10♣"), Card.parse("rj")
    (Card.parse('4H'), Card.parse('10C'), Card.parse('RJ'))
    """

    rank: int | None
    suit: Suit | None
    joker: str | None = None  # "red" or "black"
    ordinal: int = field(init=False, compare=False, repr=False, hash=False)
    """A small whole number naming the card (8–59 by rank and suit, 60 Red Joker, 61 Black Joker): a fast key."""

    def __post_init__(self) -> None:
        if self.joker is None:
            if self.rank is None or self.suit is None or not 2 <= self.rank <= 14:
                raise MalformedInputError(
                    f"card rank={self.rank!r} suit={self.suit!r}",
                    "is not a playing card",
                    "F-1",
                    "ranks run 2–10, J, Q, K, A in the four suits, plus the two jokers",
                )
        elif self.joker not in ("red", "black") or self.rank is not None or self.suit is not None:
            raise MalformedInputError(f"joker {self.joker!r}", "is not a joker", "F-1", "use RJ or BJ")
        if self.joker:
            ordinal = 60 if self.joker == "red" else 61
        else:
            assert self.rank is not None and self.suit is not None
            ordinal = self.rank * 4 + "CDHS".index(self.suit.value)
        object.__setattr__(self, "ordinal", ordinal)

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Read a card: ``4H``, ``4♥``, ``10C``, ``AS``, ``RJ``, ``BJ`` (any case)."""
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise MalformedInputError(f"card {text!r}", "is not text", "F-1", "write a card like 4H, 10♣, AS, RJ")
        raw = text.strip().replace("\ufe0f", "")
        key = raw.upper()
        if key in (RED_JOKER_CODE, "RED JOKER", "JR"):
            return RED_JOKER
        if key in (BLACK_JOKER_CODE, "BLACK JOKER", "JB"):
            return BLACK_JOKER
        if len(key) >= 2:
            rank_text, suit_text = key[:-1], key[-1]
            suit_letter = _SYMBOL_TO_LETTER.get(suit_text, suit_text)
            rank = _RANK_FROM_TEXT.get(rank_text)
            if rank is None and rank_text.isdigit() and 2 <= int(rank_text) <= 10:
                rank = int(rank_text)
            if rank is not None and 2 <= rank <= 14 and suit_letter in "CDHS":
                return _CARDS[(rank, suit_letter)]
        raise MalformedInputError(
            f"card {text!r}",
            "is not a playing card",
            "F-1",
            "write a rank 2–10, J, Q, K or A and a suit C, D, H, S (or ♣ ♦ ♥ ♠), or RJ / BJ for the jokers",
        )

    @property
    def is_joker(self) -> bool:
        """True for either joker."""
        return self.joker is not None

    @property
    def is_red_joker(self) -> bool:
        """True for the Red Joker."""
        return self.joker == "red"

    @property
    def is_black_joker(self) -> bool:
        """True for the Black Joker."""
        return self.joker == "black"

    @property
    def is_red(self) -> bool:
        """True for red cards (Diamonds, Hearts, the Red Joker)."""
        return self.joker == "red" if self.joker else bool(self.suit and self.suit.is_red)

    @property
    def rank_text(self) -> str:
        """The rank as printed on the card: ``2``–``10``, ``J``, ``Q``, ``K``, ``A``."""
        if self.rank is None:
            return ""
        return RANK_NAMES.get(self.rank, str(self.rank))

    @property
    def code(self) -> str:
        """The ASCII code that :meth:`parse` reads back: ``4H``, ``10C``, ``RJ``."""
        if self.joker == "red":
            return RED_JOKER_CODE
        if self.joker == "black":
            return BLACK_JOKER_CODE
        assert self.suit is not None
        return f"{self.rank_text}{self.suit.letter}"

    @property
    def name(self) -> str:
        """A spoken name for screen readers and logs: ``Four of Hearts``, ``Red Joker``."""
        if self.joker:
            return f"{self.joker.title()} Joker"
        assert self.rank is not None and self.suit is not None
        return f"{_RANK_WORDS[self.rank]} of {self.suit.title}"

    def __str__(self) -> str:
        if self.joker:
            return self.code
        assert self.suit is not None
        return f"{self.rank_text}{self.suit.symbol}"

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    def __deepcopy__(self, memo: dict[int, Any]) -> Card:
        return self

    def __copy__(self) -> Card:
        return self

    def sort_key(self) -> tuple[int, int]:
        """Order by suit then rank, jokers last."""
        if self.joker:
            return (9, 0 if self.joker == "red" else 1)
        assert self.suit is not None and self.rank is not None
        return (list(Suit).index(self.suit), self.rank)


_RANK_WORDS = {
    2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight", 9: "Nine",
    10: "Ten", 11: "Jack", 12: "Queen", 13: "King", 14: "Ace",
}

_CARDS: dict[tuple[int, str], Card] = {
    (rank, suit.letter): Card(rank, suit) for suit in Suit for rank in range(2, 15)
}
RED_JOKER = Card(None, None, "red")
BLACK_JOKER = Card(None, None, "black")


def standard_deck() -> list[Card]:
    """One 54-card deck: 52 cards in four suits plus the Red and Black Jokers (F-1)."""
    return [_CARDS[(rank, suit.letter)] for suit in Suit for rank in range(2, 15)] + [RED_JOKER, BLACK_JOKER]


def parse_cards(texts: str | list[str] | tuple[str, ...]) -> list[Card]:
    """Read several cards from a list or a space/comma-separated string (``"4H 8C"``)."""
    if isinstance(texts, str):
        texts = [part for part in texts.replace(",", " ").split() if part]
    return [Card.parse(text) for text in texts]
