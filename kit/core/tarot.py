"""Tarot cards: the 78-card deck of fate cards (R-7)."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from kit.core.errors import MalformedInputError

MAJOR_ARCANA = (
    "The Fool", "The Magician", "The High Priestess", "The Empress", "The Emperor",
    "The Hierophant", "The Lovers", "The Chariot", "Strength", "The Hermit",
    "Wheel of Fortune", "Justice", "The Hanged Man", "Death", "Temperance", "The Devil",
    "The Tower", "The Star", "The Moon", "The Sun", "Judgement", "The World",
)
_ROMAN = (
    "0", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII",
    "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI",
)
MINOR_RANKS = {
    1: "Ace", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight",
    9: "Nine", 10: "Ten", 11: "Page", 12: "Knight", 13: "Queen", 14: "King",
}
COURT_RANKS = (11, 12, 13, 14)


class TarotSuit(enum.Enum):
    """The four suits of the Minor Arcana."""

    WANDS = "Wands"
    CUPS = "Cups"
    SWORDS = "Swords"
    PENTACLES = "Pentacles"

    @property
    def symbol(self) -> str:
        """A small symbol for card faces."""
        return {"Wands": "𐃆", "Cups": "☕", "Swords": "⚔", "Pentacles": "⛤"}[self.value]


@dataclass(frozen=True, slots=True)
class TarotCard:
    """A Tarot card: a Major Arcanum (0–21) or a Minor card (rank 1–14 in a suit).

    >>> TarotCard.parse("Queen of Swords"), TarotCard.parse("The Tower")
    (TarotCard.parse('Queen of Swords'), TarotCard.parse('The Tower'))
    """

    major: int | None = None
    rank: int | None = None
    suit: TarotSuit | None = None

    def __post_init__(self) -> None:
        if self.major is not None:
            valid = 0 <= self.major <= 21 and self.rank is None and self.suit is None
        else:
            valid = self.rank in MINOR_RANKS and isinstance(self.suit, TarotSuit)
        if not valid:
            raise MalformedInputError(
                f"tarot card major={self.major!r} rank={self.rank!r} suit={self.suit!r}",
                "is not a Tarot card",
                "R-7",
                "a Major Arcanum 0–21 or a Minor card Ace–10, Page, Knight, Queen, King of a suit",
            )

    @classmethod
    def parse(cls, text: str | TarotCard) -> TarotCard:
        """Read a card by name (``Queen of Swords``, ``The Tower``, ``Tower``) or number (``XVI``)."""
        if isinstance(text, TarotCard):
            return text
        key = " ".join(str(text).strip().split()).lower()
        if key in _BY_NAME:
            return _BY_NAME[key]
        raise MalformedInputError(
            f"tarot card {text!r}",
            "is not a Tarot card",
            "R-7",
            "name a Major Arcanum (The Fool … The World, or 0–XXI) or a Minor card such as 'Ace of Cups'",
        )

    @property
    def is_major(self) -> bool:
        """True for the 22 Major Arcana."""
        return self.major is not None

    @property
    def is_court(self) -> bool:
        """True for Page, Knight, Queen and King."""
        return self.rank in COURT_RANKS

    @property
    def is_pip(self) -> bool:
        """True for Minor cards Ace–10."""
        return self.major is None and self.rank is not None and self.rank <= 10

    @property
    def arcana(self) -> str:
        """``Major`` or ``Minor``."""
        return "Major" if self.is_major else "Minor"

    @property
    def name(self) -> str:
        """The card's name: ``The Tower``, ``Queen of Swords``."""
        if self.major is not None:
            return MAJOR_ARCANA[self.major]
        assert self.rank is not None and self.suit is not None
        return f"{MINOR_RANKS[self.rank]} of {self.suit.value}"

    @property
    def code(self) -> str:
        """The text that :meth:`parse` reads back (the card's name)."""
        return self.name

    @property
    def numeral(self) -> str:
        """The Roman numeral of a Major Arcanum, else an empty string."""
        return _ROMAN[self.major] if self.major is not None else ""

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"TarotCard.parse({self.name!r})"

    def __deepcopy__(self, memo: dict[int, Any]) -> TarotCard:
        return self

    def __copy__(self) -> TarotCard:
        return self


def tarot_deck() -> list[TarotCard]:
    """The full 78-card Tarot deck: 22 Major Arcana and 56 Minor cards (R-7)."""
    majors = [TarotCard(major=number) for number in range(22)]
    minors = [TarotCard(rank=rank, suit=suit) for suit in TarotSuit for rank in MINOR_RANKS]
    return majors + minors


_BY_NAME: dict[str, TarotCard] = {}
for _card in tarot_deck():
    _BY_NAME[_card.name.lower()] = _card
    if _card.major is not None:
        _BY_NAME[_ROMAN[_card.major].lower()] = _card
        _BY_NAME[str(_card.major)] = _card
        if _card.name.startswith("The "):
            _BY_NAME[_card.name[4:].lower()] = _card
