"""Roll-Under: 1d20 roll-under tests, degrees of success, combat rounds and Tarot fate cards (R-1 … R-7)."""

from kit.rollunder.game import RollUnderGame
from kit.rollunder.results import (
    ActionResult,
    AttackResult,
    CharacterAdded,
    CombatStarted,
    FateDeal,
    FateDraw,
    FateSpend,
    HealingResult,
    InitiativeChanged,
    OpposedResult,
    RoundResult,
    TestResult,
    TestSide,
    TimeResult,
    WithdrawResult,
)

__all__ = [
    "ActionResult",
    "AttackResult",
    "CharacterAdded",
    "CombatStarted",
    "FateDeal",
    "FateDraw",
    "FateSpend",
    "HealingResult",
    "InitiativeChanged",
    "OpposedResult",
    "RollUnderGame",
    "RoundResult",
    "TestResult",
    "TestSide",
    "TimeResult",
    "WithdrawResult",
]
