"""Results of FalkeFateiFaux actions: each keeps its whole story and describes itself."""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from kit.core.cards import Card
from kit.core.describe import Describable, Description, Face, Fact, MaySee
from kit.core.words import card_words
from kit.falkefateifaux.rules import Duration, Factor, stack_size
from kit.falkefateifaux.skills import level_name


def _advantage_text(net: int) -> str:
    if net == 0:
        return "none (0)"
    return "[" + ("+" if net > 0 else "−") * abs(net) + f"] ({net:+d})"


@dataclass(frozen=True)
class Awaiting:
    """The step a flip or the table waits for: who must do what, with which options and why."""

    character: str
    action: str  # "discard", "choose" or "guide"
    options: tuple[str | None, ...]
    why: str
    count: int = 1

    @property
    def text(self) -> str:
        """In words for the table: ``Bruno must choose a card — options: 4♥, 8♣. …`` (``None``, passing, is "pass")."""
        cards = [_card_words(o) if type(o) is str else card_words(o) for o in self.options if o is not None]
        if None in self.options:
            cards.append("leave it" if self.action == "choose" else "pass")
        passing = len(cards) > 1 and None in self.options
        shown = ", ".join(cards[:-1]) + f" or {cards[-1]}" if passing else ", ".join(cards)
        verb = {"discard": f"discard {self.count} card{'s' if self.count != 1 else ''}",
                "choose": "choose a card", "guide": "guide fate: play a card or pass"}[self.action]
        return f"{self.character} must {verb} — options: {shown}. {worded(self.why)}"

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {"character": self.character, "action": self.action, "options": list(self.options),
                "why": self.why, "count": self.count}


UNSEEN_OPTIONS: dict[str, tuple[str | None, ...]] = {
    "guide": ("a card from hand (not shown at this seat)", None),
    "discard": ("cards from hand (not shown at this seat)",),
}
"""What an awaited step offers, said without the hand it offers, for a seat that may not see that hand (P-5)."""


LEGACY_WORDS = (("or pass with None (F-8)", "or pass (F-8)"), ("(F-5); None: ", "(F-5); leaving it: "))
"""Wordings a recorded outcome keeps (a file's events replay exactly as recorded) and the table draws in words."""

_JOKER_CODE = re.compile(r"\b(RJ|BJ)\b")


def worded(text: str) -> str:
    """A text of a result as the table draws it: the jokers named, the recorded code-speak said in words.

    A text with no joker code and no legacy wording (most of them) is returned as it is.
    """
    if "None" in text:  # every legacy wording says None
        for recorded, words in LEGACY_WORDS:
            text = text.replace(recorded, words)
    if "RJ" in text or "BJ" in text:
        return _JOKER_CODE.sub(_joker_words, text)
    return text


_card_words = functools.lru_cache(maxsize=1024)(card_words)
""":func:`card_words` of a card code an awaited step offers (a few dozen codes, said again and again)."""


def _joker_words(match: re.Match[str]) -> str:
    return card_words(match.group(1))


def _worded_fact(fact: Fact) -> Fact:
    value = worded(fact.value)
    return fact if value is fact.value else Fact(fact.label, value)


def worded_description(description: Description) -> Description:
    """``description`` with every text :func:`worded` (the same description when no text changes)."""
    verdict = worded(description.verdict)
    facts = tuple([_worded_fact(fact) for fact in description.facts])
    notes = tuple([worded(note) for note in description.notes])
    sections = tuple([worded_description(section) for section in description.sections])
    if verdict is description.verdict and _same_items(facts, description.facts) and (
            _same_items(notes, description.notes)) and _same_items(sections, description.sections):
        return description
    return Description(description.title, verdict, description.tone, description.faces, facts, notes, sections)


def _same_items(new: tuple[Any, ...], old: tuple[Any, ...]) -> bool:
    """True when ``new`` holds the very objects ``old`` holds, in order."""
    return len(new) == len(old) and all(a is b for a, b in zip(new, old, strict=True))


def private_awaiting(description: Description, awaiting: Awaiting | None, may_see: MaySee) -> Description:
    """``description`` without the hand an awaited discard or guide offers, unless the seat may see it (P-5)."""
    if awaiting is None or awaiting.action not in UNSEEN_OPTIONS or may_see(awaiting.character):
        return description
    return _swap_fact(description, awaiting.text, replace(awaiting, options=UNSEEN_OPTIONS[awaiting.action]).text)


def _swap_fact(description: Description, old: str, new: str) -> Description:
    facts = tuple(replace(fact, value=new) if fact.value == old else fact for fact in description.facts)
    sections = tuple(_swap_fact(section, old, new) for section in description.sections)
    return replace(description, facts=facts, sections=sections)


@functools.lru_cache(maxsize=256)
def _card_shown(code: str) -> tuple[str, str, bool]:
    """A card's text as a face shows it (jokers by name), its spoken name and whether it is red."""
    card = Card.parse(code)
    return worded(str(card)), card.name, card.is_red


@dataclass(frozen=True)
class CardReport:
    """A card of a stack with what it counts and why."""

    code: str
    deck: str
    value: int
    reason: str
    from_hand: bool = False
    chosen: bool = False

    def face(self) -> Face:
        """The card as a face for the renderers."""
        text, name, red = _card_shown(self.code) if type(self.code) is str else _card_shown.__wrapped__(self.code)
        note = self.reason + (" — played from hand" if self.from_hand else "") + f" — Deck of {self.deck.title()}"
        return Face(text, name, "card", red, self.chosen, False, note)  # jokers by name

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {"card": self.code, "deck": self.deck, "value": self.value, "reason": self.reason,
                "from_hand": self.from_hand, "chosen": self.chosen}


@dataclass(frozen=True)
class SidePlan:
    """The set-up of one side of a flip before any card is drawn (F-4, F-7)."""

    role: str
    character: str
    skill: str
    suit: str
    level: int
    deck: str
    factors: tuple[Factor, ...]
    granted: tuple[str, ...]
    chooser: str
    tokens: int

    @property
    def net(self) -> int:
        """Net advantage n (F-4)."""
        return sum(f.advantage for f in self.factors)

    @property
    def stack_size(self) -> int:
        """Cards flipped: |n| + 1 (F-4)."""
        return stack_size(self.net)

    @property
    def modifier(self) -> int:
        """Total modifier added to the outcome (F-3)."""
        return sum(f.modifier for f in self.factors)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {"role": self.role, "character": self.character, "skill": self.skill, "suit": self.suit,
                "level": self.level, "deck": self.deck, "net": self.net, "stack_size": self.stack_size,
                "chooser": self.chooser, "granted": list(self.granted), "modifier": self.modifier,
                "tokens": self.tokens, "factors": [f.to_dict() for f in self.factors]}

    def describe(self) -> Description:
        """The set-up in words."""
        facts = [Fact("Skill", f"{self.skill} ({self.suit}) {level_name(self.level)} {self.level}"),
                 Fact("Net advantage", _advantage_text(self.net)),
                 Fact("Stack", f"{self.stack_size} card{'s' if self.stack_size != 1 else ''} from the Deck of "
                               f"{self.deck.title()}"),
                 Fact("Chooser", self.chooser), Fact("Modifier", f"{self.modifier:+d}")]
        if self.granted:
            facts.append(Fact("Granted suit", ", ".join(self.granted)))
        if self.tokens:
            facts.append(Fact("Tokens to spend", str(self.tokens)))
        return Description(f"{self.character}: {self.skill}", facts=tuple(facts),
                           notes=tuple(f.text for f in self.factors))


@dataclass(frozen=True)
class FlipPlan(Describable):
    """What a flip would be, worked out without changing anything (for odds and previews)."""

    sides: tuple[SidePlan, ...]
    target: int | None
    contested: bool
    opponent: str | None

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {"sides": [s.to_dict() for s in self.sides], "target": self.target,
                "contested": self.contested, "opponent": self.opponent}

    def describe(self) -> Description:
        """The plan in words."""
        title = "Plan: " + " vs ".join(f"{s.character} ({s.skill})" for s in self.sides)
        facts = (Fact("Target", str(self.target)),) if self.target is not None else ()
        return Description(title, "not flipped yet", facts=facts, sections=tuple(s.describe() for s in self.sides))


@dataclass(frozen=True)
class SideReport:
    """One side of a flip: set-up, every card with its value, who chose it and why, hand plays."""

    plan: SidePlan
    cards: tuple[CardReport, ...]
    chosen_by: str
    choice_reason: str
    outcome: int | None
    guide: str
    played: str | None

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {**self.plan.to_dict(), "cards": [c.to_dict() for c in self.cards], "chosen_by": self.chosen_by,
                "choice_reason": self.choice_reason, "outcome": self.outcome, "guide": self.guide,
                "played": self.played}

    def outcome_text(self) -> str:
        """``0 (4♥ counts 0 out of suit (F-2)) + 6 (Good Fisticuffs) = 6``."""
        chosen = next((c for c in self.cards if c.chosen), None)
        if chosen is None or self.outcome is None:
            return "not chosen yet"
        text = f"{chosen.value} ({chosen.reason}) + {self.plan.level} ({level_name(self.plan.level)} {self.plan.skill})"
        if self.plan.modifier:
            text += f" {'+' if self.plan.modifier > 0 else '−'} {abs(self.plan.modifier)} (modifiers)"
        return text + f" = {self.outcome}"

    def describe(self) -> Description:
        """The side in words."""
        p = self.plan
        facts = [Fact("Skill", f"{p.skill} ({p.suit}) {level_name(p.level)} {p.level}"),
                 Fact("Net advantage", _advantage_text(p.net)),
                 Fact("Stack", f"{p.stack_size} {'flipped' if self.cards else 'to flip (after the discard, F-10)'} "
                               f"from the Deck of {p.deck.title()}; chooser: {p.chooser}")]
        if p.granted:
            facts.append(Fact("Granted suit", ", ".join(p.granted)))
        if self.chosen_by:
            facts.append(Fact("Chosen by", f"{self.chosen_by} — {self.choice_reason}"))
        if self.played:
            facts.append(Fact("Guided fate", f"played {Card.parse(self.played)} from hand (F-8)"))
        elif self.guide:
            facts.append(Fact("Guided fate", self.guide))
        facts.append(Fact("Outcome", self.outcome_text()))
        return Description(f"{p.character}: {p.skill}", faces=tuple(c.face() for c in self.cards),
                           facts=tuple(facts), notes=tuple(f.text for f in p.factors))


@dataclass(frozen=True)
class FlipResult(Describable):
    """A flip, after any of its steps: resolved, or what it waits for."""

    step: str
    sides: tuple[SideReport, ...]
    target: int | None
    contested: bool
    opponent: str | None
    awaiting: Awaiting | None
    degree: int | None = None
    band: str | None = None
    success: bool | None = None
    duration_name: str | None = None
    duration: Duration | None = None
    spent: dict[str, dict[str, int]] = field(default_factory=dict)
    adverb_draws: dict[str, list[str]] = field(default_factory=dict)
    story: tuple[str, ...] = ()

    @property
    def resolved(self) -> bool:
        """True once every choice and hand play is done and the stacks went to the discard."""
        return self.awaiting is None

    @property
    def outcome(self) -> int | None:
        """The acting side's outcome."""
        return self.sides[0].outcome

    @property
    def chosen(self) -> str | None:
        """The acting side's chosen card code."""
        return next((c.code for c in self.sides[0].cards if c.chosen), None)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: the whole story."""
        return {
            "step": self.step, "sides": [s.to_dict() for s in self.sides], "target": self.target,
            "contested": self.contested, "opponent": self.opponent,
            "awaiting": self.awaiting.to_dict() if self.awaiting else None, "degree": self.degree,
            "band": self.band, "success": self.success, "duration_name": self.duration_name,
            "duration": self.duration.to_dict() if self.duration else None, "spent": self.spent,
            "adverb_draws": self.adverb_draws, "story": list(self.story),
        }

    def describe_for(self, may_see: MaySee) -> Description:
        """The flip as a seat sees it: an awaited guide or discard does not name a hand the seat may not see (P-5)."""
        return private_awaiting(self.describe(), self.awaiting, may_see)

    def describe(self) -> Description:
        """The flip in words: verdict, cards, outcome arithmetic, every reason and the story."""
        return worded_description(self._described())

    def _described(self) -> Description:
        acting = self.sides[0]
        if self.contested:
            title = " vs ".join(f"{s.plan.character} ({s.plan.skill})" for s in self.sides)
        else:
            title = f"{acting.plan.character}: {acting.plan.skill}"
        if self.awaiting is not None:
            verdict, tone = f"waiting for {self.awaiting.character} to {self.awaiting.action}", "warning"
        elif self.degree is None:
            verdict, tone = f"outcome {acting.outcome}", "neutral"
        else:
            verdict = f"{self.band} ({self.degree:+d})"
            tone = "success" if self.success else "failure"
        facts: list[Fact] = []
        if self.target is not None:
            facts.append(Fact("Target", str(self.target)))
        if self.opponent and not self.contested:
            facts.append(Fact("Opponent", self.opponent))
        if self.degree is not None:
            facts.append(Fact("Degree", f"{self.degree:+d} — {self.band}"))
        if self.duration_name:
            facts.append(Fact(f"Duration ({self.duration_name})", self.duration.text if self.duration else "none"))
        for who, spend in self.spent.items():
            if spend:
                facts.append(Fact(f"{who} spent", ", ".join(f"{k} {v}" for k, v in spend.items())))
        for who, cards in self.adverb_draws.items():
            facts.append(Fact(f"{who} drew for the negative adverb", f"{len(cards)} cards (F-6)"))
        if self.awaiting is not None:
            facts.append(Fact("Awaiting", self.awaiting.text))
        notes = self.story
        if self.contested:
            return Description(title, verdict, tone, facts=tuple(facts), notes=notes,
                               sections=tuple(s.describe() for s in self.sides))
        side = acting.describe()
        return Description(title, verdict, tone, faces=side.faces, facts=tuple(facts) + side.facts,
                           notes=side.notes + notes)

    def describe_step(self, earlier: Sequence[Any], may_see: MaySee | None = None) -> Description:
        """What this step of the flip did, for the log: the whole flip for its first step, the new part after.

        ``earlier`` holds the results before this one (oldest first). A choose, guide or discard
        step shows the stack as it now stands, its outcome (once resolved), what is awaited next
        and only the story lines this step added.
        """
        whole = self.describe() if may_see is None else self.describe_for(may_see)
        before = previous_step(self, earlier)
        if self.step == "flip" or before is None:
            return whole
        new = self.story[len(before.story):]
        rigged = tuple(note for note in whole.notes if note.startswith("Rigged:"))
        sections = tuple(replace(section, facts=_step_facts(section.facts), notes=())
                         for section in whole.sections)
        doing = STEP_WORDS.get(self.step, self.step)
        return Description(f"{whole.title}: {doing}", whole.verdict, whole.tone, faces=whole.faces,
                           facts=_step_facts(whole.facts), notes=rigged + new, sections=sections)


STEP_WORDS = {"choose": "a card is chosen", "guide": "guiding fate", "discard": "the discard"}
"""How the log names a later step of a flip."""

STEP_FACTS = ("Target", "Degree", "Awaiting", "Chosen by", "Guided fate", "Outcome", "Duration")
"""The facts a later step shows (the set-up — skill, advantage, stack — was shown at the flip)."""


def _step_facts(facts: tuple[Fact, ...]) -> tuple[Fact, ...]:
    return tuple(fact for fact in facts if fact.label.startswith(STEP_FACTS))


def previous_step(flip: FlipResult, earlier: Sequence[Any]) -> FlipResult | None:
    """The latest earlier step of the same flip in ``earlier`` (its story is where this one's began), or None."""
    for result in reversed(earlier):
        candidate = result.flip if isinstance(result, TableChange) else result
        if isinstance(candidate, FlipResult):
            told = candidate.story
            if len(told) <= len(flip.story) and flip.story[:len(told)] == told and told:
                return candidate
            if candidate.step == "flip":
                return None  # another flip began before: this one's earlier steps are not in view
    return None


@dataclass(frozen=True)
class TableChange(Describable):
    """Any other action: a character joining, hands changing, tokens, conditions, a scene ending.

    A discard made during a flip carries the flip's next state in ``flip``.

    ``data`` holds the exact cards and numbers (the log's record); the description shows what
    the table may see (cards discarded, but only how many were drawn).
    """

    action: str
    title: str
    verdict: str = ""
    facts: tuple[tuple[str, str], ...] = ()
    notes: tuple[str, ...] = ()
    data: dict[str, Any] = field(default_factory=dict)
    awaiting: Awaiting | None = None
    flip: FlipResult | None = None

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {"action": self.action, "title": self.title, "verdict": self.verdict,
                "facts": [list(f) for f in self.facts], "notes": list(self.notes), "data": self.data,
                "awaiting": self.awaiting.to_dict() if self.awaiting else None,
                "flip": self.flip.to_dict() if self.flip else None}

    def describe_for(self, may_see: MaySee) -> Description:
        """The change as a seat sees it: an awaited step does not name a hand the seat may not see (P-5)."""
        description = private_awaiting(self.describe(), self.awaiting, may_see)
        return private_awaiting(description, self.flip.awaiting if self.flip else None, may_see)

    def describe(self) -> Description:
        """The change in words."""
        return worded_description(self._described())

    def _described(self) -> Description:
        facts = [Fact(label, value) for label, value in self.facts]
        tone = "neutral"
        if self.awaiting is not None:
            facts.append(Fact("Awaiting", self.awaiting.text))
            tone = "warning"
        sections = (self.flip.describe(),) if self.flip is not None else ()
        return Description(self.title, self.verdict, tone, facts=tuple(facts), notes=self.notes, sections=sections)

    def describe_step(self, earlier: Sequence[Any], may_see: MaySee | None = None) -> Description:
        """The change for the log: a discard made during a flip shows only what the flip did next."""
        whole = self.describe() if may_see is None else self.describe_for(may_see)
        if self.flip is None or not whole.sections:
            return whole
        return replace(whole, sections=(self.flip.describe_step(earlier, may_see), *whole.sections[1:]))
