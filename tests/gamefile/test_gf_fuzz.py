"""The proof holds: thousands of damaged and forged game files, each answered in one line, in time.

Every case of :mod:`fuzz_mutations` (seeded: the same cases on every run) is written to a file
and read every way a reader reads one: ``kit verify`` (exit 1 or 2 and one line on stderr; 0
only when allowed), :func:`kit.gamefile.parse_notebook`, :func:`kit.gamefile.load_file` and
:meth:`kit.gamefile.HeldGameFile.open`, which may raise only the kit's own errors. No case may
take more than a few seconds or a few hundred MB. A case that verifies must hold the play of the
file it was made from — or, when a forger re-sealed it, be a game of its own with another head
(the codes posted in the thread tell them apart) — and must be, in everything a reader is shown,
the file the kit writes for the game it holds.
"""

from __future__ import annotations

import contextlib
import functools
import heapq
import importlib
import io
import json
import multiprocessing
import os
import random
import signal
import subprocess
import sys
import time
import traceback
import tracemalloc
import zlib
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import fuzz_mutations as fm
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kit.cli
from kit.core.errors import RulesError
from kit.core.events import canonical_json
from kit.core.game import Game
from kit.gamefile import (
    BrokenGameError,
    GameFile,
    GameFileError,
    Header,
    HeldGameFile,
    NotAGameFileError,
    build_notebook,
    load_file,
    parse_notebook,
)

SEED = 20_260_501
CASE_SECONDS = 5.0
"""No case may take longer than this, every reader of it together, in CPU time (so that other work on the
machine does not count; a case that waits instead is stopped by :data:`HARD_STOP_SECONDS`)."""
HARD_STOP_SECONDS = 30
"""A case still running after this is stopped and reported as a hang."""
MEMORY_LIMIT = 256 * 2**20
"""The most memory one case may add at its peak."""
MESSAGE_LIMIT = 700
"""The longest line a refusal may print, its path included: messages cut what they quote."""
INTACT_LIMIT = 2000
"""The longest line an intact verdict may print: a sealed game's lists its seats' anchors, waiting draws, latest
turns, retractions and cautions, each bounded by the roster (at most 20 players, G-5)."""
KIT_ERRORS = (NotAGameFileError, BrokenGameError, GameFileError, RulesError)
"""What the readers may raise."""


# -- running one case ------------------------------------------------------------------------


class Hang(BaseException):
    """A case ran past :data:`HARD_STOP_SECONDS` (a BaseException, so that no ``except Exception`` swallows it)."""


@contextlib.contextmanager
def hard_stop(seconds: float) -> Iterator[None]:
    """Raise :class:`Hang` in whatever runs after ``seconds``."""
    def stop(signum: int, frame: Any) -> None:
        raise Hang(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@dataclass
class Peak:
    """How much memory a run added at its peak, in bytes."""

    bytes: int = 0


class PeakMeter:
    """The peak memory of a run: the process's resident high-water mark, reset before the run (Linux).

    Writing ``5`` to ``/proc/self/clear_refs`` resets ``VmHWM`` to the resident size, so ``VmHWM``
    after the run less ``VmRSS`` before it is what the run added at its peak, C allocations
    included, for the cost of two small reads. Where that cannot be done, one heavy case in
    :data:`TRACED_ONE_IN` is traced with tracemalloc instead (Python's allocations only, and
    slow: tracing every heavy case would take minutes).
    """

    TRACED_ONE_IN = 8

    def __init__(self) -> None:
        self.resettable = self._reset()
        self.heavy_seen = 0

    @staticmethod
    def _reset() -> bool:
        try:
            Path("/proc/self/clear_refs").write_text("5")
            return True
        except OSError:
            return False

    @staticmethod
    def _status(name: str) -> int:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith(name + ":"):
                return int(line.split()[1]) * 1024
        return 0

    def _sampled(self) -> bool:
        self.heavy_seen += 1
        return self.heavy_seen % self.TRACED_ONE_IN == 1

    @contextlib.contextmanager
    def measure(self, heavy: bool) -> Iterator[Peak]:
        """Measure the block (every block where the high-water mark can be reset, else heavy ones only)."""
        peak = Peak()
        if self.resettable:
            self._reset()
            before = self._status("VmRSS")
            try:
                yield peak
            finally:
                peak.bytes = max(0, self._status("VmHWM") - before)
        elif heavy and self._sampled():
            tracemalloc.start()
            try:
                yield peak
            finally:
                peak.bytes = tracemalloc.get_traced_memory()[1]
                tracemalloc.stop()
        else:
            yield peak


PEAK = PeakMeter()


def run_verify(path: Path) -> tuple[int, str, str]:
    """``kit verify PATH`` as the command runs, its output captured as text (to check that it encodes)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = kit.cli.main(["verify", str(path)])
    return code, out.getvalue(), err.getvalue()


def _where(error: BaseException) -> str:
    """An exception that escaped, with where it was raised."""
    frames = traceback.extract_tb(error.__traceback__)
    at = f" at {Path(frames[-1].filename).name}:{frames[-1].lineno} ({frames[-1].name})" if frames else ""
    return f"{type(error).__name__}{at}: {str(error)[:160]!r}"


def _outcome(call: Callable[[], Any]) -> tuple[str, Any]:
    """Run a reader: ("ok", its value), ("not-a-game" or "broken", the kit's error), or ("crash", what escaped)."""
    try:
        return "ok", call()
    except NotAGameFileError as error:
        return "not-a-game", error
    except KIT_ERRORS as error:
        return "broken", error
    except Hang:
        raise
    except BaseException as error:  # anything else is what this test is for
        return "crash", _where(error)


# -- what a file that verifies must be ---------------------------------------------------------


def play_of(game: Game, *, start: bool = True) -> str:
    """Everything that decides play: the start (system, seed, practice, options, players, gm) and every event.

    ``start=False`` keeps of the start only what a version-1 file binds into its turns: system and seed.
    """
    opening = [game.system, game.seed, game.log.version]
    if start:
        opening += [game.practice, game.options, game.players, game.gm]
    return canonical_json({
        "start": opening,
        "events": [[e.index, e.action, e.args, e.outcome, e.rig or None, e.seat] for e in game.log],
    })


def _text(value: Any) -> Any:
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(line, str) for line in value):
        return "".join(value)
    return {"not text": value}


def _output(output: Any) -> Any:
    if isinstance(output, dict) and isinstance(output.get("data"), dict):
        return dict(output, data={key: _text(value) for key, value in output["data"].items()})
    return output


def _kit_meta(meta: Any) -> Any:
    """A cell's kit metadata; an event's ``"rig": {}`` or ``null`` and ``"seat": null`` are the event without them.

    (An event's hash covers ``rig or None``: the spellings are one event, and none decides anything.)
    """
    kit_meta = meta.get("kit") if isinstance(meta, dict) else None
    event = kit_meta.get("event") if isinstance(kit_meta, dict) else None
    if isinstance(event, dict):
        event = {key: value for key, value in event.items()
                 if not (key == "rig" and value in ({}, None)) and not (key == "seat" and value is None)}
        kit_meta = dict(kit_meta, event=event)
    return kit_meta


def kit_view(notebook: dict[str, Any]) -> str:
    """What a reader of the notebook is shown or told, types included: header, cells, their sources, outputs, events.

    Left out: cell ids, notebook and cell metadata other than the kit's (language_info,
    kernelspec, tags), attachments of code cells (Jupyter shows them in Markdown only) and empty
    ones (JupyterLab writes ``{}``), none of which decides anything or shows anything; whether
    widget state is saved is kept.
    """
    cells = []
    for cell in notebook["cells"]:
        outputs = cell.get("outputs", "<none>")
        cells.append({
            "cell_type": cell.get("cell_type"), "source": _text(cell.get("source", "")),
            "outputs": [_output(o) for o in outputs] if isinstance(outputs, list) else outputs,
            "execution_count": cell.get("execution_count", "<none>"),
            "kit": _kit_meta(cell.get("metadata")),
            "attachments": cell.get("attachments") or None if cell.get("cell_type") != "code" else None,
        })
    metadata = notebook["metadata"]
    view = {"kit": metadata.get("kit"), "widgets": "widgets" in metadata, "nbformat": notebook.get("nbformat"),
            "cells": cells}
    return json.dumps(view, sort_keys=True, ensure_ascii=True)  # NaN and 1E400 (infinity) are written too


_WRITTEN: dict[str, str] = {}


def written_view(game: Game, header: Header) -> str:
    """:func:`kit_view` of the file the kit writes for ``game`` (kept: most intact cases hold a base file's game)."""
    key = play_of(game) + canonical_json(header.to_dict())
    if key not in _WRITTEN:
        _WRITTEN[key] = kit_view(build_notebook(game, header))
    return _WRITTEN[key]


@dataclass(frozen=True)
class Original:
    """What an intact base file holds: its play (start and events, or events only) and its head."""

    play: str
    events: str
    head: str
    version: int


@functools.cache
def originals() -> dict[str, Original]:
    """The base files' play, by base name."""
    found = {}
    for base in fm.bases():
        game = load_file(base.path).game
        found[base.name] = Original(play_of(game), play_of(game, start=False), game.log.head, base.version)
    return found


def intact_problems(case: fm.Case, loaded: GameFile) -> list[str]:
    """Why a mutated file that verified should not have (an empty list: it may)."""
    if case.strict:
        return ["a truncated file verified as intact"]
    original = originals()[case.base]
    game = loaded.game
    problems = []
    if case.resealed and original.version == 1:
        # A version-1 file does not bind its options and players into its hashes (kit verify says so):
        # a forger who rewrites them, the header cell and the setup cell keeps every hash.
        same = play_of(game, start=False) == original.events
    else:
        same = play_of(game) == original.play
    if not same and not (case.resealed and game.log.head != original.head):
        problems.append("it verified as intact but holds other play than the file it was made from")
    if kit_view(json.loads(case.data)) != written_view(game, loaded.header):
        problems.append("it verified as intact but is not the file the kit writes for the game it holds")
    return problems


# -- one case, every reader ----------------------------------------------------------------------


@dataclass
class Tally:
    """What a run did: cases, exit codes, time, the slowest and the heaviest case."""

    cases: int = 0
    exits: Counter[int] = field(default_factory=Counter)
    slowest: list[tuple[float, str]] = field(default_factory=list)
    heaviest: tuple[int, str] = (0, "")
    started: float = field(default_factory=time.perf_counter)

    def add(self, case: fm.Case, code: int, seconds: float, peak: int) -> None:
        self.cases += 1
        self.exits[code] += 1
        heapq.heappush(self.slowest, (seconds, case.name))
        if len(self.slowest) > 3:
            heapq.heappop(self.slowest)
        self.heaviest = max(self.heaviest, (peak, case.name))

    def merge(self, other: Tally) -> None:
        """Add what another process's run did."""
        self.cases += other.cases
        self.exits.update(other.exits)
        self.slowest = heapq.nlargest(3, self.slowest + other.slowest)
        self.heaviest = max(self.heaviest, other.heaviest)

    def summary(self) -> str:
        slow = ", ".join(f"{seconds:.2f} s CPU ({name})" for seconds, name in sorted(self.slowest, reverse=True))
        return (f"{self.cases} cases in {time.perf_counter() - self.started:.1f} s; exit codes {dict(self.exits)}; "
                f"slowest {slow}; most memory {self.heaviest[0] / 2**20:.1f} MiB ({self.heaviest[1]})")


def command_problems(code: int, out: str, err: str) -> list[str]:
    """What is wrong with what ``kit verify`` printed and returned."""
    problems = []
    if code not in (0, 1, 2):
        problems.append(f"kit verify exited {code}")
    text, other = (out, err) if code == 0 else (err, out)
    if other or text.count("\n") != 1 or not text.endswith("\n"):
        problems.append(f"kit verify printed {out[:300]!r} on stdout and {err[:300]!r} on stderr, not one line")
    if len(text) > (INTACT_LIMIT if code == 0 else MESSAGE_LIMIT):
        problems.append(f"kit verify printed a line of {len(text)} characters: {text[:200]!r}…")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        problems.append(f"kit verify printed text that is not UTF-8 (a lone surrogate): {text[:200]!r}")
    if "bug of the kit" in text:
        problems.append(f"kit verify's last-resort guard answered: {text.strip()[:300]}")
    return problems


def other_command_problems(case: fm.Case, path: Path, loaded: GameFile) -> list[str]:
    """What goes wrong when a file that verified is compared with its base file, checked against a code, or logged."""
    log = loaded.game.log
    code = f"kit:{len(log)}-{log[-1].hash[:8]}" if len(log) else "kit:1-00000000"
    problems = []
    for argv, codes in ((["verify", str(fm.base(case.base).path), str(path)], (0, 1)),
                        (["verify", str(path), "--code", code], (0,) if len(log) else (1,)),
                        (["log", str(path)], (0,))):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                found = kit.cli.main(argv)
            except Hang:
                raise
            except BaseException as error:
                problems.append(f"kit {argv[0]} {' '.join(argv[3:])} raised {_where(error)}")
                continue
        if found not in codes or (found != 0 and err.getvalue().count("\n") != 1):
            problems.append(f"kit {' '.join(argv)} exited {found}: {err.getvalue()[:300]!r}")
    return problems


READER_EXPECTED = {0: "ok", 1: "broken", 2: "not-a-game"}
"""What load_file and HeldGameFile.open give for a file that kit verify answers with each exit code."""


def examine(case: fm.Case, path: Path, tally: Tally) -> list[str]:
    """Every problem one case shows, in words (none: every reader answered it as it should)."""
    problems: list[str] = []
    path.write_bytes(case.data)
    started = time.process_time()
    with PEAK.measure(case.heavy) as peak:
        try:
            code, out, err = run_verify(path)
            problems += command_problems(code, out, err)
        except Hang:
            raise
        except BaseException as error:
            code = -1
            problems.append(f"kit verify raised {_where(error)}")
        readers = {"parse_notebook": _outcome(lambda: parse_notebook(case.data)),
                   "load_file": _outcome(lambda: load_file(path)),
                   "HeldGameFile.open": _outcome(lambda: HeldGameFile.open(path, timeout=5))}
    for name, (kind, value) in readers.items():
        if kind == "crash":
            problems.append(f"{name} raised {value}")
        elif name != "parse_notebook" and code in READER_EXPECTED and kind != READER_EXPECTED[code]:
            problems.append(f"kit verify exited {code} but {name} gave {kind}: {str(value)[:200]}")
    kind, loaded = readers["load_file"]
    if kind == "ok":
        problems += intact_problems(case, loaded)
        if case.resealed and zlib.crc32(case.name.encode()) % 3 == 0:  # a game of its own: other commands read it
            problems += other_command_problems(case, path, loaded)
    seconds = time.process_time() - started
    if seconds > CASE_SECONDS:
        problems.append(f"took {seconds:.1f} s")
    if peak.bytes > MEMORY_LIMIT:
        problems.append(f"took {peak.bytes / 2**20:.0f} MiB at its peak")
    tally.add(case, code, seconds, peak.bytes)
    return problems


def run_cases(cases: Iterator[fm.Case], folder: Path, tally: Tally) -> list[str]:
    """Examine every case (each stopped if it hangs); every problem found, named by its case."""
    path = folder / "case.ipynb"
    failures = []
    for case in cases:
        try:
            with hard_stop(HARD_STOP_SECONDS):
                problems = examine(case, path, tally)
        except Hang as error:
            problems = [f"hung: {error}"]
        failures += [f"{case.name}: {problem}" for problem in problems]
    return failures


@pytest.fixture
def command(monkeypatch: pytest.MonkeyPatch) -> None:
    """``kit.cli.main`` as the fuzz loop calls it, thousands of times.

    The command's last-resort guard re-raises, so that an unexpected exception fails its case
    with where it was raised (and the message check catches the guard's line all the same);
    the argument parser is built once (argparse takes 1.5 ms to build it, a sixth of a case,
    and parsing leaves it as it was).
    """
    def reraise(error: BaseException, *args: Any) -> int:
        raise error

    monkeypatch.setattr(kit.cli, "_unexpected", reraise)
    monkeypatch.setattr(kit.cli, "build_parser", functools.cache(kit.cli.build_parser))


# -- the tests -----------------------------------------------------------------------------------


def test_the_base_files_verify_and_are_what_the_kit_writes():
    for base in fm.bases():
        loaded = load_file(base.path)
        assert kit_view(base.notebook) == kit_view(build_notebook(loaded.game, loaded.header)), base.name
        assert not intact_problems(fm.Case(base.name, base.data, "none", base=base.name), loaded)


def run_shard(shard: int, shards: int, folder: Path) -> tuple[list[str], Tally]:
    """One process's share of the cases: the problems found and what the run did."""
    tally = Tally()
    folder.mkdir(exist_ok=True)
    return run_cases(fm.cases(SEED, shard=shard, shards=shards), folder, tally), tally


@pytest.mark.slow
def test_every_damaged_or_forged_file_is_answered_in_one_line(tmp_path: Path, command: None):
    """The seeded cases, shared by one forked process per core (two on the CI machine); each case alone is timed."""
    shards = max(1, min(2, os.cpu_count() or 1))
    folders = [tmp_path / f"shard-{shard}" for shard in range(shards)]
    tally = Tally()
    if shards == 1:
        failures = run_cases(fm.cases(SEED), tmp_path, tally)
    else:
        with ProcessPoolExecutor(shards, mp_context=multiprocessing.get_context("fork")) as pool:
            results = list(pool.map(run_shard, range(shards), [shards] * shards, folders))
        failures = [failure for found, _ in results for failure in found]
        for _, part in results:
            tally.merge(part)
    print(tally.summary())
    assert tally.cases >= 3800 and set(tally.exits) <= {0, 1, 2}
    assert not failures, f"{len(failures)} problems in {tally.cases} cases:\n" + "\n".join(failures[:40])


HEAVIEST_LIMIT = 450 * 2**20
"""The most memory ``kit verify`` may take for any file: about what the largest game file (64 MiB) takes to read."""


def _heaviest(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """Files of as many tiny JSON values as the budget lets through, one past it, one past the size, /dev/zero.

    Each file is written when it is asked for and removed once the next one is (they are large).
    """
    from kit.gamefile.notebook import MAX_FILE_BYTES, MAX_JSON_VALUES

    base = fm.bases()[0]
    room = MAX_JSON_VALUES - base.data.count(b",") - base.data.count(b"{") - base.data.count(b"[") - 100
    for name, values in (("strings at the value budget", '"4H",' * room),
                         ("objects at the value budget", "{}," * (room // 2)),
                         ("strings past the value budget", '"4H",' * (room + 200)),
                         ("a file past the size limit", " " * MAX_FILE_BYTES + "1,")):
        mutant = fm.Mutant(base, random.Random(0))
        mutant.event()["rig"] = {"dice": mutant.raw(f"[{values}1]")}
        path = tmp_path / "heavy.ipynb"
        path.write_bytes(mutant.dumps())
        yield name, path
        path.unlink()
    if Path("/dev/zero").exists():
        yield "/dev/zero", Path("/dev/zero")


_MEASURED_VERIFY = """
import sys
from pathlib import Path

import kit.cli

code = kit.cli.main(["verify", sys.argv[1]])
peak = [line for line in Path("/proc/self/status").read_text().splitlines() if line.startswith("VmHWM:")]
print(int(peak[0].split()[1]) * 1024)
sys.exit(code)
"""
"""``kit verify FILE`` in a process of its own, printing its peak resident size last (VmHWM counts from its exec)."""


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads the peak resident size from /proc")
def test_no_file_takes_more_memory_than_the_largest_game_file(tmp_path: Path):
    for name, path in _heaviest(tmp_path):
        started = time.perf_counter()
        done = subprocess.run([sys.executable, "-c", _MEASURED_VERIFY, str(path)], capture_output=True, text=True,
                              timeout=60, check=False)
        seconds = time.perf_counter() - started
        peak = int(done.stdout.split()[-1])
        assert done.returncode in (1, 2) and done.stderr.count("\n") == 1, (name, done.stderr[:500])
        assert len(done.stderr) < MESSAGE_LIMIT, (name, done.stderr[:500])
        assert peak < HEAVIEST_LIMIT, (name, f"{peak / 2**20:.0f} MiB")
        assert seconds < 3 * CASE_SECONDS, (name, f"{seconds:.1f} s")


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12)
    | st.sampled_from(fm.SURROGATES) | st.sampled_from(fm.HUGE),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=25,
)


@settings(max_examples=120, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(base=st.sampled_from([base.name for base in fm.bases()]), turn=st.integers(0, 60), data=st.data(),
       value=json_values, level=st.sampled_from((0, 1, 1, 2)))
def test_any_json_value_as_any_argument_is_answered_in_one_line(tmp_path: Path, command: None, base: str, turn: int,
                                                              data: st.DataObject, value: Any, level: int):
    """A value of any shape as an event's argument (or outcome), the file re-sealed or not."""
    def edit(mutant: fm.Mutant) -> None:
        events = mutant.events()
        event = events[turn % len(events)]
        names = st.text(max_size=8) | st.sampled_from(sorted(event["args"])) if event["args"] else st.text(max_size=8)
        if data.draw(st.booleans(), label="in the outcome instead"):
            event["outcome"] = value
        else:
            event["args"][data.draw(names, label="argument")] = value

    assert not run_cases(iter([_edited(base, edit, level)]), tmp_path, Tally())


def _edited(base_name: str, edit: Callable[[fm.Mutant], Any], level: int = 0) -> fm.Case:
    """The base file ``base_name`` with ``edit`` made, re-sealed by a forger to ``level``."""
    base = fm.base(base_name)
    mutant = fm.Mutant(base, random.Random(0))
    edit(mutant)
    fm.reseal(mutant.notebook, level)
    return fm.Case(base_name, mutant.dumps(), "named", resealed=level > 0, base=base_name)


def _flip(mutant: fm.Mutant) -> dict[str, Any]:
    return mutant.event("flip", "plus")["args"]


FF, FF1, SP = "games/falkefateifaux-sample", "v1/falkefateifaux-sample", "games/suitpairs-sample"
RU = "games/rollunder-sample"


def _cell_kit(mutant: fm.Mutant, position: int, value: Any) -> None:
    """Give the cell at ``position`` the kit metadata ``value``."""
    mutant.notebook["cells"][position].setdefault("metadata", {})["kit"] = value


def _event_copied_beside(mutant: fm.Mutant) -> None:
    """What the fuzz test found: a turn cell's kit metadata with a copy of its event under another name."""
    kit_meta = mutant.notebook["cells"][27]["metadata"]["kit"]
    kit_meta["minus"] = dict(kit_meta["event"])

NAMED_CASES: list[tuple[str, str, Callable[[fm.Mutant], Any], int, int, str]] = [
    # The list.
    ("a flip whose plus is 10**9", FF, lambda m: _flip(m).update(plus=10**9), 1, 1, "turn"),
    ("a flip whose minus is 10**9", FF, lambda m: _flip(m).update(minus=10**9), 1, 1, "turn"),
    ("a deck count of 10**9", FF, lambda m: m.kit["options"].update(magic_decks=10**9), 2, 2, "not a game notebook"),
    ("an option named seed", FF, lambda m: m.kit["options"].update(seed="x"), 2, 2, "not an option"),
    ("an option named self", FF, lambda m: m.kit["options"].update(self=1), 2, 2, "not an option"),
    ("a lone surrogate in the seed", FF, lambda m: m.kit.update(seed="s\ud800"), 2, 2, "not a game notebook"),
    ("a lone surrogate in an argument", SP, lambda m: m.event("check")["args"].update(character="M\ud800"), 1, 1,
     "turn"),
    ("an argument left out", SP, lambda m: m.event("check")["args"].pop("skill"), 1, 1, "turn"),
    ("an argument added", SP, lambda m: m.event("check")["args"].update(extra=1), 1, 1, "turn"),
    ("an argument nested 500 deep", SP, lambda m: m.event("check")["args"].update(skill=fm.nested(500)), 1, 1,
     "turn"),
    ("a rig that is a string", FF, lambda m: m.event("flip").update(rig="4H 8C"), 1, 1, "turn"),
    ("a rig of a million dice", FF, lambda m: m.event("flip").update(rig={"dice": [6] * 10**6}), 1, 1, "turn"),
    ("a rig of codes that are numbers", FF, lambda m: m.event("flip").update(rig={"cards": {"fate": [4]}}), 1, 1,
     "turn"),
    # What this fuzz test found in the reading path.
    ("a version-1 header with a genesis of null", FF1, lambda m: m.kit.update(genesis=None), 2, 1,
     "a field a game file of format 1 has not"),
    ("a cell whose type is a lone surrogate", SP, lambda m: m.notebook["cells"][5].update(cell_type="\udfff"), 0, 1,
     "is a non-code cell, not a turn"),
    ("a cell whose type is 5,000 characters", SP, lambda m: m.notebook["cells"][5].update(cell_type="Ada\n" * 1250), 0,
     1, "is a non-code cell, not a turn"),
    ("nbformat 4.0", SP, lambda m: m.notebook.update(nbformat=4.0), 0, 2, "nbformat 4"),
    ("a setup cell counted true", SP, lambda m: m.notebook["cells"][1].update(execution_count=True), 0, 1,
     "setup cell"),
    ("a turn counted 3.0", SP, lambda m: m.notebook["cells"][3].update(execution_count=3.0), 0, 1, "execution count"),
    ("an output counted 3.0", SP, lambda m: m.notebook["cells"][3]["outputs"][0].update(execution_count=3.0), 0, 1,
     "saved output"),
    ("a copy of a turn's event beside it in its cell's kit metadata", RU, _event_copied_beside, 0, 1,
     "kit metadata holds 'minus' beside the event"),
    ("kit metadata on the header cell", SP, lambda m: _cell_kit(m, 0, {"event": None}), 2, 1,
     "the header cell holds kit metadata"),
    ("kit metadata on the setup cell", SP, lambda m: _cell_kit(m, 1, {"event": None}), 2, 1,
     "the setup cell holds kit metadata"),
]


@pytest.mark.parametrize(("what", "base", "edit", "level", "code", "says"), NAMED_CASES,
                         ids=[case[0] for case in NAMED_CASES])
def test_named_hostile_files_are_refused_in_one_line(tmp_path: Path, command: None, what: str, base: str,
                                                     edit: Callable[[fm.Mutant], Any], level: int, code: int,
                                                     says: str):
    case = _edited(base, edit, level)
    path = tmp_path / "named.ipynb"
    assert not run_cases(iter([case]), tmp_path, Tally())
    path.write_bytes(case.data)
    found, out, err = run_verify(path)
    assert (found, out) == (code, "") and says in err, err


def test_the_last_resort_guard_answers_a_bug_in_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    def bug(raw: Any) -> Any:
        raise KeyError("a" * 500 + "\ud800")

    monkeypatch.setattr(importlib.import_module("kit.gamefile.verify"), "check", bug)  # the module, not the function
    path = tmp_path / "game.ipynb"
    path.write_bytes(fm.bases()[0].data)
    code, out, err = run_verify(path)
    assert code == 2 and out == "" and err.count("\n") == 1 and len(err) < MESSAGE_LIMIT
    assert err.startswith(f"kit: could not read {path}: KeyError: ") and err.endswith("(this is a bug of the kit)\n")
    err.encode("utf-8")
