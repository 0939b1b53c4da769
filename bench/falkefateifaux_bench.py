"""FalkeFateiFaux: time to resolve 10,000 flips and to replay a 10,000-event log.

Run: ``python bench/falkefateifaux_bench.py``. Prints medians over 5 runs in ms, per flip in µs.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import TypeVar

from kit.falkefateifaux import FalkeFateiFauxGame

T = TypeVar("T")
FLIPS = 10_000
RUNS = 5
ADA = {"high_concept": "Heiress", "trouble": "Debts", "adverbs": ["swiftly", "cunningly", "boldly"],
       "negative_adverb": "clumsily", "great": "Athletics", "good": ["Fisticuffs", "Magic", "Courage"],
       "poor": "Society"}


def play(seed: str) -> FalkeFateiFauxGame:
    """A table with two characters and FLIPS resolved flips (a mix of set-ups; choices answered)."""
    game = FalkeFateiFauxGame(seed, practice=True)
    game.add_character("Ada", **ADA)
    game.add_character("Bruno", **{**ADA, "great": "Fisticuffs", "good": ["Athletics", "Magic", "Courage"]})
    skills = ("Fisticuffs", "Magic", "Athletics", "Society")
    for i in range(FLIPS):
        while game.awaiting is not None:
            game.choose(game.awaiting.character, game.awaiting.options[0])
        if i % 3 == 0:
            game.flip("Ada", skills[i % 4], target=8, guide=False)
        elif i % 3 == 1:
            game.flip("Ada", skills[i % 4], target=8, minus=1, guide=False)
        else:
            game.flip("Bruno", "Fisticuffs", against="Ada", against_skill="Athletics", guide=False,
                      against_guide=False)
    return game


def timed(fn: Callable[[], T]) -> tuple[float, T]:
    start = time.perf_counter()
    value = fn()
    return (time.perf_counter() - start) * 1000, value


def main() -> None:
    flip_ms, replay_ms = [], []
    total_events = 0
    for run in range(RUNS):
        ms, game = timed(lambda run=run: play(f"bench-{run}"))
        flip_ms.append(ms)
        events = list(game.log)[:FLIPS]
        ms, replayed = timed(lambda game=game, events=events: FalkeFateiFauxGame.replay(game.seed, game.options,
                                                                                          events, practice=True))
        assert len(replayed.log) == FLIPS
        replay_ms.append(ms)
        total_events = len(game.log)
    flips, replay = statistics.median(flip_ms), statistics.median(replay_ms)
    print(f"resolve {FLIPS} flips ({total_events} events): median {flips:.0f} ms over {RUNS} runs, "
          f"{flips * 1000 / FLIPS:.1f} µs per flip")
    print(f"replay a {FLIPS}-event log:            median {replay:.0f} ms over {RUNS} runs, "
          f"{replay * 1000 / FLIPS:.1f} µs per event")
    print(f"replay / play ratio: {replay / flips:.2f}")


if __name__ == "__main__":
    main()
