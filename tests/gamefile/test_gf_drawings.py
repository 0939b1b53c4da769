"""Drawings (G-7): a file drawn by another kit's renderer verifies by its events, and the next turn redraws it.

``tests/gamefile/drawing1`` holds the three sample games as the kit wrote them before it recorded
its drawing generation (drawing 1), ``tests/gamefile/drawing2`` as the kit drew them in generation
2 (long inline styles, d6 pips drawn as styled boxes, every turn cell indented over some twenty
lines): their events must replay exactly as recorded, forever, and the next turn redraws them.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from kit import gamefile, systems
from kit.cli import main
from kit.gamefile import DRAWING, HeldGameFile, turn_code, upgrade, verify
from kit.gamefile.notebook import header_cell, read_raw, turn_outputs

DRAWING_1 = Path(__file__).parent / "drawing1"
OLD_DRAWINGS = {1: DRAWING_1, 2: Path(__file__).parent / "drawing2"}
"""The sample games as older kits drew them, by drawing generation."""
SYSTEMS = [name for name in systems.SYSTEMS if (DRAWING_1 / f"{name}-sample.ipynb").exists()]
"""The registered systems that older kits drew (a system added since, such as the tests' fourth system, has no file
an older kit drew: :func:`test_g7_every_systems_sample_is_drawn_by_this_kit_and_redrawn_alike` draws it)."""

PINNED = {3: "02aba62c088f8a2ad8878d65d46251c174e187b5deded88797669fe12609a4b4"}
"""The digest of this kit's drawings of the drawing-1 sample games, per drawing generation (see below)."""


@pytest.fixture(params=[(generation, system) for generation in OLD_DRAWINGS for system in SYSTEMS],
                ids=lambda param: f"drawing{param[0]}-{param[1]}")
def old_copy(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    generation, system = request.param
    target = tmp_path / f"{system}.ipynb"
    shutil.copy(OLD_DRAWINGS[generation] / f"{system}-sample.ipynb", target)
    return target


def generation_of(path: Path) -> int:
    """The drawing generation a game file records."""
    return read_raw(path).header.drawing


def turn_lines(path: Path) -> list[str]:
    """The lines of the file on which a turn cell starts."""
    return [line for line in path.read_text(encoding="utf-8").splitlines() if line.startswith('  {"cell_type":"code"')]


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
    generation = generation_of(old_copy)
    assert generation < DRAWING
    report = verify(old_copy)
    assert report.ok, report.message
    assert f"drawn by an older kit (drawing {generation}; this kit draws {DRAWING})" in report.message
    assert "(G-7)" in report.message


@pytest.mark.parametrize("system", SYSTEMS)
def test_g7_the_generation_2_fixtures_are_what_generation_2_wrote(system: str):
    """Drawn by the kit of generation 2 (kept to test reading it): every turn cell indented over many lines."""
    path = OLD_DRAWINGS[2] / f"{system}-sample.ipynb"
    raw = read_raw(path)
    assert raw.header.drawing == 2 and raw.turns and turn_lines(path) == []
    assert all(isinstance(cell.outputs[0]["data"]["text/html"], str) for cell in raw.turns if cell.outputs)


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
    assert len(turn_lines(old_copy)) == len(report.events)  # drawing 3: every turn cell on one line
    saved = old_copy.with_name("saved.ipynb")
    gamefile.save(report.checked.game, saved)
    assert old_copy.read_bytes() == saved.read_bytes()  # the redrawn file is the one save writes


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


@pytest.mark.parametrize("system", list(systems.SYSTEMS))
def test_g7_every_systems_sample_is_drawn_by_this_kit_and_redrawn_alike(system: str, tmp_path: Path):
    """Every registered system's turns are drawn in this kit's generation, one line a turn cell, and a file read and
    written again by the table is the file ``save`` writes."""
    info = systems.system_info(system)
    assert info.sample is not None and info.driver is not None
    path = tmp_path / f"{system}.ipynb"
    gamefile.save(info.sample_game(), path, players=list(info.sample.players))
    assert generation_of(path) == DRAWING and len(turn_lines(path)) == read_raw(path).header.turns
    held = HeldGameFile.open(path)
    character = held.game.character_names()[0]
    held.take(*info.driver.drawing_turn(character, 1))  # a turn that draws, and what it waits for, as a table
    while (wanted := info.driver.follow_up(held.game)) is not None:
        held.take(*wanted[1:])
    report = verify(path)
    assert report.ok and "drawn by" not in report.message, report.message
    for turn, result in enumerate(report.checked.game.results, start=1):  # each turn's outputs as the kit draws them
        assert turn_outputs(result, turn) and all(output["data"]["text/html"] for output in turn_outputs(result, turn))
    saved = path.with_name("saved.ipynb")
    gamefile.save(report.checked.game, saved)
    assert path.read_bytes() == saved.read_bytes()
