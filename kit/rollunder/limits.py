"""What each Roll-Under argument and table option may be: types, rulings and bounds (G-2, G-3).

The game's public methods are annotated with these types; :mod:`kit.core.params` checks every
argument against them before the rules see it, for a live call and a replayed event alike.
The bounds follow the rules: each modifier is −10…+10 (R-1), a cover rating 0…10 (R-5), a deal
1…22 cards (R-7); sheet values are bounded by the sheet check (R-1, R-6) and weapon damage by
0…30 like armour; the clock moves at most a year of hours, a day of minutes or an hour of
seconds at a time (G-3).
"""

from __future__ import annotations

from typing import Annotated, TypedDict

from kit.core.errors import MalformedInputError
from kit.core.params import Items, Line, Name, Prose, Ruling, Span

MODIFIER_LOW, MODIFIER_HIGH = -10, 10
"""Each modifier runs from −10 (all but impossible) to +10 (trivial) (R-1)."""

MAX_MODIFIERS = 20
"""A test takes at most 20 modifiers in one list (G-3)."""

MAX_HOURS, MAX_MINUTES, MAX_SECONDS = 366 * 24, 24 * 60, 60 * 60
"""The clock moves at most a (leap) year of hours, a day of minutes, an hour of seconds at a time (G-3)."""

MAX_WEAPON_DAMAGE = 30
"""A weapon's damage is 0…30, the range of armour (R-5)."""

Who = Name
"""A character at the table (at most 60 characters, G-2)."""

# -- sheets (R-1, R-5, R-6) ------------------------------------------------------------------

CharacterName = Annotated[Name, Ruling("R-1", "name the character, e.g. \"Artie\"", why="must be non-empty text")]
"""A new character's name (R-1)."""

Player = Annotated[Name, Ruling("R-1", "name the player who owns the character, e.g. player=\"Ann\"",
                                why="must be non-empty text")]
"""The player who owns a character (R-7 consent asks them)."""

SheetValues = Annotated[dict[Name, int], Items(40, "R-1"),
                        Ruling("R-1", 'map names to whole numbers, e.g. {"Agility": 7}',
                               why="must map names to whole numbers")]
"""A sheet's attributes (or skills) and their values; the sheet check bounds them 0…30 (R-1)."""

SheetSkills = Annotated[Annotated[dict[Name, int], Items(40, "R-1")] | None,
                        Ruling("R-1", 'map skill names to whole numbers, e.g. {"Bash and Stab": 7}',
                               why="must map skill names to whole numbers")]
"""A sheet's skills, or None for none (R-1)."""


class WeaponSheet(TypedDict, total=False):
    """A weapon as a sheet writes it: ``{"name": "Sword", "damage": 3, "kind": "melee", "skill": "Bash and Stab"}``."""

    name: Name
    damage: Annotated[int, Span(0, MAX_WEAPON_DAMAGE, "R-5", f"a weapon's damage is 0…{MAX_WEAPON_DAMAGE}")]
    kind: Name
    skill: Name
    familiarity: bool
    unarmed: bool


Weapons = Annotated[Annotated[list[WeaponSheet], Items(20, "R-5")] | None,
                    Ruling("R-5", 'list the weapons, e.g. [{"name": "Sword", "damage": 3, "skill": "Bash and Stab"}]')]
"""A sheet's weapons, or None for none (R-5)."""

# -- tests (R-1, R-2) ------------------------------------------------------------------------

Attribute = Annotated[Name, Ruling("R-1", "name an attribute, e.g. \"Agility\"")]
"""An attribute of the sheet (R-1)."""

TestSkill = Annotated[Name | None, Ruling("R-1", "name a skill, or None for the attribute alone")]
"""The skill a test adds, or None (R-1)."""

Modifier = Annotated[int, Span(MODIFIER_LOW, MODIFIER_HIGH, "R-1", "is outside −10…+10",
                               "each modifier runs from −10 (all but impossible) to +10 (trivial)")]
"""One modifier (R-1)."""

Modifiers = Annotated[Modifier | Annotated[list[Modifier], Items(MAX_MODIFIERS, "R-1")],
                      Ruling("R-1", "give a whole number or a list of whole numbers, each −10…+10")]
"""A test's modifiers: one number or a list (R-1)."""

# -- combat (R-3 … R-5) ----------------------------------------------------------------------

Combatants = Annotated[list[Name], Ruling("R-3", "name two or more characters at the table, such as "
                                                 "['Artie', 'Xavier']")]
"""The characters in a combat (R-3)."""

Ambushers = Annotated[list[Name] | None, Ruling("R-3", "list the ambushers, or leave ambushers out when nobody is "
                                                       "ambushed")]
"""The combatants who ambush, or None (R-3)."""

Opponents = Annotated[list[Name], Ruling("R-4", "name the characters in melee")]
"""The opponents a withdrawal is opposed by (R-4)."""

WeaponName = Annotated[Name | None, Ruling("R-5", "name a weapon on the sheet, or None for the first")]
"""A weapon on the attacker's sheet, or None (R-5)."""

Defence = Annotated[Name | None, Ruling("R-5", "dodge, parry, cover or none; None for the defender's default")]
"""The defender's choice of defence, or None (R-5)."""

Cover = Annotated[int, Span(0, 10, "R-5", "must be a whole number 0…10", "give cover=0 (no cover) up to cover=10"),
                  Ruling("R-5", "give cover=0 (no cover) up to cover=10")]
"""A cover rating (R-5)."""

PerceiveSkill = Annotated[Name, Ruling("R-4", "Sergeant's Eye or Investigator's Eye")]
"""The skill a perception test adds (R-4)."""

WithdrawSkill = Annotated[Name, Ruling("R-4", "Duck & Cover or the close combat skill")]
"""The skill a withdrawal adds (R-4)."""

Power = Annotated[Line, Ruling("R-4", "name the pattern, charm or ephemera", why="must be named")]
"""A pattern, charm or ephemera to invoke (R-4)."""

Thing = Annotated[Line, Ruling("R-4", "name the thing, e.g. \"the lantern\"", why="must be named")]
"""An item to ready or drop, a feature of the world to operate (R-4)."""

Statement = Annotated[Prose, Ruling("R-4", "say something that takes five seconds or less", why="must be text")]
"""One short statement; R-4 keeps it to 200 characters, five seconds of speech."""

# -- time and healing (R-6) ------------------------------------------------------------------

Hours = Annotated[int, Span(0, MAX_HOURS, "G-3", f"the clock moves 0…{MAX_HOURS:,} hours (a year) at a time",
                            "give hours=0 or more, at most a year", MalformedInputError)]
"""Hours to move the clock (R-6)."""

Minutes = Annotated[int, Span(0, MAX_MINUTES, "G-3", f"the clock moves 0…{MAX_MINUTES:,} minutes (a day) at a time",
                              "give minutes=0 or more, at most a day; more as hours", MalformedInputError)]
"""Minutes to move the clock (R-6)."""

Seconds = Annotated[int, Span(0, MAX_SECONDS, "G-3", f"the clock moves 0…{MAX_SECONDS:,} seconds (an hour) at a "
                              "time", "give seconds=0 or more, at most an hour; more as minutes",
                              MalformedInputError)]
"""Seconds to move the clock (R-6)."""

# -- fate cards (R-7) ------------------------------------------------------------------------

Listed = Annotated[list[Name] | None, Ruling("R-7", "list characters at the table, or None for everyone")]
"""The characters who draw or are dealt fate cards, or None for everyone (R-7)."""

DealCount = Annotated[Annotated[int, Span(1, 22, "R-7", "must be a whole number 1…22",
                                          "or leave count out to top each hand up to ceil(Fate / 2)")] | None,
                      Ruling("R-7", "give count=1 to 22, or leave it out to top each hand up to ceil(Fate / 2)")]
"""How many cards each is dealt, or None to top up (R-7)."""

FateCard = Annotated[Name, Ruling("R-7", "name a card the character holds, e.g. \"The Fool\"",
                                  why="must be a card's name")]
"""A Tarot card by name (R-7)."""

Use = Annotated[Name, Ruling("R-7", "reroll, permit or narrative")]
"""How a fate card is used (R-7)."""

On = Annotated[Name | None, Ruling("R-7", "name the character whose latest test it changes, or None for the holder")]
"""Whose test a fate card changes, or None for the holder's (R-7)."""

Consent = Annotated[Name | None, Ruling("R-7", "consent='<player>' once that player agrees")]
"""The consenting player's name, when the card is used on another player's character (R-7)."""

Note = Annotated[Prose, Ruling("R-7", "note='…' for the GM to rule on", why="must be text")]
"""A note for the GM: the narrative change asked for (R-7)."""

# -- table options (R-3 … R-6) ---------------------------------------------------------------

AimBonus = Annotated[int, Span(0, MODIFIER_HIGH, "R-4", "an aim bonus is 0…+10, a modifier's range (R-1)",
                               "give aim_bonus=0 to 10 (default 2)", MalformedInputError)]
"""The ``aim_bonus`` option (R-4)."""

UnarmedDamage = Annotated[int, Span(0, MAX_WEAPON_DAMAGE, "R-5", f"unarmed damage is 0…{MAX_WEAPON_DAMAGE}, a "
                                    "weapon's range", "give unarmed_damage=0 to 30 (default 1)",
                                    MalformedInputError)]
"""The ``unarmed_damage`` option (R-5)."""

PhysicalTestHours = Annotated[int, Span(0, MAX_HOURS, "R-6", f"one physical recovery test every 0…{MAX_HOURS:,} "
                                        "hours", "give physical_test_hours=0 to 8784 (default 24)",
                                        MalformedInputError)]
"""The ``physical_test_hours`` option (R-6)."""

OPTION_TYPES = {
    "aim_bonus": AimBonus,
    "initiative_ties": Annotated[Name, Ruling("R-3", "listing or reverse listing")],
    "initiative_resort": Annotated[bool, Ruling("R-3", "give True or False", why="must be true or false")],
    "close_combat_skill": Annotated[Name, Ruling("R-5", 'name a skill, e.g. "Bash and Stab"')],
    "unarmed_damage": UnarmedDamage,
    "physical_test_hours": PhysicalTestHours,
}
"""Every Roll-Under table option's type and bounds, checked when the table is set up (G-3)."""

# -- the GM's rulings on narrative changes (R-7a) ----------------------------------------------

MAX_NARRATIVE_REQUESTS = 9999
"""Narrative change requests are numbered 1…9,999 in the order they were made (R-7a, G-3)."""

NarrativeRequest = Annotated[int, Span(1, MAX_NARRATIVE_REQUESTS, "R-7", "is not the number of a narrative change "
                                       "request", "give the request's number, 1 for the first made"),
                             Ruling("R-7", "give the request's number, 1 for the first made")]
"""A narrative change request by its number: 1 for the first made with a Major Arcanum (R-7, R-7a)."""

Granted = Annotated[bool, Ruling("R-7", "give True to grant the change or False to refuse it",
                                 why="must be true or false")]
"""Whether the GM grants the narrative change (R-7a)."""

RulingText = Annotated[Prose, Ruling("R-7", "say in words what the GM decided, or leave it empty",
                                     why="must be text")]
"""The GM's ruling in words, kept in the log (R-7a)."""
