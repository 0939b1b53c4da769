"""Bytes a turn of a long game file, per system, beside the floor that the events alone take.

    python bench/turn_bytes_bench.py [--turns 1000]

Grows a game of ``--turns`` turns per system with typical play — FalkeFateiFaux and Suit Pairs
from their sample games by ``grow_falkefateifaux`` and ``grow_suitpairs`` of
``bench/tables_bench.py``, Roll-Under by the combats of ``bench/rollunder_bench.py`` — writes it
with ``kit.gamefile.save`` and prints, per system, the file's size divided by its turns beside
the floor measured in the same run: the bytes of each turn's ``metadata.kit.event`` as compact
JSON, which no drawing can change (the event is hashed and replayed). Then the share each part
of a turn takes: its source, its ``text/html`` and ``text/plain`` outputs (each as the JSON
string the file holds), its event, and the rest — keys, indentation, the cell's other fields,
and the header and setup cells spread over the turns. Last, how much of the HTML is the words it
shows (its text without tags, and the cards' and dice's spoken names) and how much is markup, and
what a turn would weigh with no markup at all: the event, the source, the ``text/plain`` (what
IPython shows for the result, which nbval compares) and the words, with the JSON around them.

Target: under 2 KB a turn on average for FalkeFateiFaux.
"""

from __future__ import annotations

import argparse
import html as html_text
import json
import re
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT / "bench"))

from rollunder_bench import combat  # noqa: E402
from tables_bench import grow_falkefateifaux, grow_suitpairs  # noqa: E402

from kit.core.game import Game  # noqa: E402
from kit.gamefile import save  # noqa: E402
from kit.systems import system_info  # noqa: E402

TARGET = 2048
"""FalkeFateiFaux's target: under 2 KB a turn on average."""


def falkefateifaux_game(turns: int) -> Game:
    """The FalkeFateiFaux sample game grown by flips against a target, each resolved as the game awaits."""
    game = system_info("falkefateifaux").sample_game()
    grow_falkefateifaux(game, turns)
    return game


def suitpairs_game(turns: int) -> Game:
    """The Suit Pairs sample game grown by checks and accepts."""
    game = system_info("suitpairs").sample_game()
    grow_suitpairs(game, turns)
    return game


def rollunder_game(turns: int) -> Game:
    """A Roll-Under combat of four characters with as many rounds as make ``turns`` turns (five turns a round)."""
    return combat("turn-bytes", rounds=max(1, (turns - 5) // 5))


GAMES: dict[str, Callable[[int], Game]] = {
    "falkefateifaux": falkefateifaux_game,
    "suitpairs": suitpairs_game,
    "rollunder": rollunder_game,
}


@dataclass(frozen=True)
class Parts:
    """A game file's size and what its turn cells hold, in bytes summed over the turns."""

    turns: int
    size: int
    source: int
    html: int
    text: int
    event: int
    words: int = 0
    """The bytes of the words the HTML shows: its text without tags, and its spoken names (``aria-label``)."""

    @property
    def per_turn(self) -> float:
        """The file's size divided by its turns."""
        return self.size / self.turns

    @property
    def rest(self) -> int:
        """Everything that is none of the measured parts: JSON structure, header and setup cells."""
        return self.size - self.source - self.html - self.text - self.event


def _stored(value: Any) -> int:
    """The bytes of ``value`` written as JSON in UTF-8, as the file holds a string or a list of lines."""
    return len(json.dumps(value, ensure_ascii=False).encode())


_TAG = re.compile(r"<[^>]*>")
_SPOKEN = re.compile(r"aria-label='([^']*)'")


def shown_words(markup: str) -> str:
    """The words an HTML drawing shows or speaks: its text without tags, then each spoken name once."""
    return html_text.unescape(_TAG.sub("", markup) + "".join(_SPOKEN.findall(markup)))


def measure(path: Path) -> Parts:
    """Measure the turn cells of the game file at ``path``."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    turns = [cell for cell in notebook["cells"] if "kit" in cell.get("metadata", {})]
    source = html = text = event = words = 0
    for cell in turns:
        source += _stored(cell["source"])
        for output in cell["outputs"]:
            html += _stored(output["data"].get("text/html", ""))
            text += _stored(output["data"].get("text/plain", ""))
            words += _stored(shown_words(output["data"].get("text/html", "")))
        event += len(json.dumps(cell["metadata"]["kit"]["event"], sort_keys=True, separators=(",", ":"),
                                ensure_ascii=False).encode())
    return Parts(len(turns), path.stat().st_size, source, html, text, event, words)


def main(argv: list[str] | None = None) -> int:
    """Grow, save and measure one game per system; print bytes a turn and the parts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=1000, help="turns a game (default 1000)")
    args = parser.parse_args(argv)
    measured: dict[str, Parts] = {}
    with tempfile.TemporaryDirectory() as folder:
        for system, grow in GAMES.items():
            path = Path(folder) / f"{system}.ipynb"
            save(grow(args.turns), path)
            measured[system] = measure(path)
    print(f"{'system':<15} {'turns':>6} {'bytes/turn':>10} {'floor':>7} {'over floor':>10}")
    for system, parts in measured.items():
        floor = parts.event / parts.turns
        print(f"{system:<15} {parts.turns:>6} {parts.per_turn:>10.0f} {floor:>7.0f} {parts.per_turn - floor:>10.0f}")
    print()
    print("share of a turn, bytes (per cent):")
    print(f"{'system':<15} {'source':>12} {'html':>12} {'text':>12} {'event':>12} {'JSON, rest':>12}")
    for system, parts in measured.items():
        cells = [f"{part / parts.turns:>5.0f} ({100 * part / parts.size:>3.0f}%)"
                 for part in (parts.source, parts.html, parts.text, parts.event, parts.rest)]
        print(f"{system:<15} " + " ".join(f"{cell:>12}" for cell in cells))
    print()
    print("the HTML: its words and its markup, and a turn with no markup at all, bytes:")
    print(f"{'system':<15} {'words':>7} {'markup':>7} {'no markup':>10}")
    for system, parts in measured.items():
        bare = parts.per_turn - (parts.html - parts.words) / parts.turns
        print(f"{system:<15} {parts.words / parts.turns:>7.0f} {(parts.html - parts.words) / parts.turns:>7.0f} "
              f"{bare:>10.0f}")
    ff = measured["falkefateifaux"].per_turn
    verdict = "meets" if ff < TARGET else "misses"
    print(f"\nFalkeFateiFaux: {ff:.0f} bytes a turn, {verdict} the target of under {TARGET} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
