"""What each FalkeFateiFaux argument and table option may be: types, rulings and bounds (G-2, G-3, G-4).

The game's public methods are annotated with these types; :mod:`kit.core.params` checks every
argument against them before the rules see it, for a live call and a replayed event alike.
A type refusal cites the ruling the parameter belongs to (``target`` F-9, ``adverb`` F-6 …).
The bounds follow the rules: a stack can never hold more cards than its deck has (F-4), and a
deck is at most 8 standard decks of Fate and 4 of Magic (G-4).
"""

from __future__ import annotations

from typing import Annotated

from kit.core.errors import InvalidCharacterError, OutOfRangeError
from kit.core.params import Items, Line, Name, Ruling, Span

CARDS_PER_DECK = 54
"""One standard deck: 52 cards and two jokers (F-1)."""

MAX_FATE_DECKS = 8
"""The Deck of Fate holds at most 8 standard decks: enough for 16 players at N = ceil(players / 2) (G-4)."""

MAX_MAGIC_DECKS = 4
"""The Deck of Magic holds at most 4 standard decks (G-4)."""

MAX_STACK = MAX_FATE_DECKS * CARDS_PER_DECK
"""No stack can flip more cards than the largest Deck of Fate holds: 8 × 54 = 432 (F-4, G-4)."""

MAX_COUNT = MAX_STACK - 1
"""The most [+] (or [−]) one count may give: n = 431 flips n + 1 = 432 cards (F-4)."""

MAX_GM_NUMBER = 99
"""A GM's target or modifier, a Fate award: −99…+99 — an outcome is at most 15 + 12 before modifiers (G-3)."""

MAX_REFRESH_CHANGE = CARDS_PER_DECK
"""One change of Card Refresh is at most ±54, a whole deck's worth of cards (F-10, G-3)."""

# -- table options (G-4) ---------------------------------------------------------------------

FateDecks = Annotated[
    Annotated[int, Span(1, MAX_FATE_DECKS, "G-4", f"the Deck of Fate is 1 to {MAX_FATE_DECKS} standard decks",
                        f"give fate_decks=1 to {MAX_FATE_DECKS}, or None for max(2, ceil(players / 2)) decks (F-1)")]
    | None,
    Ruling("G-4", f"give fate_decks=1 to {MAX_FATE_DECKS}, or None for max(2, ceil(players / 2)) decks (F-1)",
           OutOfRangeError),
]
"""The ``fate_decks`` option: None (grow with the players, F-1) or 1 to 8 decks (G-4)."""

MagicDecks = Annotated[
    int,
    Span(1, MAX_MAGIC_DECKS, "G-4", f"the Deck of Magic is 1 to {MAX_MAGIC_DECKS} standard decks",
         f"give magic_decks=1 to {MAX_MAGIC_DECKS} (default 1, F-1)"),
    Ruling("G-4", f"give magic_decks=1 to {MAX_MAGIC_DECKS} (default 1, F-1)", OutOfRangeError),
]
"""The ``magic_decks`` option: 1 to 4 decks (G-4)."""

# -- characters (F-14) -----------------------------------------------------------------------

Who = Annotated[Name, Ruling("F-14", "name a character at the table, e.g. \"Ada\"")]
"""A character's name (at most 60 characters, G-2)."""

SheetName = Annotated[Name, Ruling("F-14", "a sheet names its character, adverbs and skills",
                                                      InvalidCharacterError)]
"""A name written on a sheet: the character, an adverb, a skill (F-14)."""

SheetNames = Annotated[list[SheetName], Items(16, "F-14"),
                       Ruling("F-14", 'list them, e.g. adverbs=["swiftly", "cunningly", "gently"]',
                              InvalidCharacterError)]
"""A sheet's list of adverbs or skills (F-14: there are sixteen skills)."""

SheetLine = Annotated[Line, Ruling("F-14", "a High Concept and a Trouble are one line of text",
                                                      InvalidCharacterError)]
"""A High Concept or a Trouble: one line (at most 200 characters, G-2)."""

NPC = Annotated[bool, Ruling("F-1", "pass npc=True for a GM's character (not counted for the decks) or npc=False")]
"""Whether a character is the GM's (not counted for the Deck of Fate, F-1)."""

# -- flips (F-3 … F-9, F-13) -----------------------------------------------------------------

Skill = Annotated[Name, Ruling("F-14", "name one of the sixteen skills, e.g. \"Fisticuffs\"")]
"""A skill's name (F-14)."""

Target = Annotated[
    Annotated[int, Span(-MAX_GM_NUMBER, MAX_GM_NUMBER, "G-3", "a GM's target is −99…+99")]
    | None,
    Ruling("F-9", "give a whole number set by the GM, e.g. target=8"),
]
"""A flip's target number, or None for an opposed flip or a contest (F-9)."""

Opponent = Annotated[Name | None, Ruling("F-9", 'name the opposing character, e.g. against="Bruno"')]
"""The opposing character, or None (F-9)."""

OpposingSkill = Annotated[Name | None, Ruling("F-9", 'give against_skill="Athletics" for a contest')]
"""The opposing side's skill in a contest, or None (F-9)."""

Adverb = Annotated[Name | Annotated[list[Name], Items(4)] | None,
                   Ruling("F-6", 'name one of the character\'s adverbs, e.g. adverb="swiftly"')]
"""The action's adverb (at most one is accepted by F-6), or None."""

Count = Annotated[int, Span(0, MAX_COUNT, "F-4",
                            f"counts 0 to {MAX_COUNT}: a stack of n + 1 cards must fit in the largest Deck of Fate "
                            f"({MAX_FATE_DECKS} × {CARDS_PER_DECK} = {MAX_STACK} cards, G-4)",
                            f"give a count from 0 to {MAX_COUNT}; [+] and [−] each have their own count")]
"""A count of [+] or [−] (F-4)."""

Reasons = Annotated[list[Line], Items(MAX_COUNT, "F-4")]
"""The GM's reasons for [+] or [−], one factor each (F-4)."""

Advantage = Annotated[Count | Line | Reasons | None,
                      Ruling("F-4", 'give a count or name the reasons, e.g. plus=1 or plus=["Gloves of Boxing"]')]
"""The GM's [+] or [−]: a count, a reason, or a list of reasons (F-4)."""

GMModifier = Annotated[int, Span(-MAX_GM_NUMBER, MAX_GM_NUMBER, "G-3", "a GM's modifier is −99…+99")]
"""One situational modifier added to the outcome (F-3)."""

Modifier = Annotated[GMModifier | Annotated[dict[Line, GMModifier], Items(50, "F-3")] | None,
                     Ruling("F-3", 'give a number or a mapping of reasons to numbers, e.g. modifier=-2 or '
                                   'modifier={"local renown": 3}')]
"""The GM's modifier: a number or ``{reason: number}`` (F-3)."""

Spend = Annotated[bool, Ruling("F-7", "pass True or False")]
"""A Fate token spent before the flip: [++] (``boost``) or [−] to the opponent (``hinder``) (F-7)."""

SuitSpend = Annotated[Name | bool | None,
                      Ruling("F-7", 'name Clubs, Diamonds, Hearts or Spades (C, D, H, S), or True for the action\'s '
                                    'suit')]
"""A Fate token spent to grant a suit: a suit's name, True for the action's suit, or None (F-7)."""

FreeSuit = Annotated[Name | None, Ruling("F-7", 'name Clubs, Diamonds, Hearts or Spades, e.g. granted_suit="Clubs"')]
"""A rare object's suit, granted free (F-7), or None."""

Guide = Annotated[bool, Ruling("F-8", "pass guide=True or guide=False")]
"""Whether the side may still guide fate after the flip (F-8)."""

DurationName = Annotated[Name | None, Ruling("F-13", 'name a table of durations, e.g. duration="armor_of_ithan"')]
"""A table of durations by band (F-13), or None."""

ChosenCard = Annotated[Name | None, Ruling("F-4", 'name a card of the stack, e.g. "9C", or None')]
"""A card chosen from the stack (F-4), or None."""

HandCard = Annotated[Name | None, Ruling("F-8", 'name a card of the hand, e.g. "QC", or None to pass')]
"""A card played from the hand to guide fate (F-8), or None."""

# -- hands (F-10, F-11) ----------------------------------------------------------------------

Discards = Annotated[list[Name], Items(MAX_STACK, "F-10"), Ruling("F-10", 'name cards of the hand, e.g. ["2C"]')]
"""Cards discarded from a hand (F-10)."""

Trusted = Annotated[list[Name], Items(MAX_STACK, "F-11"), Ruling("F-11", 'name four cards of the hand')]
"""The four cards trusted to the fates (F-11)."""

SceneDiscards = Annotated[
    Annotated[dict[Who, Annotated[list[Name], Items(MAX_STACK, "F-10")]], Items(MAX_STACK, "F-10")] | None,
    Ruling("F-10", 'map characters to the cards they discard, e.g. discards={"Ada": ["2C"]}'),
]
"""Each character's discards at the end of a scene (F-10), or None."""

TokenAward = Annotated[int, Span(-MAX_GM_NUMBER, MAX_GM_NUMBER, "G-3", "an award gives or takes −99…+99 Fate tokens"),
                       Ruling("F-11", "e.g. amount=1")]
"""Fate tokens given (or, negative, taken) by the GM (F-11)."""

Reason = Annotated[Line, Ruling("F-11", 'e.g. reason="session start"')]
"""Why the GM gives tokens or changes a pool: one line (G-2)."""

RefreshChange = Annotated[int, Span(-MAX_REFRESH_CHANGE, MAX_REFRESH_CHANGE, "G-3",
                                    "Card Refresh changes by at most a deck's 54 cards at a time"),
                          Ruling("F-10", "e.g. amount=1")]
"""A change of Card Refresh (F-10)."""

ControlReason = Annotated[Line, Ruling("F-10", 'e.g. reason="unconscious"')]
"""Why a character is no longer in control (F-10)."""

# -- afflictions (F-3, F-12) -----------------------------------------------------------------

Condition = Annotated[Name, Ruling("F-12", 'name a condition, e.g. "Winded"')]
"""A condition's name (F-12)."""

Injury = Annotated[Name, Ruling("F-12", 'name an injury, e.g. "Minor"')]
"""An injury's name (F-12)."""

Choice = Annotated[Name | None, Ruling("F-12", 'e.g. choice="Clubs" (or "+" / "++" for Hard Cover)')]
"""A player's or GM's choice recorded with an affliction (F-12), or None."""

ConditionSkills = Annotated[Annotated[list[Name], Items(20, "F-12")] | None,
                            Ruling("F-12", 'give skills=["Resistance"] (or a suit, or "all")')]
"""The skills a condition of the table's own touches (F-12), or None for a listed condition."""

ConditionCount = Annotated[int, Span(0, MAX_COUNT, "F-12",
                                     f"a condition counts 0 to {MAX_COUNT} [+] or [−]: a stack must fit in the "
                                     f"largest Deck of Fate ({MAX_STACK} cards, F-4)"),
                           Ruling("F-12", "give a whole number 0 or more, e.g. plus=1")]
"""A condition's [+] or [−] (F-12)."""

ConditionModifier = Annotated[int, Span(-MAX_GM_NUMBER, MAX_GM_NUMBER, "G-3", "a condition's modifier is −99…+99"),
                              Ruling("F-12", "give a whole number, e.g. modifier=3 or modifier=-2")]
"""A condition's modifier (F-12)."""

InjuryAmount = Annotated[Annotated[int, Span(-MAX_GM_NUMBER, MAX_GM_NUMBER, "G-3")] | None,
                         Ruling("F-12", "pass amount=2, 3 or 4 for a Minor injury")]
"""The GM's amount for a Minor injury (2–4, F-12), or None."""

Level = Annotated[Annotated[int, Span(-MAX_GM_NUMBER, MAX_GM_NUMBER, "G-3")] | Name,
                  Ruling("F-3", 'give a ladder word or number, e.g. level="Great" or level=8')]
"""A skill level on the ladder: a word or its number (F-3)."""

LevelSkill = Annotated[Name, Ruling("F-3", "name one of the sixteen skills")]
"""The skill whose level changes (F-3)."""
