"""Binder: binder/ alone builds an environment whose Jupyter Server serves the notebooks through Voilà.

The slow test does what repo2docker does with binder/: a fresh virtual environment, then
`pip install -r binder/requirements.txt` from the root of a copy of the repository (the
files a commit of this tree would hold); then it starts `jupyter server` from that
environment on loopback without a token, as Binder does, and opens
`/voila/render/<notebook>` in Chromium.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from packaging.specifiers import SpecifierSet
from packaging.version import Version

sys.path.insert(0, str(Path(__file__).resolve().parent / "browser"))

from playwright.sync_api import Browser
from voila_harness import (
    ARTIFACTS_DIR,
    LOOPBACK,
    ServerProcess,
    VoilaPage,
    chromium_missing_reason,
    free_port,
    http_status,
    shared_chromium,
    start_server,
)

REPO_ROOT = Path(__file__).resolve().parents[1]
BINDER_DIR = REPO_ROOT / "binder"
LOG_DIR = ARTIFACTS_DIR / "logs"

# The notebooks the Binder badge and its links open: the welcome page (with its table) and a table.
BINDER_NOTEBOOKS = ["notebooks/welcome.ipynb", "notebooks/tables/suitpairs.ipynb"]
# Proves the mechanism while those notebooks do not exist yet.
MECHANISM_NOTEBOOK = "tests/browser/notebooks/bare_button.ipynb"
# Files a repository copy never needs (all git-ignored or git's own).
NOT_COPIED = shutil.ignore_patterns(
    ".git", ".venv", "__pycache__", "*.egg-info", "build", ".hypothesis", ".benchmarks", ".pytest_cache",
    ".ruff_cache", ".ipynb_checkpoints", "artifacts",
)


def requirement_lines() -> list[str]:
    """Return binder/requirements.txt without comments and blank lines."""
    text = (BINDER_DIR / "requirements.txt").read_text(encoding="utf-8")
    lines = (line.split("#", 1)[0].strip() for line in text.splitlines())
    return [line for line in lines if line]


def pyproject() -> dict[str, object]:
    """Return pyproject.toml as a dictionary."""
    with (REPO_ROOT / "pyproject.toml").open("rb") as handle:
        return tomllib.load(handle)


def test_requirements_install_the_kit_from_the_repository_root() -> None:
    assert requirement_lines()[0] == "."


def test_requirements_pin_exactly_the_kit_dependencies() -> None:
    project = pyproject()["project"]
    assert isinstance(project, dict)
    pins = [line for line in requirement_lines() if line != "."]

    assert sorted(pins) == sorted(project["dependencies"])
    assert all("==" in pin for pin in pins)


def test_runtime_is_a_python_the_kit_supports() -> None:
    runtime = (BINDER_DIR / "runtime.txt").read_text(encoding="utf-8").strip()
    project = pyproject()["project"]
    assert isinstance(project, dict)

    assert runtime == "python-3.11"
    assert Version(runtime.removeprefix("python-")) in SpecifierSet(str(project["requires-python"]))


def repository_files(root: Path) -> list[Path]:
    """List what a commit of the working tree would hold: tracked and untracked files git does not ignore."""
    listing = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=root, capture_output=True, check=True,
    )
    names = [name for name in listing.stdout.decode().split("\0") if name]
    return [Path(name) for name in names if (root / name).is_file()]


def copy_repository(target: Path) -> None:
    """Copy the repository's files (not its environments or caches) into ``target``."""
    try:
        files = repository_files(REPO_ROOT)
    except (OSError, subprocess.CalledProcessError):
        shutil.copytree(REPO_ROOT, target, ignore=NOT_COPIED)
        return
    for name in files:
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO_ROOT / name, target / name)


def clean_environment(venv: Path, **extra: str) -> dict[str, str]:
    """Return this process's environment with ``venv`` first on PATH and no trace of the kit's own venv."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(("VIRTUAL_ENV", "PYTHON", "JUPYTER"))}
    own_bin = str(Path(sys.executable).parent)
    path = [entry for entry in env.get("PATH", "/usr/bin:/bin").split(os.pathsep) if entry != own_bin]
    env["PATH"] = os.pathsep.join([str(venv / "bin"), *path])
    env["VIRTUAL_ENV"] = str(venv)
    env.update(extra)
    return env


@dataclass(frozen=True)
class BinderEnvironment:
    """A copy of the repository and the virtual environment built from its binder/ folder."""

    repo: Path
    venv: Path
    build_seconds: float


@pytest.fixture(scope="module")
def binder_environment(tmp_path_factory: pytest.TempPathFactory) -> BinderEnvironment:
    """Build a fresh virtual environment from binder/requirements.txt, as repo2docker does."""
    reason = chromium_missing_reason()
    if reason:
        pytest.skip(reason)
    runtime = (BINDER_DIR / "runtime.txt").read_text(encoding="utf-8").strip()
    here = f"python-{sys.version_info.major}.{sys.version_info.minor}"
    if runtime != here:
        pytest.skip(f"binder/runtime.txt asks for {runtime}; these tests run on {here}")
    root = tmp_path_factory.mktemp("binder")
    repo, venv = root / "repo", root / "venv"
    copy_repository(repo)
    LOG_DIR.mkdir(parents=True, exist_ok=True)
    log_path = LOG_DIR / "binder-build.log"
    start = time.perf_counter()
    with log_path.open("w", encoding="utf-8") as log:
        steps = (
            [sys.executable, "-m", "venv", str(venv)],
            [str(venv / "bin" / "python"), "-m", "pip", "install", "--disable-pip-version-check", "-r",
             "binder/requirements.txt"],
        )
        for step in steps:
            log.write("$ " + " ".join(step) + "\n")
            log.flush()
            done = subprocess.run(step, cwd=repo, env=clean_environment(venv), stdout=log, stderr=subprocess.STDOUT,
                                  timeout=900, check=False)
            if done.returncode != 0:
                log.flush()
                tail = "\n".join(log_path.read_text(encoding="utf-8").splitlines()[-30:])
                pytest.fail(f"{' '.join(step)} failed with code {done.returncode}; log {log_path}:\n{tail}")
        seconds = time.perf_counter() - start
        log.write(f"# environment built in {seconds:.1f} s\n")
    return BinderEnvironment(repo=repo, venv=venv, build_seconds=seconds)


@pytest.fixture(scope="module")
def binder_server(binder_environment: BinderEnvironment, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Run `jupyter server` from the Binder environment, token-less on loopback; yield its base URL."""
    jupyter_home = tmp_path_factory.mktemp("jupyter-home")
    env = clean_environment(
        binder_environment.venv,
        JUPYTER_CONFIG_DIR=str(jupyter_home / "config"),
        JUPYTER_DATA_DIR=str(jupyter_home / "data"),
        JUPYTER_RUNTIME_DIR=str(jupyter_home / "runtime"),
    )
    port = free_port()
    command = [
        str(binder_environment.venv / "bin" / "jupyter"), "server", "--no-browser",
        f"--ServerApp.ip={LOOPBACK}", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
        "--ServerApp.token=", "--ServerApp.password=",
    ]
    if os.geteuid() == 0:
        command.append("--allow-root")  # Binder runs as an ordinary user; containers here run as root
    server: ServerProcess = start_server(
        command, base_url=f"http://{LOOPBACK}:{port}/", cwd=binder_environment.repo,
        log_path=LOG_DIR / "binder-jupyter-server.log", env=env,
    )
    try:
        yield server.base_url
    finally:
        server.stop()


@pytest.fixture(scope="module")
def binder_browser() -> Iterator[Browser]:
    """Debian's Chromium for the Binder checks."""
    with shared_chromium() as chromium:
        yield chromium


@pytest.mark.slow
@pytest.mark.browser
def test_binder_environment_enables_voila_in_jupyter_server(binder_environment: BinderEnvironment) -> None:
    listing = subprocess.run(
        [str(binder_environment.venv / "bin" / "jupyter"), "server", "extension", "list"],
        cwd=binder_environment.repo, env=clean_environment(binder_environment.venv),
        capture_output=True, text=True, timeout=120, check=True,
    )
    lines = (listing.stdout + listing.stderr).splitlines()

    assert any("voila.server_extension" in line and "enabled" in line for line in lines), "\n".join(lines)
    assert binder_environment.build_seconds < 600


@pytest.mark.slow
@pytest.mark.browser
def test_binder_server_reads_voila_json(binder_server: str) -> None:
    files = f"{binder_server}voila/files/"

    assert http_status(files + MECHANISM_NOTEBOOK) == 200  # Voilà's default allows images only
    assert http_status(files + ".gitignore") == 403


@pytest.mark.slow
@pytest.mark.browser
def test_binder_serves_a_widget_round_trip(binder_server: str, binder_browser: Browser) -> None:
    context = binder_browser.new_context()
    try:
        page = VoilaPage(context.new_page(), binder_server)
        page.open(MECHANISM_NOTEBOOK, ready=".kit-bare-button", text="Not pressed yet")

        page.click(".kit-bare-button")
        page.page.get_by_text("Pressed 1 time(s)").wait_for()

        assert "def on_press" not in page.page.content()
        page.assert_clean()
    finally:
        context.close()


@pytest.mark.slow
@pytest.mark.browser
@pytest.mark.parametrize(
    "notebook",
    [
        pytest.param(
            name,
            marks=pytest.mark.skipif(
                not (REPO_ROOT / name).exists(), reason=f"{name} does not exist yet; Binder's link will open it"
            ),
        )
        for name in BINDER_NOTEBOOKS
    ],
)
def test_binder_renders_notebook_widgets(notebook: str, binder_server: str, binder_browser: Browser) -> None:
    context = binder_browser.new_context()
    try:
        page = VoilaPage(context.new_page(), binder_server)
        page.open(notebook, ready=".jupyter-widgets")
        page.screenshot(f"binder-{notebook}")

        page.assert_clean()
    finally:
        context.close()
