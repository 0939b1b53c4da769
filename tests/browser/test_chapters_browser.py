"""A long campaign at the Suit Pairs table in Voilà and Chromium (C-1, C-2, C-3), on a desktop and on a phone.

A game whose chapters hold 20 turns is played to 19 turns with the game-file API before the page
opens. At the table the GM takes turns 20 and 21 with real clicks: turn 21 starts chapter 2, a file
of its own. The status names the new file and its chapter, a notice says that chapter 2 has begun,
the log lists the chapter's own turns and ends by naming the earlier chapter's file. The GM then
ends chapter 2 with *End this chapter*. The campaign's files verify together (``verify_campaign``).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Locator
from test_seats_browser import OVERFLOWING, press  # the seats test's overflow check and its press
from voila_harness import REPO_ROOT, VoilaPage

from kit import gamefile
from kit.gamefile import HeldGameFile
from kit.gamefile.campaign import verify_campaign
from kit.gamefile.chapters import chapter_path
from kit.systems import system_info

pytestmark = pytest.mark.browser

GM = "Gil"
VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}



@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``notebooks/tables`` beside a ``games`` folder for this module's campaigns, served by one Voilà."""
    root = tmp_path_factory.mktemp("chapters") / "notebooks"
    shutil.copytree(REPO_ROOT / "notebooks" / "tables", root / "tables",
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints", ".*.lock"))
    (root / "games").mkdir()
    return root


def campaign_at_19(folder: Path, name: str) -> Path:
    """A Suit Pairs game for Kim and Lee (GM Gil), chapters of 20 turns, played to 19 turns: a check pending."""
    path = folder / f"{name}.ipynb"
    gamefile.create("suitpairs", path, players={"Kim": [], "Lee": []}, gm=GM, seed=f"chapters {name}",
                    chapter_turns=20)
    game = gamefile.load(path)
    game.sit(GM)
    for action, args in system_info("suitpairs").party_for(["Kim", "Lee"]):
        getattr(game, action)(**args)
    game.sit(None)
    gamefile.save(game, path)
    held = HeldGameFile.open(path)
    held.game.sit(GM)
    while held.game.turn < 19:
        if (held.game.turn + 1) % 2:
            held.take("check", {"character": "Mira", "skill": "Defy", "difficulty": "Medium"})
        else:
            held.take("accept", {"character": "Mira"})
    assert held.path == path and held.game.turn == 19
    return path


def choose(page: VoilaPage, select: Locator, starts: str) -> None:
    """Pick the first option of ``select`` whose label starts with ``starts``."""
    labels = [text.replace("\xa0", " ").strip() for text in select.locator("option").all_inner_texts()]
    index = next((i for i, text in enumerate(labels) if text.startswith(starts)), None)
    assert index is not None, f"no option starting with {starts!r} in {labels}"
    select.select_option(index=index)
    page.wait_kernel_idle()


def status(page: VoilaPage) -> str:
    return page.text_of(".kit-table .kit-status")


@pytest.mark.parametrize("screen", list(VIEWPORTS))
def test_c1_c3_turns_cross_into_chapter_2_and_the_gm_ends_it(
        voila_page_for, voila_server, served: Path, screen: str) -> None:
    path = campaign_at_19(served / "games", f"campaign-{screen}")  # the newest game: the one the table opens
    page = voila_page_for(voila_server(served))
    page.page.set_viewport_size(VIEWPORTS[screen])
    page.open("tables/suitpairs.ipynb", ready=".kit-table-suitpairs")
    assert f"{path.name} · 19 turns" in status(page)
    choose(page, page.page.locator(".kit-table .kit-seat-picker select").first, f"{GM} —")
    page.page.locator(".kit-table .kit-gm-tools").first.wait_for()

    tracker = page.page.locator(".kit-table .kit-attribute-tracker").first
    choose(page, tracker.locator(".kit-character select").first, "Mira")
    press(page, tracker.locator(".kit-accept").first)  # turn 20: chapter 1 is full
    assert f"{path.name} · 20 turns" in status(page)
    press(page, tracker.locator(".kit-check").first)  # turn 21 starts chapter 2
    assert not tracker.locator(".kit-check-error .kit-error").count(), tracker.inner_text()

    second = chapter_path(path, 2)
    assert second.is_file()
    assert f"{second.name} · chapter 2 · turn 21" in status(page)
    notice = page.page.locator(".kit-table .kit-chapter-note").first
    assert notice.is_visible()
    assert (f"Chapter 2 has begun: a new game file, {second.name}, holds the turns from 21 on (C-3). Download it "
            "and post it with the thread.") in notice.inner_text()
    log = page.page.locator(".kit-table .kit-play-log").first
    assert "Play log (chapter 2: turn 21)" in log.inner_text()
    entries = log.locator("li[data-turn]")
    assert entries.count() == 1 and entries.first.get_attribute("data-turn") == "21"
    earlier = log.locator(".kit-log-earlier")
    assert earlier.is_visible()
    assert f"Turns 1–20 are in the earlier chapter ({path.name})" in earlier.inner_text()

    press(page, tracker.locator(".kit-accept").first)  # turn 22: the notice has said its piece
    assert f"{second.name} · chapter 2 · turns 21–22" in status(page)
    assert not page.page.locator(".kit-table .kit-chapter-note").first.inner_text().strip()

    gm = page.page.locator(".kit-table .kit-gm-tools .kit-chapter-end").first
    assert "Ends chapter 2 here (a session or a scene is over)" in gm.inner_text()
    press(page, gm.locator(".kit-end-chapter").first)
    assert not gm.locator(".kit-error").count(), gm.inner_text()
    third = chapter_path(path, 3)
    assert f"{third.name} · chapter 3 · no turn yet" in status(page)
    assert gm.locator(".kit-end-chapter").first.is_disabled()
    assert "Chapter 3 holds no turn yet" in gm.locator(".kit-control-reason").first.inner_text()
    void_about = page.page.locator(".kit-table .kit-gm-tools .kit-void-about").first.inner_text()
    assert "No turn of this chapter to void: a closed chapter's turns stand (C-2)." in void_about
    assert f"Turns 1–22 are in the earlier chapters ({path.name} and {second.name})" in log.inner_text()

    if screen == "phone":
        widths = page.page.evaluate("() => [document.scrollingElement.scrollWidth, window.innerWidth]")
        assert widths[0] <= widths[1], (f"the page is {widths[0]} px wide on a {widths[1]} px phone; "
                                        f"overflowing: {page.page.evaluate(OVERFLOWING)}")
    report = verify_campaign([path, second, third], jobs=1)
    assert report.ok and "chapters 1–3, turns 1–22" in report.message, report.message
    page.assert_clean()
