"""The header of a game notebook: the notebook-level ``kit`` metadata and its Markdown cell."""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import kit
from kit.core.game import Game
from kit.core.randomness import seed_commitment
from kit.gamefile.errors import NotAGameFileError
from kit.render.markdown import escape_markdown

FORMAT = "kit-game-notebook"
FORMAT_VERSION = 1


def game_id_for(seed: str) -> str:
    """A short id for a game, the same for every copy and fork of it (from the seed commitment)."""
    return seed_commitment(seed)[:12]


def characters_of(game: Game, players: Mapping[str, list[str]] | None = None) -> dict[str, str]:
    """The characters at the table (from the game's state) and who plays each.

    The player is the character's own ``player`` when the system records one, else the player
    who named the character when the game file was made, else ``""``.
    """
    found = getattr(game.state, "characters", None)
    if isinstance(found, Mapping):
        items = [(str(name), value) for name, value in found.items()]
    elif isinstance(found, (list, tuple)):
        items = [(str(getattr(item, "name", item)), item) for item in found]
    else:
        items = []
    declared = {char: player for player, chars in (players or {}).items() for char in chars}
    out = {}
    for name, value in items:
        owner = getattr(value, "player", None)
        out[name] = owner if isinstance(owner, str) else declared.get(name, "")
    return out


@dataclass(frozen=True)
class Header:
    """Who plays what: system, seed and its commitment, options, players and characters."""

    system: str
    seed: str
    options: dict[str, Any]
    players: dict[str, list[str]] = field(default_factory=dict)
    characters: dict[str, str] = field(default_factory=dict)
    created_with: str = f"kit {kit.__version__}"
    turns: int = 0
    head: str = "0" * 64
    title: str = ""

    @property
    def game_id(self) -> str:
        """The game's id, derived from its seed."""
        return game_id_for(self.seed)

    @property
    def seed_commitment(self) -> str:
        """The SHA-256 commitment to the seed, posted when the game starts."""
        return seed_commitment(self.seed)

    @classmethod
    def for_game(cls, game: Game, players: Mapping[str, list[str]] | None = None,
                 created_with: str | None = None) -> Header:
        """The header of ``game`` as it stands now."""
        return cls(
            system=game.system,
            seed=game.seed,
            options=dict(game.options),
            players={str(name): [str(c) for c in chars] for name, chars in (players or {}).items()},
            characters=characters_of(game, players),
            created_with=created_with or f"kit {kit.__version__}",
            turns=len(game.log),
            head=game.log.head,
            title=game.title or game.system,
        )

    def updated(self, game: Game) -> Header:
        """This header with the turn count, head and characters of ``game``."""
        return replace(self, characters=characters_of(game, self.players), turns=len(game.log), head=game.log.head)

    def to_dict(self) -> dict[str, Any]:
        """The notebook-level ``kit`` metadata."""
        return {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "system": self.system,
            "title": self.title,
            "game_id": self.game_id,
            "seed": self.seed,
            "seed_commitment": self.seed_commitment,
            "options": self.options,
            "players": self.players,
            "characters": self.characters,
            "created_with": self.created_with,
            "turns": self.turns,
            "head": self.head,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Header:
        """Read the metadata; anything missing or of the wrong kind is not a game notebook."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise NotAGameFileError("it has no kit game metadata (metadata.kit.format)")
        if data.get("format_version") != FORMAT_VERSION:
            raise NotAGameFileError(
                f"it is game notebook format version {data.get('format_version')!r}; "
                f"this kit reads version {FORMAT_VERSION}"
            )
        kinds = {"system": str, "seed": str, "options": dict, "players": dict, "characters": dict,
                 "created_with": str, "turns": int, "head": str, "title": str,
                 "game_id": str, "seed_commitment": str}
        for name, kind in kinds.items():
            if not isinstance(data.get(name), kind) or isinstance(data.get(name), bool):
                raise NotAGameFileError(f"its kit metadata has no valid {name!r}")
        players = data["players"]
        if not all(isinstance(v, list) and all(isinstance(c, str) for c in v) for v in players.values()):
            raise NotAGameFileError("its kit metadata lists players' characters wrongly")
        return cls(
            system=data["system"], seed=data["seed"], options=data["options"], players=players,
            characters={str(k): str(v) for k, v in data["characters"].items()}, created_with=data["created_with"],
            turns=data["turns"], head=data["head"], title=data["title"],
        )

    def problems(self, data: Mapping[str, Any]) -> list[str]:
        """What in stored metadata ``data`` differs from this header (derived fields included)."""
        expected = self.to_dict()
        return [f"{name} is {data.get(name)!r}, expected {value!r}"
                for name, value in expected.items() if data.get(name) != value]

    def markdown(self) -> str:
        """The header cell that people read: what the game is and how to check it."""
        def md(text: str) -> str:
            return escape_markdown(html.escape(text, quote=False))

        players = ", ".join(
            md(name) + (f" ({', '.join(md(c) for c in chars)})" if chars else "")
            for name, chars in sorted(self.players.items())
        ) or "none named"
        options = ", ".join(f"{md(k)}={md(str(v))}" for k, v in sorted(self.options.items())) or "none"
        characters = ", ".join(
            md(name) + (f" ({md(player)})" if player else "") for name, player in sorted(self.characters.items())
        ) or "none yet"
        return "\n".join([
            f"# {md(self.title or self.system)} — game `{self.game_id}`",
            "",
            "A game notebook of the kit. Each code cell below is one turn: its source is the call "
            "that made it and its saved output is the log entry. Check the file with "
            "`kit verify FILE.ipynb` (it runs no code from the file).",
            "",
            "| | |",
            "| --- | --- |",
            f"| System | {md(self.title or self.system)} (`{self.system}`) |",
            f"| Seed commitment | `{self.seed_commitment}` |",
            f"| Players | {players} |",
            f"| Characters | {characters} |",
            f"| Options | {options} |",
            f"| Turns | {self.turns} (head `{self.head[:12]}`) |",
            f"| Created with | {md(self.created_with)} |",
        ])
