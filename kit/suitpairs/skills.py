"""The sixteen skills: every pair of suits, the first the primary attribute, the second the secondary (S-2)."""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from kit.core.errors import MalformedInputError, UnknownNameError
from kit.suitpairs.attributes import Attribute, symbol_to_attribute


@dataclass(frozen=True)
class Skill:
    """One skill: its name, its primary and secondary attribute and what it does.

    >>> skill("Defy").pair, skill("sd").name, skill("♠️♦️").primary
    ('♠♦', 'Defy', Attribute.STRENGTH)
    """

    name: str
    primary: Attribute
    secondary: Attribute
    description: str

    @property
    def pair(self) -> str:
        """The suit pair as symbols: ``♠♦``."""
        return self.primary.symbol + self.secondary.symbol

    @property
    def code(self) -> str:
        """The suit pair as letters: ``SD``."""
        return self.primary.letter + self.secondary.letter

    @property
    def attributes(self) -> tuple[Attribute, ...]:
        """The attributes that may pay for a reroll (S-4): primary, then secondary if different."""
        if self.primary is self.secondary:
            return (self.primary,)
        return (self.primary, self.secondary)

    @property
    def label(self) -> str:
        """Pair and name: ``♠♦ Defy``."""
        return f"{self.pair} {self.name}"

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"skill({self.name!r})"


_TABLE: tuple[tuple[str, str, str], ...] = (
    ("SS", "Brute Force", "Use raw strength or attack."),
    ("SD", "Defy", "Stand your ground or brace for impact."),
    ("SC", "Grab", "Hold or move something."),
    ("SH", "Intimidate", "Instill fear or make a threat."),
    ("DS", "Explore", "Perceive your surroundings or investigate."),
    ("DD", "Analyze", "Examine a situation or object to gain insight."),
    ("DC", "Tinker", "Interact or modify devices and objects."),
    ("DH", "Persuade", "Convince someone using reason or appeal."),
    ("CS", "Evade", "Dodge or avoid an attack or obstacle."),
    ("CD", "Stealth", "Move quietly and remain undetected."),
    ("CC", "Agility", "Perform acrobatic feats or move quickly."),
    ("CH", "Deceive", "Lie or trick someone to achieve a goal."),
    ("HS", "Inspire", "Boost morale or increase motivation."),
    ("HD", "Help", "Assist someone or treat an injury."),
    ("HC", "Enthrall", "Captivate an audience or gain attention."),
    ("HH", "Charm", "Win someone over with charisma or grace."),
)

SKILLS: tuple[Skill, ...] = tuple(
    Skill(name, Attribute(code[0]), Attribute(code[1]), description) for code, name, description in _TABLE
)
"""All sixteen skills, in the text's order (row by primary attribute ♠ ♦ ♣ ♥)."""

SKILL_NAMES: tuple[str, ...] = tuple(s.name for s in SKILLS)
"""The sixteen skill names, in the text's order."""


def _name_key(text: str) -> str:
    return "".join(ch for ch in text.casefold() if ch.isalnum())


_BY_NAME = {_name_key(s.name): s for s in SKILLS}
_BY_PAIR = {(s.primary, s.secondary): s for s in SKILLS}


def row(attribute: Attribute | str) -> tuple[Skill, ...]:
    """The four skills whose primary attribute is ``attribute`` (one row of the text's table)."""
    wanted = Attribute.parse(attribute)
    return tuple(s for s in SKILLS if s.primary is wanted)


def find_skill(text: object) -> Skill | None:
    """The skill named by ``text`` (name in any case, or suit pair), or ``None``."""
    if isinstance(text, Skill):
        return text
    if not isinstance(text, str):
        return None
    by_name = _BY_NAME.get(_name_key(text))
    if by_name is not None:
        return by_name
    chars = [ch for ch in text.replace("\ufe0f", "") if not ch.isspace()]
    if len(chars) == 2:
        first, second = symbol_to_attribute(chars[0]), symbol_to_attribute(chars[1])
        if first is not None and second is not None:
            return _BY_PAIR[(first, second)]
    return None


def skill(text: str | Skill) -> Skill:
    """Look a skill up by name (any case) or by suit pair (``♠♦``, ``♠️♦️``, ``SD``) (S-2)."""
    if not isinstance(text, (str, Skill)):
        raise MalformedInputError(f"skill {text!r}", "is not text", "S-2", allowed="name a skill such as 'Defy'")
    found = find_skill(text)
    if found is None:
        close = difflib.get_close_matches(text.strip().title(), SKILL_NAMES, n=1)
        hint = f"Did you mean {close[0]}? " if close else ""
        raise UnknownNameError(
            f"skill {text!r}",
            "is not one of the sixteen skills",
            "S-2",
            allowed=f"{hint}Skills: {', '.join(SKILL_NAMES)}; or a suit pair such as ♠♦ or SD",
        )
    return found
