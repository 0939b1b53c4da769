"""The FalkeFateiFaux table: characters, the Decks of Fate and Magic, flips step by step.

The actions live in mixins, one job each: :mod:`~kit.falkefateifaux.flip` (flip, choose, guide),
:mod:`~kit.falkefateifaux.hands` (discards, Mulligan, Preparation, Trust the Fates, the end of a
scene, Fate awards) and :mod:`~kit.falkefateifaux.status` (conditions, injuries, control, skills,
Card Refresh); what the table waits for is :mod:`~kit.falkefateifaux.steps`, what they share
:mod:`~kit.falkefateifaux.base`. This module brings characters to the table and answers questions.
"""

from __future__ import annotations

import math
from collections import Counter

from kit.core.cards import Card, standard_deck
from kit.core.chapters import check_at_table, check_entries, check_sheets, state_refusal
from kit.core.describe import Description, Fact, write
from kit.core.errors import InvalidCharacterError, RulesError, UnknownNameError
from kit.core.limits import quote
from kit.core.params import check_call
from kit.core.randomness import GameRandom
from kit.core.table_turns import Waiting
from kit.falkefateifaux.base import codes, plain_arg
from kit.falkefateifaux.character import build_character, name_clash
from kit.falkefateifaux.flip import FlipActions
from kit.falkefateifaux.hands import HandActions
from kit.falkefateifaux.limits import (
    MAX_FATE_DECKS,
    NPC,
    Advantage,
    Adverb,
    DurationName,
    FreeSuit,
    Guide,
    Modifier,
    Opponent,
    OpposingSkill,
    SheetLine,
    SheetName,
    SheetNames,
    Skill,
    Spend,
    SuitSpend,
    Target,
    Who,
)
from kit.falkefateifaux.planning import SideSpec
from kit.falkefateifaux.results import FlipPlan, TableChange
from kit.falkefateifaux.rules import duration_table
from kit.falkefateifaux.seats import SEAT_RULES
from kit.falkefateifaux.skills import SKILLS, level_name
from kit.falkefateifaux.state import FFState, PendingFlip
from kit.falkefateifaux.status import StatusActions


class FalkeFateiFauxGame(FlipActions, HandActions, StatusActions):
    """A FalkeFateiFaux table (FAE + Castle Falkenstein + Malifaux card flips).

    Options: ``fate_decks`` (None: max(2, ceil(players / 2)) decks, growing as players join,
    F-1) and ``magic_decks`` (1).

    >>> game = FalkeFateiFauxGame("doc")
    >>> game.state.fate.size
    108
    """

    seat_rules = SEAT_RULES

    def _waiting(self) -> Waiting | None:
        """The forced discard, the choice of a card or the guiding of fate the table waits for."""
        awaiting = self.awaiting
        if awaiting is None:
            return None
        doing = {
            "discard": f"must discard {awaiting.count} card{'s' if awaiting.count != 1 else ''}",
            "choose": "must choose a card from the stack",
            "guide": "may guide fate: play a card from hand, or pass",
        }[awaiting.action]
        return Waiting(doing, awaiting.character)

    def _check_checkpoint_state(self, state: FFState) -> None:
        """Refuse a checkpoint whose sheets or stack being resolved the rules cannot hold (C-1).

        Every sheet holds the sixteen skills (F-3); a flip has one side, or two when contested
        (F-9), each a character's, its cards from the Deck of Fate or of Magic (F-1), its chosen
        card one of its stack (F-4), its order of guiding fate its sides' (F-8).
        """
        check_sheets(state.characters)
        for name, person in state.characters.items():
            check_entries(f".characters[{quote(name)}].skills", person.skills, SKILLS)
        if state.pending is not None:
            self._check_checkpoint_flip(state.pending, state.characters)

    @staticmethod
    def _check_checkpoint_flip(flip: PendingFlip, characters: dict[str, object]) -> None:
        decks = ("fate", "magic")
        if len(flip.sides) != (2 if flip.contested else 1):
            raise state_refusal(".pending.sides", f"holds {len(flip.sides)} sides: a flip has one, or two when "
                                "contested (F-9)")
        check_at_table(".pending.sides", [side.character for side in flip.sides], characters)
        check_at_table(".pending", [name for name in (flip.opponent, *(side.chooser for side in flip.sides))
                                    if name is not None], characters)
        check_at_table(".pending.spent", flip.spent, characters)
        check_at_table(".pending.adverb_draws", flip.adverb_draws, characters)
        for index, side in enumerate(flip.sides):
            where = f".pending.sides[{index}]"
            if side.deck not in decks or any(card.deck not in decks for card in side.cards):
                raise state_refusal(where, "draws from a deck that is neither the Deck of Fate nor of Magic (F-1)")
            if side.chosen is not None and not 0 <= side.chosen < len(side.cards):
                raise state_refusal(f"{where}.chosen", f"is card {side.chosen} of a stack of {len(side.cards)} (F-4)")
        order = flip.guide_order
        if order is not None and (len(set(order)) != len(order) or any(not 0 <= i < len(flip.sides) for i in order)):
            raise state_refusal(".pending.guide_order", "names a side the flip does not have, or one twice (F-8)")
        if flip.duration is not None:
            try:
                duration_table(flip.duration)
            except RulesError:
                raise state_refusal(".pending.duration", f"is {quote(flip.duration)}, which is not a table of "
                                    "durations (F-13)") from None

    # -- looking at the table ----------------------------------------------------------

    def hand(self, name: str) -> list[str]:
        """The codes of the cards in a character's hand."""
        return codes(self.character(name).hand)

    def deck_make(self, deck: str = "fate") -> Counter[Card]:
        """Every card the named deck is made of (N standard decks, F-1)."""
        count = self.state.fate_decks if deck == "fate" else self.state.magic_decks
        return Counter(standard_deck() * count)

    def unseen_cards(self, character: str, deck: str = "fate") -> list[Card]:
        """The cards of a deck that a character has not seen: its make less its discard pile,
        the character's own hand and every card on the table (for exact odds)."""
        ch = self.character(character)
        if deck not in ("fate", "magic"):
            raise UnknownNameError(f"deck {deck!r}", "is not a deck", "F-1", "decks: fate, magic")
        source = self._decks()[deck]
        seen: Counter[Card] = Counter(source.discard_pile)
        if deck == "fate":
            seen += Counter(ch.hand)
        if self.state.pending is not None:
            seen += Counter(sc.card for side in self.state.pending.sides for sc in side.cards if sc.deck == deck)
        unseen = self.deck_make(deck) - seen
        return sorted(unseen.elements(), key=Card.sort_key)

    def plan_flip(self, character: Who, skill: Skill, target: Target = None, against: Opponent = None,
                  against_skill: OpposingSkill = None, adverb: Adverb = None,
                  plus: Advantage = 0, minus: Advantage = 0, modifier: Modifier = 0, boost: Spend = False,
                  suit: SuitSpend = None, hinder: Spend = False, granted_suit: FreeSuit = None,
                  guide: Guide = True, against_adverb: Adverb = None, against_plus: Advantage = 0,
                  against_minus: Advantage = 0, against_modifier: Modifier = 0, against_boost: Spend = False,
                  against_suit: SuitSpend = None, against_hinder: Spend = False,
                  against_granted_suit: FreeSuit = None, against_guide: Guide = True,
                  duration: DurationName = None) -> FlipPlan:
        """The set-up a flip with these arguments would have, without changing anything:
        net advantage, stack size, chooser, deck, granted suit, modifiers, each with its reason.

        The arguments are checked as ``flip`` checks them (G-2, G-3, F-4).
        """
        check_call(type(self), "flip", plain_arg({
            "character": character, "skill": skill, "target": target, "against": against,
            "against_skill": against_skill, "adverb": adverb, "plus": plus, "minus": minus,
            "modifier": modifier, "boost": boost, "suit": suit, "hinder": hinder, "granted_suit": granted_suit,
            "guide": guide, "against_adverb": against_adverb, "against_plus": against_plus,
            "against_minus": against_minus, "against_modifier": against_modifier, "against_boost": against_boost,
            "against_suit": against_suit, "against_hinder": against_hinder,
            "against_granted_suit": against_granted_suit, "against_guide": against_guide, "duration": duration}))
        return self._work_out(character, skill, target, against, against_skill,
                              SideSpec(adverb, plus, minus, modifier, boost, suit, hinder, granted_suit, guide),
                              SideSpec(against_adverb, against_plus, against_minus, against_modifier,
                                       against_boost, against_suit, against_hinder, against_granted_suit,
                                       against_guide), duration).plan

    def describe_state(self) -> Description:
        """The table at a glance: decks, characters, tokens, hands (counted), afflictions, what is awaited."""
        s = self.state
        facts = [Fact("Scene", str(s.scene)),
                 Fact("Deck of Fate", f"{s.fate_decks} deck(s): {len(s.fate.draw_pile)} to draw, "
                                      f"{len(s.fate.discard_pile)} in the discard"),
                 Fact("Deck of Magic", f"{s.magic_decks} deck(s): {len(s.magic.draw_pile)} to draw, "
                                       f"{len(s.magic.discard_pile)} in the discard")]
        awaiting = self.awaiting
        if awaiting is not None:
            facts.append(Fact("Awaiting", awaiting.text))
        sections = []
        for ch in s.characters.values():
            skills = ", ".join(f"{k} {level_name(v)} {v}" for k, v in ch.skills.items() if v != 4)
            cfacts = [Fact("High Concept", ch.high_concept), Fact("Trouble", ch.trouble),
                      Fact("Adverbs", f"{', '.join(ch.adverbs)}; negative: {ch.negative_adverb}"),
                      Fact("Skills", skills + "; the rest Competent 4"),
                      Fact("Hand", f"{len(ch.hand)} / Card Refresh {ch.refresh}"),
                      Fact("Tokens", f"Fate {ch.fate}, Burning Fate {ch.burning}")]
            if ch.afflictions:
                cfacts.append(Fact("Afflictions", "; ".join(
                    a.name + (f" ({a.choice})" if a.choice else "") + f": {a.summary}" for a in ch.afflictions)))
            if not ch.in_control:
                cfacts.append(Fact("Control", "not in control"))
            sections.append(Description(ch.name + (" (NPC)" if ch.npc else ""), facts=tuple(cfacts)))
        return Description(f"{self.title} table", facts=tuple(facts), sections=tuple(sections))

    def _repr_html_(self) -> str:
        return write(self.describe_state(), "html")

    def __str__(self) -> str:
        return write(self.describe_state(), "text")

    # -- bringing characters to the table ----------------------------------------------

    def add_character(self, name: SheetName, high_concept: SheetLine, trouble: SheetLine, adverbs: SheetNames,
                      negative_adverb: SheetName, great: SheetName, good: SheetNames, poor: SheetName,
                      npc: NPC = False) -> TableChange:
        """Bring a character to the table (F-14) and deal a hand of Card Refresh cards (F-10)."""
        return self._perform("add_character", plain_arg({
            "name": name, "high_concept": high_concept, "trouble": trouble, "adverbs": adverbs,
            "negative_adverb": negative_adverb, "great": great, "good": good, "poor": poor, "npc": npc}))

    def _grow_fate_deck(self, rng: GameRandom) -> int:
        if self.options["fate_decks"] is not None:
            return 0
        players = sum(1 for ch in self.state.characters.values() if not ch.npc)
        need = min(MAX_FATE_DECKS, max(2, math.ceil(players / 2)))  # the deck stops growing at 8 (G-4)
        added = 0
        pile = self.state.fate.draw_pile
        while self.state.fate_decks < need:
            if rng.draws_at_random:  # a sealed game draws from anywhere in the pile: order does not matter (K-3)
                pile.extend(standard_deck())
            for card in standard_deck() if not rng.draws_at_random else ():
                pile.insert(rng.below(len(pile) + 1), card)
            self.state.fate_decks += 1
            added += 1
        return added

    def _do_add_character(self, rng: GameRandom, name: str, high_concept: str, trouble: str, adverbs: list[str],
                          negative_adverb: str, great: str, good: list[str], poor: str,
                          npc: bool = False) -> TableChange:
        self._require_free("add_character")
        ch = build_character(name, high_concept, trouble, adverbs, negative_adverb, great, good, poor, npc)
        if name_clash(ch.name, self.state.characters) is not None:
            raise InvalidCharacterError(f"character {ch.name!r}", "a character of that name is already at the table",
                                        "F-14", "choose another name")
        self.state.characters[ch.name] = ch
        added = self._grow_fate_deck(rng)
        drawn = self._draw(ch, ch.refresh, rng)
        notes = [f"{added} more deck(s) shuffled into the Deck of Fate: now {self.state.fate_decks} (F-1)"] if added \
            else []
        skills = {k: v for k, v in ch.skills.items() if v != 4}
        return TableChange(
            "add_character", f"{ch.name} joins the table" + (" (NPC)" if ch.npc else ""),
            f"{ch.high_concept}; Trouble: {ch.trouble}",
            (("Adverbs", f"{', '.join(ch.adverbs)}; negative: {ch.negative_adverb}"),
             ("Skills", ", ".join(f"{k} {level_name(v)} {v}" for k, v in skills.items()) + "; the rest Competent 4"),
             ("Hand", f"drew {len(drawn)} cards (Card Refresh {ch.refresh})"),
             ("Tokens", f"Fate {ch.fate}")),
            tuple(notes),
            {"character": ch.name, "skills": dict(ch.skills), "drawn": codes(drawn),
             "fate_decks": self.state.fate_decks},
        )
