"""Who may take each Suit Pairs turn (P-1): a character's player, or the GM.

A player checks, rerolls and accepts for their own characters and creates their own; awards,
taking away and the turn order are the GM's.
"""

from __future__ import annotations

from kit.core.seats import GM_ONLY, SeatRule, creation, played_by

SEAT_RULES: dict[str, SeatRule] = {
    "create_character": creation("name"),
    "check": played_by("character"),
    "reroll": played_by("character"),
    "accept": played_by("character", gm_values={"consequences": False},
                        gm_why="only the GM skips a check's consequences"),
    "award": GM_ONLY,
    "take_away": GM_ONLY,
    "set_turn_order": GM_ONLY,
}
"""Each action's seat rule; every public action is named (a test checks it)."""
