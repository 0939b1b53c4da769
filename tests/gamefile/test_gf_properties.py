"""Invariants: any played game round-trips through its file, and call sources read back as the values."""

from __future__ import annotations

import tempfile
from pathlib import Path

from gf_helpers import TavernGame
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.gamefile import load, save, verify
from kit.gamefile.source import py_literal

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None)
@given(json_values)
def test_py_literal_reads_back_as_the_value(value):
    assert eval(py_literal(value), {}) == value  # evaluates a literal written by py_literal


moves = st.lists(
    st.tuples(st.sampled_from(["Ada", "Bo", "<b>Cy</b>"]), st.integers(1, 3), st.integers(-2, 2), st.booleans()),
    max_size=12,
)


@settings(max_examples=20, deadline=None)
@given(st.text(st.characters(categories=("L", "N", "P")), min_size=1, max_size=12).map(str.strip).filter(bool), moves)
def test_any_played_game_round_trips_through_its_file(seed, plays):
    game = TavernGame(seed, practice=True)
    for name in ("Ada", "Bo", "<b>Cy</b>"):
        game.join(name)
    for who, count, bonus, rigged in plays:
        if rigged:
            game.rig(dice=[count + 3])
        game.draw(who, count, bonus=bonus)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.ipynb"
        save(game, path, players=["Ana=Ada"])
        assert verify(path).ok
        again = load(path)
    assert again.fingerprint() == game.fingerprint()
    assert [e.hash for e in again.log] == [e.hash for e in game.log]
