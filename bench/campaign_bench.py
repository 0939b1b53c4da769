"""Long campaigns as chapters: a turn, opening and verifying at 1,000 / 10,000 / 50,000 turns (C-1, C-3).

    python bench/campaign_bench.py [--sizes 1000 10000 50000] [--runs 5] [--appends 20]
                                   [--system suitpairs falkefateifaux rollunder]

Builds a campaign of each size for each system named (Suit Pairs by default), chapter by
chapter as a table plays it (chapters of the default 250 turns): in Suit Pairs checks and
accepts of three characters; in FalkeFateiFaux flips against a target, each resolved by what
it waits for (a guide passed, a card chosen, a discard); in Roll-Under combats of four rounds
of attacks among four characters. It then prints medians, each beside a floor measured in the
same run:

- a turn at the table (``HeldGameFile.take``: click → file written) ÷ writing the chapter's
  bytes atomically (goal: the same at every size, within 1.2×);
- opening the table's game (``HeldGameFile.open``: the newest chapter, verified from its
  checkpoint) — the same at every size;
- ``kit verify`` of the whole campaign on every core ÷ the single-core floor of reading and
  parsing every file and hashing every event (goal ≤ 1.5×), and of the newest chapter alone;
- bytes a turn.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from kit import systems
from kit.core.events import Event
from kit.core.game import Game
from kit.gamefile import HeldGameFile
from kit.gamefile.campaign import verify_campaign
from kit.gamefile.chapters import chapter_path, notebook_bytes
from kit.gamefile.files import atomic_write, read_raw_bytes
from kit.gamefile.header import CHAPTER_TURNS, Header

CHARACTERS = (
    ("Mira", "Baker", (3, 2, 2, 3), ["Defy", "Analyze", "Stealth", "Help"]),
    ("Tomas", "Collector", (2, 4, 2, 2), ["Intimidate", "Tinker", "Evade", "Charm"]),
    ("Wren", "Fool", (1, 2, 4, 3), ["Grab", "Persuade", "Agility", "Charm"]),
)

FALKE_CHARACTERS = (
    {"name": "Ada", "high_concept": "Prize-fighting heiress", "trouble": "Owes the wrong people",
     "adverbs": ["swiftly", "cunningly", "boldly"], "negative_adverb": "clumsily", "great": "Athletics",
     "good": ["Fisticuffs", "Magic", "Courage"], "poor": "Society"},
    {"name": "Bruno", "high_concept": "Dockside bruiser", "trouble": "Loyal to a fault",
     "adverbs": ["brutally", "steadily", "loudly"], "negative_adverb": "slowly", "great": "Fisticuffs",
     "good": ["Athletics", "Resistance", "Marksmanship"], "poor": "Magic"},
    {"name": "Clara", "high_concept": "Clockwork inventor", "trouble": "Curious beyond reason",
     "adverbs": ["precisely", "quietly", "patiently"], "negative_adverb": "hastily", "great": "Tinkering",
     "good": ["Education", "Physician", "Subterfuge"], "poor": "Fisticuffs"},
)
"""The FalkeFateiFaux campaign's characters (the sample game's three)."""

FIGHTERS = ("Artie", "Xavier", "Mabel", "Bruno")
"""The Roll-Under campaign's characters, each played by a player of the same name; each attacks the next."""
FIGHTER_SHEET = {"Agility": 6, "Wits": 6, "Vitality": 6, "Reason": 5, "Fate": 4}
FIGHTER_SKILLS = {"Bash and Stab": 6, "Duck & Cover": 5, "Sergeant's Eye": 4, "Heroic Vigor": 3}
SWORD = [{"name": "Sword", "damage": 3, "kind": "melee", "skill": "Bash and Stab", "familiarity": True}]
COMBAT_ROUNDS = 4
"""Rounds of attacks in each Roll-Under combat before it ends."""


def next_turn(game: Game, step: int) -> tuple[str, dict[str, Any]]:
    """The next turn of typical Suit Pairs play: a character checks, then accepts."""
    name = CHARACTERS[step % len(CHARACTERS)][0]
    if game.pending(name) is None:
        return "check", {"character": name, "skill": "Defy", "difficulty": "Medium"}
    return "accept", {"character": name}


def next_falke_turn(game: Any, step: int) -> tuple[str, dict[str, Any]]:
    """The next FalkeFateiFaux turn: a flip against a target, or the step the game waits for."""
    awaiting = game.awaiting
    if awaiting is None:
        return "flip", {"character": FALKE_CHARACTERS[step % len(FALKE_CHARACTERS)]["name"], "skill": "Fisticuffs",
                        "target": 8}
    if awaiting.action == "guide":
        return "guide", {"character": awaiting.character, "card": None}
    if awaiting.action == "choose":
        return "choose", {"character": awaiting.character,
                          "card": next(code for code in awaiting.options if code is not None)}
    hand = [card.code for card in game.character(awaiting.character).hand]
    return "discard", {"character": awaiting.character, "cards": hand[:awaiting.count]}


def next_combat_turn(game: Any, step: int) -> tuple[str, dict[str, Any]]:
    """The next Roll-Under turn: start a combat, attack the next fighter, end the round, or end the combat."""
    if game.combat is None:
        return "start_combat", {"combatants": list(FIGHTERS), "ambushers": [FIGHTERS[0]]}
    if game.combat.round > COMBAT_ROUNDS:
        return "end_combat", {}
    attacker = game.current_combatant
    if attacker is None:
        return "next_round", {}
    defender = FIGHTERS[(FIGHTERS.index(attacker) + 1) % len(FIGHTERS)]
    return "attack", {"attacker": attacker, "defender": defender, "weapon": "Sword",
                      "defence": game.allowed_defences(defender)[0]}


def opening(system: str, seed: str) -> Game:
    """A practice game of ``system`` with its characters at the table, before any other turn."""
    game: Any = systems.new_game(system, seed=seed, practice=True)
    if system == "suitpairs":
        for name, identity, (s, i, d, c), skills in CHARACTERS:
            game.create_character(name, identity, s, i, d, c, skills)
    elif system == "falkefateifaux":
        for sheet in FALKE_CHARACTERS:
            game.add_character(**sheet)
    else:
        for name in FIGHTERS:
            game.add_character(name, FIGHTER_SHEET, FIGHTER_SKILLS, SWORD, armour=1, stamina=12, physical=12,
                               player=name)
    return game


NEXT_TURN: dict[str, Callable[[Any, int], tuple[str, dict[str, Any]]]] = {
    "suitpairs": next_turn, "falkefateifaux": next_falke_turn, "rollunder": next_combat_turn,
}
"""How play goes on, turn by turn, in each system a campaign can be built in."""

SYSTEMS = tuple(NEXT_TURN)
"""The systems ``--system`` may name."""


def build(folder: Path, turns: int, system: str = "suitpairs") -> Path:
    """Write a campaign of ``turns`` turns into ``folder`` chapter by chapter; returns the newest chapter's path."""
    game, turn_of = opening(system, f"campaign-{turns}"), NEXT_TURN[system]
    base = folder / "campaign.ipynb"
    step = 0
    while True:
        while len(game.log.events) < CHAPTER_TURNS and game.turn < turns:
            action, args = turn_of(game, step)
            getattr(game, action)(**args)
            step += 1
        path = chapter_path(base, game.chapter.number)
        path.write_bytes(notebook_bytes(game, Header.for_game(game)))
        if game.turn >= turns:
            return path
        game = game.next_chapter()


def median(action: Callable[[], Any], runs: int) -> float:
    """The median wall time of ``runs`` calls, in seconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def floor(paths: list[Path]) -> None:
    """The single-core floor of verifying: read and parse every file, hash every event."""
    for path in paths:
        notebook = json.loads(read_raw_bytes(path))
        version = notebook["metadata"]["kit"]["format_version"]
        for cell in notebook["cells"]:
            data = cell.get("metadata", {}).get("kit", {}).get("event")
            if data is not None:
                Event.from_dict(data).expected_hash(version)


def table_turns(newest: Path, appends: int, system: str = "suitpairs") -> tuple[float, float]:
    """Median ms of a turn at the table, and of writing the chapter's bytes atomically (the floor)."""
    held = HeldGameFile.open(newest)
    turn_of = NEXT_TURN[system]
    took, wrote = [], []
    for step in range(appends):
        action, args = turn_of(held.game, step)
        start = time.perf_counter()
        held.take(action, args)
        took.append(time.perf_counter() - start)
        data = read_raw_bytes(held.path)
        start = time.perf_counter()
        atomic_write(held.path.with_name(".floor.ipynb"), data)
        wrote.append(time.perf_counter() - start)
    return statistics.median(took) * 1000, statistics.median(wrote) * 1000


def main() -> None:
    """Build each campaign and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000, 10_000, 50_000])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--appends", type=int, default=20)
    parser.add_argument("--system", nargs="+", choices=SYSTEMS, default=["suitpairs"],
                        help="the systems to build campaigns in (each gets its own table of figures)")
    args = parser.parse_args()
    for system in args.system:
        print(f"{system}: {os.cpu_count()} cores; medians of {args.runs} runs ({args.appends} turns at the table)")
        print(f"{'turns':>7} {'chapters':>8} {'B/turn':>7} | {'turn ms':>8} {'floor':>6} {'×':>5} | "
              f"{'open ms':>8} | {'verify s':>8} {'floor s':>8} {'×':>5} | {'newest s':>8}")
        for size in args.sizes:
            with tempfile.TemporaryDirectory() as tmp:
                folder = Path(tmp)
                newest = build(folder, size, system)
                paths = sorted(folder.glob("campaign*.ipynb"))
                size_bytes = sum(p.stat().st_size for p in paths)
                whole = median(partial(verify_campaign, paths), args.runs)
                floor_s = median(partial(floor, paths), args.runs)
                alone = median(partial(verify_campaign, [newest], jobs=1), args.runs)
                opened = median(partial(HeldGameFile.open, newest), args.runs) * 1000
                turn_ms, write_ms = table_turns(newest, args.appends, system)
                print(f"{size:>7,} {len(paths):>8} {size_bytes / size:>7.0f} | {turn_ms:>8.1f} {write_ms:>6.1f} "
                      f"{turn_ms / write_ms:>5.1f} | {opened:>8.0f} | {whole:>8.2f} {floor_s:>8.2f} "
                      f"{whole / floor_s:>5.2f} | {alone:>8.3f}")


if __name__ == "__main__":
    main()
