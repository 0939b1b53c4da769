"""Sealed play on the command line (K-1…K-3): kit key, kit join, kit seal — each seat with its own config folder."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import gf_tamper as tamper
import pytest

from kit.cli import main
from kit.gamefile import load, load_file
from kit.gamefile.keys import KeyStore, append_sealed_turn
from kit.systems import system_info

SEATS = ("Ana", "Ben", "Gil")
CHECK = {"character": "Mira", "skill": "Defy", "difficulty": "Hard"}
CODE_LIKE = re.compile(r"game\.|\(\)|\w\(|=True|=False|Traceback")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def homes(tmp_path: Path) -> dict[str, Path]:
    """Each participant's own config folder: nobody's keys are on anyone else's machine."""
    return {seat: tmp_path / f"home-{seat}" for seat in (*SEATS, "Cy")}


@pytest.fixture
def at(monkeypatch: pytest.MonkeyPatch, homes: dict[str, Path]):
    """``at("Ana")``: what follows runs on Ana's machine (her KIT_CONFIG_DIR); returns her key store."""

    def sit_at(seat: str) -> KeyStore:
        monkeypatch.setenv("KIT_CONFIG_DIR", str(homes[seat]))
        return KeyStore()

    return sit_at


def create_mira(path: Path, store: KeyStore) -> None:
    info = system_info("suitpairs")
    args = {"name": "Mira", **info.sheet("Mira")}
    if info.player_on_sheet:
        args["player"] = "Ana"
    append_sealed_turn(path, info.party[0][0], args, "Ana", store)


@pytest.fixture
def seated(tmp_path: Path, capsys, at) -> tuple[Path, dict[str, str]]:
    """A sealed Suit Pairs game where Ana, Ben and Gil took their seats, each from their own machine; Ana made Mira."""
    path = tmp_path / "sealed.ipynb"
    code, out, err = run(capsys, "new", "suitpairs", str(path), "--player", "Ana", "--player", "Ben", "--gm", "Gil",
                         "--sealed", "--seed", "cli-sealed")
    assert code == 0 and err == "" and "sealed game" in out and f"kit join {path} --as NAME" in out
    anchors = {}
    for seat in SEATS:
        at(seat)
        code, out, err = run(capsys, "key", "new", seat)
        assert code == 0 and err == "" and "fingerprint" in out
        code, out, err = run(capsys, "join", str(path), "--as", seat)
        assert code == 0 and err == "" and out.count("\n") == 1, err
        assert "Post this anchor in the thread" in out
        anchors[seat] = out.split()[-1]
    create_mira(path, at("Ana"))
    return path, anchors


def test_k1_each_seat_takes_its_seat_with_its_own_key_and_the_anchor_is_printed(seated, homes, capsys):
    path, anchors = seated
    game = load(path)
    assert [event.action for event in game.log][:3] == ["take_seat"] * 3
    for seat in SEATS:
        assert game.proofs.chains[seat].act_anchor.startswith(anchors[seat])
        assert [p.name for p in (homes[seat] / "keys").iterdir()] == [f"{seat}.key"]  # only their own key
        assert KeyStore(homes[seat]).export_text(seat) not in path.read_text()
    code, out, err = run(capsys, "verify", str(path))
    assert code == 0 and err == "" and "intact" in out and "SEALED" in out
    assert all(anchor in out for anchor in anchors.values())


def test_k3_a_declared_turn_is_sealed_by_the_next_seat_with_kit_seal_and_verifies(seated, capsys, at):
    path, _ = seated
    game, declared = append_sealed_turn(path, "check", CHECK, "Ana", at("Ana"))
    assert "waiting for Ben's draw" in str(declared) and game.proofs.next_to_seal("Ben") is not None  # K-3
    assert load(path).pending_declarations[0].turn == 5
    for other in ("Ana", "Gil"):  # neither the declarer nor the GM seals it
        at(other)
        code, out, err = run(capsys, "seal", str(path), "--as", other)
        assert code == 0 and f"nothing waits for your seal ({other})" in out and "turn 5 waits for Ben's seal" in out
    at("Ben")
    code, out, err = run(capsys, "seal", str(path), "--as", "Ben")
    assert code == 0 and err == "" and out.count("\n") == 1, err
    assert "turn 6 seals turn 5: Mira checks" in out and not CODE_LIKE.search(out)
    code, out, _ = run(capsys, "seal", str(path), "--as", "Ben")
    assert code == 0 and "nothing waits for your seal" in out
    sealed = load_file(path).game
    assert sealed.pending_declarations == [] and sealed.log[-1].action == "check"
    assert sealed.log[-1].seat == "Ana" and sealed.log[-1].proof["by"] == "Ben"
    code, out, err = run(capsys, "verify", str(path))
    assert code == 0 and err == "" and "intact" in out and "1 draw sealed by a second seat" in out


def test_k3_kit_seal_seals_the_waiting_declarations_in_the_order_declared(seated, capsys, at):
    path, _ = seated
    append_sealed_turn(path, "check", CHECK, "Ana", at("Ana"))  # sealed by Ben, the next seat
    append_sealed_turn(path, "check", CHECK, "Gil", at("Gil"))  # the GM's own: Ana, the next seat after him, seals it
    at("Ana")
    code, out, err = run(capsys, "seal", str(path), "--as", "Ana")  # not before Ben has sealed turn 5
    assert code == 0 and "nothing waits for your seal (Ana); turn 5 waits for Ben's seal" in out, err
    at("Ben")
    code, out, err = run(capsys, "seal", str(path), "--as", "Ben")
    assert code == 0 and out.count("\n") == 1 and "seals turn 5" in out, err
    at("Ana")
    code, out, err = run(capsys, "seal", str(path), "--as", "Ana")
    assert code == 0 and out.count("\n") == 1 and "seals turn 6" in out, err
    assert load(path).pending_declarations == []
    assert run(capsys, "verify", str(path))[0] == 0


def test_k3_kit_seal_seals_every_declaration_waiting_for_the_seat_in_order(tmp_path, capsys, at):
    """With Ben not seated, the GM seals both Ana's draw and Cy's (the sealer of last resort, K-3): one kit seal."""
    path = tmp_path / "three.ipynb"
    assert run(capsys, "new", "suitpairs", str(path), "--player", "Ana", "--player", "Ben", "--player", "Cy",
               "--gm", "Gil", "--sealed", "--seed", "cli-three")[0] == 0
    for seat in ("Ana", "Cy", "Gil"):
        at(seat)
        run(capsys, "key", "new", seat)
        assert run(capsys, "join", str(path), "--as", seat)[0] == 0
    create_mira(path, at("Ana"))
    info = system_info("suitpairs")
    nell = {**info.sheet("Mira"), "name": "Nell", **({"player": "Cy"} if info.player_on_sheet else {})}
    append_sealed_turn(path, info.party[0][0], nell, "Cy", at("Cy"))
    append_sealed_turn(path, "check", CHECK, "Ana", at("Ana"))
    append_sealed_turn(path, "check", {**CHECK, "character": "Nell"}, "Cy", at("Cy"))
    assert [waiting.sealer for waiting in load(path).pending_declarations] == ["Gil", "Gil"]
    at("Gil")
    code, out, err = run(capsys, "seal", str(path), "--as", "Gil")
    assert code == 0 and out.count("\n") == 2, err
    assert out.index("turn 8 seals turn 6: Mira") < out.index("turn 9 seals turn 7: Nell")
    assert load(path).pending_declarations == []
    assert run(capsys, "verify", str(path))[0] == 0


def test_k2_a_turn_forged_into_another_seat_is_named_by_kit_verify(seated, capsys):
    path, _ = seated
    notebook = tamper.read(path)
    event = tamper.turn_cells(notebook)[3]["metadata"]["kit"]["event"]  # turn 4: Ana made Mira
    assert event["seat"] == "Ana"
    event["seat"] = "Ben"
    tamper.rehash_from(notebook, 4)
    tamper.write(path, notebook)
    code, out, err = run(capsys, "verify", str(path))
    assert code == 1 and out == "" and err.count("\n") == 1
    assert "NOT intact: turn 4" in err and "Ben" in err


def test_k2_a_seal_forged_by_another_seat_is_named_by_kit_verify(seated, capsys, at):
    path, _ = seated
    append_sealed_turn(path, "check", CHECK, "Ana", at("Ana"))
    at("Ben")
    assert run(capsys, "seal", str(path), "--as", "Ben")[0] == 0
    notebook = tamper.read(path)
    event = tamper.turn_cells(notebook)[5]["metadata"]["kit"]["event"]
    assert event["proof"]["by"] == "Ben"
    event["proof"]["by"] = "Gil"  # the GM claims the seal Ben made
    tamper.rehash_from(notebook, 6)
    tamper.write(path, notebook)
    code, _, err = run(capsys, "verify", str(path))
    assert code == 1 and "NOT intact: turn 6" in err


# -- kit key ---------------------------------------------------------------------------------


def test_k1_kit_key_new_show_export_import_list_forget(capsys, at, monkeypatch):
    at("Ana")
    code, out, _ = run(capsys, "key", "new", "Ana")
    fingerprint = re.search(r"fingerprint ([0-9a-f]{8})", out).group(1)
    code, out, err = run(capsys, "key", "show", "Ana")
    assert code == 0 and out == f"Ana: seat key fingerprint {fingerprint}\n" and "kit-key-" not in out + err
    code, out, err = run(capsys, "key", "export", "Ana")
    assert code == 0 and out.startswith("kit-key-") and out.count("\n") == 1
    assert "secret" in err and err.count("\n") == 1 and "kit-key-" not in err
    text = out.strip()
    code, _, err = run(capsys, "key", "new", "Ana")
    assert code == 1 and "never overwrites" in err and err.count("\n") == 1

    at("Ben")  # Ana's key carried to another machine, piped in
    monkeypatch.setattr("sys.stdin", io.StringIO(text + "\n"))
    code, out, err = run(capsys, "key", "import", "Ana")
    assert code == 0 and fingerprint in out and "kit-key-" not in out + err
    code, out, _ = run(capsys, "key", "import", "Gil (GM)", "--text", text)
    assert code == 0
    code, out, _ = run(capsys, "key", "list")
    assert code == 0 and out.splitlines() == [f"Ana       fingerprint {fingerprint}",
                                              f"Gil (GM)  fingerprint {fingerprint}"]
    monkeypatch.setattr("sys.stdin", io.StringIO("not a key"))
    code, _, err = run(capsys, "key", "import", "Cy")
    assert code == 1 and "not a seat key" in err and err.count("\n") == 1

    code, _, err = run(capsys, "key", "forget", "Ana")
    assert code == 2 and "--yes" in err and "for good" in err and fingerprint in err
    assert KeyStore().get("Ana") is not None
    code, out, _ = run(capsys, "key", "forget", "Ana", "--yes")
    assert code == 0 and "Deleted Ana's seat key" in out and KeyStore().get("Ana") is None
    code, _, err = run(capsys, "key", "forget", "Ana", "--yes")
    assert code == 1 and "no seat key for Ana" in err
    code, out, _ = run(capsys, "key", "list")
    assert code == 0 and out.startswith("Gil (GM)")
    at("Gil")
    code, out, _ = run(capsys, "key", "list")
    assert code == 0 and "No seat keys" in out and "kit key new NAME" in out


def test_k1_kit_key_list_reports_a_damaged_key_and_goes_on(capsys, at):
    store = at("Ana")
    store.new("Ana")
    store.new("Ben")
    store.path("Ana").write_text("garbage")
    code, out, err = run(capsys, "key", "list")
    assert code == 1 and out.startswith("Ben") and "Ana" in err and "damaged" in err


# -- refusals of kit join, kit seal and kit new ------------------------------------------------


def test_k1_kit_join_refusals_say_what_to_do_in_words(tmp_path, capsys, at):
    path = tmp_path / "g.ipynb"
    assert run(capsys, "new", "suitpairs", str(path), "--player", "Ana", "--player", "Ben", "--gm", "Gil",
               "--sealed")[0] == 0
    at("Ana")
    before = path.read_bytes()
    code, out, err = run(capsys, "join", str(path), "--as", "Ana")
    assert code == 1 and out == "" and "kit key new Ana" in err and "kit key import Ana" in err
    code, _, err = run(capsys, "join", str(path), "--as", "Cy")
    assert code == 1 and "Cy" in err and "Ana, Ben or Gil" in err and not CODE_LIKE.search(err)
    assert path.read_bytes() == before
    run(capsys, "key", "new", "Ana")
    assert run(capsys, "join", str(path), "--as", "Ana")[0] == 0
    code, _, err = run(capsys, "join", str(path), "--as", "Ana")
    assert code == 1 and "already taken their seat" in err and "--renew" in err
    at("Ben")  # someone else's key under Ana's name: not the one Ana took her seat with
    run(capsys, "key", "new", "Ana")
    before = path.read_bytes()
    code, _, err = run(capsys, "join", str(path), "--as", "Ana", "--renew")
    assert code == 1 and "another key" in err and "(K-1)" in err and not CODE_LIKE.search(err)
    assert path.read_bytes() == before
    at("Ana")
    code, out, err = run(capsys, "join", str(path), "--as", "Ana", "--renew")
    assert code == 0 and "started new chains" in out, err
    assert load(path).proofs.chains["Ana"].renewal == 1


def test_k1_kit_join_and_seal_refuse_an_open_game_and_a_file_that_is_not_a_game(tmp_path, capsys, at):
    at("Ana")
    run(capsys, "key", "new", "Ana")
    path = tmp_path / "open.ipynb"
    assert run(capsys, "new", "suitpairs", str(path), "--player", "Ana", "--gm", "Gil")[0] == 0
    for command in ("join", "seal"):
        code, _, err = run(capsys, command, str(path), "--as", "Ana")
        assert code == 1 and "open game" in err and err.count("\n") == 1
    plain = tmp_path / "plain.ipynb"
    plain.write_text(json.dumps({"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    code, _, err = run(capsys, "join", str(plain), "--as", "Ana")
    assert code == 2 and "not a game notebook" in err
    code, _, err = run(capsys, "seal", str(tmp_path / "missing.ipynb"), "--as", "Ana")
    assert code == 2 and "no such file" in err


def test_k3_kit_seal_without_the_key_seals_nothing(seated, capsys, at):
    path, _ = seated
    append_sealed_turn(path, "check", CHECK, "Ana", at("Ana"))  # Ben seals it
    before = path.read_bytes()
    at("Gil")  # Gil's machine holds no key of Ben's
    code, _, err = run(capsys, "seal", str(path), "--as", "Ben")
    assert code == 1 and "kit key new Ben" in err and path.read_bytes() == before


def test_k1_kit_new_sealed_options(tmp_path, capsys):
    path = tmp_path / "g.ipynb"
    for sealed in ((), ("--sealed",)):  # nobody is named to seal: the next seat seals each draw (K-3)
        code, _, err = run(capsys, "new", "suitpairs", str(path), "--player", "Ana", "--gm", "Gil", *sealed,
                           "--gm-sealer", "Ana")
        assert code == 2 and "unrecognized arguments: --gm-sealer" in err and not path.exists()
    code, _, err = run(capsys, "new", "suitpairs", str(path), "--player", "Ana", "--player", "Ben", "--gm", "Gil",
                       "--sealed")
    assert code == 0, err
    loaded = load_file(path)
    assert loaded.game.sealed and loaded.game.proofs.gm_sealer == "" and loaded.header.version == 5
    assert loaded.header.sealing == {"chain_length": 100_000} and "gm_sealer" not in path.read_text()
    code, _, err = run(capsys, "new", "suitpairs", str(tmp_path / "no-gm.ipynb"), "--player", "Ana", "--sealed")
    assert code == 1 and err.count("\n") == 1 and not (tmp_path / "no-gm.ipynb").exists()
