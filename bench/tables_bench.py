"""Time to interactive of the tables, and click to visible result of each component, against the bare button.

    python bench/tables_bench.py [--runs 7] [--warmup 1] [--turns 1000]

Builds a served folder under a temporary directory: a copy of ``notebooks/`` with the sample
games made by ``scripts/make_sample_games.py``; ``big/`` with the same tables and, in
``big/games``, a Suit Pairs and a FalkeFateiFaux game grown to ``--turns`` turns with the kit,
written by ``kit.gamefile.save`` and split into chapters by ``kit.gamefile.chapters.split`` (C-3),
so the table opens the newest chapter and the click is a turn in a chapter with room;
``components/`` with the component notebooks and the bare one-button notebook of
``tests/browser/notebooks``. One Voilà serves it all (from the
repository root, so it reads voila.json) and every figure is taken as in
``bench/browser_bench.py`` (``measure_once``), in the same run as the bare notebook:

- tables: time to interactive (the whole table drawn: its forum post box has a size) and the
  click on a component inside the table once the kernel is quiet (a turn, written to the game
  file; the file is put back before every run so each run takes the same turn);
- components: the click on each component's main control in its own notebook.

Medians are printed with their ratio to the bare notebook (targets: a table's time to interactive
at most 1.3x, 1.5x with the big game; a click at most 1.2x, at a table as in a component).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT / "tests" / "browser"))
sys.path.insert(0, str(REPO_ROOT / "bench"))

from browser_bench import VIEWPORTS, Figures, Scenario, measure_once  # noqa: E402
from playwright.sync_api import Browser, sync_playwright  # noqa: E402
from voila_harness import ARTIFACTS_DIR, chromium_missing_reason, launch_chromium, start_voila  # noqa: E402

from kit import gamefile  # noqa: E402
from kit.core.game import Game  # noqa: E402
from kit.gamefile.chapters import split  # noqa: E402

T = TypeVar("T")

BARE = Scenario("components/bare_button.ipynb", ".kit-bare-button", ".kit-bare-button", ".kit-bare-label",
                "Pressed 1 time(s)")


@dataclass(frozen=True)
class Case:
    """A scenario, what it measures, and the game file to put back before each run (if it writes one)."""

    label: str
    scenario: Scenario
    target: float
    game: str | None = None


def table(folder: str, system: str, click: str, expect: str, expect_text: str | None = None) -> Scenario:
    """A table's notebook: ready when its forum post box (the last part) and the clicked control are drawn."""
    return Scenario(f"{folder}/tables/{system}.ipynb", f".kit-table-{system} .kit-post && {click}", click, expect,
                    expect_text)


TABLE_CLICKS: dict[str, tuple[str, str, str, str | None]] = {
    "falkefateifaux": ("flip", ".kit-stack-resolver .kit-flip", ".kit-stack-resolver .kit-awaiting", "Now:"),
    "suitpairs": ("check", ".kit-attribute-tracker .kit-check", ".kit-attribute-tracker .kit-roll", None),
    "rollunder": ("heal", ".kit-combat-sequencer .kit-heal", ".kit-combat-sequencer .kit-combat-result", None),
}
"""Each table's measured click: its name, the control, the view that shows the answer, the text it must hold."""

CLICK_TARGET = 1.2
"""A click's target, as a ratio to the bare click: every table's measured click and every component's."""


TABLE_CASES = [
    *(Case(f"table {system} ({action})", table("notebooks", system, *click), 1.3,
           f"notebooks/games/{system}-sample.ipynb") for system, (action, *click) in TABLE_CLICKS.items()),
    *(Case(f"table {system}, big game", table("big", system, *TABLE_CLICKS[system][1:]), 1.5,
           f"big/games/{system}-big.ipynb") for system in ("falkefateifaux", "suitpairs")),
]
COMPONENT_CASES = [
    Case("stack resolver (flip)", Scenario("components/stack_resolver.ipynb", ".kit-stack-resolver .kit-flip",
                                           ".kit-stack-resolver .kit-flip", ".kit-awaiting", "Now:"), CLICK_TARGET),
    Case("hand viewer (preparation)", Scenario("components/hand_viewer.ipynb", ".kit-hand-prepare",
                                               ".kit-hand-prepare", ".kit-hand-result"), CLICK_TARGET),
    Case("attribute tracker (check)", Scenario("components/attribute_tracker.ipynb", ".kit-check", ".kit-check",
                                               ".kit-roll", "Pending check"), CLICK_TARGET),
    Case("combat sequencer (attack)", Scenario("components/combat_sequencer.ipynb", ".kit-act", ".kit-act",
                                               ".kit-combat-result"), CLICK_TARGET),
    Case("tarot hand (pick a card)", Scenario("components/combat_sequencer.ipynb", ".kit-tarot-cards .kit-card",
                                              ".kit-tarot-cards .kit-card", ".kit-card-selection", "Selected:"),
         CLICK_TARGET),
]


def grow_suitpairs(game: Game, turns: int) -> None:
    """Checks and accepts, each character in turn, until the game holds ``turns`` turns."""
    names = list(game.characters)
    index = 0
    while game.turn < turns:
        who = names[index % len(names)]
        index += 1
        game.check(who, "Defy", "Medium")
        if game.turn < turns:
            game.accept(who)


def grow_falkefateifaux(game: Game, turns: int) -> None:
    """Flips against a target, each resolved by whatever the game awaits, until ``turns`` turns."""
    names = list(game.state.characters)
    index = 0
    while game.turn < turns:
        if game.awaiting is None:
            game.flip(names[index % len(names)], "Fisticuffs", target=8)
            index += 1
            continue
        awaiting = game.awaiting
        if awaiting.action == "guide":
            game.guide(awaiting.character, None)
        elif awaiting.action == "choose":
            game.choose(awaiting.character, next(code for code in awaiting.options if code is not None))
        else:
            hand = [card.code for card in game.character(awaiting.character).hand]
            game.discard(awaiting.character, hand[: awaiting.count])
    while game.awaiting is not None and game.awaiting.action == "guide":  # leave no flip half done
        game.guide(game.awaiting.character, None)


def build_folder(root: Path, turns: int) -> None:
    """Lay out the served folder under ``root`` (see the module's docstring)."""
    notebooks = root / "notebooks"
    shutil.copytree(REPO_ROOT / "notebooks", notebooks,
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints", ".*.lock", "games"))
    subprocess.run([sys.executable, str(REPO_ROOT / "scripts" / "make_sample_games.py"), str(notebooks / "games")],
                   cwd=REPO_ROOT, check=True, capture_output=True)
    shutil.copytree(notebooks / "tables", root / "big" / "tables")
    (root / "big" / "games").mkdir()
    for system, grow in (("suitpairs", grow_suitpairs), ("falkefateifaux", grow_falkefateifaux)):
        game = gamefile.load(notebooks / "games" / f"{system}-sample.ipynb")
        grow(game, turns + 2)  # past a chapter's end with nothing pending (a check and its accept):
        # the newest chapter has room, and the first character's check can be rolled
        whole = root / "whole" / f"{system}-big.ipynb"
        whole.parent.mkdir(exist_ok=True)
        gamefile.save(game, whole)
        split(whole, root / "big" / "games")  # a campaign of chapters, as a table of today plays it (C-3)
    shutil.copytree(REPO_ROOT / "tests" / "browser" / "notebooks", root / "components",
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints"))


def folder_files(folder: Path) -> dict[str, bytes]:
    """Every file directly in ``folder`` by name, with its bytes."""
    return {path.name: path.read_bytes() for path in folder.iterdir() if path.is_file()}


def restore_folder(folder: Path, files: dict[str, bytes]) -> None:
    """Put ``folder`` back to ``files``: remove what is new, rewrite what was there."""
    for path in folder.iterdir():
        if path.is_file() and path.name not in files:
            path.unlink()
    for name, content in files.items():
        (folder / name).write_bytes(content)


def round_robin(root: Path, cases: Sequence[Case], runs: int, warmup: int,
                take: Callable[[Case], T]) -> list[list[T]]:
    """Every case's ``runs`` samples of ``take(case)``, round-robin (run 1 of every case, then run 2, ...).

    Taken round-robin, the machine's drift hits every case alike.
    ``warmup`` unrecorded rounds come first. A case that writes a game file gets its games folder
    back before each of its runs: the file as it was, and no file the turn made (a turn past a
    chapter's end starts the next chapter's file); every folder is put back at the end.
    """
    pristine = {case.game: folder_files((root / case.game).parent) for case in cases if case.game is not None}
    samples: list[list[T]] = [[] for _ in cases]
    try:
        for number in range(warmup + runs):
            for index, case in enumerate(cases):
                if case.game is not None:
                    restore_folder((root / case.game).parent, pristine[case.game])
                try:
                    found = take(case)
                except Exception as error:
                    raise RuntimeError(f"{case.label} ({case.scenario.notebook}): {error}") from error
                if number >= warmup:
                    samples[index].append(found)
    finally:
        for name, files in pristine.items():
            restore_folder((root / name).parent, files)
    return samples


def measure_all(browser: Browser, base_url: str, root: Path, cases: Sequence[Case], runs: int,
                warmup: int, viewport: str = "desktop") -> list[Figures]:
    """Medians of every case's time to interactive and click, taken by :func:`round_robin`."""
    samples = round_robin(root, cases, runs, warmup,
                          lambda case: measure_once(browser, base_url, case.scenario, viewport=viewport))
    return [Figures(tti_ms=statistics.median(t for t, _ in found), click_ms=statistics.median(c for _, c in found),
                    runs=runs) for found in samples]


def report(results: dict[str, tuple[Case, Figures]], bare: Figures) -> str:
    """The medians and ratios to the bare notebook, with each target."""
    lines = [f"{'notebook':<34}{'TTI ms':>8}{'x bare':>8}{'click ms':>10}{'x bare':>8}  target"]
    lines.append(f"{'bare button':<34}{bare.tti_ms:>8.0f}{1:>8.2f}{bare.click_ms:>10.1f}{1:>8.2f}")
    for label, (case, figures) in results.items():
        tti, click = figures.tti_ms / bare.tti_ms, figures.click_ms / bare.click_ms
        verdict = f"click <= {CLICK_TARGET}x: {'met' if click <= CLICK_TARGET else 'MISSED'}"
        if not case.scenario.notebook.startswith("components/"):
            verdict = f"TTI <= {case.target}x: {'met' if tti <= case.target else 'MISSED'}; " + verdict
        lines.append(f"{label:<34}{figures.tti_ms:>8.0f}{tti:>8.2f}{figures.click_ms:>10.1f}{click:>8.2f}  {verdict}")
    return "\n".join(lines)


def case_arguments(description: str, runs: int) -> argparse.ArgumentParser:
    """The command line of a bench over these cases: runs, warm-up, the big games' turns, a filter, the window."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--runs", type=int, default=runs, help="measured runs per notebook (median reported)")
    parser.add_argument("--warmup", type=int, default=1, help="unrecorded runs per notebook first")
    parser.add_argument("--turns", type=int, default=1000, help="turns of the big games")
    parser.add_argument("--only", default="", help="measure only cases whose label contains this text")
    parser.add_argument("--viewport", choices=sorted(VIEWPORTS), default="desktop",
                        help="the window: a 1280x900 desktop or a 390x844 phone (touch)")
    return parser


def cases_matching(only: str) -> list[Case]:
    """The bare notebook first, then every table and component case whose label contains ``only``."""
    return [Case("bare button", BARE, 1.0),
            *(case for case in (*TABLE_CASES, *COMPONENT_CASES) if only in case.label)]


@contextmanager
def served_tables(turns: int, name: str) -> Iterator[tuple[Path, Browser, str]]:
    """The served folder (see the module's docstring) under a temporary directory, one Voilà on it and Chromium.

    Yields the folder, the browser and the server's address; everything is stopped and removed
    afterwards. Voilà's log is ``voila-<name>.log`` among the test artifacts.
    """
    with tempfile.TemporaryDirectory(prefix=f"kit-{name}-") as folder:
        root = Path(folder)
        build_folder(root, turns)
        server = start_voila(root, log_path=ARTIFACTS_DIR / "logs" / f"voila-{name}.log")
        try:
            with sync_playwright() as playwright:
                browser = launch_chromium(playwright)
                try:
                    yield root, browser, server.base_url
                finally:
                    browser.close()
        finally:
            server.stop()


def main(argv: Sequence[str] | None = None) -> int:
    """Build the folder, start Voilà and Chromium, measure every case after the bare notebook, print."""
    args = case_arguments(__doc__.splitlines()[0], runs=7).parse_args(argv)
    reason = chromium_missing_reason()
    if reason:
        print(f"tables bench not run: {reason}", file=sys.stderr)
        return 2
    with served_tables(args.turns, "tables-bench") as (root, browser, base_url):
        cases = cases_matching(args.only)
        figures = measure_all(browser, base_url, root, cases, args.runs, args.warmup, args.viewport)
        version = browser.version
    bare, results = figures[0], {case.label: (case, found) for case, found in zip(cases[1:], figures[1:], strict=True)}
    print(f"Voilà, Chromium {version}, {args.viewport}, medians of {args.runs} runs ({args.turns}-turn big games)")
    print(report(results, bare))
    return 0


if __name__ == "__main__":
    sys.exit(main())
