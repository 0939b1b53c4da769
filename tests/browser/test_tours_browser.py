"""The rules tours and the welcome page in Voilà and Chromium: clean pages, every ruling heading, working links."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from test_tables_browser import SYSTEMS, copy_notebooks
from voila_harness import VoilaPage

pytestmark = pytest.mark.browser

Publish = Callable[[Path, str | None], Path | None]
RULING_HEADING = re.compile(r"^## ([FSR]-\d+ .+)$", re.MULTILINE)
FIRST_RULING = {"falkefateifaux": "F-1", "suitpairs": "S-1", "rollunder": "R-1"}
# Voilà's page asks every kernel for ipywidgets' control comm; a tour never imports ipywidgets, so
# its kernel answers with exactly this line on stderr. Nothing the notebook did.
NO_WIDGETS_IN_KERNEL = "No such comm target registered: jupyter.widget.control"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of notebooks/ with freshly made sample games (the welcome page's table opens one)."""
    return copy_notebooks(tmp_path_factory.mktemp("tours"))


def ruling_headings(notebook: Path) -> list[str]:
    """The ``## X-n ...`` headings of a tour, in order."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    text = "\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown")
    return RULING_HEADING.findall(text)


@pytest.mark.parametrize("system", SYSTEMS)
def test_tour_shows_every_ruling_heading_without_errors(
        system: str, voila_page_for: Callable[[str], VoilaPage], voila_server: Callable[..., str], served: Path,
        publish: Publish) -> None:
    headings = ruling_headings(served / "tours" / f"{system}.ipynb")
    assert headings and headings[0].startswith(f"{FIRST_RULING[system]} ")
    page = voila_page_for(voila_server(served))
    page.open(f"tours/{system}.ipynb", ready="#rendered_cells h2", text=headings[-1])

    shown = [text.strip() for text in page.page.locator("#rendered_cells h2").all_inner_texts()]
    assert [heading for heading in headings if heading not in shown] == []
    assert page.page.locator("#rendered_cells .kit-result").count() > 0  # the worked examples' results
    assert "def " not in page.text_of("#rendered_cells")  # Voilà shows outputs, not code
    shot = page.screenshot(f"tour-{system}", full_page=False)
    publish(shot, f"tour-{system}")
    page.kernel.stderr = [line for line in page.kernel.stderr if line != NO_WIDGETS_IN_KERNEL]
    page.assert_clean()


def test_welcome_links_every_tour_and_table_and_shows_a_table(
        voila_page_for: Callable[[str], VoilaPage], voila_server: Callable[..., str], served: Path,
        publish: Publish) -> None:
    page = voila_page_for(voila_server(served))
    page.open("welcome.ipynb", ready=".kit-table-falkefateifaux", text="Exact chance of success")

    hrefs = page.page.locator("#rendered_cells a[href]").evaluate_all("links => links.map(link => link.href)")
    targets = {unquote(urlsplit(href).path) for href in hrefs}
    for system in SYSTEMS:
        for folder in ("tours", "tables"):
            assert f"/voila/render/{folder}/{system}.ipynb" in targets  # the tests above open these URLs
            assert (served / folder / f"{system}.ipynb").is_file()

    table = ".kit-table-falkefateifaux"
    assert "falkefateifaux-sample.ipynb" in page.text_of(f"{table} .kit-status")
    assert page.page.locator(f"{table} .kit-stack-resolver .kit-flip").is_visible()
    assert page.page.locator(f"{table} .kit-hand-viewer .kit-card-face").count() > 0
    assert "Play log" in page.text_of(f"{table} .kit-play-log")

    shot = page.screenshot("welcome", full_page=False)
    publish(shot, "welcome")
    page.assert_clean()
