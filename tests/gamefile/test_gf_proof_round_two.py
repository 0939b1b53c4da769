"""The proof, round two: one deleted field forges no log, and no turn loses its seat (G-7, P-1).

Each test is an attack that worked on the kit before this round: a forger who holds the file
deletes (or changes) ``metadata.kit.drawing`` so that verify stops comparing the saved
outputs, then writes any text/html they like into a turn — what GitHub shows; or rewrites a
turn of a game with a GM without its ``seat``, with fresh outputs and hashes, so who took it
disappears. Both are now NOT intact, naming what was changed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import gf_tamper as tamper
import pytest

from kit import gamefile
from kit.cli import main
from kit.core.errors import MalformedInputError, RulesError
from kit.core.events import Event
from kit.gamefile.header import DRAWING, Header
from kit.gamefile.source import turn_source

CHECK = {"character": "Mira", "skill": "Defy", "difficulty": "Hard"}
FORGED_HTML = "<div><b>Mira rolls double 6s — SUCCESS</b></div>"


def _open_game_with_gm(path: Path) -> gamefile.GameFile:
    """A real Suit Pairs game (format version 4) of Ana (Mira) and Ben (Tomas) with the GM Gil, a few turns in."""
    made = gamefile.create("suitpairs", path, players=["Ana=Mira", "Ben=Tomas"], seed="round-two", gm="Gil")
    game = made.game
    turns: list[tuple[str, dict[str, Any], str]] = [
        ("create_character", {"name": "Mira", "identity": "Baker", "strength": 3, "intelligence": 2, "dexterity": 2,
                              "charisma": 3, "skills": ["Defy", "Analyze", "Stealth", "Help"]}, "Gil"),
        ("create_character", {"name": "Tomas", "identity": "Collector", "strength": 2, "intelligence": 4,
                              "dexterity": 2, "charisma": 2, "skills": ["Intimidate", "Tinker", "Evade", "Charm"]},
         "Gil"),
        ("check", CHECK, "Ana"),
        ("accept", {"character": "Mira"}, "Ana"),
        ("award", {"character": "Mira", "what": "Charisma", "points": 1, "reason": "a fine speech"}, "Gil"),
    ]
    for action, args, seat in turns:
        game, _ = gamefile.append_turn(path, action, args, expected_turn=game.turn, seat=seat)
    return gamefile.load_file(path)


def _verify_exit(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(["verify", str(path)])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


# -- G-7: whether outputs are compared is bound to the file's format version ----------------------------


@pytest.mark.parametrize("change", ["delete", "older", "newer"])
def test_g7_a_deleted_or_changed_drawing_field_no_longer_hides_a_forged_output(tmp_path: Path, change: str,
                                                                                capsys: pytest.CaptureFixture[str]):
    """Delete ``drawing`` (or claim another generation) and forge what GitHub shows: NOT intact (G-7)."""
    path = tmp_path / "game.ipynb"
    _open_game_with_gm(path)
    nb = tamper.read(path)
    meta = nb["metadata"]["kit"]
    if change == "delete":
        del meta["drawing"]
    else:
        meta["drawing"] = 2 if change == "older" else DRAWING + 1
    tamper.turn_cells(nb)[2]["outputs"][0]["data"]["text/html"] = FORGED_HTML
    tamper.write(path, nb)
    report = gamefile.verify(path)
    assert not report.ok
    assert "G-7" in report.message and "format version 4" in report.message
    code, out = _verify_exit(path, capsys)
    assert code == 1 and "NOT intact" in out


def test_g7_the_drawing_field_left_alone_keeps_every_output_compared(tmp_path: Path):
    """The same forgery with the field as the kit wrote it is named at its turn, as before."""
    path = tmp_path / "game.ipynb"
    _open_game_with_gm(path)
    nb = tamper.read(path)
    tamper.turn_cells(nb)[2]["outputs"][0]["data"]["text/html"] = FORGED_HTML
    tamper.write(path, nb)
    report = gamefile.verify(path)
    assert not report.ok and report.turn == 3 and "saved output" in report.message


def test_g7_a_forged_header_cell_behind_a_deleted_drawing_field_is_not_intact(tmp_path: Path):
    """The header cell people read first, forged behind a deleted field: NOT intact (G-7)."""
    path = tmp_path / "game.ipynb"
    _open_game_with_gm(path)
    nb = tamper.read(path)
    del nb["metadata"]["kit"]["drawing"]
    nb["cells"][0]["source"] = "# Suit Pairs — Mira won the campaign\n"
    tamper.write(path, nb)
    assert not gamefile.verify(path).ok


def test_g7_the_table_refuses_an_upload_whose_drawing_field_was_deleted(tmp_path: Path):
    """The forged file is refused at the table's upload, and nothing is written (G-7)."""
    from kit.gamefile.shelf import Shelf, UploadRefusedError

    path = tmp_path / "source" / "game.ipynb"
    path.parent.mkdir()
    _open_game_with_gm(path)
    nb = tamper.read(path)
    del nb["metadata"]["kit"]["drawing"]
    tamper.turn_cells(nb)[2]["outputs"][0]["data"]["text/html"] = FORGED_HTML
    shelf_folder = tmp_path / "shelf"
    shelf = Shelf(shelf_folder, "suitpairs")
    with pytest.raises(UploadRefusedError, match="G-7"):
        shelf.upload("game.ipynb", json.dumps(nb).encode())
    assert not any(shelf_folder.glob("*.ipynb"))


def test_g7_a_sealed_file_of_version_5_binds_its_drawing_too(tmp_path: Path):
    """A sealed game's file (format version 5) claiming an older drawing is NOT intact (G-7)."""
    from kit.core.sealing import SeatKey

    path = tmp_path / "sealed.ipynb"
    made = gamefile.create("suitpairs", path, players=["Ana", "Ben"], gm="Gil", mode="sealed", seed="round-two")
    game = made.game
    for number, seat in enumerate(("Ana", "Ben", "Gil"), start=1):
        game.hold_key(seat, SeatKey(bytes([number]) * 32))
        game, _ = gamefile.append_turn(path, "take_seat", {}, game=game, seat=seat)
    assert game.log.version == 5
    nb = tamper.read(path)
    assert nb["metadata"]["kit"]["format_version"] == 5
    nb["metadata"]["kit"]["drawing"] = 2
    tamper.write(path, nb)
    report = gamefile.verify(path)
    assert not report.ok and "G-7" in report.message


def test_g7_a_version_2_file_drawn_by_an_older_kit_still_verifies_and_says_its_outputs_were_not_compared():
    """Files written before generation 3 still read: their events verify, and verify says what it did not compare."""
    sample = Path(__file__).parent / "drawing2" / "suitpairs-sample.ipynb"
    report = gamefile.verify(sample)
    assert report.ok and "not compared (G-7)" in report.message


# -- P-1: every turn of a game with a GM records its seat ----------------------------------------------


def _strip_seat(path: Path, turn: int) -> None:
    """Remove ``turn``'s seat and make everything else consistent again, as a careful forger would."""
    nb = tamper.read(path)
    cell = tamper.turn_cells(nb)[turn - 1]
    event = cell["metadata"]["kit"]["event"]
    del event["seat"]
    meta = nb["metadata"]["kit"]
    from kit import systems

    cls = systems.get_system(meta["system"])
    cell["source"] = turn_source(cls, Event.from_dict(event))
    tamper.rehash_from(nb, turn)
    meta["turns"] = len(tamper.turn_cells(nb))
    nb["cells"][0]["source"] = Header.from_dict(meta).markdown()
    tamper.write(path, nb)


@pytest.mark.parametrize("turn, who", [(5, "the GM's award"), (3, "a player's check")])
def test_p1_a_turn_rewritten_without_its_seat_in_a_game_with_a_gm_is_not_intact(tmp_path: Path, turn: int,
                                                                              who: str):
    """Rewrite a turn of a GM's game without ``seat``, with a fresh source and hashes: NOT intact, naming it (P-1)."""
    path = tmp_path / "game.ipynb"
    _open_game_with_gm(path)
    _strip_seat(path, turn)
    report = gamefile.verify(path)
    assert not report.ok, who
    assert report.turn == turn and "P-1" in report.message


def test_p1_a_version_2_file_keeps_its_turns_taken_before_seats_were_kept():
    """A file of format version 2 may hold turns without a seat (written before seats): they still verify."""
    for sample in sorted((Path(__file__).parent / "v2").glob("*.ipynb")):
        assert gamefile.verify(sample).ok, sample.name


# -- G-3: bad calls are refusals, never TypeError --------------------------------------------------------


@pytest.mark.parametrize("call", [
    lambda game: game.rig(42),
    lambda game: game.rig(["4H", 7]),
    lambda game: game.rig(dice="66"),
    lambda game: game.rig(dice=[6, "6"]),
    lambda game: game.rig(dice=[True]),
    lambda game: game.rig({"fate": 3}),
    lambda game: game.rig({7: "4H"}),
    lambda game: game.rig("4H", deck=5),
])
def test_g3_a_rig_of_the_wrong_types_is_a_refusal_not_a_type_error(call):
    """``game.rig()`` with wrong types says what is allowed (G-3) instead of raising TypeError or ValueError."""
    from kit.falkefateifaux import FalkeFateiFauxGame

    game = FalkeFateiFauxGame(seed="rig-types", practice=True)
    with pytest.raises(MalformedInputError) as refused:
        call(game)
    assert refused.value.ruling in ("G-1", "G-3") and game.pending_rig is None


def test_g3_a_rig_of_the_wrong_types_is_refused_in_a_real_game_as_a_real_game_refuses_any_rig():
    """A real game refuses a rig first (G-1), whatever its types."""
    from kit.falkefateifaux import FalkeFateiFauxGame

    with pytest.raises(RulesError, match="G-1"):
        FalkeFateiFauxGame(seed="rig-types").rig(dice=[6, "6"])

