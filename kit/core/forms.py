"""A form over one action: each field's value checked the way the action checks that argument (G-2, G-3).

A character builder shows, beside each field, the first problem with it. The type, length and
character limits every argument has (:mod:`kit.core.params`) come first, one field at a time;
a system's own creation rule follows (``kit/<system>/creation.py``). Messages here are plain
words for the person filling in the form, each citing its ruling.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kit.core.errors import RulesError
from kit.core.params import argument_problem, plans


def form_arguments(cls: type, action: str, fields: Mapping[str, Any]) -> dict[str, Any]:
    """The action's arguments a form's fields make: the fields given, the defaults for those left out."""
    plan = plans(cls)[action]
    return {**plan.defaults, **{key: value for key, value in fields.items() if key in plan.checks}}


def field_errors(cls: type, action: str, fields: Mapping[str, Any]) -> dict[str, RulesError | None]:
    """Each field's refusal by the action's annotations, or None; a required field left out maps to None too.

    Only the action's parameters are looked at (see :func:`unknown_fields` for the others); the
    check is :func:`kit.core.params.argument_problem`, exactly what the action runs on that argument.
    """
    plan = plans(cls)[action]
    args = form_arguments(cls, action, fields)
    return {name: argument_problem(cls, action, name, args[name]) if name in args else None for name in plan.checks}


def missing_fields(cls: type, action: str, fields: Mapping[str, Any]) -> list[str]:
    """The action's required parameters the form leaves out."""
    return [name for name in plans(cls)[action].required if name not in fields]


def unknown_fields(cls: type, action: str, fields: Mapping[str, Any]) -> list[str]:
    """The form's fields that are no parameter of the action (the action refuses them, G-3)."""
    checks = plans(cls)[action].checks
    return [key for key in fields if not isinstance(key, str) or key not in checks]


def limit_message(error: RulesError, label: str) -> str | None:
    """Plain words for a refusal of text limits or list sizes: ``The name is 61 characters long; … (G-2)``.

    None for any other refusal (a value of the wrong kind), which the caller words for its field.
    """
    why = error.why
    if error.ruling == "G-2" or why.startswith("holds "):
        return f"{label} {why} ({error.ruling})"
    return None


def first_problems(cls: type, action: str, fields: Mapping[str, Any], labels: Mapping[str, str],
                   wrong_kind: Mapping[str, str]) -> dict[str, str]:
    """The problems every form over the action has before its rules: unknown, missing and ill-typed fields.

    ``labels`` names each field for a message (``"The name"``); ``wrong_kind`` says what to give
    when a field is missing or holds the wrong kind of value (``"Write the character's name (F-14)"``).
    """
    problems: dict[str, str] = {}
    for key in unknown_fields(cls, action, fields):
        problems[str(key)] = "A character sheet has no such field (G-3)"
    for name in missing_fields(cls, action, fields):
        problems[name] = wrong_kind[name]
    for name, error in field_errors(cls, action, fields).items():
        if error is not None and name not in problems:
            problems[name] = limit_message(error, labels[name]) or wrong_kind[name]
    return problems
