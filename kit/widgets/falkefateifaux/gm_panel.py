"""The FalkeFateiFaux GM panel: every action the rules give the GM, in one widget shown to the GM's seat.

A thin view over a :class:`~kit.widgets.session.TableSession`::

    panel = GMPanel(TableSession.open("game.ipynb"))
    panel.character_picker.value = "Ada"
    panel.injury_picker.value = "Niggling"
    panel.injury_suit_picker.value = "Clubs"      # the player's choice (F-12)
    panel.injure_button.click()                   # session.act("injure", character="Ada", injury="Niggling", …)

Every click is one turn taken through ``session.act``; the panel never changes the game itself.
A refused click shows the rules' reason in plain words, citing the ruling, on that section's own
refusal line, and changes neither the game nor its file.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from kit.falkefateifaux.conditions import CONDITIONS, INJURIES
from kit.falkefateifaux.limits import MAX_GM_NUMBER, MAX_REFRESH_CHANGE
from kit.falkefateifaux.skills import LADDER, SKILLS, level_name
from kit.widgets.common import CardPicker, ErrorLine, face_label
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

CHOICE_INJURIES = ("Niggling", "Minor")
"""Injuries that fall on Clubs or Diamonds skills, the player's choice when taken (F-12)."""

HARD_COVER = "Hard Cover"
"""The one condition that takes a choice: [+] or [++] to Resistance (F-12)."""

NO_OPPONENT = ""
"""The opponent picker's entry for a flip against a target number."""

NO_CONTEST = ""
"""The opposing-skill picker's entry for an opponent who only chooses the card at disadvantage (F-4)."""

CONTROL_REASONS = ("unconscious", "possessed")
"""The text's examples of losing control (F-10); the GM may type another."""

SCOPES: tuple[tuple[str, str], ...] = (
    ("All skills", "all"), ("Clubs skills", "Clubs"), ("Diamonds skills", "Diamonds"),
    ("Hearts skills", "Hearts"), ("Spades skills", "Spades"),
    *((name, name) for name in SKILLS),
)
"""What a condition of the table's own may touch: every skill, a suit's skills, or single skills (F-12)."""


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


class GMPanel(Component):
    """The FalkeFateiFaux GM's actions: conditions and injuries, Fate tokens, Card Refresh, control, skills,
    an NPC's flip and the end of the scene.

    The first sections act on the character picked; each section has its own refusal line, and
    ``result_view`` shows the panel's latest turn once it is written.
    """

    CSS = "kit-gm-panel"

    character_picker = Control("Whom the first sections act on (NPCs marked).")
    status_view = View("The picked character: Fate and Burning Fate tokens, hand, control, afflictions.")
    condition_picker = Control("A condition from the text's list (F-12).")
    cover_choice_picker = Control("Hard Cover's [+] or [++] to Resistance (F-12).")
    add_condition_button = Control("Add the condition to the picked character (F-12).")
    held_condition_picker = Control("A condition the picked character has, to lift.")
    remove_condition_button = Control("Lift the condition (F-12).")
    own_condition_name = Control("The name of a condition of the table's own.")
    own_condition_scope = Control("The skills it touches: every skill, a suit's skills or single skills (checkboxes).")
    own_condition_plus = Control("The [+] it gives.")
    own_condition_minus = Control("The [−] it gives.")
    own_condition_modifier = Control("The modifier it gives.")
    add_own_condition_button = Control("Add the table's condition to the picked character (F-12).")
    condition_error = Refusal("Why a condition was refused.")
    injury_picker = Control("An injury (F-12).")
    injury_suit_picker = Control("The player's choice of Clubs or Diamonds skills (Niggling, Minor).")
    injury_amount_picker = Control("The GM's choice of −2 to −4 (Minor).")
    injure_button = Control("Give the injury (F-12).")
    held_injury_picker = Control("An injury the picked character has, to heal.")
    heal_button = Control("Heal the injury (F-12).")
    injury_error = Refusal("Why an injury or a healing was refused.")
    fate_count = Control("How many Fate tokens to give or take back.")
    fate_reason = Control("Why (shown in the log).")
    give_fate_button = Control("Give the Fate tokens (F-11).")
    take_fate_button = Control("Take the Fate tokens back (F-11).")
    fate_error = Refusal("Why giving or taking Fate tokens was refused.")
    refresh_amount = Control("How much to raise (above 0) or lower (below 0) Card Refresh.")
    refresh_reason = Control("The exceptional event (shown in the log).")
    adjust_refresh_button = Control("Change Card Refresh (F-10).")
    refresh_error = Refusal("Why the change of Card Refresh was refused.")
    control_reason = Control("Why control is lost.")
    lose_control_button = Control("The picked character loses control: the whole hand is discarded (F-10).")
    regain_control_button = Control("The picked character regains control and draws a fresh hand (F-10).")
    control_error = Refusal("Why losing or regaining control was refused.")
    skill_picker = Control("The skill set.")
    level_picker = Control("Its new level on the ladder (F-3).")
    set_skill_button = Control("Set the skill's level (F-3).")
    skill_error = Refusal("Why setting the skill was refused.")
    npc_picker = Control("The NPC who flips.")
    npc_skill_picker = Control("The NPC's skill.")
    opponent_picker = Control("Against whom: nobody (a target) or a player's character.")
    opponent_skill_picker = Control("The opponent's skill, for a contest.")
    npc_target = Control("The target, with no opponent.")
    npc_plus = Control("The GM's [+].")
    npc_minus = Control("The GM's [−].")
    npc_modifier = Control("A modifier on the outcome.")
    npc_flip_button = Control("Flip for the NPC; choosing and guiding follow at the table (F-4, F-8, F-9).")
    npc_error = Refusal("Why the NPC's flip was refused.")
    scene_discards = Control("Each character's card picker: the cards they discard at the end of the scene.")
    end_scene_button = Control("End the scene: the cards picked are discarded, every hand refreshes (F-10, F-11).")
    scene_error = Refusal("Why ending the scene was refused.")
    result_view = View("The panel's latest turn, once it is written.")

    def __init__(self, session: TableSession, **kwargs: Any):
        super().__init__(session, **kwargs)

        self.character_picker = fitted(widgets.Dropdown, description="Character", options=[])
        self.status_view = html_view("kit-gm-status")
        self.result_view = html_view("kit-gm-result")

        # conditions (F-12)
        self.condition_picker = fitted(widgets.Dropdown, description="Condition",
                                       options=[(f"{name}: {what}", name) for name, what in CONDITIONS.items()])
        self.cover_choice_picker = fitted(widgets.Dropdown, description="Hard Cover gives Resistance",
                                          options=[("[+]", "+"), ("[++]", "++")], value="+")
        self.add_condition_button = labelled_button("Add condition", "Afflict the character with this condition "
                                                    "from the text's list (F-12)", "warning")
        self.held_condition_picker = fitted(widgets.Dropdown, description="Condition to lift", options=[])
        self.remove_condition_button = labelled_button("Lift condition", "The condition no longer applies (F-12)")
        self.own_condition_name = fitted(widgets.Text, description="Condition of the table's own",
                                         placeholder="e.g. local renown")
        self.own_condition_scope = CharacterChecks("Skills it touches", "The condition touches")
        self.own_condition_scope.set_names([value for _, value in SCOPES], {value: label for label, value in SCOPES})
        self.own_condition_plus = fitted(widgets.BoundedIntText, description="[+] it gives", value=0, min=0, max=10)
        self.own_condition_minus = fitted(widgets.BoundedIntText, description="[−] it gives", value=0, min=0, max=10)
        self.own_condition_modifier = fitted(widgets.BoundedIntText, description="Modifier", value=0,
                                             min=-MAX_GM_NUMBER, max=MAX_GM_NUMBER)
        self.add_own_condition_button = labelled_button("Add the table's condition",
                                                        "A condition of the table's own on the skills ticked (F-12)",
                                                        "warning")
        self.condition_error = error_line()

        # injuries (F-12)
        self.injury_picker = fitted(widgets.Dropdown, description="Injury",
                                    options=[(f"{name}: {what}", name) for name, what in INJURIES.items()])
        self.injury_suit_picker = fitted(widgets.Dropdown, description="Player's choice (Niggling, Minor)",
                                         options=[("Clubs skills", "Clubs"), ("Diamonds skills", "Diamonds")],
                                         value="Clubs")
        self.injury_amount_picker = fitted(widgets.Dropdown, description="GM's choice (Minor)",
                                           options=[("−2", 2), ("−3", 3), ("−4", 4)], value=2)
        self.injure_button = labelled_button("Give injury", "The character takes this injury (F-12)", "danger")
        self.held_injury_picker = fitted(widgets.Dropdown, description="Injury that heals", options=[])
        self.heal_button = labelled_button("Heal injury", "Remove the injury (F-12)", "success")
        self.injury_error = error_line()

        # Fate tokens (F-11)
        self.fate_count = fitted(widgets.BoundedIntText, description="Fate tokens", value=1, min=1,
                                 max=MAX_GM_NUMBER)
        self.fate_reason = fitted(widgets.Text, description="Reason", placeholder="e.g. session start, role-play")
        self.give_fate_button = labelled_button("Give Fate tokens", "Award Fate tokens: they come back only by the "
                                                "GM's award (F-11)", "success")
        self.take_fate_button = labelled_button("Take Fate tokens back", "Take back tokens given by mistake; Fate "
                                                "tokens never go below 0 (F-11)", "warning")
        self.fate_error = error_line()

        # Card Refresh (F-10)
        self.refresh_amount = fitted(widgets.BoundedIntText, description="Change Card Refresh by", value=1,
                                     min=-MAX_REFRESH_CHANGE, max=MAX_REFRESH_CHANGE)
        self.refresh_reason = fitted(widgets.Text, description="Reason", placeholder="the exceptional event")
        self.adjust_refresh_button = labelled_button("Change Card Refresh", "Raise (more) or lower (less than 0) "
                                                     "the character's Card Refresh; may force a discard (F-10)")
        self.refresh_error = error_line()

        # control (F-10)
        self.control_reason = fitted(widgets.Combobox, description="Why control is lost", value="unconscious",
                                     options=list(CONTROL_REASONS), ensure_option=False)
        self.lose_control_button = labelled_button("Loses control", "The whole hand is discarded (F-10)", "danger")
        self.regain_control_button = labelled_button("Regains control", "Draws a fresh hand up to Card Refresh "
                                                     "(F-10)", "success")
        self.control_error = error_line()

        # skills (F-3)
        self.skill_picker = fitted(widgets.Dropdown, description="Skill",
                                   options=[(f"{name} ({suit.title})", name) for name, suit in SKILLS.items()])
        self.level_picker = fitted(widgets.Dropdown, description="New level",
                                   options=[(f"{name} {value}", value) for name, value in LADDER.items()], value=6)
        self.set_skill_button = labelled_button("Set skill level", "Experience changes a skill on the ladder (F-3)")
        self.skill_error = error_line()

        # an NPC's flip (F-4, F-9)
        self.npc_picker = fitted(widgets.Dropdown, description="NPC who flips", options=[])
        self.npc_skill_picker = fitted(widgets.Dropdown, description="NPC's skill",
                                       options=[(f"{name} ({suit.title})", name) for name, suit in SKILLS.items()])
        self.opponent_picker = fitted(widgets.Dropdown, description="Against", options=[])
        self.opponent_skill_picker = fitted(
            widgets.Dropdown, description="Opponent's skill (a contest)",
            options=[("No contest: the opponent chooses at disadvantage", NO_CONTEST)]
            + [(f"{name} ({suit.title})", name) for name, suit in SKILLS.items()], value=NO_CONTEST)
        self.npc_target = fitted(widgets.BoundedIntText, description="Target (no opponent)", value=8,
                                 min=-MAX_GM_NUMBER, max=MAX_GM_NUMBER)
        self.npc_plus = fitted(widgets.BoundedIntText, description="GM's [+]", value=0, min=0, max=10)
        self.npc_minus = fitted(widgets.BoundedIntText, description="GM's [−]", value=0, min=0, max=10)
        self.npc_modifier = fitted(widgets.BoundedIntText, description="Modifier", value=0, min=-MAX_GM_NUMBER,
                                   max=MAX_GM_NUMBER)
        self.npc_flip_button = labelled_button("Flip for the NPC", "Flip the NPC's stack; choosing and guiding "
                                               "follow at the table (F-4, F-8, F-9)", "primary")
        self.npc_error = error_line()

        # the end of the scene (F-10, F-11)
        self.scene_discards: dict[str, CardPicker] = {}
        self._scene_rows: dict[str, widgets.HBox] = {}
        self._no_scene = html("<i>No characters at the table yet.</i>")
        self._scene_box = widgets.VBox([])
        self.end_scene_button = labelled_button("End the scene", "Everyone discards the cards picked, then draws up "
                                                "to Card Refresh; Burning Fate tokens vanish (F-10, F-11)", "primary")
        self.scene_error = error_line()

        self.children = (
            html("<h3>GM panel</h3>"),
            self.character_picker,
            self.status_view,
            section("Conditions (F-12)",
                    row(self.condition_picker, self.cover_choice_picker, self.add_condition_button),
                    row(self.held_condition_picker, self.remove_condition_button),
                    row(self.own_condition_name, self.own_condition_plus, self.own_condition_minus,
                        self.own_condition_modifier),
                    self.own_condition_scope, self.add_own_condition_button, self.condition_error,
                    css="kit-gm-conditions"),
            section("Injuries (F-12)",
                    row(self.injury_picker, self.injury_suit_picker, self.injury_amount_picker, self.injure_button),
                    row(self.held_injury_picker, self.heal_button), self.injury_error, css="kit-gm-injuries"),
            section("Fate tokens (F-11)",
                    row(self.fate_count, self.fate_reason, self.give_fate_button, self.take_fate_button),
                    self.fate_error, css="kit-gm-fate"),
            section("Card Refresh (F-10)",
                    row(self.refresh_amount, self.refresh_reason, self.adjust_refresh_button), self.refresh_error,
                    css="kit-gm-refresh"),
            section("Control (F-10)",
                    row(self.control_reason, self.lose_control_button, self.regain_control_button),
                    self.control_error, css="kit-gm-control"),
            section("Skills (F-3)", row(self.skill_picker, self.level_picker, self.set_skill_button),
                    self.skill_error, css="kit-gm-skills"),
            section("An NPC's flip (F-4, F-9)",
                    row(self.npc_picker, self.npc_skill_picker),
                    row(self.opponent_picker, self.opponent_skill_picker, self.npc_target),
                    row(self.npc_plus, self.npc_minus, self.npc_modifier, self.npc_flip_button),
                    self.npc_error, css="kit-gm-npc-flip"),
            section("End of the scene (F-10, F-11): pick the cards each character discards",
                    self._scene_box, self.end_scene_button, self.scene_error, css="kit-gm-scene"),
            self.result_view,
        )

        self.add_condition_button.on_click(lambda _: self.add_condition())
        self.remove_condition_button.on_click(lambda _: self.remove_condition())
        self.add_own_condition_button.on_click(lambda _: self.add_own_condition())
        self.injure_button.on_click(lambda _: self.injure())
        self.heal_button.on_click(lambda _: self.heal())
        self.give_fate_button.on_click(lambda _: self.award_fate(+1))
        self.take_fate_button.on_click(lambda _: self.award_fate(-1))
        self.adjust_refresh_button.on_click(lambda _: self.adjust_refresh())
        self.lose_control_button.on_click(lambda _: self.lose_control())
        self.regain_control_button.on_click(lambda _: self.regain_control())
        self.set_skill_button.on_click(lambda _: self.set_skill())
        self.npc_flip_button.on_click(lambda _: self.npc_flip())
        self.end_scene_button.on_click(lambda _: self.end_scene())
        self.character_picker.observe(self._picked, names="value")
        self.follow()

    @property
    def character(self) -> str:
        """The picked character's name ('' when nobody is at the table)."""
        return self.character_picker.value or ""

    # -- actions: each is one turn through the session ---------------------------------------

    def turn_taken(self, result: Any) -> None:
        """The panel's latest turn, shown once it is written."""
        self.result_view.value = latest_html(result)

    def _need_character(self, line: ErrorLine, asked: str, ruling: str) -> bool:
        if self.character:
            return True
        refuse(line, asked, "no character is picked", ruling, "bring a character to the table first")
        return False

    def add_condition(self) -> Any:
        """Afflict the picked character with the picked condition (Hard Cover with its [+] or [++]) (F-12)."""
        name = self.condition_picker.value
        asked = f"{self.character or 'nobody'} is {name}"
        if not self._need_character(self.condition_error, asked, "F-12"):
            return None
        args: dict[str, Any] = {"character": self.character, "condition": name}
        if name == HARD_COVER:
            args["choice"] = self.cover_choice_picker.value
        return self.take_turn(self.condition_error, "add_condition", RefusalWords(asked, "F-12"), **args)

    def remove_condition(self) -> Any:
        """Lift the condition picked among the character's own (F-12)."""
        name = self.held_condition_picker.value
        asked = f"lift a condition from {self.character or 'nobody'}"
        if not self._need_character(self.condition_error, asked, "F-12"):
            return None
        if not name:
            refuse(self.condition_error, asked, f"{self.character} has no condition", "F-12")
            return None
        return self.take_turn(self.condition_error, "remove_condition", RefusalWords(asked, "F-12"),
                              character=self.character, condition=name)

    def add_own_condition(self) -> Any:
        """A condition of the table's own: its name, the skills ticked, its [+], [−] and modifier (F-12)."""
        name = self.own_condition_name.value.strip()
        who = self.character or "nobody"
        asked = f"{who} gets the condition {name!r}" if name else "a condition of the table's own"
        if not self._need_character(self.condition_error, asked, "F-12"):
            return None
        if not name:
            refuse(self.condition_error, asked, "it needs a name", "F-12", "type the condition's name")
            return None
        scope = self.own_condition_scope.value
        if not scope:
            refuse(self.condition_error, asked, "it touches no skills", "F-12",
                   "tick all skills, a suit's skills or single skills")
            return None
        return self.take_turn(self.condition_error, "add_condition", RefusalWords(asked, "F-12"),
                              character=self.character, condition=name, skills=scope,
                              plus=self.own_condition_plus.value, minus=self.own_condition_minus.value,
                              modifier=self.own_condition_modifier.value)

    def injure(self) -> Any:
        """Give the picked injury; Niggling and Minor with the player's suit, Minor with the GM's amount (F-12)."""
        name = self.injury_picker.value
        asked = f"{self.character or 'nobody'} takes a {name} injury"
        if not self._need_character(self.injury_error, asked, "F-12"):
            return None
        args: dict[str, Any] = {"character": self.character, "injury": name}
        if name in CHOICE_INJURIES:
            args["choice"] = self.injury_suit_picker.value
        if name == "Minor":
            args["amount"] = self.injury_amount_picker.value
        return self.take_turn(self.injury_error, "injure", RefusalWords(asked, "F-12"), **args)

    def heal(self) -> Any:
        """Heal the injury picked among the character's own (with the suit it fell on) (F-12)."""
        picked = self.held_injury_picker.value
        asked = f"heal an injury of {self.character or 'nobody'}"
        if not self._need_character(self.injury_error, asked, "F-12"):
            return None
        if not picked:
            refuse(self.injury_error, asked, f"{self.character} has no injury", "F-12")
            return None
        name, _, choice = picked.partition("|")
        args: dict[str, Any] = {"character": self.character, "injury": name}
        if choice:
            args["choice"] = choice
        return self.take_turn(self.injury_error, "heal", RefusalWords(asked, "F-12"), **args)

    def award_fate(self, sign: int = 1) -> Any:
        """Give (``sign`` +1) or take back (−1) the number of Fate tokens in ``fate_count`` (F-11)."""
        count = self.fate_count.value
        asked = (f"give {_count(count, 'Fate token')} to {self.character or 'nobody'}" if sign > 0
                 else f"take {_count(count, 'Fate token')} back from {self.character or 'nobody'}")
        if not self._need_character(self.fate_error, asked, "F-11"):
            return None
        return self.take_turn(self.fate_error, "award_fate", RefusalWords(asked, "F-11"),
                              character=self.character, amount=sign * count, reason=self.fate_reason.value.strip())

    def adjust_refresh(self) -> Any:
        """Raise or lower the picked character's Card Refresh by ``refresh_amount`` (F-10)."""
        amount = self.refresh_amount.value
        asked = f"change {self.character or 'nobody'}'s Card Refresh by {amount:+d}"
        if not self._need_character(self.refresh_error, asked, "F-10"):
            return None
        if amount == 0:
            refuse(self.refresh_error, asked, "a change of 0 changes nothing", "F-10",
                   "give a number above 0 to raise it or below 0 to lower it")
            return None
        return self.take_turn(self.refresh_error, "adjust_refresh", RefusalWords(asked, "F-10"),
                              character=self.character, amount=amount, reason=self.refresh_reason.value.strip())

    def lose_control(self) -> Any:
        """The picked character loses control: the whole hand is discarded (F-10)."""
        asked = f"{self.character or 'nobody'} loses control"
        if not self._need_character(self.control_error, asked, "F-10"):
            return None
        reason = self.control_reason.value.strip() or CONTROL_REASONS[0]
        return self.take_turn(self.control_error, "lose_control", RefusalWords(asked, "F-10"),
                              character=self.character, reason=reason)

    def regain_control(self) -> Any:
        """The picked character regains control and draws a fresh hand (F-10)."""
        asked = f"{self.character or 'nobody'} regains control"
        if not self._need_character(self.control_error, asked, "F-10"):
            return None
        return self.take_turn(self.control_error, "regain_control", RefusalWords(asked, "F-10"),
                              character=self.character)

    def set_skill(self) -> Any:
        """Set the picked skill of the picked character to the picked level of the ladder (F-3)."""
        skill, level = self.skill_picker.value, self.level_picker.value
        asked = f"set {self.character or 'nobody'}'s {skill} to {level_name(level)} {level}"
        if not self._need_character(self.skill_error, asked, "F-3"):
            return None
        return self.take_turn(self.skill_error, "set_skill", RefusalWords(asked, "F-3"),
                              character=self.character, skill=skill, level=level)

    def flip_args(self) -> dict[str, Any]:
        """The NPC's flip as the game's ``flip`` takes it: against a target, or against a character (a contest
        when the opponent's skill is picked)."""
        against = self.opponent_picker.value or None
        args: dict[str, Any] = {"character": self.npc_picker.value, "skill": self.npc_skill_picker.value,
                                "plus": self.npc_plus.value, "minus": self.npc_minus.value,
                                "modifier": self.npc_modifier.value}
        if against is None:
            args["target"] = self.npc_target.value
        else:
            args["against"] = against
            if self.opponent_skill_picker.value:
                args["against_skill"] = self.opponent_skill_picker.value
        return args

    def npc_flip(self) -> Any:
        """Flip for the picked NPC (F-4, F-9); the table then chooses and guides as for any flip."""
        npc = self.npc_picker.value
        asked = f"flip for {npc or 'an NPC'}"
        if not npc:
            refuse(self.npc_error, asked, "there is no NPC at the table", "F-14",
                   "bring the GM's character to the table as an NPC first")
            return None
        return self.take_turn(self.npc_error, "flip", RefusalWords(asked, "F-9"), **self.flip_args())

    def scene_discard_choice(self) -> dict[str, list[str]]:
        """Each character's picked discards for the end of the scene, as card codes (none picked: left out)."""
        chosen: dict[str, list[str]] = {}
        for name, cards in self.scene_discards.items():
            hand = self.game.hand(name) if name in self.game.state.characters else []
            picked = [hand[i] for i in cards.selected if i < len(hand)]
            if picked:
                chosen[name] = picked
        return chosen

    def end_scene(self) -> Any:
        """End the scene: the picked cards are discarded, everyone draws up to Card Refresh (F-10, F-11)."""
        discards = self.scene_discard_choice()
        return self.take_turn(self.scene_error, "end_scene", RefusalWords("end the scene", "F-10"),
                              discards=discards or None)

    # -- drawing -----------------------------------------------------------------------------

    def _picked(self, change: dict[str, Any]) -> None:
        if not self._drawing:
            self._draw_character()

    def refresh(self, result: Any = None) -> None:
        """Redraw every picker and view from the game (called after every turn the session announces)."""
        game = self.game
        characters = game.state.characters
        self._drawing = True
        try:
            with self.hold_sync():
                set_options(self.character_picker,
                            [(name + (" (NPC)" if ch.npc else ""), name) for name, ch in characters.items()])
                set_options(self.npc_picker, [(name, name) for name, ch in characters.items() if ch.npc])
                set_options(self.opponent_picker, [("Nobody: flip against the target", NO_OPPONENT)]
                            + [(name, name) for name, ch in characters.items() if not ch.npc])
                self._draw_scene()
        finally:
            self._drawing = False
        self._draw_character()

    def _draw_character(self) -> None:
        """The picked character's status and the conditions and injuries that can be lifted or healed."""
        game = self.game
        name = self.character
        if name not in game.state.characters:
            self.status_view.value = "<i>No characters at the table yet.</i>"
            set_options(self.held_condition_picker, [])
            set_options(self.held_injury_picker, [])
            return
        ch = game.state.characters[name]
        conditions = [a for a in ch.afflictions if a.kind == "condition"]
        injuries = [a for a in ch.afflictions if a.kind == "injury"]
        set_options(self.held_condition_picker,
                    [(a.name + (f" ({a.choice})" if a.choice else ""), a.name) for a in conditions])
        options: list[tuple[str, Any]] = []
        for a in injuries:
            suit = (a.choice or "").split(",")[0].strip()
            value = f"{a.name}|{suit}" if suit else a.name
            if value not in [v for _, v in options]:
                options.append((a.name + (f" ({a.choice})" if a.choice else ""), value))
        set_options(self.held_injury_picker, options)
        afflictions = "; ".join(a.name + (f" ({a.choice})" if a.choice else "") for a in ch.afflictions) or "none"
        control = "in control" if ch.in_control else "<b>not in control</b>"
        self.status_view.value = (
            f'<div class="kit-gm-character" data-fate="{ch.fate}" data-refresh="{ch.refresh}">'
            f"<b>{escape(ch.name)}</b>{' (NPC)' if ch.npc else ''}: Fate tokens {ch.fate}, Burning Fate {ch.burning}; "
            f"hand {len(ch.hand)} of Card Refresh {ch.refresh}; {control}; afflictions: {escape(afflictions)}</div>"
        )

    def _draw_scene(self) -> None:
        """One card picker per character, showing that character's hand, for the end-of-scene discards."""
        rows: dict[str, widgets.HBox] = {}
        pickers: dict[str, CardPicker] = {}
        for name, ch in self.game.state.characters.items():
            cards = self.scene_discards.get(name) or CardPicker(spare=2)
            cards.set_cards([face_label(card) for card in ch.hand])
            pickers[name] = cards
            rows[name] = self._scene_rows.get(name) or row(html(f"{escape(name)} discards:"), cards)
        self.scene_discards = pickers
        self._scene_rows = rows
        shown = tuple(rows.values()) if rows else (self._no_scene,)
        if self._scene_box.children != shown:
            self._scene_box.children = shown


FalkeFateiFauxGMPanel = GMPanel
"""The same panel under a name no other system's panel has (``from kit.widgets import FalkeFateiFauxGMPanel``)."""
