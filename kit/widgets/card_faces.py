"""Card faces for pickers: what a card shows at a glance and what it is called aloud.

The face layer knows two kinds of card — playing cards (suit symbol and colour, rank, the two
jokers set apart) and Tarot cards (name, arcana) — and turns each into a :class:`CardFace`.
Everything that draws cards (:class:`FacePicker`, the hand viewer, the stack resolver) works
from faces only, so the same components show either deck.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from kit.core.cards import Card
from kit.core.tarot import TarotCard
from kit.widgets.common import CardPicker

CHOSEN_MARK = "✓ "
"""Put before a selected card's label, so the selection is never shown by colour alone."""


@dataclass(frozen=True)
class CardFace:
    """One card as a picker shows it.

    ``code`` is what the game reads back, ``label`` the short text on the face, ``name`` the
    spoken name (tooltip and aria-label), ``red`` the ink, ``kind`` a word for cards that look
    different from the rest (``"joker"``, ``"major"``; empty for ordinary cards).
    """

    code: str
    label: str
    name: str
    red: bool = False
    kind: str = ""


def playing_card_face(card: Card) -> CardFace:
    """``4♥`` in red named "Four of Hearts"; the jokers read ``★ Red Joker`` / ``★ Black Joker``."""
    if card.is_joker:
        return CardFace(card.code, f"★ {card.name}", card.name, card.is_red, "joker")
    return CardFace(card.code, str(card), card.name, card.is_red)


def tarot_card_face(card: TarotCard) -> CardFace:
    """A Tarot card by name; a Major Arcanum carries its numeral and is set apart."""
    if card.is_major:
        return CardFace(card.code, f"✦ {card.numeral} {card.name}", f"{card.name}: Major Arcana {card.numeral}",
                        False, "major")
    return CardFace(card.code, card.name, f"{card.name}: Minor Arcana", False)


FaceMaker = Callable[[Any], CardFace]


def card_face(card: Any) -> CardFace:
    """The face of a playing card, a Tarot card, or a card code (read as a playing card)."""
    if isinstance(card, TarotCard):
        return tarot_card_face(card)
    if isinstance(card, str):
        card = Card.parse(card)
    if isinstance(card, Card):
        return playing_card_face(card)
    name = str(getattr(card, "name", card))
    return CardFace(str(getattr(card, "code", card)), str(card), name, bool(getattr(card, "is_red", False)))


class FacePicker(CardPicker):
    """A :class:`CardPicker` fed with :class:`CardFace` values: selected cards carry a ✓ in their label,
    special cards (jokers, Major Arcana) get a class of their own, and selections read as card codes."""

    def __init__(self, single: bool = False, spare: int = 0, **kwargs: Any):
        super().__init__(single=single, spare=spare, **kwargs)
        self.faces: list[CardFace] = []

    def show_faces(self, faces: Iterable[CardFace]) -> None:
        """Show these faces, none selected; the same faces already shown keep their selection."""
        faces = list(faces)
        if faces == self.faces and len(self.toggles) == len(faces):
            return
        self.faces = faces
        cards = []
        for face in faces:
            classes = ("kit-card", "kit-card-face", f"kit-card-{face.code.lower().replace(' ', '-')}")
            cards.append((face.label, face.name, classes + ((f"kit-card-{face.kind}",) if face.kind else ()),
                          {"text_color": "#b00020" if face.red else "#111", "font_size": "1.15em",
                           "text_decoration": "underline" if face.kind else None}))
        self._show(cards)
        self._changed()

    def _mark_selection(self) -> None:
        chosen = set(self.selected)
        for index, (toggle, face) in enumerate(zip(self.toggles, self.faces, strict=True)):
            label = f"{CHOSEN_MARK}{face.label}" if index in chosen else face.label
            if toggle.description != label:
                toggle.description = label

    @property
    def selected_codes(self) -> list[str]:
        """The codes of the selected cards, in the order shown."""
        return [self.faces[index].code for index in self.selected]

    def select_codes(self, *codes: str) -> None:
        """Select one shown card per code given (repeat a code to select two copies)."""
        self.select(*positions_of(self.faces, codes))

    def set_disabled(self, disabled: bool) -> None:
        """Let the cards be picked, or not."""
        for toggle in self.toggles:
            toggle.disabled = disabled


def positions_of(faces: Sequence[CardFace], codes: Iterable[str]) -> list[int]:
    """Where one shown face per code given is (a code given twice names two copies), in the order shown."""
    wanted = [code.upper() for code in codes]
    positions = []
    for index, face in enumerate(faces):
        if face.code.upper() in wanted:
            wanted.remove(face.code.upper())
            positions.append(index)
    return positions


NUMBER_WORDS = ("none", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
                "nineteen", "twenty")


def in_words(count: int) -> str:
    """A count in words and figures: ``three (3)``, ``none (0)``."""
    word = NUMBER_WORDS[count] if 0 <= count < len(NUMBER_WORDS) else str(count)
    return f"{word} ({count})"
