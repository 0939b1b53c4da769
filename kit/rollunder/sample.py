"""The Roll-Under sample game (``notebooks/games/rollunder-sample.ipynb``): the recipe its file is played from.

``scripts/make_sample_games.py`` starts a practice game with :data:`SAMPLE`'s seed, plays
:func:`play` on it and writes the file; the same bytes every run.
"""

from __future__ import annotations

from typing import Any

from kit.core.system import Sample
from kit.rollunder.game import RollUnderGame

_ARTIE: dict[str, Any] = {
    "attributes": {"Agility": 7, "Wits": 6, "Vitality": 6, "Reason": 5, "Fate": 5},
    "skills": {"Bash and Stab": 7, "Sergeant's Eye": 3, "Duck & Cover": 4, "Heroic Vigor": 4, "Barking Irons": 5},
    "weapons": [
        {"name": "Sword", "damage": 3, "kind": "melee", "skill": "Bash and Stab", "familiarity": True},
        {"name": "Pistol", "damage": 4, "kind": "ranged", "skill": "Barking Irons"},
        {"name": "Fists", "damage": 1, "kind": "melee", "skill": "Bash and Stab", "unarmed": True},
    ],
    "armour": 1, "stamina": 10, "physical": 8, "player": "Ann",
}
_XAVIER: dict[str, Any] = {
    "attributes": {"Agility": 6, "Wits": 5, "Vitality": 7, "Reason": 4, "Fate": 3},
    "skills": {"Duck & Cover": 5, "Bash and Stab": 5, "Sergeant's Eye": 4, "Heroic Vigor": 3, "Barking Irons": 6},
    "weapons": [
        {"name": "Sword", "damage": 3, "kind": "melee", "skill": "Bash and Stab"},
        {"name": "Rifle", "damage": 5, "kind": "ranged", "skill": "Barking Irons", "familiarity": True},
    ],
    "armour": 1, "stamina": 10, "physical": 10, "player": "Xan",
}
_MABEL: dict[str, Any] = {
    "attributes": {"Agility": 4, "Wits": 5, "Vitality": 5, "Reason": 7, "Fate": 2},
    "skills": {"Medicine": 6, "Heroic Vigor": 2, "Airship Piloting": 3, "Investigator's Eye": 3},
    "armour": 0, "stamina": 8, "physical": 6, "player": "Ann",
}
_BRUNO: dict[str, Any] = {
    "attributes": {"Agility": 5, "Wits": 4, "Vitality": 6, "Reason": 3, "Fate": 1},
    "skills": {"Bash and Stab": 4, "Sergeant's Eye": 2, "Duck & Cover": 2},
    "armour": 0, "stamina": 9, "physical": 6, "player": "GM",
}


def play(game: RollUnderGame) -> None:
    """Sheets, fate cards at the start of play, tests, an ambush over three rounds, healing by the clock."""
    for name, sheet in (("Artie", _ARTIE), ("Mabel", _MABEL), ("Xavier", _XAVIER), ("Bruno", _BRUNO)):
        game.add_character(name, **sheet)
    game.start_play()
    game.test("Mabel", "Reason", "Airship Piloting", modifier=2)
    game.spend_fate_card("Mabel", "Judgement")
    game.rig(dice=[14, 10]).opposed_test("Artie", "Agility", "Bash and Stab", "Xavier", "Agility", "Duck & Cover",
                                         modifier=2)
    game.spend_fate_card("Xavier", "Eight of Pentacles")
    game.rig(dice=[18]).test("Artie", "Wits", "Sergeant's Eye")
    game.rig(dice=[5, 16]).spend_fate_card("Artie", "Queen of Wands")
    game.spend_fate_card("Artie", "The Chariot", use="narrative", note="The airship arrives early")
    game.advance_time(minutes=20)
    game.rig(dice=[4, 12, 9, 10, 15, 18]).start_combat(["Artie", "Mabel", "Xavier", "Bruno"],
                                                       ambushers=["Xavier", "Bruno"])
    game.rig(dice=[3]).attack("Bruno", "Artie")
    game.aim("Xavier", weapon="Rifle")
    game.next_round()
    game.rig(dice=[12, 9]).attack("Xavier", "Artie", weapon="Rifle", defence="cover", cover=2)
    game.rig(dice=[14, 10]).attack("Artie", "Xavier", weapon="Sword", defence="parry")
    game.next_round()
    game.run("Mabel")
    game.rig(dice=[20]).attack("Bruno", "Mabel")
    game.rig(dice=[8, 10]).withdraw("Xavier", ["Artie"])
    game.rig(dice=[6, 11]).free_attack("Artie", "Xavier", weapon="Sword", defence="dodge")
    game.rig(dice=[2, 9]).attack_and_defend("Artie", "Bruno", weapon="Sword", defence="parry")
    game.next_round()
    game.rig(dice=[2]).perceive("Mabel", skill="Investigator's Eye")
    game.wait("Bruno")
    game.wait("Xavier")
    game.walk("Artie")
    game.end_combat()
    game.heal_stamina("Artie")
    game.rig(dice=[5]).treat("Mabel", "Xavier")
    game.rig(dice=[4]).take_physicane("Xavier")
    game.advance_time(hours=12)
    game.heal_physical("Bruno")
    game.advance_time(hours=12)
    game.rig(dice=[3]).heal_physical("Xavier")


SAMPLE = Sample(
    seed="rollunder-sample-1",
    players=("Ann=Artie,Mabel", "Xan=Xavier", "GM=Bruno"),
    play=play,
    shows=frozenset({"add_character", "start_play", "test", "opposed_test", "spend_fate_card", "start_combat",
                     "attack", "attack_and_defend", "free_attack", "withdraw", "next_round", "end_combat",
                     "advance_time", "heal_stamina", "heal_physical", "treat", "take_physicane"}),
)
"""The sample: its seed, roster, recipe and the main actions it plays."""
