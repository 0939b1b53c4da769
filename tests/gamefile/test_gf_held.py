"""A game file held open by a table: bytes it knows need no re-checking; any other bytes are checked in full.

``HeldGameFile`` remembers the bytes it verified or last wrote. While the file still holds
exactly those, a turn is a read, the rules and a write; an edit or another table's turn changes
the bytes, and the file is then checked as ``append_to_game`` checks it.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import gf_tamper as tamper
import pytest
from gf_helpers import copy_sample

from kit.core.errors import UnknownNameError
from kit.core.game import Game
from kit.gamefile import (
    BrokenGameError,
    GameMovedOnError,
    HeldGameFile,
    append_turn,
    files,
    load,
    save,
    verify,
)
from kit.gamefile import append as appending
from kit.gamefile.files import file_stamp

DRAW = {"who": "Ada", "count": 1, "bonus": 0}


def _state(game: Game) -> tuple[str, int, str]:
    return game.fingerprint(), game.turn, game.log.head


def _count_checks(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the full checks of the file's content (parsing and the hash chain) a turn makes."""
    calls: list[int] = []
    real = appending.same_turns

    def counted(raw: Any, game: Game) -> Any:
        calls.append(1)
        return real(raw, game)

    monkeypatch.setattr(appending, "same_turns", counted)
    return calls


def test_turns_on_a_held_file_write_the_file_save_writes_and_check_nothing_twice(
        tavern_file: Path, monkeypatch: pytest.MonkeyPatch):
    shutil.copy(tavern_file, tavern_file.with_name("saved-" + tavern_file.name))
    held = HeldGameFile.open(tavern_file)
    checks = _count_checks(monkeypatch)
    for who in ("Ada", "Bo", "Ada"):
        result = held.take("draw", {"who": who, "count": 1, "bonus": 0})
        assert result.who == who
    held.take("draw", DRAW, rig={"cards": {"fate": ["QS"]}, "dice": [5]})
    assert checks == []  # the file held exactly the bytes the table wrote each time
    assert held.game.turn == 16 and held.game.log[15].rig == {"cards": {"fate": ["QS"]}, "dice": [5]}
    saved = tavern_file.with_name("saved-" + tavern_file.name)
    save(held.game, saved)
    assert tavern_file.read_bytes() == saved.read_bytes()
    assert verify(tavern_file).ok


@pytest.mark.parametrize("system,action,args", [
    ("falkefateifaux", "flip", {"character": "Bruno", "skill": "Fisticuffs", "target": 8}),
    ("suitpairs", "check", {"character": "Mira", "skill": "Defy", "difficulty": "Easy"}),
    ("rollunder", "advance_time", {"hours": 1}),
])
def test_a_held_sample_game_takes_a_turn_that_verifies(system: str, action: str, args: dict[str, Any],
                                                        tmp_path: Path):
    path = copy_sample(system, tmp_path)
    held = HeldGameFile.open(path)
    turns = held.game.turn
    held.take(action, args)
    assert verify(path).ok and load(path).turn == turns + 1


def test_another_tables_turn_changes_the_bytes_and_is_caught(tavern_file: Path, monkeypatch: pytest.MonkeyPatch):
    held = HeldGameFile.open(tavern_file)
    held.take("draw", DRAW)
    append_turn(tavern_file, "draw", {"who": "Bo", "count": 1, "bonus": 0}, game=load(tavern_file))
    before, state = tavern_file.read_bytes(), _state(held.game)
    checks = _count_checks(monkeypatch)
    with pytest.raises(GameMovedOnError, match=r"turn 14 \(Bo: draw\) was added since you loaded it"):
        held.take("draw", DRAW)
    assert checks == [1]
    assert tavern_file.read_bytes() == before and _state(held.game) == state


def test_an_edit_after_the_tables_own_turn_is_caught_naming_the_turn(tavern_file: Path):
    held = HeldGameFile.open(tavern_file)
    held.take("draw", DRAW)
    tamper.forge_outcome(tavern_file, 5, rehash=False)
    before, state = tavern_file.read_bytes(), _state(held.game)
    with pytest.raises(BrokenGameError) as caught:
        held.take("draw", DRAW)
    assert caught.value.turn == 5
    assert tavern_file.read_bytes() == before and _state(held.game) == state


def test_the_same_content_in_other_bytes_is_checked_and_then_taken(tavern_file: Path,
                                                                   monkeypatch: pytest.MonkeyPatch):
    held = HeldGameFile.open(tavern_file)
    tavern_file.write_text(json.dumps(tamper.read(tavern_file), indent=2), encoding="utf-8")
    checks = _count_checks(monkeypatch)
    held.take("draw", DRAW)
    held.take("draw", DRAW)
    assert checks == [1]  # once for the re-laid-out file, then the bytes are the kit's own again
    assert verify(tavern_file).ok


def test_the_result_is_handed_over_before_the_turn_is_written(tavern_file: Path):
    held = HeldGameFile.open(tavern_file)
    before = tavern_file.read_bytes()
    seen: list[tuple[Any, int, bool]] = []
    result = held.take("draw", DRAW, performed=lambda r: seen.append((r, held.game.turn,
                                                                      tavern_file.read_bytes() == before)))
    assert seen == [(result, 13, True)]  # decided by the rules, the file not yet written
    assert tavern_file.read_bytes() != before and load(tavern_file).turn == 13


def test_a_failed_write_after_the_result_was_handed_over_takes_the_turn_back(
        tavern_file: Path, monkeypatch: pytest.MonkeyPatch):
    held = HeldGameFile.open(tavern_file)
    before, state = tavern_file.read_bytes(), _state(held.game)
    seen: list[Any] = []

    def full_disk(path: Any, text: Any) -> None:
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patched:
        patched.setattr(files, "atomic_write", full_disk)
        with pytest.raises(OSError, match="No space left"):
            held.take("draw", DRAW, performed=seen.append)
    assert len(seen) == 1
    assert tavern_file.read_bytes() == before and _state(held.game) == state
    held.take("draw", DRAW)
    assert verify(tavern_file).ok and load(tavern_file).fingerprint() == held.game.fingerprint()


def test_a_refused_action_hands_nothing_over_and_changes_nothing(tavern_file: Path):
    held = HeldGameFile.open(tavern_file)
    before, state = tavern_file.read_bytes(), _state(held.game)
    seen: list[Any] = []
    with pytest.raises(UnknownNameError):
        held.take("draw", {"who": "Nobody", "count": 1, "bonus": 0}, performed=seen.append)
    assert seen == [] and tavern_file.read_bytes() == before and _state(held.game) == state


def test_opening_a_broken_file_names_the_bad_turn(tavern_file: Path):
    tamper.forge_outcome(tavern_file, 3, rehash=True)  # a careful forger: only the seeded replay sees it
    with pytest.raises(BrokenGameError) as caught:
        HeldGameFile.open(tavern_file)
    assert caught.value.turn == 3


def test_a_file_with_a_new_stamp_is_checked_before_the_rules_decide(tavern_file: Path):
    held = HeldGameFile.open(tavern_file)
    append_turn(tavern_file, "draw", {"who": "Bo", "count": 1, "bonus": 0}, game=load(tavern_file))
    seen: list[Any] = []
    with pytest.raises(GameMovedOnError):
        held.take("draw", DRAW, performed=seen.append)
    assert seen == []  # another table's turn changed the stamp: nothing was decided or shown


def _edit_keeping_the_stamp(path: Path, old: bytes, new: bytes) -> None:
    """Change bytes in place, same length, and put the modification time back (inode and size unchanged)."""
    status = path.stat()
    data = path.read_bytes()
    assert len(old) == len(new) and data.count(old) >= 1
    with path.open("r+b") as stream:
        stream.write(data.replace(old, new, 1))
    os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns))
    assert file_stamp(path) == (status.st_ino, status.st_size, status.st_mtime_ns)


def test_an_edit_that_keeps_the_stamp_is_caught_under_the_lock_and_the_turn_taken_back(tavern_file: Path):
    held = HeldGameFile.open(tavern_file)
    held.take("draw", DRAW)
    state = _state(held.game)
    at = tavern_file.read_bytes().index(b'"outcome_digest":"') + len(b'"outcome_digest":"')
    digit = tavern_file.read_bytes()[at:at + 8]
    _edit_keeping_the_stamp(tavern_file, b'"outcome_digest":"' + digit, b'"outcome_digest":"' + digit[::-1])
    before = tavern_file.read_bytes()
    seen: list[Any] = []
    with pytest.raises(BrokenGameError):
        held.take("draw", DRAW, performed=seen.append)
    assert len(seen) == 1  # decided and shown before the lock, then taken back
    assert tavern_file.read_bytes() == before and _state(held.game) == state


def test_a_relayout_that_keeps_the_stamp_is_checked_and_the_same_turn_taken_again(tavern_file: Path):
    held = HeldGameFile.open(tavern_file)
    _edit_keeping_the_stamp(tavern_file, b'\n "metadata"', b'\n"metadata" ')  # same content, other bytes
    seen: list[Any] = []
    result = held.take("draw", DRAW, performed=seen.append)
    assert seen == [result, result]  # decided before the lock, then again after the full check: the same turn
    assert verify(tavern_file).ok and load(tavern_file).fingerprint() == held.game.fingerprint()
