"""Untrusted files are data: loading never executes code from the file, and player text is escaped."""

from __future__ import annotations

import json
from pathlib import Path

import gf_tamper as tamper
import nbformat
import pytest
from gf_helpers import TavernGame

from kit import systems
from kit.gamefile import NotAGameFileError, load, save, verify
from kit.gamefile.errors import BrokenGameError
from kit.render import to_html

EVIL = "<img src=x onerror=alert(1)>"


@pytest.mark.parametrize(("content", "why"), [
    (b"", "not JSON"),
    (b"this is not a notebook", "not JSON"),
    (b"\xff\xfe\x00garbage", "not JSON"),
    (b'["a", "list"]', "nbformat 4"),
    (b'{"nbformat": 3, "cells": []}', "nbformat 4"),
    (b'{"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": []}', "no kit game metadata"),
])
def test_files_that_are_not_game_notebooks_are_refused_clearly(tmp_path: Path, content: bytes, why: str):
    path = tmp_path / "x.ipynb"
    path.write_bytes(content)
    with pytest.raises(NotAGameFileError, match=why):
        load(path)
    with pytest.raises(NotAGameFileError, match=why):
        verify(path)


def test_a_truncated_game_file_is_not_a_game_notebook(tavern_file: Path):
    data = tavern_file.read_bytes()
    tavern_file.write_bytes(data[: len(data) // 2])
    with pytest.raises(NotAGameFileError, match="truncated"):
        load(tavern_file)


def test_a_plain_notebook_is_not_a_game_notebook(tmp_path: Path):
    path = tmp_path / "plain.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1")]), path)
    with pytest.raises(NotAGameFileError, match="kit game metadata"):
        verify(path)


def test_a_missing_file_is_named(tmp_path: Path):
    with pytest.raises(NotAGameFileError, match="no such file"):
        load(tmp_path / "absent.ipynb")


def test_malformed_metadata_is_refused(tavern_file: Path):
    nb = tamper.read(tavern_file)
    nb["metadata"]["kit"]["seed"] = 42
    tamper.write(tavern_file, nb)
    with pytest.raises(NotAGameFileError, match="'seed'"):
        load(tavern_file)


def test_an_unknown_system_is_refused(tavern_file: Path):
    nb = tamper.read(tavern_file)
    nb["metadata"]["kit"]["system"] = "os.system"
    tamper.write(tavern_file, nb)
    with pytest.raises(NotAGameFileError, match="does not know"):
        load(tavern_file)


def test_a_malformed_event_names_its_turn(tavern_file: Path):
    nb = tamper.read(tavern_file)
    tamper.turn_cells(nb)[3]["metadata"]["kit"]["event"] = {"index": "four"}
    tamper.write(tavern_file, nb)
    report = verify(tavern_file)
    assert report.turn == 4 and "malformed event" in report.message


def test_code_in_a_hand_edited_file_is_never_executed(tavern_file: Path, tmp_path: Path):
    marker = tmp_path / "MARKER"
    payload = f"open({str(marker)!r}, 'w').write('ran')"
    nb = tamper.read(tavern_file)
    nb["cells"][1]["source"] = payload + "\n" + "".join(nb["cells"][1]["source"])
    tamper.turn_cells(nb)[2]["source"] = payload
    tamper.write(tavern_file, nb)
    with pytest.raises(BrokenGameError, match="setup cell"):
        load(tavern_file)
    assert not verify(tavern_file).ok
    assert not marker.exists()
    nb["cells"][1]["source"] = ('from kit import systems\n\ngame = systems.new_game("tavern", seed="tavern-seed", '
                                'practice=True, players={"Ana": ["Ada"], "Bea": ["Bo"]})')
    tamper.write(tavern_file, nb)
    report = verify(tavern_file)
    assert report.turn == 3 and "source was edited" in report.message
    assert not marker.exists()


def _html_outputs(path: Path) -> list[str]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return ["".join(out["data"]["text/html"]) for cell in nb["cells"] for out in cell.get("outputs", [])
            if "text/html" in out.get("data", {})]


def test_a_hostile_character_name_is_escaped_in_every_html_output(tmp_path: Path):
    game = TavernGame("evil", practice=True)
    game.join(EVIL)
    game.draw(EVIL, 2)
    path = tmp_path / "evil.ipynb"
    save(game, path, players=[f"{EVIL}={EVIL}"])
    outputs = _html_outputs(path)
    assert len(outputs) == 2
    for html in outputs + [result._repr_html_() for result in game.results]:
        assert "<img" not in html and "&lt;img src=x onerror=alert(1)&gt;" in html
    header = json.loads(path.read_text(encoding="utf-8"))["cells"][0]["source"]
    assert "<img" not in "".join(header)
    assert verify(path).ok


def test_a_hostile_name_is_escaped_by_a_real_system_and_the_renderers(tmp_path: Path):
    game = systems.new_game("suitpairs", seed="evil", practice=True)
    game.create_character(EVIL, EVIL, 3, 2, 2, 3, ["Defy", "Analyze", "Stealth", "Help"])
    game.check(EVIL, "Defy", "Hard")
    game.accept(EVIL)
    path = tmp_path / "evil.ipynb"
    save(game, path, players=[EVIL])
    outputs = _html_outputs(path)
    assert len(outputs) == 3
    for html in outputs + [to_html(result.describe()) for result in game.results]:
        assert "<img" not in html and "&lt;img" in html
