"""The ready-made Suit Pairs party: characters legal under the creation rule, for a quick start."""

from __future__ import annotations

from kit.core.system import Turn

PARTY: tuple[Turn, ...] = (
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
)
