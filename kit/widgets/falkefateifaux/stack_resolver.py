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
from kit.widgets.card_faces import card_face, in_words
from kit.widgets.card_row import CardRow
from kit.widgets.common import (
    OddsView,
    held_html,
    no_character_words,
    player_seat,
    private_note_html,
    seat_characters,
    seat_html,
    waiting_elsewhere,
    waiting_html,
    waiting_words,
)
from kit.widgets.component import Component
from kit.widgets.controls import checkbox, error_line, html_view, labelled_button, picker, row
from kit.widgets.falkefateifaux.flow import latest_flip
from kit.widgets.parts import Box, Control, Refusal, View
from kit.widgets.session import TableSession
from kit.widgets.shared import fixed_layout, html

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

class StackResolver(Component):
    """Set up, flip and resolve a FalkeFateiFaux stack (see the module for what each step does when).

    The choose and guide panels are a stack's controls: each is made the first time the game
    awaits its step (a stack is pending) or one of its parts is read from Python, and hidden while
    no stack waits for it. A table with no stack pending starts without them (fewer widget models
    to load); the view that answers a flip (``awaiting_view``) is there at once.
    """

    CSS = "kit-stack-resolver"

    actor_picker = Control("Who flips: a character this seat acts for (P-1).")
    skill_picker = Control("The skill flipped, typed or picked.")
    skill_view = View("The skill's suit and level.")
    skill_error = Refusal("Why the skill is refused.")
    mode_picker = Control("Against a target, or a contest against the opponent's skill.")
    target_input = Control("The target number (a flip against a target).")
    opponent_picker = Control("The opponent, if any: any character at the table.")
    against_skill_picker = Control("The opponent's skill (a contest).")
    adverb_picker = Control("One adverb at most: positive [+], or the negative one [−] (F-6).")
    adverb_error = Refusal("Why the adverb is refused.")
    plus_input = Control("The GM's [+].")
    minus_input = Control("The GM's [−].")
    modifier_input = Control("A modifier on the outcome.")
    granted_suit_picker = Control("A suit an object grants for free.")
    boost_box = Control("Spend a Fate token: [++] boost (F-7).")
    suit_box = Control("Spend a Fate token: grant the skill's suit (F-7).")
    hinder_box = Control("Spend a Fate token: give the opponent [−] (F-7).")
    spend_error = Refusal("Why a Fate spend is refused.")
    against_adverb_picker = Control("The opposing side's adverb (a contest).")
    against_boost_box = Control("The opposing side spends a Fate token on [++] boost (a contest).")
    against_suit_box = Control("The opposing side grants their skill's suit (a contest).")
    against_hinder_box = Control("The opposing side gives the actor [−].")
    opposing_box = Box("The opposing side's choices.")
    setup_error = Refusal("Why the set-up is refused, where no single control causes it.")
    plan_view = View("The game's plan of the set-up: net [+]/[−] with every reason, stack size, chooser, tokens.")
    odds_view = View("The exact odds of the set-up.")
    flip_button = Control("Flip: pay the Fate tokens and flip the stacks (F-4, F-7).")
    flip_error = Refusal("Why the flip was refused.")
    seat_view = View("Why Flip is disabled: whom the table waits for, or the step still due.")
    awaiting_view = View("The step the game awaits now, shown first after every turn.")
    stack_view = View("The latest flip's stacks, the chosen card marked ▲.")
    result_view = View("The resolved flip's verdict: Success or Failure, its band and degree.")
    choose_picker = Control("The stack's cards to choose from (one at a time).", made_by="_make_choose")
    choose_button = Control("Take the selected card of the stack (F-4).", made_by="_make_choose")
    leave_button = Control("Leave the Red Joker (F-5); shown only with a Red Joker in the stack.",
                           made_by="_make_choose")
    choose_error = Refusal("Why the choice was refused.", made_by="_make_choose")
    choose_label = View("Who chooses and why, what each card would give.", made_by="_make_choose")
    choose_box = Box("The choose panel, shown while the game awaits a choice.", made_by="_make_choose")
    guide_picker = Control("The awaited character's hand, to play one card from (one at a time).",
                           made_by="_make_guide")
    guide_button = Control("Play the selected card into the stack: guide fate (F-8).", made_by="_make_guide")
    pass_button = Control("Pass: play no card from hand (F-8).", made_by="_make_guide")
    guide_error = Refusal("Why guiding fate was refused.", made_by="_make_guide")
    guide_label = View("Who may guide fate and why, what passing keeps.", made_by="_make_guide")
    guide_box = Box("The guide panel, shown while the game awaits guiding fate.", made_by="_make_guide")

    awaiting_action = traitlets.Unicode("", help="What the game awaits now: choose, guide, discard, or empty.")
    awaiting_character = traitlets.Unicode("", help="Who the game awaits, or empty.")
    success_odds = traitlets.Unicode("", help="The exact chance of success of the set-up, as a fraction, or empty.")

    def __init__(self, session: TableSession, actor: str | None = None, **kwargs: Any):
        super().__init__(session, **kwargs)
        self.plan: FlipPlan | None = None
        self._build_setup()
        self._build_resolution()
        self._head = (
            html("<h3>Flip a stack</h3>"),
            row(self.actor_picker, self.skill_picker, self.skill_view, self.skill_error),
            row(self.mode_picker, self.target_input, self.opponent_picker, self.against_skill_picker),
            row(self.adverb_picker, self.adverb_error),
            row(self.plus_input, self.minus_input, self.modifier_input, self.granted_suit_picker),
            row(html("<b>Fate tokens (F-7):</b>"), self.boost_box, self.suit_box, self.hinder_box, self.spend_error),
            self.opposing_box,
            self.setup_error,
            self.plan_view,
            self.odds_view,
            row(self.flip_button, self.flip_error, self.seat_view),
            self.awaiting_view,
            self.stack_view,
        )
        self._arrange()
        self.follow(first=self._draw_outcome)
        if actor is not None and actor in self.actor_picker.options:
            self.actor_picker.value = actor

    # -- building ---------------------------------------------------------------------------

    def _build_setup(self) -> None:
        self.actor_picker = picker(widgets.Dropdown, description="Actor", layout={"width": "14em"},
                                   own_layout=True)  # hidden when a player's seat has no character
        self.actor_picker.add_class("kit-actor")
        self.skill_picker = picker(widgets.Combobox, description="Skill", options=list(SKILLS), value="Fisticuffs",
                                   ensure_option=False, placeholder="type or pick a skill", layout={"width": "16em"})
        self.skill_picker.add_class("kit-skill")
        self.skill_view = html_view("kit-skill-suit")
        self.skill_error = error_line("kit-skill-error")
        self.mode_picker = picker(
            widgets.RadioButtons,
            options=[("Against a target", "target"), ("Contest (opposing skill)", "contest")], value="target",
            description="Flip")
        self.mode_picker.add_class("kit-mode")
        self.target_input = picker(widgets.IntText, value=8, description="Target", layout={"width": "10em"},
                                   own_layout=True)
        self.target_input.add_class("kit-target")
        self.opponent_picker = picker(widgets.Dropdown, description="Opponent", layout={"width": "16em"})
        self.opponent_picker.add_class("kit-opponent")
        self.against_skill_picker = picker(widgets.Combobox, description="Opposing skill", options=list(SKILLS),
                                           value="Athletics", ensure_option=False, layout={"width": "18em"},
                                           own_layout=True)
        self.against_skill_picker.add_class("kit-against-skill")
        self.adverb_picker = picker(widgets.Dropdown, description="Adverb (one at most)", options=[(NO_ADVERB, "")],
                                    value="", layout={"width": "24em", "max_width": "100%"})
        self.adverb_picker.add_class("kit-adverb")
        self.adverb_error = error_line("kit-adverb-error")
        self.plus_input = picker(widgets.BoundedIntText, value=0, min=0, max=6, description="GM [+]",
                                 layout={"width": "8em"})
        self.minus_input = picker(widgets.BoundedIntText, value=0, min=0, max=6, description="GM [−]",
                                  layout={"width": "8em"})
        self.modifier_input = picker(widgets.IntText, value=0, description="Modifier", layout={"width": "9em"})
        self.granted_suit_picker = picker(
            widgets.Dropdown,
            options=[("none", "")] + [(f"{s.symbol} {s.title}", s.title) for s in Suit],
            value="", description="Granted suit (object, free)", layout={"width": "20em"})
        self.boost_box = checkbox("[++] boost")
        self.boost_box.add_class("kit-boost")
        self.suit_box = checkbox("grant the skill's suit")
        self.suit_box.add_class("kit-grant-suit")
        self.hinder_box = checkbox("give the opponent [−]")
        self.hinder_box.add_class("kit-hinder")
        self.spend_error = error_line("kit-spend-error")
        self.against_adverb_picker = picker(widgets.Dropdown, description="Opponent's adverb",
                                            options=[(NO_ADVERB, "")], value="",
                                            layout={"width": "24em", "max_width": "100%"})
        self.against_boost_box = checkbox("opponent [++] boost")
        self.against_suit_box = checkbox("opponent grants their skill's suit")
        self.against_hinder_box = checkbox("opponent gives the actor [−]")
        self._contest_only = widgets.HBox([self.against_adverb_picker, self.against_boost_box, self.against_suit_box],
                                          layout=widgets.Layout(flex_flow="row wrap"))  # its own: shown for a contest
        self.opposing_box = widgets.VBox([html("<b>Opposing side</b>"), self._contest_only,
                                          self.against_hinder_box], layout=fixed_layout())  # never hidden
        self.opposing_box.add_class("kit-opposing")
        self.setup_error = error_line("kit-setup-error")
        self.plan_view = html_view("kit-plan")
        self.odds_view = OddsView()
        self.odds_view.add_class("kit-flip-odds")
        self.flip_button = labelled_button("Flip", "Pay the Fate tokens and flip the stacks (F-4, F-7)", "primary")
        self.flip_button.add_class("kit-flip")
        self.flip_error = error_line("kit-flip-error")
        self.seat_view = html_view("kit-flip-seat")
        self.flip_button.on_click(lambda _: self.flip())
        for control in self.setup_controls:
            control.observe(self._setup_changed, names="value")

    def _build_resolution(self) -> None:
        self.awaiting_view = html_view("kit-awaiting")
        self.stack_view = html_view("kit-stack")
        self.result_view = html_view("kit-flip-result")
        self._panels: dict[str, widgets.VBox] = {}

    def _make_choose(self) -> None:
        """Make the choose panel, the first time one of its parts is read (see :meth:`_build_panel`)."""
        self._build_panel("choose")

    def _make_guide(self) -> None:
        """Make the guide panel, the first time one of its parts is read (see :meth:`_build_panel`)."""
        self._build_panel("guide")

    def _build_panel(self, step: str, draw: bool = True) -> None:
        """Build the choose or guide panel (hidden), put it in its place and (``draw``) draw the awaited step."""
        if step in self._panels:
            return
        first, second = _PANEL_BUTTONS[step]
        take_name, take_label, take_tip, take_css, take = first
        other_name, other_label, other_tip, other_css, other_act = second
        cards = CardRow(single=True, label="the stack's cards" if step == "choose" else "cards in hand to play")
        cards.add_class(f"kit-{step}-cards")
        button = labelled_button(take_label, take_tip, "primary")
        button.add_class(take_css)
        other = labelled_button(other_label, other_tip, own_layout=step == "choose")  # shown only with a Red Joker
        other.add_class(other_css)
        error = error_line(f"kit-{step}-error")
        label = html()
        button.on_click(lambda _: getattr(self, take)())
        other.on_click(lambda _: getattr(self, other_act)())
        button.disabled = other.disabled = True
        self.__dict__.update({f"{step}_picker": cards, take_name: button, other_name: other,
                              f"{step}_error": error, f"{step}_label": label})
        box = widgets.VBox([label, cards, row(button, other, error)], layout=widgets.Layout(display="none"))
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
        return self.take_turn(self.flip_error, "flip", **self.flip_args())

    def _awaited(self, action: str) -> Any:
        awaiting = self.game.awaiting
        return awaiting if awaiting is not None and awaiting.action == action else None

    def choose(self) -> Any:
        """The awaited chooser takes the selected card of the stack (F-4, F-5)."""
        awaiting = self._awaited("choose")
        who = awaiting.character if awaiting else self.actor_picker.value
        card = " ".join(self.choose_picker.selected_codes)
        return self.take_turn(self.choose_error, "choose", character=who, card=card)

    def leave_red_joker(self) -> Any:
        """At disadvantage, leave the Red Joker to the opponent or the lowest card (F-5)."""
        awaiting = self._awaited("choose")
        who = awaiting.character if awaiting else self.actor_picker.value
        return self.take_turn(self.choose_error, "choose", character=who, card=None)

    def guide(self) -> Any:
        """The awaited side plays the selected card from hand into its stack (F-8)."""
        awaiting = self._awaited("guide")
        who = awaiting.character if awaiting else self.actor_picker.value
        card = " ".join(self.guide_picker.selected_codes)
        return self.take_turn(self.guide_error, "guide", character=who, card=card)

    def pass_guide(self) -> Any:
        """The awaited side passes on guiding fate (F-8)."""
        awaiting = self._awaited("guide")
        who = awaiting.character if awaiting else self.actor_picker.value
        return self.take_turn(self.guide_error, "guide", character=who, card=None)

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
