"""Exact odds for Roll-Under, as :class:`fractions.Fraction` (R-1, R-2, R-5).

Each test is reduced to its distribution of (success, degree); attacks combine two of them.
``defence_target=None`` means no active defence: the defender does not test.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from kit.rollunder.checks import DIE, degree, is_success

Result = tuple[bool, int]


def outcome_distribution(target: int) -> dict[Result, Fraction]:
    """The chance of each (success, degree) for a test against ``target`` (R-1)."""
    dist: dict[Result, Fraction] = defaultdict(Fraction)
    for roll in range(1, DIE + 1):
        dist[(is_success(target, roll), degree(target, roll))] += Fraction(1, DIE)
    return dict(dist)


def success_probability(target: int) -> Fraction:
    """P(success) for a target: rolls 1 … min(target, 19) of 20 (a 20 always fails)."""
    return Fraction(max(0, min(target, DIE - 1)), DIE)


def opposed_win_probability(active_target: int, defender_target: int) -> Fraction:
    """P(the active side wins) an opposed test: a strictly better (success, degree); ties defend (R-2)."""
    active, defender = outcome_distribution(active_target), outcome_distribution(defender_target)
    return sum((pa * pd for ra, pa in active.items() for rd, pd in defender.items() if ra > rd), Fraction(0))


def _attack_results(attack_target: int, defence_target: int | None) -> dict[int | None, Fraction]:
    """Net degrees of a hit (None for a miss) with their chances (R-5)."""
    out: dict[int | None, Fraction] = defaultdict(Fraction)
    attack = outcome_distribution(attack_target)
    defence = outcome_distribution(defence_target) if defence_target is not None else {None: Fraction(1)}
    for (a_ok, a_deg), pa in attack.items():
        for d_result, pd in defence.items():
            p = pa * pd
            if not a_ok:
                out[None] += p
            elif d_result is None:
                out[a_deg] += p
            elif d_result >= (a_ok, a_deg):
                out[None] += p
            else:
                d_ok, d_deg = d_result
                out[a_deg - max(d_deg if d_ok else 0, 0)] += p
    return dict(out)


def attack_hit_probability(attack_target: int, defence_target: int | None = None) -> Fraction:
    """P(an attack hits) against a defence target, or with no active defence (``None``) (R-5)."""
    return sum((p for net, p in _attack_results(attack_target, defence_target).items() if net is not None),
               Fraction(0))


def damage_distribution(attack_target: int, defence_target: int | None, weapon_damage: int,
                        armour: int = 0) -> dict[int, Fraction]:
    """Damage dealt: weapon damage + net − armour, never below 0; a miss deals 0 (R-5)."""
    dist: dict[int, Fraction] = defaultdict(Fraction)
    for net, p in _attack_results(attack_target, defence_target).items():
        dist[0 if net is None else max(0, weapon_damage + net - armour)] += p
    return dict(sorted(dist.items()))


def expected_damage(attack_target: int, defence_target: int | None, weapon_damage: int, armour: int = 0) -> Fraction:
    """The mean of :func:`damage_distribution`."""
    return sum((d * p for d, p in damage_distribution(attack_target, defence_target, weapon_damage, armour).items()),
               Fraction(0))
