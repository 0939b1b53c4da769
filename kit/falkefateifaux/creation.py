"""Character creation, field by field: the first problem with each field of a sheet (F-14).

:func:`sheet_problems` answers for a form what ``add_character`` answers for a call: the same
checks (the argument limits of G-2 and G-3, then :mod:`kit.falkefateifaux.character`'s rule),
with each problem in plain words beside the field it belongs to::

    >>> sheet_problems({"name": "Ada", "high_concept": "Heiress", "trouble": "Debts",
    ...                 "adverbs": ["swiftly", "boldly", "gently"], "negative_adverb": "clumsily",
    ...                 "great": "Athletics", "good": ["Fisticuffs", "Magic", "Courage"], "poor": "Magic"})
    {'poor': 'The Poor skill must differ from the Great and Good skills (F-14)'}
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from kit.core.errors import RulesError
from kit.core.forms import first_problems, form_arguments
from kit.core.params import check_call
from kit.falkefateifaux.character import build_character, name_clash, written
from kit.falkefateifaux.game import FalkeFateiFauxGame
from kit.falkefateifaux.skills import SKILLS, skill_name

ACTION = "add_character"
"""The creation action whose arguments the fields are."""

FIELDS = ("name", "high_concept", "trouble", "adverbs", "negative_adverb", "great", "good", "poor", "npc")
"""The fields of a sheet: ``add_character``'s parameters, in its order."""

LABELS = {
    "name": "The name", "high_concept": "The High Concept", "trouble": "The Trouble",
    "adverbs": "One of the positive adverbs", "negative_adverb": "The negative adverb", "great": "The Great skill",
    "good": "One of the Good skills", "poor": "The Poor skill", "npc": "The NPC mark",
}
"""How a message names each field."""

WRONG_KIND = {
    "name": "Write the character's name (F-14)",
    "high_concept": "Write a High Concept (F-14)",
    "trouble": "Write a Trouble (F-14)",
    "adverbs": "Write three positive adverbs (F-14)",
    "negative_adverb": "Write one negative adverb (F-14)",
    "great": "Exactly one skill must be Great: choose it from the sixteen skills (F-14)",
    "good": "Exactly three skills must be Good: choose them from the sixteen skills (F-14)",
    "poor": "Exactly one skill must be Poor: choose it from the sixteen skills (F-14)",
    "npc": "Mark the character as an NPC or not (F-1)",
}
"""What to give when a field is missing or holds the wrong kind of value."""


def _skill(text: object) -> str | None:
    """The skill's proper name, or None when ``text`` names none of the sixteen."""
    try:
        return skill_name(text)  # type: ignore[arg-type]
    except RulesError:
        return None


def _name_problem(value: object, taken: Collection[str]) -> str | None:
    name = written(value)
    if name is None:
        return WRONG_KIND["name"]
    clash = name_clash(name, taken)
    if clash is not None:
        return f"A character named {clash} is already at the table: choose another name (F-14)"
    return None


def _adverb_problems(adverbs: list[Any], negative: object) -> dict[str, str]:
    problems: dict[str, str] = {}
    positive = [written(adverb) for adverb in adverbs]
    if any(adverb is None for adverb in positive) or len(positive) < 3:
        problems["adverbs"] = WRONG_KIND["adverbs"]
    elif len(positive) > 3:
        problems["adverbs"] = "A character has exactly three positive adverbs (F-14)"
    elif len({str(adverb).lower() for adverb in positive}) != 3:
        problems["adverbs"] = "The three positive adverbs must all be different (F-14)"
    other = written(negative)
    if other is None:
        problems["negative_adverb"] = WRONG_KIND["negative_adverb"]
    elif other.lower() in {str(adverb).lower() for adverb in positive if adverb is not None}:
        problems["negative_adverb"] = "The negative adverb must differ from the positive ones (F-14)"
    return problems


def _skill_problems(great: object, good: list[Any], poor: object) -> dict[str, str]:
    problems: dict[str, str] = {}
    top, middle, bottom = _skill(great), [_skill(skill) for skill in good], _skill(poor)
    if top is None:
        problems["great"] = WRONG_KIND["great"]
    known = [skill for skill in middle if skill is not None]
    if len(known) != len(middle) or len(middle) < 3:
        problems["good"] = WRONG_KIND["good"]
    elif len(middle) > 3:
        problems["good"] = "Exactly three skills must be Good, no more (F-14)"
    elif len(set(known)) != 3:
        problems["good"] = "The three Good skills must all be different (F-14)"
    elif top in known:
        problems["good"] = f"{top} is the Great skill: a Good skill must be another one (F-14)"
    if bottom is None:
        problems["poor"] = WRONG_KIND["poor"]
    elif bottom == top or bottom in known:
        problems["poor"] = "The Poor skill must differ from the Great and Good skills (F-14)"
    return problems


def _rule_problems(args: Mapping[str, Any], taken: Collection[str]) -> dict[str, str]:
    """The creation rule's problems (F-14), for arguments whose kinds and limits are right."""
    problems: dict[str, str] = {}
    name = _name_problem(args["name"], taken)
    if name is not None:
        problems["name"] = name
    for field in ("high_concept", "trouble"):
        if written(args[field]) is None:
            problems[field] = WRONG_KIND[field]
    problems |= _adverb_problems(args["adverbs"], args["negative_adverb"])
    problems |= _skill_problems(args["great"], args["good"], args["poor"])
    return problems


def _confirmed(args: Mapping[str, Any], taken: Collection[str]) -> dict[str, str]:
    """Nothing, when the game's own checks accept the sheet; otherwise their refusal, put on the first field."""
    try:
        check_call(FalkeFateiFauxGame, ACTION, args)
        ch = build_character(**args)
    except RulesError as error:
        return {FIELDS[0]: f"The sheet is refused: {error.why} ({error.ruling})"}
    clash = name_clash(ch.name, taken)
    return {} if clash is None else {"name": _name_problem(ch.name, taken) or WRONG_KIND["name"]}


def sheet_problems(fields: Mapping[str, Any], taken: Collection[str] = ()) -> dict[str, str]:
    """Each field of a sheet (``add_character``'s parameters) mapped to the first problem with it; ``{}`` when legal.

    ``taken`` holds the names of the characters already at the table (a new name must differ,
    case-insensitively). The sheet is legal exactly when ``add_character`` accepts these fields
    at a table holding those characters.
    """
    problems = first_problems(FalkeFateiFauxGame, ACTION, fields, LABELS, WRONG_KIND)
    args = form_arguments(FalkeFateiFauxGame, ACTION, fields)
    typed = {field: args[field] for field in FIELDS if field not in problems}
    problems |= {field: message for field, message in _partial_rules(typed, taken).items() if field not in problems}
    return problems or _confirmed(args, taken)


def _partial_rules(typed: Mapping[str, Any], taken: Collection[str]) -> dict[str, str]:
    """The rule's problems with the fields whose kinds and limits are right (the others are problems already)."""
    filler = {"name": "", "high_concept": "", "trouble": "", "adverbs": [], "negative_adverb": "",
              "great": "", "good": [], "poor": "", "npc": False}
    found = _rule_problems({**filler, **typed}, taken)
    return {field: message for field, message in found.items() if field in typed}


SKILL_NAMES: tuple[str, ...] = tuple(SKILLS)
"""The sixteen skills a sheet chooses from, in the text's order (for a form's choices)."""
