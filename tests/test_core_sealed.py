"""Sealed play in the core (K-1 … K-5): seats, declarations, seals, lapses, retractions and what replay refuses."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from kit import systems
from kit.core.errors import ReplayMismatchError, RulesError
from kit.core.events import Event, canonical_json, chain_hash
from kit.core.game import Game
from kit.core.randomness import GameRandom
from kit.core.sealing import HashChain, SeatKey, chain_step, follows
from kit.systems import system_info

PEOPLE = ("Ana", "Ben", "Gil")
FIRST = {"falkefateifaux": "Ada", "suitpairs": "Mira", "rollunder": "Artie"}
TURN = {
    "falkefateifaux": lambda who: ("flip", {"character": who, "skill": "Fisticuffs", "target": 8}),
    "suitpairs": lambda who: ("check", {"character": who, "skill": "Defy", "difficulty": "Hard"}),
    "rollunder": lambda who: ("test", {"character": who, "attribute": "Agility"}),
}
KEYS = {name: SeatKey(bytes([i + 1]) * 32) for i, name in enumerate(PEOPLE)}


def sealed_game(system: str, seed: str = "sealed", **start: Any) -> Game:
    """A sealed game of ``system``: Ana and Ben play, Gil is the GM, every seat taken, Ana's character made."""
    game = systems.new_game(system, seed, players={"Ana": [], "Ben": []}, gm="Gil", mode="sealed",
                            chain_length=64, **start)
    for name in PEOPLE:
        game.hold_key(name, KEYS[name])
        game.sit(name).take_seat()
    info = system_info(system)
    action = info.party[0][0]
    name = FIRST[system]
    args = {"name": name, **info.sheet(name)}
    if info.player_on_sheet:
        args["player"] = "Ana"
    getattr(game.sit("Ana"), action)(**args)
    if game.pending_declarations:  # a FalkeFateiFaux character is dealt a hand: a draw, sealed by the GM (K-3)
        game.sit("Gil").seal()
    return game


def rehashed(game: Game, events: list[Event]) -> list[Event]:
    """``events`` chained again from ``game``'s genesis with fresh hashes (what a forger would do)."""
    out: list[Event] = []
    prev = game.log.genesis
    for position, event in enumerate(events):
        moved = dataclasses.replace(event, index=position, prev=prev)
        digest = chain_hash(3, position, moved.action, canonical_json(moved.args), canonical_json(moved.outcome),
                            canonical_json(moved.rig if moved.rig else None), prev, moved.seat,
                            canonical_json(moved.proof))
        moved = dataclasses.replace(moved, hash=digest)
        out.append(moved)
        prev = digest
    return out


def replay(game: Game, events: list[Event]) -> Game:
    """Replay ``events`` on a fresh copy of ``game``'s start."""
    fresh = game.fresh()
    fresh.prepare_replay(events)
    for event in events:
        fresh.apply(event)
    return fresh


def test_k1_chains_reveal_backwards_and_keys_read_back():
    chain = HashChain(b"s" * 32, 40)
    assert all(follows(chain.value(k), chain.value(k - 1)) for k in range(1, 41))
    assert chain.value(40) == (b"s" * 32).hex() and chain_step(bytes.fromhex(chain.value(1))).hex() == chain.anchor
    key = SeatKey.new()
    assert SeatKey.from_text(key.to_text().upper().replace("-", " ")) == key
    assert key.fingerprint not in key.to_text() and key.to_text() not in repr(key)
    with pytest.raises(RulesError, match="K-1"):
        SeatKey.from_text("kit-key-0000")


@pytest.mark.parametrize("system", sorted(TURN))
def test_k3_a_drawing_turn_is_declared_then_sealed_and_replays(system):
    game = sealed_game(system)
    action, args = TURN[system](FIRST[system])
    declared = getattr(game.sit("Ana"), action)(**args)
    assert type(declared).__name__ == "DeclarationResult"
    assert game.log[-1].action == "declare" and game.log[-1].seat == "Ana"
    assert "Gil (GM) must seal the draw of turn" in game.whose_turn() and game.waiting_seat() == "Gil"
    with pytest.raises(RulesError, match=r"still waits for Gil's draw.*K-3"):
        getattr(game.sit("Ana"), action)(**args)
    with pytest.raises(RulesError, match="K-3"):
        game.sit("Ben").seal()  # only the GM seals a player's draw
    result = game.sit("Gil").seal()
    sealed = game.log[-1]
    assert sealed.action == action and sealed.seat == "Ana" and sealed.proof["by"] == "Gil"
    assert canonical_json(sealed.outcome) == canonical_json(result.to_dict()) and not game.pending_declarations
    again = replay(game, list(game.log))
    assert again.fingerprint() == game.fingerprint() and again.log.head == game.log.head


def test_k3_the_gms_draw_is_sealed_by_the_named_player():
    game = sealed_game("suitpairs", gm_sealer="Ben")
    game.sit("Gil").check("Mira", "Defy", "Hard")
    assert game.pending_declarations[0].sealer == "Ben"
    with pytest.raises(RulesError, match="K-3"):
        game.sit("Gil").seal()
    game.sit("Ben").seal()
    assert game.log[-1].proof["by"] == "Ben" and game.log[-1].seat == "Gil"


def test_k3_steps_that_draw_nothing_are_played_at_once_and_declaring_one_is_refused():
    game = sealed_game("suitpairs")
    game.sit("Ana").check("Mira", "Defy", "Hard")
    game.sit("Gil").seal()
    accepted = game.sit("Ana").accept("Mira")
    assert game.log[-1].action == "accept" and game.log[-1].proof["n"] > 0 and accepted is game.results[-1]
    with pytest.raises(RulesError, match="draws no card and rolls no die"):
        game.sit("Gil").declare("award", {"character": "Mira", "what": "Strength", "points": 1})


def test_k4_a_declaration_the_rules_refuse_when_sealed_lapses_and_nothing_changes():
    game = sealed_game("suitpairs", gm_sealer="Ana")
    game.sit("Ana").check("Mira", "Defy", "Hard")  # sealed by Gil
    game.sit("Gil").check("Mira", "Defy", "Easy")  # the GM for Mira, sealed by Ana
    game.sit("Gil").seal()  # Mira's first check: now she must reroll or accept (S-4)
    before = game.fingerprint()
    lapsed = game.sit("Ana").seal()
    assert type(lapsed).__name__ == "LapseResult" and "K-4" in lapsed.describe().verdict
    assert game.fingerprint() == before and game.log[-1].action == "seal"
    assert replay(game, list(game.log)).log.head == game.log.head


def test_k4_a_lapse_the_rules_do_not_make_is_not_intact():
    game = sealed_game("suitpairs")
    game.sit("Ana").check("Mira", "Defy", "Hard")
    events = list(game.log)
    proof = game.proofs.make_seal_proof("Gil", game.pending_declarations[0])
    forged = Event(len(events), "seal", {"turn": len(events)}, {"action": "lapse"}, None, game.log.head, "",
                   "Gil", proof)
    with pytest.raises(RulesError, match=r"the rules allow the declared turn.*K-4"):
        replay(game, rehashed(game, [*events, forged]))


def test_k5_the_declarer_retracts_a_waiting_declaration_and_the_gm_cannot():
    game = sealed_game("suitpairs")
    game.sit("Ana").check("Mira", "Defy", "Hard")
    turn = game.pending_declarations[0].turn
    with pytest.raises(RulesError, match="only Ana retracts it"):
        game.sit("Gil").retract(turn)
    game.sit("Ana").retract(turn)
    assert not game.pending_declarations and "must seal" not in game.whose_turn()
    game.sit("Ana").check("Mira", "Defy", "Hard")  # may declare again
    assert replay(game, list(game.log)).log.head == game.log.head


def test_k3_a_turn_that_draws_without_a_seal_is_not_intact():
    game = sealed_game("suitpairs")
    events = list(game.log)
    content = Event(len(events), "check", {"character": "Mira", "skill": "Defy", "difficulty": "Hard"}, None, None,
                    game.log.head, "", "Ana")
    proof = game.proofs.make_act_proof("Ana", content.content_digest("null"))
    forged = dataclasses.replace(content, outcome={"made": "up"}, proof=proof)
    with pytest.raises(ReplayMismatchError, match="without a seal"):
        replay(game, rehashed(game, [*events, forged]))


def test_k2_a_turn_in_another_seats_name_is_not_intact():
    game = sealed_game("suitpairs")
    game.sit("Ana").check("Mira", "Defy", "Hard")
    events = list(game.log)
    declaration = events[-1]
    as_gm = dataclasses.replace(declaration, seat="Gil")  # the GM may act for Mira, but this is Ana's value
    with pytest.raises(ReplayMismatchError, match=r"turn 5: .*Gil's .*(K-2)"):
        replay(game, rehashed(game, [*events[:-1], as_gm]))


def test_k1_open_games_refuse_proofs_keys_and_sealed_games_refuse_rigs_and_practice():
    open_game = systems.new_game("suitpairs", "o", players={"Ana": []}, gm="Gil")
    with pytest.raises(RulesError, match="open game"):
        open_game.hold_key("Ana", KEYS["Ana"])
    with pytest.raises(RulesError, match="K-1"):
        systems.new_game("suitpairs", "s", mode="sealed")
    with pytest.raises(RulesError, match="K-1"):
        systems.new_game("suitpairs", "s", players={"Ana": []}, gm="Gil", mode="sealed", practice=True)
    with pytest.raises(RulesError, match="K-3"):
        systems.new_game("suitpairs", "s", players={"Ana": []}, gm="Gil", mode="sealed", gm_sealer="Zed")
    game = sealed_game("suitpairs")
    with pytest.raises(RulesError, match="sealed game"):
        game.rig(dice=[6, 6])
    with pytest.raises(RulesError, match=r"another key.*K-1"):
        game.hold_key("Ana", KEYS["Ben"])
    assert game.start_record()["mode"] == "sealed" and game.log.version == 3


def test_k1_a_system_cannot_define_a_turn_every_sealed_game_has():
    with pytest.raises(TypeError, match="take_seat"):
        class Clash(Game):
            system = "clash"

            def _initial_state(self, rng: GameRandom) -> None:
                return None

            def take_seat(self) -> None:
                return None


def test_k3_a_retraction_does_not_move_a_later_declaration_to_another_seal_value():
    game = sealed_game("suitpairs")
    info = system_info("suitpairs")
    args = {"name": "Tobin", **info.sheet("Tobin")}
    if info.player_on_sheet:
        args["player"] = "Ben"
    game.sit("Ben").create_character(**args)
    game.sit("Ben").check("Tobin", "Defy", "Hard")
    game.sit("Ana").check("Mira", "Defy", "Hard")
    slots = [declaration.slot for declaration in game.pending_declarations]
    game.sit("Ben").retract(game.pending_declarations[0].turn)
    game.sit("Gil").seal()
    assert slots == [1, 2] and game.log[-1].proof["n"] == 2  # the sealer cannot pick among values by a retraction
    assert replay(game, list(game.log)).log.head == game.log.head


def test_k3_a_declaration_made_before_its_sealer_sits_waits_and_is_sealed_after():
    game = systems.new_game("suitpairs", "early", players={"Ana": [], "Ben": []}, gm="Gil", mode="sealed",
                            chain_length=64)
    game.hold_key("Ana", KEYS["Ana"])
    game.sit("Ana").take_seat()
    info = system_info("suitpairs")
    game.sit("Ana").create_character(**{"name": "Mira", **info.sheet("Mira"),
                                        **({"player": "Ana"} if info.player_on_sheet else {})})
    game.sit("Ana").check("Mira", "Defy", "Hard")
    game.hold_key("Gil", KEYS["Gil"])
    with pytest.raises(RulesError, match="has not taken their seat"):
        game.sit("Gil").seal()
    game.sit("Gil").take_seat()
    game.sit("Gil").seal()
    assert game.log[-1].proof["n"] == 1 and replay(game, list(game.log)).log.head == game.log.head
