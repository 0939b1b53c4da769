"""Seat keys on disk (K-1): where they live, how they are written, and what a damaged or hostile one does."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from kit import gamefile, systems
from kit.core.errors import RulesError
from kit.core.sealing import SeatKey
from kit.gamefile.keys import (
    KeyStore,
    KeyStoreError,
    append_sealed_turn,
    config_dir,
    hold_keys,
    key_file_name,
)

KEY = SeatKey(bytes(range(32)))
OTHER = SeatKey(bytes(range(1, 33)))


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def store(tmp_path: Path) -> KeyStore:
    return KeyStore(tmp_path / "config")


# -- where the keys live ---------------------------------------------------------------------


def test_k1_the_config_folder_is_kit_config_dir_then_xdg_then_home(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("KIT_CONFIG_DIR", raising=False)
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    assert config_dir() == tmp_path / "home" / ".config" / "kit"
    monkeypatch.setenv("XDG_CONFIG_HOME", "relative/ignored")  # not absolute: ignored, as the XDG spec says
    assert config_dir() == tmp_path / "home" / ".config" / "kit"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    assert config_dir() == tmp_path / "xdg" / "kit"
    monkeypatch.setenv("KIT_CONFIG_DIR", "")  # empty: unset
    assert config_dir() == tmp_path / "xdg" / "kit"
    monkeypatch.setenv("KIT_CONFIG_DIR", str(tmp_path / "mine"))
    assert config_dir() == tmp_path / "mine"
    made = KeyStore()
    made.new("Ana")
    assert made.folder == tmp_path / "mine" / "keys"
    assert (tmp_path / "mine" / "keys" / "Ana.key").is_file()
    assert not (tmp_path / "xdg").exists() and not (tmp_path / "home").exists()


# -- keys kept, read and given back ------------------------------------------------------------


def test_k1_new_get_export_import_round_trip(tmp_path):
    mine, copy = KeyStore(tmp_path / "a"), KeyStore(tmp_path / "b")
    assert mine.get("Ana") is None and mine.names() == []
    key = mine.new("Ana")
    assert mine.get("Ana") == key == mine.load("Ana")
    text = mine.export_text("Ana")
    assert text == key.to_text() and text.startswith("kit-key-")
    assert copy.import_text("Ana", f"  {text.upper()}\n") == key  # spaces and case do not matter
    assert copy.get("Ana") == key and copy.names() == ["Ana"]
    assert copy.import_text("Ana", text) == key  # the same key again changes nothing
    assert "kit-key" not in repr(mine) and "kit-key" not in repr(key)


def test_k1_a_key_file_is_0600_in_a_0700_folder_whatever_the_umask(store):
    old = os.umask(0o000)
    try:
        store.new("Ana")
        store.import_text("Ben", OTHER.to_text())
    finally:
        os.umask(old)
    assert mode(store.folder) == 0o700
    assert mode(store.path("Ana")) == 0o600 and mode(store.path("Ben")) == 0o600
    assert not [p for p in store.folder.iterdir() if p.name.endswith(".tmp")]


def test_k1_an_existing_keys_folder_open_to_others_is_closed_when_a_key_is_written(store):
    store.folder.mkdir(parents=True)
    os.chmod(store.folder, 0o755)
    store.new("Ana")
    assert mode(store.folder) == 0o700


def test_k1_a_key_is_never_overwritten(store):
    key = store.new("Ana")
    before = store.path("Ana").read_bytes()
    with pytest.raises(KeyStoreError, match="never overwrites") as info:
        store.new("Ana")
    assert "kit key export Ana" in str(info.value) and "kit key forget Ana --yes" in str(info.value)
    with pytest.raises(KeyStoreError, match=f"fingerprint {key.fingerprint}"):
        store.import_text("Ana", OTHER.to_text())
    assert store.path("Ana").read_bytes() == before and store.load("Ana") == key


def test_k1_forget_removes_a_key_and_says_when_there_is_none(store):
    store.new("Ana")
    store.forget("Ana")
    assert store.get("Ana") is None and store.names() == []
    with pytest.raises(KeyStoreError, match="no seat key for Ana"):
        store.forget("Ana")


def test_k1_load_of_a_missing_key_names_the_commands_that_make_or_bring_one(store):
    with pytest.raises(KeyStoreError) as info:
        store.load("Gil (GM)")
    message = str(info.value)
    assert "kit key new 'Gil (GM)'" in message and "kit key import 'Gil (GM)'" in message
    assert isinstance(info.value, gamefile.GameFileError)


def test_k1_text_that_is_not_a_key_is_refused_in_words(store):
    for text in ("", "hello", "kit-key-abcd", "kit-key-" + "1" * 52, "kit-key-" + "a" * 60):
        with pytest.raises(KeyStoreError, match="not a seat key") as info:
            store.import_text("Ana", text)
        assert "(as " not in str(info.value)
    assert store.names() == [] and not store.path("Ana").exists()


# -- names -----------------------------------------------------------------------------------


HOSTILE = ["../x", "..", ".", "a/b", "/etc/passwd", "C:\\x", "~", "Gil (GM)", "%41na", "Ana.key", ".hidden",
           "Zoë", "名前" * 30, "'; rm -rf ~", "x" * 60, "a b", "-rf"]


def test_k1_no_seat_name_reaches_outside_the_keys_folder(store, tmp_path):
    keys = {name: store.new(name) for name in HOSTILE}
    for name, key in keys.items():
        path = store.path(name)
        assert path.parent == store.folder and path.is_file(), name
        assert len(path.name.encode()) <= 255 and "/" not in path.name and not path.name.startswith(".")
        assert store.load(name) == key
    assert sorted(p.name for p in store.folder.iterdir()) == sorted(key_file_name(name) for name in HOSTILE)
    assert sorted(store.names()) == sorted(HOSTILE)
    outside = {p for p in tmp_path.rglob("*")} - {store.root, store.folder, *store.folder.iterdir()}
    assert outside == set()
    assert key_file_name("Gil (GM)") == "Gil%20%28GM%29.key"
    assert key_file_name("%41na") != key_file_name("Ana")


def test_k1_seat_names_are_checked(store):
    assert store.new("  Ana ") == store.load("Ana")  # surrounding spaces are not part of a name
    for name in ("", "   ", "a\nb", "tab\there", "x" * 61, "\x00"):
        with pytest.raises(KeyStoreError, match="seat name"):
            store.new(name)
    with pytest.raises(KeyStoreError, match="must be text"):
        store.get(42)  # type: ignore[arg-type]
    assert store.names() == ["Ana"]


def test_k1_files_the_kit_did_not_write_are_not_listed_as_keys(store):
    store.new("Ana")
    for stray in ("README", "%zz.key", "%41na.key.bak", ".new-key-1.tmp", "a%2fb.key", ".key", "~abc.key"):
        (store.folder / stray).write_text("x")
    assert store.names() == ["Ana"]


# -- damaged and hostile key files -----------------------------------------------------------


@pytest.mark.parametrize(("content", "why"), [
    (b"", "holds no seat key"),
    (b"# only a comment\n", "holds no seat key"),
    (b"hello\n", "must start with kit-key-"),
    (b"kit-key-abcd\n", "52 letters"),
    ((KEY.to_text() + "\n" + OTHER.to_text() + "\n").encode(), "more than one line"),
    (b"\xff\xfe\x00binary", "not text"),
    (b"kit-key-" + b"a" * 10_000, "far longer"),
    (f"# seat: Ben\n{KEY.to_text()}\n".encode(), "holds the key of seat Ben"),
])
def test_k1_a_damaged_key_file_gives_a_clear_error(store, capsys, monkeypatch, content, why):
    store.new("Ana")
    store.path("Ana").write_bytes(content)
    with pytest.raises(KeyStoreError, match=why) as info:
        store.load("Ana")
    assert str(store.path("Ana")) in str(info.value)
    assert "Traceback" not in str(info.value)
    monkeypatch.setenv("KIT_CONFIG_DIR", str(store.root))
    from kit.cli import main

    assert main(["key", "show", "Ana"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and why in err
    store.forget("Ana")  # a damaged key file can still be removed
    assert not store.path("Ana").exists()


def test_k1_a_bare_key_text_without_comments_is_read(store):
    store.folder.mkdir(parents=True)
    store.path("Ana").write_text(KEY.to_text())
    store.path("Ana").chmod(0o600)
    assert store.load("Ana") == KEY


@pytest.mark.skipif(os.name != "posix", reason="permission bits are POSIX")
@pytest.mark.parametrize("bits", [0o644, 0o640, 0o604, 0o666])
def test_k1_a_key_file_copied_by_hand_that_others_may_read_is_refused_in_words(store, capsys, monkeypatch, bits):
    """A key file others on the computer may read (copied by hand, mode 0644 in a 0755 folder) is not used (K-1)."""
    made = store.new("Ana")
    store.folder.chmod(0o755)
    store.path("Ana").chmod(bits)
    with pytest.raises(KeyStoreError, match="chmod 600") as info:
        store.load("Ana")
    assert f"{bits:04o}" in str(info.value) and "K-1" in str(info.value)
    monkeypatch.setenv("KIT_CONFIG_DIR", str(store.root))
    from kit.cli import main

    assert main(["key", "show", "Ana"]) == 1
    assert "chmod 600" in capsys.readouterr().err
    store.path("Ana").chmod(0o600)  # the remedy the message names
    assert store.load("Ana") == made


def test_k1_a_folder_a_link_or_a_pipe_in_place_of_a_key_file_is_refused(store, tmp_path):
    store.new("Ana")
    store.path("Ben").mkdir()
    with pytest.raises(KeyStoreError, match="not a key file"):
        store.load("Ben")
    secret = tmp_path / "elsewhere.txt"
    secret.write_text(KEY.to_text())
    store.path("Cy").symlink_to(secret)
    with pytest.raises(KeyStoreError, match="link"):
        store.load("Cy")
    os.mkfifo(store.path("Dee"))
    with pytest.raises(KeyStoreError, match="not a key file"):
        store.load("Dee")  # never waits for a writer
    with pytest.raises(KeyStoreError, match="never overwrites"):
        store.new("Cy")
    assert secret.read_text() == KEY.to_text()


def test_k1_a_keys_folder_that_is_a_file_is_reported(tmp_path):
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "keys").write_text("in the way")
    with pytest.raises(KeyStoreError, match="is in the way: it is a file"):
        KeyStore(tmp_path / "config").new("Ana")


# -- keys given to a game ---------------------------------------------------------------------


def sealed_game() -> object:
    return systems.new_game("suitpairs", seed="keys", players={"Ana": [], "Ben": []}, gm="Gil", mode="sealed",
                            chain_length=64)


def test_k1_hold_keys_gives_a_sealed_game_the_keys_kept_for_its_seats(store):
    game = sealed_game()
    store.import_text("Ana", KEY.to_text())
    store.import_text("Gil", OTHER.to_text())
    store.new("Zed")  # not a seat of this game
    assert hold_keys(game, store) == ["Ana", "Gil"]
    assert game.holds_key("Ana") and game.holds_key("Gil") and not game.holds_key("Ben")
    open_game = systems.new_game("suitpairs", seed="open", players={"Ana": []}, gm="Gil")
    assert hold_keys(open_game, store) == []


def test_k1_hold_keys_leaves_out_a_key_its_seat_did_not_take_the_seat_with(store, tmp_path):
    path = tmp_path / "sealed.ipynb"
    gamefile.create("suitpairs", path, players=["Ana", "Ben"], gm="Gil", mode="sealed")
    store.import_text("Ana", KEY.to_text())
    append_sealed_turn(path, "take_seat", {}, "Ana", store)
    elsewhere = KeyStore(tmp_path / "another-ana")  # another group's Ana, with another key
    elsewhere.import_text("Ana", OTHER.to_text())
    elsewhere.import_text("Ben", KEY.to_text())
    fresh = gamefile.load(path)  # a table that holds no key yet
    assert hold_keys(fresh, elsewhere) == ["Ben"]
    assert not fresh.holds_key("Ana") and fresh.holds_key("Ben")
    with pytest.raises(RulesError, match="another key"):
        append_sealed_turn(path, "note", {"text": "hello"}, "Ana", elsewhere)


def test_k1_append_sealed_turn_needs_a_sealed_game_and_the_seats_key(store, tmp_path):
    path = tmp_path / "open.ipynb"
    gamefile.create("suitpairs", path, players=["Ana"], gm="Gil")
    store.new("Ana")
    with pytest.raises(KeyStoreError, match="open game"):
        append_sealed_turn(path, "take_seat", {}, "Ana", store)
    sealed = tmp_path / "sealed.ipynb"
    gamefile.create("suitpairs", sealed, players=["Ana", "Ben"], gm="Gil", mode="sealed")
    before = sealed.read_bytes()
    with pytest.raises(KeyStoreError, match="kit key new Ben"):
        append_sealed_turn(sealed, "take_seat", {}, "Ben", store)
    with pytest.raises(RulesError, match="P-1"):
        append_sealed_turn(sealed, "take_seat", {}, "Cy", store)
    assert sealed.read_bytes() == before
    game, result = append_sealed_turn(sealed, "take_seat", {}, "Ana", store)
    assert game.has_joined("Ana") and result.seat == "Ana"
    assert store.export_text("Ana") not in sealed.read_text()  # the key never enters the file
    assert gamefile.verify(sealed).ok
