"""The static site (``make site``) in Chromium: the kit in the browser alone, served as plain files.

A loopback static server serves ``site/``; the browser refuses every request to any other host.
For each table, in a fresh browser (empty storage): start a game with the New game form, sit,
take a turn, download the file and check it with ``kit verify`` on this machine; reload the page
and find the game kept in the browser's storage under the kit's own name. The welcome page
links to the tables' pages, and a tour runs its worked examples in the browser.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator
from site_harness import SITE_DIR, SitePage, offline_context, served_site, site_missing_reason, site_page
from voila_harness import REPO_ROOT, SCREENSHOTS_DIR

from kit import gamefile

pytestmark = [pytest.mark.browser, pytest.mark.slow]

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
STORAGE_NAME = "kit-play-by-post"
CLICK_MS = 60_000
"""How long one click may take to show its answer (the first of a page also compiles the kit's checks)."""

PageMaker = Callable[..., SitePage]


@pytest.fixture(scope="module")
def site_url() -> Iterator[str]:
    """The built site, served on loopback for this module."""
    reason = site_missing_reason()
    if reason:
        pytest.skip(reason)
    with served_site(SITE_DIR) as base:
        yield base


@pytest.fixture
def new_site_page(browser: Browser, site_url: str, request: pytest.FixtureRequest) -> Iterator[PageMaker]:
    """Make a page in a fresh browser context (empty storage and cache) on the site."""
    made: list[tuple[SitePage, object]] = []

    def make(viewport: dict[str, int] = DESKTOP) -> SitePage:
        context, refused = offline_context(browser, viewport=viewport)
        page = site_page(context, refused, site_url)
        made.append((page, context))
        return page

    yield make
    for page, context in made:
        if getattr(getattr(request.node, "report_call", None), "failed", False) and not page.page.is_closed():
            page.page.screenshot(path=str(REPO_ROOT / "tests" / "artifacts" / "site-failed.png"), full_page=True)
        context.close()  # type: ignore[attr-defined]


def button(scope: Locator, name: str) -> Locator:
    return scope.get_by_role("button", name=name, exact=True).first


def log_shows(page: SitePage, turns: int) -> None:
    """Wait until the play log counts ``turns`` turns."""
    page.page.locator(".kit-table .kit-play-log").get_by_text(f"Play log ({turns} turns)").first.wait_for(
        timeout=CLICK_MS)


def status_shows(page: SitePage, text: str) -> None:
    """Wait until the table's status line shows ``text``."""
    page.page.locator(".kit-table .kit-status").get_by_text(text).first.wait_for(timeout=CLICK_MS)


def open_drawer(page: SitePage) -> Locator:
    """Open the Games drawer (folded away while a game is open); return the table."""
    table = page.page.locator(".kit-table").first
    if not table.get_by_label("Players", exact=True).first.is_visible():
        page.page.locator(".kit-games-toggle").first.click()
        table.get_by_label("Players", exact=True).first.wait_for(timeout=CLICK_MS)
    return table


def start_game(page: SitePage, system: str, name: str) -> None:
    """Open the Games drawer, fill the New game form (Ana plays, Gil is GM, ready-made characters), start it."""
    table = open_drawer(page)
    for label, value in (("Players", "Ana"), ("Game master", "Gil"), ("File name", name)):
        box = table.get_by_label(label, exact=True).first
        box.fill(value)
        box.press("Tab")
    button(table, "New game").click()
    status_shows(page, f"{name}.ipynb")
    log_shows(page, 1)  # the quick-start character joined
    seat = table.get_by_label("Sit as", exact=True).first
    labels = [text.replace("\xa0", " ").strip() for text in seat.locator("option").all_inner_texts()]
    seat.select_option(index=next(i for i, text in enumerate(labels) if text.startswith("Ana")))


def take_turn(page: SitePage, system: str) -> int:
    """Take one player's turn at the table (as Ana) in a game of one turn; return how many turns it has now.

    Suit Pairs: a check and its acceptance, from any number of turns (returns 3, the turns of a new game's).
    """
    table = page.page.locator(".kit-table").first
    if system == "suitpairs":
        tracker = table.locator(".kit-attribute-tracker")
        tracker.locator(".kit-check").first.click(timeout=CLICK_MS)
        tracker.locator(".kit-roll").get_by_text("Pending check").first.wait_for(timeout=CLICK_MS)
        tracker.locator(".kit-accept").first.click(timeout=CLICK_MS)
        tracker.locator(".kit-roll").get_by_text("No check pending").first.wait_for(timeout=CLICK_MS)
        return 3
    if system == "rollunder":
        button(table, "Roll the test").click(timeout=CLICK_MS)
        log_shows(page, 2)
        return 2
    resolver = table.locator(".kit-stack-resolver")
    resolver.locator(".kit-flip").first.click(timeout=CLICK_MS)
    turns = 2
    log_shows(page, turns)
    while not resolver.locator(".kit-flip-result").first.inner_text().strip():
        assert turns < 9, "the flip did not resolve"
        if resolver.locator(".kit-pass").first.is_visible():
            resolver.locator(".kit-pass").first.click(timeout=CLICK_MS)  # guide fate: pass (F-8)
        else:
            resolver.locator(".kit-choose-cards .kit-card-face").first.click(timeout=CLICK_MS)  # F-4
            resolver.locator(".kit-choose").first.click(timeout=CLICK_MS)
        turns += 1
        log_shows(page, turns)
    return turns


def download(page: SitePage, target: Path) -> Path:
    """Prepare the download and press it; the file lands at ``target``."""
    table = page.page.locator(".kit-table").first
    button(table, "Prepare download").click()
    link = table.locator("a.kit-download").first
    link.wait_for(timeout=CLICK_MS)
    with page.page.expect_download(timeout=CLICK_MS) as started:
        link.click()
    started.value.save_as(target)
    return target


def kit_verify(path: Path) -> str:
    """``kit verify`` of a file on this machine: its one-line verdict (the test fails if it is not intact)."""
    done = subprocess.run([sys.executable, "-m", "kit.cli", "verify", str(path)], capture_output=True, text=True,
                          check=False, cwd=REPO_ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout.strip()


def storage_names(page: SitePage) -> list[str]:
    """The names of the site's databases in the browser's storage."""
    return page.page.evaluate("async () => (await indexedDB.databases()).map(d => d.name)")


def is_wheel(url: str) -> bool:
    return url.split("?")[0].endswith(".whl")


def is_start_file(url: str) -> bool:
    return bool(re.search(r"/static/pyodide/kit-start-[0-9a-f]{16}\.bin\.gz$", url))


def started_from_start_file(page: SitePage) -> bool:
    """True when the page's kernel downloaded the start file and no wheel (Python restored, not installed)."""
    return any(is_start_file(url) for url in page.requested) and not any(is_wheel(url) for url in page.requested)


KEPT_JS = """async () => {
  const cache = await caches.open("kit-start-files");
  return (await cache.keys()).map((request) => request.url);
}"""
"""The addresses the site's loader keeps unpacked start files under, in the page's cache storage."""


def wait_until_start_file_kept(page: SitePage, timeout_ms: float = CLICK_MS) -> list[str]:
    """Wait until the loader has kept the unpacked start file in the cache storage (it stores it after the start)."""
    page.page.wait_for_function(f"({KEPT_JS})().then((urls) => urls.length > 0)", timeout=timeout_ms, polling=250)
    return page.page.evaluate(KEPT_JS)


@pytest.mark.parametrize("system", ["suitpairs", "falkefateifaux", "rollunder"])
def test_a_table_plays_a_new_game_in_the_browser_alone_and_its_download_verifies(
        new_site_page: PageMaker, tmp_path: Path, system: str) -> None:
    page = new_site_page()
    page.open(f"tables/{system}", ready=f".kit-table-{system}")
    assert started_from_start_file(page), page.requested  # Python restored, not started from the wheels
    name = f"site-{system}"
    start_game(page, system, name)
    turns = take_turn(page, system)
    status_shows(page, f"{name}.ipynb · {turns} turns")  # written to the browser's storage
    log_shows(page, turns)
    nudge = page.page.locator(".kit-table .kit-browser-copy")
    assert "kept in this browser only" in nudge.inner_text()  # clearing the browser's data would lose it

    saved = download(page, tmp_path / f"{name}.ipynb")
    assert "holds every turn so far" in nudge.inner_text()
    verdict = kit_verify(saved)
    assert verdict.startswith(f"{saved}: intact:") and f"{turns} turns" in verdict, verdict
    game = gamefile.load(saved)
    assert game.turn == turns and [e.seat for e in game.log][1:] == ["Ana"] * (turns - 1)
    assert any(name.startswith(STORAGE_NAME) for name in storage_names(page)), storage_names(page)

    wait_until_start_file_kept(page)
    page.requested.clear()
    page.console_lines.clear()
    page.page.reload(wait_until="commit")  # the game is kept in the browser's storage, and opens again
    page.wait_ready(ready=f".kit-table-{system}")
    status_shows(page, f"{name}.ipynb · {turns} turns")
    assert not any(is_wheel(url) or is_start_file(url) for url in page.requested), page.requested  # kept unpacked
    assert "JupyterLite ServiceWorker was already registered" in page.console_lines  # the worker was kept, not
    assert not any("unregistering" in line for line in page.console_lines)  # unregistered before the kernel starts
    page.assert_clean()


def test_the_welcome_page_links_to_the_site_s_pages_and_a_tour_runs_in_the_browser(
        new_site_page: PageMaker) -> None:
    page = new_site_page(PHONE)
    page.page.goto(page.url_for("welcome"), wait_until="load")
    root = page.url_for("welcome").removesuffix("welcome.html")
    page.page.locator("a[href$='tables/suitpairs.html']").first.wait_for(state="attached")
    hrefs = set(page.page.locator("a[href$='.html']").evaluate_all("(links) => links.map(a => a.href)"))
    for system in ("suitpairs", "falkefateifaux", "rollunder"):
        assert f"{root}tables/{system}.html" in hrefs and f"{root}tours/{system}.html" in hrefs, hrefs
    for href in hrefs:  # each link is a page of the site
        assert (SITE_DIR / "voici" / "render" / href.removeprefix(root)).is_file(), href

    tour = json.loads((SITE_DIR / "files" / "tours" / "suitpairs.ipynb").read_text())
    last_output = next(
        "".join(output.get("text") or output.get("data", {}).get("text/plain", ""))
        for cell in reversed(tour["cells"]) if cell["cell_type"] == "code" and cell.get("outputs")
        for output in cell["outputs"][:1])
    page.page.locator("a[href$='tours/suitpairs.html']").first.click()
    page.page.get_by_text(re.compile(re.escape(last_output.strip().splitlines()[0][:60]))).first.wait_for(
        timeout=180_000)
    width = page.page.evaluate("() => document.scrollingElement.scrollWidth <= innerWidth")
    assert width, "the tour scrolls sideways on a phone"
    page.assert_clean()


def test_the_site_is_self_contained() -> None:
    if site_missing_reason():
        pytest.skip(site_missing_reason() or "")
    lock = json.loads((SITE_DIR / "static" / "pyodide" / "pyodide-lock.json").read_text())
    for name, entry in lock["packages"].items():
        wheel = SITE_DIR / "static" / "pyodide" / entry["file_name"]
        assert wheel.is_file(), name
        import hashlib

        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], name
        assert all(dependency in lock["packages"] for dependency in entry["depends"]), name
    for page in SITE_DIR.rglob("*.html"):
        assert not re.search(r"""(?:src|href)\s*=\s*["'](?:https?:)?//""", page.read_text(errors="replace")), page


def test_b1_a_file_downloaded_from_one_browser_plays_on_in_another(
        new_site_page: PageMaker, tmp_path: Path, publish: Callable[[Path, str | None], Path | None]) -> None:
    first = new_site_page()
    first.open("tables/suitpairs", ready=".kit-table-suitpairs")
    start_game(first, "suitpairs", "carried")
    turns = take_turn(first, "suitpairs")
    status_shows(first, f"carried.ipynb · {turns} turns")
    saved = download(first, tmp_path / "carried.ipynb")

    second = new_site_page(PHONE)  # another browser, another storage: only the file travels
    second.open("tables/suitpairs", ready=".kit-table-suitpairs")
    table = open_drawer(second)
    with second.page.expect_file_chooser(timeout=CLICK_MS) as chooser:
        table.locator(".widget-upload").first.click()
    chooser.value.set_files(str(saved))
    status_shows(second, f"carried.ipynb · {turns} turns")
    seat = table.get_by_label("Sit as", exact=True).first
    labels = [text.replace("\xa0", " ").strip() for text in seat.locator("option").all_inner_texts()]
    seat.select_option(index=next(i for i, text in enumerate(labels) if text.startswith("Ana")))
    take_turn(second, "suitpairs")
    status_shows(second, f"carried.ipynb · {turns + 2} turns")
    again = download(second, tmp_path / "carried-on.ipynb")
    assert second.page.evaluate("() => document.scrollingElement.scrollWidth <= innerWidth"), "sideways scroll"
    SCREENSHOTS_DIR.mkdir(parents=True, exist_ok=True)
    shot = SCREENSHOTS_DIR / "site-suitpairs-phone.png"
    second.page.screenshot(path=str(shot), full_page=False)
    publish(shot, "site-suitpairs-phone")
    assert f"{turns + 2} turns" in kit_verify(again)
    assert gamefile.load(again).log.events[:turns] == gamefile.load(saved).log.events  # the same game, played on
    first.assert_clean()
    second.assert_clean()


def start_file_name() -> str:
    (start,) = (SITE_DIR / "static" / "pyodide").glob("kit-start-*.bin.gz")
    return start.name


def test_a_damaged_start_file_leaves_python_to_start_from_the_wheels(
        browser: Browser, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    if site_missing_reason():
        pytest.skip(site_missing_reason() or "")
    site = tmp_path / "site"
    shutil.copytree(SITE_DIR, site)
    start = site / "static" / "pyodide" / start_file_name()
    start.write_bytes(start.read_bytes()[: start.stat().st_size // 2])  # cut short, as a broken upload would be
    with served_site(site) as base:
        context, refused = offline_context(browser, viewport=DESKTOP)
        try:
            page = site_page(context, refused, base)
            page.open("tables/suitpairs", ready=".kit-table-suitpairs", text="No check pending")
            assert any(is_start_file(url) for url in page.requested) and any(is_wheel(url) for url in page.requested)
            tracker = page.page.locator(".kit-table .kit-attribute-tracker")
            tracker.locator(".kit-check").first.click(timeout=CLICK_MS)  # the kernel answers as ever
            tracker.locator(".kit-roll").get_by_text("Pending check").first.wait_for(timeout=CLICK_MS)
            assert not page.page.evaluate(KEPT_JS)  # nothing damaged is kept for the next visit
            page.assert_clean()
        finally:
            context.close()


def test_a_damaged_kept_start_file_is_dropped_and_the_start_file_downloaded_again(new_site_page: PageMaker) -> None:
    page = new_site_page()
    page.page.goto(f"{page.base_url}static/pyodide/pyodide-lock.json", wait_until="load")  # the site's origin
    kept = f"{page.base_url}static/pyodide/{start_file_name()}?unpacked"
    page.page.evaluate("""async (url) => {
      const cache = await caches.open("kit-start-files");
      await cache.put(url, new Response(new Uint8Array(1000)));
    }""", kept)
    page.open("tables/suitpairs", ready=".kit-table-suitpairs", text="No check pending")
    assert started_from_start_file(page), page.requested
    wait_until_start_file_kept(page)
    size = page.page.evaluate("""async (url) => {
      const response = await (await caches.open("kit-start-files")).match(url);
      return response ? (await response.arrayBuffer()).byteLength : 0;
    }""", kept)
    assert size > 10_000_000  # the unpacked start file in place of the damaged copy
    page.assert_clean()
