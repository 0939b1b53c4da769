"""The game shelf: the folder of game files a table plays from, new games, uploads and downloads.

A shelf never executes code from a file: it reads the JSON, and an uploaded file is verified
(hash chain and seeded replay) before it is put on the shelf. A refused upload leaves every
file as it was.
"""

from __future__ import annotations

import base64
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

from kit import gamefile
from kit.parties import party_for
from kit.systems import get_system, normalise_system_name

GAMES_DIR_VARIABLE = "KIT_GAMES_DIR"
"""The environment variable that names the folder of game files (``make play`` sets it)."""

_SAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")


def default_games_dir() -> Path:
    """``$KIT_GAMES_DIR``, else the ``games`` folder beside the notebooks."""
    named = os.environ.get(GAMES_DIR_VARIABLE)
    if named:
        return Path(named)
    here = Path.cwd()
    return here / "games" if (here / "games").is_dir() or here.name == "notebooks" else here.parent / "games"


def safe_file_name(name: str) -> str:
    """A file name with no folders and no odd characters, ending in ``.ipynb``."""
    stem = _SAFE_NAME.sub("-", Path(name).name).strip("-.") or "game"
    stem = stem.removesuffix(".ipynb")
    return f"{stem}.ipynb"


@dataclass(frozen=True)
class ShelvedGame:
    """A game file on the shelf: where it is, its system, title and number of turns."""

    path: Path
    system: str
    turns: int

    @property
    def label(self) -> str:
        """How the game is listed: file name and turns."""
        return f"{self.path.name} ({self.turns} turns)"


_HEADERS: dict[Path, tuple[tuple[int, int], ShelvedGame | None]] = {}
"""Headers already read, by file, with the (mtime, size) they were read at: a big game is parsed once."""


def _header_of(path: Path) -> ShelvedGame | None:
    try:
        stat = path.stat()
    except OSError:
        return None
    stamp = (stat.st_mtime_ns, stat.st_size)
    known = _HEADERS.get(path)
    if known is not None and known[0] == stamp:
        return known[1]
    header = _read_header(path)
    _HEADERS[path] = (stamp, header)
    return header


def _read_header(path: Path) -> ShelvedGame | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        meta = data["metadata"]["kit"]
        system = normalise_system_name(meta["system"])
        turns = sum(1 for cell in data["cells"] if "kit" in cell.get("metadata", {}))
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return ShelvedGame(path, system, turns)


class Shelf:
    """The game files of one system in one folder."""

    def __init__(self, folder: str | Path, system: str):
        self.folder = Path(folder)
        self.system = normalise_system_name(system)
        get_system(self.system)

    def games(self) -> list[ShelvedGame]:
        """Game files of this system, by name (files that are not game notebooks are skipped)."""
        if not self.folder.is_dir():
            return []
        found = (_header_of(path) for path in sorted(self.folder.glob("*.ipynb")))
        return [game for game in found if game is not None and game.system == self.system]

    def _free_path(self, name: str) -> Path:
        target = self.folder / safe_file_name(name)
        stem, number = target.stem, 2
        while target.exists():
            target = self.folder / f"{stem}-{number}.ipynb"
            number += 1
        return target

    def new_game(self, name: str, players: list[str], seed: str | None = None) -> Path:
        """Create a game file with the ready-made party, one character per player."""
        self.folder.mkdir(parents=True, exist_ok=True)
        target = self._free_path(name)
        game = get_system(self.system)(seed)
        turns = party_for(self.system, players)
        for action, args in turns:
            getattr(game, action)(**args)
        names = [str(args["name"]) for _, args in turns]
        roster = {player: [names[i]] for i, player in enumerate(players) if i < len(names)}
        gamefile.save(game, target, players=roster)
        return target

    def upload(self, name: str, content: bytes) -> Path:
        """Verify an uploaded game file and put it on the shelf under a free name.

        A file that is not a game notebook of this system, or that does not verify, is refused
        (``GameFileError``) and nothing is written.
        """
        self.folder.mkdir(parents=True, exist_ok=True)
        staging = self.folder / f".upload-{os.getpid()}-{safe_file_name(name)}"
        staging.write_bytes(content)
        try:
            report = gamefile.verify(staging)
            if not report.ok:
                raise gamefile.BrokenGameError(report.turn, report.message.split(": NOT intact: ", 1)[-1])
            system = normalise_system_name(report.checked.header.system)
            if system != self.system:
                raise gamefile.GameFileError(
                    f"{name} is a {system} game; this table plays {self.system}: open it at that table")
            target = self._free_path(name)
            os.replace(staging, target)
            return target
        finally:
            staging.unlink(missing_ok=True)


def download_link(path: Path) -> str:
    """An HTML link that downloads the game file, built in the kernel (Voilà serves no .ipynb)."""
    from html import escape

    data = base64.b64encode(path.read_bytes()).decode("ascii")
    return (f'<a class="kit-download" download="{escape(path.name)}" '
            f'href="data:application/x-ipynb+json;base64,{data}">Download {escape(path.name)}</a>')
