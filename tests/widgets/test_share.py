"""Sharing at the table: the seed post first, Copy, a post since my last turn, the download that stays, codes."""

from __future__ import annotations

import os

import pytest

from kit import gamefile
from kit.widgets import share as share_module
from kit.widgets.copy_button import CopyButton
from kit.widgets.share import RANGE, SEED, SINCE, SharePanel
from kit.widgets.table import Table


@pytest.fixture
def table(tmp_path):
    """A Suit Pairs table that started a game for Kim and Lee (GM "GM"), Kim sitting."""
    table = Table("suitpairs", games_dir=tmp_path / "games")
    table.players_box.value = "Kim, Lee"
    table.name_box.value = "our game"
    table.new_button.click()
    table.seat_picker.picker.value = "Kim"
    return table


def check(table: Table, seat: str, character: str) -> None:
    """Take a Suit Pairs check from ``seat`` for ``character`` and accept it."""
    session = table.session
    session.sit(seat)
    session.act("check", character=character, skill="Defy", difficulty="Hard")
    if session.game.waiting() is not None:
        session.act("accept", character=character)


def test_a_game_that_has_only_begun_offers_the_seed_commitment_post(table):
    share = table.share
    assert isinstance(share, SharePanel) and table.post is share.post  # the old names still reach the controls
    assert share.post_range.value == SEED
    assert table.session.game.seed_commitment in table.post.value and "Seed commitment" in table.post.value
    assert "G-1" in share.post_note.value
    check(table, "Kim", "Mira")
    assert share.post_range.value != SEED and "kit:" in table.post.value  # play began: the last turn's post


def test_copy_carries_exactly_the_post_and_its_page_module_uses_the_clipboard(table):
    check(table, "Kim", "Mira")
    share = table.share
    assert isinstance(share.copy_button, CopyButton) and share.copy_button.text == table.post.value
    table.post_format.value = "bbcode"
    assert share.copy_button.text == table.post.value and "[b]" in share.copy_button.text
    esm = share.copy_button._esm
    assert "navigator.clipboard.writeText" in esm and "execCommand(\"copy\")" in esm and "select()" in esm
    assert "http" not in esm.replace("https://", "")  # nothing fetched: works offline


def test_since_my_last_turn_posts_the_turns_after_this_seats_previous_one(table):
    check(table, "Kim", "Mira")
    kim_done = table.session.game.turn
    check(table, "Lee", "Tobin")
    check(table, "Kim", "Mira")
    table.session.sit("Kim")
    table.share.post_range.value = SINCE
    first, last = table.share.turns()
    assert (first, last) == (kim_done + 1, table.session.game.turn)
    text = table.post.value
    assert f"Turns {first}–{last}" in text and "Tobin" in text and f"kit:{last}-" in text
    assert "since your last turn" in table.share.post_note.value


def test_a_range_of_turns(table):
    for _ in range(3):
        check(table, "Kim", "Mira")
    share = table.share
    share.post_range.value = RANGE
    assert share.range_from.layout.display is None
    share.range_from.value, share.range_to.value = 2, 4
    assert share.turns() == (2, 4) and "Turns 2–4" in table.post.value and "kit:4-" in table.post.value


def test_the_download_stays_until_the_file_changes(table):
    table.download_button.click()
    link = table.download.value
    assert 'download="our-game.ipynb"' in link and "Download our-game.ipynb" in link
    table.seat_picker.picker.value = "Lee"  # the table redraws; the file is as it was
    assert table.download.value == link
    check(table, "Kim", "Mira")
    assert "has changed since" in table.download.value and "base64" not in table.download.value
    table.download_button.click()
    assert "base64" in table.download.value


def test_b1_in_a_browser_tab_the_table_nudges_a_download_after_each_turn(tmp_path, monkeypatch):
    monkeypatch.setattr(share_module, "IN_BROWSER", True)  # as on the static site (Pyodide)
    table = Table("suitpairs", games_dir=tmp_path / "games")
    table.players_box.value = "Kim, Lee"
    table.new_button.click()
    table.seat_picker.picker.value = "Kim"
    note = table.share.browser_copy
    assert note is not None and note in table.share.children
    assert "kept in this browser only" in note.value and "B-1" in note.value
    assert "Prepare download" in note.value and "clearing the browser's data" in note.value
    table.download_button.click()
    assert "holds every turn so far" in note.value and "kept in this browser only" not in note.value
    check(table, "Kim", "Mira")  # a turn: the download no longer holds it
    assert "kept in this browser only" in note.value
    table.download_button.click()
    assert "holds every turn so far" in note.value


def test_outside_a_browser_there_is_no_browser_copy_line(table):
    assert table.share.browser_copy is None


def test_a_posted_code_is_checked_against_the_file(table):
    check(table, "Kim", "Mira")
    game = table.session.game
    good = gamefile.turn_code(game.log[-1])
    share = table.share
    share.code_box.value = f"Kim's post:\nblah\n{good}"
    share.check_button.click()
    assert "✔" in share.code_result.value and "matches turn" in share.code_result.value
    bad = good[:-1] + ("0" if good[-1] != "0" else "1")
    share.code_box.value = bad
    share.check_button.click()
    assert "✘" in share.code_result.value and "does not match" in share.code_result.value
    share.code_box.value = "hello"
    share.check_button.click()
    result = share.code_result.value
    assert "is not a kit verification code" in result and "'" not in result.replace("&#x27;", "'").split("code")[0]


def test_check_code_speaks_plain_words():
    result = gamefile.check_code("nonsense", [])
    assert not result.matches and "'nonsense'" not in result.message and "kit:12-3f9a2c1b" in result.message
    assert os.sep not in result.message
