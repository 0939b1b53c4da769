"""The Roll-Under table the combat sequencer and Tarot hand tests play on: Artie, Xavier (the Roll-Under tests' own
sheets) and a Mabel who is a physician only."""

from __future__ import annotations

from pathlib import Path

from ru_sheets import ARTIE, XAVIER

from kit import gamefile
from kit.rollunder import RollUnderGame

MABEL = {
    "name": "Mabel",
    "attributes": {"Agility": 4, "Wits": 5, "Vitality": 5, "Reason": 7, "Fate": 2},
    "skills": {"Medicine": 6, "Heroic Vigor": 2},
    "armour": 0, "stamina": 8, "physical": 6, "player": "Ann",
}


def new_game(seed: str, players: dict[str, list[str]] | None = None, gm: str = "") -> RollUnderGame:
    """Artie, Xavier and Mabel at a fresh table; with a GM, created from the GM's seat (P-1)."""
    game = RollUnderGame(seed, practice=True, players=players, gm=gm)
    game.sit(gm or None)
    for sheet in (ARTIE, XAVIER, MABEL):
        game.add_character(**sheet)
    return game.sit(None)


def saved_game(folder: Path, seed: str) -> Path:
    """That table saved as a game file (Ann plays Artie and Mabel, Xan plays Xavier)."""
    target = folder / "rollunder.ipynb"
    gamefile.save(new_game(seed), target, players={"Ann": ["Artie", "Mabel"], "Xan": ["Xavier"]})
    return target
