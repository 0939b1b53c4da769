"""Uploads that understand copies: an extension updates in place, a fork overwrites nothing, the same file is
recognised, an older copy changes nothing, never a silent ``-2``; the table opens the game played last."""

from __future__ import annotations

import datetime
import os
import shutil
import time
from pathlib import Path

import pytest

from kit import gamefile
from kit.gamefile.shelf import Shelf
from kit.widgets.table import Table

WHEN = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)


def upload(table: Table, name: str, content: bytes) -> None:
    table.upload.value = ({"name": name, "type": "", "size": len(content), "content": memoryview(content),
                           "last_modified": WHEN},)


def take(path: Path, skill: str = "Defy") -> None:
    """One more turn in the file at ``path`` (Mira checks and accepts), as another table would take it."""
    game = gamefile.load(path)
    game.check("Mira", skill, "Easy")
    if game.waiting() is not None:
        game.accept("Mira")
    gamefile.save(game, path)


@pytest.fixture
def shelf(tmp_path: Path) -> Shelf:
    shelf = Shelf(tmp_path / "games", "suitpairs")
    shelf.new_game("our-game", ["Kim"])
    return shelf


def elsewhere(shelf: Shelf, tmp_path: Path, name: str = "copy.ipynb") -> Path:
    """A copy of the shelf's game, carried off to another machine."""
    target = tmp_path / "elsewhere" / name
    target.parent.mkdir(exist_ok=True)
    shutil.copy(shelf.folder / "our-game.ipynb", target)
    return target


def names(shelf: Shelf) -> list[str]:
    return sorted(p.name for p in shelf.folder.glob("*.ipynb"))


def test_an_upload_that_extends_the_shelfs_copy_updates_it_in_place(shelf, tmp_path):
    away = elsewhere(shelf, tmp_path)
    start = gamefile.load(away).turn
    take(away)
    take(away)
    more = gamefile.load(away).turn - start
    received = shelf.receive("our-game (1).ipynb", away.read_bytes())
    assert received.relation == "updated" and received.path == shelf.folder / "our-game.ipynb"
    assert f"{more} new turns from turn {start + 1} (Mira: check)" in received.message
    assert "updated in place" in received.message
    assert names(shelf) == ["our-game.ipynb"] and gamefile.load(received.path).turn == start + more


def test_an_identical_upload_is_recognised_and_nothing_is_written(shelf, tmp_path):
    before = (shelf.folder / "our-game.ipynb").read_bytes()
    received = shelf.receive("our-game.ipynb", before)
    assert received.relation == "same" and not received.written and "nothing was written" in received.message
    assert names(shelf) == ["our-game.ipynb"]


def test_an_older_copy_changes_nothing(shelf, tmp_path):
    old = elsewhere(shelf, tmp_path).read_bytes()
    start = gamefile.load(shelf.folder / "our-game.ipynb").turn
    take(shelf.folder / "our-game.ipynb")
    more = gamefile.load(shelf.folder / "our-game.ipynb").turn - start
    before = (shelf.folder / "our-game.ipynb").read_bytes()
    received = shelf.receive("old.ipynb", old)
    assert received.relation == "older" and f"already holds its {start} turns and {more} more" in received.message
    assert names(shelf) == ["our-game.ipynb"] and (shelf.folder / "our-game.ipynb").read_bytes() == before


def test_a_fork_is_saved_beside_the_shelfs_copy_and_overwrites_nothing(shelf, tmp_path):
    away = elsewhere(shelf, tmp_path)
    take(away, "Analyze")
    start = gamefile.load(shelf.folder / "our-game.ipynb").turn
    take(shelf.folder / "our-game.ipynb", "Defy")
    ours = (shelf.folder / "our-game.ipynb").read_bytes()
    received = shelf.receive("our-game.ipynb", away.read_bytes())
    fork = f"our-game-fork-after-turn-{start}.ipynb"
    assert received.relation == "fork" and received.path.name == fork
    assert (shelf.folder / "our-game.ipynb").read_bytes() == ours  # overwrites nothing
    assert names(shelf) == sorted(["our-game.ipynb", fork])
    assert f"both branches are on the shelf, our-game.ipynb and {fork}" in received.message
    assert f"first {start} turns" in received.message and f"turn {start + 1} (Mira: check)" in received.message


def test_a_different_game_of_the_same_name_never_takes_a_silent_number(shelf, tmp_path):
    other = Shelf(tmp_path / "other", "suitpairs").new_game("our-game", ["Kim"]).read_bytes()
    received = shelf.receive("our-game.ipynb", other)
    assert received.relation == "new" and received.path.name != "our-game-2.ipynb"
    assert "a different game is already on the shelf under that name" in received.message
    assert received.path.name in received.message


def test_the_table_says_what_an_upload_became_and_opens_the_game_played_last(shelf, tmp_path):
    later = shelf.new_game("a-first-by-name", ["Kim"])
    old = time.time() - 3600
    os.utime(later, (old, old))
    table = Table("suitpairs", games_dir=shelf.folder)
    assert table.game_file == "our-game.ipynb"  # the newest file, not "a-first-by-name" (first by name)
    away = elsewhere(shelf, tmp_path)
    take(away)
    upload(table, "our-game (2).ipynb", away.read_bytes())
    assert table.shelf_error.message == "" and table.game_file == "our-game.ipynb"
    assert "updated in place" in table.new_note.value and table.games.is_open
    assert table.session.game.turn == gamefile.load(away).turn
