"""Shared widget pieces and the table session, driven headlessly."""

import json
import shutil
import subprocess
import sys
from fractions import Fraction

import pytest

from kit import gamefile
from kit.core.errors import RulesError
from kit.suitpairs import SuitPairsGame
from kit.widgets import CardPicker, ErrorLine, OddsView, PlayLog, TableSession, attempt


def mira_game() -> SuitPairsGame:
    game = SuitPairsGame("widgets-seed", practice=True)
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


def test_card_picker_relabels_its_buttons_when_the_cards_change():
    picker = CardPicker(single=True, spare=1)
    picker.set_cards([("4♥", "Four of Hearts", True), ("8♣", "Eight of Clubs", False)])
    first = picker.toggles
    picker.toggles[1].value = True
    picker.set_cards([("K♠", "King of Spades", False), ("2♦", "Two of Diamonds", True), ("9♣", "Nine of Clubs", False)])
    assert picker.toggles[:2] == first and picker.selected == []  # the spare button shows the third card
    assert [t.description for t in picker.toggles] == ["K♠", "2♦", "9♣"]
    assert [t.style.text_color for t in picker.toggles] == ["#111", "#b00020", "#111"]
    picker.set_cards([("A♥", "Ace of Hearts", True)])
    assert picker.children == tuple(picker.toggles) and [t.tooltip for t in picker.toggles] == ["Ace of Hearts"]
    picker.toggles[0].value = True
    assert picker.selected == [0]


def test_session_turns_act_on_its_own_game_and_write_what_save_writes(tmp_path):
    path, saved = tmp_path / "game.ipynb", tmp_path / "saved.ipynb"
    gamefile.save(mira_game(), path, players={"Kim": ["Mira"]})
    shutil.copy(path, saved)
    session = TableSession.open(path)
    game = session.game
    session.game.rig(dice=[6, 6])
    session.act("check", character="Mira", skill="Defy", difficulty="Hard")
    session.act("accept", character="Mira")
    assert session.game is game and game.turn == 3 and game.log[1].rig == {"dice": [6, 6]}
    gamefile.save(game, saved)
    assert path.read_bytes() == saved.read_bytes()
    assert gamefile.verify(path).ok


def test_session_refuses_a_file_edited_since_it_was_opened(tmp_path):
    path = tmp_path / "game.ipynb"
    game = mira_game()
    game.rig(dice=[6, 5]).check("Mira", "Defy", "Hard")
    game.accept("Mira")
    gamefile.save(game, path)
    session = TableSession.open(path)
    before = session.game.fingerprint()
    notebook = json.loads(path.read_text(encoding="utf-8"))
    notebook["cells"][3]["metadata"]["kit"]["event"]["outcome_digest"] = "0" * 64  # the hash is left as it was
    path.write_text(json.dumps(notebook), encoding="utf-8")
    edited = path.read_bytes()
    with pytest.raises(gamefile.BrokenGameError, match="turn 2: its recorded event does not match its hash"):
        session.act("check", character="Mira", skill="Help", difficulty="Easy")
    assert path.read_bytes() == edited
    assert session.game.fingerprint() == before and session.game.turn == 3
    with pytest.raises(gamefile.BrokenGameError, match="turn 2"):
        session.reload()


def test_a_session_turn_on_a_file_imports_no_nbformat(tmp_path):
    path = tmp_path / "game.ipynb"
    gamefile.save(mira_game(), path)
    script = (
        "import sys\n"
        "from kit.widgets import TableSession\n"
        "session = TableSession.open(sys.argv[1])\n"
        "session.act('check', character='Mira', skill='Defy', difficulty='Easy')\n"
        "print(session.game.turn, sorted(m for m in ('nbformat', 'jsonschema') if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", script, str(path)], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["2", "[]"]
    assert gamefile.load(path).turn == 2


def test_session_shows_a_turn_to_its_first_listeners_before_writing_it(tmp_path):
    path = tmp_path / "game.ipynb"
    gamefile.save(mira_game(), path)
    before = path.read_bytes()
    session = TableSession.open(path)
    heard: list[tuple[str, object, bool]] = []
    session.listen(lambda result: heard.append(("listen", result, path.read_bytes() == before)))
    session.first(lambda result: heard.append(("first", result, path.read_bytes() == before)))
    result = session.act("check", character="Mira", skill="Defy", difficulty="Easy")
    assert heard == [("first", result, True), ("listen", result, False)]  # first: decided, not yet written


def test_session_in_memory_tells_first_listeners_first():
    session = TableSession(mira_game())
    heard: list[str] = []
    session.listen(lambda _: heard.append("listen"))
    session.first(lambda _: heard.append("first"))
    session.act("check", character="Mira", skill="Defy", difficulty="Easy")
    assert heard == ["first", "listen"]


def _session_on_a_full_disk(tmp_path, monkeypatch):
    """A session on a saved game whose next write fails (the disk is full); with the file's bytes and state."""
    from kit.gamefile import files

    path = tmp_path / "game.ipynb"
    gamefile.save(mira_game(), path)
    before = path.read_bytes()
    session = TableSession.open(path)

    def full_disk(target, data):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files, "atomic_write", full_disk)
    return session, path, before, session.game.fingerprint()


def test_a_turn_shown_first_but_not_written_is_taken_back_everywhere(tmp_path, monkeypatch):
    session, path, before, state = _session_on_a_full_disk(tmp_path, monkeypatch)
    heard: list[tuple[str, object]] = []
    session.first(lambda result: heard.append(("first", result)))
    session.listen(lambda result: heard.append(("listen", result)))
    with pytest.raises(OSError, match="No space left"):
        session.act("check", character="Mira", skill="Defy", difficulty="Easy")
    assert [kind for kind, _ in heard] == ["first", "listen"] and heard[1][1] is None  # redraw from the file's game
    assert path.read_bytes() == before and session.game.fingerprint() == state and session.game.turn == 1
    monkeypatch.undo()
    session.act("check", character="Mira", skill="Defy", difficulty="Easy")
    assert gamefile.verify(path).ok and gamefile.load(path).turn == 2


def test_a_failed_write_is_shown_beside_the_control_and_changes_nothing(tmp_path, monkeypatch):
    session, path, before, state = _session_on_a_full_disk(tmp_path, monkeypatch)
    line = ErrorLine()
    taken = attempt(line, lambda: session.act("check", character="Mira", skill="Defy", difficulty="Easy"))
    assert taken is None
    assert line.message.startswith("the game file could not be written: the disk is full (No space left on device); "
                                   "the turn was not taken")
    assert "free some space" in line.message
    assert path.read_bytes() == before and session.game.fingerprint() == state


def test_the_garbage_collector_waits_until_the_result_is_shown(tmp_path):
    import gc

    path = tmp_path / "game.ipynb"
    gamefile.save(mira_game(), path)
    session = TableSession.open(path)
    during: list[bool] = []
    session.first(lambda _: during.append(gc.isenabled()))
    session.listen(lambda _: during.append(gc.isenabled()))
    assert gc.isenabled()
    session.act("check", character="Mira", skill="Defy", difficulty="Easy")
    assert during == [False, True] and gc.isenabled()
    with pytest.raises(RulesError):
        session.act("check", character="Nobody", skill="Defy", difficulty="Easy")
    assert gc.isenabled()


def test_a_click_on_a_card_is_answered_before_the_card_is_marked():
    from kit.widgets.card_faces import FacePicker, card_face

    picker = FacePicker()
    picker.show_faces([card_face("4H"), card_face("8C")])
    heard: list[tuple[bool, list[str]]] = []
    picker.on_change(lambda: heard.append((picker.picking, [t.description for t in picker.toggles])))
    picker.toggles[1].value = True  # as a click in the page sets it
    assert heard == [(True, ["4♥", "8♣"])]  # listeners first (a click), the ✓ after them
    assert [t.description for t in picker.toggles] == ["4♥", "✓ 8♣"] and not picker.picking
    picker.select(0)
    assert heard[-1][0] is False  # chosen from Python: not a click
