"""F-14 field by field: every rule of a sheet refused beside its field, and agreement with add_character."""

from __future__ import annotations

import random

import pytest
from creation_agreement import check_agreement, varied_sheet

from kit.core.errors import RulesError
from kit.falkefateifaux import SKILLS, FalkeFateiFauxGame
from kit.falkefateifaux.creation import FIELDS, sheet_problems

ADA = {
    "name": "Ada", "high_concept": "Prize-fighting heiress", "trouble": "Owes the wrong people",
    "adverbs": ["swiftly", "cunningly", "boldly"], "negative_adverb": "clumsily",
    "great": "Athletics", "good": ["Fisticuffs", "Magic", "Courage"], "poor": "Society",
}

BROKEN = [
    ("name", {"name": "  "}, "name"),
    ("name", {"name": "x" * 61}, "60"),
    ("high_concept", {"high_concept": ""}, "High Concept"),
    ("high_concept", {"high_concept": "x" * 201}, "200"),
    ("trouble", {"trouble": " "}, "Trouble"),
    ("adverbs", {"adverbs": ["swiftly", "boldly"]}, "three"),
    ("adverbs", {"adverbs": ["swiftly", "boldly", "gently", "loudly"]}, "three"),
    ("adverbs", {"adverbs": ["swiftly", "", "gently"]}, "three"),
    ("adverbs", {"adverbs": ["swiftly", "Swiftly", "gently"]}, "different"),
    ("adverbs", {"adverbs": "swiftly"}, "three"),
    ("negative_adverb", {"negative_adverb": ""}, "negative"),
    ("negative_adverb", {"negative_adverb": "BOLDLY"}, "differ"),
    ("great", {"great": ""}, "Great"),
    ("great", {"great": "Juggling"}, "sixteen"),
    ("good", {"good": ["Fisticuffs", "Magic"]}, "three"),
    ("good", {"good": ["Fisticuffs", "Magic", "Courage", "Tinkering"]}, "three"),
    ("good", {"good": ["Fisticuffs", "Fisticuffs", "Courage"]}, "different"),
    ("good", {"good": ["Fisticuffs", "Athletics", "Courage"]}, "Great"),
    ("good", {"good": ["Fisticuffs", "Juggling", "Courage"]}, "sixteen"),
    ("poor", {"poor": "Magic"}, "differ"),
    ("poor", {"poor": "Athletics"}, "differ"),
    ("poor", {"poor": ""}, "Poor"),
    ("npc", {"npc": "yes"}, "NPC"),
]


@pytest.mark.parametrize(("field", "change", "words"), BROKEN, ids=[f"{f}-{i}" for i, (f, _, _) in enumerate(BROKEN)])
def test_f14_each_broken_rule_is_shown_beside_its_field(field, change, words):
    problems = sheet_problems({**ADA, **change})
    assert list(problems) == [field]
    assert words in problems[field]
    assert "(F-14)" in problems[field] or "(G-2)" in problems[field] or "(F-1)" in problems[field]
    with pytest.raises(RulesError):
        FalkeFateiFauxGame("f14", practice=True).add_character(**{**ADA, **change})


def test_f14_a_legal_sheet_has_no_problems():
    assert sheet_problems(ADA) == {}
    assert sheet_problems({**ADA, "npc": True}) == {}


def test_f14_a_name_at_the_table_is_taken_whatever_its_case():
    problems = sheet_problems({**ADA, "name": " ada "}, taken=["Ada"])
    assert set(problems) == {"name"} and "F-14" in problems["name"] and "Ada" in problems["name"]


def test_f14_a_missing_field_and_an_unknown_field_are_problems():
    problems = sheet_problems({key: value for key, value in ADA.items() if key != "trouble"} | {"colour": "red"})
    assert set(problems) == {"trouble", "colour"}


def test_f14_messages_are_plain_words():
    problems = sheet_problems({"adverbs": "x", "good": "y", "npc": None})
    assert set(problems) == set(FIELDS)
    for message in problems.values():
        assert "(" in message and not any(code in message for code in ("name(", "=", "None", "['", "[\""))


def _random_sheet(rng: random.Random) -> dict:
    """A legal sheet with none, one or a few fields changed at random (often still legal, often not)."""
    words = ["swiftly", "boldly", "gently", "clumsily", "Boldly", "quietly", " ", "", "x" * 61]
    skills = [*SKILLS, "Juggling", "magic", "social graces", ""]
    choices = {
        "name": lambda: rng.choice(["Cy", "Dee", " Eve ", " ", "", "bea", "x" * 61, "Cy\t"]),
        "high_concept": lambda: rng.choice(["Heiress", "", " ", "y" * 201]),
        "trouble": lambda: rng.choice(["Debts", ""]),
        "adverbs": lambda: rng.sample(words, rng.choice([3, 3, 3, 2, 4])),
        "negative_adverb": lambda: rng.choice(words),
        "great": lambda: rng.choice(skills),
        "good": lambda: rng.sample(skills, rng.choice([3, 3, 3, 2, 4])),
        "poor": lambda: rng.choice(skills),
        "npc": lambda: rng.choice([True, False]),
    }
    return varied_sheet(rng, dict(ADA, name="Cy"), choices, dropped=0.03)


def test_f14_sheet_problems_agree_with_add_character_over_many_sheets():
    check_agreement(random.Random("f14-agreement"), 600, lambda: FalkeFateiFauxGame("f14-agree", practice=True),
                    "add_character", {**ADA, "name": "Bea"}, _random_sheet, sheet_problems)
