"""The sample games: at least 30 turns each, the systems' main actions, rerunnable byte for byte.

Every registered system's sample is played from its recipe (``SystemInfo.sample``); the files the
kit ships in ``notebooks/games`` are those the script writes. A system registered only by the
tests (the fourth system) ships no file: its sample is written and checked the same way.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
from gf_helpers import SAMPLES

from kit.gamefile import load_file, verify
from kit.systems import SYSTEMS, system_info

ROOT = Path(__file__).resolve().parents[2]


def _shipped(system: str) -> bool:
    """Whether the kit ships the system's sample file (a system registered only by the tests has none)."""
    return (SAMPLES / f"{system}-sample.ipynb").exists()


def _script():
    spec = importlib.util.spec_from_file_location("make_sample_games", ROOT / "scripts" / "make_sample_games.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_sample_has_thirty_turns_of_the_main_actions_and_verifies(system: str, tmp_path: Path):
    path = SAMPLES / f"{system}-sample.ipynb" if _shipped(system) else _script().write_sample(system, tmp_path)
    assert verify(path).ok
    loaded = load_file(path)
    shows = system_info(system).sample.shows
    assert loaded.game.system == system and loaded.game.turn >= 30
    assert shows <= {event.action for event in loaded.game.log}
    assert any(event.rigged for event in loaded.game.log) and any(not event.rigged for event in loaded.game.log)
    assert loaded.players


def test_samples_are_rewritten_byte_for_byte(tmp_path: Path):
    written = _script().write_samples(tmp_path)
    with_samples = [name for name in SYSTEMS if system_info(name).sample is not None]  # (not the tavern's)
    assert sorted(p.name for p in written) == sorted(f"{name}-sample.ipynb" for name in with_samples)
    for path in written:
        if _shipped(path.name.removesuffix("-sample.ipynb")):
            assert path.read_bytes() == (SAMPLES / path.name).read_bytes(), path.name
        else:  # no file shipped to compare with: the same bytes when written again
            assert path.read_bytes() == _script().write_sample(path.name.removesuffix("-sample.ipynb"),
                                                               tmp_path / "again").read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir() if p.is_file()) == sorted(p.name for p in written)
    assert {p.name for p in SAMPLES.glob("*-sample.ipynb")} <= {p.name for p in written}  # every shipped one


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_sample_turn_sources_read_as_calls(system: str, tmp_path: Path):
    path = SAMPLES / f"{system}-sample.ipynb" if _shipped(system) else _script().write_sample(system, tmp_path)
    nb = json.loads(path.read_text(encoding="utf-8"))
    for cell in nb["cells"][2:]:
        source = "".join(cell["source"])
        assert source.startswith("game.") and "\n" not in source
        compile(source, "turn", "eval")
