"""The Suit Pairs attribute tracker in Voilà: a refused difficulty, then a check, a reroll and an accept."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from voila_harness import SCREENSHOTS_DIR, VoilaPage

from kit.suitpairs import SuitPairsGame

pytestmark = pytest.mark.browser

NOTEBOOK = "attribute_tracker.ipynb"
TRACKER = ".kit-attribute-tracker"


def expected_game() -> SuitPairsGame:
    """The notebook's game (same seed, same characters): it tells which dice the page must show."""
    game = SuitPairsGame(seed="attribute-tracker-browser", practice=True)
    game.create_character("Mira", "Baker", strength=3, intelligence=2, dexterity=2, charisma=3,
                          skills=["Defy", "Analyze", "Stealth", "Help"])
    game.create_character("Tomas", "Fool", strength=1, intelligence=4, dexterity=3, charisma=2,
                          skills=["Grab", "Tinker", "Agility", "Charm"])
    return game


def set_difficulty(voila_page: VoilaPage, typed: str) -> None:
    box = voila_page.page.locator(f"{TRACKER} .kit-difficulty input").first
    box.fill(typed)
    box.press("Tab")
    voila_page.wait_kernel_idle()


def test_s3_s4_s5_one_check_played_in_the_browser(
        voila_page: VoilaPage, publish: Callable[[Path, str | None], Path | None]) -> None:
    voila_page.open(NOTEBOOK, ready=TRACKER, text="Mira (Baker): rows by primary attribute")
    page = voila_page.page
    tracker = page.locator(TRACKER).first
    assert "3 of 5" in tracker.locator('th[data-name="Strength"]').inner_text()

    page.locator(f"{TRACKER} .kit-skill select").first.select_option(label="♠♦ Defy (level 1)")
    voila_page.wait_kernel_idle()
    set_difficulty(voila_page, "Hardest")
    voila_page.click(f"{TRACKER} .kit-check")
    refusal = voila_page.text_of(f"{TRACKER} .kit-check-error")
    assert "Refused:" in refusal and "(S-3)" in refusal
    assert "No check pending" in voila_page.text_of(f"{TRACKER} .kit-roll")

    game = expected_game()
    odds = game.odds("Mira", "Defy", "Hard")
    set_difficulty(voila_page, "Hard")
    page.get_by_text(f"success now {odds.success}").first.wait_for()

    rolled = game.check("Mira", "Defy", "Hard")
    voila_page.click(f"{TRACKER} .kit-check")
    status = voila_page.text_of(f"{TRACKER} .kit-roll")
    first, second = rolled.dice
    assert f"dice {first} and {second}" in status and f"= {rolled.total}" in status
    assert ("Success" if rolled.success else "Failure") in status
    assert voila_page.text_of(f"{TRACKER} .kit-check-error") == ""

    reroll = voila_page.page.locator(f"{TRACKER} .kit-reroll-primary").first
    assert reroll.inner_text() == "Reroll: pay 1 ♠ Strength (3)"
    rerolled = game.reroll("Mira", pay="Strength")
    voila_page.click(f"{TRACKER} .kit-reroll-primary")
    assert f"dice {rerolled.dice[0]} and {rerolled.dice[1]}" in voila_page.text_of(f"{TRACKER} .kit-roll")
    assert reroll.inner_text() == "Reroll: pay 1 ♠ Strength (2)"

    resolved = game.accept("Mira")
    voila_page.click(f"{TRACKER} .kit-accept")
    changes = voila_page.text_of(f"{TRACKER} .kit-changes")
    assert resolved.explanation in changes
    strength = tracker.locator('th[data-name="Strength"]').inner_text()
    after = game.character("Mira").attributes["Strength"]
    assert f"{after} of 5" in strength
    assert ("▲ +1" if after > 2 else "▼ −1") in strength
    assert "No check pending" in voila_page.text_of(f"{TRACKER} .kit-roll")

    shot = SCREENSHOTS_DIR / "attribute_tracker.png"
    SCREENSHOTS_DIR.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": 1280, "height": 1800})  # the whole component in view, none of it clipped
    tracker.scroll_into_view_if_needed()
    tracker.screenshot(path=str(shot))
    assert shot.stat().st_size > 0
    publish(shot, "attribute_tracker")
    voila_page.assert_clean()
