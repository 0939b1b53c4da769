"""Sealed play against open play, per system: a turn at the table, verifying a long game, and the floor.

    python bench/sealed_bench.py [--runs 3] [--turns 1000] [--appends 15]

For each registered system, two players and a GM play the same kind of game twice: open (the seed
decides every draw) and sealed (K-1…K-3: every turn proven by its seat's key, every draw
declared and sealed by a second seat). Measured, as medians over ``--runs``:

- a turn at the table: an open turn (the live action and its append to the file) against a
  sealed one (the declaration and the seal, each appended) — the table's path,
  ``append_to_game`` on the caller's own game;
- ``kit verify`` (``gamefile.verify``) of a sealed game of ``--turns`` turns against an open game
  of the same actions with as many turns (goal: sealed under 2× open), and against one with as
  many actions (fewer turns: an open game declares nothing, so each draw is one turn, not two);
- the floor: reading and parsing the file and hashing every event, which no verifier can skip.

The turns are the system's driver's (``SystemInfo.driver``: a drawing turn of each seat in
turn, then every step the rules wait for). Ratios are against the open game measured in the
same run. Table turns are timed by the wall clock (each append is written and synced to disk);
verifying and the floor by CPU time.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kit import systems
from kit.core.drive import Driver
from kit.core.game import Game
from kit.core.sealed_results import DeclarationResult
from kit.core.sealing import SeatKey
from kit.gamefile import append_to_game, load, save, verify
from kit.gamefile.store import read_raw
from kit.systems import system_info

PLAYERS = ("Ana", "Ben")
GM = "Gil"
TABLE_TURNS = 60
"""The size of the game the table's turns are timed on."""


def key(seat: str) -> SeatKey:
    """A fixed key per seat, so every run plays the same sealed game."""
    return SeatKey(hashlib.sha256(f"kit-bench-key\x00{seat}".encode()).digest())


def new_game(system: str, sealed: bool) -> Game:
    """Ana and Ben with the GM Gil, each player's character built from their seat; sealed: every seat taken."""
    mode = {"mode": "sealed"} if sealed else {}
    game = systems.new_game(system, seed=f"bench-{system}", players={name: [] for name in PLAYERS}, gm=GM, **mode)
    if sealed:
        for seat in (*PLAYERS, GM):
            game.hold_key(seat, key(seat))
            game.sit(seat).take_seat()
    info = system_info(system)
    for player, name in zip(PLAYERS, driver(system).characters, strict=True):
        take(game, player, *info.creating_turn(name, player))
    return game


def driver(system: str) -> Driver:
    """The system's driver: which turns the bench plays."""
    found = system_info(system).driver
    assert found is not None, f"{system} has no driver"
    return found


def follow_up(game: Game) -> tuple[str, str, dict[str, Any]] | None:
    """The step the rules wait for, as (seat, action, args): accept a check, choose, guide or discard."""
    wanted = driver(game.system).follow_up(game)
    if wanted is None:
        return None
    seat, action, args = wanted
    return seat or GM, action, args


Step = Callable[[Game, str, str, dict[str, Any]], Any]


def take(game: Game, seat: str, action: str, args: dict[str, Any], step: Step | None = None) -> Any:
    """One action from ``seat``; in a sealed game a declared draw is sealed at once by its sealer."""
    do = step or (lambda g, s, a, k: getattr(g.sit(s), a)(**k))
    result = do(game, seat, action, args)
    if isinstance(result, DeclarationResult):
        result = do(game, result.sealer, "seal", {})
    return result


def play_round(game: Game, step: int, do: Step | None = None) -> None:
    """Ana, Ben or the GM (for a character) takes a drawing turn; then every step the rules wait for."""
    seat = (*PLAYERS, GM)[step % 3]
    character = driver(game.system).characters[step % 2 if seat == GM else PLAYERS.index(seat)]
    take(game, seat, *driver(game.system).drawing_turn(character, step), step=do)
    while (wanted := follow_up(game)) is not None:
        take(game, *wanted, step=do)


def played(system: str, sealed: bool, *, turns: int | None = None, rounds: int | None = None) -> tuple[Game, int]:
    """A game played to ``turns`` events (or ``rounds`` rounds); the game and the rounds played."""
    game = new_game(system, sealed)
    step = 0
    while (turns is not None and game.turn < turns) or (rounds is not None and step < rounds):
        play_round(game, step)
        step += 1
    return game, step


def median(action: Callable[[], Any], runs: int, clock: Callable[[], float] = time.process_time) -> float:
    """The median seconds of ``runs`` calls, by CPU time (steadier than the wall clock on a busy machine)."""
    times = []
    for _ in range(runs):
        gc.collect()
        start = clock()
        action()
        times.append(clock() - start)
    return statistics.median(times)


def floor(path: Path) -> None:
    """Read and parse the file, and hash every event: what any verifier must do."""
    raw = read_raw(path)
    for event in raw.events:
        event.expected_hash(raw.header.version)


def table_turn_ms(system: str, sealed: bool, folder: Path, appends: int) -> float:
    """Median milliseconds of one drawing turn at the table: live action and append (sealed: declare and seal)."""
    game, rounds = played(system, sealed, turns=TABLE_TURNS)
    path = folder / f"table-{system}-{'sealed' if sealed else 'open'}.ipynb"
    save(game, path)
    game = load(path)
    if sealed:
        for seat in (*PLAYERS, GM):
            game.hold_key(seat, key(seat))
    times: list[float] = []

    def appended(g: Game, seat: str, action: str, args: dict[str, Any]) -> Any:
        return append_to_game(path, g.sit(seat), action, args)

    for step in range(rounds, rounds + appends):
        seat = (*PLAYERS, GM)[step % 3]
        character = driver(system).characters[step % 2 if seat == GM else PLAYERS.index(seat)]
        start = time.perf_counter()
        take(game, seat, *driver(system).drawing_turn(character, step), step=appended)  # sealed: declare, then seal
        times.append(time.perf_counter() - start)
        while (wanted := follow_up(game)) is not None:  # not timed
            take(game, *wanted, step=appended)
    assert verify(path).ok
    return statistics.median(times) * 1e3


def main() -> None:
    """Time the table's turns, then verifying long open and sealed games and the floor; print medians and ratios."""
    parser = argparse.ArgumentParser(description="Sealed play against open play.")
    parser.add_argument("--runs", type=int, default=3, help="timed runs per measurement (median)")
    parser.add_argument("--turns", type=int, default=1000, help="turns of the long sealed game")
    parser.add_argument("--appends", type=int, default=15, help="timed table turns per system and mode (median)")
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        for system in systems.SYSTEMS:
            open_ms = table_turn_ms(system, False, folder, args.appends)
            sealed_ms = table_turn_ms(system, True, folder, args.appends)
            sealed_game, _ = played(system, True, turns=args.turns)
            declarations = sum(1 for event in sealed_game.log if event.action == "declare")
            same_turns, _ = played(system, False, turns=sealed_game.turn)
            same_actions, _ = played(system, False, turns=sealed_game.turn - declarations)
            paths = {}
            for label, game in (("sealed", sealed_game), ("open, same turns", same_turns),
                                ("open, same actions", same_actions)):
                paths[label] = folder / f"{system}-{label.replace(' ', '').replace(',', '-')}.ipynb"
                save(game, paths[label])
                assert verify(paths[label]).ok
            timed = {label: (median(lambda p=path: verify(p), args.runs),
                             median(lambda p=path: floor(p), args.runs), read_raw(path).header.turns)
                     for label, path in paths.items()}  # each file's runs one after the other, all on one clock
            rows.append((system, open_ms, sealed_ms, timed))
    print(f"a drawing turn at the table (append_to_game on the table's game, median of {args.appends}; "
          "sealed = the declaration and the seal, each written)")
    print(f"{'system':>15} {'open ms':>9} {'sealed ms':>10} {'sealed / open':>14}")
    for system, open_ms, sealed_ms, _ in rows:
        print(f"{system:>15} {open_ms:>9.2f} {sealed_ms:>10.2f} {sealed_ms / open_ms:>13.2f}x")
    print()
    print(f"kit verify (gamefile.verify), CPU seconds, median of {args.runs}; floor = read + parse + hash every event")
    print(f"{'system':>15} {'game':>20} {'turns':>6} {'verify s':>9} {'µs/turn':>8} {'floor s':>8} "
          f"{'sealed / this':>14}")
    for system, _, _, timed in rows:
        sealed_s = timed["sealed"][0]
        for label, (verify_s, floor_s, turns) in timed.items():
            ratio = "" if label == "sealed" else f"{sealed_s / verify_s:>13.2f}x"
            print(f"{system:>15} {label:>20} {turns:>6} {verify_s:>9.3f} {verify_s / turns * 1e6:>8.0f} "
                  f"{floor_s:>8.3f} {ratio:>14}")
    print()
    for system, _, _, timed in rows:
        sealed_s, floor_s = timed["sealed"][0], timed["sealed"][1]
        turns_ratio = sealed_s / timed["open, same turns"][0]
        actions_ratio = sealed_s / timed["open, same actions"][0]
        verdict = "met" if turns_ratio < 2 else "NOT met"
        print(f"{system}: verifying the sealed game takes {turns_ratio:.2f}x the open game of as many turns (goal "
              f"< 2x: {verdict}) and {actions_ratio:.2f}x the one of as many actions (each sealed draw is two "
              f"turns: its declaration and its seal); the floor is {floor_s / sealed_s:.0%} of it")

if __name__ == "__main__":
    main()
