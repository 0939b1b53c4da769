"""Drawings (G-7): a file drawn by another kit's renderer verifies by its events, and the next turn redraws it.

``tests/gamefile/drawing1`` holds the three sample games as the kit wrote them before it recorded
its drawing generation (drawing 1): their events must replay exactly as recorded, forever.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from kit import gamefile
from kit.cli import main
from kit.gamefile import DRAWING, HeldGameFile, turn_code, upgrade, verify
from kit.gamefile.notebook import header_cell, turn_outputs
from kit.gamefile.store import read_raw

DRAWING_1 = Path(__file__).parent / "drawing1"
SYSTEMS = ["falkefateifaux", "suitpairs", "rollunder"]

PINNED = {2: "b32f239428bdc2456e54604bba9adbbe51a5d991ea347852481918900c96dc42"}
"""The digest of this kit's drawings of the drawing-1 sample games, per drawing generation (see below)."""


@pytest.fixture(params=SYSTEMS)
def old_copy(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    target = tmp_path / f"{request.param}.ipynb"
    shutil.copy(DRAWING_1 / f"{request.param}-sample.ipynb", target)
    return target


def drawings_digest() -> str:
    """SHA-256 over this kit's drawing of every turn and header of the drawing-1 sample games."""
    digest = hashlib.sha256()
    for system in SYSTEMS:
        loaded = gamefile.load_file(DRAWING_1 / f"{system}-sample.ipynb")
        game = loaded.game
        for turn, result in enumerate(game.results, start=1):
            digest.update(json.dumps(turn_outputs(result, turn), sort_keys=True).encode())
        digest.update(json.dumps(header_cell(loaded.header), sort_keys=True).encode())
    return digest.hexdigest()


def test_g7_the_drawings_are_pinned_to_their_generation():
    """Drawing turns or the header differently without raising DRAWING would make every file NOT intact."""
    found = drawings_digest()
    assert PINNED.get(DRAWING) == found, (
        f"the kit's drawings changed (digest {found}): raise DRAWING in kit/gamefile/header.py and pin the new "
        "digest here, so that files drawn before verify by their events and are redrawn by their next turn")


def test_g7_a_file_drawn_by_an_older_kit_verifies_by_its_events_and_says_what_is_not_compared(old_copy: Path):
    report = verify(old_copy)
    assert report.ok, report.message
    assert "drawn by an older kit (drawing 1" in report.message and "(G-7)" in report.message
    assert read_raw(old_copy).header.drawing == 1


def test_g7_an_older_drawing_does_not_cover_an_edited_event(old_copy: Path):
    notebook = json.loads(old_copy.read_text())
    cell = [c for c in notebook["cells"] if c["cell_type"] == "code"][3]
    event = cell["metadata"]["kit"]["event"]
    event["outcome"] = {"forged": True}
    old_copy.write_text(json.dumps(notebook))
    report = verify(old_copy)
    assert not report.ok and "turn 3" in report.message


def test_g7_the_next_turn_at_a_table_redraws_every_cell(old_copy: Path):
    held = HeldGameFile.open(old_copy)
    game = held.game
    action, args = {
        "falkefateifaux": ("end_scene", {}),
        "suitpairs": ("award", {"character": "Mira", "what": "Defy", "points": 1}),
        "rollunder": ("advance_time", {"minutes": 5}),
    }[game.system]
    codes = [turn_code(event) for event in game.log]
    held.take(action, args)
    raw = read_raw(old_copy)
    assert raw.header.drawing == DRAWING
    report = verify(old_copy)
    assert report.ok and "drawn by" not in report.message, report.message
    assert [turn_code(event) for event in report.events][:len(codes)] == codes  # the proof is unchanged


def test_g7_kit_upgrade_writes_a_redrawn_copy_with_the_same_codes(old_copy: Path, capsys: pytest.CaptureFixture[str]):
    new = old_copy.with_name("redrawn.ipynb")
    assert main(["upgrade", str(old_copy), str(new)]) == 0
    assert "codes are unchanged" in capsys.readouterr().out
    old, fresh = verify(old_copy), verify(new)
    assert fresh.ok and "drawn by" not in fresh.message
    assert [turn_code(e) for e in old.events] == [turn_code(e) for e in fresh.events]
    with pytest.raises(gamefile.GameFileError, match="drawn by this kit"):
        upgrade(new, new.with_name("again.ipynb"))


def test_g7_a_newer_drawing_is_named_and_nonsense_drawings_are_refused(old_copy: Path):
    notebook = json.loads(old_copy.read_text())
    notebook["metadata"]["kit"]["drawing"] = DRAWING + 1
    old_copy.write_text(json.dumps(notebook))
    report = verify(old_copy)
    assert report.ok and "drawn by a newer kit" in report.message, report.message
    for bad in (1, 0, "2", True, 10**7):
        notebook["metadata"]["kit"]["drawing"] = bad
        old_copy.write_text(json.dumps(notebook))
        with pytest.raises(gamefile.NotAGameFileError, match="no valid 'drawing'"):
            verify(old_copy)
