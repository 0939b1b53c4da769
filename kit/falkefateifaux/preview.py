"""What each card would give: the choice of a stack's card and guiding fate, previewed (F-2, F-4, F-8, F-9).

When the table waits for a side to choose its stack's card (F-4) or to decide whether to guide
fate (F-8), :func:`choice_preview` and :func:`guide_preview` say, per card on offer, what it
would count for this action, the side's outcome with it, and the degree and band the flip's
acting side would stand at (F-9) — against the target, or against the other side's card as it
stands now. The card best for the deciding side is marked. Nothing here changes the game: the
numbers come from the rules' own functions (``card_value``, ``choose_card``, ``band``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kit.core.cards import Card
from kit.falkefateifaux.rules import band, card_value, choose_card, degree_of, succeeded
from kit.falkefateifaux.state import PendingFlip, Side


@dataclass(frozen=True)
class CardPreview:
    """One card on offer and what taking (or playing) it would give.

    ``code`` is the card (``"QC"``; ``""`` for passing on guiding fate), ``value`` what the card
    the side would settle on counts (F-2), ``outcome`` the side's outcome with it (F-3).
    ``degree``, ``band`` and ``success`` are the acting side's result (F-9) as the flip stands
    (``None`` while the other side of a contest has no card yet, or with no target). ``best``
    marks the card best for the side that decides.
    """

    code: str
    value: int
    outcome: int
    degree: int | None
    band: str | None
    success: bool | None
    best: bool = False

    @property
    def words(self) -> str:
        """The preview in plain words: ``counts 12 · outcome 18 · Success (+4)``."""
        text = f"counts {self.value} · outcome {self.outcome}"
        if self.band is not None and self.degree is not None:
            text += f" · {self.band} ({self.degree:+d})"
        return text + (" · best" if self.best else "")


@dataclass(frozen=True)
class Preview:
    """The previews of one awaited step: who decides, the step, each card, and passing (guide only)."""

    character: str
    action: str
    cards: tuple[CardPreview, ...]
    passing: CardPreview | None = None

    def of(self, code: str) -> CardPreview | None:
        """The preview of the card with this code, or None."""
        code = Card.parse(code).code
        return next((card for card in self.cards if card.code == code), None)

    @property
    def best(self) -> CardPreview | None:
        """The card marked best, or None when passing is at least as good (guide) or nothing is on offer."""
        return next((card for card in self.cards if card.best), None)


def _side_outcome(side: Side, cards: list[Card], index: int) -> tuple[int, int]:
    value = card_value(cards[index], side.suit, side.granted)
    return value, value + side.level + side.modifier


def _other_outcome(pending: PendingFlip, side: Side) -> int | None:
    """The other side's outcome as it stands (its chosen card), or None."""
    for other in pending.sides:
        if other is not side and other.chosen is not None:
            return card_value(other.cards[other.chosen].card, other.suit, other.granted) + other.level + other.modifier
    return None


def _result(pending: PendingFlip, side: Side, outcome: int) -> tuple[int | None, str | None, bool | None]:
    """The acting side's degree, band and success if ``side`` ends on ``outcome`` (F-9)."""
    if pending.contested:
        other = _other_outcome(pending, side)
        if other is None:
            return None, None, None
        degree = outcome - other if side.role == "acting" else other - outcome
    elif pending.target is not None:
        degree = degree_of(outcome, pending.target)
    else:
        return None, None, None
    return degree, band(degree), succeeded(degree)


def _preview(pending: PendingFlip, side: Side, code: str, cards: list[Card], index: int) -> CardPreview:
    value, outcome = _side_outcome(side, cards, index)
    degree, name, success = _result(pending, side, outcome)
    return CardPreview(code, value, outcome, degree, name, success)


def _marked(previews: list[CardPreview], best_index: int | None) -> tuple[CardPreview, ...]:
    return tuple(CardPreview(p.code, p.value, p.outcome, p.degree, p.band, p.success, i == best_index)
                 for i, p in enumerate(previews))


def choice_preview(game: Any) -> Preview | None:
    """Each card the awaited chooser may take for the stack, and what it would give (F-4, F-5, F-9).

    The flipper's best card is the one of highest outcome; an opponent choosing at the flipper's
    disadvantage is best served by the lowest. None when the game awaits no choice.
    """
    awaiting = game.awaiting
    pending = game.state.pending
    if awaiting is None or awaiting.action != "choose" or pending is None:
        return None
    side = next(s for s in pending.sides if s.chosen is None)
    cards = [sc.card for sc in side.cards]
    previews = []
    for code in awaiting.options:
        if code is None:
            continue
        index = next(i for i, card in enumerate(cards) if card.code == code)
        previews.append(_preview(pending, side, code, cards, index))
    if not previews:
        return Preview(awaiting.character, "choose", ())
    own = awaiting.character == side.character
    if own:
        best = max(range(len(previews)), key=lambda i: (previews[i].outcome, -i))
    else:
        best = min(range(len(previews)), key=lambda i: (previews[i].outcome, i))
    return Preview(awaiting.character, "choose", _marked(previews, best))


def guide_preview(game: Any) -> Preview | None:
    """Each card of the awaited side's hand played into its stack, and passing (F-8, F-5, F-9).

    A played card joins the stack and the side chooses again among all its cards: the preview
    takes the card the side would settle on (the best; the Black Joker forced). The best card is
    marked only when it beats passing. None when the game awaits no guiding of fate.
    """
    awaiting = game.awaiting
    pending = game.state.pending
    if awaiting is None or awaiting.action != "guide" or pending is None:
        return None
    side = next(s for s in pending.sides if s.character == awaiting.character)
    stack = [sc.card for sc in side.cards]
    assert side.chosen is not None
    passing = _preview(pending, side, "", stack, side.chosen)
    previews = []
    for code in awaiting.options:
        if code is None:
            continue
        cards = [*stack, Card.parse(code)]
        pick = choose_card(cards, side.suit, side.granted, chooser="flipper")
        previews.append(_preview(pending, side, code, cards, pick.index))
    best = max(range(len(previews)), key=lambda i: (previews[i].outcome, -i)) if previews else None
    if best is not None and previews[best].outcome <= passing.outcome:
        best = None
    marked = _marked(previews, best)
    passing = CardPreview("", passing.value, passing.outcome, passing.degree, passing.band, passing.success,
                          best is None)
    return Preview(awaiting.character, "guide", marked, passing)


__all__ = ["CardPreview", "Preview", "choice_preview", "guide_preview"]
