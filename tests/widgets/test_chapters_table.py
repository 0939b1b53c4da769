"""The table and long campaigns (C-1, C-2, C-3), headlessly: the status, the log, the GM's *End this chapter*,
voids and notes in a new chapter, and uploads of chapter files."""

from __future__ import annotations

import base64
import datetime
import json
import re
import shutil
from html import unescape
from pathlib import Path

import pytest

from kit import gamefile, systems
from kit.gamefile import Header, HeldGameFile
from kit.gamefile.campaign import verify_campaign
from kit.gamefile.chapters import chapter_path, close_chapter, notebook_bytes
from kit.systems import system_info
from kit.widgets.people import GMTools, NoteRow
from kit.widgets.play_log import PlayLog
from kit.widgets.table import Table

WHEN = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
GM = "Gil"
PLAYERS = ("Kim", "Lee")
SEED = "chapters at the table"


def text(value: str) -> str:
    """What a view shows, without its markup."""
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", "", value))).strip()


def start(folder: Path, name: str = "camp", chapter_turns: int = 20) -> Path:
    """A Suit Pairs game for Kim and Lee (GM Gil) with the ready-made party: 2 turns, chapters of ``chapter_turns``."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.ipynb"
    gamefile.create("suitpairs", path, players={player: [] for player in PLAYERS}, gm=GM, seed=SEED,
                    chapter_turns=chapter_turns)
    game = gamefile.load(path)
    game.sit(GM)
    for action, args in system_info("suitpairs").party_for(list(PLAYERS)):
        getattr(game, action)(**args)
    game.sit(None)
    gamefile.save(game, path)
    return path


def grow(path: Path, turns: int, difficulty: str = "Medium") -> Path:
    """Checks and accepts for Mira from the GM's seat until the campaign holds ``turns``; the newest chapter's file."""
    held = HeldGameFile.open(path)
    held.game.sit(GM)
    while held.game.turn < turns:
        if (held.game.turn + 1) % 2:
            held.take("check", {"character": "Mira", "skill": "Defy", "difficulty": difficulty})
        else:
            held.take("accept", {"character": "Mira"})
    return held.path


def at_table(folder: Path, seat: str = GM) -> Table:
    table = Table("suitpairs", games_dir=folder)
    table.seat_picker.picker.value = seat
    return table


def gm_tools(table: Table) -> GMTools:
    return next(part for part in table.components.children if isinstance(part, GMTools))


def note_row(table: Table) -> NoteRow:
    return next(part for part in table.components.children if isinstance(part, NoteRow))


def take_turn(table: Table) -> None:
    """Mira's next step from the attribute tracker: a check, or accepting the one pending."""
    tracker = table.components.children[0]
    tracker.character_picker.value = "Mira"
    if (table.session.game.turn + 1) % 2:
        tracker.check_button.click()
    else:
        tracker.accept_button.click()
    assert not tracker.check_error.message and not tracker.accept_error.message


def upload(table: Table, name: str, content: bytes) -> None:
    table.upload.value = ({"name": name, "type": "", "size": len(content), "content": memoryview(content),
                           "last_modified": WHEN},)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "games"


@pytest.fixture
def at_19(folder: Path) -> Path:
    """A campaign one turn short of its first chapter's 20."""
    return grow(start(folder), 19)


# -- 1. the status, the notice and the download follow the new chapter's file -----------------------------


def test_the_turn_that_starts_chapter_2_moves_the_status_the_notice_and_the_download(folder: Path, at_19: Path):
    table = at_table(folder)
    assert text(table.status.value).startswith("Game file camp.ipynb · 19 turns")
    table.download_button.click()
    take_turn(table)  # turn 20: chapter 1 is full
    assert text(table.status.value).startswith("Game file camp.ipynb · 20 turns") and table.chapter_note.value == ""
    table.download_button.click()
    take_turn(table)  # turn 21 starts chapter 2
    second = folder / "camp.ch2.ipynb"
    assert table.session.path == second and table.game_file == "camp.ch2.ipynb"
    assert text(table.status.value).startswith("Game file camp.ch2.ipynb · chapter 2 · turn 21 · seed commitment")
    assert text(table.chapter_note.value) == (
        "Chapter 2 has begun: a new game file, camp.ch2.ipynb, holds the turns from 21 on (C-3). Download it and "
        "post it with the thread. camp.ipynb keeps the turns before, as they stand (C-2).")
    stale = text(table.download.value)
    assert "base64" not in table.download.value and "new file, camp.ch2.ipynb" in stale and "camp.ipynb" in stale
    table.download_button.click()
    link = table.download.value
    assert 'download="camp.ch2.ipynb"' in link
    assert base64.b64decode(link.split("base64,", 1)[1].split('"', 1)[0]) == second.read_bytes()
    take_turn(table)  # the next change clears the notice
    assert table.chapter_note.value == ""
    assert "chapter 2 · turns 21–22" in text(table.status.value)
    assert verify_campaign([folder], jobs=1).ok


def test_a_table_opens_a_campaign_at_its_newest_chapter_without_a_notice(folder: Path, at_19: Path):
    grow(at_19, 24)
    table = at_table(folder)
    assert table.game_file == "camp.ch2.ipynb" and table.session.path == folder / "camp.ch2.ipynb"
    assert "chapter 2 · turns 21–24" in text(table.status.value)
    assert table.chapter_note.value == ""


def test_a_reload_that_finds_the_next_chapter_says_so(folder: Path, at_19: Path):
    grow(at_19, 20)
    table = at_table(folder)
    grow(at_19, 21)  # another table starts chapter 2
    table.reload_button.click()
    assert table.session.path == folder / "camp.ch2.ipynb"
    assert "Chapter 2 has begun" in text(table.chapter_note.value)
    table.seat_picker.picker.value = "Kim"  # the next change clears it
    assert table.chapter_note.value == ""


# -- 2. the log of a later chapter -------------------------------------------------------------------------


def test_a_later_chapters_log_lists_its_own_turns_and_names_the_earlier_files(folder: Path, at_19: Path):
    grow(at_19, 31)  # chapter 2 holds turns 21–31
    table = at_table(folder)
    log = table.play_log
    assert log.limit == 8
    turns = [int(n) for n in re.findall(r'data-turn="(\d+)"', log.value)]
    assert turns == list(range(31, 23, -1))
    assert "Play log (chapter 2: turns 21–31)" in text(log.value)
    assert "Page 1 of 2: turns 31–24, newest first" in text(log.page_label.value)
    assert "earlier chapter" not in log.value  # only at the end of the oldest page
    log.older_button.click()
    assert [int(n) for n in re.findall(r'data-turn="(\d+)"', log.value)] == [23, 22, 21]
    assert "Page 2 of 2: turns 23–21, newest first" in text(log.page_label.value)
    assert ("Turns 1–20 are in the earlier chapter (camp.ipynb): a closed chapter's turns stand as they are "
            "(C-1, C-2).") in text(log.value)
    assert log.older_button.disabled and not log.newer_button.disabled


def test_filters_note_owners_and_voided_lines_in_a_later_chapter(folder: Path, at_19: Path):
    grow(at_19, 23)  # turns 21 (check), 22 (accept), 23 (check)
    table = at_table(folder)
    row = note_row(table)
    row.text_box.value = "Mira wipes the flour off"
    row.note_button.click()  # turn 24: a note on the GM's latest turn, 23
    assert not row.note_error.message
    gm = gm_tools(table)
    assert "Void takes back turn 23" in text(gm.void_about.value)
    gm.void_reason.value = "misheard"
    gm.void_button.click()  # turn 25
    assert not gm.void_error.message
    log = table.play_log
    voided = re.search(r'<li data-turn="23" data-voided="1">.*?</li>', log.value)
    assert voided and "Voided at turn 25: misheard (P-2)" in text(voided.group(0))
    note_event = table.session.game.log[23]
    assert note_event.action == "note" and note_event.outcome["turn"] == 23
    log.kind.value = "note"
    assert re.findall(r'data-turn="(\d+)"', log.value) == ["24"]
    assert "Turns 1–20 are in the earlier chapter" in text(log.value)  # the oldest page of the filtered turns
    log.kind.value = ""
    log.character.value = "Mira"
    shown = re.findall(r'data-turn="(\d+)"', log.value)
    assert shown == ["24", "23", "22", "21"]  # the note goes with the turn it is on, which names Mira
    assert "Turns 1–20 are in the earlier chapter" in text(log.value)
    kinds = dict((label, key) for label, key in log.kind.options)
    assert "Notes" in kinds and "Game master" in kinds


def test_the_log_names_the_earlier_chapters_of_a_long_campaign(folder: Path, at_19: Path):
    third = close_chapter(grow(grow(at_19, 21), 22))  # chapter 2 closed after turn 22
    grow(third, 23)
    fourth = close_chapter(chapter_path(at_19, 3))
    assert fourth == folder / "camp.ch4.ipynb"
    table = at_table(folder)
    assert "chapter 4 · no turn yet (its first will be turn 24)" in text(table.status.value)
    assert "Play log (chapter 4: no turn yet)" in text(table.play_log.value)
    assert "No turn in this chapter yet." in text(table.play_log.value)
    assert ("Turns 1–23 are in the earlier chapters (camp.ipynb … camp.ch3.ipynb)"
            in text(table.play_log.value))
    log = PlayLog()
    closed_third = gamefile.load(chapter_path(at_19, 3), newest=False)  # exactly chapter 3, closed since
    log.refresh(closed_third, path=chapter_path(at_19, 3))
    assert "Turns 1–22 are in the earlier chapters (camp.ipynb and camp.ch2.ipynb)" in text(log.value)
    log.refresh(closed_third)
    assert "Turns 1–22 are in the earlier chapters:" in text(log.value)


# -- 3. the GM ends the chapter ----------------------------------------------------------------------------


def test_the_gm_ends_the_chapter_and_the_table_plays_on_in_the_new_file(folder: Path):
    path = grow(start(folder), 7)
    table = at_table(folder)
    gm = gm_tools(table)
    assert text(gm.chapter_about.value) == (
        "Ends chapter 1 here (a session or a scene is over): the next turn starts chapter 2, a new file. The turns "
        "so far stand as they are (C-2).")
    assert not gm.chapter_button.disabled and gm.chapter_reason.value == ""
    gm.chapter_button.click()
    assert not gm.chapter_error.message
    second = folder / "camp.ch2.ipynb"
    assert second.exists() and table.session.path == second
    assert "chapter 2 · no turn yet (its first will be turn 8)" in text(table.status.value)
    assert "Chapter 2 has begun: a new game file, camp.ch2.ipynb, holds the turns from 8 on (C-3)" in text(
        table.chapter_note.value)
    gm = gm_tools(table)
    assert "Ends chapter 2 here" in text(gm.chapter_about.value) and "chapter 3, a new file" in text(
        gm.chapter_about.value)
    assert gm.chapter_button.disabled
    assert text(gm.chapter_reason.value) == ("Chapter 2 holds no turn yet: a chapter holds at least one, so take "
                                             "a turn first (C-1).")
    take_turn(table)  # turn 8 goes into chapter 2
    assert gamefile.load(second).log.first == 7 and gamefile.load(second).turn == 8
    assert gamefile.load(path, newest=False).turn == 7  # chapter 1 stands as it was
    assert not gm.chapter_button.disabled
    report = verify_campaign([folder], jobs=1)
    assert report.ok and "chapters 1–2, turns 1–8" in report.message


def test_end_this_chapter_is_off_with_its_reason_while_the_chapter_holds_no_turn(folder: Path):
    folder.mkdir()
    path = folder / "empty.ipynb"
    gamefile.create("suitpairs", path, players={"Kim": ["Mira"]}, gm=GM, seed=SEED)
    table = at_table(folder)
    gm = gm_tools(table)
    assert gm.chapter_button.disabled
    assert "Chapter 1 holds no turn yet" in text(gm.chapter_reason.value)
    gm._end_chapter()
    assert "Chapter 1 holds no turn yet" in gm.chapter_error.message
    assert sorted(p.name for p in folder.glob("*.ipynb")) == ["empty.ipynb"]


def test_ending_a_chapter_another_table_already_ended_is_refused_in_words(folder: Path):
    path = grow(start(folder), 5)
    table = at_table(folder)
    close_chapter(path)  # another table's GM ended it first
    gm = gm_tools(table)
    gm.chapter_button.click()
    assert "moved on to a new chapter (camp.ch2.ipynb)" in gm.chapter_error.message
    assert "(C-3)" in gm.chapter_error.message
    assert not chapter_path(path, 3).exists()


# -- 4. voids and notes cannot reach a closed chapter ------------------------------------------------------


def test_no_turn_of_a_new_chapter_to_void_and_notes_stay_in_the_chapter(folder: Path):
    grow(start(folder), 6)
    table = at_table(folder)
    gm_tools(table).chapter_button.click()
    gm = gm_tools(table)
    assert gm.void_button.disabled
    assert text(gm.void_about.value) == "No turn of this chapter to void: a closed chapter's turns stand (C-2)."
    gm._void()
    assert unescape(gm.void_error.message) == "No turn of this chapter to void: a closed chapter's turns stand (C-2)."
    table.seat_picker.picker.value = "Kim"
    row = note_row(table)
    assert "on turns of this chapter, from turn 7 on" in text(row.form.heading.value)
    row.text_box.value = "Mira hums"
    row.note_button.click()
    assert "has taken no turn in this chapter yet" in row.note_error.message and "(C-2)" in row.note_error.message
    assert gamefile.load(folder / "camp.ch2.ipynb").turn == 6  # nothing was written


def test_the_void_of_a_new_chapters_turn_names_it_and_never_an_earlier_one(folder: Path, at_19: Path):
    grow(at_19, 21)
    table = at_table(folder)
    gm = gm_tools(table)
    assert "Void takes back turn 21 (check" in text(gm.void_about.value)
    gm.void_reason.value = "wrong skill"
    gm.void_button.click()
    assert not gm.void_error.message
    assert gm.void_button.disabled
    assert text(gm.void_about.value) == "No turn of this chapter to void: a closed chapter's turns stand (C-2)."


def test_the_note_heading_follows_the_turn_that_starts_the_next_chapter(folder: Path, at_19: Path):
    table = at_table(folder)
    row = note_row(table)
    assert text(row.form.heading.value) == "Notes"
    take_turn(table)
    take_turn(table)  # turn 21: chapter 2
    assert "from turn 21 on" in text(row.form.heading.value)


# -- 5. uploads of chapter files ---------------------------------------------------------------------------


@pytest.fixture
def elsewhere(tmp_path: Path, at_19: Path) -> Path:
    """Another group's folder with a copy of the campaign at 19 turns."""
    other = tmp_path / "elsewhere"
    other.mkdir()
    shutil.copy(at_19, other / at_19.name)
    return other


def test_the_next_chapters_file_is_placed_beside_the_one_it_follows(folder: Path, at_19: Path, elsewhere: Path):
    grow(at_19, 20)
    theirs = grow(elsewhere / "camp.ipynb", 25)
    assert theirs.name == "camp.ch2.ipynb"
    table = Table("suitpairs", games_dir=folder)
    upload(table, "camp.ch2.ipynb", theirs.read_bytes())
    assert table.shelf_error.message == ""
    placed = folder / "camp.ch2.ipynb"
    assert placed.read_bytes() == theirs.read_bytes()
    assert text(table.new_note.value) == ("camp.ch2.ipynb: chapter 2 of the campaign, follows chapter 1 on the shelf "
                                          "(turns 21–25)")
    assert table.session.path == placed and "chapter 2 · turns 21–25" in text(table.status.value)
    assert sorted(p.name for p in folder.glob("*.ipynb")) == ["camp.ch2.ipynb", "camp.ipynb"]
    assert verify_campaign([folder], jobs=1).ok

    upload(table, "from-forum.ipynb", theirs.read_bytes())  # a copy of the same chapter: compared with chapter 2 only
    assert "holds the same 5 turns as camp.ch2.ipynb" in text(table.new_note.value)
    grow(theirs, 27)
    upload(table, "camp.ch2.ipynb", theirs.read_bytes())
    assert text(table.new_note.value) == ("camp.ch2.ipynb extends camp.ch2.ipynb: 2 new turns from turn 26 (Mira: "
                                          "accept); camp.ch2.ipynb was updated in place")
    upload(table, "camp.ipynb", at_19.read_bytes())  # chapter 1 again: the shelf's chapter 1, not its chapter 2
    assert "holds the same 20 turns as camp.ipynb" in text(table.new_note.value)
    assert sorted(p.name for p in folder.glob("*.ipynb")) == ["camp.ch2.ipynb", "camp.ipynb"]


def test_a_renamed_chapter_file_takes_its_chapters_name(folder: Path, at_19: Path, elsewhere: Path):
    grow(at_19, 20)
    theirs = grow(elsewhere / "camp.ipynb", 21)
    table = Table("suitpairs", games_dir=folder)
    upload(table, "download (1).ipynb", theirs.read_bytes())
    assert table.shelf_error.message == ""
    assert (folder / "camp.ch2.ipynb").read_bytes() == theirs.read_bytes()
    assert text(table.new_note.value) == ("camp.ch2.ipynb: chapter 2 of the campaign, follows chapter 1 on the shelf "
                                          "(turn 21; uploaded as download (1).ipynb)")


def test_a_chapter_that_skips_one_is_refused_and_nothing_is_saved(folder: Path, at_19: Path, elsewhere: Path):
    grow(at_19, 20)
    third = close_chapter(grow(elsewhere / "camp.ipynb", 22))
    assert third.name == "camp.ch3.ipynb"
    table = Table("suitpairs", games_dir=folder)
    upload(table, third.name, third.read_bytes())
    message = table.shelf_error.message
    assert ("camp.ch3.ipynb: it is chapter 3 of a campaign whose newest chapter on the shelf is chapter 1 "
            "(camp.ipynb): upload chapter 2 first") in message
    assert "(C-1)" in message and "it was not put on the shelf" in message
    assert sorted(p.name for p in folder.iterdir() if not p.name.startswith(".")) == ["camp.ipynb"]


def test_a_chapter_that_does_not_follow_the_shelfs_is_refused_and_nothing_is_saved(folder: Path, tmp_path: Path):
    grow(start(folder), 20, difficulty="Easy")
    theirs = grow(start(tmp_path / "elsewhere"), 21, difficulty="Hard")  # the same game, other checks from turn 3
    assert theirs.name == "camp.ch2.ipynb"
    table = Table("suitpairs", games_dir=folder)
    upload(table, theirs.name, theirs.read_bytes())
    message = table.shelf_error.message
    assert ("camp.ch2.ipynb: it does not follow camp.ipynb, chapter 1 on the shelf: it starts after another turn "
            "than the one that chapter ends with (turn 20), so it belongs to another branch of the campaign (C-1); "
            "it was not put on the shelf") == message
    assert not (folder / "camp.ch2.ipynb").exists()


def test_a_chapter_whose_checkpoint_lies_is_refused(folder: Path, at_19: Path, elsewhere: Path):
    grow(at_19, 20)
    second = close_chapter(grow(elsewhere / "camp.ipynb", 20))  # their GM ended chapter 1 at the same turn
    honest = gamefile.load(second)
    lying = json.loads(json.dumps(honest.chapter_checkpoint))
    sheet = lying["state"]["characters"][0][1]  # characters in order, as pairs of name and sheet
    sheet["skills"] = [[skill, 5] for skill, _ in sheet["skills"]]  # every skill at 5: a state no turn made
    forged = systems.continue_game("suitpairs", honest.seed, chapter=2, follows=honest.chapter.follows,
                                   checkpoint=lying, **honest.start_options())
    second.write_bytes(notebook_bytes(forged, Header.for_game(forged)))
    assert gamefile.verify(second).ok  # alone, a chapter is checked from its own checkpoint only
    table = Table("suitpairs", games_dir=folder)
    upload(table, second.name, second.read_bytes())
    assert unescape(table.shelf_error.message) == (
        "camp.ch2.ipynb: it does not follow camp.ipynb, chapter 1 on the shelf: it starts from another state than "
        "the one that chapter ended in, so its checkpoint is not that chapter's (C-1); it was not put on the shelf")
    assert not (folder / "camp.ch2.ipynb").exists()


def test_a_closed_chapter_on_the_shelf_is_never_extended_in_place(folder: Path, tmp_path: Path):
    mine = grow(start(folder), 9)
    other = tmp_path / "elsewhere"
    other.mkdir()
    shutil.copy(mine, other / mine.name)
    close_chapter(mine)  # our GM ended chapter 1 after turn 9
    longer = grow(other / mine.name, 11)  # their table played on in chapter 1
    table = Table("suitpairs", games_dir=folder)
    before = mine.read_bytes()
    upload(table, "camp.ipynb", longer.read_bytes())
    assert table.shelf_error.message == ""
    assert mine.read_bytes() == before
    saved = folder / "camp-fork-after-turn-9.ipynb"
    assert saved.read_bytes() == longer.read_bytes()
    said = text(table.new_note.value)
    assert "goes on past the end of chapter 1 on the shelf" in said and "camp.ch2.ipynb started from there" in said
    assert "(C-2)" in said


def test_a_later_chapter_alone_goes_on_the_shelf_checked_from_its_checkpoint(folder: Path, tmp_path: Path):
    theirs = grow(grow(start(tmp_path / "elsewhere"), 19), 22)
    table = Table("suitpairs", games_dir=folder)
    upload(table, theirs.name, theirs.read_bytes())
    assert table.shelf_error.message == ""
    assert text(table.new_note.value) == (
        "camp.ch2.ipynb: put on the shelf (chapter 2 of a campaign, turns 21–22, checked from its own checkpoint: "
        "its earlier chapters are not on the shelf (C-1))")
    assert table.session.path == folder / "camp.ch2.ipynb"
