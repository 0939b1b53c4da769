"""F-8 guiding fate: one card from hand into one's own stack, then choosing again."""

from ff_helpers import new_table, unchanged

from kit.core.errors import IllegalActionError, NotHeldError, OutOfTurnError


def test_f8_a_side_not_at_disadvantage_plays_a_card_and_chooses_again():
    game = new_table("guide", ada_hand="QC 2H 3H 4S 5S")
    step = game.rig("3C").flip("Ada", "Fisticuffs", target=14)
    assert game.awaiting.action == "guide" and game.awaiting.character == "Ada"
    assert None in game.awaiting.options and "QC" in game.awaiting.options
    step = game.guide("Ada", "QC")
    assert not step.resolved and game.awaiting.action == "choose" and game.awaiting.options == ("3C", "QC")
    result = game.choose("Ada", "QC")
    assert result.resolved and result.outcome == 18 and result.success
    assert result.sides[0].played == "QC" and result.sides[0].cards[1].from_hand
    assert "QC" not in game.hand("Ada")
    assert {c.code for c in game.state.fate.discard_pile} == {"3C", "QC"}


def test_f8_passing_resolves_and_each_side_guides_at_most_once():
    game = new_table("pass", ada_hand="QC 2H 3H 4S 5S")
    game.rig("3C").flip("Ada", "Fisticuffs", target=14)
    result = game.guide("Ada", None)
    assert result.resolved and result.sides[0].guide == "passed"
    unchanged(game, lambda: game.guide("Ada", "QC"), IllegalActionError, "F-8")


def test_f8_playing_to_lose_is_allowed():
    game = new_table("lose", ada_hand="2H 2D 3H 4S 5S")
    game.rig("AC").flip("Ada", "Fisticuffs", target=10)
    game.guide("Ada", "2H")
    result = game.choose("Ada", "2H")
    assert result.outcome == 6 and not result.success


def test_f8_black_joker_is_still_forced_after_guiding():
    game = new_table("bj-guide", ada_hand="BJ 2H 3H 4S 5S")
    game.rig("AC").flip("Ada", "Fisticuffs", target=10)
    result = game.guide("Ada", "BJ")
    assert result.resolved and result.chosen == "BJ"


def test_f8_guiding_at_disadvantage_is_refused():
    game = new_table("dis", ada_hand="QC 2H 3H 4S 5S")
    game.rig("3C 4C").flip("Ada", "Fisticuffs", against="Bruno", against_skill="Athletics", minus=1)
    error = unchanged(game, lambda: game.guide("Ada", "QC"), IllegalActionError, "F-8")
    assert "disadvantage" in str(error)


def test_f8_in_a_contest_the_losing_side_decides_first_then_the_other():
    game = new_table("order", ada_hand="QC 2H 3H 4S 5S", bruno_hand="KC 2D 3D 4D 5D")
    game.rig("2C 9C").flip("Ada", "Fisticuffs", against="Bruno", against_skill="Athletics")
    # Ada 2 + 6 = 8 is losing to Bruno 9 + 6 = 15: Ada decides first.
    assert game.awaiting.action == "guide" and game.awaiting.character == "Ada"
    unchanged(game, lambda: game.guide("Bruno", "KC"), OutOfTurnError, "F-8")
    game.guide("Ada", "QC")
    game.choose("Ada", "QC")
    assert game.awaiting.character == "Bruno" and game.awaiting.action == "guide"
    game.guide("Bruno", "KC")
    result = game.choose("Bruno", "KC")
    assert result.resolved
    assert (result.sides[0].outcome, result.sides[1].outcome) == (18, 19)
    assert result.degree == -1 and result.band == "Failure"
    assert "losing and decides first" in " ".join(result.story)


def test_f8_a_card_one_does_not_hold_cannot_be_played():
    game = new_table("notheld", ada_hand="QC 2H 3H 4S 5S")
    game.rig("3C").flip("Ada", "Fisticuffs", target=14)
    unchanged(game, lambda: game.guide("Ada", "AS"), NotHeldError, "F-8")


def test_f8_guide_false_passes_in_advance():
    game = new_table("advance-pass")
    result = game.rig("3C").flip("Ada", "Fisticuffs", target=5, guide=False)
    assert result.resolved and "passed" in result.sides[0].guide


def test_f8_f9_on_a_tie_the_opposing_side_is_losing_and_decides_first():
    game = new_table("tie-order", ada_hand="QC 2H 3H 4S 5S", bruno_hand="KC 2D 3D 4D 5D")
    game.rig("8C 6C").flip("Ada", "Fisticuffs", against="Bruno", against_skill="Fisticuffs")
    # Ada 8 + 6 = 14 ties Bruno 6 + 8 = 14: the tie goes to Ada, so Bruno is losing.
    assert game.awaiting.action == "guide" and game.awaiting.character == "Bruno"
    unchanged(game, lambda: game.guide("Ada", "QC"), OutOfTurnError, "F-8")
    game.guide("Bruno", None)
    assert game.awaiting.action == "guide" and game.awaiting.character == "Ada"


def test_f8_each_side_plays_at_most_one_card_in_a_contest():
    game = new_table("once", ada_hand="QC JC 3H 4S 5S", bruno_hand="KC 2D 3D 4D 5D")
    game.rig("2C 9C").flip("Ada", "Fisticuffs", against="Bruno", against_skill="Athletics")
    game.guide("Ada", "QC")
    game.choose("Ada", "QC")
    assert game.awaiting.character == "Bruno"
    error = unchanged(game, lambda: game.guide("Ada", "JC"), OutOfTurnError, "F-8")
    assert "already played" in str(error)


def test_f8_a_black_joker_flipped_stays_forced_after_a_card_is_played():
    game = new_table("bj-stack", ada_hand="AC 2H 3H 4S 5S")
    step = game.rig("BJ").flip("Ada", "Fisticuffs", target=10)
    assert step.chosen == "BJ" and game.awaiting.action == "guide"
    result = game.guide("Ada", "AC")
    assert result.resolved and result.chosen == "BJ" and result.outcome == 6
    assert {c.code for c in game.state.fate.discard_pile} == {"BJ", "AC"}


def test_f8_the_side_chooses_again_among_all_its_cards_not_only_the_played_one():
    game = new_table("rechoose", ada_hand="2D 2H 3H 4S 5S")
    game.rig("3C KC").flip("Ada", "Fisticuffs", target=10, plus=1)
    game.choose("Ada", "KC")
    game.guide("Ada", "2D")
    assert game.awaiting.action == "choose" and game.awaiting.options == ("3C", "KC", "2D")
    result = game.choose("Ada", "3C")
    assert result.resolved and result.chosen == "3C" and result.outcome == 9
    assert "chooses again" in result.sides[0].choice_reason


def test_f8_the_winning_side_may_play_to_lose_in_a_contest():
    game = new_table("lose-contest", ada_hand="QC 2H 3H 4S 5S", bruno_hand="2S 2D 3D 4D 5D")
    game.rig("2C 9C").flip("Ada", "Fisticuffs", against="Bruno", against_skill="Athletics")
    game.guide("Ada", None)
    game.guide("Bruno", "2S")
    result = game.choose("Bruno", "2S")
    assert result.resolved and result.sides[1].outcome == 6 and result.degree == 2 and result.success
