"""The Roll-Under table the combat sequencer and Tarot hand tests play on: Artie, Xavier and Mabel."""

from __future__ import annotations

from pathlib import Path

from kit import gamefile
from kit.rollunder import RollUnderGame

ARTIE = {
    "name": "Artie",
    "attributes": {"Agility": 7, "Wits": 6, "Vitality": 6, "Reason": 5, "Fate": 5},
    "skills": {"Bash and Stab": 7, "Sergeant's Eye": 3, "Duck & Cover": 4, "Heroic Vigor": 4, "Barking Irons": 5},
    "weapons": [
        {"name": "Sword", "damage": 3, "kind": "melee", "skill": "Bash and Stab", "familiarity": True},
        {"name": "Pistol", "damage": 4, "kind": "ranged", "skill": "Barking Irons"},
        {"name": "Fists", "damage": 1, "kind": "melee", "skill": "Bash and Stab", "unarmed": True},
    ],
    "armour": 1, "stamina": 10, "physical": 8, "player": "Ann",
}
XAVIER = {
    "name": "Xavier",
    "attributes": {"Agility": 6, "Wits": 5, "Vitality": 7, "Reason": 4, "Fate": 3},
    "skills": {"Duck & Cover": 5, "Bash and Stab": 5, "Sergeant's Eye": 4, "Heroic Vigor": 3, "Barking Irons": 6},
    "weapons": [
        {"name": "Sword", "damage": 3, "kind": "melee", "skill": "Bash and Stab"},
        {"name": "Rifle", "damage": 5, "kind": "ranged", "skill": "Barking Irons", "familiarity": True},
    ],
    "armour": 1, "stamina": 10, "physical": 10, "player": "Xan",
}
MABEL = {
    "name": "Mabel",
    "attributes": {"Agility": 4, "Wits": 5, "Vitality": 5, "Reason": 7, "Fate": 2},
    "skills": {"Medicine": 6, "Heroic Vigor": 2},
    "armour": 0, "stamina": 8, "physical": 6, "player": "Ann",
}


def new_game(seed: str) -> RollUnderGame:
    """Artie, Xavier and Mabel at a fresh table."""
    game = RollUnderGame(seed)
    for sheet in (ARTIE, XAVIER, MABEL):
        game.add_character(**sheet)
    return game


def saved_game(folder: Path, seed: str) -> Path:
    """That table saved as a game file (Ann plays Artie and Mabel, Xan plays Xavier)."""
    target = folder / "rollunder.ipynb"
    gamefile.save(new_game(seed), target, players={"Ann": ["Artie", "Mabel"], "Xan": ["Xavier"]})
    return target
