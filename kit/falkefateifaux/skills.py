"""The sixteen skills, their suits and the ladder of levels (F-3, F-14)."""

from __future__ import annotations

from kit.core.cards import Suit
from kit.core.errors import UnknownNameError

SKILLS: dict[str, Suit] = {
    "Athletics": Suit.CLUBS,
    "Fisticuffs": Suit.CLUBS,
    "Marksmanship": Suit.CLUBS,
    "Resistance": Suit.CLUBS,
    "Education": Suit.DIAMONDS,
    "Magic": Suit.DIAMONDS,
    "Physician": Suit.DIAMONDS,
    "Tinkering": Suit.DIAMONDS,
    "Charisma": Suit.HEARTS,
    "Courage": Suit.HEARTS,
    "Expression": Suit.HEARTS,
    "Connection": Suit.HEARTS,
    "Society": Suit.SPADES,
    "Exchequer": Suit.SPADES,
    "Social Graces": Suit.SPADES,
    "Subterfuge": Suit.SPADES,
}
"""Every skill with its natural suit, in the order the text lists them."""

LADDER: dict[str, int] = {
    "Extraordinary": 12,
    "Exceptional": 10,
    "Great": 8,
    "Good": 6,
    "Competent": 4,
    "Poor": 2,
}
"""The ladder of levels; a skill adds its level in full to an outcome (F-3)."""

MAGIC_SKILL = "Magic"
"""Flips of this skill draw from the Deck of Magic (F-1)."""

_ALIASES = {"connections": "Connection", "socialgraces": "Social Graces"}


def _key(text: str) -> str:
    return "".join(ch for ch in str(text).lower() if ch.isalnum())


_BY_KEY = {_key(name): name for name in SKILLS} | {_key(k): v for k, v in _ALIASES.items()}


def skill_name(text: str) -> str:
    """The skill's proper name, looked up case-insensitively (``"social graces"`` → ``Social Graces``)."""
    name = _BY_KEY.get(_key(text)) if isinstance(text, str) else None
    if name is None:
        raise UnknownNameError(
            f"skill {text!r}", "is not one of the sixteen skills", "F-14",
            f"skills are: {', '.join(SKILLS)}",
        )
    return name


def skill_suit(skill: str) -> Suit:
    """The natural suit of a skill (the action's suit for card values, F-2)."""
    return SKILLS[skill_name(skill)]


def level_name(level: int) -> str:
    """The ladder's word for a level: ``6`` → ``Good``; levels off the ladder are shown as numbers."""
    for name, value in LADDER.items():
        if value == level:
            return name
    return str(level)


def parse_level(level: int | str) -> int:
    """Read a level given as a ladder word (``"Great"``) or as one of the ladder's numbers."""
    if isinstance(level, bool):
        raise UnknownNameError(f"level {level!r}", "is not a level of the ladder", "F-3",
                               f"levels are: {', '.join(f'{k} {v}' for k, v in LADDER.items())}")
    if isinstance(level, int) and level in LADDER.values():
        return level
    if isinstance(level, str):
        for name, value in LADDER.items():
            if name.lower() == level.strip().lower():
                return value
    raise UnknownNameError(f"level {level!r}", "is not a level of the ladder", "F-3",
                           f"levels are: {', '.join(f'{k} {v}' for k, v in LADDER.items())}")


def skills_of_suit(suit: Suit) -> list[str]:
    """The four skills of one suit."""
    return [name for name, s in SKILLS.items() if s is suit]
