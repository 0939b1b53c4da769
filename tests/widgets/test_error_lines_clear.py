"""Every refusal line clears as soon as the state it speaks of changes (issue 15).

A refusal speaks of the game as it was: no combat in progress, a discard due, no pending check,
a file that moved on. After a turn — taken through another component or the session — or a
Reload, the line is empty (:func:`kit.widgets.common.follow_errors`, wired once by the table).
"""

from __future__ import annotations

import pytest
from message_walk import error_lines, start_table

from kit.systems import SYSTEMS, system_info
from kit.widgets.session import TableSession


def _part(table, kind: str):
    return next(part for part in table.components.children if type(part).__name__ == kind)


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_every_line_of_every_component_clears_after_a_turn(tmp_path, system):
    table = start_table(system, tmp_path)
    table.seat_picker.picker.value = "GM"
    lines = [line for part in table.components.children for line in error_lines(part)]
    assert len(lines) >= 5
    for line in lines:
        line.show("a refusal of the game as it was")
    character = next(iter(table.session.game.state.characters))
    action, args = system_info(system).driver.drawing_turn(character, 0)  # a check, a flip, a test: any turn
    table.session.act(action, **args)
    assert [line.message for line in lines if line.message] == []


def test_r3_no_combat_clears_once_the_gm_starts_combat(tmp_path):
    table = start_table("rollunder", tmp_path)
    table.seat_picker.picker.value = "GM"
    panel = _part(table, "GMTools").open_panel()
    panel.next_round_button.click()
    assert "no combat in progress" in panel.combat_error.message
    names = list(table.session.game.state.characters)
    table.session.act("start_combat", combatants=names)  # the state it named has changed
    assert panel.combat_error.message == ""


def test_f10_a_refusal_for_a_due_discard_clears_once_the_hand_is_discarded(tmp_path):
    table = start_table("falkefateifaux", tmp_path)
    table.seat_picker.picker.value = "GM"
    session = table.session
    session.act("prepare", character="Ada")
    panel = _part(table, "GMTools").open_panel()
    panel.end_scene_button.click()
    assert "must first discard" in panel.scene_error.message
    ada = session.game.state.characters["Ada"]
    viewer = _part(table, "HandViewer")
    viewer.character_picker.value = "Ada"
    session.act("discard", character="Ada", cards=[c.code for c in ada.hand[: ada.discard_due]])
    assert panel.scene_error.message == ""


def test_s4_no_pending_check_clears_after_a_check(tmp_path):
    table = start_table("suitpairs", tmp_path)
    table.seat_picker.picker.value = "GM"
    tracker = _part(table, "AttributeTracker")
    tracker.accept_button.click()
    assert "no pending check" in tracker.accept_error.message
    table.session.act("check", character=tracker.character_picker.value, skill="Defy", difficulty="Easy")
    assert tracker.accept_error.message == ""


def test_a_file_that_moved_on_clears_after_reload(tmp_path):
    table = start_table("suitpairs", tmp_path)
    table.seat_picker.picker.value = "GM"
    other = TableSession.open(table.session.path)
    other.sit("GM")
    name = next(iter(other.game.state.characters))
    other.act("check", character=name, skill="Defy", difficulty="Easy")  # another table moves the game on
    tracker = _part(table, "AttributeTracker")
    tracker.check_button.click()
    assert "reload" in tracker.check_error.message
    table.reload_button.click()
    assert table.shelf_error.message == "" and tracker.check_error.message == ""


def test_a_line_not_followed_keeps_its_message(tmp_path):
    """The clearing is the table's doing: a line outside it is not emptied (the tests above can fail)."""
    from kit.widgets.common import ErrorLine

    table = start_table("suitpairs", tmp_path)
    table.seat_picker.picker.value = "GM"
    stray = ErrorLine()
    stray.show("kept")
    name = next(iter(table.session.game.state.characters))
    table.session.act("check", character=name, skill="Defy", difficulty="Easy")
    assert stray.message == "kept"
