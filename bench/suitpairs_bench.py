"""Suit Pairs: time 10,000 checks with accept, then a replay of the resulting log.

Run ``python bench/suitpairs_bench.py`` (optionally ``--checks N --repeats R``); prints medians
of R runs: the time to play, the time to replay, per-event costs and their ratio.
"""

from __future__ import annotations

import argparse
import statistics
import time

from kit.suitpairs import SKILLS, SuitPairsGame

CHARACTERS = (
    ("Mira", "Baker", 3, 2, 2, 3, ["Defy", "Analyze", "Stealth", "Help"]),
    ("Olek", "Fool", 1, 1, 4, 4, ["Brute Force", "Tinker", "Agility", "Charm"]),
    ("Ines", "Collector", 2, 4, 2, 2, ["Grab", "Explore", "Evade", "Inspire"]),
    ("Tavi", "Hero", 4, 2, 1, 3, ["Intimidate", "Persuade", "Deceive", "Enthrall"]),
)
DIFFICULTIES = ("Easy", "Medium", "Hard", "Impossible", 9)


def play(checks: int, seed: str) -> SuitPairsGame:
    game = SuitPairsGame(seed=seed, practice=True)
    for sheet in CHARACTERS:
        game.create_character(*sheet)
    for i in range(checks):
        name = CHARACTERS[i % len(CHARACTERS)][0]
        game.check(name, SKILLS[(i * 7) % len(SKILLS)].name, DIFFICULTIES[i % len(DIFFICULTIES)])
        game.accept(name)
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--checks", type=int, default=10_000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    play_times, replay_times = [], []
    for repeat in range(args.repeats):
        start = time.perf_counter()
        game = play(args.checks, seed=f"bench-{repeat}")
        play_times.append(time.perf_counter() - start)
        events = list(game.log)
        start = time.perf_counter()
        again = SuitPairsGame.replay(game.seed, game.options, events, practice=game.practice)
        replay_times.append(time.perf_counter() - start)
        assert again.fingerprint() == game.fingerprint()
    events_count = len(events)
    play_median = statistics.median(play_times)
    replay_median = statistics.median(replay_times)
    print(f"Suit Pairs: {args.checks} checks with accept = {events_count} events, median of {args.repeats} runs")
    print(f"  play   : {play_median:.3f} s  ({play_median / events_count * 1e6:.1f} µs/event, "
          f"{play_median / args.checks * 1e6:.1f} µs/check+accept)")
    print(f"  replay : {replay_median:.3f} s  ({replay_median / events_count * 1e6:.1f} µs/event)")
    print(f"  replay / play ratio: {replay_median / play_median:.2f}")


if __name__ == "__main__":
    main()
