"""The header of a game notebook: the notebook-level ``kit`` metadata and its Markdown cell.

Format version 2 and later record whether the game is a practice game, its game master and its
genesis — the hash of its start record (system, seed commitment, practice, options, players,
game master, mode, chapter) that the chain of turns starts from; version 4 (a new open game's)
records each turn's outcome by its digest (G-8), version 3 is a sealed game's. Version 1 (read,
never written) has none of those. ``docs/file-format.md`` documents every field.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import kit
from kit.core.chapters import MAX_CHAPTER, check_checkpoint_shape
from kit.core.errors import MalformedInputError
from kit.core.events import GENESIS_HASH, genesis_hash
from kit.core.game import Game
from kit.core.randomness import seed_commitment
from kit.gamefile.errors import NotAGameFileError
from kit.render.markdown import escape_markdown

FORMAT = "kit-game-notebook"
CHAPTER_TURNS = 250
"""How many turns a chapter holds unless the group chose otherwise (C-3): well under 1 MB a file."""
MIN_CHAPTER_TURNS = 20
MAX_CHAPTER_TURNS = 5_000
FORMAT_VERSION = 4
"""The version a new open game is written in: each turn records its outcome's digest, not the outcome (G-8)."""
SEALED_VERSION = 5
"""The version a new sealed game is written in (K-1): its events carry proofs and record their outcomes' digests,
and the next seat seals each draw (K-3)."""
OLD_SEALED_VERSION = 3
"""The sealed games' version before 5: whole outcomes, and the GM and a named player seal. Read, verified, continued."""
SEALED_VERSIONS = (OLD_SEALED_VERSION, SEALED_VERSION)
FULL_OUTCOME_VERSION = 2
"""The open games' version before 4: each turn records its whole outcome. Read, verified and continued."""
BOUND_START_VERSION = 2
"""The first version whose chain binds the game's start (G-5); a file of an older one is upgraded to take turns."""
READABLE_VERSIONS = (1, 2, 3, 4, 5)
WRITABLE_VERSIONS = (FULL_OUTCOME_VERSION, OLD_SEALED_VERSION, FORMAT_VERSION, SEALED_VERSION)
"""The versions whose files take new turns, each in its own version (a campaign keeps its version, C-1)."""
DRAWING = 3
"""The generation of the kit's drawings: how turn outputs and the header cell are rendered.

Raised whenever a release draws them differently (tests/gamefile/test_gf_drawings.py pins the
drawings of the sample games to it). A file records the generation that drew it (a file without
the field: 1); ``verify`` compares saved drawings only with its own generation's, and the next
turn a table writes into an older file redraws every cell (G-7).
"""


DRAWN_IN = {FORMAT_VERSION: 3, SEALED_VERSION: 3}
"""The drawing generation every file of a format version is drawn in, where the version fixes it (G-7).

Drawing generation 3 came before format versions 4 and 5, and every hash of a file names its
format version: so a file of these versions claiming another generation (an older one, whose
drawings are not compared) was changed by hand, and is not intact.
"""
OLDEST_DRAWING = {OLD_SEALED_VERSION: 2}
"""The oldest drawing generation a file of a format version can hold (G-7): version 3 came after generation 2."""


def drawing_problem(version: int, drawing: int) -> str:
    """What is wrong with a file's drawing generation for its format ``version`` (G-7), or ``""``."""
    bound = DRAWN_IN.get(version)
    if bound is not None and drawing != bound:
        return (f"its header says its drawings are of generation {drawing}, but a file of format version {version} "
                f"is always drawn in generation {bound} (the field was changed, so that its saved outputs would not "
                "be compared: G-7)")
    oldest = OLDEST_DRAWING.get(version)
    if oldest is not None and drawing < oldest:
        return (f"its header says its drawings are of generation {drawing}, older than any file of format version "
                f"{version} (G-7)")
    return ""


def game_id_for(seed: str) -> str:
    """A short id for a game, the same for every copy and fork of it (from the seed commitment)."""
    return seed_commitment(seed)[:12]


def characters_of(game: Game, players: Mapping[str, list[str]] | None = None, *,
                  by_seat: bool = True) -> dict[str, str]:
    """The characters at the table (from the game's state) and who plays each.

    The player is the character's own ``player`` when the system records one, else the player
    who named the character when the game started, else the player whose seat created it (P-1),
    else ``""`` (a character of the GM's, or of a game without seats). ``by_seat=False`` leaves
    out the seat that created it, as kits before this one wrote the field (read, never written).
    """
    found = getattr(game.state, "characters", None)
    if isinstance(found, Mapping):
        items = [(str(name), value) for name, value in found.items()]
    elif isinstance(found, (list, tuple)):
        items = [(str(getattr(item, "name", item)), item) for item in found]
    else:
        items = []
    roster = game.players if players is None else players
    declared = {char: player for player, chars in roster.items() for char in chars}
    out = {}
    for name, value in items:
        owner = getattr(value, "player", None)
        if isinstance(owner, str):
            out[name] = owner
        elif name in declared or not by_seat:
            out[name] = declared.get(name, "")
        else:
            seat = game.seating.owners.get(name, "")
            out[name] = seat if seat in roster else ""
    return out


@dataclass(frozen=True)
class Header:
    """Who plays what: system, seed and its commitment, practice or real, options, players and characters."""

    system: str
    seed: str
    options: dict[str, Any]
    players: dict[str, list[str]] = field(default_factory=dict)
    characters: dict[str, str] = field(default_factory=dict)
    created_with: str = f"kit {kit.__version__}"
    turns: int = 0
    head: str = GENESIS_HASH
    title: str = ""
    version: int = FORMAT_VERSION
    practice: bool = False
    gm: str = ""
    genesis: str = GENESIS_HASH
    drawing: int = DRAWING
    sealing: dict[str, Any] | None = None
    """A sealed game's ``gm_sealer`` (who seals the GM's draws) and ``chain_length`` (K-1); None for an open game."""
    chapter: int = 1
    """Which chapter of the campaign the file holds (C-1): 1 from the game's start."""
    follows: str | None = None
    """A later chapter's predecessor: the head of the chapter before it (C-1)."""
    checkpoint: dict[str, Any] | None = None
    """A later chapter's checkpoint: the state it starts from (C-1)."""
    chapter_turns: int = CHAPTER_TURNS
    """How many turns a chapter holds before the next one starts (C-3): the group's choice."""
    characters_before: dict[str, str] | None = field(default=None, compare=False, repr=False)
    """The characters as kits before this one derived them (no player for one created from a seat): a file they
    wrote still reads with them; a file written now names every character's player (P-1)."""

    @property
    def first_turn(self) -> int:
        """The campaign's number of the file's first turn: 1, or one more than the chapters before it hold."""
        return self.checkpoint["events"] + 1 if self.checkpoint is not None else 1

    @property
    def last_turn(self) -> int:
        """The campaign's number of the file's last turn (one less than :attr:`first_turn` when it holds none)."""
        return self.first_turn + self.turns - 1

    @property
    def mode(self) -> str:
        """``open`` or ``sealed`` (K-1)."""
        return "sealed" if self.sealing is not None else "open"

    def start_keywords(self) -> dict[str, Any]:
        """The keywords of a sealed game's start (``mode``, ``gm_sealer``, ``chain_length``); none for an open one."""
        if self.sealing is None:
            return {}
        return {"mode": "sealed", **self.sealing}

    @property
    def game_id(self) -> str:
        """The game's id, derived from its seed."""
        return game_id_for(self.seed)

    @property
    def seed_commitment(self) -> str:
        """The SHA-256 commitment to the seed, posted when the game starts."""
        return seed_commitment(self.seed)

    @classmethod
    def for_game(cls, game: Game, created_with: str | None = None) -> Header:
        """The header of ``game`` as it stands now (its version follows the game's chain)."""
        return cls(
            system=game.system,
            seed=game.seed,
            options=dict(game.options),
            players={name: list(chars) for name, chars in game.players.items()},
            characters=characters_of(game),
            characters_before=characters_of(game, by_seat=False),
            created_with=created_with or f"kit {kit.__version__}",
            turns=len(game.log.events),
            head=game.log.head,
            title=game.title or game.system,
            version=game.log.version,
            practice=game.practice,
            gm=game.gm,
            genesis=game.log.genesis,
            sealing=game.sealing,
            chapter=game.chapter.number,
            follows=game.chapter.follows,
            checkpoint=game.chapter_checkpoint,
        )

    def updated(self, game: Game) -> Header:
        """This header with the turn count, head and characters of ``game``."""
        return replace(self, characters=characters_of(game, self.players),
                       characters_before=characters_of(game, self.players, by_seat=False), turns=len(game.log.events),
                       head=game.log.head)

    def to_dict(self) -> dict[str, Any]:
        """The notebook-level ``kit`` metadata."""
        data: dict[str, Any] = {
            "format": FORMAT,
            "format_version": self.version,
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
        if self.version >= 2:
            data.update({"practice": self.practice, "gm": self.gm, "mode": self.mode, "chapter": self.chapter,
                         "genesis": self.genesis})
            if self.checkpoint is not None:
                data.update({"follows": self.follows, "checkpoint": self.checkpoint})
            if self.chapter_turns != CHAPTER_TURNS:
                data["chapter_turns"] = self.chapter_turns
        if self.sealing is not None:
            data["sealing"] = dict(self.sealing)
        if self.drawing > 1:
            data["drawing"] = self.drawing
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Header:
        """Read the metadata; anything missing or of the wrong kind is not a game notebook."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise NotAGameFileError("it has no kit game metadata (metadata.kit.format)")
        version = data.get("format_version")
        if type(version) is not int or version not in READABLE_VERSIONS:
            shown = version if type(version) is int and abs(version) < 10**6 else "unknown"
            raise NotAGameFileError(
                f"it is game notebook format version {shown}; this kit reads versions "
                f"{', '.join(str(v) for v in READABLE_VERSIONS)} (a newer kit wrote it: update the kit)"
            )
        kinds: dict[str, type] = {"system": str, "seed": str, "options": dict, "players": dict, "characters": dict,
                                  "created_with": str, "turns": int, "head": str, "title": str,
                                  "game_id": str, "seed_commitment": str}
        if version >= 2:
            kinds.update({"practice": bool, "gm": str, "mode": str, "chapter": int, "genesis": str})
        for name, kind in kinds.items():
            value = data.get(name)
            if not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
                raise NotAGameFileError(f"its kit metadata has no valid {name!r}")
        if not 0 <= data["turns"] < 10**9:
            raise NotAGameFileError("its kit metadata has no valid 'turns'")
        drawing = data.get("drawing", 1)  # files drawn before the field was written: generation 1
        if "drawing" in data and (type(drawing) is not int or not 2 <= drawing < 10**6):
            raise NotAGameFileError("its kit metadata has no valid 'drawing'")
        for name, limit in (("system", 40), ("title", 100), ("created_with", 100), ("game_id", 12),
                            ("seed_commitment", 64), ("head", 64), ("genesis", 64)):
            # (a version-1 file has no genesis; one of any kind there is reported by problems())
            if isinstance(data.get(name), str) and len(data[name]) > limit:
                raise NotAGameFileError(f"its kit metadata's {name!r} is longer than a game file's can be")
        chapter, follows, checkpoint, chapter_turns = _chapter_fields(data, version)
        if version >= 2 and data["mode"] != ("sealed" if version in SEALED_VERSIONS else "open"):
            raise NotAGameFileError(f"its mode {shown_value(data['mode'])} is not that of a format {version} file "
                                    "(versions 2 and 4: open, versions 3 and 5: sealed)")
        sealing = data.get("sealing") if version in SEALED_VERSIONS else None
        if version in SEALED_VERSIONS and not _is_sealing(sealing, version):
            raise NotAGameFileError("its kit metadata has no valid 'sealing' (the chain length, and in a version-3 "
                                    "file who seals the GM's draws)")
        players = data["players"]
        if not all(isinstance(v, list) and all(isinstance(c, str) for c in v) for v in players.values()):
            raise NotAGameFileError("its kit metadata lists players' characters wrongly")
        if not all(isinstance(v, str) for v in data["characters"].values()):
            raise NotAGameFileError("its kit metadata lists the characters wrongly")
        return cls(
            system=data["system"], seed=data["seed"], options=data["options"], players=players,
            characters=dict(data["characters"]), created_with=data["created_with"],
            turns=data["turns"], head=data["head"], title=data["title"], version=version,
            practice=data.get("practice", False), gm=data.get("gm", ""),
            genesis=data.get("genesis", GENESIS_HASH), drawing=drawing,
            sealing=dict(sealing) if sealing is not None else None,
            chapter=chapter, follows=follows, checkpoint=checkpoint, chapter_turns=chapter_turns,
        )

    @property
    def drawn_here(self) -> bool:
        """True when this kit draws turns and the header as the file's drawings were drawn (G-7)."""
        return self.drawing == DRAWING

    def expected_genesis(self, game: Game) -> str:
        """The genesis ``game``'s start gives (64 zeros for a version-1 file)."""
        return genesis_hash(game.start_record()) if self.version >= 2 else GENESIS_HASH

    def problems(self, data: Mapping[str, Any]) -> list[str]:
        """What in stored metadata ``data`` differs from this header (derived fields included)."""
        expected = self.to_dict()
        found = [f"{name} is {shown_value(data.get(name))}, expected {shown_value(value)}"
                 for name, value in expected.items()
                 if data.get(name) != value or type(data.get(name)) is not type(value)]
        extra = sorted(str(name)[:40] for name in data if name not in expected and name not in _CHOSEN)
        if extra:
            found.append(f"it has a field a game file of format {self.version} has not: {extra[0]!r}")
        return found[:3]

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
        rows = [
            f"# {md(self.title or self.system)} — game `{self.game_id}`",
            "",
            "A game notebook of the kit. Each code cell below is one turn: its source is the call "
            "that made it and its saved output is the log entry. Check the file with "
            + ("`kit verify FILE.ipynb` before you run it (verifying runs no code from the file; "
               "never run a game file that has not verified)." if self.version >= 2 else
               "`kit verify FILE.ipynb` (it runs no code from the file)."),
            "",
            "| | |",
            "| --- | --- |",
            f"| System | {md(self.title or self.system)} (`{self.system}`) |",
        ]
        if self.sealing is not None and "gm_sealer" in self.sealing:
            rows.append("| Kind | sealed game: every turn is proven by its seat's key, and every draw is sealed by "
                        "a second seat, so nobody could foresee or choose it (K-1, K-3); "
                        f"{md(self.sealing['gm_sealer'])}"
                        " seals the GM's draws |")
        elif self.sealing is not None:
            rows.append("| Kind | sealed game: every turn is proven by its seat's key, and every draw is sealed by "
                        "the next seat in the order of play, so nobody could foresee or choose it (K-1, K-3) |")
        elif self.version >= 2:
            rows.append("| Kind | practice game: cards and dice may be set by hand, and every such turn "
                        "says \"Rigged\" (G-1) |" if self.practice else
                        "| Kind | real game: every card and die comes from the seed (G-1) |")
        rows += [
            f"| Seed commitment | `{self.seed_commitment}` |",
            f"| Players | {players} |",
        ]
        if self.version >= 2:
            rows.append(f"| Game master | {md(self.gm) if self.gm else 'none named'} |")
        rows += [
            f"| Characters | {characters} |",
            f"| Options | {options} |",
            self._turns_row(),
            f"| Created with | {md(self.created_with)} |",
        ]
        return "\n".join(rows)

    def _turns_row(self) -> str:
        if self.checkpoint is None:
            return f"| Turns | {self.turns} (head `{self.head[:12]}`) |"
        held = f"{self.first_turn}–{self.last_turn}" if self.turns else f"none yet (from {self.first_turn})"
        return (f"| Chapter | {self.chapter} of the campaign: it follows chapter {self.chapter - 1} (head "
                f"`{(self.follows or '')[:12]}`) from a checkpoint of the game after turn {self.first_turn - 1} "
                "(C-1) |\n"
                f"| Turns | {held}: {self.turns} in this chapter (head `{self.head[:12]}`) |")


_CHOSEN = frozenset({"chapter_turns"})
"""Fields the group chooses, not derived from the turns: checked for their kind, not compared."""


def _chapter_fields(data: Mapping[str, Any], version: int) -> tuple[int, str | None, dict[str, Any] | None, int]:
    """The chapter, the head it follows and its checkpoint (a later chapter, C-1), and the chapter length (C-3)."""
    turns = data.get("chapter_turns", CHAPTER_TURNS)
    if type(turns) is not int or not MIN_CHAPTER_TURNS <= turns <= MAX_CHAPTER_TURNS:
        raise NotAGameFileError(f"its kit metadata has no valid 'chapter_turns' ({MIN_CHAPTER_TURNS:,}–"
                                f"{MAX_CHAPTER_TURNS:,} turns a chapter, C-3)")
    if version < 2:
        return 1, None, None, turns
    chapter = data["chapter"]
    if not 1 <= chapter <= MAX_CHAPTER:
        raise NotAGameFileError("its kit metadata has no valid 'chapter'")
    if chapter == 1:
        return 1, None, None, turns
    follows, checkpoint = data.get("follows"), data.get("checkpoint")
    if not (isinstance(follows, str) and len(follows) == 64 and not follows.strip("0123456789abcdef")):
        raise NotAGameFileError("it is a later chapter, and its kit metadata has no valid 'follows' (the head of "
                                "the chapter before it, C-1)")
    try:
        check_checkpoint_shape(checkpoint)
    except MalformedInputError as error:
        raise NotAGameFileError(f"it is a later chapter, and its {error}") from None
    return chapter, follows, dict(checkpoint), turns


def _is_sealing(sealing: Any, version: int) -> bool:
    """True when ``sealing`` is a sealed header's: the chain length, and in version 3 who seals the GM's draws."""
    fields = {"gm_sealer", "chain_length"} if version == OLD_SEALED_VERSION else {"chain_length"}
    if not isinstance(sealing, dict) or set(sealing) != fields:
        return False
    length = sealing["chain_length"]
    if type(length) is not int or not 16 <= length <= 10**6:
        return False
    sealer = sealing.get("gm_sealer", "x")
    return isinstance(sealer, str) and 0 < len(sealer) <= 60


def shown_value(value: Any) -> str:
    """A stored value for a message, cut short (a hostile file's values can be huge)."""
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**12 else "a very large number"
    return text if len(text) <= 80 else text[:77] + "..."
