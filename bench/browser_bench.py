"""Time to interactive and click-to-visible latency of notebooks served by Voilà, in Chromium.

    python bench/browser_bench.py [--runs 7] [--warmup 1]

Starts Voilà on loopback serving the repository (so it reads voila.json, as ``make
play`` does) and, for each scenario, opens the notebook in a fresh browser context
``runs`` times. Every figure is taken in the page with ``performance.now()``:

- time to interactive: from navigation start to the first animation frame in which
  Voilà shows the cells and the scenario's ``ready`` element has a size. Widgets are
  drawn only from state the page fetched from the kernel, so a drawn widget means the
  kernel connection is live and a click can reach it;
- click to visible: from ``element.click()`` on the scenario's ``click`` element to the
  first animation frame after a MutationObserver saw the ``expect`` element's text
  change (or contain ``expect_text``). The click waits until the kernel has answered
  everything and the kernel socket has been quiet for ``SETTLE_MS``: a message sent right
  after other traffic on the socket often waits about 40 ms more on loopback (the bare
  button's click took 5-12 ms or 45-50 ms depending on it), which would measure the tail
  of the page load rather than the click.

Medians are printed, with each scenario's ratio to the bare one-button notebook
measured in the same run (round-robin: run 1 of every notebook, then run 2, ...). Add a
widget notebook to ``SCENARIOS`` to report it; the tables (which write turns into game
files) are measured by ``bench/tables_bench.py`` on a copy.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT / "tests" / "browser"))

from playwright.sync_api import Browser, sync_playwright  # noqa: E402
from voila_harness import (  # noqa: E402
    ARTIFACTS_DIR,
    VoilaPage,
    chromium_missing_reason,
    launch_chromium,
    start_voila,
)


@dataclass(frozen=True)
class Scenario:
    """A notebook to open, the element that says it is drawn, and one click with its visible effect."""

    notebook: str
    ready: str
    click: str
    expect: str
    expect_text: str | None = None

    @property
    def name(self) -> str:
        """The notebook's file name without its folder and suffix."""
        return Path(self.notebook).stem


BARE = Scenario(
    notebook="tests/browser/notebooks/bare_button.ipynb",
    ready=".kit-bare-button",
    click=".kit-bare-button",
    expect=".kit-bare-label",
    expect_text="Pressed 1 time(s)",
)

# Widget notebooks go here; each is reported as a ratio to BARE. The tables write their turns
# into game files, so bench/tables_bench.py measures them on a copy of notebooks/.
SCENARIOS: list[Scenario] = [
    BARE,
    Scenario("tests/browser/notebooks/stack_resolver.ipynb", ".kit-stack-resolver .kit-flip",
             ".kit-stack-resolver .kit-flip", ".kit-awaiting", "Now:"),
    Scenario("tests/browser/notebooks/hand_viewer.ipynb", ".kit-hand-prepare", ".kit-hand-prepare",
             ".kit-hand-result"),
    Scenario("tests/browser/notebooks/attribute_tracker.ipynb", ".kit-check", ".kit-check", ".kit-roll",
             "Pending check"),
    Scenario("tests/browser/notebooks/combat_sequencer.ipynb", ".kit-act", ".kit-act", ".kit-combat-result"),
]

# ``ready`` may name several elements joined by " && ": each must be drawn.
READY_JS = """
(selectors) => {
  const cells = document.getElementById("rendered_cells");
  if (!cells || cells.style.display === "none") return false;
  for (const selector of selectors.split(" && ")) {
    const element = document.querySelector(selector);
    if (!element) return false;
    const box = element.getBoundingClientRect();
    if (!(box.width > 0 && box.height > 0)) return false;
  }
  return performance.now();
}
"""

TEXT_CHANGED_JS = """
  const before = document.querySelector(expect)?.textContent ?? null;
  const changed = () => {
    const now = document.querySelector(expect)?.textContent ?? null;
    return now !== null && (expectText === null ? now !== before : now.includes(expectText));
  };
"""
"""The start of a click's promise: ``changed()`` tells whether ``expect``'s text changed (or holds ``expectText``)."""

CLICK_JS = """
([click, expect, expectText, timeoutMs]) => new Promise((resolve, reject) => {""" + TEXT_CHANGED_JS + """
  let start = 0;
  const observer = new MutationObserver(() => {
    if (!changed()) return;
    observer.disconnect();
    requestAnimationFrame(() => resolve(performance.now() - start));
  });
  observer.observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
  setTimeout(() => { observer.disconnect(); reject(new Error(`${expect} did not change within ${timeoutMs} ms`)); },
             timeoutMs);
  start = performance.now();
  document.querySelector(click).click();
})
"""


SETTLE_MS = 300
"""How long the kernel socket must be quiet before a measured click."""


@dataclass(frozen=True)
class Figures:
    """Medians over the measured runs, in milliseconds."""

    tti_ms: float
    click_ms: float
    runs: int


VIEWPORTS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
"""The window sizes a bench can measure in: a desktop and a 390-pixel phone."""


def measure_once(
    browser: Browser, base_url: str, scenario: Scenario, timeout_ms: float = 60_000, viewport: str = "desktop"
) -> tuple[float, float]:
    """Open the scenario's notebook once in ``viewport``; return (time to interactive, click to visible) in ms."""
    context = browser.new_context(viewport=VIEWPORTS[viewport], is_mobile=viewport == "phone",
                                  has_touch=viewport == "phone")
    try:
        page = VoilaPage(context.new_page(), base_url)
        page.page.goto(page.url_for(scenario.notebook), wait_until="commit", timeout=timeout_ms)
        tti = page.page.wait_for_function(READY_JS, arg=scenario.ready, polling="raf", timeout=timeout_ms).json_value()
        page.wait_kernel_idle(timeout_ms=timeout_ms, quiet_ms=SETTLE_MS)
        click = page.page.evaluate(CLICK_JS, [scenario.click, scenario.expect, scenario.expect_text, timeout_ms])
        page.wait_kernel_idle()
        problems = page.problems()
        if problems:
            raise RuntimeError(f"{scenario.notebook}: " + "; ".join(problems))
        if not page.leave():
            raise RuntimeError(f"{scenario.notebook}: the closed page's kernel was not shut down")
        return float(tti), float(click)
    finally:
        context.close()


def measure(
    browser: Browser, base_url: str, scenarios: Sequence[Scenario], runs: int, warmup: int = 1
) -> dict[Scenario, Figures]:
    """Measure every scenario ``runs`` times after ``warmup`` unrecorded runs; return the medians.

    The runs are taken round-robin (run 1 of every scenario, then run 2, ...), so the machine's
    drift during the benchmark hits the bare notebook and the widgets alike.
    """
    for _ in range(warmup):
        for scenario in scenarios:
            measure_once(browser, base_url, scenario)
    samples: dict[Scenario, list[tuple[float, float]]] = {scenario: [] for scenario in scenarios}
    for _ in range(runs):
        for scenario in scenarios:
            samples[scenario].append(measure_once(browser, base_url, scenario))
    return {
        scenario: Figures(
            tti_ms=statistics.median(tti for tti, _ in taken),
            click_ms=statistics.median(click for _, click in taken),
            runs=runs,
        )
        for scenario, taken in samples.items()
    }


def report(results: dict[Scenario, Figures], baseline: Scenario = BARE) -> str:
    """Format the medians, with ratios to the baseline scenario."""
    base = results[baseline]
    lines = [f"{'notebook':<28}{'TTI ms':>10}{'x bare':>8}{'click ms':>11}{'x bare':>8}{'runs':>6}"]
    for scenario, figures in results.items():
        lines.append(
            f"{scenario.name:<28}{figures.tti_ms:>10.0f}{figures.tti_ms / base.tti_ms:>8.2f}"
            f"{figures.click_ms:>11.1f}{figures.click_ms / base.click_ms:>8.2f}{figures.runs:>6}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Start Voilà and Chromium, measure every scenario, print the medians and ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="measured runs per notebook (median reported)")
    parser.add_argument("--warmup", type=int, default=1, help="unrecorded runs per notebook first")
    args = parser.parse_args(argv)
    reason = chromium_missing_reason()
    if reason:
        print(f"browser bench not run: {reason}", file=sys.stderr)
        return 2
    missing = [s.notebook for s in SCENARIOS if not (REPO_ROOT / s.notebook).exists()]
    if missing:
        print(f"missing notebooks: {', '.join(missing)}", file=sys.stderr)
        return 2
    server = start_voila(REPO_ROOT, log_path=ARTIFACTS_DIR / "logs" / "voila-bench.log")
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            try:
                results = measure(browser, server.base_url, [BARE, *(s for s in SCENARIOS if s != BARE)],
                                  runs=args.runs, warmup=args.warmup)
                print(f"Voilà at {server.base_url}, Chromium {browser.version}, medians of {args.runs} runs")
            finally:
                browser.close()
    finally:
        server.stop()
    print(report(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
