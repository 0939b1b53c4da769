"""The Lone Die sample game: three heroes, rolls seeded and rigged, every roll claimed, the GM's marks."""

from __future__ import annotations

from fourth_system.lonedie.game import LoneDieGame
from kit.core.system import Sample


def play(game: LoneDieGame) -> None:
    """Three heroes roll in turn (some dice rigged), each roll claimed, with marks from the GM between."""
    for name, knack in (("Pip", 2), ("Quill", 1), ("Rook", 3)):
        game.add_hero(name, knack)
    for step in range(14):
        hero = ("Pip", "Quill", "Rook")[step % 3]
        if step % 4 == 1:
            game.rig(dice=[1 + step]).roll(hero, 5 + step)
        else:
            game.roll(hero, 5 + step)
        game.claim(hero)
    game.award("Rook", 2, reason="held the bridge")


SAMPLE = Sample(seed="lonedie-sample-1", players=("Ana=Pip", "Ben=Quill", "Cleo=Rook"), play=play,
                shows=frozenset({"add_hero", "roll", "claim", "award"}))
"""The sample: its seed, roster, recipe and the main actions it plays."""
