"""Long campaigns as chapters: a turn, opening and verifying at 1,000 / 10,000 / 50,000 turns (C-1, C-3).

    python bench/campaign_bench.py [--sizes 1000 10000 50000] [--runs 5] [--appends 20]

Builds a Suit Pairs campaign of each size (chapters of the default 250 turns: checks and
accepts of three characters), then prints medians, each beside a floor measured in the same run:

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
from kit.gamefile.header import CHAPTER_TURNS, Header
from kit.gamefile.store import atomic_write, read_raw_bytes

CHARACTERS = (
    ("Mira", "Baker", (3, 2, 2, 3), ["Defy", "Analyze", "Stealth", "Help"]),
    ("Tomas", "Collector", (2, 4, 2, 2), ["Intimidate", "Tinker", "Evade", "Charm"]),
    ("Wren", "Fool", (1, 2, 4, 3), ["Grab", "Persuade", "Agility", "Charm"]),
)


def next_turn(game: Game, step: int) -> tuple[str, dict[str, Any]]:
    """The next turn of typical play: a character checks, then accepts."""
    name = CHARACTERS[step % len(CHARACTERS)][0]
    if game.pending(name) is None:
        return "check", {"character": name, "skill": "Defy", "difficulty": "Medium"}
    return "accept", {"character": name}


def build(folder: Path, turns: int) -> Path:
    """Write a campaign of ``turns`` turns into ``folder`` chapter by chapter; returns the newest chapter's path."""
    game = systems.new_game("suitpairs", seed=f"campaign-{turns}", practice=True)
    for name, identity, (s, i, d, c), skills in CHARACTERS:
        game.create_character(name, identity, s, i, d, c, skills)
    base = folder / "campaign.ipynb"
    step = 0
    while True:
        while len(game.log.events) < CHAPTER_TURNS and game.turn < turns:
            action, args = next_turn(game, step)
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


def table_turns(newest: Path, appends: int) -> tuple[float, float]:
    """Median ms of a turn at the table, and of writing the chapter's bytes atomically (the floor)."""
    held = HeldGameFile.open(newest)
    took, wrote = [], []
    for step in range(appends):
        action, args = next_turn(held.game, step)
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
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores; medians of {args.runs} runs ({args.appends} turns at the table)")
    print(f"{'turns':>7} {'chapters':>8} {'B/turn':>7} | {'turn ms':>8} {'floor':>6} {'×':>5} | "
          f"{'open ms':>8} | {'verify s':>8} {'floor s':>8} {'×':>5} | {'newest s':>8}")
    for size in args.sizes:
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            newest = build(folder, size)
            paths = sorted(folder.glob("campaign*.ipynb"))
            size_bytes = sum(p.stat().st_size for p in paths)
            whole = median(partial(verify_campaign, paths), args.runs)
            floor_s = median(partial(floor, paths), args.runs)
            alone = median(partial(verify_campaign, [newest], jobs=1), args.runs)
            opened = median(partial(HeldGameFile.open, newest), args.runs) * 1000
            turn_ms, write_ms = table_turns(newest, args.appends)
            print(f"{size:>7,} {len(paths):>8} {size_bytes / size:>7.0f} | {turn_ms:>8.1f} {write_ms:>6.1f} "
                  f"{turn_ms / write_ms:>5.1f} | {opened:>8.0f} | {whole:>8.2f} {floor_s:>8.2f} "
                  f"{whole / floor_s:>5.2f} | {alone:>8.3f}")


if __name__ == "__main__":
    main()
