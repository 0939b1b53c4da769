"""Lone Die as the registry knows it: name, title, summary, rulings, game, party, sample and driver."""

from __future__ import annotations

from fourth_system.lonedie.drive import DRIVER
from fourth_system.lonedie.game import LoneDieGame
from fourth_system.lonedie.party import PARTY
from fourth_system.lonedie.sample import SAMPLE
from kit.core.system import SystemInfo

SYSTEM = SystemInfo(
    name="lonedie",
    title="Lone Die",
    summary="One d20 plus a knack against a target; each roll stands until its hero claims it.",
    rulings="L",
    game=LoneDieGame,
    party=PARTY,
    sample=SAMPLE,
    driver=DRIVER,
)
