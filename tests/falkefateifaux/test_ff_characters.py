"""F-14 characters: concept, trouble, adverbs, one Great, three Good, one Poor, the rest Competent."""

import pytest
from ff_helpers import ADA, new_table, unchanged

from kit.core.errors import InvalidCharacterError, UnknownNameError
from kit.falkefateifaux import FalkeFateiFauxGame


def test_f14_a_sheet_sets_great_good_poor_and_the_rest_competent():
    game = new_table("sheet")
    skills = game.character("ada").skills
    assert skills["Athletics"] == 8 and skills["Society"] == 2
    assert [skills[s] for s in ("Fisticuffs", "Magic", "Courage")] == [6, 6, 6]
    assert sorted(skills.values()).count(4) == 11 and len(skills) == 16


def test_f14_skill_names_are_read_case_insensitively():
    game = FalkeFateiFauxGame("case", practice=True)
    game.add_character("Cleo", **{**ADA, "great": "social graces", "good": ["FISTICUFFS", "magic", "Courage"]})
    assert game.character("Cleo").skills["Social Graces"] == 8
    assert game.plan_flip("Cleo", "sOcIaL gRaCeS", target=8).sides[0].skill == "Social Graces"


@pytest.mark.parametrize(("change", "ruling"), [
    ({"good": ["Fisticuffs", "Magic"]}, "F-14"),
    ({"good": ["Fisticuffs", "Magic", "Athletics"]}, "F-14"),
    ({"poor": "Athletics"}, "F-14"),
    ({"adverbs": ["swiftly", "cunningly"]}, "F-14"),
    ({"adverbs": ["swiftly", "cunningly", "swiftly"]}, "F-14"),
    ({"negative_adverb": "Swiftly"}, "F-14"),
    ({"high_concept": " "}, "F-14"),
    ({"trouble": ""}, "F-14"),
    ({"adverbs": "swiftly"}, "F-14"),
])
def test_f14_a_sheet_that_breaks_the_rules_is_refused(change, ruling):
    game = FalkeFateiFauxGame("bad", practice=True)
    unchanged(game, lambda: game.add_character("Cleo", **{**ADA, **change}), InvalidCharacterError, ruling)


def test_f14_an_unknown_skill_is_refused_listing_the_sixteen():
    game = FalkeFateiFauxGame("unknown", practice=True)
    error = unchanged(game, lambda: game.add_character("Cleo", **{**ADA, "great": "Sorcery"}), UnknownNameError,
                      "F-14")
    assert "Social Graces" in str(error) and "Subterfuge" in str(error)


def test_f14_names_are_unique_at_the_table():
    game = new_table("unique")
    unchanged(game, lambda: game.add_character("ada", **ADA), InvalidCharacterError, "F-14")
