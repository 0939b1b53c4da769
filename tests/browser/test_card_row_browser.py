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

    page.locator(f"{ROW} .kit-card-5s").evaluate("face => { face.dataset.kitSeen = 'before the click'; }")
    voila_page.click(f"{ROW} .kit-card-5s")
    page.get_by_text("picked 5S").first.wait_for()
    assert page.locator(f"{ROW} .kit-card-5s").get_attribute("aria-pressed") == "true"
    assert page.locator(f"{ROW} .kit-card-5s.kit-card-chosen").count() == 1  # raised and marked ✓
    # A click marks the faces already drawn instead of drawing the row again (the click costs the page little).
    assert page.locator(f"{ROW} .kit-card-5s").get_attribute("data-kit-seen") == "before the click"
    voila_page.click(f"{ROW} .kit-card-qc")  # one at a time: the second click moves the selection
    page.get_by_text("picked QC").first.wait_for()
    assert page.locator(f"{ROW} .kit-card-5s").get_attribute("aria-pressed") == "false"

    anywidget_requests = [url for url in served if "anywidget" in url]
    assert anywidget_requests and all(is_loopback(url) for url in anywidget_requests), anywidget_requests
    assert not [url for url in voila_page.external_requests if "anywidget" in url or "esm" in url]
    voila_page.assert_clean()


TAROT = ".kit-tarot-hand .kit-tarot-cards"


def test_the_tarot_hand_draws_its_fate_cards_in_a_card_row(voila_page: VoilaPage) -> None:
    voila_page.open("combat_sequencer.ipynb", ready=f"{TAROT} .kit-card-face")
    page = voila_page.page
    faces = page.locator(f"{TAROT} .kit-card-face")
    assert [text.strip() for text in faces.all_inner_texts()] == ["✦ XVI The Tower", "Queen of Swords",
                                                                  "Three of Cups"]
    assert [faces.nth(i).get_attribute("aria-label") for i in range(3)] == [
        "The Tower: Major Arcana XVI", "Queen of Swords: Minor Arcana, court card",
        "Three of Cups: Minor Arcana, pip card"]
    assert page.locator(f"{TAROT} .kit-card-major").count() == 1  # the Major Arcanum has its own look

    voila_page.click(f"{TAROT} .kit-card-queen-of-swords")
    page.locator(".kit-tarot-hand .kit-card-selection").get_by_text("Selected: Queen of Swords").wait_for()
    assert page.locator(f"{TAROT} .kit-card-queen-of-swords").get_attribute("aria-pressed") == "true"
    voila_page.click(f"{TAROT} .kit-card-the-tower")  # one at a time: the second click moves the choice
    page.locator(".kit-tarot-hand .kit-card-selection").get_by_text("Selected: The Tower").wait_for()
    assert page.locator(f"{TAROT} .kit-card-queen-of-swords").get_attribute("aria-pressed") == "false"
    assert page.locator(f"{TAROT} .kit-card-chosen").count() == 1
    voila_page.assert_clean()
