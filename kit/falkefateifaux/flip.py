"""The flip's actions: ``flip`` a stack, ``choose`` its card, ``guide`` fate from hand (F-4 … F-9).

How the flip then moves on, step by step, is :mod:`kit.falkefateifaux.steps`.
"""

from __future__ import annotations

from typing import Any

from kit.core.cards import Card, Suit
from kit.core.errors import IllegalActionError, MalformedInputError, NotHeldError, OutOfTurnError
from kit.core.randomness import GameRandom
from kit.falkefateifaux.base import codes, plain_arg
from kit.falkefateifaux.limits import (
    Advantage,
    Adverb,
    ChosenCard,
    DurationName,
    FreeSuit,
    Guide,
    HandCard,
    Modifier,
    Opponent,
    OpposingSkill,
    Skill,
    Spend,
    SuitSpend,
    Target,
    Who,
)
from kit.falkefateifaux.planning import SideSpec, check_stacks, work_out
from kit.falkefateifaux.results import FlipResult
from kit.falkefateifaux.state import PendingFlip, Side, StackCard
from kit.falkefateifaux.steps import FlipSteps


class FlipActions(FlipSteps):
    """Flipping stacks, choosing their cards and guiding fate (F-4 … F-9)."""

    def flip(self, character: Who, skill: Skill, target: Target = None, against: Opponent = None,
             against_skill: OpposingSkill = None, adverb: Adverb = None,
             plus: Advantage = 0, minus: Advantage = 0, modifier: Modifier = 0, boost: Spend = False,
             suit: SuitSpend = None, hinder: Spend = False, granted_suit: FreeSuit = None,
             guide: Guide = True, against_adverb: Adverb = None, against_plus: Advantage = 0,
             against_minus: Advantage = 0, against_modifier: Modifier = 0, against_boost: Spend = False,
             against_suit: SuitSpend = None, against_hinder: Spend = False,
             against_granted_suit: FreeSuit = None, against_guide: Guide = True,
             duration: DurationName = None) -> FlipResult:
        """Flip a stack for ``character``'s ``skill`` against a ``target``, an ``against`` opponent who
        chooses at disadvantage, or a contest (``against`` and ``against_skill``).

        ``plus``/``minus``: the GM's [+]/[−] (a count or a list of reasons); ``modifier``: a number or
        ``{reason: number}``. Fate spends (F-7): ``boost`` [++], ``suit`` grants a suit (True: the
        action's), ``hinder`` gives the opposing side [−]. ``granted_suit``: a rare object's suit,
        free. ``guide=False`` passes on guiding fate in advance (F-8). ``duration`` names a table
        of durations by band (``"armor_of_ithan"``, F-13). ``against_…`` are the opposing side's.
        """
        return self._perform("flip", plain_arg({
            "character": character, "skill": skill, "target": target, "against": against,
            "against_skill": against_skill, "adverb": adverb, "plus": plus, "minus": minus,
            "modifier": modifier, "boost": boost, "suit": suit, "hinder": hinder, "granted_suit": granted_suit,
            "guide": guide, "against_adverb": against_adverb, "against_plus": against_plus,
            "against_minus": against_minus, "against_modifier": against_modifier, "against_boost": against_boost,
            "against_suit": against_suit, "against_hinder": against_hinder,
            "against_granted_suit": against_granted_suit, "against_guide": against_guide, "duration": duration}))

    def choose(self, character: Who, card: ChosenCard) -> FlipResult:
        """Pick the stack's card when the flip waits for ``character`` to choose (F-4).

        At disadvantage with the Red Joker flipped the flipper is asked first: ``"RJ"`` takes it,
        ``None`` leaves the choice to the opponent or to the lowest card (F-5).
        """
        return self._perform("choose", plain_arg({"character": character, "card": card}))

    def guide(self, character: Who, card: HandCard) -> FlipResult:
        """Guide fate (F-8): play ``card`` from hand into the side's stack, or ``None`` to pass."""
        return self._perform("guide", plain_arg({"character": character, "card": card}))

    def _work_out(self, character: str, skill: str, target: Any, against: Any, against_skill: Any,
                  mine: SideSpec, theirs: SideSpec, duration: Any) -> Any:
        actor = self.character(character)
        opponent = self.character(against) if against is not None else None
        if opponent is actor:
            raise IllegalActionError(f"{actor.name} against {actor.name}", "a character cannot oppose itself", "F-9",
                                     "name another character")
        setup = work_out(self.state.characters, actor, skill, target, opponent, against_skill, mine, theirs,
                         duration)
        check_stacks(setup.plan, {"fate": self.state.fate_decks, "magic": self.state.magic_decks})
        return setup

    # -- handlers ----------------------------------------------------------------------

    def _do_flip(self, rng: GameRandom, character: str, skill: str, target: int | None = None,
                 against: str | None = None, against_skill: str | None = None, adverb: Any = None,
                 plus: Any = 0, minus: Any = 0, modifier: Any = 0, boost: bool = False, suit: Any = None,
                 hinder: bool = False, granted_suit: Any = None, guide: bool = True, against_adverb: Any = None,
                 against_plus: Any = 0, against_minus: Any = 0, against_modifier: Any = 0,
                 against_boost: bool = False, against_suit: Any = None, against_hinder: bool = False,
                 against_granted_suit: Any = None, against_guide: bool = True,
                 duration: str | None = None) -> FlipResult:
        self._require_free("flip")
        setup = self._work_out(character, skill, target, against, against_skill,
                               SideSpec(adverb, plus, minus, modifier, boost, suit, hinder, granted_suit, guide),
                               SideSpec(against_adverb, against_plus, against_minus, against_modifier,
                                        against_boost, against_suit, against_hinder, against_granted_suit,
                                        against_guide), duration)
        plan = setup.plan
        story: list[str] = []
        spent: dict[str, dict[str, int]] = {}
        for name, cost in setup.costs.items():
            ch = self.state.characters[name]
            burning = min(ch.burning, cost)
            ch.burning -= burning
            ch.fate -= cost - burning
            spent[name] = {k: v for k, v in (("Burning Fate", burning), ("Fate", cost - burning)) if v}
            story.append(f"{name} spends {cost} token{'s' if cost != 1 else ''} before the flip (F-7).")
        adverb_draws: dict[str, list[str]] = {}
        for name, adverb_name in setup.negative_adverb.items():
            drawn = self._draw(self.state.characters[name], 2, rng)
            adverb_draws[name] = codes(drawn)
            story.append(f"{name} uses the negative adverb {adverb_name!r} and draws two cards (F-6).")
        sides: list[Side] = []
        for index, sp in enumerate(plan.sides):
            chooser = plan.opponent if index == 0 else plan.sides[0].character
            sides.append(Side(sp.role, sp.character, sp.skill, Suit.parse(sp.suit), sp.level, sp.deck,
                              list(sp.factors), [Suit.parse(s) for s in sp.granted],
                              chooser if sp.net < 0 else None, setup.may_guide[index]))
        self.state.pending = PendingFlip(sides, plan.target, plan.opponent, plan.contested, setup.duration, spent,
                                         adverb_draws, story)
        due = self._discard_awaiting()
        if due is not None:
            story.append(f"{due.character} must discard down to Card Refresh before the stacks are flipped (F-10).")
        return self._advance("flip", rng)

    def _do_choose(self, rng: GameRandom, character: str, card: str | None) -> FlipResult:
        self._require_free("choose", during_flip=True)
        p = self.state.pending
        if p is None:
            raise IllegalActionError(f"{character} chooses {card}", "no stack is being resolved", "F-4",
                                     "flip first")
        ch = self.character(character)
        awaiting = self._flip_awaiting(p)
        if awaiting is None or awaiting.action != "choose" or awaiting.character != ch.name:
            raise OutOfTurnError(f"{ch.name} chooses {card}", "it is not this character's choice now", "F-4",
                                 awaiting.text if awaiting else "nothing is awaited")
        index = next(i for i, side in enumerate(p.sides) if side.chosen is None)
        side = p.sides[index]
        if card is None:
            if None not in awaiting.options:
                raise MalformedInputError(f"{ch.name} chooses None", "a card must be chosen", "F-4",
                                          f"options: {', '.join(o for o in awaiting.options if o)}")
            side.red_joker_offer = "declined"
            p.story.append(f"{ch.name} leaves the Red Joker (F-5).")
            return self._advance("choose", rng)
        picked = Card.parse(card)
        if picked.code not in awaiting.options:
            raise NotHeldError(f"{ch.name} chooses {picked}", "that card is not a choice in the stack", "F-4",
                               f"options: {', '.join('None' if o is None else o for o in awaiting.options)}")
        side.chosen = next(i for i, sc in enumerate(side.cards) if sc.card == picked)
        side.chosen_by = ch.name
        if awaiting.options == ("RJ", None):
            side.red_joker_offer = "taken"
            side.choice_reason = "the flipper takes the Red Joker even at disadvantage (F-5)"
        elif ch.name == side.character:
            side.choice_reason = ("the flipper chooses again after guiding fate (F-8)" if side.guide == "played"
                                  else "the flipper chooses (F-4)")
        else:
            side.choice_reason = f"the opponent chooses at {side.character}'s disadvantage (F-4)"
        p.story.append(f"{ch.name} takes {picked} for {side.character}'s stack ({side.choice_reason}).")
        return self._advance("choose", rng)

    def _do_guide(self, rng: GameRandom, character: str, card: str | None) -> FlipResult:
        self._require_free("guide", during_flip=True)
        p = self.state.pending
        if p is None:
            raise IllegalActionError(f"{character} guides fate", "no stack is being resolved", "F-8", "flip first")
        ch = self.character(character)
        side = next((s for s in p.sides if s.character == ch.name), None)
        if side is None:
            raise IllegalActionError(f"{ch.name} guides fate", f"{ch.name} has no stack in this flip", "F-8",
                                     "only a flipping side guides fate")
        if side.net < 0:
            raise IllegalActionError(f"{ch.name} guides fate", f"{ch.name} is at net disadvantage ({side.net:+d})",
                                     "F-8", "only a side not at disadvantage may play a card")
        awaiting = self._flip_awaiting(p)
        if awaiting is None or awaiting.action != "guide" or awaiting.character != ch.name:
            why = f"{ch.name} already {side.guide}" if side.guide else "it is not this character's turn to guide fate"
            raise OutOfTurnError(f"{ch.name} guides fate", why, "F-8", awaiting.text if awaiting else "")
        if card is None:
            side.guide = "passed"
            p.story.append(f"{ch.name} does not guide fate (F-8).")
            return self._advance("guide", rng)
        played = Card.parse(card)
        self._take_from_hand(ch, [played], f"{ch.name} guides fate with", "F-8")
        side.cards.append(StackCard(played, "fate", True))
        side.played = played
        side.guide = "played"
        side.chosen, side.chosen_by, side.choice_reason = None, "", ""
        p.story.append(f"{ch.name} guides fate: plays {played} from hand into the stack (F-8).")
        return self._advance("guide", rng)
