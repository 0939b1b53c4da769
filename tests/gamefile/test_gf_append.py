"""Appending turns from anywhere: locked, re-read under the lock, atomic, never losing a turn."""

from __future__ import annotations

import multiprocessing
from pathlib import Path

import pytest
from filelock import FileLock
from gf_helpers import append_draws, play_tavern

from kit.core.errors import IllegalActionError, MalformedInputError, UnknownNameError
from kit.gamefile import GameFileError, GameMovedOnError, append_turn, load, load_file, save, verify
from kit.gamefile.errors import BrokenGameError
from kit.gamefile.files import lock_path


def test_append_turn_writes_one_turn_and_returns_game_and_result(tavern_file: Path):
    game, result = append_turn(tavern_file, "draw", {"who": "Ada", "count": 2, "bonus": 1}, expected_turn=12)
    assert game.turn == 13 and result.who == "Ada" and len(result.cards) == 2
    assert verify(tavern_file).ok
    assert load(tavern_file).fingerprint() == game.fingerprint()
    assert load_file(tavern_file).players == {"Ana": ["Ada"], "Bea": ["Bo"]}


def test_append_turn_with_a_rig_records_it(tavern_file: Path):
    game, result = append_turn(tavern_file, "draw", {"who": "Bo", "count": 1, "bonus": 0}, expected_turn=12,
                               rig={"cards": {"fate": ["QS"]}, "dice": [5]})
    assert result.cards == ("QS",) and result.die == 5
    assert game.log[-1].rig == {"cards": {"fate": ["QS"]}, "dice": [5]}
    assert verify(tavern_file).ok


def test_a_stale_view_is_told_the_game_moved_on_and_the_file_is_unchanged(tavern_file: Path):
    append_turn(tavern_file, "draw", {"who": "Bo", "count": 1, "bonus": 0}, expected_turn=12)
    before = tavern_file.read_bytes()
    with pytest.raises(GameMovedOnError) as caught:
        append_turn(tavern_file, "draw", {"who": "Ada", "count": 1, "bonus": 0}, expected_turn=12)
    assert str(caught.value) == (
        "the game moved on: turn 13 (Bo: draw) was added since you loaded it; reload to see it"
    )
    assert caught.value.turn == 13
    assert tavern_file.read_bytes() == before


def test_expected_head_names_the_turn_the_caller_saw(tavern_file: Path):
    head = load(tavern_file).log.head
    append_turn(tavern_file, "draw", {"who": "Bo", "count": 1, "bonus": 0}, expected_head=head)
    append_turn(tavern_file, "draw", {"who": "Ada", "count": 1, "bonus": 0}, expected_turn=13)
    with pytest.raises(GameMovedOnError, match=r"turns 13–14 \(Bo: draw, …\) were added"):
        append_turn(tavern_file, "draw", {"who": "Ada", "count": 1, "bonus": 0}, expected_head=head)
    with pytest.raises(GameMovedOnError, match="no longer in the file"):
        append_turn(tavern_file, "draw", {"who": "Ada", "count": 1, "bonus": 0}, expected_head="ab" * 32)


def test_a_view_ahead_of_the_file_is_refused(tavern_file: Path):
    with pytest.raises(GameMovedOnError, match="fewer than the 20"):
        append_turn(tavern_file, "draw", {"who": "Bo", "count": 1, "bonus": 0}, expected_turn=20)


def test_append_turn_needs_the_callers_view(tavern_file: Path):
    with pytest.raises(TypeError, match="expected_turn or expected_head"):
        append_turn(tavern_file, "draw", {"who": "Bo"})


@pytest.mark.parametrize(("action", "args", "error"), [
    ("draw", {"who": "Nobody", "count": 1, "bonus": 0}, UnknownNameError),
    ("join", {"name": "Ada", "luck": 0}, IllegalActionError),
    ("fly", {}, UnknownNameError),
    ("draw", {"who": "Ada", "colour": "red"}, MalformedInputError),
])
def test_a_refused_action_propagates_and_leaves_the_file_unchanged(tavern_file: Path, action, args, error):
    before = tavern_file.read_bytes()
    with pytest.raises(error):
        append_turn(tavern_file, action, args, expected_turn=12)
    assert tavern_file.read_bytes() == before
    assert sorted(p.name for p in tavern_file.parent.iterdir()) == sorted(
        [tavern_file.name, lock_path(tavern_file).name])


def test_a_broken_file_takes_no_new_turn(tavern_file: Path):
    text = tavern_file.read_text(encoding="utf-8").replace('game.draw(\\"Ada\\")', 'game.draw(\\"Ada\\", count=3)', 1)
    tavern_file.write_text(text, encoding="utf-8")
    with pytest.raises(BrokenGameError, match="turn 3"):
        append_turn(tavern_file, "draw", {"who": "Bo", "count": 1, "bonus": 0}, expected_turn=12)


def test_the_lock_file_sits_beside_the_game_file_and_is_honoured(tavern_file: Path):
    assert lock_path(tavern_file) == tavern_file.parent / ".tavern.ipynb.lock"
    with FileLock(str(lock_path(tavern_file))):
        with pytest.raises(GameFileError, match="held its lock"):
            append_turn(tavern_file, "draw", {"who": "Bo", "count": 1, "bonus": 0}, expected_turn=12, timeout=0.2)
    assert load(tavern_file).turn == 12


def test_save_refuses_to_drop_turns_the_kernel_has_not_seen(tavern_file: Path):
    kernel_game = load(tavern_file)
    append_turn(tavern_file, "draw", {"who": "Bo", "count": 1, "bonus": 0}, expected_turn=12)
    with pytest.raises(GameMovedOnError, match="turn 13 \\(Bo: draw\\)"):
        save(kernel_game, tavern_file)
    assert load(tavern_file).log[12].args["who"] == "Bo"
    with pytest.raises(GameFileError, match="another game"):
        save(play_tavern(3, seed="other"), tavern_file)


def test_processes_appending_at_once_lose_no_turn(tmp_path: Path):
    path = tmp_path / "busy.ipynb"
    names = ("Ada", "Bo", "Cy", "Di")
    save(play_tavern(len(names), names=names), path)
    context = multiprocessing.get_context("fork")
    with context.Pool(len(names)) as pool:
        pool.starmap(append_draws, [(str(path), name, 5) for name in names])
    game = load(path)
    assert verify(path).ok
    assert game.turn == len(names) + 5 * len(names)
    assert game.log.first_broken_link() is None
    drawn = [event.args["who"] for event in game.log if event.action == "draw"]
    assert sorted(drawn) == sorted(names * 5)
    for name in names:
        assert [e.args["bonus"] for e in game.log if e.action == "draw" and e.args["who"] == name] == list(range(5))
    leftovers = [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert leftovers == []


def test_save_refuses_to_overwrite_a_fork(tavern_file: Path):
    kernel_game = load(tavern_file)
    append_turn(tavern_file, "draw", {"who": "Bo", "count": 1, "bonus": 0}, expected_turn=12)
    kernel_game.draw("Ada")
    kernel_game.draw("Bo")
    before = tavern_file.read_bytes()
    with pytest.raises(GameFileError, match=r"part at turn 13 \(a fork\).*Bo: draw.*Ada: draw"):
        save(kernel_game, tavern_file)
    assert tavern_file.read_bytes() == before
