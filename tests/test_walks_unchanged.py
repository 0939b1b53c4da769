"""Twelve seeded walks through whole games write exactly the files they wrote before (the refactoring guard).

Each walk (:mod:`walks`) plays a system, open or sealed, through two chapter boundaries, every
turn appended through the kit's own write paths; the digests of every chapter file and of every
turn's outputs must be those in ``tests/golden/walks.json``. A change that means to change what
the kit writes regenerates them (``python tests/walks.py --write``) and says why in its commit.

The golden walks are the kit's own systems'. A system registered from elsewhere (the tests'
fourth system) has no golden digests to keep: its walks are played twice here, and must write
the same bytes both times and verify chapter by chapter.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from walks import GOLDEN, WALKS, all_fingerprints, kit_systems, walks_of

from kit.gamefile import verify
from kit.gamefile.chapters import chapter_path
from kit.systems import SYSTEMS

OTHERS = [name for name in SYSTEMS if name not in kit_systems()]
"""The registered systems without golden walks (registered from outside the kit)."""


@pytest.mark.slow
def test_every_walk_writes_the_same_bytes_as_before(tmp_path: Path):
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    found = all_fingerprints(tmp_path)
    assert sorted(found) == sorted(golden) and len(found) == len(WALKS) == 12
    for name, expected in golden.items():
        assert found[name]["files"] == expected["files"], f"{name}: a chapter file is not byte for byte what it was"
        assert found[name]["outputs"] == expected["outputs"], f"{name}: a turn's drawn output changed"
    assert sum(len(walk["outputs"]) for walk in found.values()) > 500


@pytest.mark.parametrize("system", OTHERS)
def test_a_system_without_golden_walks_writes_the_same_bytes_twice_and_each_chapter_verifies(system: str,
                                                                                           tmp_path: Path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first, again = (all_fingerprints(tmp_path / folder, walks_of([system])) for folder in ("a", "b"))
    assert first == again and len(first) == 4
    for name, found in first.items():
        assert len(found["files"]) == 3 and len(found["outputs"]) >= 48, name  # across two chapter boundaries
        for number in range(1, 4):
            report = verify(chapter_path(tmp_path / "a" / f"{name}.ipynb", number))
            assert report.ok, report.message
