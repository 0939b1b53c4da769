"""The FalkeFateiFaux table: characters, the Decks of Fate and Magic, flips step by step.

A flip runs as a chain of events, each its own step:

1. ``flip`` pays the Fate tokens (F-7), draws for a negative adverb (F-6) and flips every stack.
2. ``choose`` wherever someone must pick a card (F-4, F-5), acting side's stack first.
3. ``guide`` for each side that may guide fate, the losing side first (F-8); a side that
   played a card then ``choose``s again among all its cards.
4. With nothing left to wait for, the flip resolves and its cards go to their decks' discards.

A forced discard (F-10) always comes first: while one is due, only ``discard`` is accepted.
:attr:`FalkeFateiFauxGame.awaiting` always says what is awaited from whom.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any, ClassVar

from kit.core.cards import Card, Suit, parse_cards, standard_deck
from kit.core.decks import Deck
from kit.core.describe import Description, Fact, write
from kit.core.errors import (
    IllegalActionError,
    InsufficientTokensError,
    InvalidCharacterError,
    MalformedInputError,
    NotHeldError,
    OutOfRangeError,
    OutOfTurnError,
    PendingActionError,
    UnknownNameError,
)
from kit.core.game import Game
from kit.core.params import check_call
from kit.core.randomness import GameRandom
from kit.falkefateifaux.character import Character, build_character
from kit.falkefateifaux.conditions import (
    condition_name,
    injury_name,
    make_condition,
    make_custom_condition,
    make_injury,
)
from kit.falkefateifaux.limits import (
    MAX_FATE_DECKS,
    NPC,
    Advantage,
    Adverb,
    Choice,
    ChosenCard,
    Condition,
    ConditionCount,
    ConditionModifier,
    ConditionSkills,
    ControlReason,
    Discards,
    DurationName,
    FateDecks,
    FreeSuit,
    Guide,
    HandCard,
    Injury,
    InjuryAmount,
    Level,
    LevelSkill,
    MagicDecks,
    Modifier,
    Opponent,
    OpposingSkill,
    Reason,
    RefreshChange,
    SceneDiscards,
    SheetLine,
    SheetName,
    SheetNames,
    Skill,
    Spend,
    SuitSpend,
    Target,
    TokenAward,
    Trusted,
    Who,
)
from kit.falkefateifaux.planning import SideSpec, check_stacks, work_out
from kit.falkefateifaux.results import (
    Awaiting,
    CardReport,
    FlipPlan,
    FlipResult,
    SidePlan,
    SideReport,
    TableChange,
)
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
from kit.falkefateifaux.skills import level_name, parse_level, skill_name
from kit.falkefateifaux.state import FFState, PendingFlip, Side, StackCard

_HAND_ACTIONS_F11 = ("mulligan", "prepare", "trust_the_fates")


def _plain_arg(value: Any, depth: int = 0) -> Any:
    """Arguments as they are written in a call, JSON-able (cards become their codes).

    Cards sit at most three levels down (``discards={"Ada": [card]}``); anything nested deeper
    is left as it is, for the argument check to refuse (G-3).
    """
    if isinstance(value, Card):
        return value.code
    if depth > 3:
        return value
    if isinstance(value, (list, tuple)):
        return [_plain_arg(v, depth + 1) for v in value]
    if isinstance(value, dict):
        return {k: _plain_arg(v, depth + 1) for k, v in value.items()}  # a key that is no name: refused (G-3)
    return value


def _cards(value: Any, what: str) -> list[Card]:
    if isinstance(value, (str, Card)):
        return parse_cards(value) if isinstance(value, str) else [value]
    if isinstance(value, (list, tuple)):
        return [Card.parse(v) for v in value]
    raise MalformedInputError(f"{what} {value!r}", "is not a list of cards", "F-1", 'e.g. ["2C", "3D"]')


def _codes(cards: list[Card]) -> list[str]:
    return [c.code for c in cards]


class FalkeFateiFauxGame(Game):
    """A FalkeFateiFaux table (FAE + Castle Falkenstein + Malifaux card flips).

    Options: ``fate_decks`` (None: max(2, ceil(players / 2)) decks, growing as players join,
    F-1) and ``magic_decks`` (1).

    >>> game = FalkeFateiFauxGame("doc")
    >>> game.state.fate.size
    108
    """

    system = "falkefateifaux"
    title = "FalkeFateiFaux"
    default_options: dict[str, Any] = {"fate_decks": None, "magic_decks": 1}
    option_types: ClassVar[dict[str, Any]] = {"fate_decks": FateDecks, "magic_decks": MagicDecks}
    """The options' types and bounds, checked when the table is set up (G-4)."""

    # -- set-up ------------------------------------------------------------------------

    def _initial_state(self, rng: GameRandom) -> FFState:
        fate_decks = self.options["fate_decks"]
        magic_decks = self.options["magic_decks"]
        for value, name, allow_none in ((fate_decks, "fate_decks", True), (magic_decks, "magic_decks", False)):
            if value is None and allow_none:
                continue
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise OutOfRangeError(f"table option {name}={value!r}", "a deck count is a whole number ≥ 1", "F-1",
                                      f"give {name}=1 or more" + (", or fate_decks=None to count max(2, ceil(players "
                                                                  "/ 2))" if allow_none else " (default 1)"))
        fate_n = fate_decks if fate_decks is not None else 2
        fate = Deck.shuffled("Deck of Fate", standard_deck() * fate_n, rng)
        magic = Deck.shuffled("Deck of Magic", standard_deck() * magic_decks, rng)
        return FFState(fate, magic, fate_n, magic_decks)

    def _decks(self) -> dict[str, Deck[Any]]:
        return {"fate": self.state.fate, "magic": self.state.magic}

    def _parse_rig_card(self, deck: str, code: str) -> Card:
        return Card.parse(code)

    # -- looking at the table ----------------------------------------------------------

    def character(self, name: str) -> Character:
        """A character by name (case-insensitive)."""
        if isinstance(name, str):
            key = name.strip().lower()
            for ch_name, ch in self.state.characters.items():
                if ch_name.lower() == key:
                    return ch
        raise UnknownNameError(f"character {name!r}", "is not at the table", "F-14",
                               f"characters: {', '.join(self.state.characters) or 'none yet'}")

    def hand(self, name: str) -> list[str]:
        """The codes of the cards in a character's hand."""
        return _codes(self.character(name).hand)

    @property
    def awaiting(self) -> Awaiting | None:
        """The step the table waits for: a forced discard first (F-10), then the flip's next step."""
        due = self._discard_awaiting()
        if due is not None:
            return due
        if self.state.pending is not None:
            return self._flip_awaiting(self.state.pending)
        return None

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
        check_call(type(self), "flip", _plain_arg({
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

    # -- actions -----------------------------------------------------------------------

    def add_character(self, name: SheetName, high_concept: SheetLine, trouble: SheetLine, adverbs: SheetNames,
                      negative_adverb: SheetName, great: SheetName, good: SheetNames, poor: SheetName,
                      npc: NPC = False) -> TableChange:
        """Bring a character to the table (F-14) and deal a hand of Card Refresh cards (F-10)."""
        return self._perform("add_character", _plain_arg({
            "name": name, "high_concept": high_concept, "trouble": trouble, "adverbs": adverbs,
            "negative_adverb": negative_adverb, "great": great, "good": good, "poor": poor, "npc": npc}))

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
        return self._perform("flip", _plain_arg({
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
        return self._perform("choose", _plain_arg({"character": character, "card": card}))

    def guide(self, character: Who, card: HandCard) -> FlipResult:
        """Guide fate (F-8): play ``card`` from hand into the side's stack, or ``None`` to pass."""
        return self._perform("guide", _plain_arg({"character": character, "card": card}))

    def discard(self, character: Who, cards: Discards) -> TableChange:
        """Discard chosen cards when a discard is due: a hand over Card Refresh (F-10) or Stunned (F-12)."""
        return self._perform("discard", _plain_arg({"character": character, "cards": cards}))

    def mulligan(self, character: Who) -> TableChange:
        """Spend a Fate token: discard the whole hand and draw as many cards (F-11)."""
        return self._perform("mulligan", {"character": character})

    def prepare(self, character: Who) -> TableChange:
        """Preparation: spend a Fate token to draw two cards, which may force a discard (F-11, F-10)."""
        return self._perform("prepare", {"character": character})

    def trust_the_fates(self, character: Who, cards: Trusted) -> TableChange:
        """Trust the Fates: discard four cards to gain a Burning Fate token (F-11)."""
        return self._perform("trust_the_fates", _plain_arg({"character": character, "cards": cards}))

    def end_scene(self, discards: SceneDiscards = None) -> TableChange:
        """End the scene (F-10, F-11): each character discards the cards named in ``discards``
        (any or all), then draws up to Card Refresh; Burning Fate tokens vanish."""
        return self._perform("end_scene", _plain_arg({"discards": discards}))

    def award_fate(self, character: Who, amount: TokenAward = 1, reason: Reason = "") -> TableChange:
        """The GM gives (or, for a negative amount, takes) Fate tokens (F-11)."""
        return self._perform("award_fate", {"character": character, "amount": amount, "reason": reason})

    def add_condition(self, character: Who, condition: Condition, choice: Choice = None,
                      skills: ConditionSkills = None, plus: ConditionCount = 0, minus: ConditionCount = 0,
                      modifier: ConditionModifier = 0) -> TableChange:
        """Afflict a character with a condition from the text's list (F-12), or one of the table's own
        (``skills=[…]`` with ``plus``/``minus``/``modifier``). Hard Cover takes ``choice`` "+" or "++"."""
        return self._perform("add_condition", _plain_arg({
            "character": character, "condition": condition, "choice": choice, "skills": skills,
            "plus": plus, "minus": minus, "modifier": modifier}))

    def remove_condition(self, character: Who, condition: Condition) -> TableChange:
        """Lift a condition (F-12)."""
        return self._perform("remove_condition", {"character": character, "condition": condition})

    def injure(self, character: Who, injury: Injury, choice: Choice = None, amount: InjuryAmount = None) -> TableChange:
        """Give an injury from the text's list (F-12); Niggling and Minor record the player's
        ``choice`` of Clubs or Diamonds, Minor the GM's ``amount`` 2–4."""
        return self._perform("injure", {"character": character, "injury": injury, "choice": choice,
                                        "amount": amount})

    def heal(self, character: Who, injury: Injury, choice: Choice = None) -> TableChange:
        """Remove an injury (the first of that name, or of that name and choice) (F-12)."""
        return self._perform("heal", {"character": character, "injury": injury, "choice": choice})

    def lose_control(self, character: Who, reason: ControlReason = "unconscious") -> TableChange:
        """The character is no longer in control (unconscious, possessed): the whole hand is discarded (F-10)."""
        return self._perform("lose_control", {"character": character, "reason": reason})

    def regain_control(self, character: Who) -> TableChange:
        """The character resumes control and draws a fresh hand up to Card Refresh (F-10)."""
        return self._perform("regain_control", {"character": character})

    def set_skill(self, character: Who, skill: LevelSkill, level: Level) -> TableChange:
        """Experience changes a skill's level on the ladder (Extraordinary 12 … Poor 2, F-3)."""
        return self._perform("set_skill", {"character": character, "skill": skill, "level": level})

    def adjust_refresh(self, character: Who, amount: RefreshChange, reason: Reason = "") -> TableChange:
        """An exceptional event raises or lowers a character's Card Refresh (may force a discard, F-10)."""
        return self._perform("adjust_refresh", {"character": character, "amount": amount, "reason": reason})

    # -- guards ------------------------------------------------------------------------

    def _discard_awaiting(self) -> Awaiting | None:
        for ch in self.state.characters.values():
            due = ch.discard_due
            if due:
                why = (f"{ch.name} holds {len(ch.hand)} cards over Card Refresh {ch.refresh} "
                       f"and must discard before anything else happens (F-10)")
                if ch.owed_discards and len(ch.hand) - ch.refresh < due:
                    why = f"{ch.name} owes a discard (Stunned, F-12) and discards before anything else (F-10)"
                return Awaiting(ch.name, "discard", tuple(sorted(set(_codes(ch.hand)))), why, due)
        return None

    def _require_free(self, action: str, *, during_flip: bool = False) -> None:
        due = self._discard_awaiting()
        if due is not None:
            raise PendingActionError(
                action, f"{due.character} must first discard {due.count} card{'s' if due.count != 1 else ''}", "F-10",
                f"call discard({due.character!r}, [...]) first",
            )
        if self.state.pending is not None and not during_flip:
            awaiting = self._flip_awaiting(self.state.pending)
            ruling = "F-11" if action in _HAND_ACTIONS_F11 else "F-8"
            raise PendingActionError(
                action, "a stack is being resolved" + (f": {awaiting.text}" if awaiting else ""), ruling,
                "finish the flip first (choose / guide)",
            )

    def _draw(self, ch: Character, count: int, rng: GameRandom) -> list[Card]:
        cards = self.state.fate.draw_many(count, rng)
        ch.hand.extend(cards)
        return cards

    def _take_from_hand(self, ch: Character, cards: list[Card], what: str, ruling: str) -> None:
        if not ch.holds(cards):
            missing = Counter(cards) - Counter(ch.hand)
            raise NotHeldError(f"{what}: {', '.join(str(c) for c in missing.elements())}",
                               f"{ch.name} does not hold {'it' if sum(missing.values()) == 1 else 'them'}", ruling,
                               f"{ch.name}'s hand: {', '.join(_codes(ch.hand)) or 'empty'}")
        for card in cards:
            ch.hand.remove(card)

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

    # -- handlers: characters and hands ------------------------------------------------

    def _grow_fate_deck(self, rng: GameRandom) -> int:
        if self.options["fate_decks"] is not None:
            return 0
        players = sum(1 for ch in self.state.characters.values() if not ch.npc)
        need = min(MAX_FATE_DECKS, max(2, math.ceil(players / 2)))  # the deck stops growing at 8 (G-4)
        added = 0
        pile = self.state.fate.draw_pile
        while self.state.fate_decks < need:
            for card in standard_deck():
                pile.insert(rng.below(len(pile) + 1), card)
            self.state.fate_decks += 1
            added += 1
        return added

    def _do_add_character(self, rng: GameRandom, name: str, high_concept: str, trouble: str, adverbs: list[str],
                          negative_adverb: str, great: str, good: list[str], poor: str,
                          npc: bool = False) -> TableChange:
        self._require_free("add_character")
        ch = build_character(name, high_concept, trouble, adverbs, negative_adverb, great, good, poor, npc)
        if any(other.lower() == ch.name.lower() for other in self.state.characters):
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
            {"character": ch.name, "skills": dict(ch.skills), "drawn": _codes(drawn),
             "fate_decks": self.state.fate_decks},
        )

    def _do_discard(self, rng: GameRandom, character: str, cards: list[str]) -> TableChange:
        ch = self.character(character)
        chosen = _cards(cards, "cards to discard")
        due = ch.discard_due
        if due == 0:
            blocking = self._discard_awaiting()
            raise IllegalActionError(
                f"{ch.name} discards {', '.join(str(c) for c in chosen)}",
                f"{ch.name} has no discard due (hand {len(ch.hand)}, Card Refresh {ch.refresh})", "F-10",
                (f"{blocking.character} must discard first" if blocking else
                 "discard at the end of the scene (end_scene) or by trust_the_fates"),
            )
        if not 1 <= len(chosen) <= due:
            raise OutOfRangeError(f"{ch.name} discards {len(chosen)} cards",
                                  f"{due} card{'s are' if due != 1 else ' is'} due", "F-10",
                                  f"discard 1 to {due} cards")
        over_before = max(0, len(ch.hand) - ch.refresh)
        self._take_from_hand(ch, chosen, f"{ch.name} discards", "F-10")
        self.state.fate.discard(chosen)
        ch.owed_discards = max(0, ch.owed_discards - max(0, len(chosen) - over_before))
        ch.owed_discards = min(ch.owed_discards, len(ch.hand))
        flip = self._advance("discard", rng) if self.state.pending is not None else None
        return TableChange("discard", f"{ch.name} discards {len(chosen)} card{'s' if len(chosen) != 1 else ''}",
                           ", ".join(str(c) for c in chosen),
                           (("Hand", f"{len(ch.hand)} / Card Refresh {ch.refresh}"),), (),
                           {"character": ch.name, "discarded": _codes(chosen)}, self.awaiting, flip)

    def _hand_action_checks(self, action: str, ch: Character) -> None:
        self._require_free(action)
        if not ch.in_control:
            raise IllegalActionError(f"{action} for {ch.name}", f"{ch.name} is not in control", "F-10",
                                     "regain control first")

    def _pay_fate_only(self, ch: Character, action: str) -> None:
        if ch.fate < 1:
            why = f"{ch.name} has no Fate token"
            if ch.burning:
                why += " (Burning Fate tokens cannot pay for Mulligan or Preparation)"
            raise InsufficientTokensError(f"{action} for {ch.name}", why, "F-11",
                                          "earn Fate tokens by the GM's award")
        ch.fate -= 1

    def _do_mulligan(self, rng: GameRandom, character: str) -> TableChange:
        ch = self.character(character)
        self._hand_action_checks("mulligan", ch)
        self._pay_fate_only(ch, "mulligan")
        old = list(ch.hand)
        ch.hand.clear()
        self.state.fate.discard(old)
        drawn = self._draw(ch, len(old), rng)
        return TableChange("mulligan", f"{ch.name} mulligans", f"discarded and drew {len(old)} cards",
                           (("Discarded", ", ".join(str(c) for c in old) or "none"), ("Fate tokens", str(ch.fate))),
                           ("1 Fate token spent (F-11)",),
                           {"character": ch.name, "discarded": _codes(old), "drawn": _codes(drawn)}, self.awaiting)

    def _do_prepare(self, rng: GameRandom, character: str) -> TableChange:
        ch = self.character(character)
        self._hand_action_checks("prepare", ch)
        self._pay_fate_only(ch, "prepare")
        drawn = self._draw(ch, 2, rng)
        return TableChange("prepare", f"{ch.name} prepares", "drew 2 cards",
                           (("Hand", f"{len(ch.hand)} / Card Refresh {ch.refresh}"), ("Fate tokens", str(ch.fate))),
                           ("1 Fate token spent (F-11)",),
                           {"character": ch.name, "drawn": _codes(drawn)}, self.awaiting)

    def _do_trust_the_fates(self, rng: GameRandom, character: str, cards: list[str]) -> TableChange:
        ch = self.character(character)
        chosen = _cards(cards, "cards to trust to the fates")
        self._hand_action_checks("trust_the_fates", ch)
        if len(chosen) != 4:
            raise OutOfRangeError(f"{ch.name} trusts {len(chosen)} cards to the fates", "it takes exactly four cards",
                                  "F-11", "name four cards from the hand")
        self._take_from_hand(ch, chosen, f"{ch.name} trusts the fates with", "F-11")
        self.state.fate.discard(chosen)
        ch.burning += 1
        return TableChange("trust_the_fates", f"{ch.name} trusts the fates", "gains a Burning Fate token",
                           (("Discarded", ", ".join(str(c) for c in chosen)),
                            ("Burning Fate tokens", str(ch.burning))),
                           ("A Burning Fate token vanishes at the end of the scene and cannot pay for Mulligan or "
                            "Preparation (F-11)",),
                           {"character": ch.name, "discarded": _codes(chosen)})

    def _do_end_scene(self, rng: GameRandom, discards: dict[str, list[str]] | None = None) -> TableChange:
        self._require_free("end_scene")
        if discards is not None and not isinstance(discards, dict):
            raise MalformedInputError(f"discards={discards!r}", "maps characters to the cards they discard", "F-10",
                                      'e.g. discards={"Ada": ["2C"]}')
        plan: dict[str, list[Card]] = {}
        for name, cards in (discards or {}).items():
            ch = self.character(name)
            chosen = _cards(cards, f"{ch.name}'s discards")
            if not ch.holds(chosen):
                missing = Counter(chosen) - Counter(ch.hand)
                raise NotHeldError(f"{ch.name} discards {', '.join(str(c) for c in missing.elements())} at the end "
                                   "of the scene", f"{ch.name} does not hold it", "F-10",
                                   f"{ch.name}'s hand: {', '.join(_codes(ch.hand)) or 'empty'}")
            plan[ch.name] = chosen
        report: dict[str, dict[str, Any]] = {}
        facts: list[tuple[str, str]] = []
        for ch in self.state.characters.values():
            chosen = plan.get(ch.name, [])
            self._take_from_hand(ch, chosen, "discard", "F-10")
            self.state.fate.discard(chosen)
            drawn = self._draw(ch, max(0, ch.refresh - len(ch.hand)), rng) if ch.in_control else []
            lost = ch.burning
            ch.burning = 0
            report[ch.name] = {"discarded": _codes(chosen), "drawn": _codes(drawn), "burning_lost": lost}
            text = f"discarded {', '.join(str(c) for c in chosen) or 'nothing'}, drew {len(drawn)}"
            if lost:
                text += f", {lost} Burning Fate token{'s' if lost != 1 else ''} vanished"
            if not ch.in_control:
                text += " (not in control: draws on regaining control)"
            facts.append((ch.name, text))
        self.state.scene += 1
        return TableChange("end_scene", f"Scene {self.state.scene - 1} ends", f"scene {self.state.scene} begins",
                           tuple(facts), ("Each character discarded any or all, then drew up to Card Refresh; "
                                          "Burning Fate tokens vanish (F-10, F-11)",), {"characters": report},
                           self.awaiting)

    def _do_award_fate(self, rng: GameRandom, character: str, amount: int = 1, reason: str = "") -> TableChange:
        self._require_free("award_fate")
        ch = self.character(character)
        if isinstance(amount, bool) or not isinstance(amount, int) or amount == 0:
            raise OutOfRangeError(f"award of {amount!r} Fate tokens", "an award is a non-zero whole number", "F-11",
                                  "e.g. amount=1")
        if not isinstance(reason, str):
            raise MalformedInputError(f"reason {reason!r}", "is text", "F-11", 'e.g. reason="session start"')
        if ch.fate + amount < 0:
            raise InsufficientTokensError(f"take {-amount} Fate tokens from {ch.name}", f"{ch.name} has {ch.fate}",
                                          "F-11", "Fate tokens never go below 0")
        ch.fate += amount
        verb = "gains" if amount > 0 else "loses"
        return TableChange("award_fate", f"{ch.name} {verb} {abs(amount)} Fate token{'s' if abs(amount) != 1 else ''}",
                           reason, (("Fate tokens", str(ch.fate)),), ("Fate tokens come back only by award (F-11)",),
                           {"character": ch.name, "amount": amount, "fate": ch.fate})

    def _affliction_change(self, action: str, ch: Character, title: str, verdict: str, before: int,
                           extra: dict[str, Any]) -> TableChange:
        facts = [("Afflictions", "; ".join(a.name + (f" ({a.choice})" if a.choice else "") for a in ch.afflictions)
                  or "none")]
        if ch.refresh != before:
            facts.append(("Card Refresh", f"{before} → {ch.refresh} (F-10, F-12)"))
        return TableChange(action, title, verdict, tuple(facts), (),
                           {"character": ch.name, "refresh": ch.refresh, **extra}, self.awaiting)

    def _do_add_condition(self, rng: GameRandom, character: str, condition: str, choice: str | None = None,
                          skills: list[str] | None = None, plus: int = 0, minus: int = 0,
                          modifier: int = 0) -> TableChange:
        self._require_free("add_condition")
        ch = self.character(character)
        if skills is None:
            if plus or minus or modifier:
                raise MalformedInputError(f"condition {condition!r} with plus/minus/modifier",
                                          "a condition of the table's own names its skills", "F-12",
                                          'add skills=["Resistance"] (or a suit, or "all")')
            affliction = make_condition(condition, choice)
        else:
            if choice is not None:
                raise MalformedInputError(f"choice {choice!r}", "only Hard Cover takes a choice", "F-12",
                                          "leave choice out for a condition of the table's own")
            if isinstance(skills, str):
                skills = [skills]
            affliction = make_custom_condition(condition, skills, plus, minus, modifier)
        existing = [a for a in ch.afflictions if a.kind == "condition" and a.name.lower() == affliction.name.lower()]
        if existing and affliction.name != "Stunned":
            raise IllegalActionError(f"{ch.name} is {affliction.name}", "the condition is already there", "F-12",
                                     "remove it first to change it")
        before = ch.refresh
        if not existing:
            ch.afflictions.append(affliction)
        if affliction.discard:
            ch.owed_discards = min(len(ch.hand), ch.owed_discards + affliction.discard)
        return self._affliction_change("add_condition", ch, f"{ch.name} is {affliction.name}",
                                       affliction.summary + (f" — {affliction.choice}" if affliction.choice else ""),
                                       before, {"condition": affliction.to_dict()})

    def _do_remove_condition(self, rng: GameRandom, character: str, condition: str) -> TableChange:
        self._require_free("remove_condition")
        ch = self.character(character)
        listed = condition_name(condition)
        key = "".join(c for c in str(listed or condition).lower() if c.isalnum())
        for affliction in ch.afflictions:
            name_key = "".join(c for c in affliction.name.lower() if c.isalnum())
            if affliction.kind == "condition" and name_key == key:
                before = ch.refresh
                ch.afflictions.remove(affliction)
                return self._affliction_change("remove_condition", ch, f"{ch.name} is no longer {affliction.name}",
                                               "", before, {"condition": affliction.name})
        held = [a.name for a in ch.afflictions if a.kind == "condition"]
        raise UnknownNameError(f"condition {condition!r} on {ch.name}", f"{ch.name} does not have it", "F-12",
                               f"{ch.name}'s conditions: {', '.join(held) or 'none'}")

    def _do_injure(self, rng: GameRandom, character: str, injury: str, choice: str | None = None,
                   amount: int | None = None) -> TableChange:
        self._require_free("injure")
        ch = self.character(character)
        affliction = make_injury(injury, choice, amount)
        before = ch.refresh
        ch.afflictions.append(affliction)
        return self._affliction_change("injure", ch, f"{ch.name} takes a {affliction.name} injury",
                                       affliction.summary + (f" — {affliction.choice}" if affliction.choice else ""),
                                       before, {"injury": affliction.to_dict()})

    def _do_heal(self, rng: GameRandom, character: str, injury: str, choice: str | None = None) -> TableChange:
        self._require_free("heal")
        ch = self.character(character)
        name = injury_name(injury)
        for affliction in ch.afflictions:
            if affliction.kind == "injury" and affliction.name == name and (
                    choice is None or (affliction.choice or "").lower().startswith(str(choice).lower())):
                before = ch.refresh
                ch.afflictions.remove(affliction)
                return self._affliction_change("heal", ch, f"{ch.name}'s {name} injury heals", "", before,
                                               {"injury": affliction.to_dict()})
        held = [a.name + (f" ({a.choice})" if a.choice else "") for a in ch.afflictions if a.kind == "injury"]
        raise UnknownNameError(f"{injury!r} injury on {ch.name}", f"{ch.name} does not have it", "F-12",
                               f"{ch.name}'s injuries: {', '.join(held) or 'none'}")

    def _do_lose_control(self, rng: GameRandom, character: str, reason: str = "unconscious") -> TableChange:
        self._require_free("lose_control")
        ch = self.character(character)
        if not ch.in_control:
            raise IllegalActionError(f"{ch.name} loses control", f"{ch.name} is already not in control", "F-10",
                                     "regain_control first")
        old = list(ch.hand)
        ch.hand.clear()
        self.state.fate.discard(old)
        ch.in_control = False
        ch.owed_discards = 0
        return TableChange("lose_control", f"{ch.name} loses control", str(reason),
                           (("Discarded", ", ".join(str(c) for c in old) or "nothing"),),
                           ("The whole hand is discarded; a fresh hand is drawn on regaining control (F-10)",),
                           {"character": ch.name, "discarded": _codes(old), "reason": reason})

    def _do_regain_control(self, rng: GameRandom, character: str) -> TableChange:
        self._require_free("regain_control")
        ch = self.character(character)
        if ch.in_control:
            raise IllegalActionError(f"{ch.name} regains control", f"{ch.name} is in control", "F-10",
                                     "lose_control comes first")
        ch.in_control = True
        drawn = self._draw(ch, max(0, ch.refresh - len(ch.hand)), rng)
        return TableChange("regain_control", f"{ch.name} regains control", f"draws a fresh hand of {len(drawn)}",
                           (("Hand", f"{len(ch.hand)} / Card Refresh {ch.refresh}"),), ("F-10",),
                           {"character": ch.name, "drawn": _codes(drawn)})

    def _do_set_skill(self, rng: GameRandom, character: str, skill: str, level: int | str) -> TableChange:
        self._require_free("set_skill")
        ch = self.character(character)
        name = skill_name(skill)
        value = parse_level(level)
        before = ch.skills[name]
        ch.skills[name] = value
        return TableChange("set_skill", f"{ch.name}'s {name}: {level_name(before)} {before} → {level_name(value)} "
                           f"{value}", "", (), ("Skills grow and change with experience (F-3)",),
                           {"character": ch.name, "skill": name, "level": value})

    def _do_adjust_refresh(self, rng: GameRandom, character: str, amount: int, reason: str = "") -> TableChange:
        self._require_free("adjust_refresh")
        ch = self.character(character)
        if isinstance(amount, bool) or not isinstance(amount, int) or amount == 0 or ch.base_refresh + amount < 0:
            raise OutOfRangeError(f"Card Refresh change {amount!r} for {ch.name}",
                                  f"a non-zero whole number keeping Card Refresh ≥ 0 (now {ch.base_refresh})", "F-10",
                                  f"give an amount from {-ch.base_refresh} up, not 0, e.g. amount=1")
        before = ch.refresh
        ch.base_refresh += amount
        return self._affliction_change("adjust_refresh", ch, f"{ch.name}'s Card Refresh changes by {amount:+d}",
                                       str(reason), before, {"base_refresh": ch.base_refresh})

    # -- handlers: the flip ------------------------------------------------------------

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
            adverb_draws[name] = _codes(drawn)
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
        codes = tuple(dict.fromkeys(_codes(cards)))
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
            return Awaiting(side.character, "choose", codes, why)
        if red_joker_index(cards) is not None and side.red_joker_offer == "":
            rest = f"{side.chooser} chooses" if side.chooser else "the lowest card is taken"
            return Awaiting(side.character, "choose", ("RJ", None),
                            f"the flipper may take the Red Joker even at disadvantage (F-5); None: {rest} (F-4)")
        if side.chooser is not None:
            return Awaiting(side.chooser, "choose", codes,
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
                return Awaiting(side.character, "guide", (*sorted(set(_codes(ch.hand))), None),
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
