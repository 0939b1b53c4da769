"""Roll-Under: time 1,000 random combats of a few rounds, and replaying them; print medians."""

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kit.rollunder import RollUnderGame

SHEET = {"Agility": 6, "Wits": 6, "Vitality": 6, "Reason": 5, "Fate": 4}
SKILLS = {"Bash and Stab": 6, "Duck & Cover": 5, "Sergeant's Eye": 4, "Heroic Vigor": 3}
SWORD = [{"name": "Sword", "damage": 3, "kind": "melee", "skill": "Bash and Stab", "familiarity": True}]
NAMES = ["Artie", "Xavier", "Mabel", "Bruno"]


def combat(seed: str, rounds: int = 4) -> RollUnderGame:
    game = RollUnderGame(seed, practice=True)
    for name in NAMES:
        game.add_character(name, SHEET, SKILLS, SWORD, armour=1, stamina=12, physical=12, player=name)
    game.start_combat(NAMES, ambushers=NAMES[:1])
    while game.combat.round <= rounds:
        who = game.current_combatant
        if who is None:
            game.next_round()
            continue
        target = NAMES[(NAMES.index(who) + 1) % len(NAMES)]
        defence = game.allowed_defences(target)[0]
        game.attack(who, target, weapon="Sword", defence=defence)
    game.end_combat()
    return game


def main() -> None:
    play, replay, events = [], [], []
    for i in range(1000):
        start = time.perf_counter()
        game = combat(f"bench-{i}")
        middle = time.perf_counter()
        again = RollUnderGame.replay(game.seed, game.options, list(game.log), practice=game.practice)
        end = time.perf_counter()
        assert again.fingerprint() == game.fingerprint()
        play.append(middle - start)
        replay.append(end - middle)
        events.append(len(game.log))
    p, r = statistics.median(play), statistics.median(replay)
    print(f"combats: 1000, median events per combat: {statistics.median(events):.0f}")
    print(f"median play:   {p * 1000:.2f} ms per combat")
    print(f"median replay: {r * 1000:.2f} ms per combat")
    print(f"replay / play: {r / p:.2f}")


if __name__ == "__main__":
    main()
