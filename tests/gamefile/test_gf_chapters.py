"""A campaign as a chain of chapters (C-1, C-2, C-3): split, verified alone and together, tampering named."""

from __future__ import annotations

import json
import multiprocessing
import sys
from pathlib import Path

import pytest
from gf_helpers import copy_sample, drive_to

from kit import gamefile, systems
from kit.cli import main
from kit.core.chapters import checkpoint_digest
from kit.core.errors import IllegalActionError
from kit.gamefile import HeldGameFile, append_turn, load, save, verify
from kit.gamefile.campaign import verify_campaign
from kit.gamefile.chapters import chapter_path, close_chapter, latest_chapter, rechained, split
from kit.gamefile.header import Header
from kit.gamefile.notebook import build_notebook, notebook_text

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from tables_bench import grow_falkefateifaux, grow_suitpairs

GROW = {"suitpairs": grow_suitpairs, "falkefateifaux": grow_falkefateifaux}
"""The tables bench's growers, for the systems it grows; any other system's sample is grown by its driver."""
AS_SAMPLED = {"rollunder"}
"""Roll-Under's sample is taken as it is, its combat, healing and fate cards in 35 turns, and split into chapters of
20 turns (its combat then lies across a boundary); every other system's is grown and split into chapters of 40."""


def grown(system: str, tmp_path: Path, turns: int) -> Path:
    """The system's sample game grown to ``turns`` turns (but Roll-Under's), saved as one file."""
    path = copy_sample(system, tmp_path)
    game = load(path, full=False)
    if system in GROW:
        GROW[system](game, turns)
    elif system not in AS_SAMPLED:
        drive_to(game, turns)
    save(game, path)
    return path


def chapter_turns_of(system: str) -> int:
    """The chapter length a system's grown sample is split at."""
    return 20 if system in AS_SAMPLED else 40


def campaign(system: str, tmp_path: Path, turns: int = 130, chapter_turns: int = 40) -> list[Path]:
    """A game of ``turns`` turns split into chapters of ``chapter_turns``."""
    return split(grown(system, tmp_path, turns), tmp_path / "chapters", chapter_turns=chapter_turns)


def read(path: Path) -> dict:
    return json.loads(path.read_text())


def write_game(path: Path, game, header: Header) -> None:
    path.write_text(notebook_text(build_notebook(game, header.updated(game))))


@pytest.mark.parametrize("system", list(systems.SYSTEMS))
def test_a_split_game_verifies_chapter_by_chapter_and_as_a_campaign(system: str, tmp_path: Path):
    whole = grown(system, tmp_path, 130)
    original = load(whole)
    paths = split(whole, tmp_path / "chapters", chapter_turns=chapter_turns_of(system))
    assert len(paths) >= 2
    assert paths[0].name == whole.name and paths[1].name == whole.stem + ".ch2.ipynb"
    first = load(paths[0], newest=False)  # exactly chapter 1 (load alone follows the campaign to its newest)
    assert [e.hash for e in first.log] == [e.hash for e in original.log][: len(first.log.events)]  # chapter 1 as is
    for number, path in enumerate(paths, start=1):
        report = verify(path)
        assert report.ok, report.message
        if number > 1:
            assert "intact from its checkpoint" in report.message and f"chapter {number}" in report.message
        assert path.stat().st_size < 1_000_000
    together = verify_campaign(paths)
    assert together.ok, together.message
    assert f"turns 1–{original.turn}" in together.message
    last = load(paths[-1])
    assert last.fingerprint() == original.fingerprint()  # the campaign ends where the one-file game ended
    assert len(last.log.events) < original.turn  # a chapter holds its own turns only


def test_a_tampered_chapter_is_named(tmp_path: Path):
    paths = campaign("suitpairs", tmp_path)
    notebook = read(paths[1])
    cell = next(c for c in notebook["cells"] if c.get("metadata", {}).get("kit", {}).get("event", {}).get(
        "action") == "check")
    cell["metadata"]["kit"]["event"]["args"]["difficulty"] = "Easy"
    paths[1].write_text(json.dumps(notebook))
    report = verify_campaign(paths)
    assert not report.ok
    assert paths[1].name in report.message and "NOT intact" in report.message


def test_a_checkpoint_that_lies_about_the_state_is_caught_when_the_chapters_are_verified_together(tmp_path: Path):
    paths = campaign("suitpairs", tmp_path)
    honest = load(paths[2], newest=False)
    lying = json.loads(json.dumps(honest.chapter_checkpoint))
    sheet = lying["state"]["characters"][0][1]  # characters are kept in order, as pairs of name and sheet
    sheet["skills"] = [[skill, 5] for skill, _ in sheet["skills"]]  # every skill at 5: a state no turn made
    forged = systems.continue_game("suitpairs", honest.seed, chapter=3, follows=honest.chapter.follows,
                                   checkpoint=lying, **honest.start_options())
    for event in honest.log:  # the same turns, chained from the lying start, as a forger can
        forged.apply(rechained(event, forged.log.head, forged.log.version, type(forged)))
    header = gamefile.load_file(paths[2], newest=False).header
    write_game(paths[2], forged, Header.for_game(forged, header.created_with))
    assert verify(paths[2]).ok  # alone, a chapter can only be checked from its own checkpoint
    report = verify_campaign(paths)
    assert not report.ok
    assert "chapter 3" in report.message and "not the state chapter 2 ended in" in report.message


def test_a_chapter_dropped_or_moved_is_caught(tmp_path: Path):
    paths = campaign("suitpairs", tmp_path)
    dropped = verify_campaign([paths[0], *paths[2:]])
    assert not dropped.ok and "chapter 2 is missing" in dropped.message
    no_start = verify_campaign(paths[1:])
    assert not no_start.ok and "chapter 1 is missing" in no_start.message
    notebook = read(paths[2])
    notebook["metadata"]["kit"]["chapter"] = 2  # moved: chapter 3 claims to be chapter 2
    moved = tmp_path / "moved.ipynb"
    moved.write_text(json.dumps(notebook))
    report = verify_campaign([paths[0], moved])
    assert not report.ok and "moved.ipynb" in report.message
    twice = verify_campaign([paths[0], paths[1], paths[1]])
    assert not twice.ok and "chapter 2 is given twice" in twice.message


def test_a_chapter_that_follows_another_head_is_caught(tmp_path: Path):
    paths = campaign("suitpairs", tmp_path)
    other = load(paths[0], newest=False).replayed(30)  # chapter 2 started from an earlier head: not where 1 ends
    forged = other.next_chapter()
    write_game(paths[1], forged, Header.for_game(forged))
    report = verify_campaign(paths)
    assert not report.ok
    assert "chapter 2" in report.message


def test_closed_chapters_turns_stand(tmp_path: Path):
    game = load(grown("suitpairs", tmp_path, 60))
    following = game.next_chapter()
    with pytest.raises(IllegalActionError, match=r"earlier chapter.*C-2"):
        following.void(60, "a slip")
    with pytest.raises(IllegalActionError, match=r"earlier chapter.*C-2"):
        following.note("a note on the past", turn=12)
    assert following.turn == 60 and following.log.events == []
    assert following.chapter.checkpoint == checkpoint_digest(following.chapter_checkpoint)


def test_a_table_at_the_boundary_starts_the_next_chapter_and_keeps_its_game(tmp_path: Path):
    path = tmp_path / "g.ipynb"
    gamefile.create("suitpairs", path, players=["Ana=Mira"], gm="Gil", practice=True, chapter_turns=20)
    held = HeldGameFile.open(path)
    game = held.game.sit("Gil")
    held.take("create_character", {"name": "Mira", "identity": "Baker", "strength": 3, "intelligence": 2,
                                   "dexterity": 2, "charisma": 3, "skills": ["Defy", "Analyze", "Stealth", "Help"]})

    other = HeldGameFile.open(path)
    other.game.sit("Gil")
    for _ in range(50):
        action = "check" if game.pending("Mira") is None else "accept"
        args = {"character": "Mira", "skill": "Defy", "difficulty": "Medium"} if action == "check" else {
            "character": "Mira"}
        held.take(action, args)
    assert held.game is game  # the table's game object stays the same across chapters
    assert held.path == chapter_path(path, 3) and len(game.log.events) == 11 and game.turn == 51
    assert latest_chapter(path) == held.path
    with pytest.raises(gamefile.GameMovedOnError, match="moved on"):
        other.take("check", {"character": "Mira", "skill": "Defy", "difficulty": "Medium"})
    assert HeldGameFile.open(path).path == held.path  # opening the campaign opens its newest chapter
    report = verify_campaign([path, chapter_path(path, 2), chapter_path(path, 3)])
    assert report.ok, report.message


def _append_checks(path: str, name: str, count: int) -> None:
    for _ in range(count):
        game = load(latest_chapter(path))
        action = "check" if game.pending(name) is None else "accept"
        args = {"character": name, "skill": "Defy", "difficulty": "Medium"} if action == "check" else {
            "character": name}
        while True:
            try:
                append_turn(path, action, args, expected_turn=None, expected_head=load(latest_chapter(path)).log.head,
                            seat="Gil")
                break
            except gamefile.GameMovedOnError:
                continue


def test_concurrent_appends_at_a_chapter_boundary_lose_nothing(tmp_path: Path):
    path = tmp_path / "busy.ipynb"
    names = ["Mira", "Tomas", "Wren"]
    gamefile.create("suitpairs", path, players=[f"Ana={names[0]}"], gm="Gil", practice=True, chapter_turns=20)
    for name in names:
        append_turn(path, "create_character", {"name": name, "identity": "Baker", "strength": 3, "intelligence": 2,
                                               "dexterity": 2, "charisma": 3,
                                               "skills": ["Defy", "Analyze", "Stealth", "Help"]},
                    expected_turn=None, expected_head=load(latest_chapter(path)).log.head, seat="Gil")
    context = multiprocessing.get_context("fork")
    with context.Pool(len(names)) as pool:
        pool.starmap(_append_checks, [(str(path), name, 12) for name in names])
    chapters = sorted(tmp_path.glob("busy*.ipynb"))
    report = verify_campaign(chapters)
    assert report.ok, report.message
    assert f"turns 1–{len(names) + 12 * len(names)}" in report.message
    assert len(chapters) == 2


def test_the_gm_closes_a_chapter_and_the_next_turn_goes_into_the_new_one(tmp_path: Path):
    path = grown("suitpairs", tmp_path, 40)
    after = close_chapter(path)
    assert after == chapter_path(path, 2) and verify(after).ok
    game, _ = append_turn(path, "note", {"text": "a new session", "turn": None, "in_character": False},
                          expected_turn=40, seat=None)
    assert game.chapter.number == 2 and game.turn == 41
    assert verify_campaign([path, after]).ok


def test_kit_verify_split_and_chapter_commands(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    whole = grown("suitpairs", tmp_path, 100)
    assert main(["split", str(whole), str(tmp_path / "ch"), "--turns", "40"]) == 0
    assert "post the new head code kit:100-" in capsys.readouterr().out
    assert main(["verify", str(tmp_path / "ch")]) == 0
    assert "campaign intact" in capsys.readouterr().out
    code = gamefile.turn_code(load(tmp_path / "ch" / "suitpairs-sample.ch2.ipynb").log[-1])
    assert main(["verify", str(tmp_path / "ch"), "--from", code, "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "skipped" in out and f"{code} matches" in out
    assert main(["chapter", str(tmp_path / "ch" / "suitpairs-sample.ch3.ipynb")]) == 0
    assert "chapter closed" in capsys.readouterr().out
    assert main(["verify", str(tmp_path / "ch" / "suitpairs-sample.ch4.ipynb")]) == 0


def test_append_to_game_starts_the_next_chapter_and_follows_it(tmp_path: Path):
    path = tmp_path / "code.ipynb"
    gamefile.create("suitpairs", path, practice=True, chapter_turns=20)
    game = load(path)
    game.create_character("Mira", "Baker", 3, 2, 2, 3, ["Defy", "Analyze", "Stealth", "Help"])
    save(game, path)
    for _ in range(30):
        action = "check" if game.pending("Mira") is None else "accept"
        args = {"character": "Mira", "skill": "Defy", "difficulty": "Medium"} if action == "check" else {
            "character": "Mira"}
        gamefile.append_to_game(path, game, action, args)  # always the path of chapter 1, as code-first users keep
    assert game.chapter.number == 2 and game.turn == 31 and len(game.log.events) == 11
    assert load(chapter_path(path, 2)).log.head == game.log.head
    assert load(path, newest=False).turn == 20  # chapter 1 holds its 20 turns, never more
    assert load(path).log.head == game.log.head  # loading the campaign gives its newest chapter
    assert verify_campaign([path, chapter_path(path, 2)]).ok


def test_a_live_state_held_in_another_order_starts_the_chapter_from_the_replays_checkpoint(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    path = grown("suitpairs", tmp_path, 40)
    notebook = read(path)
    notebook["metadata"]["kit"]["chapter_turns"] = 40
    path.write_text(json.dumps(notebook))
    gamefile.save(load(path), path, force=True)  # the file's own layout again, with its chapter length kept
    held = HeldGameFile.open(path)
    live_checkpoint = type(held.game).checkpoint

    def reordered(game, *args, **kwargs):  # a live state whose mapping came out in another order
        point = live_checkpoint(game)
        if not game.log.events or game is held.game:
            point["seating"]["owners"] = list(reversed(point["seating"]["owners"]))
        return point

    monkeypatch.setattr(type(held.game), "checkpoint", reordered)
    shown = []
    name = held.game.character_names()[0]
    action = "check" if held.game.pending(name) is None else "accept"
    args = {"character": name, "skill": "Defy", "difficulty": "Medium"} if action == "check" else {"character": name}
    held.take(action, args, performed=shown.append)
    monkeypatch.undo()
    assert shown and held.path == chapter_path(path, 2)
    report = verify_campaign([path, held.path])
    assert report.ok, report.message


def test_a_new_chapters_start_post_names_the_code_of_the_turn_it_follows(tmp_path: Path):
    game = load(grown("suitpairs", tmp_path, 40))
    following = game.next_chapter()
    post = gamefile.post.render_seed_post(following, "text")
    assert f"Chapter: 2, from turn 41: it follows turn 40, whose code is {gamefile.turn_code(game.log[-1])}" in post
    assert gamefile.check_code(gamefile.turn_code(game.log[-1]), list(game.log)).matches
