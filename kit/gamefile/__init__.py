"""Game notebooks: one game, one Jupyter notebook — the record, the state and the proof.

A game notebook has a Markdown header, a setup cell that rebuilds the game in Jupyter, and one
code cell per turn whose source is the readable call (``game.flip("Ada", "Fisticuffs", target=8)``),
whose saved output is the rendered result and whose metadata holds the hash-chained event.
Loading and verifying read the events as data and replay them against the seed; no code
from the file is ever executed.
"""

from kit.gamefile.acting import perform
from kit.gamefile.errors import BrokenGameError, GameFileError, GameMovedOnError, NotAGameFileError
from kit.gamefile.files import ReadOnlyError
from kit.gamefile.header import BOUND_START_VERSION, DRAWING, FORMAT, FORMAT_VERSION, Header
from kit.gamefile.held import HeldGameFile
from kit.gamefile.notebook import build_notebook, notebook_text, parse_notebook
from kit.gamefile.post import check_code, render_post, turn_code
from kit.gamefile.source import turn_source
from kit.gamefile.store import (
    GameFile,
    append_to_game,
    append_turn,
    create,
    load,
    load_file,
    save,
    upgrade,
)
from kit.gamefile.verify import Comparison, Report, compare, verify

__all__ = [
    "BOUND_START_VERSION",
    "DRAWING",
    "FORMAT",
    "FORMAT_VERSION",
    "BrokenGameError",
    "Comparison",
    "GameFile",
    "GameFileError",
    "GameMovedOnError",
    "Header",
    "HeldGameFile",
    "NotAGameFileError",
    "ReadOnlyError",
    "Report",
    "append_to_game",
    "append_turn",
    "build_notebook",
    "check_code",
    "compare",
    "create",
    "load",
    "load_file",
    "notebook_text",
    "parse_notebook",
    "perform",
    "render_post",
    "save",
    "turn_code",
    "turn_source",
    "upgrade",
    "verify",
]
