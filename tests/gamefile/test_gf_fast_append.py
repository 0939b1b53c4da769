"""Appending to the caller's own verified game: only the new turn is written, and nothing is trusted blindly.

``append_turn(..., game=game)`` checks that the file still holds exactly ``game``'s turns (every
hash recomputed, the head compared, the header and setup cells compared) instead of replaying
the whole file, then writes the new turn: the file is byte for byte what ``save`` writes.
"""

from __future__ import annotations

import json
import multiprocessing
import pickle
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import gf_tamper as tamper
import nbformat
import pytest
from gf_helpers import SAMPLES, TavernGame, append_draws, copy_sample, play_tavern
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.core.errors import IllegalActionError, MalformedInputError, UnknownNameError
from kit.core.game import Game
from kit.gamefile import (
    BrokenGameError,
    GameFileError,
    GameMovedOnError,
    append_turn,
    build_notebook,
    create,
    files,
    load,
    notebook_text,
    parse_notebook,
    save,
    verify,
)
from kit.gamefile.check import check_links
from kit.gamefile.header import Header
from kit.gamefile.notebook import header_cell, notebook_metadata
from kit.gamefile.schema import validate

DRAW = {"who": "Ada", "count": 1, "bonus": 0}
TURN = 5
SAMPLE_TURNS: dict[str, list[tuple[str, dict[str, Any], dict[str, Any] | None]]] = {
    "falkefateifaux": [("award_fate", {"character": "Ada", "amount": 1, "reason": "a <b>bold</b> plan"}, None),
                       ("flip", {"character": "Bruno", "skill": "Fisticuffs", "target": 8}, None)],
    "suitpairs": [("check", {"character": "Mira", "skill": "Defy", "difficulty": "Easy"}, {"dice": [6, 5]}),
                  ("accept", {"character": "Mira"}, None)],
    "rollunder": [("advance_time", {"hours": 1}, None),
                  ("heal_stamina", {"character": "Bruno"}, None)],
}


def _saved_copy(game: Game, like: Path) -> bytes:
    """What ``save`` writes for ``game`` over a copy of the file it was loaded from."""
    other = like.with_name("saved-" + like.name)
    if not other.exists():
        raise AssertionError("make the copy before the appends")
    save(game, other)
    return other.read_bytes()


def _state(game: Game) -> tuple[str, int, str]:
    return game.fingerprint(), game.turn, game.log.head


def test_appending_to_the_callers_game_writes_the_file_save_writes(tavern_file: Path):
    shutil.copy(tavern_file, tavern_file.with_name("saved-" + tavern_file.name))
    game = load(tavern_file)
    same, result = append_turn(tavern_file, "draw", {"who": "Bo", "count": 2, "bonus": 1}, game=game)
    assert same is game and game.turn == 13 and result.who == "Bo"
    append_turn(tavern_file, "draw", DRAW, game=game, rig={"cards": {"fate": ["QS"]}, "dice": [5]})
    append_turn(tavern_file, "join", {"name": "<b>Cy</b>", "luck": 2}, game=game, expected_turn=14,
                expected_head=game.log.head)
    assert game.log[13].rig == {"cards": {"fate": ["QS"]}, "dice": [5]}
    assert tavern_file.read_bytes() == _saved_copy(game, tavern_file)
    assert verify(tavern_file).ok
    assert load(tavern_file).fingerprint() == game.fingerprint()


@pytest.mark.parametrize("system", sorted(SAMPLE_TURNS))
def test_appending_to_a_sample_game_writes_the_file_save_writes(system: str, tmp_path: Path):
    path = copy_sample(system, tmp_path)
    shutil.copy(path, path.with_name("saved-" + path.name))
    game = load(path)
    for action, args, rig in SAMPLE_TURNS[system]:
        append_turn(path, action, args, game=game, rig=rig)
    assert path.read_bytes() == _saved_copy(game, path)
    report = verify(path)
    assert report.ok, report.message
    nbformat.validate(nbformat.read(path, as_version=4))


def test_a_refused_action_leaves_the_game_and_the_file_unchanged(tavern_file: Path):
    game = load(tavern_file)
    before, state = tavern_file.read_bytes(), _state(game)
    for action, args, error in [("draw", {"who": "Nobody", "count": 1, "bonus": 0}, UnknownNameError),
                                ("join", {"name": "Ada", "luck": 0}, IllegalActionError),
                                ("fly", {}, UnknownNameError),
                                ("draw", {"who": "Ada", "colour": "red"}, MalformedInputError)]:
        with pytest.raises(error):
            append_turn(tavern_file, action, args, game=game)
        assert tavern_file.read_bytes() == before and _state(game) == state
    assert sorted(p.name for p in tavern_file.parent.iterdir()) == sorted(
        [tavern_file.name, files.lock_path(tavern_file).name])


def test_a_game_that_moved_on_is_refused_with_the_turns_it_missed(tavern_file: Path):
    stale, other = load(tavern_file), load(tavern_file)
    append_turn(tavern_file, "draw", {"who": "Bo", "count": 1, "bonus": 0}, game=other)
    before, state = tavern_file.read_bytes(), _state(stale)
    with pytest.raises(GameMovedOnError) as caught:
        append_turn(tavern_file, "draw", DRAW, game=stale)
    assert str(caught.value) == "the game moved on: turn 13 (Bo: draw) was added since you loaded it; reload to see it"
    assert caught.value.turn == 13 and caught.value.head == other.log.head
    assert tavern_file.read_bytes() == before and _state(stale) == state


def test_a_game_ahead_of_its_file_is_refused(tavern_file: Path):
    game = load(tavern_file)
    game.draw("Ada")  # played in memory only
    with pytest.raises(GameMovedOnError, match="no longer in the file"):
        append_turn(tavern_file, "draw", DRAW, game=game)


def test_a_file_that_now_holds_another_game_is_refused(tavern_file: Path):
    game = load(tavern_file)
    save(play_tavern(12, seed="another"), tavern_file, force=True)
    before = tavern_file.read_bytes()
    with pytest.raises(GameMovedOnError, match="another game"):
        append_turn(tavern_file, "draw", DRAW, game=game)
    assert tavern_file.read_bytes() == before and game.turn == 12


def test_a_view_that_is_not_the_games_own_is_a_caller_error(tavern_file: Path):
    game = load(tavern_file)
    with pytest.raises(ValueError, match="expected_turn is 11"):
        append_turn(tavern_file, "draw", DRAW, game=game, expected_turn=11)
    with pytest.raises(ValueError, match="expected_head"):
        append_turn(tavern_file, "draw", DRAW, game=game, expected_head="ab" * 32)
    assert load(tavern_file).turn == 12


# A file edited between loading and appending: (edit, the error, the turn it names, words of the message).
EDITS: dict[str, tuple[Callable[[Path], Any], type[Exception], int | None, str]] = {
    "outcome, hash left stale": (lambda p: tamper.forge_outcome(p, TURN, rehash=False), BrokenGameError, TURN,
                                 "does not match its hash"),
    "outcome, hashes recomputed": (lambda p: tamper.forge_outcome(p, TURN, rehash=True), GameMovedOnError, None,
                                   "no longer in the file"),
    "two turns swapped": (lambda p: tamper.swap_turns(p, TURN), BrokenGameError, TURN, "reordered"),
    "a turn cell removed": (lambda p: tamper.remove_turn(p, TURN), BrokenGameError, TURN,
                            f"turn {TURN}: not in the file"),
    "the last turn cell removed": (tamper.remove_last_turn, GameMovedOnError, None, "no longer in the file"),
    "turn count raised": (lambda p: tamper.change_turn_count(p, +1), BrokenGameError, 13, "turn 13: not in the file"),
    "header cell edited": (lambda p: _edit_cell(p, 0), BrokenGameError, None, "header cell"),
    "setup cell edited": (lambda p: _edit_cell(p, 1), BrokenGameError, None, "setup cell"),
    "characters in the header": (lambda p: _edit_header(p, "characters", {"Ada": "Eve"}), BrokenGameError, None,
                                 "characters"),
    "execution count": (lambda p: _edit_turn(p, TURN, "execution_count", 99), BrokenGameError, TURN,
                        "execution count is 99"),
}


def _edit_cell(path: Path, index: int) -> None:
    nb = tamper.read(path)
    nb["cells"][index]["source"] = "".join(nb["cells"][index]["source"]) + " (edited)"
    tamper.write(path, nb)


def _edit_header(path: Path, name: str, value: Any) -> None:
    nb = tamper.read(path)
    nb["metadata"]["kit"][name] = value
    tamper.write(path, nb)


def _edit_turn(path: Path, turn: int, name: str, value: Any) -> None:
    nb = tamper.read(path)
    tamper.turn_cells(nb)[turn - 1][name] = value
    tamper.write(path, nb)


@pytest.mark.parametrize("kind", list(EDITS))
def test_a_file_edited_since_it_was_loaded_takes_no_turn(tavern_file: Path, kind: str):
    edit, error, turn, words = EDITS[kind]
    game = load(tavern_file)
    state = _state(game)
    edit(tavern_file)
    before = tavern_file.read_bytes()
    with pytest.raises(error, match=words) as caught:
        append_turn(tavern_file, "draw", DRAW, game=game)
    if error is BrokenGameError:
        assert caught.value.turn == turn
    assert tavern_file.read_bytes() == before and _state(game) == state
    assert not verify(tavern_file).ok  # reloading shows the edit, naming the turn


def test_a_failed_write_takes_the_turn_back_from_the_game(tavern_file: Path, monkeypatch: pytest.MonkeyPatch):
    game = load(tavern_file)
    before, state = tavern_file.read_bytes(), _state(game)

    def full_disk(path: Any, text: Any) -> None:
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patched:
        patched.setattr(files, "atomic_write", full_disk)
        with pytest.raises(OSError, match="No space left"):
            append_turn(tavern_file, "draw", DRAW, game=game, rig={"dice": [4]})
    assert tavern_file.read_bytes() == before and _state(game) == state
    assert len(game.results) == 12 and game.pending_rig is None
    append_turn(tavern_file, "draw", DRAW, game=game)
    assert verify(tavern_file).ok and load(tavern_file).fingerprint() == game.fingerprint()


def test_a_file_in_another_layout_is_rewritten_whole_in_the_kits_layout(tavern_file: Path):
    shutil.copy(tavern_file, tavern_file.with_name("saved-" + tavern_file.name))
    game = load(tavern_file)
    tavern_file.write_text(json.dumps(tamper.read(tavern_file), indent=2), encoding="utf-8")
    assert verify(tavern_file).ok
    append_turn(tavern_file, "draw", DRAW, game=game)
    assert tavern_file.read_bytes() == _saved_copy(game, tavern_file)


def test_a_file_resaved_by_jupyter_keeps_its_cells_and_takes_the_turn(tavern_file: Path):
    game = load(tavern_file)
    nbformat.write(nbformat.read(tavern_file, as_version=4), tavern_file)  # events spread over many lines
    kept = tavern_file.read_text(encoding="utf-8")
    append_turn(tavern_file, "draw", DRAW, game=game)
    text = tavern_file.read_text(encoding="utf-8")
    setup_to_last_turn = kept[kept.index('  {\n   "cell_type": "code"'):kept.index('\n ],\n "metadata"')]
    assert setup_to_last_turn in text
    assert verify(tavern_file).ok and load(tavern_file).turn == 13
    nbformat.validate(nbformat.read(tavern_file, as_version=4))


@pytest.mark.parametrize("cell", [1, -1])
def test_cells_with_other_ids_are_rewritten_whole(tavern_file: Path, cell: int):
    game = load(tavern_file)
    nb = tamper.read(tavern_file)
    nb["cells"][cell]["id"] = "kit-turn-13"  # the id the next turn will take
    tavern_file.write_text(notebook_text(nb), encoding="utf-8")
    append_turn(tavern_file, "draw", DRAW, game=game)
    ids = [cell["id"] for cell in tamper.read(tavern_file)["cells"]]
    assert len(set(ids)) == len(ids) and ids[1] == "kit-setup" and ids[-2:] == ["kit-turn-12", "kit-turn-13"]
    assert verify(tavern_file).ok


def test_appending_to_the_callers_game_imports_neither_nbformat_nor_jsonschema(tmp_path: Path):
    path = copy_sample("suitpairs", tmp_path)
    script = (
        "import sys\n"
        "from kit.gamefile import append_turn, load\n"
        f"game = load({str(path)!r})\n"
        "append_turn(sys.argv[1], 'check', {'character': 'Mira', 'skill': 'Defy', 'difficulty': 'Easy'}, game=game)\n"
        "print(game.turn, sorted(m for m in ('nbformat', 'jsonschema') if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", script, str(path)], capture_output=True, text=True, check=True)
    assert done.stdout.split() == [str(load(path).turn), "[]"]
    assert verify(path).ok


def test_the_schema_check_refuses_a_cell_nbformat_would_refuse(tavern_file: Path):
    game = load(tavern_file)
    notebook = build_notebook(game, Header.for_game(game))
    for cell in notebook["cells"]:
        validate("markdown_cell" if cell["cell_type"] == "markdown" else "code_cell", cell)
    validate("metadata", notebook["metadata"])
    turn = notebook["cells"][-1]
    for broken, words in [(dict(turn, id="kit turn"), "id"), (dict(turn, outputs=[{"output_type": "shout"}]), ""),
                          ({k: v for k, v in turn.items() if k != "source"}, "source"),
                          (dict(turn, execution_count="2"), "execution_count")]:
        with pytest.raises(GameFileError, match=f"code cell to write is not valid nbformat 4.5.*{words}"):
            validate("code_cell", broken)
        with pytest.raises(nbformat.ValidationError):
            nbformat.validate(dict(notebook, cells=[*notebook["cells"][:-1], broken]))
    with pytest.raises(GameFileError, match="metadata"):
        validate("metadata", dict(notebook["metadata"], kernelspec={"name": 3}))
    validate("markdown_cell", header_cell(Header.for_game(game)))
    validate("metadata", notebook_metadata(Header.for_game(game)))


@pytest.mark.parametrize("system", sorted(SAMPLE_TURNS))
def test_the_chain_check_passes_an_intact_sample_and_names_a_stale_hash(system: str, tmp_path: Path):
    path = SAMPLES / f"{system}-sample.ipynb"
    assert check_links(parse_notebook(path.read_bytes())) is None
    copy = copy_sample(system, tmp_path)
    tamper.forge_outcome(copy, 7, rehash=False)
    problem = check_links(parse_notebook(copy.read_bytes()))
    assert problem is not None and problem.turn == 7


def _old_notebook_text(notebook: dict[str, Any]) -> str:
    """The file text as one json.dumps of the whole notebook, each turn cell then put on one compact line."""
    turns: list[str] = []
    cells = []
    for cell in notebook["cells"]:
        if "event" in cell["metadata"].get("kit", {}):
            turns.append(json.dumps(cell, sort_keys=True, separators=(",", ":"), ensure_ascii=False))
            cell = f"TURN-{len(turns) - 1}"
        cells.append(cell)
    text = json.dumps(dict(notebook, cells=cells), indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    for number, turn in enumerate(turns):
        text = text.replace(f'"TURN-{number}"', turn, 1)
    return text


def test_the_file_text_built_cell_by_cell_is_one_dump_of_the_notebook(tavern_file: Path):
    game = load(tavern_file)
    game.join("Zoë \"<q>\" \\ ünï", luck=-1)
    notebook = build_notebook(game, Header.for_game(game))
    assert notebook_text(notebook) == _old_notebook_text(notebook)


def _fast_appender(path: str, name: str, turns: int) -> None:
    game = load(path)
    done = 0
    while done < turns:
        try:
            append_turn(path, "draw", {"who": name, "count": 1, "bonus": done}, game=game)
            done += 1
        except GameMovedOnError:
            game = load(path, full=False)


def _append_with(kind: str, path: str, name: str, turns: int) -> str:
    try:
        (_fast_appender if kind == "fast" else append_draws)(path, name, turns)
    except Exception as error:  # reported by the test, not lost in the pool
        return repr(error)
    return ""


def test_processes_appending_to_their_own_games_at_once_lose_no_turn(tmp_path: Path):
    path = tmp_path / "busy.ipynb"
    names = ("Ada", "Bo", "Cy", "Di")
    kinds = ("fast", "fast", "fast", "full")
    save(play_tavern(len(names), names=names), path)
    with multiprocessing.get_context("fork").Pool(len(names)) as pool:
        jobs = pool.starmap_async(_append_with, [(kind, str(path), name, 5)
                                                 for kind, name in zip(kinds, names, strict=True)])
        assert jobs.get(timeout=120) == ["", "", "", ""]
    assert verify(path).ok
    game = load(path)
    assert game.turn == len(names) * 6
    for name in names:
        assert [e.args["bonus"] for e in game.log if e.action == "draw" and e.args["who"] == name] == list(range(5))
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
    resaved = tmp_path / "resaved.ipynb"
    save(game, resaved)
    assert resaved.read_bytes() == path.read_bytes()


def test_game_file_errors_cross_process_boundaries_whole():
    for error in (BrokenGameError(7, "its source was edited"), BrokenGameError(None, "the setup cell is missing"),
                  GameMovedOnError("the game moved on", 13, "ab" * 32)):
        again = pickle.loads(pickle.dumps(error))
        assert type(again) is type(error) and str(again) == str(error) and vars(again) == vars(error)


plays = st.lists(st.tuples(st.sampled_from(["Ada", "Bo", "<b>Cy</b>"]), st.integers(1, 3), st.integers(-2, 2),
                           st.booleans()), min_size=1, max_size=6)


@settings(max_examples=15, deadline=None)
@given(st.text(st.characters(categories=("L", "N", "P")), min_size=1, max_size=8), plays)
def test_any_turns_appended_one_by_one_give_the_file_save_gives(seed: str, moves: list[tuple[str, int, int, bool]]):
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path, other = Path(folder) / "game.ipynb", Path(folder) / "saved.ipynb"
        start = TavernGame(seed, practice=True)
        for name in ("Ada", "Bo", "<b>Cy</b>"):
            start.join(name)
        save(start, path, players=["Ana=Ada"])
        shutil.copy(path, other)
        game = load(path)
        for who, count, bonus, rigged in moves:
            append_turn(path, "draw", {"who": who, "count": count, "bonus": bonus}, game=game,
                        rig={"dice": [count + 3]} if rigged else None)
        save(game, other)
        assert path.read_bytes() == other.read_bytes()
        assert verify(path).ok


def test_the_first_turn_of_a_new_game_file_is_appended_to_its_game(tmp_path: Path):
    made = create("tavern", tmp_path / "new.ipynb", players=["Ana=Ada"], seed="fresh")
    shutil.copy(made.path, made.path.with_name("saved-new.ipynb"))
    append_turn(made.path, "join", {"name": "Ada", "luck": 1}, game=made.game)
    assert made.game.turn == 1 and made.path.read_bytes() == _saved_copy(made.game, made.path)
    assert verify(made.path).ok
