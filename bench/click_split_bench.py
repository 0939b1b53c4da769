"""Where a click's time goes: the page, the socket to the server, the kernel, the widgets, the frame.

    python bench/click_split_bench.py [--runs 5] [--warmup 1] [--only table] [--viewport phone]

``bench/tables_bench.py`` times a click from ``element.click()`` to the first animation frame
after the answer is on the page, against the bare one-button notebook. This script takes the
same cases in the same served folder and splits each click at the kernel socket, with every
frame the page sends or receives on its kernel channel stamped by ``performance.now()``:

- **to the socket**: from the click to the first frame the page sends (the widget's message);
- **round trip**: from that frame to the first frame received after it (the kernel's ``busy``
  status, which ipykernel queues before it runs the handler): the notebook server, the kernel's
  message loop and the way back. The kernel's IO thread sends the status once it holds the
  interpreter, so whatever the main thread does before it next lets go (a garbage collection,
  the start of the handler) is counted here too;
- **kernel**: from there to the last frame received before the answer shows (the update of the
  view that shows it): the kit's handler up to the answer;
- **widgets**: from that frame to the DOM change (the page's widget manager decoding and applying it);
- **frame**: from the DOM change to the next animation frame.

Medians over the runs (round-robin, as ``tables_bench.py``), each phase beside the bare
notebook's and the whole click as a ratio to the bare click. Turns are taken on a copy of the
sample games, put back before every run.
"""

from __future__ import annotations

import statistics
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT / "tests" / "browser"))
sys.path.insert(0, str(REPO_ROOT / "bench"))

from browser_bench import READY_JS, SETTLE_MS, TEXT_CHANGED_JS, VIEWPORTS  # noqa: E402
from playwright.sync_api import Browser  # noqa: E402
from tables_bench import (  # noqa: E402
    Case,
    case_arguments,
    cases_matching,
    round_robin,
    served_tables,
)
from voila_harness import VoilaPage, chromium_missing_reason  # noqa: E402

SOCKET_STAMPS_JS = """
(() => {
  window.__kitFrames = [];
  const stamp = (socket, kind) => {
    if (String(socket.url).includes("/channels")) window.__kitFrames.push([kind, performance.now()]);
  };
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) { stamp(this, "sent"); return send.call(this, data); };
  const follow = (socket) => {
    if (socket.__kitStamped) return;
    socket.__kitStamped = true;
    EventTarget.prototype.addEventListener.call(socket, "message", () => stamp(socket, "received"));
  };
  const listen = WebSocket.prototype.addEventListener;
  WebSocket.prototype.addEventListener = function (type, listener, options) {
    follow(this);
    return listen.call(this, type, listener, options);
  };
  const handler = Object.getOwnPropertyDescriptor(WebSocket.prototype, "onmessage");
  Object.defineProperty(WebSocket.prototype, "onmessage", {
    configurable: true,
    get() { return handler.get.call(this); },
    set(value) { follow(this); handler.set.call(this, value); },
  });
})();
"""
"""Stamps every frame sent or received on a kernel channel socket, installed before the page's own scripts.

The stamping listener is added before the page's, so a received frame is stamped as it arrives."""

SPLIT_CLICK_JS = """
([click, expect, expectText, timeoutMs]) => new Promise((resolve, reject) => {""" + TEXT_CHANGED_JS + """
  let start = 0;
  const observer = new MutationObserver(() => {
    if (!changed()) return;
    observer.disconnect();
    const shown = performance.now();
    requestAnimationFrame(() => {
      const frame = performance.now();
      const frames = window.__kitFrames.filter(([, at]) => at >= start && at <= shown);
      const sent = frames.find(([kind]) => kind === "sent");
      const received = frames.filter(([kind, at]) => kind === "received" && sent && at >= sent[1]);
      if (!sent || received.length === 0) { reject(new Error("no kernel frame around the click")); return; }
      resolve({sent: sent[1] - start, reply: received[0][1] - start, answer: received[received.length - 1][1] - start,
               shown: shown - start, frame: frame - start});
    });
  });
  observer.observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
  setTimeout(() => { observer.disconnect(); reject(new Error(`${expect} did not change within ${timeoutMs} ms`)); },
             timeoutMs);
  start = performance.now();
  document.querySelector(click).click();
})
"""

PHASES = ("to socket", "round trip", "kernel", "widgets", "frame")
"""The parts of a click, in order (see the module's docstring)."""


@dataclass(frozen=True)
class Split:
    """One click's parts in milliseconds, in the order of :data:`PHASES`."""

    parts: tuple[float, float, float, float, float]

    @property
    def total(self) -> float:
        """The whole click, as ``tables_bench.py`` measures it."""
        return sum(self.parts)

    @classmethod
    def from_stamps(cls, stamps: dict[str, float]) -> Split:
        """The parts from the page's stamps (milliseconds after the click)."""
        marks = [0.0, stamps["sent"], stamps["reply"], stamps["answer"], stamps["shown"], stamps["frame"]]
        return cls(tuple(later - earlier for earlier, later in pairwise(marks)))  # type: ignore[arg-type]


@contextmanager
def stamped_page(browser: Browser, base_url: str, case: Case, viewport: str,
                 timeout_ms: float = 60_000) -> Iterator[tuple[VoilaPage, float]]:
    """The case's notebook open in a fresh context with its kernel frames stamped, once it is drawn.

    Yields the page and when it was drawn (``performance.now()``, as ``tables_bench.py``'s time
    to interactive). Afterwards waits for the kernel to be idle, fails on any problem the page
    reported or a kernel that outlives the closed page, and closes the context.
    """
    context = browser.new_context(viewport=VIEWPORTS[viewport], is_mobile=viewport == "phone",
                                  has_touch=viewport == "phone")
    context.add_init_script(SOCKET_STAMPS_JS)
    try:
        page = VoilaPage(context.new_page(), base_url)
        notebook = case.scenario.notebook
        page.page.goto(page.url_for(notebook), wait_until="commit", timeout=timeout_ms)
        drawn = page.page.wait_for_function(READY_JS, arg=case.scenario.ready, polling="raf",
                                            timeout=timeout_ms).json_value()
        yield page, float(drawn)
        page.wait_kernel_idle(timeout_ms=timeout_ms)
        problems = page.problems()
        if problems:
            raise RuntimeError(f"{notebook}: " + "; ".join(problems))
        if not page.leave():
            raise RuntimeError(f"{notebook}: the closed page's kernel was not shut down")
    finally:
        context.close()


def split_once(browser: Browser, base_url: str, case: Case, viewport: str, timeout_ms: float = 60_000) -> Split:
    """Open the case's notebook, wait until it is drawn and the kernel is quiet, split one click."""
    scenario = case.scenario
    with stamped_page(browser, base_url, case, viewport, timeout_ms) as (page, _drawn):
        page.wait_kernel_idle(timeout_ms=timeout_ms, quiet_ms=SETTLE_MS)
        stamps = page.page.evaluate(SPLIT_CLICK_JS, [scenario.click, scenario.expect, scenario.expect_text,
                                                     timeout_ms])
    return Split.from_stamps(stamps)


def median_parts(samples: Sequence[Sequence[tuple[float, ...]]]) -> list[tuple[float, ...]]:
    """Each case's samples of parts reduced to one tuple: the median of each part."""
    return [tuple(statistics.median(parts[index] for parts in taken) for index in range(len(taken[0])))
            for taken in samples]


def phase_report(cases: Sequence[Case], parts: Sequence[tuple[float, ...]], phases: Sequence[str],
                 width: int = 12, digits: int = 1) -> str:
    """One line a case: its parts, their sum and the sum's ratio to the bare notebook's (the first case)."""
    bare = sum(parts[0])
    lines = [f"{'notebook':<34}" + "".join(f"{phase:>{width}}" for phase in phases) + f"{'sum ms':>9}{'x bare':>8}"]
    for case, taken in zip(cases, parts, strict=True):
        lines.append(f"{case.label:<34}" + "".join(f"{part:>{width}.{digits}f}" for part in taken)
                     + f"{sum(taken):>9.{digits}f}{sum(taken) / bare:>8.2f}")
    return "\n".join(lines)


def split_all(browser: Browser, base_url: str, root: Path, cases: Sequence[Case], runs: int, warmup: int,
              viewport: str) -> list[Split]:
    """Each case's median parts, taken as ``tables_bench.py`` takes its figures (:func:`round_robin`)."""
    samples = round_robin(root, cases, runs, warmup, lambda case: split_once(browser, base_url, case, viewport).parts)
    return [Split(parts) for parts in median_parts(samples)]  # type: ignore[arg-type]


def report(cases: Sequence[Case], splits: Sequence[Split]) -> str:
    """One line a case: its median parts, their sum and the sum's ratio to the bare click's (the first case)."""
    return phase_report(cases, [split.parts for split in splits], PHASES)


def main(argv: Sequence[str] | None = None) -> int:
    """Build the folder, start Voilà and Chromium, split every case's click after the bare notebook's, print."""
    args = case_arguments(__doc__.splitlines()[0], runs=5).parse_args(argv)
    reason = chromium_missing_reason()
    if reason:
        print(f"click split bench not run: {reason}", file=sys.stderr)
        return 2
    with served_tables(args.turns, "click-split-bench") as (root, browser, base_url):
        cases = cases_matching(args.only)
        splits = split_all(browser, base_url, root, cases, args.runs, args.warmup, args.viewport)
        version = browser.version
    print(f"Voilà, Chromium {version}, {args.viewport}, a click split at the kernel socket, "
          f"medians of {args.runs} runs (ms)")
    print(report(cases, splits))
    return 0


if __name__ == "__main__":
    sys.exit(main())
