"""What the table waits for, and a flip under way moved on step by step (F-4, F-5, F-8, F-10).

A flip runs as a chain of events, each its own step:

1. ``flip`` pays the Fate tokens (F-7), draws for a negative adverb (F-6) and flips every stack.
2. ``choose`` wherever someone must pick a card (F-4, F-5), acting side's stack first.
3. ``guide`` for each side that may guide fate, the losing side first (F-8); a side that
   played a card then ``choose``s again among all its cards.
4. With nothing left to wait for, the flip resolves and its cards go to their decks' discards.

A forced discard (F-10) always comes first: while one is due, only ``discard`` is accepted.
:attr:`FlipSteps.awaiting` always says what is awaited from whom; :meth:`FlipSteps._require_free`
refuses any other action meanwhile.
"""

from __future__ import annotations

from kit.core.errors import PendingActionError
from kit.core.randomness import GameRandom
from kit.falkefateifaux.base import FalkeFateiFauxBase, codes
from kit.falkefateifaux.results import Awaiting, CardReport, FlipResult, SidePlan, SideReport
from kit.falkefateifaux.rules import (
    band,
    black_joker_index,
    card_value,
    choose_card,
    duration_table,
    red_joker_index,
    stack_size,
    succeeded,
    value_reason,
)
from kit.falkefateifaux.state import PendingFlip, Side, StackCard

_HAND_ACTIONS_F11 = ("mulligan", "prepare", "trust_the_fates")


class FlipSteps(FalkeFateiFauxBase):
    """The table's next step: a forced discard first, then the pending flip's choices and guiding fate."""

    @property
    def awaiting(self) -> Awaiting | None:
        """The step the table waits for: a forced discard first (F-10), then the flip's next step."""
        due = self._discard_awaiting()
        if due is not None:
            return due
        if self.state.pending is not None:
            return self._flip_awaiting(self.state.pending)
        return None

    # -- guards ------------------------------------------------------------------------

    def _discard_awaiting(self) -> Awaiting | None:
        for ch in self.state.characters.values():
            due = ch.discard_due
            if due:
                why = (f"{ch.name} holds {len(ch.hand)} cards over Card Refresh {ch.refresh} "
                       f"and must discard before anything else happens (F-10)")
                if ch.owed_discards and len(ch.hand) - ch.refresh < due:
                    why = f"{ch.name} owes a discard (Stunned, F-12) and discards before anything else (F-10)"
                return Awaiting(ch.name, "discard", tuple(sorted(set(codes(ch.hand)))), why, due)
        return None

    def _require_free(self, action: str, *, during_flip: bool = False) -> None:
        due = self._discard_awaiting()
        if due is not None:
            raise PendingActionError(
                action, f"{due.character} must first discard {due.count} card{'s' if due.count != 1 else ''}", "F-10",
                f"call discard({due.character!r}, [...]) first",
                hint=f"select {due.count} of {due.character}'s cards in the hand panel "
                     "and press Discard selected cards first",
            )
        if self.state.pending is not None and not during_flip:
            awaiting = self._flip_awaiting(self.state.pending)
            ruling = "F-11" if action in _HAND_ACTIONS_F11 else "F-8"
            raise PendingActionError(
                action, "a stack is being resolved" + (f": {awaiting.text}" if awaiting else ""), ruling,
                "finish the flip first (choose / guide)",
                hint="finish the flip first: choose its card or guide fate in the stack panel",
            )

    # -- the flip under way ------------------------------------------------------------

    def _flip_stacks(self, p: PendingFlip, rng: GameRandom) -> None:
        """Flip every side's stack from its deck, once no discard is due (F-1, F-4, F-10)."""
        for side in p.sides:
            size = stack_size(side.net)
            side.cards = [StackCard(c, side.deck) for c in self._decks()[side.deck].draw_many(size, rng)]
            p.story.append(f"{side.character} flips {size} from the Deck of {side.deck.title()}: "
                           f"{' '.join(str(sc.card) for sc in side.cards)} (net {side.net:+d}, F-4).")
        p.flipped = True

    def _choice_awaiting(self, p: PendingFlip, index: int) -> Awaiting | None:
        """The choice a side's stack waits for, taking forced picks on the way (mutates the side)."""
        side = p.sides[index]
        cards = [sc.card for sc in side.cards]
        options = tuple(dict.fromkeys(codes(cards)))
        bj = black_joker_index(cards)
        if bj is not None:
            side.chosen, side.chosen_by = bj, "the rules"
            side.choice_reason = "the Black Joker must be taken (F-5)"
            p.story.append(f"{side.character}'s stack holds the Black Joker: it must be taken (F-5).")
            return None
        if len(cards) == 1:
            side.chosen, side.chosen_by, side.choice_reason = 0, "the rules", "the only card flipped (F-4)"
            return None
        if side.net >= 0:
            why = (f"{side.character} played a card and chooses again among all the stack's cards (F-8)"
                   if side.guide == "played" else f"{side.character} is not at disadvantage and chooses (F-4)")
            return Awaiting(side.character, "choose", options, why)
        if red_joker_index(cards) is not None and side.red_joker_offer == "":
            rest = f"{side.chooser} chooses" if side.chooser else "the lowest card is taken"
            return Awaiting(side.character, "choose", ("RJ", None),
                            f"the flipper may take the Red Joker even at disadvantage (F-5); None: {rest} (F-4)")
        if side.chooser is not None:
            return Awaiting(side.chooser, "choose", options,
                            f"{side.character} is at net disadvantage: the opponent {side.chooser} chooses (F-4)")
        pick = choose_card(cards, side.suit, side.granted, chooser="lowest", flipper_takes_red_joker=False)
        side.chosen, side.chosen_by, side.choice_reason = pick.index, "the rules", pick.reason
        p.story.append(f"{side.character} is at disadvantage with no opponent: {cards[pick.index]} is taken (F-4).")
        return None

    def _outcome(self, side: Side) -> int | None:
        if side.chosen is None:
            return None
        card = side.cards[side.chosen].card
        return card_value(card, side.suit, side.granted) + side.level + side.modifier

    def _guide_order(self, p: PendingFlip) -> list[int]:
        order = [0, 1] if len(p.sides) == 2 else [0]
        if p.contested:
            a, b = self._outcome(p.sides[0]), self._outcome(p.sides[1])
            assert a is not None and b is not None
            order = [1, 0] if a >= b else [0, 1]
        eligible = []
        for i in order:
            side = p.sides[i]
            if side.net < 0:
                side.guide = "may not guide fate: at net disadvantage (F-8)"
            elif not side.may_guide:
                side.guide = "passed (declared before the flip, F-8)"
            elif not self.state.characters[side.character].in_control:
                side.guide = "not in control (F-10)"
            else:
                eligible.append(i)
        if p.contested and len(eligible) == 2:
            p.story.append(f"{p.sides[eligible[0]].character} is losing and decides first whether to guide fate (F-8).")
        return eligible

    def _flip_awaiting(self, p: PendingFlip) -> Awaiting | None:
        """The flip's next step; forced picks and automatic passes happen on the way."""
        while True:
            for index, side in enumerate(p.sides):
                if side.chosen is None:
                    awaiting = self._choice_awaiting(p, index)
                    if awaiting is not None:
                        return awaiting
            if p.guide_order is None:
                p.guide_order = self._guide_order(p)
            progressed = False
            for index in p.guide_order:
                side = p.sides[index]
                if side.guide:
                    continue
                ch = self.state.characters[side.character]
                if not ch.hand:
                    side.guide = "passed: no cards in hand"
                    progressed = True
                    break
                return Awaiting(side.character, "guide", (*sorted(set(codes(ch.hand))), None),
                                f"{side.character} may play one card from hand into the stack, or pass with None (F-8)")
            if not progressed:
                return None

    def _report(self, p: PendingFlip, step: str, awaiting: Awaiting | None) -> FlipResult:
        reports = []
        for side in p.sides:
            cards = tuple(CardReport(sc.card.code, sc.deck, card_value(sc.card, side.suit, side.granted),
                                     value_reason(sc.card, side.suit, side.granted), sc.from_hand, i == side.chosen)
                          for i, sc in enumerate(side.cards))
            chooser = (f"{side.character} (flipper, F-4)" if side.net >= 0 else
                       f"{side.chooser} (opponent, F-4)" if side.chooser else "the lowest outcome (no opponent, F-4)")
            plan = SidePlan(side.role, side.character, side.skill, side.suit.title, side.level, side.deck,
                            tuple(side.factors), tuple(s.title for s in side.granted), chooser,
                            sum(p.spent.get(side.character, {}).values()) if side.role == "acting" or p.contested
                            else 0)
            reports.append(SideReport(plan, cards, side.chosen_by, side.choice_reason, self._outcome(side),
                                      side.guide, side.played.code if side.played else None))
        degree = result_band = success = None
        duration = None
        if awaiting is None:
            outcome = reports[0].outcome
            assert outcome is not None
            if p.contested:
                other = reports[1].outcome
                assert other is not None
                degree = outcome - other
            elif p.target is not None:
                degree = outcome - p.target
            if degree is not None:
                result_band, success = band(degree), succeeded(degree)
                if p.duration:
                    duration = duration_table(p.duration).duration(degree)
        table_name = duration_table(p.duration).name if p.duration else None
        return FlipResult(step, tuple(reports), p.target, p.contested, p.opponent, awaiting, degree, result_band,
                          success, table_name, duration, p.spent, p.adverb_draws, tuple(p.story))

    def _advance(self, step: str, rng: GameRandom) -> FlipResult:
        p = self.state.pending
        assert p is not None
        awaiting = self._discard_awaiting()
        if awaiting is None:
            if not p.flipped:
                self._flip_stacks(p, rng)
            awaiting = self._flip_awaiting(p)
        result = self._report(p, step, awaiting)
        if awaiting is None:
            for side in p.sides:
                for sc in side.cards:
                    self._decks()[sc.deck].discard([sc.card])
            self.state.pending = None
        return result
