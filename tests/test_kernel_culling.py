"""Kernels of closed pages are culled, on `make play`'s Voilà and on Binder, and open pages keep theirs.

Voilà's own shutdown on closing a page is refused (its request lacks the ``_xsrf`` argument), so
the servers cull instead: ``voila.json`` (read by ``make play`` and the browser tests) and
``binder/jupyter_server_config.json`` (put on Jupyter's config path by ``binder/start``, which
repo2docker runs before the server) shut down a kernel that has had no page connected and no
activity for the timeout. ``cull_connected`` stays false, so a player reading an open table for
an hour keeps the kernel. The browser test ``tests/browser/test_kernels_browser.py`` watches it
happen with a short timeout.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[1]
CULLING = "MappingKernelManager"
GENEROUS = 15 * 60
"""The least idle time, in seconds, before a closed page's kernel may go: a reload or a flaky phone comes back."""


def culling_of(path: Path) -> dict[str, object]:
    """The kernel-culling section of a JSON config file."""
    section = json.loads(path.read_text(encoding="utf-8")).get(CULLING)
    assert isinstance(section, dict), f"{path.name} has no {CULLING} section"
    return section


@pytest.mark.parametrize("config", ["voila.json", "binder/jupyter_server_config.json"])
def test_the_servers_cull_only_kernels_no_page_holds(config: str) -> None:
    section = culling_of(REPO_ROOT / config)

    assert isinstance(section["cull_idle_timeout"], int) and section["cull_idle_timeout"] >= GENEROUS
    assert isinstance(section["cull_interval"], int) and 0 < section["cull_interval"] <= section["cull_idle_timeout"]
    assert section["cull_connected"] is False  # an open page keeps its kernel however long it is read
    assert section["cull_busy"] is False  # a kernel in the middle of a turn is never cut off


def test_binder_and_make_play_cull_alike() -> None:
    assert culling_of(REPO_ROOT / "voila.json") == culling_of(REPO_ROOT / "binder" / "jupyter_server_config.json")


def test_binder_start_puts_the_culling_config_on_jupyters_path(tmp_path: Path) -> None:
    start = REPO_ROOT / "binder" / "start"
    assert os.access(start, os.X_OK), "repo2docker runs binder/start only when it is executable"
    env = {key: value for key, value in os.environ.items() if not key.startswith("JUPYTER")}
    env.update(JUPYTER_CONFIG_DIR=str(tmp_path / "config"), JUPYTER_DATA_DIR=str(tmp_path / "data"),
               JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"))
    jupyter = Path(sys.executable).parent / "jupyter"
    shown = subprocess.run([str(start), str(jupyter), "server", "--show-config"], cwd=REPO_ROOT, env=env,
                           capture_output=True, text=True, timeout=120, check=False)

    assert shown.returncode == 0, shown.stderr[-2000:]
    assert str(REPO_ROOT / "binder" / "jupyter_server_config.json") in shown.stdout
    lines = [line.strip() for line in shown.stdout.splitlines()]
    assert ".cull_idle_timeout = 1800" in lines and ".cull_connected = False" in lines
