"""S-3 Check: 2d6 + skill level ≥ difficulty; double 1s always fail, double 6s always succeed."""

import pytest
from sp_helpers import refused

from kit.core.errors import UnknownNameError
from kit.suitpairs import DIFFICULTIES, difficulty


def test_s3_the_difficulty_table():
    assert [(d.name, d.target) for d in DIFFICULTIES] == [("Easy", 5), ("Medium", 7), ("Hard", 10), ("Impossible", 13)]


@pytest.mark.parametrize("text", ["Hard", "hard", "HARD", " Hard ", "🟠 Hard", 10, "10"])
def test_s3_difficulty_by_name_any_case_or_number(text):
    assert difficulty(text).target == 10


def test_s3_worked_check_meets_the_target(game):
    # Mira's Defy is 1: 5 + 4 + 1 = 10 meets Hard 10.
    result = game.rig(dice=[5, 4]).check("Mira", "Defy", "Hard")
    assert (result.dice, result.total, result.target, result.success) == ((5, 4), 10, 10, True)
    assert result.difficulty == "Hard 10"
    assert game.log[-1].rigged


def test_s3_one_short_of_the_target_fails(game):
    result = game.rig(dice=[5, 3]).check("Mira", "Defy", "hard")
    assert result.total == 9 and not result.success
    assert "9 < 10" in result.reason


def test_s3_skill_level_zero_adds_nothing(game):
    result = game.rig(dice=[3, 3]).check("Mira", "Brute Force", "Medium")
    assert result.level == 0 and result.total == 6 and not result.success


def test_s3_a_number_is_a_target(game):
    assert game.rig(dice=[4, 3]).check("Mira", "Defy", 8).success
    game.accept("Mira")
    assert not game.rig(dice=[4, 2]).check("Mira", "Defy", "8").success


@pytest.mark.parametrize(("name", "defy", "meets", "short"), [
    ("Easy", 1, [2, 2], [1, 2]),
    ("Medium", 1, [3, 3], [2, 3]),
    ("Hard", 1, [5, 4], [5, 3]),
    ("Impossible", 2, [6, 5], [5, 5]),
])
def test_s3_each_named_difficulty_at_its_edge(game, name, defy, meets, short):
    if defy > 1:
        game.award("Mira", "Defy", defy - 1)
    met = game.rig(dice=meets).check("Mira", "Defy", name)
    assert met.total == met.target and met.success
    game.accept("Mira", consequences=False)
    missed = game.rig(dice=short).check("Mira", "Defy", name)
    assert missed.total == missed.target - 1 and not missed.success


def test_s3_double_ones_always_fail(game):
    game.award("Mira", "Defy", 4)  # Defy 5: 1 + 1 + 5 = 7 would beat Easy 5
    result = game.rig(dice=[1, 1]).check("Mira", "Defy", "Easy")
    assert result.total == 7 and not result.success
    assert result.reason.startswith("double 1s always fail")


def test_s3_double_sixes_always_succeed(game):
    result = game.rig(dice=[6, 6]).check("Mira", "Brute Force", "Impossible")
    assert result.total == 12 and result.success
    assert result.reason.startswith("double 6s always succeed")
    game.accept("Mira")
    assert game.rig(dice=[6, 6]).check("Mira", "Brute Force", 40).success


def test_s3_unknown_difficulty_is_refused_and_changes_nothing(game):
    with refused(game, UnknownNameError, r"difficulty 'Tricky'.*\(S-3\)\. use Easy \(5\), Medium"):
        game.check("Mira", "Defy", "Tricky")
    with refused(game, UnknownNameError, r"\(S-3\)"):
        game.check("Mira", "Defy", 9.5)
    with refused(game, UnknownNameError, r"\(S-3\)"):
        game.check("Mira", "Defy", None)
    assert game.pending("Mira") is None


def test_s3_the_check_result_reads_well(game):
    result = game.rig(dice=[5, 4]).check("Mira", "Defy", "Hard")
    text = str(result)
    assert "Mira checks ♠♦ Defy vs Hard 10 — Success" in text
    assert "5 + 4 + skill 1 = 10" in text
    assert "reroll by paying 1 Strength (3 left) or 1 Intelligence (2 left), or accept" in text
    assert result._repr_html_().startswith("<div class='kit-result'") and '✔ Success' in result._repr_html_()


@pytest.mark.parametrize("text", ["+-5", "--3", "-+7", "+"])
def test_s3_a_malformed_signed_number_is_refused_as_a_difficulty(game, text):
    with pytest.raises(UnknownNameError, match=r"neither a difficulty of the table nor a whole number \(S-3\)"):
        difficulty(text)
    with refused(game, UnknownNameError, r"\(S-3\)\. use Easy \(5\)"):
        game.check("Mira", "Defy", text)


@pytest.mark.parametrize(("text", "target"), [("-3", -3), ("+4", 4), (" 12 ", 12)])
def test_s3_a_signed_number_is_a_target(text, target):
    assert difficulty(text).target == target
