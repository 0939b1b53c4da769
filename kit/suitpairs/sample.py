"""The Suit Pairs sample game (``notebooks/games/suitpairs-sample.ipynb``): the recipe its file is played from.

``scripts/make_sample_games.py`` starts a practice game with :data:`SAMPLE`'s seed, plays
:func:`play` on it and writes the file; the same bytes every run.
"""

from __future__ import annotations

from kit.core.system import Sample
from kit.suitpairs.game import SuitPairsGame


def play(game: SuitPairsGame) -> None:
    """Three characters, checks with rerolls and consequences, GM awards and a serious consequence."""
    game.create_character("Mira", "Baker", strength=3, intelligence=2, dexterity=2, charisma=3,
                          skills=["Defy", "Analyze", "Stealth", "Help"])
    game.create_character("Tomas", "Collector", strength=2, intelligence=4, dexterity=2, charisma=2,
                          skills=["Intimidate", "Tinker", "Evade", "Charm"])
    game.create_character("Wren", "Fool", strength=1, intelligence=2, dexterity=4, charisma=3,
                          skills=["Grab", "Persuade", "Agility", "Charm"])
    game.check("Mira", "Defy", "Hard")
    game.reroll("Mira", pay="Strength")
    game.accept("Mira")
    game.rig(dice=[6, 6]).check("Tomas", "Tinker", "Impossible")
    game.accept("Tomas")
    game.rig(dice=[1, 1]).check("Wren", "Agility", "Easy")
    game.rig(dice=[3, 4]).reroll("Wren", pay="Dexterity")
    game.accept("Wren")
    game.check("Mira", "Help", "Medium")
    game.accept("Mira")
    game.check("Tomas", "Explore", 8)
    game.reroll("Tomas", pay="Intelligence")
    game.accept("Tomas", consequences=False)
    game.award("Wren", "Charisma", reason="a song that won the tavern over")
    game.check("Wren", "Charm", "Medium")
    game.accept("Wren")
    game.rig(dice=[2, 2]).check("Mira", "Stealth", "Hard")
    game.rig(dice=[5, 5]).reroll("Mira", pay="Intelligence")
    game.accept("Mira")
    game.take_away("Tomas", "Strength", reason="fell from the clock tower")
    game.rig(dice=[1, 2]).check("Tomas", "Evade", "Medium")
    game.accept("Tomas")
    game.check("Wren", "Grab", "Easy")
    game.accept("Wren")
    game.award("Mira", "Defy", points=2, reason="stood firm at the gate")
    game.check("Mira", "Defy", "Impossible")
    game.accept("Mira")
    game.rig(dice=[1, 1]).check("Tomas", "Persuade", "Easy")
    game.accept("Tomas")
    game.check("Wren", "Persuade", "Hard")
    game.accept("Wren")


SAMPLE = Sample(
    seed="suitpairs-sample-1",
    players=("Ana=Mira", "Ben=Tomas", "Cleo=Wren"),
    play=play,
    shows=frozenset({"create_character", "check", "reroll", "accept", "award", "take_away"}),
)
"""The sample: its seed, roster, recipe and the main actions it plays."""
