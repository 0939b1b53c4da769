"""Seeded mutations of game notebooks, for the fuzz test of the reading path (test_gf_fuzz).

Every generator takes a game file (:class:`Base`) and a seeded ``random.Random`` and makes one
:class:`Case`: the bytes of a damaged or forged copy, with what the test may expect of it.
Byte-level damage (flips, truncations, cut or doubled chunks) works on the file's bytes; the
structural ones parse the file, change the JSON (delete, duplicate, swap, retype, replace with
a hostile value) and write it again, some with values only JSON text can hold: integers of
more than 4,300 digits, NaN and Infinity, nesting 100,000 levels deep (see :meth:`Mutant.raw`).

A *forger* (:func:`reseal`) then recomputes what the kit's own code can recompute — the
genesis, every event's hash, the head (level 1), and the header's counts, the header cell
and the setup cell (level 2) — so that a changed value gets past the hash checks and reaches
the replay, where the rules read it.
"""

from __future__ import annotations

import functools
import json
import marshal
import random
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import Any

from kit.core.events import GENESIS_HASH, canonical_json, chain_hash, genesis_hash, hash_v4, hash_v5, optional_json
from kit.core.randomness import seed_commitment

ROOT = Path(__file__).resolve().parents[2]
BASE_FILES = sorted((ROOT / "notebooks" / "games").glob("*-sample.ipynb")) + sorted(
    (Path(__file__).resolve().parent / "v1").glob("*.ipynb")) + sorted(
    (Path(__file__).resolve().parent / "v2").glob("*.ipynb")) + [
    ROOT / "tests" / "sealed" / "v3" / "suitpairs-sealed-v3.ipynb",
    ROOT / "tests" / "sealed" / "v5" / "suitpairs-sealed-v5.ipynb"]
"""The three sample games (format 4), their version-1 and version-2 copies, and a sealed game of versions 3 and 5."""

_RAW = "@@fuzz-raw-{}@@"
_RAW_TEXT = re.compile(r'"@@fuzz-raw-(\d+)@@"')


@dataclass(frozen=True, repr=False)
class Base:
    """One intact game file to mutate."""

    name: str
    path: Path
    data: bytes

    def __repr__(self) -> str:
        return f"Base({self.name!r})"

    @cached_property
    def notebook(self) -> dict[str, Any]:
        """The file as JSON."""
        return json.loads(self.data)

    @cached_property
    def frozen(self) -> bytes:
        """The file as JSON, marshalled: copies are made from it."""
        return marshal.dumps(self.notebook)

    @cached_property
    def version(self) -> int:
        """The file's format version."""
        return int(self.notebook["metadata"]["kit"]["format_version"])


@functools.cache
def bases() -> tuple[Base, ...]:
    """The files every mutation starts from (named ``games/suitpairs-sample``, ``v1/suitpairs-sample`` …)."""
    return tuple(Base(f"{path.parent.name}/{path.stem}", path, path.read_bytes()) for path in BASE_FILES)


def base(name: str) -> Base:
    """The base file of that name."""
    return next(found for found in bases() if found.name == name)


@dataclass(frozen=True, repr=False)
class Case:
    """One mutated file and what may be expected of it.

    ``resealed``: a forger recomputed hashes after the change, so the file may verify as a
    different game (its head then differs from the original's, which the codes posted in the
    thread show); otherwise a file that verifies must hold the original's play. ``strict``:
    no game can come out of it (a truncation), so it must never verify. ``heavy``: huge numbers,
    deep nesting or long lists (memory is traced for these where the resident peak cannot be read).
    """

    name: str
    data: bytes
    kind: str
    resealed: bool = False
    strict: bool = False
    heavy: bool = False
    base: str = ""

    def __repr__(self) -> str:
        return f"Case({self.name!r}, {len(self.data)} bytes)"


# -- hostile values --------------------------------------------------------------------------

SURROGATES = ("\ud800", "\udfff", "a\udbffb", "\udc00Ada", "Ada\ud83d")
HUGE = (10**30, 10**9, -(10**9), 2**63, -(2**63), 10**6 + 1, 4 * 10**9)
RESERVED_OPTIONS = ("seed", "self", "practice", "players", "gm", "cls", "options", "__class__", "", "**")
KEY_NAMES = ("index", "action", "args", "outcome", "outcome_digest", "prev", "hash", "rig", "seat", "cards", "dice",
             "kit", "event", "source", "outputs", "id", "format", "players", "options", "plus", "minus", "character",
             "self")


@dataclass
class Mutant:
    """The working copy of one case: the parsed file, changed in place, and raw JSON texts to put in it."""

    base: Base
    rng: random.Random
    notebook: Any = None
    raw_texts: list[str] = field(default_factory=list)
    heavy: bool = False
    compact: bool = False

    def __post_init__(self) -> None:
        if self.notebook is None:
            self.notebook = marshal.loads(self.base.frozen)  # a fresh copy, three times faster than json.loads

    def raw(self, text: str) -> str:
        """A stand-in for JSON text that no Python value writes (``NaN``, 5,000 digits, deep nesting)."""
        self.raw_texts.append(text)
        if len(text) > 1000:
            self.heavy = True
        return _RAW.format(len(self.raw_texts) - 1)

    # -- where things are ------------------------------------------------------------------

    @property
    def kit(self) -> dict[str, Any]:
        """The notebook's kit metadata (the header)."""
        return self.notebook["metadata"]["kit"]

    def events(self) -> list[dict[str, Any]]:
        """Every turn cell's event."""
        return events_of(self.notebook)

    def event(self, action: str | None = None, with_key: str | None = None) -> dict[str, Any]:
        """A random event (of ``action``, or with argument ``with_key``, when the file has one)."""
        events = self.events()
        chosen = [e for e in events if (action is None or e["action"] == action)
                  and (with_key is None or with_key in e["args"])]
        return self.rng.choice(chosen or events)

    def dumps(self) -> bytes:
        """The file's bytes: JSON (indented like nbformat, or compact), raw texts put in."""
        # Mostly compact, which the C encoder writes: the indenting encoder is slow (and recursive).
        indent = 1 if not (self.compact or self.heavy) and self.rng.random() < 0.03 else None
        with deep_recursion():
            try:
                text = json.dumps(self.notebook, indent=indent, ensure_ascii=self.rng.random() < 0.3)
                data = text.encode("utf-8")
            except UnicodeEncodeError:  # a lone surrogate: written as a JSON escape, as "\ud800"
                text = json.dumps(self.notebook, indent=indent, ensure_ascii=True)
                data = text.encode("utf-8")
        if self.raw_texts:
            text = _RAW_TEXT.sub(lambda found: self.raw_texts[int(found.group(1))], data.decode("utf-8"))
            data = text.encode("utf-8")
        return data


def events_of(notebook: Any) -> list[dict[str, Any]]:
    """The event of every cell that holds one (as a dict), in file order."""
    cells = notebook.get("cells") if isinstance(notebook, dict) else None
    out = []
    for cell in cells if isinstance(cells, list) else []:
        meta = cell.get("metadata") if isinstance(cell, dict) else None
        kit = meta.get("kit") if isinstance(meta, dict) else None
        event = kit.get("event") if isinstance(kit, dict) else None
        if isinstance(event, dict):
            out.append(event)
    return out


@contextmanager
def deep_recursion(limit: int = 20_000) -> Iterator[None]:
    """Let the C JSON encoder and the forger's hashing write values nested a few thousand levels."""
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, limit))
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


def nested(depth: int, kind: str = "[", leaf: Any = 1) -> Any:
    """A Python value nested ``depth`` levels deep: lists (``[``) or objects (``{``)."""
    value = leaf
    for _ in range(depth):
        value = [value] if kind == "[" else {"a": value}
    return value


def nested_text(depth: int, kind: str = "[") -> str:
    """JSON text nested ``depth`` levels deep (too deep for any Python value to be written by json.dumps)."""
    if kind == "[":
        return "[" * depth + "]" * depth
    return '{"a":' * depth + "1" + "}" * depth


def hostile(m: Mutant) -> Any:
    """A value a hostile file might hold anywhere: huge, deep, not a number, not text, a lone surrogate …"""
    rng = m.rng
    pick = rng.randrange(22)
    if pick == 0:
        return rng.choice(HUGE)
    if pick == 1:
        return m.raw(rng.choice(("NaN", "Infinity", "-Infinity")))
    if pick == 2:
        return m.raw("9" * rng.choice((4301, 5000, 20_000)))  # more digits than int() reads
    if pick == 3:
        return m.raw("-" + "7" * 4299)  # just under the limit: read, but not to be printed after arithmetic
    if pick == 4:
        return m.raw(nested_text(rng.choice((1000, 100_000)), rng.choice("[{")))
    if pick == 5:
        m.heavy = True
        return nested(rng.randrange(100, 900), rng.choice("[{"), rng.choice((1, "Ada", None)))
    if pick == 6:
        return rng.choice(SURROGATES)
    if pick == 7:
        m.heavy = True
        return rng.choice(("x" * 100_000, "Ada\n" * 1000, "<b>" * 5000))
    if pick == 8:
        return rng.choice(("", " ", "\x00", "line\nbreak", "\u202eAda", "\ufeff", "Ada ", "x" * 61))
    if pick == 9:
        return rng.choice((1e308, -0.0, 0.5, 2.0, 1e-320))
    if pick == 10:
        return rng.choice(([], {}, None, True, False, 0, -1, 1))
    if pick == 11:
        m.heavy = True
        return rng.choice(([6] * 10**5, ["4H"] * 10**5, {f"k{i}": i for i in range(10**4)}))
    if pick == 12:
        return rng.choice(("Ada", "Bruno", "Mira", "Artie", "fate", "magic", "4H", "JR", "Fisticuffs", "Hard"))
    if pick == 13:
        return rng.choice(("__class__", "os.system('x')", "{{7*7}}", "<script>x</script>", "$(rm -rf /)"))
    if pick == 14:
        return [rng.choice(HUGE), "Ada", None]
    if pick == 15:
        return {rng.choice(KEY_NAMES): hostile_leaf(m)}
    if pick == 16:
        return m.raw(rng.choice(("1E400", "-1E400", "1e-400", "0.1e1", "-0", "1.0")))
    if pick == 17:
        return "0" * 64 if rng.random() < 0.5 else "F" * 64
    if pick == 18:
        return m.raw('"\\ud800\\udc00\\udfff"')
    if pick == 19:
        return 10**rng.randrange(3, 40) * rng.choice((1, -1))
    if pick == 20:
        return rng.randrange(-3, 50)
    return hostile_leaf(m)


def hostile_leaf(m: Mutant) -> Any:
    """A small hostile value that is not a container."""
    return m.rng.choice((*HUGE, *SURROGATES, "", None, True, -1, 0.5, "\x00", "Ada"))


def retyped(value: Any, rng: random.Random) -> Any:
    """``value`` as another JSON type (str ↔ int ↔ list ↔ dict ↔ null ↔ bool ↔ float)."""
    kinds = ["str", "int", "list", "dict", "null", "bool", "float"]
    current = {str: "str", int: "int", list: "list", dict: "dict", type(None): "null", bool: "bool",
               float: "float"}.get(type(value), "str")
    kinds.remove(current)
    kind = rng.choice(kinds)
    if kind == "str":
        return value if isinstance(value, str) else json.dumps(value)[:100]
    if kind == "int":
        if isinstance(value, (int, float)):
            return int(value)
        return len(value) if isinstance(value, (str, list, dict)) else 1
    if kind == "list":
        return list(value.values()) if isinstance(value, dict) else [value]
    if kind == "dict":
        return dict(enumerate(value)) if isinstance(value, list) else {"value": value}
    if kind == "null":
        return None
    if kind == "bool":
        return bool(value)
    return float(value) if isinstance(value, (int, float)) and abs(value) < 1e300 else 1.5


# -- walking the JSON ----------------------------------------------------------------------


def slots(value: Any) -> list[tuple[Any, Any]]:
    """Every (container, key or index) pair under ``value``, the value itself excluded."""
    out: list[tuple[Any, Any]] = []
    stack = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            for key, child in node.items():
                out.append((node, key))
                stack.append(child)
        elif isinstance(node, list):
            for index, child in enumerate(node):
                out.append((node, index))
                stack.append(child)
    return out


def structural_edit(m: Mutant, container: Any, key: Any) -> str:
    """One edit of ``container[key]``: delete, duplicate, swap, retype, rename or replace with a hostile value."""
    rng = m.rng
    op = rng.choice(("delete", "duplicate", "swap", "retype", "retype", "rename", "hostile", "hostile"))
    if op == "delete":
        del container[key]
    elif op == "duplicate":
        if isinstance(container, list):
            container.insert(key, json.loads(json.dumps(container[key])))
        else:
            container[rng.choice(KEY_NAMES)] = json.loads(json.dumps(container[key]))
    elif op == "swap":
        keys = list(container) if isinstance(container, dict) else list(range(len(container)))
        other = rng.choice(keys)
        container[key], container[other] = container[other], container[key]
    elif op == "retype":
        container[key] = retyped(container[key], rng)
    elif op == "rename" and isinstance(container, dict):
        container[rng.choice(KEY_NAMES) + rng.choice(("", "_", "2"))] = container.pop(key)
    else:
        op = "hostile"
        container[key] = hostile(m)
    return op


# -- the forger ------------------------------------------------------------------------------


def forged_genesis(kit: dict[str, Any]) -> str:
    """The genesis the header's start gives, computed as ``Game.start_record`` does but without building a game."""
    from kit import systems

    cls = systems.get_system(kit["system"])
    start = {
        "system": cls.system, "seed_commitment": seed_commitment(kit["seed"]), "practice": kit["practice"],
        "options": {**cls.default_options, **kit["options"]},
        "players": dict(sorted(kit["players"].items())), "gm": kit["gm"], "mode": "open",
        "chapter": {"number": 1, "follows": None, "checkpoint": None},
    }
    if kit.get("mode") == "sealed":
        start.update(mode="sealed", sealing=dict(kit["sealing"]))
    return genesis_hash(start)


def reseal(notebook: Any, level: int) -> None:
    """Recompute what a careful forger can, with the kit's own functions; what cannot be computed is left as it is.

    Level 1: the genesis (format 2), every event's ``prev`` and ``hash``, the head. Level 2 also
    the turn count, game id, seed commitment, the header cell and the setup cell.
    """
    meta = notebook.get("metadata") if isinstance(notebook, dict) else None
    kit = meta.get("kit") if isinstance(meta, dict) else None
    if level <= 0 or not isinstance(kit, dict):
        return
    version = kit.get("format_version")
    with deep_recursion():
        prev = _attempt(lambda: forged_genesis(kit)) if version != 1 else GENESIS_HASH
        if version != 1:
            kit["genesis"] = prev if prev is not None else kit.get("genesis")
        events = events_of(notebook)
        for event in events:
            event["prev"] = prev
            digest = _attempt(lambda event=event: _forged_hash(version, event))
            if digest is not None:
                event["hash"] = digest
            prev = event.get("hash")
        kit["head"] = prev
        if level >= 2:
            _reseal_header(notebook, kit, len(events))


_TEXTS: dict[bytes, tuple[str, str, str]] = {}
"""The canonical texts of events' args, outcome and rig, by event (most events of most cases are a base file's)."""


def _forged_hash(version: Any, event: dict[str, Any]) -> str:
    """The hash the kit computes for ``event`` (its ``prev`` set), from texts remembered for small events."""
    content = {key: value for key, value in event.items() if key not in ("hash", "prev")}
    try:
        key = marshal.dumps(content)  # type-exact: True, 1 and 1.0 are three keys
    except ValueError:  # nested deeper than marshal goes
        key = b""
    texts = _TEXTS.get(key) if key else None
    if texts is None:
        rig = event.get("rig") or None
        outcome = canonical_json(event["outcome"]) if "outcome" in event else event["outcome_digest"]
        texts = canonical_json(event["args"]), outcome, canonical_json(rig)
        if key and len(key) < 10_000:
            _TEXTS[key] = texts
    if "outcome" not in event:  # versions 4 and 5: the hash covers the digest as it stands (G-8)
        args_text, digest, rig_json = texts
        if version == 5:  # a sealed game's: the proof too
            return hash_v5(event["index"], event["action"], args_text, digest, rig_json, event["prev"],
                           event.get("seat"), optional_json(event.get("proof")))
        return hash_v4(event["index"], event["action"], args_text, digest, rig_json, event["prev"], event.get("seat"))
    return chain_hash(version, event["index"], event["action"], *texts, event["prev"], event.get("seat"),
                      optional_json(event.get("proof")))


def _attempt(compute: Callable[[], Any]) -> Any:
    """What ``compute`` gives, or None when the forger cannot compute it (the part stays as the edit left it)."""
    try:
        return compute()
    except Exception:
        return None


def _reseal_header(notebook: dict[str, Any], kit: dict[str, Any], turns: int) -> None:
    from kit import systems
    from kit.gamefile.header import Header
    from kit.gamefile.source import setup_source

    kit["turns"] = turns
    commitment = _attempt(lambda: seed_commitment(kit["seed"]))
    if commitment is not None:
        kit["seed_commitment"], kit["game_id"] = commitment, commitment[:12]
    cells = notebook.get("cells")
    if not isinstance(cells, list) or len(cells) < 2 or not all(isinstance(cell, dict) for cell in cells[:2]):
        return
    markdown = _attempt(lambda: Header.from_dict(kit).markdown())
    if markdown is not None:
        cells[0]["source"] = markdown.splitlines(True)

    def setup() -> str:
        cls = systems.get_system(kit["system"])
        return setup_source(cls, kit["seed"], {**cls.default_options, **kit["options"]},
                            practice=kit.get("practice", False), players=kit["players"], gm=kit.get("gm", ""),
                            version=kit["format_version"])

    source = _attempt(setup)
    if source is not None:
        cells[1]["source"] = source.splitlines(True)


# -- the generators ----------------------------------------------------------------------------

Generator = Callable[[Base, random.Random], Case]


def _structured(kind: str, edit: Callable[[Mutant], str], *, reseal_levels: tuple[int, ...] = (0, 1, 2)) -> Generator:
    """A generator that edits the parsed file with ``edit``, then lets a forger reseal it (a random level)."""
    def generate(base: Base, rng: random.Random) -> Case:
        m = Mutant(base, rng)
        label = edit(m)
        level = rng.choice(reseal_levels)
        reseal(m.notebook, level)
        return Case(f"{kind}:{label}:reseal{level}", m.dumps(), kind, resealed=level > 0, heavy=m.heavy)

    return generate


def byte_flips(base: Base, rng: random.Random) -> Case:
    """One to four bytes replaced by random bytes (or one bit of each flipped)."""
    data = bytearray(base.data)
    bit = rng.random() < 0.4
    where = []
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(data))
        data[at] = data[at] ^ (1 << rng.randrange(8)) if bit else rng.randrange(256)
        where.append(at)
    return Case(f"bytes:{'bit' if bit else 'byte'}@{where}", bytes(data), "bytes")


def truncation(base: Base, rng: random.Random) -> Case:
    """The file cut short before its closing brace (no cut of JSON leaves a whole game)."""
    end = len(base.data.rstrip()) - 1
    at = rng.choice((0, 1, end, rng.randrange(end), rng.randrange(end), rng.randrange(end)))
    return Case(f"truncate@{at}", base.data[:at], "truncate", strict=True)


def chunks(base: Base, rng: random.Random) -> Case:
    """A run of bytes cut out, doubled, moved, or garbage put in (a BOM, NULs, invalid UTF-8, a NaN)."""
    data = base.data
    start = rng.randrange(len(data))
    stop = min(len(data), start + rng.choice((1, 2, 8, 64, 1000, 20_000)))
    op = rng.choice(("cut", "double", "move", "insert"))
    if op == "cut":
        out = data[:start] + data[stop:]
    elif op == "double":
        out = data[:stop] + data[start:stop] + data[stop:]
    elif op == "move":
        piece, rest = data[start:stop], data[:start] + data[stop:]
        at = rng.randrange(len(rest) + 1)
        out = rest[:at] + piece + rest[at:]
    else:
        junk = rng.choice((b"\xef\xbb\xbf", b"\x00", b"\xff\xfe", b"\xed\xa0\x80", b"NaN", b",", b"]", b"}", b'"',
                           b"\\", b"\\ud800", b"  \n\t", b"/*x*/"))
        start = 0 if rng.random() < 0.1 else start
        out = data[:start] + junk + data[start:]
    return Case(f"chunk:{op}@{start}-{stop}", out, "chunk")


def duplicated_key(base: Base, rng: random.Random) -> Case:
    """A key of an event's compact JSON given twice, with another value first (Python keeps the last)."""
    text = base.data.decode("utf-8")
    # Where an event's members begin: in a turn cell's one line (drawing 3) or on the event's own line.
    starts = [found.end() for found in re.finditer(r'"event": ?\{', text)]
    at = rng.choice(starts)
    key = rng.choice(("index", "action", "args", "outcome", "outcome_digest", "prev", "hash", "rig", "seat"))
    decoy = json.dumps(rng.choice((0, "flip", {}, None, "0" * 64)))
    out = text[:at] + f'"{key}":{decoy},' + text[at:]
    return Case(f"dupkey:{key}@{at}", out.encode("utf-8"), "dupkey")


def whole_file(base: Base, rng: random.Random) -> Case:
    """The whole file replaced by something that is not a notebook: deep nesting, a number, a list …"""
    pick = rng.randrange(6)
    if pick == 0:
        data = nested_text(rng.choice((1000, 100_000, 1_000_000)), rng.choice("[{")).encode()
    elif pick == 1:
        data = ("9" * rng.choice((10, 4301, 100_000))).encode()
    elif pick == 2:
        data = b"NaN"
    elif pick == 3:
        data = b'{"nbformat": 4, "cells": ' + nested_text(5000).encode() + b', "metadata": {}}'
    elif pick == 4:
        data = b'{"cells": [], "metadata": {"kit": ' + nested_text(100_000, "{").encode() + b'}, "nbformat": 4}'
    else:
        data = b'"\\ud800"'
    return Case(f"whole:{pick}", data, "whole", heavy=True)


def big_file(base: Base, rng: random.Random) -> Case:
    """A file near the size limit (64 MiB) of tiny values, which would take the JSON reader a gigabyte; or past it."""
    from kit.gamefile.notebook import MAX_FILE_BYTES

    pick = rng.randrange(4)
    count = MAX_FILE_BYTES // 5
    tiny = (b'"4H",' * (count * 4 // 5), b"{}," * count, b"[]," * count, b"1," * (MAX_FILE_BYTES // 2 - 10**5))[pick]
    if rng.random() < 0.3:  # past the size limit: refused before it is parsed
        tiny = b" " * (MAX_FILE_BYTES - len(tiny) + 1000) + tiny
    data = base.data.replace(b'"prev":', b'"rig":{"dice":[' + tiny + b'1]},"prev":', 1)  # into the first event
    return Case(f"big:{pick}:{len(data) >> 20}MiB", data, "big", heavy=True)


# -- structural edits by region ----------------------------------------------------------------


def _edit_in(m: Mutant, root: Any, where: str) -> str:
    found = slots(root)
    if not found:
        return f"{where}:empty"
    container, key = m.rng.choice(found)
    op = structural_edit(m, container, key)
    return f"{where}[{str(key)[:20]}]:{op}"


def edit_event(m: Mutant) -> str:
    """Anywhere in one event: its args, outcome, rig, index, action, hashes, seat."""
    event = m.event()
    region = m.rng.choice(("args", "args", "outcome", "event", "rig"))
    if region == "rig":
        event.setdefault("rig", {"dice": [3]})
        if not isinstance(event["rig"], dict):
            event["rig"] = {"dice": [3]}
    if region in ("args", "outcome", "rig") and isinstance(event.get(region), (dict, list)) and event[region]:
        return _edit_in(m, event[region], f"event.{region}")
    if region == "outcome" and "outcome_digest" in event:  # version 4 records the outcome by its digest
        return f"event[outcome_digest]:{structural_edit(m, event, 'outcome_digest')}"
    container, key = event, m.rng.choice(list(event))
    return f"event[{key}]:{structural_edit(m, container, key)}"


def edit_header(m: Mutant) -> str:
    """The header metadata: options, players, seed, turns, head, genesis, format_version, practice …"""
    kit = m.kit
    key = m.rng.choice([*kit, "options", "players", "seed", "format_version", "practice"])
    if key in kit and isinstance(kit[key], (dict, list)) and kit[key] and m.rng.random() < 0.5:
        return _edit_in(m, kit[key], f"kit.{key}")
    if key not in kit:
        kit[key] = None
    return f"kit[{key}]:{structural_edit(m, kit, key)}"


def edit_cell(m: Mutant) -> str:
    """One cell: cell_type, source, outputs, execution_count, metadata, id (or the list of cells)."""
    cells = m.notebook["cells"]
    if m.rng.random() < 0.15:
        return f"cells:{structural_edit(m, m.notebook, 'cells') if m.rng.random() < 0.2 else _edit_in_list(m, cells)}"
    position = m.rng.randrange(len(cells))
    cell = cells[position]
    key = m.rng.choice(("cell_type", "source", "outputs", "execution_count", "metadata", "id", "attachments"))
    if key in cell and isinstance(cell[key], (dict, list)) and cell[key] and m.rng.random() < 0.5:
        return _edit_in(m, cell[key], f"cell{position}.{key}")
    cell.setdefault(key, None)
    return f"cell{position}[{key}]:{structural_edit(m, cell, key)}"


def _edit_in_list(m: Mutant, cells: list[Any]) -> str:
    index = m.rng.randrange(len(cells))
    return f"[{index}]:{structural_edit(m, cells, index)}"


def edit_notebook(m: Mutant) -> str:
    """The notebook's top level and its metadata other than the header (nbformat, language_info …)."""
    if m.rng.random() < 0.5:
        meta = m.notebook["metadata"]
        key = m.rng.choice([k for k in meta if k != "kit"] + ["widgets", "kit"])
        meta.setdefault(key, {"x": 1})
        return f"metadata[{key}]:{structural_edit(m, meta, key)}"
    key = m.rng.choice(("nbformat", "nbformat_minor", "metadata", "cells", "extra"))
    m.notebook.setdefault(key, 1)
    return f"top[{key}]:{structural_edit(m, m.notebook, key)}"


# -- targeted classes, from the issue ----------------------------------------------------------


def huge_numbers(m: Mutant) -> str:
    """10**30, 10**9 … for plus/minus, counts, amounts, indexes, deck-count options, execution counts."""
    rng = m.rng
    value: Any = rng.choice((*HUGE, "digits", "digits-under"))
    if value == "digits":
        value = m.raw("1" + "0" * rng.choice((4300, 5000)))
    elif value == "digits-under":
        value = m.raw("1" + "0" * 4000)
    where = rng.randrange(5)
    if where == 0:
        event = m.event("flip", "plus")
        numbers = [key for key, value in event["args"].items() if isinstance(value, int)]
        key = rng.choice(numbers or list(event["args"]) or ["x"])
        event["args"][key] = value
        return f"args.{key}"
    if where == 1:
        options = m.kit["options"]
        key = rng.choice(list(options) or ["x"])
        options[key] = value
        return f"option.{key}"
    if where == 2:
        numbers = [(container, key) for container, key in slots(m.event())
                   if type(container[key]) is int]
        if numbers:
            container, key = rng.choice(numbers)
            container[key] = value
            return f"event.{key}"
    if where == 3:
        key = rng.choice(("turns", "format_version", "chapter"))
        m.kit[key] = value
        return f"kit.{key}"
    cell = rng.choice(m.notebook["cells"][1:])
    cell["execution_count"] = value
    return "execution_count"


def deep_nesting(m: Mutant) -> str:
    """Nesting 1,000 or 100,000 levels deep (JSON text), or hundreds deep (a value the kit can hash)."""
    rng = m.rng
    if rng.random() < 0.5:
        value: Any = m.raw(nested_text(rng.choice((1000, 100_000)), rng.choice("[{")))
        depth = "text"
    else:
        value = nested(rng.randrange(100, 950), rng.choice("[{"), rng.choice((1, "Ada", None, [])))
        m.heavy = True
        depth = "hundreds"
    where = rng.choice(("arg", "arg", "outcome", "rig", "option", "players", "seed", "source", "outputs", "meta"))
    if where == "arg":
        event = m.event()
        event["args"][rng.choice([*event["args"], "extra"])] = value
    elif where == "outcome":
        m.event()["outcome" if "outcome" in m.event() else "outcome_digest"] = value
    elif where == "rig":
        m.event()["rig"] = rng.choice((value, {"cards": {"fate": value}}, {"dice": value}))
    elif where == "option":
        m.kit["options"][rng.choice([*m.kit["options"], "x"])] = value
    elif where == "players":
        m.kit["players"] = rng.choice((value, {"Ana": value}))
    elif where == "seed":
        m.kit["seed"] = value
    elif where == "source":
        rng.choice(m.notebook["cells"])["source"] = value
    elif where == "outputs":
        rng.choice(m.notebook["cells"][2:])["outputs"] = rng.choice((value, [value]))
    else:
        m.notebook["metadata"][rng.choice(("language_info", "kit", "widgets"))] = value
    return f"{depth}:{where}"


def lone_surrogates(m: Mutant) -> str:
    """``"\\ud800"`` in the seed, the names (players, characters, gm, title), an event's args, action, seat, rig."""
    rng = m.rng
    bad = rng.choice(SURROGATES)
    where = rng.choice(("seed", "player", "character", "gm", "title", "arg", "arg", "seat", "rig", "option",
                        "system", "source", "output", "created_with"))
    kit = m.kit
    if where == "seed":
        kit["seed"] = rng.choice((bad, kit["seed"] + bad))
    elif where == "player":
        name = rng.choice(list(kit["players"]))
        kit["players"][name + bad] = kit["players"].pop(name)
    elif where == "character":
        chars = rng.choice(list(kit["players"].values()))
        chars.append(bad)
    elif where in ("gm", "title", "system", "created_with"):
        kit[where] = bad
    elif where == "arg":
        event = m.event()
        strings = [(c, k) for c, k in slots(event["args"]) if isinstance(c[k], str)]
        if strings:
            container, key = rng.choice(strings)
            container[key] = rng.choice((bad, container[key] + bad))
        else:
            event["args"][bad] = 1
    elif where == "seat":
        m.event()["seat"] = bad
    elif where == "rig":
        m.event()["rig"] = rng.choice(({"cards": {"fate": [bad]}}, {"cards": {bad: ["4H"]}}))
    elif where == "option":
        kit["options"][rng.choice((bad, *kit["options"]))] = bad
    elif where == "source":
        rng.choice(m.notebook["cells"])["source"] = bad
    else:
        cell = rng.choice(m.notebook["cells"][2:])
        if cell.get("outputs"):
            cell["outputs"][0]["data"]["text/plain"] = bad
    return where


def non_numbers(m: Mutant) -> str:
    """NaN, Infinity and -Infinity written as JSON literals where numbers (or anything) stand."""
    rng = m.rng
    literal = m.raw(rng.choice(("NaN", "Infinity", "-Infinity")))
    where = rng.choice(("arg", "outcome", "option", "turns", "execution_count", "index", "rig", "format_version"))
    if where == "arg":
        event = m.event()
        event["args"][rng.choice([*event["args"], "plus"])] = literal
    elif where == "outcome" and "outcome" not in m.event():
        m.event()["outcome_digest"] = literal
    elif where == "outcome":
        found = slots(m.event()["outcome"])
        if found:
            container, key = rng.choice(found)
            container[key] = literal
    elif where == "option":
        m.kit["options"][rng.choice([*m.kit["options"], "x"])] = literal
    elif where in ("turns", "format_version"):
        m.kit[where] = literal
    elif where == "execution_count":
        rng.choice(m.notebook["cells"][1:])["execution_count"] = literal
    elif where == "index":
        m.event()["index"] = literal
    else:
        m.event()["rig"] = {"dice": [literal]}
    return where


def reserved_options(m: Mutant) -> str:
    """Options named seed, self, practice, players, gm (and other names no option has)."""
    name = m.rng.choice(RESERVED_OPTIONS)
    m.kit["options"][name] = hostile_leaf(m) if m.rng.random() < 0.5 else m.rng.choice((True, "x", {}, []))
    return repr(name)


def arguments(m: Mutant) -> str:
    """An event that leaves out an argument, adds one, renames one, or nests one hundreds deep."""
    rng = m.rng
    event = m.event()
    args = event["args"]
    op = rng.choice(("remove", "add", "rename", "deep", "empty"))
    if op == "remove" and args:
        del args[rng.choice(list(args))]
    elif op == "add":
        args[rng.choice(("extra", "self", "rng", "seed", "recorded", "rig", "args", "kwargs", "_x", "a" * 200))] = (
            hostile_leaf(m))
    elif op == "rename" and args:
        key = rng.choice(list(args))
        args[key + rng.choice(("_", "2", "s"))] = args.pop(key)
    elif op == "deep" and args:
        args[rng.choice(list(args))] = nested(rng.randrange(100, 700), rng.choice("[{"), rng.choice((1, "Ada")))
        m.heavy = True
    else:
        event["args"] = {}
    return op


def rigs(m: Mutant) -> str:
    """A rig that is a string, a list, has non-string codes, a million dice, unknown decks …"""
    rng = m.rng
    event = m.event()
    choices: list[Any] = [
        "4H 8C", ["4H"], 7, True, {"cards": "4H"}, {"cards": {"fate": [1, 2]}}, {"cards": {"fate": [None]}},
        {"cards": {"fate": "4H"}}, {"cards": {"nope": ["4H"]}}, {"cards": {"fate": ["ZZ"]}},
        {"cards": {"fate": ["4H"], "magic": ["5S"]}}, {"dice": [0]}, {"dice": [-1]}, {"dice": [7, 7, 7]},
        {"dice": [10**30]}, {"dice": [True]}, {"dice": "66"}, {"dice": [6.0]}, {}, {"cards": {}}, {"extra": 1},
        {"cards": {"fate": ["4H"] * 201}}, {"dice": [6] * 201}, {"cards": {"x" * 41: ["4H"]}},
        {"cards": {"fate": ["x" * 41]}}, {"cards": {"fate": [""]}}, {"dice": [], "cards": {}},
    ]
    if rng.random() < 0.15:
        m.heavy = True
        event["rig"] = rng.choice(({"dice": [6] * 10**6}, {"cards": {"fate": ["4H"] * 10**6}},
                                   {"cards": {f"d{i}": ["4H"] for i in range(10**4)}}))
        return "huge"
    pick = rng.randrange(len(choices))
    event["rig"] = choices[pick]
    if rng.random() < 0.2 and "practice" in m.kit:
        m.kit["practice"] = False  # a rig in a real game
    return f"rig{pick}"


def header_values(m: Mutant) -> str:
    """Targeted header values: format versions, practice, seed, turns, head, genesis, players, system …"""
    rng = m.rng
    kit = m.kit
    key, values = rng.choice((
        ("format_version", (0, 1, 2, 3, "2", 2.0, True, None, -1, 10**30)),
        ("practice", (False, True, 1, 0, "true", None)),
        ("seed", ("", " ", "x" * 201, "x" * 200, 42, None, ["s"], "seed\n", "\x00")),
        ("turns", (-1, 0, 10**9, 10**9 - 1, 34, 35, 36, "34", 34.0, True)),
        ("head", ("0" * 64, "A" * 64, "z" * 64, "0" * 63, "", "0" * 65, 0)),
        ("genesis", ("0" * 64, "A" * 64, "", "0" * 65, None)),
        ("players", ({}, [], {"Ana": "Ada"}, {"Ana": [1]}, {"": []}, {"Ana": ["Ada"] * 21},
                     {f"P{i}": [] for i in range(21)}, {f"P{i}": [] for i in range(10_000)}, {"Ana ": []})),
        ("characters", ({}, [], {"Ada": 1}, {"Ada": "Nobody"})),
        ("gm", ("", "GM", " GM", 1, None, "x" * 61)),
        ("system", ("os.system", "Suit Pairs", "FALKEFATEIFAUX", "suit-pairs", "tavern", "", "x" * 41, 1)),
        ("mode", ("sealed", "", None)),
        ("chapter", (2, 0, True, "1")),
        ("format", ("kit-game-notebook-2", None, 1)),
        ("title", ("", "x" * 101, 5)),
        ("game_id", ("", "0" * 12, "x" * 13)),
        ("seed_commitment", ("", "0" * 64, "0" * 65)),
    ))
    kit[key] = rng.choice(values)
    return f"{key}={str(kit[key])[:30]!r}"


def option_values(m: Mutant) -> str:
    """Each option of the system given a value of the wrong kind, a huge count, or a bound's neighbour."""
    rng = m.rng
    options = m.kit["options"]
    key = rng.choice(list(options))
    options[key] = rng.choice((0, -1, 1, 2, 5, 12, 13, 100, 10**4, 10**6, 10**9, True, False, None, "x", "", [],
                               {}, 1.5, "listing", "lowest", "Bash and Stab", *HUGE))
    return f"{key}={str(options[key])[:20]}"


def lookalikes(m: Mutant) -> str:
    """A value swapped for one Python finds equal: ``2`` → ``2.0``, ``1`` → ``true``, ``0`` → ``false`` and back."""
    rng = m.rng
    where = rng.choice(("anywhere", "counts", "event", "header"))
    if where == "counts":
        found = [(cell, "execution_count") for cell in m.notebook["cells"] if "execution_count" in cell]
        found += [(output, "execution_count") for cell in m.notebook["cells"] for output in cell.get("outputs", [])]
    elif where == "event":
        found = slots(m.event())
    elif where == "header":
        found = slots(m.kit)
    else:
        found = slots(m.notebook)
    numbers = [(container, key) for container, key in found if isinstance(container[key], (int, float))]
    if not numbers:
        return f"{where}:none"
    container, key = rng.choice(numbers)
    value = container[key]
    if isinstance(value, bool):
        container[key] = int(value)
    elif isinstance(value, float):
        container[key] = int(value)
    elif value in (0, 1) and rng.random() < 0.6:
        container[key] = bool(value)
    else:
        container[key] = float(value)
    return f"{where}[{str(key)[:20]}]:{value!r}->{container[key]!r}"


def shapes(m: Mutant) -> str:
    """A whole part of the file given another shape: the event, a cell's or the notebook's kit metadata, a cell,
    an output or its data, the setup cell's outputs, the header cell's attachments."""
    rng = m.rng
    cells = m.notebook["cells"]
    turn = rng.choice(cells[2:])
    where = rng.choice(("event", "cell kit", "header", "metadata", "cell", "output", "output data", "setup outputs",
                        "attachments", "outputs"))
    holder: Any
    if where == "event":
        holder, key = turn["metadata"]["kit"], "event"
    elif where == "cell kit":
        holder, key = turn["metadata"], "kit"
    elif where == "header":
        holder, key = m.notebook["metadata"], "kit"
    elif where == "metadata":
        holder, key = rng.choice(cells), "metadata"
    elif where == "cell":
        holder, key = cells, rng.randrange(len(cells))
    elif where in ("output", "output data") and turn["outputs"]:
        holder, key = (turn["outputs"], 0) if where == "output" else (turn["outputs"][0], "data")
    elif where == "setup outputs":
        cells[1]["outputs"] = [json.loads(json.dumps(turn["outputs"][0]))] if turn["outputs"] else [{}]
        return where
    elif where == "attachments":
        cells[0]["attachments"] = rng.choice(({"x.png": {"image/png": "iVBORw0KGgo="}}, {}, [], "x", None))
        return f"{where}={str(cells[0]['attachments'])[:20]}"
    else:
        holder, key = turn, "outputs"
    holder[key] = retyped(holder[key], rng) if rng.random() < 0.6 else hostile(m)
    return f"{where}:{type(holder[key]).__name__}"


def bound_fields(m: Mutant) -> str:
    """What binds the proof beside the events (G-7, G-2, P-1, K-1, P-2): the drawing generation, ``created_with``,
    a turn's seat, a sealed header's sealing, a run of void cells appended, an outcome digest moved."""
    rng = m.rng
    kit = m.kit
    pick = rng.randrange(6)
    if pick == 0:
        value = rng.choice((None, 1, 2, 3, 4, "3", 3.0, True, 10**9))
        if value is None:
            kit.pop("drawing", None)
        else:
            kit["drawing"] = value
        return f"drawing={value!r}"
    if pick == 1:
        kit["created_with"] = rng.choice(("kit 0.1.0 |\n\nTurn 40: Mira wins", "kit 0.1.0 \u202eNIW", "x" * 101, "",
                                          "kit\t0.1.0", "kit 9.9.9", "\ud800", 5, None))
        return f"created_with={str(kit['created_with'])[:20]!r}"
    if pick == 2:
        event = m.event()
        value = rng.choice((None, "", "Ana", "Ben", "Gil", "Nobody", 5, ["Gil"]))
        if value is None:
            event.pop("seat", None)
        else:
            event["seat"] = value
        return f"seat={value!r}"
    if pick == 3:
        kit["sealing"] = rng.choice(({}, {"chain_length": 64}, {"gm_sealer": "Ana", "chain_length": 64},
                                     {"chain_length": 15}, {"chain_length": 64, "order": ["Ana"]}, None, "sealed"))
        return f"sealing={str(kit['sealing'])[:30]}"
    if pick == 4:
        return _void_run(m)
    events = m.events()
    first, second = rng.sample(events, 2) if len(events) > 1 else (events[0], events[0])
    for key in ("outcome_digest", "outcome"):
        if key in first and key in second:
            first[key], second[key] = second[key], first[key]
            return f"swap {key}"
    return "swap:none"


def _void_run(m: Mutant) -> str:
    """Void cells appended after the last turn, naming turns in an order a forger chooses (P-2, G-6)."""
    rng = m.rng
    cells = m.notebook["cells"]
    turns = len(cells) - 2
    order = rng.choice(("down", "up", "same", "random"))
    count = rng.choice((2, 10, 150))
    named = {"down": [turns - k for k in range(count)], "up": list(range(1, count + 1)),
             "same": [turns] * count, "random": [rng.randint(1, max(1, turns)) for _ in range(count)]}[order]
    model = cells[-1]
    for turn in named:
        index = len(cells) - 2
        event = {"index": index, "action": "void", "args": {"turn": turn, "reason": "x"}, "prev": "0" * 64,
                 "hash": "0" * 64}
        event["outcome_digest" if m.base.version in (4, 5) else "outcome"] = (
            "0" * 64 if m.base.version in (4, 5) else {"action": "void"})
        if m.kit.get("gm"):
            event["seat"] = m.kit["gm"]
        cells.append({**model, "id": f"kit-turn-{index + 1}", "execution_count": index + 2,
                      "metadata": {"kit": {"event": event}}, "source": f'game.void({turn}, "x")'})
    return f"voids:{order}x{count}"


@dataclass(frozen=True)
class MutationClass:
    """A kind of damage and how many cases of it each base file gets."""

    name: str
    generate: Generator
    per_base: int


MUTATION_CLASSES: tuple[MutationClass, ...] = (
    MutationClass("bytes", byte_flips, 75),
    MutationClass("truncate", truncation, 35),
    MutationClass("chunk", chunks, 35),
    MutationClass("dupkey", duplicated_key, 10),
    MutationClass("whole", whole_file, 6),
    MutationClass("big", big_file, 1),
    MutationClass("event", _structured("event", edit_event), 90),
    MutationClass("header", _structured("header", edit_header), 45),
    MutationClass("cell", _structured("cell", edit_cell), 45),
    MutationClass("notebook", _structured("notebook", edit_notebook), 20),
    MutationClass("huge", _structured("huge", huge_numbers, reseal_levels=(0, 1, 1, 2)), 35),
    MutationClass("deep", _structured("deep", deep_nesting, reseal_levels=(0, 1, 1, 2)), 25),
    MutationClass("surrogate", _structured("surrogate", lone_surrogates, reseal_levels=(0, 1, 2, 2)), 30),
    MutationClass("nan", _structured("nan", non_numbers, reseal_levels=(0, 1)), 12),
    MutationClass("reserved", _structured("reserved", reserved_options, reseal_levels=(0, 1, 2, 2)), 10),
    MutationClass("args", _structured("args", arguments, reseal_levels=(0, 1, 1, 1, 2)), 35),
    MutationClass("rig", _structured("rig", rigs, reseal_levels=(0, 1, 1, 2)), 30),
    MutationClass("headervalue", _structured("headervalue", header_values, reseal_levels=(0, 1, 2, 2)), 30),
    MutationClass("option", _structured("option", option_values, reseal_levels=(1, 2, 2)), 20),
    MutationClass("lookalike", _structured("lookalike", lookalikes, reseal_levels=(0, 0, 1, 2)), 30),
    MutationClass("shape", _structured("shape", shapes, reseal_levels=(0, 0, 1, 2)), 25),
    MutationClass("bound", _structured("bound", bound_fields, reseal_levels=(0, 1, 2, 2)), 30),
)


def cases(seed: int, scale: float = 1.0, shard: int = 0, shards: int = 1) -> Iterator[Case]:
    """Every case, the same for the same ``seed``: each mutation class over each base file.

    ``shard`` of ``shards``: only the (base, class) pairs dealt to that shard, in turn, so that
    processes can share the work; each pair's cases come from their own seeded generator.
    """
    pairs = [(base, mutation) for base in bases() for mutation in MUTATION_CLASSES]
    for base, mutation in pairs[shard::shards]:
        rng = random.Random(f"{seed}/{base.name}/{mutation.name}")
        for number in range(max(1, round(mutation.per_base * scale))):
            case = mutation.generate(base, rng)
            yield replace(case, name=f"{base.name}/{case.name}#{number}", base=base.name)
