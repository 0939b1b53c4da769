"""The remembered indented JSON writes exactly what json.dumps(indent=1, sort_keys=True) writes, every time."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gf_helpers import copy_sample
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.gamefile import pretty_json
from kit.gamefile.chapters import split
from kit.gamefile.notebook import metadata_text, notebook_metadata, read_raw
from kit.gamefile.pretty_json import REMEMBERED_CHARACTERS, REMEMBERED_FROM, indented_json, plain_indented_json
from kit.systems import SYSTEMS

scalars = (st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=40)
           | st.text(st.characters(codec="utf-8"), min_size=REMEMBERED_FROM, max_size=REMEMBERED_FROM + 20))
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=6), inner, max_size=5),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None)
@given(json_values, json_values)
def test_the_same_text_as_the_plain_encoder_before_and_after_remembering(value, other):
    expected = plain_indented_json(value)
    assert indented_json(value) == expected
    assert indented_json({"x": value, "y": other}) == plain_indented_json({"x": value, "y": other})
    assert indented_json(value) == expected  # remembered now: still the same bytes


def test_a_changed_member_is_written_anew_not_remembered_text():
    big = {"checkpoint": {"deck": [f"card {n}" for n in range(80)], "turn": 1}, "head": "a" * 64}
    first = indented_json({"kit": big})
    big["checkpoint"]["turn"] = 2
    second = indented_json({"kit": big})
    assert second != first
    assert second == plain_indented_json({"kit": big})


def test_what_is_remembered_is_bounded_by_its_size():
    for number in range(300):
        indented_json({"x": [f"{number}"] * 4000})  # some 24,000 characters each, compact and indented
    held = sum(len(key) + len(text) for key, text in pretty_json._remembered.items())
    assert held == pretty_json._remembered_size
    assert 0 < held <= REMEMBERED_CHARACTERS


def test_a_value_too_large_to_keep_is_written_but_not_remembered():
    huge = {"x": ["a" * 1000] * (REMEMBERED_CHARACTERS // 4000)}
    assert indented_json(huge) == plain_indented_json(huge)
    assert all(len(key) < REMEMBERED_CHARACTERS // 4 for key in pretty_json._remembered)


def test_values_json_cannot_hold_are_refused_as_by_the_encoder():
    with pytest.raises(TypeError):
        plain_indented_json({"x": {1, 2}})
    with pytest.raises(TypeError):
        indented_json({"x": {1, 2}})


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_a_chapter_metadata_is_written_as_before(tmp_path: Path, system: str):
    chapters = split(copy_sample(system, tmp_path), tmp_path / "chapters", chapter_turns=20)
    metadata = notebook_metadata(read_raw(chapters[-1]).header)
    assert "checkpoint" in metadata["kit"]
    expected = json.dumps(metadata, indent=1, sort_keys=True, separators=(",", ": "), ensure_ascii=False)
    assert metadata_text(metadata) == expected.replace("\n", "\n ")
    assert metadata_text(metadata) == expected.replace("\n", "\n ")
