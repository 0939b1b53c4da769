"""The check / reroll / accept flow as events: pending state, replay, display, the registry."""

from dataclasses import replace

from sp_helpers import MIRA, replayed

from kit.core.errors import ReplayMismatchError
from kit.render import to_bbcode, to_html, to_markdown, to_text
from kit.suitpairs import SuitPairsGame
from kit.systems import get_system, new_game


def play(game):
    game.create_character("Olek", "Fool", 2, 2, 4, 2, ["Grab", "Tinker", "Agility", "Charm"])
    game.check("Mira", "Defy", "Hard")
    game.reroll("Mira", pay="Intelligence")
    game.check("Olek", "Agility", 9)
    game.accept("Mira")
    game.take_away("Olek", "Charisma", reason="bad news")
    game.accept("Olek", consequences=False)
    game.check("Mira", "♥♦", "easy")
    return game


def test_the_system_is_registered_as_suitpairs():
    assert get_system("Suit Pairs") is SuitPairsGame
    assert SuitPairsGame.system == "suitpairs"
    assert isinstance(new_game("suit-pairs", seed="r", practice=True), SuitPairsGame)


def test_every_step_is_an_event_and_replay_rebuilds_the_state(game):
    play(game)
    assert [e.action for e in game.log] == [
        "create_character", "create_character", "check", "reroll", "check", "accept", "take_away", "accept", "check",
    ]
    assert game.log.first_broken_link() is None
    again = replayed(game)
    assert again.fingerprint() == game.fingerprint()
    assert again.pending("Mira").skill == "Help"
    assert [str(r) for r in again.results] == [str(r) for r in game.results]


def test_replay_replays_each_action_through_its_own_method(game):
    play(game)
    fresh = SuitPairsGame(game.seed, practice=True)
    for event in game.log:
        getattr(fresh, event.action)(**event.args)
    assert fresh.fingerprint() == game.fingerprint()


def test_the_same_seed_gives_the_same_dice():
    first = play(_table("same"))
    second = play(_table("same"))
    assert [e.outcome for e in first.log] == [e.outcome for e in second.log]
    other = play(_table("other"))
    assert [e.outcome for e in other.log] != [e.outcome for e in first.log]


def test_replay_refuses_a_changed_outcome(game):
    game.check("Mira", "Defy", "Hard")
    events = list(game.log)
    events[-1] = replace(events[-1], outcome={**events[-1].outcome, "dice": [6, 6]})  # its digest as it was
    try:
        SuitPairsGame.replay(game.seed, game.options, events, practice=game.practice)
    except ReplayMismatchError as error:
        assert "event 1 (check)" in str(error)
    else:
        raise AssertionError("a changed outcome replayed")


def test_rigged_events_replay_with_their_dice(game):
    game.rig(dice=[6, 6]).check("Mira", "Brute Force", "Impossible")
    game.accept("Mira")
    assert game.log[1].rig == {"dice": [6, 6]}
    assert replayed(game).fingerprint() == game.fingerprint()


def test_pending_check_is_clear_from_the_state(game):
    game.rig(dice=[3, 4]).check("Mira", "Defy", "Hard")
    assert "Defy" in game.fingerprint() and '"pending":{"Mira"' in game.fingerprint()
    pending = game.pending("mira")
    assert (pending.skill, pending.dice, pending.target, pending.total, pending.success) == ("Defy", [3, 4], 10, 8,
                                                                                            False)
    text = to_text(game.describe_state())
    assert "Pending check: Defy vs Hard 10: 3 + 4 + 1 = 8 (failure so far, roll 1)" in text


def test_describe_state_shows_the_table(game):
    game.rig(dice=[5, 5]).check("Mira", "Defy", "Hard")
    game.accept("Mira")
    text = to_text(game.describe_state())
    assert text.splitlines()[0] == "Suit Pairs — table — 1 character, 0 pending checks, 1 check resolved"
    assert "Mira (Baker)" in text and "♠ Strength: 4" in text and "Skills: Defy 1, Analyze 1, Stealth 1, Help 1" in text
    assert game._repr_html_().startswith("<div class='kit-result'")
    assert repr(game) == "SuitPairsGame(seed='suit-pairs-tests', turn=3, characters=['Mira'])"


def test_results_render_in_every_format_and_escape_player_text():
    table = _table("escape")
    table.create_character("<b>Ana</b>", "<script>x</script>", 3, 2, 2, 3, MIRA["skills"])
    table.rig(dice=[4, 4]).check("<b>Ana</b>", "Defy", "Medium")
    for result in table.results:
        html = to_html(result.describe())
        assert "<script>" not in html and "<b>Ana</b>" not in html
        assert to_markdown(result.describe()) and to_bbcode(result.describe()) and to_text(result.describe())
    assert "&lt;b&gt;Ana&lt;/b&gt;" in table._repr_html_()


def test_descriptions_are_deterministic(game):
    play(game)
    assert [to_html(r.describe()) for r in game.results] == [to_html(r.describe()) for r in replayed(game).results]


def test_character_names_are_found_in_any_case(game):
    game.rig(dice=[2, 5]).check("MIRA", "defy", "HARD")
    assert game.log[-1].args == {"character": "MIRA", "skill": "defy", "difficulty": "HARD"}
    assert game.results[-1].character == "Mira"


def _table(seed):
    table = SuitPairsGame(seed=seed, practice=True)
    table.create_character(**MIRA)
    return table
