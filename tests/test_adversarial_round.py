"""An adversarial round: attacks by a player or GM who holds the game file and their own key, written as tests.

Each test names the attack, the ruling it tries to break and the secure behaviour it asserts.
Tests of weaknesses found in this round fail until the kit is fixed; tests of attacks the kit
resisted pass and keep it that way. Weaknesses already known and being fixed elsewhere (a late
sealer, the GM steering a waiting draw, ``drawing`` edited, chapters shadowed by name, seatless
turns, declarations accepted on replay, ``load`` of a closed chapter, key file modes) are not
repeated here.
"""

from __future__ import annotations

import json
import shutil
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

from kit import systems
from kit.core.errors import RulesError
from kit.core.events import Event
from kit.gamefile import append_turn, save, verify
from kit.gamefile.header import Header
from kit.gamefile.notebook import parse_notebook
from kit.systems import system_info

SAMPLES = Path(__file__).resolve().parents[1] / "notebooks" / "games"


def _read(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def _write(path: Path, notebook: dict[str, Any]) -> None:
    path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


# -- G-6: a file that makes the reader keep a copy of the state for every turn -------------------------------------


def _crowded_suitpairs(path: Path, characters: int, notes: int) -> int:
    """A practice Suit Pairs game of ``characters`` characters then ``notes`` notes, saved at ``path``; its turns."""
    game = systems.new_game("suitpairs", seed="crowded-table", practice=True)
    for number in range(characters):
        game.create_character(f"C{number}", "Baker", 3, 2, 2, 3, ["Defy", "Analyze", "Stealth", "Help"])
    for number in range(notes):
        game.note(f"n{number}")
    save(game, path)
    return len(game.log)


def _append_void_cells(notebook: dict[str, Any], turns: int) -> None:
    """Append one turn cell per turn, each a ``void`` event naming that turn, chained with the kit's own hash.

    Every hash is right, so the cells pass any check of the chain; the first of them is refused by the rules
    (it voids turn 1, a character's creation, while later turns stand).
    """
    meta = notebook["metadata"]["kit"]
    prev = meta["head"]
    for turn in range(1, turns + 1):
        index = turns + turn - 1
        event = {"index": index, "action": "void", "args": {"turn": turn, "reason": "x"},
                 "outcome_digest": "0" * 64, "prev": prev, "hash": "0" * 64}
        event["hash"] = prev = Event.from_dict(event).expected_hash(meta["format_version"])
        notebook["cells"].append({"cell_type": "code", "execution_count": index + 2, "id": f"kit-turn-{index + 1}",
                                  "metadata": {"kit": {"event": event}}, "outputs": [],
                                  "source": f'game.void({turn}, "x")'})


def _peak_while_verifying(path: Path) -> tuple[int, Any]:
    """The most memory verifying the file took beyond reading it, and the report."""
    raw = parse_notebook(path.read_bytes())
    tracemalloc.start()
    try:
        report = verify(path, raw=raw)
        return tracemalloc.get_traced_memory()[1], report
    finally:
        tracemalloc.stop()


def test_g6_void_cells_naming_every_turn_do_not_make_verify_copy_the_state_at_every_turn(tmp_path: Path):
    """Attack: take any long game with a large state (here 120 characters, then 600 notes) and append, after
    its last turn, one cell per turn holding a ``void`` event that names that turn, each chained with the right
    hash (the first is refused by the rules on replay). ``check`` calls ``Game.prepare_replay`` with every event
    of the file before any is verified, so the replay deep-copies the whole state before each named turn and
    keeps every copy: memory grows as turns x state (a 4.5 MB file took 1 GB and 9x the time in this round),
    which breaks G-6's bound on what reading any file may take (a shared table's kernel verifying an upload is
    the target).

    Secure: a file whose replay fails at the first void cell costs about what the intact file costs to verify
    (here 2 MiB against 61 MiB today); the state before a turn is kept only once a void of it has verified up
    to it, or rebuilt on demand, never one copy per turn named by events not yet verified.
    """
    intact = tmp_path / "crowded.ipynb"
    turns = _crowded_suitpairs(intact, characters=120, notes=600)
    forged = tmp_path / "crowded-voids.ipynb"
    notebook = _read(intact)
    _append_void_cells(notebook, turns)
    _write(forged, notebook)

    base_peak, base = _peak_while_verifying(intact)
    forged_peak, report = _peak_while_verifying(forged)

    assert base.ok
    assert not report.ok and report.turn == turns + 1
    assert forged_peak < 3 * base_peak + 4 * 2**20, (
        f"verifying the file with {turns} void cells peaked at {forged_peak / 2**20:.0f} MiB, "
        f"against {base_peak / 2**20:.0f} MiB for the same game without them (G-6)")


# -- P-1 / F-7: a player's flip spends the opposing player's Fate tokens ------------------------------------------


def _seated_falkefateifaux() -> Any:
    """An open FalkeFateiFaux game with seats: Ana plays Ada, Ben plays Bruno, Gil is the GM."""
    game = systems.new_game("falkefateifaux", seed="contest-seat", players={"Ana": ["Ada"], "Ben": ["Bruno"]},
                            gm="Gil")
    game.sit("Gil")
    for action, args in system_info("falkefateifaux").party_for(["Ana", "Ben"]):
        getattr(game, action)(**args)
    return game


CONTEST = {"character": "Ada", "skill": "Fisticuffs", "against": "Bruno", "against_skill": "Fisticuffs"}


@pytest.mark.parametrize(("spend", "extra"), [
    ("against_boost", {**CONTEST, "against_boost": True}),
    ("against_suit", {**CONTEST, "against_suit": True}),
    ("against_hinder", {"character": "Ada", "skill": "Fisticuffs", "target": 6, "against": "Bruno",
                        "against_hinder": True}),
])
def test_p1_a_players_flip_cannot_spend_the_fate_tokens_of_another_players_character(spend: str,
                                                                                     extra: dict[str, Any]):
    """Attack: from Ana's seat, flip Ada against Ben's Bruno with ``against_boost``/``against_suit``/
    ``against_hinder``: Bruno spends his Fate tokens on Ana's say-so. The seat rule of ``flip`` checks only
    ``character`` (Ada), so the turn is taken, recorded in Ana's seat and replays intact; Ana can drain Ben's
    tokens before a contest that matters (with ``against_hinder`` she does it at the cost of one [−] to herself).
    Breaks P-1 ("a player acts for their own characters only") and F-7 (a token is spent by its holder);
    R-5a already refuses the same thing for a Roll-Under attacker naming the defender's defence.

    Secure: refused from a player's seat (P-1), nothing spent; the opponent's spends come from the opponent's
    own seat or the GM's.
    """
    game = _seated_falkefateifaux()
    fate = game.state.characters["Bruno"].fate
    turns = len(game.log)
    with pytest.raises(RulesError):
        game.sit("Ana").flip(**extra)
    assert game.state.characters["Bruno"].fate == fate, f"Ana's flip spent Bruno's Fate tokens ({spend})"
    assert len(game.log) == turns


def test_p1_a_players_flip_cannot_give_up_guiding_fate_for_another_players_character():
    """Attack: from Ana's seat, flip a contest against Ben's Bruno with ``against_guide=False``: Bruno passes
    on guiding fate (F-8) before Ben has had any say, so Ben's hand cannot help Bruno's stack. Breaks P-1
    (Ana decides for Ben's character) and F-8 (guiding is the side's own choice).

    Secure: refused from a player's seat unless the GM's (P-1); the game is unchanged.
    """
    game = _seated_falkefateifaux()
    turns = len(game.log)
    with pytest.raises(RulesError):
        game.sit("Ana").flip(**CONTEST, against_guide=False)
    assert len(game.log) == turns


def test_p1_the_flip_spending_anothers_tokens_is_refused_at_the_table_and_writes_nothing(tmp_path: Path):
    """Attack, at a table: Ana appends her contest flip with ``against_boost=True`` to the game file
    (``append_turn``, as her table does from the stack resolver's "opponent [++] boost" box).

    Secure: refused (P-1), and the file is byte for byte what it was.
    """
    path = tmp_path / "contest.ipynb"
    game = _seated_falkefateifaux()
    save(game, path)
    before = path.read_bytes()
    with pytest.raises(RulesError):
        append_turn(path, "flip", {**CONTEST, "against_boost": True}, expected_turn=len(game.log), seat="Ana")
    assert path.read_bytes() == before


# -- G-5 / G-7: the header cell shows text no turn made --------------------------------------------------------------


@pytest.mark.parametrize("forged", [
    "kit 0.1.0 |\n\nTurn 40: GM ruling - Mira WINS the duel and Tomas is dead",
    "kit 0.1.0 \u202eNIW ARIM",
])
def test_g5_created_with_cannot_put_lines_or_reordered_text_into_the_header_cell(tmp_path: Path, forged: str):
    """Attack: set ``metadata.kit.created_with`` (the one field verify does not derive) to text with line
    breaks or a bidirectional override, and redraw the header cell from it with the kit's own ``Header``.
    GitHub then shows, under the header's table, a paragraph such as "Turn 40: GM ruling - Mira WINS the duel"
    (the game has 34 turns), or text whose order is reversed; ``kit verify`` says intact, since it draws the
    expected header from the same field and compares equal. Breaks G-5/G-7 (the header is a drawing of the
    file's start and turns, showing nothing no turn made) and G-2 (no text a file shows holds control or
    format characters).

    Secure: NOT intact (created_with is one printable line, or has the kit's own form ``kit X.Y.Z``).
    """
    path = tmp_path / "suitpairs.ipynb"
    shutil.copy(SAMPLES / "suitpairs-sample.ipynb", path)
    notebook = _read(path)
    meta = notebook["metadata"]["kit"]
    meta["created_with"] = forged
    notebook["cells"][0]["source"] = Header.from_dict(meta).markdown().splitlines(True)
    _write(path, notebook)

    report = verify(path)
    assert not report.ok, f"verify calls a header showing {forged!r} intact: {report.message[:120]}"


# -- C-1 / C-3: a state no checkpoint can hold stops the campaign for good ---------------------------------------------


def test_c3_the_gms_clock_cannot_stop_a_campaign_from_taking_any_further_turn(tmp_path: Path):
    """Attack: in a Roll-Under campaign the GM moves the clock on a year at a time (``advance_time(hours=8784)``,
    within G-3's bound for one call) 32 times: the clock passes the 10⁹ seconds a checkpoint may hold. Every
    turn is accepted and the file verifies, but when the chapter is full the next turn must start the next
    chapter, ``Game.checkpoint`` refuses the clock, and so every turn from then on is refused — a void of the
    clock, a note, anything: the campaign can never go on (a long campaign of 32 game years gets there by
    itself). Breaks C-1/C-3 (the next turn after a full chapter starts the next one).

    Secure: the turn that would carry the state past what a checkpoint holds is refused (G-3), or the
    checkpoint holds every state the rules allow; the campaign always takes its next turn.
    """
    from kit.gamefile.store import create

    path = tmp_path / "clock.ipynb"
    create("rollunder", path, players={"Ana": [], "Ben": []}, gm="Gil", seed="clock", chapter_turns=40)
    turn = 0
    for _ in range(40):
        try:
            game, _result = append_turn(path, "advance_time", {"hours": 8784}, expected_turn=turn, seat="Gil")
        except RulesError:  # refused before the clock passes what a checkpoint holds: fill the chapter otherwise
            game, _result = append_turn(path, "note", {"text": "a year passes"}, expected_turn=turn, seat="Gil")
        turn = game.turn
    assert verify(path).ok
    try:
        game, _result = append_turn(path, "note", {"text": "the campaign goes on"}, expected_turn=turn, seat="Gil")
    except RulesError as refusal:
        pytest.fail(f"the full chapter cannot be followed, so no turn can be taken any more: {refusal}")
    assert game.turn == turn + 1


# -- C-1: kit verify FOLDER --from CODE with a chapter it skips by its own word-----------------------------------------


def test_c1_verify_from_a_code_links_every_chapter_after_the_one_holding_it(tmp_path: Path):
    """Attack: ``kit verify FOLDER --from kit:34-…`` where the code is the last posted for chapter 1 (here a
    version-1 file, whose end no checkpoint can be taken of). The folder also holds a ``game.ch2.ipynb`` whose
    header claims it ends before turn 34 (``checkpoint.events`` 1, ``turns`` 0, ``head`` the ``follows`` of the
    next) and a ``game.ch3.ipynb`` continued from a checkpoint of the forger's choosing (another Mira, a
    character "Forger"). ``verify_chapter`` skips chapter 2 unverified on its header's word, ``link_problems``
    then compares its ``starts_from`` None with chapter 1's ``ends_at`` None (equal), and never links chapter 3
    to anything (``before.skipped: continue``): "campaign intact: chapters 1–3", exit 0. The same holds after any
    chapter whose end state cannot be checkpointed. Breaks C-1 (verified together, each chapter starts where the
    one before it ended) for the chapters after the code, which ``--from`` promises to check.

    Secure: NOT intact (exit 1): only chapters before the one holding the code are skipped, every chapter after
    it is verified and linked, and a chapter with no end checkpoint is followed by none.
    """
    from kit.cli import main
    from kit.gamefile import load
    from kit.gamefile.campaign import verify_campaign
    from kit.gamefile.chapters import chapter_header, notebook_bytes
    from kit.gamefile.post import turn_code

    folder = tmp_path / "campaign"
    folder.mkdir()
    first = folder / "game.ipynb"
    shutil.copy(Path(__file__).parent / "gamefile" / "v1" / "suitpairs-sample.ipynb", first)
    played = load(first)
    code, turns = turn_code(played.log[-1]), len(played.log)

    source = systems.new_game("suitpairs", seed=played.seed, practice=True)
    source.create_character("Mira", "Baker", 5, 1, 1, 3, ["Defy", "Analyze", "Stealth", "Help"])
    point = source.checkpoint()
    point["events"] = turns + 1
    forged = systems.new_game("suitpairs", seed=played.seed, practice=True)
    unverified_head = "ab" * 32
    forged.continue_from(3, unverified_head, point)
    forged.create_character("Forger", "Thief", 4, 2, 2, 2, ["Defy", "Analyze", "Stealth", "Help"])
    third = folder / "game.ch3.ipynb"
    third.write_bytes(notebook_bytes(forged, chapter_header(forged, Header.for_game(forged))))

    notebook = _read(third)
    meta = notebook["metadata"]["kit"]
    meta.update(chapter=2, follows=played.log.head, head=unverified_head, turns=0)
    meta["checkpoint"] = dict(meta["checkpoint"], events=1)
    notebook["cells"] = notebook["cells"][:2]
    _write(folder / "game.ch2.ipynb", notebook)

    assert verify(first).ok and verify(third).ok  # each alone, as the forger made them
    report = verify_campaign([folder], jobs=1, from_code=code)
    assert not report.ok, report.message
    assert main(["verify", str(folder), "--from", code, "--jobs", "1"]) != 0


# -- attacks the kit resisted ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("mime", ["text/markdown", "image/svg+xml", "application/vnd.jupyter.widget-view+json"])
def test_g7_a_richer_output_added_beside_a_turns_drawings_is_not_intact(tmp_path: Path, mime: str):
    """Attack (resisted): keep a turn's ``text/plain`` and ``text/html`` as drawn and add a third kind of output
    data that a viewer may prefer (JupyterLab ranks Markdown and SVG, a widget view above all) showing "Mira
    wins". Verify compares each output's data keys exactly: NOT intact, naming the turn (G-7)."""
    path = tmp_path / "suitpairs.ipynb"
    shutil.copy(SAMPLES / "suitpairs-sample.ipynb", path)
    notebook = _read(path)
    cell = notebook["cells"][5]
    cell["outputs"][0]["data"][mime] = ({"model_id": "abc", "version_major": 2, "version_minor": 0}
                                        if mime.endswith("json") else "Turn 35: Mira wins")
    _write(path, notebook)
    report = verify(path)
    assert not report.ok and report.turn == 4 and "saved output" in report.message


def test_c1_verify_from_a_code_no_chapter_given_holds_is_refused(tmp_path: Path):
    """Attack (resisted): ``kit verify FOLDER --from CODE`` with a folder holding only a later chapter made from
    a checkpoint of the forger's choosing, and a code posted for a turn before it: every chapter is "after" the
    code, the one holding it is missing, and the folder alone would read "campaign intact". The command line says
    no chapter given holds that turn and exits 1 (C-1)."""
    from kit.cli import main

    folder = tmp_path / "campaign"
    folder.mkdir()
    source = systems.new_game("suitpairs", seed="from-code", practice=True)
    source.create_character("Mira", "Baker", 5, 1, 1, 3, ["Defy", "Analyze", "Stealth", "Help"])
    forged = source.next_chapter()
    forged.create_character("Forger", "Thief", 4, 2, 2, 2, ["Defy", "Analyze", "Stealth", "Help"])
    from kit.gamefile.chapters import chapter_header, notebook_bytes

    (folder / "game.ch2.ipynb").write_bytes(notebook_bytes(forged, chapter_header(forged, Header.for_game(forged))))
    code = "kit:1-" + source.log.head[:8]
    assert main(["verify", str(folder), "--from", code, "--jobs", "1"]) == 1
