"""The turn engine (kit.core.engine) and the game's one restore: the seat of a turn, lent seats, Game.become."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

import pytest

from kit.core.describe import Describable, Description
from kit.core.errors import IllegalActionError
from kit.core.game import Game, Rig
from kit.core.params import Name
from kit.core.randomness import GameRandom
from kit.core.sealing import SeatKey
from kit.core.seats import played_by

PLAYERS = {"Ana": ["Ada"], "Ben": ["Bo"]}
KEYS = {seat: SeatKey(bytes([i + 7]) * 32) for i, seat in enumerate(("Ana", "Ben", "Gil"))}


@dataclass(frozen=True)
class Tossed(Describable):
    character: str
    side: int
    seat: str | None

    def to_dict(self) -> dict[str, Any]:
        return {"character": self.character, "side": self.side, "seat": self.seat}

    def describe(self) -> Description:
        return Description(title=f"{self.character} tossed {self.side}")


class CoinGame(Game):
    """A coin tossed for a character: the handler records the seat the engine says is acting."""

    system = "coin"
    title = "Coin"
    seat_rules = {"toss": played_by("character")}

    def _initial_state(self, rng: GameRandom) -> dict[str, Any]:
        return {"tosses": []}

    def toss(self, character: Name) -> Tossed:
        return self._perform("toss", {"character": character})

    def _do_toss(self, rng: GameRandom, character: str) -> Tossed:
        seat = self.acting_seat
        assert self.playing is not None and self.playing.action == "toss" and self.playing.seat == seat
        side = rng.roll(2)
        self.state["tosses"].append((character, side, seat))
        return Tossed(character, side, seat)


def open_game(**start: Any) -> CoinGame:
    return CoinGame("coin-seed", players=PLAYERS, gm="Gil", **start)


def sealed_game() -> CoinGame:
    game = open_game(mode="sealed", chain_length=64)
    for seat, key in KEYS.items():
        game.hold_key(seat, key)
        game.sit(seat).take_seat()
    return game


def test_the_handler_reads_the_turns_seat_live_and_on_replay_and_nothing_between_turns():
    game = open_game()
    assert game.playing is None and game.acting_seat is None
    game.sit("Ana").toss("Ada")
    game.sit("Gil").toss("Bo")  # the GM acts for anyone (P-1)
    assert [seat for _, _, seat in game.state["tosses"]] == ["Ana", "Gil"]
    assert game.playing is None and game.acting_seat is None
    again = game.replayed()
    assert again.seat is None and again.fingerprint() == game.fingerprint()  # the recorded seats, not the game's


def test_a_seal_plays_the_declared_turn_in_the_declarers_seat():
    game = sealed_game()
    declared = game.sit("Ana").toss("Ada")  # it draws: declared (K-3), sealed by the next seat, Ben
    assert declared.to_dict()["action"] == "declare" and game.pending_declarations[0].sealer == "Ben"
    result = game.sit("Ben").seal()
    assert result.seat == "Ana" and game.log[-1].seat == "Ana" and game.seat == "Ben"
    assert game.replayed().fingerprint() == game.fingerprint()


def test_turns_from_lends_the_seat_for_a_block_and_the_game_keeps_its_own():
    game = open_game().sit("Ben")
    with game.turns_from("Ana") as lent:
        assert lent is game and game.seat == "Ana"
        game.toss("Ada")
    assert game.seat == "Ben" and game.log[-1].seat == "Ana"
    with pytest.raises(IllegalActionError, match=r"Ada is Ana's character.*\(P-1\)"), game.turns_from("Ben"):
        game.toss("Ada")
    assert game.seat == "Ben" and game.turn == 1  # refused: nothing changed, and the game sits where it sat
    with pytest.raises(IllegalActionError, match=r"sit as Cy: that person is not at this table.*\(P-1\)"):
        with game.turns_from("Cy"):
            pass
    assert game.seat == "Ben"


def test_become_takes_the_other_games_turns_and_keeps_what_the_table_set():
    game = open_game(practice=True).sit("Ana")
    game.toss("Ada")
    game.toss("Ada")
    earlier = game.replayed(1)
    game.rig(dice=[2])
    assert game.become(earlier) is game
    assert game.turn == 1 and game.fingerprint() == earlier.fingerprint() and game.results == earlier.results
    assert game.seat == "Ana" and game.pending_rig == Rig({}, (2,))  # the table's: its seat, its next turn's rig
    assert game.toss("Ada").side == 2 and game.log[-1].rigged
    kept = copy.copy(game)  # what the game was, to go back to
    game.become(game.replayed(0))
    assert game.turn == 0 and game.become(kept).turn == 2


def test_become_keeps_the_keys_held_and_stands_up_from_a_seat_the_other_game_has_not():
    game = sealed_game().sit("Ben")
    other = CoinGame(game.seed, **game.start_options())
    for event in game.log:
        other.apply(event)
    assert other.proofs is not None and not other.proofs.keys
    game.become(other)
    assert all(game.holds_key(seat) for seat in KEYS) and game.seat == "Ben"
    elsewhere = CoinGame(game.seed, players={"Cy": []}, gm="Dee")
    assert game.become(elsewhere).seat is None and game.proofs is None


def test_become_refuses_a_game_of_another_system_or_seed():
    game = open_game()
    with pytest.raises(ValueError, match="its own system and seed"):
        game.become(CoinGame("another-seed", players=PLAYERS, gm="Gil"))

    class OtherCoin(CoinGame):
        system = "othercoin"

    with pytest.raises(ValueError, match="its own system and seed"):
        game.become(OtherCoin(game.seed, players=PLAYERS, gm="Gil"))
