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

import sys
from collections.abc import Sequence
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT / "tests" / "browser"))
sys.path.insert(0, str(REPO_ROOT / "bench"))

from click_split_bench import median_parts, phase_report, stamped_page  # noqa: E402
from playwright.sync_api import Browser  # noqa: E402
from tables_bench import Case, case_arguments, cases_matching, round_robin, served_tables  # noqa: E402
from voila_harness import chromium_missing_reason  # noqa: E402

FIRST_FRAME_JS = """
() => {
  const received = window.__kitFrames.find(([kind]) => kind === "received");
  return received ? received[1] : null;
}
"""
"""When the page received its first kernel frame (``performance.now()``), or null."""

PHASES = ("server", "page")
"""The parts of a page's load, in order (see the module's docstring)."""


def split_once(browser: Browser, base_url: str, case: Case, viewport: str,
               timeout_ms: float = 60_000) -> tuple[float, float]:
    """Open the case's notebook and split its load at the first kernel frame: (server, page) in ms."""
    with stamped_page(browser, base_url, case, viewport, timeout_ms) as (page, drawn):
        first = page.page.evaluate(FIRST_FRAME_JS)
        if first is None:
            raise RuntimeError(f"{case.scenario.notebook}: drawn before any kernel frame arrived")
    return float(first), drawn - float(first)


def main(argv: Sequence[str] | None = None) -> int:
    """Build the folder, start Voilà and Chromium, split every case's load after the bare notebook's, print."""
    args = case_arguments(__doc__.splitlines()[0], runs=5).parse_args(argv)
    reason = chromium_missing_reason()
    if reason:
        print(f"load split bench not run: {reason}", file=sys.stderr)
        return 2
    with served_tables(args.turns, "load-split-bench") as (root, browser, base_url):
        cases = cases_matching(args.only)
        samples = round_robin(root, cases, args.runs, args.warmup,
                              lambda case: split_once(browser, base_url, case, args.viewport))
        version = browser.version
    print(f"Voilà, Chromium {version}, {args.viewport}, a page load split at its first kernel frame, "
          f"medians of {args.runs} runs (ms)")
    print(phase_report(cases, median_parts(samples), PHASES, width=10, digits=0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
