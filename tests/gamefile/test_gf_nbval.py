"""Saved outputs are the log: ``pytest --nbval`` passes on an intact game and fails on a tampered one."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import gf_tamper as tamper
import pytest

from kit import systems
from kit.gamefile import save


def _small_game(path: Path) -> None:
    game = systems.new_game("suitpairs", seed="nbval-small", practice=True)
    game.create_character("Mira", "Baker", 3, 2, 2, 3, ["Defy", "Analyze", "Stealth", "Help"])
    game.check("Mira", "Defy", "Hard")
    game.rig(dice=[6, 5]).reroll("Mira", pay="Strength")
    game.accept("Mira")
    game.award("Mira", "Charisma", reason="a <b>good</b> song")
    save(game, path, players=["Ana=Mira"])


@pytest.mark.slow
def test_nbval_passes_on_an_intact_game_and_fails_on_tampered_ones(tmp_path: Path):
    intact, output, argument = (tmp_path / f"{name}.ipynb" for name in ("intact", "output", "argument"))
    for path in (intact, output, argument):
        _small_game(path)
    tamper.edit_output(output, 2)
    tamper.edit_argument_in_source(argument, 5)
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--nbval", "-p", "no:cacheprovider", "-rA", "-q",
         intact.name, output.name, argument.name],
        cwd=tmp_path, capture_output=True, text=True, timeout=300, check=False,
    )
    report = done.stdout + done.stderr
    outcomes = re.findall(r"^(PASSED|FAILED) (\w+)\.ipynb::Cell (\d+)", report, re.MULTILINE)
    failed = {(name, int(cell)) for status, name, cell in outcomes if status == "FAILED"}
    passed = {(name, int(cell)) for status, name, cell in outcomes if status == "PASSED"}
    assert {("intact", cell) for cell in range(6)} <= passed, report
    assert not any(name == "intact" for name, _ in failed), report
    # nbval numbers code cells from 0: the setup cell is cell 0, turn N is cell N.
    assert ("output", 2) in failed and ("argument", 5) in failed, report
    assert done.returncode == 1
