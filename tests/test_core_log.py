"""The random source, decks and the hash-chained event log."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kit.core.cards import Card, standard_deck
from kit.core.decks import Deck
from kit.core.errors import IllegalActionError, NotHeldError
from kit.core.events import FULL_OUTCOME_CHAIN, Event, EventLog, outcome_digest
from kit.core.randomness import GameRandom, seed_commitment


def test_random_source_is_deterministic_per_seed_and_label():
    assert GameRandom("s", "event:1").dice(20, 20) == GameRandom("s", "event:1").dice(20, 20)
    assert GameRandom("s", "event:1").dice(20, 20) != GameRandom("s", "event:2").dice(20, 20)
    assert GameRandom("s", "event:1").dice(20, 20) != GameRandom("t", "event:1").dice(20, 20)


def test_random_source_reaches_both_ends_of_every_die():
    rng = GameRandom("ends", "x")
    for sides in (2, 6, 20):
        seen = {rng.roll(sides) for _ in range(400)}
        assert seen == set(range(1, sides + 1))


def test_rigged_rolls_come_first_and_are_checked():
    rng = GameRandom("s", "e", forced_rolls=[14, 6])
    assert rng.roll(20) == 14
    with pytest.raises(ValueError, match="d4"):
        rng.roll(4)


def test_seed_commitment_hides_the_seed():
    assert seed_commitment("abc") != "abc" and len(seed_commitment("abc")) == 64


@given(st.integers(min_value=0, max_value=300))
def test_f1_deck_keeps_every_card_and_reshuffles_the_discard(draws):
    rng = GameRandom("deck", "t")
    deck = Deck.shuffled("fate", standard_deck() * 2, rng)
    held: list[Card] = []
    for _ in range(draws):
        if len(held) > 20:
            deck.discard(held[:10])
            held = held[10:]
        held.append(deck.draw(rng))
    assert sorted(map(str, list(deck.counts().elements()) + held)) == sorted(map(str, standard_deck() * 2))


def test_f1_empty_deck_with_empty_discard_is_refused():
    rng = GameRandom("deck", "t")
    deck = Deck.shuffled("fate", [Card.parse("4H")], rng)
    deck.draw(rng)
    with pytest.raises(IllegalActionError, match="F-1"):
        deck.draw(rng)


def test_rig_puts_named_cards_on_top_from_draw_or_discard():
    rng = GameRandom("deck", "t")
    deck = Deck.shuffled("fate", standard_deck(), rng)
    card = deck.draw(rng)
    deck.discard([card])
    deck.put_on_top([Card.parse("RJ"), card])
    assert deck.draw(rng) == Card.parse("RJ")
    assert deck.draw(rng) == card
    assert deck.size == 52


def test_rig_refuses_a_card_that_is_not_in_the_deck_and_changes_nothing():
    rng = GameRandom("deck", "t")
    deck = Deck.shuffled("fate", standard_deck(), rng)
    top = deck.draw(rng)
    before = list(deck.draw_pile)
    with pytest.raises(NotHeldError):
        deck.put_on_top([Card.parse("2C") if top != Card.parse("2C") else Card.parse("3C"), top])
    assert deck.draw_pile == before


def test_event_log_chains_and_detects_edits():
    log = EventLog()
    log.append("a", {"x": 1}, {"r": 2})
    log.append("b", {"y": [1, 2]}, None, {"dice": [3]})
    assert log.first_broken_link() is None
    assert log[1].rigged and not log[0].rigged
    data = log[0].to_dict()
    assert "outcome" not in data and data["outcome_digest"] == outcome_digest('{"r":2}')  # version 4 (G-8)
    data["outcome_digest"] = outcome_digest('{"r":3}')
    log.events[0] = Event.from_dict(data)
    assert log.first_broken_link() == (0, "content does not match its hash")
    whole = EventLog(version=FULL_OUTCOME_CHAIN)  # version 2: the outcome itself
    whole.append("a", {"x": 1}, {"r": 2})
    data = whole[0].to_dict()
    assert data["outcome"] == {"r": 2} and "outcome_digest" not in data
    data["outcome"] = {"r": 3}
    whole.events[0] = Event.from_dict(data)
    assert whole.first_broken_link() == (0, "content does not match its hash")


def test_event_from_dict_refuses_malformed_data():
    with pytest.raises(ValueError, match="no field"):
        Event.from_dict({"index": 0})
    with pytest.raises(ValueError):
        Event.from_dict([1, 2])
