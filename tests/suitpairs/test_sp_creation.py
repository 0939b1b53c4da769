"""S-1 Creation: identity, 10 points over four attributes (each 1–5), one level-1 skill per row."""

import pytest
from sp_helpers import MIRA, refused

from kit.core.errors import InvalidCharacterError, MalformedInputError
from kit.suitpairs import SKILLS, SuitPairsGame


def new_table() -> SuitPairsGame:
    return SuitPairsGame(seed="creation", practice=True)


def sheet(**changes):
    return {**MIRA, **changes}


def test_s1_valid_sheet_spends_ten_points_and_trains_one_skill_per_row():
    table = new_table()
    created = table.create_character(**MIRA)
    mira = table.character("Mira")
    assert mira.identity == "Baker"
    assert mira.attributes == {"Strength": 3, "Intelligence": 2, "Dexterity": 2, "Charisma": 3}
    assert sum(mira.attributes.values()) == 10
    assert mira.trained_skills == {"Defy": 1, "Analyze": 1, "Stealth": 1, "Help": 1}
    assert sum(mira.skills.values()) == 4 and len(mira.skills) == 16
    assert created.to_dict()["skills"] == ["Defy", "Analyze", "Stealth", "Help"]
    assert "Baker" in str(created)


def test_s1_skills_may_be_named_in_any_order_case_or_by_suit_pair():
    table = new_table()
    table.create_character("Ada", "Collector", 1, 4, 4, 1, ["♥♥", "agility", "DC", "brute force"])
    assert table.character("Ada").trained_skills == {"Brute Force": 1, "Tinker": 1, "Agility": 1, "Charm": 1}


@pytest.mark.parametrize("values", [(5, 3, 1, 1), (1, 1, 3, 5), (2, 3, 2, 3), (4, 4, 1, 1)])
def test_s1_every_split_of_ten_within_one_to_five_is_accepted(values):
    table = new_table()
    s, i, d, c = values
    table.create_character("Ada", "Hero", s, i, d, c, ["Grab", "Explore", "Evade", "Inspire"])
    assert list(table.character("Ada").attributes.values()) == list(values)


def test_s1_identity_is_required_text():
    table = new_table()
    for identity in ("", "   "):
        with refused(table, InvalidCharacterError, r"identity is required \(S-1\)\. Give a word"):
            table.create_character(**sheet(identity=identity))


def test_s1_points_must_add_up_to_exactly_ten():
    table = new_table()
    with refused(table, InvalidCharacterError,
                 r"points add up to 11; spend exactly 10 \(S-1\)\. Lower one attribute by 1"):
        table.create_character(**sheet(strength=4))
    with refused(table, InvalidCharacterError, r"points add up to 8; spend exactly 10 \(S-1\)\. Raise attributes by 2"):
        table.create_character(**sheet(strength=2, charisma=2))
    with refused(table, InvalidCharacterError, r"add up to 13; .* Lower attributes by 3 in all"):
        table.create_character(**sheet(strength=5, charisma=4))


def test_s1_every_attribute_needs_at_least_one_point():
    table = new_table()
    with refused(table, InvalidCharacterError, r"Dexterity is 0; every attribute needs at least 1 .*\(S-1\)\. Raise"):
        table.create_character(**sheet(strength=5, dexterity=0))


def test_s1_no_attribute_starts_above_five():
    table = new_table()
    with refused(table, InvalidCharacterError, r"Strength is 6; no attribute may start above 5 \(S-1\)\. Lower"):
        table.create_character(**sheet(strength=6, intelligence=1, dexterity=1, charisma=2))


def test_s1_attributes_must_be_whole_numbers():
    table = new_table()
    with refused(table, MalformedInputError, r"Strength '3'.*not a whole number \(S-1\)"):
        table.create_character(**sheet(strength="3"))
    with refused(table, MalformedInputError, "not a whole number"):
        table.create_character(**sheet(strength=True))


def test_s1_exactly_one_skill_from_each_row():
    table = new_table()
    with refused(table, InvalidCharacterError,
                 r"Defy and Grab are both in the ♠ Strength row; pick exactly one skill from each row \(S-1\)"):
        table.create_character(**sheet(skills=["Defy", "Grab", "Analyze", "Help"]))
    with refused(table, InvalidCharacterError,
                 r"no skill from the ♣ Dexterity row.*\(S-1\)\. Add one of Evade, Stealth, Agility, Deceive"):
        table.create_character(**sheet(skills=["Defy", "Analyze", "Help"]))
    with refused(table, InvalidCharacterError, r"Defy is named twice \(S-1\)"):
        table.create_character(**sheet(skills=["Defy", "defy", "Analyze", "Stealth", "Help"]))
    with refused(table, InvalidCharacterError, r"'Juggle' is not one of the sixteen skills \(S-1\)"):
        table.create_character(**sheet(skills=["Defy", "Analyze", "Juggle", "Help"]))
    with refused(table, MalformedInputError, r"must be a list of four skill names \(S-1\)"):
        table.create_character(**sheet(skills="Defy"))


def test_s1_the_row_is_the_primary_suit_not_the_secondary():
    # Explore (♦♠) has Strength only as its secondary: it belongs to the Intelligence row.
    table = new_table()
    with refused(table, InvalidCharacterError, r"Explore and Analyze are both in the ♦ Intelligence row"):
        table.create_character(**sheet(skills=["Explore", "Analyze", "Stealth", "Help"]))


def test_s1_character_names_are_unique_and_required():
    table = new_table()
    table.create_character(**MIRA)
    with refused(table, InvalidCharacterError, "already at the table"):
        table.create_character(**sheet(name="mira"))
    with refused(table, MalformedInputError, "must be non-empty text"):
        table.create_character(**sheet(name=" "))


def test_s1_all_sixteen_skills_start_at_zero_except_the_four_chosen():
    table = new_table()
    table.create_character(**MIRA)
    skills = table.character("Mira").skills
    assert list(skills) == [s.name for s in SKILLS]
    assert {name for name, level in skills.items() if level == 0} == {s.name for s in SKILLS} - set(MIRA["skills"])
