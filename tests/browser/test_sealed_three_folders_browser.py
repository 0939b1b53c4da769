"""A sealed Suit Pairs game passed between three games folders, played to 23 turns in Voilà and Chromium (K-1…K-5).

Ana, Ben and Gil (the GM) each keep their own games folder, and each has their own Voilà server
(the ``voila_server`` fixture starts one per folder, so nothing is shared but the file) and their
own browser, whose page holds only its owner's seat key: a key made with ``SeatKey.new()`` here
and typed into "Your seat key". Gil's page starts the sealed game (New game, "Sealed game"); the
file then travels the way a group passes it: copied into the next person's folder and reloaded
there (Reload), once through the table's Upload control instead. Turns, all through the pages'
controls: each seat takes its seat; Gil builds an NPC, Ana and Ben their characters. Each draw is
sealed by the next seat in the order of play that had sat when it was declared (K-3): Ana's
first check by Gil (Ben has not sat yet: the GM, the sealer of last resort), her next by Ben,
Ben's by Gil, Gil's checks of his NPC by Ana — each with "Seal 1 waiting draw", in the order
declared, and nothing but seals, declarations and seat-takings while a draw waits. Ben retracts
a declaration and declares again; the players and the GM accept their rolls (played at once,
nothing drawn). At the end the final copy is in every folder and verifies there, with the three
seats' anchors in the verify message, and no folder holds a key's text.
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest
from test_sealed_browser import no_key_store, panel, start_sealed
from test_seats_browser import (  # the seats test's harness: an empty shelf, pressing, filling, sitting
    GM,
    PageFor,
    ServerFor,
    button,
    choose,
    fill,
    open_table,
    press,
    served,
    sit,
    sp_build,
    table,
)
from voila_harness import VoilaPage

from kit import gamefile
from kit.core.sealing import SeatKey

pytestmark = pytest.mark.browser

__all__ = ["no_key_store", "served"]  # the fixtures, shared with the sealed and seats tests

GAME = "passed"
SYSTEM = "suitpairs"


def take_seat(page: VoilaPage, seat: str, key: SeatKey) -> str:
    """Sit as ``seat``, type the seat's key into "Your seat key", Use this key, Take my seat; return the anchor."""
    sit(page, seat)
    here = panel(page)
    here.locator(".kit-key-missing").wait_for()
    fill(page, here, "Your seat key", key.to_text())
    press(page, button(here, "Use this key"))
    here.locator(".kit-key-held").get_by_text(key.fingerprint).wait_for()
    press(page, button(here, "Take my seat"))
    anchor = here.locator(".kit-anchor-post code").inner_text().strip()
    assert len(anchor) == 16, anchor
    return anchor


def tracker(page: VoilaPage):
    return page.page.locator(".kit-table .kit-attribute-tracker").first


def declare(page: VoilaPage, character: str, sealer: str, turn: int) -> None:
    """Roll a check for ``character``: it is declared at ``turn`` and waits for ``sealer``'s draw."""
    sheet = tracker(page)
    choose(page, sheet.locator(".kit-character select").first, character)
    press(page, sheet.locator(".kit-check").first)
    assert not sheet.locator(".kit-check-error .kit-error").count(), sheet.locator(".kit-check-error").inner_text()
    panel(page).locator(".kit-own-waiting").get_by_text(
        f"turn {turn} is declared — waiting for {sealer}'s draw (K-3)").wait_for()


def seal(page: VoilaPage, turns: list[int]) -> None:
    """Press "Seal N waiting draws" for the declarations of ``turns`` (each listed as waiting for this seat)."""
    here = panel(page)
    listed = here.locator(".kit-seal-list").inner_text()
    for turn in turns:
        assert f"Turn {turn}:" in listed, listed
    count = len(turns)
    press(page, button(here, f"Seal {count} waiting draw{'s' if count != 1 else ''}"))
    assert not here.locator(".kit-error").count(), here.inner_text()
    assert here.locator(".kit-seal-list").count() == 0, here.inner_text()


def accept(page: VoilaPage, character: str) -> None:
    """Accept ``character``'s sealed roll (a step that draws nothing: played at once)."""
    sheet = tracker(page)
    choose(page, sheet.locator(".kit-character select").first, character)
    sheet.locator(".kit-roll").get_by_text("Pending check").wait_for()
    press(page, sheet.locator(".kit-accept").first)
    sheet.locator(".kit-roll").get_by_text("No check pending").wait_for()


def retract(page: VoilaPage, turn: int) -> None:
    here = panel(page)
    assert f"turn {turn} is declared" in here.locator(".kit-own-waiting").inner_text()
    press(page, button(here, "Retract"))
    assert not here.locator(".kit-error").count(), here.inner_text()
    assert here.locator(".kit-own-waiting").count() == 0


def shows_turns(page: VoilaPage, turns: int) -> None:
    status = page.text_of(".kit-table .kit-status")
    assert f"{GAME}.ipynb · {turns} turns" in status, status


def reload_table(page: VoilaPage, turns: int) -> None:
    """Press the table's Reload: it reads the copy just put in this folder (the keys held stay held)."""
    press(page, button(table(page), "Reload"))
    shows_turns(page, turns)


def upload(page: VoilaPage, source: Path, turns: int) -> None:
    """Put ``source`` on this page's shelf with the table's Upload control (the Games drawer opened first)."""
    toggle = page.page.locator(".kit-table .kit-games-toggle").first
    if "▾" in toggle.inner_text():
        press(page, toggle)
    control = table(page).locator(".widget-upload").first
    control.wait_for()
    before = page.kernel.sent
    with page.page.expect_file_chooser() as chooser:  # the button opens the browser's file chooser
        control.click()
    chooser.value.set_files(str(source))
    deadline = time.monotonic() + 20
    while page.kernel.sent == before:
        assert time.monotonic() < deadline, "the upload sent nothing to the kernel"
        page.page.wait_for_timeout(10)
    page.wait_kernel_idle(timeout_ms=20_000)
    note = page.text_of(".kit-table .kit-upload-note")
    assert f"{GAME}.ipynb extends {GAME}.ipynb" in note and "updated in place" in note, note
    shows_turns(page, turns)


def hand_on(source: Path, folder: Path) -> Path:
    """Copy the game file into the next person's games folder, as a group passes it; return the copy."""
    target = folder / "games" / source.name
    shutil.copy(source, target)
    return target


def turns_in(path: Path) -> int:
    return len(gamefile.load(path).log)


def test_k1_k5_a_sealed_game_passed_between_three_folders_to_23_turns(
        voila_page_for: PageFor, voila_server: ServerFor, served: Path, tmp_path: Path) -> None:
    gil_dir = served
    ana_dir, ben_dir = (tmp_path / name for name in ("ana", "ben"))
    for folder in (ana_dir, ben_dir):
        shutil.copytree(served, folder)  # the tables beside an empty shelf, as Gil's
    keys = {seat: SeatKey.new() for seat in ("Ana", "Ben", GM)}
    anchors: dict[str, str] = {}

    gil = open_table(voila_page_for, voila_server, gil_dir, SYSTEM)
    gil_file = start_sealed(gil, gil_dir, GAME)
    anchors[GM] = take_seat(gil, GM, keys[GM])                    # 1 take_seat
    sp_build(gil, "Vex", "Smuggler")                              # 2 create_character (the GM's NPC)
    assert turns_in(gil_file) == 2

    ana_file = hand_on(gil_file, ana_dir)
    ana = open_table(voila_page_for, voila_server, ana_dir, SYSTEM)
    shows_turns(ana, 2)
    anchors["Ana"] = take_seat(ana, "Ana", keys["Ana"])           # 3 take_seat
    sp_build(ana, "Ines", "Sailor")                               # 4 create_character
    declare(ana, "Ines", GM, 5)                                   # 5 declare (Ben has not sat: the GM seals it)

    ben_file = hand_on(ana_file, ben_dir)
    ben = open_table(voila_page_for, voila_server, ben_dir, SYSTEM)
    shows_turns(ben, 5)
    anchors["Ben"] = take_seat(ben, "Ben", keys["Ben"])           # 6 take_seat (a draw waits: no other turn)

    hand_on(ben_file, gil_dir)
    reload_table(gil, 6)
    seal(gil, [5])                                                # 7 check (Ines's, sealed by Gil)
    declare(gil, "Vex", "Ana", 8)                                 # 8 declare (the GM's: Ana, the next seat, seals it)

    upload(ana, gil_file, 8)  # this hop goes through the table's Upload control
    seal(ana, [8])                                                # 9 check (Vex's, sealed by Ana)
    accept(ana, "Ines")                                           # 10 accept
    declare(ana, "Ines", "Ben", 11)                               # 11 declare (Ben has sat: he seals it)

    hand_on(ana_file, ben_dir)
    reload_table(ben, 11)
    seal(ben, [11])                                               # 12 check (Ines's, sealed by Ben)
    sp_build(ben, "Juno", "Baker")                                # 13 create_character
    declare(ben, "Juno", GM, 14)                                  # 14 declare
    retract(ben, 14)                                              # 15 retract
    declare(ben, "Juno", GM, 16)                                  # 16 declare

    hand_on(ben_file, gil_dir)
    reload_table(gil, 16)
    seal(gil, [16])                                               # 17 check (Juno's, sealed by Gil)
    accept(gil, "Vex")                                            # 18 accept
    declare(gil, "Vex", "Ana", 19)                                # 19 declare

    hand_on(gil_file, ana_dir)
    reload_table(ana, 19)
    seal(ana, [19])                                               # 20 check (Vex's, sealed by Ana)
    accept(ana, "Ines")                                           # 21 accept

    hand_on(ana_file, ben_dir)
    reload_table(ben, 21)
    accept(ben, "Juno")                                           # 22 accept

    hand_on(ben_file, gil_dir)
    reload_table(gil, 22)
    accept(gil, "Vex")                                            # 23 accept

    for folder in (ana_dir, ben_dir):  # the final copy goes round to everyone
        hand_on(gil_file, folder)
    reload_table(ana, 23)

    final = gil_file.read_bytes()
    for path in (gil_file, ana_file, ben_file):
        assert path.read_bytes() == final, f"{path} is not the final copy"
        report = gamefile.verify(path)
        assert report.ok, report.message
        for seat, anchor in anchors.items():
            assert anchor in report.message and seat in report.message, (seat, anchor, report.message)
    for folder in (gil_dir, ana_dir, ben_dir):
        games = sorted(path.name for path in (folder / "games").glob("*.ipynb") if not path.name.startswith("."))
        assert games == [f"{GAME}.ipynb"], games  # one copy each: no fork and no staging file left by the upload
        for path in (folder / "games").iterdir():  # the game and its lock file: no key's text in either
            data = path.read_text(errors="replace")
            for key in keys.values():
                assert key.to_text() not in data and key.secret.hex() not in data, f"a key is in {path}"

    game = gamefile.load(gil_file)
    events = list(game.log)
    assert len(events) == 23
    assert [(event.action, event.seat) for event in events] == [
        ("take_seat", GM), ("create_character", GM),
        ("take_seat", "Ana"), ("create_character", "Ana"), ("declare", "Ana"),
        ("take_seat", "Ben"),
        ("check", "Ana"), ("declare", GM),
        ("check", GM), ("accept", "Ana"), ("declare", "Ana"),
        ("check", "Ana"), ("create_character", "Ben"), ("declare", "Ben"), ("retract", "Ben"), ("declare", "Ben"),
        ("check", "Ben"), ("accept", GM), ("declare", GM),
        ("check", GM), ("accept", "Ana"),
        ("accept", "Ben"),
        ("accept", GM),
    ]
    sealers = [(event.seat, event.proof["by"]) for event in events if event.action == "check"]
    assert sealers == [("Ana", GM), (GM, "Ana"), ("Ana", "Ben"), ("Ben", GM), (GM, "Ana")]
    assert game.pending_declarations == []
    for page in (gil, ana, ben):
        page.assert_clean()
