"""Character sheets shared by the Roll-Under tests (Artie and Xavier are the text's examples)."""

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
    "skills": {"Medicine": 6, "Heroic Vigor": 2, "Airship Piloting": 3},
    "armour": 0, "stamina": 8, "physical": 6, "player": "Ann",
}
BRUNO = {
    "name": "Bruno",
    "attributes": {"Agility": 5, "Wits": 4, "Vitality": 6, "Reason": 3, "Fate": 1},
    "skills": {"Bash and Stab": 4, "Sergeant's Eye": 2, "Duck & Cover": 2},
    "armour": 0, "stamina": 9, "physical": 6, "player": "GM",
}
SHEETS = {"Artie": ARTIE, "Xavier": XAVIER, "Mabel": MABEL, "Bruno": BRUNO}


def table(*names: str, seed: str = "roll-under", **options) -> RollUnderGame:
    """A game with the named characters added, in that order."""
    game = RollUnderGame(seed, **options, practice=True)
    for name in names or ("Artie", "Xavier"):
        game.add_character(**SHEETS[name])
    return game


def snapshot(game: RollUnderGame) -> tuple[str, int]:
    """What must not change when an action is refused."""
    return game.fingerprint(), len(game.log)
