"""C-1 under fuzzing: hostile chapters of a campaign are answered in one line, in time, and never pass as its play.

A later chapter brings input that a one-file game has not: its number, the head it follows, its
checkpoint (a whole game state as JSON), its length and the setup cell that continues the game
from the checkpoint. Each case takes a real campaign — a grown sample game of each system split
into chapters, and a sealed campaign played into its second chapter — and changes one later
chapter: a checkpoint value of another type, huge, long, odd or nested deep, a list made huge, a
field dropped or added, cards duplicated; a state that decodes but no turn made (fifty Red Jokers
in one deck, a character beyond the rules' ranges, combatants and pending stacks that name nobody
at the table); the chapter's number, what it follows, its event count, its length, its setup cell.

A forger then recomputes what the kit's own code can: nothing (level 0); the genesis and every
hash (1); also the turn count, the header cell and the setup cell, so that the turns are replayed
from the changed state (2); or the whole chapter written again by the kit from the changed
checkpoint, each turn played again from there with the outcome that state gives, so that the
chapter verifies alone — and, sometimes, every later chapter written again after it, so that the
campaign is one chain but for the lie (3).

Every case is read by ``kit verify CHAPTER``, ``kit verify FOLDER``, :func:`verify_campaign`,
:meth:`HeldGameFile.open` (the chapter alone and the campaign's newest) and the shelf's listing.
Each answers in one line a chapter (an exit code of 0, 1 or 2), raises nothing but the kit's
game-file errors where it documents them, within a few seconds and a few hundred MB; a campaign
whose play was changed is never "intact", and a chapter that is not intact alone is named.
"""

from __future__ import annotations

import contextlib
import functools
import io
import itertools
import json
import random
import shutil
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import fuzz_mutations as fm
import pytest
from gf_helpers import copy_sample
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_gf_chapters import AS_SAMPLED, chapter_turns_of, grown
from test_gf_fuzz import MEMORY_LIMIT, MESSAGE_LIMIT, PEAK, Hang, command_problems, hard_stop

import kit.cli
from kit import systems
from kit.core.chapters import ChapterStart, checkpoint_digest
from kit.core.checkpoint import decode_state, encode_state
from kit.core.errors import RulesError
from kit.core.events import Event, canonical_json, genesis_hash
from kit.core.game import Game, Rig
from kit.gamefile import GameFileError, HeldGameFile, NotAGameFileError, load_file
from kit.gamefile.campaign import CampaignReport, verify_campaign
from kit.gamefile.chapters import chapter_path, split
from kit.gamefile.header import Header
from kit.gamefile.notebook import build_notebook, notebook_text, parse_header
from kit.gamefile.shelf import Shelf
from kit.gamefile.source import setup_source_of

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "sealed"))
from sealed_helpers import AT, CHARACTERS, declared_form, play, random_turn, seated, settle

CASE_SECONDS = 5.0
"""No case may take longer than this, every reader together, in CPU time."""
HARD_STOP_SECONDS = 30
"""A case still running after this is stopped and reported as a hang."""
READER_EXPECTED = {0: "ok", 1: "broken", 2: "not-a-game"}
"""What HeldGameFile.open gives for a chapter that ``kit verify`` answers with each exit code."""
SYSTEMS = list(systems.SYSTEMS)
"""Every registered system: each has a campaign of its own."""


# -- the campaigns every case starts from ----------------------------------------------------------


@dataclass(frozen=True)
class Campaign:
    """A real campaign: its system and its chapter files (names and bytes), chapter 1 first."""

    name: str
    system: str
    names: tuple[str, ...]
    files: tuple[bytes, ...]

    def __repr__(self) -> str:
        return f"Campaign({self.name!r}, {len(self.files)} chapters)"


def _split(system: str, folder: Path) -> list[Path]:
    """The system's sample game (grown, but for Roll-Under) split into chapters, as test_gf_chapters splits it."""
    folder.mkdir(parents=True)
    if system in AS_SAMPLED:
        return split(copy_sample(system, folder), folder / "chapters", chapter_turns=chapter_turns_of(system))
    return split(grown(system, folder, 90), folder / "chapters", chapter_turns=chapter_turns_of(system))


def _sealed(system: str, folder: Path) -> list[Path]:
    """A sealed campaign of two chapters, a declaration waiting across the boundary (as test_sealed_chapters)."""
    folder.mkdir(parents=True)
    game = seated(system)
    ana, ben = CHARACTERS[system]["Ana"], CHARACTERS[system]["Ben"]
    for step in range(2):
        play(game, "Ana", *random_turn(system, ana, step))
        settle(game)
        play(game, "Ben", *random_turn(system, ben, step))
        settle(game)
    declared = game.sit("Ana").declare(*declared_form(game, *random_turn(system, ana, 5)), at=AT)
    following = game.next_chapter()
    following.sit(declared.sealer).seal()  # the next seat seals it (K-3)
    settle(following)
    play(following, "Ben", *random_turn(system, ben, 7))
    settle(following)
    paths = [folder / "sealed.ipynb", chapter_path(folder / "sealed.ipynb", 2)]
    for path, chapter in zip(paths, (game, following), strict=True):
        path.write_text(notebook_text(build_notebook(chapter, Header.for_game(chapter))))
    return paths


@functools.cache
def campaigns() -> dict[str, Campaign]:
    """Every campaign by name: one per system, and a sealed Suit Pairs one (built once a run)."""
    found = {}
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        for system in SYSTEMS:
            paths = _split(system, folder / system)
            found[system] = Campaign(system, system, tuple(p.name for p in paths), tuple(p.read_bytes() for p in paths))
        paths = _sealed("suitpairs", folder / "sealed")
        found["sealed"] = Campaign("sealed", "suitpairs", tuple(p.name for p in paths),
                                   tuple(p.read_bytes() for p in paths))
    return found


@functools.cache
def base(campaign: str, chapter: int) -> fm.Base:
    """Chapter ``chapter`` of a campaign as a base file to mutate."""
    found = campaigns()[campaign]
    return fm.Base(f"{campaign}/ch{chapter}", Path(found.names[chapter - 1]), found.files[chapter - 1])


# -- the forger ----------------------------------------------------------------------------------


def _attempt(compute: Callable[[], Any]) -> Any:
    """What ``compute`` gives, or None when a forger cannot compute it (the part stays as the edit left it)."""
    try:
        with fm.deep_recursion():
            return compute()
    except Exception:
        return None


def _started(header: Header) -> Game:
    """The game a header starts, before its chapter (as kit.gamefile.check starts it)."""
    return systems.get_system(header.system)(header.seed, practice=header.practice, players=header.players,
                                             gm=header.gm, **header.start_keywords(), **header.options)


def chapter_genesis(kit_meta: dict[str, Any]) -> str:
    """The genesis of a later chapter's start, its checkpoint taken as it is (without reading it as a state)."""
    chapter, follows, checkpoint = kit_meta["chapter"], kit_meta.get("follows"), kit_meta.get("checkpoint")
    stripped = {name: value for name, value in kit_meta.items() if name not in ("chapter", "follows", "checkpoint")}
    game = _started(Header.from_dict({**stripped, "chapter": 1}))
    game.chapter = ChapterStart(chapter, follows, checkpoint_digest(checkpoint) if checkpoint is not None else None)
    return genesis_hash(game.start_record())


def continued(kit_meta: dict[str, Any]) -> Game:
    """The game a chapter's header continues from its checkpoint, the kit's own checks on the way."""
    header = Header.from_dict(kit_meta)
    game = _started(header)
    assert header.checkpoint is not None
    game.continue_from(header.chapter, header.follows or "", header.checkpoint)
    return game


def rehash(notebook: dict[str, Any], level: int) -> None:
    """Level 1: the genesis, each event's ``prev`` and ``hash``, the head. Level 2: also the count, header and setup."""
    kit_meta = notebook["metadata"]["kit"]
    genesis = _attempt(lambda: chapter_genesis(kit_meta))
    if genesis is not None:
        kit_meta["genesis"] = genesis
    prev = kit_meta.get("genesis")
    events = fm.events_of(notebook)
    for event in events:
        event["prev"] = prev
        digest = _attempt(lambda event=event: Event.from_dict(event).expected_hash(kit_meta["format_version"]))
        if digest is not None:
            event["hash"] = digest
        prev = event.get("hash")
    kit_meta["head"] = prev
    if level < 2:
        return
    kit_meta["turns"] = len(events)
    cells = notebook["cells"]
    markdown = _attempt(lambda: Header.from_dict(kit_meta).markdown())
    if markdown is not None:
        cells[0]["source"] = markdown.splitlines(True)
    setup = _attempt(lambda: setup_source_of(continued(kit_meta)))
    if setup is not None:
        cells[1]["source"] = setup.splitlines(True)


LIVE_CRASHES: list[str] = []
"""What escaped the rules when a forger took a turn at a table from a checkpoint the kit accepted."""


def play_again(game: Game, events: list[dict[str, Any]]) -> None:
    """Take each recorded turn again, live, from the state ``game`` is in; a turn the rules refuse is left out.

    The rules may refuse a turn (a RulesError); anything else escaping them is a crash at the table,
    from a state the kit accepted: it is kept in :data:`LIVE_CRASHES` and the forger stops there.
    """
    for event in events:
        if game.proofs is not None:
            return  # a sealed game's proofs bind each turn's place: no forger plays them again
        try:
            recorded = Event.from_dict(event)
            game.sit(recorded.seat)
            args = game.full_args(recorded.action, recorded.args)  # a version-4 file leaves defaults out (G-8)
            game._perform(recorded.action, args, rig=Rig.from_dict(recorded.rig))
        except RulesError:
            continue
        except Exception as error:
            LIVE_CRASHES.append(f"its turn {event.get('action')!r} raised {_where(error)}")
            return


def at_table(call: Callable[[], Any], what: str) -> Any:
    """What ``call`` gives, as a table would do it from a checkpoint the kit accepted; None when the rules refuse.

    Anything but a refusal of the rules is a crash at the table: it is kept in :data:`LIVE_CRASHES`.
    """
    try:
        return call()
    except RulesError:
        return None
    except Exception as error:
        LIVE_CRASHES.append(f"{what} raised {_where(error)}")
        return None


def written(game: Game, chapter_turns: int) -> dict[str, Any]:
    """The notebook the kit writes for ``game``."""
    header = replace(Header.for_game(game), chapter_turns=chapter_turns)
    return json.loads(notebook_text(build_notebook(game, header)))


def rewrite(notebook: dict[str, Any], later: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """Level 3: the chapter written again by the kit from its (changed) checkpoint, and the ``later`` chapters after it.

    Each is written as a table writes it: its turns taken again, the file saved, the next chapter
    started from it. None when the kit refuses the checkpoint (the forger then re-hashes at level 2).
    """
    kit_meta = notebook["metadata"]["kit"]
    chapter_turns = kit_meta.get("chapter_turns", 250)
    game = _attempt(lambda: continued(kit_meta))
    if game is None:
        return None
    play_again(game, fm.events_of(notebook))
    first = at_table(lambda: written(game, chapter_turns), "saving the chapter")
    if first is None:
        return None
    out = [first]
    for following in later:
        game = at_table(game.next_chapter, "starting the next chapter")
        if game is None:
            break
        play_again(game, fm.events_of(following))
        chapter = at_table(lambda game=game: written(game, chapter_turns), "saving the next chapter")
        if chapter is None:
            break
        out.append(chapter)
    return out


# -- a case ----------------------------------------------------------------------------------------


def start_of(notebook: Any) -> str:
    """Where a chapter starts, which decides its play: its number, the head it follows and its checkpoint.

    (A forger who leaves out a chapter's last turns makes a campaign that ends earlier, with another
    head: the codes posted in the thread tell it apart. A chapter that starts elsewhere must never
    pass as the campaign's.)
    """
    kit_meta = notebook["metadata"]["kit"]
    value = [kit_meta.get("chapter"), kit_meta.get("follows"), kit_meta.get("checkpoint")]
    with fm.deep_recursion():
        try:
            return canonical_json(value)
        except Exception:  # keys that are not text, NaN: written as Python writes them
            return repr(value)


@dataclass
class Case:
    """One campaign with one later chapter changed (and maybe later ones written again), and what to expect."""

    campaign: Campaign
    chapter: int
    label: str
    files: list[bytes]
    changes_play: bool
    """True when the chapter starts elsewhere than it did (its number, the head it follows, its checkpoint)."""
    heavy: bool = False
    live_crashes: list[str] = field(default_factory=list)
    """What escaped the rules when the forger played the turns again from a checkpoint the kit accepted."""

    def __repr__(self) -> str:
        return f"Case({self.label!r})"


def make_case(campaign_name: str, chapter: int, edit: Callable[[fm.Mutant], str], level: int,
              rng: random.Random | None = None, *, cascade: bool = False) -> Case:
    """Chapter ``chapter`` of the campaign changed by ``edit`` (it says how), then forged to ``level``."""
    campaign = campaigns()[campaign_name]
    mutant = fm.Mutant(base(campaign_name, chapter), rng or random.Random(0))
    mutant.compact = True
    what = edit(mutant)
    files = list(campaign.files)
    crashes_before = len(LIVE_CRASHES)
    if level >= 3:
        later = [json.loads(data) for data in campaign.files[chapter:]] if cascade else []
        rewritten = rewrite(mutant.notebook, later)
        if rewritten is not None:
            mutant.notebook = rewritten[0]
            for offset, chapter_notebook in enumerate(rewritten[1:], start=chapter):
                files[offset] = json.dumps(chapter_notebook).encode()
        else:
            level = 2
    if level in (1, 2):
        rehash(mutant.notebook, level)
    files[chapter - 1] = data = mutant.dumps()
    try:  # as the file reads: a raw "-0" is the 0 it replaced
        changes_play = start_of(json.loads(data)) != start_of(base(campaign_name, chapter).notebook)
    except (ValueError, RecursionError):  # more digits than a number may have, nested too deep: not as it was
        changes_play = True
    label = f"{campaign_name} chapter {chapter}: {what}, forged to level {level}{' and on' if cascade else ''}"
    return Case(campaign, chapter, label, files, changes_play, mutant.heavy, LIVE_CRASHES[crashes_before:])


# -- every reader, one case ------------------------------------------------------------------------


def run_command(argv: list[str]) -> tuple[int, str, str]:
    """``kit ARGV`` as the command runs, its output captured."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = kit.cli.main(argv)
    return code, out.getvalue(), err.getvalue()


def _where(error: BaseException) -> str:
    """An exception that escaped, with where it was raised."""
    frames = traceback.extract_tb(error.__traceback__)
    at = f" at {Path(frames[-1].filename).name}:{frames[-1].lineno} ({frames[-1].name})" if frames else ""
    return f"{type(error).__name__}{at}: {str(error)[:200]!r}"


@dataclass
class Outcome:
    """What one reader did: its kind (ok, not-a-game, broken, crash) and its value or error."""

    kind: str
    value: Any = None


def outcome(call: Callable[[], Any], allowed: tuple[type[BaseException], ...] = ()) -> Outcome:
    """Run a reader; an exception not in ``allowed`` is a crash."""
    try:
        return Outcome("ok", call())
    except Hang:
        raise
    except allowed as error:
        return Outcome("not-a-game" if isinstance(error, NotAGameFileError) else "broken", error)
    except BaseException as error:  # what this test is for
        return Outcome("crash", _where(error))


def campaign_command_problems(code: int, out: str, err: str, chapters: int) -> list[str]:
    """What is wrong with what ``kit verify FOLDER`` printed: a line a chapter and one for the campaign."""
    problems = []
    if code not in (0, 1, 2):
        problems.append(f"kit verify FOLDER exited {code}")
    lines = (out + err).splitlines()
    if len(lines) != chapters + 1 or not (out + err).endswith("\n"):
        problems.append(f"kit verify FOLDER printed {len(lines)} lines for {chapters} chapters: {(out + err)[:400]!r}")
    for line in err.splitlines():  # a refusal is short; an intact sealed chapter says much (K-1)
        if len(line) > MESSAGE_LIMIT:
            problems.append(f"kit verify FOLDER printed a line of {len(line)} characters: {line[:200]!r}…")
    for line in lines:
        if "bug of the kit" in line:
            problems.append(f"kit verify FOLDER's last-resort guard answered: {line[:300]}")
    last = (out if code == 0 else err).splitlines()[-1:] or [""]
    if ("campaign intact" in last[0]) != (code == 0):
        problems.append(f"kit verify FOLDER exited {code} and ended with {last[0][:300]!r}")
    return problems


def linked_chapters(files: tuple[bytes, ...]) -> int:
    """How many chapters, from chapter 1 on, say they follow one another: the campaign's newest is the last of them.

    Chapter n + 1 is followed when its header names the same game (system, seed, game id), the
    number n + 1 and the head chapter n's header names (C-1, docs/file-format.md "Chapters of a
    campaign"): a change that breaks that link leaves the chapter before the break the newest.
    """
    count = 1
    for before, after in itertools.pairwise(files):
        try:
            parse_header(before), parse_header(after)  # a file whose header the kit's reader refuses links nothing
            ours, theirs = (json.loads(data)["metadata"]["kit"] for data in (before, after))
        except Exception:
            return count
        same_game = all(ours.get(name) == theirs.get(name) for name in ("system", "seed", "game_id"))
        number, follows = theirs.get("chapter"), theirs.get("follows")
        if not (same_game and number == ours.get("chapter", 1) + 1 and follows == ours["head"]):
            return count
        count += 1
    return count


def examine(case: Case, folder: Path) -> list[str]:
    """Every problem one case shows, in words (none: every reader answered it as it should)."""
    shutil.rmtree(folder, ignore_errors=True)
    chapters, alone = folder / "campaign", folder / "alone"
    chapters.mkdir(parents=True)
    alone.mkdir()
    for name, data in zip(case.campaign.names, case.files, strict=True):
        (chapters / name).write_bytes(data)
    name = case.campaign.names[case.chapter - 1]
    target = chapters / name
    (alone / name).write_bytes(case.files[case.chapter - 1])
    problems: list[str] = []
    started = time.process_time()
    with PEAK.measure(case.heavy) as peak:
        single = outcome(lambda: run_command(["verify", str(target)]))
        whole = outcome(lambda: run_command(["verify", str(chapters), "--jobs", "1"]))
        report = outcome(lambda: verify_campaign([chapters], jobs=1))
        held = outcome(lambda: HeldGameFile.open(alone / name, timeout=5), (GameFileError,))
        newest = outcome(lambda: HeldGameFile.open(chapters / case.campaign.names[0], timeout=5), (GameFileError,))
        listing = outcome(lambda: Shelf(chapters, case.campaign.system).listing())
        labels = outcome(lambda: [game.label for game in listing.value.games] + [listing.value.note]
                         if listing.kind == "ok" else [])
    for what, found in (("kit verify CHAPTER", single), ("kit verify FOLDER", whole), ("verify_campaign", report),
                        ("HeldGameFile.open of the chapter", held), ("HeldGameFile.open of the campaign", newest),
                        ("Shelf.listing", listing), ("the shelf's labels", labels)):
        if found.kind == "crash":
            problems.append(f"{what} raised {found.value}")
    problems += [f"at a table playing on from the checkpoint the kit accepted, {crash}" for crash in case.live_crashes]
    code = single.value[0] if single.kind == "ok" else None
    if code is not None and "cannot be replayed (" in single.value[2]:
        problems.append(f"the rules crashed replaying a turn from the checkpoint the kit accepted: "
                        f"{single.value[2].strip()[-200:]}")
    if code is not None:
        problems += [problem for problem in command_problems(*single.value)
                     if code != 0 or "a line of" not in problem]  # an intact sealed chapter says much (K-1)
    if whole.kind == "ok":
        problems += campaign_command_problems(*whole.value, len(case.files))
    if report.kind == "ok":
        verdict: CampaignReport = report.value
        if "\n" in verdict.message or len(verdict.message) > MESSAGE_LIMIT:
            problems.append(f"the campaign's message is not one short line: {verdict.message[:300]!r}")
        if whole.kind == "ok" and verdict.ok != (whole.value[0] == 0):
            problems.append(f"verify_campaign says ok={verdict.ok}, kit verify FOLDER exited {whole.value[0]}")
        if case.changes_play and verdict.ok:
            problems.append(f"the campaign verified as intact, but chapter {case.chapter}'s play was changed: "
                            f"{verdict.message[:300]}")
        if code not in (None, 0) and name not in verdict.message:
            problems.append(f"chapter {case.chapter} is not intact alone, but the campaign's message does not name "
                            f"it: {verdict.message[:300]}")
    if code is not None and held.kind != "crash" and held.kind != READER_EXPECTED.get(code):
        problems.append(f"kit verify CHAPTER exited {code} but HeldGameFile.open gave {held.kind}: "
                        f"{str(held.value)[:200]}")
    linked = linked_chapters(case.files)  # chapters are followed by what they say, never by their names alone
    if linked == len(case.files) and newest.kind not in ("crash", "ok") and case.chapter < len(case.files):
        problems.append(f"the campaign's newest chapter, not the one changed, did not open: {str(newest.value)[:200]}")
    if newest.kind == "ok" and newest.value.path.name not in case.campaign.names[:linked]:
        problems.append(f"the campaign opened at {newest.value.path.name}, past chapter {linked}, whose next chapter "
                        "does not say it follows it")
    if linked == len(case.files) and listing.kind == "ok" and len(listing.value.games) > 1:
        problems.append(f"the shelf lists {len(listing.value.games)} games for one campaign")
    seconds = time.process_time() - started
    if seconds > CASE_SECONDS:
        problems.append(f"took {seconds:.1f} s")
    if peak.bytes > MEMORY_LIMIT:
        problems.append(f"took {peak.bytes / 2**20:.0f} MiB at its peak")
    return problems


def run_case(case: Case) -> list[str]:
    """Examine one case in a folder of its own (stopped if it hangs); its problems, named by the case."""
    with tempfile.TemporaryDirectory() as folder:
        try:
            with hard_stop(HARD_STOP_SECONDS):
                problems = examine(case, Path(folder) / "case")
        except Hang as error:
            problems = [f"hung: {error}"]
    return [f"{case.label}: {problem}" for problem in problems]


@pytest.fixture
def command(monkeypatch: pytest.MonkeyPatch) -> None:
    """``kit.cli.main`` with its last-resort guard re-raising (as test_gf_fuzz has it), its parser built once."""
    def reraise(error: BaseException, *args: Any) -> int:
        raise error

    monkeypatch.setattr(kit.cli, "_unexpected", reraise)
    monkeypatch.setattr(kit.cli, "build_parser", functools.cache(kit.cli.build_parser))


# -- the edits -------------------------------------------------------------------------------------


def checkpoint_of(mutant: fm.Mutant) -> dict[str, Any]:
    """The mutant chapter's checkpoint (its JSON, changed in place)."""
    return mutant.kit["checkpoint"]


def state_of(mutant: fm.Mutant) -> dict[str, Any]:
    """The state in the mutant chapter's checkpoint."""
    return checkpoint_of(mutant)["state"]


def pairs(value: list[list[Any]]) -> dict[Any, Any]:
    """A checkpoint's mapping (a list of [key, value] pairs) as a dict that shares its values."""
    return {pair[0]: pair[1] for pair in value}


def texts_in(value: Any) -> list[str]:
    """Every text in a JSON value (names, skills, card codes …), for edits that put a real one in the wrong place."""
    return sorted({item for container, key in fm.slots(value) if isinstance(item := container[key], str)})


def huge_list(value: Any, rng: random.Random) -> list[Any]:
    """``value``'s entries (or ``value``) repeated to the 10,000 a checkpoint's list holds, or past it.

    Entries of more than a few dozen characters are left out (a file of 60,000 of them would be one
    near the size every reader refuses, whose memory test_gf_fuzz measures on its own).
    """
    items = [item for item in (value if isinstance(value, list) else [value]) if len(json.dumps(item)) < 60] or [0]
    size = rng.choice((10_000, 10_001, 60_000))
    return (items * (size // len(items) + 1))[:size]


def hostile_value(mutant: fm.Mutant, value: Any) -> tuple[str, Any]:
    """A value for a checkpoint's place that holds ``value``: of another type, huge, long, odd, deep or a huge list."""
    rng = mutant.rng
    pick = rng.randrange(8)
    if pick == 0:
        return "retyped", fm.retyped(value, rng)
    if pick == 1:
        return "a huge number", rng.choice((10**9, 10**9 + 1, -(10**9) - 1, 2**63, 10**400, 1.5, -0.0, True))
    if pick == 2:
        mutant.heavy = True
        return "a long or odd text", rng.choice(("", " ", "x" * 501, "x" * 200_000, "Ada\nBruno", "\x00", "\u202eAda",
                                                  *fm.SURROGATES, "RJ ", "rj", "Ghost"))
    if pick == 3:
        mutant.heavy = True
        return "a huge list", huge_list(value, rng)
    if pick == 4:
        depth = rng.choice((9, 60, 900))
        if depth > 100:
            mutant.heavy = True
        return f"nested {depth} deep", fm.nested(depth, rng.choice("[{"), value if not isinstance(value, dict) else 1)
    if pick == 5:
        mutant.heavy = True
        return "nested 100,000 deep", mutant.raw(fm.nested_text(100_000, rng.choice("[{")))
    if pick == 6:
        return "a value only JSON text holds", mutant.raw(rng.choice(("NaN", "Infinity", "1E400", "9" * 5000, "-0")))
    return "hostile", fm.hostile(mutant)


def any_edit(slot: int, how: int) -> Callable[[fm.Mutant], str]:
    """Change the ``slot``-th place of the checkpoint (every place under it, walked in order); ``how`` picks how."""
    def edit(mutant: fm.Mutant) -> str:
        checkpoint = checkpoint_of(mutant)
        places = [(checkpoint, key) for key in checkpoint] + fm.slots(checkpoint)
        container, key = places[slot % len(places)]
        if how % 3 == 0:
            return f"{fm.structural_edit(mutant, container, key)} at {key!r}"
        what, value = hostile_value(mutant, container[key])
        container[key] = value
        return f"{what} at {key!r}"

    return edit


def plausible_edit(slot: int, pick: int) -> Callable[[fm.Mutant], str]:
    """A lie that keeps a checkpoint's shape: a number another number, a text another text of the checkpoint,
    an entry of a list doubled, dropped or moved — a state of the right types that no turn made."""
    def edit(mutant: fm.Mutant) -> str:
        rng = mutant.rng
        state = checkpoint_of(mutant)  # the state, who plays whom, a sealed game's proofs
        places = [(container, key) for container, key in fm.slots(state) if key != "kit-checkpoint"]
        container, key = places[slot % len(places)]
        value = container[key]
        if type(value) is int:
            container[key] = rng.choice((value + 1, value - 1, -value, 0, -1, 99, 10**9, -(10**9), value * 10))
            return f"{key!r} {value} → {container[key]}"
        if isinstance(value, str):
            container[key] = rng.choice(texts_in(state))
            return f"{key!r} {value[:20]!r} → {container[key][:20]!r}"
        if isinstance(value, bool):
            container[key] = not value
            return f"{key!r} flipped"
        if isinstance(value, list) and value:
            item = rng.randrange(len(value))
            choice = pick % 5
            if choice == 4:
                value.clear()
                return f"{key!r} emptied"
            if choice == 0:
                value.insert(item, json.loads(json.dumps(value[item])))
                return f"entry {item} of {key!r} doubled"
            if choice == 1:
                del value[item]
                return f"entry {item} of {key!r} dropped"
            if choice == 2:
                value.append(value.pop(item))
                return f"entry {item} of {key!r} moved last"
            value[:] = value * rng.choice((2, 50))
            return f"{key!r} repeated"
        if isinstance(value, dict) and value:
            name = rng.choice(sorted(value))
            value.pop(name)
            return f"field {name!r} of {key!r} dropped"
        container[key] = rng.choice((0, "Ghost", None, [], {}))
        return f"{key!r} given a value"

    return edit


CHAPTER_VALUES = st.sampled_from([0, 1, 2, 3, 4, 99, 10**6, 10**6 + 1, 10**30, -1, 2.0, True, "2", None, [2]])
"""A chapter's number: 10**400 is left to the test of the shelf below (a file name cannot hold it)."""
FOLLOWS_VALUES = st.one_of(st.sampled_from(["0" * 64, "F" * 64, "a" * 63, "g" * 64, "", None, 7, ["x"]]),
                           st.text("0123456789abcdef", min_size=64, max_size=64))
EVENTS_VALUES = st.sampled_from([0, 1, -1, 39, 41, 10**9 - 1, 10**9, 2**63, "40", True, 40.0, None])
CHAPTER_TURNS_VALUES = st.sampled_from([19, 20, 21, 40, 5000, 5001, 0, -40, "40", True, None, 40.5, 10**400])
TURNS_VALUES = st.sampled_from([0, 1, 9, 11, 39, 41, 10**9, -1, "40", None])
LAYOUT_VALUES = st.sampled_from([0, 2, -1, 10**9, 10**400, True, 1.0, "1", "\ud800", "a\nb", "x" * 5000, None, [1]])
FIELDS = ("chapter", "follows", "events", "kit-checkpoint", "chapter_turns", "turns", "drop")


def field_edit(name: str, value: Any) -> Callable[[fm.Mutant], str]:
    """The chapter's ``name`` field (``events``, ``kit-checkpoint``: its checkpoint's) given ``value``;
    ``drop``: the field ``value`` removed."""
    def edit(mutant: fm.Mutant) -> str:
        if name == "drop":
            mutant.kit.pop(value)
            return f"its {value!r} removed"
        target = checkpoint_of(mutant) if name in ("events", "kit-checkpoint") else mutant.kit
        target[name] = value
        return f"its {name} {str(value)[:40]}"

    return edit


def setup_edit(how: int, rng_value: str) -> Callable[[fm.Mutant], str]:
    """The setup cell's source changed: its checkpoint literal edited, another chapter's, hostile code, not text."""
    def edit(mutant: fm.Mutant) -> str:
        cell = mutant.notebook["cells"][1]
        source = "".join(cell["source"]) if isinstance(cell["source"], list) else str(cell["source"])
        choices: list[tuple[str, Any]] = [
            ("its checkpoint's first number changed", source.replace('"events": ', '"events": 1', 1)),
            ("chapter=2 made chapter=3", source.replace("chapter=", "chapter=1", 1)),
            ("a call to run a program", source + "\n__import__('os').system('echo hi')"),
            ("a literal nested 100,000 deep", source.replace("checkpoint={", "checkpoint=" + "[" * 100_000, 1)),
            ("a megabyte of text", source + "#" * 2**20),
            ("not text", rng_value if how % 2 else [1, None, {"a": 2}]),
            ("new_game for continue_game", source.replace("continue_game", "new_game")),
            ("a lone surrogate", source.replace("follows=", "follows=\ud800", 1)),
        ]
        what, value = choices[how % len(choices)]
        if what == "a megabyte of text":
            mutant.heavy = True
        cell["source"] = value
        return f"the setup cell: {what}"

    return edit


# -- named lies: states that decode, and that no turn made -----------------------------------------


def _ff_jokers(mutant: fm.Mutant) -> str:
    state_of(mutant)["fate"]["draw_pile"] += ["RJ"] * 50
    return "50 Red Jokers on the Deck of Fate"


def _ff_hand(mutant: fm.Mutant) -> str:
    sheet = pairs(state_of(mutant)["characters"])["Ada"]
    sheet["hand"] = ["RJ"] * 40
    sheet["fate"], sheet["burning"], sheet["owed_discards"] = 10**9, -(10**9), 10**9
    return "a hand of 40 Red Jokers and a billion Fate"


def _ff_skills(mutant: fm.Mutant) -> str:
    for _, sheet in state_of(mutant)["characters"]:
        sheet["skills"] = [[skill, level * 10**8 if level % 2 else -level] for skill, level in sheet["skills"]]
    return "every skill beyond the rules' ranges"


def _ff_pending(mutant: fm.Mutant) -> str:
    pending = state_of(mutant)["pending"]
    for side in pending["sides"]:
        side["character"], side["chooser"], side["deck"] = "Ghost", "Nobody", "magic"
        side["chosen"] = 40
    pending["guide_order"] = [5, -1, 10**9]
    pending["spent"] = [["Ghost", [["fate", 10**9]]]]
    return "a pending flip of characters who are not at the table"


def _ff_decks(mutant: fm.Mutant) -> str:
    state = state_of(mutant)
    state["fate"]["draw_pile"], state["fate"]["discard_pile"] = [], []
    state["magic"]["draw_pile"], state["fate_decks"], state["magic_decks"] = ["AS"], 10**9, -1
    return "empty decks and a billion of them"


def _ff_no_characters(mutant: fm.Mutant) -> str:
    state_of(mutant)["characters"] = []
    return "no character left"


def _ff_renamed(mutant: fm.Mutant) -> str:
    characters = state_of(mutant)["characters"]
    characters[0][1]["name"] = characters[1][0]
    characters[1][0] = "Ghost"
    return "characters filed under other names"


def _sp_pending(mutant: fm.Mutant) -> str:
    state = state_of(mutant)
    state["pending"] = [["Ghost", {"skill": "Defy", "level": 9, "difficulty": "Hard", "target": 99, "dice": [7, 0, -3],
                                   "replaced": [[1] * 500], "paid": ["Tomas", "Ghost"]}],
                        ["Mira", {"skill": "Nothing", "level": -1, "difficulty": "Trivial", "target": 0, "dice": [],
                                  "replaced": [], "paid": []}]]
    state["turn_order"], state["last_resolved"] = ["Ghost", "Mira", "Mira"], "Nobody"
    return "pending checks of characters and skills that do not exist"


def _sp_sheet(mutant: fm.Mutant) -> str:
    for _, sheet in state_of(mutant)["characters"]:
        sheet["attributes"] = [[name, -3 if value % 2 else 10**9] for name, value in sheet["attributes"]]
        sheet["skills"] = [[name, 99] for name, _ in sheet["skills"]][:3]
        sheet["name"] = "Ghost"
    return "sheets beyond the rules' ranges, skills missing, names that are not their own"


def _sp_counts(mutant: fm.Mutant) -> str:
    state_of(mutant)["checks_resolved"] = 10**9
    checkpoint_of(mutant)["events"] = 10**9 - 1
    return "a billion checks resolved and events before"


def _ru_combat(mutant: fm.Mutant) -> str:
    combat = state_of(mutant)["combat"]
    combat["combatants"] += ["Ghost", "Ghost"]
    combat["order"] = ["Ghost", *combat["order"], "Nobody"]
    combat["initiative"].append(["Ghost", {"acts_from": 10**9, "base_target": -5, "modifier": 10**9, "name": "Spectre",
                                           "roll": 0}])
    combat["ambush_rolls"].append(["Nobody", 10**9])
    combat["aims"], combat["free_attacks"] = [["Ghost", 10**9]], [["Ghost", "Nobody"]]
    combat["round"], combat["started_at"] = -(10**9), 10**9
    return "combatants who do not exist"


def _ru_sheet(mutant: fm.Mutant) -> str:
    for _, sheet in state_of(mutant)["characters"]:
        sheet["attributes"] = [[name, 99] for name, _ in sheet["attributes"]]
        sheet["stamina"], sheet["stamina_damage"], sheet["physical"], sheet["physical_damage"] = 0, -5, -1, 10**9
        sheet["fate_cards"] = ["The Fool"] * 50
        sheet["player"] = "Nobody"
        for weapon in sheet["weapons"]:
            weapon["damage"], weapon["skill"] = 10**9, "Nothing"
    return "sheets beyond the rules' ranges, fifty Fools in every hand"


def _ru_clock(mutant: fm.Mutant) -> str:
    state_of(mutant)["clock"] = 10**9
    return "the clock at a billion seconds"


def _ru_references(mutant: fm.Mutant) -> str:
    state = state_of(mutant)
    state["draw_order"] = ["Ghost", "Ghost"]
    state["healing"] = [["Ghost", {"last_stamina": 10**9, "last_physical": -(10**9), "last_physician": 0,
                                   "physicane_start": 10**9, "physicane_total": -1, "physicane_given": 10**9}]]
    state["permits"], state["readied"] = [["Ghost", 10**9]], [["Ghost", "Nothing"]]
    state["defences"] = [["Ghost", ["Nobody", 10**9]]]
    state["last_test"]["sides"] = [["Ghost", state["last_test"]["sides"][0][1]]]
    state["last_test"]["defender"] = "Nobody"
    state["fate_deck"]["draw_pile"] = ["The Fool"] * 60
    return "every list of names naming nobody, sixty Fools in the deck"


def _ru_no_combat_list(mutant: fm.Mutant) -> str:
    combat = state_of(mutant)["combat"]
    combat["combatants"], combat["order"], combat["initiative"] = [], [], []
    return "a combat of nobody"


def _sealed_proofs(mutant: fm.Mutant) -> str:
    proofs = checkpoint_of(mutant)["proofs"]
    for declaration in proofs.get("pending", []):
        declaration["seat"], declaration["sealer"] = "Nobody", "Ghost"
    proofs["chains"] = [["Nobody", chains] for _, chains in proofs.get("chains", [])]
    return "waiting declarations and chains of seats that are not at the table"


def _sealed_counts(mutant: fm.Mutant) -> str:
    for _, chains in checkpoint_of(mutant)["proofs"]["chains"]:
        chains["seal_n"], chains["act_n"] = -(10**9), 10**9
    return "seal chains counted a billion values back (each seal would walk a billion steps)"


def _text_no_json_encodes(mutant: fm.Mutant) -> str:
    state_of(mutant)["characters"][0][1]["name"] = "\ud800"
    return "a lone surrogate as a character's name"


def _not_a_number(mutant: fm.Mutant) -> str:
    checkpoint_of(mutant)["events"] = mutant.raw("NaN")
    return "NaN events before"


def _sealed_seating(mutant: fm.Mutant) -> str:
    seating = checkpoint_of(mutant)["seating"]
    seating["owners"] = [["Ghost", "Nobody"], *seating["owners"]]
    return "a character of a seat that is not at the table"


def _everyone(mutant: fm.Mutant) -> str:
    seating = checkpoint_of(mutant)["seating"]
    seating["owners"] = [[name, owner] for name, owner in seating["owners"] for _ in range(2)]
    return "every character owned twice"


def _every_number(value: int) -> Callable[[fm.Mutant], str]:
    """Every whole number of the state set to ``value`` (a billion: as far as a checkpoint goes)."""
    def edit(mutant: fm.Mutant) -> str:
        for container, key in fm.slots(state_of(mutant)):
            if type(container[key]) is int:
                container[key] = value
        return f"every number of the state {value:,}"

    edit.__name__ = f"every_number_{'low' if value < 0 else 'high'}"
    return edit


NAMED: list[tuple[str, Callable[[fm.Mutant], str]]] = [
    *((name, _every_number(value)) for name in (*SYSTEMS, "sealed") for value in (10**9, -(10**9))),
    *((name, _everyone) for name in SYSTEMS),
    ("falkefateifaux", _ff_jokers), ("falkefateifaux", _ff_hand), ("falkefateifaux", _ff_skills),
    ("falkefateifaux", _ff_pending), ("falkefateifaux", _ff_decks), ("falkefateifaux", _ff_no_characters),
    ("falkefateifaux", _ff_renamed),
    ("suitpairs", _sp_pending), ("suitpairs", _sp_sheet), ("suitpairs", _sp_counts),
    ("rollunder", _ru_combat), ("rollunder", _ru_sheet), ("rollunder", _ru_clock), ("rollunder", _ru_references),
    ("rollunder", _ru_no_combat_list),
    ("sealed", _sealed_proofs), ("sealed", _sealed_seating), ("sealed", _sealed_counts),
    ("suitpairs", _text_no_json_encodes), ("rollunder", _not_a_number),
]
"""Every registered system's campaign with every number changed and every character owned twice, then lies
about one system's state that its own rules would stumble on."""

REFUSED: list[tuple[str, Callable[[fm.Mutant], str], str]] = [
    ("falkefateifaux", _ff_pending, "checkpoint state.pending.sides: names 'Ghost', who is not at the table"),
    ("falkefateifaux", _ff_renamed, "checkpoint state.characters['Ada']: is the sheet of 'Bruno'"),
    ("suitpairs", _sp_pending, "checkpoint state.pending: names 'Ghost', who is not at the table"),
    ("suitpairs", _sp_sheet, "checkpoint state.characters['Mira']: is the sheet of 'Ghost'"),
    ("rollunder", _ru_combat, "checkpoint state.combat.combatants: names 'Ghost', who is not at the table"),
    ("rollunder", _ru_references, "checkpoint state.draw_order: names 'Ghost', who is not at the table"),
    ("sealed", _sealed_counts, "checkpoint proofs.chains['Ana']: count values that chains of 64 values do not "
                               "have (K-2) (C-1)"),
    ("sealed", _sealed_proofs, "checkpoint proofs.chains"),
]
"""Lies the rules would stumble on, and the words that refuse them when the chapter is read (C-1)."""


# -- the tests -------------------------------------------------------------------------------------


def test_the_campaigns_verify_and_every_reader_takes_them(tmp_path: Path, command: None):
    for name, campaign in campaigns().items():
        assert len(campaign.files) >= 2, name
        case = Case(campaign, len(campaign.files), f"{name} as it is", list(campaign.files), changes_play=False)
        assert not run_case(case)
        (tmp_path / name).mkdir()
        for file_name, data in zip(campaign.names, campaign.files, strict=True):
            (tmp_path / name / file_name).write_bytes(data)
        assert verify_campaign([tmp_path / name], jobs=1).ok


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_state_a_game_passes_through_meets_its_systems_checks(tmp_path: Path, system: str):
    """The checks a checkpoint's state is held to never refuse a state that turns made (C-1)."""
    game = load_file(grown(system, tmp_path, 150) if system not in AS_SAMPLED else copy_sample(system, tmp_path)).game
    replay = game.fresh()
    events = list(game.log)
    replay.prepare_replay(events)
    for event in events:
        replay.apply(event)
        state = decode_state(type(replay.state), encode_state(replay.state))
        replay._check_checkpoint_state(state)  # raises for a state the rules cannot be in


def test_a_sealed_game_goes_on_into_a_new_chapter_after_any_of_its_turns(tmp_path: Path):
    """The checks a checkpoint's proofs are held to never refuse the chains and declarations turns made (C-1)."""
    path = tmp_path / "sealed.ipynb"
    path.write_bytes(campaigns()["sealed"].files[0])
    game = load_file(path).game
    for turns in range(1, len(game.log) + 1):
        following = game.replayed(turns).next_chapter()
        assert following.turn == turns


@pytest.mark.parametrize(("campaign", "edit"), NAMED, ids=[f"{c}-{e.__name__.strip('_')}" for c, e in NAMED])
@pytest.mark.parametrize("level", [0, 2, 3])
def test_a_checkpoint_that_lies_is_answered_and_never_passes(command: None, campaign: str,
                                                              edit: Callable[[fm.Mutant], str], level: int):
    chapters = len(campaigns()[campaign].files)
    failures = []
    for chapter in sorted({2, chapters}):
        case = make_case(campaign, chapter, edit, level, cascade=level == 3)
        assert case.changes_play, case.label
        failures += run_case(case)
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize(("campaign", "edit", "says"), REFUSED, ids=[e.__name__.strip("_") for _, e, _ in REFUSED])
def test_a_state_the_rules_would_stumble_on_is_refused_in_words(tmp_path: Path, campaign: str,
                                                                edit: Callable[[fm.Mutant], str], says: str):
    case = make_case(campaign, 2, edit, 2)
    path = tmp_path / case.campaign.names[1]
    path.write_bytes(case.files[1])
    code, out, err = run_command(["verify", str(path)])
    assert (code, out) == (1, "") and "its checkpoint is not a state this game can be in" in err, err
    assert says in err and err.rstrip().endswith("(C-1)."), err


FUZZ = settings(max_examples=200, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
CAMPAIGNS = st.sampled_from([*SYSTEMS, "sealed"])
LEVELS = st.sampled_from([0, 1, 2, 2, 3, 3])


def _chapter(data: st.DataObject, campaign: str) -> int:
    return data.draw(st.integers(2, len(campaigns()[campaign].files)), label="chapter")


@FUZZ
@given(campaign=CAMPAIGNS, data=st.data(), slot=st.integers(0, 10**6), how=st.integers(0, 2), level=LEVELS,
       rng=st.randoms(use_true_random=False), cascade=st.booleans())
def test_any_value_of_a_checkpoint_changed_is_answered(command: None, campaign: str, data: st.DataObject, slot: int,
                                                       how: int, level: int, rng: random.Random, cascade: bool):
    case = make_case(campaign, _chapter(data, campaign), any_edit(slot, how), level, rng, cascade=cascade)
    assert not run_case(case)


@FUZZ
@given(campaign=CAMPAIGNS, data=st.data(), slot=st.integers(0, 10**6), pick=st.integers(0, 4),
       level=st.sampled_from([2, 3, 3]), rng=st.randoms(use_true_random=False), cascade=st.booleans())
def test_a_state_that_decodes_but_no_turn_made_never_passes(command: None, campaign: str, data: st.DataObject,
                                                            slot: int, pick: int, level: int, rng: random.Random,
                                                            cascade: bool):
    case = make_case(campaign, _chapter(data, campaign), plausible_edit(slot, pick), level, rng, cascade=cascade)
    assert not run_case(case)


@settings(FUZZ, max_examples=100)
@given(campaign=CAMPAIGNS, data=st.data(), name=st.sampled_from(FIELDS), level=LEVELS)
def test_a_chapters_number_head_events_and_length_changed_are_answered(command: None, campaign: str,
                                                                       data: st.DataObject, name: str, level: int):
    values = {"chapter": CHAPTER_VALUES, "follows": FOLLOWS_VALUES, "events": EVENTS_VALUES,
              "kit-checkpoint": LAYOUT_VALUES,
              "chapter_turns": CHAPTER_TURNS_VALUES, "turns": TURNS_VALUES,
              "drop": st.sampled_from(["chapter", "follows", "checkpoint", "genesis"])}
    value = data.draw(values[name], label="value")
    case = make_case(campaign, _chapter(data, campaign), field_edit(name, value), level)
    assert not run_case(case)


@settings(FUZZ, max_examples=24)
@given(campaign=CAMPAIGNS, data=st.data(), how=st.integers(0, 7), value=st.sampled_from([None, 7, {"a": 1}, ""]))
def test_a_setup_cell_changed_is_answered_and_never_passes(command: None, campaign: str, data: st.DataObject,
                                                           how: int, value: Any):
    chapter = _chapter(data, campaign)
    failures = run_case(make_case(campaign, chapter, setup_edit(how, value), 0))
    assert not failures, "\n".join(failures)


def test_a_chapter_numbered_past_any_file_name_is_listed(command: None):
    assert not run_case(make_case("suitpairs", 3, field_edit("chapter", 10**400), 0))


def test_a_lying_campaign_is_caught_on_every_core(tmp_path: Path):
    """The process pool verify_campaign uses by default gives the verdict one process gives."""
    case = make_case("falkefateifaux", 2, _ff_jokers, 3, cascade=True)
    for file_name, data in zip(case.campaign.names, case.files, strict=True):
        (tmp_path / file_name).write_bytes(data)
    alone = verify_campaign([tmp_path], jobs=1)
    pooled = verify_campaign([tmp_path], jobs=2)
    assert not pooled.ok and pooled.message == alone.message
    assert "chapter 2" in pooled.message and "not the state chapter 1 ended in" in pooled.message
