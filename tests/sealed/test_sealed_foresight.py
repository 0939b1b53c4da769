"""K-3: a player who holds the sealed file and their own key cannot foresee a sealed draw.

The player, Ana, keeps her own copy of the game: every event of the file replayed, her key held,
not that of Ben, who seals her draws (the next seat, K-3), nor the GM's. At each position she
weighs every alternative she could declare — each Suit Pairs skill and difficulty, each
FalkeFateiFaux skill, each Roll-Under attribute — and predicts its draw the best way open to
her: she builds the declaration exactly as her table will write it (so she knows its hash and
the value she reveals in it) and feeds every other value she can compute from the file and her
key into ``sealed_seed`` in place of her sealer's unrevealed seal value. Then she declares the
alternative her best guess says succeeds, and Ben seals it.

Each guess must hit the real draw no more often than chance: the rate at which a guess from
a fresh random value hits it, measured in the same run. The same predictor given the sealer's
real next seal value (which only Ben's key gives) predicts every draw: the test can fail.
"""

from __future__ import annotations

import copy
import json
import math
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest
from sealed_helpers import (
    AT,
    CHARACTERS,
    GM,
    act_value,
    alternatives,
    declared_form,
    drawn,
    driver,
    key_for,
    new_sealed,
    play,
    random_turn,
    seal_value,
    seated,
    settle,
)

from kit.core.errors import RulesError
from kit.core.events import Event, canonical_json, chain_hash
from kit.core.game import Game
from kit.core.randomness import GameRandom
from kit.core.sealed_results import DeclarationResult
from kit.core.sealing import chain_step, sealed_seed
from kit.systems import SYSTEMS

PLAYER = "Ana"
SEALER = "Ben"
"""Who seals Ana's draws: the next seat in the order of play (K-3)."""
GAMES = 3
"""Fresh games per system."""
TRIALS = 35
"""Sealed draws of Ana's per game: 3 × 35 = 105 a system, 315 in all."""
CONTROLS = 4
"""Guesses from fresh random values per alternative: they measure what chance gives."""
CHAIN = 512


@dataclass
class Tally:
    """Hits of each guess over every (position, alternative), and of the chance guesses."""

    pairs: int = 0
    hits: Counter[str] = field(default_factory=Counter)
    chance_hits: int = 0
    chance_tries: int = 0
    played: int = 0
    played_hits_with_real_value: int = 0

    def chance(self) -> float:
        """The chance rate, raised by three of its own standard errors (it is itself measured)."""
        rate = self.chance_hits / self.chance_tries
        return rate + 3 * math.sqrt(max(rate * (1 - rate), 1e-9) / self.chance_tries)


def sync(view: Game, table: Game) -> None:
    """Bring Ana's copy up to the table's file: replay every event she has not seen (loading the file would)."""
    for event in table.log.events[len(view.log):]:
        view.apply(event)


def her_declaration(view: Game, action: str, args: dict[str, Any]) -> tuple[str, str]:
    """The hash of the declaration Ana's table would write, and the act value she reveals in it (from her key)."""
    book = view.proofs
    assert book is not None
    index, prev = len(view.log), view.log.head
    declared = {"action": action, "args": args, "at": AT}
    outcome = DeclarationResult(PLAYER, action, dict(args), view._summary(action, args), book.sealer_for(PLAYER),
                                AT).to_dict()
    outcome_text = canonical_json(outcome)
    version = view.log.version  # 5: the hash covers the outcome's digest and the proof
    content = Event(index, "declare", declared, None, None, prev, "", PLAYER).content_digest(outcome_text, version)
    proof = book.make_act_proof(PLAYER, content)
    digest = chain_hash(version, index, "declare", canonical_json(declared), outcome_text, "null", prev, PLAYER,
                        canonical_json(proof))
    return digest, proof["value"]


def guesses(view: Game, declaration: str, actor_value: str) -> dict[str, str]:
    """Every value Ana can compute from the file and her own key, to stand in for her sealer's next seal value."""
    book = view.proofs
    assert book is not None
    sealer, gm, ana = book.chains[SEALER], book.chains[GM], book.chains[PLAYER]
    key = key_for(PLAYER)
    return {
        "the sealer's last revealed seal value": sealer.seal_last,
        "a step on from the sealer's last seal value": chain_step(bytes.fromhex(sealer.seal_last)).hex(),
        "the sealer's seal anchor": sealer.seal_anchor,
        "the sealer's act anchor": sealer.act_anchor,
        "the sealer's last act value": sealer.act_last,
        "the sealer's latest MAC": sealer.open_mac[2] if sealer.open_mac else "0" * 64,
        "the GM's last seal value": gm.seal_last,
        "a step on from the GM's last seal value": chain_step(bytes.fromhex(gm.seal_last)).hex(),
        "the GM's last act value": gm.act_last,
        "Ana's value in the declaration": actor_value,
        "Ana's next act value": act_value(key, view, PLAYER, ana.act_n + 2),
        "Ana's next seal value": seal_value(key, view, PLAYER, ana.seal_n + 1),
        "the declaration's hash": declaration,
        "the head before it": view.log.head,
        "the genesis": view.log.genesis,
        "zeros": "0" * 64,
    }


def outcome_with(view: Game, action: str, args: dict[str, Any], seed: str) -> dict[str, Any]:
    """How ``action`` would come out at this position from a sealed draw's ``seed`` (the state is left as it is)."""
    saved = view.state
    view.state = copy.deepcopy(saved)
    try:
        result = view._run_handler(action, args, GameRandom(seed, "draw", draws_at_random=True), PLAYER)
    finally:
        view.state = saved
    return json.loads(canonical_json(result.to_dict()))


def draw_with(view: Game, action: str, args: dict[str, Any], seed: str) -> str:
    """The cards or dice ``action`` would draw at this position from ``seed``, as canonical JSON."""
    return canonical_json(drawn(view.system, outcome_with(view, action, args, seed)))


def succeeds(system: str, outcome: dict[str, Any]) -> bool:
    """Whether a drawing turn came out a success (what Ana would want to foresee), as the system's driver reads it."""
    return driver(system).succeeded(outcome)


def weigh_and_play(table: Game, view: Game, tally: Tally, chance: random.Random) -> None:
    """One position: Ana weighs every alternative, declares the one her best guess says succeeds, Ben seals it."""
    character = CHARACTERS[table.system][PLAYER]
    forms = [declared_form(view, *alternative) for alternative in alternatives(table.system, character)]
    assert view.proofs.sealer_for(PLAYER) == SEALER
    real_value = seal_value(key_for(SEALER), table, SEALER, view.proofs.next_slot(SEALER))  # only Ben's key gives it
    chosen = None
    for action, args in forms:
        declaration, actor_value = her_declaration(view, action, args)
        real = draw_with(view, action, args, sealed_seed(declaration, actor_value, real_value))
        tally.pairs += 1
        for name, value in guesses(view, declaration, actor_value).items():
            tally.hits[name] += draw_with(view, action, args, sealed_seed(declaration, actor_value, value)) == real
        for _ in range(CONTROLS):
            value = f"{chance.getrandbits(256):064x}"
            tally.chance_hits += draw_with(view, action, args, sealed_seed(declaration, actor_value, value)) == real
            tally.chance_tries += 1
        best_guess = sealed_seed(declaration, actor_value, view.proofs.chains[SEALER].seal_last)
        if chosen is None and succeeds(view.system, outcome_with(view, action, args, best_guess)):
            chosen = action, args
    action, args = chosen or forms[0]
    declaration, actor_value = her_declaration(view, action, args)
    expected = draw_with(view, action, args, sealed_seed(declaration, actor_value, real_value))
    assert table.sit(PLAYER).declare(action, args, at=AT).sealer == SEALER
    assert table.log[-1].hash == declaration, "Ana's copy must build exactly the declaration her table writes"
    table.sit(SEALER).seal()
    assert table.log[-1].action == action and table.log[-1].proof["value"] == real_value
    tally.played += 1
    tally.played_hits_with_real_value += canonical_json(drawn(table.system, table.log[-1].outcome)) == expected


def foresight(system: str) -> Tally:
    """Play ``GAMES`` × ``TRIALS`` positions of ``system``, Ana weighing every alternative at each."""
    tally = Tally()
    chance = random.Random(f"chance-{system}")
    for number in range(GAMES):
        seed = f"foresight-{number}"
        table = seated(system, seed, chain_length=CHAIN)  # the table of the test: every key, to seal and to judge
        view = new_sealed(system, seed, chain_length=CHAIN)
        view.hold_key(PLAYER, key_for(PLAYER))
        for trial in range(TRIALS):
            if trial % 3 == 2:  # Ben plays between Ana's turns now and then: other positions, other decks
                play(table, "Ben", *random_turn(system, CHARACTERS[system]["Ben"], trial))
            settle(table)
            sync(view, table)
            weigh_and_play(table, view, tally, chance)
        settle(table)
        sync(view, table)
        assert not view.holds_key(SEALER) and not view.holds_key(GM) and view.holds_key(PLAYER)
        for other in (SEALER, GM):
            with pytest.raises(RulesError, match="K-1"):
                view.proofs.chain(other, "seal")  # her copy cannot make her sealer's values, nor the GM's, at all
        assert [event.hash for event in view.log] == [event.hash for event in table.log]
    return tally


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_k3_a_player_with_the_file_and_her_key_foresees_no_sealed_draw(system: str):
    tally = foresight(system)
    assert tally.played == GAMES * TRIALS >= 100  # ≥ 300 sealed draws over the three systems
    # The same predictor with the sealer's real next value foresees every draw (so this test can fail) …
    assert tally.played_hits_with_real_value == tally.played
    # … and with anything Ana can compute, no better than chance: within chance + 4 standard deviations.
    chance = tally.chance()
    bound = chance + 4 * math.sqrt(chance * (1 - chance) / tally.pairs)
    report = {name: f"{hits}/{tally.pairs}" for name, hits in tally.hits.items()}
    for name, hits in tally.hits.items():
        assert hits / tally.pairs <= bound, (
            f"{name} foresaw {hits} of {tally.pairs} draws; chance gives {chance:.4f} (bound {bound:.4f}): {report}")
    assert tally.chance_hits / tally.chance_tries < 0.2  # the draws compared are rich enough to mean something
