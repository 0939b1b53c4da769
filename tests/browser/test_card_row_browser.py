"""The anywidget card row in Voilà and Chromium, offline: drawn, named aloud, clicked, heard by the kernel."""

from __future__ import annotations

import pytest
from voila_harness import VoilaPage, is_loopback

pytestmark = pytest.mark.browser

NOTEBOOK = "card_row.ipynb"
ROW = ".kit-probe-cards"


def test_card_row_loads_offline_and_a_click_reaches_the_kernel(voila_page: VoilaPage) -> None:
    served: list[str] = []
    voila_page.page.on("request", lambda request: served.append(request.url))
    voila_page.open(NOTEBOOK, ready=f"{ROW} .kit-card-face")
    page = voila_page.page
    faces = page.locator(f"{ROW} .kit-card-face")
    assert [text.strip() for text in faces.all_inner_texts()] == ["Q♣", "2♥", "★ Red Joker", "5♠", "★ Black Joker"]
    assert faces.first.get_attribute("aria-label") == "Queen of Clubs: counts 12 · outcome 18"
    assert page.locator(f"{ROW} .kit-card-best .kit-card-rj").count() == 1  # the best card is marked
    assert "★ best" in voila_page.text_of(f"{ROW} .kit-card-best")
    colour = page.locator(f"{ROW} .kit-card-2h").evaluate("face => getComputedStyle(face).color")
    assert colour == "rgb(176, 0, 32)"  # hearts in red ink, drawn by the row's own CSS

    voila_page.click(f"{ROW} .kit-card-5s")
    page.get_by_text("picked 5S").first.wait_for()
    assert page.locator(f"{ROW} .kit-card-5s").get_attribute("aria-pressed") == "true"
    voila_page.click(f"{ROW} .kit-card-qc")  # one at a time: the second click moves the selection
    page.get_by_text("picked QC").first.wait_for()
    assert page.locator(f"{ROW} .kit-card-5s").get_attribute("aria-pressed") == "false"

    anywidget_requests = [url for url in served if "anywidget" in url]
    assert anywidget_requests and all(is_loopback(url) for url in anywidget_requests), anywidget_requests
    assert not [url for url in voila_page.external_requests if "anywidget" in url or "esm" in url]
    voila_page.assert_clean()
