"""Characters: the sheet (F-14), hand, tokens and afflictions."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from kit.core.cards import Card
from kit.core.errors import InvalidCharacterError, MalformedInputError, UnknownNameError
from kit.falkefateifaux.conditions import Affliction, RefreshRule
from kit.falkefateifaux.skills import LADDER, SKILLS, skill_name

START_REFRESH = 5
"""Card Refresh a character starts with, which is also the hand limit (F-10)."""

START_FATE = 3
"""Fate tokens a character starts with (F-11)."""


@dataclass
class Character:
    """One character: sheet, hand, Fate and Burning Fate tokens, conditions and injuries."""

    name: str
    high_concept: str
    trouble: str
    adverbs: list[str]
    negative_adverb: str
    skills: dict[str, int]
    npc: bool = False
    hand: list[Card] = field(default_factory=list)
    fate: int = START_FATE
    burning: int = 0
    base_refresh: int = START_REFRESH
    afflictions: list[Affliction] = field(default_factory=list)
    in_control: bool = True
    owed_discards: int = 0

    @property
    def refresh(self) -> int:
        """Card Refresh now, after injuries (F-10, F-12)."""
        if not self.afflictions:  # what RefreshRule gives with none, without building one each time
            return max(0, self.base_refresh)
        return RefreshRule(self.base_refresh, tuple(self.afflictions)).value()

    @property
    def tokens(self) -> int:
        """Tokens that can pay for a spend before a flip: Fate and Burning Fate (F-7, F-11)."""
        return self.fate + self.burning

    @property
    def discard_due(self) -> int:
        """Cards the owner must discard before anything else happens (F-10, Stunned F-12)."""
        over = max(0, len(self.hand) - self.refresh)
        return min(len(self.hand), over + self.owed_discards)

    def copy(self) -> Character:
        """An independent copy (cards and afflictions are immutable and shared)."""
        return Character(self.name, self.high_concept, self.trouble, list(self.adverbs), self.negative_adverb,
                         dict(self.skills), self.npc, list(self.hand), self.fate, self.burning, self.base_refresh,
                         list(self.afflictions), self.in_control, self.owed_discards)

    def adverb_kind(self, text: str) -> tuple[str, bool]:
        """An adverb of this character (case-insensitive) and whether it is the negative one (F-6)."""
        key = str(text).strip().lower()
        for adverb in self.adverbs:
            if adverb.lower() == key:
                return adverb, False
        if self.negative_adverb.lower() == key:
            return self.negative_adverb, True
        raise UnknownNameError(
            f"adverb {text!r} for {self.name}", "is not one of the character's adverbs", "F-6",
            f"{self.name}'s adverbs: {', '.join(self.adverbs)} (positive), {self.negative_adverb} (negative)",
        )

    def holds(self, cards: list[Card]) -> bool:
        """True when every card (with repeats) is in the hand."""
        hand = list(self.hand)
        for card in cards:
            if card not in hand:
                return False
            hand.remove(card)
        return True


def written(value: object) -> str | None:
    """The text a sheet's field holds, stripped, or None when nothing is written there (F-14)."""
    if not isinstance(value, str) or not value.strip():
        return None
    return value.strip()


def name_clash(name: str, taken: Iterable[str]) -> str | None:
    """The name among ``taken`` that ``name`` repeats (case-insensitively, as the table tells them apart), or None."""
    key = name.strip().lower()
    return next((other for other in taken if other.lower() == key), None)


def _text(value: object, what: str) -> str:
    text = written(value)
    if text is None:
        raise InvalidCharacterError(what, "must be written (non-empty text)", "F-14",
                                    "every character has a High Concept, a Trouble and four adverbs")
    return text


def build_character(name: str, high_concept: str, trouble: str, adverbs: list[str], negative_adverb: str,
                    great: str, good: list[str], poor: str, npc: bool = False) -> Character:
    """Check a sheet against F-14 and build the character (hand and tokens come from the game)."""
    name = _text(name, "character name")
    high_concept = _text(high_concept, f"{name}'s High Concept")
    trouble = _text(trouble, f"{name}'s Trouble")
    if isinstance(adverbs, str) or not isinstance(adverbs, (list, tuple)):
        raise InvalidCharacterError(f"{name}'s adverbs {adverbs!r}", "must be a list of three positive adverbs",
                                    "F-14", 'e.g. adverbs=["swiftly", "cunningly", "gently"]')
    positive = [_text(a, f"{name}'s adverb") for a in adverbs]
    negative = _text(negative_adverb, f"{name}'s negative adverb")
    lowered = [a.lower() for a in [*positive, negative]]
    if len(positive) != 3 or len(set(lowered)) != 4:
        raise InvalidCharacterError(
            f"{name}'s adverbs {positive} and {negative!r}",
            "a character has three different positive adverbs and one negative adverb", "F-14",
            "give adverbs=[three] and negative_adverb=one, all different",
        )
    if isinstance(good, str) or not isinstance(good, (list, tuple)):
        raise InvalidCharacterError(f"{name}'s good skills {good!r}", "must be a list of three skills", "F-14",
                                    'e.g. good=["Athletics", "Courage", "Society"]')
    if not isinstance(great, str) or not isinstance(poor, str):
        raise InvalidCharacterError(f"{name}'s great/poor skills", "each is one skill name", "F-14",
                                    'e.g. great="Fisticuffs", poor="Magic"')
    great_name = skill_name(great)
    good_names = [skill_name(g) for g in good]
    poor_name = skill_name(poor)
    chosen = [great_name, *good_names, poor_name]
    if len(good_names) != 3 or len(set(chosen)) != 5:
        raise InvalidCharacterError(
            f"{name}'s skills Great {great_name}, Good {good_names}, Poor {poor_name}",
            "a character has exactly one Great, three Good and one Poor skill, all different", "F-14",
            "the rest are Competent",
        )
    if not isinstance(npc, bool):
        raise MalformedInputError(f"npc={npc!r}", "is True or False", "F-1",
                                  "pass npc=True for a GM's character (not counted for the decks) or npc=False")
    skills = {skill: LADDER["Competent"] for skill in SKILLS}
    skills[great_name] = LADDER["Great"]
    for g in good_names:
        skills[g] = LADDER["Good"]
    skills[poor_name] = LADDER["Poor"]
    return Character(name, high_concept, trouble, positive, negative, skills, npc)
