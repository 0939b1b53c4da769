"""The Suit Pairs table on long campaigns: time to interactive, the kernel's memory and a click, against the bare page.

    python bench/campaign_table_bench.py [--sizes 1000 10000 50000] [--runs 3] [--warmup 1]

For each size, builds a Suit Pairs campaign of that many turns chapter by chapter
(``bench/campaign_bench.py``'s ``build``: chapters of the default 250 turns) and lays out a
served folder under a temporary directory:

- ``c<size>/games`` holds every chapter file of the campaign and ``c<size>/tables`` the Suit
  Pairs table's notebook, which finds its games in the ``games`` folder beside it; the table
  opens the game played last, the campaign's newest chapter. At the default sizes that chapter
  is full, so the measured click starts the campaign's next chapter (C-3);
- ``c<size>-room/games`` holds the same campaign without its last turn (the closed chapters
  linked, the newest rewritten with one turn fewer), so the click is a turn in a chapter with
  room, as most turns are;
- ``sample/games`` the Suit Pairs sample game of ``scripts/make_sample_games.py`` alone (one
  file, no chapters): the table's own cost, for reference;
- ``components/`` the bare one-button notebook of ``tests/browser/notebooks``.

One Voilà serves it all (from the repository root, so it reads voila.json). Every page is
opened in a fresh browser context (a fresh kernel) and measured as ``bench/browser_bench.py``
measures (its ``READY_JS``, ``CLICK_JS`` and ``SETTLE_MS``), round-robin with the bare page in
the same run, the games folder put back before every run:

- time to interactive: navigation start to the first frame in which the table's forum post box
  and the clicked control are drawn (goal: at most 1.3x the bare page at every size);
- the page's kernel memory, read from ``/proc`` once the table is interactive and its kernel
  socket quiet: held (VmRSS) and peak so far (VmHWM), and the peak again after the click (goal:
  at most 1.5x the bare page's kernel at every size). The kernel is found by the id in the
  page's kernel websocket address (its connection file ``kernel-<id>.json``);
- click to visible: the first character's *Roll the check* (or *Accept the roll* when that
  character has a check pending) to the first frame in which the tracker's roll line changed.

Then, in a fresh Python process per run, the kernel side of opening the table without a
browser: listing the shelf, opening the newest chapter (``TableSession.open``) and building the
whole ``Table``. Medians are printed with their ratios.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT / "tests" / "browser"))
sys.path.insert(0, str(REPO_ROOT / "bench"))

from browser_bench import CLICK_JS, READY_JS, SETTLE_MS, VIEWPORTS, Scenario  # noqa: E402
from campaign_bench import build  # noqa: E402
from playwright.sync_api import Browser, sync_playwright  # noqa: E402
from tables_bench import BARE, table  # noqa: E402
from voila_harness import ARTIFACTS_DIR, VoilaPage, chromium_missing_reason, launch_chromium, start_voila  # noqa: E402

from kit.core.game import Game  # noqa: E402
from kit.gamefile import HeldGameFile  # noqa: E402
from kit.gamefile.acting import rebuild  # noqa: E402
from kit.gamefile.chapters import notebook_bytes  # noqa: E402
from kit.gamefile.header import Header  # noqa: E402
from kit.gamefile.shelf import GAMES_DIR_VARIABLE  # noqa: E402

TTI_GOAL = 1.3
"""The table's time to interactive, at most this many times the bare page's, at every size."""

MEMORY_GOAL = 1.5
"""The table's kernel memory (held and peak), at most this many times the bare page's kernel's, at every size."""

ROLL = ".kit-attribute-tracker .kit-roll"
"""The tracker's roll line: the view that answers a check and an accept first."""

@dataclass(frozen=True)
class Case:
    """A page to measure: its label, its scenario, and the games folder it plays in (None: the bare page)."""

    label: str
    scenario: Scenario
    games: Path | None = None
    newest: Path | None = None
    turns: int = 0
    chapters: int = 0
    action: str = ""
    campaign: bool = False


@dataclass(frozen=True)
class Sample:
    """One page's figures: ms to interactive and to the click's answer; the kernel's memory in bytes."""

    tti_ms: float
    click_ms: float
    held: int
    peak: int
    peak_after_click: int


@dataclass(frozen=True)
class Medians:
    """The medians of a case's samples."""

    tti_ms: float
    click_ms: float
    held: float
    peak: float
    peak_after_click: float


def first_character_action(game: Game) -> tuple[str, str]:
    """The click the table's tracker takes on ``game``: (its name, the button's selector).

    The tracker shows the first character; *Roll the check* when no check of theirs is pending,
    otherwise *Accept the roll* (a second check would be refused).
    """
    first = next(iter(game.characters))
    if game.pending(first) is None:
        return "check", ".kit-attribute-tracker .kit-check"
    return "accept", ".kit-attribute-tracker .kit-accept"


def without_last_turn(newest: Path, target: Path) -> Path:
    """Lay the campaign whose newest chapter is ``newest`` into ``target`` with one turn fewer; returns its newest.

    The closed chapters are hard links to the source's (no turn is ever written into them);
    the newest chapter is rewritten from its game with its last turn taken back.
    """
    target.mkdir(parents=True)
    for path in sorted(newest.parent.glob("*.ipynb")):
        if path.name != newest.name:
            (target / path.name).hardlink_to(path)
    game = HeldGameFile.open(newest).game
    rebuild(game, game.turn - 1)
    written = target / newest.name
    written.write_bytes(notebook_bytes(game, Header.for_game(game)))
    return written


def table_case(root: Path, folder: str, games: Path, newest: Path, what: str, campaign: bool = True) -> Case:
    """The Suit Pairs table over ``games`` (served as ``folder``), clicking what its tracker can take there."""
    shutil.copytree(REPO_ROOT / "notebooks" / "tables", root / folder / "tables",
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints", ".*.lock"))
    game = HeldGameFile.open(newest).game
    action, click = first_character_action(game)
    label = f"{game.turn:,} turns, {what}"
    return Case(label, table(folder, "suitpairs", click, ROLL), games, newest, game.turn, game.chapter.number, action,
                campaign)


def sample_case(root: Path) -> Case:
    """The table over the Suit Pairs sample game alone (one file, no chapters): the table's own cost, for reference."""
    games = root / "sample" / "games"
    subprocess.run([sys.executable, str(REPO_ROOT / "scripts" / "make_sample_games.py"), str(games)],
                   cwd=REPO_ROOT, check=True, capture_output=True)
    for path in games.glob("*.ipynb"):
        if path.name != "suitpairs-sample.ipynb":
            path.unlink()
    return table_case(root, "sample", games, games / "suitpairs-sample.ipynb", "the sample game", campaign=False)


def lay_out(root: Path, sizes: Sequence[int]) -> list[Case]:
    """Build every campaign and lay out the served folder (see the module's docstring); returns the cases."""
    (root / "components").mkdir()
    shutil.copy(REPO_ROOT / "tests" / "browser" / "notebooks" / "bare_button.ipynb", root / "components")
    cases = [Case("bare button", BARE), sample_case(root)]
    for size in sizes:
        started = time.perf_counter()
        games = root / f"c{size}" / "games"
        games.mkdir(parents=True)
        newest = build(games, size)
        room_games = root / f"c{size}-room" / "games"
        room_newest = without_last_turn(newest, room_games)
        full = table_case(root, f"c{size}", games, newest, "newest chapter full")
        room = table_case(root, f"c{size}-room", room_games, room_newest, "room in the newest chapter")
        cases += [full, room]
        size_mb = sum(path.stat().st_size for path in games.glob("*.ipynb")) / 1e6
        print(f"built {size:,} turns: {full.chapters} chapters, {size_mb:.0f} MB, "
              f"{time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
    return cases


class Folder:
    """A games folder as it was laid out, put back before every run (a click writes a turn, or a new chapter).

    Only the newest chapter takes a turn; every other file is checked by its stamp (a closed
    chapter is never written, and may be a hard link shared with another folder).
    """

    def __init__(self, games: Path, newest: Path):
        self.games = games
        self.newest = newest
        self.content = newest.read_bytes()
        self.stamps = {path.name: stamp(path) for path in self.files()}

    def files(self) -> list[Path]:
        """The folder's game files (the kit's hidden lock files aside)."""
        return [path for path in self.games.iterdir() if not path.name.startswith(".")]

    def restore(self) -> None:
        """Remove every game file a run added and write the newest chapter back if a run changed it."""
        for path in self.files():
            if path.name not in self.stamps:
                path.unlink()
            elif path != self.newest and stamp(path) != self.stamps[path.name]:
                raise RuntimeError(f"{path}: a closed chapter was written")
        if stamp(self.newest) != self.stamps[self.newest.name]:
            self.newest.unlink()
            self.newest.write_bytes(self.content)
            self.stamps[self.newest.name] = stamp(self.newest)


def stamp(path: Path) -> tuple[int, int, int]:
    """A file's inode, size and modification time: what changes when it is written."""
    status = path.stat()
    return status.st_ino, status.st_size, status.st_mtime_ns


def kernel_process(kernel_id: str) -> int:
    """The id of the process running the kernel ``kernel_id`` (its command line names ``kernel-<id>.json``)."""
    wanted = f"kernel-{kernel_id}.json".encode()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if wanted in (entry / "cmdline").read_bytes():
                return int(entry.name)
        except OSError:
            continue
    raise RuntimeError(f"no process runs kernel {kernel_id}")


def memory_of(pid: int) -> tuple[int, int]:
    """A process's memory now (VmRSS) and at its peak (VmHWM), in bytes."""
    found: dict[str, int] = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            found[key] = int(value.split()[0]) * 1024
    return found["VmRSS"], found["VmHWM"]


def measure_page(browser: Browser, base_url: str, scenario: Scenario, timeout_ms: float = 60_000) -> Sample:
    """Open the scenario's page once in a fresh context; its TTI, kernel memory, click, and peak after the click."""
    context = browser.new_context(viewport=VIEWPORTS["desktop"])
    try:
        page = VoilaPage(context.new_page(), base_url)
        kernels = page.kernel.kernel_ids
        page.page.goto(page.url_for(scenario.notebook), wait_until="commit", timeout=timeout_ms)
        tti = page.page.wait_for_function(READY_JS, arg=scenario.ready, polling="raf", timeout=timeout_ms).json_value()
        page.wait_kernel_idle(timeout_ms=timeout_ms, quiet_ms=SETTLE_MS)
        if len(set(kernels)) != 1:
            raise RuntimeError(f"{scenario.notebook}: the page talked to {len(set(kernels))} kernels, not one")
        pid = kernel_process(kernels[0])
        held, peak = memory_of(pid)
        click = page.page.evaluate(CLICK_JS, [scenario.click, scenario.expect, scenario.expect_text, timeout_ms])
        page.wait_kernel_idle(timeout_ms=timeout_ms)
        _, peak_after = memory_of(pid)
        problems = page.problems()
        if problems:
            raise RuntimeError(f"{scenario.notebook}: " + "; ".join(problems))
        if not page.leave():
            raise RuntimeError(f"{scenario.notebook}: the closed page's kernel was not shut down")
        return Sample(float(tti), float(click), held, peak, peak_after)
    finally:
        context.close()


def measure_all(browser: Browser, base_url: str, cases: Sequence[Case], runs: int, warmup: int) -> list[Medians]:
    """Every case's medians, taken round-robin (run 1 of every case, then run 2, ...) so drift hits all alike."""
    folders = {case.games: Folder(case.games, case.newest) for case in cases
               if case.games is not None and case.newest is not None}
    samples: list[list[Sample]] = [[] for _ in cases]
    for number in range(warmup + runs):
        for index, case in enumerate(cases):
            if case.games is not None:
                folders[case.games].restore()
            try:
                sample = measure_page(browser, base_url, case.scenario)
            except Exception as error:
                raise RuntimeError(f"{case.label} ({case.scenario.notebook}): {error}") from error
            if number >= warmup:
                samples[index].append(sample)
        print(f"run {number + 1} of {warmup + runs} done{' (warm-up)' if number < warmup else ''}",
              file=sys.stderr, flush=True)
    for folder in folders.values():
        folder.restore()
    return [Medians(*(statistics.median(getattr(sample, name) for sample in taken)
                      for name in ("tti_ms", "click_ms", "held", "peak", "peak_after_click")))
            for taken in samples]


KERNEL_SIDE = """
import json, sys, time
from pathlib import Path
started = time.perf_counter()
from kit.widgets.session import TableSession
from kit.gamefile.shelf import Shelf
from kit.widgets.table import Table
imported = time.perf_counter()
games = Path(sys.argv[1])
shelf = Shelf(games, "suitpairs")
listing = shelf.listing()
listed = time.perf_counter()
newest = shelf.last_played(listing.games).path
TableSession.open(newest)
opened = time.perf_counter()
Table("suitpairs", games_dir=games)
built = time.perf_counter()
status = dict(line.split(":", 1) for line in Path("/proc/self/status").read_text().splitlines() if ":" in line)
print(json.dumps({"import": imported - started, "listing": listed - imported, "open": opened - listed,
                  "table": built - opened, "peak": int(status["VmHWM"].split()[0]) * 1024}))
"""
"""Run in a fresh Python process: the kernel side of opening the table, in seconds, and the process's peak."""


def kernel_side(games: Path, runs: int) -> dict[str, float]:
    """Medians over ``runs`` fresh processes of importing the table, listing the shelf, opening the newest
    chapter (``TableSession.open``) and then building the whole ``Table`` (which lists and opens again)."""
    taken = []
    for _ in range(runs):
        done = subprocess.run([sys.executable, "-c", KERNEL_SIDE, str(games)], cwd=REPO_ROOT, check=True,
                              capture_output=True, text=True, env=bench_env())
        taken.append(json.loads(done.stdout.splitlines()[-1]))
    return {name: statistics.median(figures[name] for figures in taken) for name in taken[0]}


def bench_env() -> dict[str, str]:
    """This process's environment without a games folder named: each table finds the one beside it."""
    return {name: value for name, value in os.environ.items() if name != GAMES_DIR_VARIABLE}


MB = 1e6


def report(cases: Sequence[Case], figures: Sequence[Medians]) -> str:
    """The medians with their ratios to the bare page and the goals' verdicts."""
    bare = figures[0]
    lines = [f"{'page':<42}{'chapters':>9}{'TTI ms':>8}{'x bare':>8}{'click':>8}{'ms':>7}{'x bare':>8}"
             f"{'held MB':>9}{'x bare':>8}{'peak MB':>9}{'x bare':>8}{'after click':>12}{'x bare':>8}"]
    for case, found in zip(cases, figures, strict=True):
        lines.append(
            f"{case.label:<42}{case.chapters or '':>9}{found.tti_ms:>8.0f}{found.tti_ms / bare.tti_ms:>8.2f}"
            f"{case.action or 'press':>8}{found.click_ms:>7.1f}{found.click_ms / bare.click_ms:>8.2f}"
            f"{found.held / MB:>9.1f}{found.held / bare.held:>8.2f}{found.peak / MB:>9.1f}"
            f"{found.peak / bare.peak:>8.2f}{found.peak_after_click / MB:>12.1f}"
            f"{found.peak_after_click / bare.peak_after_click:>8.2f}")
    tables = [found for case, found in zip(cases, figures, strict=True) if case.campaign]
    worst = {
        "TTI": max(found.tti_ms / bare.tti_ms for found in tables),
        "kernel memory once interactive": max(max(found.held / bare.held, found.peak / bare.peak) for found in tables),
        "kernel peak after the click": max(found.peak_after_click / bare.peak_after_click for found in tables),
    }
    for what, ratio in worst.items():
        goal = TTI_GOAL if what == "TTI" else MEMORY_GOAL
        lines.append(f"campaigns, {what} <= {goal}x bare at every size: {'met' if ratio <= goal else 'MISSED'} "
                     f"(worst {ratio:.2f}x)")
    return "\n".join(lines)


def kernel_report(cases: Sequence[Case], runs: int) -> str:
    """The kernel side of opening each table without a browser, in fresh processes."""
    lines = [f"{'games folder':<42}{'import ms':>10}{'listing ms':>11}{'open ms':>9}{'Table() ms':>11}{'peak MB':>9}"]
    for case in cases:
        if case.games is None:
            continue
        found = kernel_side(case.games, runs)
        lines.append(f"{case.label:<42}{found['import'] * 1000:>10.0f}{found['listing'] * 1000:>11.0f}"
                     f"{found['open'] * 1000:>9.0f}{found['table'] * 1000:>11.0f}{found['peak'] / MB:>9.1f}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Build the campaigns, start Voilà and Chromium, measure every page round-robin with the bare one, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000, 10_000, 50_000], help="campaign turns")
    parser.add_argument("--runs", type=int, default=3, help="measured runs per page (median reported)")
    parser.add_argument("--warmup", type=int, default=1, help="unrecorded runs per page first")
    args = parser.parse_args(argv)
    reason = chromium_missing_reason()
    if reason:
        print(f"campaign table bench not run: {reason}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="kit-campaign-table-bench-") as folder:
        root = Path(folder)
        cases = lay_out(root, args.sizes)
        server = start_voila(root, log_path=ARTIFACTS_DIR / "logs" / "voila-campaign-table-bench.log", env=bench_env())
        try:
            with sync_playwright() as playwright:
                browser = launch_chromium(playwright)
                try:
                    figures = measure_all(browser, server.base_url, cases, args.runs, args.warmup)
                    version = browser.version
                finally:
                    browser.close()
        finally:
            server.stop()
        kernel = kernel_report(cases, args.runs)
    load_after = os.getloadavg()
    print(f"Voilà, Chromium {version}, desktop, medians of {args.runs} runs after {args.warmup} warm-up; "
          f"{os.cpu_count()} cores, load {load_before[0]:.1f} before, {load_after[0]:.1f} after; "
          f"{time.perf_counter() - started:.0f} s in all")
    print(report(cases, figures))
    print()
    print(f"Kernel side without a browser, medians of {args.runs} fresh processes:")
    print(kernel)
    return 0


if __name__ == "__main__":
    sys.exit(main())
