"""Exact odds of a Lone Die roll (L-2): every total of 1d20 + knack, and the chance of reaching the target."""

from __future__ import annotations

from fractions import Fraction

from fourth_system.lonedie.limits import DIE


def totals(knack: int) -> dict[int, Fraction]:
    """Each total of 1d20 + ``knack`` → its chance (each 1/20)."""
    return {face + knack: Fraction(1, DIE) for face in range(1, DIE + 1)}


def success_chance(knack: int, target: int) -> Fraction:
    """The chance that 1d20 + ``knack`` reaches ``target``."""
    return sum((chance for total, chance in totals(knack).items() if total >= target), Fraction(0))
