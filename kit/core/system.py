"""What every system says about itself: its name, title and summary, its game, its ready-made party.

Each system package defines one :class:`SystemInfo` as ``SYSTEM`` in its ``system`` module
(``kit.<system>.system.SYSTEM``); the registry (:mod:`kit.systems`) names the packages, one
line each. The layers above register their parts of a system the same way: its odds display
and command line (``kit.odds``), its widgets (``kit.widgets.registry``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from kit.core.game import Game

Turn = tuple[str, dict[str, Any]]
"""One turn of a ready-made party: an action's name and its arguments."""


@dataclass(frozen=True)
class SystemInfo:
    """A system's own description: registry name, title, one-line summary, rulings, game class and party.

    ``party`` is the quick-start characters, each a character-creating turn legal under the
    system's creation rule; ``player_on_sheet`` is True when the system records on the sheet who
    plays a character (for consent to spend a card on another player's character, R-7).
    """

    name: str
    title: str
    summary: str
    rulings: str
    game: type[Game]
    party: tuple[Turn, ...]
    player_on_sheet: bool = False

    def party_for(self, players: Sequence[str]) -> list[Turn]:
        """The party's turns, one character per player (all of them when no player is named)."""
        chosen = self.party[: len(players)] if players else self.party
        out: list[Turn] = []
        for index, (action, args) in enumerate(chosen):
            turn_args = dict(args)
            if self.player_on_sheet:
                turn_args["player"] = players[index] if players else "GM"
            out.append((action, turn_args))
        return out

    def sheet(self, name: str) -> dict[str, Any]:
        """One ready-made character's arguments without its name: ``game.add_character("Ada", **sheet("Ada"))``."""
        for _, args in self.party:
            if args["name"] == name:
                return {key: value for key, value in args.items() if key != "name"}
        raise KeyError(f"{name} is not in the {self.title} party")
