"""Write the rules tours in notebooks/tours/: every rule and ruling of a system, worked live.

    python scripts/build_tours.py [falkefateifaux|suitpairs|rollunder]

Each tour is a notebook for people learning a system: a short Markdown cell quotes or explains
a rule and cites its ruling id, then code cells play it on a seeded game, with rigged cards or
dice wherever the rule text gives an example. Refusals are shown too. The notebooks are
executed and saved with deterministic outputs, so ``pytest --nbval`` reproduces them byte for
byte.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import nbformat
from notebook_builder import Cell, execute_and_save, make_notebook

ROOT = Path(__file__).resolve().parents[1]
OUTDIR = ROOT / "notebooks" / "tours"


def md(text: str) -> Cell:
    """A Markdown cell."""
    return ("md", text)


def code(text: str) -> Cell:
    """A code cell."""
    return ("code", text)


# -- Suit Pairs -----------------------------------------------------------------------------


def suitpairs_cells() -> list[Cell]:
    """The Suit Pairs tour: creation, skills, checks, rerolls, every consequence, serious consequences."""
    return [
        md("""
# Suit Pairs — a rules tour

Suit Pairs rolls **2d6 + a skill level** against a difficulty. Its four attributes are tied to
the four suits and they *move*: every check you win or lose nudges them up or down, and you can
spend them to roll again.

This tour plays every rule on a real, seeded game. Each section quotes the rule, names the
kit's ruling (S-1 … S-6) and then plays it. Where the outcome matters the dice are *rigged*
(`game.rig(dice=[6, 6])`), so you can see exactly the case the rule talks about. Refused
actions are shown too: the kit explains what the rules forbid and what you may do instead.
"""),
        code("""
from IPython.display import HTML

from kit.core.errors import RulesError
from kit.render.distribution import distribution_svg
from kit.suitpairs import SKILLS, SuitPairsGame, final_total_distribution, skill

game = SuitPairsGame(seed="tour-sp", practice=True)
game
"""),
        md("""
## S-1 Creation

> *Pick an identity. Next, spend 10 points on your starting ability scores. Make sure all
> attributes have at least one point. Lastly, pick one Skill from each attribute category and
> increase its level to 1.*

The four attributes are ♠ Strength, ♦ Intelligence, ♣ Dexterity and ♥ Charisma. Ruling **S-1**:
exactly 10 points, each attribute 1–5, exactly one skill from each attribute's row at level 1,
and an identity is required. Mira the Baker:
"""),
        code("""
game.create_character("Mira", "Baker", strength=3, intelligence=2, dexterity=2, charisma=3,
                      skills=["Defy", "Analyze", "Stealth", "Help"])
"""),
        code("""
game.create_character("Tomas", "Collector", strength=2, intelligence=4, dexterity=2, charisma=2,
                      skills=["Intimidate", "Tinker", "Evade", "Charm"])
"""),
        md("What creation refuses — too many points, an attribute at 0, two skills from one row, "
           "no identity:"),
        code("""
try:
    game.create_character("Wren", "Fool", strength=5, intelligence=4, dexterity=2, charisma=1,
                          skills=["Grab", "Persuade", "Agility", "Charm"])
except RulesError as error:
    print(error)
"""),
        code("""
try:
    game.create_character("Wren", "Fool", strength=0, intelligence=4, dexterity=3, charisma=3,
                          skills=["Grab", "Persuade", "Agility", "Charm"])
except RulesError as error:
    print(error)
"""),
        code("""
try:
    game.create_character("Wren", "Fool", strength=1, intelligence=2, dexterity=4, charisma=3,
                          skills=["Grab", "Defy", "Agility", "Charm"])
except RulesError as error:
    print(error)
"""),
        code("""
try:
    game.create_character("Wren", "", strength=1, intelligence=2, dexterity=4, charisma=3,
                          skills=["Grab", "Persuade", "Agility", "Charm"])
except RulesError as error:
    print(error)
"""),
        md("""
## S-2 Skills

Every skill is a **pair of suits**: the first suit is the skill's *primary* attribute, the second
its *secondary* one (ruling **S-2**). ♠♦ Defy is primary Strength, secondary Intelligence. The
primary attribute is the one that moves after a check (S-5); either may pay for a reroll (S-4).
"""),
        code("""
for row_start in range(0, 16, 4):
    print("   ".join(s.label for s in SKILLS[row_start:row_start + 4]))
"""),
        code("""
defy = skill("♠♦")
print(defy.label, "— primary", defy.primary.title, "— secondary", defy.secondary.title)
print(defy.description)
"""),
        code("""
try:
    skill("Swim")
except RulesError as error:
    print(error)
"""),
        md("""
## S-3 Checks

> *For a skill check, you roll 2d6 and add your skill level.* 🟢 Easy 5+, 🟡 Medium 7+,
> 🟠 Hard 10+, 🔴 Impossible 13+. *Rolling double 1s is always a failure, rolling double 6s is
> always a success.*

Ruling **S-3**: 2d6 + skill level ≥ difficulty succeeds. A check stays *pending* after the roll —
the player may still reroll (S-4) — until it is accepted, which applies its consequence (S-5).
A plain, unrigged check: Mira charms the miller (Charm is 0 for her).
"""),
        code("""
game.check("Mira", "Charm", "Medium")
"""),
        code("""
game.accept("Mira")
"""),
        md("""
The exact odds of a check, before rolling: Mira's Defy (level 1) against Hard. The chart shows
the 36 equally likely totals of 2d6 + 1; the dark bars meet the target.
"""),
        code("""
odds = game.odds("Mira", "Defy", "Hard")
odds
"""),
        code("""
HTML(distribution_svg(odds.distribution, lambda total: total >= odds.target, label="2d6 + 1"))
"""),
        md("Double 6s always succeed — even Tomas's untrained Brute Force (level 0) against "
           "Impossible, where 6 + 6 + 0 = 12 falls short of 13:"),
        code("""
game.rig(dice=[6, 6]).check("Tomas", "Brute Force", "Impossible")
"""),
        code("""
game.accept("Tomas")
"""),
        md("Double 1s always fail, whatever the skill and the difficulty:"),
        code("""
game.rig(dice=[1, 1]).check("Tomas", "Tinker", "Easy")
"""),
        md("While a check is pending, the same character cannot start another one:"),
        code("""
try:
    game.check("Tomas", "Charm", "Easy")
except RulesError as error:
    print(error)
"""),
        code("""
game.accept("Tomas")
"""),
        code("""
try:
    game.check("Mira", "Defy", "Tricky")
except RulesError as error:
    print(error)
"""),
        md("""
## S-4 Rerolls

> *If you are unhappy with the result, you can spend an ability point of either attribute
> associated with the skill to roll again.*

Ruling **S-4**: after seeing a roll, pay 1 point of the skill's primary or secondary attribute
to roll 2d6 again; the new roll replaces the old one. You may repeat while points remain.
Spending an attribute to 0 is allowed (and brings serious consequences, S-6); an attribute at 0
cannot pay. Mira braces against a runaway cart — Defy (♠♦) against Hard:
"""),
        code("""
game.rig(dice=[2, 3]).check("Mira", "Defy", "Hard")
"""),
        code("""
game.rig(dice=[1, 4]).reroll("Mira", pay="Intelligence")
"""),
        md("Still short. Mira pays her last point of Intelligence: it drops to 0, which is allowed, "
           "and the serious consequences of S-6 begin at once."),
        code("""
game.rig(dice=[2, 2]).reroll("Mira", pay="Intelligence")
"""),
        md("An attribute at 0 cannot pay, and only the skill's own two attributes can:"),
        code("""
try:
    game.reroll("Mira", pay="Intelligence")
except RulesError as error:
    print(error)
"""),
        code("""
try:
    game.reroll("Mira", pay="Charisma")
except RulesError as error:
    print(error)
"""),
        code("""
game.rig(dice=[6, 3]).reroll("Mira", pay="Strength")
"""),
        code("""
game.accept("Mira")
"""),
        code("""
try:
    game.reroll("Mira", pay="Strength")
except RulesError as error:
    print(error)
"""),
        md("""
What a reroll is worth: the odds above already list the chance with one reroll and with every
point Mira could pay. The best way to use rerolls is simply to reroll while the roll fails.
Here is the total that finally stands for Defy 1 against Hard with one reroll under that policy:
"""),
        code("""
final = final_total_distribution(1, "Hard", rerolls=1)
HTML(distribution_svg(final, lambda total: total >= 10, label="final 2d6 + 1"))
"""),
        md("""
## S-5 Consequences

> *Succeeding on a skill check will grant you one point in the skill's primary attribute; failing
> a check will cost you one point of that attribute. If an attribute would hit 0 or 5 due to this
> change, you will lose or gain a point in the skill instead. If the skill value can not change,
> change the attribute instead, even if it hits 0 or 5.*

Ruling **S-5**, applied once per check to the final roll:

| | first choice | else | else |
| --- | --- | --- | --- |
| **success** | primary + 1, if that stays below 5 | skill + 1, if the skill is below 5 | primary = 5 |
| **failure** | primary − 1, if that stays above 0 | skill − 1, if the skill is above 0 | primary = 0 |

Tomas plays all six branches. His Intimidate (♠♥) has Strength as its primary attribute:
"""),
        code("""
tomas = game.character("Tomas")
print("Strength", tomas.attributes["Strength"], "— Intimidate", tomas.skills["Intimidate"])
"""),
        md("**Success, the primary attribute rises** (Strength 3 → 4):"),
        code("""
game.rig(dice=[5, 5]).check("Tomas", "Intimidate", "Medium")
game.accept("Tomas")
"""),
        md("**Success, but Strength would reach 5 — so the skill rises instead** (Intimidate 1 → 2):"),
        code("""
game.rig(dice=[5, 5]).check("Tomas", "Intimidate", "Medium")
game.accept("Tomas")
"""),
        md("**Success with the skill already at 5 — the attribute rises to 5 after all.** "
           "The GM first awards Tomas three Intimidate points for his fearsome reputation:"),
        code("""
game.award("Tomas", "Intimidate", points=3, reason="a fearsome reputation")
"""),
        code("""
game.rig(dice=[4, 4]).check("Tomas", "Intimidate", "Medium")
game.accept("Tomas")
"""),
        md("Every value stays within 0–5, so nothing more can be awarded:"),
        code("""
try:
    game.award("Tomas", "Strength", reason="one more")
except RulesError as error:
    print(error)
"""),
        md("Now failures, with Evade (♣♠), whose primary attribute is Dexterity (2). "
           "**Failure, the primary attribute drops** (Dexterity 2 → 1):"),
        code("""
game.rig(dice=[1, 2]).check("Tomas", "Evade", "Hard")
game.accept("Tomas")
"""),
        md("**Failure, but Dexterity would drop to 0 — so the skill drops instead** (Evade 1 → 0):"),
        code("""
game.rig(dice=[1, 2]).check("Tomas", "Evade", "Hard")
game.accept("Tomas")
"""),
        md("**Failure with the skill already at 0 — the attribute drops to 0 after all**, and the "
           "serious consequences of S-6 begin:"),
        code("""
game.rig(dice=[1, 2]).check("Tomas", "Evade", "Hard")
game.accept("Tomas")
"""),
        md("""
**The GM may skip the consequence** of a check (a table option). For one check, accept with
`consequences=False`; for the whole table, start the game with
`SuitPairsGame(seed=..., consequences=False, practice=True)`. The log records the choice either way.
"""),
        code("""
game.rig(dice=[3, 4]).check("Mira", "Help", "Medium")
game.accept("Mira", consequences=False)
"""),
        md("""
## S-6 Serious consequences

> *If any of your attribute values hits 0, you suffer serious consequences.*

Ruling **S-6**: while an attribute is 0, the tracker flags the character with that attribute's
row of the text's table, until the attribute rises again. Mira spent her Intelligence on rerolls
and Tomas lost his Dexterity:
"""),
        code("""
game
"""),
        code("""
game.serious_consequences("Tomas")
"""),
        md("Tomas cannot pay a reroll with Dexterity now; his Stealth (♣♦) can still be paid "
           "with Intelligence:"),
        code("""
game.rig(dice=[2, 2]).check("Tomas", "Stealth", "Medium")
"""),
        code("""
try:
    game.reroll("Tomas", pay="Dexterity")
except RulesError as error:
    print(error)
"""),
        code("""
game.rig(dice=[4, 3]).reroll("Tomas", pay="Intelligence")
"""),
        md("A success on Stealth raises its primary attribute, Dexterity, from 0 — and the flag ends:"),
        code("""
game.accept("Tomas")
"""),
        md("A GM award lifts Mira's Intelligence the same way:"),
        code("""
game.award("Mira", "Intelligence", reason="a good night's sleep")
"""),
        code("""
game
"""),
        md("""
That is all of Suit Pairs. Every step above is an event in the game's log: replaying the log
from the seed rebuilds the same table.
"""),
        code("""
print(len(game.log), "events;", "replay matches:",
      SuitPairsGame.replay(game.seed, game.options, list(game.log), practice=game.practice).fingerprint() == game.fingerprint())
"""),
    ]


# -- Roll-Under -----------------------------------------------------------------------------

RU_SHEETS = '''
ARTIE = {
    "attributes": {"Agility": 7, "Wits": 6, "Vitality": 6, "Reason": 5, "Fate": 5},
    "skills": {"Bash and Stab": 7, "Sergeant's Eye": 3, "Duck & Cover": 4, "Heroic Vigor": 4, "Barking Irons": 5},
    "weapons": [
        {"name": "Sword", "damage": 3, "kind": "melee", "skill": "Bash and Stab", "familiarity": True},
        {"name": "Fists", "damage": 1, "kind": "melee", "skill": "Bash and Stab", "unarmed": True},
    ],
    "armour": 1, "stamina": 10, "physical": 12, "player": "Ann",
}
XAVIER = {
    "attributes": {"Agility": 6, "Wits": 5, "Vitality": 7, "Reason": 4, "Fate": 3},
    "skills": {"Duck & Cover": 5, "Bash and Stab": 5, "Sergeant's Eye": 4, "Heroic Vigor": 3, "Barking Irons": 6},
    "weapons": [
        {"name": "Sword", "damage": 3, "kind": "melee", "skill": "Bash and Stab"},
        {"name": "Rifle", "damage": 5, "kind": "ranged", "skill": "Barking Irons", "familiarity": True},
    ],
    "armour": 1, "stamina": 10, "physical": 10, "player": "Xan",
}
MABEL = {
    "attributes": {"Agility": 4, "Wits": 5, "Vitality": 5, "Reason": 7, "Fate": 2},
    "skills": {"Medicine": 6, "Heroic Vigor": 2, "Investigator's Eye": 3},
    "stamina": 8, "physical": 6, "player": "Ann",
}
BRUNO = {
    "attributes": {"Agility": 5, "Wits": 4, "Vitality": 6, "Reason": 3, "Fate": 1},
    "skills": {"Bash and Stab": 4, "Sergeant's Eye": 2, "Duck & Cover": 2},
    "weapons": [
        {"name": "Club", "damage": 2, "kind": "melee", "skill": "Bash and Stab"},
        {"name": "Fists", "damage": 1, "kind": "melee", "skill": "Bash and Stab", "unarmed": True},
    ],
    "stamina": 9, "physical": 6, "player": "GM",
}
'''


def refused(call: str) -> Cell:
    """A code cell that tries ``call`` and prints the refusal."""
    return code(f"try:\n    {call}\nexcept RulesError as error:\n    print(error)")


def rollunder_cells() -> list[Cell]:
    """The Roll-Under tour: tests, opposed tests, initiative and ambush, rounds, attacks, healing, fate cards."""
    return [
        md("""
# Roll-Under — a rules tour

Roll-Under uses one twenty-sided die. Add an attribute, a skill and any modifiers to get a
**target**, then roll 1d20: at or under the target succeeds, and how far under is the **degree
of success**. Low rolls are good — *golf, if that helps*.

This tour plays every rule on a real, seeded game, in the order of the kit's rulings R-1 … R-7.
Where the rule text gives an example, the dice are *rigged* (`game.rig(dice=[14])`) so the
example comes out exactly as written. Refused actions are shown too, with the reason the kit
gives.
"""),
        code("""
from fractions import Fraction

from IPython.display import HTML

from kit.core.errors import RulesError
from kit.render.distribution import distribution_svg
from kit.rollunder import RollUnderGame
from kit.rollunder.odds import (attack_hit_probability, damage_distribution, opposed_win_probability,
                                success_probability)

game = RollUnderGame(seed="tour-ru", practice=True)
""" + RU_SHEETS + """
for name, sheet in (("Artie", ARTIE), ("Xavier", XAVIER), ("Mabel", MABEL), ("Bruno", BRUNO)):
    game.add_character(name, **sheet)
print(game)
"""),
        md("""
## R-1 Tests

> *All tests are made by adding the appropriate Attribute + Skill + modifiers. This is a
> roll-under, so a 1 is the best possible result, while a roll of 20 is always a failure. If you
> do not have the named skill, the test is made on the basis of the Attribute.*

Ruling **R-1**: target = attribute + skill + modifiers (each modifier −10 … +10); roll 1d20;
success when the roll is at most the target, but a 20 always fails and a 1 is *not* an automatic
success. Degree = target − roll.

The text's example: Artie the Airship Captain attacks with his trusty sword — Agility (7) +
Bash and Stab (7) + familiarity with the sword (2) = **16** — and rolls **14**: a success of
degree 16 − 14 = **2**.
"""),
        code("""
game.rig(dice=[14]).test("Artie", "Agility", "Bash and Stab", modifier=2)
"""),
        md("The exact odds of that test: each face of the d20 is 1 in 20; the dark bars are the "
           "degrees that succeed."),
        code("""
target = 16
degrees = {target - roll: Fraction(1, 20) for roll in range(1, 21)}
print("P(success) =", success_probability(target))
HTML(distribution_svg(degrees, lambda degree: degree >= 0 and degree > target - 20, label="degree"))
"""),
        md("An unrigged test, on the attribute alone because Xavier has no Medicine skill:"),
        code("""
game.test("Xavier", "Reason", "Medicine")
"""),
        md("A 20 always fails, even against a target above 20; a 1 does not save a target below 1:"),
        code("""
game.rig(dice=[20]).test("Artie", "Agility", "Bash and Stab", modifier=[2, 10])
"""),
        code("""
game.rig(dice=[1]).test("Mabel", "Agility", modifier=-10)
"""),
        refused('game.test("Artie", "Agility", "Bash and Stab", modifier=12)'),
        md("""
## R-2 Opposed tests

> *If a character's efforts are opposed by another, the greater Degree of Success wins; in the
> case of a tie, a defender wins.*

Ruling **R-2**. The text goes on: Xavier defends with Agility (6) + Duck & Cover (5) = **11** and
rolls **10**, degree **1** — less than Artie's 2, so Artie succeeds in slashing him.
"""),
        code("""
game.rig(dice=[14, 10]).opposed_test("Artie", "Agility", "Bash and Stab", "Xavier", "Agility", "Duck & Cover",
                                     modifier=2)
"""),
        md("Had Xavier rolled 9, his degree would also be 2: a tie, and the defender wins."),
        code("""
game.rig(dice=[14, 9]).opposed_test("Artie", "Agility", "Bash and Stab", "Xavier", "Agility", "Duck & Cover",
                                    modifier=2)
"""),
        code("""
print("Artie (16) beats Xavier (11) with probability", opposed_win_probability(16, 11))
"""),
        md("""
## R-3 Initiative and ambush

> *At the beginning of any combat, each character makes a Wits + Sergeant's Eye test. A
> successful roll of any magnitude allows a character to act during the very first round. Actions
> are declared first by the one with the greatest degree of failure and last by the one with the
> greatest degree of success.*

Ruling **R-3**: failure means acting from round 2; ties keep the order of listing (a table
option); the order is kept all combat, and a later modifier is applied to the original roll.

**Ambush.** *In a clear-cut ambush (all victims fail a Wits + Sergeant's Eye test separate from
the initiative roll), the ambushers get one unopposed round of action.* Bruno jumps Artie and
Mabel in an alley. The dice are the three initiative rolls, then the two ambush tests — both
victims fail:
"""),
        code("""
game.rig(dice=[4, 8, 2, 15, 11]).start_combat(["Artie", "Mabel", "Bruno"], ambushers=["Bruno"])
"""),
        md("In the free round the ambushed can neither act nor defend actively:"),
        refused('game.say("Artie", "Who goes there?")'),
        refused('game.attack("Bruno", "Artie", weapon="Fists", defence="parry")'),
        code("""
game.rig(dice=[5]).attack("Bruno", "Artie", weapon="Fists")
"""),
        code("""
game.next_round()
"""),
        md("Mabel failed her initiative, so she waits until round 2. Mabel's whistle brings the watch "
           "and Bruno flees:"),
        code("""
game.end_combat()
"""),
        md("When even one victim passes the ambush test, it is not clear-cut: no free round."),
        code("""
game.rig(dice=[4, 8, 2, 15, 3]).start_combat(["Artie", "Mabel", "Bruno"], ambushers=["Bruno"])
"""),
        code("""
game.end_combat()
"""),
        md("""
Now the duel on the airship deck: Artie against Xavier and Bruno. Artie's initiative target is
6 + 3 = 9 and he rolls 5 (degree 4); Xavier's is 9 and he rolls 7 (degree 2); Bruno's is 6 and he
rolls 9 (degree −3). So Bruno declares first but only from round 2, then Xavier, and Artie,
with the greatest success, declares last.
"""),
        code("""
game.rig(dice=[5, 7, 9]).start_combat(["Artie", "Xavier", "Bruno"])
"""),
        md("""
## R-4 Rounds and actions

> *A round takes about 5 seconds. During this time, a character may choose to do one (and only
> one) action*: attack; walk (Agility yards) or run (Agility × 3 yards, no active defence); ready
> a piece of gear; operate some feature of the world; aim a firearm; perceive; withdraw from
> melee; or attack and defend with −2 to both. *Free actions*: drop something, one short
> statement, shift a few steps, defend against one melee attack or any number of ranged ones.

Ruling **R-4**. Round 1: Bruno failed initiative, and it is Xavier's turn to declare first.
"""),
        refused('game.walk("Bruno")'),
        refused('game.ready("Artie", "Sword")'),
        code("""
game.aim("Xavier", weapon="Rifle")
"""),
        refused("game.next_round()"),
        code("""
game.ready("Artie", "Sword")
"""),
        code("""
game.say("Artie", "Surrender the airship, Durand!")
"""),
        refused('game.walk("Artie")'),
        code("""
game.next_round()
"""),
        md("Round 2. Bruno runs 3 × 5 = 15 yards across the deck, so he has no active defence this "
           "round:"),
        code("""
game.run("Bruno")
"""),
        code("""
game.allowed_defences("Bruno")
"""),
        md("""
## R-5 Attacks

> *An attacker rolls Agility + appropriate skill with a +2 modifier for familiarity. The defender
> rolls Agility + Duck & Cover (with a bonus for cover against a ranged attack) or Agility +
> close combat skill to parry. If the attacker fails, the attack fails; if the defender's degree
> is greater than or equal to the attacker's, it misses. Damage: base weapon damage + net degrees
> of success − the defender's armour. Unarmed damage is stamina damage.*

Ruling **R-5**. Xavier fires the rifle he aimed last round: Agility 6 + Barking Irons 6 +
familiarity 2 + aim 2 = 16. Artie takes cover behind a crate (cover rating 2):
"""),
        code("""
game.rig(dice=[10, 8]).attack("Xavier", "Artie", weapon="Rifle", defence="cover", cover=2)
"""),
        md("Now the text's own example as a real attack. Before the swing, the exact odds: the chance "
           "that Artie's sword (16) gets through Xavier's dodge (11), and the damage it deals "
           "(sword 3 + net degrees − armour 1):"),
        code("""
print("P(hit) =", attack_hit_probability(16, 11))
HTML(distribution_svg(damage_distribution(16, 11, 3, 1), lambda damage: damage > 0, label="damage"))
"""),
        md("Artie rolls 14 (degree 2), Xavier rolls 10 (degree 1): a hit with net 2 − 1 = 1, "
           "for 3 + 1 − 1 = 3 physical damage."),
        code("""
game.rig(dice=[14, 10]).attack("Artie", "Xavier", weapon="Sword", defence="dodge")
"""),
        code("""
game.next_round()
"""),
        md("""
Round 3. Bruno's footing improves: the GM gives his initiative +4. The degree is recomputed from
his original roll of 9 (6 + 4 − 9 = 1, now a success), but the declaration order is kept (R-3).
"""),
        code("""
game.modify_initiative("Bruno", 4)
"""),
        md("Bruno attacks *and* defends this round: −2 on his attack and on his defences. Artie "
           "parries with Agility + Bash and Stab:"),
        code("""
game.rig(dice=[3, 12]).attack_and_defend("Bruno", "Artie", weapon="Club", defence="parry")
"""),
        md("Xavier tries to withdraw from melee with Artie (opposed: his Agility + Duck & Cover "
           "against Artie's Agility + Bash and Stab). He fails, so Artie gets a free attack:"),
        code("""
game.rig(dice=[8, 10]).withdraw("Xavier", ["Artie"])
"""),
        code("""
game.rig(dice=[12, 11]).free_attack("Artie", "Xavier", weapon="Sword", defence="dodge")
"""),
        code("""
game.drop("Xavier", "Rifle")
"""),
        md("Artie punches Bruno — unarmed, so it is **stamina** damage. Bruno dodges with the −2 of "
           "attack and defend:"),
        code("""
game.rig(dice=[10, 3]).attack("Artie", "Bruno", weapon="Fists", defence="dodge")
"""),
        code("""
game.shift("Artie")
game.next_round()
"""),
        md("Round 4: Bruno walks off, Xavier looks around for help, Artie shuts the cabin door."),
        code("""
game.walk("Bruno")
"""),
        code("""
game.perceive("Xavier")
"""),
        code("""
game.operate("Artie", "the cabin door")
"""),
        code("""
game.end_combat()
"""),
        md("""
## R-6 Healing

> *Stamina damage can be healed fairly rapidly, using a test of Vitality + Heroic Vigor and
> restoring a number of boxes equal to the degrees of success every ten minutes. Physical damage
> requires one Vitality + Heroic Vigor to recover 1 point per 3 degrees of success. A skilled
> physician can roll Reason + Medicine once per day to add additional points per degree of
> success.*

Ruling **R-6**; a failed healing test heals nothing. Artie recovers the stamina Bruno's fists
cost him (Vitality 6 + Heroic Vigor 4 = 10, rolls 6: degree 4):
"""),
        code("""
game.rig(dice=[6]).heal_stamina("Artie")
"""),
        refused('game.heal_stamina("Artie")'),
        code("""
game.rig(dice=[15]).heal_stamina("Bruno")
"""),
        md("Xavier's wounds: his own recovery test (degree 7 heals 7 // 3 = 2), then Mabel's care "
           "(Reason 7 + Medicine 6 = 13, rolls 5: degree 8)."),
        code("""
game.rig(dice=[3]).heal_physical("Xavier")
"""),
        code("""
game.rig(dice=[5]).treat("Mabel", "Xavier")
"""),
        md("""
**Physicane.** *A roll with 6 degrees of success would confer 2 immediate points and 6 over the
course of the next 24 hours for a total of 8. Additional elixirs in the same 24 hour period do not
have benefit, but another dose in the next 24 hour period can continue the accelerated healing.*
Artie (Vitality 6 + Heroic Vigor 4 = 10) rolls 4: degree **6**.
"""),
        code("""
game.rig(dice=[4]).take_physicane("Artie")
"""),
        code("""
game.take_physicane("Artie")
"""),
        code("""
game.advance_time(hours=12)
"""),
        code("""
game.advance_time(hours=12)
"""),
        code("""
print(game)
"""),
        md("""
## R-7 Fate cards

> *Fate Cards are represented by the Tarot deck. At the start of play, all players roll 1d20,
> re-rolling ties; the lowest draws first, Fate / 2 rounded up.*

Ruling **R-7**: one shared 78-card deck. After a test, a Minor pip card (Ace–10) rolls once more,
a court card twice more, a Major Arcanum twice more — or it permits a test where none would be
allowed, or asks the GM for a narrative change. The best (lowest) roll stands. Using a card on
another player's character needs that player's consent. Spent cards are gone until the GM deals
new ones.

Here the cards are dealt (rigged, so we know them). Artie and Mabel both roll 7 and re-roll:
"""),
        code("""
game.rig(["Three of Cups", "Queen of Wands", "The Star", "Judgement", "Eight of Pentacles", "The Chariot",
          "Five of Swords"], deck="fate", dice=[7, 12, 7, 15, 3, 9])
game.start_play()
"""),
        md("Artie scans the clouds (Wits 6 + Sergeant's Eye 3 = 9) and rolls 18. A pip card rolls "
           "once more, a court card twice more; the lowest roll stands:"),
        code("""
game.rig(dice=[18]).test("Artie", "Wits", "Sergeant's Eye")
"""),
        code("""
game.rig(dice=[11]).spend_fate_card("Artie", "Three of Cups")
"""),
        code("""
game.rig(dice=[15, 4]).spend_fate_card("Artie", "Queen of Wands")
"""),
        refused('game.spend_fate_card("Artie", "The World")'),
        refused('game.spend_fate_card("Bruno", "Five of Swords", use="permit")'),
        md("Xavier belongs to another player (Xan): Artie's player needs Xan's consent to use a card "
           "on him."),
        code("""
game.rig(dice=[9]).test("Xavier", "Reason")
"""),
        refused('game.spend_fate_card("Artie", "The Star", on="Xavier")'),
        code("""
game.rig(dice=[2, 17]).spend_fate_card("Artie", "The Star", on="Xavier", consent="Xan")
"""),
        md("A Major Arcanum can ask for a narrative change, which the GM rules on:"),
        code("""
game.spend_fate_card("Mabel", "Judgement", use="narrative", note="The watch arrives in time")
"""),
        md("…or permit a test where none would be allowed — here an active defence while running:"),
        code("""
game.spend_fate_card("Xavier", "The Chariot", use="permit")
game.rig(dice=[8, 2]).start_combat(["Xavier", "Bruno"])
"""),
        code("""
game.run("Xavier")
"""),
        code("""
game.rig(dice=[6, 5]).attack("Bruno", "Xavier", weapon="Club", defence="dodge")
"""),
        code("""
game.end_combat()
print(game)
"""),
        md("Every step above is an event in the game's log; replaying it from the seed rebuilds the "
           "same table."),
        code("""
replayed = RollUnderGame.replay(game.seed, game.options, list(game.log), practice=game.practice)
print(f"{len(game.log)} events; replay matches: {replayed.fingerprint() == game.fingerprint()}")
"""),
    ]


# -- FalkeFateiFaux -------------------------------------------------------------------------


def flip_odds_ready() -> bool:
    """Whether ``kit.odds`` offers ``flip_odds`` (the exact odds of a flip) in this tree."""
    try:
        spec = importlib.util.find_spec("kit.odds")
    except ImportError:
        return False
    if spec is None:
        return False
    module = importlib.import_module("kit.odds")
    return callable(getattr(module, "flip_odds", None))


def falkefateifaux_cells(odds: bool | None = None) -> list[Cell]:
    """The FalkeFateiFaux tour: decks, card values, stacks, jokers, adverbs, Fate, guiding, results,
    hands, tokens, conditions, durations and characters (F-1 … F-14).

    ``odds`` adds the exact-odds cells (default: when ``kit.odds.flip_odds`` exists).
    """
    with_odds = flip_odds_ready() if odds is None else odds
    odds_import = "from kit.odds import flip_odds\n" if with_odds else ""
    odds_cells: list[Cell] = [
        md("""
The exact odds of a flip before it is made — Ada's Fisticuffs against a target of 8, counting
the cards she has not seen and the card she could play from hand (F-8):
"""),
        code("""
flip_odds(game, "Ada", "Fisticuffs", target=8)
"""),
    ] if with_odds else []
    cells: list[Cell] = [
        md("""
# FalkeFateiFaux — a rules tour

FalkeFateiFaux mixes Fate Accelerated's characters, Castle Falkenstein's hands of cards and
Malifaux's card flips. To act, you flip a **stack** of cards from the Deck of Fate, one card of
the stack counts, and you add your skill level; cards in the skill's suit count in full.

This tour plays every rule on a real, seeded game, in the order of the kit's rulings F-1 … F-14.
Where the rule text gives an example, the cards are *rigged* (`game.rig("4H 8C")`) so it comes
out exactly as written. Refused actions are shown too, with the reason the kit gives.

Two characters: Ada, a prize-fighting heiress, and Bruno, a dockside bruiser. Their hands are
rigged so we know what they hold.
"""),
        code(f"""
from IPython.display import HTML

from kit.core.errors import RulesError
from kit.falkefateifaux import LADDER, FalkeFateiFauxGame, armor_of_ithan_duration, band, card_value
{odds_import}from kit.render.distribution import distribution_svg

game = FalkeFateiFauxGame(seed="tour-ff", practice=True)
game.rig("QC 2H 3H 4S 5S").add_character(
    "Ada", "Prize-fighting heiress", "Owes the wrong people", adverbs=["swiftly", "cunningly", "boldly"],
    negative_adverb="clumsily", great="Athletics", good=["Fisticuffs", "Magic", "Courage"], poor="Society")
"""),
        code("""
game.rig("KC 2D 3D 4D 5D").add_character(
    "Bruno", "Dockside bruiser", "Loyal to a fault", adverbs=["brutally", "steadily", "loudly"],
    negative_adverb="slowly", great="Fisticuffs", good=["Athletics", "Resistance", "Marksmanship"], poor="Magic")
"""),
        md("""
## F-1 The decks

> *It is recommended to have at least 2 decks of cards shuffled together, or (number of
> players / 2) for larger groups. Cards are flipped from the top of the Deck of Fate, with the
> exception of magic, which uses the Deck of Magic.*

Ruling **F-1**: a deck is 52 cards plus a Red and a Black Joker. The Deck of Fate is
max(2, ⌈players / 2⌉) decks; the Deck of Magic is a separate deck with its own discard pile.
Resolved stacks go to the discard pile of their own deck, and an empty deck reshuffles its
discards.
"""),
        code("""
print(game)
"""),
        code("""
make = game.deck_make("fate")
print(sum(make.values()), "cards in the Deck of Fate;", make["RJ"], "Red Jokers,", make["BJ"], "Black Jokers")
"""),
        md("""
## F-2 Card values

> *When used to perform actions with matching affinity, cards count as a value equal to their
> location within their suit: 2–10, J (11), Q (12), K (13), A (14). Out-of-suit cards: 2–5 count
> as 0, and other cards as 5 less (e.g. a K is only an 8).*

Ruling **F-2** — and the rule wins over the text's own example: there, 4♥ on a Fisticuffs (♣)
flip is said to count 1, but by the rule a 4 out of suit counts **0**. Values for a Clubs action:
"""),
        code("""
for code in ["4C", "4H", "8C", "8H", "KC", "KH", "AS", "RJ", "BJ"]:
    print(f"{code:>3} on a Clubs action counts {card_value(code, 'C')}")
"""),
        md("""
## F-3 Skill levels

Outcome = the chosen card's value + skill level + modifiers. The text says a Great (8) skill adds
7 — a slip: ruling **F-3** adds the full level, as both worked examples do. Skills you did not
pick are Competent (4).
"""),
        code("""
LADDER
"""),
        md("Ada's Great Athletics against a target of 10, unrigged. `guide=False` says in advance "
           "that she will not guide fate (F-8), so the flip resolves at once:"),
        code("""
game.flip("Ada", "Athletics", target=10, guide=False)
"""),
        md("""
## F-4 Advantage and stack size

> *For each [+] advantage, flip 1 extra card in a stack; for each [−], flip 1 fewer. If the
> number drops below 1, you are flipping in disadvantage. If at advantage, the flipper chooses;
> if at disadvantage, the opponent chooses, or the worst outcome is chosen if there is no
> opponent.*

Ruling **F-4**: net n = [+] − [−]. n ≥ 0 flips n + 1 cards and the flipper chooses; n < 0 flips
|n| + 1 and the opponent chooses (or the lowest outcome is taken).

**The text's example.** *You have Good (6) Fisticuffs and are using your Gloves of Boxing [+], but
your opponent has distracted you [−] and you are exhausted [−]. You are at [−]: you will flip 2
cards, and your opponent will choose.* Exhaustion is a condition (F-12):
"""),
        code("""
game.add_condition("Ada", "Exhausted")
game.plan_flip("Ada", "Fisticuffs", against="Bruno", plus=["Gloves of Boxing"], minus=["distracted"])
"""),
        md("*You flip 4H 8C, and your opponent chooses 4H.*"),
        code("""
game.rig("4H 8C").flip("Ada", "Fisticuffs", against="Bruno", plus=["Gloves of Boxing"], minus=["distracted"])
"""),
        code("""
game.choose("Bruno", "4H")
"""),
        md("""
The total is **6**: 4♥ is out of suit on a ♣ action, so it counts 0 (F-2), plus 6 for Good
Fisticuffs. The text says 7, counting the 4♥ as 1; ruling F-2 corrects that slip.

At advantage the flipper chooses; at disadvantage with no opponent, the lowest outcome is taken:
"""),
        code("""
game.remove_condition("Ada", "Exhausted")
game.rig("3C 9C JC").flip("Ada", "Fisticuffs", target=8, plus=2, guide=False)
"""),
        code("""
game.choose("Ada", "JC")
"""),
        code("""
game.rig("3C 9C").flip("Ada", "Fisticuffs", target=8, minus=1, guide=False)
"""),
        md("""
## F-5 Jokers

> *Red Joker: counts as 15 of every suit. May always be chosen by the flipper, even if at
> disadvantage. Black Joker: counts as 0 no-suit, even if a token was spent. Must be taken, even
> if the Red Joker is also present.*

Ruling **F-5**. With the Black Joker in the stack, nothing else can be chosen — even at advantage,
even beside the Red Joker:
"""),
        code("""
game.rig("BJ RJ AC").flip("Ada", "Fisticuffs", target=8, plus=2, guide=False)
"""),
        md("At disadvantage, the flipper may still take the Red Joker:"),
        code("""
game.rig("RJ 2H").flip("Ada", "Fisticuffs", target=8, minus=1, guide=False)
"""),
        code("""
game.choose("Ada", "RJ")
"""),
        md("""
## F-6 Adverbs

> *Positive adverbs used as part of an action grant a [+] advantage. Negative adverbs grant a [−]
> disadvantage, but the player also gets to immediately draw two cards (this may trigger a
> discard). Only a single adverb can be used in an action.*

Ruling **F-6**. Ada fights *swiftly*:
"""),
        code("""
game.plan_flip("Ada", "Fisticuffs", target=8, adverb="swiftly")
"""),
        refused('game.flip("Ada", "Fisticuffs", target=8, adverb=["swiftly", "boldly"])'),
        md("Bruno lumbers *slowly*: [−], and he draws two cards at once. That puts his hand over its "
           "limit, so he must discard before anything else happens (F-10):"),
        code("""
game.rig("6D 7D").flip("Bruno", "Athletics", target=6, adverb="slowly")
"""),
        code("""
game.awaiting
"""),
        refused('game.choose("Bruno", "6D")'),
        code("""
game.discard("Bruno", ["2D", "3D"])
"""),
        md("""
## F-7 Fate tokens before a flip

> *Prior to flipping, you may spend one Fate Token to gain [++] advantage; one to treat the
> upcoming stack as having a particular suit; one to give your opponent [−] disadvantage.*

Ruling **F-7**: any or all of these, one token each. With the stack granted the action's suit, an
8♥ counts its full 8 on a Fisticuffs (♣) flip:
"""),
        code("""
game.rig("8H").flip("Ada", "Fisticuffs", target=12, suit=True, guide=False)
"""),
        md("What [++] and a hindered opponent would do to a contest — `plan_flip` works it out "
           "without spending anything:"),
        code("""
game.plan_flip("Ada", "Fisticuffs", against="Bruno", against_skill="Fisticuffs", boost=True, hinder=True)
"""),
        md("""
## F-8 Guiding fate

> *After flipping, if you are NOT at a disadvantage, you may play one card from your hand. This
> card joins your current stack. In a contest, both players may guide fate, but the
> currently-losing side must choose whether or not to play a card first.*

Ruling **F-8**: after playing, the side chooses its card again among all its cards (the Black
Joker is still forced); each side plays at most one card. A contest: Ada's Fisticuffs against
Bruno's. Ada flips 10♣ (10 + 6 = 16), Bruno 5♥ (out of suit 0 + 8 = 8):
"""),
        code("""
game.rig("10C 5H").flip("Ada", "Fisticuffs", against="Bruno", against_skill="Fisticuffs")
"""),
        md("Bruno is losing, so he decides first; Ada must wait:"),
        refused('game.guide("Ada", "QC")'),
        code("""
game.guide("Bruno", "KC")
"""),
        code("""
game.choose("Bruno", "KC")
"""),
        md("Now Ada is losing (16 against 21). Her Queen of Clubs would make 18 — not enough, so she "
           "keeps her card and passes:"),
        code("""
game.guide("Ada", None)
"""),
        md("""
## F-9 Results

> *Degree of success is given by the difference between the outcome and the target.* Meeting the
> target succeeds, so a tie in a contest goes to the acting side.

Ruling **F-9**'s bands:
"""),
        code("""
for degree in [-11, -6, -1, 0, 1, 6, 11]:
    print(f"{degree:+3d}  {band(degree)}")
"""),
        md("A contest tie: Ada's 8♣ (8 + 6) against Bruno's 6♣ (6 + 8), both at 14 — Ada acts, "
           "so Ada wins:"),
        code("""
game.rig("8C 6C").flip("Ada", "Fisticuffs", against="Bruno", against_skill="Fisticuffs", guide=False,
                       against_guide=False)
"""),
        *odds_cells,
        md("""
## F-10 The hand limit

> *Card Refresh is the number of cards a player may have in their hand at any time. If players
> have more, they must discard down to their refresh limit IMMEDIATELY, choosing which cards to
> discard. At the end of every scene, characters may discard any or all of their cards, and then
> draw until they are at their Card Refresh.*

Ruling **F-10**. Bruno's forced discard was shown under F-6. At the end of the scene Ada throws
away her two low hearts and draws back up to 5:
"""),
        code("""
game.end_scene({"Ada": ["2H", "3H"]})
"""),
        md("A character who loses control discards the whole hand, and draws a fresh one on regaining it:"),
        code("""
game.lose_control("Bruno", reason="knocked cold")
"""),
        code("""
game.regain_control("Bruno")
"""),
        md("""
## F-11 Outside a flip: Mulligan, Preparation, Trust the Fates

> *Mulligan: spend a Fate token to discard your entire hand and draw that many cards.
> Preparation: spend a Fate Token to draw two cards (this may trigger a discard). Trust The
> Fates!: spend four cards to earn a Burning Fate token. It evaporates if not used within the
> scene, and cannot be used for Mulligan or Preparation.*

Ruling **F-11**: none of these while a stack is being resolved; Fate tokens start at 3 and come
back only when the GM awards them.
"""),
        code("""
game.flip("Ada", "Courage", target=6)
"""),
        refused('game.mulligan("Ada")'),
        code("""
game.guide("Ada", None)
"""),
        code("""
game.mulligan("Ada")
"""),
        code("""
game.prepare("Ada")
"""),
        code("""
game.discard("Ada", game.hand("Ada")[:2])
"""),
        code("""
game.trust_the_fates("Ada", game.hand("Ada")[:4])
"""),
        md("Ada has no Fate token left, and a Burning Fate token cannot pay for Preparation:"),
        refused('game.prepare("Ada")'),
        md("It can pay for a spend before a flip (F-7), though:"),
        code("""
game.rig("5C 9C 2S").flip("Ada", "Athletics", target=10, boost=True, guide=False)
"""),
        code("""
game.choose("Ada", "9C")
"""),
        code("""
game.award_fate("Ada", 1, reason="a rousing speech")
"""),
        md("""
## F-12 Conditions and injuries

Conditions and injuries change [+]/[−] and modifiers as the text lists them. For Niggling and Minor
injuries the player chooses Clubs or Diamonds, and the choice is recorded (ruling **F-12**).
Severe injuries lower Card Refresh by 1, Crippling sets it to 1 and KO to 0 — a hand over the new
limit must be discarded at once (F-10). Injuries never touch Fate tokens.
"""),
        code("""
game.injure("Ada", "Niggling", choice="Diamonds")
"""),
        code("""
game.add_condition("Ada", "Hard Cover", choice="++")
game.plan_flip("Ada", "Resistance", target=8)
"""),
        code("""
game.injure("Bruno", "Severe")
"""),
        code("""
game.discard("Bruno", game.hand("Bruno")[:1])
"""),
        code("""
game.heal("Bruno", "Severe")
"""),
        code("""
game.heal("Ada", "Niggling", choice="Diamonds")
game.remove_condition("Ada", "Hard Cover")
"""),
        md("""
## F-13 Durations by band

> *Armor Of Ithan (Target: 8): Grants [+ +] to Resistance. Duration: 1 second / 2N minutes / 10N
> minutes / N hours. If you have Good (6) ♦ Magic and flip a 4D, you succeed by 2: on a success it
> lasts 2N minutes, e.g., 4 minutes.*

Ruling **F-13**: the resounding band is 10N **minutes** (the text's "seconds" is a slip: its own
example, N = 6, lasts an hour). Magic flips draw from the Deck of Magic:
"""),
        code("""
game.rig("4D", deck="magic").flip("Ada", "Magic", target=8, duration="armor_of_ithan", guide=False)
"""),
        code("""
for degree in [0, 2, 6, 12]:
    print(f"succeed by {degree:2d}: {armor_of_ithan_duration(degree).text}")
"""),
        md("""
## F-14 Characters

> *Characters should have a High Concept and a Trouble, three positive and one negative adverb,
> one Great (8), three Good (6) and one Poor (2) skill; Competent (4) at all the others.*

Ruling **F-14**: sixteen skills, four per suit. A third character joins, and the table refuses a
sheet that breaks the rules:
"""),
        code("""
game.add_character("Cleo", "Clockwork archivist", "Cannot tell a lie", adverbs=["precisely", "quietly", "kindly"],
                   negative_adverb="stiffly", great="Education", good=["Tinkering", "Physician", "Expression"],
                   poor="Fisticuffs")
"""),
        refused('game.add_character("Dmitri", "Spy", "Wanted", adverbs=["slyly", "smoothly"], '
                'negative_adverb="rashly",\n'
                '                       great="Subterfuge", good=["Charisma", "Society", "Exchequer"], '
                'poor="Magic")'),
        refused('game.add_character("Dmitri", "Spy", "Wanted", adverbs=["slyly", "smoothly", "coolly"], '
                'negative_adverb="rashly",\n'
                '                       great="Subterfuge", good=["Charisma", "Society", "Swordplay"], '
                'poor="Magic")'),
        code("""
print(game)
"""),
        md("Every step above is an event in the game's log; replaying it from the seed rebuilds the "
           "same table."),
        code("""
replayed = FalkeFateiFauxGame.replay(game.seed, game.options, list(game.log), practice=game.practice)
print(f"{len(game.log)} events; replay matches: {replayed.fingerprint() == game.fingerprint()}")
"""),
    ]
    return cells


TOURS: dict[str, tuple[str, Callable[[], list[Cell]]]] = {
    "suitpairs": ("Suit Pairs — a rules tour", suitpairs_cells),
    "rollunder": ("Roll-Under — a rules tour", rollunder_cells),
    "falkefateifaux": ("FalkeFateiFaux — a rules tour", falkefateifaux_cells),
}


def coalesce_streams(notebook: nbformat.NotebookNode) -> None:
    """Join consecutive stream outputs of a cell (a kernel may split one print into several)."""
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        joined: list[nbformat.NotebookNode] = []
        for output in cell.outputs:
            last = joined[-1] if joined else None
            if (output.output_type == "stream" and last is not None and last.output_type == "stream"
                    and last.name == output.name):
                last.text += output.text
            else:
                joined.append(output)
        cell.outputs = joined


def build(system: str) -> Path:
    """Build, execute and save one tour; returns its path."""
    title, cells = TOURS[system]
    path = OUTDIR / f"{system}.ipynb"
    execute_and_save(make_notebook(cells(), title=title), path)
    notebook = nbformat.read(path, as_version=4)
    coalesce_streams(notebook)
    return execute_and_save(notebook, path, execute=False)


def main(argv: list[str]) -> int:
    """Build the tours named on the command line, or all of them."""
    names = argv or list(TOURS)
    unknown = [name for name in names if name not in TOURS]
    if unknown:
        print(f"unknown tour {unknown[0]!r}; tours: {', '.join(TOURS)}", file=sys.stderr)
        return 2
    for name in names:
        print(build(name).relative_to(ROOT))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
