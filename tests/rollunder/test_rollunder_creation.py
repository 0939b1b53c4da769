"""The Roll-Under sheet field by field (R-1, R-5, R-6): every rule refused beside its field, and agreement with
add_character."""

from __future__ import annotations

import random

import pytest
from creation_agreement import check_agreement, varied_sheet

from kit.core.errors import RulesError
from kit.rollunder import RollUnderGame
from kit.rollunder.creation import sheet_problems

ARTIE = {
    "name": "Artie",
    "attributes": {"Agility": 7, "Wits": 6, "Vitality": 6, "Reason": 5, "Fate": 5},
    "skills": {"Bash and Stab": 7, "Barking Irons": 5},
    "weapons": [{"name": "Sword", "damage": 3, "kind": "melee", "skill": "Bash and Stab", "familiarity": True},
                {"name": "Pistol", "damage": 4, "kind": "ranged", "skill": "Barking Irons"}],
    "armour": 1, "stamina": 10, "physical": 8, "player": "Ann",
}
BASE = ARTIE["attributes"]
SWORD = ARTIE["weapons"][0]

BROKEN = [
    ("name", {"name": " "}, "R-1"),
    ("name", {"name": "x" * 61}, "G-2"),
    ("player", {"player": ""}, "R-1"),
    ("attributes", {"attributes": {**BASE, "Agility": 31}}, "R-1"),
    ("attributes", {"attributes": {**BASE, "Agility": -1}}, "R-1"),
    ("attributes", {"attributes": {k: v for k, v in BASE.items() if k != "Fate"}}, "R-1"),
    ("attributes", {"attributes": {**BASE, "agility ": 3}}, "R-1"),
    ("attributes", {"attributes": {**BASE, " ": 3}}, "R-1"),
    ("skills", {"skills": {"Medicine": 31}}, "R-1"),
    ("skills", {"skills": {"Medicine": 3, "medicine": 4}}, "R-1"),
    ("skills", {"skills": {"": 3}}, "R-1"),
    ("weapons", {"weapons": [{**SWORD, "name": " "}]}, "R-5"),
    ("weapons", {"weapons": [{**SWORD, "damage": 31}]}, "R-5"),
    ("weapons", {"weapons": [{**SWORD, "damage": -1}]}, "R-5"),
    ("weapons", {"weapons": [{k: v for k, v in SWORD.items() if k != "damage"}]}, "R-5"),
    ("weapons", {"weapons": [{**SWORD, "kind": "thrown"}]}, "R-5"),
    ("weapons", {"weapons": [{**SWORD, "skill": "Juggling"}]}, "R-5"),
    ("weapons", {"weapons": [SWORD, {**SWORD, "name": "sword"}]}, "R-5"),
    ("weapons", {"weapons": [{**SWORD, "familiarity": "yes"}]}, "R-5"),
    ("armour", {"armour": 31}, "R-1"),
    ("armour", {"armour": -1}, "R-1"),
    ("stamina", {"stamina": 0}, "R-6"),
    ("stamina", {"stamina": 101}, "R-6"),
    ("physical", {"physical": 0}, "R-6"),
]


@pytest.mark.parametrize(("field", "change", "ruling"), BROKEN, ids=[f"{f}-{i}" for i, (f, _, _) in enumerate(BROKEN)])
def test_sheet_each_broken_rule_is_shown_beside_its_field(field, change, ruling):
    problems = sheet_problems({**ARTIE, **change})
    assert list(problems) == [field]
    assert f"({ruling})" in problems[field]
    with pytest.raises(RulesError):
        RollUnderGame("sheet", practice=True).add_character(**{**ARTIE, **change})


def test_sheet_a_legal_sheet_has_no_problems_and_a_taken_name_has_one():
    assert sheet_problems(ARTIE) == {}
    assert sheet_problems({"name": "Mabel", "attributes": BASE}) == {}
    assert sheet_problems({**ARTIE, "weapons": [{**SWORD, "skill": "Fencing"}], "skills": {"Fencing": 4}}) == {}
    problems = sheet_problems({**ARTIE, "name": "ARTIE"}, taken=["Artie"])
    assert set(problems) == {"name"} and "R-1" in problems["name"]


def _random_sheet(rng: random.Random) -> dict:
    """A legal sheet with none, one or a few fields changed at random (often still legal, often not)."""
    def values(base: dict) -> dict:
        out = dict(base)
        for _ in range(rng.choice([0, 1, 2])):
            out[rng.choice([*base, "agility", " ", "Luck"])] = rng.choice([0, 5, 30, 31, -1])
        if rng.random() < 0.2:
            out.pop(rng.choice(list(out)), None)
        return out

    def weapon() -> dict:
        arm = dict(rng.choice(ARTIE["weapons"]))
        field = rng.choice(["name", "damage", "kind", "skill", "familiarity", None, None])
        arm[field] = {"name": rng.choice(["Club", "", "sword"]), "damage": rng.choice([0, 30, 31, -1]),
                      "kind": rng.choice(["melee", "ranged", "thrown"]),
                      "skill": rng.choice(["Medicine", "Juggling", "Luck"]),
                      "familiarity": rng.choice([True, "yes"]), None: None}[field]
        arm.pop(None, None)
        return arm

    choices = {
        "name": lambda: rng.choice(["Nell", " Nell  Gwyn ", "", "xavier", "x" * 61]),
        "attributes": lambda: values(BASE),
        "skills": lambda: rng.choice([None, values(ARTIE["skills"])]),
        "weapons": lambda: rng.choice([None, [], [weapon() for _ in range(rng.choice([1, 2]))]]),
        "armour": lambda: rng.choice([0, 30, 31, -1]),
        "stamina": lambda: rng.choice([1, 100, 0, 101]),
        "physical": lambda: rng.choice([1, 100, 0]),
        "player": lambda: rng.choice(["Ann", "", "GM"]),
    }
    return varied_sheet(rng, dict(ARTIE, name="Nell"), choices, dropped=0.05)


def test_sheet_problems_agree_with_add_character_over_many_sheets():
    check_agreement(random.Random("ru-sheet-agreement"), 800, lambda: RollUnderGame("ru-agree", practice=True),
                    "add_character", {**ARTIE, "name": "Xavier"}, _random_sheet, sheet_problems)
