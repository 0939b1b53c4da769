"""Conditions and injuries from the text's lists, and what they do to flips and Card Refresh (F-12)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from kit.core.cards import Suit
from kit.core.errors import MalformedInputError, OutOfRangeError, UnknownNameError
from kit.falkefateifaux.rules import Factor
from kit.falkefateifaux.skills import SKILLS, skill_name

ALL = "all"


@dataclass(frozen=True)
class Effect:
    """[+]/[−] and a modifier on some skills: those of ``suits``, those named in ``skills``,
    or every skill (``suits == ("all",)``), less the skills in ``except_skills``."""

    suits: tuple[str, ...] = ()
    skills: tuple[str, ...] = ()
    except_skills: tuple[str, ...] = ()
    advantage: int = 0
    modifier: int = 0

    def applies_to(self, skill: str) -> bool:
        """True when the effect touches flips of ``skill``."""
        if skill in self.except_skills:
            return False
        return ALL in self.suits or SKILLS[skill].name in self.suits or skill in self.skills


@dataclass(frozen=True)
class Affliction:
    """A condition or injury a character carries, with what it does (recorded when taken)."""

    kind: str  # "condition" or "injury"
    name: str
    choice: str | None = None
    effects: tuple[Effect, ...] = ()
    cover: bool = False
    refresh_delta: int = 0
    refresh_set: int | None = None
    discard: int = 0
    summary: str = ""

    def factors(self, skill: str, owner: str) -> list[Factor]:
        """The [+]/[−] and modifiers this gives a flip of ``skill`` by its owner."""
        label = f"{owner} is {self.name}" if self.kind == "condition" else f"{owner}'s {self.name} injury"
        if self.choice and self.kind == "injury":
            label += f" ({self.choice})"
        label += " (F-12)"
        return [Factor(label, e.advantage, e.modifier) for e in self.effects if e.applies_to(skill)]

    def to_dict(self) -> dict[str, object]:
        """The JSON form."""
        return {"kind": self.kind, "name": self.name, "choice": self.choice, "summary": self.summary}


_CLUBS, _DIAMONDS, _HEARTS, _SPADES = (s.name for s in Suit)

CONDITIONS: dict[str, str] = {
    "Soft Cover": "[−] to the opponent's Marksmanship",
    "Hard Cover": "[−] to the opponent's Marksmanship; [+] or [++] to Resistance",
    "Stunned": "discard a card",
    "Shy": "[−] to Hearts skills",
    "Frightened": "[−] to Hearts skills",
    "Embarrassed": "[−] to Spades skills",
    "Crushed": "[−] to Spades and Hearts skills",
    "Winded": "(−2) to Clubs skills",
    "Tired": "[−] to Clubs skills, (−2) to Hearts and Diamonds skills",
    "Exhausted": "[−] to Clubs and Diamonds skills",
    "Blasted": "[−] to all skills",
}
"""The text's conditions and what each does (F-12)."""

INJURIES: dict[str, str] = {
    "Niggling": "(−1) to Clubs or Diamonds skills (player's choice)",
    "Minor": "(−2) to (−4) (GM's choice) to Clubs or Diamonds skills (player's choice)",
    "Moderate": "[−] to Clubs and Diamonds skills, except Resistance",
    "Severe": "[−−] to Clubs and Diamonds skills, [−] to Resistance, Card Refresh − 1",
    "Crippling": "[−−] to all skills, Card Refresh set to 1",
    "KO": "Card Refresh set to 0",
}
"""The text's injuries and what each does (F-12)."""

_ALIASES = {"embarassed": "Embarrassed", "softcover": "Soft Cover", "hardcover": "Hard Cover",
            "concealment": "Soft Cover", "knockedout": "KO", "ko": "KO"}


def _key(text: str) -> str:
    return "".join(ch for ch in str(text).lower() if ch.isalnum())


def condition_name(text: str) -> str | None:
    """The listed condition a text names (case-insensitive), or None."""
    key = _key(text)
    for name in CONDITIONS:
        if _key(name) == key:
            return name
    alias = _ALIASES.get(key)
    return alias if alias in CONDITIONS else None


def injury_name(text: str) -> str:
    """The listed injury a text names (``"severe"``, ``"Severe injury"``, ``"KO"``)."""
    key = _key(text).removesuffix("injury")
    for name in INJURIES:
        if _key(name) == key:
            return name
    alias = _ALIASES.get(key)
    if alias in INJURIES:
        return alias
    raise UnknownNameError(f"injury {text!r}", "is not one of the text's injuries", "F-12",
                           f"injuries: {', '.join(INJURIES)}")


def _clubs_or_diamonds(choice: str | None, what: str) -> str:
    if choice is None:
        raise MalformedInputError(what, "the player chooses Clubs or Diamonds when it is taken", "F-12",
                                  'pass choice="Clubs" or choice="Diamonds"')
    try:
        suit = Suit.parse(choice) if isinstance(choice, str) else None
    except MalformedInputError:
        suit = None
    if suit not in (Suit.CLUBS, Suit.DIAMONDS):
        raise MalformedInputError(f"{what} on {choice!r}", "it falls on Clubs or Diamonds skills", "F-12",
                                  'pass choice="Clubs" or choice="Diamonds"')
    return suit.title


def make_condition(name: str, choice: str | int | None = None, card_count: int = 1) -> Affliction:
    """A listed condition as an affliction; Hard Cover needs ``choice`` ``"+"`` or ``"++"`` for Resistance."""
    listed = condition_name(name)
    if listed is None:
        raise UnknownNameError(
            f"condition {name!r}", "is not one of the text's conditions", "F-12",
            f"conditions: {', '.join(CONDITIONS)}; or give skills= and plus/minus/modifier for another",
        )
    summary = CONDITIONS[listed]
    if listed != "Hard Cover" and choice is not None:
        raise MalformedInputError(f"choice {choice!r} for {listed}", "only Hard Cover takes a choice", "F-12",
                                  "leave choice out")
    if listed == "Soft Cover":
        return Affliction("condition", listed, cover=True, summary=summary)
    if listed == "Hard Cover":
        level = {"+": 1, "[+]": 1, "1": 1, "++": 2, "[++]": 2, "2": 2}.get(str(choice).replace(" ", ""))
        if level is None:
            raise MalformedInputError(f"Hard Cover with choice {choice!r}",
                                      "hard cover gives [+] or [++] to Resistance, chosen when taken", "F-12",
                                      'pass choice="+" or choice="++"')
        return Affliction("condition", listed, "[" + "+" * level + "]",
                          (Effect(skills=("Resistance",), advantage=level),), cover=True, summary=summary)
    if listed == "Stunned":
        return Affliction("condition", listed, discard=card_count, summary=summary)
    effects = {
        "Shy": (Effect(suits=(_HEARTS,), advantage=-1),),
        "Frightened": (Effect(suits=(_HEARTS,), advantage=-1),),
        "Embarrassed": (Effect(suits=(_SPADES,), advantage=-1),),
        "Crushed": (Effect(suits=(_SPADES, _HEARTS), advantage=-1),),
        "Winded": (Effect(suits=(_CLUBS,), modifier=-2),),
        "Tired": (Effect(suits=(_CLUBS,), advantage=-1), Effect(suits=(_HEARTS, _DIAMONDS), modifier=-2)),
        "Exhausted": (Effect(suits=(_CLUBS, _DIAMONDS), advantage=-1),),
        "Blasted": (Effect(suits=(ALL,), advantage=-1),),
    }[listed]
    return Affliction("condition", listed, effects=effects, summary=summary)


def make_custom_condition(name: str, skills: Iterable[str], plus: int, minus: int, modifier: int) -> Affliction:
    """A condition of the table's own (``Armor of Ithan``: ``skills=["Resistance"], plus=2``)."""
    if not isinstance(name, str) or not name.strip():
        raise MalformedInputError("condition", "needs a name", "F-12",
                                  'name it, e.g. "local renown" with skills=["Connection"], modifier=3')
    for number, what in ((plus, "plus"), (minus, "minus")):
        if isinstance(number, bool) or not isinstance(number, int) or number < 0:
            raise OutOfRangeError(f"{what}={number!r}", "counts [+] or [−] and cannot be negative", "F-12",
                                  f"give {what} as a whole number 0 or more, e.g. {what}=1")
    if isinstance(modifier, bool) or not isinstance(modifier, int):
        raise MalformedInputError(f"modifier={modifier!r}", "is not a whole number", "F-12",
                                  "give modifier as a whole number, e.g. modifier=3 or modifier=-2")
    if not plus and not minus and not modifier:
        raise MalformedInputError(f"condition {name!r}", "does nothing", "F-12",
                                  "give plus=, minus= or modifier= (not all zero)")
    suits: list[str] = []
    names: list[str] = []
    for item in skills:
        text = str(item).strip()
        if text.lower() in ("all", "all skills"):
            suits.append(ALL)
            continue
        try:
            suits.append(Suit.parse(text).name)
        except MalformedInputError:
            names.append(skill_name(text))
    if not suits and not names:
        raise MalformedInputError(f"condition {name!r}", "names no skills", "F-12",
                                  'give skills=["Resistance"], a suit such as "Clubs", or "all"')
    effect = Effect(suits=tuple(suits), skills=tuple(names), advantage=plus - minus, modifier=modifier)
    scope = ", ".join([s.title() for s in suits] + names)
    return Affliction("condition", str(name).strip(), effects=(effect,),
                      summary=f"{Factor('', plus - minus, modifier).text.strip()} to {scope}")


def make_injury(name: str, choice: str | None = None, amount: int | None = None) -> Affliction:
    """A listed injury; Niggling and Minor need the player's suit ``choice``, Minor the GM's ``amount`` 2–4."""
    listed = injury_name(name)
    summary = INJURIES[listed]
    if listed not in ("Niggling", "Minor") and choice is not None:
        raise MalformedInputError(f"choice {choice!r} for a {listed} injury", "only Niggling and Minor take a choice",
                                  "F-12", "leave choice out")
    if listed != "Minor" and amount is not None:
        raise MalformedInputError(f"amount {amount!r} for a {listed} injury", "only a Minor injury takes an amount",
                                  "F-12", "leave amount out")
    if listed == "Niggling":
        suit = _clubs_or_diamonds(choice, "a Niggling injury")
        return Affliction("injury", listed, suit, (Effect(suits=(suit.upper(),), modifier=-1),), summary=summary)
    if listed == "Minor":
        suit = _clubs_or_diamonds(choice, "a Minor injury")
        if isinstance(amount, bool) or not isinstance(amount, int) or abs(amount) not in (2, 3, 4):
            raise OutOfRangeError(f"Minor injury amount {amount!r}", "the GM chooses −2 to −4", "F-12",
                                  "pass amount=2, 3 or 4 (or −2, −3, −4)")
        return Affliction("injury", listed, f"{suit}, −{abs(amount)}",
                          (Effect(suits=(suit.upper(),), modifier=-abs(amount)),), summary=summary)
    if listed == "Moderate":
        return Affliction("injury", listed, effects=(
            Effect(suits=(_CLUBS, _DIAMONDS), except_skills=("Resistance",), advantage=-1),), summary=summary)
    if listed == "Severe":
        return Affliction("injury", listed, effects=(
            Effect(suits=(_CLUBS, _DIAMONDS), except_skills=("Resistance",), advantage=-2),
            Effect(skills=("Resistance",), advantage=-1)), refresh_delta=-1, summary=summary)
    if listed == "Crippling":
        return Affliction("injury", listed, effects=(Effect(suits=(ALL,), advantage=-2),), refresh_set=1,
                          summary=summary)
    return Affliction("injury", listed, refresh_set=0, summary=summary)


@dataclass(frozen=True)
class RefreshRule:
    """How afflictions set Card Refresh (F-10, F-12)."""

    base: int
    afflictions: tuple[Affliction, ...] = field(default=())

    def value(self) -> int:
        """Card Refresh: KO sets 0, Crippling sets 1, else the base less one per Severe injury."""
        sets = [a.refresh_set for a in self.afflictions if a.refresh_set is not None]
        if sets:
            return min(sets)
        return max(0, self.base + sum(a.refresh_delta for a in self.afflictions))
