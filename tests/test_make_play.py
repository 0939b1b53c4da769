"""``make play`` serves the games folder the README names: ``KIT_GAMES_DIR`` when it is set, else play/games."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _dry_run(*assignments: str) -> str:
    """What ``make play`` would run (``make -n``), with variables given on the command line or in the environment."""
    return subprocess.run(["make", "-n", "-C", str(ROOT), "play", *assignments], capture_output=True, text=True,
                          check=True).stdout


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_play_serves_kit_games_dir_when_it_is_set(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("KIT_GAMES_DIR", str(tmp_path / "our-games"))
    commands = _dry_run()
    assert f'KIT_GAMES_DIR="{tmp_path / "our-games"}"' in commands
    assert f"mkdir -p {tmp_path / 'our-games'}" in commands
    assert "play/games" not in commands


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_play_serves_play_games_by_default(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("KIT_GAMES_DIR", raising=False)
    assert f'KIT_GAMES_DIR="{ROOT / "play" / "games"}"' in _dry_run()
