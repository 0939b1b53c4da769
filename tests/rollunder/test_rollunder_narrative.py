"""The GM rules on a narrative change asked for with a Major Arcanum (R-7, R-7a): once, on a request that exists."""

from __future__ import annotations

import pytest
from ru_sheets import snapshot, table

from kit.core.errors import IllegalActionError, MalformedInputError, RulesError, UnknownNameError
from kit.render import to_text
from kit.rollunder import RollUnderGame


def asked(*notes: str) -> RollUnderGame:
    """Artie holds a Major Arcanum for each note and spends each on a narrative change."""
    cards = ["The Moon", "The Star", "The Sun"][: len(notes)]
    game = table("Artie", "Xavier", "Mabel")
    game.rig(cards, deck="fate").deal_fate_cards(["Artie"], count=len(cards))
    for card, note in zip(cards, notes, strict=True):
        game.spend_fate_card("Artie", card, use="narrative", note=note)
    return game


def test_r7a_the_gm_grants_a_request_and_the_decision_is_kept_in_the_state():
    game = asked("The airship arrives early")
    assert game.pending_narratives == {1: {"holder": "Artie", "on": "Artie", "card": "The Moon",
                                           "note": "The airship arrives early"}}
    result = game.rule_on_narrative(1, True, "It lands on the lawn")
    assert game.state.narratives[0]["decision"] == "granted"
    assert game.state.narratives[0]["ruling"] == "It lands on the lawn"
    assert game.pending_narratives == {}
    assert (result.request, result.card, result.granted) == (1, "The Moon", True)
    shown = to_text(result.describe())
    assert "granted" in shown and "It lands on the lawn" in shown and "R-7a" in shown
    assert game.log.events[-1].action == "rule_on_narrative"


def test_r7a_the_gm_refuses_one_request_and_the_others_still_wait():
    game = asked("The bridge holds", "The guard is an old friend")
    result = game.rule_on_narrative(2, False)
    assert not result.granted and result.ruling == ""
    assert game.state.narratives[1]["decision"] == "refused"
    assert list(game.pending_narratives) == [1]
    assert "refused" in to_text(result.describe())


def test_r7a_a_request_is_ruled_on_once():
    game = asked("The bridge holds")
    game.rule_on_narrative(1, False, "Too far")
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match=r"already refused.*\(R-7\)"):
        game.rule_on_narrative(1, True)
    assert snapshot(game) == before and game.state.narratives[0]["decision"] == "refused"


@pytest.mark.parametrize("number", [1, 2, 9999])
def test_r7a_an_unknown_request_is_refused_citing_r7(number):
    game = asked("The bridge holds") if number == 2 else table("Artie")
    before = snapshot(game)
    with pytest.raises(UnknownNameError, match=r"no such request was made \(R-7\)"):
        game.rule_on_narrative(number, True)
    assert snapshot(game) == before


@pytest.mark.parametrize(("args", "error"), [({"request": 0}, RulesError), ({"request": "1"}, MalformedInputError),
                                             ({"granted": "yes"}, MalformedInputError),
                                             ({"ruling": 3}, MalformedInputError)])
def test_r7a_wrong_arguments_are_refused_and_change_nothing(args, error):
    game = asked("The bridge holds")
    before = snapshot(game)
    with pytest.raises(error, match=r"R-7"):
        game.rule_on_narrative(**{"request": 1, "granted": True, **args})
    assert snapshot(game) == before and game.pending_narratives


def test_r7a_a_replayed_ruling_rebuilds_the_same_state():
    game = asked("The bridge holds", "The guard is an old friend")
    game.rule_on_narrative(2, True, "He owes Artie a favour")
    again = game.replayed()
    assert again.fingerprint() == game.fingerprint()
    assert again.state.narratives[1]["decision"] == "granted"
