"""GM adjustments: award or take away attribute and skill points as events, kept within 0–5 (S-5)."""

import pytest
from sp_helpers import refused

from kit.core.errors import MalformedInputError, OutOfRangeError, UnknownNameError


def test_gm_awards_and_takes_away_attribute_points(game):
    result = game.award("Mira", "Strength", 2, reason="a brave decision")
    assert result.before == 3 and result.after == 5 and result.kind == "attribute"
    assert game.log[-1].action == "award"
    assert game.log[-1].args == {"character": "Mira", "what": "Strength", "points": 2, "reason": "a brave decision"}
    game.take_away("Mira", "♥", reason="a cruel word")
    assert game.character("Mira").attributes["Charisma"] == 2
    assert "GM takes away: Mira — −1 Charisma point (3 → 2)" in str(game.results[-1])


def test_gm_awards_and_takes_away_skill_points(game):
    game.award("Mira", "brute force")
    game.award("Mira", "♠♦", 3)
    assert game.character("Mira").skills["Brute Force"] == 1
    assert game.character("Mira").skills["Defy"] == 4
    result = game.take_away("Mira", "SD", 4)
    assert (result.kind, result.name, result.after) == ("skill", "Defy", 0)


def test_s5_gm_adjustments_stay_within_zero_to_five(game):
    with refused(game, OutOfRangeError,
                 r"Strength is 3 and would become 6; every value stays within 0–5 \(S-5\)\. Award at most 2"):
        game.award("Mira", "Strength", 3)
    with refused(game, OutOfRangeError, r"Defy is 1 and would become -1.*\(S-5\)\. Take away at most 1 Defy point\."):
        game.take_away("Mira", "Defy", 2)
    game.award("Mira", "Strength", 2)
    with refused(game, OutOfRangeError, r"Strength is already at 5; nothing can be awarded"):
        game.award("Mira", "Strength")
    game.take_away("Mira", "Help")
    with refused(game, OutOfRangeError, r"Help is already at 0; nothing can be taken away"):
        game.take_away("Mira", "Help")


@pytest.mark.parametrize("points", [0, -1, 1.5, True, "2"])
def test_gm_points_must_be_a_positive_whole_number(game, points):
    with refused(game, MalformedInputError, "must be a whole number of at least 1"):
        game.award("Mira", "Strength", points)


def test_gm_adjustment_of_an_unknown_value_is_refused(game):
    with refused(game, UnknownNameError, r"'Luck': is neither an attribute nor a skill \(S-2\)"):
        game.award("Mira", "Luck")
    with refused(game, UnknownNameError, r"character 'Nobody': is not at the table\. Characters: Mira"):
        game.award("Nobody", "Strength")
    with refused(game, MalformedInputError, "must be text"):
        game.award("Mira", "Strength", 1, reason=3)


def test_gm_may_adjust_while_a_check_is_pending(game):
    game.rig(dice=[2, 2]).check("Mira", "Defy", "Hard")
    game.award("Mira", "Strength")
    assert game.pending("Mira") is not None
    game.accept("Mira")
    assert game.character("Mira").attributes["Strength"] == 3  # 3 + 1 award − 1 failure
