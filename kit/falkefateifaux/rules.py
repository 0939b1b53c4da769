"""Pure rule functions: card values, stack size and chooser, the card a stack settles on,
net advantage, degree and band, durations by band.

Nothing here touches a game; the odds layer reuses these to count exact chances.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from kit.core.cards import Card, Suit
from kit.core.errors import MalformedInputError, UnknownNameError

Chooser = Literal["flipper", "opponent", "lowest"]

RED_JOKER_VALUE = 15
"""The Red Joker counts 15 in every suit (F-5)."""


def _suits(granted: Suit | str | Iterable[Suit | str] | None) -> frozenset[Suit]:
    if granted is None:
        return frozenset()
    if isinstance(granted, (Suit, str)):
        return frozenset({Suit.parse(granted)})
    return frozenset(Suit.parse(s) for s in granted)


def in_suit(card: Card, action_suit: Suit, granted_suit: Suit | str | Iterable[Suit | str] | None = None) -> bool:
    """True when a (non-joker) card counts its full rank for this action (F-2).

    A card is in suit when its own suit is the action's suit, or when the stack was granted
    the action's suit (F-7): a granted suit lets every card count as that suit.
    """
    if card.is_joker:
        return card.is_red_joker
    return card.suit is action_suit or action_suit in _suits(granted_suit)


def card_value(card: Card | str, action_suit: Suit | str,
               granted_suit: Suit | str | Iterable[Suit | str] | None = None) -> int:
    """What a card counts for an action (F-2, F-5).

    In suit: 2–10 at face, J 11, Q 12, K 13, A 14. Out of suit: 2–5 count 0, 6 and up
    count rank − 5. The Red Joker counts 15 in every suit; the Black Joker counts 0.
    """
    card = Card.parse(card)
    suit = Suit.parse(action_suit)
    if card.is_black_joker:
        return 0
    if card.is_red_joker:
        return RED_JOKER_VALUE
    assert card.rank is not None
    if in_suit(card, suit, granted_suit):
        return card.rank
    return 0 if card.rank <= 5 else card.rank - 5


def value_reason(card: Card, action_suit: Suit, granted_suit: Iterable[Suit] | Suit | None = None) -> str:
    """Why a card counts what it counts, in words (for results)."""
    value = card_value(card, action_suit, granted_suit)
    if card.is_black_joker:
        return "Black Joker counts 0, no suit (F-5)"
    if card.is_red_joker:
        return "Red Joker counts 15 in every suit (F-5)"
    if card.suit is action_suit:
        return f"{card} counts {value} in suit (F-2)"
    if in_suit(card, action_suit, granted_suit):
        return f"{card} counts {value}: the stack was granted {action_suit.title} (F-2, F-7)"
    return f"{card} counts {value} out of suit (F-2)"


def stack_size(net: int) -> int:
    """How many cards a stack flips for a net advantage ``net`` (F-4): ``|net| + 1``."""
    return abs(net) + 1


def chooser_for(net: int, has_opponent: bool) -> Chooser:
    """Who picks the stack's card (F-4): the flipper at net ≥ 0; at net < 0 the opponent,
    or, with no opponent, the lowest outcome is taken."""
    if net >= 0:
        return "flipper"
    return "opponent" if has_opponent else "lowest"


@dataclass(frozen=True)
class Factor:
    """One reason for [+]/[−] or a modifier: ``Factor("Gloves of Boxing", advantage=1)``.

    ``advantage`` counts pluses (negative for minuses: [−−] is −2); ``modifier`` is added to
    the outcome.
    """

    label: str
    advantage: int = 0
    modifier: int = 0

    @property
    def text(self) -> str:
        """The factor as written in the rules: ``[+] Gloves of Boxing``, ``(-2) Winded``."""
        parts = []
        if self.advantage:
            parts.append("[" + ("+" if self.advantage > 0 else "−") * abs(self.advantage) + "]")
        if self.modifier:
            parts.append(f"({self.modifier:+d})")
        return " ".join([*parts, self.label])

    def to_dict(self) -> dict[str, object]:
        """The JSON form."""
        return {"label": self.label, "advantage": self.advantage, "modifier": self.modifier}


def net_advantage(factors: Iterable[Factor]) -> int:
    """Net advantage n = number of [+] − number of [−] (F-4)."""
    return sum(f.advantage for f in factors)


def total_modifier(factors: Iterable[Factor]) -> int:
    """The sum of every modifier, added to the outcome (F-3)."""
    return sum(f.modifier for f in factors)


@dataclass(frozen=True)
class Pick:
    """The card a stack settles on and why."""

    index: int
    reason: str
    forced: bool = False


def black_joker_index(cards: Sequence[Card]) -> int | None:
    """The position of a Black Joker in the stack, which must be taken (F-5), or None."""
    for i, card in enumerate(cards):
        if card.is_black_joker:
            return i
    return None


def red_joker_index(cards: Sequence[Card]) -> int | None:
    """The position of a Red Joker in the stack, or None."""
    for i, card in enumerate(cards):
        if card.is_red_joker:
            return i
    return None


def choose_card(cards: Sequence[Card], action_suit: Suit, granted_suit: Iterable[Suit] | Suit | None = None,
                *, chooser: Chooser, flipper_takes_red_joker: bool = True) -> Pick:
    """The card a stack settles on when every chooser plays to their side's interest.

    The Black Joker is taken whenever it is present (F-5). Otherwise the flipper takes the
    best card (F-4); at disadvantage the flipper may take the Red Joker (F-5), else the
    opponent takes the worst card for the flipper, as does the rule with no opponent (F-4).
    Ties go to the first card flipped.
    """
    if not cards:
        raise MalformedInputError("choose a card", "the stack is empty", "F-4", "flip at least one card")
    bj = black_joker_index(cards)
    if bj is not None:
        return Pick(bj, "the Black Joker must be taken (F-5)", forced=True)
    values = [card_value(c, action_suit, granted_suit) for c in cards]
    if len(cards) == 1:
        return Pick(0, "the only card in the stack (F-4)", forced=True)
    if chooser == "flipper":
        best = max(range(len(cards)), key=lambda i: (values[i], -i))
        return Pick(best, "the flipper takes the best card (F-4)")
    rj = red_joker_index(cards)
    if rj is not None and flipper_takes_red_joker:
        return Pick(rj, "the flipper takes the Red Joker even at disadvantage (F-5)")
    worst = min(range(len(cards)), key=lambda i: (values[i], i))
    if chooser == "opponent":
        return Pick(worst, "at disadvantage the opponent takes the worst card (F-4)")
    return Pick(worst, "at disadvantage with no opponent the lowest outcome is taken (F-4)", forced=True)


BANDS: tuple[tuple[int, str], ...] = (
    (-11, "Abysmal failure"),
    (-6, "Resounding failure"),
    (-1, "Failure"),
    (0, "Barely a success"),
    (5, "Success"),
    (10, "Resounding success"),
)


def band(degree: int) -> str:
    """The band of a degree (F-9): ≤ −11 Abysmal failure … ≥ 11 Astonishing success."""
    for upper, name in BANDS:
        if degree <= upper:
            return name
    return "Astonishing success"


def degree_of(outcome: int, target: int) -> int:
    """Degree = outcome − target (or − the opponent's outcome) (F-9)."""
    return outcome - target


def succeeded(degree: int) -> bool:
    """Meeting the target succeeds, so a contest tie goes to the acting side (F-9)."""
    return degree >= 0


@dataclass(frozen=True)
class Duration:
    """A length of time given by a band: ``Duration(4, "minute")``."""

    amount: int
    unit: Literal["second", "minute", "hour"]

    @property
    def seconds(self) -> int:
        """The duration in seconds."""
        return self.amount * {"second": 1, "minute": 60, "hour": 3600}[self.unit]

    @property
    def text(self) -> str:
        """``4 minutes``; whole hours are also said in hours: ``60 minutes (1 hour)``."""
        words = f"{self.amount} {self.unit}{'' if self.amount == 1 else 's'}"
        if self.unit == "minute" and self.amount >= 60 and self.amount % 60 == 0:
            hours = self.amount // 60
            words += f" ({hours} hour{'' if hours == 1 else 's'})"
        return words

    def to_dict(self) -> dict[str, object]:
        """The JSON form."""
        return {"amount": self.amount, "unit": self.unit, "seconds": self.seconds, "text": self.text}


@dataclass(frozen=True)
class DurationTable:
    """Durations by band: ``(multiplier, unit)`` for bare success, success, resounding and
    astonishing success; a multiplier of 0 means a fixed 1 unit, otherwise multiplier × N."""

    name: str
    bare: tuple[int, str]
    success: tuple[int, str]
    resounding: tuple[int, str]
    astonishing: tuple[int, str]

    def duration(self, degree: int) -> Duration | None:
        """How long the effect lasts for a degree; None on a failure (F-13)."""
        if degree < 0:
            return None
        name = band(degree)
        multiplier, unit = {
            "Barely a success": self.bare, "Success": self.success,
            "Resounding success": self.resounding, "Astonishing success": self.astonishing,
        }[name]
        amount = 1 if multiplier == 0 else multiplier * degree
        return Duration(amount, unit)  # type: ignore[arg-type]


ARMOR_OF_ITHAN = DurationTable("Armor of Ithan", (0, "second"), (2, "minute"), (10, "minute"), (1, "hour"))
"""Armor of Ithan: 1 second / 2N minutes / 10N minutes / N hours (F-13)."""

DURATIONS: dict[str, DurationTable] = {"armor_of_ithan": ARMOR_OF_ITHAN}
"""Duration tables a flip can name with ``duration=``."""


def duration_table(name: str) -> DurationTable:
    """A duration table by name (``"armor_of_ithan"`` or ``"Armor of Ithan"``)."""
    key = "_".join(str(name).lower().replace("-", " ").split())
    if key not in DURATIONS:
        raise UnknownNameError(f"duration {name!r}", "is not a duration table", "F-13",
                               f"tables: {', '.join(DURATIONS)}")
    return DURATIONS[key]


def armor_of_ithan_duration(degree: int) -> Duration | None:
    """Armor of Ithan's duration for a degree of success (F-13); None on a failure."""
    return ARMOR_OF_ITHAN.duration(degree)
