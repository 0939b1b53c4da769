"""Tamper evidence: verify names the first bad turn for every kind of hand edit (DESIGN: Tamper evidence)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import gf_tamper as tamper
import pytest
from gf_helpers import copy_sample, play_tavern

from kit.gamefile import load, save, verify
from kit.gamefile.errors import BrokenGameError, NotAGameFileError
from kit.systems import SYSTEMS

GAMES = ["tavern", *SYSTEMS]
"""The tavern (tests of its own) and every registered system's sample game."""
TURN = 9


@pytest.fixture(params=GAMES)
def game_copy(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    if request.param == "tavern":
        path = tmp_path / "tavern.ipynb"
        save(play_tavern(30), path, players=["Ana=Ada", "Bea=Bo"])
        return path
    return copy_sample(request.param, tmp_path)


def _turns(path: Path) -> int:
    return len(tamper.turn_cells(tamper.read(path)))


def test_untouched_copy_verifies(game_copy: Path):
    report = verify(game_copy)
    assert report.ok, report.message
    assert report.turn is None and "intact" in report.message and f"{_turns(game_copy)} turns" in report.message


TAMPERS: dict[str, tuple[Callable[[Path], int], str]] = {
    "outcome, hash left stale": (lambda p: tamper.forge_outcome(p, TURN, rehash=False), "does not match its hash"),
    "outcome, hashes recomputed": (lambda p: tamper.forge_outcome(p, TURN, rehash=True),
                                   "not what the seed and the rules produce"),
    "argument in the source": (lambda p: tamper.edit_argument_in_source(p, TURN), "source was edited"),
    "output text and html": (lambda p: tamper.edit_output(p, TURN), "saved output"),
    "output html only": (lambda p: tamper.edit_html_only(p, TURN), "saved output"),
    "two turns swapped": (lambda p: tamper.swap_turns(p, TURN), "reordered"),
    "a turn cell removed": (lambda p: tamper.remove_turn(p, TURN), f"turn {TURN}: not in the file"),
    "the last turn cell removed": (tamper.remove_last_turn, "not in the file"),
    "turn count raised": (lambda p: tamper.change_turn_count(p, +1), "not in the file"),
    "turn count lowered": (lambda p: tamper.change_turn_count(p, -1), "turn count was changed"),
}


@pytest.mark.parametrize("kind", list(TAMPERS))
def test_every_tamper_is_caught_naming_the_turn(game_copy: Path, kind: str):
    edit, why = TAMPERS[kind]
    turn = edit(game_copy)
    report = verify(game_copy)
    assert not report.ok
    assert report.turn == turn, report.message
    assert f"turn {turn}" in report.message and why in report.message, report.message
    with pytest.raises(BrokenGameError, match=f"turn {turn}"):
        load(game_copy)


def test_forged_arguments_with_recomputed_hashes_are_caught(game_copy: Path):
    nb = tamper.read(game_copy)
    event = tamper.turn_cells(nb)[TURN - 1]["metadata"]["kit"]["event"]
    event["args"], done = tamper._nudge(event["args"])
    assert done
    tamper.rehash_from(nb, TURN)
    tamper.write(game_copy, nb)
    report = verify(game_copy)
    assert not report.ok and report.turn == TURN, report.message


def test_header_edits_are_caught(tavern_file: Path):
    nb = tamper.read(tavern_file)
    nb["metadata"]["kit"]["characters"]["Mallory"] = "Ana"
    tamper.write(tavern_file, nb)
    report = verify(tavern_file)
    assert not report.ok and report.turn is None and "characters" in report.message


def test_an_edited_header_cell_or_setup_cell_is_caught(tavern_file: Path):
    original = tamper.read(tavern_file)
    nb = tamper.read(tavern_file)
    nb["cells"][0]["source"] = "# A different game"
    tamper.write(tavern_file, nb)
    assert "header cell" in verify(tavern_file).message
    nb = original
    nb["cells"][1]["source"] = ('from kit import systems\n\n'
                                'game = systems.new_game("tavern", seed="other", practice=True)')
    tamper.write(tavern_file, nb)
    assert "setup cell" in verify(tavern_file).message


def test_an_unsaved_extra_code_cell_is_named(tavern_file: Path):
    nb = tamper.read(tavern_file)
    nb["cells"].append({"cell_type": "code", "execution_count": None, "id": "extra", "metadata": {},
                        "outputs": [], "source": 'game.draw("Ada")'})
    tamper.write(tavern_file, nb)
    report = verify(tavern_file)
    assert report.turn == 13 and "no recorded event" in report.message


def test_a_reformatted_file_still_verifies(tavern_file: Path):
    # Jupyter may re-save with another indent or whole-string sources: only content counts.
    nb = tamper.read(tavern_file)
    for cell in nb["cells"]:
        cell["source"] = "".join(cell["source"])
    tavern_file.write_text(__import__("json").dumps(nb), encoding="utf-8")
    assert verify(tavern_file).ok


def test_resaving_from_the_events_rerenders_outputs_and_keeps_events_and_players(tavern_file: Path):
    hashes = [event.hash for event in load(tavern_file).log]
    tamper.edit_output(tavern_file, 4)  # as a file written by a kit with other renderers would look
    assert verify(tavern_file).turn == 4
    save(load(tavern_file, full=False), tavern_file, force=True)
    assert verify(tavern_file).ok
    assert [event.hash for event in load(tavern_file).log] == hashes
    assert tamper.read(tavern_file)["metadata"]["kit"]["players"] == {"Ana": ["Ada"], "Bea": ["Bo"]}


def test_save_without_force_refuses_to_overwrite_a_file_that_is_not_a_game(tmp_path: Path):
    path = tmp_path / "notes.ipynb"
    path.write_text("my notes")
    with pytest.raises(NotAGameFileError):
        save(play_tavern(3), path)
    assert path.read_text() == "my notes"
    save(play_tavern(3), path, force=True)
    assert verify(path).ok
