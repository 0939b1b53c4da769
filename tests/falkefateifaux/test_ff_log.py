"""The event log: each step is its own event, replay rebuilds the game, results describe themselves."""

import copy
from dataclasses import replace

import pytest
from ff_helpers import new_table

from kit.core.errors import ReplayMismatchError
from kit.core.events import DIGEST_CHAIN, Event, canonical_json, outcome_digest
from kit.falkefateifaux import FalkeFateiFauxGame
from kit.render import FORMATS


def _contest(game):
    game.rig("2C 9C").flip("Ada", "Fisticuffs", against="Bruno", against_skill="Athletics", adverb="boldly",
                           plus=["Gloves of Boxing"], modifier={"rain": -1})
    while game.awaiting:
        awaiting = game.awaiting
        if awaiting.action == "guide":
            game.guide(awaiting.character, None)
        else:
            game.choose(awaiting.character, awaiting.options[-1])
    return game.results[-1]


def test_each_step_of_a_flip_is_its_own_event_with_exact_arguments():
    game = new_table("steps", ada_hand="QC 2H 3H 4S 5S")
    start = len(game.log)
    game.rig("3C").flip("Ada", "Fisticuffs", target=14)
    game.guide("Ada", "QC")
    game.choose("Ada", "QC")
    actions = [e.action for e in game.log.events[start:]]
    assert actions == ["flip", "guide", "choose"]
    assert game.log[start + 1].args == {"character": "Ada", "card": "QC"}
    assert game.log[start].rigged and game.log[start].args["target"] == 14
    assert game.log.first_broken_link() is None


def test_replay_rebuilds_the_same_fingerprint_and_refuses_a_changed_outcome():
    game = new_table("replay")
    _contest(game)
    game.prepare("Ada")
    game.discard("Ada", game.hand("Ada")[:2])
    game.end_scene()
    replayed = FalkeFateiFauxGame.replay(game.seed, game.options, list(game.log), practice=game.practice)
    assert replayed.fingerprint() == game.fingerprint()
    events = [Event.from_dict(e.to_dict()) for e in game.log]  # as a file holds them: outcomes by digest (G-8)
    assert all(e.outcome is None and e.outcome_digest for e in events)
    assert FalkeFateiFauxGame.replay(game.seed, game.options, events, practice=game.practice).fingerprint() == (
        game.fingerprint())
    flip_at = next(i for i, e in enumerate(events) if e.action == "flip")
    outcome = copy.deepcopy(game.log[flip_at].outcome)
    outcome["sides"][0]["outcome"] = 99
    forged_digest = replace(events[flip_at], outcome_digest=outcome_digest(canonical_json(outcome)))
    forged_digest = replace(forged_digest, hash=forged_digest.expected_hash(DIGEST_CHAIN))  # rehashed, as forgers do
    held_outcome = list(game.log)
    held_outcome[flip_at] = replace(held_outcome[flip_at], outcome=outcome)  # the digest left as it was
    for forged in ([*events[:flip_at], forged_digest, *events[flip_at + 1:]], held_outcome):
        with pytest.raises(ReplayMismatchError, match="recorded outcome is not what the seed"):
            FalkeFateiFauxGame.replay(game.seed, game.options, forged, practice=game.practice)


def test_results_keep_the_whole_story_and_render_in_every_format():
    game = new_table("story")
    result = _contest(game)
    data = result.to_dict()
    assert data["contested"] and len(data["sides"]) == 2
    factors = {f["label"] for f in data["sides"][0]["factors"]}
    assert {"adverb 'boldly' (F-6)", "Gloves of Boxing (GM)", "rain (GM)"} <= factors
    assert all("reason" in c and "value" in c for s in data["sides"] for c in s["cards"])
    assert data["story"] and data["sides"][0]["chosen_by"]
    for render in FORMATS.values():
        text = render(result.describe())
        assert "Ada" in text and "Bruno" in text
    again = FalkeFateiFauxGame.replay(game.seed, game.options, list(game.log), practice=game.practice).results[-1]
    assert FORMATS["html"](again.describe()) == FORMATS["html"](result.describe())


def test_a_pending_step_says_what_is_awaited_from_whom():
    game = new_table("pending")
    step = game.rig("2C 9C").flip("Ada", "Fisticuffs", target=8, plus=1)
    assert step.awaiting == game.awaiting
    assert "Ada must choose a card" in game.awaiting.text and "2♣, 9♣" in game.awaiting.text
    assert "waiting for Ada to choose" in str(step)
    assert "Awaiting" in FORMATS["text"](game.describe_state())


def test_the_table_describes_itself_without_showing_hands():
    game = new_table("table", ada_hand="QC 2H 3H 4S 5S")
    game.add_condition("Ada", "Tired")
    html = game._repr_html_()
    assert "Ada" in html and "Tired" in html and "Q♣" not in html and "QC" not in html
    assert "Hand: 5 / Card Refresh 5" in str(game)


def test_player_text_is_escaped_in_html():
    game = FalkeFateiFauxGame("escape", practice=True)
    result = game.add_character("Eve", high_concept="<script>alert(1)</script>", trouble="&",
                                adverbs=["a", "b", "c"], negative_adverb="d", great="Magic",
                                good=["Society", "Courage", "Education"], poor="Athletics")
    assert "<script>" not in result._repr_html_() and "<script>" not in game._repr_html_()


def test_f14_a_result_keeps_the_sheet_as_it_was_when_the_character_joined():
    game = new_table("kept")
    joined = game.results[0]
    before = joined.to_dict()
    game.set_skill("Ada", "Magic", 10)
    assert joined.to_dict() == before
    assert joined.to_dict() == game.log[0].outcome
