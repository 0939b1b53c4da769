"""The Tarot hand for Roll-Under: a character's fate cards, spending one after a test, the draw and deals.

The cards are shown by name with their arcana in words (Major, or Minor court or pip), and drawn
as cards in one :class:`~kit.widgets.card_row.CardRow` (Major Arcana set apart with their numeral;
each card named aloud with its arcana; the chosen card raised and marked ✓). Spending
goes through the table session; the game checks the card, the use, the open test and the other
player's consent (R-7), and a refusal is shown beside the spend button.

At a game with seats (P-1) a player's Tarot hand shows and spends only that player's own
characters' cards; every other hand is a count of face-down cards (``others_view``), with the
honest line that the game file still holds every hand, and cards dealt to others are counted,
not named. The GM, and everyone at a game without seats, sees every hand.

The start-of-play draw and the deal are the GM's (``gm_box``, one of the GM sections of
:func:`~kit.widgets.rollunder.combat_sequencer.gm_sections_shown`): shown at a game without seats;
at a game with seats hidden from a player's seat, and from the GM's too, whose GM panel holds both
(a panel shows once). ``gm_sections=True`` shows them to the GM where no GM panel is shown.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets
import traitlets

from kit.core.tarot import TarotCard
from kit.rollunder.fate import USES
from kit.widgets.card_faces import CardFace, tarot_card_face
from kit.widgets.card_row import CardRow
from kit.widgets.common import no_character_words, others_html, player_seat, seat_characters, seat_html
from kit.widgets.component import Component
from kit.widgets.controls import error_line, html_view, labelled_button, picker
from kit.widgets.outbox import send_queued
from kit.widgets.parts import Box, Control, Refusal, View
from kit.widgets.rollunder.combat_sequencer import gm_sections_shown
from kit.widgets.rollunder.view import card_kind, card_powers
from kit.widgets.session import TableSession
from kit.widgets.shared import html

USE_LABELS = {
    "reroll": "Reroll (more rolls, the best stands)",
    "permit": "Permit a test (Major Arcana)",
    "narrative": "Narrative change (Major Arcana, the GM rules)",
}
CHOSEN = "✓ "
"""What marks the chosen card on the page (drawn by the card row beside ``aria-pressed``)."""


def tarot_face(card: TarotCard) -> CardFace:
    """A fate card's face: its label as the card row draws it, named aloud with its arcana in words."""
    face = tarot_card_face(card)
    return CardFace(face.code, face.label, f"{card.name}: {card_kind(card)}", face.red, face.kind)


class TarotHand(Component):
    """One character's fate cards, with spending, the start-of-play draw and the GM's deal.

    The draw and the deal (``gm_box``) show as :func:`gm_sections_shown` says; ``gm_sections``
    overrides the default for the GM.
    """

    CSS = "kit-tarot-hand"

    holder_picker = Control("Whose hand is shown: a hand this seat acts for (P-1).")
    hand_view = View("The hand by name, each card's arcana and powers in words.")
    cards = Control("The hand as cards (a CardRow): one may be selected.")
    selection_view = View("The card selected, with its arcana and powers.")
    test_view = View("The open test a card may change now.")
    use_picker = Control("What the card is spent on: a reroll, permitting a test, a narrative change (R-7).")
    on_picker = Control("The character whose test the card changes.")
    consent_input = Control("The other player's name, when they agree to a card spent on their character (R-7).")
    note_input = Control("What should change (a narrative change).")
    spend_button = Control("Spend the selected card (R-7).")
    spend_error = Refusal("Why spending the card was refused.")
    gm_box = Box("The start-of-play draw and the GM's deal.")
    start_play_button = Control("The start-of-play draw: everyone rolls 1d20, lowest draws first (R-7).")
    deal_button = Control("GM: deal new cards, topping every hand up (R-7).")
    deal_error = Refusal("Why the draw or the deal was refused.")
    others_view = View("The hands a player's seat may not see, as counts and card backs.")
    result_view = View("The latest fate result, this hand's own shown first.")

    selected_card = traitlets.Unicode(None, allow_none=True, help="The name of the chosen card, or None.")
    holder = traitlets.Unicode(None, allow_none=True, help="Whose hand is shown.")

    def __init__(self, session: TableSession, holder: str | None = None, *, gm_sections: bool | None = None,
                 **kwargs: Any):
        super().__init__(session, **kwargs)
        self.gm_sections = gm_sections
        """True or False to show or hide the draw and the deal to the GM; None: as :func:`gm_sections_shown` decides."""
        self._shown: list[Any] = []

        self.holder_picker = picker(widgets.Dropdown, description="Hand of",
                                    own_layout=True)  # hidden when a player's seat has no character
        self.hand_view = html_view("kit-hand-list")
        self.cards = CardRow(single=True, label="fate cards in hand")  # one widget model for the whole hand
        self.cards.add_class("kit-tarot-cards")
        self.cards.on_change(lambda: self._selection_changed(None))
        self.selection_view = html_view("kit-card-selection")
        self.test_view = html_view("kit-open-test")
        self.use_picker = picker(widgets.Dropdown, options=[(USE_LABELS[u], u) for u in USES], value="reroll",
                                 description="Use")
        self.on_picker = picker(widgets.Dropdown, description="On the test of")
        self.consent_input = picker(widgets.Text, description="Consent of player",
                                    placeholder="needed for another player's character")
        self.note_input = picker(widgets.Text, description="Narrative note", placeholder="what should change")
        self.spend_button = labelled_button("Spend selected card", "Spend the chosen fate card", "primary")
        self.spend_button.add_class("kit-spend-card")
        self.spend_error = error_line()
        self.start_play_button = labelled_button("Start-of-play draw", "Everyone rolls 1d20; lowest draws first")
        self.start_play_button.add_class("kit-start-play")
        self.deal_button = labelled_button("GM: deal new cards", "Top every hand up to ceil(Fate / 2) cards")
        self.deal_error = error_line()
        self.result_view = html_view("kit-fate-result")
        self.others_view = html_view("kit-tarot-others")
        self.gm_box = widgets.HBox([self.start_play_button, self.deal_button, self.deal_error])

        self.children = (
            html("<h3>Fate cards (Tarot)</h3>"),
            self.holder_picker,
            self.hand_view,
            self.cards,
            self.selection_view,
            self.test_view,
            widgets.VBox([widgets.HBox([self.use_picker, self.on_picker]),
                          widgets.HBox([self.consent_input, self.note_input]),
                          widgets.HBox([self.spend_button, self.spend_error])]),
            self.gm_box,
            self.others_view,
            self.result_view,
        )
        self.spend_button.on_click(lambda _: self.spend())
        self.start_play_button.on_click(lambda _: self.start_play())
        self.deal_button.on_click(lambda _: self.deal())
        self.holder_picker.observe(self._holder_picked, names="value")
        self.follow(first=self._own_result)
        if holder is not None and holder in self.holder_picker.options:
            self.holder_picker.value = holder

    @property
    def hand(self) -> list[Any]:
        """The cards shown, in hand order."""
        return list(self._shown)

    # -- buttons ---------------------------------------------------------------------------

    def select(self, name: str) -> None:
        """Choose the card called ``name`` (as the game names it)."""
        positions = [i for i, card in enumerate(self._shown) if card.name.casefold() == name.casefold()]
        self.cards.select(*positions[:1])

    def select_codes(self, *codes: str) -> None:
        """Choose the card with this code (a Tarot card's code is its name), as the hand viewer does."""
        self.cards.select_codes(*codes[:1])

    def spend(self) -> Any:
        """Spend the chosen card (R-7); with no card chosen the game is asked to spend none and refuses."""
        args = {"character": self.holder_picker.value, "card": self.selected_card or "",
                "use": self.use_picker.value, "on": self.on_picker.value,
                "consent": self.consent_input.value.strip() or None, "note": self.note_input.value}
        return self.take_turn(self.spend_error, "spend_fate_card", **args)

    def start_play(self) -> Any:
        """The start-of-play draw: everyone rolls 1d20, lowest draws first (R-7)."""
        return self.take_turn(self.deal_error, "start_play")

    def deal(self) -> Any:
        """The GM deals new cards, topping each hand up (R-7)."""
        return self.take_turn(self.deal_error, "deal_fate_cards")

    # -- drawing ---------------------------------------------------------------------------

    def _own_result(self, result: Any) -> None:
        """This hand's own turn (a card spent, a deal) shown as soon as the rules decide it; others' with the redraw."""
        if self.acting:
            self._show_result(result)

    def _show_result(self, result: Any) -> None:
        """The latest turn's result: shown first, as soon as the rules decide it."""
        if result is not None:
            self.result_view.value = f'<div aria-live="polite">{seat_html(self.session, result)}</div>'

    def refresh(self, result: Any = None) -> None:
        """Redraw the hand, the open test and the latest fate result from the game.

        The hands offered are this seat's own (P-1); a card may be spent on anyone's test.
        """
        names = list(self.game.state.characters)
        own = seat_characters(self.session, names)
        self._drawing = True
        try:
            with self.hold_sync():
                self._show_result(result)
                for chooser, options in ((self.holder_picker, own), (self.on_picker, names)):
                    if list(chooser.options) != options:
                        kept = chooser.value
                        chooser.options = options
                        chooser.value = kept if kept in options else (options[0] if options else None)
                hidden = "none" if not own and player_seat(self.session) else None
                if self.holder_picker.layout.display != hidden:
                    self.holder_picker.layout.display = hidden
                shown = None if gm_sections_shown(self.session, self.gm_sections) else "none"
                if self.gm_box.layout.display != shown:
                    self.gm_box.layout.display = shown
                self.spend_button.disabled = player_seat(self.session) and not own
                self.holder = self.holder_picker.value
                self._draw_hand()
                self._draw_others()
                self.test_view.value = self._test_html()
        finally:
            self._drawing = False

    def _holder_picked(self, change: dict[str, Any]) -> None:
        if self._drawing:
            return
        self.holder = change["new"]
        if change["new"] in list(self.on_picker.options):
            self.on_picker.value = change["new"]
        self._draw_hand()

    def _draw_hand(self) -> None:
        holder = self.holder_picker.value
        character = self.game.state.characters.get(holder) if holder else None
        cards = list(character.fate_cards) if character else []
        self._shown = cards
        self.cards.show_faces(tarot_face(card) for card in cards)  # the same cards keep their selection
        self._selection_changed(None)
        if character is None:
            self.hand_view.value = f"<i>{escape(no_character_words(self.session))}</i>"
            return
        items = "".join(f"<li>{escape(card.name)} — {escape(card_kind(card))}: {escape(card_powers(card))}</li>"
                        for card in cards)
        body = f"<ul>{items}</ul>" if cards else "<div>No fate cards in hand.</div>"
        self.hand_view.value = (f'<section aria-label="Fate cards of {escape(character.name)}">'
                                f"<b>{escape(character.name)}</b> ({escape(character.player)}) holds "
                                f"{len(cards)} fate card{'s' if len(cards) != 1 else ''}{body}</section>")

    def _draw_others(self) -> None:
        """The hands this seat may not see: how many fate cards each holds, face down (nothing for the GM)."""
        counts = {name: len(character.fate_cards) for name, character in self.game.state.characters.items()}
        value = others_html(self.session, counts, noun="fate card")
        if self.others_view.value != value:
            self.others_view.value = value

    def _selection_changed(self, change: dict[str, Any] | None) -> None:
        chosen = [index for index in self.cards.selected if index < len(self._shown)]
        if chosen:
            card = self._shown[chosen[0]]
            self.selected_card = card.name
            self.selection_view.value = (f'<div class="kit-selected">Selected: <b>{escape(card.name)}</b> '
                                         f"({escape(card_kind(card))}; {escape(card_powers(card))})</div>")
        else:
            self.selected_card = None
            self.selection_view.value = '<div class="kit-selected">No card selected.</div>'
        if self.cards.picking:
            send_queued()  # a click on a card: the selection line reaches the page at once

    def _test_html(self) -> str:
        record = self.game.open_test()
        if record is None:
            return ('<div class="kit-open-test">No test open to spend a card on: a card is spent right after '
                    "the test it changes.</div>")
        sides = "; ".join(f"{escape(side.character)}: {escape(side.formula)}, rolled "
                          f"{', '.join(map(str, side.rolls))} — {'Success' if side.success else 'Failure'}, "
                          f"degree {side.degree}" for side in record.sides.values())
        return f'<div class="kit-open-test">Latest test (a card may change it now): {sides}</div>'


__all__ = ["TarotHand", "tarot_face"]
