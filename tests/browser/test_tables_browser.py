"""The three tables in Voilà and Chromium: one turn each through the widgets, seen on the page and in the file.

The tables play a copy of ``notebooks/`` (with its sample games in ``notebooks/games``), so a
turn never touches the repository's own files. Each turn must show in the play log, be
appended to the game file on disk (read back with ``kit.gamefile.load``) and leave its
verification code in the forum post box.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from voila_harness import REPO_ROOT, SCREENSHOTS_DIR, VoilaPage

from kit import gamefile, systems
from kit.gamefile.post import check_code, turn_code

pytestmark = pytest.mark.browser

Publish = Callable[[Path, str | None], Path | None]
CODE = re.compile(r"kit:\d+-[0-9a-f]{8}")
SYSTEMS = [name for name in systems.SYSTEMS if (REPO_ROOT / "notebooks" / "tables" / f"{name}.ipynb").is_file()]
"""The registered systems that have a table page to serve (a system registered only in this process, such as the
tests' fourth system, has none: the Voilà server runs the kit's own registry)."""


def copy_notebooks(target: Path) -> Path:
    """Copy ``notebooks/`` (tables, tours, welcome page) to ``target/notebooks`` with fresh sample games.

    The sample games are written again by ``scripts/make_sample_games.py`` into the copy's
    ``games`` folder, so their saved outputs are this kit's renderings.
    """
    served = target / "notebooks"
    shutil.copytree(REPO_ROOT / "notebooks", served,
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints", ".*.lock", ".upload-*", "games"))
    made = subprocess.run([sys.executable, str(REPO_ROOT / "scripts" / "make_sample_games.py"),
                           str(served / "games")], cwd=REPO_ROOT, capture_output=True, text=True, check=False)
    assert made.returncode == 0, made.stdout + made.stderr
    for system in SYSTEMS:
        assert (served / "games" / f"{system}-sample.ipynb").is_file(), made.stdout
    return served


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of notebooks/ that the tables in this module write their turns into."""
    return copy_notebooks(tmp_path_factory.mktemp("tables"))


def open_table(voila_page_for: Callable[[str], VoilaPage], voila_server: Callable[..., str], served: Path,
               system: str, text: str) -> VoilaPage:
    """Open ``tables/<system>.ipynb`` on the copy and wait until ``text`` shows."""
    page = voila_page_for(voila_server(served))
    page.open(f"tables/{system}.ipynb", ready=f".kit-table-{system}", text=text)
    return page


def game_file(served: Path, system: str) -> Path:
    """The sample game the table opens first (the only game of its system on the copy's shelf)."""
    return served / "games" / f"{system}-sample.ipynb"


def check_turn_everywhere(page: VoilaPage, path: Path, turns: int, action: str, shown: str) -> None:
    """The game file holds ``turns`` turns ending with ``action``; the page's status, log and post agree."""
    game = gamefile.load(path)
    events = list(game.log)
    assert game.turn == turns and len(events) == turns
    assert events[-1].action == action

    status = page.text_of(".kit-table .kit-status")
    assert f"{path.name} · {turns} turns" in status
    log = page.text_of(".kit-table .kit-play-log")
    assert f"Play log ({turns} turns)" in log
    newest = page.text_of(f'.kit-table .kit-play-log li[data-turn="{turns}"]')
    assert newest.startswith(f"Turn {turns}") and shown in newest
    assert page.page.locator(".kit-table .kit-play-log li").first.get_attribute("data-turn") == str(turns)

    post = page.page.locator(".kit-table .kit-post textarea").input_value()
    codes = CODE.findall(post)
    assert codes, f"no verification code in the forum post:\n{post}"
    assert codes[-1] == turn_code(events[-1])
    assert check_code(codes[-1], events).matches


def prepare_download(page: VoilaPage, path: Path) -> None:
    """The download link offers the game file as it now stands."""
    page.click(".kit-table button:has-text('Prepare download')")
    link = page.page.locator(".kit-table a.kit-download").first
    link.wait_for()
    assert link.get_attribute("download") == path.name
    assert (link.get_attribute("href") or "").startswith("data:application/x-ipynb+json;base64,")


def publish_table(page: VoilaPage, publish: Publish, name: str) -> None:
    """Screenshot the whole table (the viewport made tall enough to hold it) and offer it to the docs."""
    table = page.page.locator(".kit-table").first
    box = table.bounding_box()
    assert box is not None
    page.page.set_viewport_size({"width": 1280, "height": min(int(box["height"]) + 200, 6000)})
    table.scroll_into_view_if_needed()
    SCREENSHOTS_DIR.mkdir(parents=True, exist_ok=True)
    shot = SCREENSHOTS_DIR / f"{name}.png"
    table.screenshot(path=str(shot))
    assert shot.stat().st_size > 0
    publish(shot, name)


def test_f4_f8_falkefateifaux_table_flip_then_pass_until_resolved(
        voila_page_for: Callable[[str], VoilaPage], voila_server: Callable[..., str], served: Path,
        publish: Publish) -> None:
    path = game_file(served, "falkefateifaux")
    before = gamefile.load(path).turn
    page = open_table(voila_page_for, voila_server, served, "falkefateifaux", "Exact chance of success")
    resolver = ".kit-table .kit-stack-resolver"
    assert page.page.locator(f"{resolver} .kit-actor select").input_value() == "Ada"

    page.click(f"{resolver} .kit-flip")
    assert page.text_of(f"{resolver} .kit-flip-error") == ""
    steps = 1
    while not page.text_of(f"{resolver} .kit-flip-result").strip():
        assert steps < 8, "the flip did not resolve"
        if page.page.locator(f"{resolver} .kit-pass").is_visible():
            page.click(f"{resolver} .kit-pass")  # guide fate: pass (F-8)
        else:
            page.click(f"{resolver} .kit-choose-cards .kit-card-face")  # the chooser takes a card (F-4)
            page.click(f"{resolver} .kit-choose")
        steps += 1
    verdict = page.text_of(f"{resolver} .kit-flip-result")
    assert re.search(r"[✔✘] (Success|Failure) — ", verdict), verdict
    assert "The last stack (resolved)" in page.text_of(f"{resolver} .kit-stack")

    check_turn_everywhere(page, path, before + steps, "guide", "Ada: Fisticuffs")
    event = list(gamefile.load(path).log)[-1]
    assert event.args == {"character": "Ada", "card": None}
    prepare_download(page, path)
    publish_table(page, publish, "table-falkefateifaux")
    page.assert_clean()


def test_s3_s5_suitpairs_table_check_then_accept(
        voila_page_for: Callable[[str], VoilaPage], voila_server: Callable[..., str], served: Path,
        publish: Publish) -> None:
    path = game_file(served, "suitpairs")
    before = gamefile.load(path).turn
    page = open_table(voila_page_for, voila_server, served, "suitpairs", "No check pending")
    tracker = ".kit-table .kit-attribute-tracker"

    page.click(f"{tracker} .kit-check")
    page.page.locator(f"{tracker} .kit-roll").get_by_text("Pending check").wait_for()
    assert gamefile.load(path).turn == before + 1  # the roll is a turn of its own, saved at once
    page.click(f"{tracker} .kit-accept")
    page.page.locator(f"{tracker} .kit-roll").get_by_text("No check pending").wait_for()
    assert page.page.locator(f"{tracker} .kit-error").count() == 0  # neither click was refused

    check_turn_everywhere(page, path, before + 2, "accept", "Mira")
    assert list(gamefile.load(path).log)[-1].args["character"] == "Mira"
    prepare_download(page, path)
    publish_table(page, publish, "table-suitpairs")
    page.assert_clean()


def test_r3_r5_rollunder_table_start_combat_then_attack(
        voila_page_for: Callable[[str], VoilaPage], voila_server: Callable[..., str], served: Path,
        publish: Publish) -> None:
    path = game_file(served, "rollunder")
    before = gamefile.load(path).turn
    page = open_table(voila_page_for, voila_server, served, "rollunder", "No combat in progress.")
    sequencer = ".kit-table .kit-combat-sequencer"

    for name in ("Artie", "Xavier"):  # checkboxes a thumb can tick, not a multi-select
        checks = page.page.locator(f"{sequencer} .kit-combat-setup .kit-character-check")
        checks.filter(has_text=name).first.locator("input").check()
        page.wait_kernel_idle()
    page.click(f"{sequencer} .kit-start-combat")
    page.page.locator(f"{sequencer} .kit-round").get_by_text("Round 1").first.wait_for()
    check_turn_everywhere(page, path, before + 1, "start_combat", "Combat starts")

    turns = before + 1
    while gamefile.load(path).current_combatant is None:  # both may have failed initiative
        assert turns < before + 4, "nobody may act in the first rounds"
        page.click(f"{sequencer} .kit-next-round")
        turns += 1
        check_turn_everywhere(page, path, turns, "next_round", "Round")
    attacker = gamefile.load(path).current_combatant
    assert attacker is not None
    page.page.locator(f"{sequencer} .kit-round").get_by_text(f"{attacker} declares now").first.wait_for()

    page.click(f"{sequencer} .kit-act")
    assert page.page.locator(f"{sequencer} .kit-action-picker .kit-error").count() == 0  # not refused
    page.page.locator(f"{sequencer} .kit-combat-result").get_by_text(attacker).first.wait_for()
    check_turn_everywhere(page, path, turns + 1, "attack", attacker)
    assert list(gamefile.load(path).log)[-1].args["attacker"] == attacker
    prepare_download(page, path)
    publish_table(page, publish, "table-rollunder")
    page.assert_clean()
