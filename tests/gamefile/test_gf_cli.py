"""The ``kit`` command line: new, log, verify (forks, codes), post; exit codes 0, 1 and 2."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import gf_tamper as tamper
import pytest
from gf_helpers import play_tavern

from kit.cli import COMMANDS, main
from kit.gamefile import append_turn, load, load_file, save


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_new_creates_an_empty_game_with_players_and_prints_the_commitment(tmp_path, capsys):
    path = tmp_path / "g.ipynb"
    code, out, err = run(capsys, "new", "tavern", str(path), "--player", "Ana=Ada", "--player", "Bea",
                         "--seed", "s1", "--option", "decks=2")
    assert code == 0 and err == ""
    loaded = load_file(path)
    assert loaded.game.turn == 0 and loaded.game.options == {"decks": 2}
    assert loaded.players == {"Ana": ["Ada"], "Bea": []}
    assert loaded.header.seed_commitment in out


def test_new_refuses_an_existing_file_unknown_system_and_bad_option(tmp_path, capsys):
    path = tmp_path / "g.ipynb"
    path.write_text("keep me")
    code, _, err = run(capsys, "new", "tavern", str(path), "--player", "Ana")
    assert code == 1 and "already exists" in err and err.count("\n") == 1
    assert path.read_text() == "keep me"
    code, _, err = run(capsys, "new", "chess", str(tmp_path / "c.ipynb"))
    assert code == 1 and "system 'chess'" in err and err.count("\n") == 1
    code, _, err = run(capsys, "new", "tavern", str(tmp_path / "o.ipynb"), "--option", "decks")
    assert code == 2 and "name=value" in err and err.count("\n") == 1
    code, _, err = run(capsys, "new", "tavern", str(tmp_path / "o.ipynb"), "--option", "colour=red")
    assert code == 1 and "colour" in err


def test_log_prints_every_turn_in_each_format(tavern_file, capsys):
    for fmt, bold in (("text", "Turn 1 · Ada"), ("markdown", "**Turn 1**"), ("bbcode", "[b]Turn 1[/b]")):
        code, out, _ = run(capsys, "log", str(tavern_file), "--format", fmt)
        assert code == 0 and bold in out and "Turn 12" in out
        assert len(re.findall(r"kit:\d+-[0-9a-f]{8}", out)) == 12


def test_verify_intact_says_so_in_one_line(tavern_file, capsys):
    code, out, err = run(capsys, "verify", str(tavern_file))
    assert code == 0 and err == "" and out.count("\n") == 1 and "intact" in out and "12 turns" in out


def test_verify_tampered_exits_1_naming_the_turn(tavern_file, capsys):
    tamper.edit_output(tavern_file, 5)
    code, _, err = run(capsys, "verify", str(tavern_file))
    assert code == 1 and "turn 5" in err and "NOT intact" in err


@pytest.mark.parametrize("content", [b"{", b"not json", b'{"nbformat": 4, "metadata": {}, "cells": []}'])
def test_verify_exits_2_for_a_file_that_is_not_a_game(tmp_path, capsys, content):
    path = tmp_path / "x.ipynb"
    path.write_bytes(content)
    code, out, err = run(capsys, "verify", str(path))
    assert code == 2 and out == "" and err.startswith("kit: ") and err.count("\n") == 1
    assert "is not a game notebook" in err


def test_verify_two_copies_reports_a_fork_with_both_branches(tmp_path, capsys):
    a, b = tmp_path / "a.ipynb", tmp_path / "b.ipynb"
    save(play_tavern(10), a)
    shutil.copy(a, b)
    append_turn(a, "draw", {"who": "Ada", "count": 1, "bonus": 0}, expected_turn=10)
    append_turn(b, "draw", {"who": "Bo", "count": 2, "bonus": 0}, expected_turn=10)
    append_turn(b, "join", {"name": "Cy", "luck": 0}, expected_turn=11)
    code, _, err = run(capsys, "verify", str(a), str(b))
    assert code == 1
    assert f"fork after turn 10 (Bo: draw): {a} continues with turn 11 (Ada: draw), {b} with turn 11 (Bo: draw)" in err


def test_verify_two_copies_reports_an_extension(tmp_path, capsys):
    a, b = tmp_path / "a.ipynb", tmp_path / "b.ipynb"
    save(play_tavern(10), a)
    shutil.copy(a, b)
    append_turn(b, "draw", {"who": "Bo", "count": 2, "bonus": 0}, expected_turn=10)
    code, out, _ = run(capsys, "verify", str(a), str(b))
    assert code == 0 and f"{b} extends {a}: 1 more turn(s) after turn 10 (Bo: draw), from turn 11 (Bo: draw)" in out
    code, out, _ = run(capsys, "verify", str(b), str(a))
    assert code == 0 and f"{b} extends {a}" in out
    code, out, _ = run(capsys, "verify", str(a), str(a))
    assert code == 0 and "the same 10 turns" in out
    other = tmp_path / "other.ipynb"
    save(play_tavern(10, seed="another"), other)
    code, _, err = run(capsys, "verify", str(a), str(other))
    assert code == 1 and "different games" in err


def test_post_prints_the_turn_with_actor_and_verification_code(tavern_file, capsys):
    game = load(tavern_file)
    code_word = f"kit:5-{game.log[4].hash[:8]}"
    for fmt in ("markdown", "bbcode", "text"):
        code, out, _ = run(capsys, "post", str(tavern_file), "--turn", "5", "--format", fmt)
        assert code == 0 and "Turn 5" in out and "Ada" in out
        assert out.rstrip().rstrip("`").endswith(code_word)
    code, _, err = run(capsys, "post", str(tavern_file), "--turn", "99")
    assert code == 2 and "12 turns" in err


def test_verify_code_names_the_turn_and_whether_it_matches(tavern_file, capsys):
    game = load(tavern_file)
    good = f"kit:7-{game.log[6].hash[:8]}"
    code, out, _ = run(capsys, "verify", str(tavern_file), "--code", good)
    assert code == 0 and f"{good} matches turn 7 (Ada: draw)" in out
    code, _, err = run(capsys, "verify", str(tavern_file), "--code", "kit:7-00000000")
    assert code == 1 and "does not match turn 7" in err and good in err
    code, _, err = run(capsys, "verify", str(tavern_file), "--code", "kit:70-00000000")
    assert code == 1 and "12 turns" in err
    code, _, err = run(capsys, "verify", str(tavern_file), "--code", "hello")
    assert code == 1 and "not a kit verification code" in err


def test_a_code_posted_before_does_not_match_a_file_remade_from_another_seed(tavern_file, tmp_path, capsys):
    posted = f"kit:9-{load(tavern_file).log[8].hash[:8]}"
    remade = tmp_path / "remade.ipynb"
    save(play_tavern(12, seed="a-friendlier-seed"), remade, players=["Ana=Ada", "Bea=Bo"])
    assert run(capsys, "verify", str(remade))[0] == 0
    code, _, err = run(capsys, "verify", str(remade), "--code", posted)
    assert code == 1 and "does not match turn 9" in err


def test_every_command_has_help(capsys):
    assert set(COMMANDS) >= {"new", "log", "verify", "post"}
    for name in COMMANDS:
        with pytest.raises(SystemExit) as done:
            main([name, "--help"])
        assert done.value.code == 0
        out = capsys.readouterr().out
        assert out.startswith(f"usage: kit {name}")
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "verify" in capsys.readouterr().out


def test_usage_errors_are_one_line_exit_2(capsys):
    for argv in ([], ["fly"], ["post", "x.ipynb"], ["verify", "a.ipynb", "--code"]):
        code, _, err = run(capsys, *argv)
        assert code == 2 and err.count("\n") == 1 and "Traceback" not in err


def test_the_console_script_prints_no_traceback(tmp_path):
    path = tmp_path / "x.ipynb"
    path.write_text("{ truncated")
    kit = Path(sys.executable).with_name("kit")
    done = subprocess.run([str(kit), "verify", str(path)], capture_output=True, text=True, check=False)
    assert done.returncode == 2 and "Traceback" not in done.stderr and done.stderr.count("\n") == 1
    done = subprocess.run([str(kit), "verify", str(tmp_path / "none.ipynb")], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 2 and "no such file" in done.stderr


def test_log_and_post_refuse_a_tampered_game_naming_the_turn(tavern_file, capsys):
    tamper.forge_outcome(tavern_file, 6, rehash=True)
    for argv in (["log", str(tavern_file)], ["post", str(tavern_file), "--turn", "2"]):
        code, out, err = run(capsys, *argv)
        assert code == 1 and out == "" and "turn 6" in err and err.count("\n") == 1
