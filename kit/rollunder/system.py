"""Roll-Under as the registry knows it: name, title, summary, rulings, game, party, sample and driver."""

from __future__ import annotations

from kit.core.system import SystemInfo
from kit.rollunder.drive import DRIVER
from kit.rollunder.game import RollUnderGame
from kit.rollunder.party import PARTY
from kit.rollunder.sample import SAMPLE

SYSTEM = SystemInfo(
    name="rollunder",
    title="Roll-Under",
    summary=("1d20 under attribute + skill; degrees of success settle opposed tests, 5-second combat rounds and "
             "healing; Tarot fate cards buy extra rolls."),
    rulings="R",
    game=RollUnderGame,
    party=PARTY,
    sample=SAMPLE,
    driver=DRIVER,
    player_on_sheet=True,
)
