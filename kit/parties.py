"""Ready-made starting parties, so a new table can play at once.

Each party is a list of character-creating turns (an action name and its arguments) that are
legal under the system's creation rules (F-14, S-1, the Roll-Under sheet). The first players
named for a new game take these characters in order; groups that want their own characters
add them code-first (``game.add_character(...)``) in JupyterLab.
"""

from __future__ import annotations

from typing import Any

Turn = tuple[str, dict[str, Any]]

FALKEFATEIFAUX: list[Turn] = [
    ("add_character", {
        "name": "Ada", "high_concept": "Prize-fighting heiress", "trouble": "Owes the wrong people",
        "adverbs": ["swiftly", "cunningly", "boldly"], "negative_adverb": "clumsily",
        "great": "Athletics", "good": ["Fisticuffs", "Magic", "Courage"], "poor": "Society",
    }),
    ("add_character", {
        "name": "Bruno", "high_concept": "Dockside bruiser", "trouble": "Loyal to a fault",
        "adverbs": ["brutally", "steadily", "loudly"], "negative_adverb": "slowly",
        "great": "Fisticuffs", "good": ["Athletics", "Resistance", "Marksmanship"], "poor": "Magic",
    }),
    ("add_character", {
        "name": "Clio", "high_concept": "Court physician with secrets", "trouble": "Curious past all caution",
        "adverbs": ["gently", "precisely", "discreetly"], "negative_adverb": "absent-mindedly",
        "great": "Physician", "good": ["Education", "Social Graces", "Subterfuge"], "poor": "Fisticuffs",
    }),
]

SUITPAIRS: list[Turn] = [
    ("create_character", {
        "name": "Mira", "identity": "Baker", "strength": 3, "intelligence": 2, "dexterity": 2,
        "charisma": 3, "skills": ["Defy", "Analyze", "Stealth", "Help"],
    }),
    ("create_character", {
        "name": "Tobin", "identity": "Collector", "strength": 2, "intelligence": 4, "dexterity": 2,
        "charisma": 2, "skills": ["Brute Force", "Explore", "Evade", "Charm"],
    }),
    ("create_character", {
        "name": "Wren", "identity": "Fool", "strength": 1, "intelligence": 2, "dexterity": 4,
        "charisma": 3, "skills": ["Intimidate", "Tinker", "Agility", "Enthrall"],
    }),
]

ROLLUNDER: list[Turn] = [
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
]

PARTIES: dict[str, list[Turn]] = {
    "falkefateifaux": FALKEFATEIFAUX,
    "suitpairs": SUITPAIRS,
    "rollunder": ROLLUNDER,
}


def party_for(system: str, players: list[str]) -> list[Turn]:
    """The party's turns, one character per player (all of them when no player is named).

    Where the system records who plays a character (Roll-Under, for consent to fate cards,
    R-7), the player's name is written on the sheet.
    """
    turns = PARTIES[system]
    chosen = turns[: len(players)] if players else turns
    out: list[Turn] = []
    for index, (action, args) in enumerate(chosen):
        args = dict(args)
        if system == "rollunder":
            args["player"] = players[index] if players else "GM"
        out.append((action, args))
    return out


def sheet(system: str, name: str) -> dict[str, Any]:
    """One ready-made character's arguments, without its name: ``game.add_character("Ada", **sheet(...))``."""
    for _, args in PARTIES[system]:
        if args["name"] == name:
            return {key: value for key, value in args.items() if key != "name"}
    raise KeyError(f"{name} is not in the {system} party")
