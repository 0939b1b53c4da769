"""S-2 Skills: sixteen suit pairs, the first suit the primary attribute, the second the secondary."""

import pytest

from kit.core.errors import UnknownNameError
from kit.suitpairs import SKILLS, Attribute, skill
from kit.suitpairs.skills import row

TEXT_TABLE = """
♠♠ Brute Force; ♠♦ Defy; ♠♣ Grab; ♠♥ Intimidate;
♦♠ Explore; ♦♦ Analyze; ♦♣ Tinker; ♦♥ Persuade;
♣♠ Evade; ♣♦ Stealth; ♣♣ Agility; ♣♥ Deceive;
♥♠ Inspire; ♥♦ Help; ♥♣ Enthrall; ♥♥ Charm
"""


def test_s2_the_sixteen_skills_are_the_suit_pairs_of_the_text():
    rows = [entry.strip() for entry in TEXT_TABLE.replace("\n", " ").split(";")]
    expected = [(entry[:2], entry[3:]) for entry in rows]
    assert [(s.pair, s.name) for s in SKILLS] == expected
    assert len({s.pair for s in SKILLS}) == 16


def test_s2_defy_is_primary_strength_secondary_intelligence():
    defy = skill("Defy")
    assert defy.primary is Attribute.STRENGTH and defy.secondary is Attribute.INTELLIGENCE
    assert defy.pair == "♠♦" and defy.code == "SD"
    assert defy.attributes == (Attribute.STRENGTH, Attribute.INTELLIGENCE)


def test_s2_a_double_suit_skill_has_one_attribute_for_both_roles():
    brute = skill("Brute Force")
    assert brute.primary is brute.secondary is Attribute.STRENGTH
    assert brute.attributes == (Attribute.STRENGTH,)


@pytest.mark.parametrize("text", ["Defy", "defy", "DEFY", "  Defy ", "♠♦", "♠️♦️", "♠️♦", "SD", "sd", "S D", "♤♢"])
def test_s2_lookup_by_name_any_case_or_by_suit_pair(text):
    assert skill(text).name == "Defy"


def test_s2_lookup_of_names_with_spaces_and_every_pair():
    assert skill("brute force").name == skill("BruteForce").name == "Brute Force"
    for s in SKILLS:
        assert skill(s.pair) is s and skill(s.code.lower()) is s and skill(s.name.upper()) is s
        assert skill("\ufe0f".join(s.pair) + "\ufe0f") is s


def test_s2_unknown_skill_is_refused_with_the_list_and_a_suggestion():
    expected = r"'Defie': is not one of the sixteen skills \(S-2\)\. Did you mean Defy\?"
    with pytest.raises(UnknownNameError, match=expected):
        skill("Defie")
    with pytest.raises(UnknownNameError, match="Skills: Brute Force, Defy"):
        skill("XX")


def test_s2_rows_follow_the_primary_attribute():
    assert [s.name for s in row("♣")] == ["Evade", "Stealth", "Agility", "Deceive"]
    for attribute in Attribute:
        assert all(s.primary is attribute for s in row(attribute))


def test_s2_attributes_parse_by_name_symbol_and_letter():
    assert Attribute.parse("strength") is Attribute.parse("♠️") is Attribute.parse("S") is Attribute.STRENGTH
    assert Attribute.parse("Clubs") is Attribute.DEXTERITY
    assert Attribute.parse("h") is Attribute.CHARISMA
    with pytest.raises(UnknownNameError, match=r"\(S-1\)"):
        Attribute.parse("Luck")
