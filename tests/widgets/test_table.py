"""The table: the shelf of game files, new games, uploads, downloads and forum posts, headlessly."""

import base64
import datetime
import json

import pytest

from kit import gamefile
from kit.gamefile.shelf import Shelf, safe_file_name
from kit.widgets.table import Table

WHEN = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)


@pytest.fixture
def folder(tmp_path):
    return tmp_path / "games"


def new_table(folder, players="Kim, Lee", seat="Kim"):
    """A table that started a game for ``players`` (the GM is "GM"), sitting in ``seat``."""
    table = Table("suitpairs", games_dir=folder)
    table.players_box.value = players
    table.name_box.value = "our game"
    table.new_button.click()
    if seat:
        table.seat_picker.picker.value = seat
    return table


def test_new_game_starts_a_file_with_the_ready_made_party(folder):
    table = new_table(folder)
    assert table.shelf_error.message == ""
    path = folder / "our-game.ipynb"
    game = gamefile.load(path)
    assert game.turn == 2 and sorted(game.state.characters) == ["Mira", "Tobin"]
    assert table.game_file == "our-game.ipynb"
    assert "2 turns" in table.status.value and "(2 turns)" in table.play_log.value


def test_a_turn_taken_at_the_table_reaches_the_file_the_log_and_the_post(folder):
    table = new_table(folder)
    tracker = table.components.children[0]
    tracker.skill_picker.value = "Defy"
    tracker.difficulty_picker.value = "Hard"
    tracker.check_button.click()
    assert gamefile.load(folder / "our-game.ipynb").turn == 3
    assert "(3 turns)" in table.play_log.value
    assert "kit:3-" in table.post.value and "Mira" in table.post.value
    table.post_format.value = "bbcode"
    assert "[b]" in table.post.value


def test_download_link_holds_the_file_bytes(folder):
    table = new_table(folder)
    table.download_button.click()
    link = table.download.value
    assert 'download="our-game.ipynb"' in link
    data = link.split("base64,", 1)[1].split('"', 1)[0]
    assert base64.b64decode(data) == (folder / "our-game.ipynb").read_bytes()


def test_upload_of_a_good_game_puts_it_on_the_shelf(folder, tmp_path):
    source = new_table(tmp_path / "elsewhere").session.path
    table = Table("suitpairs", games_dir=folder)
    table.upload.value = ({"name": "from-forum.ipynb", "type": "", "size": 1,
                           "content": memoryview(source.read_bytes()), "last_modified": WHEN},)
    assert table.shelf_error.message == ""
    assert (folder / "from-forum.ipynb").read_bytes() == source.read_bytes()
    assert table.game_file == "from-forum.ipynb"


@pytest.mark.parametrize("kind", ["not json", "tampered", "other system"])
def test_upload_of_a_bad_file_is_refused_and_writes_nothing(folder, tmp_path, kind):
    source = new_table(tmp_path / "elsewhere").session.path
    if kind == "not json":
        content = b"{ this is not a notebook"
    elif kind == "tampered":
        data = json.loads(source.read_text())
        cell = next(c for c in data["cells"] if "kit" in c.get("metadata", {}))
        cell["metadata"]["kit"]["event"]["args"]["identity"] = "Pirate"
        content = json.dumps(data).encode()
    else:
        other = tmp_path / "ff.ipynb"
        Shelf(tmp_path, "falkefateifaux").new_game("ff", ["Ann"], practice=True)
        content = other.read_bytes()
    table = Table("suitpairs", games_dir=folder)
    folder.mkdir(exist_ok=True)
    before = sorted(p.name for p in folder.iterdir())
    table.upload.value = ({"name": "bad.ipynb", "type": "", "size": 1, "content": memoryview(content),
                           "last_modified": WHEN},)
    assert table.shelf_error.message
    assert sorted(p.name for p in folder.iterdir()) == before
    assert table.session is None


def test_a_stale_table_is_told_the_game_moved_on_and_reloads(folder):
    first = new_table(folder)
    second = Table("suitpairs", games_dir=folder, game="our-game.ipynb")
    second.seat_picker.picker.value = "Kim"
    first.components.children[0].check_button.click()
    second.components.children[0].check_button.click()
    assert "moved on" in second.components.children[0].check_error.message
    second.reload_button.click()
    assert second.session.game.turn == 3


def test_unknown_game_name_is_reported(folder):
    table = Table("suitpairs", games_dir=folder, game="missing.ipynb")
    assert "missing.ipynb" in table.shelf_error.message


def test_safe_file_names():
    assert safe_file_name("../../etc/passwd") == "passwd.ipynb"
    assert safe_file_name("our game.ipynb") == "our-game.ipynb"
    assert safe_file_name("") == "game.ipynb"
