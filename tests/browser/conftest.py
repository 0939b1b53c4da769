"""Fixtures for browser tests: Voilà servers on loopback, Debian's Chromium, pages that record problems.

Use them like this::

    pytestmark = pytest.mark.browser

    def test_table_turn(voila_server, voila_page_for, notebooks_dir):
        page = voila_page_for(voila_server(notebooks_dir))
        page.open("table.ipynb", ready=".kit-table")
        page.click(".kit-table button")
        page.assert_clean()

Browser tests are skipped, with the reason, only when /usr/bin/chromium is absent.
Logs of every server go to tests/artifacts/, screenshots to tests/artifacts/screenshots/
(a failing test leaves one named after it). ``KIT_PUBLISH_SCREENSHOTS=1`` lets
``publish`` copy chosen screenshots into docs/screenshots/ for the README.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from playwright.sync_api import Browser, BrowserContext, Page
from voila_harness import (
    ARTIFACTS_DIR,
    BROWSER_NOTEBOOKS_DIR,
    ServerProcess,
    VoilaPage,
    chromium_missing_reason,
    publish_screenshot,
    shared_chromium,
    slug,
    start_voila,
    stop_all,
)

# Tracebacks on the page make failure screenshots readable; everything else comes from voila.json.
TEST_VOILA_ARGS = ("--VoilaConfiguration.show_tracebacks=True",)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """Keep each phase's report on the item so fixtures can screenshot failures."""
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"report_{report.when}", report)


@pytest.fixture(scope="session")
def notebooks_dir() -> Path:
    """The folder of small notebooks the browser tests serve."""
    return BROWSER_NOTEBOOKS_DIR


@pytest.fixture(scope="session")
def voila_server() -> Iterator[Callable[..., str]]:
    """Start Voilà serving a folder (tree mode) on loopback; return its base URL.

    ``voila_server(folder, extra_args=())`` starts one server per folder and arguments
    for the whole session and stops each (with its kernels) at the end. Voilà runs from
    the repository root so it reads the top-level voila.json, like ``make play``. A test
    that writes files into the served folder should serve its own copy (``tmp_path``).
    """
    servers: dict[tuple[str, tuple[str, ...]], ServerProcess] = {}

    def serve(notebook_dir: Path | str, extra_args: tuple[str, ...] = ()) -> str:
        folder = Path(notebook_dir).resolve()
        key = (str(folder), tuple(extra_args))
        server = servers.get(key)
        if server is None or not server.running():
            log = ARTIFACTS_DIR / "logs" / f"voila-{slug(folder.name)}-{len(servers)}.log"
            server = start_voila(folder, log_path=log, extra_args=(*TEST_VOILA_ARGS, *extra_args))
            servers[key] = server
        return server.base_url

    try:
        yield serve
    finally:
        stop_all(servers.values())


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, headless, for the whole session (skips when it is absent)."""
    reason = chromium_missing_reason()
    if reason:
        pytest.skip(reason)
    with shared_chromium() as chromium:
        yield chromium


@pytest.fixture
def voila_page_for(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Callable[[str], VoilaPage]]:
    """Make recording pages on a server: ``voila_page_for(base_url)``; each gets a fresh browser context."""
    made: list[tuple[VoilaPage, BrowserContext]] = []

    def make(base_url: str) -> VoilaPage:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = VoilaPage(context.new_page(), base_url)
        made.append((page, context))
        return page

    yield make
    failed = any(getattr(getattr(request.node, f"report_{when}", None), "failed", False) for when in ("setup", "call"))
    for index, (page, context) in enumerate(made):
        if failed and not page.page.is_closed() and page.page.url.startswith("http"):
            page.screenshot(f"failed-{request.node.nodeid}-{index}")
        context.close()


@pytest.fixture
def voila_page(
    voila_server: Callable[..., str], notebooks_dir: Path, voila_page_for: Callable[[str], VoilaPage]
) -> VoilaPage:
    """A recording page on the Voilà server of tests/browser/notebooks/."""
    return voila_page_for(voila_server(notebooks_dir))


@pytest.fixture
def page(voila_page: VoilaPage) -> Page:
    """The Playwright page behind ``voila_page`` (console errors, exceptions and kernel traffic recorded)."""
    return voila_page.page


@pytest.fixture
def publish() -> Callable[[Path, str | None], Path | None]:
    """Copy a screenshot into docs/screenshots/ when KIT_PUBLISH_SCREENSHOTS=1; otherwise do nothing."""

    def copy(source: Path, name: str | None = None) -> Path | None:
        if os.environ.get("KIT_PUBLISH_SCREENSHOTS") != "1":
            return None
        return publish_screenshot(source, name)

    return copy
