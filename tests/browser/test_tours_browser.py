"""The rules tours and the welcome page in Voilà and Chromium, at desktop size and on a phone.

Each tour must open cleanly with its contents list in view, every ruling heading shown, contents
links that reach their headings, working links to its table and the welcome page, a "Checked"
line for its facts, and a "Try it" widget that answers a click with a result.
"""

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
VIEWPORTS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


def try_ff(page: VoilaPage) -> str:
    """Flip Ada's Fisticuffs in the stack resolver; pass on guiding fate if asked; return the verdict."""
    resolver = "#rendered_cells .kit-stack-resolver"
    assert "No stack flipped yet" in page.text_of(f"{resolver} .kit-stack")
    page.click(f"{resolver} .kit-flip")
    page.page.locator(f"{resolver} .kit-stack section").first.wait_for()
    if "must guide fate" in page.text_of(f"{resolver} .kit-awaiting"):
        page.click(f"{resolver} .kit-pass")
    page.page.locator(f"{resolver} .kit-flip-result").get_by_text(re.compile("Success|Failure")).first.wait_for()
    assert "The last stack (resolved)" in page.text_of(f"{resolver} .kit-stack")
    return page.text_of(f"{resolver} .kit-flip-result")


def try_sp(page: VoilaPage) -> str:
    """Roll Mira's check in the attribute tracker, then accept it; return what moved."""
    tracker = "#rendered_cells .kit-attribute-tracker"
    assert "No check pending" in page.text_of(f"{tracker} .kit-roll")
    page.click(f"{tracker} .kit-check")
    roll = page.text_of(f"{tracker} .kit-roll")
    assert re.search(r"dice \d and \d", roll) and re.search("Success|Failure", roll), roll
    page.click(f"{tracker} .kit-accept")
    page.page.locator(f"{tracker} .kit-changes").get_by_text(re.compile("rises|drops|would")).first.wait_for()
    return page.text_of(f"{tracker} .kit-changes")


def try_ru(page: VoilaPage) -> str:
    """Artie attacks Xavier with his sword in the combat sequencer; return the attack's result."""
    sequencer = "#rendered_cells .kit-combat-sequencer"
    assert "Artie — ▶ declares now" in page.text_of(f"{sequencer} .kit-round")
    page.click(f"{sequencer} .kit-act")
    page.page.locator(f"{sequencer} .kit-combat-result").get_by_text("Artie attacks Xavier").first.wait_for()
    assert "Xavier — ▶ declares now" in page.text_of(f"{sequencer} .kit-round")
    return page.text_of(f"{sequencer} .kit-combat-result")


TRY_IT: dict[str, tuple[str, Callable[[VoilaPage], str], re.Pattern[str]]] = {
    "falkefateifaux": (".kit-stack-resolver", try_ff, re.compile(r"[✔✘] (Success|Failure)")),
    "suitpairs": (".kit-attribute-tracker", try_sp, re.compile(r"(Success|Failure): ")),
    "rollunder": (".kit-combat-sequencer", try_ru, re.compile(r"Artie attacks Xavier .*(hit for \d+|miss)", re.S)),
}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of notebooks/ with freshly made sample games (the welcome page's table opens one)."""
    return copy_notebooks(tmp_path_factory.mktemp("tours"))


def ruling_headings(notebook: Path) -> list[str]:
    """The ``## X-n ...`` headings of a tour, in order."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    text = "\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown")
    return RULING_HEADING.findall(text)


def link_paths(page: VoilaPage, selector: str) -> list[str]:
    """The URL paths of the links matching ``selector`` in the rendered cells."""
    hrefs = page.page.locator(selector).evaluate_all("links => links.map(link => link.href)")
    return [unquote(urlsplit(href).path) for href in hrefs]


@pytest.mark.parametrize("viewport", sorted(VIEWPORTS))
@pytest.mark.parametrize("system", SYSTEMS)
def test_tour_opens_with_its_contents_and_its_try_it_widget_answers(
        system: str, viewport: str, voila_page_for: Callable[[str], VoilaPage], voila_server: Callable[..., str],
        served: Path, publish: Publish) -> None:
    headings = ruling_headings(served / "tours" / f"{system}.ipynb")
    assert headings and headings[0].startswith(f"{FIRST_RULING[system]} ")
    widget, play, result = TRY_IT[system]
    page = voila_page_for(voila_server(served))
    size = VIEWPORTS[viewport]
    page.page.set_viewport_size(size)
    page.open(f"tours/{system}.ipynb", ready=f"#rendered_cells {widget}", text=headings[-1])

    # The contents list: in view at the top of the page, one link per section, each reaching its heading.
    contents = page.page.locator('#rendered_cells a[href^="#"]:not(.anchor-link)')
    texts = [text.strip() for text in contents.all_inner_texts()]
    assert texts[:len(headings)] == headings and texts[-1].startswith("Try it")
    first = contents.first.bounding_box()
    assert first is not None and first["y"] + first["height"] <= size["height"]  # seen without scrolling
    for link in contents.all():
        box = link.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 1, link.inner_text()
        target = unquote(link.get_attribute("href") or "")[1:]
        heading = page.page.locator(f'#rendered_cells h2[id="{target}"]')
        assert heading.count() == 1, target
    contents.nth(len(headings) - 1).click()  # the last ruling's link scrolls its heading into view
    page.page.wait_for_function("id => { const r = document.getElementById(id).getBoundingClientRect();"
                                " return r.top >= 0 && r.top < window.innerHeight; }",
                                arg=unquote(contents.nth(len(headings) - 1).get_attribute("href") or "")[1:])

    shown = [text.strip().rstrip("¶").strip()
             for text in page.page.locator("#rendered_cells h2").all_inner_texts()]
    assert [heading for heading in headings if heading not in shown] == []
    assert page.page.locator("#rendered_cells .kit-result").count() > 0  # the worked examples' results
    assert page.page.get_by_text(re.compile(r"^Checked: ")).count() >= 15  # the facts, checked
    assert "def refused" not in page.text_of("#rendered_cells")  # Voilà shows outputs, not code

    # Links to the system's table and back to the welcome page, as Voilà renders them.
    targets = set(link_paths(page, '#rendered_cells a[href$=".ipynb"]'))
    assert {f"/voila/render/tables/{system}.ipynb", "/voila/render/welcome.ipynb"} <= targets
    assert (served / "tables" / f"{system}.ipynb").is_file() and (served / "welcome.ipynb").is_file()

    # Try it: the system's own widget on a practice game answers a click with a result.
    page.page.locator(f"#rendered_cells {widget}").first.scroll_into_view_if_needed()
    answer = play(page)
    assert result.search(answer), answer

    shot = page.screenshot(f"tour-{system}-{viewport}", full_page=False)
    publish(shot, f"tour-{system}" if viewport == "desktop" else f"tour-{system}-phone")
    page.assert_clean()


def test_welcome_links_every_tour_and_table_and_shows_a_table(
        voila_page_for: Callable[[str], VoilaPage], voila_server: Callable[..., str], served: Path,
        publish: Publish) -> None:
    page = voila_page_for(voila_server(served))
    page.open("welcome.ipynb", ready=".kit-table-falkefateifaux", text="Exact chance of success")

    targets = set(link_paths(page, "#rendered_cells a[href]"))
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
