"""Invariants of random combats (R-3, R-4, R-6) and replay, checked with Hypothesis."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ru_sheets import SHEETS, snapshot, table

from kit.core.errors import OutOfTurnError, RulesError

NAMES = list(SHEETS)
ACTIONS = ["attack", "attack_and_defend", "walk", "run", "wait", "perceive", "withdraw"]


def check_tracks(game):
    for c in game.state.characters.values():
        assert 0 <= c.stamina_damage <= c.stamina and 0 <= c.physical_damage <= c.physical


def act(game, data, who, names):
    kind = data.draw(st.sampled_from(ACTIONS))
    others = [n for n in names if n != who]
    if kind in ("attack", "attack_and_defend"):
        target = data.draw(st.sampled_from(others))
        weapons = [w.name for w in game.state.characters[who].weapons] or [None]
        weapon = data.draw(st.sampled_from(weapons))
        ranged = weapon is not None and game.state.characters[who].weapon(weapon).ranged
        defence = data.draw(st.sampled_from(game.allowed_defences(target, "ranged" if ranged else "melee")))
        getattr(game, kind)(who, target, weapon=weapon, defence=defence)
    elif kind == "perceive":
        game.perceive(who)
    elif kind == "withdraw":
        game.withdraw(who, [data.draw(st.sampled_from(others))])
    else:
        getattr(game, kind)(who)


@settings(max_examples=40, deadline=None)
@given(seed=st.text("abcdef0123456789", min_size=1, max_size=6), count=st.integers(2, 4), ambush=st.booleans(),
       data=st.data())
def test_random_combats_keep_order_tracks_and_replay(seed, count, ambush, data):
    names = NAMES[:count]
    game = table(*names, seed=seed)
    game.start_combat(names, ambushers=names[:1] if ambush else None)
    expected, actors = list(game.combat.round_order), []
    while game.combat.round <= 3:
        current = game.current_combatant
        if current is None:
            assert actors == expected  # everyone who acts this round, once each, in declaration order
            game.next_round()
            expected, actors = list(game.combat.round_order), []
            continue
        intruder = data.draw(st.sampled_from(names))
        if intruder != current:
            before = snapshot(game)
            with pytest.raises(OutOfTurnError):
                game.wait(intruder)
            assert snapshot(game) == before
        act(game, data, current, names)
        actors.append(current)
        with pytest.raises(OutOfTurnError):
            game.wait(current)
        for attacker, target in list(game.combat.free_attacks):
            if data.draw(st.booleans()):
                game.free_attack(attacker, target, defence="none")
        check_tracks(game)
    game.end_combat()
    assert game.state.clock == game.log[-1].outcome["combat_seconds"]
    again = type(game).replay(game.seed, game.options, list(game.log), practice=game.practice)
    assert again.fingerprint() == game.fingerprint()


@settings(max_examples=30, deadline=None)
@given(seed=st.text("xyz0123", min_size=1, max_size=5), steps=st.lists(
    st.sampled_from(["stamina", "physical", "physicane", "treat", "minutes", "hours", "test", "card"]), max_size=15))
def test_random_healing_and_fate_keep_tracks_in_range_and_replay(seed, steps):
    game = table("Artie", "Mabel", "Xavier", seed=seed)
    game.start_play()
    game.rig(dice=[1, 1]).start_combat(["Xavier", "Artie"])
    game.rig(dice=[1, 20]).attack("Xavier", "Artie", weapon="Sword", defence="dodge")
    game.wait("Artie")
    game.next_round()
    game.rig(dice=[1, 20]).attack("Xavier", "Artie", defence="dodge")
    game.end_combat()
    assert (game.state.characters["Artie"].stamina_left, game.state.characters["Artie"].physical_left) == (0, 0)
    for step in steps:
        before = snapshot(game)
        try:
            if step == "stamina":
                game.heal_stamina("Artie")
            elif step == "physical":
                game.heal_physical("Artie")
            elif step == "physicane":
                game.take_physicane("Artie")
            elif step == "treat":
                game.treat("Mabel", "Artie")
            elif step == "minutes":
                game.advance_time(minutes=10)
            elif step == "hours":
                game.advance_time(hours=7)
            elif step == "test":
                game.test("Artie", "Agility", "Bash and Stab")
            elif game.state.characters["Artie"].fate_cards:
                game.spend_fate_card("Artie", game.state.characters["Artie"].fate_cards[0].name)
        except RulesError:  # refusals (cadence, the open test) are allowed and change nothing
            assert snapshot(game) == before
        check_tracks(game)
    cards = sum(len(c.fate_cards) for c in game.state.characters.values())
    assert cards + game.state.fate_deck.size == 78
    again = type(game).replay(game.seed, game.options, list(game.log), practice=game.practice)
    assert again.fingerprint() == game.fingerprint()
