"""``kit verify`` of several games: each verified on its own, one line per file, the worst exit code.

Files that are not the chapters of one campaign nor two copies of one game used to be verified
as a campaign and refused ("campaign NOT intact: the files hold 3 games"); now each file is
verified and reported as ``kit verify FILE`` reports it. Chapters given together still verify as
a campaign, and two files are still compared as copies.
"""

from __future__ import annotations

import sys
from pathlib import Path

import gf_tamper as tamper
import pytest
from gf_helpers import copy_sample, play_tavern

from kit.cli import main
from kit.gamefile import load, save
from kit.gamefile.chapters import split

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from tables_bench import grow_suitpairs


def run(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, str, str]:
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


def game(path: Path, seed: str, turns: int = 8) -> Path:
    save(play_tavern(turns, seed=seed), path, players=["Ana=Ada", "Bea=Bo"])
    return path


@pytest.fixture
def three_games(tmp_path: Path) -> list[Path]:
    return [game(tmp_path / f"{name}.ipynb", f"seed-{name}") for name in ("c", "a", "b")]


def alone(capsys: pytest.CaptureFixture[str], path: Path) -> tuple[int, str, str]:
    """What ``kit verify FILE`` says of one file."""
    return run(capsys, "verify", path)


def test_three_different_games_are_each_verified_and_all_intact_is_exit_0(three_games, capsys):
    singles = [alone(capsys, path) for path in three_games]
    code, out, err = run(capsys, "verify", *three_games)
    assert code == 0 and err == ""
    assert out.splitlines() == [single[1].strip() for single in singles]  # one line each, in the order given
    assert "campaign" not in out


def test_a_game_that_does_not_verify_among_them_is_exit_1_on_its_own_line(three_games, capsys):
    tamper.edit_output(three_games[1], 5)
    _, _, bad = alone(capsys, three_games[1])
    code, out, err = run(capsys, "verify", *three_games)
    assert code == 1
    assert err == bad and "NOT intact: turn 5" in err
    assert [line.split(":")[0] for line in out.splitlines()] == [str(three_games[0]), str(three_games[2])]


def test_a_file_that_is_not_a_game_notebook_among_them_is_exit_2_and_the_rest_verified(three_games, tmp_path, capsys):
    junk = tmp_path / "junk.ipynb"
    junk.write_text("{ truncated")
    _, _, said = alone(capsys, junk)
    tamper.edit_output(three_games[0], 3)
    code, out, err = run(capsys, "verify", three_games[0], junk, three_games[1], three_games[2])
    assert code == 2  # the worst: not a game notebook (2) over not intact (1)
    assert said in err and f"kit: {junk} is not a game notebook: " in err
    assert len(err.splitlines()) == 2 and len(out.splitlines()) == 2


def test_a_folder_of_several_games_verifies_each(three_games, tmp_path, capsys):
    code, out, _ = run(capsys, "verify", tmp_path)
    assert code == 0 and len(out.splitlines()) == 3 and "intact: " in out and "campaign" not in out


def test_two_games_are_still_compared_as_copies(three_games, capsys):
    code, _, err = run(capsys, "verify", three_games[0], three_games[1])
    assert code == 1 and "different games" in err


def test_code_still_checks_one_game_notebook(three_games, capsys):
    code, _, err = run(capsys, "verify", *three_games, "--code", "kit:1-00000000")
    assert code == 2 and "--code checks one game notebook" in err and err.count("\n") == 1


def chapters(tmp_path: Path) -> list[Path]:
    """The Suit Pairs sample grown to 50 turns, written as three chapters of one campaign."""
    whole = copy_sample("suitpairs", tmp_path)
    grown = load(whole, full=False)
    grow_suitpairs(grown, 50)
    save(grown, whole)
    return split(whole, tmp_path / "chapters", chapter_turns=20)


def test_chapters_of_one_campaign_given_together_still_verify_as_a_campaign(tmp_path, capsys):
    paths = chapters(tmp_path)
    assert len(paths) == 3
    code, out, err = run(capsys, "verify", *paths)
    assert code == 0 and err == ""
    assert out.splitlines()[-1].startswith("campaign intact: ") and len(out.splitlines()) == 4
    code, out, _ = run(capsys, "verify", tmp_path / "chapters")
    assert code == 0 and out.splitlines()[-1].startswith("campaign intact: ")


def test_a_campaigns_chapters_with_another_game_among_them_still_fail_as_a_campaign(tmp_path, capsys):
    paths = chapters(tmp_path)
    other = copy_sample("rollunder", tmp_path)  # a game of a real system: chapters verify on other processes
    code, _, err = run(capsys, "verify", paths[0], paths[1], other)
    assert code == 1 and "campaign NOT intact: the files hold 2 games" in err
    code, _, err = run(capsys, "verify", paths[0], other, paths[2])  # chapter 2 swapped for another game
    assert code == 1 and "campaign NOT intact" in err


def test_the_first_chapters_of_several_campaigns_are_several_games(tmp_path, capsys):
    first = chapters(tmp_path)[0]
    others = [copy_sample(name, tmp_path) for name in ("rollunder", "falkefateifaux")]
    code, out, err = run(capsys, "verify", first, *others)
    assert code == 0 and err == "" and len(out.splitlines()) == 3 and "campaign" not in out
