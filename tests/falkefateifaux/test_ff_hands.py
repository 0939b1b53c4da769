"""F-10 hands, Card Refresh and forced discards; F-11 Mulligan, Preparation, Trust the Fates, tokens."""

from ff_helpers import new_table, unchanged

from kit.core.errors import (
    IllegalActionError,
    InsufficientTokensError,
    NotHeldError,
    OutOfRangeError,
    PendingActionError,
)


def test_f10_characters_start_with_five_cards_and_three_fate_tokens():
    game = new_table("start")
    ada = game.character("Ada")
    assert len(ada.hand) == 5 and ada.refresh == 5 and ada.fate == 3 and ada.burning == 0


def test_f10_over_the_limit_the_owner_discards_before_anything_else():
    game = new_table("over", ada_hand="2C 3C 4C 5C 6C")
    game.rig("7C 8C").prepare("Ada")
    assert game.awaiting.action == "discard" and game.awaiting.character == "Ada" and game.awaiting.count == 2
    for call in (lambda: game.flip("Bruno", "Athletics", target=5), lambda: game.award_fate("Bruno"),
                 lambda: game.end_scene(), lambda: game.prepare("Ada")):
        error = unchanged(game, call, PendingActionError, "F-10")
        assert "discard" in str(error)
    unchanged(game, lambda: game.discard("Bruno", [game.hand("Bruno")[0]]), IllegalActionError, "F-10")
    unchanged(game, lambda: game.discard("Ada", ["2C", "3C", "4C"]), OutOfRangeError, "F-10")
    unchanged(game, lambda: game.discard("Ada", ["AS"]), NotHeldError, "F-10")
    game.discard("Ada", ["2C"])
    assert game.awaiting.count == 1
    game.discard("Ada", ["3C"])
    assert game.awaiting is None and len(game.hand("Ada")) == 5


def test_f10_no_discard_outside_the_limit():
    game = new_table("nodiscard")
    unchanged(game, lambda: game.discard("Ada", [game.hand("Ada")[0]]), IllegalActionError, "F-10")


def test_f10_end_of_scene_discard_any_then_draw_up_to_refresh_and_burning_vanishes():
    game = new_table("scene", ada_hand="2C 3C 4C 5C 6C")
    game.trust_the_fates("Ada", ["2C", "3C", "4C", "5C"])
    assert game.character("Ada").burning == 1 and game.hand("Ada") == ["6C"]
    result = game.end_scene({"Ada": ["6C"]})
    ada = game.character("Ada")
    assert len(ada.hand) == 5 and "6C" not in ada.hand and ada.burning == 0
    assert result.data["characters"]["Ada"]["burning_lost"] == 1
    assert len(game.hand("Bruno")) == 5 and game.state.scene == 2


def test_f10_losing_control_discards_the_whole_hand_and_regaining_draws_a_fresh_one():
    game = new_table("control")
    hand = game.hand("Ada")
    game.lose_control("Ada", "possessed")
    assert game.hand("Ada") == [] and not game.character("Ada").in_control
    assert sorted(c.code for c in game.state.fate.discard_pile) == sorted(hand)
    unchanged(game, lambda: game.flip("Ada", "Athletics", target=5), IllegalActionError, "F-10")
    game.end_scene()
    assert game.hand("Ada") == []  # draws only on regaining control
    game.regain_control("Ada")
    assert len(game.hand("Ada")) == 5


def test_f11_mulligan_costs_a_fate_token_and_redraws_as_many():
    game = new_table("mulligan", ada_hand="2C 3C 4C 5C 6C")
    game.rig("7D 8D 9D 10D JD").mulligan("Ada")
    assert sorted(game.hand("Ada")) == sorted(["7D", "8D", "9D", "10D", "JD"])
    assert game.character("Ada").fate == 2


def test_f11_preparation_draws_two_for_a_fate_token():
    game = new_table("prep")
    game.trust_the_fates("Ada", game.hand("Ada")[:4])
    game.prepare("Ada")
    assert len(game.hand("Ada")) == 3 and game.character("Ada").fate == 2


def test_f11_burning_fate_cannot_pay_for_mulligan_or_preparation():
    game = new_table("burning-only", ada_hand="2C 3C 4C 5C 6C")
    game.award_fate("Ada", -3)
    game.trust_the_fates("Ada", ["2C", "3C", "4C", "5C"])
    for call in (lambda: game.mulligan("Ada"), lambda: game.prepare("Ada")):
        error = unchanged(game, call, InsufficientTokensError, "F-11")
        assert "Burning" in str(error)


def test_f11_trust_the_fates_takes_exactly_four_held_cards():
    game = new_table("trust", ada_hand="2C 3C 4C 5C 6C")
    unchanged(game, lambda: game.trust_the_fates("Ada", ["2C", "3C", "4C"]), OutOfRangeError, "F-11")
    unchanged(game, lambda: game.trust_the_fates("Ada", ["2C", "3C", "4C", "AS"]), NotHeldError, "F-11")


def test_f11_nothing_outside_a_flip_while_a_stack_is_being_resolved():
    game = new_table("mid-flip", ada_hand="2C 3C 4C 5C 6C")
    game.rig("9C KC").flip("Ada", "Fisticuffs", target=8, plus=1)
    for call in (lambda: game.mulligan("Ada"), lambda: game.prepare("Bruno"),
                 lambda: game.trust_the_fates("Ada", ["2C", "3C", "4C", "5C"])):
        unchanged(game, call, PendingActionError, "F-11")


def test_f11_fate_tokens_come_back_by_explicit_award_only():
    game = new_table("award")
    game.flip("Ada", "Fisticuffs", target=8, boost=True, guide=False)
    while game.awaiting:
        game.choose("Ada", game.awaiting.options[0])
    game.end_scene()
    assert game.character("Ada").fate == 2
    result = game.award_fate("Ada", 1, "session start")
    assert game.character("Ada").fate == 3 and "session start" in str(result)
    unchanged(game, lambda: game.award_fate("Ada", -4), InsufficientTokensError, "F-11")
