"""The FalkeFateiFaux sample game (``notebooks/games/falkefateifaux-sample.ipynb``): the recipe its file is played from.

``scripts/make_sample_games.py`` starts a practice game with :data:`SAMPLE`'s seed, plays
:func:`play` on it and writes the file; the same bytes every run.
"""

from __future__ import annotations

from typing import Any

from kit.core.system import Sample
from kit.falkefateifaux.game import FalkeFateiFauxGame

_ADA: dict[str, Any] = {"high_concept": "Prize-fighting heiress", "trouble": "Owes the wrong people",
                        "adverbs": ["swiftly", "cunningly", "boldly"], "negative_adverb": "clumsily",
                        "great": "Athletics", "good": ["Fisticuffs", "Magic", "Courage"], "poor": "Society"}
_BRUNO_FF: dict[str, Any] = {"high_concept": "Dockside bruiser", "trouble": "Loyal to a fault",
                             "adverbs": ["brutally", "steadily", "loudly"], "negative_adverb": "slowly",
                             "great": "Fisticuffs", "good": ["Athletics", "Resistance", "Marksmanship"],
                             "poor": "Magic"}
_CLARA: dict[str, Any] = {"high_concept": "Clockwork inventor", "trouble": "Curious beyond reason",
                          "adverbs": ["precisely", "quietly", "patiently"], "negative_adverb": "hastily",
                          "great": "Tinkering", "good": ["Education", "Physician", "Subterfuge"], "poor": "Fisticuffs"}


def play(game: FalkeFateiFauxGame) -> None:
    """The text's worked examples, guiding fate in a contest, adverbs, Fate tokens, hands, injuries, scenes."""
    game.rig("QC 2H 3H 4S 5S").add_character("Ada", **_ADA)
    game.rig("KC 2D 3D 4D 5D").add_character("Bruno", **_BRUNO_FF)
    game.rig("2C 3C 4C 5C 6S").add_character("Clara", **_CLARA)
    game.add_condition("Ada", "Exhausted")
    game.rig("4H 8C").flip("Ada", "Fisticuffs", against="Bruno", plus=["Gloves of Boxing"], minus=["distracted"])
    game.choose("Bruno", "4H")
    game.remove_condition("Ada", "Exhausted")
    game.rig("4D", deck="magic").flip("Ada", "Magic", target=8, duration="armor_of_ithan", guide=False)
    game.rig("3C").flip("Ada", "Fisticuffs", target=14)
    game.guide("Ada", "QC")
    game.choose("Ada", "QC")
    game.rig("2C 9C").flip("Ada", "Fisticuffs", against="Bruno", against_skill="Athletics")
    game.guide("Ada", None)
    game.guide("Bruno", "KC")
    game.choose("Bruno", "KC")
    game.rig("2S 3S KC 4C").flip("Ada", "Fisticuffs", target=8, adverb="clumsily", guide=False)
    game.discard("Ada", ["2S"])
    game.rig("2C 5C 9C").flip("Bruno", "Fisticuffs", target=12, boost=True, adverb="brutally", guide=False)
    game.choose("Bruno", "9C")
    game.rig("KH").flip("Ada", "Athletics", target=8, suit="Clubs", guide=False)
    game.trust_the_fates("Clara", ["2C", "3C", "4C", "5C"])
    game.flip("Clara", "Tinkering", target=10, boost=True, guide=False)
    game.choose("Clara", "9D")
    game.mulligan("Bruno")
    game.prepare("Ada")
    game.discard("Ada", ["2H", "3H"])
    game.injure("Bruno", "Niggling", choice="Clubs")
    game.flip("Bruno", "Resistance", target=8, guide=False)
    game.heal("Bruno", "Niggling", choice="Clubs")
    game.lose_control("Clara", "unconscious")
    game.end_scene({"Ada": ["4S"]})
    game.regain_control("Clara")
    game.award_fate("Ada", 1, "session start")
    game.set_skill("Clara", "Magic", "Good")
    game.adjust_refresh("Bruno", 1, "a lucky charm")


SAMPLE = Sample(
    seed="falkefateifaux-sample-1",
    players=("Ana=Ada", "Ben=Bruno", "Cleo=Clara"),
    play=play,
    shows=frozenset({"add_character", "flip", "choose", "guide", "discard", "mulligan", "prepare",
                     "trust_the_fates", "end_scene", "award_fate", "add_condition", "injure", "heal"}),
)
"""The sample: its seed, roster, recipe and the main actions it plays."""
