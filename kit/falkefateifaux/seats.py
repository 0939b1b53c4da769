"""Who may take each FalkeFateiFaux turn (P-1): a character's player, or the GM.

A player flips, chooses, guides, discards and uses Mulligan, Preparation and Trust the Fates
for their own characters — and in a contest makes no choice of the other side's (its adverb,
its Fate tokens, whether it guides fate) unless that side's character is theirs too;
conditions, injuries, Fate token awards, Card Refresh, control, skills and the end of a scene
are the GM's, as are non-player characters (``npc=True``).
"""

from __future__ import annotations

from kit.core.seats import GM_ONLY, SeatRule, creation, played_by

SEAT_RULES: dict[str, SeatRule] = {
    "add_character": creation("name", gm_values={"npc": True}, gm_why="only the GM adds non-player characters"),
    "flip": played_by("character", opposing="against", opposing_choices={
        "against_adverb": None, "against_boost": False, "against_suit": None, "against_hinder": False,
        "against_guide": True}),
    "choose": played_by("character"),
    "guide": played_by("character"),
    "discard": played_by("character"),
    "mulligan": played_by("character"),
    "prepare": played_by("character"),
    "trust_the_fates": played_by("character"),
    "add_condition": GM_ONLY,
    "remove_condition": GM_ONLY,
    "injure": GM_ONLY,
    "heal": GM_ONLY,
    "lose_control": GM_ONLY,
    "regain_control": GM_ONLY,
    "set_skill": GM_ONLY,
    "adjust_refresh": GM_ONLY,
    "award_fate": GM_ONLY,
    "end_scene": GM_ONLY,
}
"""Each action's seat rule; every public action is named (a test checks it)."""
