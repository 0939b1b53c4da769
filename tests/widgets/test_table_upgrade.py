"""A version-1 game file at the table: it opens and reads, takes no turn, and Upgrade plays on in a copy (G-6)."""

from __future__ import annotations

import shutil
from pathlib import Path

from kit import gamefile
from kit.widgets.table import Table

V1 = Path(__file__).resolve().parents[1] / "gamefile" / "v1"


def test_g6_a_version_1_file_offers_upgrade_and_the_copy_takes_turns(tmp_path: Path):
    old = tmp_path / "old-game.ipynb"
    shutil.copy(V1 / "suitpairs-sample.ipynb", old)
    before = old.read_bytes()
    table = Table("suitpairs", games_dir=tmp_path, game="old-game.ipynb")
    assert table.game_file == "old-game.ipynb" and table.upgrade_row.layout.display == "flex"
    assert "older format" in table.upgrade_note.value and "Upgrade" in table.upgrade_note.value
    tracker = table.components.children[0]
    tracker.check_button.click()
    assert "press Upgrade" in tracker.check_error.message and old.read_bytes() == before
    table.upgrade_button.click()
    assert table.shelf_error.message == ""
    assert table.game_file == "old-game-v4.ipynb" and table.upgrade_row.layout.display == "none"
    copy = tmp_path / "old-game-v4.ipynb"
    report = gamefile.verify(copy)
    assert report.ok and report.checked.raw.header.version == gamefile.FORMAT_VERSION
    turns = table.session.game.turn
    table.components.children[0].check_button.click()
    assert gamefile.load(copy).turn == turns + 1 and old.read_bytes() == before
