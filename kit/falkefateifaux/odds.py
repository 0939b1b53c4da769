"""Exact odds of FalkeFateiFaux stacks, as :class:`fractions.Fraction`, counted rather than enumerated.

Pure functions take the multiset of cards a stack may come from (for a game, the flipper's
``unseen_cards``: the deck's make less its discard pile, the flipper's own hand and the table),
and count stacks by card value (:mod:`kit.core.stacks`). Rules applied:

* value of each card for the action's suit and any granted suit (F-2, F-7), via
  :func:`kit.falkefateifaux.rules.card_value`;
* ``stack_size`` cards (F-4, :func:`~kit.falkefateifaux.rules.stack_size`); the chooser
  (:func:`~kit.falkefateifaux.rules.chooser_for`): the flipper takes the best card; the opponent
  takes the worst, as does the rule with no opponent (F-4);
* the Black Joker is taken whenever it is in the stack and counts 0; otherwise the flipper takes
  the Red Joker (15) even at disadvantage (F-5);
* guiding fate (F-8): a side not at net disadvantage plays the hand card that maximises its
  outcome, and chooses again; a Black Joker in the stack still forces 0.

The odds of a flip at a game's table, and their display, are :func:`kit.odds.falkefateifaux.flip_odds`.

>>> uncontested_distribution(["4H", "8C"], stack_size=2, chooser="opponent", action_suit="C", skill=6)
{6: Fraction(1, 1)}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from operator import attrgetter

from kit.core.cards import Card, Suit, standard_deck
from kit.core.errors import IllegalActionError, MalformedInputError
from kit.core.stacks import BLACK_JOKER, Order, label_value, pair, product, single
from kit.falkefateifaux.rules import Chooser, card_value

GUIDE_POLICY = (
    "Guiding fate (F-8): each side not at net disadvantage may play the card of its hand that counts most "
    "for its action; a Black Joker in its stack still forces 0. In a contest both hands are taken as known; "
    "the side currently losing decides first; a side plays its best card only when that makes it win in the "
    "end (the other side answering in the same way), and keeps its card otherwise."
)
"""The guide-fate model every guided figure assumes."""

SuitArg = Suit | str
GrantedArg = Suit | str | Iterable[Suit | str] | None


def _granted(granted_suit: GrantedArg) -> frozenset[Suit]:
    if granted_suit is None:
        return frozenset()
    if isinstance(granted_suit, (Suit, str)):
        return frozenset({Suit.parse(granted_suit)})
    return frozenset(Suit.parse(s) for s in granted_suit)


@lru_cache(maxsize=8192)
def _label(card: Card, suit: Suit, granted: frozenset[Suit]) -> int:
    if card.is_black_joker:
        return BLACK_JOKER
    return card_value(card, suit, granted)


@lru_cache(maxsize=64)
def _label_table(suit: Suit, granted: frozenset[Suit]) -> tuple[int, ...]:
    """Each card's label for an action, indexed by :attr:`Card.ordinal`."""
    table = [0] * 62
    for card in standard_deck():
        table[card.ordinal] = _label(card, suit, granted)
    return tuple(table)


def _ordinal_counts(cards: Iterable[Card | str]) -> Counter[int]:
    """How many of each card (by ordinal) a pool holds; card codes are read as cards."""
    items = cards if isinstance(cards, (list, tuple)) else list(cards)
    try:
        return Counter(map(_ORDINAL, items))
    except AttributeError:
        return Counter(Card.parse(card).ordinal for card in items)


_ORDINAL = attrgetter("ordinal")


def _labels_by_card(cards: Iterable[Card | str], suit: Suit, granted: frozenset[Suit]) -> list[tuple[int, int]]:
    """(label, count) for each distinct card of ``cards``, in the pool's order (the same for every action)."""
    table = _label_table(suit, granted)
    return [(table[ordinal], n) for ordinal, n in _ordinal_counts(cards).items()]


def card_labels(cards: Iterable[Card | str], action_suit: SuitArg, granted_suit: GrantedArg = None) -> Counter[int]:
    """How many cards count each value for the action (F-2, F-7); the Black Joker as −1, the Red Joker 15 (F-5)."""
    totals: Counter[int] = Counter()
    for label, n in _labels_by_card(cards, Suit.parse(action_suit), _granted(granted_suit)):
        totals[label] += n
    return totals


def _order(stack_size: int, chooser: Chooser | str) -> Order:
    if chooser not in ("flipper", "opponent", "lowest"):
        raise MalformedInputError(f"chooser {chooser!r}", "is not a way of choosing a stack's card", "F-4",
                                  "flipper, opponent or lowest")
    return "max" if chooser == "flipper" or stack_size == 1 else "min"


def _check_stack(stack_size: int) -> None:
    if isinstance(stack_size, bool) or not isinstance(stack_size, int) or stack_size < 1:
        raise MalformedInputError(f"stack_size={stack_size!r}", "a stack flips |n| + 1 ≥ 1 cards", "F-4",
                                  "stack_size ≥ 1")


def _fractions(ways: Mapping[int, int], total: int) -> dict[int, Fraction]:
    return {key: Fraction(n, total) for key, n in sorted(ways.items()) if n}


def _hand_best(hand: Iterable[Card | str], suit: SuitArg, granted: GrantedArg) -> int:
    """The best label a hand can play: the Black Joker never helps (it would force 0), so −1 means none."""
    labels = [label for label in card_labels(hand, suit, granted) if label != BLACK_JOKER]
    return max(labels, default=BLACK_JOKER)


def uncontested_distribution(cards: Iterable[Card | str], *, stack_size: int, chooser: Chooser | str,
                             action_suit: SuitArg, granted_suit: GrantedArg = None, skill: int = 0,
                             modifier: int = 0) -> dict[int, Fraction]:
    """The exact distribution of the outcome (card value + skill + modifier, F-3) of one stack.

    ``cards``: the multiset a stack is drawn from, without replacement. ``chooser``: ``"flipper"``,
    ``"opponent"`` or ``"lowest"`` (F-4).

    >>> uncontested_distribution(["2C", "KC", "BJ"], stack_size=2, chooser="flipper", action_suit="C", skill=4)
    {4: Fraction(2, 3), 17: Fraction(1, 3)}
    """
    _check_stack(stack_size)
    ways, total = single(card_labels(cards, action_suit, granted_suit), stack_size, _order(stack_size, chooser))
    out: Counter[int] = Counter()
    for label, n in ways.items():
        out[label_value(label) + skill + modifier] += n
    return _fractions(out, total)


def guided_distribution(cards: Iterable[Card | str], *, stack_size: int, chooser: Chooser | str,
                        action_suit: SuitArg, granted_suit: GrantedArg = None, skill: int = 0, modifier: int = 0,
                        hand: Iterable[Card | str] = (), draws: int = 0, draw_cards: Iterable[Card | str] | None = None,
                        hand_limit: int | None = None) -> dict[int, Fraction]:
    """The outcome's distribution when the flipper may guide fate with one card of ``hand`` (F-8).

    The flipper plays the card that counts most (never the Black Joker, which would force 0) when it
    beats the stack's card, and chooses again; a Black Joker in the stack still forces 0 (F-5).
    ``draws`` cards are drawn into the hand first (a negative adverb draws two, F-6), from ``cards``
    or, when the stack comes from another deck, from ``draw_cards``; a hand over ``hand_limit``
    discards its worst cards (F-10), so with a limit of 0 nothing is left to play. Only a flipper
    not at net disadvantage may guide fate (F-8).
    """
    _check_stack(stack_size)
    if chooser != "flipper":
        raise IllegalActionError("guide fate at net disadvantage", "only a side not at net disadvantage may play a "
                                 "card from hand (F-8)", "F-8", 'chooser="flipper" (net advantage ≥ 0)')
    suit, granted = Suit.parse(action_suit), _granted(granted_suit)
    keeps = hand_limit is None or hand_limit > 0
    best = _hand_best(hand, suit, granted) if keeps else BLACK_JOKER
    labels = card_labels(cards, suit, granted)
    out: Counter[int] = Counter()
    if draws and keeps:
        if draw_cards is None:
            joint_labels = Counter({(a, a): n for a, n in labels.items()})
            joint, total = pair(joint_labels, stack_size, "max", draws, "hand")
        else:
            joint, total = product(single(labels, stack_size, "max"),
                                   single(card_labels(draw_cards, suit, granted), draws, "hand"))
        for (stack, drawn), n in joint.items():
            value = 0 if stack == BLACK_JOKER else max(stack, best, drawn)
            out[value + skill + modifier] += n
        return _fractions(out, total)
    ways, total = single(labels, stack_size, "max")
    for stack, n in ways.items():
        value = 0 if stack == BLACK_JOKER else max(stack, best)
        out[value + skill + modifier] += n
    return _fractions(out, total)


@dataclass(frozen=True)
class StackSpec:
    """One side of a contest: its stack, how its card is chosen, what it adds, and its hand (F-3, F-4, F-8).

    ``chooser`` is ``"flipper"`` at net advantage ≥ 0, else ``"opponent"`` (F-4). ``may_guide``: the
    side has not passed on guiding fate in advance; a side at net disadvantage never guides (F-8).
    """

    stack_size: int
    chooser: Chooser
    action_suit: SuitArg
    granted_suit: GrantedArg = None
    skill: int = 0
    modifier: int = 0
    hand: tuple[Card | str, ...] = ()
    may_guide: bool = True

    def guides(self) -> bool:
        """True when this side may play a card from hand: not at net disadvantage, not passed, a card held (F-8)."""
        return self.may_guide and self.chooser == "flipper" and bool(self.hand)

    def granted(self) -> frozenset[Suit]:
        """The granted suits (F-7)."""
        return _granted(self.granted_suit)


def contest_finals(acting: int, acting_best: int, opposing: int, opposing_best: int) -> tuple[int, int]:
    """The two outcomes after guiding fate in a contest, under :data:`GUIDE_POLICY` (F-8, F-9).

    ``acting``/``opposing``: each side's outcome before guiding; ``…_best``: its outcome if it plays
    its best card (equal when it cannot or may not guide). Ties go to the acting side (F-9). The
    losing side decides first; with both hands known, a side plays only when that wins it the contest.

    >>> contest_finals(10, 10, 9, 12)   # the opposing side is losing and its card wins: it plays
    (10, 12)
    >>> contest_finals(10, 13, 9, 12)   # the acting side would answer and win again: the opposing side keeps its card
    (10, 9)
    """
    if acting >= opposing:
        return (acting, opposing_best) if opposing_best > acting_best else (acting, opposing)
    return (acting_best, opposing) if acting_best >= opposing_best else (acting, opposing)


def _contest_joint(cards: Iterable[Card | str], acting: StackSpec, opposing: StackSpec,
                   opposing_cards: Iterable[Card | str] | None) -> tuple[dict[tuple[int, int], int], int]:
    for spec in (acting, opposing):
        _check_stack(spec.stack_size)
    suit_a, granted_a = Suit.parse(acting.action_suit), acting.granted()
    suit_b, granted_b = Suit.parse(opposing.action_suit), opposing.granted()
    order_a, order_b = _order(acting.stack_size, acting.chooser), _order(opposing.stack_size, opposing.chooser)
    if opposing_cards is not None:
        return product(single(card_labels(cards, suit_a, granted_a), acting.stack_size, order_a),
                       single(card_labels(opposing_cards, suit_b, granted_b), opposing.stack_size, order_b))
    items = cards if isinstance(cards, (list, tuple)) else list(cards)
    counts: Counter[tuple[int, int]] = Counter()
    for (a, n), (b, _) in zip(_labels_by_card(items, suit_a, granted_a), _labels_by_card(items, suit_b, granted_b),
                              strict=True):
        counts[(a, b)] += n
    return pair(counts, acting.stack_size, order_a, opposing.stack_size, order_b)


def _contest_degrees(joint: Mapping[tuple[int, int], int], acting: StackSpec, opposing: StackSpec,
                     guide: bool) -> Counter[int]:
    add_a, add_b = acting.skill + acting.modifier, opposing.skill + opposing.modifier
    best_a = _hand_best(acting.hand, acting.action_suit, acting.granted_suit) if guide and acting.guides() \
        else BLACK_JOKER
    best_b = _hand_best(opposing.hand, opposing.action_suit, opposing.granted_suit) if guide and opposing.guides() \
        else BLACK_JOKER
    out: Counter[int] = Counter()
    for (la, lb), n in joint.items():
        va, vb = label_value(la), label_value(lb)
        ta, tb = va + add_a, vb + add_b
        if best_a == BLACK_JOKER and best_b == BLACK_JOKER:
            out[ta - tb] += n
            continue
        ga = ta if la == BLACK_JOKER else max(va, best_a) + add_a
        gb = tb if lb == BLACK_JOKER else max(vb, best_b) + add_b
        fa, fb = contest_finals(ta, ga, tb, gb)
        out[fa - fb] += n
    return out


def contested_degree_distribution(cards: Iterable[Card | str], *, acting: StackSpec, opposing: StackSpec,
                                  guide: bool = False,
                                  opposing_cards: Iterable[Card | str] | None = None) -> dict[int, Fraction]:
    """The exact distribution of a contest's degree: acting outcome − opposing outcome (F-9; ≥ 0 wins).

    Both stacks are drawn from ``cards`` without replacement, the acting side's first (or the
    opposing side's from ``opposing_cards`` when it flips another deck). With ``guide=True`` each
    side may guide fate with its ``hand`` under :data:`GUIDE_POLICY`: both hands are known, each
    side plays its best card only when that makes it win, the side currently losing first (F-8).
    """
    joint, total = _contest_joint(cards, acting, opposing, opposing_cards)
    return _fractions(_contest_degrees(joint, acting, opposing, guide), total)


def contested_degree_distributions(cards: Iterable[Card | str], *, acting: StackSpec, opposing: StackSpec,
                                   guided: bool, opposing_cards: Iterable[Card | str] | None = None,
                                   ) -> tuple[dict[int, Fraction], dict[int, Fraction] | None]:
    """A contest's degree distribution without guiding fate and, when ``guided``, with it (F-8, F-9).

    The same as :func:`contested_degree_distribution` with ``guide=False`` and ``guide=True``, from
    one count of the stacks; the second is None when ``guided`` is False.
    """
    joint, total = _contest_joint(cards, acting, opposing, opposing_cards)
    plain = _fractions(_contest_degrees(joint, acting, opposing, False), total)
    return plain, _fractions(_contest_degrees(joint, acting, opposing, True), total) if guided else None


def success_of(distribution: Mapping[int, Fraction], threshold: int) -> Fraction:
    """P(value ≥ threshold): meeting the target succeeds (F-9)."""
    return sum((p for v, p in distribution.items() if v >= threshold), Fraction(0))


__all__ = [
    "GUIDE_POLICY",
    "StackSpec",
    "card_labels",
    "contest_finals",
    "contested_degree_distribution",
    "contested_degree_distributions",
    "guided_distribution",
    "success_of",
    "uncontested_distribution",
]
