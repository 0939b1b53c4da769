"""The Roll-Under GM panel: combat with NPCs and enemies, the game clock, healing, Tarot deals, narrative rulings.

A thin view over a :class:`~kit.widgets.session.TableSession`, shown to the GM's seat::

    panel = GMPanel(TableSession.open("game.ipynb"))
    panel.combatant_checks.value = ["Artie", "Bruno"]
    panel.ambusher_checks.value = ["Bruno"]
    panel.start_combat_button.click()     # session.act("start_combat", combatants=[…], ambushers=["Bruno"])
    panel.narrative_picker.value = 1
    panel.ruling_text.value = "The airship lands on the lawn"
    panel.grant_button.click()            # session.act("rule_on_narrative", request=1, granted=True, ruling=…)

Every click is one turn taken through ``session.act``; a refusal shows the rules' reason in plain
words, citing the ruling, on that section's refusal line, and changes neither game nor file.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from kit.rollunder.combat import DEFENCES
from kit.rollunder.limits import MODIFIER_HIGH, MODIFIER_LOW
from kit.rollunder.results import format_clock
from kit.widgets.component import Component, RefusalWords, latest_html, refuse
from kit.widgets.controls import (
    CharacterChecks,
    error_line,
    fitted,
    html_view,
    labelled_button,
    row,
    section,
    set_options,
)
from kit.widgets.parts import Control, Refusal, View
from kit.widgets.session import TableSession
from kit.widgets.shared import html

DEFAULT = "(default)"
"""A picker's "let the rules choose" entry (a weapon: unarmed — the sheet's unarmed weapon, else bare hands (R-5);
a defence: the defender's default)."""

DEFENCE_LABELS = {
    "dodge": "Duck & Cover (dodge)",
    "parry": "Parry (close combat skill)",
    "cover": "Take cover (ranged)",
    "none": "No active defence",
}
"""The defences in words (R-5)."""

HEALING = (("Stamina: Vitality + Heroic Vigor, every 10 minutes", "heal_stamina"),
           ("Physical: Vitality + Heroic Vigor, floor(degree ÷ 3)", "heal_physical"))
"""The recovery tests the GM calls for as time passes (R-6)."""

TOP_UP = 0
"""The deal-count picker's entry for topping each hand up to half its Fate, rounded up (R-7)."""


def _modifier(description: str) -> widgets.BoundedIntText:
    return fitted(widgets.BoundedIntText, description=description, value=0, min=MODIFIER_LOW, max=MODIFIER_HIGH)


class GMPanel(Component):
    """The Roll-Under GM's actions: combat (combatants, ambushers, rounds, an NPC's attack), the clock,
    healing, dealing fate cards and ruling on a Major Arcanum's narrative change.

    Each section has its own refusal line, and ``result_view`` shows the panel's latest turn once
    it is written.
    """

    CSS = "kit-gm-panel"

    combatant_checks = Control("Who takes part in the combat (a checkbox each).")
    ambusher_checks = Control("Who ambushes the others (R-3).")
    start_combat_button = Control("Start combat: initiative, and the ambushed test to notice (R-3).")
    next_round_button = Control("End this round (5 seconds) and start the next (R-4).")
    end_combat_button = Control("End the combat; the round in progress counts (R-4).")
    combat_view = View("The combat now: the round, the order, whose turn it is.")
    combat_error = Refusal("Why starting, stepping or ending combat was refused.")
    attacker_picker = Control("The attacker: a combatant, NPCs first.")
    defender_picker = Control("The defender: a combatant.")
    weapon_picker = Control("The attacker's weapon, or unarmed.")
    defence_picker = Control("The defence the defender meets the attack with, or the defender's default.")
    cover_input = Control("The cover rating when taking cover.")
    attack_modifier = Control("A modifier on the attack.")
    defence_modifier = Control("A modifier on the defence.")
    attack_button = Control("Attack: Agility + weapon skill against the defender's defence (R-5).")
    attack_error = Refusal("Why the attack was refused.")
    clock_view = View("The game clock.")
    advance_hours = Control("Hours to move the clock on.")
    advance_minutes = Control("Minutes to move the clock on.")
    advance_button = Control("Advance the clock (out of combat, R-6).")
    clock_error = Refusal("Why advancing the clock was refused.")
    heal_character_picker = Control("Who heals.")
    heal_kind_picker = Control("The recovery test: stamina or physical (R-6).")
    heal_modifier = Control("A modifier on the recovery test.")
    heal_button = Control("Make the recovery test; a failed test heals nothing (R-6).")
    heal_error = Refusal("Why the recovery test was refused.")
    deal_checks = Control("Who gets fate cards, or draws at the start of play (a checkbox each).")
    deal_count_picker = Control("How many cards each: a top-up to half their Fate, or a number.")
    deal_button = Control("Deal new fate cards (R-7).")
    start_play_button = Control("The start-of-play draw for everyone ticked (R-7).")
    fate_error = Refusal("Why the deal or the draw was refused.")
    narrative_view = View("Every narrative change asked with a Major Arcana, and its ruling.")
    narrative_picker = Control("The request waiting for a ruling.")
    ruling_text = Control("The GM's ruling: what happens, or why not.")
    grant_button = Control("Grant the change: it becomes part of the story (R-7a).")
    refuse_button = Control("Refuse the change: the story stays; the card stays spent (R-7a).")
    narrative_error = Refusal("Why the ruling was refused.")
    result_view = View("The panel's latest turn, once it is written.")

    def __init__(self, session: TableSession, **kwargs: Any):
        super().__init__(session, **kwargs)

        # combat
        self.combatant_checks = CharacterChecks("Combatants", "Takes part in the combat")
        self.ambusher_checks = CharacterChecks("Ambushers", "Ambushes the others")
        self.combatant_checks.add_class("kit-gm-combatants")
        self.ambusher_checks.add_class("kit-gm-ambushers")
        self.start_combat_button = labelled_button("Start combat", "Everyone tests Wits + Sergeant's Eye for "
                                                   "initiative; the ambushed test to notice (R-3)", "primary")
        self.next_round_button = labelled_button("Next round", "End this round (5 seconds) and start the next (R-4)")
        self.end_combat_button = labelled_button("End combat", "End the combat; the round in progress counts (R-4)")
        self.combat_view = html_view("kit-gm-combat")
        self.combat_error = error_line()

        # an NPC's attack
        self.attacker_picker = fitted(widgets.Dropdown, description="Attacker", options=[])
        self.defender_picker = fitted(widgets.Dropdown, description="Defender", options=[])
        self.weapon_picker = fitted(widgets.Dropdown, description="Weapon", options=[])
        self.defence_picker = fitted(widgets.Dropdown, description="Defence",
                                     options=[("Defender's default", DEFAULT)]
                                     + [(DEFENCE_LABELS[d], d) for d in DEFENCES], value=DEFAULT)
        self.cover_input = fitted(widgets.BoundedIntText, description="Cover rating", value=0, min=0, max=10)
        self.attack_modifier = _modifier("Attack modifier")
        self.defence_modifier = _modifier("Defence modifier")
        self.attack_button = labelled_button("Attack", "Agility + weapon skill against the defender's defence (R-5)",
                                             "danger")
        self.attack_error = error_line()

        # the clock
        self.clock_view = html_view("kit-gm-clock")
        self.advance_hours = fitted(widgets.BoundedIntText, description="Hours", value=0, min=0, max=24 * 366)
        self.advance_minutes = fitted(widgets.BoundedIntText, description="Minutes", value=10, min=0, max=24 * 60)
        self.advance_button = labelled_button("Advance the clock", "Move the game clock on (out of combat, R-6)")
        self.clock_error = error_line()

        # healing
        self.heal_character_picker = fitted(widgets.Dropdown, description="Who heals", options=[])
        self.heal_kind_picker = fitted(widgets.Dropdown, description="Recovery test", options=list(HEALING),
                                       value="heal_stamina")
        self.heal_modifier = _modifier("Modifier")
        self.heal_button = labelled_button("Make the recovery test", "A failed test heals nothing (R-6)", "success")
        self.heal_error = error_line()

        # fate cards
        self.deal_checks = CharacterChecks("Dealt to", "Gets fate cards", checked_by_default=True)
        self.deal_count_picker = fitted(widgets.Dropdown, description="Cards each",
                                        options=[("Top up to half their Fate, rounded up", TOP_UP)]
                                        + [(str(n), n) for n in range(1, 23)], value=TOP_UP)
        self.deal_button = labelled_button("Deal fate cards", "The GM deals new Tarot cards (R-7)", "primary")
        self.start_play_button = labelled_button("Start-of-play draw", "Everyone ticked rolls 1d20; lowest draws "
                                                 "first, half their Fate rounded up (R-7)")
        self.fate_error = error_line()

        # narrative changes (R-7, R-7a)
        self.narrative_view = html_view("kit-gm-narratives")
        self.narrative_picker = fitted(widgets.Dropdown, description="Request", options=[])
        self.ruling_text = fitted(widgets.Text, description="Your ruling", placeholder="what happens, or why not")
        self.grant_button = labelled_button("Grant the change", "The change becomes part of the story (R-7a)",
                                            "success")
        self.refuse_button = labelled_button("Refuse the change", "The story stays as it was; the card stays spent "
                                             "(R-7a)", "warning")
        self.narrative_error = error_line()

        self.result_view = html_view("kit-gm-result")

        self.children = (
            html("<h3>GM panel</h3>"),
            section("Combat with NPCs and enemies (R-3, R-4)", self.combatant_checks, self.ambusher_checks,
                    row(self.start_combat_button, self.next_round_button, self.end_combat_button),
                    self.combat_view, self.combat_error, css="kit-gm-combat-section"),
            section("An NPC attacks (R-5)", row(self.attacker_picker, self.defender_picker, self.weapon_picker),
                    row(self.defence_picker, self.cover_input, self.attack_modifier, self.defence_modifier),
                    self.attack_button, self.attack_error, css="kit-gm-attack"),
            section("Game clock (R-6)", self.clock_view,
                    row(self.advance_hours, self.advance_minutes, self.advance_button), self.clock_error,
                    css="kit-gm-clock-section"),
            section("Healing (R-6)", row(self.heal_character_picker, self.heal_kind_picker, self.heal_modifier,
                                         self.heal_button), self.heal_error, css="kit-gm-healing"),
            section("Fate cards (R-7)", self.deal_checks,
                    row(self.deal_count_picker, self.deal_button, self.start_play_button), self.fate_error,
                    css="kit-gm-fate"),
            section("Narrative changes asked with a Major Arcana (R-7, R-7a)", self.narrative_view,
                    row(self.narrative_picker, self.ruling_text),
                    row(self.grant_button, self.refuse_button), self.narrative_error, css="kit-gm-narrative"),
            self.result_view,
        )
        self.start_combat_button.on_click(lambda _: self.start_combat())
        self.next_round_button.on_click(lambda _: self.next_round())
        self.end_combat_button.on_click(lambda _: self.end_combat())
        self.attack_button.on_click(lambda _: self.attack())
        self.advance_button.on_click(lambda _: self.advance_time())
        self.heal_button.on_click(lambda _: self.heal())
        self.deal_button.on_click(lambda _: self.deal())
        self.start_play_button.on_click(lambda _: self.start_play())
        self.grant_button.on_click(lambda _: self.rule(True))
        self.refuse_button.on_click(lambda _: self.rule(False))
        self.attacker_picker.observe(lambda _: None if self._drawing else self._draw_weapons(), names="value")
        self.follow()

    # -- actions: each is one turn through the session ---------------------------------------

    def turn_taken(self, result: Any) -> None:
        """The panel's latest turn, shown once it is written."""
        self.result_view.value = latest_html(result)

    def start_combat(self) -> Any:
        """Start combat with the ticked combatants and ambushers (R-3)."""
        combatants, ambushers = self.combatant_checks.value, self.ambusher_checks.value
        asked = "start combat"
        if len(combatants) < 2:
            refuse(self.combat_error, asked, "a combat needs two or more combatants", "R-3",
                   "tick at least two combatants")
            return None
        strays = [name for name in ambushers if name not in combatants]
        if strays:
            refuse(self.combat_error, asked, f"{', '.join(strays)} would ambush without taking part", "R-3",
                   "tick every ambusher as a combatant too")
            return None
        return self.take_turn(self.combat_error, "start_combat", RefusalWords(asked, "R-3"),
                              combatants=combatants, ambushers=ambushers or None)

    def next_round(self) -> Any:
        """End the round and start the next (R-4)."""
        return self.take_turn(self.combat_error, "next_round", RefusalWords("start the next round", "R-4"))

    def end_combat(self) -> Any:
        """End the combat (R-4)."""
        return self.take_turn(self.combat_error, "end_combat", RefusalWords("end the combat", "R-4"))

    def attack_args(self) -> dict[str, Any]:
        """The attack as the game's ``attack`` takes it."""
        weapon = self.weapon_picker.value
        defence = self.defence_picker.value
        return {"attacker": self.attacker_picker.value, "defender": self.defender_picker.value,
                "weapon": None if weapon in (DEFAULT, None) else weapon,
                "defence": None if defence == DEFAULT else defence, "cover": self.cover_input.value,
                "modifier": self.attack_modifier.value, "defence_modifier": self.defence_modifier.value}

    def attack(self) -> Any:
        """The picked attacker attacks the picked defender (R-5)."""
        args = self.attack_args()
        asked = f"{args['attacker'] or 'nobody'} attacks {args['defender'] or 'nobody'}"
        if not args["attacker"] or not args["defender"]:
            refuse(self.attack_error, asked, "attacks are made in combat, between its combatants", "R-5",
                   "start combat first")
            return None
        return self.take_turn(self.attack_error, "attack", RefusalWords(asked, "R-5"), **args)

    def advance_time(self) -> Any:
        """Move the game clock on by the hours and minutes given (R-6)."""
        hours, minutes = self.advance_hours.value, self.advance_minutes.value
        asked = f"advance the clock by {hours} h {minutes} min"
        if hours == 0 and minutes == 0:
            refuse(self.clock_error, asked, "that moves the clock by nothing", "R-6", "give some hours or minutes")
            return None
        return self.take_turn(self.clock_error, "advance_time", RefusalWords(asked, "R-6"),
                              hours=hours, minutes=minutes)

    def heal(self) -> Any:
        """The picked character makes the picked recovery test (R-6)."""
        who, kind = self.heal_character_picker.value, self.heal_kind_picker.value
        asked = f"{who or 'nobody'} makes a recovery test"
        if not who:
            refuse(self.heal_error, asked, "no character is at the table", "R-6")
            return None
        return self.take_turn(self.heal_error, kind, RefusalWords(asked, "R-6"),
                              character=who, modifier=self.heal_modifier.value)

    def deal(self) -> Any:
        """Deal new fate cards to the ticked characters (R-7)."""
        chosen = self.deal_checks.value
        if not chosen:
            refuse(self.fate_error, "deal fate cards", "nobody is ticked", "R-7", "tick who gets cards")
            return None
        count = self.deal_count_picker.value
        return self.take_turn(self.fate_error, "deal_fate_cards", RefusalWords("deal fate cards", "R-7"),
                              characters=chosen, count=None if count == TOP_UP else count)

    def start_play(self) -> Any:
        """The start-of-play draw for the ticked characters (R-7)."""
        chosen = self.deal_checks.value
        if not chosen:
            refuse(self.fate_error, "the start-of-play draw", "nobody is ticked", "R-7", "tick who draws")
            return None
        return self.take_turn(self.fate_error, "start_play", RefusalWords("the start-of-play draw", "R-7"),
                              characters=chosen)

    def rule(self, granted: bool) -> Any:
        """Grant (True) or refuse (False) the picked narrative change request, with the ruling typed (R-7a)."""
        request = self.narrative_picker.value
        asked = f"{'grant' if granted else 'refuse'} a narrative change"
        if request is None:
            refuse(self.narrative_error, asked, "no narrative change is waiting for a ruling", "R-7")
            return None
        words = RefusalWords(f"{asked} (request {request})", "R-7")
        result = self.take_turn(self.narrative_error, "rule_on_narrative", words, request=request, granted=granted,
                                ruling=self.ruling_text.value.strip())
        if result is not None:
            self.ruling_text.value = ""
        return result

    # -- drawing -----------------------------------------------------------------------------

    def _label(self, name: str) -> str:
        player = self.game.state.characters[name].player
        gm = getattr(self.game, "gm", "") or "GM"
        return f"{name} (NPC)" if player.casefold() in ("gm", gm.casefold()) else f"{name} ({player})"

    def refresh(self, result: Any = None) -> None:
        """Redraw every picker and view from the game (called after every turn the session announces)."""
        game = self.game
        names = list(game.state.characters)
        labels = {name: self._label(name) for name in names}
        combat = game.combat
        combatants = list(combat.combatants) if combat is not None else []
        npcs_first = sorted(combatants, key=lambda n: not labels[n].endswith("(NPC)"))
        self._drawing = True
        try:
            with self.hold_sync():
                for checks in (self.combatant_checks, self.ambusher_checks, self.deal_checks):
                    checks.set_names(names, labels)
                set_options(self.attacker_picker, [(labels[n], n) for n in npcs_first])
                if combat is not None and combat.current in combatants:
                    self.attacker_picker.value = combat.current
                set_options(self.defender_picker, [(labels[n], n) for n in combatants])
                set_options(self.heal_character_picker, [(labels[n], n) for n in names])
                pending = game.pending_narratives
                set_options(self.narrative_picker,
                            [(f"{n}: {e['holder']} ({e['card']}): {e['note']}", n) for n, e in pending.items()])
                self._draw_views()
        finally:
            self._drawing = False
        self._draw_weapons()

    def _draw_weapons(self) -> None:
        name = self.attacker_picker.value
        weapons = self.game.state.characters[name].weapons if name in self.game.state.characters else []
        set_options(self.weapon_picker, [("Unarmed (the sheet's unarmed weapon, or bare hands)", DEFAULT)]
                    + [(f"{w.name} (damage {w.damage}, {w.kind})", w.name) for w in weapons])

    def _draw_views(self) -> None:
        game = self.game
        combat = game.combat
        if combat is None:
            self.combat_view.value = '<div class="kit-gm-combat-state">No combat under way.</div>'
        else:
            label = "the ambushers' free round" if combat.is_free_round else f"round {combat.round}"
            whose = combat.current or "everyone has acted: start the next round"
            self.combat_view.value = (
                f'<div class="kit-gm-combat-state" data-round="{combat.round}">Combat: {escape(label)}; '
                f"order {escape(', '.join(combat.round_order) or 'nobody acts')}; whose turn: {escape(whose)}</div>")
        self.clock_view.value = (f'<span class="kit-game-clock">Game clock: {escape(format_clock(game.state.clock))}'
                                 "</span>")
        items = []
        for number, entry in enumerate(game.state.narratives, start=1):
            decision = entry.get("decision")
            state = f"<b>{escape(decision)}</b>" if decision else "<i>waiting for the GM</i>"
            ruling = f" — {escape(entry['ruling'])}" if entry.get("ruling") else ""
            items.append(f'<li data-request="{number}">{number}. {escape(entry["holder"])} spent '
                         f"{escape(entry['card'])} on {escape(entry['on'])}: {escape(entry['note'])} — "
                         f"{state}{ruling}</li>")
        self.narrative_view.value = (f"<ol style='list-style:none;padding-left:0'>{''.join(items)}</ol>" if items
                                     else "<i>No narrative change has been asked for.</i>")


RollUnderGMPanel = GMPanel
"""The same panel under a name no other system's panel has (``from kit.widgets import RollUnderGMPanel``)."""
