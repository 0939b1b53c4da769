"""Exact odds speed: an uncontested, a guided and a contested (guide-fate options on) FalkeFateiFaux flip
from a full double Deck of Fate, each beside icepool computing the uncontested distribution.

Run: ``python bench/odds_bench.py``. Prints medians and ratios. Targets: the contested flip with
guide-fate options under 1 ms; the uncontested distribution at least 20× faster than icepool.
icepool keeps every sub-result of an evaluation between calls, so each timed icepool run starts
from an emptied evaluator cache (a fresh question); the same question asked again with warm caches
is printed too.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import icepool

from kit.core.cards import Card, standard_deck
from kit.falkefateifaux.odds import (
    StackSpec,
    card_labels,
    contested_degree_distribution,
    guided_distribution,
    uncontested_distribution,
)

REPEATS = 201
CARDS = standard_deck() * 2
HAND = [Card.parse(c) for c in ("QC", "7H", "3D", "KS", "BJ")]
OTHER_HAND = tuple(Card.parse(c) for c in ("JC", "9C", "2D", "5S", "AH"))


def median_ms(fn, repeats: int = REPEATS) -> float:
    times = []
    for i in range(repeats):
        start = time.perf_counter()
        fn(i)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def uncontested(_: int) -> None:
    uncontested_distribution(CARDS, stack_size=3, chooser="flipper", action_suit="C", skill=6, modifier=1)


def uncontested_new_pool(i: int) -> None:
    pool = CARDS[: i % 100] + CARDS[i % 100 + 1:]  # one card fewer, somewhere else each run: no pool cache hit
    uncontested_distribution(pool, stack_size=3, chooser="flipper", action_suit="C", skill=6, modifier=1)


def guided(_: int) -> None:
    guided_distribution(CARDS, stack_size=3, chooser="flipper", action_suit="C", skill=6, modifier=1, hand=HAND)


ACTING = StackSpec(3, "flipper", "C", None, 6, 1, tuple(HAND))
OPPOSING = StackSpec(2, "flipper", "H", None, 8, 0, OTHER_HAND)


def contested(_: int) -> None:
    contested_degree_distribution(CARDS, acting=ACTING, opposing=OPPOSING, guide=True)


def _icepool_deck() -> icepool.Deck:
    labels = card_labels(CARDS, "C")
    return icepool.Deck({(16 if k == -1 else k): n for k, n in labels.items()})  # Black Joker on top: forced


def icepool_uncontested(_: int) -> None:
    """icepool from a cold start: its evaluator keeps every sub-result between calls, so that cache is emptied."""
    vars(icepool.evaluator.sum_evaluator).pop("_cache", None)
    _icepool_deck().deal(3).highest(1).sum()


def icepool_warm(_: int) -> None:
    """icepool answering the same question again (its caches warm)."""
    _icepool_deck().deal(3).highest(1).sum()


def main() -> None:
    rows = []
    for name, fn in (("uncontested (3 cards of 108)", uncontested),
                     ("uncontested, a new pool each run", uncontested_new_pool),
                     ("guided (3 cards, hand of 5)", guided),
                     ("contested 3 vs 2, guide-fate on", contested)):
        ours = median_ms(fn)
        theirs = median_ms(icepool_uncontested, 51)
        rows.append((name, ours, theirs))
    print(f"{'case':34} {'kit.odds ms':>12} {'icepool uncontested ms':>23} {'ratio':>8}")
    for name, ours, theirs in rows:
        print(f"{name:34} {ours:12.3f} {theirs:23.3f} {theirs / ours:7.1f}×")
    warm = median_ms(icepool_warm)
    print(f"(icepool repeating the same uncontested question with warm caches: {warm:.3f} ms)")
    contest_ms = rows[3][1]
    ratio = rows[0][2] / rows[0][1]
    print(f"contested with guide-fate under 1 ms: {'yes' if contest_ms < 1 else 'NO'} ({contest_ms:.3f} ms)")
    print(f"uncontested at least 20× faster than icepool: {'yes' if ratio >= 20 else 'NO'} ({ratio:.1f}×)")


if __name__ == "__main__":
    main()
