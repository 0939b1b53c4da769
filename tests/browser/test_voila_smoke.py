"""Voilà in Chromium: a widget round trip works, the server reads voila.json, problems are reported."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from voila_harness import VoilaPage, http_status

pytestmark = pytest.mark.browser

BARE = "bare_button.ipynb"


def test_bare_button_click_updates_label(voila_page: VoilaPage) -> None:
    voila_page.open(BARE, ready=".kit-bare-button", text="Not pressed yet")

    voila_page.click(".kit-bare-button")
    voila_page.page.get_by_text("Pressed 1 time(s)").wait_for()
    voila_page.click(".kit-bare-button")
    voila_page.page.get_by_text("Pressed 2 time(s)").wait_for()

    assert voila_page.text_of(".kit-bare-label") == "Pressed 2 time(s)"
    assert voila_page.screenshot("bare-button").stat().st_size > 0
    voila_page.assert_clean()


def test_page_hides_code_and_needs_no_internet(voila_page: VoilaPage) -> None:
    voila_page.open(BARE, ready=".kit-bare-button")

    html = voila_page.page.content()

    assert "kit-bare-button" in html
    assert "def on_press" not in html
    assert "button.on_click" not in html
    assert voila_page.external_requests == [], "the kit's template asks no CDN for an icon font (voila.json)"
    assert voila_page.console_errors == []


def test_each_visit_runs_a_fresh_kernel(voila_page_for: Callable[[str], VoilaPage], voila_page: VoilaPage) -> None:
    voila_page.open(BARE, ready=".kit-bare-button")
    voila_page.click(".kit-bare-button")
    voila_page.page.get_by_text("Pressed 1 time(s)").wait_for()

    second = voila_page_for(voila_page.base_url)
    second.open(BARE, ready=".kit-bare-button")

    assert second.text_of(".kit-bare-label") == "Not pressed yet"
    second.assert_clean()


def test_server_reads_voila_json_file_rules(
    voila_server: Callable[..., str], notebooks_dir: Path, tmp_path: Path
) -> None:
    shutil.copy(notebooks_dir / BARE, tmp_path / BARE)
    (tmp_path / "face.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"/>', encoding="utf-8")
    (tmp_path / "post.md").write_text("A forum post.\n", encoding="utf-8")
    (tmp_path / "notes.csv").write_text("a,b\n", encoding="utf-8")
    hidden = tmp_path / ".private"
    hidden.mkdir()
    (hidden / "key.json").write_text("{}", encoding="utf-8")
    base = voila_server(tmp_path)

    assert http_status(f"{base}voila/files/face.svg") == 200
    assert http_status(f"{base}voila/files/post.md") == 200  # allowed only by voila.json
    assert http_status(f"{base}voila/files/{BARE}") == 200  # game files download
    assert http_status(f"{base}voila/files/notes.csv") == 403
    assert http_status(f"{base}voila/files/.private/key.json") == 403


def test_exception_in_callback_is_reported(voila_page: VoilaPage) -> None:
    voila_page.open("failing_callback.ipynb", ready=".kit-failing-button")
    assert voila_page.problems() == []

    voila_page.click(".kit-failing-button")

    assert voila_page.problems() == ["kernel error: ValueError: this button always fails"]
    with pytest.raises(AssertionError, match="this button always fails"):
        voila_page.assert_clean()


def test_exception_in_cell_is_reported(voila_page: VoilaPage) -> None:
    voila_page.open("failing_cell.ipynb", ready=".jupyter-widgets", text="Shown before the failure")

    problems = voila_page.problems()

    assert len(problems) == 1
    assert "RuntimeError: this cell always fails" in problems[0]


def test_console_errors_and_page_exceptions_are_reported(voila_page: VoilaPage) -> None:
    voila_page.page.evaluate("console.error('drawn wrong')")
    voila_page.page.evaluate("setTimeout(() => { throw new TypeError('no such card') }, 0)")
    voila_page.page.wait_for_timeout(100)

    problems = voila_page.problems()
    assert any(p.startswith("console error: drawn wrong") for p in problems)
    assert "uncaught exception: TypeError: no such card" in problems

