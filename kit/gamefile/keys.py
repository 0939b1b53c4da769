"""Seat keys on disk: each participant's keys in their own config folder, never in a game file (K-1).

A participant of a sealed game keeps one key per seat they play (usually one, their own name).
The keys live in the user's config folder — ``$KIT_CONFIG_DIR`` if set, else
``$XDG_CONFIG_HOME/kit``, else ``~/.config/kit`` — as ``keys/<seat>.key``, in a folder only the
user may open (mode 0700), each file readable by the user alone (mode 0600) and written
atomically, never over another (:func:`kit.gamefile.files.write_new_file`: a temporary file in
the same folder, then a link to its name, the folder flushed), so a killed write never leaves
half a key.

A key file holds the key's text form (``kit-key-…``) after two comment lines naming the seat::

    # kit seat key: keep this file secret; kit key export prints it for a password manager
    # seat: Gil
    kit-key-abcd-efgh-…

A seat name becomes a file name by percent-encoding every character but ``A–Z a–z 0–9 _ -``
(``Gil (GM)`` is ``Gil%20%28GM%29.key``), so no name can reach outside the folder; a name too
long for a file name once encoded is kept under a digest of it (``~1f3a….key``) and found again
through the file's ``# seat:`` line. A key file that is missing, damaged or not a file at all
is refused with an error that says so and what to do — never a traceback; so is a key file that
others may read (a group or world permission bit, as a file copied by hand often has).

:func:`append_sealed_turn` takes one turn of a sealed game file in a seat whose key is stored
here: the command line's ``kit join`` and ``kit seal`` use it.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import re
import shlex
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from kit.core.errors import RulesError
from kit.core.game import Game
from kit.core.sealing import SeatKey
from kit.gamefile import files
from kit.gamefile.errors import GameFileError
from kit.gamefile.store import append_to_game, load_file

KEY_SUFFIX = ".key"
"""The ending of every key file's name."""

MAX_NAME = 60
"""The longest seat name, as a game's roster allows it."""

FOLDER_MODE = 0o700
FILE_MODE = 0o600
_MAX_FILE_BYTES = 4096
_MAX_STEM = 120
_SAFE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
_STEM = re.compile(r"(?:[A-Za-z0-9_-]|%[0-9A-F]{2})+")
_DIGEST_STEM = re.compile(r"~[0-9a-f]{40}")
_SEAT_LINE = "# seat: "
_FIRST_LINE = "# kit seat key: keep this file secret; kit key export prints it for a password manager"


class KeyStoreError(GameFileError):
    """A seat key that cannot be made, found, read or kept: the message says why and what to do."""


def config_dir() -> Path:
    """The user's kit config folder: ``$KIT_CONFIG_DIR``, else ``$XDG_CONFIG_HOME/kit``, else ``~/.config/kit``.

    An empty variable counts as unset, and so does an ``XDG_CONFIG_HOME`` that is not an
    absolute path (as the XDG base-directory specification says).
    """
    chosen = os.environ.get("KIT_CONFIG_DIR")
    if chosen:
        return Path(chosen).expanduser()
    xdg = os.environ.get("XDG_CONFIG_HOME")
    if xdg and os.path.isabs(xdg):
        return Path(xdg) / "kit"
    try:
        home = Path.home()
    except (RuntimeError, KeyError):
        raise KeyStoreError("the kit cannot tell where your home folder is; set KIT_CONFIG_DIR to the folder "
                            "where your seat keys should be kept") from None
    return home / ".config" / "kit"


def seat_name(name: object) -> str:
    """``name`` as a seat name (surrounding spaces removed), or KeyStoreError: 1–60 printable characters."""
    if not isinstance(name, str):
        raise KeyStoreError("a seat name must be text")
    cleaned = name.strip()
    if not cleaned:
        raise KeyStoreError("a seat name cannot be empty: give the name of the seat, as the game names it")
    if len(cleaned) > MAX_NAME:
        raise KeyStoreError(f"the seat name {cleaned[:20]}… is longer than the {MAX_NAME} characters a seat "
                            "name may have")
    if not cleaned.isprintable():
        raise KeyStoreError(f"the seat name {ascii(cleaned)[1:-1][:40]} holds a character that cannot be "
                            "printed (a control character or a line break)")
    return cleaned


def key_file_name(name: str) -> str:
    """The file name of ``name``'s key: percent-encoded, or a digest of the name when that is too long."""
    name = seat_name(name)
    stem = "".join(char if char in _SAFE else "".join(f"%{byte:02X}" for byte in char.encode())
                   for char in name)
    if len(stem) > _MAX_STEM:
        stem = "~" + hashlib.sha256(name.encode()).hexdigest()[:40]
    return stem + KEY_SUFFIX


def _decoded(stem: str) -> str | None:
    """The seat name a percent-encoded file stem stands for, or None when the kit would not write that stem."""
    if not _STEM.fullmatch(stem):
        return None
    raw = bytearray()
    position = 0
    while position < len(stem):
        if stem[position] == "%":
            raw.append(int(stem[position + 1:position + 3], 16))
            position += 3
        else:
            raw.append(ord(stem[position]))
            position += 1
    try:
        name = raw.decode()
        return name if key_file_name(name) == stem + KEY_SUFFIX else None
    except (UnicodeDecodeError, KeyStoreError):
        return None


def _key_text(name: str, key: SeatKey) -> str:
    return f"{_FIRST_LINE}\n{_SEAT_LINE}{name}\n{key.to_text()}\n"


class KeyStore:
    """The seat keys kept in one config folder (``root``; by default :func:`config_dir`), in ``root/keys``."""

    def __init__(self, root: str | os.PathLike[str] | None = None):
        self.root = Path(root) if root is not None else config_dir()
        self.folder = self.root / "keys"

    def __repr__(self) -> str:
        return f"KeyStore({str(self.root)!r})"

    def path(self, name: str) -> Path:
        """Where ``name``'s key is (or would be) kept: always a file directly inside :attr:`folder`."""
        return self.folder / key_file_name(name)

    # -- reading ------------------------------------------------------------------------

    def get(self, name: str) -> SeatKey | None:
        """``name``'s key, or None when none is kept here; a damaged key file raises KeyStoreError."""
        found = self._read(seat_name(name))
        return found[1] if found is not None else None

    def load(self, name: str) -> SeatKey:
        """``name``'s key; when none is kept here, KeyStoreError naming ``kit key new`` and ``kit key import``."""
        name = seat_name(name)
        key = self.get(name)
        if key is None:
            raise KeyStoreError(f"there is no seat key for {name} in {self.folder}: make one with "
                                f"kit key new {shell_word(name)}, or bring the one you have with "
                                f"kit key import {shell_word(name)}")
        return key

    def export_text(self, name: str) -> str:
        """``name``'s key in its text form, ``kit-key-…`` (a secret: whoever has it acts in that seat)."""
        return self.load(name).to_text()

    def names(self) -> list[str]:
        """The seats whose keys are kept here, sorted (files the kit did not write are left out)."""
        try:
            entries = [entry.name for entry in os.scandir(self.folder)]
        except FileNotFoundError:
            return []
        except OSError as error:
            raise KeyStoreError(f"the keys folder {self.folder} cannot be read: {error.strerror}") from None
        found = set()
        for entry in entries:
            stem = entry[:-len(KEY_SUFFIX)] if entry.endswith(KEY_SUFFIX) else None
            if not stem:
                continue
            if _DIGEST_STEM.fullmatch(stem):
                name = self._seat_line(self.folder / entry)
                if name is not None and key_file_name(name) == entry:
                    found.add(name)
            elif (name := _decoded(stem)) is not None:
                found.add(name)
        return sorted(found, key=lambda seat: (seat.casefold(), seat))

    def _seat_line(self, path: Path) -> str | None:
        """The ``# seat:`` line of a key file, or None if it cannot be read."""
        try:
            text = _read_small(path)
        except KeyStoreError:
            return None
        for line in text.splitlines():
            if line.startswith(_SEAT_LINE):
                with contextlib.suppress(KeyStoreError):
                    return seat_name(line[len(_SEAT_LINE):])
        return None

    def _read(self, name: str) -> tuple[Path, SeatKey] | None:
        path = self.path(name)
        try:
            text = _read_small(path)
        except FileNotFoundError:
            return None
        keys, seats = [], []
        for line in text.splitlines():
            if line.startswith(_SEAT_LINE):
                seats.append(line[len(_SEAT_LINE):].strip())
            elif line.strip() and not line.lstrip().startswith("#"):
                keys.append(line)
        if any(seat != name for seat in seats):
            other = next(seat for seat in seats if seat != name)
            raise KeyStoreError(f"the key file {path} says it holds the key of seat {ascii(other)[1:-1][:60]}, "
                                f"not {name}: it was renamed or copied by hand; put it back under its own name, "
                                f"or remove it with kit key forget {shell_word(name)} --yes")
        if len(keys) != 1:
            why = "holds no seat key" if not keys else "holds more than one line that could be a key"
            raise self._damaged(path, name, why)
        try:
            return path, SeatKey.from_text(keys[0])
        except RulesError as error:
            raise self._damaged(path, name, f"its key {_why(error)}") from None

    def _damaged(self, path: Path, name: str, why: str) -> KeyStoreError:
        return KeyStoreError(f"the key file {path} is damaged ({why}); if you have the key elsewhere, "
                             f"remove this file with kit key forget {shell_word(name)} --yes and bring the key "
                             f"back with kit key import {shell_word(name)}")

    # -- writing ------------------------------------------------------------------------

    def new(self, name: str) -> SeatKey:
        """Make a fresh key for ``name`` and keep it; refuse when ``name`` has a key here already."""
        name = seat_name(name)
        if self.path(name).exists() or self.path(name).is_symlink():
            raise self._taken(name)
        key = SeatKey.new()
        self._write_new(name, key)
        return key

    def import_text(self, name: str, text: str) -> SeatKey:
        """Keep the key whose text form is ``text`` for ``name``; returns it.

        The same key kept again changes nothing. A different key is refused while ``name`` has
        one here: replacing it would lock that seat out of every game it took with it.
        """
        name = seat_name(name)
        try:
            key = SeatKey.from_text(text)
        except RulesError as error:
            raise KeyStoreError(f"that is not a seat key: it {_why(error)}; a seat key reads kit-key- and 52 "
                                "letters and digits, as kit key export prints it") from None
        if self.path(name).exists():
            kept = self.get(name)
            if kept == key:
                return kept
            raise self._taken(name, kept)
        self._write_new(name, key)
        return key

    def forget(self, name: str) -> None:
        """Delete ``name``'s key file (a damaged one too); KeyStoreError when there is none."""
        name = seat_name(name)
        path = self.path(name)
        try:
            path.unlink()
        except FileNotFoundError:
            raise KeyStoreError(f"there is no seat key for {name} in {self.folder}") from None
        except IsADirectoryError:
            raise KeyStoreError(f"{path} is a folder, not a key file; the kit leaves it alone") from None
        except OSError as error:
            raise KeyStoreError(f"the key file {path} cannot be removed: {error.strerror}") from None

    def _taken(self, name: str, kept: SeatKey | None = None) -> KeyStoreError:
        which = f" (fingerprint {kept.fingerprint})" if kept is not None else ""
        return KeyStoreError(
            f"{name} has a seat key here already{which}, and the kit never overwrites one: the games "
            f"{name} took a seat in need it. To replace it, save it first (kit key export {shell_word(name)}), "
            f"then remove it with kit key forget {shell_word(name)} --yes")

    def _prepare_folder(self) -> None:
        """Make the keys folder (mode 0700) if needed, and make sure only the user may open it."""
        try:
            self.root.mkdir(parents=True, exist_ok=True, mode=FOLDER_MODE)
            self.folder.mkdir(exist_ok=True, mode=FOLDER_MODE)
            if not self.folder.is_dir() or self.folder.is_symlink():
                raise KeyStoreError(f"{self.folder} is not a folder the kit can keep keys in")
            if stat.S_IMODE(self.folder.stat().st_mode) != FOLDER_MODE:
                os.chmod(self.folder, FOLDER_MODE)
        except FileExistsError:
            raise KeyStoreError(f"{self.folder} is in the way: it is a file, where the keys folder should "
                                "be") from None
        except OSError as error:
            raise KeyStoreError(f"the keys folder {self.folder} cannot be made or protected: "
                                f"{error.strerror}") from None

    def _write_new(self, name: str, key: SeatKey) -> None:
        """Write ``name``'s key file atomically, mode 0600, never over an existing file."""
        self._prepare_folder()
        target = self.path(name)
        try:
            files.write_new_file(target, _key_text(name, key).encode(), mode=FILE_MODE)
        except FileExistsError:
            raise self._taken(name) from None
        except OSError as error:
            if error.errno in files.READ_ONLY_ERRNOS:
                raise KeyStoreError(f"no key file can be written in {self.folder}: {error.strerror}") from None
            raise KeyStoreError(f"the key file {target} cannot be written: {error.strerror}") from None


def _read_small(path: Path) -> str:
    """A key file's text: a regular file of at most 4 KiB in UTF-8, or KeyStoreError (FileNotFoundError if absent)."""
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
    except FileNotFoundError:
        raise
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise KeyStoreError(f"the key file {path} is a link to elsewhere; the kit reads only key files "
                                "it wrote itself") from None
        raise KeyStoreError(f"the key file {path} cannot be read: {error.strerror}") from None
    try:
        status = os.fstat(handle)
        if not stat.S_ISREG(status.st_mode):
            raise KeyStoreError(f"{path} is not a key file (it is a folder or a device)")
        if os.name == "posix" and status.st_mode & 0o077:
            raise KeyStoreError(f"the key file {path} can be read by others on this computer (its mode is "
                                f"{stat.S_IMODE(status.st_mode):04o}): a seat key is yours alone (K-1); make it so "
                                f"with chmod 600 {shlex.quote(str(path))}, then try again")
        data = os.read(handle, _MAX_FILE_BYTES + 1)
    except OSError as error:
        raise KeyStoreError(f"the key file {path} cannot be read: {error.strerror}") from None
    finally:
        os.close(handle)
    if len(data) > _MAX_FILE_BYTES:
        raise KeyStoreError(f"the key file {path} is damaged (it is far longer than a key file is)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise KeyStoreError(f"the key file {path} is damaged (it is not text)") from None


def _why(error: RulesError) -> str:
    """The reason part of a refusal of a key's text, in words (``must start with kit-key-``)."""
    return error.why.split(" (as ")[0]


def shell_word(name: str) -> str:
    """``name`` as one word of a command line, quoted for a POSIX shell when it needs to be (``'Gil (GM)'``)."""
    return shlex.quote(name)


def hold_keys(game: Game, store: KeyStore) -> list[str]:
    """Give the sealed ``game`` every key ``store`` keeps for its seats; returns the seats it now holds.

    A key that is not the one its seat took its seat with (the same name in another group,
    say) is left out; a damaged key file raises KeyStoreError. An open game needs no keys: [].
    """
    if not game.sealed:
        return []
    held = []
    for seat in game.seats:
        key = store.get(seat)
        if key is None:
            continue
        try:
            game.hold_key(seat, key)
        except RulesError:
            continue
        held.append(seat)
    return held


def append_sealed_turn(path: str | os.PathLike[str], action: str, args: Mapping[str, Any], seat: str,
                       store: KeyStore, *, game: Game | None = None) -> tuple[Game, Any]:
    """Take one turn of the sealed game in ``path`` in ``seat``, with the key ``store`` keeps; the game and result.

    The file is loaded and verified in full (``game``, when given, must be what loading the
    file gave, as from an earlier call: the file is then only checked to still hold its turns).
    The seat's key is held, the game sits in ``seat`` and the turn is appended with
    :func:`kit.gamefile.append_to_game`: a turn that would draw is declared, ``seal`` seals.
    A missing key raises KeyStoreError, a key the seat did not take its seat with or a turn
    the rules refuse RulesError; the file is then unchanged.
    """
    if game is None:
        game = load_file(path).game
    if not game.sealed:
        raise KeyStoreError(f"{path} is an open game: its seats need no keys and its draws no seals")
    game.sit(seat)
    game.hold_key(seat, store.load(seat))
    result = append_to_game(path, game, action, args)
    return game, result


__all__ = [
    "KEY_SUFFIX",
    "MAX_NAME",
    "KeyStore",
    "KeyStoreError",
    "append_sealed_turn",
    "config_dir",
    "hold_keys",
    "key_file_name",
    "seat_name",
    "shell_word",
]
