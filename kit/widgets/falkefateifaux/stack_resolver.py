"""The stack resolver: set up a FalkeFateiFaux flip, see its exact odds, flip, choose, guide fate.

The set-up pickers become the arguments of ``game.flip``; the game's ``plan_flip`` shows what
they make (net [+]/[−] with every reason, stack size, chooser, tokens to spend) and the odds
module gives the exact chance of success, both redrawn whenever a control changes. After the
flip the stack is shown through the result's own description; when the game awaits a choice or
a hand play (``awaiting``) the resolver offers exactly that step to the character it names —
the flipper at advantage, the opponent at disadvantage, the losing side first when guiding fate
in a contest. Every step is one turn taken through the table session.

At a game with seats (P-1) a player's resolver flips only for that player's own characters
(``actor_picker``); while the game waits for another seat's step, that step's buttons and the
flip button are disabled with the reason beside them, and a hand the seat may not see is shown
as a count of face-down cards. The stack itself is public. The GM may take every step (a
non-player character's among them); a game without seats offers everything to everyone.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets
import traitlets

from kit.core.cards import Card, Suit
from kit.core.errors import RulesError
from kit.falkefateifaux.preview import Preview, choice_preview, guide_preview
from kit.falkefateifaux.results import FlipPlan, FlipResult, worded
from kit.falkefateifaux.rules import degree_of, succeeded
from kit.falkefateifaux.skills import SKILLS, level_name
from kit.render import to_html
from kit.render.distribution import percent
from kit.widgets.card_faces import card_face, in_words, spaced
from kit.widgets.card_row import CardRow
from kit.widgets.common import (
    ErrorLine,
    OddsView,
    attempt,
    held_html,
    labelled_button,
    no_character_words,
    player_seat,
    private_note_html,
    seat_characters,
    seat_html,
    waiting_elsewhere,
    waiting_html,
    waiting_words,
)
from kit.widgets.falkefateifaux.flow import latest_flip
from kit.widgets.session import TableSession
from kit.widgets.shared import fixed, fixed_layout, html

_WIDE = {"description_width": "initial"}
NO_OPPONENT = "(no opponent)"
NO_ADVERB = "(no adverb)"

_PANEL_BUTTONS: dict[str, tuple[tuple[str, str, str, str, str], tuple[str, str, str, str, str]]] = {
    "choose": (("choose_button", "Take the selected card", "Choose the stack's card (F-4)", "kit-choose", "choose"),
               ("leave_button", "Leave the Red Joker", "Do not take the Red Joker (F-5)", "kit-leave-red-joker",
                "leave_red_joker")),
    "guide": (("guide_button", "Play the selected card (guide fate)", "Play one card from hand into the stack (F-8)",
               "kit-guide", "guide"),
              ("pass_button", "Pass (do not guide fate)", "Play no card from hand (F-8)", "kit-pass", "pass_guide")),
}
"""Each panel's two buttons: (attribute, label, tooltip, CSS class, method it calls)."""

class _Panel:
    """A control of a panel built on first use: reading it builds the panel (see ``StackResolver._build_panel``)."""

    def __init__(self, step: str):
        self.step = step
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, resolver: Any, owner: type | None = None) -> Any:
        if resolver is None:
            return self
        resolver._build_panel(self.step)
        return resolver.__dict__[self.name]


def _checkbox(description: str) -> widgets.Checkbox:
    return fixed(widgets.Checkbox, value=False, description=description, indent=False, layout={"width": "auto"})


class StackResolver(widgets.VBox):
    """Set up, flip and resolve a FalkeFateiFaux stack.

    Set-up controls: ``actor_picker``, ``skill_picker`` (typed or picked; its suit and level in
    ``skill_view``, a refusal in ``skill_error``), ``mode_picker`` (``"target"`` or ``"contest"``),
    ``target_input``, ``opponent_picker``, ``against_skill_picker``, ``adverb_picker`` (with
    ``adverb_error``), ``plus_input``, ``minus_input``, ``modifier_input``, ``granted_suit_picker``,
    Fate spends ``boost_box``, ``suit_box``, ``hinder_box`` (with ``spend_error``), the opposing
    side's ``against_adverb_picker``, ``against_boost_box``, ``against_suit_box``,
    ``against_hinder_box``, and ``setup_error`` for anything else. ``plan_view`` shows the game's
    plan, ``odds_view`` the exact odds. ``flip_button`` (with ``flip_error``) flips; ``seat_view``
    beside it says whom the table waits for when a player's seat must wait (P-1).

    Resolving: ``choose_picker`` (a :class:`FacePicker` of the stack's cards), ``choose_button`` and
    ``leave_button`` (leave the Red Joker, F-5) with ``choose_error``; ``guide_picker`` (the awaited
    character's hand), ``guide_button`` and ``pass_button`` with ``guide_error``. Views:
    ``awaiting_view``, ``choose_label`` and ``guide_label`` (who acts and why), ``stack_view`` (the
    latest flip's description, the chosen card marked ▲), ``result_view`` (Success or Failure, band).
    """

    awaiting_action = traitlets.Unicode("", help="What the game awaits now: choose, guide, discard, or empty.")
    awaiting_character = traitlets.Unicode("", help="Who the game awaits, or empty.")
    success_odds = traitlets.Unicode("", help="The exact chance of success of the set-up, as a fraction, or empty.")

    def __init__(self, session: TableSession, actor: str | None = None, **kwargs: Any):
        super().__init__(**kwargs)
        self.session = session
        self._drawing = False
        self.plan: FlipPlan | None = None
        self.add_class("kit-stack-resolver")
        self._build_setup()
        self._build_resolution()
        self._head = (
            html("<h3>Flip a stack</h3>"),
            spaced(self.actor_picker, self.skill_picker, self.skill_view, self.skill_error),
            spaced(self.mode_picker, self.target_input, self.opponent_picker, self.against_skill_picker),
            spaced(self.adverb_picker, self.adverb_error),
            spaced(self.plus_input, self.minus_input, self.modifier_input, self.granted_suit_picker),
            spaced(html("<b>Fate tokens (F-7):</b>"), self.boost_box, self.suit_box, self.hinder_box,
                   self.spend_error),
            self.opposing_box,
            self.setup_error,
            self.plan_view,
            self.odds_view,
            spaced(self.flip_button, self.flip_error, self.seat_view),
            self.awaiting_view,
            self.stack_view,
        )
        self._arrange()
        session.first(self._draw_outcome)
        session.listen(self.refresh)
        self.refresh(None)
        if actor is not None and actor in self.actor_picker.options:
            self.actor_picker.value = actor

    # -- building ---------------------------------------------------------------------------

    def _build_setup(self) -> None:
        self.actor_picker = fixed(widgets.Dropdown, description="Actor", style=_WIDE, layout={"width": "14em"},
                                  own_layout=True)  # hidden when a player's seat has no character
        self.actor_picker.add_class("kit-actor")
        self.skill_picker = fixed(widgets.Combobox, description="Skill", options=list(SKILLS), value="Fisticuffs",
                                  ensure_option=False, placeholder="type or pick a skill",
                                  style=_WIDE, layout={"width": "16em"})
        self.skill_picker.add_class("kit-skill")
        self.skill_view = html()
        self.skill_view.add_class("kit-skill-suit")
        self.skill_error = ErrorLine()
        self.skill_error.add_class("kit-skill-error")
        self.mode_picker = fixed(
            widgets.RadioButtons,
            options=[("Against a target", "target"), ("Contest (opposing skill)", "contest")], value="target",
            description="Flip", style=_WIDE)
        self.mode_picker.add_class("kit-mode")
        self.target_input = fixed(widgets.IntText, value=8, description="Target", style=_WIDE, layout={"width": "10em"},
                                  own_layout=True)
        self.target_input.add_class("kit-target")
        self.opponent_picker = fixed(widgets.Dropdown, description="Opponent", style=_WIDE, layout={"width": "16em"})
        self.opponent_picker.add_class("kit-opponent")
        self.against_skill_picker = fixed(widgets.Combobox, description="Opposing skill", options=list(SKILLS),
                                          value="Athletics", ensure_option=False, style=_WIDE,
                                          layout={"width": "18em"}, own_layout=True)
        self.against_skill_picker.add_class("kit-against-skill")
        self.adverb_picker = fixed(widgets.Dropdown, description="Adverb (one at most)", options=[(NO_ADVERB, "")],
                                   value="", style=_WIDE, layout={"width": "24em", "max_width": "100%"})
        self.adverb_picker.add_class("kit-adverb")
        self.adverb_error = ErrorLine()
        self.adverb_error.add_class("kit-adverb-error")
        self.plus_input = fixed(widgets.BoundedIntText, value=0, min=0, max=6, description="GM [+]", style=_WIDE,
                                layout={"width": "8em"})
        self.minus_input = fixed(widgets.BoundedIntText, value=0, min=0, max=6, description="GM [−]", style=_WIDE,
                                 layout={"width": "8em"})
        self.modifier_input = fixed(widgets.IntText, value=0, description="Modifier", style=_WIDE,
                                    layout={"width": "9em"})
        self.granted_suit_picker = fixed(
            widgets.Dropdown,
            options=[("none", "")] + [(f"{s.symbol} {s.title}", s.title) for s in Suit],
            value="", description="Granted suit (object, free)", style=_WIDE, layout={"width": "20em"})
        self.boost_box = _checkbox("[++] boost")
        self.boost_box.add_class("kit-boost")
        self.suit_box = _checkbox("grant the skill's suit")
        self.suit_box.add_class("kit-grant-suit")
        self.hinder_box = _checkbox("give the opponent [−]")
        self.hinder_box.add_class("kit-hinder")
        self.spend_error = ErrorLine()
        self.spend_error.add_class("kit-spend-error")
        self.against_adverb_picker = fixed(widgets.Dropdown, description="Opponent's adverb",
                                           options=[(NO_ADVERB, "")], value="", style=_WIDE,
                                           layout={"width": "24em", "max_width": "100%"})
        self.against_boost_box = _checkbox("opponent [++] boost")
        self.against_suit_box = _checkbox("opponent grants their skill's suit")
        self.against_hinder_box = _checkbox("opponent gives the actor [−]")
        self._contest_only = widgets.HBox([self.against_adverb_picker, self.against_boost_box, self.against_suit_box],
                                          layout=widgets.Layout(flex_flow="row wrap"))  # its own: shown for a contest
        self.opposing_box = widgets.VBox([html("<b>Opposing side</b>"), self._contest_only,
                                          self.against_hinder_box], layout=fixed_layout())  # never hidden
        self.opposing_box.add_class("kit-opposing")
        self.setup_error = ErrorLine()
        self.setup_error.add_class("kit-setup-error")
        self.plan_view = html()
        self.plan_view.add_class("kit-plan")
        self.odds_view = OddsView()
        self.odds_view.add_class("kit-flip-odds")
        self.flip_button = labelled_button("Flip", "Pay the Fate tokens and flip the stacks (F-4, F-7)", "primary")
        self.flip_button.add_class("kit-flip")
        self.flip_error = ErrorLine()
        self.flip_error.add_class("kit-flip-error")
        self.seat_view = html()
        self.seat_view.add_class("kit-flip-seat")
        self.flip_button.on_click(lambda _: self.flip())
        for control in self.setup_controls:
            control.observe(self._setup_changed, names="value")

    def _build_resolution(self) -> None:
        self.awaiting_view = html()
        self.awaiting_view.add_class("kit-awaiting")
        self.stack_view = html()
        self.stack_view.add_class("kit-stack")
        self.result_view = html()
        self.result_view.add_class("kit-flip-result")
        self._panels: dict[str, widgets.VBox] = {}

    # The choose and guide panels are a stack's controls: each is built the first time the game
    # awaits its step (a stack is pending) or it is asked for from Python, and hidden while no stack
    # waits for it. A table with no stack pending starts without them (fewer widget models to load);
    # the view that answers a flip (``awaiting_view``) is there at once.
    choose_picker = _Panel("choose")
    choose_button = _Panel("choose")
    leave_button = _Panel("choose")
    choose_error = _Panel("choose")
    choose_label = _Panel("choose")
    choose_box = _Panel("choose")
    guide_picker = _Panel("guide")
    guide_button = _Panel("guide")
    pass_button = _Panel("guide")
    guide_error = _Panel("guide")
    guide_label = _Panel("guide")
    guide_box = _Panel("guide")

    def _build_panel(self, step: str, draw: bool = True) -> None:
        """Build the choose or guide panel (hidden), put it in its place and (``draw``) draw the awaited step."""
        if step in self._panels:
            return
        first, second = _PANEL_BUTTONS[step]
        take_name, take_label, take_tip, take_css, take = first
        other_name, other_label, other_tip, other_css, other_act = second
        picker = CardRow(single=True, label="the stack's cards" if step == "choose" else "cards in hand to play")
        picker.add_class(f"kit-{step}-cards")
        button = labelled_button(take_label, take_tip, "primary")
        button.add_class(take_css)
        other = labelled_button(other_label, other_tip, own_layout=step == "choose")  # shown only with a Red Joker
        other.add_class(other_css)
        error = ErrorLine()
        error.add_class(f"kit-{step}-error")
        label = html()
        button.on_click(lambda _: getattr(self, take)())
        other.on_click(lambda _: getattr(self, other_act)())
        button.disabled = other.disabled = True
        self.__dict__.update({f"{step}_picker": picker, take_name: button, other_name: other,
                              f"{step}_error": error, f"{step}_label": label})
        box = widgets.VBox([label, picker, spaced(button, other, error)], layout=widgets.Layout(display="none"))
        self.__dict__[f"{step}_box"] = self._panels[step] = box
        self._arrange()
        awaiting = self.game.awaiting
        if draw and awaiting is not None and awaiting.action == step:
            (self._draw_choose if step == "choose" else self._draw_guide)(awaiting)

    def _arrange(self) -> None:
        panels = tuple(self._panels[step] for step in ("choose", "guide") if step in self._panels)
        self.children = (*self._head, *panels, self.result_view)

    @property
    def setup_controls(self) -> list[widgets.ValueWidget]:
        """Every control whose value is part of the flip's set-up."""
        return [self.actor_picker, self.skill_picker, self.mode_picker, self.target_input, self.opponent_picker,
                self.against_skill_picker, self.adverb_picker, self.plus_input, self.minus_input,
                self.modifier_input, self.granted_suit_picker, self.boost_box, self.suit_box, self.hinder_box,
                self.against_adverb_picker, self.against_boost_box, self.against_suit_box, self.against_hinder_box]

    @property
    def game(self) -> Any:
        """The session's game (re-read each time: a file-backed session replaces it every turn)."""
        return self.session.game

    # -- the set-up as the game's arguments ----------------------------------------------------

    def flip_args(self, *, adverbs: bool = True, spends: bool = True) -> dict[str, Any]:
        """The arguments of ``game.flip`` the controls describe (parts left out to find a refusal's cause)."""
        contest = self.mode_picker.value == "contest"
        opponent = self.opponent_picker.value or None
        args: dict[str, Any] = {"character": self.actor_picker.value, "skill": self.skill_picker.value}
        if not contest:
            args["target"] = self.target_input.value
        if opponent is not None:
            args["against"] = opponent
        if contest:
            args["against_skill"] = self.against_skill_picker.value
        if adverbs:
            if self.adverb_picker.value:
                args["adverb"] = self.adverb_picker.value
            if contest and self.against_adverb_picker.value:
                args["against_adverb"] = self.against_adverb_picker.value
        for name, control in (("plus", self.plus_input), ("minus", self.minus_input),
                              ("modifier", self.modifier_input), ("granted_suit", self.granted_suit_picker)):
            if control.value:
                args[name] = control.value
        if spends:
            for name, box in (("boost", self.boost_box), ("hinder", self.hinder_box)):
                if box.value:
                    args[name] = True
            if self.suit_box.value:
                args["suit"] = True
            if contest and self.against_boost_box.value:
                args["against_boost"] = True
            if contest and self.against_suit_box.value:
                args["against_suit"] = True
            if opponent is not None and self.against_hinder_box.value:
                args["against_hinder"] = True
        return args

    def _setup_changed(self, change: dict[str, Any] | None = None) -> None:
        if self._drawing:
            return
        if change is not None and change["owner"] is self.actor_picker:
            self._fill_adverbs()
        if change is not None and change["owner"] is self.opponent_picker:
            self._fill_against_adverbs()
        if change is not None and change["owner"] is self.mode_picker:
            self._show_mode()
        self._draw_plan()

    def _show_mode(self) -> None:
        """Show the target for a flip against a target, the opposing stack's controls for a contest."""
        contest = self.mode_picker.value == "contest"
        self.target_input.layout.display = "none" if contest else ""
        for control in (self.against_skill_picker, self._contest_only):
            control.layout.display = "" if contest else "none"

    def _fill_adverbs(self) -> None:
        self.adverb_picker.options = self._adverb_options(self.actor_picker.value)
        self.adverb_picker.value = ""

    def _fill_against_adverbs(self) -> None:
        self.against_adverb_picker.options = self._adverb_options(self.opponent_picker.value)
        self.against_adverb_picker.value = ""

    def _adverb_options(self, name: str | None) -> list[tuple[str, str]]:
        """One adverb at most (F-6): a single choice, "no adverb" first (a thumb picks one, not several)."""
        if not name:
            return [(NO_ADVERB, "")]
        character = self.game.character(name)
        return [(NO_ADVERB, "")] + [(f"{adverb} (positive: [+])", adverb) for adverb in character.adverbs] + [
            (f"{character.negative_adverb} (negative: [−], draws two cards)", character.negative_adverb)]

    def _plan(self, **parts: bool) -> FlipPlan:
        return self.game.plan_flip(**self.flip_args(**parts))

    def _draw_plan(self) -> None:
        """Ask the game for the plan (and the odds) of the set-up; a refusal goes beside its control."""
        for line in (self.skill_error, self.adverb_error, self.spend_error, self.setup_error):
            line.clear()
        self.plan = None
        if not self.actor_picker.value:
            self.plan_view.value = f"<i>{escape(no_character_words(self.session))}</i>"
            self.skill_view.value = ""
            self.odds_view.show_text("No odds: no actor.")
            self.success_odds = ""
            return
        try:
            plan = self._plan()
        except RulesError as error:
            self._show_setup_refusal(error)
            self.plan_view.value = ""
            self.odds_view.show_text("No odds for this set-up: it would be refused.")
            self.success_odds = ""
            return
        self.plan = plan
        acting = plan.sides[0]
        suit = Suit.parse(acting.suit)
        self.skill_view.value = (f'<span class="kit-skill-suit">{suit.symbol} {escape(acting.suit)} · '
                                 f"{escape(_level(acting.level))}</span>")
        self.plan_view.value = f'<div aria-live="polite">{to_html(plan.describe())}</div>'
        self._draw_odds(plan)

    def _show_setup_refusal(self, error: RulesError) -> None:
        """Put the refusal beside the control that causes it: the game is asked again with parts left out."""
        self.skill_view.value = ""
        for line, parts in ((self.skill_error, {"adverbs": False, "spends": False}),
                            (self.adverb_error, {"spends": False}),
                            (self.spend_error, {})):
            try:
                self._plan(**parts)
            except RulesError as first:
                line.show(first)
                return
        self.setup_error.show(error)

    def _draw_odds(self, plan: FlipPlan) -> None:
        try:
            from kit.odds import flip_odds
        except ImportError:
            self.odds_view.show_text("Exact odds are not available in this installation.")
            self.success_odds = ""
            return
        args = self.flip_args()
        try:
            odds = flip_odds(self.game, **args)
        except RulesError as error:
            self.odds_view.show_text(f"No odds for this set-up: {error}")
            self.success_odds = ""
            return
        headline = f"Exact chance of success: {odds.success} ({percent(odds.success)})"
        if odds.guided_success is not None:
            headline += f" · guiding fate from hand: {odds.guided_success} ({percent(odds.guided_success)})"
        self.success_odds = str(odds.success)
        succeeds = _success_test(plan)
        self.odds_view.show(odds.distribution, succeeds, label="degree" if plan.contested else "outcome",
                            headline=headline)

    # -- acting --------------------------------------------------------------------------------

    def flip(self) -> Any:
        """Flip with the set-up in the controls (one turn)."""
        args = self.flip_args()
        return attempt(self.flip_error, lambda: self.session.act("flip", **args))

    def _awaited(self, action: str) -> Any:
        awaiting = self.game.awaiting
        return awaiting if awaiting is not None and awaiting.action == action else None

    def choose(self) -> Any:
        """The awaited chooser takes the selected card of the stack (F-4, F-5)."""
        awaiting = self._awaited("choose")
        who = awaiting.character if awaiting else self.actor_picker.value
        card = " ".join(self.choose_picker.selected_codes)
        return attempt(self.choose_error, lambda: self.session.act("choose", character=who, card=card))

    def leave_red_joker(self) -> Any:
        """At disadvantage, leave the Red Joker to the opponent or the lowest card (F-5)."""
        awaiting = self._awaited("choose")
        who = awaiting.character if awaiting else self.actor_picker.value
        return attempt(self.choose_error, lambda: self.session.act("choose", character=who, card=None))

    def guide(self) -> Any:
        """The awaited side plays the selected card from hand into its stack (F-8)."""
        awaiting = self._awaited("guide")
        who = awaiting.character if awaiting else self.actor_picker.value
        card = " ".join(self.guide_picker.selected_codes)
        return attempt(self.guide_error, lambda: self.session.act("guide", character=who, card=card))

    def pass_guide(self) -> Any:
        """The awaited side passes on guiding fate (F-8)."""
        awaiting = self._awaited("guide")
        who = awaiting.character if awaiting else self.actor_picker.value
        return attempt(self.guide_error, lambda: self.session.act("guide", character=who, card=None))

    # -- drawing -------------------------------------------------------------------------------

    def refresh(self, result: Any = None) -> None:
        """Redraw from the game: pickers, plan and odds, the stack and the step the game awaits.

        The actor is one of the characters this seat acts for (P-1); any character may be the opponent.
        """
        names = list(self.game.state.characters)
        actors = seat_characters(self.session, names)
        self._drawing = True
        try:
            with self.hold_sync():
                if list(self.actor_picker.options) != actors:
                    kept = self.actor_picker.value
                    self.actor_picker.options = actors
                    self.actor_picker.value = kept if kept in actors else (actors[0] if actors else None)
                    self._fill_adverbs()
                hidden = "none" if not actors and player_seat(self.session) else None
                if self.actor_picker.layout.display != hidden:
                    self.actor_picker.layout.display = hidden
                opponents = [(NO_OPPONENT, "")] + [(name, name) for name in names]
                if list(self.opponent_picker.options) != opponents:
                    kept = self.opponent_picker.value
                    self.opponent_picker.options = opponents
                    self.opponent_picker.value = kept if kept in names else ""
                    self._fill_against_adverbs()
                self._show_mode()
                self._draw_steps()
                self._draw_seat()
        finally:
            self._drawing = False
        self._draw_plan()

    def _draw_seat(self) -> None:
        """Disable the flip, with the reason beside it: another seat's step, a step still due, no character."""
        reason = waiting_elsewhere(self.session)
        due = self.flip_blocked()
        if reason:
            self.seat_view.value = waiting_html(reason)
        elif due:
            self.seat_view.value = f'<div role="status" class="kit-flip-blocked">{escape(due)}</div>'
        else:
            self.seat_view.value = ""
        self.flip_button.disabled = (bool(reason) or bool(due)
                                     or (player_seat(self.session) and not self.actor_picker.value))

    def flip_blocked(self) -> str:
        """Why no new flip can start now, in words for the table (F-10, F-8); empty when it can."""
        awaiting = self.game.awaiting
        if awaiting is None:
            return ""
        if awaiting.action == "discard":
            return (f"Flip waits: {awaiting.character} must first discard {in_words(awaiting.count)} "
                    f"card{'s' if awaiting.count != 1 else ''} with the hand's Discard button (F-10).")
        step = "choose the stack's card" if awaiting.action == "choose" else "decide whether to guide fate"
        return f"Flip waits: the stack above is still being resolved; {awaiting.character} must {step} first (F-8)."

    def _draw_outcome(self, result: Any = None) -> None:
        """Draw what a turn shows first: the step the game awaits now (the stack and verdict follow).

        A step of a character whose hand this seat may not see is said without its options (the hand).
        """
        awaiting = self.game.awaiting
        if awaiting is not None:
            text = awaiting.text if self.session.may_see(awaiting.character) else waiting_words(self.game)
            self.awaiting_view.value = (f'<div role="status" class="kit-awaiting-step" style="font-weight:bold">'
                                        f"Now: {escape(text)}</div>")
        else:
            self.awaiting_view.value = ""

    def _draw_stack(self) -> None:
        """The latest flip with the chosen card marked, and its verdict once resolved."""
        game = self.game
        flip = latest_flip(game)
        pending = game.state.pending is not None
        if flip is None:
            self.stack_view.value = '<div class="kit-no-stack">No stack flipped yet.</div>'
        else:
            heading = "The stack being resolved" if pending else "The last stack (resolved)"
            shown = seat_html(self.session, flip)  # without a hand this seat may not see (P-5)
            self.stack_view.value = (f'<section aria-label="{heading}"><div><b>{heading}</b> '
                                     f"(▲ marks the chosen card)</div>{shown}</section>")
        self.result_view.value = _result_html(flip) if flip is not None and flip.resolved and not pending else ""

    def _draw_steps(self) -> None:
        self._draw_outcome()
        self._draw_stack()
        game = self.game
        awaiting = game.awaiting
        self.awaiting_action = awaiting.action if awaiting else ""
        self.awaiting_character = awaiting.character if awaiting else ""
        self._draw_choose(awaiting if awaiting and awaiting.action == "choose" else None)
        self._draw_guide(awaiting if awaiting and awaiting.action == "guide" else None)

    def _draw_choose(self, awaiting: Any) -> None:
        if awaiting is None and "choose" not in self._panels:
            return
        self._build_panel("choose", draw=False)
        if awaiting is None:
            self.choose_picker.show_faces([])
            self.choose_label.value = ""
            self.choose_button.disabled = self.leave_button.disabled = True
            self.choose_box.layout.display = "none"
            return
        self.choose_box.layout.display = ""
        codes = [code for code in awaiting.options if code is not None]
        self.choose_picker.show_faces(card_face(Card.parse(code)) for code in codes)
        self.choose_picker.clear()
        _annotate(self.choose_picker, codes, choice_preview(self.game))
        reason = waiting_elsewhere(self.session)
        self.choose_label.value = (f"<div><b>{escape(awaiting.character)} chooses</b> a card of the stack: "
                                   f"{escape(worded(awaiting.why))}</div>"
                                   f"<div class=\"kit-preview-help\">{PREVIEW_HELP}</div>"
                                   f"{waiting_html(reason)}")
        self.choose_picker.set_disabled(bool(reason), "Another seat chooses this card." if reason else "")
        self.choose_button.disabled = bool(reason)
        self.leave_button.disabled = bool(reason) or None not in awaiting.options
        self.leave_button.layout.display = "" if None in awaiting.options else "none"

    def _draw_guide(self, awaiting: Any) -> None:
        if awaiting is None and "guide" not in self._panels:
            return
        self._build_panel("guide", draw=False)
        if awaiting is None:
            self.guide_picker.show_faces([])
            self.guide_label.value = ""
            self.guide_button.disabled = self.pass_button.disabled = True
            self.guide_box.layout.display = "none"
            return
        self.guide_box.layout.display = ""
        reason = waiting_elsewhere(self.session)
        seen = self.session.may_see(awaiting.character)
        hand = [code for code in awaiting.options if code is not None] if seen else []
        self.guide_picker.show_faces(card_face(Card.parse(code)) for code in hand)
        self.guide_picker.clear()
        preview = guide_preview(self.game) if seen else None
        _annotate(self.guide_picker, hand, preview)
        self.guide_picker.set_disabled(bool(reason) or not seen, "Another seat decides this." if reason else "")
        backs = "" if seen else held_html(awaiting.character, len(self.game.hand(awaiting.character))) + \
            private_note_html()
        self.guide_label.value = (f"<div><b>{escape(awaiting.character)} may guide fate</b> with a card from "
                                  f"hand: {escape(worded(awaiting.why))}</div>{_passing_html(preview)}{backs}"
                                  f"{waiting_html(reason)}")
        self.guide_button.disabled = self.pass_button.disabled = bool(reason) or not seen


PREVIEW_HELP = ("Under each card: what it counts for this action, the outcome it gives and the result it "
                "would bring (F-2, F-9); ★ best marks the best card for this side.")


def _annotate(picker: CardRow, codes: list[str], preview: Preview | None) -> None:
    """Write under each shown card what it would give, and mark the best (F-4, F-8, F-9)."""
    if preview is None:
        picker.annotate([])
        return
    notes, best = [], None
    for index, code in enumerate(codes):
        card = preview.of(code)
        notes.append(card.words.removesuffix(" · best") if card else "")
        if card is not None and card.best and best is None:
            best = index
    picker.annotate(notes, best)


def _passing_html(preview: Preview | None) -> str:
    """What passing gives, beside the guide panel's cards; marked when passing is the best choice (F-8)."""
    if preview is None or preview.passing is None:
        return ""
    words = preview.passing.words.removesuffix(" · best").replace("counts", "the stack's card counts", 1)
    mark = " — ★ best: no card in hand does better" if preview.passing.best else ""
    return f'<div class="kit-guide-passing">Passing keeps {escape(words)}{escape(mark)}.</div>'


def _level(level: int) -> str:
    return f"{level_name(level)} {level}"


def _success_test(plan: FlipPlan) -> Callable[[int], bool] | None:
    """Which outcomes (or contest degrees) count as a success, as the rules say (F-9)."""
    if plan.contested:
        return succeeded
    target = plan.target
    if target is None:
        return None
    return lambda outcome: succeeded(degree_of(outcome, target))


def _result_html(flip: FlipResult) -> str:
    """The resolved flip's verdict in words: Success or Failure, the band and the degree."""
    if flip.degree is None:
        return (f'<div class="kit-verdict" role="status"><b>Outcome {flip.outcome}</b> '
                "(no target: the GM reads it)</div>")
    word = "Success" if flip.success else "Failure"
    colour = "#1b5e20" if flip.success else "#8e0000"
    mark = "✔" if flip.success else "✘"
    text = f"{mark} {word} — {flip.band} (degree {flip.degree:+d})"
    if flip.duration_name:
        text += f" — {flip.duration_name}: {flip.duration.text if flip.duration else 'no duration'}"
    return f'<div class="kit-verdict" role="status" style="font-size:1.2em;color:{colour}"><b>{escape(text)}</b></div>'


__all__ = ["StackResolver"]
