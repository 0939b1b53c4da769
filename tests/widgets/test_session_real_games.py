"""G-1 at the table: a real game's cards and dice come from its seed alone; only a practice game is rigged."""

from __future__ import annotations

from pathlib import Path

from kit import gamefile
from kit.core.game import Rig
from kit.gamefile.shelf import Shelf
from kit.widgets.common import ErrorLine, attempt
from kit.widgets.session import TableSession
from kit.widgets.table import Table


def test_g1_a_table_starts_real_games(tmp_path: Path) -> None:
    table = Table("suitpairs", games_dir=tmp_path)
    table.players_box.value = "Kim"
    table.new_button.click()
    assert table.session is not None and table.session.game.practice is False


def test_g1_rigging_a_real_game_is_refused_beside_the_control(tmp_path: Path) -> None:
    session = TableSession.open(Shelf(tmp_path, "suitpairs").new_game("real", ["Kim"]))
    line = ErrorLine()
    assert attempt(line, lambda: session.game.rig(dice=[6, 6])) is None
    assert "real game" in line.message and "G-1" in line.message
    assert session.game.pending_rig is None


def test_g1_a_rig_that_slipped_onto_a_real_game_does_not_travel_with_the_turn(tmp_path: Path) -> None:
    path = Shelf(tmp_path, "suitpairs").new_game("real", ["Kim"])
    session = TableSession.open(path)
    session.game._pending_rig = Rig({}, (6, 6))  # behind the rules' back: the session still passes none
    line = ErrorLine()
    assert attempt(line, lambda: session.act("check", character="Mira", skill="Defy", difficulty="Hard")) is not None
    assert line.message == "" and session.game.pending_rig is None
    last = list(gamefile.load(path).log)[-1]
    assert not last.rigged and gamefile.verify(path).ok


def test_g1_a_practice_games_rig_travels_with_its_turn(tmp_path: Path) -> None:
    path = Shelf(tmp_path, "suitpairs").new_game("practice", ["Kim"], practice=True)
    session = TableSession.open(path)
    session.game.rig(dice=[6, 6])
    result = session.act("check", character="Mira", skill="Defy", difficulty="Hard")
    assert result.rig == {"dice": [6, 6]}
    assert list(gamefile.load(path).log)[-1].rigged
