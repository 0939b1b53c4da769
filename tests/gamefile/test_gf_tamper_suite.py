"""The hostile player: every way to choose a draw or change what decides play is refused or caught (G-1, G-5).

Each test plays a real Suit Pairs or FalkeFateiFaux game through the game file, as a table
does, then tries what a player holding the file could try: rig a turn, re-rig a past one,
change the options, the seed or the roster and re-save with fresh hashes, forge outputs in
the setup cell, drop the newest turn. The README's section "What the file proves" says what
each of these shows; these tests check that it does.
"""

from __future__ import annotations

import json
from pathlib import Path

import gf_tamper as tamper
import pytest

from kit import gamefile, systems
from kit.cli import main
from kit.core.errors import IllegalActionError
from kit.core.events import Event, genesis_hash
from kit.core.game import Game
from kit.gamefile import check_code, turn_code, verify

CHECK = {"character": "Mira", "skill": "Defy", "difficulty": "Hard"}


def _real_suitpairs(path: Path, turns: int = 6) -> gamefile.GameFile:
    """A real Suit Pairs game of Ana (Mira) and Ben (Tomas), played turn by turn through the file."""
    made = gamefile.create("suitpairs", path, players=["Ana=Mira", "Ben=Tomas"], seed="tamper-suite", gm="Gil")
    game = made.game
    for action, args in [
        ("create_character", {"name": "Mira", "identity": "Baker", "strength": 3, "intelligence": 2, "dexterity": 2,
                              "charisma": 3, "skills": ["Defy", "Analyze", "Stealth", "Help"]}),
        ("create_character", {"name": "Tomas", "identity": "Collector", "strength": 2, "intelligence": 4,
                              "dexterity": 2, "charisma": 2, "skills": ["Intimidate", "Tinker", "Evade", "Charm"]}),
    ]:
        game, _ = gamefile.append_turn(path, action, args, expected_turn=game.turn, seat="Gil")
    while game.turn < turns:
        pending = game.pending("Mira")
        action, args = ("accept", {"character": "Mira"}) if pending else ("check", CHECK)
        game, _ = gamefile.append_turn(path, action, args, expected_turn=game.turn, seat="Ana")
    return gamefile.load_file(path)


def _seat_in(remade: Game, game: Game, event: Event) -> str | None:
    """The seat ``event`` of ``game`` takes in ``remade``: the same player, or ``remade``'s GM for the GM's turns."""
    if not remade.gm:
        return None
    return remade.gm if event.seat == game.gm else event.seat


def _codes(path: Path) -> list[str]:
    return [turn_code(event) for event in verify(path).events]


def test_g1_a_real_game_refuses_a_rig_code_first_through_append_turn_and_through_save(tmp_path: Path):
    path = tmp_path / "real.ipynb"
    game = _real_suitpairs(path).game
    before = path.read_bytes()
    with pytest.raises(IllegalActionError, match=r"real game.*\(G-1\)"):
        game.rig(dice=[6, 6]).check("Mira", "Defy", "Impossible")
    with pytest.raises(IllegalActionError, match=r"\(G-1\)"):
        gamefile.append_turn(path, "check", CHECK, expected_turn=game.turn, rig={"dice": [6, 6]})
    with pytest.raises(IllegalActionError, match=r"\(G-1\)"):
        gamefile.append_turn(path, "check", CHECK, expected_turn=game.turn, rig={"dice": [6, 6]}, game=game)
    assert path.read_bytes() == before
    gamefile.save(game, path)  # nothing was rigged, nothing to write but the same turns
    assert verify(path).ok and "a real game" in verify(path).message


def test_g1_a_rigged_turn_forged_into_a_real_game_with_fresh_hashes_is_caught(tmp_path: Path):
    path = tmp_path / "real.ipynb"
    _real_suitpairs(path)
    nb = tamper.read(path)
    cell = tamper.turn_cells(nb)[2]  # Mira's first check
    event = cell["metadata"]["kit"]["event"]
    event["rig"] = {"dice": [6, 6]}
    tamper.rehash_from(nb, 3)
    cell["source"] = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
    tamper.write(path, nb)
    report = verify(path)
    assert not report.ok and report.turn == 3
    assert "real game" in report.message and "G-1" in report.message, report.message


def test_g1_re_rigging_a_past_turn_of_a_practice_game_is_counted_and_breaks_every_later_code(tmp_path: Path):
    path = tmp_path / "practice.ipynb"
    game = systems.new_game("suitpairs", seed="practice-suite", practice=True)
    game.create_character("Mira", "Baker", 3, 2, 2, 3, ["Defy", "Analyze", "Stealth", "Help"])
    for _ in range(3):
        game.check("Mira", "Defy", "Hard")
        game.accept("Mira")
    gamefile.save(game, path, players={"Ana": ["Mira"]})
    posted = _codes(path)
    assert verify(path).checked.rigged_turns == 0 and "PRACTICE" in verify(path).message
    # The holder re-plays turn 2 rigged to a double six and saves every later turn again.
    again = systems.new_game("suitpairs", seed="practice-suite", practice=True, players={"Ana": ["Mira"]})
    again.create_character("Mira", "Baker", 3, 2, 2, 3, ["Defy", "Analyze", "Stealth", "Help"])
    again.rig(dice=[6, 6]).check("Mira", "Defy", "Hard")
    again.accept("Mira")
    for _ in range(2):
        again.check("Mira", "Defy", "Hard")
        again.accept("Mira")
    forged = tmp_path / "forged.ipynb"
    gamefile.save(again, forged)
    report = verify(forged)
    assert report.ok and report.checked.rigged_turns == 1 and "1 rigged turn" in report.message
    assert "Rigged: dice set by hand" in gamefile.render_post(report.checked.game, 2, "text")
    assert [check_code(code, report.events).matches for code in posted] == [True] + [False] * (len(posted) - 1)


@pytest.mark.parametrize(("change", "shown"), [
    ({"options": {"consequences": False}}, "option consequences True against False"),
    ({"players": {"Ana": ["Mira"], "Ben": ["Tomas"], "Cy": []}}, "players"),
    ({"gm": "Mallory"}, "gm 'Gil' against 'Mallory'"),
    ({"practice": True}, "practice False against True"),
])
def test_g5_a_changed_start_resaved_with_fresh_hashes_breaks_every_posted_code(tmp_path: Path, change, shown, capsys):
    path = tmp_path / "real.ipynb"
    loaded = _real_suitpairs(path)
    posted = _codes(path)
    game = loaded.game
    start = {"practice": game.practice, "players": game.players, "gm": game.gm, **game.options}
    start.update({k: v for k, v in change.items() if k != "options"})
    start.update(change.get("options", {}))
    remade = systems.new_game("suitpairs", seed=game.seed, **start)
    for event in game.log:
        gamefile.perform(remade, event.action, event.args, None, _seat_in(remade, game, event))
    forged = tmp_path / "forged.ipynb"
    gamefile.save(remade, forged)
    # Edited by hand without fresh hashes, the start no longer matches the chain.
    nb = tamper.read(path)
    for key, value in change.items():
        nb["metadata"]["kit"][key] = {**nb["metadata"]["kit"]["options"], **value} if key == "options" else value
    tamper.write(path, nb)
    assert not verify(path).ok and "start of the game" in verify(path).message
    # Re-made with fresh hashes it may verify, but no posted code matches and the copies disagree.
    report = verify(forged)
    assert not any(check_code(code, report.events).matches for code in posted)
    original = tmp_path / "original.ipynb"
    gamefile.save(game, original)
    assert main(["verify", str(original), str(forged)]) == 1
    err = capsys.readouterr().err
    assert "start the same seed differently" in err and shown in err, err


def test_g5_a_re_seeded_game_matches_no_posted_code_and_is_another_game(tmp_path: Path, capsys):
    path = tmp_path / "real.ipynb"
    game = _real_suitpairs(path).game
    posted = _codes(path)
    remade = systems.new_game("suitpairs", seed="another-seed", players=game.players, gm=game.gm)
    for event in game.log:
        gamefile.perform(remade, event.action, event.args, None, _seat_in(remade, game, event))
    forged = tmp_path / "forged.ipynb"
    gamefile.save(remade, forged)
    events = verify(forged).events
    assert not any(check_code(code, events).matches for code in posted)
    assert main(["verify", str(path), str(forged)]) == 1
    assert "different games" in capsys.readouterr().err


@pytest.mark.parametrize("forgery", [
    {"output_type": "stream", "name": "stdout", "text": "Turn 35: Mira wins\n"},
    {"output_type": "display_data", "metadata": {}, "data": {"text/html": "<script>alert(1)</script>"}},
    {"output_type": "display_data", "metadata": {}, "data": {
        "application/vnd.jupyter.widget-view+json": {"model_id": "abc", "version_major": 2, "version_minor": 0},
        "text/plain": "Turn 35: Mira wins"}},
])
def test_g5_outputs_forged_into_the_setup_cell_are_caught_and_survive_no_turn(tmp_path: Path, forgery):
    path = tmp_path / "real.ipynb"
    game = _real_suitpairs(path).game
    nb = tamper.read(path)
    nb["cells"][1]["outputs"] = [forgery]
    tamper.write(path, nb)
    report = verify(path)
    assert not report.ok and report.turn is None and "setup cell" in report.message
    with pytest.raises(gamefile.BrokenGameError, match="setup cell"):
        gamefile.append_turn(path, "check", CHECK, expected_turn=game.turn, game=game)
    with pytest.raises(gamefile.BrokenGameError, match="setup cell"):
        gamefile.HeldGameFile.open(path)


def test_g5_saved_widget_state_and_header_attachments_are_caught(tmp_path: Path):
    path = tmp_path / "real.ipynb"
    _real_suitpairs(path)
    nb = tamper.read(path)
    nb["metadata"]["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}, "version_major": 2}}
    tamper.write(path, nb)
    assert "widget state" in verify(path).message
    del nb["metadata"]["widgets"]
    nb["cells"][0]["attachments"] = {"x.png": {"image/png": "iVBORw0KGgo="}}
    tamper.write(path, nb)
    assert "attachments" in verify(path).message


def test_g5_dropping_the_newest_turn_shows_against_the_last_posted_code_and_the_longer_copy(tmp_path: Path,
                                                                                            capsys):
    path = tmp_path / "real.ipynb"
    game = _real_suitpairs(path, turns=7).game
    last = turn_code(game.log[-1])
    longer = tmp_path / "longer.ipynb"
    longer.write_bytes(path.read_bytes())
    # Only the cell removed: the header still records 7 turns and its head.
    nb = tamper.read(path)
    nb["cells"].pop()
    tamper.write(path, nb)
    assert not verify(path).ok and "turn 7: not in the file: the header records 7" in verify(path).message
    # Re-saved as a whole (header and all) the file is a shorter game that verifies on its own ...
    shorter = game.replayed(6)
    path.unlink()
    gamefile.save(shorter, path)
    assert verify(path).ok and "6 turns" in verify(path).message
    # ... but the last code posted in the thread names a turn it does not hold,
    assert main(["verify", str(path), "--code", last]) == 1
    assert "names turn 7, but the file holds 6 turns" in capsys.readouterr().err
    # and next to the longer copy it shows as the shorter history.
    assert main(["verify", str(path), str(longer)]) == 0
    assert "extends" in capsys.readouterr().out


def test_g5_changing_a_file_from_practice_to_real_breaks_it(tmp_path: Path):
    path = tmp_path / "practice.ipynb"
    game = systems.new_game("suitpairs", seed="practice-suite", practice=True)
    game.create_character("Mira", "Baker", 3, 2, 2, 3, ["Defy", "Analyze", "Stealth", "Help"])
    game.rig(dice=[6, 6]).check("Mira", "Defy", "Hard")
    gamefile.save(game, path)
    nb = tamper.read(path)
    meta = nb["metadata"]["kit"]
    meta["practice"] = False
    tamper.write(path, nb)
    assert "start of the game" in verify(path).message
    # Even with the genesis and every hash recomputed, the rigged turn is refused on replay.
    real = systems.new_game("suitpairs", seed="practice-suite")
    meta["genesis"] = genesis_hash(real.start_record())
    nb["cells"][1]["source"] = 'from kit import systems\n\ngame = systems.new_game("suitpairs", seed="practice-suite")'
    tamper.rehash_from(nb, 1)
    tamper.write(path, nb)
    report = verify(path)
    assert not report.ok and report.turn == 2 and "real game" in report.message, report.message


def test_g5_every_field_of_an_event_is_covered_by_its_hash():
    base = {"index": 0, "action": "check", "args": {"character": "Mira"}, "outcome": {"total": 8},
            "prev": "a" * 64, "hash": "0" * 64}
    hashes = set()
    for changed in [{}, {"index": 1}, {"action": "accept"}, {"args": {"character": "Tomas"}},
                    {"outcome": {"total": 9}}, {"prev": "b" * 64}, {"rig": {"dice": [6, 6]}}, {"seat": "Ana"}]:
        hashes.add(Event.from_dict({**base, **changed}).expected_hash())
    assert len(hashes) == 8
    assert json.dumps(base)  # the base event is plain JSON
