"""What each Suit Pairs argument and table option may be: types, rulings and bounds (G-2, G-3).

The game's public methods are annotated with these types; :mod:`kit.core.params` checks every
argument against them before the rules see it, for a live call and a replayed event alike.
A type refusal cites the ruling the parameter belongs to (``skill`` S-2, ``difficulty`` S-3 …).
Creation values are bounded by S-1 itself (the sheet check runs before anything is built);
a GM moves 1 to 5 points at a time, since every value stays within 0–5 (S-5); a difficulty
number is −99…+99 (G-3: double 6s always succeed and double 1s always fail beyond that).
"""

from __future__ import annotations

from typing import Annotated

from kit.core.errors import InvalidCharacterError, MalformedInputError, UnknownNameError
from kit.core.params import Items, Line, Name, Ruling, Span
from kit.suitpairs.attributes import HIGHEST
from kit.suitpairs.difficulties import MAX_DIFFICULTY

Who = Name
"""A character at the table (at most 60 characters, G-2)."""

NewName = Annotated[Name, Ruling("S-1", "Name the character, such as 'Mira'", why="must be non-empty text")]
"""A new character's name (S-1)."""

Identity = Annotated[Line, Ruling("S-1", "Give a word or phrase saying who the character is, such as 'Collector', "
                                         "'Baker', 'Hero' or 'Fool'", InvalidCharacterError,
                                  why="an identity is required text")]
"""Who the character is: a passion, a profession, an archetype … one line (S-1, G-2)."""


def _creation_points(title: str) -> object:
    return Annotated[int, Ruling("S-1", f"Give {title} a whole number from 1 to {HIGHEST}",
                                 why="is not a whole number", label=title)]


Strength = _creation_points("Strength")
"""Starting Strength; S-1 bounds it (1–5, ten points in all)."""

Intelligence = _creation_points("Intelligence")
"""Starting Intelligence; S-1 bounds it (1–5, ten points in all)."""

Dexterity = _creation_points("Dexterity")
"""Starting Dexterity; S-1 bounds it (1–5, ten points in all)."""

Charisma = _creation_points("Charisma")
"""Starting Charisma; S-1 bounds it (1–5, ten points in all)."""

CreationSkills = Annotated[list[Name], Items(16, "S-1"),
                           Ruling("S-1", "Name one skill from each row, such as ['Defy', 'Analyze', 'Stealth', "
                                         "'Help']", why="must be a list of four skill names")]
"""The four trained skills, one from each row (S-1)."""

SkillName = Annotated[Name, Ruling("S-2", "name a skill such as 'Defy'", why="is not text")]
"""A skill by name or suit pair (S-2)."""

CheckDifficulty = Annotated[
    Name | Annotated[int, Span(-MAX_DIFFICULTY, MAX_DIFFICULTY, "G-3", f"a difficulty number is −{MAX_DIFFICULTY}…+"
                               f"{MAX_DIFFICULTY}", "use Easy (5), Medium (7), Hard (10), Impossible (13) or a number "
                               "such as 9")],
    Ruling("S-3", "use Easy (5), Medium (7), Hard (10), Impossible (13) or a number such as 9", UnknownNameError,
           why="is neither a difficulty of the table nor a whole number", label="difficulty"),
]
"""A difficulty of the table by name, or a number (S-3)."""

Payer = Annotated[Name | None, Ruling("S-4", "pay with the skill's primary or secondary attribute, such as "
                                             "'Strength'")]
"""The attribute that pays for a reroll (S-4); None is left to the rules, which name the attributes that may pay."""

Consequences = Annotated[bool | None, Ruling("S-5", "Leave it out to follow the table option, or give False to skip "
                                                    "this check's consequence", why="must be True, False or None")]
"""Whether this check's consequence applies: None follows the table option (S-5)."""

What = Annotated[Name, Ruling("S-2", "Name an attribute (Strength, Intelligence, Dexterity, Charisma) or one of the "
                                     "sixteen skills")]
"""The attribute or skill a GM adjusts (S-2)."""

Points = Annotated[int, Span(1, HIGHEST, "S-5", f"must be a whole number of at least 1 and at most {HIGHEST}: every "
                             f"value stays within 0–{HIGHEST}", f"Give points=1 to {HIGHEST}", MalformedInputError),
                   Ruling("S-5", "Give points=1 or more", why="must be a whole number of at least 1")]
"""How many points a GM awards or takes away: 1 to 5 (S-5)."""

Reason = Annotated[Line, Ruling("S-5", "Write the reason as text", why="must be text")]
"""Why the GM adjusts: one line (G-2)."""

ConsequencesOption = Annotated[bool, Ruling("S-5", "give consequences=True or consequences=False",
                                            why="must be True or False")]
"""The ``consequences`` table option (S-5)."""

TurnOrder = Annotated[list[Name], Items(20, "P-4"),
                      Ruling("P-4", "list the characters in the order they check, e.g. Mira then Tam")]
"""The GM's turn order: characters by name, each once."""
