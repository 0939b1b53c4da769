"""Cross-check with icepool 2.1.3 (test-only): the uncontested flip is the highest (or lowest) card dealt
from a deck of values, jokers mapped to values that make the rules' choice (F-4, F-5)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import icepool
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.core.cards import BLACK_JOKER, RED_JOKER, Suit, standard_deck
from kit.falkefateifaux.odds import card_labels, uncontested_distribution

DECK = standard_deck() * 2
SUITS = [s.letter for s in Suit]


def icepool_distribution(cards, stack_size, chooser, suit, granted, skill, modifier) -> dict[int, Fraction]:
    labels = card_labels(cards, suit, granted)
    best = chooser == "flipper" or stack_size == 1
    # highest card: the Black Joker above everything (forced), then maps to 0;
    # lowest card: the Black Joker below the Red Joker below everything (forced, then taken by the flipper).
    mapped: Counter[int] = Counter()
    for label, n in labels.items():
        if label == -1:
            mapped[16 if best else -2] += n
        elif label == 15 and not best:
            mapped[-1] += n
        else:
            mapped[label] += n
    deal = icepool.Deck(dict(mapped)).deal(stack_size)
    die = deal.highest(1).sum() if best else deal.lowest(1).sum()
    back = {16: 0, -2: 0, -1: 15}
    out: Counter[int] = Counter()
    for outcome, quantity in die.items():
        out[back.get(outcome, outcome) + skill + modifier] += quantity
    return {k: Fraction(q, die.denominator()) for k, q in sorted(out.items()) if q}


@settings(max_examples=25, deadline=None)
@given(picks=st.lists(st.integers(0, len(DECK) - 1), min_size=6, max_size=60, unique=True),
       jokers=st.lists(st.sampled_from([RED_JOKER, BLACK_JOKER]), max_size=4),
       stack_size=st.integers(1, 4), chooser=st.sampled_from(["flipper", "opponent", "lowest"]),
       suit=st.sampled_from(SUITS), granted=st.none() | st.sampled_from(SUITS), skill=st.integers(2, 12),
       modifier=st.integers(-4, 4))
def test_f4_f5_uncontested_equals_icepool_highest_or_lowest_of_a_deal(picks, jokers, stack_size, chooser, suit,
                                                                      granted, skill, modifier):
    cards = [DECK[i] for i in picks] + jokers
    ours = uncontested_distribution(cards, stack_size=stack_size, chooser=chooser, action_suit=suit,
                                    granted_suit=granted, skill=skill, modifier=modifier)
    assert ours == icepool_distribution(cards, stack_size, chooser, suit, granted, skill, modifier)
