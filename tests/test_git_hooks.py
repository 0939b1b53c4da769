"""Git-hosted games: the pre-commit hook and the GitHub Actions workflow that verify game notebooks."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from kit import gamefile
from kit.core.events import Event, canonical_json, outcome_digest
from kit.systems import system_info

ROOT = Path(__file__).resolve().parents[1]
HOOKS = ROOT / ".pre-commit-hooks.yaml"
WORKFLOW = ROOT / "docs" / "examples" / "verify-games.yml"
GUIDE = ROOT / "docs" / "git-hosted-games.md"
KIT = Path(sys.executable).with_name("kit")  # the venv's console script


def read_yaml(path: Path) -> Any:
    yaml = pytest.importorskip("yaml")
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def good_game(path: Path) -> Path:
    """An open Suit Pairs game with a character and a check: intact."""
    gamefile.create("suitpairs", path, players=["Ana"], seed="hooks")
    info = system_info("suitpairs")
    action = info.party[0][0]
    args = {"name": "Mira", **info.sheet("Mira")}
    if info.player_on_sheet:
        args["player"] = "Ana"
    gamefile.append_turn(path, action, args, expected_turn=0)
    gamefile.append_turn(path, "check", {"character": "Mira", "skill": "Defy", "difficulty": "Hard"}, expected_turn=1)
    return path


def forged_game(path: Path) -> Path:
    """A copy of the good game whose check came out otherwise, hashes recomputed as a careful forger would."""
    good_game(path)
    notebook = json.loads(path.read_text(encoding="utf-8"))
    meta = notebook["metadata"]["kit"]
    event = notebook["cells"][3]["metadata"]["kit"]["event"]  # turn 2: the check
    outcome = gamefile.load(path).log[1].outcome
    event["outcome_digest"] = outcome_digest(canonical_json({**outcome, "total": outcome.get("total", 0) + 5}))
    event["hash"] = Event.from_dict(event).expected_hash(meta["format_version"])
    meta["head"] = event["hash"]
    path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def plain_notebook(path: Path) -> Path:
    """A notebook that is no game at all: rules notes, say."""
    path.write_text(json.dumps({"cells": [{"cell_type": "markdown", "id": "notes", "metadata": {},
                                           "source": "# House rules"}],
                                "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
                                "nbformat": 4, "nbformat_minor": 5}), encoding="utf-8")
    return path


def kit_verify(*paths: Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(KIT), "verify", "--games-only", *map(str, paths)], capture_output=True, text=True,
                          cwd=cwd, timeout=120, check=False)


@pytest.fixture
def notebooks(tmp_path: Path) -> dict[str, Path]:
    return {"good": good_game(tmp_path / "good.ipynb"), "forged": forged_game(tmp_path / "forged.ipynb"),
            "plain": plain_notebook(tmp_path / "plain.ipynb")}


# -- the files themselves -------------------------------------------------------------------


def test_the_pre_commit_hook_runs_kit_verify_on_changed_notebooks():
    hooks = read_yaml(HOOKS)
    assert isinstance(hooks, list) and len(hooks) == 1
    hook = hooks[0]
    assert hook["id"] == "kit-verify" and hook["language"] == "python"
    assert hook["entry"].split() == ["kit", "verify", "--games-only"]
    assert hook["files"] == r"\.ipynb$" and hook["pass_filenames"] is True
    assert hook["name"] and hook["description"]


def test_the_workflow_installs_the_kit_from_its_source_and_verifies_every_notebook():
    workflow = read_yaml(WORKFLOW)
    triggers = workflow.get("on", workflow.get(True))  # YAML 1.1 reads a bare `on` as true
    assert set(triggers) == {"push", "pull_request"}
    (job,) = workflow["jobs"].values()
    steps = {step.get("name"): step for step in job["steps"]}
    assert any(step.get("uses", "").startswith("actions/checkout@") and step["with"]["submodules"] is True
               for step in job["steps"])
    install = steps["Install the kit"]["run"]
    assert install == 'python -m pip install "$KIT_SOURCE"' and job["env"]["KIT_SOURCE"] == "."
    project = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'name = "kit"' in project  # not published as kit-notebooks: the workflow installs from source
    text = WORKFLOW.read_text(encoding="utf-8")
    assert "kit-notebooks" not in text and "git+" not in text and "OWNER" not in text
    verify = steps["Verify every game notebook"]["run"]
    assert "'*.ipynb'" in verify and "kit verify --games-only" in verify


def test_the_guide_explains_both_in_plain_words():
    guide = GUIDE.read_text(encoding="utf-8")
    for needle in ("pre-commit install", "pre-commit run --all-files", "kit-verify", "verify-games.yml",
                   ".github/workflows/", "KIT_SOURCE", "git submodule add", "--games-only"):
        assert needle in guide, needle


# -- the hook's entry, as pre-commit runs it ---------------------------------------------------


def test_the_hook_entry_passes_a_good_game_fails_a_forged_one_and_skips_a_plain_notebook(notebooks):
    good = kit_verify(notebooks["good"])
    assert good.returncode == 0 and "intact" in good.stdout and good.stderr == ""
    forged = kit_verify(notebooks["forged"])
    assert forged.returncode == 1 and "NOT intact: turn 2" in forged.stderr and forged.stdout == ""
    plain = kit_verify(notebooks["plain"])
    assert plain.returncode == 0 and plain.stderr == ""
    assert plain.stdout == f"{notebooks['plain']}: skipped: a notebook, not a kit game notebook\n"


def test_the_hook_entry_checks_every_file_it_is_given_on_its_own(notebooks, tmp_path):
    everything = kit_verify(notebooks["plain"], notebooks["good"], notebooks["forged"])
    assert everything.returncode == 1
    assert everything.stdout.count("\n") == 2 and everything.stderr.count("\n") == 1
    assert "NOT intact: turn 2" in everything.stderr and str(notebooks["forged"]) in everything.stderr
    copy = tmp_path / "copy.ipynb"
    shutil.copy(notebooks["good"], copy)
    same = kit_verify(notebooks["good"], copy, notebooks["plain"])  # two copies: verified, not compared
    assert same.returncode == 0 and same.stdout.count("intact") == 2 and "same" not in same.stdout


def test_the_hook_entry_fails_a_file_that_is_not_a_notebook_or_a_damaged_game(tmp_path, notebooks):
    broken = tmp_path / "broken.ipynb"
    broken.write_text(notebooks["good"].read_text(encoding="utf-8")[:500], encoding="utf-8")
    damaged = tmp_path / "damaged.ipynb"
    notebook = json.loads(notebooks["good"].read_text(encoding="utf-8"))
    notebook["metadata"]["kit"]["format"] = "something else"
    damaged.write_text(json.dumps(notebook), encoding="utf-8")
    for path in (broken, damaged):
        result = kit_verify(path)
        assert result.returncode == 2 and "not a game notebook" in result.stderr and result.stderr.count("\n") == 1
    assert kit_verify(notebooks["good"], broken).returncode == 2
    code = subprocess.run([str(KIT), "verify", "--games-only", "--code", "kit:1-00000000", str(notebooks["good"])],
                          capture_output=True, text=True, timeout=120, check=False)
    assert code.returncode == 2 and "--code" in code.stderr


# -- the workflow's verifying step, run in a git repository ----------------------------------


@pytest.mark.skipif(shutil.which("git") is None or shutil.which("bash") is None, reason="needs git and bash")
def test_the_workflow_step_fails_the_job_on_a_forged_game_anywhere_in_the_repository(tmp_path, notebooks):
    workflow = read_yaml(WORKFLOW)
    (job,) = workflow["jobs"].values()
    step = next(step["run"] for step in job["steps"] if step.get("name") == "Verify every game notebook")
    repo = tmp_path / "games"
    (repo / "campaign" / "notes").mkdir(parents=True)
    shutil.copy(notebooks["good"], repo / "campaign" / "chapter-1.ipynb")
    shutil.copy(notebooks["plain"], repo / "campaign" / "notes" / "house-rules.ipynb")
    environment = {**os.environ, "PATH": f"{KIT.parent}{os.pathsep}{os.environ.get('PATH', '')}",
                   "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}

    def git(*argv: str) -> None:
        subprocess.run(["git", *argv], cwd=repo, env=environment, check=True, capture_output=True, timeout=60)

    def job_step() -> subprocess.CompletedProcess[str]:
        return subprocess.run(["bash", "-e", "-o", "pipefail", "-c", step], cwd=repo, env=environment,
                              capture_output=True, text=True, timeout=300, check=False)

    git("init", "-q")
    assert job_step().returncode == 0  # no notebooks yet: nothing to verify
    git("add", ".")
    passed = job_step()
    assert passed.returncode == 0, passed.stderr
    assert "chapter-1.ipynb: intact" in passed.stdout and "house-rules.ipynb: skipped" in passed.stdout
    shutil.copy(notebooks["forged"], repo / "campaign" / "chapter-2.ipynb")
    git("add", ".")
    failed = job_step()
    assert failed.returncode != 0 and "chapter-2.ipynb: NOT intact: turn 2" in failed.stderr
