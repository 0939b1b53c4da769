"""The header's ``characters`` names who plays each character, built from a seat included (P-1, file format).

A character a player builds from their own seat is theirs (P-1); the header has said so since
this kit (``{"Mira": "Ana"}``). A file an older kit wrote (``{"Mira": ""}``) still verifies and
takes turns, and the next turn written names the player.
"""

from __future__ import annotations

import json
from pathlib import Path

from kit import gamefile
from kit.systems import system_info

MIRA = system_info("suitpairs").sheet("Mira")


def _built_from_seats(path: Path) -> gamefile.GameFile:
    gamefile.create("suitpairs", path, players=["Ana", "Ben"], gm="Gil", seed="characters")
    gamefile.append_turn(path, "create_character", {"name": "Mira", **MIRA}, expected_turn=0, seat="Ana")
    gamefile.append_turn(path, "create_character", {"name": "Nox", **MIRA}, expected_turn=1, seat="Gil")
    return gamefile.load_file(path)


def test_p1_a_character_built_from_a_players_seat_names_that_player_in_the_header(tmp_path: Path):
    path = tmp_path / "game.ipynb"
    loaded = _built_from_seats(path)
    stored = json.loads(path.read_text(encoding="utf-8"))
    assert stored["metadata"]["kit"]["characters"] == {"Mira": "Ana", "Nox": ""}  # Nox is the GM's (an NPC)
    assert "Mira (Ana)" in "".join(stored["cells"][0]["source"])
    assert loaded.game.owner_of("Mira") == "Ana" and gamefile.verify(path).ok


def test_p1_a_file_an_older_kit_wrote_without_the_player_still_verifies_and_plays_on(tmp_path: Path):
    path = tmp_path / "game.ipynb"
    _built_from_seats(path)
    notebook = json.loads(path.read_text(encoding="utf-8"))
    notebook["metadata"]["kit"]["characters"]["Mira"] = ""  # as kits before this one wrote it
    notebook["cells"][0]["source"] = "".join(notebook["cells"][0]["source"]).replace("Mira (Ana)", "Mira")
    path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    assert gamefile.verify(path).ok
    game = gamefile.load(path)
    gamefile.append_turn(path, "check", {"character": "Mira", "skill": "Defy", "difficulty": "Easy"}, game=game,
                         seat="Ana")
    assert json.loads(path.read_text(encoding="utf-8"))["metadata"]["kit"]["characters"]["Mira"] == "Ana"
    assert gamefile.verify(path).ok


def test_p1_a_header_naming_another_player_is_not_intact(tmp_path: Path):
    path = tmp_path / "game.ipynb"
    _built_from_seats(path)
    notebook = json.loads(path.read_text(encoding="utf-8"))
    notebook["metadata"]["kit"]["characters"]["Mira"] = "Ben"
    path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    report = gamefile.verify(path)
    assert not report.ok and "characters" in report.message
