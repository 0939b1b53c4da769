"""Who may take each Lone Die turn (P-1): a hero's player rolls and claims, anyone creates their own, the GM awards."""

from __future__ import annotations

from kit.core.seats import GM_ONLY, SeatRule, creation, played_by

SEAT_RULES: dict[str, SeatRule] = {
    "add_hero": creation("name"),
    "roll": played_by("character"),
    "claim": played_by("character"),
    "award": GM_ONLY,
}
"""Each action's seat rule; every public action is named."""
