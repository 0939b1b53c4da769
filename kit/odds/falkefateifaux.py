"""FalkeFateiFaux odds for display and the command line: :func:`flip_odds` asks a game's table
the exact odds of ``game.flip(...)``; ``kit odds falkefateifaux`` asks a fresh Deck of Fate.

The counting is :mod:`kit.falkefateifaux.odds` (pure functions on a multiset of cards); this
module works out what to count at a table (the cards the flipper has not seen, the hands, who
may guide fate) and shows it in the shared view (:class:`~kit.odds.views.DistributionView`).
"""

from __future__ import annotations

import argparse
import inspect
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from kit.core.cards import Card, Suit, parse_cards, standard_deck
from kit.core.describe import Describable, Description, Fact
from kit.core.errors import OutOfRangeError
from kit.falkefateifaux.odds import (
    GUIDE_POLICY,
    StackSpec,
    contested_degree_distributions,
    guided_distribution,
    success_of,
    uncontested_distribution,
)
from kit.falkefateifaux.results import FlipPlan, SidePlan
from kit.falkefateifaux.rules import Chooser, chooser_for, stack_size
from kit.odds.views import DistributionView, ShowsDistribution, chance_words
from kit.render.distribution import percent

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
    guiding = [s for s in (acting, opposing) if s.spec.guides()]
    counted = bool(guiding) and not any(s.draws for s in guiding)
    distribution, guided = contested_degree_distributions(cards, acting=acting.spec, opposing=opposing.spec,
                                                          guided=counted, opposing_cards=other)
    notes = [f"Both stacks are drawn from the {len(cards)} cards {acting.plan.character} has not seen, "
             f"less {opposing.plan.character}'s hand (F-1, F-9)."]
    if not guiding:
        notes.append("No guiding fate: no side may play a card (F-8).")
    elif not counted:
        notes.append("Guided odds not counted: a side that may guide fate draws for a negative adverb first, so "
                     "its hand is not known before the flip (F-6, F-8).")
    else:
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

# -- the command line: kit odds falkefateifaux -------------------------------------------

HELP = "a flip against a target from a fresh Deck of Fate"
"""The one-line help of ``kit odds falkefateifaux``."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``kit odds falkefateifaux``: skill, suit, target, [+]/[−], modifier, decks, hand."""
    parser.add_argument("--skill", type=int, required=True, metavar="LEVEL", help="skill level added in full (F-3)")
    parser.add_argument("--suit", required=True, help="the action's suit: clubs, diamonds, hearts, spades (F-2)")
    parser.add_argument("--target", type=int, help="the GM's target (F-9); without it only outcomes are shown")
    parser.add_argument("--plus", type=int, default=0, metavar="N", help="number of [+] (F-4)")
    parser.add_argument("--minus", type=int, default=0, metavar="N", help="number of [−] (F-4)")
    parser.add_argument("--modifier", type=int, default=0, metavar="N", help="total modifier (F-3)")
    parser.add_argument("--granted", help="a suit granted to the stack (F-7)")
    parser.add_argument("--decks", type=int, default=2, metavar="N", help="decks in the Deck of Fate (F-1, default 2)")
    parser.add_argument("--hand", help='cards in hand to guide fate with, e.g. "AC KD" (F-8)')


def _fresh_deck(decks: int) -> list[Card]:
    if decks < 1:
        raise OutOfRangeError(f"--decks {decks}", "a Deck of Fate holds at least one deck", "F-1", "--decks 1 or more")
    return standard_deck() * decks


def run(args: argparse.Namespace) -> int:
    """Print the outcomes of a flip from a fresh Deck of Fate, the chance of success and of guiding fate; exit 0."""
    for name in ("plus", "minus"):
        if getattr(args, name) < 0:
            raise OutOfRangeError(f"--{name} {getattr(args, name)}", "counts cannot be negative", "F-4",
                                  "use --plus and --minus with 0 or more")
    cards = _fresh_deck(args.decks)
    net = args.plus - args.minus
    suit = Suit.parse(args.suit)
    granted = Suit.parse(args.granted) if args.granted else None
    size, chooser = stack_size(net), chooser_for(net, False)
    common: dict[str, Any] = {"stack_size": size, "chooser": chooser, "action_suit": suit, "granted_suit": granted,
                              "skill": args.skill, "modifier": args.modifier}
    distribution = uncontested_distribution(cards, **common)
    print(f"FalkeFateiFaux: skill {args.skill}, {suit.title}{f' (granted {granted.title})' if granted else ''}, "
          f"net {net:+d}: {size} card{'s' if size != 1 else ''} from {len(cards)}, chooser {chooser} (F-4)"
          + (f", modifier {args.modifier:+d}" if args.modifier else ""))
    target = args.target
    succeeds = (lambda v: v >= target) if target is not None else None
    print("\n".join(DistributionView(distribution, succeeds).table()))
    if target is not None:
        print(f"Success (outcome ≥ {target}): {chance_words(success_of(distribution, target))}")
    if args.hand:
        hand = parse_cards(args.hand.split())
        if chooser != "flipper":
            print("Guiding fate: not allowed at net disadvantage (F-8)")
        elif target is not None:
            guided = guided_distribution(cards, **common, hand=hand)
            print(f"Guiding fate with {' '.join(str(c) for c in hand)}: {chance_words(success_of(guided, target))}")
    return 0


__all__ = ["FlipOdds", "flip_odds"]
