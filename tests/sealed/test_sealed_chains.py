"""K-1, K-2: chains run out and seats take their seat again (renewal); a key a seat did not sit with is refused.

Chains of 16 values (the shortest a game allows) run out within a few turns: a seat's act
chain after 15 turns, a sealer's seal chain after 16 seals (Ana's draws are sealed by Ben, the
next seat, K-3). Taking the seat again starts new
chains from the same key, and play goes on; the file verifies across the renewal and the key
is still the seat's. Any other key is refused (K-1).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sealed_helpers import (
    CHARACTERS,
    declared_form,
    hashes,
    is_seal,
    key_for,
    new_sealed,
    play,
    random_turn,
    seated,
    settle,
)

from kit import gamefile
from kit.core.errors import IllegalActionError, MalformedInputError, RulesError
from kit.core.game import Game
from kit.core.sealed_results import SeatTakenResult
from kit.core.sealing import SeatKey
from kit.systems import SYSTEMS

LENGTH = 16


def refused_unchanged(game: Game, call, pattern: str) -> None:
    """``call`` is refused (matching ``pattern``) and the game is exactly as it was."""
    before = (game.turn, game.fingerprint(), hashes(game))
    with pytest.raises(RulesError, match=pattern):
        call()
    assert (game.turn, game.fingerprint(), hashes(game)) == before


def renewing(game: Game, seat: str, action: str, args: dict) -> object:
    """Take a turn from ``seat``, first taking the seat again where a chain has run out (K-2): the seat's act
    chain, or — while nothing waits for its seal — its seal chain."""
    chains = game.proofs.chains
    if chains[seat].act_n == LENGTH - 1:
        game.sit(seat).take_seat()
    sealer = game.proofs.sealer_for(seat)
    if chains[sealer].slots == LENGTH and not game.proofs.pending:
        game.sit(sealer).take_seat()
    return play(game, seat, action, args)


def anas_turn(game: Game, step: int) -> None:
    """Ana's turn: a sealed draw every other turn, a note otherwise (a note spends an act value, no seal)."""
    if step % 2 == 0:
        renewing(game, "Ana", *random_turn(game.system, CHARACTERS[game.system]["Ana"], step))
        settle(game, renewing)
    else:
        renewing(game, "Ana", "note", {"text": f"note {step}"})


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_k2_a_seat_whose_chains_run_out_takes_its_seat_again_and_plays_on(system: str, tmp_path: Path):
    game = seated(system, "renewal", chain_length=LENGTH)
    step = 0
    while game.proofs.chains["Ana"].act_n < LENGTH - 1:
        game.sit("Ana").note(f"note {step}")
        step += 1
    refused_unchanged(game, lambda: game.sit("Ana").note("one more"), r"Ana's chain of 16 values is used up \(K-2\)")
    renewed = game.sit("Ana").take_seat()
    assert isinstance(renewed, SeatTakenResult) and renewed.renewal == 1
    assert game.proofs.chains["Ana"].act_n == 0 and game.proofs.chains["Ana"].renewal == 1
    for _ in range(50):  # Ana's act chain runs out again and again, the GM's seal chain at least once
        anas_turn(game, step)
        step += 1
    sealer = game.proofs.sealer_for("Ana")
    assert sealer == "Ben"  # the next seat after Ana seals her draws (K-3)
    assert game.proofs.chains[sealer].renewal >= 1 and game.proofs.chains["Ana"].renewal >= 3
    renewals = [event.index + 1 for event in game.log if event.action == "take_seat" and event.args["renewal"]]
    sealer_renewal = next(turn for turn in renewals if game.log[turn - 1].seat == sealer)
    assert any(is_seal(event) and event.proof["by"] == sealer and event.index + 1 > sealer_renewal
               for event in game.log)
    path = tmp_path / "renewed.ipynb"
    gamefile.save(game, path)
    report = gamefile.verify(path)
    assert report.ok, report.message
    loaded = gamefile.load(path)
    assert hashes(loaded) == hashes(game)
    loaded.hold_key("Ana", key_for("Ana"))  # still her key: the new chains come from it
    if loaded.proofs.chains["Ana"].act_n == LENGTH - 1:
        gamefile.append_to_game(path, loaded.sit("Ana"), "take_seat", {})
    gamefile.append_to_game(path, loaded.sit("Ana"), "note", {"text": "after the renewals, from the file"})
    assert gamefile.verify(path).ok


def test_k2_a_renewal_numbered_wrongly_or_taken_while_draws_wait_for_the_seal_is_refused():
    game = seated("suitpairs", "renewal-refused", chain_length=LENGTH)
    refused_unchanged(game, lambda: game.sit("Ana").take_seat(renewal=2, act="ab" * 32, seal="cd" * 32),
                      r"\(K-2\)")
    sealer = game.sit("Ana").declare("check", {"character": "Mira", "skill": "Defy", "difficulty": "Hard"}).sealer
    assert sealer == "Ben"
    refused_unchanged(game, lambda: game.sit(sealer).take_seat(), r"draws still wait for Ben's seal \(K-2\)")
    game.sit(sealer).seal()
    game.sit(sealer).take_seat()  # nothing waits now
    assert game.proofs.chains[sealer].renewal == 1


def test_k1_a_key_that_is_not_the_one_a_seat_sat_with_is_refused_by_hold_key(tmp_path: Path):
    game = seated("rollunder", "keys")
    path = tmp_path / "keys.ipynb"
    gamefile.save(game, path)
    loaded = gamefile.load(path)
    for wrong in (key_for("Ben"), SeatKey.new(), key_for("Ana", "another label"), key_for("Ben").to_text()):
        refused_unchanged(loaded, lambda wrong=wrong: loaded.hold_key("Ana", wrong),
                          r"Ana's seat was taken at turn 1 with another key \(K-1\)")
        assert not loaded.holds_key("Ana")
    for text in ("kit-key-abcd", "not a key", "kit-key-" + "1" * 52):
        with pytest.raises(MalformedInputError, match="K-1"):
            loaded.hold_key("Ana", text)
    assert loaded.hold_key("Ana", key_for("Ana").to_text()).startswith("Holding Ana's key (fingerprint")
    assert loaded.holds_key("Ana") and not loaded.holds_key("Ben")
    # Acting in a seat whose key is not held, or with a key refused, is refused too.
    refused_unchanged(loaded, lambda: loaded.sit("Ben").note("Ben?"), r"does not hold Ben's seat key \(K-1\)")


def test_k1_any_key_may_be_held_before_the_seat_is_taken_and_then_it_is_the_seats():
    game = new_sealed("suitpairs", "first-key", chain_length=LENGTH)
    first, second = key_for("Ana", "first"), key_for("Ana", "second")
    game.hold_key("Ana", first)
    game.hold_key("Ana", second)  # nothing to compare with yet: the last one held takes the seat
    game.sit("Ana").take_seat()
    with pytest.raises(IllegalActionError, match="K-1"):
        game.hold_key("Ana", first)
    game.hold_key("Ana", second)


def test_k2_a_declaration_past_the_end_of_its_sealers_chain_never_blocks_the_game():
    """When a sealer's seal chain is used up, the next declaration it would seal is either refused at once or can
    be sealed after the sealer takes its seat again: the game never waits for a seal nobody can make."""
    game = seated("rollunder", "stuck", chain_length=LENGTH)
    sealer = game.proofs.sealer_for("Ana")
    assert sealer == "Ben"
    while game.proofs.chains[sealer].slots < LENGTH:  # Ana takes her seat again whenever her act chain runs out
        renewing(game, "Ana", *random_turn("rollunder", CHARACTERS["rollunder"]["Ana"], game.turn))
    if game.proofs.chains["Ana"].act_n == LENGTH - 1:
        game.sit("Ana").take_seat()
    with pytest.raises(RulesError, match="Ben's seal chain is used up") as refused:
        game.sit("Ana").declare(*declared_form(game, *random_turn("rollunder", "Artie", 1)))
    assert refused.value.ruling == "K-2" and not game.pending_declarations
    game.sit(sealer).take_seat()  # new chains: the declaration is taken now, and sealed
    game.sit("Ana").declare(*declared_form(game, *random_turn("rollunder", "Artie", 1)))
    game.sit(sealer).seal()
    assert not game.pending_declarations and game.log[-1].proof == {**game.log[-1].proof, "by": "Ben", "n": 1}
