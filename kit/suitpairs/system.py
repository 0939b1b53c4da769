"""Suit Pairs as the registry knows it: name, title, summary, rulings, game, party, sample and driver."""

from __future__ import annotations

from kit.core.system import SystemInfo
from kit.suitpairs.drive import DRIVER
from kit.suitpairs.game import SuitPairsGame
from kit.suitpairs.party import PARTY
from kit.suitpairs.sample import SAMPLE

SYSTEM = SystemInfo(
    name="suitpairs",
    title="Suit Pairs",
    summary=("2d6 + skill against a difficulty; four suit attributes pay for rerolls and move after every check."),
    rulings="S",
    game=SuitPairsGame,
    party=PARTY,
    sample=SAMPLE,
    driver=DRIVER,
)
