"""The FalkeFateiFaux stack resolver in Voilà and Chromium: exact odds, a refused skill, a flip resolved (F-4–F-9)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from voila_harness import SCREENSHOTS_DIR, VoilaPage

from kit.falkefateifaux import FalkeFateiFauxGame
from kit.odds import flip_odds

pytestmark = pytest.mark.browser

NOTEBOOK = "stack_resolver.ipynb"
RESOLVER = ".kit-stack-resolver"
ADA = {"high_concept": "Prize-fighting heiress", "trouble": "Owes the wrong people",
       "adverbs": ["swiftly", "cunningly", "boldly"], "negative_adverb": "clumsily",
       "great": "Athletics", "good": ["Fisticuffs", "Magic", "Courage"], "poor": "Society"}
BRUNO = {"high_concept": "Dockside bruiser", "trouble": "Loyal to a fault",
         "adverbs": ["brutally", "steadily", "loudly"], "negative_adverb": "slowly",
         "great": "Fisticuffs", "good": ["Athletics", "Resistance", "Marksmanship"], "poor": "Magic"}


def expected_game() -> FalkeFateiFauxGame:
    """The notebook's game (same seed, same hands): it tells which odds the page must show."""
    game = FalkeFateiFauxGame("stack-resolver-browser", practice=True)
    game.rig(["QC", "2H", "3H", "RJ", "5S"])
    game.add_character("Ada", **ADA)
    game.rig(["KC", "2D", "3D", "4D", "5D"])
    game.add_character("Bruno", **BRUNO)
    return game


def type_skill(voila_page: VoilaPage, typed: str) -> None:
    box = voila_page.page.locator(f"{RESOLVER} .kit-skill input").first
    box.fill(typed)
    box.press("Tab")
    voila_page.wait_kernel_idle()


def test_f4_f8_f9_one_flip_set_up_and_resolved_in_the_browser(
        voila_page: VoilaPage, publish: Callable[[Path, str | None], Path | None]) -> None:
    voila_page.open(NOTEBOOK, ready=RESOLVER, text="Exact chance of success")
    page = voila_page.page
    odds = flip_odds(expected_game(), "Ada", "Fisticuffs", target=8)
    assert f"Exact chance of success: {odds.success}" in voila_page.text_of(f"{RESOLVER} .kit-flip-odds")
    assert voila_page.text_of(f"{RESOLVER} .kit-skill-suit").strip() == "♣ Clubs · Good 6"

    type_skill(voila_page, "Fistycuffs")
    refusal = voila_page.text_of(f"{RESOLVER} .kit-skill-error")
    assert "Refused:" in refusal and "is not one of the sixteen skills" in refusal and "(F-14)" in refusal
    type_skill(voila_page, "Fisticuffs")
    assert voila_page.text_of(f"{RESOLVER} .kit-skill-error") == ""
    assert voila_page.text_of(f"{RESOLVER} .kit-skill-suit").strip() == "♣ Clubs · Good 6"

    voila_page.click(f"{RESOLVER} .kit-flip")
    page.get_by_text("Ada may guide fate").first.wait_for()
    assert voila_page.text_of(f"{RESOLVER} .kit-flip-error") == ""
    assert "Now: Ada must guide fate" in voila_page.text_of(f"{RESOLVER} .kit-awaiting")
    hand = [text.strip() for text in page.locator(f"{RESOLVER} .kit-guide-cards .kit-card-face").all_inner_texts()]
    assert hand == ["2♥", "3♥", "5♠", "Q♣", "★ Red Joker"]
    voila_page.click(f"{RESOLVER} .kit-pass")
    page.get_by_text("✔ Success — Resounding success (degree +7)").first.wait_for()
    stack = voila_page.text_of(f"{RESOLVER} .kit-stack")
    assert "The last stack (resolved)" in stack and "9♣▲" in stack and "Guided fate: passed" in stack

    type_skill(voila_page, "Fistycuffs")
    voila_page.click(f"{RESOLVER} .kit-flip")  # the game refuses the flip; the resolved stack stays shown
    assert "(F-14)" in voila_page.text_of(f"{RESOLVER} .kit-flip-error")
    type_skill(voila_page, "Fisticuffs")
    assert "9♣▲" in voila_page.text_of(f"{RESOLVER} .kit-stack")

    resolver = page.locator(RESOLVER).first
    box = resolver.bounding_box()
    assert box is not None
    page.set_viewport_size({"width": 1280, "height": int(box["height"]) + 200})  # the whole component in view
    resolver.scroll_into_view_if_needed()
    SCREENSHOTS_DIR.mkdir(parents=True, exist_ok=True)
    shot = SCREENSHOTS_DIR / "stack_resolver.png"
    resolver.screenshot(path=str(shot))
    assert shot.stat().st_size > 0
    publish(shot, "stack_resolver")
    voila_page.assert_clean()
