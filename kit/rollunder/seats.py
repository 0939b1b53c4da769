"""Who may take each Roll-Under turn (P-1): a character's player, or the GM.

A player tests, attacks, moves, treats, spends fate cards and takes every combat action for
their own characters, and creates their own (naming themselves as its player). The GM starts
play, deals fate cards, runs combat (start, next round, end), keeps the game clock, heals over
time, rules on narrative changes and plays the non-player characters and enemies.
"""

from __future__ import annotations

from kit.core.seats import GM_ONLY, SeatRule, creation, played_by

_CHARACTER_ACTIONS = ("test", "opposed_test", "perceive", "aim", "drop", "invoke", "operate", "ready", "run",
                      "say", "shift", "wait", "walk", "withdraw", "take_physicane",
                      "spend_fate_card", "choose_defence")
_ATTACKS = ("attack", "attack_and_defend", "free_attack")

SEAT_RULES: dict[str, SeatRule] = {
    "add_character": creation("name", player="player"),
    **{action: played_by("character") for action in _CHARACTER_ACTIONS},
    **{action: played_by("attacker") for action in _ATTACKS},
    "treat": played_by("physician"),
    "start_play": GM_ONLY,
    "deal_fate_cards": GM_ONLY,
    "start_combat": GM_ONLY,
    "next_round": GM_ONLY,
    "end_combat": GM_ONLY,
    "advance_time": GM_ONLY,
    "modify_initiative": GM_ONLY,
    "heal_stamina": GM_ONLY,
    "heal_physical": GM_ONLY,
    "rule_on_narrative": GM_ONLY,
}
"""Each action's seat rule; every public action is named (a test checks it)."""
