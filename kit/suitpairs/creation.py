"""Character creation, field by field: the first problem with each field of a sheet (S-1).

:func:`sheet_problems` answers for a form what ``create_character`` answers for a call: the same
checks (the argument limits of G-2 and G-3, then :mod:`kit.suitpairs.character`'s rule), with
each problem in plain words beside the field it belongs to::

    >>> sheet_problems({"name": "Mira", "identity": "Baker", "strength": 6, "intelligence": 1,
    ...                 "dexterity": 1, "charisma": 2, "skills": ["Defy", "Analyze", "Stealth", "Help"]})
    {'strength': 'Strength is 6; no attribute may start above 5 (S-1)'}
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from kit.core.errors import RulesError
from kit.core.forms import first_problems, form_arguments
from kit.core.params import check_call
from kit.suitpairs.attributes import HIGHEST, Attribute
from kit.suitpairs.character import CREATION_MINIMUM, CREATION_POINTS, build_character, name_clash, written
from kit.suitpairs.game import SuitPairsGame
from kit.suitpairs.skills import Skill, find_skill, row

ACTION = "create_character"
"""The creation action whose arguments the fields are."""

ATTRIBUTE_FIELDS: dict[str, Attribute] = {attribute.title.lower(): attribute for attribute in Attribute}
"""Each attribute's field (``strength``) and its attribute, in the text's order."""

FIELDS = ("name", "identity", *ATTRIBUTE_FIELDS, "skills")
"""The fields of a sheet: ``create_character``'s parameters, in its order."""

LABELS = {"name": "The name", "identity": "The identity", "skills": "One of the skills",
          **{field: attribute.title for field, attribute in ATTRIBUTE_FIELDS.items()}}
"""How a message names each field."""

WRONG_KIND = {
    "name": "Write the character's name (S-1)",
    "identity": "Give an identity: a word or phrase saying who the character is, such as Baker or Fool (S-1)",
    "skills": "Choose one skill from each attribute's row (S-1)",
    **{field: f"Give {attribute.title} a whole number from {CREATION_MINIMUM} to {HIGHEST} (S-1)"
       for field, attribute in ATTRIBUTE_FIELDS.items()},
}
"""What to give when a field is missing or holds the wrong kind of value."""


def _attribute_problems(values: Mapping[str, Any]) -> dict[str, str]:
    """Each attribute's bounds, then the ten points (put beside every attribute still in bounds)."""
    problems: dict[str, str] = {}
    for field, value in values.items():
        title = ATTRIBUTE_FIELDS[field].title
        if value < CREATION_MINIMUM:
            problems[field] = f"{title} is {value}; every attribute needs at least {CREATION_MINIMUM} point (S-1)"
        elif value > HIGHEST:
            problems[field] = f"{title} is {value}; no attribute may start above {HIGHEST} (S-1)"
    if len(values) == len(ATTRIBUTE_FIELDS):
        total = sum(values.values())
        if total != CREATION_POINTS:
            message = (f"The attributes add up to {total} points; spend exactly {CREATION_POINTS} across "
                       f"the four (S-1)")
            problems |= {field: message for field in values if field not in problems}
    return problems


def _skills_problem(skills: list[Any]) -> str | None:
    """The first problem with the four trained skills: exactly one from each attribute's row (S-1)."""
    chosen: list[Skill] = []
    for text in skills:
        found = find_skill(text)
        if found is None:
            return "Every trained skill must be one of the sixteen skills (S-1)"
        if found in chosen:
            return f"{found.name} is chosen twice; choose four different skills, one from each row (S-1)"
        chosen.append(found)
    for attribute in Attribute:
        in_row = [skill.name for skill in chosen if skill.primary is attribute]
        if len(in_row) > 1:
            return (f"{' and '.join(in_row)} are both in the {attribute.label} row; choose exactly one skill "
                    "from each row (S-1)")
    for attribute in Attribute:
        if not any(skill.primary is attribute for skill in chosen):
            options = ", ".join(skill.name for skill in row(attribute))
            return f"Choose one skill from the {attribute.label} row: {options} (S-1)"
    return None


def _rule_problems(typed: Mapping[str, Any], taken: Collection[str]) -> dict[str, str]:
    """The creation rule's problems (S-1) with the fields whose kinds and limits are right."""
    problems: dict[str, str] = {}
    if "name" in typed:
        name = written(typed["name"])
        clash = name_clash(name, taken) if name is not None else None
        if name is None:
            problems["name"] = WRONG_KIND["name"]
        elif clash is not None:
            problems["name"] = f"A character named {clash} is already at the table: choose another name (S-1)"
    if "identity" in typed and written(typed["identity"]) is None:
        problems["identity"] = WRONG_KIND["identity"]
    problems |= _attribute_problems({field: typed[field] for field in ATTRIBUTE_FIELDS if field in typed})
    if "skills" in typed:
        skills = _skills_problem(typed["skills"])
        if skills is not None:
            problems["skills"] = skills
    return problems


def _confirmed(args: Mapping[str, Any], taken: Collection[str]) -> dict[str, str]:
    """Nothing, when the game's own checks accept the sheet; otherwise their refusal, put on the first field."""
    try:
        check_call(SuitPairsGame, ACTION, args)
        build_character(args["name"], args["identity"],
                        {attribute: args[field] for field, attribute in ATTRIBUTE_FIELDS.items()}, args["skills"])
    except RulesError as error:
        return {FIELDS[0]: f"The sheet is refused: {error.why} ({error.ruling})"}
    return {}


def sheet_problems(fields: Mapping[str, Any], taken: Collection[str] = ()) -> dict[str, str]:
    """Each field of a sheet (``create_character``'s parameters) mapped to the first problem with it; ``{}`` when legal.

    ``taken`` holds the names of the characters already at the table (a new name must differ,
    ignoring case). The sheet is legal exactly when ``create_character`` accepts these fields at
    a table holding those characters.
    """
    problems = first_problems(SuitPairsGame, ACTION, fields, LABELS, WRONG_KIND)
    args = form_arguments(SuitPairsGame, ACTION, fields)
    typed = {field: args[field] for field in FIELDS if field not in problems}
    problems |= {field: message for field, message in _rule_problems(typed, taken).items() if field not in problems}
    return problems or _confirmed(args, taken)
