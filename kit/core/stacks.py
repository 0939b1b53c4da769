"""Counting stacks: exact chances of what a stack of cards settles on, by combinatorics over card labels.

It sits in the core so that a system's own odds module (which imports only the core) may count
stacks with it; the rulings cited (F-…) are those of the system whose flips it was written for.

Every card of a pool gets a *label* for one side's action: its value 0–14, 15 for the Red Joker,
or :data:`BLACK_JOKER` (−1) for the Black Joker, which counts 0 and is forced (F-5). A stack's
*state* is the label it settles on. Each way of choosing orders the labels so that the state is
the label of highest *rank* in the stack:

* ``"max"`` (the flipper chooses, F-4): values ascending, then the Red Joker, then the Black Joker;
* ``"min"`` (the opponent chooses, or the lowest card, F-4): values descending, then the Red Joker
  (the flipper may always take it, F-5), then the Black Joker;
* ``"hand"`` (cards drawn into a hand): the Black Joker (useless to play), then values ascending,
  then the Red Joker.

With the labels ranked, ``P(state ≤ level i) = C(|L_i|, k) / C(M, k)`` where ``L_i`` holds the
cards ranked at most ``i``; two stacks drawn one after the other from the same pool use
``N(S, T) = Σ_t C(|S∩T|, t) · C(|S∖T|, k₁−t) · C(|T|−t, k₂)``. Results are whole-number counts
over a common denominator, turned into fractions by the caller.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from math import comb
from typing import Literal

from kit.core.errors import OutOfRangeError

BLACK_JOKER = -1
"""The label of the Black Joker: counts 0, must be taken (F-5)."""

RED_JOKER = 15
"""The label of the Red Joker: counts 15 in every suit (F-5)."""

Order = Literal["max", "min", "hand"]


def rank_key(order: Order, label: int) -> int:
    """The rank of a label under a way of choosing: the stack settles on its highest-ranked card."""
    if order == "max":
        return 99 if label == BLACK_JOKER else label
    if order == "min":
        if label == BLACK_JOKER:
            return 99
        return 50 if label == RED_JOKER else -label
    return label


_RANKS: dict[str, dict[int, int]] = {
    order: {label: rank_key(order, label) for label in range(BLACK_JOKER, RED_JOKER + 1)}  # type: ignore[arg-type]
    for order in ("max", "min", "hand")
}


def _ranked(labels: Iterable[int], order: Order) -> list[int]:
    ranks = _RANKS[order]
    if all(label in ranks for label in labels):
        return sorted(labels, key=ranks.__getitem__)
    return sorted(labels, key=lambda label: rank_key(order, label))


def label_value(label: int) -> int:
    """What a state counts: the Black Joker 0, any other label its own value."""
    return 0 if label == BLACK_JOKER else label


def _check_size(k: int, m: int, what: str) -> None:
    if k < 0 or k > m:
        raise OutOfRangeError(f"{what} of {k} cards", f"the pool holds only {m} unseen cards", "F-1",
                              f"flip at most {m} cards")


def single(counts: Mapping[int, int], k: int, order: Order) -> tuple[dict[int, int], int]:
    """The states of one ``k``-card stack drawn from a pool of label counts: (label → ways, total ways)."""
    total = sum(counts.values())
    _check_size(k, total, "a stack")
    levels = _ranked([label for label, n in counts.items() if n], order)
    ways: dict[int, int] = {}
    size = 0
    below = comb(0, k)
    for label in levels:
        size += counts[label]
        upto = comb(size, k)
        if upto != below:
            ways[label] = upto - below
        below = upto
    return ways, comb(total, k)


def pair(counts: Mapping[tuple[int, int], int], k1: int, order1: Order, k2: int,
         order2: Order) -> tuple[dict[tuple[int, int], int], int]:
    """The joint states of two stacks drawn one after the other, without replacement, from one pool.

    ``counts`` maps (first side's label, second side's label) of each card to how many such cards
    the pool holds. Returns ((state₁, state₂) → ways, total ways).
    """
    total = sum(counts.values())
    _check_size(k1, total, "the first stack")
    _check_size(k2, total - k1, "the second stack")
    levels1 = _ranked({a for (a, _), n in counts.items() if n}, order1)
    levels2 = _ranked({b for (_, b), n in counts.items() if n}, order2)
    index1 = {label: i for i, label in enumerate(levels1)}
    index2 = {label: j for j, label in enumerate(levels2)}
    m1, m2 = len(levels1), len(levels2)
    grid = [[0] * m2 for _ in range(m1)]
    for (a, b), n in counts.items():
        if n:
            grid[index1[a]][index2[b]] += n
    # prefix[i][j]: cards ranked at most i for the first side and at most j for the second.
    prefix = [[0] * m2 for _ in range(m1)]
    for i in range(m1):
        run = 0
        row, above = grid[i], prefix[i - 1] if i else None
        out = prefix[i]
        for j in range(m2):
            run += row[j]
            out[j] = run + (above[j] if above is not None else 0)
    size1 = [prefix[i][m2 - 1] for i in range(m1)]
    size2 = prefix[m1 - 1]
    ways_n: list[list[int]] = []
    for i in range(m1):
        s = size1[i]
        row = []
        for j in range(m2):
            both = prefix[i][j]
            only = s - both
            t_size = size2[j]
            n = 0
            for t in range(max(0, k1 - only), min(k1, both) + 1):
                n += comb(both, t) * comb(only, k1 - t) * comb(t_size - t, k2)
            row.append(n)
        ways_n.append(row)
    ways: dict[tuple[int, int], int] = {}
    for i in range(m1):
        cur, prev = ways_n[i], ways_n[i - 1] if i else None
        for j in range(m2):
            n = cur[j] - (cur[j - 1] if j else 0)
            if prev is not None:
                n -= prev[j] - (prev[j - 1] if j else 0)
            if n:
                ways[(levels1[i], levels2[j])] = n
    return ways, comb(total, k1) * comb(total - k1, k2)


def product(first: tuple[dict[int, int], int], second: tuple[dict[int, int], int]
            ) -> tuple[dict[tuple[int, int], int], int]:
    """The joint states of two stacks drawn from separate pools (independent)."""
    ways1, total1 = first
    ways2, total2 = second
    return {(a, b): n1 * n2 for a, n1 in ways1.items() for b, n2 in ways2.items()}, total1 * total2
