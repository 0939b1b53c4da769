"""Bad input is refused with a clear RulesError that cites the ruling, and changes nothing."""

import pytest
from sp_helpers import refused, set_values

from kit.core.errors import (
    IllegalActionError,
    InsufficientTokensError,
    OutOfRangeError,
    RulesError,
    UnknownNameError,
)


def test_s2_unknown_skill_in_a_check(game):
    with refused(game, UnknownNameError, r"skill 'Juggle': is not one of the sixteen skills \(S-2\)"):
        game.check("Mira", "Juggle", "Hard")
    with refused(game, RulesError, r"\(S-2\)"):
        game.check("Mira", 7, "Hard")
    assert game.pending("Mira") is None


@pytest.mark.parametrize("bad", ["Tricky", "", "ten", 9.0, None, [10]])
def test_s3_difficulty_not_in_the_table_and_not_a_number(game, bad):
    with refused(game, UnknownNameError, r"is neither a difficulty of the table nor a whole number \(S-3\)"):
        game.check("Mira", "Defy", bad)


def test_s4_reroll_paid_from_an_attribute_not_tied_to_the_skill(game):
    game.rig(dice=[2, 2]).check("Mira", "Help", "Hard")
    with refused(game, IllegalActionError,
                 r"Strength is not tied to ♥♦ Help .*\(S-4\)\. Pay with Charisma or Intelligence"):
        game.reroll("Mira", pay="Strength")


def test_s4_reroll_paid_from_an_attribute_at_zero(game):
    set_values(game, intelligence=0, charisma=5)
    game.rig(dice=[2, 2]).check("Mira", "Help", "Hard")
    with refused(game, InsufficientTokensError, r"Intelligence is 0 and an attribute at 0 cannot pay \(S-4\)"):
        game.reroll("Mira", pay="D")


def test_s4_reroll_after_the_check_was_accepted(game):
    game.rig(dice=[2, 2]).check("Mira", "Help", "Hard")
    game.accept("Mira")
    with refused(game, IllegalActionError, r"an accepted check cannot be rerolled\) \(S-4\)"):
        game.reroll("Mira", pay="Charisma")


def test_unknown_character_is_refused(game):
    with refused(game, UnknownNameError, r"character 'Nobody': is not at the table\. Characters: Mira"):
        game.check("Nobody", "Defy", "Hard")


def test_rigged_dice_must_be_faces_and_all_used(game):
    with refused(game, OutOfRangeError, "rigged roll 7 on a d6"):
        game.rig(dice=[7, 1]).check("Mira", "Defy", "Hard")
    with refused(game, IllegalActionError, "were not rolled by this action"):
        game.rig(dice=[3, 3, 3]).check("Mira", "Defy", "Hard")


def test_a_refused_reroll_after_a_pending_check_keeps_the_check_pending(game):
    game.rig(dice=[2, 2]).check("Mira", "Defy", "Hard")
    before = game.pending("Mira")
    with refused(game, IllegalActionError, r"\(S-4\)"):
        game.rig(dice=[6, 6]).reroll("Mira", pay="Dexterity")
    assert game.pending("Mira") == before
