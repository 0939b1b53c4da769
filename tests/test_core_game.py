"""The event-sourced Game base: perform, refuse without change, rig, replay and tamper checks."""

from dataclasses import dataclass, field
from typing import Any

import pytest

from kit.core.cards import Card, standard_deck
from kit.core.decks import Deck
from kit.core.describe import Describable, Description
from kit.core.errors import IllegalActionError, NotHeldError, ReplayMismatchError, UnknownNameError
from kit.core.events import FULL_OUTCOME_CHAIN, Event, canonical_json, outcome_digest
from kit.core.game import Game, Rig
from kit.core.randomness import GameRandom


@dataclass(frozen=True)
class Drawn(Describable):
    cards: tuple[str, ...]
    die: int

    def to_dict(self) -> dict[str, Any]:
        return {"cards": list(self.cards), "die": self.die}

    def describe(self) -> Description:
        return Description(title=f"drew {' '.join(self.cards)} and rolled {self.die}")


@dataclass
class PileState:
    deck: Deck
    hand: list = field(default_factory=list)


class PileGame(Game):
    """A game with one deck and one die, enough to exercise the base class."""

    system = "pile"
    title = "Pile"
    default_options = {"decks": 1}

    def _initial_state(self, rng: GameRandom) -> PileState:
        return PileState(Deck.shuffled("fate", standard_deck() * self.options["decks"], rng))

    def _decks(self):
        return {"fate": self.state.deck}

    def _parse_rig_card(self, deck, code):
        return Card.parse(code)

    def draw(self, count: int = 1):
        return self._perform("draw", {"count": count})

    def _do_draw(self, rng, count):
        cards = self.state.deck.draw_many(count, rng)
        self.state.hand.extend(cards)
        if len(self.state.hand) > 10:
            raise IllegalActionError("draw", "a hand holds at most 10 cards")
        return Drawn(tuple(c.code for c in cards), rng.roll(6))


def test_actions_are_events_and_replay_rebuilds_the_state():
    game = PileGame("seed-1", practice=True)
    for count in (1, 2, 3):
        game.draw(count)
    assert len(game.log) == 3 and game.log.first_broken_link() is None
    again = PileGame.replay(game.seed, game.options, list(game.log), practice=game.practice)
    assert again.fingerprint() == game.fingerprint()


def test_same_seed_same_game_and_different_seed_different_game():
    a, b, c = PileGame("s", practice=True), PileGame("s", practice=True), PileGame("t", practice=True)
    for game in (a, b, c):
        game.draw(3)
    assert a.fingerprint() == b.fingerprint() != c.fingerprint()


def test_refused_action_changes_nothing():
    game = PileGame("seed", practice=True)
    game.draw(8)
    before, turns = game.fingerprint(), len(game.log)
    with pytest.raises(IllegalActionError):
        game.draw(5)
    assert game.fingerprint() == before and len(game.log) == turns


def test_rig_sets_cards_and_dice_and_marks_the_event():
    game = PileGame("seed", practice=True)
    result = game.rig("4H 8C", dice=[6]).draw(2)
    assert result.cards == ("4H", "8C") and result.die == 6
    assert game.log[-1].rigged and game.log[-1].rig == {"cards": {"fate": ["4H", "8C"]}, "dice": [6]}
    assert not game.draw().die == 0 and not game.log[-1].rigged
    again = PileGame.replay(game.seed, game.options, list(game.log), practice=game.practice)
    assert again.fingerprint() == game.fingerprint()


def test_rig_refuses_unknown_decks_cards_and_unused_dice():
    game = PileGame("seed", practice=True)
    with pytest.raises(UnknownNameError):
        game.rig("4H", deck="magic")
    with pytest.raises(ValueError, match="F-1"):
        game.rig("4X")
    game.rig("4H").draw()
    with pytest.raises(NotHeldError):
        game.rig("4H").draw()
    before = game.fingerprint()
    with pytest.raises(IllegalActionError, match="not rolled"):
        game.rig(dice=[1, 2]).draw()
    assert game.fingerprint() == before


def test_replay_refuses_a_forged_outcome_even_with_a_fresh_hash():
    game = PileGame("seed", practice=True)
    game.draw(2)
    event = game.log[0]
    forged = dict(event.to_dict(), outcome_digest=outcome_digest(canonical_json({"cards": ["AS", "AH"], "die": 6})))
    forged_event = Event.from_dict(forged)
    forged_event = Event.from_dict(dict(forged, hash=forged_event.expected_hash()))
    with pytest.raises(ReplayMismatchError, match=r"event 0.*recorded outcome"):
        PileGame.replay(game.seed, game.options, [forged_event], practice=game.practice)
    version_2 = PileGame("seed", practice=True)  # a version-2 game records the outcome itself
    version_2.use_chain(FULL_OUTCOME_CHAIN)
    version_2.draw(2)
    forged = dict(version_2.log[0].to_dict(), outcome={"cards": ["AS", "AH"], "die": 6})
    forged_event = Event.from_dict(forged)
    forged_event = Event.from_dict(dict(forged, hash=forged_event.expected_hash(FULL_OUTCOME_CHAIN)))
    replay = PileGame("seed", practice=True)
    replay.use_chain(FULL_OUTCOME_CHAIN)
    with pytest.raises(ReplayMismatchError, match=r"event 0.*recorded outcome"):
        replay.apply(forged_event)


def test_replay_refuses_a_wrong_hash_and_marks_the_game_broken():
    game = PileGame("seed", practice=True)
    game.draw()
    bad = Event.from_dict(dict(game.log[0].to_dict(), hash="f" * 64))
    fresh = PileGame("seed", practice=True)
    with pytest.raises(ReplayMismatchError, match="hash"):
        fresh.apply(bad)
    with pytest.raises(IllegalActionError, match="replaying"):
        fresh.draw()


def test_unknown_option_is_refused():
    with pytest.raises(UnknownNameError, match="options are: decks"):
        PileGame("s", colour="red", practice=True)


def test_a_rig_is_for_the_next_action_only_even_when_it_is_refused():
    game = PileGame("seed", practice=True)
    game.draw(8)
    with pytest.raises(IllegalActionError):
        game.rig(dice=[3]).draw(5)
    assert not game.draw().die == 0 and not game.log[-1].rigged


def test_notebooks_show_results_as_readable_text_not_the_dataclass_repr():
    from IPython.lib.pretty import pretty

    result = PileGame("seed", practice=True).draw()
    assert pretty(result) == "drew 9S and rolled 6"
    assert repr(result).startswith("Drawn(")


def test_g1_a_rigged_result_says_so_in_every_rendering():
    from IPython.lib.pretty import pretty

    result = PileGame("seed", practice=True).rig("4H", dice=[2]).draw()
    note = "Rigged: cards and dice set by hand (fate deck: 4H; dice: 2) — a practice game (G-1)."
    assert pretty(result) == f"drew 4H and rolled 2\n  · {note}"
    assert note in result._repr_html_() and result.rig == {"cards": {"fate": ["4H"]}, "dice": [2]}


def test_g1_a_real_game_refuses_rigging_and_a_rigged_event_on_replay():
    game = PileGame("seed")
    with pytest.raises(IllegalActionError, match=r"real game.*\(G-1\)"):
        game.rig("4H")
    with pytest.raises(IllegalActionError, match=r"\(G-1\)"):
        game.rig(dice=[2])
    assert game.pending_rig is None and game.turn == 0
    practice = PileGame("seed", practice=True)
    practice.rig("4H", dice=[2]).draw()
    real = PileGame("seed")
    with pytest.raises(IllegalActionError, match=r"\(G-1\)"):
        real._perform("draw", {}, rig=Rig.from_dict(practice.log[0].rig))
    assert real.turn == 0 and real.fingerprint() == PileGame("seed").fingerprint()


def test_g5_the_chain_starts_from_the_games_start_and_changes_with_it():
    base = PileGame("seed")
    assert base.log.head == base.log.genesis != "0" * 64
    others = [PileGame("seed", practice=True), PileGame("other"), PileGame("seed", players={"Ana": ["Ada"]}),
              PileGame("seed", gm="Gil")]
    assert len({game.log.genesis for game in [base, *others]}) == 5
    base.draw()
    moved = PileGame("seed")
    moved.set_roster({"Ana": []})
    moved.draw()
    assert moved.log[0].outcome == base.log[0].outcome and moved.log[0].hash != base.log[0].hash
