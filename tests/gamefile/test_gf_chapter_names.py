"""Chapters are linked by what the files say, never by their names alone (C-1, C-3).

A file at the next chapter's name (``GAME.ch2.ipynb``) is followed only when its header says it is
the next chapter of the same game, starting from the head of the chapter before it; a file that
only bears the name (another game's, another branch's, or no game at all) is never followed, never
overwritten, and a turn that would start the next chapter over it is refused, saying what to do.
``gamefile.load`` returns the campaign's newest chapter, so the README's code-first loop (load,
append_turn with ``expected_turn``, reload on GameMovedOnError) catches up across a chapter's end;
a call with arguments that are not a mapping is refused in the kit's own words.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from kit import gamefile
from kit.cli import main
from kit.core.errors import MalformedInputError
from kit.core.game import Game
from kit.gamefile import GameFileError, GameMovedOnError, HeldGameFile, append_turn, load, load_file, verify
from kit.gamefile.campaign import verify_campaign
from kit.gamefile.chapters import chapter_path, close_chapter, latest_chapter, notebook_bytes
from kit.gamefile.header import Header

MIRA = {"name": "Mira", "identity": "Baker", "strength": 3, "intelligence": 2, "dexterity": 2, "charisma": 3,
        "skills": ["Defy", "Analyze", "Stealth", "Help"]}


def next_turn(game: Game) -> tuple[str, dict[str, Any]]:
    """Mira's next step: a check, or accepting the one pending."""
    if game.pending("Mira") is None:
        return "check", {"character": "Mira", "skill": "Defy", "difficulty": "Medium"}
    return "accept", {"character": "Mira"}


def started(path: Path, seed: str, turns: int, chapter_turns: int = 20) -> Path:
    """A practice Suit Pairs game at ``path`` (chapters of ``chapter_turns``) grown to ``turns`` turns."""
    gamefile.create("suitpairs", path, seed=seed, practice=True, chapter_turns=chapter_turns)
    held = HeldGameFile.open(path)
    held.take("create_character", MIRA)
    while held.game.turn < turns:
        held.take(*next_turn(held.game))
    return held.path


def contents(folder: Path) -> dict[str, bytes]:
    """Every file in ``folder`` (lock files aside) and its bytes."""
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file() and not p.name.endswith(".lock")}


def carried_in(tmp_path: Path, seed: str, turns: int, name: str) -> Path:
    """Another group's game of ``turns`` turns, played elsewhere, then copied in as ``name``."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir(exist_ok=True)
    played = started(elsewhere / f"{seed.replace(' ', '-')}.ipynb", seed, turns)
    target = tmp_path / name
    target.write_bytes(played.read_bytes())
    return target


@pytest.fixture
def victim(tmp_path: Path) -> Path:
    """Chapter 1 of the victim's game, full: its next turn starts chapter 2."""
    return started(tmp_path / "victim.ipynb", "the victim's seed", 20)


@pytest.fixture
def squatter(tmp_path: Path, victim: Path) -> Path:
    """Another game's file under the name of the victim's chapter 2."""
    return carried_in(tmp_path, "another group's seed", 3, "victim.ch2.ipynb")


SQUATTED = ("victim.ch2.ipynb is another game's file, not chapter 2 of this campaign: move it away, then take the "
            "turn again (C-3)")


# -- following: the newest chapter is the one the files say -------------------------------------------------


def test_another_games_file_at_the_next_chapters_name_is_not_followed(victim: Path, squatter: Path):
    ours = load(victim, newest=False)
    assert latest_chapter(victim) == victim
    assert HeldGameFile.open(victim).path == victim
    assert load(victim).seed == ours.seed and load(victim).turn == 20
    assert load_file(victim).path == victim


def test_a_turn_in_a_chapter_with_room_goes_into_it_beside_a_squatter(tmp_path: Path):
    path = started(tmp_path / "roomy.ipynb", "roomy seed", 5)
    squatting = carried_in(tmp_path, "another group's seed", 2, "roomy.ch2.ipynb")
    theirs = squatting.read_bytes()
    game, _ = append_turn(path, *next_turn(load(path)), expected_turn=5)
    assert game.turn == 6 and load(path).turn == 6 and verify(path).ok
    held = HeldGameFile.open(path)
    held.take(*next_turn(held.game))
    assert held.path == path and load(path).turn == 7
    assert squatting.read_bytes() == theirs


def test_a_file_of_another_branch_or_no_game_at_the_next_name_is_not_followed(tmp_path: Path, victim: Path):
    ours = load(victim)
    other_branch = ours.replayed(10).next_chapter()  # the same game's chapter 2, after another turn than the last
    after = chapter_path(victim, 2)
    after.write_bytes(notebook_bytes(other_branch, Header.for_game(other_branch)))
    assert verify(after).ok  # alone, a chapter checks from its own checkpoint
    assert latest_chapter(victim) == victim and load(victim).turn == 20
    after.write_text("not a game at all")
    assert latest_chapter(victim) == victim and HeldGameFile.open(victim).path == victim


def test_a_true_next_chapter_is_followed(victim: Path):
    after = close_chapter(victim)
    assert latest_chapter(victim) == after
    assert load(victim).chapter.number == 2 and load_file(victim).path == after
    assert load(victim, newest=False).chapter.number == 1  # exactly the file named, when asked


# -- starting the next chapter over a file that only bears its name -------------------------------------------


def test_append_turn_refuses_to_start_the_next_chapter_over_another_games_file(tmp_path: Path, victim: Path,
                                                                              squatter: Path):
    before = contents(tmp_path)
    with pytest.raises(GameFileError) as caught:
        append_turn(victim, *next_turn(load(victim)), expected_turn=20)
    assert not isinstance(caught.value, GameMovedOnError)  # reloading would not help: the file must move
    assert str(caught.value) == SQUATTED
    assert contents(tmp_path) == before


def test_a_table_refuses_to_start_the_next_chapter_over_another_games_file(tmp_path: Path, victim: Path,
                                                                          squatter: Path):
    before = contents(tmp_path)
    held = HeldGameFile.open(victim)
    game = held.game
    with pytest.raises(GameFileError, match=SQUATTED.replace("(", r"\(").replace(")", r"\)")):
        held.take(*next_turn(game))
    assert held.path == victim and held.game is game and game.turn == 20 and game.chapter.number == 1
    assert contents(tmp_path) == before
    squatter.unlink()  # moved away: the turn is taken again, starting chapter 2
    held.take(*next_turn(game))
    assert held.path == chapter_path(victim, 2) and game.turn == 21
    assert verify_campaign([victim, held.path]).ok


def test_the_gm_cannot_close_a_chapter_over_another_games_file(tmp_path: Path, victim: Path, squatter: Path):
    before = contents(tmp_path)
    with pytest.raises(GameFileError, match="another game's file, not chapter 2 of this campaign"):
        close_chapter(victim)
    assert contents(tmp_path) == before


def test_a_file_of_another_branch_at_the_next_name_is_named_for_what_it_is(tmp_path: Path, victim: Path):
    other_branch = load(victim).replayed(12).next_chapter()
    chapter_path(victim, 2).write_bytes(notebook_bytes(other_branch, Header.for_game(other_branch)))
    before = contents(tmp_path)
    with pytest.raises(GameFileError, match=r"victim.ch2.ipynb is not chapter 2 of this campaign.*another branch.*"
                                            r"move it away, then take the turn again \(C-3\)"):
        append_turn(victim, *next_turn(load(victim)), expected_turn=20)
    assert contents(tmp_path) == before


def test_a_chapter_1_named_as_chapter_2_is_refused_its_next_chapter_and_never_loops(tmp_path: Path):
    """A game's chapter 1 named ``x.ch2.ipynb``: the name of its next chapter is its own."""
    path = started(tmp_path / "x.ch2.ipynb", "x seed", 19)
    game, _ = append_turn(path, *next_turn(load(path)), expected_turn=19)  # room for one more: it goes in
    assert latest_chapter(path) == path and game.turn == 20
    before = contents(tmp_path)
    with pytest.raises(GameFileError, match=r"x.ch2.ipynb holds chapter 1 of this campaign.*rename it"):
        append_turn(path, *next_turn(load(path)), expected_turn=20)
    with pytest.raises(GameFileError, match=r"x.ch2.ipynb holds chapter 1 of this campaign.*rename it"):
        HeldGameFile.open(path).take(*next_turn(load(path)))
    assert contents(tmp_path) == before


# -- the README's code-first loop catches up across a chapter's end --------------------------------------------


def code_first_turn(path: Path, tries: int = 3, before_append: Any = None) -> int:
    """The README's loop: load, append_turn with expected_turn, reload on GameMovedOnError; the tries it took."""
    for attempt in range(1, tries + 1):
        game = load(path)
        action, args = next_turn(game)
        if before_append is not None:
            before_append()
        try:
            append_turn(path, action, args, expected_turn=game.turn)
            return attempt
        except GameMovedOnError:
            continue
    raise AssertionError(f"the code-first loop did not catch up in {tries} tries")


def test_the_readme_loop_catches_up_across_chapter_ends(tmp_path: Path):
    path = started(tmp_path / "loop.ipynb", "loop seed", 1)
    while load(path).turn < 45:
        assert code_first_turn(path) == 1  # alone at the file: every turn lands at once
    assert load(path).turn == 45 and load(path).chapter.number == 3
    assert verify_campaign([path, chapter_path(path, 2), chapter_path(path, 3)]).ok


def test_the_readme_loop_catches_up_when_another_table_starts_the_next_chapter(tmp_path: Path):
    path = started(tmp_path / "race.ipynb", "race seed", 19)
    other = HeldGameFile.open(path)
    interleaved = iter([True, True])

    def another_table_takes_a_turn() -> None:
        if next(interleaved, False):
            other.take(*next_turn(other.game))

    assert code_first_turn(path, before_append=another_table_takes_a_turn) == 3  # turn 20, then 21 (chapter 2)
    assert other.path == chapter_path(path, 2)
    assert load(path).turn == 22 and load(path).chapter.number == 2


# -- a call that does not say what to do is refused in the kit's words ----------------------------------------


@pytest.mark.parametrize(("action", "args", "said"), [
    ("check", None, "a mapping"),
    ("check", [("character", "Mira")], "a mapping"),
    ("check", {1: "Mira"}, "names"),
    (None, {}, "action's name"),
    (["check"], {}, "action's name"),
])
def test_append_turn_refuses_arguments_that_are_not_a_mapping(tmp_path: Path, action: Any, args: Any, said: str):
    path = started(tmp_path / "typed.ipynb", "typed seed", 3)
    before = contents(tmp_path)
    with pytest.raises(MalformedInputError, match=said):
        append_turn(path, action, args, expected_turn=3)
    game = load(path)
    with pytest.raises(MalformedInputError, match=said):
        gamefile.append_to_game(path, game, action, args)
    held = HeldGameFile.open(path)
    with pytest.raises(MalformedInputError, match=said):
        held.take(action, args)
    assert contents(tmp_path) == before and game.turn == 3 and held.game.turn == 3


# -- what reads exactly one file keeps reading it ------------------------------------------------------------


def test_verify_log_and_post_read_exactly_the_file_named(victim: Path, capsys: pytest.CaptureFixture[str]):
    close_chapter(victim)
    report = verify(victim)
    assert report.ok and "20 turns" in report.message and report.checked.game.chapter.number == 1
    assert main(["log", str(victim)]) == 0
    assert "— 20 turns —" in capsys.readouterr().out
    assert main(["post", str(victim), "--turn", "5", "--format", "text"]) == 0
    assert main(["verify", str(victim)]) == 0
    assert "20 turns" in capsys.readouterr().out


def test_a_chapter_file_whose_header_names_another_chapter_is_not_followed_from_its_name(tmp_path: Path):
    path = started(tmp_path / "named.ipynb", "named seed", 20)
    after = close_chapter(path)
    notebook = json.loads(after.read_text())
    notebook["metadata"]["kit"]["follows"] = "0" * 64  # it claims to start after another head
    after.write_text(json.dumps(notebook))
    assert latest_chapter(path) == path
