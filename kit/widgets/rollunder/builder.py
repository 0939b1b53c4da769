"""The Roll-Under character builder: a sheet filled in at the table, checked live (R-1, R-5, R-6).

::

    builder = CharacterBuilder(TableSession.open("game.ipynb"))
    builder.name_box.value = "Nell"
    builder.attribute_boxes["Agility"].value = 7   # the problem beside each field updates as it changes
    builder.add_weapon_button.click()
    builder.weapon_rows[0].name_box.value = "Sword"
    builder.create_button.click()                  # session.act("add_character", name="Nell", ...)

The problems are :func:`kit.rollunder.creation.sheet_problems`'s, the turn is the game's
``add_character``; the builder holds no rule of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import ipywidgets as widgets

from kit.rollunder.creation import FIELDS, sheet_problems
from kit.rollunder.sheet import BASE_ATTRIBUTES, BASE_SKILLS, DEFAULT_WEAPON_SKILL, WEAPON_KINDS
from kit.widgets.builder import GM_CHOICE, SheetBuilder, field_row, seat_of
from kit.widgets.controls import checkbox, choice_box, int_box, labelled_button, picker, text_box
from kit.widgets.parts import Box, Control
from kit.widgets.session import TableSession
from kit.widgets.shared import fixed, fixed_layout, html

START_ATTRIBUTE = 5
"""Where every attribute box starts."""

START_TRACK = 10
"""Where the stamina and physical boxes start (the add_character defaults)."""


class WeaponRow(widgets.HBox):
    """One weapon of the sheet: name, damage, melee or ranged, its skill, familiarity, and a Remove button."""

    name_box = Control("The weapon's name.")
    damage_box = Control("Its damage.")
    kind_picker = Control("Melee or ranged.")
    skill_picker = Control("The skill it is used with.")
    familiarity_box = Control("Familiar (+2).")
    remove_button = Control("Take this weapon off the sheet.")

    def __init__(self, on_remove: Callable[[WeaponRow], None], **kwargs: Any):
        kwargs.setdefault("layout", fixed_layout(flex_flow="row wrap", align_items="center"))
        super().__init__(**kwargs)
        self.name_box = text_box("Weapon", "e.g. Sword")
        self.damage_box = int_box("Damage", 1)
        self.kind_picker = fixed(widgets.ToggleButtons, options=list(WEAPON_KINDS), value=WEAPON_KINDS[0],
                                 description="", tooltips=["used in close combat", "used at range"])
        self.skill_picker = choice_box("Skill", [(skill, skill) for skill in BASE_SKILLS], DEFAULT_WEAPON_SKILL)
        self.familiarity_box = checkbox("Familiar (+2)")
        self.remove_button = labelled_button("Remove", "Take this weapon off the sheet", "warning")
        self.remove_button.on_click(lambda _: on_remove(self))
        self.children = (self.name_box, self.damage_box, self.kind_picker, self.skill_picker,
                         self.familiarity_box, self.remove_button)

    @property
    def controls(self) -> tuple[widgets.Widget, ...]:
        """The controls whose values make the weapon."""
        return (self.name_box, self.damage_box, self.kind_picker, self.skill_picker, self.familiarity_box)

    def weapon(self) -> dict[str, Any]:
        """The weapon as a sheet writes it."""
        return {"name": self.name_box.value, "damage": self.damage_box.value, "kind": self.kind_picker.value,
                "skill": self.skill_picker.value, "familiarity": bool(self.familiarity_box.value)}


class CharacterBuilder(SheetBuilder):
    """A Roll-Under sheet: attributes, skills, weapons, armour, stamina and physical boxes; Create adds it."""

    name_box = Control("The character's name.")
    attribute_boxes = Control("Each attribute's value, by name (Agility, Wits, Vitality, Reason, Fate).")
    skill_boxes = Control("Each skill of the text, by name; a skill left at 0 is not on the sheet.")
    weapon_rows = Control("The weapons (a WeaponRow each).")
    weapons_box = Box("The weapon rows.")
    add_weapon_button = Control("Add a row for one more weapon.")
    armour_box = Control("The armour.")
    stamina_box = Control("The stamina boxes.")
    physical_box = Control("The physical boxes.")
    player_picker = Control("Played by: the players and the GM (at the GM's seat; a player's character is their own).")

    ACTION = "add_character"
    FIELDS = FIELDS
    TITLE = "Roll-Under — new character"

    def __init__(self, session: TableSession, **kwargs: Any):
        super().__init__(session, **kwargs)
        self.name_box = text_box("Name", "e.g. Nell")
        self.attribute_boxes = {name: int_box(name, START_ATTRIBUTE) for name in BASE_ATTRIBUTES}
        self.skill_boxes = {name: int_box(name, 0) for name in BASE_SKILLS}
        self.weapon_rows: list[WeaponRow] = []
        self.weapons_box = widgets.VBox([])
        self.add_weapon_button = labelled_button("Add weapon", "Add a row for one more weapon")
        self.add_weapon_button.on_click(lambda _: self.add_weapon())
        self.armour_box = int_box("Armour", 0)
        self.stamina_box = int_box("Stamina boxes", START_TRACK)
        self.physical_box = int_box("Physical boxes", START_TRACK)
        self.player_picker = picker(widgets.Dropdown, description="Played by", options=[GM_CHOICE], value=GM_CHOICE,
                                    own_layout=True)
        self.watch(self.name_box, *self.attribute_boxes.values(), *self.skill_boxes.values(), self.armour_box,
                   self.stamina_box, self.physical_box, self.player_picker)
        lines = self.field_problems
        self.finish([
            field_row([self.name_box], lines["name"]),
            html("<b>Attributes</b>"),
            field_row(self.attribute_boxes.values(), lines["attributes"]),
            html("<b>Skills</b>"),
            field_row(self.skill_boxes.values(), lines["skills"], "A skill left at 0 is not on the sheet"),
            html("<b>Weapons</b>"),
            self.weapons_box,
            field_row([self.add_weapon_button], lines["weapons"]),
            field_row([self.armour_box], lines["armour"]),
            field_row([self.stamina_box], lines["stamina"]),
            field_row([self.physical_box], lines["physical"]),
            field_row([self.player_picker], lines["player"]),
        ])

    # -- weapons ------------------------------------------------------------------------------

    def add_weapon(self) -> WeaponRow:
        """One more weapon row (empty), checked live like every field."""
        weapon = WeaponRow(self.remove_weapon)
        self.watch(*weapon.controls)
        self.weapon_rows.append(weapon)
        self.weapons_box.children = tuple(self.weapon_rows)
        self.check()
        return weapon

    def remove_weapon(self, weapon: WeaponRow) -> None:
        """Take one weapon row off the sheet."""
        if weapon in self.weapon_rows:
            self.weapon_rows.remove(weapon)
            self.weapons_box.children = tuple(self.weapon_rows)
            weapon.close()
            self.check()

    # -- the sheet ----------------------------------------------------------------------------

    def _player(self) -> str:
        """Who plays the character: the player's own seat, or the GM's choice."""
        seat = seat_of(self.session)
        if seat is not None and not self.gm_view:
            return seat
        return str(self.player_picker.value or GM_CHOICE)

    def fields(self) -> dict[str, Any]:
        """``add_character``'s arguments as the controls give them."""
        return {
            "name": self.name_box.value,
            "attributes": {name: box.value for name, box in self.attribute_boxes.items()},
            "skills": {name: box.value for name, box in self.skill_boxes.items() if box.value != 0},
            "weapons": [row.weapon() for row in self.weapon_rows],
            "armour": self.armour_box.value, "stamina": self.stamina_box.value, "physical": self.physical_box.value,
            "player": self._player(),
        }

    def problems(self, fields: Mapping[str, Any], taken: Iterable[str]) -> dict[str, str]:
        """The sheet's problems (:func:`~kit.rollunder.creation.sheet_problems`)."""
        return sheet_problems(fields, list(taken))

    def reset(self) -> None:
        """An empty sheet: attributes at 5, no skills, no weapons, the default tracks."""
        with self.hold_sync():
            self.name_box.value = ""
            for box in self.attribute_boxes.values():
                box.value = START_ATTRIBUTE
            for box in self.skill_boxes.values():
                box.value = 0
            for weapon in list(self.weapon_rows):
                weapon.close()
            self.weapon_rows.clear()
            self.weapons_box.children = ()
            self.armour_box.value = 0
            self.stamina_box.value = START_TRACK
            self.physical_box.value = START_TRACK
            self.player_picker.value = self._gm_value()

    def _gm_value(self) -> str:
        """What "Played by" gives for the GM: the GM's name, or "GM" in a game that names none."""
        return getattr(self.session.game, "gm", "") or GM_CHOICE

    def seat_changed(self) -> None:
        """"Played by" is the GM's choice (the players and the GM); a player's character is their own."""
        game = self.session.game
        gm = self._gm_value()
        options = [(player, player) for player in getattr(game, "players", {}) or {}]
        options.append((f"GM ({gm})" if gm != GM_CHOICE else GM_CHOICE, gm))
        if list(self.player_picker.options) != options:
            keep = self.player_picker.value
            self.player_picker.options = options
            values = [value for _label, value in options]
            self.player_picker.value = keep if keep in values else gm
        self.player_picker.layout.display = None if self.gm_view else "none"


RollUnderCharacterBuilder = CharacterBuilder
"""The builder under the name ``kit.widgets`` exports it by (each system has its own ``CharacterBuilder``)."""
