"""Accessibility basics of the three tables, as Chromium's accessibility tree and the page show them.

- every button, toggle, dropdown and input has a name in words (its text, a label or an
  aria-label; not a placeholder, not an icon alone);
- every card face has a text alternative (aria-label or title) that names the card;
- verdicts carry words (Success, Failure), never colour alone.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_tables_browser import SYSTEMS, copy_notebooks
from voila_harness import VoilaPage

pytestmark = pytest.mark.browser

CONTROL_ROLES = {"button", "togglebutton", "checkbox", "switch", "radio", "combobox", "listbox", "textbox",
                 "searchbox", "spinbutton", "slider", "menuitem"}
WORDS = re.compile(r"[A-Za-z0-9]")
READY_TEXT = {"falkefateifaux": "Exact chance of success", "suitpairs": "No check pending",
              "rollunder": "No combat in progress."}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of notebooks/ (the checks take a turn to show every control) and its untouched games."""
    root = tmp_path_factory.mktemp("accessibility")
    served = copy_notebooks(root)
    shutil.copytree(served / "games", root / "untouched-games")
    return served


def open_table(voila_page_for: Callable[[str], VoilaPage], voila_server: Callable[..., str], served: Path,
               system: str) -> VoilaPage:
    """Open a table on the untouched sample game and take a turn that shows more controls or a verdict."""
    sample = f"{system}-sample.ipynb"
    shutil.copyfile(served.parent / "untouched-games" / sample, served / "games" / sample)
    page = voila_page_for(voila_server(served))
    page.open(f"tables/{system}.ipynb", ready=f".kit-table-{system}", text=READY_TEXT[system])
    if system == "falkefateifaux":
        page.click(".kit-stack-resolver .kit-flip")  # the guide step shows the hand as card faces (F-8)
        page.page.locator(".kit-stack-resolver .kit-guide-cards .kit-card-face").first.wait_for()
    elif system == "suitpairs":
        page.click(".kit-attribute-tracker .kit-check")  # a pending roll enables reroll and accept
        page.page.locator(".kit-attribute-tracker .kit-roll").get_by_text("Pending check").wait_for()
    else:
        page.click(".kit-combat-sequencer .kit-heal")  # a healing test shows its verdict
        page.page.locator(".kit-combat-sequencer .kit-combat-result .kit-result").first.wait_for()
        page.page.locator(".kit-tarot-hand .kit-tarot-cards .kit-card").first.wait_for()
    return page


def unnamed_controls(page: VoilaPage) -> tuple[list[str], int]:
    """Controls in Chromium's accessibility tree without a name in words; and how many controls there are."""
    session = page.page.context.new_cdp_session(page.page)
    try:
        nodes: list[dict[str, Any]] = session.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        session.detach()
    problems, count = [], 0
    for node in nodes:
        role = (node.get("role") or {}).get("value")
        if node.get("ignored") or role not in CONTROL_ROLES:
            continue
        count += 1
        name = node.get("name") or {}
        text = str(name.get("value") or "")
        used = [source for source in name.get("sources", []) if source.get("value") and not source.get("superseded")]
        kinds = {source.get("type") for source in used}
        if not WORDS.search(text) or kinds == {"placeholder"}:
            problems.append(f"{role} named {text!r} (from {sorted(k for k in kinds if k) or 'nothing'})")
    return problems, count


def check_controls_have_labels_in_words(page: VoilaPage, system: str) -> None:
    """Every control in the accessibility tree is named in words; every visible button shows words."""
    problems, count = unnamed_controls(page)
    assert count >= 10, f"only {count} controls in the accessibility tree"
    assert problems == [], "controls without a label in words:\n" + "\n".join(problems)
    buttons = page.page.locator(f".kit-table-{system} button:visible")
    assert buttons.count() >= 5
    for text in buttons.all_inner_texts():
        assert WORDS.search(text), f"a button shows no words: {text!r}"


def check_card_faces_have_text_alternatives(page: VoilaPage, system: str) -> None:
    """Card toggles carry the card's name (title or aria-label); drawn faces carry an aria-label."""
    table = f".kit-table-{system}"
    toggles = page.page.locator(f"{table} .kit-card").evaluate_all(
        "cards => cards.map(card => [card.textContent.trim(), card.getAttribute('aria-label') || card.title || ''])")
    assert toggles or system == "suitpairs", "no card shown as a control"  # Suit Pairs has dice, no cards
    for face, alternative in toggles:
        assert re.search(r"[A-Za-z]{3,}", alternative), f"card {face!r} has no name: {alternative!r}"
    drawn = page.page.locator(f'{table} [role="img"]').evaluate_all(
        "faces => faces.map(face => [face.textContent.trim(), face.getAttribute('aria-label') || face.title || ''])")
    assert drawn, "no card or die face drawn"
    for face, alternative in drawn:
        assert WORDS.search(alternative), f"face {face!r} has no text alternative"
    if system == "falkefateifaux":
        names = [alternative for _, alternative in toggles]
        # Each card is named first; a card a side may choose or guide with then says what it would give.
        assert any(re.match(r"((Ace|Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Jack|Queen|King) of "
                            r"(Clubs|Diamonds|Hearts|Spades)|(Red|Black) Joker)(:|$)", name) for name in names), names


def check_verdicts_carry_words(page: VoilaPage, system: str) -> None:
    """Success and failure are written out (with ✔/✘), never shown by colour alone."""
    table = f".kit-table-{system}"
    if system == "falkefateifaux":
        for _ in range(4):  # pass on guiding fate until the flip resolves (F-8, F-9)
            if not page.page.locator(".kit-stack-resolver .kit-pass").is_visible():
                break
            page.click(".kit-stack-resolver .kit-pass")
        page.page.locator(".kit-stack-resolver .kit-verdict").wait_for()
    heads = page.page.locator(f"{table} .kit-result > div:first-child").all_inner_texts()
    signed = [head for head in heads if "✔" in head or "✘" in head]
    assert signed, "no success or failure shown"
    for head in signed:
        verdict = head.split("✔" if "✔" in head else "✘", 1)[1]
        assert re.search(r"[A-Za-z]{3,}", verdict), f"a verdict without words: {head!r}"
    words = page.text_of(table)
    assert re.search(r"\b(Success|Failure|success|failure)\b", words)
    for verdict in page.page.locator(f"{table} .kit-verdict").all_inner_texts():
        assert re.search(r"\b(Success|Failure)\b", verdict), verdict
    if system == "suitpairs":
        assert re.search(r"\b(Success|Failure)\b so far", page.text_of(f"{table} .kit-roll"))


@pytest.mark.parametrize("system", SYSTEMS)
def test_table_labels_card_faces_and_verdicts_are_in_words(
        system: str, voila_page_for: Callable[[str], VoilaPage], voila_server: Callable[..., str],
        served: Path) -> None:
    page = open_table(voila_page_for, voila_server, served, system)
    check_controls_have_labels_in_words(page, system)
    check_card_faces_have_text_alternatives(page, system)
    check_verdicts_carry_words(page, system)
    page.assert_clean()
