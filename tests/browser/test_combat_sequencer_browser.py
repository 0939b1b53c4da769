"""The combat round sequencer in Voilà and Chromium: one attack, a refused next round, a clean page."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from voila_harness import SCREENSHOTS_DIR, VoilaPage

pytestmark = pytest.mark.browser

NOTEBOOK = "combat_sequencer.ipynb"


Publish = Callable[[Path, str | None], Path | None]


def test_r5_attack_turn_in_the_browser(voila_page: VoilaPage, publish: Publish) -> None:
    voila_page.open(NOTEBOOK, ready=".kit-combat-sequencer", text="Round 1 · 0:05")
    page = voila_page.page
    assert "Xavier — ▶ declares now" in voila_page.text_of(".kit-round")
    assert "Hit chance 77/200 (38.5%)" in voila_page.text_of(".kit-attack-odds")
    assert "The Tower — Major Arcana XVI" in voila_page.text_of(".kit-hand-list")

    voila_page.click(".kit-act")
    page.get_by_text("hit for 3 physical").first.wait_for()
    assert "5 of 8 left (3 marked)" in voila_page.text_of(".kit-tracks")
    assert "Artie — ▶ declares now" in voila_page.text_of(".kit-round")

    voila_page.click(".kit-next-round")
    page.get_by_text("Artie must still declare").first.wait_for()
    assert "R-4" in voila_page.text_of(".kit-error")

    sequencer = page.locator(".kit-combat-sequencer").first
    box = sequencer.bounding_box()
    assert box is not None
    page.set_viewport_size({"width": 1280, "height": int(box["height"]) + 200})  # the whole component in view
    sequencer.scroll_into_view_if_needed()
    SCREENSHOTS_DIR.mkdir(parents=True, exist_ok=True)
    shot = SCREENSHOTS_DIR / "combat_sequencer.png"
    sequencer.screenshot(path=str(shot))
    assert shot.stat().st_size > 0
    publish(shot, "combat_sequencer")
    voila_page.assert_clean()
