"""Game notebooks at scale: verify time for 2,500 / 5,000 / 10,000 turns, bytes per turn, and appending.

    python bench/gamefile_bench.py [--runs 3] [--appends 20]

Targets: verifying a 10,000-turn game in under 1 s, growing linearly with the turn count, and
under 2 KB a turn on average in the file. Adding a turn from a table (the caller's own verified
game, ``append_turn(..., game=game)``) is timed beside the full path (re-read, replay, rewrite)
on a 35-turn and a 1,000-turn game. Prints medians and ratios.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from kit import systems
from kit.core.game import Game
from kit.gamefile import append_turn, load, save, schema, verify
from kit.gamefile.notebook import read_raw

SIZES = (2_500, 5_000, 10_000)
APPEND_SIZES = (35, 1_000)
CHARACTERS = (
    ("Mira", "Baker", (3, 2, 2, 3), ["Defy", "Analyze", "Stealth", "Help"]),
    ("Tomas", "Collector", (2, 4, 2, 2), ["Intimidate", "Tinker", "Evade", "Charm"]),
    ("Wren", "Fool", (1, 2, 4, 3), ["Grab", "Persuade", "Agility", "Charm"]),
)
CHECKS = (("Defy", "Hard"), ("Tinker", "Medium"), ("Agility", "Easy"), ("Charm", 8))


def play(turns: int) -> Game:
    """A Suit Pairs game of exactly ``turns`` turns: three characters, then checks and accepts."""
    game = systems.new_game("suitpairs", seed=f"bench-{turns}", practice=True)
    for name, identity, (s, i, d, c), skills in CHARACTERS:
        game.create_character(name, identity, s, i, d, c, skills)
    step = 0
    while game.turn < turns:
        name = CHARACTERS[step % len(CHARACTERS)][0]
        if game.pending(name) is None:
            skill, difficulty = CHECKS[step % len(CHECKS)]
            game.check(name, skill, difficulty)
        else:
            game.accept(name)
        step += 1
    return game


def median_seconds(action, runs: int, clock=time.perf_counter) -> float:
    """The median time of ``runs`` calls (wall clock by default; ``time.process_time`` for CPU)."""
    times = []
    for _ in range(runs):
        start = clock()
        action()
        times.append(clock() - start)
    return statistics.median(times)


def main() -> None:
    """Time appends (both paths), then write the big games and time reading, replaying, verifying; print medians."""
    parser = argparse.ArgumentParser(description="Game notebooks at scale.")
    parser.add_argument("--runs", type=int, default=3, help="timed runs per measurement (median)")
    parser.add_argument("--appends", type=int, default=20, help="timed appends per game size (median)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        _print_appends(Path(folder), args.appends)
        rows = []
        for turns in SIZES:
            path = Path(folder) / f"game-{turns}.ipynb"
            start = time.perf_counter()
            save(play(turns), path)
            written = time.perf_counter() - start
            report = verify(path)
            assert report.ok, report.message
            parse_s = median_seconds(lambda p=path: read_raw(p), args.runs)
            replay_s = median_seconds(lambda p=path: load(p, full=False), args.runs)
            verify_s = median_seconds(lambda p=path: verify(p), args.runs)
            cpu_s = median_seconds(lambda p=path: verify(p), args.runs, time.process_time)
            rows.append((turns, parse_s, replay_s, verify_s, cpu_s, path.stat().st_size, written))
        print(f"{'turns':>7} {'read+parse s':>13} {'+replay s':>10} {'verify s':>9} {'verify CPU s':>13} "
              f"{'µs/turn':>8} {'bytes/turn':>11} {'MB':>6} {'play+save s':>12}")
        for turns, parse_s, replay_s, verify_s, cpu_s, size, written in rows:
            print(f"{turns:>7} {parse_s:>13.3f} {replay_s:>10.3f} {verify_s:>9.3f} {cpu_s:>13.3f} "
                  f"{cpu_s / turns * 1e6:>8.1f} {size / turns:>11.0f} {size / 1e6:>6.1f} {written:>12.2f}")
        base_turns, base_cpu = rows[0][0], rows[0][4]
        for turns, *_, cpu_s, _, _ in rows[1:]:
            print(f"linearity: {turns} / {base_turns} turns = x{turns / base_turns:.0f}; "
                  f"verify CPU time x{cpu_s / base_cpu:.2f}")
        biggest = Path(folder) / f"game-{SIZES[-1]}.ipynb"
        append_s = median_seconds(lambda: _append_one(biggest), args.runs)
        print(f"append_turn on a {SIZES[-1]}-turn game (lock, re-read, verify, act, validate, write): "
              f"{append_s:.2f} s (median of {args.runs}, after the first write imported nbformat)")
        _print_parts(biggest)


def _next_turn(game: Game) -> tuple[str, dict[str, Any]]:
    """Mira's next turn: a check, or accepting the one pending."""
    if game.pending("Mira") is None:
        return "check", {"character": "Mira", "skill": "Help", "difficulty": "Easy"}
    return "accept", {"character": "Mira", "consequences": None}


def _append_one(path: Path) -> None:
    game = load(path, full=False)
    action, args = _next_turn(game)
    append_turn(path, action, args, expected_turn=game.turn)


def _timed_appends(path: Path, appends: int, fast: bool) -> list[float]:
    """Wall-clock seconds of ``appends`` turns added one by one (the load before them is not timed)."""
    game = load(path)
    times = []
    for _ in range(appends):
        action, args = _next_turn(game)
        start = time.perf_counter()
        if fast:
            append_turn(path, action, args, game=game)
        else:
            game = append_turn(path, action, args, expected_turn=game.turn)[0]
        times.append(time.perf_counter() - start)
    return times


def _print_appends(folder: Path, appends: int) -> None:
    """Time the table's append (the caller's game) beside the full path, on a sample-sized and a big game."""
    start = time.perf_counter()
    schema.prepare()  # what TableSession.open does, once a process
    print(f"compiling the nbformat schema checks of a new turn (once a process): "
          f"{(time.perf_counter() - start) * 1e3:.1f} ms")
    print(f"append_turn, median of {appends} appends; full = re-read, replay every turn, re-render and validate "
          "the whole notebook; fast = the table's path (game=game): hash chain checked, only the new cell built")
    print(f"{'turns':>7} {'full ms':>9} {'fast ms':>9} {'full / fast':>12}")
    for turns in APPEND_SIZES:
        game = play(turns)
        full_path, fast_path = folder / f"full-{turns}.ipynb", folder / f"fast-{turns}.ipynb"
        save(game, full_path)
        save(game, fast_path)
        fast_ms = statistics.median(_timed_appends(fast_path, appends, fast=True)) * 1e3
        full_ms = statistics.median(_timed_appends(full_path, appends, fast=False)) * 1e3
        assert fast_path.read_bytes() == full_path.read_bytes(), "the two paths must write the same file"
        print(f"{turns:>7} {full_ms:>9.2f} {fast_ms:>9.2f} {full_ms / fast_ms:>11.1f}x")


def _print_parts(path: Path) -> None:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    cells = notebook["cells"][2:]
    html = text = event = 0
    for cell in cells:
        data = cell["outputs"][0]["data"]
        html += len("".join(data["text/html"]).encode())
        text += len("".join(data["text/plain"]).encode())
        event += len(json.dumps(cell["metadata"]["kit"]["event"], separators=(",", ":"),
                                ensure_ascii=False).encode())
    count = len(cells)
    rest = path.stat().st_size / count - (html + text + event) / count
    print(f"bytes a turn, by part: text/html {html / count:.0f}, text/plain {text / count:.0f}, "
          f"event {event / count:.0f}, source and JSON structure {rest:.0f}")


if __name__ == "__main__":
    main()
