"""Settling the heap after a cell that builds views: frozen once per such cell, thawed and collected at the next."""

from __future__ import annotations

import gc
import shutil
from pathlib import Path

import pytest

from kit.widgets.heap import settle_after_cell

REPO_ROOT = Path(__file__).resolve().parents[2]


def test_outside_ipython_nothing_is_asked_for_and_nothing_frozen():
    frozen = gc.get_freeze_count()
    assert settle_after_cell() is False
    assert gc.get_freeze_count() == frozen


def test_in_a_kernel_the_cell_that_builds_a_table_leaves_it_frozen_and_the_next_one_thaws_first(tmp_path):
    manager = pytest.importorskip("jupyter_client.manager")
    shutil.copy(REPO_ROOT / "notebooks" / "games" / "falkefateifaux-sample.ipynb", tmp_path)
    kernel, client = manager.start_new_kernel(kernel_name="python3", extra_arguments=[], startup_timeout=60)

    def run(code: str) -> str:
        outputs: list[str] = []
        reply = client.execute_interactive(code, timeout=120, output_hook=lambda msg: outputs.append(
            msg["content"].get("text", "")) if msg["msg_type"] == "stream" else None)
        assert reply["content"]["status"] == "ok", reply["content"]
        return "".join(outputs).strip()

    try:
        assert run("import gc, weakref\nprint(gc.get_freeze_count())") == "0"
        run(f"from kit.widgets.table import Table\ntable = Table('falkefateifaux', games_dir={str(tmp_path)!r})")
        frozen = int(run("print(gc.get_freeze_count())"))
        assert frozen > 10_000, "the table's objects are frozen once its cell has run"
        assert int(run("print(len(gc.get_objects(2)))")) < frozen // 10, "what a full pass goes over is small"

        run("scratch = [[] for _ in range(1_000)]")
        assert int(run("print(gc.get_freeze_count())")) <= frozen, "a cell that builds no view freezes nothing new"

        run("class Node: pass\nnode = Node()\nnode.me = node\ngone = weakref.ref(node)\n"
            f"again = Table('falkefateifaux', games_dir={str(tmp_path)!r})")
        assert run("print(gone() is None)") == "False"
        run(f"del node\nonce_more = Table('falkefateifaux', games_dir={str(tmp_path)!r})")
        assert run("print(gone() is None)") == "True", "a settle thaws what it froze before, so a let-go cycle goes"
    finally:
        client.stop_channels()
        kernel.shutdown_kernel(now=True)
