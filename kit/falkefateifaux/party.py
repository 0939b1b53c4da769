"""The ready-made FalkeFateiFaux party: characters legal under the creation rule, for a quick start."""

from __future__ import annotations

from kit.core.system import Turn

PARTY: tuple[Turn, ...] = (
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
)
