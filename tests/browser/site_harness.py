"""Serve the built static site (``make site``) on loopback and drive it in Debian's Chromium.

Shared by the site's browser tests (``tests/browser/test_site_browser.py``) and its benchmark
(``bench/site_bench.py``). Nothing here depends on pytest.

The site is served by a plain static file server on 127.0.0.1 (no Jupyter anywhere), and the
page's browser context refuses every request to any other host, recording it: the site must
run from its own folder alone. A :class:`SitePage` opens ``voici/render/<page>.html`` and
records what goes wrong (console errors, uncaught exceptions, error outputs). The page's kernel
runs inside the browser, so there is no kernel socket to watch: a page is ready, and a click
answered, when what it should show is shown.
"""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Request, Route
from voila_harness import LOOPBACK, REPO_ROOT, free_port, is_loopback

SITE_DIR = REPO_ROOT / "site"

KERNEL_START_MS = 180_000
"""How long a page may take to start its kernel in the browser (a cold start loads ~20 MB)."""

BENIGN_CONSOLE = (
    # Voici asks the kernel for every widget at once first; Pyodide's kernel answers per widget.
    "Failed to fetch ipywidgets through the \"jupyter.widget.control\" comm channel",
)


def site_missing_reason(site: Path = SITE_DIR) -> str | None:
    """Say why the site cannot be tested here, or None when it is built."""
    if (site / "voici" / "render" / "welcome.html").is_file():
        return None
    return f"{site} is not built (`make site` builds it; `make test` does first)"


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    """A static file handler that logs nothing and never lets a page be cached stale."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm",
                      ".mjs": "text/javascript", ".whl": "application/zip"}

    def log_message(self, format: str, *args: object) -> None:
        """Stay quiet (the tests record requests in the browser)."""


@dataclass
class StaticServer:
    """A static file server on loopback, in a thread of this process."""

    root: Path
    base_url: str
    server: http.server.ThreadingHTTPServer
    thread: threading.Thread

    def stop(self) -> None:
        """Stop serving."""
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=10)


def start_static_server(root: Path) -> StaticServer:
    """Serve ``root`` on a free loopback port."""
    port = free_port()
    handler = functools.partial(_QuietHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer((LOOPBACK, port), handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    return StaticServer(root, f"http://{LOOPBACK}:{port}/", server, thread)


@contextmanager
def served_site(root: Path = SITE_DIR) -> Iterator[str]:
    """Serve the site for the duration of the block; yield its base URL."""
    server = start_static_server(root)
    try:
        yield server.base_url
    finally:
        server.stop()


@dataclass
class SitePage:
    """A Playwright page on the static site, recording what goes wrong and every off-machine request."""

    page: Page
    base_url: str
    console_log: list[tuple[str, str]] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    external_requests: list[str] = field(default_factory=list)
    requested: list[str] = field(default_factory=list)
    """Every URL the page's browser context asked for (its workers' requests too), in order."""
    console_lines: list[str] = field(default_factory=list)
    """Every console message of the page, of any level, in order."""

    def __post_init__(self) -> None:
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda error: self.page_errors.append(f"{error.name}: {error.message}"))

    def _console(self, message: ConsoleMessage) -> None:
        self.console_lines.append(message.text)
        if message.type == "error":
            where = message.location.get("url", "") if message.location else ""
            self.console_log.append((message.text, where))

    def url_for(self, page: str) -> str:
        """The URL of a page of the site: ``tables/suitpairs`` → ``…/voici/render/tables/suitpairs.html``."""
        return f"{self.base_url}voici/render/{page.removesuffix('.html').removesuffix('.ipynb')}.html"

    def open(self, page: str, *, ready: str, text: str | None = None, timeout_ms: float = KERNEL_START_MS) -> None:
        """Open a page and wait until ``ready`` (and ``text``, if given) show."""
        self.page.goto(self.url_for(page), wait_until="commit", timeout=timeout_ms)
        self.wait_ready(ready=ready, text=text, timeout_ms=timeout_ms)

    def wait_ready(self, *, ready: str, text: str | None = None, timeout_ms: float = KERNEL_START_MS) -> None:
        """Wait until ``ready`` and ``text`` are visible (the page's kernel has run its cells)."""
        self.page.locator(ready).first.wait_for(state="visible", timeout=timeout_ms)
        if text is not None:
            self.page.get_by_text(text).first.wait_for(state="visible", timeout=timeout_ms)

    def text_of(self, selector: str) -> str:
        """The visible text of the first element matching ``selector``."""
        return self.page.locator(selector).first.inner_text()

    def console_errors(self) -> list[str]:
        """Console errors, except an off-machine request failing (recorded on its own) and benign lines."""
        return [f"{text} ({where})" if where else text for text, where in self.console_log
                if not (text.startswith("Failed to load resource") and where in self.external_requests)
                and not any(text.startswith(benign) for benign in BENIGN_CONSOLE)]

    def rendered_errors(self) -> list[str]:
        """Error outputs and failed widgets shown in the page."""
        stderr = self.page.locator('[data-mime-type="application/vnd.jupyter.stderr"]').all_inner_texts()
        found = [f"cell output on stderr: {text.strip()[:500]}" for text in stderr]
        errors = self.page.locator('[data-mime-type="application/vnd.jupyter.error"]').all_inner_texts()
        found += [f"cell error: {text.strip()[:500]}" for text in errors]
        failed = self.page.get_by_text("Error displaying widget").all_inner_texts()
        return found + [f"in page: {text.strip()[:200]}" for text in failed]

    def problems(self) -> list[str]:
        """Every problem recorded so far."""
        return [*(f"console error: {text}" for text in self.console_errors()),
                *(f"uncaught exception: {text}" for text in self.page_errors),
                *(f"request off the machine: {url}" for url in self.external_requests),
                *self.rendered_errors()]

    def assert_clean(self) -> None:
        """Fail with the list of problems if the page recorded any."""
        problems = self.problems()
        assert not problems, "the page recorded problems:\n" + "\n".join(problems)


def offline_context(browser: Browser, **options: object) -> tuple[BrowserContext, list[str]]:
    """A fresh browser context (empty storage) that refuses every request to another host; and that list."""
    context = browser.new_context(accept_downloads=True, **options)
    refused: list[str] = []

    def refuse(route: Route, request: Request) -> None:
        refused.append(request.url)
        route.abort("internetdisconnected")

    context.route(lambda url: not is_loopback(url), refuse)
    return context, refused


def site_page(context: BrowserContext, refused: list[str], base_url: str) -> SitePage:
    """A recording page in ``context``; off-machine requests of the whole context are its to report."""
    page = SitePage(context.new_page(), base_url)
    page.external_requests = refused
    context.on("request", lambda request: page.requested.append(request.url))
    return page


__all__ = ["KERNEL_START_MS", "SITE_DIR", "SitePage", "StaticServer", "offline_context", "served_site",
           "site_missing_reason", "site_page", "start_static_server"]
