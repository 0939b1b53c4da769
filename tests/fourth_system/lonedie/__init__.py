"""Lone Die: one d20 plus a knack against a target; a roll stands until its hero claims it (L-1 … L-4).

The rules core of the tests' fourth system (no widgets, no IPython, no nbformat). It lives only
in the tests: ``tests/fourth_system`` registers it for a test run, to prove that a system is its
package, its odds and widgets modules and one line in each registry.

- L-1: a hero has a name and a knack from 0 to 3.
- L-2: a roll is 1d20 + knack against a target from 2 to 30; it succeeds when it reaches the target.
- L-3: a roll stands until its hero claims it; a claimed success earns the hero a mark. A hero
  whose roll stands rolls no other.
- L-4: the GM awards marks, 1 to 5 at a time, with a reason; nothing is rolled.
"""

from fourth_system.lonedie.game import Hero, LoneDieGame, LoneDieState, PendingRoll

__all__ = ["Hero", "LoneDieGame", "LoneDieState", "PendingRoll"]
