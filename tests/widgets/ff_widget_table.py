"""The FalkeFateiFaux table the hand viewer and stack resolver tests play on: Ada and Bruno, hands rigged."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

from kit import gamefile
from kit.falkefateifaux import FalkeFateiFauxGame
from kit.falkefateifaux.system import SYSTEM

ADA = SYSTEM.sheet("Ada")
BRUNO = SYSTEM.sheet("Bruno")
BRUNO_HAND = ["KC", "2D", "3D", "4D", "5D"]


def saved_table(folder: Path, seed: str, ada_hand: list[str]) -> Path:
    """Ada (dealt ``ada_hand``) and Bruno (dealt :data:`BRUNO_HAND`) saved as a game file."""
    game = FalkeFateiFauxGame(seed, practice=True)
    game.rig(ada_hand)
    game.add_character("Ada", **ADA)
    game.rig(BRUNO_HAND)
    game.add_character("Bruno", **BRUNO)
    target = folder / "falkefateifaux.ipynb"
    gamefile.save(game, target, players={"Ann": ["Ada"], "Bo": ["Bruno"]})
    return target


def text(html: str) -> str:
    """The visible text of an HTML value (tags dropped)."""
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip())
