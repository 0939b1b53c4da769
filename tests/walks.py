"""Seeded random walks through whole games, written to game files turn by turn as the tables write them.

A walk plays one system, open or sealed, from an empty file through a few chapters: each
step draws, from a seeded generator, a turn the rules allow now — a drawing turn of a player
or the GM's character, the step the rules wait for, a GM turn that draws nothing, a note —
and appends it through the kit's own write path (the table's, on the caller's game; every
fifth turn the path that reads the file alone). A sealed walk seals each declared draw from
the seat the declaration names. What a walk leaves is every chapter file's bytes and every
turn's drawn output: :func:`fingerprints` reduces them to digests, so a refactoring can be
checked to change no byte of any file (``tests/golden/walks.json``; regenerate with
``python tests/walks.py --write`` only when a change of the files is intended).

Every registered system walks the same way: the turns come from its driver
(:class:`kit.core.drive.Driver`). The golden file holds the walks of the systems that ship with
the kit (:func:`kit_systems`); a system registered from elsewhere, such as the tests' fourth
system, has no golden digests and is walked by a test of its own.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT / "sealed"))

from sealed_helpers import (  # noqa: E402
    CHARACTERS,
    GM,
    PLAYERS,
    follow_up,
    gm_turn,
    key_for,
    random_turn,
    sheet,
)

from kit import gamefile, systems  # noqa: E402
from kit.core.errors import RulesError  # noqa: E402
from kit.core.sealed_results import DeclarationResult  # noqa: E402
from kit.gamefile.chapters import chapter_path  # noqa: E402


def kit_systems() -> list[str]:
    """The registered systems that ship with the kit (their package is in ``kit/``): those of the golden file."""
    return [name for name, module in systems.SYSTEMS.items() if module.startswith("kit.")]


def walks_of(names: list[str]) -> tuple[tuple[str, str, int], ...]:
    """The walks of the named systems: each open and sealed, two seeds."""
    return tuple((system, mode, seed) for system in names for mode in ("open", "sealed") for seed in (1, 2))


WALKS = walks_of(kit_systems())
"""The golden walks: each of the kit's own systems, open and sealed, two seeds — twelve walks."""
TURNS = 48
"""Turns of each walk: across two chapter boundaries at :data:`CHAPTER_TURNS`."""
CHAPTER_TURNS = 20
GOLDEN = ROOT / "golden" / "walks.json"


def _append(path: Path, game: Any, seat: str, action: str, args: dict[str, Any], step: int) -> tuple[Any, Any]:
    """One turn through the table's write path (every fifth through the path that reads the file alone)."""
    if step % 5 == 4 and not game.sealed:
        return gamefile.append_turn(path, action, args, expected_turn=game.turn, seat=seat)
    return gamefile.append_turn(path, action, args, game=game, seat=seat)


def _take(path: Path, game: Any, seat: str, action: str, args: dict[str, Any], step: int) -> Any:
    """A turn from ``seat``; a declared draw is sealed by the seat its declaration names (K-3)."""
    game, result = _append(path, game, seat, action, args, step)
    if isinstance(result, DeclarationResult):
        game, result = _append(path, game, result.sealer, "seal", {}, step)
    return game


def walk(system: str, mode: str, seed: int, folder: Path, turns: int = TURNS) -> Path:
    """Play one walk into ``folder``; the path of its first chapter."""
    rng = random.Random(f"walk-{system}-{mode}-{seed}")
    path = folder / f"{system}-{mode}-{seed}.ipynb"
    sealed = mode == "sealed"
    made = gamefile.create(system, path, players={name: [] for name in PLAYERS}, gm=GM, seed=f"walk-{seed}",
                           mode=mode, chapter_turns=CHAPTER_TURNS)
    game = made.game
    if sealed:
        for seat in (*PLAYERS, GM):
            game.hold_key(seat, key_for(seat, f"walk-{seed}"))
            game = _take(path, game, seat, "take_seat", {}, 0)
    for player in PLAYERS:
        game = _take(path, game, player, *sheet(system, player), 0)
        game = _settle(path, game, 0)
    step = 0
    while game.turn < turns:
        step += 1
        roll = rng.random()
        if roll < 0.6:
            seat = rng.choice(PLAYERS)
            character = CHARACTERS[system][seat]
            game = _take(path, game, seat, *random_turn(system, character, rng.randrange(100)), step)
        elif roll < 0.8:
            character = rng.choice(list(CHARACTERS[system].values()))
            game = _take(path, game, GM, *gm_turn(system, character, rng.randrange(100)), step)
        else:
            seat = rng.choice((*PLAYERS, GM))
            try:
                game = _take(path, game, seat, "note", {"text": f"step {step} of the walk"}, step)
            except RulesError:  # a player with no turn in this chapter yet has nothing to note (C-2)
                continue
        game = _settle(path, game, step)
    return path


def _settle(path: Path, game: Any, step: int) -> Any:
    """Take every step the rules wait for (a choice, an acceptance, a discard)."""
    for _ in range(50):
        wanted = follow_up(game)
        if wanted is None:
            return game
        game = _take(path, game, *wanted, step)
    raise AssertionError(f"the walk keeps waiting: {game.whose_turn()}")


def fingerprints(first: Path) -> dict[str, Any]:
    """Digests of every chapter file of a walk and of every turn cell's outputs."""
    files: dict[str, str] = {}
    outputs: list[str] = []
    number = 1
    while (path := chapter_path(first, number)).exists():
        data = path.read_bytes()
        files[path.name] = hashlib.sha256(data).hexdigest()
        for cell in json.loads(data)["cells"][2:]:
            outputs.append(hashlib.sha256(json.dumps(cell["outputs"], sort_keys=True).encode()).hexdigest()[:16])
        number += 1
    return {"files": files, "outputs": outputs}


def all_fingerprints(folder: Path, walks: tuple[tuple[str, str, int], ...] = WALKS) -> dict[str, Any]:
    """Every walk's fingerprints (the golden walks unless ``walks`` says), by walk name (every declaration made
    at one fixed time)."""
    from kit.core import sealed_turns

    clock = sealed_turns.now_text
    sealed_turns.now_text = lambda: "2026-12-01T14:05Z"  # a declaration records when it was made (K-5)
    try:
        return {f"{system}-{mode}-{seed}": fingerprints(walk(system, mode, seed, folder))
                for system, mode, seed in walks}
    finally:
        sealed_turns.now_text = clock


def main() -> None:
    """``python tests/walks.py --write``: play every walk and write their fingerprints as the golden ones."""
    import tempfile

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="write tests/golden/walks.json")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        found = all_fingerprints(Path(folder))
    text = json.dumps(found, indent=1, sort_keys=True) + "\n"
    if args.write:
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(text, encoding="utf-8")
    print(f"{len(found)} walks, {sum(len(v['outputs']) for v in found.values())} turns")


if __name__ == "__main__":
    main()
