"""The ready-made Roll-Under party: characters legal under the creation rule, for a quick start."""

from __future__ import annotations

from kit.core.system import Turn

PARTY: tuple[Turn, ...] = (
    ("add_character", {
        "name": "Artie",
        "attributes": {"Agility": 7, "Wits": 6, "Vitality": 6, "Reason": 5, "Fate": 5},
        "skills": {"Bash and Stab": 7, "Sergeant's Eye": 3, "Duck & Cover": 4, "Heroic Vigor": 4,
                   "Barking Irons": 5},
        "weapons": [
            {"name": "Sword", "damage": 3, "kind": "melee", "skill": "Bash and Stab", "familiarity": True},
            {"name": "Pistol", "damage": 4, "kind": "ranged", "skill": "Barking Irons"},
        ],
        "armour": 1, "stamina": 10, "physical": 8,
    }),
    ("add_character", {
        "name": "Xavier",
        "attributes": {"Agility": 6, "Wits": 5, "Vitality": 7, "Reason": 4, "Fate": 3},
        "skills": {"Duck & Cover": 5, "Bash and Stab": 5, "Sergeant's Eye": 4, "Heroic Vigor": 3,
                   "Barking Irons": 6},
        "weapons": [
            {"name": "Sword", "damage": 3, "kind": "melee", "skill": "Bash and Stab"},
            {"name": "Rifle", "damage": 5, "kind": "ranged", "skill": "Barking Irons", "familiarity": True},
        ],
        "armour": 1, "stamina": 10, "physical": 10,
    }),
    ("add_character", {
        "name": "Mabel",
        "attributes": {"Agility": 4, "Wits": 5, "Vitality": 5, "Reason": 7, "Fate": 2},
        "skills": {"Medicine": 6, "Heroic Vigor": 2, "Sergeant's Eye": 2},
        "weapons": [{"name": "Cane", "damage": 1, "kind": "melee", "skill": "Bash and Stab"}],
        "armour": 0, "stamina": 8, "physical": 6,
    }),
)
