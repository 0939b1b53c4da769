"""S-1 field by field: every rule of a sheet refused beside its field, and agreement with create_character."""

from __future__ import annotations

import random

import pytest
from creation_agreement import check_agreement, varied_sheet

from kit.core.errors import RulesError
from kit.suitpairs import SuitPairsGame
from kit.suitpairs.creation import sheet_problems
from kit.suitpairs.skills import SKILL_NAMES

MIRA = {"name": "Mira", "identity": "Baker", "strength": 3, "intelligence": 2, "dexterity": 2, "charisma": 3,
        "skills": ["Defy", "Analyze", "Stealth", "Help"]}

BROKEN = [
    ({"name": " "}, {"name"}, "name"),
    ({"name": "x" * 61}, {"name"}, "60"),
    ({"identity": ""}, {"identity"}, "identity"),
    ({"identity": "x" * 201}, {"identity"}, "200"),
    ({"strength": 0, "intelligence": 4, "dexterity": 3, "charisma": 3}, {"strength"}, "at least 1"),
    ({"strength": 6, "intelligence": 1, "dexterity": 1, "charisma": 2}, {"strength"}, "above 5"),
    ({"strength": 4}, {"strength", "intelligence", "dexterity", "charisma"}, "spend exactly 10"),
    ({"strength": True}, {"strength"}, "whole number"),
    ({"skills": ["Defy", "Analyze", "Stealth"]}, {"skills"}, "Charisma row"),
    ({"skills": ["Defy", "Grab", "Analyze", "Stealth"]}, {"skills"}, "both in the ♠ Strength row"),
    ({"skills": ["Defy", "Defy", "Stealth", "Help"]}, {"skills"}, "twice"),
    ({"skills": ["Juggle", "Analyze", "Stealth", "Help"]}, {"skills"}, "sixteen"),
    ({"skills": ["Defy", "Analyze", "Stealth", "Help", "Charm"]}, {"skills"}, "Charm"),
    ({"skills": "Defy"}, {"skills"}, "row"),
]


@pytest.mark.parametrize(("change", "fields", "words"), BROKEN, ids=[str(i) for i in range(len(BROKEN))])
def test_s1_each_broken_rule_is_shown_beside_its_field(change, fields, words):
    problems = sheet_problems({**MIRA, **change})
    assert set(problems) == fields
    assert all(words in problems[field] for field in fields)
    assert all("(S-1)" in message or "(G-2)" in message for message in problems.values())
    with pytest.raises(RulesError):
        SuitPairsGame("s1", practice=True).create_character(**{**MIRA, **change})


def test_s1_a_legal_sheet_has_no_problems_and_a_taken_name_has_one():
    assert sheet_problems(MIRA) == {}
    problems = sheet_problems({**MIRA, "name": "MIRA "}, taken=["Mira"])
    assert set(problems) == {"name"} and "S-1" in problems["name"]


def _random_sheet(rng: random.Random) -> dict:
    """A legal sheet with none, one or a few fields changed at random (often still legal, often not)."""
    skills = [*SKILL_NAMES, "Juggle", "defy", "♠♦", ""]
    choices = {
        "name": lambda: rng.choice(["Ines", " Ines ", "", " ", "tobin", "x" * 61]),
        "identity": lambda: rng.choice(["Fool", "", " "]),
        "strength": lambda: rng.choice([0, 1, 2, 3, 4, 5, 6]),
        "intelligence": lambda: rng.choice([1, 2, 3, 4, 5, 6]),
        "dexterity": lambda: rng.choice([0, 1, 2, 3, 4]),
        "charisma": lambda: rng.choice([1, 2, 3, 4, 5]),
        "skills": lambda: rng.sample(skills, rng.choice([3, 4, 4, 4, 5])),
    }
    return varied_sheet(rng, dict(MIRA, name="Ines"), choices, dropped=0.03)


def test_s1_sheet_problems_agree_with_create_character_over_many_sheets():
    check_agreement(random.Random("s1-agreement"), 800, lambda: SuitPairsGame("s1-agree", practice=True),
                    "create_character", {**MIRA, "name": "Tobin"}, _random_sheet, sheet_problems)
