"""Character creation, field by field: the first problem with each field of a sheet (R-1, R-5, R-6).

:func:`sheet_problems` answers for a form what ``add_character`` answers for a call: the same
checks (the argument limits of G-2 and G-3, then :mod:`kit.rollunder.sheet`'s reading of a
sheet), with each problem in plain words beside the field it belongs to::

    >>> sheet_problems({"name": "Artie", "attributes": {"Agility": 7, "Wits": 6, "Vitality": 6, "Reason": 5}})
    {'attributes': 'Give every attribute: Fate is missing (R-1)'}
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from kit.core.errors import RulesError
from kit.core.forms import first_problems, form_arguments
from kit.core.params import check_call
from kit.rollunder.game import RollUnderGame
from kit.rollunder.sheet import (
    BASE_ATTRIBUTES,
    BASE_SKILLS,
    DEFAULT_WEAPON_SKILL,
    SHEET_VALUE_MAX,
    TRACK_MAX,
    TRACK_MIN,
    WEAPON_KINDS,
    base_name,
    build_character,
    name_clash,
    same_name,
    written,
)

ACTION = "add_character"
"""The creation action whose arguments the fields are."""

FIELDS = ("name", "attributes", "skills", "weapons", "armour", "stamina", "physical", "player")
"""The fields of a sheet: ``add_character``'s parameters, in its order."""

LABELS = {"name": "The name", "attributes": "An attribute's name", "skills": "A skill's name",
          "weapons": "A weapon's name", "armour": "Armour", "stamina": "The stamina track",
          "physical": "The physical track", "player": "The player's name"}
"""How a message names each field."""

WRONG_KIND = {
    "name": "Write the character's name (R-1)",
    "attributes": f"Give each attribute a whole number from 0 to {SHEET_VALUE_MAX} (R-1)",
    "skills": f"Give each skill a whole number from 0 to {SHEET_VALUE_MAX} (R-1)",
    "weapons": f"Give each weapon a name, a damage of 0 to {SHEET_VALUE_MAX}, melee or ranged, and a skill (R-5)",
    "armour": f"Give armour a whole number from 0 to {SHEET_VALUE_MAX} (R-1)",
    "stamina": f"Give the stamina track {TRACK_MIN} to {TRACK_MAX} boxes (R-6)",
    "physical": f"Give the physical track {TRACK_MIN} to {TRACK_MAX} boxes (R-6)",
    "player": "Choose who plays the character (R-1)",
}
"""What to give when a field is missing or holds the wrong kind of value."""


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _values_problem(values: Any, kind: str, base: tuple[str, ...], required: bool) -> str | None:
    """The first problem with a sheet's attributes or skills: names written once each, values 0…30 (R-1)."""
    if not isinstance(values, Mapping):
        return WRONG_KIND[f"{kind}s"]
    seen: list[str] = []
    for name, value in values.items():
        clean = written(name)
        if clean is None:
            return f"Every {kind} needs a name (R-1)"
        canonical = base_name(clean, base)
        if any(same_name(other, canonical) for other in seen):
            return f"{canonical} is given twice (R-1)"
        seen.append(canonical)
        if not _whole(value) or not 0 <= value <= SHEET_VALUE_MAX:
            return f"{canonical} is {value}; an {kind} is 0 to {SHEET_VALUE_MAX} (R-1)" if _whole(value) \
                else f"Give {canonical} a whole number from 0 to {SHEET_VALUE_MAX} (R-1)"
    missing = [name for name in base if name not in seen] if required else []
    if missing:
        return f"Give every attribute: {', '.join(missing)} {'is' if len(missing) == 1 else 'are'} missing (R-1)"
    return None


def _known_skills(skills: Any) -> list[str]:
    """The skills a weapon may use: the text's, and the ones this sheet adds."""
    added = [base_name(str(written(name)), BASE_SKILLS) for name in (skills or {}) if written(name) is not None] \
        if isinstance(skills, Mapping) else []
    return [*BASE_SKILLS, *(name for name in added if name not in BASE_SKILLS)]


def _weapon_problem(index: int, weapon: Any, known: list[str]) -> tuple[str | None, str | None]:
    """A weapon's written name (or None) and the first problem with it (R-5), or None."""
    if not isinstance(weapon, Mapping):
        return None, f"Weapon {index}: {WRONG_KIND['weapons'][0].lower()}{WRONG_KIND['weapons'][1:]}"
    name = written(weapon.get("name"))
    if name is None:
        return None, f"Weapon {index} needs a name (R-5)"
    if weapon.get("kind", "melee") not in WEAPON_KINDS:
        return name, f"{name} is used in melee or ranged (R-5)"
    if not all(isinstance(weapon.get(flag, False), bool) for flag in ("familiarity", "unarmed")):
        return name, f"{name}: familiarity and unarmed are ticked or not (R-5)"
    skill = weapon.get("skill", DEFAULT_WEAPON_SKILL)
    if not isinstance(skill, str) or not any(same_name(skill, other) for other in known):
        return name, f"{name} must use a skill of the sheet, such as {DEFAULT_WEAPON_SKILL} (R-5)"
    damage = weapon.get("damage")
    if not _whole(damage):
        return name, f"{name} needs its damage, a whole number from 0 to {SHEET_VALUE_MAX} (R-5)"
    if not 0 <= damage <= SHEET_VALUE_MAX:
        return name, f"{name} does {damage} damage; a weapon's damage is 0 to {SHEET_VALUE_MAX} (R-5)"
    return name, None


def _weapons_problem(weapons: Any, skills: Any) -> str | None:
    """The first problem with a sheet's weapons: each named once, melee or ranged, a skill, damage 0…30 (R-5)."""
    if weapons is None:
        return None
    if not isinstance(weapons, list):
        return WRONG_KIND["weapons"]
    known = _known_skills(skills)
    names: list[str] = []
    for index, weapon in enumerate(weapons, start=1):
        name, problem = _weapon_problem(index, weapon, known)
        if problem is not None:
            return problem
        if any(same_name(str(name), other) for other in names):
            return f"Two weapons are named {name}: give each its own name (R-5)"
        names.append(str(name))
    return None


def _bounded(value: Any, field: str, low: int, high: int) -> str | None:
    if not _whole(value):
        return WRONG_KIND[field]
    if low <= value <= high:
        return None
    if field == "armour":
        return f"Armour is {value}; armour is 0 to {SHEET_VALUE_MAX} (R-1)"
    return f"{LABELS[field]} has {value} boxes; a track has {TRACK_MIN} to {TRACK_MAX} (R-6)"


def _rule_problems(typed: Mapping[str, Any], args: Mapping[str, Any], taken: Collection[str]) -> dict[str, str]:
    """The sheet's problems (R-1, R-5, R-6) with the fields whose kinds and limits are right."""
    found: dict[str, str | None] = {}
    if "name" in typed:
        name = written(typed["name"])
        clash = name_clash(name, taken) if name is not None else None
        found["name"] = WRONG_KIND["name"] if name is None else (
            f"A character named {clash} is already at the table: choose another name (R-1)" if clash else None)
    if "player" in typed:
        found["player"] = WRONG_KIND["player"] if written(typed["player"]) is None else None
    if "attributes" in typed:
        found["attributes"] = _values_problem(typed["attributes"], "attribute", BASE_ATTRIBUTES, True)
    if "skills" in typed:
        found["skills"] = _values_problem(typed["skills"] or {}, "skill", BASE_SKILLS, False)
    if "weapons" in typed:
        found["weapons"] = _weapons_problem(typed["weapons"], args.get("skills"))
    for field, low, high in (("armour", 0, SHEET_VALUE_MAX), ("stamina", TRACK_MIN, TRACK_MAX),
                             ("physical", TRACK_MIN, TRACK_MAX)):
        if field in typed:
            found[field] = _bounded(typed[field], field, low, high)
    return {field: message for field, message in found.items() if message is not None}


def _confirmed(args: Mapping[str, Any]) -> dict[str, str]:
    """Nothing, when the game's own checks accept the sheet; otherwise their refusal, put on the first field."""
    try:
        check_call(RollUnderGame, ACTION, args)
        build_character(args["name"], args["player"], args["attributes"], args["skills"], args["weapons"],
                        args["armour"], args["stamina"], args["physical"])
    except RulesError as error:
        return {FIELDS[0]: f"The sheet is refused: {error.why} ({error.ruling})"}
    return {}


def sheet_problems(fields: Mapping[str, Any], taken: Collection[str] = ()) -> dict[str, str]:
    """Each field of a sheet (``add_character``'s parameters) mapped to the first problem with it; ``{}`` when legal.

    ``taken`` holds the names of the characters already at the table (a new name must differ,
    ignoring case). The sheet is legal exactly when ``add_character`` accepts these fields at a
    table holding those characters.
    """
    problems = first_problems(RollUnderGame, ACTION, fields, LABELS, WRONG_KIND)
    args = form_arguments(RollUnderGame, ACTION, fields)
    if problems.get("weapons") == WRONG_KIND["weapons"] and isinstance(args.get("weapons"), list):
        problems["weapons"] = _weapons_problem(args["weapons"], args.get("skills")) or problems["weapons"]
    typed = {field: args[field] for field in FIELDS if field not in problems}
    problems |= {field: message for field, message in _rule_problems(typed, args, taken).items()
                 if field not in problems}
    return problems or _confirmed(args)
