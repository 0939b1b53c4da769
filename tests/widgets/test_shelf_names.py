"""The shelf never lets a file's name speak for what it holds (C-1, G-7).

An upload whose name is that of a chapter of another game on the shelf (``victim.ch2.ipynb`` beside
``victim.ipynb``), or of a chapter it is not, is saved under a name that is no chapter's, and says
so: it never hides, replaces or shadows another game. A file that bears a chapter's name without
being that chapter hides nothing from the listing. An upload whose saved drawings are not compared
(drawn by another kit, G-7) is stored drawn again by this kit, its events and codes unchanged.
"""

from __future__ import annotations

import datetime
import json
import re
from pathlib import Path
from typing import Any

import pytest

from kit import gamefile
from kit.gamefile import DRAWING, HeldGameFile, turn_code, verify
from kit.gamefile.chapters import campaign_base, chapter_path, close_chapter
from kit.gamefile.shelf import Shelf
from kit.widgets.table import Table

WHEN = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
MIRA = {"name": "Mira", "identity": "Baker", "strength": 3, "intelligence": 2, "dexterity": 2, "charisma": 3,
        "skills": ["Defy", "Analyze", "Stealth", "Help"]}


def next_turn(game: Any) -> tuple[str, dict[str, Any]]:
    """Mira's next step: a check, or accepting the one pending."""
    if game.pending("Mira") is None:
        return "check", {"character": "Mira", "skill": "Defy", "difficulty": "Medium"}
    return "accept", {"character": "Mira"}


def played(path: Path, seed: str, turns: int, chapter_turns: int = 20) -> Path:
    """A Suit Pairs game at ``path`` grown to ``turns`` turns; the newest chapter's file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    gamefile.create("suitpairs", path, seed=seed, practice=True, chapter_turns=chapter_turns)
    held = HeldGameFile.open(path)
    held.take("create_character", MIRA)
    while held.game.turn < turns:
        held.take(*next_turn(held.game))
    return held.path


def upload(table: Table, name: str, content: bytes) -> None:
    table.upload.value = ({"name": name, "type": "", "size": len(content), "content": memoryview(content),
                           "last_modified": WHEN},)


def listed(shelf: Shelf) -> list[str]:
    return sorted(game.path.name for game in shelf.games())


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "games"


@pytest.fixture
def victim(folder: Path) -> Path:
    """The shelf's game ``victim.ipynb``, with room for more turns in its chapter 1."""
    return played(folder / "victim.ipynb", "the victim's seed", 6)


@pytest.fixture
def other(tmp_path: Path) -> Path:
    """Another group's game, played elsewhere."""
    return played(tmp_path / "elsewhere" / "theirs.ipynb", "another group's seed", 4)


def is_chapter_name(path: Path) -> bool:
    return campaign_base(path)[1] is not None


def test_an_upload_named_as_another_games_chapter_is_saved_under_a_free_name(folder: Path, victim: Path,
                                                                            other: Path):
    shelf = Shelf(folder, "suitpairs")
    ours = victim.read_bytes()
    received = shelf.receive("victim.ch2.ipynb", other.read_bytes())
    assert received.relation == "new" and not (folder / "victim.ch2.ipynb").exists()
    assert not is_chapter_name(received.path) and received.path.read_bytes() == other.read_bytes()
    assert "victim.ch2.ipynb" in received.message and "another game" in received.message
    assert f"saved as {received.path.name}" in received.message and "(C-1)" in received.message
    assert victim.read_bytes() == ours
    assert listed(shelf) == sorted([received.path.name, "victim.ipynb"])  # neither game hides the other
    assert HeldGameFile.open(victim).game.seed == gamefile.load(victim).seed == "the victim's seed"
    game, _ = gamefile.append_turn(victim, *next_turn(gamefile.load(victim)), expected_turn=6)
    assert game.turn == 7 and game.seed == "the victim's seed"


def test_at_the_table_the_victim_still_opens_its_own_game(folder: Path, victim: Path, other: Path):
    table = Table("suitpairs", games_dir=folder, game="victim.ipynb")
    upload(table, "victim.ch2.ipynb", other.read_bytes())
    assert table.shelf_error.message == ""
    assert "another game" in table.new_note.value
    table = Table("suitpairs", games_dir=folder, game="victim.ipynb")
    assert table.game_file == "victim.ipynb" and table.session.game.seed == "the victim's seed"


def test_an_upload_whose_name_says_another_chapter_than_it_holds_is_renamed(folder: Path, other: Path):
    shelf = Shelf(folder, "suitpairs")
    received = shelf.receive("campaign.ch3.ipynb", other.read_bytes())  # chapter 1 of its game, named chapter 3
    assert not is_chapter_name(received.path) and received.path.read_bytes() == other.read_bytes()
    assert "chapter 3" in received.message and "chapter 1" in received.message
    assert f"saved as {received.path.name}" in received.message


def test_an_upload_under_a_plain_name_never_joins_another_games_campaign(folder: Path, tmp_path: Path, other: Path):
    second = played(tmp_path / "far" / "camp.ipynb", "camp seed", 22)  # chapter 2 of the camp game
    assert second.name == "camp.ch2.ipynb"
    shelf = Shelf(folder, "suitpairs")
    assert shelf.receive(second.name, second.read_bytes()).path == folder / "camp.ch2.ipynb"  # it is chapter 2
    received = shelf.receive("camp.ipynb", other.read_bytes())  # another game, as chapter 1 of camp's campaign
    assert received.path != folder / "camp.ipynb" and not is_chapter_name(received.path)
    assert "another game" in received.message
    assert listed(shelf) == sorted(["camp.ch2.ipynb", received.path.name])


def test_a_file_at_a_chapters_name_that_is_not_that_chapter_hides_nothing(folder: Path, victim: Path, other: Path):
    (folder / "victim.ch2.ipynb").write_bytes(other.read_bytes())  # put there by hand, not through an upload
    shelf = Shelf(folder, "suitpairs")
    assert listed(shelf) == ["victim.ch2.ipynb", "victim.ipynb"]
    table = Table("suitpairs", games_dir=folder, game="victim.ipynb")
    assert table.game_file == "victim.ipynb" and table.session.game.seed == "the victim's seed"


def test_a_true_next_chapter_still_closes_the_one_before(folder: Path, victim: Path):
    after = close_chapter(victim)
    shelf = Shelf(folder, "suitpairs")
    assert listed(shelf) == [after.name]


def test_an_upload_of_the_next_chapter_under_its_name_goes_beside_the_one_it_follows(folder: Path, victim: Path,
                                                                                    tmp_path: Path):
    away = tmp_path / "away" / "victim.ipynb"
    away.parent.mkdir()
    away.write_bytes(victim.read_bytes())
    second = close_chapter(away)
    shelf = Shelf(folder, "suitpairs")
    received = shelf.receive(second.name, second.read_bytes())
    assert received.relation == "chapter" and received.path == chapter_path(victim, 2)
    assert listed(shelf) == ["victim.ch2.ipynb"]


# -- G-7: drawings that are not compared are never stored as they came ---------------------------------------


VERSION_2 = Path(__file__).resolve().parents[1] / "gamefile" / "v2" / "suitpairs-sample.ipynb"
"""A game file of format version 2, the one version whose files may be drawn by an older kit (G-7)."""
FORGED = "<b>Mira rolls a natural 20 and wins the campaign</b>"


def with_old_drawing_and_forged_output(path: Path) -> bytes:
    """The file's bytes claiming drawing generation 2, with a forged picture in its third turn's output."""
    notebook = json.loads(path.read_text())
    notebook["metadata"]["kit"]["drawing"] = DRAWING - 1
    turns = [cell for cell in notebook["cells"] if cell.get("metadata", {}).get("kit", {}).get("event")]
    turns[2]["outputs"][0]["data"]["text/html"] = FORGED
    return json.dumps(notebook, indent=1).encode()


def test_an_upload_drawn_by_another_kit_is_stored_redrawn(folder: Path):
    forged = with_old_drawing_and_forged_output(VERSION_2)
    staged = folder.parent / "forged.ipynb"
    staged.write_bytes(forged)
    assert verify(staged).ok and "not compared (G-7)" in verify(staged).message  # what the upload gets past
    codes = [turn_code(event) for event in verify(staged).events]
    shelf = Shelf(folder, "suitpairs")
    received = shelf.receive("theirs.ipynb", forged)
    stored = received.path.read_bytes()
    assert FORGED.encode() not in stored
    report = verify(received.path)
    assert report.ok and "drawn by" not in report.message, report.message  # its outputs are compared now
    assert report.checked.raw.header.drawing == DRAWING and report.checked.raw.header.version == 2
    assert [turn_code(event) for event in report.events] == codes  # every event, hash and code kept
    assert stored == VERSION_2.read_bytes()  # exactly the file this kit draws for these turns
    assert re.search(r"drawn again by this kit.*\(G-7\)", received.message), received.message


def test_an_upload_extending_the_shelfs_copy_in_an_old_drawing_is_stored_redrawn(folder: Path, tmp_path: Path):
    folder.mkdir()
    mine = folder / "ours.ipynb"
    mine.write_bytes(VERSION_2.read_bytes())
    away = tmp_path / "away" / "ours.ipynb"
    away.parent.mkdir()
    away.write_bytes(VERSION_2.read_bytes())
    played_on = HeldGameFile.open(away)
    for _ in range(3):
        played_on.take(*next_turn(played_on.game))
    received = Shelf(folder, "suitpairs").receive("ours.ipynb", with_old_drawing_and_forged_output(away))
    assert received.relation == "updated" and received.path == mine
    assert FORGED.encode() not in mine.read_bytes() and mine.read_bytes() == away.read_bytes()
    assert "drawn again by this kit" in received.message
