"""Sealed play in the core (K-1 … K-5): seats, declarations, seals, lapses, retractions and what replay refuses."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from kit import systems
from kit.core.drive import Driver
from kit.core.errors import ReplayMismatchError, RulesError
from kit.core.events import SEALED_CHAIN, SEALED_FULL_OUTCOME_CHAIN, Event, canonical_json, outcome_digest
from kit.core.game import Game
from kit.core.randomness import GameRandom, ProbeRandom
from kit.core.sealing import HashChain, SeatKey, chain_step, follows
from kit.systems import system_info

PEOPLE = ("Ana", "Ben", "Gil")


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

KEYS = {name: SeatKey(bytes([i + 1]) * 32) for i, name in enumerate((*PEOPLE, "Cy"))}


def sealed_game(system: str, seed: str = "sealed", **start: Any) -> Game:
    """A sealed game of ``system``: Ana and Ben play, Gil is the GM, every seat taken, Ana's character made."""
    game = systems.new_game(system, seed, players={"Ana": [], "Ben": []}, gm="Gil", mode="sealed",
                            chain_length=64, **start)
    for name in PEOPLE:
        game.hold_key(name, KEYS[name])
        game.sit(name).take_seat()
    info = system_info(system)
    action = info.party[0][0]
    name = first(system)
    args = {"name": name, **info.sheet(name)}
    if info.player_on_sheet:
        args["player"] = "Ana"
    getattr(game.sit("Ana"), action)(**args)
    if game.pending_declarations:  # a FalkeFateiFaux character is dealt a hand: a draw, sealed by Ben (K-3)
        seal_next(game)
    return game


def seal_next(game: Game) -> Any:
    """The oldest waiting declaration sealed by the seat it named when it was declared (K-3)."""
    return game.sit(game.pending_declarations[0].sealer).seal()


def table(*seated: str, seed: str = "order") -> Game:
    """A sealed Suit Pairs game of Ana, Ben and Cy with the GM Gil (in that order of play), where only ``seated``
    have taken their seats, each seated player with a character of their own (Ana's Mira, Ben's Tobin, Cy's Nell).
    """
    game = systems.new_game("suitpairs", seed, players={"Ana": [], "Ben": [], "Cy": []}, gm="Gil", mode="sealed",
                            chain_length=64)
    info = system_info("suitpairs")
    for name in seated:
        game.hold_key(name, KEYS[name])
        game.sit(name).take_seat()
    for player, character in (("Ana", "Mira"), ("Ben", "Tobin"), ("Cy", "Nell")):
        if player in seated:
            sheet = {**info.sheet("Mira"), "name": character, **({"player": player} if info.player_on_sheet else {})}
            game.sit(player).create_character(**sheet)
    return game


def rehashed(game: Game, events: list[Event]) -> list[Event]:
    """``events`` chained again from ``game``'s genesis with fresh hashes in the game's format version, each outcome
    recorded as its file records it (a version-5 file: its digest, G-8), as a forger would."""
    out: list[Event] = []
    prev = game.log.genesis
    version = game.log.version
    for position, event in enumerate(events):
        moved = dataclasses.replace(event, index=position, prev=prev)
        if version == SEALED_CHAIN:
            digest = (outcome_digest(canonical_json(moved.outcome)) if moved.outcome is not None
                      else moved.outcome_digest)
            moved = dataclasses.replace(moved, outcome=None, outcome_digest=digest)
        moved = dataclasses.replace(moved, hash=moved.expected_hash(version))
        out.append(moved)
        prev = moved.hash
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


@pytest.mark.parametrize("system", list(systems.SYSTEMS))
def test_k3_a_drawing_turn_is_declared_then_sealed_and_replays(system):
    game = sealed_game(system)
    action, args = drawing(system, first(system))
    declared = getattr(game.sit("Ana"), action)(**args)
    assert type(declared).__name__ == "DeclarationResult" and declared.sealer == "Ben"  # the next seat (K-3)
    assert game.log[-1].action == "declare" and game.log[-1].seat == "Ana"
    assert "Ben must seal the draw of turn" in game.whose_turn() and game.waiting_seat() == "Ben"
    with pytest.raises(RulesError, match=r"still waits for Ben's draw.*K-3"):
        getattr(game.sit("Ana"), action)(**args)
    for other in ("Gil", "Ana"):
        with pytest.raises(RulesError, match="K-3"):
            game.sit(other).seal()  # only the seat the declaration named seals it: not the GM, never the declarer
    result = game.sit("Ben").seal()
    sealed = game.log[-1]
    assert sealed.action == action and sealed.seat == "Ana" and sealed.proof["by"] == "Ben"
    assert canonical_json(sealed.outcome) == canonical_json(result.to_dict()) and not game.pending_declarations
    again = replay(game, rehashed(game, list(game.log)))  # as its file records it: outcomes by their digests
    assert again.fingerprint() == game.fingerprint() and again.log.head == game.log.head


def test_k3_each_seats_draw_is_sealed_by_the_next_seat_in_the_order_of_play():
    """Ana's draws are sealed by Ben, Ben's by the GM Gil, Gil's by Ana: the seat that receives the game next."""
    game = sealed_game("suitpairs")
    info = system_info("suitpairs")
    game.sit("Ben").create_character(**{"name": "Tobin", **info.sheet("Tobin"),
                                        **({"player": "Ben"} if info.player_on_sheet else {})})
    assert game.seats == ["Ana", "Ben", "Gil"] and game.log.version == SEALED_CHAIN
    for declarer, character, sealer in (("Ana", "Mira", "Ben"), ("Ben", "Tobin", "Gil"), ("Gil", "Mira", "Ana")):
        declared = game.sit(declarer).check(character, "Defy", "Hard")
        assert declared.sealer == sealer and game.pending_declarations[0].sealer == sealer, declarer
        for other in {"Ana", "Ben", "Gil"} - {sealer}:
            with pytest.raises(RulesError, match="K-3"):
                game.sit(other).seal()
        game.sit(sealer).seal()
        assert game.log[-1].proof["by"] == sealer and game.log[-1].seat == declarer
        game.sit(game.owner_of(character) or "Gil").accept(character)
    assert replay(game, rehashed(game, list(game.log))).log.head == game.log.head


@pytest.mark.parametrize(("seated", "sealers"), [
    (("Ana", "Ben", "Cy", "Gil"), {"Ana": "Ben", "Ben": "Cy", "Cy": "Gil", "Gil": "Ana"}),
    (("Ana", "Cy", "Gil"), {"Ana": "Gil", "Cy": "Gil", "Gil": "Ana"}),  # Ben not seated: the GM, sealer of last resort
    (("Ana", "Cy"), {"Ana": "Cy", "Cy": "Ana"}),  # nor the GM: the first seat after the declarer that is seated
    (("Ben", "Gil"), {"Ben": "Gil", "Gil": "Ben"}),  # the GM declares, Ana not seated: the first seated after him
])
def test_k3_the_sealer_is_the_next_seated_seat_else_the_gm_else_the_first_seated_after_the_declarer(seated, sealers):
    game = table(*seated)
    character = {"Ana": "Mira", "Ben": "Tobin", "Cy": "Nell"}
    for declarer, sealer in sealers.items():
        assert game.proofs.sealer_for(declarer) == sealer
        target = character.get(declarer) or character[seated[0]]
        declared = game.sit(declarer).check(target, "Defy", "Hard")
        assert declared.sealer == sealer and game.pending_declarations[-1].sealer == sealer, declarer
    seal_all = [seal_next(game) for _ in range(len(sealers))]
    assert len(seal_all) == len(sealers) and not game.pending_declarations
    assert [e.proof["by"] for e in game.log if e.proof and "sealed" in e.proof] == list(sealers.values())
    assert replay(game, rehashed(game, list(game.log))).log.head == game.log.head


def test_k3_a_version_3_game_keeps_its_sealers_the_gm_and_the_player_it_names():
    """A game started naming who seals the GM's draws is of format version 3 (K-3): the GM seals the players' draws,
    the named player the GM's, each sealer in the order of its own declarations."""
    game = sealed_game("suitpairs", gm_sealer="Ben")
    assert game.log.version == SEALED_FULL_OUTCOME_CHAIN and game.proofs.gm_sealer == "Ben"
    game.sit("Ana").check("Mira", "Defy", "Hard")
    assert game.pending_declarations[0].sealer == "Gil"
    game.sit("Gil").seal()
    game.sit("Ana").accept("Mira")
    game.sit("Gil").check("Mira", "Defy", "Hard")
    assert game.pending_declarations[0].sealer == "Ben"
    with pytest.raises(RulesError, match="K-3"):
        game.sit("Gil").seal()
    game.sit("Ben").seal()
    assert game.log[-1].proof["by"] == "Ben" and game.log[-1].seat == "Gil"
    assert replay(game, list(game.log)).log.head == game.log.head


def test_k3_steps_that_draw_nothing_are_played_at_once_and_declaring_one_is_refused():
    game = sealed_game("suitpairs")
    game.sit("Ana").check("Mira", "Defy", "Hard")
    seal_next(game)
    accepted = game.sit("Ana").accept("Mira")
    assert game.log[-1].action == "accept" and game.log[-1].proof["n"] > 0 and accepted is game.results[-1]
    with pytest.raises(RulesError, match="draws no card and rolls no die"):
        game.sit("Gil").declare("award", {"character": "Mira", "what": "Strength", "points": 1})


def test_k4_a_declaration_the_rules_refuse_when_sealed_lapses_and_nothing_changes():
    game = sealed_game("suitpairs")
    game.sit("Ana").check("Mira", "Defy", "Hard")  # sealed by Ben
    game.sit("Gil").check("Mira", "Defy", "Easy")  # the GM for Mira, sealed by Ana
    game.sit("Ben").seal()  # Mira's first check: now she must reroll or accept (S-4)
    before = game.fingerprint()
    lapsed = game.sit("Ana").seal()
    assert type(lapsed).__name__ == "LapseResult" and "K-4" in lapsed.describe().verdict
    assert game.fingerprint() == before and game.log[-1].action == "seal"
    assert replay(game, rehashed(game, list(game.log))).log.head == game.log.head


def test_k4_a_lapse_the_rules_do_not_make_is_not_intact():
    game = sealed_game("suitpairs")
    game.sit("Ana").check("Mira", "Defy", "Hard")
    events = list(game.log)
    waiting = game.pending_declarations[0]
    proof = game.proofs.make_seal_proof(waiting.sealer, waiting)  # the sealer's own good value: only the lapse lies
    forged = Event(len(events), "seal", {"turn": len(events)}, {"action": "lapse"}, None, game.log.head, "",
                   waiting.sealer, proof)
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
    assert replay(game, rehashed(game, list(game.log))).log.head == game.log.head


def test_k3_a_turn_that_draws_without_a_seal_is_not_intact():
    game = sealed_game("suitpairs")
    events = list(game.log)
    content = Event(len(events), "check", {"character": "Mira", "skill": "Defy", "difficulty": "Hard"}, None, None,
                    game.log.head, "", "Ana")
    made_up = {"made": "up"}
    proof = game.proofs.make_act_proof("Ana", content.content_digest(canonical_json(made_up), game.log.version))
    forged = dataclasses.replace(content, outcome=made_up, proof=proof)
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
    assert game.start_record()["mode"] == "sealed" and game.log.version == SEALED_CHAIN == 5
    assert game.sealing == {"chain_length": 64} and "gm_sealer" not in game.start_options()
    older = systems.new_game("suitpairs", "s", players={"Ana": []}, gm="Gil", mode="sealed", gm_sealer="Ana")
    assert older.log.version == SEALED_FULL_OUTCOME_CHAIN == 3 and older.sealing["gm_sealer"] == "Ana"


def test_k1_a_system_cannot_define_a_turn_every_sealed_game_has():
    with pytest.raises(TypeError, match="take_seat"):
        class Clash(Game):
            system = "clash"

            def _initial_state(self, rng: GameRandom) -> None:
                return None

            def take_seat(self) -> None:
                return None


def test_k3_a_retraction_does_not_move_a_later_declaration_to_another_seal_value():
    game = table("Ana", "Cy", "Gil")  # Ben has not taken his seat: Ana's draws and Cy's are sealed by the GM
    game.sit("Ana").check("Mira", "Defy", "Hard")
    game.sit("Cy").check("Nell", "Defy", "Hard")
    assert [declaration.sealer for declaration in game.pending_declarations] == ["Gil", "Gil"]
    slots = [declaration.slot for declaration in game.pending_declarations]
    game.sit("Ana").retract(game.pending_declarations[0].turn)
    game.sit("Gil").seal()
    assert slots == [1, 2] and game.log[-1].proof["n"] == 2  # the sealer cannot pick among values by a retraction
    assert replay(game, rehashed(game, list(game.log))).log.head == game.log.head


def test_k3_a_declaration_before_its_sealer_has_taken_a_seat_is_refused():
    """The sealer's value must be committed before the draw is declared (K-3): with no other seat taken a
    declaration is refused, and a seat taken after a declaration can neither seal it nor change who does."""
    game = table("Ana", seed="early")
    before = (game.turn, game.fingerprint())
    with pytest.raises(RulesError, match=r"no other seat has taken its seat.*\(K-3\)") as refused:
        game.sit("Ana").check("Mira", "Defy", "Hard")
    assert refused.value.ruling == "K-3" and (game.turn, game.fingerprint()) == before
    assert not game.pending_declarations
    game.hold_key("Gil", KEYS["Gil"])
    game.sit("Gil").take_seat()
    assert game.sit("Ana").check("Mira", "Defy", "Hard").sealer == "Gil"  # Ben has not sat: the GM seals
    game.hold_key("Ben", KEYS["Ben"])
    game.sit("Ben").take_seat()  # Ben, the next seat, sits after the declaration: it is still the GM's to seal
    with pytest.raises(RulesError, match="K-3"):
        game.sit("Ben").seal()
    game.sit("Gil").seal()
    assert game.log[-1].proof == {**game.log[-1].proof, "by": "Gil", "n": 1}
    assert replay(game, rehashed(game, list(game.log))).log.head == game.log.head


def test_k3_a_version_3_game_refuses_live_a_declaration_whose_sealer_has_not_taken_a_seat():
    """Version 3 let a declaration wait for a sealer who had not sat (who could then choose its key to pick the
    draw); a table playing on in such a game declares by today's rule (K-3)."""
    game = systems.new_game("suitpairs", "early", players={"Ana": [], "Ben": []}, gm="Gil", mode="sealed",
                            gm_sealer="Ana", chain_length=64)
    for name in ("Ana", "Ben"):
        game.hold_key(name, KEYS[name])
        game.sit(name).take_seat()
    info = system_info("suitpairs")
    game.sit("Ana").create_character(**{"name": "Mira", **info.sheet("Mira"),
                                        **({"player": "Ana"} if info.player_on_sheet else {})})
    turns = game.turn
    with pytest.raises(RulesError, match=r"Gil, who seals it, has not taken their seat.*\(K-3\)"):
        game.sit("Ana").check("Mira", "Defy", "Hard")
    assert game.turn == turns and not game.pending_declarations and game.older_rule_turns == []


def test_k3_nothing_changes_a_waiting_draw():
    """While a draw waits for its seal only seals, declarations, retractions, seat-takings and notes are taken:
    a GM's award or turn order, a player's accept, would let whoever can work the draw out steer it (K-3)."""
    game = sealed_game("suitpairs")
    info = system_info("suitpairs")
    game.sit("Ben").create_character(**{"name": "Tobin", **info.sheet("Tobin"),
                                        **({"player": "Ben"} if info.player_on_sheet else {})})
    game.sit("Ben").check("Tobin", "Defy", "Easy")
    game.sit("Gil").seal()  # Tobin's check waits to be accepted
    game.sit("Ana").check("Mira", "Defy", "Hard")  # Ana's draw waits for Ben's seal
    turn = game.pending_declarations[0].turn
    before = (game.turn, game.fingerprint())
    refusals = {
        "Gil's award": lambda: game.sit("Gil").award("Mira", "Strength", 1),
        "Gil's turn order": lambda: game.sit("Gil").set_turn_order(["Tobin", "Mira"]),
        "Ben's accept": lambda: game.sit("Ben").accept("Tobin"),
    }
    for what, turn_taken in refusals.items():
        with pytest.raises(RulesError, match=rf"turn {turn}'s draw .*waits for Ben's seal") as refused:
            turn_taken()
        assert refused.value.ruling == "K-3", what
        assert (game.turn, game.fingerprint()) == before, what
    game.sit("Gil").note("a note is always taken")
    game.sit("Gil").check("Mira", "Stealth", "Easy")  # a declaration: it waits its turn to be sealed
    game.sit("Gil").retract(game.pending_declarations[-1].turn)
    game.sit("Ben").seal()
    game.sit("Ben").accept("Tobin")  # the draw is sealed: play goes on
    game.sit("Gil").award("Mira", "Strength", 1)
    assert replay(game, rehashed(game, list(game.log))).log.head == game.log.head


def test_k3_a_turn_of_play_between_a_declaration_and_its_seal_is_not_intact():
    game = sealed_game("suitpairs")
    game.sit("Ana").check("Mira", "Defy", "Hard")
    events = list(game.log)
    award = Event(len(events), "award", {"character": "Mira", "what": "Strength", "points": 1, "reason": ""}, None,
                  None, game.log.head, "", "Gil")
    copied = replay(game, rehashed(game, events))  # the award's outcome, worked out on a copy by its rules alone
    outcome = copied._run_handler("award", dict(award.args), ProbeRandom(), "Gil").to_dict()
    proof = game.proofs.make_act_proof("Gil", award.content_digest(canonical_json(outcome), game.log.version))
    forged = dataclasses.replace(award, outcome=outcome, proof=proof)
    with pytest.raises(RulesError, match=rf"turn {len(events)}'s draw .*waits for Ben's seal.*K-3"):
        replay(game, rehashed(game, [*events, forged]))
