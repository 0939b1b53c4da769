"""F-9 degrees and bands, contests, and F-13 durations by band."""

import pytest
from ff_helpers import new_table

from kit.core.errors import UnknownNameError
from kit.falkefateifaux import ARMOR_OF_ITHAN, band, degree_of, succeeded
from kit.falkefateifaux.rules import duration_table


@pytest.mark.parametrize(("degree", "name"), [
    (-30, "Abysmal failure"), (-11, "Abysmal failure"), (-10, "Resounding failure"), (-6, "Resounding failure"),
    (-5, "Failure"), (-1, "Failure"), (0, "Barely a success"), (1, "Success"), (5, "Success"),
    (6, "Resounding success"), (10, "Resounding success"), (11, "Astonishing success"), (40, "Astonishing success"),
])
def test_f9_bands_at_every_edge(degree, name):
    assert band(degree) == name
    assert succeeded(degree) == (degree >= 0)


def test_f9_degree_is_outcome_less_target():
    assert degree_of(10, 8) == 2
    game = new_table("degree")
    result = game.rig("2H").flip("Ada", "Fisticuffs", target=20, guide=False)
    assert result.degree == -14 and result.band == "Abysmal failure" and not result.success
    assert result.describe().tone == "failure"


def test_f9_a_contest_tie_goes_to_the_acting_side():
    game = new_table("tie")
    result = game.rig("8C 6C").flip("Ada", "Fisticuffs", against="Bruno", against_skill="Fisticuffs",
                                    guide=False, against_guide=False)
    assert (result.sides[0].outcome, result.sides[1].outcome) == (14, 14)
    assert result.degree == 0 and result.success and result.band == "Barely a success"


def test_f9_each_side_of_a_contest_flips_its_own_stack_sized_by_its_own_net():
    game = new_table("sizes")
    step = game.rig("2C 3C 4C 5C").flip("Ada", "Fisticuffs", against="Bruno", against_skill="Athletics", plus=2,
                                        against_minus=1, guide=False, against_guide=False)
    assert [len(s.cards) for s in step.sides] == [3, 2]
    assert game.awaiting.character == "Ada"  # Ada chooses her own stack first
    game.choose("Ada", "4C")
    assert game.awaiting.character == "Ada"  # and Bruno's, as Bruno is at disadvantage
    result = game.choose("Ada", "5C")
    assert result.resolved


@pytest.mark.parametrize(("degree", "seconds"), [(0, 1), (1, 120), (5, 600), (6, 3600), (10, 6000),
                                                 (11, 11 * 3600), (12, 12 * 3600)])
def test_f13_durations_by_band(degree, seconds):
    assert ARMOR_OF_ITHAN.duration(degree).seconds == seconds


def test_f13_a_failure_has_no_duration_and_unknown_tables_are_refused():
    assert ARMOR_OF_ITHAN.duration(-1) is None
    assert duration_table("Armor of Ithan") is ARMOR_OF_ITHAN
    with pytest.raises(UnknownNameError, match="F-13"):
        duration_table("Cloak of Nowhere")


def test_f13_a_flip_shows_its_duration():
    game = new_table("dur")
    result = game.rig("AD", deck="magic").flip("Ada", "Magic", target=8, duration="armor_of_ithan", guide=False)
    assert result.degree == 12 and result.duration.text == "12 hours"
    assert "12 hours" in str(result)
    failed = game.rig("2H", deck="magic").flip("Ada", "Magic", target=8, duration="armor_of_ithan", guide=False)
    assert failed.duration is None and "none" in str(failed)
