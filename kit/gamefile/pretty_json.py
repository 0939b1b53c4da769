"""Indented JSON as nbformat writes a notebook, with the large parts that repeat from turn to turn remembered.

A game file's header cell and notebook metadata are written as ``json.dumps(value, indent=1,
sort_keys=True, separators=(",", ": "), ensure_ascii=False)`` writes them. Python encodes
indented JSON in Python, not in C, so re-encoding a chapter's metadata (its checkpoint is
kilobytes of state) twice a turn was a third of a turn's cost. The metadata changes little from
one turn to the next: the checkpoint and the table's start not at all. :func:`indented_json`
gives the same text, byte for byte, encoding each object member afresh only when its value
changed: a large value's indented text is remembered under its compact JSON, which the C
encoder writes many times faster and which names the value exactly (the same compact text
is the same JSON value, so the same indented text).
"""

from __future__ import annotations

import json
import threading
from typing import Any

REMEMBERED_FROM = 256
"""A member whose compact JSON is at least this long has its indented text remembered."""
REMEMBERED_CHARACTERS = 4_000_000
"""How much text (compact and indented, together) is remembered at most; the oldest goes first.

A value larger than a quarter of it is never remembered, so what is kept stays bounded whatever
a file holds.
"""

_compact = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode
_plain = json.JSONEncoder(indent=1, sort_keys=True, separators=(",", ": "), ensure_ascii=False).encode
_key_text = json.JSONEncoder(ensure_ascii=False).encode
_remembered: dict[str, str] = {}
_remembered_size = 0
_remembering = threading.Lock()


def plain_indented_json(value: Any) -> str:
    """``value`` as one-space-indented JSON with sorted keys and UTF-8 text: nbformat's layout, encoded afresh."""
    return _plain(value)


def indented_json(value: Any) -> str:
    """The text :func:`plain_indented_json` gives for ``value``, its large unchanged members not encoded again."""
    if not isinstance(value, (dict, list)) or not value:
        return _plain(value)
    return _remembered_text(value)


def _is_object(value: Any) -> bool:
    """A non-empty JSON object with text keys: written here member by member."""
    return isinstance(value, dict) and bool(value) and all(type(key) is str for key in value)


def _object_text(value: dict[str, Any]) -> str:
    members = (f"{_key_text(key)}: {_member(value[key])}" for key in sorted(value))
    return "{\n " + ",\n ".join(members) + "\n}"


def _member(value: Any) -> str:
    """An object member's indented text as it stands one level in (every line after the first one space in)."""
    if not isinstance(value, (dict, list)) or not value:
        return _plain(value)
    return _remembered_text(value).replace("\n", "\n ")


def _remembered_text(value: dict[str, Any] | list[Any]) -> str:
    """A non-empty object's or list's indented text: remembered when large, an object's built member by member."""
    key = _compact(value)
    if len(key) < REMEMBERED_FROM:
        return _plain(value)
    text = _remembered.get(key, "")
    if not text:
        text = _object_text(value) if _is_object(value) else _plain(value)  # type: ignore[arg-type]
        _remember(key, text)
    return text


def _remember(key: str, text: str) -> None:
    """Keep ``text`` under ``key``, the oldest texts let go while the whole would pass the bound."""
    global _remembered_size
    size = len(key) + len(text)
    if size > REMEMBERED_CHARACTERS // 4:
        return
    with _remembering:
        while _remembered and _remembered_size + size > REMEMBERED_CHARACTERS:
            oldest = next(iter(_remembered))
            _remembered_size -= len(oldest) + len(_remembered.pop(oldest))
        if key not in _remembered:
            _remembered[key] = text
            _remembered_size += size


__all__ = ["indented_json", "plain_indented_json"]
