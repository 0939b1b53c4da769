"""Helpers for the odds tests: brute-force enumerators over every ordered stack, and a table player
who answers the game's choices the way the odds model assumes."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

from kit.core.cards import Card, Suit
from kit.falkefateifaux import FalkeFateiFauxGame
from kit.falkefateifaux.odds import StackSpec
from kit.falkefateifaux.rules import card_value, choose_card
from kit.falkefateifaux.system import SYSTEM

ADA = SYSTEM.sheet("Ada")
BRUNO = SYSTEM.sheet("Bruno")


def new_table(seed: str) -> FalkeFateiFauxGame:
    """Ada and Bruno at a table (hands dealt by the seed)."""
    game = FalkeFateiFauxGame(seed, practice=True)
    game.add_character("Ada", **ADA)
    game.add_character("Bruno", **BRUNO)
    return game


def _granted(granted) -> tuple[Suit, ...]:
    if granted is None:
        return ()
    if isinstance(granted, (str, Suit)):
        return (Suit.parse(granted),)
    return tuple(Suit.parse(g) for g in granted)


def settle(stack: list[Card], spec: StackSpec) -> int:
    """The outcome of a stack by the rules' own choice (F-4, F-5): card value + skill + modifier."""
    suit, granted = Suit.parse(spec.action_suit), _granted(spec.granted_suit)
    chooser = spec.chooser if spec.stack_size > 1 else "flipper"
    pick = choose_card(stack, suit, granted, chooser=chooser)
    return card_value(stack[pick.index], suit, granted) + spec.skill + spec.modifier


def settle_guided(stack: list[Card], spec: StackSpec, hand: list[Card]) -> int:
    """The best outcome over every way to guide fate: pass, or play any hand card, then choose again (F-8)."""
    options = [settle(stack, spec)]
    for card in hand:
        options.append(settle([*stack, card], StackSpec(len(stack) + 1, "flipper", spec.action_suit,
                                                         spec.granted_suit, spec.skill, spec.modifier)))
    return max(options)


def _fractions(counts: Counter, total: int) -> dict[int, Fraction]:
    return {k: Fraction(v, total) for k, v in sorted(counts.items())}


def brute_uncontested(cards: list[Card], spec: StackSpec) -> dict[int, Fraction]:
    """Every ordered stack of distinct cards, equally likely."""
    counts: Counter[int] = Counter()
    total = 0
    for stack in itertools.permutations(cards, spec.stack_size):
        counts[settle(list(stack), spec)] += 1
        total += 1
    return _fractions(counts, total)


def brute_guided(cards: list[Card], spec: StackSpec, hand: list[Card], draws: int = 0,
                 hand_limit: int | None = None) -> dict[int, Fraction]:
    """Every ordered draw of ``draws`` cards into the hand and then of the stack; the best play."""
    counts: Counter[int] = Counter()
    total = 0
    for drawn in itertools.permutations(cards, draws + spec.stack_size):
        extra, stack = list(drawn[:draws]), list(drawn[draws:])
        held = [*hand, *extra]
        if hand_limit is not None and len(held) > hand_limit:
            suit, granted = Suit.parse(spec.action_suit), _granted(spec.granted_suit)
            held.sort(key=lambda c: -1 if c.is_black_joker else card_value(c, suit, granted), reverse=True)
            held = held[:hand_limit]
        counts[settle_guided(stack, spec, held)] += 1
        total += 1
    return _fractions(counts, total)


def _options(stack: list[Card], spec: StackSpec, hand: list[Card], allowed: bool) -> list[int]:
    """Outcomes for pass (first) and for each playable hand card."""
    out = [settle(stack, spec)]
    if allowed and spec.chooser == "flipper" and spec.may_guide:
        for card in hand:
            out.append(settle([*stack, card], StackSpec(len(stack) + 1, "flipper", spec.action_suit,
                                                         spec.granted_suit, spec.skill, spec.modifier)))
    return out


def brute_contest_finals(a_opts: list[int], b_opts: list[int]) -> tuple[int, int]:
    """A game tree: the losing side moves first, then the other; each side wants to win (ties to the
    acting side, F-9), plays only when that wins it the contest, and then the card that scores most."""
    a0, b0 = a_opts[0], b_opts[0]

    def reply(first_is_a: bool, mine: list[int], theirs_now: int, mine_now: int) -> int:
        # the second mover: pass unless a play turns a loss into a win; then the highest such play
        wins = (lambda x: x >= theirs_now) if not first_is_a else (lambda x: x > theirs_now)
        if wins(mine_now):
            return mine_now
        winning = [x for x in mine[1:] if wins(x)]
        return max(winning) if winning else mine_now

    if a0 >= b0:  # the opposing side is losing: it moves first
        results = []
        for b in b_opts:
            a = reply(False, a_opts, b, a0)
            results.append((a, b))
        pass_result = results[0]
        winning = [r for r in results[1:] if r[1] > r[0]]
        if pass_result[1] > pass_result[0] or not winning:
            return pass_result
        return max(winning, key=lambda r: r[1])
    results = []
    for a in a_opts:
        b = reply(True, b_opts, a, b0)
        results.append((a, b))
    pass_result = results[0]
    winning = [r for r in results[1:] if r[0] >= r[1]]
    if pass_result[0] >= pass_result[1] or not winning:
        return pass_result
    return max(winning, key=lambda r: r[0])


def brute_contest(cards: list[Card], acting: StackSpec, opposing: StackSpec, guide: bool) -> dict[int, Fraction]:
    """Every ordered pair of stacks (acting first) from one pool; the degree, guided by the game tree."""
    counts: Counter[int] = Counter()
    total = 0
    k1 = acting.stack_size
    hand_a = [Card.parse(c) for c in acting.hand]
    hand_b = [Card.parse(c) for c in opposing.hand]
    for drawn in itertools.permutations(cards, k1 + opposing.stack_size):
        sa, sb = list(drawn[:k1]), list(drawn[k1:])
        if guide:
            fa, fb = brute_contest_finals(_options(sa, acting, hand_a, True), _options(sb, opposing, hand_b, True))
        else:
            fa, fb = settle(sa, acting), settle(sb, opposing)
        counts[fa - fb] += 1
        total += 1
    return _fractions(counts, total)


# -- a table player answering like the odds model ---------------------------------------------


def _value(report_side, code: str) -> int:
    plan = report_side.plan
    card = Card.parse(code)
    if card.is_black_joker:
        return -1
    return card_value(card, Suit.parse(plan.suit), [Suit.parse(g) for g in plan.granted])


def _best_play(game: FalkeFateiFauxGame, side) -> tuple[str | None, int]:
    """The hand card counting most for this side (never the Black Joker) and the outcome it would give."""
    chosen = next((c for c in side.cards if c.chosen), None)
    if chosen is None or any(c.code == "BJ" for c in side.cards):
        return None, side.outcome
    best_code, best_value = None, chosen.value
    for code in game.hand(side.plan.character):
        value = _value(side, code)
        if value > best_value:
            best_code, best_value = code, value
    return best_code, side.outcome - chosen.value + best_value


def answer(game: FalkeFateiFauxGame, result):
    """Answer every awaited step as the odds model assumes, until the flip resolves."""
    while game.awaiting is not None:
        awaiting = game.awaiting
        if awaiting.action == "discard":
            ch = awaiting.character
            suit_side = next((s for s in result.sides if s.plan.character == ch), result.sides[0])
            worst = sorted(game.hand(ch), key=lambda code: _value(suit_side, code))[:awaiting.count]
            step = game.discard(ch, worst)
            result = step.flip or result
            continue
        side_index = next((i for i, s in enumerate(result.sides) if s.outcome is None), None)
        if awaiting.action == "choose":
            if awaiting.options == ("RJ", None):
                result = game.choose(awaiting.character, "RJ")
                continue
            side = result.sides[side_index]
            values = {code: _value(side, code) for code in awaiting.options}
            flipper = awaiting.character == side.plan.character
            pick = max(values, key=values.get) if flipper else min(values, key=values.get)
            result = game.choose(awaiting.character, pick)
            continue
        # guide: the rational contest policy, or the best play against a target
        me = next(s for s in result.sides if s.plan.character == awaiting.character)
        code, best = _best_play(game, me)
        if not result.contested:
            play = code is not None
        else:
            other = next(s for s in result.sides if s.plan.character != awaiting.character)
            acting = me is result.sides[0]
            other_best = _best_play(game, other)[1] if other.guide == "" and other.plan.net >= 0 else other.outcome
            if acting:
                play = code is not None and best >= other_best and me.outcome < other.outcome
            else:
                play = code is not None and best > other_best and other.outcome >= me.outcome
        result = game.guide(awaiting.character, code if play else None)
    return result
