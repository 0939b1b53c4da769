"""The readable code of a turn: ``game.flip("Ada", "Fisticuffs", target=8, minus=1)``.

A turn cell's source is written from its event: required parameters positionally, the others
by keyword, and parameters left at their defaults omitted. A rigged event reads
``game.rig("4H 8C", deck="fate").flip(...)``. The same function checks a file: a cell whose
source is not the canonical source of its event was edited by hand.
"""

from __future__ import annotations

import functools
import inspect
import re
from collections.abc import Mapping
from typing import Any

from kit.core.errors import MalformedInputError, UnknownNameError
from kit.core.events import Event
from kit.core.game import Game
from kit.core.sealing import CHAIN_LENGTH

_PLAIN_CODE = re.compile(r"^[^\s,]+$")


def py_literal(value: Any) -> str:
    """A Python literal for a JSON value, with double-quoted strings: ``["Ada", 8, True]``."""
    if type(value) is str:
        return _py_str(value)
    if value is None or isinstance(value, bool):
        return repr(value)
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return _py_str(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(py_literal(item) for item in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{py_literal(str(k))}: {py_literal(v)}" for k, v in value.items()) + "}"
    raise MalformedInputError(f"value {value!r}", "is not plain data (text, numbers, lists, objects)")


def _py_str(text: str) -> str:
    if text.isprintable() and '"' not in text and "\\" not in text:
        return f'"{text}"'
    out = ['"']
    for ch in text:
        if ch == "\\":
            out.append("\\\\")
        elif ch == '"':
            out.append('\\"')
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ch.isprintable():
            out.append(ch)
        elif ord(ch) < 0x100:
            out.append(f"\\x{ord(ch):02x}")
        elif ord(ch) < 0x10000:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(f"\\U{ord(ch):08x}")
    out.append('"')
    return "".join(out)


def actions_of(cls: type[Game]) -> list[str]:
    """The public actions of a system: methods ``name`` that have a ``_do_name`` handler."""
    return list(_signatures(cls))


@functools.cache
def _signatures(cls: type[Game]) -> dict[str, inspect.Signature]:
    names = sorted(
        name for name in dir(cls)
        if not name.startswith("_") and callable(getattr(cls, name, None)) and hasattr(cls, f"_do_{name}")
    )
    return {name: inspect.signature(getattr(cls, name)) for name in names}


def action_signature(cls: type[Game], action: str) -> inspect.Signature:
    """The signature of an action's public method (without ``self``)."""
    signatures = _signatures(cls)
    if action not in signatures:
        raise UnknownNameError(
            f"action {action!r}", f"is not an action of {cls.title or cls.system}",
            allowed=f"actions: {', '.join(signatures)}",
        )
    return signatures[action]


_POSITIONAL, _VAR_POSITIONAL, _VAR_KEYWORD, _KEYWORD_ONLY = range(4)
_PLAIN = (type(None), bool, int, str)
"""Defaults that :func:`_same` compares by value alone once the types are the same."""


@functools.cache
def _call_plan(cls: type[Game], action: str) -> tuple[tuple[str, int, bool, Any], ...]:
    """The parameters of an action's method (without ``self``), in order: name, kind, required, default."""
    kinds = {inspect.Parameter.VAR_POSITIONAL: _VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD: _VAR_KEYWORD,
             inspect.Parameter.KEYWORD_ONLY: _KEYWORD_ONLY}
    return tuple((name, kinds.get(parameter.kind, _POSITIONAL), parameter.default is inspect.Parameter.empty,
                  parameter.default)
                 for name, parameter in action_signature(cls, action).parameters.items() if name != "self")


@functools.cache
def _parameter_names(cls: type[Game], action: str) -> frozenset[str]:
    return frozenset(name for name, *_ in _call_plan(cls, action))


def check_call(action: Any, args: Any) -> None:
    """Refuse a call that is not an action's name and a mapping of its arguments by name (MalformedInputError).

    What a caller of ``append_turn`` or a table's turn passes, checked before anything is read,
    computed or written.
    """
    if not isinstance(action, str):
        raise MalformedInputError(f"action {_shown(action)}", "is not an action's name",
                                  allowed='Give the action\'s name as text, such as "check"')
    if not isinstance(args, Mapping):
        raise MalformedInputError(f"the arguments of {_shown(action)}: {_shown(args)}",
                                  "are not a mapping of parameter names to values",
                                  allowed='Pass a dict such as {"character": "Mira"}, or {} for an action that '
                                          "takes none")
    for name in args:
        if not isinstance(name, str):
            raise MalformedInputError(f"argument {_shown(name)} of {_shown(action)}",
                                      "is not a parameter's name: arguments are given by their names, as text",
                                      allowed='Pass a dict such as {"character": "Mira"}')


def _shown(value: Any, limit: int = 60) -> str:
    """A value a caller passed, for a message: its ``repr``, cut short."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def check_args(cls: type[Game], action: str, args: Mapping[str, Any]) -> None:
    """Refuse arguments that the action's method does not take, or required ones left out."""
    check_call(action, args)
    if action not in _signatures(cls):
        action_signature(cls, action)  # refuses the unknown action by name
    plan = _call_plan(cls, action)
    names = _parameter_names(cls, action)
    for name in args:
        if name not in names:
            raise MalformedInputError(
                f"argument {name!r} of {action}", "is not a parameter of that action",
                allowed=f"parameters: {', '.join(known for known, *_ in plan) or 'none'}",
            )
    for name, _kind, required, _default in plan:
        if required and name not in args:
            raise MalformedInputError(f"{action} without {name!r}", "that argument is required")


def _same(value: Any, default: Any) -> bool:
    if type(value) is not type(default) and not (isinstance(value, list) and isinstance(default, tuple)):
        return False
    return bool(value == list(default)) if isinstance(default, tuple) else bool(value == default)


def call_source(cls: type[Game], action: str, args: Mapping[str, Any]) -> str:
    """``flip("Ada", "Fisticuffs", target=8)``: the call, positional for required parameters."""
    check_args(cls, action, args)
    parts: list[str] = []
    keyword_only = False
    for name, kind, required, default in _call_plan(cls, action):
        if name not in args:
            continue
        value = args[name]
        if kind == _VAR_POSITIONAL:
            parts += [py_literal(item) for item in value]
        elif kind == _VAR_KEYWORD:
            parts += [f"{key}={py_literal(item)}" for key, item in value.items()]
        elif required and not keyword_only and kind != _KEYWORD_ONLY:
            parts.append(py_literal(value))
        elif not required and (value == default if type(value) is type(default) and type(default) in _PLAIN
                               else _same(value, default)):
            keyword_only = True
        else:
            keyword_only = True
            parts.append(f"{name}={py_literal(value)}")
    return f"{action}({', '.join(parts)})"


def rig_source(rig: Mapping[str, Any] | None) -> str:
    """``rig("4H 8C", deck="fate", dice=[6])`` for an event's rig, or ``""`` for none."""
    if not rig:
        return ""
    cards = rig.get("cards") or {}
    dice = rig.get("dice") or []
    if len(cards) > 1:
        raise MalformedInputError(
            f"rig on {len(cards)} decks at once", "Game.rig() names one deck a call",
            allowed="rig one deck an action",
        )
    parts: list[str] = []
    for deck, codes in cards.items():
        codes = [str(code) for code in codes]
        if all(_PLAIN_CODE.match(code) for code in codes):
            parts.append(py_literal(" ".join(codes)))
        else:
            parts.append(py_literal(codes))
        parts.append(f"deck={py_literal(deck)}")
    if dice:
        parts.append(f"dice={py_literal(list(dice))}")
    return f"rig({', '.join(parts)})"


def turn_source(cls: type[Game], event: Event) -> str:
    """The canonical source of a turn cell: ``game.sit("Ana").<rig>.<action>(...)``.

    The seat comes first when the turn was taken from one (P-1), then a practice game's rig.
    """
    parts = ["game"]
    proof = event.proof
    if proof is not None and "sealed" in proof:  # a seal: the sealer reveals its value (K-3)
        parts += [f"sit({py_literal(proof['by'])})", f"prove({proof['n']}, {py_literal(proof['value'])})",
                  f"seal({proof['sealed']})"]
        return ".".join(parts)
    if event.seat is not None:
        parts.append(f"sit({py_literal(event.seat)})")
    if proof is not None:  # a sealed game's proof of the seat (K-2)
        parts.append(f"prove({proof['n']}, {py_literal(proof['value'])}, {py_literal(proof['mac'])})")
    rig = rig_source(event.rig)
    if rig:
        parts.append(rig)
    if event.action == "declare":
        parts.append(f"declare({py_literal(event.args.get('action'))}, {py_literal(event.args.get('args'))}, "
                     f"at={py_literal(event.args.get('at'))})")
    else:
        parts.append(call_source(cls, event.action, event.args))
    return ".".join(parts)


def setup_source(cls: type[Game], seed: str, options: Mapping[str, Any], *, practice: bool = False,
                 players: Mapping[str, list[str]] | None = None, gm: str = "", version: int = 2,
                 sealing: Mapping[str, Any] | None = None, chapter: int = 1, follows: str | None = None,
                 checkpoint: Mapping[str, Any] | None = None) -> str:
    """The setup cell: import the registry and start the game with its seed, kind, roster and options.

    A later chapter's setup cell continues the game from its checkpoint (C-1). A version-1 file's
    setup cell names only the seed and the options that differ from their defaults.
    """
    extra = "".join(
        f", {name}={py_literal(value)}" for name, value in options.items()
        if name not in cls.default_options or not _same(value, cls.default_options[name])
    )
    if version >= 2:
        start = [f"seed={py_literal(seed)}"]
        if practice:
            start.append("practice=True")
        if players:
            start.append(f"players={py_literal(dict(players))}")
        if gm:
            start.append(f"gm={py_literal(gm)}")
        if sealing is not None:
            start.append('mode="sealed"')
            if "gm_sealer" in sealing:  # a version-3 game names who seals the GM's draws (K-3)
                start.append(f"gm_sealer={py_literal(sealing['gm_sealer'])}")
            if sealing["chain_length"] != CHAIN_LENGTH:
                start.append(f"chain_length={sealing['chain_length']}")
        if checkpoint is not None:
            start += [f"chapter={chapter}", f"follows={py_literal(follows)}", f"checkpoint={py_literal(checkpoint)}"]
            call = f"systems.continue_game({py_literal(cls.system)}, {', '.join(start)}{extra})"
        else:
            call = f"systems.new_game({py_literal(cls.system)}, {', '.join(start)}{extra})"
    else:
        call = f"systems.new_game({py_literal(cls.system)}, seed={py_literal(seed)}{extra})"
    return f"from kit import systems\n\ngame = {call}"


def setup_source_of(game: Game) -> str:
    """The setup cell of ``game``'s file: its start, in the format version its chain follows."""
    return setup_source(type(game), game.seed, game.options, practice=game.practice, players=game.players,
                        gm=game.gm, version=game.log.version,
                        sealing=game.sealing,
                        chapter=game.chapter.number, follows=game.chapter.follows,
                        checkpoint=game.chapter_checkpoint)
