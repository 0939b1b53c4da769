"""The sharing column in Chromium: Copy post puts the post on the clipboard from the click, offline.

A Voilà server serves a table with a game of two turns; the test grants the page the clipboard,
presses **Copy post** and reads the clipboard back: it holds exactly the post in the box, with
its verification code. The page fetches nothing from outside the machine (the harness blocks it).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from voila_harness import VoilaPage

from kit.gamefile.shelf import Shelf

pytestmark = pytest.mark.browser


def table_notebook(folder: Path, games: Path) -> Path:
    """A notebook in ``folder`` that shows the Suit Pairs table over the games in ``games``."""
    source = f"from kit.widgets.table import Table\nTable('suitpairs', games_dir={str(games)!r})"
    notebook = {"cells": [{"cell_type": "code", "execution_count": None, "id": "table", "metadata": {},
                           "outputs": [], "source": source}],
                "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
                "nbformat": 4, "nbformat_minor": 5}
    path = folder / "share-table.ipynb"
    path.write_text(json.dumps(notebook), encoding="utf-8")
    return path


def test_copy_post_puts_the_post_on_the_clipboard(tmp_path: Path, voila_server: Callable[..., str],
                                                  voila_page_for: Callable[[str], VoilaPage]) -> None:
    games = tmp_path / "games"
    Shelf(games, "suitpairs").new_game("our-game", ["Kim", "Lee"], gm="Gil")
    notebook = table_notebook(tmp_path, games)
    page = voila_page_for(voila_server(tmp_path))
    origin = page.url_for("").split("/voila")[0]
    page.page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=origin)
    page.open(notebook.name, ready=".kit-copy-button")
    post = page.page.locator(".kit-table .kit-post textarea").first.input_value()
    assert "Seed commitment" in post  # a game that has only begun offers its seed-commitment post first
    page.page.locator(".kit-copy-button").first.click()
    page.page.wait_for_selector(".kit-copy-status:has-text('Copied')")
    assert page.page.evaluate("navigator.clipboard.readText()") == post
    page.assert_clean()
