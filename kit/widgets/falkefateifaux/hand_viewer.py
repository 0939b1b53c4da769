"""The hand viewer: one character's hand as card faces, its tokens, and what the hand can do.

Selected cards can be discarded when the game asks for a discard (F-10), trusted to the fates
(four cards, F-11), or kept back at the end of the scene; Mulligan and Preparation cost a Fate
token (F-11). Every action goes through the table session; the game decides and a refusal is
shown beside the button that asked. While this character owes a forced discard (the game's
``awaiting``) the viewer asks for it and offers nothing else.

Guiding fate (F-8) is done in one place: the stack resolver's guide panel, which shows the same
hand with what each card would give. While this hand may guide fate the viewer says so and points
there; it has no Play or Pass of its own.

At a game with seats (P-1) a player's viewer offers only that player's own hands; every other
hand is a count and card backs (``others_view``), with the honest line that the game file still
holds every hand. While the game waits for another seat's step the hand's buttons are disabled
and the prompt says whom the table waits for. Ending the scene is the GM's: at a game with seats
it is in the GM panel the table shows the GM's seat, so the viewer hides its own (from every
seat); at a game without seats the viewer keeps it, and everyone sees and may do everything.

The faces come from a face maker (:func:`~kit.widgets.card_faces.card_face` by
default), so the drawing knows no particular deck.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets
import traitlets

from kit.falkefateifaux.results import worded
from kit.widgets.card_faces import FaceMaker, card_face, in_words
from kit.widgets.card_row import CardRow
from kit.widgets.common import (
    no_character_words,
    others_html,
    player_seat,
    seat_characters,
    seat_html,
    seated,
    waiting_elsewhere,
    waiting_html,
    waiting_words,
)
from kit.widgets.component import Component
from kit.widgets.controls import error_line, html_view, labelled_button, row
from kit.widgets.falkefateifaux.flow import awaited_from
from kit.widgets.outbox import send_queued
from kit.widgets.parts import Box, Control, Refusal, View
from kit.widgets.session import TableSession
from kit.widgets.shared import html


class HandViewer(Component):
    """A FalkeFateiFaux character's hand, tokens and hand actions (see the module for what each does when)."""

    CSS = "kit-hand-viewer"

    character_picker = Control("Whose hand is shown: a hand this seat acts for (P-1).")
    cards = Control("The hand as cards (a CardRow): several may be selected.")
    discard_button = Control("Discard the selected cards, when the game asks for a discard (F-10).")
    discard_error = Refusal("Why a discard was refused.")
    mulligan_button = Control("Mulligan: 1 Fate token, a new hand of as many cards (F-11).")
    prepare_button = Control("Preparation: 1 Fate token, draw two cards (F-11).")
    trust_button = Control("Trust the Fates with four selected cards: a Burning Fate token (F-11).")
    hand_error = Refusal("Why a Mulligan, Preparation or Trust the Fates was refused.")
    end_scene_button = Control("End the scene: discard the selected cards, refresh every hand (F-10, F-11).")
    scene_error = Refusal("Why ending the scene was refused.")
    scene_box = Box("The end of the scene, shown at a game without seats only (see ``scene_shown``).")
    summary_view = View("Cards held against Card Refresh, and the Fate and Burning Fate tokens.")
    prompt_view = View("What the game asks of this hand now (a discard, guiding fate), or whom it waits for.")
    selection_view = View("The cards selected, by name.")
    reasons_view = View("Why the disabled buttons are disabled, written out (phones have no tooltips).")
    others_view = View("The hands a player's seat may not see, as counts and card backs.")
    result_view = View("This hand's latest turn, shown as soon as the rules decide it.")

    character = traitlets.Unicode(None, allow_none=True, help="Whose hand is shown.")
    selected_cards = traitlets.List(traitlets.Unicode(), help="Codes of the selected cards, in hand order.")
    forced_discard = traitlets.Int(0, help="Cards this character must discard before anything else (F-10); 0 if none.")

    def __init__(self, session: TableSession, character: str | None = None, face: FaceMaker = card_face,
                 **kwargs: Any):
        super().__init__(session, **kwargs)
        self.face = face

        self.character_picker = widgets.Dropdown(description="Hand of", style={"description_width": "initial"})
        self.character_picker.add_class("kit-hand-character")
        self.summary_view = html_view("kit-hand-summary")
        self.prompt_view = html_view("kit-hand-prompt")
        self.cards = CardRow(label="cards in hand")  # one widget model for the whole hand, however it grows
        self.cards.add_class("kit-hand-cards")
        self.cards.on_change(self._selection_changed)
        self.selection_view = html_view("kit-hand-selection")

        self.discard_button = labelled_button("Discard selected cards",
                                              "Discard when the hand is over Card Refresh or Stunned (F-10, F-12)",
                                              "warning")
        self.discard_button.add_class("kit-hand-discard")
        self.discard_error = error_line("kit-hand-discard-error")
        self.mulligan_button = labelled_button("Mulligan (1 Fate token)",
                                               "Discard the whole hand and draw as many cards (F-11)")
        self.mulligan_button.add_class("kit-hand-mulligan")
        self.prepare_button = labelled_button("Preparation (1 Fate token: draw 2)",
                                              "Draw two cards; may force a discard (F-11, F-10)")
        self.prepare_button.add_class("kit-hand-prepare")
        self.trust_button = labelled_button("Trust the Fates (4 selected cards)",
                                            "Discard four cards for a Burning Fate token (F-11)")
        self.trust_button.add_class("kit-hand-trust")
        self.hand_error = error_line("kit-hand-error")
        self.end_scene_button = labelled_button("End the scene: discard selected, refresh every hand",
                                                "Everyone discards any cards, then draws up to Card Refresh; "
                                                "Burning Fate tokens vanish (F-10, F-11)")
        self.end_scene_button.add_class("kit-hand-end-scene")
        self.scene_error = error_line("kit-hand-scene-error")
        self.reasons_view = html_view("kit-hand-reasons")
        self._followed: str | None = None
        self.result_view = html_view("kit-hand-result")
        self.others_view = html_view("kit-hand-others")
        self.scene_box = widgets.HBox([self.end_scene_button, self.scene_error],  # its own layout: hidden when seated
                                      layout=widgets.Layout(flex_flow="row wrap", align_items="center"))

        self.children = (
            html("<h3>Hand</h3>"),
            self.character_picker,
            self.summary_view,
            self.prompt_view,
            self.cards,
            self.selection_view,
            row(self.discard_button, self.discard_error),
            row(self.mulligan_button, self.prepare_button, self.trust_button, self.hand_error),
            self.reasons_view,
            self.scene_box,
            self.others_view,
            self.result_view,
        )
        self.discard_button.on_click(lambda _: self.discard())
        self.mulligan_button.on_click(lambda _: self.mulligan())
        self.prepare_button.on_click(lambda _: self.prepare())
        self.trust_button.on_click(lambda _: self.trust_the_fates())
        self.end_scene_button.on_click(lambda _: self.end_scene())
        self.character_picker.observe(self._picked, names="value")
        self.follow(first=self._own_result)
        if character is not None and character in self.character_picker.options:
            self.character_picker.value = character

    @property
    def action_buttons(self) -> list[widgets.Button]:
        """Every button that asks the game for something."""
        return [self.discard_button, self.mulligan_button, self.prepare_button, self.trust_button,
                self.end_scene_button]

    @property
    def scene_shown(self) -> bool:
        """Whether the viewer shows the end of the scene: only at a game without seats.

        At a game with seats a player may not end the scene, and the GM does it in the GM panel the
        table shows the GM's seat, so it shows once, not in two places.
        """
        return not seated(self.session)

    # -- selecting and acting ----------------------------------------------------------------

    def select(self, *codes: str) -> None:
        """Select these cards of the hand by code (``"4H"``; repeat a code for two copies)."""
        self.cards.select_codes(*codes)

    def _own_result(self, result: Any) -> None:
        """Show this viewer's own turn as soon as the rules decide it (before the turn is written)."""
        if self.acting:
            self.result_view.value = f'<div aria-live="polite">{seat_html(self.session, result)}</div>'

    def discard(self) -> Any:
        """Discard the selected cards (a discard the game asks for, F-10)."""
        return self.take_turn(self.discard_error, "discard", character=self.character, cards=list(self.selected_cards))

    def mulligan(self) -> Any:
        """Mulligan: 1 Fate token, a new hand of as many cards (F-11)."""
        return self.take_turn(self.hand_error, "mulligan", character=self.character)

    def prepare(self) -> Any:
        """Preparation: 1 Fate token, draw two cards (F-11)."""
        return self.take_turn(self.hand_error, "prepare", character=self.character)

    def trust_the_fates(self) -> Any:
        """Trust the Fates with the four selected cards: a Burning Fate token (F-11)."""
        return self.take_turn(self.hand_error, "trust_the_fates", character=self.character,
                              cards=list(self.selected_cards))

    def end_scene(self) -> Any:
        """End the scene: this character discards the selected cards, then every hand refreshes (F-10, F-11)."""
        discards = {self.character: list(self.selected_cards)} if self.selected_cards and self.character else None
        return self.take_turn(self.scene_error, "end_scene", discards=discards)

    # -- drawing -----------------------------------------------------------------------------

    def refresh(self, result: Any = None) -> None:
        """Redraw from the game: the character list, the hand, tokens, what is asked of this hand.

        The list holds the hands this seat acts for (P-1); the others are drawn as counts.
        """
        names = seat_characters(self.session, self.game.state.characters)
        self._drawing = True
        try:
            with self.hold_sync():
                if list(self.character_picker.options) != names:
                    kept = self.character_picker.value
                    self.character_picker.options = names
                    self.character_picker.value = kept if kept in names else (names[0] if names else None)
                self._follow(names)
                hidden = "none" if not names and player_seat(self.session) else None
                if self.character_picker.layout.display != hidden:
                    self.character_picker.layout.display = hidden
                display = None if self.scene_shown else "none"
                if self.scene_box.layout.display != display:
                    self.scene_box.layout.display = display
                self._draw()
                self._draw_others()
        finally:
            self._drawing = False

    def _follow(self, names: list[str]) -> None:
        """Show the hand the game waits for (a discard, guiding fate) when this seat holds it (P-4).

        The viewer turns to that character once, when the game starts waiting for it; a hand picked
        by hand afterwards stays picked.
        """
        awaiting = self.game.awaiting
        wanted = awaiting.character if awaiting is not None and awaiting.action in ("discard", "guide") else None
        if wanted != self._followed:
            self._followed = wanted
            if wanted in names and self.character_picker.value != wanted:
                self.character_picker.value = wanted

    def _draw_others(self) -> None:
        """The hands this seat may not see: how many cards each holds, face down (nothing for the GM)."""
        counts = {name: len(character.hand) for name, character in self.game.state.characters.items()}
        value = others_html(self.session, counts)
        if self.others_view.value != value:
            self.others_view.value = value

    def _picked(self, change: dict[str, Any]) -> None:
        if not self._drawing:
            with self.hold_sync():
                self._draw()

    def _draw(self) -> None:
        name = self.character_picker.value
        self.character = name
        character = self.game.character(name) if name else None
        hand = list(character.hand) if character else []
        self.cards.show_faces(self.face(card) for card in hand)
        self._selection_changed()
        if character is None:
            self.summary_view.value = f"<i>{escape(no_character_words(self.session))}</i>"
            self.prompt_view.value = ""
            self.reasons_view.value = ""
            self.forced_discard = 0
            for button in self.action_buttons:
                button.disabled = True
            return
        self.summary_view.value = (
            f'<section aria-label="Hand of {escape(character.name)}"><b>{escape(character.name)}</b> holds '
            f"{len(hand)} of {character.refresh} cards (Card Refresh {character.refresh}) · "
            f"Fate tokens: {in_words(character.fate)} · Burning Fate tokens: {in_words(character.burning)}"
            + ("" if character.in_control else " · not in control") + "</section>")
        self._draw_prompt(character, len(hand))

    def _draw_prompt(self, character: Any, held: int) -> None:
        game = self.game
        discard = awaited_from(game, character.name, "discard")
        guide = awaited_from(game, character.name, "guide")
        elsewhere = waiting_elsewhere(self.session)  # a player's seat while the game waits for another seat
        self.forced_discard = discard.count if discard else 0
        if discard is not None:
            plural = "s" if discard.count != 1 else ""
            self.prompt_view.value = (
                f'<div role="alert" class="kit-forced-discard" style="font-weight:bold;color:#8a5a00">'
                f"Discard {discard.count} card{plural}: hand {held} of {character.refresh}</div>"
                f"<div>{escape(worded(discard.why))}. Select the cards, then “Discard selected cards”.</div>")
        elif guide is not None:
            self.prompt_view.value = (
                f'<div role="status" class="kit-guide-prompt"><b>{escape(character.name)} may guide fate</b> '
                "— guide fate in the stack resolver (“Flip a stack”): pick one of these cards there, where each "
                "says what it would give, and press “Play the selected card”, or press “Pass”. "
                f"{escape(worded(guide.why))}</div>")
        elif elsewhere:
            self.prompt_view.value = waiting_html(elsewhere)
        elif game.awaiting is not None and not self.session.may_see(game.awaiting.character):
            self.prompt_view.value = f'<div role="status">{escape(waiting_words(game))}</div>'  # not their options
        elif game.awaiting is not None:
            self.prompt_view.value = f'<div role="status">Waiting: {escape(game.awaiting.text)}</div>'
        else:
            self.prompt_view.value = ""
        for button in self.action_buttons:
            button.disabled = bool(elsewhere) or (discard is not None and button is not self.discard_button)
        reasons = [] if elsewhere else self._reasons(character, discard)
        self.reasons_view.value = ("" if not reasons else '<ul class="kit-disabled-reasons" style="margin:0.2em 0">'
                                   + "".join(f"<li>{escape(reason)}</li>" for reason in reasons) + "</ul>")

    def _reasons(self, character: Any, discard: Any) -> list[str]:
        """Disable what cannot apply now and say why beside the buttons (F-10, F-11)."""
        game = self.game
        reasons = []
        if discard is None:
            self.discard_button.disabled = True
            reasons.append(f"Discard: no discard is due — {character.name}'s hand is within Card Refresh (F-10).")
        else:
            reasons.append(f"Only Discard for now: {character.name} discards before anything else happens (F-10).")
        if discard is None and game.state.pending is not None:
            for button in (self.mulligan_button, self.prepare_button, self.trust_button):
                button.disabled = True
            reasons.append("Mulligan, Preparation and Trust the Fates wait until the stack is resolved (F-11).")
        elif discard is None and game.awaiting is not None and game.awaiting.action == "discard":
            for button in (self.mulligan_button, self.prepare_button, self.trust_button):
                button.disabled = True
            reasons.append(f"Hand actions wait: {game.awaiting.character} must discard first (F-10).")
        return reasons

    def _selection_changed(self) -> None:
        codes = self.cards.selected_codes
        self.selected_cards = codes
        if not codes:
            self.selection_view.value = '<div class="kit-selected">No card selected.</div>'
            return
        faces = [self.cards.faces[i] for i in self.cards.selected]
        names = ", ".join(f"{escape(f.label)} ({escape(f.name)})" for f in faces)
        self.selection_view.value = (f'<div class="kit-selected">Selected {len(codes)} '
                                     f"card{'s' if len(codes) != 1 else ''}: {names}</div>")
        if self.cards.picking:
            send_queued()  # a click on a card: the selection line reaches the page before the ✓ on the card


__all__ = ["HandViewer"]
