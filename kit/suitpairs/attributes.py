"""The four attributes of Suit Pairs, one per suit, and their serious consequences (S-1, S-6)."""

from __future__ import annotations

import enum

from kit.core.errors import UnknownNameError

LOWEST = 0
HIGHEST = 5


class Attribute(enum.Enum):
    """An attribute: ♠ Strength, ♦ Intelligence, ♣ Dexterity, ♥ Charisma, in the text's order."""

    STRENGTH = "S"
    INTELLIGENCE = "D"
    DEXTERITY = "C"
    CHARISMA = "H"

    @property
    def title(self) -> str:
        """The attribute's name, such as ``Strength``."""
        return _TITLES[self]

    @property
    def symbol(self) -> str:
        """The attribute's suit symbol, such as ``♠``."""
        return _SYMBOLS[self]

    @property
    def letter(self) -> str:
        """The attribute's suit letter, such as ``S`` for ♠ Spades."""
        return self.value

    @property
    def label(self) -> str:
        """Symbol and name: ``♠ Strength``."""
        return f"{self.symbol} {self.title}"

    @property
    def description(self) -> str:
        """What the attribute stands for, from the text's table."""
        return _DESCRIPTIONS[self]

    @property
    def serious_consequence(self) -> str:
        """The row of the text's Serious Consequences table for this attribute (S-6)."""
        return _SERIOUS[self]

    @property
    def is_red(self) -> bool:
        """True for the red suits (♦ Intelligence, ♥ Charisma)."""
        return self in (Attribute.INTELLIGENCE, Attribute.CHARISMA)

    @classmethod
    def parse(cls, text: str | Attribute) -> Attribute:
        """Read an attribute from its name (any case), symbol (with or without emoji form) or letter.

        >>> Attribute.parse("strength"), Attribute.parse("♦️"), Attribute.parse("C")
        (Attribute.STRENGTH, Attribute.INTELLIGENCE, Attribute.DEXTERITY)
        """
        found = find_attribute(text)
        if found is None:
            raise UnknownNameError(
                f"attribute {text!r}",
                "is not one of the four attributes",
                "S-1",
                allowed="use Strength (♠, S), Intelligence (♦, D), Dexterity (♣, C) or Charisma (♥, H)",
            )
        return found

    def __repr__(self) -> str:
        return f"Attribute.{self.name}"


def find_attribute(text: object) -> Attribute | None:
    """The attribute that ``text`` names, or ``None`` when it names none."""
    if isinstance(text, Attribute):
        return text
    if not isinstance(text, str):
        return None
    key = text.replace("\ufe0f", "").strip().upper()
    return _BY_KEY.get(key)


_TITLES = {attribute: attribute.name.title() for attribute in Attribute}
_SYMBOLS = {
    Attribute.STRENGTH: "♠",
    Attribute.INTELLIGENCE: "♦",
    Attribute.DEXTERITY: "♣",
    Attribute.CHARISMA: "♥",
}
_DESCRIPTIONS = {
    Attribute.STRENGTH: "Physical fitness and power as well as confidence and decisiveness.",
    Attribute.INTELLIGENCE: "Represents knowledge, logic and attention, as well as sanity.",
    Attribute.DEXTERITY: "Mobility, speed, balance and accuracy as well as secrecy.",
    Attribute.CHARISMA: "Charm, Kindness and social Skills, as well as mental state and motivation.",
}
_SERIOUS = {
    Attribute.STRENGTH: "You pass out, you get a serious injury or die.",
    Attribute.INTELLIGENCE: "You space out, loose focus or go insane.",
    Attribute.DEXTERITY: "You get sore, incapacitated or permanently paralyzed.",
    Attribute.CHARISMA: "You loose motivation, suffer permanent emotional damage or give up completely.",
}
ATTRIBUTE_TITLES: tuple[str, ...] = tuple(_TITLES[a] for a in Attribute)
"""The attributes' names in the text's order."""
SERIOUS_ROWS: tuple[tuple[str, str], ...] = tuple((_TITLES[a], _SERIOUS[a]) for a in Attribute)
"""Each attribute's name and its row of the Serious Consequences table (S-6), in the table's order."""

_SUIT_NAMES = {
    Attribute.STRENGTH: "SPADES",
    Attribute.INTELLIGENCE: "DIAMONDS",
    Attribute.DEXTERITY: "CLUBS",
    Attribute.CHARISMA: "HEARTS",
}
_OUTLINE_SYMBOLS = {
    Attribute.STRENGTH: "♤",
    Attribute.INTELLIGENCE: "♢",
    Attribute.DEXTERITY: "♧",
    Attribute.CHARISMA: "♡",
}

_BY_KEY: dict[str, Attribute] = {}
for _attribute in Attribute:
    for _key in (
        _attribute.name,
        _attribute.value,
        _SYMBOLS[_attribute],
        _OUTLINE_SYMBOLS[_attribute],
        _SUIT_NAMES[_attribute],
        f"{_SYMBOLS[_attribute]} {_attribute.name}",
    ):
        _BY_KEY[_key] = _attribute


def symbol_to_attribute(char: str) -> Attribute | None:
    """The attribute of one suit symbol or letter (``♠`` or ``S``), or ``None``."""
    found = _BY_KEY.get(char.upper())
    return found if found is not None and len(char) == 1 else None
