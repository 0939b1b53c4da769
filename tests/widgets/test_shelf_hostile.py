"""The table against hostile files: junk on the shelf, hostile uploads, a full disk, a read-only folder.

No file can hang or crash a table: the table builds, the good games open, the junk is named,
and every failed upload ends as one refusal line beside the upload control, with the upload
reset and the shelf as it was (the same files, the same bytes).
"""

from __future__ import annotations

import datetime
import errno
import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest

from kit import gamefile
from kit.gamefile import files
from kit.gamefile import notebook as notebook_module
from kit.gamefile import shelf as shelf_module
from kit.gamefile.shelf import (
    MAX_LISTED_BYTES,
    MAX_UPLOAD_BYTES,
    STAGING_GRACE_SECONDS,
    STALE_STAGING_SECONDS,
    Shelf,
    UploadRefusedError,
)
from kit.widgets.common import ErrorLine, attempt, os_refusal
from kit.widgets.table import Table

WHEN = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
DEEP = 100_000


# -- helpers ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def good_bytes(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The bytes of a good Suit Pairs game file (two characters, two turns)."""
    return Shelf(tmp_path_factory.mktemp("source"), "suitpairs").new_game("source", ["Kim", "Lee"]).read_bytes()


@pytest.fixture(scope="module")
def other_bytes(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """Another good Suit Pairs game (its own seed): an upload of it is a new game, not a copy of ``good_bytes``."""
    return Shelf(tmp_path_factory.mktemp("other"), "suitpairs").new_game("other", ["Kim", "Lee"]).read_bytes()


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "games"


def shelf_state(folder: Path) -> dict[str, bytes]:
    """Every file in the folder (lock files aside: reading may make one) with its bytes."""
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file() and not p.name.endswith(".lock")}


def upload(table: Table, name: str, content: bytes) -> None:
    """Upload ``content`` as the browser does."""
    table.upload.value = ({"name": name, "type": "", "size": len(content), "content": memoryview(content),
                           "last_modified": WHEN},)


def walk(widget: widgets.Widget) -> Iterator[widgets.Widget]:
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


def assert_sendable(table: Table) -> None:
    """Every widget's state can be sent to the page (as jupyter_client packs it: UTF-8, no lone surrogates)."""
    for widget in walk(table):
        json.dumps(widget.get_state(), ensure_ascii=False, default=repr).encode("utf-8", "surrogateescape")


def with_event_arg(good: bytes, value: Any) -> bytes:
    """The good game with the first turn's ``identity`` argument replaced (its hash no longer matches)."""
    data = json.loads(good)
    cell = next(c for c in data["cells"] if "kit" in c.get("metadata", {}))
    cell["metadata"]["kit"]["event"]["args"]["identity"] = value
    return json.dumps(data).encode()


def nested_in_arg(good: bytes) -> bytes:
    """The good game with an argument nested 100 000 lists deep."""
    return good.replace(b'"identity":"', b'"identity":' + b"[" * DEEP + b"]" * DEEP + b',"x":"', 1)


JUNK: dict[str, bytes | None] = {
    "not-json.ipynb": b"{ this is not a notebook",
    "empty.ipynb": b"",
    "binary.ipynb": bytes(range(256)) * 4,
    "deep-lists.ipynb": b"[" * DEEP + b"]" * DEEP,
    "deep-objects.ipynb": b'{"a":' * DEEP + b"1" + b"}" * DEEP,
    "surrogate-system.ipynb": b'{"nbformat": 4, "cells": [], "metadata": {"kit": {"system": "\\ud800"}}}',
    "no-kit.ipynb": json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": []}).encode(),
    "metadata-list.ipynb": json.dumps({"nbformat": 4, "metadata": [1], "cells": []}).encode(),
    "a-list.ipynb": b"[1, 2, 3]",
}


def put_junk(folder: Path) -> list[str]:
    folder.mkdir(parents=True, exist_ok=True)
    for name, content in JUNK.items():
        (folder / name).write_bytes(content or b"")
    (folder / "folder.ipynb").mkdir()
    return [*JUNK, "folder.ipynb"]


# -- junk on the shelf ----------------------------------------------------------------------


def test_junk_on_the_shelf_is_named_and_the_good_games_still_open(folder: Path, good_bytes: bytes) -> None:
    junk = put_junk(folder)
    (folder / "our-game.ipynb").write_bytes(good_bytes)
    table = Table("suitpairs", games_dir=folder)
    assert table.shelf_error.message == ""
    assert [label for label, _ in table.game_picker.options] == ["our-game.ipynb (2 turns)"]
    assert table.session is not None and table.game_file == "our-game.ipynb"
    note = table.shelf_note.value
    assert f"Skipped {len(junk)} files that are not game notebooks:" in note
    assert all(name in note for name in junk)
    assert_sendable(table)


def test_one_junk_file_is_reported_in_plain_words(folder: Path, good_bytes: bytes) -> None:
    folder.mkdir()
    (folder / "junk.ipynb").write_text("no")
    (folder / "our-game.ipynb").write_bytes(good_bytes)
    listing = Shelf(folder, "suitpairs").listing()
    assert [g.path.name for g in listing.games] == ["our-game.ipynb"]
    assert listing.note == "Skipped 1 file that is not a game notebook: junk.ipynb"
    table = Table("suitpairs", games_dir=folder)
    assert "Skipped 1 file that is not a game notebook: junk.ipynb" in table.shelf_note.value


def test_a_table_with_only_junk_builds_and_says_so(folder: Path) -> None:
    put_junk(folder)
    table = Table("suitpairs", games_dir=folder)
    assert table.session is None and table.game_picker.options == ()
    assert "not game notebooks" in table.shelf_note.value
    table.players_box.value = "Kim"
    table.name_box.value = "fresh"
    table.new_button.click()  # the rest of the shelf still works
    assert table.shelf_error.message == "" and table.game_file == "fresh.ipynb"


def test_a_huge_file_is_listed_as_too_large_and_never_parsed(folder: Path, good_bytes: bytes,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    folder.mkdir()
    with (folder / "huge.ipynb").open("wb") as stream:  # sparse: as large as the limit + 1, no disk used
        stream.truncate(MAX_LISTED_BYTES + 1)
    (folder / "our-game.ipynb").write_bytes(good_bytes)
    parsed: list[int] = []
    real_loads = json.loads
    monkeypatch.setattr(notebook_module.json, "loads",  # every reader of a game file, the shelf's included
                        lambda data, **options: parsed.append(len(data)) or real_loads(data, **options))
    table = Table("suitpairs", games_dir=folder)
    assert table.game_file == "our-game.ipynb"
    too_large = f"Skipped 1 file too large to read (over {MAX_LISTED_BYTES // 2**20} MiB): huge.ipynb"
    assert too_large in table.shelf_note.value
    assert parsed and max(parsed) < MAX_LISTED_BYTES


def test_a_header_is_read_once_while_the_file_is_unchanged(folder: Path, good_bytes: bytes,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    folder.mkdir()
    (folder / "our-game.ipynb").write_bytes(good_bytes)
    (folder / "junk.ipynb").write_bytes(b"[" * DEEP)
    reads: list[str] = []
    real = shelf_module._read_header
    monkeypatch.setattr(shelf_module, "_read_header", lambda path, size: reads.append(path.name) or real(path, size))
    shelf = Shelf(folder, "suitpairs")
    first, second = shelf.listing(), shelf.listing()
    assert first == second and sorted(reads) == ["junk.ipynb", "our-game.ipynb"]


def test_a_file_name_that_is_not_utf8_is_shown_safely(folder: Path, good_bytes: bytes) -> None:
    folder.mkdir()
    (folder / os.fsdecode(b"caf\xe9.ipynb")).write_bytes(b"junk")
    (folder / os.fsdecode(b"gam\xe9.ipynb")).write_bytes(good_bytes)
    table = Table("suitpairs", games_dir=folder)
    assert table.session is not None and "\ufffd" in table.status.value
    assert "Skipped 1 file that is not a game notebook: caf\ufffd.ipynb" in table.shelf_note.value
    assert_sendable(table)


def test_a_listed_file_that_cannot_be_opened_is_refused_beside_the_shelf(folder: Path, good_bytes: bytes) -> None:
    folder.mkdir()
    (folder / "a-broken.ipynb").write_bytes(with_event_arg(good_bytes, "\ud800"))
    (folder / "b-nested.ipynb").write_bytes(nested_in_arg(good_bytes))
    (folder / "c-good.ipynb").write_bytes(good_bytes)
    for age, name in enumerate(("a-broken.ipynb", "b-nested.ipynb", "c-good.ipynb")):
        os.utime(folder / name, (time.time() - age * 60, time.time() - age * 60))
    table = Table("suitpairs", games_dir=folder)  # opens the game played last (the newest file): a broken one
    assert table.session is None and table.shelf_error.message.startswith("a-broken.ipynb: ")
    for name in ("a-broken.ipynb", "b-nested.ipynb"):
        table.open_game(folder / name)
        assert table.shelf_error.message.startswith(f"{name}: ") and table.session is None
    table.open_game(folder / "c-good.ipynb")
    assert table.shelf_error.message == "" and table.game_file == "c-good.ipynb"
    assert_sendable(table)


def test_staging_and_temporary_files_are_never_listed(folder: Path, good_bytes: bytes) -> None:
    folder.mkdir()
    (folder / "our-game.ipynb").write_bytes(good_bytes)
    (folder / ".upload-999999999-1-stolen.ipynb").write_bytes(good_bytes)
    (folder / ".our-game.ipynb.abc123.tmp").write_bytes(good_bytes)
    (folder / ".hidden.ipynb").write_bytes(good_bytes)
    listing = Shelf(folder, "suitpairs").listing()
    assert [g.path.name for g in listing.games] == ["our-game.ipynb"] and listing.note == ""


# -- hostile uploads ------------------------------------------------------------------------


def hostile_uploads(good: bytes) -> dict[str, bytes]:
    return {
        **{name: content or b"" for name, content in JUNK.items()},
        "tampered.ipynb": with_event_arg(good, "Pirate"),
        "surrogate-arg.ipynb": with_event_arg(good, "\ud800"),
        "nested-arg.ipynb": nested_in_arg(good),
        "truncated.ipynb": good[: len(good) // 2],
    }


HOSTILE = ["not-json.ipynb", "empty.ipynb", "binary.ipynb", "deep-lists.ipynb", "deep-objects.ipynb",
           "surrogate-system.ipynb", "no-kit.ipynb", "metadata-list.ipynb", "a-list.ipynb", "tampered.ipynb",
           "surrogate-arg.ipynb", "nested-arg.ipynb", "truncated.ipynb"]


@pytest.fixture
def playing(folder: Path, good_bytes: bytes) -> Table:
    """A table playing a good game, with the shelf's bytes as they are before any upload."""
    folder.mkdir()
    (folder / "our-game.ipynb").write_bytes(good_bytes)
    table = Table("suitpairs", games_dir=folder)
    assert table.game_file == "our-game.ipynb"
    return table


def assert_refused_and_unchanged(table: Table, before: dict[str, bytes], name: str) -> str:
    message = table.shelf_error.message
    assert message and name in message, message
    assert table.upload.value == ()
    assert shelf_state(table.shelf.folder) == before
    assert table.game_file == "our-game.ipynb" and table.session is not None
    assert_sendable(table)
    return message


def assert_a_good_upload_still_works(table: Table, good: bytes) -> None:
    """A good upload of another game goes on the shelf; the same game's identical copy is recognised, not copied."""
    other = Shelf(table.shelf.folder.parent / "elsewhere", "suitpairs").new_game("other", ["Kim", "Lee"]).read_bytes()
    upload(table, "after.ipynb", other)
    assert table.shelf_error.message == ""
    assert table.game_file == "after.ipynb" and (table.shelf.folder / "after.ipynb").read_bytes() == other
    before = shelf_state(table.shelf.folder)
    upload(table, "again.ipynb", good)
    assert table.shelf_error.message == "" and table.game_file == "our-game.ipynb"
    assert "holds the same 2 turns as our-game.ipynb" in table.new_note.value
    assert shelf_state(table.shelf.folder) == before


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_upload_is_refused_beside_the_control_and_changes_nothing(playing: Table, good_bytes: bytes,
                                                                           name: str) -> None:
    before = shelf_state(playing.shelf.folder)
    upload(playing, name, hostile_uploads(good_bytes)[name])
    message = assert_refused_and_unchanged(playing, before, name)
    assert message.endswith("was not put on the shelf") or message.endswith("nothing was written to the shelf")
    assert_a_good_upload_still_works(playing, good_bytes)


def test_an_upload_over_the_limit_is_refused_before_anything_is_written(playing: Table, good_bytes: bytes,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    written: list[Path] = []
    monkeypatch.setattr(files, "write_new_file", lambda path, content: written.append(path))
    before = shelf_state(playing.shelf.folder)
    upload(playing, "campaign.ipynb", b" " * (MAX_UPLOAD_BYTES + 1))
    message = assert_refused_and_unchanged(playing, before, "campaign.ipynb")
    assert f"an upload may be at most {MAX_UPLOAD_BYTES // 2**20} MiB" in message and written == []
    monkeypatch.undo()
    assert_a_good_upload_still_works(playing, good_bytes)


def test_a_refusal_names_the_file_and_the_turn_once(playing: Table, good_bytes: bytes) -> None:
    data = json.loads(good_bytes)
    cells = [c for c in data["cells"] if "kit" in c.get("metadata", {})]
    cells[1]["metadata"]["kit"]["event"]["args"]["identity"] = "Pirate"
    upload(playing, "bad.ipynb", json.dumps(data).encode())
    message = playing.shelf_error.message
    assert message.startswith("bad.ipynb: turn 2: ") and message.count("turn 2") == 1, message
    assert "header: header" not in message and "NOT intact" not in message


def test_a_header_refusal_reads_once(playing: Table, good_bytes: bytes) -> None:
    data = json.loads(good_bytes)
    data["cells"][0]["source"] = ["# A game we made up"]
    upload(playing, "bad.ipynb", json.dumps(data).encode())
    message = playing.shelf_error.message
    assert message.startswith("bad.ipynb: header: ") and message.count("header:") == 1, message
    assert message.endswith("; it was not put on the shelf") and ".upload-" not in message


def test_upload_refused_error_keeps_the_turn(folder: Path, good_bytes: bytes) -> None:
    with pytest.raises(UploadRefusedError) as refused:
        Shelf(folder, "suitpairs").upload("bad.ipynb", with_event_arg(good_bytes, "Pirate"))
    assert refused.value.turn == 1 and str(refused.value).count("turn 1") == 1
    assert isinstance(refused.value, gamefile.GameFileError)


def test_an_unexpected_error_while_reading_an_upload_is_a_plain_refusal(playing: Table, good_bytes: bytes,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    def crash(path: Any) -> Any:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(shelf_module, "verify", crash)
    before = shelf_state(playing.shelf.folder)
    upload(playing, "odd.ipynb", good_bytes)
    message = assert_refused_and_unchanged(playing, before, "odd.ipynb")
    assert message == "odd.ipynb could not be read: it is nested too deeply to read; nothing was written to the shelf"
    monkeypatch.undo()
    assert_a_good_upload_still_works(playing, good_bytes)


@pytest.mark.parametrize("button", ["open", "reload"])
def test_an_unexpected_error_opening_a_file_is_a_plain_refusal(playing: Table, monkeypatch: pytest.MonkeyPatch,
                                                               button: str) -> None:
    from kit.gamefile import HeldGameFile

    def crash(cls: Any, path: Any, **kwargs: Any) -> Any:
        raise TypeError("unhashable type: 'list'")

    session = playing.session
    monkeypatch.setattr(HeldGameFile, "open", classmethod(crash))
    getattr(playing, f"{button}_button").click()
    assert playing.shelf_error.message == ("our-game.ipynb: this file could not be read: "
                                           "TypeError: unhashable type: &#x27;list&#x27;; nothing was changed")
    assert playing.session is session and playing.game_file == "our-game.ipynb"
    monkeypatch.undo()
    playing.open_button.click()
    assert playing.shelf_error.message == ""


@pytest.mark.parametrize("stop", [KeyboardInterrupt, SystemExit])
def test_keyboard_interrupt_and_exit_are_never_swallowed(stop: type[BaseException]) -> None:
    def stopped() -> None:
        raise stop

    with pytest.raises(stop):
        attempt(ErrorLine(), stopped)


def test_a_malformed_upload_value_is_refused(playing: Table) -> None:
    before = shelf_state(playing.shelf.folder)
    playing.upload.value = ({"name": "odd.ipynb", "type": "", "size": 9, "content": "not bytes",
                             "last_modified": WHEN},)
    assert "odd.ipynb could not be read" in playing.shelf_error.message
    assert playing.upload.value == () and shelf_state(playing.shelf.folder) == before


def test_an_odd_upload_name_gives_a_safe_short_file_name(playing: Table, other_bytes: bytes,
                                                          tmp_path: Path) -> None:
    upload(playing, "\ud800" * 50 + "x" * 400 + ".ipynb", other_bytes)
    assert playing.shelf_error.message == ""
    assert playing.game_file == "x" * 100 + ".ipynb"
    third = Shelf(tmp_path / "third", "suitpairs").new_game("third", ["Kim"]).read_bytes()
    upload(playing, "../../\ud800.ipynb", third)
    assert playing.game_file == "game.ipynb"
    assert_sendable(playing)


# -- a full disk, a killed upload, a read-only folder --------------------------------------


def full_disk_after_half(path: Path, content: bytes) -> None:
    """The staging file is made and half of it written, then the disk is full."""
    path.write_bytes(bytes(content[: len(content) // 2]))
    raise OSError(errno.ENOSPC, "No space left on device")


def full_disk_at_once(path: Path, content: bytes) -> None:
    """The staging file cannot even be made (no room, no free inode)."""
    raise OSError(errno.ENOSPC, "No space left on device")


@pytest.mark.parametrize("failing", [full_disk_after_half, full_disk_at_once])
def test_a_full_disk_during_an_upload_leaves_no_staging_file(playing: Table, good_bytes: bytes,
                                                            monkeypatch: pytest.MonkeyPatch, failing: Any) -> None:
    monkeypatch.setattr(files, "write_new_file", failing)
    before = shelf_state(playing.shelf.folder)
    upload(playing, "campaign.ipynb", good_bytes)
    message = assert_refused_and_unchanged(playing, before, "disk is full")
    assert "nothing was written to the shelf" in message and "free some space" in message
    assert not list(playing.shelf.folder.glob(".upload-*"))
    monkeypatch.undo()
    assert_a_good_upload_still_works(playing, good_bytes)


def test_a_full_disk_while_moving_the_upload_into_place_leaves_nothing(playing: Table, other_bytes: bytes,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    def no_room(source: Any, target: Any) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(shelf_module.os, "replace", no_room)
    before = shelf_state(playing.shelf.folder)
    upload(playing, "campaign.ipynb", other_bytes)
    monkeypatch.undo()
    assert_refused_and_unchanged(playing, before, "disk is full")
    assert not list(playing.shelf.folder.glob(".upload-*"))


def staged(folder: Path, name: str, content: bytes, age: float) -> Path:
    """A staging file ``age`` seconds old."""
    path = folder / name
    path.write_bytes(content)
    then = time.time() - age
    os.utime(path, (then, then))
    return path


def test_leftover_staging_files_are_removed_the_next_time_the_shelf_writes(playing: Table, good_bytes: bytes) -> None:
    folder = playing.shelf.folder
    grace = STAGING_GRACE_SECONDS + 5
    killed = staged(folder, ".upload-999999999-1-stolen.ipynb", good_bytes[:100], grace)  # no process has this id
    ours = staged(folder, f".upload-{os.getpid()}-campaign.ipynb", good_bytes, grace)  # this process's, from before
    ancient = staged(folder, f".upload-{os.getppid()}-1-x.ipynb", good_bytes, STALE_STAGING_SECONDS + 5)
    assert [label for label, _ in playing.game_picker.options] == ["our-game.ipynb (2 turns)"]
    assert_a_good_upload_still_works(playing, good_bytes)
    assert not killed.exists() and not ours.exists() and not ancient.exists()
    again = staged(folder, ".upload-999999999-2-stolen.ipynb", good_bytes[:100], grace)
    playing.players_box.value = "Kim"
    playing.new_button.click()  # a new game is a write too
    assert playing.shelf_error.message == "" and not again.exists()


def test_a_staging_file_that_may_be_in_use_is_left_alone(folder: Path) -> None:
    folder.mkdir()
    live = staged(folder, f".upload-{os.getppid()}-1-theirs.ipynb", b"{}", STAGING_GRACE_SECONDS + 5)  # it runs
    fresh = staged(folder, ".upload-999999999-1-new.ipynb", b"{}", 1)  # another machine's upload, just begun
    assert Shelf(folder, "suitpairs").sweep() == [] and live.exists() and fresh.exists()


def read_only(folder: Path, monkeypatch: pytest.MonkeyPatch, code: int = errno.EROFS) -> None:
    """Make ``folder`` refuse every file opened for writing (tests run as root, whom chmod does not stop)."""
    real_open = os.open
    inside = str(folder.resolve())

    def refuse(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if os.fspath(path).startswith(inside) and flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            raise OSError(code, os.strerror(code), os.fspath(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse)


@pytest.mark.parametrize("code", [errno.EROFS, errno.EACCES, errno.EPERM])
def test_a_read_only_folder_opens_and_reads_and_refuses_writes_in_plain_words(
        folder: Path, good_bytes: bytes, monkeypatch: pytest.MonkeyPatch, code: int) -> None:
    folder.mkdir()
    (folder / "our-game.ipynb").write_bytes(good_bytes)
    (folder / "junk.ipynb").write_bytes(b"[" * DEEP)
    before = shelf_state(folder)
    read_only(folder, monkeypatch, code)
    table = Table("suitpairs", games_dir=folder)
    assert table.shelf_error.message == "" and table.session is not None and table.session.game.turn == 2
    assert "junk.ipynb" in table.shelf_note.value
    table.reload_button.click()
    assert table.shelf_error.message == ""
    upload(table, "campaign.ipynb", good_bytes)
    message = table.shelf_error.message
    assert "read-only" in message and "nothing was written to the shelf" in message, message
    assert "free some space" not in message and table.upload.value == ()
    table.players_box.value = "Kim"
    table.new_button.click()
    assert "read-only" in table.shelf_error.message and "free some space" not in table.shelf_error.message
    tracker = table.components.children[0]
    tracker.skill_picker.value = "Defy"
    tracker.difficulty_picker.value = "Hard"
    tracker.check_button.click()
    assert "read-only" in tracker.check_error.message and "free some space" not in tracker.check_error.message
    assert table.session.game.turn == 2
    monkeypatch.undo()
    assert shelf_state(folder) == before


@pytest.mark.parametrize(("code", "words"), [
    (errno.ENOSPC, "the disk is full (No space left on device); the turn was not taken"),
    (errno.EROFS, "the games folder is read-only (/games/g.ipynb cannot be written: Read-only file system): "
                  "the turn was not taken"),
    (errno.EACCES, "the games folder is read-only (/games/g.ipynb cannot be written: Permission denied)"),
    (errno.EPERM, "the games folder is read-only"),
    (errno.EIO, "the game file could not be read or written (Input/output error); the turn was not taken"),
])
def test_a_failed_write_says_why_in_the_oss_words(code: int, words: str) -> None:
    message = os_refusal(OSError(code, os.strerror(code), "/games/g.ipynb"))
    assert words in message
    assert ("free some space" in message) == (code == errno.ENOSPC)


def test_a_write_refused_by_the_os_is_shown_beside_the_control(tmp_path: Path, good_bytes: bytes,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from kit.widgets.session import TableSession

    path = tmp_path / "game.ipynb"
    path.write_bytes(good_bytes)
    session = TableSession.open(path)

    def refused(target: Any, data: Any) -> None:
        raise PermissionError(errno.EACCES, "Permission denied", str(target))

    monkeypatch.setattr(files, "atomic_write", refused)
    line = ErrorLine()
    taken = attempt(line, lambda: session.act("check", character="Mira", skill="Defy", difficulty="Hard"))
    assert taken is None and line.message.startswith("the games folder is read-only (")
    assert "the turn was not taken" in line.message and path.read_bytes() == good_bytes
