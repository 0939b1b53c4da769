"""The combat round sequencer for Roll-Under: tracks, initiative, rounds, actions, attacks and healing.

Every button acts through the table session (``session.act``); the game decides whose turn it
is, what an attack's odds are and what it did, and a refusal is shown beside the button that
asked. The component only reads the game's state and results to draw them.

At a game with seats (P-1) a player's sequencer offers only that player's own combatants, the
physician's care and a dose of physicane for their own characters. While the game waits for another
seat's declaration the action button is disabled with the reason beside it.

Starting combat, the next round, ending combat, stamina and physical recovery and the game clock
are the GM's (its "GM sections", :func:`gm_sections_shown`). They show at a game without seats,
where everyone may do everything. At a game with seats they are hidden from every seat: a player
may not use them, and the GM's seat has the system's GM panel, which the table shows the GM at once
and which holds every one of them — a panel shows once, not in two places. The GM's sequencer
says so where they were, and still declares for every combatant. A notebook that shows the
sequencer without a GM panel asks for them with ``gm_sections=True``.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets
import traitlets

from kit.core.errors import RulesError
from kit.rollunder.combat import DEFENCES, FREE_ACTIONS
from kit.rollunder.results import CombatStarted, format_clock
from kit.widgets.common import (
    OddsView,
    no_character_words,
    player_seat,
    seat_characters,
    seat_html,
    seated,
    waiting_elsewhere,
    waiting_html,
)
from kit.widgets.component import Component
from kit.widgets.controls import CharacterChecks, error_line, html_view, int_box, labelled_button, picker
from kit.widgets.parts import Box, Control, Refusal, View
from kit.widgets.rollunder.view import TRACK_STYLE, character_tracks_html, combat_clock
from kit.widgets.session import TableSession
from kit.widgets.shared import fixed_layout, html

ACTIONS: tuple[tuple[str, str], ...] = (
    ("Attack", "attack"),
    ("Attack and defend (−2 to both)", "attack_and_defend"),
    ("Invoke a pattern, charm or ephemera", "invoke"),
    ("Walk (Agility yards)", "walk"),
    ("Run (3 × Agility yards, no active defence)", "run"),
    ("Ready a piece of gear", "ready"),
    ("Operate a feature (door, window, throw)", "operate"),
    ("Aim a firearm", "aim"),
    ("Perceive (Wits + Eye)", "perceive"),
    ("Withdraw from melee", "withdraw"),
    ("Wait (declare no action)", "wait"),
    ("Free attack (after a failed withdrawal)", "free_attack"),
)
ATTACK_ACTIONS = ("attack", "attack_and_defend", "free_attack")
DEFAULT = "(default)"  # a picker's "let the game choose" entry; a None value would show as no selection
DEFENCE_LABELS = {
    "dodge": "Duck & Cover (dodge)",
    "parry": "Parry (close combat skill)",
    "cover": "Take cover (ranged)",
    "none": "No active defence",
}
STANDING = (DEFAULT, "dodge", "parry", "cover", "none")
"""The standing defences a seat may choose for its character (R-5a); the default first."""
STANDING_LABELS = {DEFAULT: "The default (dodge, or cover at range)", **DEFENCE_LABELS}
FREE_LABELS = {"drop": "Drop something", "say": "Say one short statement", "shift": "Shift a few steps"}
PERCEIVE_SKILLS = ("Sergeant's Eye", "Investigator's Eye")
GM_HEALING = ("heal_stamina", "heal_physical")
"""The healing over time only the GM gives (P-1); a player's seat is offered the others."""
HEALING: tuple[tuple[str, str], ...] = (
    ("Stamina recovery (Vitality + Heroic Vigor)", "heal_stamina"),
    ("Physical recovery (Vitality + Heroic Vigor)", "heal_physical"),
    ("Physician's care (Reason + Medicine)", "treat"),
    ("Physicane (a dose)", "take_physicane"),
)


GM_PANEL_NOTE = ('<div class="kit-gm-sections-note" style="color:#555">Starting combat, the next round, ending '
                 "combat, stamina and physical recovery and the game clock are in your GM panel under "
                 "<b>Game master</b> (P-1).</div>")
"""What the GM's sequencer says where its GM sections were, at a game with seats (the GM panel holds them)."""


def gm_sections_shown(session: Any, wanted: bool | None = None) -> bool:
    """Whether a component shows its GM sections (combat, rounds, the clock, the GM's healing, the deal).

    Never to a player's seat (P-1). Otherwise ``wanted`` decides when given; by default they show
    at a game without seats only: at a game with seats the table shows the GM's seat its GM panel,
    which holds them all, so the components leave them out rather than show them twice.
    """
    if player_seat(session):
        return False
    if wanted is not None:
        return wanted
    return not seated(session)


def _box(*children: widgets.Widget, row: bool = True, css: str = "", own_layout: bool = False) -> widgets.Box:
    """A wrapping row (or a column) of controls; ``own_layout`` for a box that is shown and hidden."""
    settings = {"flex_flow": "row wrap", "align_items": "center"} if row else {}
    layout = widgets.Layout(**settings) if own_layout else fixed_layout(**settings)
    box = widgets.HBox(list(children), layout=layout) if row else widgets.VBox(list(children), layout=layout)
    if css:
        box.add_class(css)
    return box


def _int(description: str, tooltip: str, own_layout: bool = False) -> widgets.IntText:
    return int_box(description, tooltip=tooltip, min_width="12em", own_layout=own_layout)


class CombatSequencer(Component):
    """Start combat, step through rounds in declaration order, resolve actions and attacks, then heal.

    The GM sections (``setup_box``, ``round_box``, ``advance_box`` and the stamina and physical
    recovery among the ``heal_kind_picker``'s options) show as :func:`gm_sections_shown` says;
    ``gm_sections`` overrides the default for the GM.
    """

    CSS = "kit-combat-sequencer"

    tracks_view = View("Every character's stamina and physical tracks, as boxes left and marked.")
    seat_view = View("A player's seat without a character; for the GM at a game with seats, where the GM sections are.")
    setup_box = Box("Start combat (a GM section).")
    combatant_picker = Control("Who takes part in the combat (a checkbox each).")
    ambusher_picker = Control("Who ambushes the others (R-3).")
    start_button = Control("Start combat: everyone tests Wits + Sergeant's Eye for initiative (R-3).")
    start_reason = View("Why Start combat is disabled.")
    start_error = Refusal("Why starting combat was refused.")
    initiative_view = View("The initiative tests and the ambush, once combat has started.")
    round_view = View("The round, whose turn it is and the declaration order.")
    actor_picker = Control("Who declares: a combatant this seat acts for (P-1).")
    action_picker = Control("The action declared (R-4).")
    modifier_input = Control("A modifier on the test (−10…+10).")
    target_picker = Control("The attack's target.")
    weapon_picker = Control("The weapon, the one carried first (R-5a).")
    defence_picker = Control("GM only: the defence the defender meets the attack with (R-5a).")
    cover_input = Control("GM only: the cover rating added to Duck & Cover against a ranged attack.")
    defence_modifier_input = Control("GM only: a modifier on the defender's test.")
    detail_input = Control("The item, feature or power of the action.")
    skill_picker = Control("The skill of a Perceive or a Withdraw.")
    opponents_picker = Control("The opponents in melee with one who withdraws.")
    odds_view = View("The exact odds of the attack as set up (R-5).")
    act_button = Control("Take this action: declare and resolve it (R-3, R-4, R-5).")
    act_error = Refusal("Why the action was refused.")
    act_seat_view = View("Whom a player's seat waits for before it may declare.")
    free_action_picker = Control("A free action: drop something, say one short statement, shift a few steps (R-4).")
    free_detail_input = Control("The item dropped, or the statement.")
    free_button = Control("Take the free action (once each a round).")
    free_error = Refusal("Why the free action was refused.")
    guard_box = Box("The standing defence of one of this seat's characters (R-5a).")
    guard_picker = Control("The defender whose standing defence is chosen.")
    guard_defence_picker = Control("The standing defence every attack on the defender meets where the rules allow.")
    guard_cover_input = Control("The cover rating when taking cover against ranged attacks.")
    guard_button = Control("Choose the defence (R-5a).")
    guard_error = Refusal("Why the defence was refused.")
    guard_view = View("The defender's standing defence now.")
    result_view = View("The latest turn's result, shown first (cards dealt to hands this seat may not see counted).")
    round_box = Box("Next round and End combat (a GM section).")
    next_round_button = Control("Next round: end this round (5 seconds) and start the next (R-4).")
    end_combat_button = Control("End combat; the round in progress counts.")
    round_reason = View("Why Next round is disabled.")
    round_error = Refusal("Why the next round or ending combat was refused.")
    heal_kind_picker = Control("The healing: recovery (the GM's), a physician's care, a dose of physicane (R-6).")
    heal_character_picker = Control("The patient.")
    physician_picker = Control("The physician (a physician's care).")
    heal_modifier_input = Control("A modifier on the healing test (−10…+10).")
    heal_button = Control("Heal: make the healing test (R-6).")
    heal_reason = View("Why Heal is disabled.")
    heal_error = Refusal("Why the healing was refused.")
    clock_view = View("The game clock.")
    advance_box = Box("Advancing the game clock (a GM section).")
    advance_hours = Control("Hours to advance the game clock.")
    advance_minutes = Control("Minutes to advance the game clock.")
    advance_button = Control("Advance time: move the game clock on, out of combat (R-6).")
    advance_error = Refusal("Why advancing the clock was refused.")

    round_label = traitlets.Unicode("", help="The round and combat time, e.g. 'Round 2 · 0:10' (empty out of combat).")
    current = traitlets.Unicode(None, allow_none=True, help="Whose turn it is to declare, or None.")
    turns = traitlets.Int(0, help="How many turns the game held at the last redraw.")

    def __init__(self, session: TableSession, *, gm_sections: bool | None = None, **kwargs: Any):
        super().__init__(session, **kwargs)
        self.gm_sections = gm_sections
        """True or False to show or hide the GM sections to the GM; None: as :func:`gm_sections_shown` decides."""
        self._weapon_for: tuple[Any, Any] = (None, None)

        self.tracks_view = html_view("kit-tracks")

        self.combatant_picker = CharacterChecks("Combatants", "Takes part in the combat")
        self.ambusher_picker = CharacterChecks("Ambushers", "Ambushes the others (R-3)")
        self.start_button = labelled_button("Start combat", "Everyone tests Wits + Sergeant's Eye for initiative",
                                            "primary")
        self.start_button.add_class("kit-start-combat")
        self.start_error = error_line()
        self.start_reason = html_view("kit-start-reason")
        self.initiative_view = html_view("kit-initiative")

        self.round_view = html_view("kit-round")

        self.actor_picker = picker(widgets.Dropdown, description="Who acts", own_layout=True)
        self.action_picker = picker(widgets.Dropdown, options=list(ACTIONS), value="attack", description="Action")
        self.target_picker = picker(widgets.Dropdown, description="Target", own_layout=True)
        self.weapon_picker = picker(widgets.Dropdown, description="Weapon")
        self.defence_picker = picker(
            widgets.Dropdown, options=[("Defender's default", DEFAULT)] + [(DEFENCE_LABELS[d], d) for d in DEFENCES],
            value=DEFAULT, description="Defence", own_layout=True)
        self.cover_input = _int("Cover rating", "Cover rating added to Duck & Cover against a ranged attack",
                                own_layout=True)
        self.modifier_input = _int("Modifier", "Modifier on the test (−10…+10)")
        self.defence_modifier_input = _int("Defence modifier", "Modifier on the defender's test (−10…+10)",
                                           own_layout=True)
        self.detail_input = picker(widgets.Text, description="Item or feature",
                                    placeholder="e.g. the pistol, the door")
        self.skill_picker = picker(widgets.Dropdown, description="Skill")
        self.opponents_picker = CharacterChecks("Opponents in melee", "In melee with the one who withdraws")
        self.odds_view = OddsView()
        self.odds_view.add_class("kit-attack-odds")
        self.act_button = labelled_button("Take this action", "Declare and resolve the chosen action", "primary")
        self.act_button.add_class("kit-act")
        self.act_error = error_line()
        self.act_seat_view = html_view("kit-act-seat")
        self.seat_view = html_view("kit-combat-seat")

        self.free_action_picker = picker(widgets.Dropdown, options=[(FREE_LABELS[a], a) for a in FREE_ACTIONS],
                                          description="Free action")
        self.free_detail_input = picker(widgets.Text, description="What",
                                         placeholder="item dropped, or the statement")
        self.free_button = labelled_button("Take free action", "A free action: once each a round")
        self.free_error = error_line()

        self.result_view = html_view("kit-combat-result")

        self.next_round_button = labelled_button("Next round", "End this round (5 seconds) and start the next")
        self.next_round_button.add_class("kit-next-round")
        self.end_combat_button = labelled_button("End combat", "End the combat; the round in progress counts")
        self.end_combat_button.add_class("kit-end-combat")
        self.round_error = error_line()
        self.round_reason = html_view("kit-round-reason")

        self.heal_kind_picker = picker(widgets.Dropdown, options=list(HEALING), value="heal_stamina",
                                        description="Healing")
        self.heal_character_picker = picker(widgets.Dropdown, description="Patient", own_layout=True)
        self.physician_picker = picker(widgets.Dropdown, description="Physician", own_layout=True)
        self.heal_modifier_input = _int("Modifier", "Modifier on the healing test (−10…+10)")
        self.heal_button = labelled_button("Heal", "Make the healing test")
        self.heal_button.add_class("kit-heal")
        self.heal_error = error_line()
        self.heal_reason = html_view("kit-heal-reason")
        self.clock_view = html_view("kit-clock")
        self.advance_hours = _int("Hours", "Hours to advance the game clock")
        self.advance_minutes = _int("Minutes", "Minutes to advance the game clock")
        self.advance_button = labelled_button("Advance time", "Move the game clock on (out of combat)")
        self.advance_error = error_line()

        self.guard_picker = picker(widgets.Dropdown, description="Defender", own_layout=True)
        self.guard_defence_picker = picker(
            widgets.Dropdown, options=[(STANDING_LABELS[d], d) for d in STANDING], value=DEFAULT,
            description="Defends with")
        self.guard_cover_input = _int("Cover rating", "The cover rating when taking cover against ranged attacks")
        self.guard_button = labelled_button("Choose defence", "Every attack on this character meets this defence "
                                            "where the rules allow it (R-5a)")
        self.guard_button.add_class("kit-choose-defence")
        self.guard_view = html_view("kit-standing-defence")
        self.guard_error = error_line()

        self._attack_box = _box(self.target_picker, self.weapon_picker, own_layout=True)
        self._detail_box = _box(self.detail_input, own_layout=True)
        self._skill_box = _box(self.skill_picker, own_layout=True)
        self._opponents_box = _box(self.opponents_picker, own_layout=True)
        self._physician_box = _box(self.physician_picker, own_layout=True)
        self.setup_box = _box(html("<b>Start combat</b>"), self.combatant_picker, self.ambusher_picker,
                              self.start_button, self.start_reason, self.start_error, css="kit-combat-setup",
                              own_layout=True)
        self.round_box = _box(self.next_round_button, self.end_combat_button, self.round_reason, self.round_error,
                              own_layout=True)
        self._gm_defence_box = _box(self.defence_picker, self.cover_input, self.defence_modifier_input,
                                    html("<i>GM only: the defender chooses the defence (R-5a)</i>"), own_layout=True)
        self.guard_box = _box(html("<b>Defence</b>"), self.guard_picker, self.guard_defence_picker,
                              self.guard_cover_input, self.guard_button, self.guard_error, self.guard_view,
                              css="kit-defence", own_layout=True)
        self.advance_box = _box(self.advance_hours, self.advance_minutes, self.advance_button, self.advance_error,
                                own_layout=True)

        self.children = (
            html("<h3>Combat round sequencer</h3>"),
            self.tracks_view,
            self.seat_view,
            self.setup_box,
            self.initiative_view,
            self.round_view,
            _box(_box(self.actor_picker, self.action_picker, self.modifier_input), self._attack_box,
                 self._gm_defence_box, self._detail_box, self._skill_box, self._opponents_box, self.odds_view,
                 _box(self.act_button, self.act_error, self.act_seat_view), row=False, css="kit-action-picker"),
            _box(self.free_action_picker, self.free_detail_input, self.free_button, self.free_error),
            self.guard_box,
            self.result_view,
            self.round_box,
            _box(_box(html("<b>After combat</b>"), self.heal_kind_picker, self.heal_character_picker,
                      self._physician_box, self.heal_modifier_input, self.heal_button, self.heal_reason,
                      self.heal_error),
                 _box(self.clock_view, self.advance_box), row=False, css="kit-healing"),
        )

        self.start_button.on_click(lambda _: self.start())
        self.act_button.on_click(lambda _: self.act())
        self.free_button.on_click(lambda _: self.free_act())
        self.next_round_button.on_click(lambda _: self.next_round())
        self.end_combat_button.on_click(lambda _: self.end_combat())
        self.heal_button.on_click(lambda _: self.heal())
        self.advance_button.on_click(lambda _: self.advance())
        self.guard_button.on_click(lambda _: self.choose_defence())
        self.guard_picker.observe(lambda _: self._draw_guard(), names="value")
        self.heal_character_picker.observe(lambda _: self._draw_reasons(), names="value")
        for control in (self.actor_picker, self.action_picker):
            control.observe(self._choices_changed, names="value")
        for control in (self.target_picker, self.weapon_picker, self.defence_picker, self.cover_input,
                        self.modifier_input, self.defence_modifier_input):
            control.observe(self._odds_changed, names="value")
        self.heal_kind_picker.observe(lambda _: self._heal_kind_changed(), names="value")
        self.follow(first=self._show_result)

    # -- what the game says -----------------------------------------------------------------

    def _latest_start(self) -> CombatStarted | None:
        for result in reversed(self.game.results):
            if isinstance(result, CombatStarted):
                return result
        return None

    # -- buttons ---------------------------------------------------------------------------

    def start(self) -> Any:
        """Start combat with the chosen combatants and ambushers (R-3)."""
        return self.take_turn(self.start_error, "start_combat", combatants=list(self.combatant_picker.value),
                              ambushers=list(self.ambusher_picker.value) or None)

    def _chosen(self, picker: widgets.Dropdown) -> str | None:
        return None if picker.value == DEFAULT else picker.value

    def action_args(self) -> tuple[str, dict[str, Any]]:
        """The chosen action and its arguments, exactly as the game's method takes them."""
        action = str(self.action_picker.value)
        weapon = self._chosen(self.weapon_picker)
        actor = self.actor_picker.value
        modifier = self.modifier_input.value
        if action in ATTACK_ACTIONS:
            gm = not player_seat(self.session)  # the defender chooses; only the GM may name it here (R-5a)
            return action, {"attacker": actor, "defender": self.target_picker.value, "weapon": weapon,
                            "defence": self._chosen(self.defence_picker) if gm else None,
                            "cover": self.cover_input.value if gm else 0, "modifier": modifier,
                            "defence_modifier": self.defence_modifier_input.value if gm else 0}
        if action == "ready":
            return action, {"character": actor, "item": self.detail_input.value}
        if action == "operate":
            return action, {"character": actor, "feature": self.detail_input.value}
        if action == "invoke":
            return action, {"character": actor, "power": self.detail_input.value}
        if action == "aim":
            return action, {"character": actor, "weapon": weapon}
        if action == "perceive":
            return action, {"character": actor, "skill": self.skill_picker.value, "modifier": modifier}
        if action == "withdraw":
            return action, {"character": actor, "opponents": list(self.opponents_picker.value),
                            "skill": self.skill_picker.value, "modifier": modifier}
        return action, {"character": actor}

    def act(self) -> Any:
        """Declare and resolve the chosen action for the chosen combatant (R-3, R-4, R-5)."""
        action, args = self.action_args()
        return self.take_turn(self.act_error, action, **args)

    def free_act(self) -> Any:
        """Take the chosen free action (R-4)."""
        action = str(self.free_action_picker.value)
        args: dict[str, Any] = {"character": self.actor_picker.value}
        if action == "drop":
            args["item"] = self.free_detail_input.value
        elif action == "say":
            args["statement"] = self.free_detail_input.value
        return self.take_turn(self.free_error, action, **args)

    def next_round(self) -> Any:
        """End the round and start the next (R-4)."""
        return self.take_turn(self.round_error, "next_round")

    def end_combat(self) -> Any:
        """End the combat."""
        return self.take_turn(self.round_error, "end_combat")

    def heal(self) -> Any:
        """Make the chosen healing test (R-6)."""
        kind = str(self.heal_kind_picker.value)
        patient = self.heal_character_picker.value
        modifier = self.heal_modifier_input.value
        if kind == "treat":
            args = {"physician": self.physician_picker.value, "patient": patient, "modifier": modifier}
        else:
            args = {"character": patient, "modifier": modifier}
        return self.take_turn(self.heal_error, kind, **args)

    def choose_defence(self) -> Any:
        """Set the chosen character's standing defence, which every attack on it meets (R-5a)."""
        choice = self._chosen(self.guard_defence_picker)
        return self.take_turn(self.guard_error, "choose_defence", character=self.guard_picker.value, defence=choice,
                              cover=self.guard_cover_input.value if choice == "cover" else 0)

    def advance(self) -> Any:
        """Move the game clock on by the hours and minutes given (R-6)."""
        return self.take_turn(self.advance_error, "advance_time", hours=self.advance_hours.value,
                              minutes=self.advance_minutes.value)

    # -- drawing ---------------------------------------------------------------------------

    def _show_result(self, result: Any) -> None:
        """The latest turn's result: shown first, as soon as the rules decide it (cards dealt to hands
        this seat may not see are counted, not named)."""
        if result is not None:
            self.result_view.value = (f'<div class="kit-latest" aria-live="polite">'
                                      f"{seat_html(self.session, result)}</div>")

    def refresh(self, result: Any = None) -> None:
        """Redraw everything from the game; ``result`` (the latest turn's) is shown in the result view."""
        game = self.game
        combat = game.combat
        names = list(game.state.characters)
        own = seat_characters(self.session, names)
        self._drawing = True
        try:
            with self.hold_sync():
                self._show_result(result)
                self.combatant_picker.set_names(names)
                self.ambusher_picker.set_names(names)
                self._draw_seat(own)
                self._set_options(self.heal_character_picker, self._patients())
                self._set_options(self.physician_picker, own)
                combatants = list(combat.combatants) if combat else []
                self._set_options(self.actor_picker, [name for name in combatants if name in own])
                if combat is not None and combat.current in self.actor_picker.options:
                    self.actor_picker.value = combat.current
                self._refresh_choices()
                self.tracks_view.value = self._tracks_html()
                self.initiative_view.value = self._initiative_html()
                self.round_view.value = self._round_html()
                self.clock_view.value = (f'<span class="kit-game-clock">Game clock: '
                                         f"{escape(format_clock(game.state.clock))}</span>")
                self.round_label = self._round_label()
                self.current = game.current_combatant
                self.turns = game.turn
                self._draw_waiting(own, combatants)
                self._set_options(self.guard_picker, own)
                self._draw_guard()
                self._draw_reasons()
        finally:
            self._drawing = False
        self._show_parts()
        self._refresh_odds()

    # -- seats (P-1) -------------------------------------------------------------------------

    def _draw_seat(self, own: list[str]) -> None:
        """Show the GM sections only where :func:`gm_sections_shown` says; else offer the healing a player gives."""
        session = self.session
        gm = gm_sections_shown(session, self.gm_sections)
        display = None if gm else "none"
        for box in (self.setup_box, self.round_box, self.advance_box):
            if box.layout.display != display:
                box.layout.display = display
        kinds = [(label, kind) for label, kind in HEALING if gm or kind not in GM_HEALING]
        if list(self.heal_kind_picker.options) != kinds:
            kept = self.heal_kind_picker.value
            self.heal_kind_picker.options = kinds
            self.heal_kind_picker.value = kept if kept in [kind for _, kind in kinds] else kinds[0][1]
        lacking = player_seat(session) and not own
        if lacking:
            note = f"<i>{escape(no_character_words(session))}</i>"
        else:
            note = GM_PANEL_NOTE if not gm and not player_seat(session) else ""
        if self.seat_view.value != note:
            self.seat_view.value = note
        for shown in (self.heal_character_picker, self.physician_picker):
            hidden = "none" if lacking else None
            if shown.layout.display != hidden:
                shown.layout.display = hidden

    def _draw_guard(self) -> None:
        """The chosen character's standing defence, and the box hidden from a seat with no character (R-5a)."""
        name = self.guard_picker.value
        self.guard_box.layout.display = "none" if not self.guard_picker.options else "flex"
        if name is None or name not in self.game.state.characters:
            self.guard_view.value = ""
            return
        choice, cover = self.game.standing_defence(name)
        words = STANDING_LABELS[choice or DEFAULT] + (f", cover rating {cover}" if cover else "")
        self.guard_view.value = (f"<span>{escape(name)} now defends with: <b>{escape(words)}</b>. Attacks on "
                                 f"{escape(name)} meet it where the rules allow it (R-5a).</span>")

    def _draw_reasons(self) -> None:
        """Disable what cannot apply now (start combat in combat, rounds out of it, healing in it), saying why."""
        game = self.game
        combat = game.combat
        start = "A combat is in progress: end it before starting another (R-3)." if combat else ""
        rounds = "" if combat else "No combat in progress: start one first (R-3)."
        heal = "Healing waits until the combat is over (R-6)." if combat else self._unhurt_reason()
        lacking = player_seat(self.session) and not seat_characters(self.session, list(game.state.characters))
        for button, view, reason in ((self.start_button, self.start_reason, start),
                                     (self.next_round_button, self.round_reason, rounds),
                                     (self.heal_button, self.heal_reason, heal)):
            view.value = waiting_html(reason)
            button.disabled = bool(reason) or (button is self.heal_button and lacking)
        self.end_combat_button.disabled = combat is None

    def _unhurt_reason(self) -> str:
        """Why the chosen healing has nothing to do: the patient has no marked box on its track (R-6)."""
        kind = self.heal_kind_picker.value
        patient = self.heal_character_picker.value
        character = self.game.state.characters.get(patient) if patient else None
        if character is None or kind == "take_physicane":
            return ""
        track = "stamina" if kind == "heal_stamina" else "physical"
        marked = character.stamina_damage if track == "stamina" else character.physical_damage
        if marked:
            return ""
        return f"{patient} is unhurt: no {track} box is marked, so there is nothing to heal (R-6)."

    def _patients(self) -> list[str]:
        """Who the chosen healing may be given to: anyone, or this seat's own for a dose of physicane."""
        names = list(self.game.state.characters)
        if self.heal_kind_picker.value == "take_physicane":
            return seat_characters(self.session, names)
        return names

    def _heal_kind_changed(self) -> None:
        self._set_options(self.heal_character_picker, self._patients())
        self._show_parts()
        self._draw_reasons()

    def _draw_waiting(self, own: list[str], combatants: list[str]) -> None:
        """Disable the declaration while a player's seat waits for another seat, with the reason beside it."""
        session = self.session
        reason = waiting_elsewhere(session)
        if not reason and player_seat(session) and combatants and not self.actor_picker.options:  # none in combat
            reason = (f"None of {session.seat}'s characters is in this combat." if own and session.seat
                      else no_character_words(session))
        self.act_seat_view.value = waiting_html(reason)
        self.act_button.disabled = bool(reason)
        none_in_combat = bool(combatants) and not self.actor_picker.options
        hidden = "none" if player_seat(session) and (not own or none_in_combat) else None
        if self.actor_picker.layout.display != hidden:
            self.actor_picker.layout.display = hidden

    @staticmethod
    def _set_options(picker: widgets.Widget, names: list[str], multiple: bool = False) -> None:
        if list(picker.options) == names:
            if not multiple and picker.value is None and names:
                picker.value = names[0]
            return
        kept = picker.value
        with picker.hold_sync():  # the options and the choice kept reach the page as one message
            picker.options = names
            if multiple:
                picker.value = tuple(n for n in kept if n in names)
            else:
                picker.value = kept if kept in names else (names[0] if names else None)

    def _choices_changed(self, change: dict[str, Any]) -> None:
        if self._drawing:
            return
        self._drawing = True
        try:
            self._refresh_choices()
        finally:
            self._drawing = False
        self._show_parts()
        self._refresh_odds()

    def _odds_changed(self, change: dict[str, Any]) -> None:
        if not self._drawing:
            self._refresh_odds()

    def _refresh_choices(self) -> None:
        """Targets, weapons and skills for the chosen combatant and action (options only; the game decides)."""
        game = self.game
        combat = game.combat
        actor = self.actor_picker.value
        action = self.action_picker.value
        others = [n for n in (combat.combatants if combat else []) if n != actor]
        self._set_options(self.target_picker, others)
        if action == "withdraw":  # shown only then: no checkbox is made for each new actor while nobody withdraws
            self.opponents_picker.set_names(others)
        weapons: list[tuple[str, str]] = [("Bare hands (or the first firearm, to aim)", DEFAULT)]
        carried = None
        if actor in game.state.characters:
            carried = game.carried_weapon(actor)
            weapons += [(f"{w.name} ({w.kind}, damage {w.damage})" + (", carried" if w.name == carried else ""),
                         w.name) for w in game.state.characters[actor].weapons]
        if list(self.weapon_picker.options) != weapons or self._weapon_for != (actor, carried):
            kept = self.weapon_picker.value if self._weapon_for == (actor, carried) else None
            names = [v for _, v in weapons]
            with self.weapon_picker.hold_sync():  # the new options and the weapon carried reach the page as one
                self.weapon_picker.options = weapons
                self.weapon_picker.value = kept if kept in names else (carried or DEFAULT)  # what it carries (R-5a)
            self._weapon_for = (actor, carried)
        skills = list(PERCEIVE_SKILLS) if action == "perceive" else ["Duck & Cover", game.close_combat_skill]
        self._set_options(self.skill_picker, skills)
        if self.skill_picker.value is None and skills:
            self.skill_picker.value = skills[0]

    def _show_parts(self) -> None:
        action = self.action_picker.value
        shown = {
            self._attack_box: action in ATTACK_ACTIONS,
            self._detail_box: action in ("ready", "operate", "invoke"),
            self._skill_box: action in ("perceive", "withdraw"),
            self._opponents_box: action == "withdraw",
            self._physician_box: self.heal_kind_picker.value == "treat",
        }
        for box, visible in shown.items():
            box.layout.display = "flex" if visible else "none"
        self.detail_input.description = {"operate": "Feature", "invoke": "Power"}.get(action, "Item")
        aimable = action == "aim"
        if aimable:
            self._attack_box.layout.display = "flex"
        self.target_picker.layout.display = "none" if aimable else None
        gm_defence = action in ATTACK_ACTIONS and not player_seat(self.session)
        self._gm_defence_box.layout.display = "flex" if gm_defence else "none"

    def _refresh_odds(self) -> None:
        """Ask the game for the exact odds of the attack as set up (R-5) and draw them."""
        action, args = self.action_args()
        if action not in ATTACK_ACTIONS:
            self.odds_view.show_text("Odds are shown for attacks.")
            return
        if self.game.combat is None:
            self.odds_view.show_text("No combat in progress: start one to see an attack's odds.")
            return
        try:
            odds = self.game.attack_odds(action=action, **args)
        except RulesError as error:
            self.odds_view.show_text(f"No odds: {error.for_table('see the odds')}")
            return
        defence = (f"{DEFENCE_LABELS[odds.defence]} target {odds.defence_target}" if odds.defence_target is not None
                   else "no active defence test")
        headline = (f"{odds.attacker} with {odds.weapon} ({odds.kind}): attack target {odds.attack_target} "
                    f"against {defence}. Hit chance {odds.hit.numerator}/{odds.hit.denominator} "
                    f"({float(odds.hit) * 100:.1f}%); expected damage {float(odds.expected_damage):.2f} "
                    f"{odds.track} (weapon {odds.weapon_damage}, armour {odds.armour}).")
        self.odds_view.show(odds.damage, lambda d: d > 0, label=f"{odds.track} damage", headline=headline)

    def _round_label(self) -> str:
        combat = self.game.combat
        if combat is None:
            return ""
        name = "Free round (ambush)" if combat.is_free_round else f"Round {combat.round}"
        return f"{name} · {combat_clock(combat.seconds)}"

    def _tracks_html(self) -> str:
        game = self.game
        combat = game.combat
        rows = []
        for character in game.state.characters.values():
            note = "in combat" if combat and character.name in combat.combatants else ""
            rows.append(character_tracks_html(character, note))
        body = "".join(rows) or "<i>No characters at the table yet.</i>"
        return f'<section aria-label="Tracks">{TRACK_STYLE}<b>Tracks</b> (■ box left, ✕ box marked){body}</section>'

    def _initiative_html(self) -> str:
        combat = self.game.combat
        if combat is None:
            return ""
        rows = []
        for name in combat.combatants:
            record = combat.initiative[name]
            outcome = record.outcome
            word = "Success" if outcome.success else "Failure"
            rows.append(f"<tr><td>{escape(name)}</td><td>{record.roll}</td><td>{outcome.target}</td>"
                        f"<td>{word}, degree {outcome.degree}</td><td>round {record.acts_from}</td></tr>")
        table = ("<table><thead><tr><th>Combatant</th><th>Roll</th><th>Target</th><th>Result</th>"
                 f"<th>Acts from</th></tr></thead><tbody>{''.join(rows)}</tbody></table>")
        ambush = ""
        started = self._latest_start()
        if started is not None and started.ambushers:
            tests = "; ".join(f"{escape(t.character)} rolled {t.roll} against {t.target}: "
                              f"{'Success' if t.success else 'Failure'}, degree {t.degree}"
                              for t in started.ambush_tests)
            notes = " ".join(escape(n) for n in started.describe().notes)
            ambush = (f"<div class='kit-ambush'><b>Ambush</b> by {escape(', '.join(started.ambushers))}. "
                      f"Ambush tests (Wits + Sergeant's Eye): {tests}. {notes}</div>")
        return f'<section aria-label="Initiative"><b>Initiative (Wits + Sergeant\'s Eye)</b>{table}{ambush}</section>'

    def _round_html(self) -> str:
        game = self.game
        combat = game.combat
        if combat is None:
            return '<div class="kit-round-status"><b>No combat in progress.</b></div>'
        items = []
        for name in combat.order:
            if name == combat.current:
                status = "▶ declares now"
            elif name in combat.acted:
                status = "✓ has acted"
            elif not combat.may_act_this_round(name):
                status = ("ambushed: cannot act in the free round" if combat.is_free_round
                          else f"waits: acts from round {combat.initiative[name].acts_from}")
            else:
                status = "still to declare"
            marker = ' aria-current="step" style="font-weight:bold"' if name == combat.current else ""
            items.append(f'<li data-combatant="{escape(name)}"{marker}>{escape(name)} — {status}</li>')
        now = (f"<b>{escape(combat.current)}</b> declares now" if combat.current
               else "Everyone has acted: next round")
        return (f'<div class="kit-round-status"><div class="kit-round-label" style="font-size:1.2em">'
                f"<b>{escape(self._round_label())}</b></div><div>{now}</div>"
                f"<div>Declaration order (greatest failure first):</div><ol>{''.join(items)}</ol></div>")


__all__ = ["GM_PANEL_NOTE", "CombatSequencer", "gm_sections_shown"]
