"""Roll-Under odds (R-1, R-2, R-5) for display and the command line: the exact figures of
:mod:`kit.rollunder.odds` in the shared view, and ``kit odds rollunder``."""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from fractions import Fraction

from kit.core.describe import Describable, Description, Fact
from kit.odds.views import DistributionView, ShowsDistribution, chance_words
from kit.render.distribution import percent
from kit.rollunder.checks import DIE, is_success
from kit.rollunder.odds import (
    attack_hit_probability,
    damage_distribution,
    expected_damage,
    opposed_win_probability,
    success_probability,
)


@dataclass(frozen=True)
class TestOdds(ShowsDistribution, Describable):
    """A test against ``target``: each roll of the d20 → chance, rolls that succeed dark (R-1)."""

    __test__ = False  # not a pytest class

    target: int
    distribution: dict[int, Fraction]
    success: Fraction

    def headline(self) -> str:
        """``Roll-Under test, target 14: success 65.0% (13/20), likely``."""
        return f"Roll-Under test, target {self.target}: success {chance_words(self.success)}"

    def view(self) -> DistributionView:
        """The twenty rolls, successes dark."""
        return DistributionView(self.distribution, lambda roll: is_success(self.target, roll), "roll",
                                self.headline())

    def describe(self) -> Description:
        """The chance of success; a 20 always fails (R-1)."""
        return Description(f"Odds — Roll-Under test, target {self.target}", percent(self.success),
                           facts=(Fact("Success", f"{self.success} ({percent(self.success)})"),),
                           notes=("Success on a roll ≤ target; a 20 always fails (R-1).",))


@dataclass(frozen=True)
class OpposedOdds(ShowsDistribution, Describable):
    """An opposed test: 1 (the active side wins) or 0 (the defender holds; ties defend, R-2) → chance."""

    active_target: int
    defender_target: int
    distribution: dict[int, Fraction]
    success: Fraction

    def headline(self) -> str:
        """``Opposed test 14 vs 11: the active side wins 46.8% (…)``."""
        return (f"Roll-Under opposed test {self.active_target} vs {self.defender_target}: "
                f"the active side wins {chance_words(self.success)}")

    def view(self) -> DistributionView:
        """Two bars: 0 the defender holds, 1 the active side wins."""
        return DistributionView(self.distribution, lambda v: v == 1, "active wins (1)", self.headline())

    def describe(self) -> Description:
        """The chance that the active side wins; ties go to the defender (R-2)."""
        return Description(f"Odds — Roll-Under opposed test {self.active_target} vs {self.defender_target}",
                           percent(self.success), facts=(Fact("Active side wins", f"{self.success}"),),
                           notes=("The greater degree wins; a tie goes to the defender (R-2).",))


@dataclass(frozen=True)
class AttackOdds(ShowsDistribution, Describable):
    """An attack: hit chance and the damage dealt → chance (a miss deals 0) (R-5)."""

    attack_target: int
    defence_target: int | None
    weapon_damage: int
    armour: int
    hit: Fraction
    distribution: dict[int, Fraction]
    expected: Fraction

    @property
    def success(self) -> Fraction:
        """The chance that the attack hits."""
        return self.hit

    def headline(self) -> str:
        """``Attack 14 vs defence 11: hits 40.0% (…); expected damage 1.2``."""
        defence = f"defence {self.defence_target}" if self.defence_target is not None else "no active defence"
        return (f"Roll-Under attack {self.attack_target} vs {defence}: hits {chance_words(self.hit)}; "
                f"expected damage {float(self.expected):.2f}")

    def view(self) -> DistributionView:
        """Damage dealt, any damage dark."""
        return DistributionView(self.distribution, lambda d: d > 0, "damage", self.headline())

    def describe(self) -> Description:
        """Hit chance, expected damage and the damage distribution (R-5)."""
        facts = (Fact("Hits", f"{self.hit} ({percent(self.hit)})"),
                 Fact("Expected damage", f"{self.expected} ({float(self.expected):.2f})"),
                 Fact("Damage", ", ".join(f"{d}: {p}" for d, p in self.distribution.items())))
        return Description("Odds — Roll-Under attack", percent(self.hit), facts=facts,
                           notes=("Damage = weapon damage + net degree − armour, never below 0; "
                                  "a miss deals 0 (R-5).",))


def rollunder_test_odds(target: int) -> TestOdds:
    """The odds of a test against ``target`` (R-1)."""
    dist = {roll: Fraction(1, DIE) for roll in range(1, DIE + 1)}
    return TestOdds(target, dist, success_probability(target))


def rollunder_opposed_odds(active_target: int, defender_target: int) -> OpposedOdds:
    """The odds of an opposed test (R-2)."""
    win = opposed_win_probability(active_target, defender_target)
    return OpposedOdds(active_target, defender_target, {0: 1 - win, 1: win}, win)


def rollunder_attack_odds(attack_target: int, defence_target: int | None = None, weapon_damage: int = 0,
                          armour: int = 0) -> AttackOdds:
    """The odds of an attack: hit chance and damage (R-5); ``defence_target=None``: no active defence."""
    return AttackOdds(attack_target, defence_target, weapon_damage, armour,
                      attack_hit_probability(attack_target, defence_target),
                      damage_distribution(attack_target, defence_target, weapon_damage, armour),
                      expected_damage(attack_target, defence_target, weapon_damage, armour))


# -- the command line: kit odds rollunder ------------------------------------------------

HELP = "a test, or an attack against a defence"
"""The one-line help of ``kit odds rollunder``."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``kit odds rollunder``: the target, and for an attack the defence, damage and armour."""
    parser.add_argument("--target", type=int, required=True, help="attribute + skill + modifiers (R-1)")
    parser.add_argument("--defence", type=int, help="the defender's target for an attack (R-5)")
    parser.add_argument("--damage", type=int, help="the weapon's damage (R-5)")
    parser.add_argument("--armour", type=int, default=0, help="the defender's armour (R-5)")


def run(args: argparse.Namespace) -> int:
    """Print a test's chance of success, or an attack's damage table, hit chance and expected damage; exit 0."""
    if args.defence is None and args.damage is None:
        odds = rollunder_test_odds(args.target)
        print(f"Roll-Under test, target {args.target} (R-1)")
        wins = odds.success
        print(f"succeed  {wins!s:>6}")
        print(f"fail     {1 - wins!s:>6}")
        print(f"Success: {chance_words(wins)}")
        return 0
    attack = rollunder_attack_odds(args.target, args.defence, args.damage or 0, args.armour)
    print(attack.headline().split(": hits")[0] + " (R-5)")
    print("\n".join(attack.view().table()))
    print(f"Hits: {chance_words(attack.hit)}; expected damage {attack.expected} ({float(attack.expected):.2f})")
    return 0


__all__ = ["AttackOdds", "OpposedOdds", "TestOdds", "rollunder_attack_odds", "rollunder_opposed_odds",
           "rollunder_test_odds"]
