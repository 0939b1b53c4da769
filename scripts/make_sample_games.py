"""Write the sample game notebooks in notebooks/games/ (fixed seeds: the same bytes every run).

    python scripts/make_sample_games.py [OUTDIR] [--only suitpairs]

Each sample plays at least 30 turns through the system's main actions, mixing seeded draws
and rigged ones, and is written with kit.gamefile.save.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from kit import systems
from kit.core.game import Game
from kit.gamefile import save
from kit.gamefile.store import lock_path

ROOT = Path(__file__).resolve().parents[1]
OUTDIR = ROOT / "notebooks" / "games"


def suitpairs_sample() -> tuple[Game, list[str]]:
    """Three characters, checks with rerolls and consequences, GM awards and a serious consequence."""
    game = systems.new_game("suitpairs", seed="suitpairs-sample-1", practice=True)
    game.create_character("Mira", "Baker", strength=3, intelligence=2, dexterity=2, charisma=3,
                          skills=["Defy", "Analyze", "Stealth", "Help"])
    game.create_character("Tomas", "Collector", strength=2, intelligence=4, dexterity=2, charisma=2,
                          skills=["Intimidate", "Tinker", "Evade", "Charm"])
    game.create_character("Wren", "Fool", strength=1, intelligence=2, dexterity=4, charisma=3,
                          skills=["Grab", "Persuade", "Agility", "Charm"])
    game.check("Mira", "Defy", "Hard")
    game.reroll("Mira", pay="Strength")
    game.accept("Mira")
    game.rig(dice=[6, 6]).check("Tomas", "Tinker", "Impossible")
    game.accept("Tomas")
    game.rig(dice=[1, 1]).check("Wren", "Agility", "Easy")
    game.rig(dice=[3, 4]).reroll("Wren", pay="Dexterity")
    game.accept("Wren")
    game.check("Mira", "Help", "Medium")
    game.accept("Mira")
    game.check("Tomas", "Explore", 8)
    game.reroll("Tomas", pay="Intelligence")
    game.accept("Tomas", consequences=False)
    game.award("Wren", "Charisma", reason="a song that won the tavern over")
    game.check("Wren", "Charm", "Medium")
    game.accept("Wren")
    game.rig(dice=[2, 2]).check("Mira", "Stealth", "Hard")
    game.rig(dice=[5, 5]).reroll("Mira", pay="Intelligence")
    game.accept("Mira")
    game.take_away("Tomas", "Strength", reason="fell from the clock tower")
    game.rig(dice=[1, 2]).check("Tomas", "Evade", "Medium")
    game.accept("Tomas")
    game.check("Wren", "Grab", "Easy")
    game.accept("Wren")
    game.award("Mira", "Defy", points=2, reason="stood firm at the gate")
    game.check("Mira", "Defy", "Impossible")
    game.accept("Mira")
    game.rig(dice=[1, 1]).check("Tomas", "Persuade", "Easy")
    game.accept("Tomas")
    game.check("Wren", "Persuade", "Hard")
    game.accept("Wren")
    return game, ["Ana=Mira", "Ben=Tomas", "Cleo=Wren"]


ARTIE = {
    "attributes": {"Agility": 7, "Wits": 6, "Vitality": 6, "Reason": 5, "Fate": 5},
    "skills": {"Bash and Stab": 7, "Sergeant's Eye": 3, "Duck & Cover": 4, "Heroic Vigor": 4, "Barking Irons": 5},
    "weapons": [
        {"name": "Sword", "damage": 3, "kind": "melee", "skill": "Bash and Stab", "familiarity": True},
        {"name": "Pistol", "damage": 4, "kind": "ranged", "skill": "Barking Irons"},
        {"name": "Fists", "damage": 1, "kind": "melee", "skill": "Bash and Stab", "unarmed": True},
    ],
    "armour": 1, "stamina": 10, "physical": 8, "player": "Ann",
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
    "skills": {"Medicine": 6, "Heroic Vigor": 2, "Airship Piloting": 3, "Investigator's Eye": 3},
    "armour": 0, "stamina": 8, "physical": 6, "player": "Ann",
}
BRUNO = {
    "attributes": {"Agility": 5, "Wits": 4, "Vitality": 6, "Reason": 3, "Fate": 1},
    "skills": {"Bash and Stab": 4, "Sergeant's Eye": 2, "Duck & Cover": 2},
    "armour": 0, "stamina": 9, "physical": 6, "player": "GM",
}


def rollunder_sample() -> tuple[Game, list[str]]:
    """Sheets, fate cards at the start of play, tests, an ambush over three rounds, healing by the clock."""
    game = systems.new_game("rollunder", seed="rollunder-sample-1", practice=True)
    for name, sheet in (("Artie", ARTIE), ("Mabel", MABEL), ("Xavier", XAVIER), ("Bruno", BRUNO)):
        game.add_character(name, **sheet)
    game.start_play()
    game.test("Mabel", "Reason", "Airship Piloting", modifier=2)
    game.spend_fate_card("Mabel", "Judgement")
    game.rig(dice=[14, 10]).opposed_test("Artie", "Agility", "Bash and Stab", "Xavier", "Agility", "Duck & Cover",
                                         modifier=2)
    game.spend_fate_card("Xavier", "Eight of Pentacles")
    game.rig(dice=[18]).test("Artie", "Wits", "Sergeant's Eye")
    game.rig(dice=[5, 16]).spend_fate_card("Artie", "Queen of Wands")
    game.spend_fate_card("Artie", "The Chariot", use="narrative", note="The airship arrives early")
    game.advance_time(minutes=20)
    game.rig(dice=[4, 12, 9, 10, 15, 18]).start_combat(["Artie", "Mabel", "Xavier", "Bruno"],
                                                       ambushers=["Xavier", "Bruno"])
    game.rig(dice=[3]).attack("Bruno", "Artie")
    game.aim("Xavier", weapon="Rifle")
    game.next_round()
    game.rig(dice=[12, 9]).attack("Xavier", "Artie", weapon="Rifle", defence="cover", cover=2)
    game.rig(dice=[14, 10]).attack("Artie", "Xavier", weapon="Sword", defence="parry")
    game.next_round()
    game.run("Mabel")
    game.rig(dice=[20]).attack("Bruno", "Mabel")
    game.rig(dice=[8, 10]).withdraw("Xavier", ["Artie"])
    game.rig(dice=[6, 11]).free_attack("Artie", "Xavier", weapon="Sword", defence="dodge")
    game.rig(dice=[2, 9]).attack_and_defend("Artie", "Bruno", weapon="Sword", defence="parry")
    game.next_round()
    game.rig(dice=[2]).perceive("Mabel", skill="Investigator's Eye")
    game.wait("Bruno")
    game.wait("Xavier")
    game.walk("Artie")
    game.end_combat()
    game.heal_stamina("Artie")
    game.rig(dice=[5]).treat("Mabel", "Xavier")
    game.rig(dice=[4]).take_physicane("Xavier")
    game.advance_time(hours=12)
    game.heal_physical("Bruno")
    game.advance_time(hours=12)
    game.rig(dice=[3]).heal_physical("Xavier")
    return game, ["Ann=Artie,Mabel", "Xan=Xavier", "GM=Bruno"]


ADA = {"high_concept": "Prize-fighting heiress", "trouble": "Owes the wrong people",
       "adverbs": ["swiftly", "cunningly", "boldly"], "negative_adverb": "clumsily",
       "great": "Athletics", "good": ["Fisticuffs", "Magic", "Courage"], "poor": "Society"}
BRUNO_FF = {"high_concept": "Dockside bruiser", "trouble": "Loyal to a fault",
            "adverbs": ["brutally", "steadily", "loudly"], "negative_adverb": "slowly",
            "great": "Fisticuffs", "good": ["Athletics", "Resistance", "Marksmanship"], "poor": "Magic"}
CLARA = {"high_concept": "Clockwork inventor", "trouble": "Curious beyond reason",
         "adverbs": ["precisely", "quietly", "patiently"], "negative_adverb": "hastily",
         "great": "Tinkering", "good": ["Education", "Physician", "Subterfuge"], "poor": "Fisticuffs"}


def falkefateifaux_sample() -> tuple[Game, list[str]]:
    """The text's worked examples, guiding fate in a contest, adverbs, Fate tokens, hands, injuries, scenes."""
    game = systems.new_game("falkefateifaux", seed="falkefateifaux-sample-1", practice=True)
    game.rig("QC 2H 3H 4S 5S").add_character("Ada", **ADA)
    game.rig("KC 2D 3D 4D 5D").add_character("Bruno", **BRUNO_FF)
    game.rig("2C 3C 4C 5C 6S").add_character("Clara", **CLARA)
    game.add_condition("Ada", "Exhausted")
    game.rig("4H 8C").flip("Ada", "Fisticuffs", against="Bruno", plus=["Gloves of Boxing"], minus=["distracted"])
    game.choose("Bruno", "4H")
    game.remove_condition("Ada", "Exhausted")
    game.rig("4D", deck="magic").flip("Ada", "Magic", target=8, duration="armor_of_ithan", guide=False)
    game.rig("3C").flip("Ada", "Fisticuffs", target=14)
    game.guide("Ada", "QC")
    game.choose("Ada", "QC")
    game.rig("2C 9C").flip("Ada", "Fisticuffs", against="Bruno", against_skill="Athletics")
    game.guide("Ada", None)
    game.guide("Bruno", "KC")
    game.choose("Bruno", "KC")
    game.rig("2S 3S KC 4C").flip("Ada", "Fisticuffs", target=8, adverb="clumsily", guide=False)
    game.discard("Ada", ["2S"])
    game.rig("2C 5C 9C").flip("Bruno", "Fisticuffs", target=12, boost=True, adverb="brutally", guide=False)
    game.choose("Bruno", "9C")
    game.rig("KH").flip("Ada", "Athletics", target=8, suit="Clubs", guide=False)
    game.trust_the_fates("Clara", ["2C", "3C", "4C", "5C"])
    game.flip("Clara", "Tinkering", target=10, boost=True, guide=False)
    game.choose("Clara", "9D")
    game.mulligan("Bruno")
    game.prepare("Ada")
    game.discard("Ada", ["2H", "3H"])
    game.injure("Bruno", "Niggling", choice="Clubs")
    game.flip("Bruno", "Resistance", target=8, guide=False)
    game.heal("Bruno", "Niggling", choice="Clubs")
    game.lose_control("Clara", "unconscious")
    game.end_scene({"Ada": ["4S"]})
    game.regain_control("Clara")
    game.award_fate("Ada", 1, "session start")
    game.set_skill("Clara", "Magic", "Good")
    game.adjust_refresh("Bruno", 1, "a lucky charm")
    return game, ["Ana=Ada", "Ben=Bruno", "Cleo=Clara"]


SAMPLES: dict[str, Callable[[], tuple[Game, list[str]]]] = {
    "suitpairs": suitpairs_sample,
    "rollunder": rollunder_sample,
    "falkefateifaux": falkefateifaux_sample,
}


def write_samples(outdir: Path, only: list[str] | None = None) -> list[Path]:
    """Write the samples (all, or those named in ``only``) into ``outdir``; returns their paths."""
    outdir.mkdir(parents=True, exist_ok=True)
    written = []
    for name, play in SAMPLES.items():
        if only and name not in only:
            continue
        game, players = play()
        path = outdir / f"{name}-sample.ipynb"
        save(game, path, players=players, force=True)
        lock_path(path).unlink(missing_ok=True)
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    """Write the sample game notebooks."""
    parser = argparse.ArgumentParser(description="Write the sample game notebooks.")
    parser.add_argument("outdir", nargs="?", type=Path, default=OUTDIR, help="where to write them")
    parser.add_argument("--only", action="append", choices=sorted(SAMPLES), help="write only this system's sample")
    args = parser.parse_args(argv)
    for path in write_samples(args.outdir, args.only):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
