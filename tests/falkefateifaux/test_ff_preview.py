"""F-4, F-8, F-9: the per-card previews of a choice and of guiding fate match what the game then does."""

from __future__ import annotations

import copy

from ff_helpers import new_table

from kit.falkefateifaux.preview import choice_preview, guide_preview


def _pass_the_rest(game, result):
    """Pass on every guiding of fate still awaited, taking the chooser's best card on a choice; the last result."""
    while game.awaiting is not None:
        awaiting = game.awaiting
        if awaiting.action == "guide":
            result = game.guide(awaiting.character, None)
        else:
            best = choice_preview(game).best
            result = game.choose(awaiting.character, best.code if best else None)
    return result


def _side(result, name):
    return next(side for side in result.sides if side.plan.character == name)


def test_f8_guide_preview_matches_playing_each_card_then_choosing_again():
    game = new_table("preview-guide", ada_hand="QC 2H 3H BJ 5S")
    game.rig("3C").flip("Ada", "Fisticuffs", target=14)
    preview = guide_preview(game)
    assert preview is not None and preview.character == "Ada" and preview.action == "guide"
    assert {card.code for card in preview.cards} == {"QC", "2H", "3H", "BJ", "5S"}
    for card in preview.cards:
        trial = copy.deepcopy(game)
        result = _pass_the_rest(trial, trial.guide("Ada", card.code))
        assert result.resolved
        assert _side(result, "Ada").outcome == card.outcome, card
        assert (result.degree, result.band, result.success) == (card.degree, card.band, card.success), card
    passing = copy.deepcopy(game)
    result = passing.guide("Ada", None)
    assert (result.outcome, result.degree, result.band) == (
        preview.passing.outcome, preview.passing.degree, preview.passing.band)
    assert preview.best.code == "QC" and [card.code for card in preview.cards if card.best] == ["QC"]
    assert preview.of("BJ").value == 0  # the Black Joker is forced once played (F-5)
    assert preview.of("QC").value == 12 and preview.of("QC").band == "Success"
    assert not preview.passing.best


def test_f8_passing_is_marked_best_when_no_card_beats_the_stack():
    game = new_table("preview-pass", ada_hand="2H 3H 4S 5S 2D")
    game.rig("KC").flip("Ada", "Fisticuffs", target=10)
    preview = guide_preview(game)
    assert preview.best is None and preview.passing.best
    assert all(card.outcome == preview.passing.outcome for card in preview.cards)


def test_f4_choice_preview_matches_choosing_each_card():
    game = new_table("preview-choose", ada_hand="2H 3H 4S 5S 2D")
    game.rig("3C KC 7H").flip("Ada", "Fisticuffs", target=12, plus=2)
    preview = choice_preview(game)
    assert preview is not None and preview.character == "Ada"
    assert [card.code for card in preview.cards] == ["3C", "KC", "7H"]
    for card in preview.cards:
        trial = copy.deepcopy(game)
        result = _pass_the_rest(trial, trial.choose("Ada", card.code))
        assert (result.outcome, result.degree, result.band) == (card.outcome, card.degree, card.band), card
    assert preview.best.code == "KC" and preview.of("7H").value == 2  # out of suit: 7 − 5 (F-2)


def test_f4_f9_an_opponent_choosing_at_disadvantage_is_best_served_by_the_lowest_card():
    game = new_table("preview-opponent", ada_hand="2H 3H 4S 5S 2D", bruno_hand="2S 3S 4D 5D 6D")
    game.rig("9C 4C 6S").flip("Ada", "Fisticuffs", against="Bruno", against_skill="Athletics", minus=2)
    awaiting = game.awaiting
    assert awaiting.action == "choose" and awaiting.character == "Bruno"
    preview = choice_preview(game)
    assert preview.best.code == "6S"  # 6♠ counts 1 out of suit on a ♣ flip, 4♣ counts 4 (F-2)
    for card in preview.cards:
        trial = copy.deepcopy(game)
        result = trial.choose("Bruno", card.code)
        assert _side(result, "Ada").outcome == card.outcome
        assert card.degree is None  # Bruno's own stack has no card yet: no degree to show


def test_f9_in_a_contest_each_side_sees_the_acting_sides_result():
    game = new_table("preview-contest", ada_hand="2H 3H 4S 5S 2D", bruno_hand="KS QS 4D 5D 6D")
    game.rig("9C 4C").flip("Ada", "Fisticuffs", against="Bruno", against_skill="Athletics")
    for _ in range(2):  # the losing side decides first, then the other (F-8)
        assert game.awaiting.action == "guide"
        preview = guide_preview(game)
        last = len([s for s in game.state.pending.sides if not s.guide]) == 1
        for card in preview.cards:
            trial = copy.deepcopy(game)
            result = _pass_the_rest(trial, trial.guide(preview.character, card.code))
            assert _side(result, preview.character).outcome == card.outcome, card
            if last:  # nothing follows this side's decision: the preview is the flip's result
                assert (result.degree, result.band) == (card.degree, card.band), card
        game.guide(preview.character, None)
    assert last and game.state.pending is None


def test_previews_are_none_when_nothing_is_awaited_and_change_nothing():
    game = new_table("preview-none")
    assert choice_preview(game) is None and guide_preview(game) is None
    game.rig("3C KC").flip("Ada", "Fisticuffs", target=12, plus=1)
    before = game.fingerprint()
    choice_preview(game)
    guide_preview(game)
    assert game.fingerprint() == before
    assert "counts" in choice_preview(game).cards[0].words
