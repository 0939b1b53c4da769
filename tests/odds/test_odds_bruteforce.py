"""Exact counts equal brute-force enumeration of every ordered stack on small decks (F-2, F-4, F-5, F-8, F-9)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st
from odds_helpers import brute_contest, brute_guided, brute_uncontested

from kit.core.cards import BLACK_JOKER, RED_JOKER, Card, Suit, standard_deck
from kit.falkefateifaux.odds import (
    StackSpec,
    contested_degree_distribution,
    contested_degree_distributions,
    guided_distribution,
    uncontested_distribution,
)

TWO_DECKS = standard_deck() * 2
SUITS = [s.letter for s in Suit]


@st.composite
def small_deck(draw, low: int = 8, high: int = 14) -> list[Card]:
    """8–14 cards of a double deck, often with jokers (sometimes both of a colour)."""
    size = draw(st.integers(low, high))
    jokers = draw(st.lists(st.sampled_from([RED_JOKER, BLACK_JOKER]), max_size=3))
    rest = [c for c in TWO_DECKS if not c.is_joker]
    picks = draw(st.lists(st.integers(0, len(rest) - 1), min_size=size - len(jokers), max_size=size - len(jokers),
                          unique=True))
    return jokers + [rest[i] for i in picks]


@st.composite
def stack_spec(draw, max_size: int = 3, chooser=None, hand_cards: int = 0) -> StackSpec:
    size = draw(st.integers(1, max_size))
    who = chooser or ("flipper" if size == 1 else draw(st.sampled_from(["flipper", "opponent", "lowest"])))
    granted = draw(st.none() | st.sampled_from(SUITS))
    hand = tuple(draw(st.lists(st.sampled_from(standard_deck()), max_size=hand_cards)))
    return StackSpec(size, who, draw(st.sampled_from(SUITS)), granted, draw(st.integers(0, 12)),
                     draw(st.integers(-3, 3)), hand)


def _uncontested(cards, spec):
    return uncontested_distribution(cards, stack_size=spec.stack_size, chooser=spec.chooser,
                                    action_suit=spec.action_suit, granted_suit=spec.granted_suit, skill=spec.skill,
                                    modifier=spec.modifier)


@settings(max_examples=40, deadline=None)
@given(small_deck(), stack_spec())
def test_f4_f5_uncontested_distribution_equals_every_ordered_stack(cards, spec):
    exact = _uncontested(cards, spec)
    assert exact == brute_uncontested(cards, spec)
    assert sum(exact.values()) == 1


def test_f5_black_joker_forced_even_at_advantage_with_a_granted_suit():
    cards = [Card.parse(c) for c in ["BJ", "AC", "KC", "RJ"]]
    spec = StackSpec(3, "flipper", "C", "C", 6, 0)
    exact = _uncontested(cards, spec)
    # the Black Joker is in 3 of the 4 three-card stacks: it forces 0 (+6); otherwise the Red Joker counts 15
    assert exact == {6: Fraction(3, 4), 21: Fraction(1, 4)} == brute_uncontested(cards, spec)


def test_f5_red_joker_taken_by_the_flipper_even_at_disadvantage():
    cards = [Card.parse(c) for c in ["2C", "RJ", "3C"]]
    for chooser in ("opponent", "lowest"):
        spec = StackSpec(2, chooser, "C", None, 4, 0)
        exact = _uncontested(cards, spec)
        assert exact[19] == sum(v for k, v in brute_uncontested(cards, spec).items() if k == 19)
        assert exact[19] == Fraction(2, 3)


@settings(max_examples=30, deadline=None)
@given(small_deck(8, 12), stack_spec(chooser="flipper", hand_cards=3), st.sampled_from([0, 0, 2]),
       st.none() | st.integers(0, 4))
def test_f8_guided_distribution_equals_every_stack_and_every_play(cards, spec, draws, hand_limit):
    hand = [Card.parse(c) for c in spec.hand]
    if hand_limit is not None:
        hand = hand[:hand_limit]
    exact = guided_distribution(cards, stack_size=spec.stack_size, chooser="flipper", action_suit=spec.action_suit,
                                granted_suit=spec.granted_suit, skill=spec.skill, modifier=spec.modifier, hand=hand,
                                draws=draws, hand_limit=hand_limit)
    assert exact == brute_guided(cards, spec, hand, draws, hand_limit)


def test_f8_a_black_joker_in_hand_is_never_played_to_succeed():
    cards = [Card.parse(c) for c in ["2C", "3C", "4C"]]
    exact = guided_distribution(cards, stack_size=1, chooser="flipper", action_suit="C", skill=0, hand=["BJ"])
    assert exact == _uncontested(cards, StackSpec(1, "flipper", "C"))


@settings(max_examples=25, deadline=None)
@given(small_deck(8, 11), stack_spec(max_size=2, hand_cards=2), stack_spec(max_size=2, hand_cards=2),
       st.booleans())
def test_f8_f9_contested_degrees_equal_every_pair_of_stacks_and_the_guide_game_tree(cards, acting, opposing, guide):
    if opposing.chooser == "lowest":
        opposing = StackSpec(opposing.stack_size, "opponent", opposing.action_suit, opposing.granted_suit,
                             opposing.skill, opposing.modifier, opposing.hand)
    exact = contested_degree_distribution(cards, acting=acting, opposing=opposing, guide=guide)
    assert exact == brute_contest(cards, acting, opposing, guide)
    assert sum(exact.values()) == 1
    plain, guided = contested_degree_distributions(cards, acting=acting, opposing=opposing, guided=guide)
    assert plain == contested_degree_distribution(cards, acting=acting, opposing=opposing)
    assert guided == (exact if guide else None)


def test_f9_a_contest_tie_goes_to_the_acting_side():
    cards = [Card.parse(c) for c in ["5C", "5C"]]
    spec = StackSpec(1, "flipper", "C", None, 4, 0)
    assert contested_degree_distribution(cards, acting=spec, opposing=spec) == {0: 1}


def test_f1_a_pool_changed_in_place_is_counted_afresh():
    cards = [Card.parse(c) for c in ["2C", "3C", "KC", "AC", "BJ", "RJ", "9H", "QS"]]
    spec = StackSpec(2, "flipper", "C", None, 4, 0)
    assert _uncontested(cards, spec) == brute_uncontested(cards, spec)
    cards[2] = Card.parse("BJ")
    cards.append(Card.parse("5D"))
    assert _uncontested(cards, spec) == brute_uncontested(cards, spec)
    strings = ["2C", "BJ", "KC"]
    assert _uncontested(strings, spec) == brute_uncontested([Card.parse(c) for c in strings], spec)
