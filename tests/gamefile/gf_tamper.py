"""Ways of editing a game notebook by hand, for the tamper tests (each returns the turn it hits)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from kit.core.events import Event, canonical_json, outcome_digest


def read(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def write(path: Path, nb: dict[str, Any]) -> None:
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def turn_cells(nb: dict[str, Any]) -> list[dict[str, Any]]:
    return nb["cells"][2:]


def _nudge(value: Any) -> tuple[Any, bool]:
    """Change the first number (or failing that, text) found in a JSON value."""
    if isinstance(value, bool):
        return (not value), True
    if isinstance(value, int):
        return value + 1, True
    if isinstance(value, dict):
        for key in sorted(value):
            changed, done = _nudge(value[key])
            if done:
                return {**value, key: changed}, True
    if isinstance(value, list):
        for i, item in enumerate(value):
            changed, done = _nudge(item)
            if done:
                return [*value[:i], changed, *value[i + 1:]], True
    if isinstance(value, str) and value:
        return value + "!", True
    return value, False


def rehash_from(nb: dict[str, Any], turn: int) -> None:
    """Recompute the hash chain from ``turn`` on, as a careful forger would (with the kit's own hash)."""
    cells = turn_cells(nb)
    meta = nb["metadata"]["kit"]
    version = meta["format_version"]
    start = meta.get("genesis", "0" * 64)
    prev = cells[turn - 2]["metadata"]["kit"]["event"]["hash"] if turn > 1 else start
    for cell in cells[turn - 1:]:
        event = cell["metadata"]["kit"]["event"]
        event["prev"] = prev
        event["hash"] = Event.from_dict(event).expected_hash(version)
        prev = event["hash"]
    meta["head"] = prev


def forge_outcome(path: Path, turn: int, *, rehash: bool) -> int:
    nb = read(path)
    event = turn_cells(nb)[turn - 1]["metadata"]["kit"]["event"]
    if "outcome_digest" in event:  # version 4 (G-8): the digest of another outcome
        event["outcome_digest"] = outcome_digest(canonical_json({"forged": event["outcome_digest"]}))
    else:
        event["outcome"], done = _nudge(event["outcome"])
        assert done
    if rehash:
        rehash_from(nb, turn)
    write(path, nb)
    return turn


def edit_argument_in_source(path: Path, turn: int) -> int:
    nb = read(path)
    cell = turn_cells(nb)[turn - 1]
    source = "".join(cell["source"])
    edited = re.sub(r"\d+", lambda m: str(int(m.group()) + 1), source, count=1)
    if edited == source:
        edited = re.sub(r'"([^"]*)"', r'"\1x"', source, count=1)
    assert edited != source
    cell["source"] = edited
    write(path, nb)
    return turn


def edit_output(path: Path, turn: int) -> int:
    nb = read(path)
    data = turn_cells(nb)[turn - 1]["outputs"][0]["data"]
    for key in ("text/plain", "text/html"):
        text = "".join(data[key])
        data[key] = text.replace("1", "2", 1) if "1" in text else text + " (edited)"
    write(path, nb)
    return turn


def edit_html_only(path: Path, turn: int) -> int:
    nb = read(path)
    data = turn_cells(nb)[turn - 1]["outputs"][0]["data"]
    data["text/html"] = "".join(data["text/html"]).replace("</div>", " </div>", 1)
    write(path, nb)
    return turn


def swap_turns(path: Path, turn: int) -> int:
    nb = read(path)
    first, second = turn + 1, turn + 2  # header and setup come first
    nb["cells"][first], nb["cells"][second] = nb["cells"][second], nb["cells"][first]
    write(path, nb)
    return turn


def remove_turn(path: Path, turn: int) -> int:
    nb = read(path)
    del nb["cells"][turn + 1]
    write(path, nb)
    return turn


def remove_last_turn(path: Path) -> int:
    nb = read(path)
    turns = len(turn_cells(nb))
    nb["cells"].pop()
    write(path, nb)
    return turns


def change_turn_count(path: Path, delta: int) -> int:
    nb = read(path)
    turns = nb["metadata"]["kit"]["turns"]
    nb["metadata"]["kit"]["turns"] = turns + delta
    write(path, nb)
    return turns + 1 if delta > 0 else turns + delta + 1
