"""Checkpoints (C-1): every state of real games round-trips through plain JSON, plays on the same, and
hostile JSON is refused with MalformedInputError naming the place, never another error.

The games are played by seeded drivers that pick each next action from what the table allows
(answering what a flip awaits, checks and rerolls, combat rounds with initiative, healing, fate
cards); a refused action changes nothing, so the drivers simply go on. Each checkpoint is read
back after :func:`kit.core.events.canonical_json`, as the game file keeps it (keys sorted).
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import json
import random
import statistics
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from falkefateifaux.ff_helpers import ADA, new_table
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ru_sheets import SHEETS
from sealed.sealed_helpers import PLAYERS, play, random_turn, seal_next, seated, settle
from suitpairs.sp_helpers import MIRA

from kit import systems
from kit.core.cards import Card
from kit.core.checkpoint import MAX_ENTRIES, MAX_NUMBER, MAX_TEXT, decode_state, encode_state
from kit.core.decks import Deck
from kit.core.errors import MalformedInputError, RulesError
from kit.core.events import canonical_json
from kit.core.game import Game, _plain
from kit.core.proofs import ProofBook
from kit.core.seats import Seating
from kit.core.tarot import TarotCard
from kit.falkefateifaux import SKILLS as FF_SKILLS
from kit.falkefateifaux.conditions import CONDITIONS
from kit.falkefateifaux.state import FFState
from kit.rollunder import RollUnderGame
from kit.rollunder.state import RollUnderState
from kit.suitpairs import SuitPairsGame
from kit.suitpairs.game import SuitPairsState

Action = tuple[str, dict[str, Any]]


# -- drivers: the next action of a real game, chosen from what the table allows -------------------


def ff_action(game: Game, rng: random.Random) -> Action:
    """A FalkeFateiFaux action: mostly what the flip awaits, else a flip or a GM's change."""
    awaiting = game.awaiting
    if awaiting is not None and rng.random() < 0.92:
        if awaiting.action == "discard":
            return "discard", {"character": awaiting.character, "cards": game.hand(awaiting.character)[:awaiting.count]}
        return awaiting.action, {"character": awaiting.character, "card": rng.choice(awaiting.options)}
    names = game.character_names()
    who = rng.choice(names)
    other = rng.choice([name for name in names if name != who])
    person = game.state.characters[who]
    roll = rng.randrange(20)
    if roll < 9:
        args: dict[str, Any] = {"character": who, "skill": rng.choice(list(FF_SKILLS)), "guide": rng.random() < 0.6,
                                "plus": rng.randrange(3), "minus": rng.randrange(3), "modifier": rng.randrange(-2, 3)}
        if rng.random() < 0.3:
            args["adverb"] = rng.choice([*person.adverbs, person.negative_adverb])
        if rng.random() < 0.2:
            args["boost"] = True
        elif rng.random() < 0.2:
            args["suit"] = True
        kind = rng.randrange(3)
        if kind == 0:
            args["target"] = rng.randrange(0, 16)
        elif kind == 1:
            args.update(against=other, target=rng.randrange(0, 16))
        else:
            args.update(against=other, against_skill=rng.choice(list(FF_SKILLS)), against_guide=rng.random() < 0.5)
        if rng.random() < 0.1:
            args["duration"] = "armor_of_ithan"
        return "flip", args
    if roll == 9:
        name = rng.choice(list(CONDITIONS))
        return "add_condition", {"character": who, "condition": name,
                                 "choice": rng.choice(["+", "++"]) if name == "Hard Cover" else None}
    if roll == 10:
        return "add_condition", {"character": who, "condition": rng.choice(["local renown", "Armor of Ithan"]),
                                 "skills": [rng.choice(["Resistance", "Clubs", "all"])], "plus": rng.randrange(2),
                                 "minus": rng.randrange(2), "modifier": rng.choice([-2, 3])}
    if roll == 11:
        injury = rng.choice(["Niggling", "Minor", "Moderate", "Severe", "Crippling", "KO"])
        extra: dict[str, Any] = {}
        if injury in ("Niggling", "Minor"):
            extra["choice"] = rng.choice(["Clubs", "Diamonds"])
        if injury == "Minor":
            extra["amount"] = rng.choice([2, 3, 4])
        return "injure", {"character": who, "injury": injury, **extra}
    if roll == 12 and person.afflictions:
        taken = rng.choice(person.afflictions)
        if taken.kind == "condition":
            return "remove_condition", {"character": who, "condition": taken.name}
        return "heal", {"character": who, "injury": taken.name}
    if roll == 13:
        return "award_fate", {"character": who, "amount": rng.choice([1, 2, -1]), "reason": "a fine scene"}
    if roll == 14:
        return rng.choice(["prepare", "mulligan"]), {"character": who}
    if roll == 15:
        return "trust_the_fates", {"character": who, "cards": game.hand(who)[:4]}
    if roll == 16:
        return "end_scene", {}
    if roll == 17:
        return ("regain_control", {"character": who}) if not person.in_control else (
            "lose_control", {"character": who, "reason": "unconscious"})
    if roll == 18:
        return "adjust_refresh", {"character": who, "amount": rng.choice([-1, 1]), "reason": "a curse"}
    return "set_skill", {"character": who, "skill": rng.choice(list(FF_SKILLS)), "level": rng.choice([2, 4, 6, 8])}


SP_SKILLS = ("Defy", "Analyze", "Stealth", "Help", "Charm", "Tinker", "Brute Force")
SP_ATTRIBUTES = ("Strength", "Intelligence", "Dexterity", "Charisma")


def sp_action(game: Game, rng: random.Random) -> Action:
    """A Suit Pairs action: checks, rerolls and accepts, GM adjustments and the turn order."""
    names = game.characters
    who = rng.choice(names)
    pending = game.pending(who)
    roll = rng.randrange(12)
    if pending is not None and roll < 7:
        if roll < 3:
            return "reroll", {"character": who, "pay": rng.choice([None, *SP_ATTRIBUTES])}
        return "accept", {"character": who, "consequences": rng.choice([None, None, False, True])}
    if roll < 7:
        return "check", {"character": who, "skill": rng.choice(SP_SKILLS),
                         "difficulty": rng.choice(["Easy", "Medium", "Hard", 8, 12])}
    if roll < 9:
        return rng.choice(["award", "take_away"]), {"character": who, "what": rng.choice(SP_ATTRIBUTES + SP_SKILLS),
                                                    "points": rng.randrange(1, 3), "reason": "the GM's ruling"}
    if roll == 9:
        order = list(names)
        rng.shuffle(order)
        return "set_turn_order", {"order": order}
    return "check", {"character": who, "skill": "Defy", "difficulty": "Medium"}


RU_NAMES = ("Artie", "Xavier", "Mabel", "Bruno")


def ru_action(game: Game, rng: random.Random) -> Action:
    """A Roll-Under action: combat rounds with initiative, tests, fate cards, healing and time."""
    state = game.state
    names = list(state.characters)
    who = rng.choice(names)
    other = rng.choice([name for name in names if name != who])
    held = state.characters[who].fate_cards
    if state.combat is not None:
        current = game.current_combatant
        roll = rng.randrange(20)
        if current is None or roll == 0:
            done = state.combat.rounds_played >= 2 and rng.random() < 0.5
            return ("end_combat", {}) if done else ("next_round", {})
        target = rng.choice([name for name in state.combat.combatants if name != current])
        if roll < 9:
            weapon = rng.choice(state.characters[current].weapons).name if state.characters[current].weapons else None
            return rng.choice(["attack", "attack", "attack_and_defend"]), {
                "attacker": current, "defender": target, "weapon": weapon,
                "defence": rng.choice([None, *game.allowed_defences(target)])}
        if roll == 9:
            return "modify_initiative", {"character": rng.choice(state.combat.combatants),
                                         "modifier": rng.choice([-2, 1, 3])}
        if roll == 10:
            defence = rng.choice(["dodge", "parry", "cover"])
            return "choose_defence", {"character": rng.choice(state.combat.combatants), "defence": defence,
                                      "cover": rng.randrange(4) if defence == "cover" else 0}
        if roll == 11:
            arms = [weapon.name for weapon in state.characters[current].weapons]
            return "ready", {"character": current, "item": rng.choice([*arms, *arms, "the lantern"])}
        if roll == 12:
            return "say", {"character": current, "statement": "Stand and deliver!"}
        if roll == 13:
            return "aim", {"character": current, "weapon": None}
        cards = state.characters[current].fate_cards
        if roll == 14 and cards:
            return "spend_fate_card", {"character": current, "card": rng.choice(cards).name,
                                       "use": rng.choice(["reroll", "permit"])}
        return rng.choice(["wait", "walk", "run", "shift"]), {"character": current}
    if not state.play_started:
        return "start_play", {}
    roll = rng.randrange(16)
    if roll in (0, 14):
        fighters = rng.sample(names, rng.randrange(2, len(names) + 1))
        return "start_combat", {"combatants": fighters, "ambushers": rng.choice([None, fighters[:1]])}
    if roll < 4:
        return "test", {"character": who, "attribute": rng.choice(["Agility", "Wits", "Vitality"]),
                        "skill": rng.choice([None, "Bash and Stab", "Duck & Cover"]), "modifier": rng.randrange(-2, 3)}
    if roll < 6:
        return "opposed_test", {"character": who, "attribute": "Agility", "skill": "Bash and Stab",
                                "opponent": other, "opponent_attribute": "Agility", "opponent_skill": "Duck & Cover"}
    if roll < 8 and held:
        return "spend_fate_card", {"character": who, "card": rng.choice(held).name,
                                   "use": rng.choice(["reroll", "reroll", "narrative", "permit"]),
                                   "note": "The airship arrives early"}
    if roll == 8:
        return "deal_fate_cards", {}
    if roll == 9:
        return "advance_time", {"minutes": rng.choice([1, 10, 30]), "hours": rng.choice([0, 0, 5, 24])}
    if roll == 10:
        return rng.choice(["heal_stamina", "heal_physical", "take_physicane"]), {"character": who}
    if roll == 11:
        return "treat", {"physician": "Mabel", "patient": who}
    if roll == 12 and state.narratives:
        return "rule_on_narrative", {"request": rng.randrange(1, len(state.narratives) + 1),
                                     "granted": rng.random() < 0.5, "ruling": "so it is"}
    if roll == 13:
        defence = rng.choice(["dodge", "parry", "cover"])
        return "choose_defence", {"character": who, "defence": defence,
                                  "cover": rng.randrange(4) if defence == "cover" else 0}
    return "test", {"character": who, "attribute": "Reason"}


def new_ff(seed: str) -> Game:
    game = new_table(seed, fate_decks=8)
    game.add_character("Cleo", npc=True, **{**ADA, "great": "Magic", "good": ["Resistance", "Education", "Courage"]})
    return game


def new_sp(seed: str) -> Game:
    game = SuitPairsGame(seed, practice=True)
    game.create_character(**MIRA)
    game.create_character("Tam", "Collector", 2, 4, 2, 2, ["Intimidate", "Tinker", "Evade", "Charm"])
    game.create_character("Wren", "Fool", 1, 2, 4, 3, ["Grab", "Persuade", "Agility", "Charm"])
    return game


def new_ru(seed: str) -> Game:
    game = RollUnderGame(seed, practice=True)
    for name in RU_NAMES:
        game.add_character(**SHEETS[name])
    return game


OWN_DRIVERS: dict[str, tuple[Callable[[str], Game], Callable[[Game, random.Random], Action]]] = {
    "falkefateifaux": (new_ff, ff_action),
    "suitpairs": (new_sp, sp_action),
    "rollunder": (new_ru, ru_action),
}
"""The kit's own systems played by the rich drivers above, which reach every corner of their states."""


def new_party(system: str) -> Callable[[str], Game]:
    """A practice game of ``system`` with its whole ready-made party."""
    def new(seed: str) -> Game:
        game = systems.new_game(system, seed=seed, practice=True)
        for action, args in systems.system_info(system).party_for([]):
            getattr(game, action)(**args)
        return game

    return new


def driven_action(game: Game, rng: random.Random) -> Action:
    """An action of any other system, from its driver: mostly the step the rules wait for, else a drawing turn of
    one of the characters, or a GM's turn."""
    driver = systems.system_info(game.system).driver
    assert driver is not None, f"{game.system} has no driver"
    wanted = driver.follow_up(game)
    if wanted is not None and rng.random() < 0.85:
        return wanted[1], wanted[2]
    who = rng.choice(game.character_names())
    if rng.random() < 0.25:
        return driver.gm_turn(who, rng.randrange(100))
    return driver.drawing_turn(who, rng.randrange(100))


SYSTEMS: dict[str, tuple[Callable[[str], Game], Callable[[Game, random.Random], Action]]] = {
    name: OWN_DRIVERS.get(name, (new_party(name), driven_action)) for name in systems.SYSTEMS
}
"""Every registered system: how a game of it starts, and how its next action is chosen."""


def take(game: Game, action: Action) -> Any:
    """Take the action; a refusal is an outcome too (the game is unchanged)."""
    name, args = action
    try:
        return getattr(game, name)(**args)
    except RulesError as refusal:
        return refusal


def outcome(result: Any) -> Any:
    """What an action came to, comparable across games."""
    if isinstance(result, RulesError):
        return type(result).__name__, str(result)
    return result.to_dict()


@functools.cache
def positions(system: str, seed: str = "checkpoint", actions: int = 160) -> tuple[tuple[Game, ...], str]:
    """Copies of a game after each of ``actions`` actions taken by the system's driver (built once a run)."""
    new, driver = SYSTEMS[system]
    game = new(seed)
    rng = random.Random(seed)
    seen = [copy.deepcopy(game)]
    for _ in range(actions):
        take(game, driver(game, rng))
        seen.append(copy.deepcopy(game))
    return tuple(seen), seed


def round_trip(value: Any) -> Any:
    """Encode, write as the game file does (canonical JSON, keys sorted), read back; check every way."""
    encoded = encode_state(value)
    json.dumps(encoded, allow_nan=False)
    text = canonical_json(encoded)
    decoded = decode_state(type(value), json.loads(text))
    assert decoded == value
    assert canonical_json(_plain(decoded)) == canonical_json(_plain(value))
    assert encode_state(decoded) == encoded
    return decoded


# -- round trips of real games ---------------------------------------------------------------------


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_c1_every_position_of_a_real_game_round_trips(system):
    games, _ = positions(system)
    for game in games:
        decoded = round_trip(game.state)
        assert type(decoded) is type(game.state)
        assert list(decoded.characters) == list(game.state.characters)  # the order characters joined in


def test_c1_the_falkefateifaux_positions_hold_pending_stacks_afflictions_and_hands():
    games, _ = positions("falkefateifaux")
    states = [game.state for game in games]
    assert all(state.fate_decks == 8 for state in states)
    assert sum(state.pending is not None and any(side.cards for side in state.pending.sides) for state in states) > 10
    assert any(state.pending is not None and len(state.pending.sides) == 2 for state in states)
    assert any(state.pending is not None and state.pending.adverb_draws for state in states)
    assert any(side.played is not None for state in states if state.pending for side in state.pending.sides)
    people = [person for state in states for person in state.characters.values()]
    assert any(person.afflictions and any(a.effects for a in person.afflictions) for person in people)
    assert any(person.burning or person.owed_discards or not person.in_control for person in people)
    assert any(state.fate.discard_pile for state in states) and any(state.scene > 1 for state in states)


def test_c1_the_suitpairs_positions_hold_pending_checks_with_rerolls():
    games, _ = positions("suitpairs")
    states = [game.state for game in games]
    assert any(len(state.pending) >= 2 for state in states)
    assert any(check.replaced and check.paid for state in states for check in state.pending.values())
    assert any(state.turn_order for state in states) and any(state.last_resolved for state in states)


def test_c1_the_rollunder_positions_hold_combat_initiative_healing_and_fate_cards():
    games, _ = positions("rollunder")
    states = [game.state for game in games]
    fights = [state.combat for state in states if state.combat is not None]
    assert len(fights) > 20 and any(fight.ambushers for fight in fights)
    assert any(entry.modifier for fight in fights for entry in fight.initiative.values())
    assert any(fight.acted for fight in fights) and any(fight.rounds_played for fight in fights)
    assert any(ch.fate_cards for state in states for ch in state.characters.values())
    assert any(ch.stamina_damage for state in states for ch in state.characters.values())
    assert any(state.last_test is not None and len(state.last_test.sides) == 2 for state in states)
    assert any(record.last_physician is not None for state in states for record in state.healing.values())
    assert any(state.readied for state in states) and any(state.defences for state in states)
    assert any(state.clock for state in states) and any(state.play_started for state in states)


def test_c1_a_falkefateifaux_state_with_eight_fate_decks_encodes_and_decodes_in_a_few_ms():
    games, _ = positions("falkefateifaux")
    state = max((game.state for game in games), key=lambda s: len(s.pending.sides) if s.pending else 0)
    assert state.fate.size + sum(len(ch.hand) for ch in state.characters.values()) > 400
    times = []
    for _ in range(30):
        start = time.perf_counter()
        decode_state(FFState, encode_state(state))
        times.append(time.perf_counter() - start)
    assert statistics.median(times) < 0.010


def test_c1_decoded_cards_are_the_kits_own_and_nothing_is_shared():
    games, _ = positions("falkefateifaux")
    game = games[-1]
    encoded = encode_state(game.state)
    decoded = decode_state(FFState, encoded)
    assert all(card is Card.parse(card.code) for card in decoded.fate.draw_pile)
    kept = canonical_json(encoded)
    decoded.fate.draw_pile.pop()
    decoded.characters["Ada"].hand.clear()
    assert canonical_json(encoded) == kept  # the decoded state shares no container with the data
    live = copy.deepcopy(game)
    encoded = encode_state(live.state)
    kept = canonical_json(encoded)
    rng = random.Random(1)
    for _ in range(20):
        take(live, ff_action(live, rng))
    assert canonical_json(encoded) == kept  # nor the data with the live state
    tarot = decode_state(RollUnderState, encode_state(positions("rollunder")[0][-1].state))
    assert all(card is TarotCard.parse(card.name) for card in tarot.fate_deck.draw_pile)


# -- the decoded state plays on exactly as the live one ------------------------------------------


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_c1_a_decoded_state_plays_on_exactly_as_the_original(system):
    games, seed = positions(system)
    driver = SYSTEMS[system][1]
    for at in range(5, len(games), 9):
        original = copy.deepcopy(games[at])
        twin = copy.deepcopy(games[at])
        twin.state = decode_state(type(original.state), json.loads(canonical_json(encode_state(original.state))))
        rng = random.Random(f"{seed}:{at}")
        for _ in range(8):
            action = driver(original, rng)
            assert outcome(take(original, action)) == outcome(take(twin, action)), (at, action)
            assert twin.fingerprint() == original.fingerprint()
        assert twin.log.head == original.log.head


# -- seats and proofs -------------------------------------------------------------------------------


def _without_keys(book: ProofBook) -> ProofBook:
    return dataclasses.replace(book, keys={}, _chain_cache={})


@functools.cache
def sealed_positions(system: str) -> tuple[Game, ...]:
    """A sealed game of Ana, Ben and the GM Gil, copied after every turn, declarations waiting and sealed."""
    game = seated(system, f"checkpoint-{system}")
    names = game.character_names()
    seen = [copy.deepcopy(game)]
    for step in range(12):
        player = PLAYERS[step % 2]
        character = names[step % 2]
        action, args = random_turn(system, character, step)
        if step % 3 == 2:
            getattr(game.sit(player), action)(**args)  # declared: waits for the next seat's seal (K-3)
            seen.append(copy.deepcopy(game))
            seal_next(game)
        else:
            play(game, player, action, args)
        seen.append(copy.deepcopy(game))
        settle(game)
        seen.append(copy.deepcopy(game))
    return tuple(seen)


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_k1_seating_and_proofs_of_a_sealed_game_round_trip_without_the_keys(system):
    games = sealed_positions(system)
    assert any(game.proofs.pending for game in games)
    for game in games:
        round_trip(game.seating)
        round_trip(game.state)
        encoded = encode_state(game.proofs)
        assert set(encoded) == {"genesis", "gm", "gm_sealer", "length", "seats", "chains", "pending"}
        assert encoded["seats"] == ["Ana", "Ben", "Gil"] and encoded["gm_sealer"] == ""  # version 5: the next seat
        assert "keys" not in canonical_json(encoded)
        book = decode_state(ProofBook, json.loads(canonical_json(encoded)))
        assert book.keys == {} and book._chain_cache == {}
        assert book == _without_keys(game.proofs)
        assert encode_state(book) == encoded
        assert all(type(d.args) is dict for d in book.pending)


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_k1_decoded_proofs_with_the_tables_keys_seal_and_prove_as_the_original(system):
    games = sealed_positions(system)
    waiting = next(at for at, game in enumerate(games) if game.proofs.pending)
    for at in (3, waiting, len(games) // 2, len(games) - 1):
        original = copy.deepcopy(games[at])
        twin = copy.deepcopy(games[at])
        twin.state = decode_state(type(original.state), encode_state(original.state))
        twin.seating = decode_state(Seating, json.loads(canonical_json(encode_state(original.seating))))
        twin.proofs = decode_state(ProofBook, json.loads(canonical_json(encode_state(original.proofs))))
        twin.proofs.keys = dict(original.proofs.keys)
        names = original.character_names()
        if original.proofs.pending:  # the declaration waiting in the checkpoint is sealed from it, by its sealer
            assert twin.pending_declarations[0].sealer == original.pending_declarations[0].sealer
            assert outcome(seal_next(original)) == outcome(seal_next(twin))
        for step in range(4):
            settle(original)
            settle(twin)
            action, args = random_turn(system, names[step % 2], step + at)
            assert outcome(play(original, PLAYERS[step % 2], action, args)) == outcome(
                play(twin, PLAYERS[step % 2], action, args))
        assert twin.log.head == original.log.head and twin.fingerprint() == original.fingerprint()


def test_p1_a_seating_with_owners_from_the_turns_round_trips_in_order():
    seating = Seating({"Ana": ["Mira"], "Ben": []}, "Gil")
    seating.owners["Tam"] = "Ben"
    seating.owners["Aaron"] = "Ana"
    decoded = round_trip(seating)
    assert list(decoded.owners) == ["Mira", "Tam", "Aaron"]


# -- hostile checkpoints: refused with the place named ---------------------------------------------


def refusal(kind: Any, data: Any, where: str = "checkpoint state") -> str:
    with pytest.raises(MalformedInputError) as caught:
        decode_state(kind, data, where=where)
    return str(caught.value)


@functools.cache
def base(system: str) -> str:
    """A rich position's checkpoint as canonical JSON text."""
    games, _ = positions(system)
    if system == "falkefateifaux":
        game = max(games, key=lambda g: (g.state.pending is not None, sum(len(c.afflictions)
                                                                           for c in g.state.characters.values())))
    elif system == "suitpairs":
        game = max(games, key=lambda g: sum(len(c.replaced) + 1 for c in g.state.pending.values()))
    elif system == "rollunder":
        game = max(games, key=lambda g: (g.state.combat is not None, len(g.state.healing), len(g.state.narratives)))
    else:
        game = games[-1]
    return canonical_json(encode_state(game.state))


def test_c1_a_wrong_type_is_refused_naming_the_path():
    data = json.loads(base("suitpairs"))
    data["characters"][0][1]["attributes"][1][1] = "3"
    assert refusal(SuitPairsState, data).startswith(
        "checkpoint state.characters['Mira'].attributes['Intelligence']: must be a whole number")
    data = json.loads(base("falkefateifaux"))
    data["characters"][0][1]["fate"] = True
    assert refusal(FFState, data).startswith("checkpoint state.characters['Ada'].fate: must be a whole number")
    assert refusal(FFState, data, where="checkpoint").startswith("checkpoint.characters['Ada'].fate:")


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["fate"].update(reshuffles=MAX_NUMBER + 1), "state.fate.reshuffles: must be a whole number from"),
    (lambda d: d["fate"].update(reshuffles=-(10**400)), "state.fate.reshuffles: must be a whole number from"),
    (lambda d: d["fate"].update(reshuffles=2.0), "state.fate.reshuffles: must be a whole number"),
    (lambda d: d["fate"]["draw_pile"].__setitem__(3, "1H"), "state.fate.draw_pile[3]: must be a playing card's code"),
    (lambda d: d["fate"]["draw_pile"].__setitem__(0, "4♥"), "state.fate.draw_pile[0]: must be a playing card's code"),
    (lambda d: d["fate"]["draw_pile"].__setitem__(1, ["4H"]), "state.fate.draw_pile[1]: must be a playing card's"),
    (lambda d: d["fate"].update(draw_pile=["4H"] * (MAX_ENTRIES + 1)), "state.fate.draw_pile: holds 10,001 entries"),
    (lambda d: d["fate"].pop("discard_pile"), "state.fate: lacks the field 'discard_pile' of a Deck"),
    (lambda d: d["fate"].update(extra=1), "state.fate: has a field 'extra' that a Deck does not have"),
    (lambda d: d.update(scene=None), "state.scene: must be a whole number"),
    (lambda d: d.update(characters={}), "state.characters: must be a list of [key, value] pairs"),
    (lambda d: d["characters"].append(d["characters"][0]), "state.characters[3]: repeats the key 'Ada'"),
    (lambda d: d["characters"].append(["Zed"]), "state.characters[3]: must be a [key, value] pair"),
    (lambda d: d["characters"][1].__setitem__(0, 7), "state.characters[1][0]: must be text"),
    (lambda d: d["characters"][0][1].update(name="x" * (MAX_TEXT + 1)),
     "state.characters['Ada'].name: is 501 characters long; at most 500 are allowed"),
    (lambda d: d["characters"][0][1].update(trouble="owes\nmoney"),
     "state.characters['Ada'].trouble: holds a control character (U+000A)"),
    (lambda d: d["characters"][0][1]["adverbs"].__setitem__(0, "\u202eevil"), "adverbs[0]: holds an invisible"),
    (lambda d: d["characters"][0][1].update(npc=0), "state.characters['Ada'].npc: must be true or false"),
    (lambda d: d["characters"][0][1]["hand"].__setitem__(0, None), "state.characters['Ada'].hand[0]: must be a"),
    (lambda d: d.update(magic=[]), "state.magic: must be an object (a Deck), not a list"),
])
def test_c1_malformed_values_are_refused_naming_the_place(change, message):
    data = json.loads(base("falkefateifaux"))
    change(data)
    assert message in refusal(FFState, data)


def test_c1_unknown_enum_names_and_deep_nesting_are_refused():
    data = json.loads(base("falkefateifaux"))
    assert data["pending"] is not None
    data["pending"]["sides"][0]["suit"] = "CUPS"
    assert "state.pending.sides[0].suit: must be one of CLUBS, DIAMONDS, HEARTS, SPADES" in refusal(FFState, data)
    data = json.loads(base("falkefateifaux"))
    deep: Any = "KO"
    for _ in range(100_000):
        deep = [deep]
    data["characters"][0][1]["afflictions"] = [{"kind": deep}]
    assert "afflictions[0]" in refusal(FFState, data)
    data = json.loads(base("falkefateifaux"))
    data["pending"]["spent"] = [["Ada", [["fate", deep]]]]
    assert "state.pending.spent['Ada']['fate']: must be a whole number" in refusal(FFState, data)


def test_c1_plain_json_fields_are_bounded_too():
    book = sealed_positions("suitpairs")[-1].proofs
    data = encode_state(dataclasses.replace(book, pending=[]))
    declaration = {"index": 3, "seat": "Ana", "action": "check", "args": [["character", "Mira"]],
                   "at": "2026-12-01T14:05Z", "sealer": "Gil", "actor_value": "a" * 64, "hash": "b" * 64, "slot": 1}
    data["pending"] = [declaration]
    assert decode_state(ProofBook, data).pending[0].args == {"character": "Mira"}
    deep: Any = 1
    for _ in range(9):
        deep = {"x": deep}
    for args, message in [({"character": 1.5}, "state.pending[0].args['character']: holds a number; plain data is"),
                          ({"n": [MAX_NUMBER + 1]}, "state.pending[0].args['n'][0]: must be a whole number from"),
                          ({"n": {"a\x00b": 1}}, "holds a control character"),
                          ({"deep": deep}, "args['deep']" + "['x']" * 8 + ": is nested more than 8 levels deep")]:
        data["pending"] = [{**declaration, "args": [list(pair) for pair in args.items()]}]
        assert message in refusal(ProofBook, data)


@dataclass(frozen=True)
class Positive:
    number: int

    def __post_init__(self) -> None:
        if self.number <= 0:
            raise ValueError("must be above zero")


@dataclass
class Holder:
    parts: list[Positive] = field(default_factory=list)


def test_c1_a_dataclasss_own_refusal_is_a_malformed_input():
    assert decode_state(Holder, {"parts": [{"number": 2}]}) == Holder([Positive(2)])
    with pytest.raises(MalformedInputError, match=r"^checkpoint\.parts\[0\]: is not a Positive: must be above zero"):
        decode_state(Holder, {"parts": [{"number": 0}]})
    text = refusal(Card, "ZZ", where="checkpoint card")
    assert text.startswith("checkpoint card: must be a playing card's code")


def test_c1_generic_decks_take_their_card_type_from_the_hint():
    deck = Deck("fate", [Card.parse("4H")], [Card.parse("RJ")], 2)
    assert decode_state(Deck[Card], encode_state_hinted(deck)) == deck
    assert "must be a Tarot card's name" in refusal(Deck[TarotCard], encode_state_hinted(deck))
    with pytest.raises(TypeError, match="Deck"):
        decode_state(Deck, {"name": "fate", "draw_pile": [], "discard_pile": [], "reshuffles": 0})
    with pytest.raises(TypeError, match="Deck"):
        encode_state(deck)


def encode_state_hinted(deck: Deck[Card]) -> Any:
    """A deck's encoding, taken from a state that holds it (a deck alone has no card type)."""
    @dataclass
    class _Table:
        deck: Deck[Card]
    return encode_state(_Table(deck))["deck"]


@dataclass
class WithSet:
    names: set[str]


@dataclass
class WithFloat:
    weight: float


def test_c1_what_no_checkpoint_holds_is_a_type_error_when_encoding():
    for value in (object(), WithSet({"a"}), WithFloat(1.5), {"a": 1}):
        with pytest.raises(TypeError):
            encode_state(value)
    state = copy.deepcopy(positions("suitpairs")[0][-1].state)
    state.turn_order = ("Mira",)
    with pytest.raises(TypeError, match=r"SuitPairsState at turn_order: holds a tuple where the hint says list"):
        encode_state(state)
    state = copy.deepcopy(positions("suitpairs")[0][-1].state)
    state.checks_resolved = MAX_NUMBER + 1
    with pytest.raises(MalformedInputError, match=r"SuitPairsState at checks_resolved: is beyond"):
        encode_state(state)


# -- hostile checkpoints under fuzzing ------------------------------------------------------------------


def _paths(data: Any, here: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield here
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, (*here, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _paths(value, (*here, index))


@functools.cache
def targets(system: str) -> tuple[tuple[Any, ...], ...]:
    """Every place in the base checkpoint, the cards of long piles thinned out (they are all alike)."""
    found = [path for path in _paths(json.loads(base(system)))
             if not (len(path) >= 3 and path[-2] in ("draw_pile", "discard_pile") and path[-1] > 3)]
    return tuple(found)


def _nested(depth: int) -> Any:
    value: Any = "4H"
    for _ in range(depth):
        value = [value]
    return value


HOSTILE = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 60), st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from([MAX_NUMBER, MAX_NUMBER + 1, -MAX_NUMBER - 1, 2**63, 10**400, -(10**30)]),
    st.text(max_size=12), st.sampled_from(["", "1H", "4♥", "RJ", "The Tower", "CLUBS", "cups", "Ada", "x" * 501,
                                           "a\nb", "\u202e", "\ud800", "x" * 100_000]),
    st.lists(st.integers(-2, 20), max_size=3), st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
    st.sampled_from([[], {}, [[]], [["Ada", {}]], {"name": "x"}]), st.integers(1, 2_000).map(_nested),
    st.just(["4H"] * (MAX_ENTRIES + 1)),
)
MUTATIONS = st.sampled_from(["replace", "replace", "replace", "drop", "add", "wrap", "duplicate"])

def kind_of(system: str) -> type:
    """The class of the system's state (what a checkpoint's state decodes into)."""
    return type(positions(system)[0][0].state)



def _mutate(data: Any, path: tuple[Any, ...], how: str, value: Any) -> Any:
    if not path:
        return value if how == "replace" else [data] if how == "wrap" else data
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    if how == "replace":
        parent[last] = value
    elif how == "drop":
        del parent[last]
    elif how == "add":
        if isinstance(parent, dict):
            # (the key names the value's kind: the repr of a value nested 2,000 deep overflows the stack)
            parent[f"extra-{type(value).__name__}" if not isinstance(value, str) else value[:30]] = value
        elif isinstance(parent, list):  # a leaf's place (null, a number) takes no new entry
            parent.insert(last, value)
    elif how == "wrap":
        parent[last] = [parent[last]]
    elif isinstance(parent, list):
        parent.append(copy.deepcopy(parent[last]))
    return data


def _decodes_or_refuses(kind: Any, data: Any) -> None:
    try:
        decoded = decode_state(kind, data)
    except MalformedInputError as error:
        assert len(str(error)) < 1000
        return
    if isinstance(kind, type) and not getattr(kind, "__parameters__", ()):  # a hint alone says a value's type
        assert decode_state(kind, encode_state(decoded)) == decoded  # what is read is a state a checkpoint holds


@pytest.mark.parametrize("system", list(SYSTEMS))
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), how=MUTATIONS, value=HOSTILE, more=st.integers(0, 2))
def test_c1_fuzzed_checkpoints_decode_or_are_refused_never_anything_else(system, data, how, value, more):
    checkpoint = json.loads(base(system))
    places = targets(system)
    for _ in range(1 + more):
        path = data.draw(st.sampled_from(places))
        try:
            checkpoint = _mutate(checkpoint, path, how, value)
        except (KeyError, IndexError, TypeError):
            break  # an earlier change took that place away
    _decodes_or_refuses(kind_of(system), checkpoint)


@functools.cache
def proof_base() -> str:
    games = sealed_positions("falkefateifaux")
    game = next(g for g in reversed(games) if g.proofs.pending)
    return canonical_json({"seating": encode_state(game.seating), "proofs": encode_state(game.proofs)})


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), how=MUTATIONS, value=HOSTILE)
def test_k1_fuzzed_seating_and_proofs_decode_or_are_refused(data, how, value):
    both = json.loads(proof_base())
    part = data.draw(st.sampled_from(["seating", "proofs"]))
    path = data.draw(st.sampled_from(list(_paths(both[part]))))
    try:
        mutated = _mutate(both[part], path, how, value)
    except (KeyError, IndexError, TypeError):
        mutated = both[part]
    _decodes_or_refuses(Seating if part == "seating" else ProofBook, mutated)


def test_c1_every_json_type_in_every_place_is_refused_or_read():
    checkpoint = json.loads(base("rollunder"))
    for path in targets("rollunder"):
        for value in (None, True, 7, "x", [], {}, 1.5):
            _decodes_or_refuses(RollUnderState, _mutate(json.loads(base("rollunder")), path, "replace", value))
    assert decode_state(RollUnderState, checkpoint) == decode_state(RollUnderState, json.loads(base("rollunder")))


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=30,
)


@settings(max_examples=200, deadline=None)
@given(kind=st.sampled_from([FFState, SuitPairsState, RollUnderState, Seating, ProofBook, Deck[TarotCard],
                             list[Card], dict[str, tuple[str, int]]]), data=JSON)
def test_c1_arbitrary_json_is_read_or_refused(kind, data):
    _decodes_or_refuses(kind, data)
