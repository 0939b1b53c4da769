"""The static site's tables (Voici, the kit in Pyodide) against the same tables in a local Voilà, in Chromium.

    python bench/site_bench.py [--runs 3] [--warmup 1] [--system suitpairs] [--pairs 3] [--refuse proxy]
                               [--cache disk]

Serves a temporary copy of the built ``site/`` (``make site``; not rebuilt here) with
``tests/browser/site_harness.py``'s static server on loopback, and a temporary copy of
``notebooks/`` (fresh sample games, as ``tests/browser/test_tables_browser.py`` copies it) with
the bare one-button notebook of ``tests/browser/notebooks`` beside it, with one Voilà started from
the repository root (so it reads voila.json). Each run measures, table by table, the site and
Voilà one after the other (which goes first alternates from run to run), so the machine's noise
hits both:

- time to interactive, cold: a fresh browser context (empty HTTP cache and storage) opens the table;
  from navigation start to the first animation frame in which the page shows its cells, the
  ``.kit-table-<system>`` element has a size and holds the text the browser tests wait for
  (FalkeFateiFaux "Exact chance of success", Suit Pairs "No check pending", Roll-Under "No combat
  in progress."), taken in the page with ``performance.now()``;
- time to interactive, warm: once the cold page is quiet, the same context opens the same page
  again (its HTTP cache warm; the site's kernel starts again in the tab either way);
- the bare one-button notebook in Voilà, cold and warm the same way, the baseline of the other
  benches;
- on the Suit Pairs table (warm page), ``--pairs`` pairs of clicks: *Roll the check*
  (``.kit-attribute-tracker .kit-check``) until the tracker's roll line shows "Pending check", then
  *Accept* (``.kit-accept``) until it shows "No check pending", each timed as
  ``bench/browser_bench.py``'s ``CLICK_JS`` times a click. Before each click the page must be
  quiet for ``SETTLE_MS``: Voilà's kernel socket (``VoilaPage.wait_kernel_idle``); on the site,
  whose kernel runs in the tab, the page's requests (its saves go through the service worker's
  ``/api/drive``);
- the bytes the pages move: every request the page and its workers make, those that went over
  the network (not answered by the service worker or the in-browser API) with a body, and the
  sum of those bodies (Playwright's response body sizes); and the bytes and files of ``site/``.

The Voilà copy's game files are put back before every Voilà cold load; the site's games live in
the browser context's storage, fresh with each cold context.

Nothing may leave the machine: every request to a host other than 127.0.0.1 is refused and
counted, and a response from one stops the bench. Playwright turns off a context's HTTP cache as
soon as any route is set, so a route abort (as ``site_harness.offline_context`` refuses) would make
every warm load a second cold one. By default (``--refuse proxy``) the contexts send everything that
is not loopback to a proxy port nothing listens on, which refuses it and keeps the cache (Voilà
pages drop ``VoilaPage``'s own route for it); ``--refuse route`` refuses with a route abort instead
(and Voilà pages with ``VoilaPage``'s), warm loads then going without HTTP cache.

Each context is a browser of its own on a fresh profile folder (``--cache disk``, the default): its
HTTP cache and cache storage on disk, as a returning visitor's browser keeps them, so a warm load
reads the interpreter's WebAssembly, compiled, from the cache and the site's unpacked start file
from cache storage. ``--cache memory`` makes Playwright's usual in-memory contexts in one browser,
whose HTTP cache keeps no entry as large as the WebAssembly.
Each run first fetches an off-machine address in such a context and checks how it was refused.

A Voilà page loaded again asks Voilà to shut its first kernel down without the XSRF token, which
Voilà refuses (403, not counted as a problem); those kernels idle until the bench stops Voilà.

Medians over the runs are printed with the ratios site/Voilà (goals: cold at most 3x, warm at most
1.5x) and to the bare notebook.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT / "tests" / "browser"))
sys.path.insert(0, str(REPO_ROOT / "bench"))

from browser_bench import CLICK_JS, SETTLE_MS, VIEWPORTS  # noqa: E402
from playwright.sync_api import Browser, BrowserContext, Playwright, Request, Response, sync_playwright  # noqa: E402
from site_harness import (  # noqa: E402
    KERNEL_START_MS,
    SITE_DIR,
    SitePage,
    served_site,
    site_missing_reason,
    site_page,
)
from voila_harness import (  # noqa: E402
    ARTIFACTS_DIR,
    BROWSER_NOTEBOOKS_DIR,
    CHROMIUM,
    CHROMIUM_ARGS,
    VoilaPage,
    chromium_missing_reason,
    free_port,
    is_loopback,
    launch_chromium,
    start_voila,
)

SYSTEMS: dict[str, str] = {
    "falkefateifaux": "Exact chance of success",
    "suitpairs": "No check pending",
    "rollunder": "No combat in progress.",
}
"""Each table, and the text that shows once it is ready (what tests/browser/test_tables_browser.py waits for)."""

GOALS = {"cold": 3.0, "warm": 1.5}
"""Time to interactive, site over Voilà, at most."""

BARE_NOTEBOOK, BARE_READY = "components/bare_button.ipynb", ".kit-bare-button"

TRACKER = ".kit-table .kit-attribute-tracker"
CLICKS = (
    ("check", f"{TRACKER} .kit-check", "Pending check"),
    ("accept", f"{TRACKER} .kit-accept", "No check pending"),
)
"""The Suit Pairs clicks, in turn: their name, the control, and the text the tracker's roll line then shows."""
ROLL = f"{TRACKER} .kit-roll"

# Ready: the page shows its cells, ``table`` has a size and (if given) shows ``text``.
READY_JS = """
([table, text]) => {
  const cells = document.getElementById("rendered_cells");
  if (!cells || cells.style.display === "none") return false;
  const element = document.querySelector(table);
  if (!element) return false;
  const box = element.getBoundingClientRect();
  if (!(box.width > 0 && box.height > 0)) return false;
  if (text !== null && !(element.textContent.includes(text) && element.innerText.includes(text))) return false;
  return performance.now();
}
"""

OFF_MACHINE = "http://192.0.2.1/kit-site-bench"
"""An address off the machine (TEST-NET-1, never a real host) each run fetches once to see it refused."""

REFUSALS = {"proxy": "net::ERR_PROXY_CONNECTION_FAILED", "route": "net::ERR_INTERNET_DISCONNECTED"}
"""How an off-machine request fails: sent to the dead proxy, or aborted by the route."""

MB = 1_000_000
QUIET_TIMEOUT_MS = 60_000


@dataclass
class Traffic:
    """Every request of a browser context (its pages, workers and service worker), per load."""

    in_flight: set[Request] = field(default_factory=set)
    last_change: float = field(default_factory=time.monotonic)
    requests: int = 0
    network: list[Response] = field(default_factory=list)
    finished: set[Request] = field(default_factory=set)
    refused: list[str] = field(default_factory=list)
    failures: dict[str, str | None] = field(default_factory=dict)
    leaked: list[str] = field(default_factory=list)

    def attach(self, context: BrowserContext) -> None:
        context.on("request", self._request)
        context.on("requestfinished", self._finished)
        context.on("requestfailed", self._failed)
        context.on("response", self._response)

    def _request(self, request: Request) -> None:
        self.requests += 1
        self.in_flight.add(request)
        self.last_change = time.monotonic()
        if not is_loopback(request.url) and request.url not in self.refused:
            self.refused.append(request.url)

    def _finished(self, request: Request) -> None:
        self.in_flight.discard(request)
        self.finished.add(request)
        self.last_change = time.monotonic()

    def _failed(self, request: Request) -> None:
        self.in_flight.discard(request)
        self.last_change = time.monotonic()
        if not is_loopback(request.url):
            self.failures.setdefault(request.url, request.failure)

    def _response(self, response: Response) -> None:
        if not is_loopback(response.url):
            self.leaked.append(response.url)
        elif not response.from_service_worker:
            self.network.append(response)

    def start_load(self) -> None:
        """Count from here on."""
        self.requests, self.network, self.finished = 0, [], set()

    def quiet(self, quiet_ms: float) -> bool:
        """No request in flight and none started or ended for ``quiet_ms``."""
        return not self.in_flight and (time.monotonic() - self.last_change) * 1000 >= quiet_ms

    def load_figures(self) -> tuple[int, int, int]:
        """Since ``start_load``: requests made, responses over the network with a body, their bytes."""
        bodies = [max(0, response.request.sizes()["responseBodySize"]) for response in self.network
                  if response.request in self.finished]
        return self.requests, sum(1 for size in bodies if size > 0), sum(bodies)


@dataclass
class Side:
    """One browser context on the site or on Voilà, its recording page and its traffic."""

    name: str
    context: BrowserContext
    traffic: Traffic
    page: SitePage | VoilaPage

    def url(self, target: str) -> str:
        return self.page.url_for(target)

    def settle(self, quiet_ms: float = SETTLE_MS) -> None:
        """Wait until the page is quiet: Voilà's kernel idle and its socket quiet; the site's requests done."""
        if isinstance(self.page, VoilaPage):
            self.page.wait_kernel_idle(timeout_ms=QUIET_TIMEOUT_MS, quiet_ms=quiet_ms)
            return
        deadline = time.monotonic() + QUIET_TIMEOUT_MS / 1000
        while not self.traffic.quiet(quiet_ms):
            if time.monotonic() > deadline:
                pending = ", ".join(sorted(request.url for request in self.traffic.in_flight)[:5])
                raise TimeoutError(f"the site's page never went quiet for {quiet_ms} ms (in flight: {pending})")
            self.page.page.wait_for_timeout(25)

    def open(self, target: str, table: str, text: str | None) -> tuple[float, tuple[int, int, int]]:
        """Open ``target``; return its time to interactive (ms) and, once quiet, its traffic figures."""
        self.traffic.start_load()
        page = self.page.page
        page.goto(self.url(target), wait_until="commit", timeout=KERNEL_START_MS)
        tti = page.wait_for_function(READY_JS, arg=[table, text], polling="raf", timeout=KERNEL_START_MS).json_value()
        self.settle()
        return float(tti), self.traffic.load_figures()

    def click(self, control: str, expect_text: str) -> float:
        """Click ``control`` once the page is quiet; the ms until the tracker's roll line shows ``expect_text``."""
        self.page.page.locator(control).first.wait_for(state="visible", timeout=QUIET_TIMEOUT_MS)
        self.settle()
        took = self.page.page.evaluate(CLICK_JS, [control, ROLL, expect_text, QUIET_TIMEOUT_MS])
        if self.page.page.locator(f"{TRACKER} .kit-error").count():
            raise RuntimeError(f"{self.name}: {control} was refused: {self.page.text_of(f'{TRACKER} .kit-error')}")
        return float(took)

    def close(self) -> None:
        """Fail if the page recorded problems or something answered from off the machine; close the context."""
        try:
            problems = [problem for problem in self.page.problems() if not benign(problem)]
            if self.traffic.leaked:
                problems.append("answered from off the machine: " + ", ".join(self.traffic.leaked))
            if problems:
                raise RuntimeError(f"{self.name}: " + "; ".join(problems))
        finally:
            self.context.close()


def benign(problem: str) -> bool:
    """Voilà's page asks it to shut its kernel down as it unloads, without the XSRF token; Voilà answers 403.

    Only a page loaded again (the warm load) unloads one. The kernel stays until Voilà stops.
    """
    return "status of 403" in problem and "/voila/api/shutdown/" in problem


@dataclass
class Contexts:
    """Where the bench's browser contexts come from, each fresh (empty cache and storage).

    ``cache="disk"`` (the default) starts each context as a browser of its own on a new profile
    folder, as a returning visitor's browser is: its HTTP cache on disk (where Chromium also keeps
    compiled WebAssembly) and its cache storage. ``cache="memory"`` makes them in one Chromium, as
    Playwright's contexts are by default: an in-memory HTTP cache, which does not keep entries as
    large as the interpreter's WebAssembly, so a warm load fetches and compiles it again.
    """

    playwright: Playwright
    browser: Browser
    cache: str
    refuse: str
    profiles: list[Path] = field(default_factory=list)

    def new(self) -> tuple[BrowserContext, Traffic]:
        """A fresh context refusing every off-machine request, and its traffic."""
        options: dict[str, Any] = {"accept_downloads": True, "viewport": VIEWPORTS["desktop"]}
        if self.refuse == "proxy":
            dead = free_port()  # nothing listens there: a request sent to it is refused at once
            options["proxy"] = {"server": f"http://127.0.0.1:{dead}", "bypass": "127.0.0.1,localhost"}
        if self.cache == "disk":
            profile = Path(tempfile.mkdtemp(prefix="kit-site-bench-profile-"))
            self.profiles.append(profile)
            context = self.playwright.chromium.launch_persistent_context(
                profile, executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS), headless=True, **options)
        else:
            context = self.browser.new_context(**options)
        if self.refuse == "route":
            context.route(lambda url: not is_loopback(url), lambda route: route.abort("internetdisconnected"))
        traffic = Traffic()
        traffic.attach(context)
        return context, traffic

    def remove_profiles(self) -> None:
        """Delete the profile folders of the contexts made so far (all closed by now)."""
        for profile in self.profiles:
            shutil.rmtree(profile, ignore_errors=True)
        self.profiles.clear()


def check_refusal(contexts: Contexts) -> str:
    """Fetch ``OFF_MACHINE`` in such a context: it must fail, refused as ``REFUSALS[refuse]`` says; say how."""
    refuse = contexts.refuse
    context, traffic = contexts.new()
    try:
        outcome = context.new_page().evaluate(
            "async (url) => { try { await fetch(url, {mode: 'no-cors'}); return 'answered'; }"
            " catch (error) { return String(error); } }", OFF_MACHINE)
        failure = traffic.failures.get(OFF_MACHINE)
    finally:
        context.close()
    if outcome == "answered" or traffic.leaked or failure != REFUSALS[refuse]:
        raise RuntimeError(f"an off-machine fetch ({OFF_MACHINE}) was not refused as it should be: "
                           f"{outcome}, failure {failure}, answered from off the machine: {traffic.leaked}")
    return failure


def new_side(contexts: Contexts, name: str, base_url: str) -> Side:
    """A fresh context on the site or Voilà, refusing every off-machine request, with its recording page."""
    refuse = contexts.refuse
    context, traffic = contexts.new()
    page: SitePage | VoilaPage
    if name == "site":
        page = site_page(context, traffic.refused, base_url)
    else:
        page = VoilaPage(context.new_page(), base_url)
        if refuse == "proxy":
            page.page.unroute_all()  # VoilaPage's own route would turn the cache off; the proxy refuses instead
        page.external_requests = traffic.refused
    return Side(name, context, traffic, page)


def build_folder(root: Path) -> dict[Path, bytes]:
    """Lay out Voilà's folder: ``notebooks/`` with fresh sample games, ``components/`` the bare notebook.

    Returns the game files with their contents, to put back before each Voilà cold load.
    """
    notebooks = root / "notebooks"
    shutil.copytree(REPO_ROOT / "notebooks", notebooks,
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints", ".*.lock", ".upload-*", "games"))
    subprocess.run([sys.executable, str(REPO_ROOT / "scripts" / "make_sample_games.py"), str(notebooks / "games")],
                   cwd=REPO_ROOT, check=True, capture_output=True)
    (root / "components").mkdir()
    shutil.copy(BROWSER_NOTEBOOKS_DIR / "bare_button.ipynb", root / "components")
    return {path: path.read_bytes() for path in (notebooks / "games").glob("*.ipynb")}


@dataclass
class Samples:
    """What the runs measured: ``tti[(page, side, cold|warm)]``, ``clicks[(name, side)]``, ``loads[...]``."""

    tti: dict[tuple[str, str, str], list[float]] = field(default_factory=dict)
    clicks: dict[tuple[str, str], list[float]] = field(default_factory=dict)
    loads: dict[tuple[str, str, str], list[tuple[int, int, int]]] = field(default_factory=dict)
    refused: dict[str, set[str]] = field(default_factory=lambda: {"site": set(), "voila": set()})
    refusal: str | None = None

    def add(self, key: tuple[str, str, str], tti: float, load: tuple[int, int, int]) -> None:
        self.tti.setdefault(key, []).append(tti)
        self.loads.setdefault(key, []).append(load)


def measure_side(contexts: Contexts, side_name: str, base_url: str, page: str, table: str, text: str | None,
                 args: argparse.Namespace, samples: Samples | None, before_cold: Callable[[], None]) -> None:
    """Cold then warm load of ``page`` in one fresh context, then (Suit Pairs) the clicks; into ``samples``."""
    before_cold()
    side = new_side(contexts, side_name, base_url)
    try:
        for mode in ("cold", "warm"):
            tti, load = side.open(page, table, text)
            if samples is not None:
                samples.add((page, side_name, mode), tti, load)
        if table == ".kit-table-suitpairs" and samples is not None:
            for _ in range(args.pairs):
                for name, control, expect_text in CLICKS:
                    samples.clicks.setdefault((name, side_name), []).append(side.click(control, expect_text))
        if samples is not None:
            samples.refused[side_name].update(side.traffic.refused)
    except Exception as error:
        side.context.close()
        raise RuntimeError(f"{side_name} {page}: {error}") from error
    side.close()


def measure(contexts: Contexts, site_url: str, voila_url: str, games: dict[Path, bytes], args: argparse.Namespace,
            systems: Sequence[str]) -> Samples:
    """Warm-up rounds, then ``args.runs`` runs: the bare notebook, then each table on both sides, interleaved."""
    samples = Samples()

    def put_back_games() -> None:
        for path, content in games.items():
            path.write_bytes(content)

    for _ in range(args.warmup):  # Voilà's first kernels start slower (Python's files not yet in memory)
        measure_side(contexts, "voila", voila_url, BARE_NOTEBOOK, BARE_READY, None, args, None, put_back_games)
        measure_side(contexts, "voila", voila_url, f"notebooks/tables/{systems[0]}.ipynb", f".kit-table-{systems[0]}",
                     SYSTEMS[systems[0]], args, None, put_back_games)
    for number in range(args.runs):
        samples.refusal = check_refusal(contexts)
        measure_side(contexts, "voila", voila_url, BARE_NOTEBOOK, BARE_READY, None, args, samples, put_back_games)
        for system in systems:
            sides = [("site", site_url, f"tables/{system}"), ("voila", voila_url, f"notebooks/tables/{system}.ipynb")]
            if number % 2:
                sides.reverse()
            for side_name, base_url, page in sides:
                measure_side(contexts, side_name, base_url, page, f".kit-table-{system}", SYSTEMS[system], args,
                             samples, put_back_games if side_name == "voila" else lambda: None)
    return samples


def site_size(site: Path) -> tuple[int, int]:
    """Bytes and number of files under ``site``."""
    sizes = [path.stat().st_size for path in site.rglob("*") if path.is_file()]
    return sum(sizes), len(sizes)


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


def report(samples: Samples, systems: Sequence[str], pairs: int, total: int, files: int) -> str:
    """The medians: time to interactive with ratios and goals, the clicks, the traffic, the site's size."""
    bare = {mode: median(samples.tti[(BARE_NOTEBOOK, "voila", mode)]) for mode in ("cold", "warm")}
    lines = [f"{'time to interactive':<26}{'site ms':>9}{'Voilà ms':>10}{'x Voilà':>9}{'site x bare':>13}"
             f"{'Voilà x bare':>14}  goal"]
    for mode in ("cold", "warm"):
        lines.append(f"{'bare button, ' + mode:<26}{'-':>9}{bare[mode]:>10.0f}{'-':>9}{'-':>13}{1:>14.2f}")
    for system in systems:
        for mode in ("cold", "warm"):
            site = median(samples.tti[(f"tables/{system}", "site", mode)])
            voila = median(samples.tti[(f"notebooks/tables/{system}.ipynb", "voila", mode)])
            ratio, goal = site / voila, GOALS[mode]
            lines.append(f"{system + ', ' + mode:<26}{site:>9.0f}{voila:>10.0f}{ratio:>9.2f}{site / bare[mode]:>13.2f}"
                         f"{voila / bare[mode]:>14.2f}  {mode} <= {goal:g}x Voilà: "
                         f"{'goal met' if ratio <= goal else 'goal missed'}")
    if "suitpairs" in systems and pairs:
        lines += ["", f"{'click to visible (Suit Pairs)':<36}{'site ms':>9}{'Voilà ms':>10}{'x Voilà':>9}{'clicks':>8}"]
        for name, _control, expect_text in CLICKS:
            site, voila = samples.clicks[(name, "site")], samples.clicks[(name, "voila")]
            label = f"{name} -> {expect_text}"
            lines.append(f"{label:<36}{median(site):>9.1f}{median(voila):>10.1f}{median(site) / median(voila):>9.2f}"
                         f"{len(site):>8}")
    lines += ["", f"{'traffic of a load (median)':<26}{'cold: requests':>16}{'with body':>11}{'MB':>8}"
              f"{'warm: requests':>17}{'with body':>11}{'MB':>8}"]
    pages = [(BARE_NOTEBOOK, "voila", "bare button, Voilà")]
    for system in systems:
        pages += [(f"tables/{system}", "site", f"{system}, site"),
                  (f"notebooks/tables/{system}.ipynb", "voila", f"{system}, Voilà")]
    for page, side, label in pages:
        line = f"{label:<26}"
        for mode, width in (("cold", 16), ("warm", 17)):
            found = samples.loads[(page, side, mode)]
            requests, bodies, size = (median([load[index] for load in found]) for index in range(3))
            line += f"{requests:>{width}.0f}{bodies:>11.0f}{size / MB:>8.2f}"
        lines.append(line)
    lines += ["", f"site/: {total:,} bytes ({total / MB:.1f} MB) in {files} files"]
    lines.append(f"off-machine requests: every one refused ({samples.refusal} for a fetch of {OFF_MACHINE}, "
                 "checked each run), none answered")
    for side in ("site", "voila"):
        refused = sorted(samples.refused[side])
        shown = ", ".join(refused[:3]) + (", ..." if len(refused) > 3 else "")
        lines.append(f"  made by the {'Voilà' if side == 'voila' else side} pages: {len(refused)}"
                     + (f" ({shown})" if refused else ""))
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Serve the site and start Voilà on a copy of the notebooks, measure both in Chromium, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="measured runs (median reported)")
    parser.add_argument("--warmup", type=int, default=1,
                        help="unrecorded Voilà loads of the bare notebook and the first table first")
    parser.add_argument("--system", choices=sorted(SYSTEMS), action="append",
                        help="measure this table (repeatable; default: all three)")
    parser.add_argument("--pairs", type=int, default=3, help="check-and-accept click pairs per run on Suit Pairs")
    parser.add_argument("--cache", choices=("disk", "memory"), default="disk",
                        help="each context a browser on a profile of its own, its caches on disk as a returning "
                             "visitor's (default), or Playwright's in-memory contexts of one browser")
    parser.add_argument("--refuse", choices=("proxy", "route"), default="proxy",
                        help="how off-machine requests are refused: a dead proxy (keeps the HTTP cache) or "
                             "Playwright's route abort (turns the HTTP cache off)")
    args = parser.parse_args(argv)
    reason = chromium_missing_reason() or site_missing_reason()
    if reason:
        print(f"site bench not run: {reason}", file=sys.stderr)
        return 2
    systems = [system for system in SYSTEMS if system in (args.system or SYSTEMS)]
    with tempfile.TemporaryDirectory(prefix="kit-site-bench-") as folder:
        root = Path(folder)
        site = root / "site"
        shutil.copytree(SITE_DIR, site)  # a snapshot: `make site` elsewhere cannot change it under the bench
        reason = site_missing_reason(site)
        if reason:
            print(f"site bench not run: {reason}", file=sys.stderr)
            return 2
        total, files = site_size(site)
        games = build_folder(root / "voila")
        with served_site(site) as site_url:
            samples, version = run(site_url, root / "voila", games, args, systems)
    cache = (f"HTTP cache kept, {'on disk' if args.cache == 'disk' else 'in memory'}" if args.refuse == "proxy"
             else "HTTP cache off")
    print(f"site (Voici, Pyodide) vs Voilà, Chromium {version}, desktop, medians of {args.runs} runs, "
          f"{args.pairs} click pairs a run; off-machine requests refused by {args.refuse} ({cache})")
    print(report(samples, systems, args.pairs, total, files))
    return 0


def run(site_url: str, voila_root: Path, games: dict[Path, bytes], args: argparse.Namespace,
        systems: Sequence[str]) -> tuple[Samples, str]:
    """Start Voilà on ``voila_root`` and Chromium; measure; return the samples and Chromium's version."""
    server = start_voila(voila_root, log_path=ARTIFACTS_DIR / "logs" / "voila-site-bench.log")
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            contexts = Contexts(playwright, browser, args.cache, args.refuse)
            try:
                return measure(contexts, site_url, server.base_url, games, args, systems), browser.version
            finally:
                browser.close()
                contexts.remove_profiles()
    finally:
        server.stop()


if __name__ == "__main__":
    sys.exit(main())
