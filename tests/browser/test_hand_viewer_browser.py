"""The FalkeFateiFaux hand viewer in Voilà and Chromium: a Preparation, the forced discard, a refusal (F-10, F-11)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from voila_harness import SCREENSHOTS_DIR, VoilaPage

pytestmark = pytest.mark.browser

NOTEBOOK = "hand_viewer.ipynb"
VIEWER = ".kit-hand-viewer"


def test_f10_f11_preparation_and_forced_discard_in_the_browser(
        voila_page: VoilaPage, publish: Callable[[Path, str | None], Path | None]) -> None:
    voila_page.open(NOTEBOOK, ready=VIEWER, text="Ada holds 5 of 5 cards")
    page = voila_page.page
    summary = voila_page.text_of(f"{VIEWER} .kit-hand-summary")
    assert "Fate tokens: three (3)" in summary and "Burning Fate tokens: none (0)" in summary
    joker = page.locator(f"{VIEWER} .kit-hand-cards .kit-card-rj").first
    assert joker.inner_text().strip() == "★ Red Joker" and joker.get_attribute("title") == "Red Joker"
    assert page.locator(f"{VIEWER} .kit-hand-cards .kit-card-qc").first.get_attribute("title") == "Queen of Clubs"

    voila_page.click(f"{VIEWER} .kit-hand-prepare")
    page.get_by_text("Discard 2 cards: hand 7 of 5").first.wait_for()
    assert voila_page.text_of(f"{VIEWER} .kit-hand-error") == ""
    assert page.locator(f"{VIEWER} .kit-hand-mulligan").first.is_disabled()
    assert page.locator(f"{VIEWER} .kit-hand-end-scene").first.is_disabled()
    assert page.locator(f"{VIEWER} .kit-hand-discard").first.is_enabled()
    assert "Fate tokens: two (2)" in voila_page.text_of(f"{VIEWER} .kit-hand-summary")

    voila_page.click(f"{VIEWER} .kit-hand-cards .kit-card-2h")
    voila_page.click(f"{VIEWER} .kit-hand-cards .kit-card-3h")
    assert "Selected 2 cards: 2♥ (Two of Hearts), 3♥ (Three of Hearts)" in voila_page.text_of(
        f"{VIEWER} .kit-hand-selection")
    voila_page.click(f"{VIEWER} .kit-hand-discard")
    page.get_by_text("Ada discards 2 cards").first.wait_for()
    assert "Ada holds 5 of 5 cards" in voila_page.text_of(f"{VIEWER} .kit-hand-summary")
    assert page.locator(f"{VIEWER} .kit-hand-mulligan").first.is_enabled()
    shown = [text.strip() for text in page.locator(f"{VIEWER} .kit-hand-cards .kit-card-face").all_inner_texts()]
    assert shown == ["Q♣", "★ Red Joker", "5♠", "9♠", "10♠"]

    voila_page.click(f"{VIEWER} .kit-hand-trust")  # no card selected: the game refuses, nothing changes
    refusal = voila_page.text_of(f"{VIEWER} .kit-hand-error")
    assert "Refused:" in refusal and "exactly four cards" in refusal and "(F-11)" in refusal
    assert "Ada holds 5 of 5 cards" in voila_page.text_of(f"{VIEWER} .kit-hand-summary")

    viewer = page.locator(VIEWER).first
    box = viewer.bounding_box()
    assert box is not None
    page.set_viewport_size({"width": 1280, "height": int(box["height"]) + 200})  # the whole component in view
    viewer.scroll_into_view_if_needed()
    SCREENSHOTS_DIR.mkdir(parents=True, exist_ok=True)
    shot = SCREENSHOTS_DIR / "hand_viewer.png"
    viewer.screenshot(path=str(shot))
    assert shot.stat().st_size > 0
    publish(shot, "hand_viewer")
    voila_page.assert_clean()
