"""Planning a flip: its set-up worked out from the state, without changing it (F-4, F-6, F-7, F-12)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from kit.core.cards import Suit
from kit.core.errors import (
    IllegalActionError,
    InsufficientTokensError,
    MalformedInputError,
    OutOfRangeError,
)
from kit.falkefateifaux.character import Character
from kit.falkefateifaux.limits import CARDS_PER_DECK
from kit.falkefateifaux.results import FlipPlan, SidePlan
from kit.falkefateifaux.rules import Factor, chooser_for, duration_table
from kit.falkefateifaux.skills import MAGIC_SKILL, SKILLS, skill_name


@dataclass(frozen=True)
class SideSpec:
    """What one side asks for: adverb, GM's [+]/[−]/modifiers, Fate spends, granted suit."""

    adverb: Any = None
    plus: Any = 0
    minus: Any = 0
    modifier: Any = 0
    boost: bool = False
    suit: Any = None
    hinder: bool = False
    granted_suit: Any = None
    guide: bool = True


@dataclass(frozen=True)
class SetUp:
    """A worked-out flip: the plan, plus who draws for a negative adverb and what each side pays."""

    plan: FlipPlan
    negative_adverb: dict[str, str]
    costs: dict[str, int]
    may_guide: tuple[bool, ...]
    duration: str | None


def _count_factors(value: Any, sign: int, what: str) -> list[Factor]:
    word = "[+]" if sign > 0 else "[−]"
    if value is None or value == 0:
        return []
    if isinstance(value, bool):
        raise MalformedInputError(f"{what}={value!r}", f"counts {word} as a number or names their reasons", "F-4",
                                  f'e.g. {what}=1 or {what}=["Gloves of Boxing"]')
    if isinstance(value, int):
        if value < 0:
            raise OutOfRangeError(f"{what}={value}", f"counts {word} and cannot be negative", "F-4",
                                  f"use {'minus' if sign > 0 else 'plus'}= for the other direction")
        return [Factor(f"situational {word} (GM)", sign) for _ in range(value)]
    if isinstance(value, str):
        value = [value]
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) and v.strip() for v in value):
        return [Factor(f"{v.strip()} (GM)", sign) for v in value]
    raise MalformedInputError(f"{what}={value!r}", f"counts {word} as a number or names their reasons", "F-4",
                              f'e.g. {what}=1 or {what}=["Gloves of Boxing"]')


def _modifier_factors(value: Any, what: str) -> list[Factor]:
    if value is None or value == 0:
        return []
    if isinstance(value, bool):
        raise MalformedInputError(f"{what}={value!r}", "is a number or a mapping of reasons to numbers", "F-3",
                                  f'e.g. {what}=-2 or {what}={{"local renown": 3}}')
    if isinstance(value, int):
        return [Factor("situational modifier (GM)", 0, value)]
    if isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool)
                                       for k, v in value.items()):
        return [Factor(f"{k} (GM)", 0, v) for k, v in value.items() if v]
    raise MalformedInputError(f"{what}={value!r}", "is a number or a mapping of reasons to numbers", "F-3",
                              f'e.g. {what}=-2 or {what}={{"local renown": 3}}')


def _is_suit_name(text: str) -> bool:
    try:
        Suit.parse(text)
    except MalformedInputError:
        return False
    return True


def _suit_or_none(value: Any, what: str, action_suit: Suit) -> Suit | None:
    if value is None or value is False:
        return None
    if value is True:
        return action_suit
    if isinstance(value, str) and _is_suit_name(value):
        return Suit.parse(value)
    raise MalformedInputError(f"{what}={value!r}", "names a suit", "F-7",
                              f'name Clubs, Diamonds, Hearts or Spades (C, D, H, S), e.g. {what}="Clubs"'
                              + (" or suit=True for the action's suit" if what == "suit" else ""))


def _adverb_factor(ch: Character, adverb: Any) -> tuple[list[Factor], str | None]:
    if adverb is None:
        return [], None
    if isinstance(adverb, (list, tuple)):
        if len(adverb) > 1:
            raise IllegalActionError(f"adverbs {list(adverb)} for {ch.name}", "at most one adverb an action", "F-6",
                                     "use a single adverb")
        if not adverb:
            return [], None
        adverb = adverb[0]
    if not isinstance(adverb, str):
        raise MalformedInputError(f"adverb {adverb!r}", "is not text", "F-6",
                                  f"name one of {ch.name}'s adverbs: {', '.join([*ch.adverbs, ch.negative_adverb])}")
    name, negative = ch.adverb_kind(adverb)
    if negative:
        return [Factor(f"negative adverb {name!r}: {ch.name} draws two cards (F-6)", -1)], name
    return [Factor(f"adverb {name!r} (F-6)", 1)], None


def _affliction_factors(ch: Character, skill: str) -> list[Factor]:
    factors: list[Factor] = []
    for affliction in ch.afflictions:
        factors += affliction.factors(skill, ch.name)
    return factors


def _cover_factor(skill: str, opponent: Character | None) -> list[Factor]:
    if skill != "Marksmanship" or opponent is None:
        return []
    covers = [a.name for a in opponent.afflictions if a.cover]
    if not covers:
        return []
    name = "Hard Cover" if "Hard Cover" in covers else covers[0]
    return [Factor(f"{opponent.name} is in {name}: [−] to the opponent's Marksmanship (F-12)", -1)]


def work_out(characters: dict[str, Character], actor: Character, skill: Any, target: Any,
             opponent: Character | None, against_skill: Any, mine: SideSpec, theirs: SideSpec,
             duration: Any) -> SetUp:
    """Validate a flip's arguments against the state and work out both sides' set-up."""
    del characters
    skill_a = skill_name(skill)
    if target is not None and (isinstance(target, bool) or not isinstance(target, int)):
        raise MalformedInputError(f"target={target!r}", "is a whole number set by the GM", "F-9", "e.g. target=8",
                                  asked="the target", hint="type a whole number as the target, such as 8")
    contested = against_skill is not None
    if contested and opponent is None:
        raise MalformedInputError("against_skill", "a contest needs the opposing character", "F-9",
                                  'give against="Bruno" too', asked="a contest",
                                  hint="choose the opponent as well as the opposing skill")
    if contested and target is not None:
        raise MalformedInputError("target with against_skill", "a contest compares the two outcomes, not a target",
                                  "F-9", "give either target= or against= with against_skill=",
                                  asked="a target in a contest", hint="leave the target out of a contest")
    if not contested and theirs != SideSpec(hinder=theirs.hinder, guide=theirs.guide):
        raise MalformedInputError("against_… settings", "only a contested flip has an opposing stack", "F-9",
                                  "give against_skill= for a contest, or only against_hinder= for an opponent",
                                  asked="the opponent's settings",
                                  hint="choose an opposing skill to make it a contest, "
                                       "or clear the opponent's settings")
    if duration is not None:
        duration_table(duration)
    if not actor.in_control:
        raise IllegalActionError(f"flip for {actor.name}", f"{actor.name} is not in control", "F-10",
                                 "regain control first")
    if opponent is not None and contested and not opponent.in_control:
        raise IllegalActionError(f"contest against {opponent.name}", f"{opponent.name} is not in control", "F-10",
                                 "regain control first")
    if mine.hinder and not contested:
        raise IllegalActionError(f"{actor.name} spends a Fate token to give the opponent [−]",
                                 "there is no opposing stack to hinder", "F-7", "use hinder= in a contest",
                                 hint="choose an opponent and an opposing skill for a contest, "
                                      "or untick the hinder box")
    skill_b = skill_name(against_skill) if contested else None
    sides = [(actor, skill_a, mine, opponent)]
    if contested and opponent is not None and skill_b is not None:
        sides.append((opponent, skill_b, theirs, actor))
    plans: list[SidePlan] = []
    negative: dict[str, str] = {}
    costs: dict[str, int] = {}
    for index, (ch, sk, spec, other) in enumerate(sides):
        action_suit = SKILLS[sk]
        factors = _affliction_factors(ch, sk) + _cover_factor(sk, other)
        adverb_factors, negative_name = _adverb_factor(ch, spec.adverb)
        factors += adverb_factors
        if negative_name:
            negative[ch.name] = negative_name
        factors += _count_factors(spec.plus, 1, "against_plus" if index else "plus")
        factors += _count_factors(spec.minus, -1, "against_minus" if index else "minus")
        factors += _modifier_factors(spec.modifier, "against_modifier" if index else "modifier")
        for flag, what in ((spec.boost, "boost"), (spec.hinder, "hinder"), (spec.guide, "guide")):
            if not isinstance(flag, bool):
                raise MalformedInputError(f"{what}={flag!r}", "is True or False", "F-7" if what != "guide" else "F-8",
                                          f"pass {what}=True or {what}=False")
        cost = 0
        if spec.boost:
            factors.append(Factor(f"{ch.name} spent a Fate token for [++] (F-7)", 2))
            cost += 1
        granted: list[Suit] = []
        paid_suit = _suit_or_none(spec.suit, "suit", action_suit)
        if paid_suit is not None:
            granted.append(paid_suit)
            cost += 1
        free_suit = _suit_or_none(spec.granted_suit, "granted_suit", action_suit)
        if free_suit is not None and free_suit not in granted:
            granted.append(free_suit)
        if spec.hinder:
            cost += 1
        other_spec = theirs if index == 0 else mine
        if other_spec.hinder and other is not None:
            factors.append(Factor(f"{other.name} spent a Fate token to give [−] (F-7)", -1))
        if cost:
            costs[ch.name] = cost
        if cost > ch.tokens:
            raise InsufficientTokensError(
                f"{ch.name} spends {cost} token{'s' if cost != 1 else ''} before the flip",
                f"{ch.name} has {ch.fate} Fate and {ch.burning} Burning Fate tokens", "F-7",
                "spend at most the tokens held (Fate and Burning Fate both pay)",
            )
        net = sum(f.advantage for f in factors)
        has_opponent = other is not None
        who = chooser_for(net, has_opponent)
        chooser = {"flipper": f"{ch.name} (flipper, F-4)",
                   "opponent": f"{other.name if other else ''} (opponent, F-4)",
                   "lowest": "the lowest outcome (no opponent, F-4)"}[who]
        plans.append(SidePlan("acting" if index == 0 else "opposing", ch.name, sk, action_suit.title,
                              ch.skills[sk], "magic" if sk == MAGIC_SKILL else "fate", tuple(factors),
                              tuple(s.title for s in granted), chooser, cost))
    if not contested and opponent is not None and theirs.hinder:
        costs[opponent.name] = 1
        if opponent.tokens < 1:
            raise InsufficientTokensError(f"{opponent.name} spends a token to give [−]",
                                          f"{opponent.name} has no Fate or Burning Fate token", "F-7",
                                          "spend only tokens held")
    plan = FlipPlan(tuple(plans), target, contested, opponent.name if opponent else None)
    may_guide = tuple(spec.guide for _, _, spec, _ in sides)
    return SetUp(plan, negative, costs, may_guide, duration)


def check_stacks(plan: FlipPlan, decks: Mapping[str, int]) -> None:
    """Refuse a flip whose stacks need more cards than their decks are made of (F-4, G-4).

    ``decks`` counts the standard decks in each deck (``{"fate": 2, "magic": 1}``). A stack of
    net advantage n flips |n| + 1 cards; both stacks of a contest may come from one deck. The
    check runs on the plan, before a token is spent or a card drawn.
    """
    need: dict[str, int] = {}
    for side in plan.sides:
        need[side.deck] = need.get(side.deck, 0) + side.stack_size
    for deck, cards in need.items():
        held = decks[deck] * CARDS_PER_DECK
        if cards > held:
            nets = ", ".join(f"{side.character} {side.net:+d}" for side in plan.sides if side.deck == deck)
            raise OutOfRangeError(
                f"flip {cards} cards from the Deck of {deck.title()}",
                f"it is made of {held} cards ({decks[deck]} × {CARDS_PER_DECK}) and a stack flips |n| + 1 cards "
                f"(net {nets})", "F-4",
                f"keep the [+] and [−] so that the stacks need at most {held} cards",
            )
