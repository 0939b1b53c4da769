"""Format versions: version-1 files are read and verified, never written; kit upgrade re-derives today's version."""

from __future__ import annotations

import errno
import shutil
from pathlib import Path

import filelock
import pytest

from kit import gamefile, systems
from kit.cli import main
from kit.gamefile import FORMAT_VERSION, GameFileError, HeldGameFile, files, load_file, store, upgrade, verify

V1 = Path(__file__).parent / "v1"
SYSTEMS = [name for name in systems.SYSTEMS if (V1 / f"{name}-sample.ipynb").exists()]
"""The registered systems that have a version-1 file: those the kit had when it wrote version 1 (a system added
since, such as the tests' fourth system, never had one)."""


@pytest.fixture(params=SYSTEMS)
def v1_copy(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    target = tmp_path / f"{request.param}-v1.ipynb"
    shutil.copy(V1 / f"{request.param}-sample.ipynb", target)
    return target


def test_a_version_1_file_verifies_and_says_what_it_does_not_bind(v1_copy: Path):
    report = verify(v1_copy)
    assert report.ok, report.message
    assert "format version 1" in report.message and "not bound" in report.message
    assert "rigged turns" in report.message and "kit upgrade" in report.message
    assert load_file(v1_copy).header.version == 1


def test_a_version_1_file_takes_no_new_turn_and_says_how_to_go_on(v1_copy: Path):
    before = v1_copy.read_bytes()
    game = gamefile.load(v1_copy)
    with pytest.raises(GameFileError, match=r"format version 1.*kit upgrade"):
        gamefile.append_turn(v1_copy, "end_scene", {}, expected_turn=game.turn)
    held = HeldGameFile.open(v1_copy)
    with pytest.raises(GameFileError, match="kit upgrade"):
        held.take("end_scene", {})
    with pytest.raises(GameFileError, match="format version 1"):
        gamefile.save(game, v1_copy)
    assert v1_copy.read_bytes() == before


def test_kit_upgrade_rederives_every_turn_into_a_version_2_copy(v1_copy: Path, tmp_path: Path, capsys):
    new = tmp_path / "upgraded.ipynb"
    assert main(["upgrade", str(v1_copy), str(new)]) == 0
    out = capsys.readouterr().out
    assert "version-4 copy" in out and "do not match" in out and "practice game" in out
    old_report, new_report = verify(v1_copy), verify(new)
    assert new_report.ok and new_report.checked.raw.header.version == FORMAT_VERSION
    assert new_report.checked.game.practice  # the version-1 sample holds rigged turns
    assert [(e.action, e.args, e.outcome, e.rig) for e in old_report.events] == [
        (e.action, e.args, e.outcome, e.rig) for e in new_report.events]
    assert all(a.hash != b.hash for a, b in zip(old_report.events, new_report.events, strict=True))
    assert main(["verify", str(v1_copy), str(new)]) == 0
    assert "copy of" in capsys.readouterr().out
    assert main(["upgrade", str(v1_copy), str(new)]) == 1  # never overwrites
    assert "already exists" in capsys.readouterr().err
    assert main(["upgrade", str(new), str(tmp_path / "again.ipynb")]) == 1
    assert "already a game file of format version 4" in capsys.readouterr().err


def test_a_version_1_file_without_rigged_turns_upgrades_to_a_real_game(tmp_path: Path):
    source = tmp_path / "v1.ipynb"
    shutil.copy(V1 / "suitpairs-sample.ipynb", source)
    game = gamefile.load(source)
    first_rigged = next(event.index for event in game.log if event.rig)
    shorter_v1 = game.replayed(first_rigged)
    assert shorter_v1.log.version == 1 and not any(event.rig for event in shorter_v1.log)
    short = tmp_path / "short-v1.ipynb"
    store._write(short, shorter_v1, gamefile.Header.for_game(shorter_v1))
    report = verify(short)
    assert report.ok and "format version 1" in report.message and "rigged" not in report.message
    upgraded = upgrade(short, tmp_path / "real.ipynb")
    assert not upgraded.game.practice and "a real game" in verify(upgraded.path).message


def test_a_file_of_a_newer_version_is_refused_in_one_line(tmp_path: Path, capsys):
    path = tmp_path / "future.ipynb"
    text = (Path(__file__).parents[2] / "notebooks" / "games" / "suitpairs-sample.ipynb").read_text()
    path.write_text(text.replace('"format_version": 4', '"format_version": 9'))
    assert main(["verify", str(path)]) == 2
    assert "format version 9" in capsys.readouterr().err


def test_a_read_only_folder_is_read_and_only_writing_is_refused(tmp_path: Path, monkeypatch):
    path = tmp_path / "ro.ipynb"
    made = gamefile.create("suitpairs", path, players=["Ana=Mira"])
    before = path.read_bytes()

    def no_lock(self, *args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied", str(files.lock_path(path)))

    monkeypatch.setattr(filelock.FileLock, "acquire", no_lock)
    held = HeldGameFile.open(path)  # reading needs no lock where nobody can write
    assert held.game.turn == 0 and verify(path).ok
    with pytest.raises(gamefile.ReadOnlyError, match="read-only"):
        gamefile.append_turn(path, "create_character",
                             {"name": "Mira", "identity": "Baker", "strength": 3, "intelligence": 2, "dexterity": 2,
                              "charisma": 3, "skills": ["Defy", "Analyze", "Stealth", "Help"]},
                             expected_turn=made.game.turn)
    assert path.read_bytes() == before


def test_temporary_files_of_a_killed_write_are_removed_on_the_next_write(tmp_path: Path):
    path = tmp_path / "g.ipynb"
    made = gamefile.create("suitpairs", path, players=["Ana=Mira"])
    leftovers = [tmp_path / f".g.ipynb.{tag}.tmp" for tag in ("abc123", "killed")]
    for leftover in leftovers:
        leftover.write_bytes(b'{"partial')
    other = tmp_path / ".other.ipynb.x.tmp"
    other.write_bytes(b"another game's write in progress")
    gamefile.append_turn(path, "create_character",
                         {"name": "Mira", "identity": "Baker", "strength": 3, "intelligence": 2, "dexterity": 2,
                          "charisma": 3, "skills": ["Defy", "Analyze", "Stealth", "Help"]},
                         expected_turn=made.game.turn)
    assert not any(leftover.exists() for leftover in leftovers) and other.exists()
    assert verify(path).ok
