"""Bad input is refused with a RulesError that cites a ruling, and changes nothing."""

import pytest
from ru_sheets import ARTIE, snapshot, table

from kit.core.errors import (
    IllegalActionError,
    InvalidCharacterError,
    MalformedInputError,
    NotHeldError,
    OutOfRangeError,
    OutOfTurnError,
    RulesError,
    UnknownNameError,
)


def in_combat():
    game = table("Artie", "Xavier", "Mabel")
    game.rig(["The Fool"], deck="fate").deal_fate_cards(["Xavier"], count=1)
    game.rig(dice=[2, 3, 15]).start_combat(["Artie", "Xavier", "Mabel"])  # order: Mabel, Xavier, Artie
    return game


REFUSALS = [
    ("acting out of turn", lambda g: g.walk("Artie"), OutOfTurnError, "R-3"),
    ("acting before one's first round", lambda g: g.walk("Mabel"), OutOfTurnError, "round 2"),
    ("a modifier above +10", lambda g: g.attack("Xavier", "Artie", "Sword", "dodge", modifier=11), OutOfRangeError,
     "R-1"),
    ("a defence modifier below −10", lambda g: g.attack("Xavier", "Artie", "Sword", "dodge", defence_modifier=-11),
     OutOfRangeError, "R-1"),
    ("an unknown skill", lambda g: g.test("Artie", "Agility", "Fencing"), UnknownNameError, "Bash and Stab"),
    ("an unknown weapon", lambda g: g.attack("Xavier", "Artie", weapon="Cannon"), UnknownNameError, "Sword, Rifle"),
    ("an unknown character", lambda g: g.test("Zed", "Agility"), UnknownNameError, "Artie, Xavier, Mabel"),
    ("an unknown defence", lambda g: g.attack("Xavier", "Artie", "Sword", "block"), UnknownNameError, "dodge"),
    ("a card one does not hold", lambda g: g.spend_fate_card("Artie", "The Fool"), NotHeldError, "R-7"),
    ("a card that is no card", lambda g: g.spend_fate_card("Xavier", "The Joker"), MalformedInputError, "R-7"),
    ("another player's card without consent",
     lambda g: g.spend_fate_card("Xavier", "The Fool", use="permit", on="Artie"), IllegalActionError, "R-7"),
    ("a cover rating with a dodge", lambda g: g.attack("Xavier", "Artie", "Sword", "dodge", cover=2),
     IllegalActionError, "R-5"),
    ("attacking oneself", lambda g: g.attack("Xavier", "Xavier", "Sword"), IllegalActionError, "R-5"),
    ("healing in combat", lambda g: g.heal_stamina("Artie"), IllegalActionError, "R-6"),
    ("a free attack nobody won", lambda g: g.free_attack("Artie", "Xavier"), IllegalActionError, "R-4"),
]


@pytest.mark.parametrize(("what", "action", "error", "match"), REFUSALS, ids=[r[0] for r in REFUSALS])
def test_refused_actions_change_nothing(what, action, error, match):
    game = in_combat()
    before = snapshot(game)
    with pytest.raises(error, match=match) as caught:
        action(game)
    assert isinstance(caught.value, RulesError) and caught.value.ruling
    assert snapshot(game) == before


def test_r4_second_action_in_a_round_is_refused_without_change():
    game = in_combat()
    game.wait("Xavier")
    before = snapshot(game)
    with pytest.raises(OutOfTurnError, match="already acted"):
        game.walk("Xavier")
    assert snapshot(game) == before


@pytest.mark.parametrize("sheet_change, error", [
    ({"attributes": {"Agility": 7}}, InvalidCharacterError),
    ({"stamina": 0}, InvalidCharacterError),
    ({"armour": -1}, InvalidCharacterError),
    ({"weapons": [{"name": "Bow", "damage": 2, "kind": "thrown"}]}, MalformedInputError),
    ({"weapons": [{"name": "Bow", "damage": 2, "skill": "Archery"}]}, UnknownNameError),
    ({"skills": {"Medicine": "high"}}, MalformedInputError),
])
def test_r1_bad_sheets_are_refused(sheet_change, error):
    game = table("Xavier")
    before = snapshot(game)
    with pytest.raises(error):
        game.add_character(**{**ARTIE, **sheet_change})
    assert snapshot(game) == before


def test_duplicate_character_and_unknown_option_are_refused():
    game = table("Artie")
    with pytest.raises(IllegalActionError):
        game.add_character(**{**ARTIE, "name": "ARTIE"})
    with pytest.raises(UnknownNameError):
        table("Artie", initiative="fast")
    with pytest.raises(UnknownNameError, match="R-3"):
        table("Artie", initiative_ties="dice")


def _no_firearm(game):
    game.add_character(**BRUNO_SHEET)
    game.rig(dice=[1, 2]).start_combat(["Bruno", "Xavier"])  # Bruno degree 3 declares before Xavier's 7
    game.aim("Bruno")


BRUNO_SHEET = {"name": "Bruno", "attributes": {"Agility": 5, "Wits": 4, "Vitality": 6, "Reason": 3, "Fate": 1},
               "skills": {"Bash and Stab": 4}, "player": "GM"}

SAYS_WHAT_IS_ALLOWED = [
    ("a combat of one", lambda g: g.start_combat(["Artie"]), "R-3", "name two or more"),
    ("an ambush of everyone", lambda g: g.start_combat(["Artie", "Xavier"], ambushers=["Artie", "Xavier"]), "R-3",
     "leave at least one combatant out of ambushers"),
    ("a second free action of a kind",
     lambda g: (g.rig(dice=[1, 2]).start_combat(["Artie", "Xavier"]), g.shift("Artie"), g.shift("Artie")),
     "R-4", "each free action once a round"),
    ("a cover rating out of range", lambda g: (g.rig(dice=[1, 2]).start_combat(["Artie", "Xavier"]),
                                               g.attack("Xavier", "Artie", "Rifle", "cover", cover=11)), "R-5",
     "give cover=0"),
    ("aiming without a firearm", _no_firearm, "R-4", "another action"),
    ("withdrawing from oneself", lambda g: (g.rig(dice=[1, 2]).start_combat(["Artie", "Xavier"]),
                                            g.withdraw("Xavier", ["Xavier"])), "R-4", "name the characters in melee"),
]


@pytest.mark.parametrize(("what", "action", "ruling", "allowed"), SAYS_WHAT_IS_ALLOWED,
                         ids=[r[0] for r in SAYS_WHAT_IS_ALLOWED])
def test_r3_r4_r5_refusals_cite_the_ruling_and_say_what_is_allowed(what, action, ruling, allowed):
    game = table("Artie", "Xavier")
    with pytest.raises(RulesError) as caught:
        action(game)
    assert caught.value.ruling == ruling
    assert caught.value.allowed and allowed in caught.value.allowed
