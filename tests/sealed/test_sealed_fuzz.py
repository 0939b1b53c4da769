"""K-1…K-4 under fuzzing: random changes to the proofs of a sealed file never get past ``kit verify``.

Hypothesis changes one proof of a sealed game file — a value, a MAC, a value number, the
sealer, the sealed turn; a field taken away or added; huge numbers; the wrong types; a seat's
anchors — and a forger re-hashes the file with the kit's own code where it can. Verifying it
must give a clear failure naming a turn (or refuse the file as not a game file): never an
uncaught exception, and never "intact" — but for the one change no proof can show yet, the MAC
of a seat's latest turn, which the report lists as waiting for that seat's next turn (K-2).
"""

from __future__ import annotations

import copy
import functools
import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sealed_helpers import events, scripted, turn_cells

from kit import gamefile, systems
from kit.core.events import Event, canonical_json
from kit.gamefile import NotAGameFileError
from kit.gamefile.header import Header
from kit.gamefile.source import turn_source
from kit.systems import SYSTEMS

HEX = st.text("0123456789abcdef", min_size=64, max_size=64)
NUMBERS = st.one_of(st.integers(-3, 70), st.sampled_from([10**9 - 1, 10**9, 2**63, -(2**63), 10**30, 10**400]))
ODD_VALUES = st.one_of(
    st.none(), st.booleans(), st.floats(allow_nan=False, allow_infinity=False), NUMBERS, st.text(max_size=70),
    HEX.map(str.upper), st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=3), st.integers(),
                                                                               max_size=2))
FIELDS = ("n", "value", "mac", "by", "sealed")
NAMES = st.sampled_from(["Ana", "Ben", "Gil", "Cy", "", "gil", "Ana " * 20])


@functools.cache
def base(system: str) -> bytes:
    """The scripted sealed game's file (built once a run)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.ipynb"
        gamefile.save(scripted(system, "fuzz"), path)
        return path.read_bytes()


@functools.cache
def latest_turns(system: str) -> dict[int, str]:
    """Each seat's latest proven turn (its MAC is confirmed only by the seat's next turn), by turn."""
    found: dict[str, int] = {}
    for position, event in enumerate(events(json.loads(base(system))), start=1):
        if event.get("proof") and "sealed" not in event["proof"]:
            found[event["seat"]] = position
    return {turn: seat for seat, turn in found.items()}


def reseal(notebook: dict[str, Any], turn: int) -> None:
    """Re-hash from ``turn`` on and redraw the sources and the header, with the kit's code, wherever it can."""
    kit = notebook["metadata"]["kit"]
    cls = systems.get_system(kit["system"])
    cells = turn_cells(notebook)
    prev = cells[turn - 2]["metadata"]["kit"]["event"]["hash"] if turn > 1 else kit["genesis"]
    for cell in cells[turn - 1:]:
        event = cell["metadata"]["kit"]["event"]
        event["prev"] = prev
        try:
            recorded = Event.from_dict(event)
            event["hash"] = recorded.expected_hash(kit["format_version"])
            cell["source"] = turn_source(cls, Event.from_dict(event)).splitlines(True)
        except Exception:  # a forger cannot hash or write what the kit refuses to read: left as it is
            pass
        prev = event["hash"]
    kit["head"] = prev
    try:
        notebook["cells"][0]["source"] = Header.from_dict(kit).markdown().splitlines(True)
    except Exception:
        pass


@st.composite
def proof_changes(draw: st.DrawFn, system: str) -> tuple[int, str, dict[str, Any] | None]:
    """One turn of the file and the proof (or ``None``) it gets instead of its own; the kind of change."""
    found = events(json.loads(base(system)))
    turn = draw(st.integers(1, len(found)))
    proof = copy.deepcopy(found[turn - 1].get("proof"))
    assert proof is not None
    kind = draw(st.sampled_from(["value", "mac", "n", "by", "sealed", "drop", "extra", "odd", "none", "swap"]))
    if kind == "value":
        proof["value"] = draw(HEX)
    elif kind == "mac":
        proof["mac"] = draw(HEX)
    elif kind == "n":
        proof["n"] = draw(NUMBERS)
    elif kind == "by":
        proof["by"] = draw(NAMES)
    elif kind == "sealed":
        proof["sealed"] = draw(NUMBERS)
    elif kind == "drop":
        proof.pop(draw(st.sampled_from(sorted(proof))))
    elif kind == "extra":
        proof[draw(st.sampled_from([*FIELDS, "key", "seat", "x"]))] = draw(st.one_of(HEX, NUMBERS, NAMES))
    elif kind == "odd":
        proof[draw(st.sampled_from(sorted(proof)))] = draw(ODD_VALUES)
    elif kind == "none":
        return turn, kind, None
    else:  # another turn's proof, as it stands
        proof = copy.deepcopy(found[draw(st.integers(1, len(found))) - 1]["proof"])
    return turn, kind, proof


def check(system: str, turn: int, kind: str, proof: dict[str, Any] | None, *, rehash: bool) -> None:
    """Write the changed file, verify it, and hold the verdict to the rules above."""
    notebook = json.loads(base(system))
    event = events(notebook)[turn - 1]
    before = canonical_json(event.get("proof"))
    if proof is None:
        event.pop("proof")
    else:
        event["proof"] = proof
    if canonical_json(event.get("proof")) == before:
        return  # nothing changed
    if rehash:
        reseal(notebook, turn)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.ipynb"
        path.write_text(json.dumps(notebook), encoding="utf-8")
        try:
            report = gamefile.verify(path)
        except NotAGameFileError as refusal:
            assert str(refusal)
            return
    if report.ok:  # only a seat's latest MAC can wait: the report says whose turn waits for it
        seat = latest_turns(system).get(turn)
        assert rehash and seat is not None and kind in ("mac", "extra", "odd"), (kind, report.message)
        assert set(event["proof"]) == set(json.loads(before)) and event["proof"]["n"] == json.loads(before)["n"]
        assert f"{seat if seat != 'Gil' else 'Gil (GM)'}'s turn {turn}" in report.message, report.message
        return
    assert report.turn is not None and report.turn >= turn, report.message
    assert f"turn {report.turn}:" in report.message and "Traceback" not in report.message


FUZZ = settings(max_examples=45, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(data=st.data(), system=st.sampled_from(list(SYSTEMS)))
def test_k2_k3_a_changed_proof_rehashed_by_a_forger_never_verifies(data: st.DataObject, system: str):
    turn, kind, proof = data.draw(proof_changes(system))
    check(system, turn, kind, proof, rehash=True)


@settings(max_examples=20, deadline=None)
@given(data=st.data(), system=st.sampled_from(list(SYSTEMS)))
def test_k2_a_changed_proof_left_unhashed_breaks_the_chain_at_its_turn(data: st.DataObject, system: str):
    turn, kind, proof = data.draw(proof_changes(system))
    check(system, turn, kind, proof, rehash=False)


@settings(max_examples=25, deadline=None)
@given(system=st.sampled_from(list(SYSTEMS)), seat=st.integers(0, 2), which=st.sampled_from(["act", "seal", "renewal"]),
       value=st.one_of(HEX, NUMBERS, ODD_VALUES))
def test_k1_a_seats_anchors_changed_in_its_seat_taking_never_verify(system: str, seat: int, which: str, value: Any):
    notebook = json.loads(base(system))
    event = events(notebook)[seat]
    assert event["action"] == "take_seat"
    if event["args"].get(which) == value and type(event["args"].get(which)) is type(value):
        return
    event["args"][which] = value
    reseal(notebook, seat + 1)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.ipynb"
        path.write_text(json.dumps(notebook), encoding="utf-8")
        try:
            report = gamefile.verify(path)
        except NotAGameFileError:
            return
    assert not report.ok and report.turn is not None and report.turn >= seat + 1, report.message


@settings(max_examples=20, deadline=None)
@given(system=st.sampled_from(list(SYSTEMS)), field=st.sampled_from(["gm_sealer", "chain_length", "mode"]),
       value=st.one_of(NAMES, NUMBERS, ODD_VALUES))
def test_k1_a_changed_sealing_header_is_refused(system: str, field: str, value: Any):
    """Who seals the GM's draws and how long the chains are bind the start of the game (its genesis)."""
    notebook = json.loads(base(system))
    kit = notebook["metadata"]["kit"]
    target = kit if field == "mode" else kit["sealing"]
    if target.get(field) == value and type(target.get(field)) is type(value):
        return
    target[field] = value
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.ipynb"
        path.write_text(json.dumps(notebook), encoding="utf-8")
        try:
            report = gamefile.verify(path)
        except NotAGameFileError:
            return
    assert not report.ok, report.message
