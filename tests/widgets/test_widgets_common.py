"""Shared widget pieces and the table session, driven headlessly."""

from fractions import Fraction

import pytest

from kit import gamefile
from kit.core.errors import RulesError
from kit.suitpairs import SuitPairsGame
from kit.widgets import CardPicker, ErrorLine, OddsView, PlayLog, TableSession, attempt


def mira_game() -> SuitPairsGame:
    game = SuitPairsGame("widgets-seed")
    game.create_character("Mira", "Baker", strength=3, intelligence=2, dexterity=2, charisma=3,
                          skills=["Defy", "Analyze", "Stealth", "Help"])
    return game


def test_error_line_shows_the_rules_message_and_clears():
    line = ErrorLine()
    error = RulesError("reroll", "the check was accepted", "S-4", "roll a new check")
    line.show(error)
    assert line.message == str(error) and "S-4" in line.value and 'role="alert"' in line.value
    line.clear()
    assert line.message == "" and line.value == ""


def test_attempt_shows_refusals_and_changes_nothing():
    game = mira_game()
    line = ErrorLine()
    before = game.fingerprint()
    assert attempt(line, lambda: game.check("Mira", "Juggling", "Hard")) is None
    assert "Juggling" in line.message and game.fingerprint() == before
    assert attempt(line, lambda: game.check("Mira", "Defy", "Easy")) is not None
    assert line.message == ""


def test_odds_view_states_the_chance_in_words():
    view = OddsView()
    view.show({2: Fraction(1, 2), 3: Fraction(1, 2)}, lambda v: v >= 3, label="total", headline="Defy vs 3")
    assert "Success 50.0%" in view.value and "Defy vs 3" in view.value
    view.show_text("No odds: the result is certain.")
    assert "certain" in view.value


def test_play_log_lists_turns_newest_first():
    game = mira_game()
    game.rig(dice=[6, 6]).check("Mira", "Defy", "Hard")
    log = PlayLog(limit=5)
    log.refresh(game)
    assert "(2 turns)" in log.value
    assert log.value.index('data-turn="2"') < log.value.index('data-turn="1"')


def test_card_picker_single_selection():
    picker = CardPicker(single=True)
    picker.set_cards([("4♥", "Four of Hearts", True), ("8♣", "Eight of Clubs", False)])
    picker.toggles[0].value = True
    picker.toggles[1].value = True
    assert picker.selected == [1]
    assert picker.toggles[0].tooltip == "Four of Hearts" and picker.toggles[0].description == "4♥"


def test_session_in_memory_announces_each_turn():
    session = TableSession(mira_game())
    heard = []
    session.listen(heard.append)
    result = session.act("check", character="Mira", skill="Defy", difficulty="Easy")
    assert heard == [result] and session.game.turn == 2


def test_session_on_a_file_writes_each_turn_and_refuses_without_change(tmp_path):
    path = tmp_path / "game.ipynb"
    gamefile.save(mira_game(), path, players={"Kim": ["Mira"]})
    session = TableSession.open(path)
    session.act("check", character="Mira", skill="Defy", difficulty="Easy")
    assert gamefile.load(path).turn == 2
    text = path.read_text()
    with pytest.raises(RulesError):
        session.act("reroll", character="Mira", pay="Charisma")
    assert path.read_text() == text and session.game.turn == 2


def test_session_tells_a_stale_table_that_the_game_moved_on(tmp_path):
    path = tmp_path / "game.ipynb"
    gamefile.save(mira_game(), path)
    first, second = TableSession.open(path), TableSession.open(path)
    first.act("check", character="Mira", skill="Defy", difficulty="Easy")
    with pytest.raises(gamefile.GameMovedOnError):
        second.act("check", character="Mira", skill="Defy", difficulty="Easy")
    second.reload()
    assert second.game.turn == 2
