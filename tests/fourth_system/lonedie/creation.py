"""Hero creation, field by field: the first problem with each field of a sheet (L-1), as ``add_hero`` finds it."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from fourth_system.lonedie.game import LoneDieGame
from fourth_system.lonedie.limits import KNACK_HIGH, KNACK_LOW
from kit.core.forms import first_problems, form_arguments

ACTION = "add_hero"
"""The creation action whose arguments the fields are."""

FIELDS = ("name", "knack")
"""The fields of a sheet: ``add_hero``'s parameters, in its order."""

LABELS = {"name": "The name", "knack": "The knack"}
"""How a message names each field."""

WRONG_KIND = {"name": "Write the hero's name (L-1)",
              "knack": f"Give the knack a whole number from {KNACK_LOW} to {KNACK_HIGH} (L-1)"}
"""What to give when a field is missing or holds the wrong kind of value."""


def sheet_problems(fields: Mapping[str, Any], taken: Collection[str] = ()) -> dict[str, str]:
    """Each field of a sheet mapped to its first problem; ``{}`` when ``add_hero`` takes it at a table of ``taken``."""
    problems = first_problems(LoneDieGame, ACTION, fields, LABELS, WRONG_KIND)
    args = form_arguments(LoneDieGame, ACTION, fields)
    if "name" not in problems:
        name = str(args["name"]).strip()
        if not name:
            problems["name"] = WRONG_KIND["name"]
        elif name.casefold() in {known.casefold() for known in taken}:
            problems["name"] = f"A hero named {name} is already at the table: choose another name (L-1)"
    if "knack" not in problems and not KNACK_LOW <= args["knack"] <= KNACK_HIGH:
        problems["knack"] = f"The knack is {args['knack']}; a knack is {KNACK_LOW} to {KNACK_HIGH} (L-1)"
    return problems
