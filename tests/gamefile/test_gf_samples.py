"""The sample games: at least 30 turns each, the systems' main actions, rerunnable byte for byte."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
from gf_helpers import SAMPLES

from kit.gamefile import load_file, verify

ROOT = Path(__file__).resolve().parents[2]
MAIN_ACTIONS = {
    "suitpairs": {"create_character", "check", "reroll", "accept", "award", "take_away"},
    "rollunder": {"add_character", "start_play", "test", "opposed_test", "spend_fate_card", "start_combat",
                  "attack", "attack_and_defend", "free_attack", "withdraw", "next_round", "end_combat",
                  "advance_time", "heal_stamina", "heal_physical", "treat", "take_physicane"},
    "falkefateifaux": {"add_character", "flip", "choose", "guide", "discard", "mulligan", "prepare",
                       "trust_the_fates", "end_scene", "award_fate", "add_condition", "injure", "heal"},
}


def _script():
    spec = importlib.util.spec_from_file_location("make_sample_games", ROOT / "scripts" / "make_sample_games.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("system", sorted(MAIN_ACTIONS))
def test_sample_has_thirty_turns_of_the_main_actions_and_verifies(system: str):
    path = SAMPLES / f"{system}-sample.ipynb"
    assert verify(path).ok
    loaded = load_file(path)
    assert loaded.game.system == system and loaded.game.turn >= 30
    assert MAIN_ACTIONS[system] <= {event.action for event in loaded.game.log}
    assert any(event.rigged for event in loaded.game.log) and any(not event.rigged for event in loaded.game.log)
    assert loaded.players


def test_samples_are_rewritten_byte_for_byte(tmp_path: Path):
    written = _script().write_samples(tmp_path)
    assert sorted(p.name for p in written) == sorted(f"{s}-sample.ipynb" for s in MAIN_ACTIONS)
    for path in written:
        assert path.read_bytes() == (SAMPLES / path.name).read_bytes(), path.name
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in written)


@pytest.mark.parametrize("system", sorted(MAIN_ACTIONS))
def test_sample_turn_sources_read_as_calls(system: str):
    nb = json.loads((SAMPLES / f"{system}-sample.ipynb").read_text(encoding="utf-8"))
    for cell in nb["cells"][2:]:
        source = "".join(cell["source"])
        assert source.startswith("game.") and "\n" not in source
        compile(source, "turn", "eval")
