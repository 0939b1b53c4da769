"""A closed table's kernel is shut down, or culled if the page could not say; an open one is kept.

A page that unloads (closed, reloaded, left for another page) asks the server to shut its kernel
down (the kit's page template, share/jupyter/voila/templates/kit/index.html.j2): Voilà runs with
voila.json alone, whose culler would wait 30 minutes, so a kernel gone within seconds was shut
down by its page. A page whose request is never honoured (a tab killed, Safari on iOS, which
fires no ``beforeunload``; here Voilà's own page, which sends the request without the cookie)
leaves its kernel to the culler: a second server culls after a few seconds, and the page still
open — idle for longer than the timeout by then — keeps its kernel. Each test polls the
server's kernel record (``/api/kernels/<id>``) until it is gone. No fixed sleeps: every wait polls
with a deadline.
"""

from __future__ import annotations

import json
import os
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser
from voila_harness import ARTIFACTS_DIR, REPO_ROOT, ServerProcess, VoilaPage, start_voila

pytestmark = pytest.mark.browser

TIMEOUT, INTERVAL = 2, 1
"""The test's cull timeout and interval in seconds (voila.json's own are generous: 30 minutes, 1 minute)."""
DEADLINE = 60.0
"""How long, in seconds, a closed page's kernel may take to go before the test fails (≫ TIMEOUT + INTERVAL)."""


def serve_tables(tmp_path_factory: pytest.TempPathFactory, name: str, *extra_args: str) -> Iterator[ServerProcess]:
    """Voilà serving notebooks/ with voila.json and ``extra_args``, games in a folder of its own; stopped after."""
    games = tmp_path_factory.mktemp(f"{name}-games")
    server = start_voila(REPO_ROOT / "notebooks", log_path=ARTIFACTS_DIR / "logs" / f"voila-{name}.log",
                         extra_args=extra_args, env={**os.environ, "KIT_GAMES_DIR": str(games)})
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def culling_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """Voilà's own page (whose shutdown request is refused), culling after TIMEOUT seconds without a page."""
    yield from serve_tables(tmp_path_factory, "kernel-culling", "--VoilaConfiguration.template=lab",
                            f"--MappingKernelManager.cull_idle_timeout={TIMEOUT}",
                            f"--MappingKernelManager.cull_interval={INTERVAL}")


@pytest.fixture(scope="module")
def play_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """Voilà serving notebooks/ exactly as ``make play`` does (voila.json: culling after 30 minutes)."""
    yield from serve_tables(tmp_path_factory, "kernel-shutdown")


def kernel_record(server: ServerProcess, kernel_id: str) -> dict[str, object] | None:
    """The server's record of a kernel (connections, state), or None once the server has no such kernel."""
    try:
        with urllib.request.urlopen(f"{server.base_url}api/kernels/{kernel_id}", timeout=10) as response:
            record = json.loads(response.read())
            return record if isinstance(record, dict) else None
    except urllib.error.HTTPError as error:
        if error.code == 404:
            return None
        raise


def open_table(browser: Browser, server: ServerProcess) -> tuple[VoilaPage, str]:
    """Open the Roll-Under table in a fresh browser context; return the page and its kernel's id."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = VoilaPage(context.new_page(), server.base_url)
    page.open("tables/rollunder.ipynb", ready=".kit-table-rollunder")
    assert len(page.kernel.kernel_ids) == 1, f"the page talked to kernels {page.kernel.kernel_ids}"
    return page, page.kernel.kernel_ids[0]


def wait_for(condition: Callable[[], bool], what: str, server: ServerProcess) -> float:
    """Poll ``condition`` until it holds; return the seconds it took, or fail after DEADLINE with the log."""
    start = time.monotonic()
    while not condition():
        if time.monotonic() - start > DEADLINE:
            pytest.fail(f"{what} within {DEADLINE:.0f} s; server log:\n{server.log_tail()}")
        time.sleep(0.2)
    return time.monotonic() - start


def test_a_silent_pages_kernel_is_culled_and_an_open_one_kept(browser: Browser, culling_server: ServerProcess) -> None:
    kept, kept_id = open_table(browser, culling_server)
    closed, closed_id = open_table(browser, culling_server)
    assert kept_id != closed_id
    record = kernel_record(culling_server, closed_id)
    assert record is not None and record["connections"] == 1
    kept.assert_clean()
    closed.assert_clean()

    closed.page.context.close()
    wait_for(lambda: kernel_record(culling_server, closed_id) is None, "the closed page's kernel was not culled",
             culling_server)

    # The open page has been idle for longer than the timeout by now, and keeps its kernel (cull_connected false).
    record = kernel_record(culling_server, kept_id)
    assert record is not None, "the open page's kernel was culled"
    assert record["connections"] == 1
    assert "Culling kernels with idle durations > 2 seconds" in culling_server.log_path.read_text(encoding="utf-8")
    assert f"({closed_id}) with 0 connections" in culling_server.log_path.read_text(encoding="utf-8")

    assert kept.kernel.connected  # the page's websocket is still open
    kept.assert_clean()

    kept.page.context.close()
    wait_for(lambda: kernel_record(culling_server, kept_id) is None, "the second page's kernel was not culled",
             culling_server)


def assert_shut_down_by_its_page(server: ServerProcess, kernel_id: str) -> None:
    """The kernel goes well before voila.json's culler could take it, by the page's request, which was accepted."""
    seconds = wait_for(lambda: kernel_record(server, kernel_id) is None, "the page's kernel was not shut down", server)
    assert seconds < 30, f"the kernel took {seconds:.0f} s to go"
    log = server.log_path.read_text(encoding="utf-8")
    assert f"Kernel shutdown: {kernel_id}" in log
    assert "'_xsrf' argument missing" not in log, log
    assert f"({kernel_id}) with 0 connections" not in log  # not the culler's doing


def test_a_closed_page_shuts_its_kernel_down_and_an_open_one_keeps_it(browser: Browser,
                                                                       play_server: ServerProcess) -> None:
    kept, kept_id = open_table(browser, play_server)
    closed, closed_id = open_table(browser, play_server)
    closed.assert_clean()
    closed.page.close(run_before_unload=True)
    assert_shut_down_by_its_page(play_server, closed_id)

    record = kernel_record(play_server, kept_id)
    assert record is not None and record["connections"] == 1, "the open page lost its kernel"
    kept.assert_clean()
    kept.page.context.close()


def test_reloading_or_leaving_a_page_gives_its_kernel_back(browser: Browser, play_server: ServerProcess) -> None:
    page, first_id = open_table(browser, play_server)
    page.page.reload()
    page.page.wait_for_selector(".kit-table-rollunder", timeout=60_000)
    page.wait_kernel_idle()  # the page has finished loading (one left while it streams in is the culler's)
    assert_shut_down_by_its_page(play_server, first_id)
    first, reloaded = page.kernel.kernel_ids
    assert first == first_id and reloaded != first_id
    assert kernel_record(play_server, reloaded) is not None, "the reloaded page has no kernel"

    page.page.goto(page.url_for("tables/suitpairs.ipynb"), wait_until="commit")  # off to another table
    page.wait_ready(ready=".kit-table-suitpairs")
    assert_shut_down_by_its_page(play_server, reloaded)
    third = page.kernel.kernel_ids[-1]
    assert page.leave(), "the last page's kernel was not shut down when it closed"
    assert kernel_record(play_server, third) is None
    page.page.context.close()


def test_make_plays_configuration_culls_generously() -> None:
    """voila.json alone (no command-line override) starts the culler with its 30-minute timeout."""
    server = start_voila(REPO_ROOT / "tests" / "browser" / "notebooks",
                         log_path=ARTIFACTS_DIR / "logs" / "voila-kernel-culling-default.log")
    try:
        # The culler starts with the first kernel: open one through the page that renders a notebook.
        with urllib.request.urlopen(f"{server.base_url}voila/render/bare_button.ipynb", timeout=60) as response:
            assert response.status == 200
        wait_for(lambda: "Culling kernels with idle durations > 1800 seconds at 60 second intervals"
                 in server.log_path.read_text(encoding="utf-8"), "the culler did not start", server)
    finally:
        server.stop()
