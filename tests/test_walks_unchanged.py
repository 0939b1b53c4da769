"""Twelve seeded walks through whole games write exactly the files they wrote before (the refactoring guard).

Each walk (:mod:`walks`) plays a system, open or sealed, through two chapter boundaries, every
turn appended through the kit's own write paths; the digests of every chapter file and of every
turn's outputs must be those in ``tests/golden/walks.json``. A change that means to change what
the kit writes regenerates them (``python tests/walks.py --write``) and says why in its commit.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from walks import GOLDEN, WALKS, all_fingerprints


@pytest.mark.slow
def test_every_walk_writes_the_same_bytes_as_before(tmp_path: Path):
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    found = all_fingerprints(tmp_path)
    assert sorted(found) == sorted(golden) and len(found) == len(WALKS) == 12
    for name, expected in golden.items():
        assert found[name]["files"] == expected["files"], f"{name}: a chapter file is not byte for byte what it was"
        assert found[name]["outputs"] == expected["outputs"], f"{name}: a turn's drawn output changed"
    assert sum(len(walk["outputs"]) for walk in found.values()) > 500
