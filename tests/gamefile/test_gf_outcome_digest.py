"""Format version 4 records each turn's outcome by its digest and leaves out arguments at their defaults (G-8).

Version-2 files are read and go on in version 2.

The fixtures in ``v2/`` are the sample games as the kit wrote them in format version 2, with
whole outcomes in every event: the files every group started before version 4.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import gf_tamper as tamper
import pytest

from kit import systems
from kit.core.events import DIGEST_CHAIN, Event, canonical_json, outcome_digest
from kit.gamefile import HeldGameFile, append_turn, load, load_file, save, verify
from kit.gamefile.campaign import verify_campaign
from kit.gamefile.chapters import close_chapter, split

V2 = Path(__file__).parent / "v2"
SAMPLES = Path(__file__).parents[2] / "notebooks" / "games"
TURNS = {
    "falkefateifaux": ("award_fate", {"character": "Ada", "amount": 1, "reason": "a good scene"}),
    "suitpairs": ("award", {"character": "Mira", "what": "Defy", "points": 1, "reason": "a good scene"}),
    "rollunder": ("advance_time", {"hours": 1}),
}


def _events(path: Path) -> list[dict[str, Any]]:
    return [cell["metadata"]["kit"]["event"] for cell in json.loads(path.read_text())["cells"][2:]]


def _copy(folder: Path, system: str, tmp_path: Path) -> Path:
    tmp_path.mkdir(parents=True, exist_ok=True)
    target = tmp_path / f"{system}.ipynb"
    shutil.copy(folder / f"{system}-sample.ipynb", target)
    return target


def _take(game: Any, played: Any) -> None:
    """Take ``played``'s turns again on ``game``, each with its rig, as its turn cells do."""
    for event in played.log:
        if event.rig:
            game.rig(event.rig.get("cards"), dice=event.rig.get("dice"))
        getattr(game, event.action)(**event.args)


def _taken_again(game: Any) -> Any:
    fresh = systems.new_game(game.system, game.seed, practice=game.practice, players=game.players, gm=game.gm,
                             **game.options)
    _take(fresh, game)
    return fresh


@pytest.mark.parametrize("system", sorted(TURNS))
def test_a_new_game_records_digests_whose_replay_gives_the_same_game(system: str, tmp_path: Path):
    path = _copy(SAMPLES, system, tmp_path)
    assert load_file(path).header.version == DIGEST_CHAIN
    events = _events(path)
    assert events and all("outcome" not in e and len(e["outcome_digest"]) == 64 for e in events)
    game = load(path)
    for stored, replayed in zip(events, game.log, strict=True):  # the log holds the outcomes the replay made
        assert replayed.outcome is not None
        assert outcome_digest(canonical_json(replayed.outcome)) == stored["outcome_digest"]
    assert verify(path).ok


@pytest.mark.parametrize("system", sorted(TURNS))
def test_version_4_is_smaller_than_version_2_by_the_outcomes(system: str, tmp_path: Path):
    (tmp_path / "new").mkdir()
    old = _copy(V2, system, tmp_path / "old")
    game = load(old)
    fresh = _taken_again(game)  # the same turns, chained in version 4
    new = tmp_path / "new" / old.name
    save(fresh, new)
    assert verify(new).ok and load(new).fingerprint() == game.fingerprint()
    outcomes = sum(len(f'"outcome":{canonical_json(e.outcome)}'.encode()) for e in game.log)
    digests = len(game.log) * len(f'"outcome_digest":"{"0" * 64}"')
    defaults = sum(len(canonical_json(e.args).encode()) - len(canonical_json(kept.stored_args).encode())
                   for e, kept in zip(game.log, fresh.log, strict=True))
    assert defaults > 0 if system == "falkefateifaux" else defaults >= 0
    assert old.stat().st_size - new.stat().st_size == outcomes - digests + defaults  # the rest: the same size


@pytest.mark.parametrize("system", sorted(TURNS))
def test_a_version_2_file_verifies_and_takes_turns_in_version_2(system: str, tmp_path: Path):
    path = _copy(V2, system, tmp_path)
    before = load(path)
    assert load_file(path).header.version == 2 and before.log.version == 2 and verify(path).ok
    action, args = TURNS[system]
    append_turn(path, action, args, expected_turn=before.turn)  # from anywhere
    held = HeldGameFile.open(path)  # and at a table
    held.take(action, args)
    report = verify(path)
    assert report.ok, report.message
    assert load_file(path).header.version == 2
    events = _events(path)
    assert all("outcome" in e and "outcome_digest" not in e for e in events)
    assert [e["hash"] for e in events[:before.turn]] == [e.hash for e in before.log]  # codes posted still match


def test_a_version_2_game_rebuilt_in_jupyter_saves_into_its_file_in_version_2(tmp_path: Path):
    path = _copy(V2, "suitpairs", tmp_path)
    stored = load(path)
    game = systems.new_game("suitpairs", stored.seed, practice=stored.practice, players=stored.players,
                            gm=stored.gm, **stored.options)  # what the setup cell runs: today's chain
    assert game.log.version == DIGEST_CHAIN
    _take(game, stored)  # running the turn cells
    game.check("Mira", "Defy", "Easy")
    save(game, path)
    report = verify(path)
    assert report.ok, report.message
    assert load_file(path).header.version == 2 and load(path).turn == stored.turn + 1
    assert [e["hash"] for e in _events(path)[:stored.turn]] == [e.hash for e in stored.log]


def test_a_version_2_campaign_goes_on_in_version_4_from_its_next_chapter(tmp_path: Path):
    path = _copy(V2, "suitpairs", tmp_path)
    codes = [e["hash"] for e in _events(path)]
    after = close_chapter(path)
    assert load_file(after).header.version == DIGEST_CHAIN and load_file(path, newest=False).header.version == 2
    held = HeldGameFile.open(after)
    held.take(*TURNS["suitpairs"])
    assert load_file(after).header.version == DIGEST_CHAIN and "outcome_digest" in _events(after)[0]
    assert [e["hash"] for e in _events(path)] == codes  # chapter 1 and its codes are as they were
    verdicts = verify_campaign([path, after])
    assert verdicts.ok, verdicts.message


@pytest.mark.parametrize("folder", [SAMPLES, V2], ids=["v4", "v2"])
def test_a_split_game_keeps_its_first_chapter_and_writes_the_rest_in_version_4(folder: Path, tmp_path: Path):
    path = _copy(folder, "falkefateifaux", tmp_path)
    version = load_file(path).header.version
    chapters = split(path, tmp_path / "campaign", chapter_turns=20)
    assert len(chapters) == 2
    assert [load_file(chapter, newest=False).header.version for chapter in chapters] == [version, DIGEST_CHAIN]
    assert [e["hash"] for e in _events(chapters[0])] == [e["hash"] for e in _events(path)][:20]
    for chapter in chapters:
        assert verify(chapter).ok
    verdicts = verify_campaign(chapters)
    assert verdicts.ok, verdicts.message


def _swap_form(path: Path, turn: int) -> None:
    """Give turn ``turn`` the other version's form of its outcome, rehashed as a careful forger would."""
    nb = tamper.read(path)
    event = tamper.turn_cells(nb)[turn - 1]["metadata"]["kit"]["event"]
    if "outcome" in event:
        event["outcome_digest"] = outcome_digest(canonical_json(event.pop("outcome")))
    else:
        event["outcome"] = load(path).log[turn - 1].outcome
        del event["outcome_digest"]
    tamper.rehash_from(nb, turn)
    tamper.write(path, nb)


@pytest.mark.parametrize("folder", [SAMPLES, V2], ids=["v4 with an outcome", "v2 with a digest"])
def test_an_outcome_in_the_other_versions_form_is_not_intact(folder: Path, tmp_path: Path):
    path = _copy(folder, "rollunder", tmp_path)
    _swap_form(path, 5)
    report = verify(path)
    assert not report.ok and report.turn == 5
    assert "G-8" in report.message and "format version" in report.message


def test_an_edited_digest_is_caught_with_or_without_fresh_hashes(tmp_path: Path):
    for rehash in (False, True):
        path = _copy(SAMPLES, "falkefateifaux", tmp_path / str(rehash))
        tamper.forge_outcome(path, 7, rehash=rehash)
        report = verify(path)
        assert not report.ok and report.turn == 7
        assert ("outcome" in report.message) if rehash else ("hash" in report.message)


@pytest.mark.parametrize("value", [None, 7, "", "ab" * 31, "G" * 64, ["x"], {"a": 1}])
def test_a_malformed_digest_is_refused_in_one_line(value: Any, tmp_path: Path):
    path = _copy(SAMPLES, "suitpairs", tmp_path)
    nb = tamper.read(path)
    tamper.turn_cells(nb)[2]["metadata"]["kit"]["event"]["outcome_digest"] = value
    tamper.write(path, nb)
    report = verify(path)
    assert not report.ok and report.turn == 3 and "\n" not in report.message


def test_an_event_with_both_forms_or_neither_is_malformed():
    base = {"index": 0, "action": "check", "args": {}, "prev": "0" * 64, "hash": "0" * 64}
    with pytest.raises(ValueError, match="not both"):
        Event.from_dict({**base, "outcome": {}, "outcome_digest": "0" * 64})
    with pytest.raises(ValueError, match="outcome"):
        Event.from_dict(base)


def test_a_version_4_event_leaves_out_arguments_at_plain_defaults_and_the_replay_puts_them_back(tmp_path: Path):
    path = _copy(SAMPLES, "falkefateifaux", tmp_path)
    game = load(path)
    flips = [(stored, held) for stored, held in zip(_events(path), game.log, strict=True) if stored["action"] == "flip"]
    assert flips
    for stored, held in flips:  # the file leaves them out; the game's log holds every argument
        assert stored["args"] == held.stored_args and not type(game).defaults_in("flip", stored["args"])
        assert held.args == type(game).full_args("flip", stored["args"]) and held.args["hinder"] is False
        assert set(stored["args"]) < set(held.args) and held.left_out == set(held.args) - set(stored["args"])
    assert verify(path).ok


def test_an_argument_written_out_at_its_default_is_not_intact(tmp_path: Path):
    path = _copy(SAMPLES, "falkefateifaux", tmp_path)
    nb = tamper.read(path)
    turn = next(i for i, cell in enumerate(tamper.turn_cells(nb), start=1)
                if cell["metadata"]["kit"]["event"]["action"] == "flip")
    tamper.turn_cells(nb)[turn - 1]["metadata"]["kit"]["event"]["args"]["hinder"] = False
    tamper.rehash_from(nb, turn)
    tamper.write(path, nb)
    report = verify(path)
    assert not report.ok and report.turn == turn and "default" in report.message and "G-8" in report.message


def test_a_version_2_file_keeps_every_argument(tmp_path: Path):
    path = _copy(V2, "falkefateifaux", tmp_path)
    game = load(path)
    for stored in _events(path):
        assert stored["args"] == type(game).full_args(stored["action"], stored["args"])
