"""Where a page's load goes: before the page hears from its kernel, and from there until it is drawn.

    python bench/load_split_bench.py [--runs 5] [--warmup 1] [--only table] [--viewport phone]

``bench/tables_bench.py`` times a page from navigation to the first frame in which it is drawn
(time to interactive), against the bare one-button notebook. This script takes the same cases in
the same served folder and splits that time at the page's first kernel frame, stamped by
``performance.now()`` as it arrives (``SOCKET_STAMPS_JS`` of ``click_split_bench.py``):

- **server**: from navigation to the first frame the page receives on its kernel socket. Voilà
  starts a kernel and runs the whole notebook before the page connects to it, so this holds the
  kernel's start, the notebook's imports and the building of its widgets;
- **page**: from that frame to the first frame in which the case is drawn: the page's widget
  manager fetching every model's state and drawing the views.

Medians over the runs (round-robin, as ``tables_bench.py``), each phase beside the bare notebook's
and the whole as a ratio to the bare page's.
"""

from __future__ import annotations

import statistics
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT / "tests" / "browser"))
sys.path.insert(0, str(REPO_ROOT / "bench"))

from browser_bench import READY_JS, VIEWPORTS  # noqa: E402
from click_split_bench import SOCKET_STAMPS_JS  # noqa: E402
from playwright.sync_api import Browser  # noqa: E402
from tables_bench import Case, case_arguments, cases_matching, round_robin, served_tables  # noqa: E402
from voila_harness import VoilaPage, chromium_missing_reason  # noqa: E402

FIRST_FRAME_JS = """
() => {
  const received = window.__kitFrames.find(([kind]) => kind === "received");
  return received ? received[1] : null;
}
"""
"""When the page received its first kernel frame (``performance.now()``), or null."""

PHASES = ("server", "page")
"""The parts of a page's load, in order (see the module's docstring)."""


@dataclass(frozen=True)
class LoadSplit:
    """One page load's parts in milliseconds, in the order of :data:`PHASES`."""

    parts: tuple[float, float]

    @property
    def total(self) -> float:
        """The whole load: time to interactive, as ``tables_bench.py`` measures it."""
        return sum(self.parts)


def split_once(browser: Browser, base_url: str, case: Case, viewport: str, timeout_ms: float = 60_000) -> LoadSplit:
    """Open the case's notebook in a fresh context and split its load at the first kernel frame."""
    context = browser.new_context(viewport=VIEWPORTS[viewport], is_mobile=viewport == "phone",
                                  has_touch=viewport == "phone")
    context.add_init_script(SOCKET_STAMPS_JS)
    try:
        page = VoilaPage(context.new_page(), base_url)
        scenario = case.scenario
        page.page.goto(page.url_for(scenario.notebook), wait_until="commit", timeout=timeout_ms)
        drawn = page.page.wait_for_function(READY_JS, arg=scenario.ready, polling="raf",
                                            timeout=timeout_ms).json_value()
        first = page.page.evaluate(FIRST_FRAME_JS)
        if first is None:
            raise RuntimeError(f"{scenario.notebook}: drawn before any kernel frame arrived")
        page.wait_kernel_idle(timeout_ms=timeout_ms)
        problems = page.problems()
        if problems:
            raise RuntimeError(f"{scenario.notebook}: " + "; ".join(problems))
        if not page.leave():
            raise RuntimeError(f"{scenario.notebook}: the closed page's kernel was not shut down")
        return LoadSplit((float(first), float(drawn) - float(first)))
    finally:
        context.close()


def split_all(browser: Browser, base_url: str, root: Path, cases: Sequence[Case], runs: int, warmup: int,
              viewport: str) -> list[LoadSplit]:
    """Each case's median parts, taken as ``tables_bench.py`` takes its figures (:func:`round_robin`)."""
    samples = round_robin(root, cases, runs, warmup, lambda case: split_once(browser, base_url, case, viewport))
    return [LoadSplit(tuple(statistics.median(split.parts[part] for split in taken)  # type: ignore[arg-type]
                            for part in range(len(PHASES)))) for taken in samples]


def report(cases: Sequence[Case], splits: Sequence[LoadSplit]) -> str:
    """One line a case: its median parts, their sum and the sum's ratio to the bare page's (the first case)."""
    bare = splits[0].total
    lines = [f"{'notebook':<34}" + "".join(f"{phase:>10}" for phase in PHASES) + f"{'sum ms':>9}{'x bare':>8}"]
    for case, split in zip(cases, splits, strict=True):
        lines.append(f"{case.label:<34}" + "".join(f"{part:>10.0f}" for part in split.parts)
                     + f"{split.total:>9.0f}{split.total / bare:>8.2f}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Build the folder, start Voilà and Chromium, split every case's load after the bare notebook's, print."""
    args = case_arguments(__doc__.splitlines()[0], runs=5).parse_args(argv)
    reason = chromium_missing_reason()
    if reason:
        print(f"load split bench not run: {reason}", file=sys.stderr)
        return 2
    with served_tables(args.turns, "load-split-bench") as (root, browser, base_url):
        cases = cases_matching(args.only)
        splits = split_all(browser, base_url, root, cases, args.runs, args.warmup, args.viewport)
        version = browser.version
    print(f"Voilà, Chromium {version}, {args.viewport}, a page load split at its first kernel frame, "
          f"medians of {args.runs} runs (ms)")
    print(report(cases, splits))
    return 0


if __name__ == "__main__":
    sys.exit(main())
