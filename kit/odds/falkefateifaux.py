"""Exact odds of FalkeFateiFaux flips, as :class:`fractions.Fraction`, counted rather than enumerated.

Pure functions take the multiset of cards a stack may come from (for a game, the flipper's
``unseen_cards``: the deck's make less its discard pile, the flipper's own hand and the table),
and count stacks by card value (:mod:`kit.odds.stacks`). Rules applied:

* value of each card for the action's suit and any granted suit (F-2, F-7), via
  :func:`kit.falkefateifaux.rules.card_value`;
* ``stack_size`` cards (F-4, :func:`~kit.falkefateifaux.rules.stack_size`); the chooser
  (:func:`~kit.falkefateifaux.rules.chooser_for`): the flipper takes the best card; the opponent
  takes the worst, as does the rule with no opponent (F-4);
* the Black Joker is taken whenever it is in the stack and counts 0; otherwise the flipper takes
  the Red Joker (15) even at disadvantage (F-5);
* guiding fate (F-8): a side not at net disadvantage plays the hand card that maximises its
  outcome, and chooses again; a Black Joker in the stack still forces 0.

:func:`flip_odds` asks the same of a game, with the arguments of ``game.flip``.
"""

from __future__ import annotations

import inspect
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from operator import attrgetter
from typing import Any

from kit.core.cards import Card, Suit, standard_deck
from kit.core.describe import Describable, Description, Fact
from kit.core.errors import IllegalActionError, MalformedInputError
from kit.falkefateifaux.results import FlipPlan, SidePlan
from kit.falkefateifaux.rules import Chooser, card_value, chooser_for
from kit.odds.stacks import BLACK_JOKER, RED_JOKER, Order, label_value, pair, product, single
from kit.odds.views import DistributionView, ShowsDistribution, chance_words
from kit.render.distribution import percent

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


def success_of(distribution: Mapping[int, Fraction], threshold: int) -> Fraction:
    """P(value ≥ threshold): meeting the target succeeds (F-9)."""
    return sum((p for v, p in distribution.items() if v >= threshold), Fraction(0))


# -- odds of a flip at a game's table ---------------------------------------------------


@dataclass(frozen=True)
class SideOdds:
    """How one side of a flip is counted: its plan, the cards it may draw, its hand and whether it guides."""

    plan: SidePlan
    chooser: Chooser
    cards: tuple[Card, ...]
    hand: tuple[Card, ...]
    may_guide: bool
    draws: int
    hand_limit: int

    @property
    def spec(self) -> StackSpec:
        """The side as a :class:`StackSpec`."""
        return StackSpec(self.plan.stack_size, self.chooser, self.plan.suit, self.plan.granted or None,
                         self.plan.level, self.plan.modifier, self.hand if self.hand_limit > 0 else (), self.may_guide)


@dataclass(frozen=True)
class FlipOdds(ShowsDistribution, Describable):
    """The exact odds of a flip as planned: outcome (or, in a contest, degree) → chance.

    ``distribution`` is outcome → chance for a flip against a target (or none), degree → chance for a
    contest (acting − opposing, F-9). ``success`` is P(outcome ≥ target) or P(degree ≥ 0); None when
    there is no target. ``guided_…`` are the same when guiding fate is allowed (F-8, :data:`GUIDE_POLICY`);
    None when no side can guide.
    """

    plan: FlipPlan
    distribution: dict[int, Fraction]
    success: Fraction | None
    guided_distribution: dict[int, Fraction] | None
    guided_success: Fraction | None
    unseen: int
    notes: tuple[str, ...] = field(default=())

    @property
    def contested(self) -> bool:
        """True for a contest (degrees), False for a flip against a target (outcomes)."""
        return self.plan.contested

    @property
    def threshold(self) -> int | None:
        """The least value that succeeds: the target, or degree 0 in a contest."""
        return 0 if self.plan.contested else self.plan.target

    def succeeds(self, value: int) -> bool:
        """True when an outcome (or degree) succeeds (F-9)."""
        return self.threshold is not None and value >= self.threshold

    def _title(self) -> str:
        sides = self.plan.sides
        if self.plan.contested:
            return "Odds — " + " vs ".join(f"{s.character} ({s.skill})" for s in sides)
        against = f" vs target {self.plan.target}" if self.plan.target is not None else ""
        return f"Odds — {sides[0].character}: {sides[0].skill}{against}"

    def headline(self) -> str:
        """The chance of success in words (and with guiding fate)."""
        if self.success is None:
            return f"{self._title()}: no target, outcomes only"
        text = f"{self._title()}: success {chance_words(self.success)}"
        if self.guided_success is not None:
            text += f"; guiding fate {chance_words(self.guided_success)}"
        return text

    def view(self) -> DistributionView:
        """The compact bar chart of the (guided, when possible) distribution and the headline."""
        shown = self.guided_distribution if self.guided_distribution is not None else self.distribution
        label = "degree" if self.plan.contested else "outcome"
        if self.guided_distribution is not None:
            label += " (guiding fate)"
        return DistributionView(shown, self.succeeds if self.threshold is not None else None, label, self.headline())

    def describe(self) -> Description:
        """The chances as fractions and percentages, each side's stack, and the assumptions."""
        facts = []
        if self.success is not None:
            facts.append(Fact("Success", f"{self.success} ({percent(self.success)})"))
        if self.guided_success is not None:
            facts.append(Fact("Success guiding fate", f"{self.guided_success} ({percent(self.guided_success)})"))
        for side in self.plan.sides:
            facts.append(Fact(f"{side.character}'s stack",
                              f"{side.stack_size} from the Deck of {side.deck.title()}, chooser {side.chooser}, "
                              f"adds {side.level + side.modifier:+d}"))
        facts.append(Fact("Cards unseen", str(self.unseen)))
        word = "Degree" if self.plan.contested else "Outcome"
        facts.append(Fact(f"{word} distribution", ", ".join(f"{v}: {p}" for v, p in self.distribution.items())))
        verdict = percent(self.success) if self.success is not None else "no target"
        return Description(self._title(), verdict, facts=tuple(facts), notes=self.notes)


_ARGUMENT_NAMES = {0: ("adverb", "guide"), 1: ("against_adverb", "against_guide")}


def _negative_adverb(game: Any, character: str, adverb: Any) -> bool:
    if isinstance(adverb, (list, tuple)):
        adverb = adverb[0] if adverb else None
    if not isinstance(adverb, str):
        return False
    return bool(game.character(character).adverb_kind(adverb)[1])


def _side(game: Any, plan: FlipPlan, index: int, arguments: Mapping[str, Any], cards: Sequence[Card]) -> SideOdds:
    sp = plan.sides[index]
    has_opponent = plan.opponent is not None
    chooser = chooser_for(sp.net, has_opponent)
    ch = game.character(sp.character)
    adverb_name, guide_name = _ARGUMENT_NAMES[index]
    draws = 2 if _negative_adverb(game, sp.character, arguments.get(adverb_name)) else 0
    may_guide = bool(arguments.get(guide_name, True)) and sp.net >= 0
    hand = tuple(Card.parse(c) for c in game.hand(sp.character))
    return SideOdds(sp, chooser, tuple(cards), hand, may_guide, draws, ch.refresh)


def _pools(game: Any, plan: FlipPlan) -> tuple[list[Card], list[Card] | None]:
    """The acting flipper's unseen cards for each stack; in a contest the opposing hand is known too."""
    acting = plan.sides[0]
    known: Counter[Card] = Counter()
    if plan.contested:
        known = Counter(Card.parse(c) for c in game.hand(plan.sides[1].character))

    def unseen(deck: str) -> list[Card]:
        cards = Counter(game.unseen_cards(acting.character, deck))
        if deck == "fate":
            cards -= known
        return sorted(cards.elements(), key=Card.sort_key)

    first = unseen(acting.deck)
    if not plan.contested or plan.sides[1].deck == acting.deck:
        return first, None
    return first, unseen(plan.sides[1].deck)


def _uncontested(game: Any, plan: FlipPlan, arguments: Mapping[str, Any]) -> FlipOdds:
    cards, _ = _pools(game, plan)
    side = _side(game, plan, 0, arguments, cards)
    sp = side.plan
    common: dict[str, Any] = {"stack_size": sp.stack_size, "chooser": side.chooser, "action_suit": sp.suit,
                              "granted_suit": sp.granted or None, "skill": sp.level, "modifier": sp.modifier}
    distribution = uncontested_distribution(cards, **common)
    notes = [f"Stacks are drawn from the {len(cards)} cards {sp.character} has not seen (F-1)."]
    guided = None
    if not side.may_guide:
        notes.append("No guiding fate: " + ("at net disadvantage (F-8)." if sp.net < 0 else "passed in advance (F-8)."))
    elif not side.hand and not side.draws:
        notes.append(f"No guiding fate: {sp.character} holds no card (F-8).")
    else:
        draw_cards = None if sp.deck == "fate" or not side.draws else game.unseen_cards(sp.character, "fate")
        guided = guided_distribution(cards, **common, hand=side.hand, draws=side.draws, draw_cards=draw_cards,
                                     hand_limit=side.hand_limit)
        notes.append(GUIDE_POLICY)
        if side.draws:
            notes.append("The negative adverb's two cards join the hand before guiding fate; a hand over Card "
                         "Refresh keeps its best cards (F-6, F-10).")
    target = plan.target
    success = success_of(distribution, target) if target is not None else None
    guided_success = success_of(guided, target) if target is not None and guided is not None else None
    return FlipOdds(plan, distribution, success, guided, guided_success, len(cards), tuple(notes))


def _contested(game: Any, plan: FlipPlan, arguments: Mapping[str, Any]) -> FlipOdds:
    cards, other = _pools(game, plan)
    acting = _side(game, plan, 0, arguments, cards)
    opposing = _side(game, plan, 1, arguments, other if other is not None else cards)
    joint, total = _contest_joint(cards, acting.spec, opposing.spec, other)
    distribution = _fractions(_contest_degrees(joint, acting.spec, opposing.spec, False), total)
    notes = [f"Both stacks are drawn from the {len(cards)} cards {acting.plan.character} has not seen, "
             f"less {opposing.plan.character}'s hand (F-1, F-9)."]
    guided = None
    guiding = [s for s in (acting, opposing) if s.spec.guides()]
    if not guiding:
        notes.append("No guiding fate: no side may play a card (F-8).")
    elif any(s.draws for s in guiding):
        notes.append("Guided odds not counted: a side that may guide fate draws for a negative adverb first, so "
                     "its hand is not known before the flip (F-6, F-8).")
    else:
        guided = _fractions(_contest_degrees(joint, acting.spec, opposing.spec, True), total)
        notes.append(GUIDE_POLICY)
    success = success_of(distribution, 0)
    guided_success = success_of(guided, 0) if guided is not None else None
    return FlipOdds(plan, distribution, success, guided, guided_success, len(cards), tuple(notes))


def flip_odds(game: Any, *args: Any, **kwargs: Any) -> FlipOdds:
    """The exact odds of ``game.flip(*args, **kwargs)``, worked out with ``game.plan_flip`` (nothing changes).

    Counts over the cards the acting flipper has not seen (``game.unseen_cards``); in a contest both
    hands are taken as known (:data:`GUIDE_POLICY`). Refusals are those of ``plan_flip``.
    """
    plan = game.plan_flip(*args, **kwargs)
    bound = inspect.signature(game.plan_flip).bind(*args, **kwargs)
    bound.apply_defaults()
    if plan.contested:
        return _contested(game, plan, bound.arguments)
    return _uncontested(game, plan, bound.arguments)


__all__ = [
    "GUIDE_POLICY",
    "RED_JOKER",
    "FlipOdds",
    "StackSpec",
    "card_labels",
    "contest_finals",
    "contested_degree_distribution",
    "flip_odds",
    "guided_distribution",
    "success_of",
    "uncontested_distribution",
]
