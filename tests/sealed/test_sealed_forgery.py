"""Forged sealed files (K-2, K-3, K-4): each forgery re-hashes the file with the kit's own code, and ``kit verify``
still names the turn it hits.

A forger here is careful: after an edit they recompute the outcome the rules give the edited
turn (a sealed draw from its declaration and the values revealed, which anyone can compute
once they are revealed) and every hash after it. What they cannot make is a seat's next chain
value without that seat's key: a proof of the seat (K-2), a seal (K-3).
"""

from __future__ import annotations

import copy
import functools
import re
from pathlib import Path
from typing import Any

import pytest
from sealed_helpers import (
    AT,
    CHARACTERS,
    GM,
    act_value,
    declared_form,
    driver,
    events,
    is_seal,
    key_for,
    random_turn,
    read_nb,
    recompute,
    rehash,
    scripted,
    seal_value,
    seated,
    turn_cells,
    turns_where,
    write_nb,
)

from kit import gamefile
from kit.core.errors import IllegalActionError, RulesError
from kit.core.game import Game
from kit.core.sealed_results import LapseResult
from kit.systems import SYSTEMS


@functools.cache
def _scripted_file(system: str) -> tuple[bytes, tuple[tuple[str, str | None, bool, str], ...]]:
    """The scripted game's file, and each event's (action, seat, is a seal, sealer) — built once a run."""
    import tempfile

    game = scripted(system)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.ipynb"
        gamefile.save(game, path)
        data = path.read_bytes()
    layout = tuple((e.action, e.seat, is_seal(e), (e.proof or {}).get("by", "")) for e in game.log)
    return data, layout


def sealed_file(system: str, tmp_path: Path) -> tuple[Path, Game]:
    """A copy of the scripted game's file in ``tmp_path``, and the game its events make (no key held)."""
    data, _ = _scripted_file(system)
    path = tmp_path / f"{system}.ipynb"
    path.write_bytes(data)
    return path, gamefile.load(path)


def held(path: Path, *seats: str) -> Game:
    """The file's game at a table holding only the keys of ``seats``."""
    game = gamefile.load(path)
    for seat in seats:
        game.hold_key(seat, key_for(seat))
    return game


def forged(path: Path, turn: int, edit: Any, *, outcome: bool = True) -> None:
    """Edit the event of ``turn`` (``edit(event)``), recompute its outcome as a forger would, re-hash from there."""
    notebook = read_nb(path)
    edit(events(notebook)[turn - 1])
    if outcome:
        recompute(notebook, turn)
    rehash(notebook, turn)
    write_nb(path, notebook)


def not_intact(path: Path, turn: int, *needles: str) -> str:
    """``kit verify`` finds the file broken at ``turn``, and its message holds every needle."""
    report = gamefile.verify(path)
    assert not report.ok, report.message
    assert report.turn == turn, report.message
    assert f"turn {turn}:" in report.message, report.message
    for needle in needles:
        assert needle in report.message, report.message
    return report.message


def first(game: Game, action: str, seat: str | None = None, *, seal: bool | None = None) -> int:
    """The first turn of ``action`` (from ``seat``; a seal or not)."""
    return turns_where(game, lambda e: e.action == action and (seat is None or e.seat == seat)
                       and (seal is None or is_seal(e) == seal))[0]


def last(game: Game, seat: str) -> int:
    """``seat``'s latest turn (not counting seals made for it)."""
    return turns_where(game, lambda e: e.seat == seat and not is_seal(e))[-1]


# -- K-2: a turn in another seat's name ---------------------------------------------------------


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_k2_a_players_turn_moved_into_the_gms_seat_is_named_by_verify(system: str, tmp_path: Path):
    """The GM's seat may take any turn (P-1 lets the move through); only the proof says whose it was."""
    path, game = sealed_file(system, tmp_path)
    for turn in (first(game, "note", "Ana"), first(game, "declare", "Ana")):
        path.write_bytes(_scripted_file(system)[0])
        forged(path, turn, lambda event: event.update(seat=GM))
        not_intact(path, turn, "(K-2)", "Gil")


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_k2_a_turn_moved_into_another_players_seat_is_named_by_verify(system: str, tmp_path: Path):
    path, game = sealed_file(system, tmp_path)
    turn = last(game, "Ben")  # Ben's last note, now claimed to be Ana's
    forged(path, turn, lambda event: event.update(seat="Ana"))
    not_intact(path, turn, "(K-2)", "Ana")


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_k2_a_seal_recorded_in_another_seat_is_named_by_verify(system: str, tmp_path: Path):
    path, game = sealed_file(system, tmp_path)
    turn = turns_where(game, lambda e: is_seal(e) and e.seat == "Ben")[0]  # Ben's draw, now claimed as Ana's
    forged(path, turn, lambda event: event.update(seat="Ana"), outcome=False)
    not_intact(path, turn, "(K-2)", "declared in Ben's")


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_k1_a_player_holding_only_his_key_cannot_take_a_turn_in_anothers_seat(system: str, tmp_path: Path):
    path, _ = sealed_file(system, tmp_path)
    before = path.read_bytes()
    bens = held(path, "Ben")
    with pytest.raises(RulesError, match=r"does not hold Ana's seat key \(K-1\)"):
        bens.sit("Ana").note("Ben writes as Ana")
    with pytest.raises(RulesError, match=r"K-1"):
        gamefile.append_to_game(path, bens.sit("Ana"), "note", {"text": "Ben writes as Ana"})
    assert path.read_bytes() == before and not bens.holds_key("Ana")


def _proofs_ben_can_make(game: Game, bens_proof: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Every proof of Ana's seat that Ben can make from the file and his own key."""
    ana = game.proofs.chains["Ana"]
    ben_key = key_for("Ben")
    mac = bens_proof["mac"]
    return {
        "his own proof": dict(bens_proof),
        "Ana's last value again": {"n": ana.act_n + 1, "value": ana.act_last, "mac": mac},
        "Ana's last proof copied": dict(next(e.proof for e in reversed(game.log.events)
                                            if e.seat == "Ana" and not e.proof.get("by"))),
        "a value of his own key for Ana's seat": {"n": ana.act_n + 1, "mac": mac, "value": ben_key.chain(
            game.log.genesis, "Ana", "act", game.proofs.length).value(ana.act_n + 1)},
        "his own next value": {"n": ana.act_n + 1, "mac": mac, "value": act_value(ben_key, game, "Ben", 40)},
        "Ana's anchor": {"n": ana.act_n + 1, "value": ana.act_anchor, "mac": mac},
    }


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_k2_a_turn_appended_in_anothers_seat_by_someone_holding_only_his_key_is_named(system: str,
                                                                                       tmp_path: Path):
    path, _ = sealed_file(system, tmp_path)
    bens = held(path, "Ben")
    gamefile.append_to_game(path, bens.sit("Ben"), "note", {"text": "Ana concedes the duel"})
    assert gamefile.verify(path).ok
    appended, intact = bens.turn, path.read_bytes()
    for how, proof in _proofs_ben_can_make(bens, bens.log[-1].proof).items():
        path.write_bytes(intact)
        forged(path, appended, lambda event, proof=proof: event.update(seat="Ana", proof=proof))
        message = not_intact(path, appended, "(K-2)")
        assert "Ana" in message, (how, message)


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_k2_an_earlier_turn_edited_and_rehashed_is_caught_by_its_mac_when_the_seat_next_plays(system: str,
                                                                                              tmp_path: Path):
    path, game = sealed_file(system, tmp_path)
    note = first(game, "note", "Ana")
    following = turns_where(game, lambda e: e.seat == "Ana" and not is_seal(e) and e.index + 1 > note)[0]
    forged(path, note, lambda event: event["args"].update(text="Ana gives Ben her sword"))
    message = not_intact(path, following, "(K-2)", f"Ana's turn {note} was changed after Ana took it")
    assert f"the value Ana revealed at turn {following}" in message


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_k2_a_seats_latest_turn_edited_waits_for_its_mac_and_the_seat_cannot_play_on_it(system: str,
                                                                                        tmp_path: Path):
    """Until a seat plays again its latest turn's MAC cannot be checked: verify says which turns wait for it,
    the codes posted in the thread show the change, and the seat's own table refuses to play on (K-2)."""
    path, game = sealed_file(system, tmp_path)
    latest = last(game, "Ana")
    forged(path, latest, lambda event: event["args"].update(text="Ana gives Ben her sword"))
    report = gamefile.verify(path)
    assert report.ok and f"confirmed by its next one (K-2): Ana's turn {latest}" in report.message
    assert report.checked.game.log.head != game.log.head  # the head code posted in the thread tells
    anas = held(path, "Ana")
    before = path.read_bytes()
    with pytest.raises(RulesError, match=rf"Ana's turn {latest} was changed after Ana took it.*\(K-2\)"):
        gamefile.append_to_game(path, anas.sit("Ana"), "note", {"text": "my next turn"})
    assert path.read_bytes() == before


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_k2_a_declaration_changed_with_its_draw_recomputed_is_caught_by_its_mac(system: str, tmp_path: Path):
    """Once the GM's seal value is public anyone can compute the draw of any declaration: a forger who changes
    what Ana declared, and what the seal played, still cannot remake her MAC, bound to her next value."""
    path, game = sealed_file(system, tmp_path)
    action = random_turn(system, CHARACTERS[system]["Ana"], 0)[0]
    declaration = turns_where(game, lambda e: e.action == "declare" and e.seat == "Ana"
                              and e.args["action"] == action)[0]
    declared = game.log[declaration - 1]
    seal = turns_where(game, lambda e: is_seal(e) and e.proof["sealed"] == declaration)[0]
    other = declared_form(game, *random_turn(system, CHARACTERS[system]["Ana"], 3))
    # another turn, with what decides the steps after it kept (a flip's guide and target): the same flow after it
    other[1].update({name: declared.args["args"][name] for name in driver(system).flow_args})
    assert other[1] != declared.args["args"]
    notebook = read_nb(path)
    found = events(notebook)
    found[declaration - 1]["args"]["args"] = other[1]
    found[declaration - 1]["args"]["at"] = AT
    recompute(notebook, declaration)
    rehash(notebook, declaration)
    found[seal - 1]["args"] = copy.deepcopy(other[1])
    recompute(notebook, seal)
    rehash(notebook, seal)
    write_nb(path, notebook)
    following = turns_where(game, lambda e: e.seat == "Ana" and not is_seal(e) and e.index + 1 > declaration)[0]
    not_intact(path, following, "(K-2)", f"Ana's turn {declaration} was changed after Ana took it")


# -- K-3: a seal value changed, a declaration replayed, seals out of order ------------------------


def _gm_seal(game: Game) -> int:
    return turns_where(game, lambda e: is_seal(e) and e.proof["by"] == GM)[1]


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_k3_the_gm_changing_a_revealed_seal_value_breaks_verification(system: str, tmp_path: Path):
    path, game = sealed_file(system, tmp_path)
    turn = _gm_seal(game)
    n = game.log[turn - 1].proof["n"]
    gm_key = key_for(GM)
    choices = {
        "another value": "ab" * 32,
        "his next value": seal_value(gm_key, game, GM, n + 1),
        "his value before": seal_value(gm_key, game, GM, n - 1),
        "a value of his act chain": act_value(gm_key, game, GM, n),
    }
    for how, value in choices.items():
        for outcome in (False, True):  # the value alone, or the outcome recomputed to match the new value
            path.write_bytes(_scripted_file(system)[0])
            forged(path, turn, lambda event, value=value: event["proof"].update(value=value), outcome=outcome)
            report = gamefile.verify(path)
            assert not report.ok and report.turn == turn, (how, outcome, report.message)
            assert "(K-2)" in report.message and "Gil's seal value" in report.message, report.message
    path.write_bytes(_scripted_file(system)[0])  # his next value, numbered as the next: the number gives it away
    forged(path, turn, lambda event: event["proof"].update(value=seal_value(gm_key, game, GM, n + 1), n=n + 1))
    not_intact(path, turn, "(K-2)", f"Gil's seal value number {n + 1}")


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_k3_the_sealer_cannot_seal_again_or_with_another_value_at_its_table(system: str, tmp_path: Path):
    path, _ = sealed_file(system, tmp_path)
    table = held(path, GM, "Ana", "Ben")
    with pytest.raises(IllegalActionError, match=r"no declaration waits for Gil's draw \(K-3\)"):
        table.sit(GM).seal()
    turns = table.turn
    table.sit("Ana").declare(*declared_form(table, *random_turn(system, CHARACTERS[system]["Ana"], 1)), at=AT)
    sealer = table.pending_declarations[0].sealer
    assert sealer == "Ben"  # the next seat after Ana (K-3)
    n = table.proofs.chains[sealer].seal_n + 1
    for value in ("ab" * 32, seal_value(key_for(sealer), table, sealer, n + 1), table.proofs.chains[sealer].seal_last):
        with pytest.raises(RulesError, match=r"\(K-2\)"):
            table.sit(sealer).prove(n, value).seal()
        assert table.turn == turns + 1 and len(table.pending_declarations) == 1
    table.sit(sealer).seal()
    assert table.turn == turns + 2 and not table.pending_declarations
    with pytest.raises(IllegalActionError, match=rf"no declaration waits for {sealer}'s draw \(K-3\)"):
        table.sit(sealer).seal()


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_k3_a_declaration_or_seal_copied_to_a_later_position_is_refused(system: str, tmp_path: Path):
    path, game = sealed_file(system, tmp_path)
    declaration = first(game, "declare", "Ana")
    seal = turns_where(game, lambda e: is_seal(e) and e.proof["sealed"] == declaration)[0]
    sealer = game.log[seal - 1].proof["by"]  # Ben, the next seat after Ana (K-3)
    needles = {(declaration,): "a turn moved, replayed or left out", (declaration, seal): "a turn moved, replayed",
               (seal,): f"no declaration waits for {sealer}'s seal"}
    for copied, needle in needles.items():  # the declaration, with its seal after it, or the seal alone
        path.write_bytes(_scripted_file(system)[0])
        notebook = read_nb(path)
        for turn in copied:
            cell = copy.deepcopy(turn_cells(notebook)[turn - 1])
            cell["execution_count"] = len(notebook["cells"])
            cell["id"] = f"copied-{turn}"
            notebook["cells"].append(cell)
        rehash(notebook)
        write_nb(path, notebook)
        not_intact(path, game.turn + 1, "(K-2)", needle)


def _two_waiting(system: str) -> tuple[Game, int, int]:
    """A table holding every key, with Ana's declaration waiting for Ben's seal and Ben's, after it, for Gil's."""
    game = seated(system, "two-waiting")
    first_turn = game.turn + 1
    game.sit("Ana").declare(*declared_form(game, *random_turn(system, CHARACTERS[system]["Ana"], 1)), at=AT)
    game.sit("Ben").declare(*declared_form(game, *random_turn(system, CHARACTERS[system]["Ben"], 3)), at=AT)
    assert [waiting.sealer for waiting in game.pending_declarations] == ["Ben", GM]
    return game, first_turn, first_turn + 1


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_k3_sealing_out_of_order_is_refused_live(system: str):
    """Declarations are sealed in the order they were made, whoever seals them (K-3): Gil cannot seal Ben's draw
    before Ben has sealed Ana's, and Ben seals Ana's with the value it was given, no other."""
    game, anas, bens = _two_waiting(system)
    turns, fingerprint = game.turn, game.fingerprint()
    gm_n = game.proofs.chains[GM].seal_n + 1
    with pytest.raises(IllegalActionError, match=rf"turn {anas} was declared first and waits for Ben's seal \(K-3\)"):
        game.sit(GM).seal(bens)
    with pytest.raises(IllegalActionError, match=r"\(K-3\)"):
        game.sit(GM).prove(gm_n, seal_value(key_for(GM), game, GM, gm_n)).seal()  # his own good value: not yet
    with pytest.raises(IllegalActionError, match=rf"seal turn {bens}: turn {anas} was declared first \(K-3\)"):
        game.sit("Ben").seal(bens)
    n = game.proofs.chains["Ben"].seal_n + 1
    ben_key = key_for("Ben")
    with pytest.raises(RulesError, match=rf"seal value number {n + 1}\b.*\(K-2\)"):
        game.sit("Ben").prove(n + 1, seal_value(ben_key, game, "Ben", n + 1)).seal()  # a value skipped
    with pytest.raises(RulesError, match=r"\(K-2\)"):
        game.sit("Ben").prove(n, seal_value(ben_key, game, "Ben", n + 1)).seal()
    assert (game.turn, game.fingerprint(), len(game.pending_declarations)) == (turns, fingerprint, 2)
    game.sit("Ben").seal(anas)
    game.sit(GM).seal(bens)
    assert not game.pending_declarations


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_k3_sealing_out_of_order_is_named_in_a_file(system: str, tmp_path: Path):
    path, game = sealed_file(system, tmp_path)
    seals = turns_where(game, is_seal)
    at = next(turn for turn in seals if turn + 1 in seals and game.log[turn].proof["sealed"] > game.log[turn - 1]
              .proof["sealed"])  # Ben seals Ana's declaration, then Gil Ben's later one, one after the other
    earlier, later = game.log[at - 1].proof, game.log[at].proof
    assert (earlier["by"], later["by"]) == ("Ben", GM)
    notebook = read_nb(path)
    cells = notebook["cells"]
    cells[at + 1], cells[at + 2] = cells[at + 2], cells[at + 1]  # header and setup come first
    for position, cell in enumerate(turn_cells(notebook), start=1):
        cell["execution_count"] = position + 1
    rehash(notebook, at)
    write_nb(path, notebook)
    # Gil's seal of the later declaration now comes first, while Ana's still waits for Ben's.
    not_intact(path, at, "(K-2)", f"it seals turn {later['sealed']} out of order", "waits for Ben's seal")
    # A seal value skipped, the draw recomputed with it: the number or the value gives it away.
    path.write_bytes(_scripted_file(system)[0])
    n = earlier["n"]
    forged(path, at, lambda event: event["proof"].update(n=n + 1, value=seal_value(key_for("Ben"), game, "Ben", n + 1)))
    not_intact(path, at, "(K-2)", f"seal value number {n + 1}")


# -- K-4: a lapse cannot be faked ---------------------------------------------------------------


def test_k4_a_declaration_the_rules_refuse_when_sealed_lapses_and_the_file_verifies(tmp_path: Path):
    """Ana declares a check for Mira and Gil declares one too; once Ana's is sealed (by Ben) Mira's check waits to be
    accepted, so Gil's, sealed by Ana after it, lapses (K-4) — recorded as a seal, and the file is intact."""
    game = seated("suitpairs", "lapse")
    ana_turn = game.turn + 1
    game.sit("Ana").declare("check", {"character": "Mira", "skill": "Defy", "difficulty": "Hard"}, at=AT)
    game.sit(GM).declare("check", {"character": "Mira", "skill": "Charm", "difficulty": "Easy"}, at=AT)
    game.sit("Ben").seal(ana_turn)
    lapse = game.sit("Ana").seal()
    assert isinstance(lapse, LapseResult) and lapse.turn == ana_turn + 1 and "K-4" in str(lapse.describe())
    assert game.log[-1].action == "seal" and game.log[-1].proof["by"] == "Ana"
    path = tmp_path / "lapse.ipynb"
    gamefile.save(game, path)
    assert gamefile.verify(path).ok


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_k4_a_seal_claiming_a_legal_declaration_lapsed_is_refused(system: str, tmp_path: Path):
    path, game = sealed_file(system, tmp_path)
    # Live: the sealer cannot record a lapse the rules do not allow, even with a good seal value.
    table = held(path, GM, "Ana", "Ben")
    table.sit("Ana").declare(*declared_form(table, *random_turn(system, CHARACTERS[system]["Ana"], 1)), at=AT)
    waiting = table.pending_declarations[0]
    turns, fingerprint = table.turn, table.fingerprint()
    with pytest.raises(RulesError, match=r"the rules allow the declared turn with its draw \(K-4\)"):
        table.sit(waiting.sealer)._perform("seal", {"turn": waiting.turn},
                                           seal_proof=table.proofs.make_seal_proof(waiting.sealer, waiting))
    assert (table.turn, table.fingerprint(), len(table.pending_declarations)) == (turns, fingerprint, 1)
    # In a file: a seal of a legal declaration rewritten as its lapse, proof kept, outcome and hashes remade.
    turn = _gm_seal(game)
    sealed = game.log[turn - 1].proof["sealed"]
    forged(path, turn, lambda event: event.update(action="seal", args={"turn": sealed}, seat=GM))  # as a lapse is
    not_intact(path, turn, "(K-4)", "the rules allow the declared turn")


def test_k1_the_file_holds_no_key_of_any_seat(tmp_path: Path):
    """The file holds anchors, values and MACs (K-1): no key's text or secret, and nothing Ben could act with."""
    path, _ = sealed_file("suitpairs", tmp_path)
    text = path.read_text(encoding="utf-8")
    for seat in ("Ana", "Ben", GM):
        key = key_for(seat)
        assert key.to_text() not in text and key.secret.hex() not in text
    assert not re.search(r"kit-key-", text)
