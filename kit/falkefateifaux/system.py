"""FalkeFateiFaux as the registry knows it: name, title, summary, rulings, game, party, sample and driver."""

from __future__ import annotations

from kit.core.system import SystemInfo
from kit.falkefateifaux.drive import DRIVER
from kit.falkefateifaux.game import FalkeFateiFauxGame
from kit.falkefateifaux.party import PARTY
from kit.falkefateifaux.sample import SAMPLE

SYSTEM = SystemInfo(
    name="falkefateifaux",
    title="FalkeFateiFaux",
    summary=("Flip stacks of playing cards sized by net advantage; a hand of cards guides fate, Fate tokens buy "
             "[++], suits and [−] for the opponent; jokers change everything."),
    rulings="F",
    game=FalkeFateiFauxGame,
    party=PARTY,
    sample=SAMPLE,
    driver=DRIVER,
)
