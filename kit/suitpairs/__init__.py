"""Suit Pairs: 2d6 + skill against a difficulty, four suit attributes that move after every check.

The rules core (no widgets, no IPython, no nbformat): attributes and skills (S-1, S-2),
checks (S-3), rerolls (S-4), consequences (S-5), serious consequences (S-6), exact odds.
"""

from kit.suitpairs.attributes import Attribute
from kit.suitpairs.character import Character
from kit.suitpairs.difficulties import DIFFICULTIES, Difficulty, difficulty
from kit.suitpairs.game import PendingCheck, SuitPairsGame, SuitPairsState
from kit.suitpairs.odds import CheckOdds, check_odds, final_total_distribution, success_probability, total_distribution
from kit.suitpairs.results import Adjustment, Change, CharacterCreated, CheckResolved, RollResult
from kit.suitpairs.rules import Consequence, consequence, roll_succeeds
from kit.suitpairs.skills import SKILLS, Skill, skill

__all__ = [
    "DIFFICULTIES",
    "SKILLS",
    "Adjustment",
    "Attribute",
    "Change",
    "Character",
    "CharacterCreated",
    "CheckOdds",
    "CheckResolved",
    "Consequence",
    "Difficulty",
    "PendingCheck",
    "RollResult",
    "Skill",
    "SuitPairsGame",
    "SuitPairsState",
    "check_odds",
    "consequence",
    "difficulty",
    "final_total_distribution",
    "roll_succeeds",
    "skill",
    "success_probability",
    "total_distribution",
]
