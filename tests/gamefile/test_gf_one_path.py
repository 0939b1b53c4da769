"""Every writer of a turn takes the one road (:func:`kit.gamefile.append.append`), once a turn.

A table's session, ``append_turn`` (the file alone, and the caller's game), ``append_to_game``,
``kit join`` and ``kit seal`` each run :func:`append` exactly once per turn, and every byte any of
them writes into a game file is written on its way (:func:`kit.gamefile.files.atomic_write`,
called with ``append`` on the stack). A chapter starts one way only, with a turn or without
(:func:`kit.gamefile.chapters.start_next_chapter`). Nothing in the kit writes a file but
:mod:`kit.gamefile.files`.
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

import pytest

from kit.cli import main
from kit.gamefile import append_to_game, append_turn, create, files, load, load_file
from kit.gamefile.append import append
from kit.gamefile.chapters import chapter_path, close_chapter, start_next_chapter
from kit.widgets.session import TableSession

KIT = Path(__file__).resolve().parents[2] / "kit"
MIRA = {"name": "Mira", "identity": "Baker", "strength": 3, "intelligence": 2, "dexterity": 2, "charisma": 3,
        "skills": ["Defy", "Analyze", "Stealth", "Help"]}
CHECK = {"character": "Mira", "skill": "Defy", "difficulty": "Hard"}


@dataclass
class Road:
    """What the writers did: how often :func:`append` ran, and each file written with the functions on its stack."""

    appends: int = 0
    writes: list[tuple[Path, set[CodeType]]] = field(default_factory=list)

    def through(self, function: Callable[..., Any]) -> list[Path]:
        """The files written with ``function`` on the stack."""
        return [path for path, stack in self.writes if function.__code__ in stack]


def _stack(frame: FrameType | None) -> set[CodeType]:
    found = set()
    while frame is not None:
        found.add(frame.f_code)
        frame = frame.f_back
    return found


@contextmanager
def watched() -> Iterator[Road]:
    """Count the runs of :func:`append` (every call of its code, however it was imported) and record every write."""
    road = Road()
    code = append.__code__

    def profile(frame: FrameType, event: str, _: Any) -> None:
        if event == "call" and frame.f_code is code:
            road.appends += 1

    with pytest.MonkeyPatch.context() as patched:
        for name in ("atomic_write", "write_new_file"):
            real = getattr(files, name)

            def recording(path: Any, data: Any, *args: Any, _real: Any = real, **kwargs: Any) -> None:
                road.writes.append((Path(path), _stack(sys._getframe(1))))
                _real(path, data, *args, **kwargs)

            patched.setattr(files, name, recording)
        previous = sys.getprofile()
        sys.setprofile(profile)
        try:
            yield road
        finally:
            sys.setprofile(previous)


def _game_file(folder: Path, chapter_turns: int = 20) -> Path:
    path = folder / "game.ipynb"
    created = create("suitpairs", path, players={"Ana": ["Mira"]}, seed="one-road", practice=True,
                     chapter_turns=chapter_turns)
    append_turn(path, "create_character", MIRA, game=created.game)
    return path


def _next(game: Any) -> tuple[str, dict[str, Any]]:
    """A turn the game takes now: a check, or accepting the check that stands."""
    return ("check", CHECK) if game.pending("Mira") is None else ("accept", {"character": "Mira"})


def test_a_tables_turns_each_take_the_one_road_once_and_write_only_there(tmp_path: Path):
    path = _game_file(tmp_path)
    session = TableSession.open(path)
    with watched() as road:
        for _ in range(4):
            action, args = _next(session.game)
            session.act(action, **args)
    assert road.appends == 4 and len(road.writes) == 4
    assert road.through(append) == [path] * 4
    assert load(path).turn == 5


@pytest.mark.parametrize("front", ["append_turn, the file alone", "append_turn with the game", "append_to_game"])
def test_every_front_takes_the_one_road_once_a_turn(tmp_path: Path, front: str):
    path = _game_file(tmp_path)
    game = load(path)
    with watched() as road:
        for _ in range(3):
            action, args = _next(game)
            if front == "append_to_game":
                append_to_game(path, game, action, args)
            elif front == "append_turn with the game":
                append_turn(path, action, args, game=game)
            else:
                game, _ = append_turn(path, action, args, expected_turn=game.turn)
    assert road.appends == 3 and road.through(append) == [path] * 3 and len(road.writes) == 3
    assert load(path).turn == 4


def test_kit_join_and_kit_seal_take_the_one_road_once_a_turn(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]):
    path = tmp_path / "sealed.ipynb"
    assert main(["new", "suitpairs", str(path), "--player", "Ana", "--gm", "Gil", "--sealed", "--seed", "road"]) == 0
    for seat in ("Ana", "Gil"):
        monkeypatch.setenv("KIT_CONFIG_DIR", str(tmp_path / f"home-{seat}"))
        assert main(["key", "new", seat]) == 0
    with watched() as road:
        for seat in ("Ana", "Gil"):
            monkeypatch.setenv("KIT_CONFIG_DIR", str(tmp_path / f"home-{seat}"))
            assert main(["join", str(path), "--as", seat]) == 0
    assert road.appends == 2 and road.through(append) == [path, path] and len(road.writes) == 2
    capsys.readouterr()
    with watched() as road:
        monkeypatch.setenv("KIT_CONFIG_DIR", str(tmp_path / "home-Gil"))
        assert main(["seal", str(path), "--as", "Gil"]) == 0  # nothing waits: nothing written
    assert road.appends == 0 and road.writes == [] and "nothing waits for your seal" in capsys.readouterr().out
    assert [event.action for event in load(path).log] == ["take_seat", "take_seat"]


def test_a_chapter_starts_one_way_with_a_turn_or_without(tmp_path: Path):
    path = _game_file(tmp_path)
    game = load(path)
    while game.turn < 20:
        append_to_game(path, game, *_next(game))
    with watched() as road:
        append_to_game(path, game, *_next(game))  # the turn finds chapter 1 full: it starts chapter 2
    second = chapter_path(path, 2)
    assert road.appends == 1 and len(road.writes) == 1
    assert road.through(append) == road.through(start_next_chapter) == [second]
    assert game.chapter.number == 2 and load(second).turn == 21
    with watched() as road:
        third = close_chapter(second)  # the GM ends chapter 2: chapter 3 starts with no turn
    assert road.appends == 0 and road.through(start_next_chapter) == [third] == [chapter_path(path, 3)]
    assert len(road.writes) == 1 and load_file(third).game.chapter.number == 3


WRITING_CALLS = {("os", "replace"), ("os", "rename"), ("os", "link"), ("os", "truncate"), ("tempfile", "mkstemp"),
                 ("tempfile", "NamedTemporaryFile"), ("shutil", "copy"), ("shutil", "copy2"), ("shutil", "copyfile"),
                 ("shutil", "move")}
"""Calls that make, fill or put a file in place whatever their arguments."""
WRITING_MODE = re.compile(r"[wax+]")
FILE_MODE = re.compile(r"[rwxabt+]{1,3}")
WRITING_FLAGS = re.compile(r"O_WRONLY|O_RDWR|O_CREAT|O_APPEND|O_TRUNC")


def _opens_for_writing(node: ast.Call) -> bool:
    """True for ``open(p, "w")``, ``p.open("ab")``, ``os.fdopen(h, "wb")`` and ``os.open(p, os.O_WRONLY …)``.

    ``os.open(os.devnull, …)`` writes no file (the command line sends its output there when the
    reader went away); ``Something.open(path)`` with no mode is a class opening a game, not a file.
    """
    func = node.func
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
    if name not in ("open", "fdopen") or (node.args and ast.unparse(node.args[0]) == "os.devnull"):
        return False
    if name == "open" and isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and (
            func.value.id == "os"):
        flags = [*node.args[1:2], *(keyword.value for keyword in node.keywords if keyword.arg == "flags")]
        return any(WRITING_FLAGS.search(ast.unparse(flag)) for flag in flags)
    method = isinstance(func, ast.Attribute) and name == "open"  # path.open(mode); open(path, mode); fdopen(h, mode)
    modes = [*node.args[0 if method else 1:][:1],
             *(keyword.value for keyword in node.keywords if keyword.arg == "mode")]
    if method:
        return any(isinstance(mode, ast.Constant) and isinstance(mode.value, str) and FILE_MODE.fullmatch(mode.value)
                   and WRITING_MODE.search(mode.value) for mode in modes)
    return any(not isinstance(mode, ast.Constant) or WRITING_MODE.search(str(mode.value)) for mode in modes)


def _writes_in(path: Path) -> list[str]:
    """The calls in ``path`` that write a file (``os.replace``, ``Path.write_bytes``, ``open(..., "w")`` …)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        func, line = node.func, f"{path.name}:{node.lineno}"
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and (
                (func.value.id, func.attr) in WRITING_CALLS):
            found.append(f"{line} {func.value.id}.{func.attr}")
        elif isinstance(func, ast.Attribute) and func.attr in ("write_bytes", "write_text"):
            found.append(f"{line} .{func.attr}")
        elif _opens_for_writing(node):
            found.append(f"{line} opened for writing")
    return found


def test_nothing_but_the_file_primitives_writes_a_file():
    """Every file the kit writes (game files, chapters, uploads, seat keys) is written by kit.gamefile.files."""
    primitives = KIT / "gamefile" / "files.py"
    assert _writes_in(primitives)  # the finder sees the writes where they are
    elsewhere = [found for path in sorted(KIT.rglob("*.py")) if path != primitives for found in _writes_in(path)]
    assert elsewhere == []


@pytest.mark.parametrize("no_links", ["absent", "refused"])
def test_a_new_file_is_made_where_the_filesystem_has_no_hard_links(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                   no_links: str):
    """A browser tab's storage (Pyodide's ``os`` has no ``link``) or a folder that refuses hard links still gets the
    new file, exclusively: an existing one is never overwritten (B-1)."""
    from kit.gamefile import files

    if no_links == "absent":
        monkeypatch.delattr(files.os, "link")
    else:
        def refuse(*_: object) -> None:
            raise PermissionError(1, "hard links are not allowed here")

        monkeypatch.setattr(files.os, "link", refuse)
    target = tmp_path / "new.ipynb"
    files.write_new_file(target, b"first", mode=0o600)
    assert target.read_bytes() == b"first" and (target.stat().st_mode & 0o777) == 0o600
    with pytest.raises(FileExistsError):
        files.write_new_file(target, b"second")
    assert target.read_bytes() == b"first"
    assert [path.name for path in tmp_path.iterdir()] == ["new.ipynb"]  # no temporary left behind
