"""Seats (P-1), voids (P-2), notes (P-3) and whose turn it is (P-4), code-first and through the file."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from kit import gamefile, systems
from kit.core.drive import Driver
from kit.core.errors import RulesError
from kit.core.game import Game
from kit.core.sealed_turns import SEALED_ACTIONS
from kit.core.seats import GM_ONLY
from kit.gamefile import render_post, verify
from kit.gamefile.store import parse_players
from kit.systems import system_info

PLAYERS = {"Ana": [], "Ben": []}


def first(system: str) -> str:
    """The first of the system's two characters its driver plays (Ana's)."""
    return _driver(system).characters[0]


def second(system: str) -> str:
    """The second of them (Ben's)."""
    return _driver(system).characters[1]


def drawing(system: str, who: str) -> tuple[str, dict[str, Any]]:
    """A turn of ``who``'s that draws: a check, a flip, a test (the system's driver's)."""
    return _driver(system).drawing_turn(who, 1)


def _driver(system: str) -> Driver:
    found = system_info(system).driver
    assert found is not None
    return found



def sheet(system: str, name: str, player: str) -> tuple[str, dict[str, Any]]:
    """The ready-made character ``name`` as a creating turn from ``player``'s seat."""
    info = system_info(system)
    action = info.party[0][0]
    args = {"name": name, **info.sheet(name)}
    if info.player_on_sheet:
        args["player"] = player
    return action, args


def seated_game(system: str, seed: str = "seats") -> Game:
    """A real game of Ana and Ben with the GM Gil, each player with a character built from their own seat."""
    game = systems.new_game(system, seed=seed, players=PLAYERS, gm="Gil")
    for player, name in (("Ana", first(system)), ("Ben", second(system))):
        action, args = sheet(system, name, player)
        getattr(game.sit(player), action)(**args)
    return game


def refused(game: Game, call: Any, *needles: str) -> str:
    """``call`` is refused citing P-1 (or the given words) and changes nothing in the game."""
    before, turns = game.fingerprint(), game.turn
    with pytest.raises(RulesError) as info:
        call()
    message = str(info.value)
    for needle in needles:
        assert needle in message, message
    assert game.fingerprint() == before and game.turn == turns
    return message


@pytest.mark.parametrize("system", list(systems.SYSTEMS))
def test_p1_characters_built_from_a_seat_are_that_players(system):
    game = seated_game(system)
    assert game.owner_of(first(system)) == "Ana" and game.owner_of(second(system)) == "Ben"
    assert [event.seat for event in game.log] == ["Ana", "Ben"]
    assert game.characters_of("Ana", game.character_names()) == [first(system)]
    assert game.characters_of("Gil", game.character_names()) == game.character_names()


@pytest.mark.parametrize("system", list(systems.SYSTEMS))
def test_p1_a_player_cannot_act_for_another_players_character_and_the_refusal_names_who_may(system):
    game = seated_game(system)
    action, args = drawing(system, second(system))
    message = refused(game, lambda: getattr(game.sit("Ana"), action)(**args), "(P-1)", "Ben", "Gil")
    assert f"{second(system)} is Ben's character" in message
    getattr(game.sit("Ben"), action)(**args)
    assert game.log[-1].seat == "Ben"


@pytest.mark.parametrize("system", list(systems.SYSTEMS))
def test_p1_the_gm_may_act_for_anyone_and_the_turn_records_the_gms_seat(system):
    game = seated_game(system)
    action, args = drawing(system, first(system))
    getattr(game.sit("Gil"), action)(**args)
    assert game.log[-1].seat == "Gil"


@pytest.mark.parametrize(("system", "action"), [
    (system, action) for system in list(systems.SYSTEMS)
    for action, rule in systems.get_system(system).seat_rules.items() if rule is GM_ONLY
])
def test_p1_every_gm_action_is_refused_to_a_player_seat_naming_the_gm(system, action):
    game = seated_game(system)
    game.sit("Ana")
    message = refused(game, lambda: game._perform(action, {}), "(P-1)")  # the seat is checked first
    assert "only the GM (Gil) may do that" in message
    assert game.may_take(action, "Ana") is not None and "Gil" in game.may_take(action, "Ana")
    assert game.may_take(action, "Gil") is None


def test_p1_every_action_of_every_system_has_a_seat_rule():
    from kit.gamefile.source import actions_of

    for name in list(systems.SYSTEMS):
        cls = systems.get_system(name)
        kit_turns = {"void", "note", *SEALED_ACTIONS}  # every game's own turns: their handlers say who (P-2, P-3, K-1)
        assert sorted(set(actions_of(cls)) - kit_turns) == sorted(cls.seat_rules), name


def test_p1_refusals_of_seats_themselves():
    game = seated_game("suitpairs")
    refused(game, lambda: game.sit("Cy"), "(P-1)", "Ana, Ben or Gil (GM)")
    game.sit(None)
    refused(game, lambda: game.check("Mira", "Defy", "Hard"), "nobody is sitting", "(P-1)")
    unseated = systems.new_game("suitpairs", seed="no-gm", players={"Ana": []})
    refused(unseated, lambda: unseated.sit("Ana"), "no seats", "(P-1)")
    with pytest.raises(RulesError, match="named twice"):
        parse_players(["Ana", "Ana"])
    with pytest.raises(RulesError, match="named as a player too"):
        systems.new_game("suitpairs", seed="x", players={"Gil": []}, gm="Gil")


def test_p1_gm_only_values_and_sheets_naming_another_player_are_refused():
    ff = seated_game("falkefateifaux")
    _, args = sheet("falkefateifaux", "Clio", "Ana")
    refused(ff, lambda: ff.sit("Ana").add_character(**args, npc=True), "non-player characters", "(P-1)")
    sp = seated_game("suitpairs")
    sp.sit("Ana").check("Mira", "Defy", "Hard")
    refused(sp, lambda: sp.accept("Mira", consequences=False), "skips a check's consequences", "(P-1)")
    ru = seated_game("rollunder")
    _, args = sheet("rollunder", "Mabel", "Ben")
    refused(ru, lambda: ru.sit("Ana").add_character(**args), "names that player", "(P-1)")
    roster = systems.new_game("suitpairs", seed="r", players={"Ana": ["Mira"], "Ben": []}, gm="Gil")
    _, args = sheet("suitpairs", "Mira", "Ben")
    refused(roster, lambda: roster.sit("Ben").create_character(**args), "Mira is Ana's character by the roster")


def test_p1_a_seat_refusal_at_the_file_leaves_the_file_byte_for_byte(tmp_path: Path):
    path = tmp_path / "game.ipynb"
    gamefile.save(seated_game("suitpairs"), path)
    before = path.read_bytes()
    with pytest.raises(RulesError, match="P-1"):
        gamefile.append_turn(path, "check", drawing("suitpairs", "Tobin")[1], seat="Ana", expected_turn=2)
    with pytest.raises(RulesError, match="P-1"):
        gamefile.append_turn(path, "award", {"character": "Mira", "what": "Strength"}, seat="Ana", expected_turn=2)
    assert path.read_bytes() == before


def test_p1_the_turn_cell_sits_first_and_a_forged_seat_is_caught(tmp_path: Path):
    path = tmp_path / "game.ipynb"
    game = seated_game("suitpairs")
    game.sit("Ana").check("Mira", "Defy", "Hard")
    gamefile.save(game, path)
    notebook = json.loads(path.read_text())
    sources = ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "code"]
    assert sources[-1] == 'game.sit("Ana").check("Mira", "Defy", "Hard")'
    assert verify(path).ok
    # Ben's seat written into Ana's turn, with every hash recomputed: the rules refuse it on replay.
    forged = systems.new_game("suitpairs", seed="seats", players=PLAYERS, gm="Gil")
    for event in game.log:
        forged.log.append(event.action, event.args, event.outcome, event.rig, "Ben" if event.index == 2 else event.seat)
    cells = [c for c in notebook["cells"] if c["cell_type"] == "code"][1:]
    for cell, event in zip(cells, forged.log, strict=True):
        cell["metadata"]["kit"]["event"] = event.to_dict()
        cell["source"] = gamefile.turn_source(type(forged), event)
    notebook["metadata"]["kit"]["head"] = forged.log.head
    bad = tmp_path / "forged.ipynb"
    bad.write_text(json.dumps(notebook))
    report = verify(bad)
    assert not report.ok and "turn 3" in report.message and "P-1" in report.message, report.message


def cards_everywhere(game: Any) -> Counter[Any]:
    """Every FalkeFateiFaux card in a pile, a hand or a stack."""
    state = game.state
    found: Counter[Any] = Counter()
    for deck in (state.fate, state.magic):
        found.update(deck.draw_pile)
        found.update(deck.discard_pile)
    for character in state.characters.values():
        found.update(character.hand)
    if state.pending is not None:
        for side in state.pending.sides:
            found.update(card.card for card in side.cards)
    return found


def test_p2_a_void_takes_back_the_latest_turn_and_its_cards_stay_drawn():
    game = seated_game("falkefateifaux", seed="void")
    before = game.fingerprint()
    deck_before = list(game.state.fate.draw_pile)
    flipped = game.sit("Ana").flip("Ada", "Fisticuffs", target=8)
    total = cards_everywhere(game)
    result = game.sit("Gil").void(3, "wrong skill")
    assert game.voided == {2: (3, "wrong skill")} and result.turn == 3
    assert game.state.pending is None and cards_everywhere(game) == total  # no card lost or made
    assert len(game.state.fate.draw_pile) < len(deck_before)  # what the flip drew is not back on the deck
    assert game.fingerprint() != before  # ... it went to the discard pile
    again = game.sit("Ana").flip("Ada", "Fisticuffs", target=8)
    assert again.to_dict() != flipped.to_dict()  # new cards: the voided flip's stay in the discard pile
    replayed = game.replayed()
    assert replayed.fingerprint() == game.fingerprint() and replayed.voided == game.voided


def test_p2_only_the_latest_standing_turn_is_voided_and_only_by_the_gm():
    game = seated_game("suitpairs", seed="void-order")
    game.sit("Ana").check("Mira", "Defy", "Hard")
    game.accept("Mira")
    refused(game, lambda: game.void(4, "mine"), "only the GM (Gil)", "(P-1)")
    game.sit("Gil")
    refused(game, lambda: game.void(3, "too early"), "turn 4 came after it", "(P-2)")
    game.void(4, "misclick")
    refused(game, lambda: game.void(5, "a void"), "not a turn of play", "(P-2)")
    refused(game, lambda: game.void(4, "twice"), "voided at turn 5", "(P-2)")
    game.void(3, "the check too")  # now the latest standing turn
    assert game.pending("Mira") is None and game.state.checks_resolved == 0
    assert game.fingerprint() == seated_game("suitpairs", seed="void-order").fingerprint()


def test_p2_many_voids_replay_without_replaying_the_game_for_each(monkeypatch):
    game = seated_game("suitpairs", seed="void-many")
    for _ in range(60):
        game.sit("Ana").check("Mira", "Defy", "Hard")
        game.sit("Gil").void(game.turn, "again")
    calls = Counter()
    original = Game.apply

    def counting(self: Game, event: Any) -> Any:
        calls["apply"] += 1
        return original(self, event)

    monkeypatch.setattr(Game, "apply", counting)
    replayed = game.replayed()
    assert replayed.fingerprint() == game.fingerprint()
    assert calls["apply"] == len(game.log)  # each event once: the state before each voided turn was kept


def test_p2_a_game_file_with_voids_verifies_and_the_post_says_so(tmp_path: Path):
    path = tmp_path / "void.ipynb"
    game = seated_game("rollunder", seed="void-file")
    game.sit("Ana").test("Artie", "Agility")
    game.sit("Gil").void(3, "wrong attribute")
    gamefile.save(game, path)
    report = verify(path)
    assert report.ok, report.message
    post = render_post(gamefile.load(path), 3, "text")
    assert "Voided at turn 4: wrong attribute (P-2)" in post


def test_p3_notes_belong_to_the_seats_own_turns():
    game = seated_game("suitpairs", seed="notes")
    game.sit("Ana").check("Mira", "Defy", "Hard")
    note = game.note("I bake a cake for the guard", in_character=True)
    assert (note.turn, note.speaker, note.by) == (3, "Mira", "Ana") and game.notes == {2: [3]}
    refused(game, lambda: game.sit("Ben").note("not mine", turn=3), "not taken in Ben's seat", "(P-3)")
    refused(game, lambda: game.note("hi", turn=4), "a note itself", "(P-3)")
    game.sit("Gil").note("The guard smiles.", turn=3)
    post = render_post(game, 3, "text")
    assert "I bake a cake for the guard" in post and "The guard smiles." in post
    assert post.startswith("Turn 3 · Ana (Mira) · Suit Pairs")
    fresh = systems.new_game("suitpairs", seed="n", players=PLAYERS, gm="Gil")
    refused(fresh, lambda: fresh.sit("Ana").note("hello"), "taken no turn yet", "(P-3)")
    assert fresh.sit("Gil").note("Rain falls on the town.").turn is None  # narration before the first turn


def test_p4_whose_turn_in_each_system_and_at_the_end_of_the_post():
    sp = seated_game("suitpairs", seed="order")
    assert sp.whose_turn() == "Ana (Mira) makes the next check"
    sp.sit("Gil").set_turn_order(["Tobin", "Mira"])
    assert sp.whose_turn() == "Ben (Tobin) makes the next check" and sp.waiting_seat() == "Ben"
    sp.sit("Ben").check("Tobin", "Defy", "Hard")
    assert sp.whose_turn() == "Ben (Tobin) must reroll or accept the roll"
    sp.accept("Tobin")
    assert sp.whose_turn() == "Ana (Mira) makes the next check"
    assert render_post(sp, sp.turn, "text").splitlines()[-2] == "Next: Ana (Mira) makes the next check"
    ru = seated_game("rollunder", seed="order")
    ru.sit("Gil").start_combat(["Artie", "Xavier"])
    assert ru.whose_turn().startswith("Round 1: ") and ru.whose_turn().endswith("declares an action")
    ff = seated_game("falkefateifaux", seed="order")
    ff.sit("Ana").flip("Ada", "Fisticuffs", target=8)
    assert ff.whose_turn().startswith("Ana (Ada) ")
