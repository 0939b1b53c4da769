"""K-1…K-4 end to end: a sealed game of each system passed between three games folders, one per participant.

Ana, Ben and the GM Gil each keep a games folder and hold only their own key. The file goes
round: each of them copies it into their folder, loads it (a full verification), holds their
key, takes their turns on their copy through the game-file API — seating themselves, sealing
what waits for their seal, the steps the rules wait for from them, then a turn of their own —
and passes the file on. Each draw is sealed by the next seat in the order of play that has taken
its seat when it is declared — once all sit, Ana's by Ben, Ben's by Gil, Gil's by Ana, the seat
the file goes to next — and nothing but seals, declarations and notes is taken while a draw
waits (K-3); a draw the rules refuse by the time it is sealed lapses (K-4). At the end every folder holds the same
file, ``kit verify`` finds it intact in each, and running its code cells as nbval does
re-checks every proof — and refuses a cell whose proof was edited.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from sealed_helpers import (
    CHARACTERS,
    GM,
    SEATS,
    driver,
    exec_cells,
    gm_turn,
    hashes,
    is_seal,
    key_for,
    new_sealed,
    random_turn,
    read_nb,
    sheet,
    turn_cells,
)

from kit import gamefile
from kit.core.errors import RulesError
from kit.core.game import Game
from kit.gamefile import HeldGameFile
from kit.systems import SYSTEMS

NAME = "game.ipynb"
MIN_TURNS = 30


class Participant:
    """One person at the table: their folder, their key, and how their tools append to their copy."""

    def __init__(self, seat: str, folder: Path, system: str, way: str):
        self.seat, self.folder, self.system, self.way = seat, folder, system, way
        self.path = folder / NAME
        self.turns_taken = 0
        self.game: Game | None = None
        self._held: HeldGameFile | None = None

    def receive(self, source: Path) -> None:
        """Copy the file into this folder, load and verify it, hold this seat's key only."""
        if source != self.path:
            shutil.copyfile(source, self.path)
        if self.way == "held":
            self._held = HeldGameFile.open(self.path)
            self.game = self._held.game
        else:
            self.game = gamefile.load(self.path)
        self.game.hold_key(self.seat, key_for(self.seat))
        assert [seat for seat in SEATS if self.game.holds_key(seat)] == [self.seat]

    def take(self, action: str, args: dict[str, Any]) -> Any:
        """One turn from this seat, appended to this folder's copy (a refusal leaves the file as it was)."""
        game = self.game
        assert game is not None
        game.sit(self.seat)
        before = self.path.read_bytes()
        try:
            if self.way == "held":
                assert self._held is not None
                result = self._held.take(action, args)
            elif self.way == "append":
                result = gamefile.append_to_game(self.path, game, action, args)
            else:
                _, result = gamefile.append_turn(self.path, action, args, game=game, seat=self.seat)
        except RulesError:
            assert self.path.read_bytes() == before
            raise
        self.turns_taken += 1
        return result

    def play_round(self, step: int) -> None:
        """Everything this seat does with the file in hand: sit, seal, its steps waited for, one turn of its own."""
        game = self.game
        assert game is not None and game.proofs is not None
        if not game.has_joined(self.seat):
            self.take("take_seat", {})
        while game.proofs.next_to_seal(self.seat) is not None:
            self.take("seal", {})
        while not game.pending_declarations and (wanted := self.step_waited_for()) is not None:
            self.take(*wanted)  # nothing is taken but seals, declarations and notes while a draw waits (K-3)
        if game.proofs.pending_of(self.seat) is not None or self.step_waited_for() is not None:
            self.take("note", {"text": f"{self.seat} waits (round {step})"})
            return
        self.own_turn(step)

    def step_waited_for(self) -> tuple[str, dict[str, Any]] | None:
        """A step the rules wait for from this seat (accept a check, choose or guide a stack …), if any."""
        game = self.game
        assert game is not None
        for seat, action, args in driver(self.system).follow_ups(game):  # e.g. a check to accept, each character's
            if (seat or GM) == self.seat:
                return action, args
        return None

    def own_turn(self, step: int) -> None:
        """A player builds a character, then declares checks, flips or tests; the GM alternates."""
        game = self.game
        assert game is not None
        mine = CHARACTERS[self.system].get(self.seat)
        if mine is not None and mine not in game.character_names():
            self.attempt(*sheet(self.system, self.seat), step=step)
            return
        if self.seat == GM:
            names = [name for name in CHARACTERS[self.system].values() if name in game.character_names()]
            if not names:
                self.take("note", {"text": "Gil sets the scene"})
            elif step % 2 and not game.pending_declarations:  # never while a draw waits for its seal (K-3)
                self.attempt(*gm_turn(self.system, names[step % len(names)], step), step=step, any_refusal=True)
            else:  # sealed by Ana, the next seat (K-3)
                self.attempt(*random_turn(self.system, names[step % len(names)], step), step=step, any_refusal=True)
            return
        # The rules may refuse it now (another character's stack is being resolved …): a note then.
        self.attempt(*random_turn(self.system, mine, step), step=step, any_refusal=True)

    def attempt(self, action: str, args: dict[str, Any], *, step: int, any_refusal: bool = False) -> None:
        """Take a turn; if sealed play refuses it now (K-3: a draw waits for its seal and it is no declaration, or
        no other seat has taken its seat to seal it) — or, with ``any_refusal``, the rules do — write a note."""
        try:
            self.take(action, args)
        except RulesError as refused:
            if not any_refusal and refused.ruling != "K-3":
                raise
            self.take("note", {"text": f"{self.seat} holds back (round {step})"})


_PLAYED: dict[str, tuple[dict[str, Participant], Game]] = {}


def played(system: str, factory: pytest.TempPathFactory) -> tuple[dict[str, Participant], Game]:
    """The game of ``system`` passed between the folders, played once a run (the tests only read it)."""
    if system not in _PLAYED:
        _PLAYED[system] = play_between_folders(system, factory.mktemp(f"folders-{system}"))
    return _PLAYED[system]


def play_between_folders(system: str, tmp_path: Path) -> tuple[dict[str, Participant], Game]:
    """Create the game in Gil's folder and pass it Ana → Ben → Gil → Ana … until it has enough turns."""
    ways = {"Ana": "held", "Ben": "append", GM: "append_turn"}
    people = {seat: Participant(seat, tmp_path / seat, system, ways[seat]) for seat in SEATS}
    for person in people.values():
        person.folder.mkdir()
    gamefile.save(new_sealed(system, f"folders-{system}"), people[GM].path)  # chain_length 64: fast in tests
    order = [people["Ana"], people["Ben"], people[GM]]
    holder = people[GM].path
    step = 0
    while True:
        person = order[step % 3]
        person.receive(holder)
        person.play_round(step)
        holder = person.path
        step += 1
        assert person.game is not None
        if person.game.turn >= MIN_TURNS and step % 3 == 0 and not person.game.pending_declarations:
            break
        assert step < 200, person.game.whose_turn()
    for other in people.values():  # the last copy goes to everyone
        if other.path != holder:
            shutil.copyfile(holder, other.path)
    final = gamefile.load(holder)
    return people, final


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_k1_k3_a_sealed_game_passed_between_three_folders_verifies_in_every_folder(
        system: str, tmp_path_factory: pytest.TempPathFactory):
    people, game = played(system, tmp_path_factory)
    assert game.turn >= MIN_TURNS and all(person.turns_taken >= 5 for person in people.values())
    copies = {seat: person.path.read_bytes() for seat, person in people.items()}
    assert len(set(copies.values())) == 1, "the three copies are the same file"
    reports = [gamefile.verify(person.path) for person in people.values()]
    for report in reports:
        assert report.ok, report.message
        assert "a SEALED game (K-1)" in report.message
    assert gamefile.compare(reports[0], reports[1]).relation == "same"
    # Every seat took turns proven by its own key; every draw was sealed by the seat its declaration named: once
    # every seat was taken, the next seat in the order of play (K-3).
    seats = {event.seat for event in game.log if not is_seal(event)}
    assert seats == set(SEATS)
    all_seated = max(event.index for event in game.log if event.action == "take_seat")
    next_seat = {"Ana": "Ben", "Ben": GM, GM: "Ana"}
    for event in game.log:
        if is_seal(event):
            declared = game.log[event.proof["sealed"] - 1]
            assert event.proof["by"] == declared.outcome["waits_for"] != declared.seat
            if declared.index > all_seated:
                assert event.proof["by"] == next_seat[declared.seat]
    sealed_by = {event.proof["by"] for event in game.log if is_seal(event)}
    assert sealed_by == set(SEATS), "Ben sealed Ana's draws, Gil Ben's, Ana the GM's"
    assert not game.pending_declarations


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_k2_running_the_files_cells_as_nbval_does_re_checks_every_proof(system: str,
                                                                         tmp_path_factory: pytest.TempPathFactory):
    people, game = played(system, tmp_path_factory)
    notebook = read_nb(people["Ana"].path)
    namespace = exec_cells(notebook)
    rerun = namespace["game"]
    assert hashes(rerun) == hashes(game) and rerun.fingerprint() == game.fingerprint()
    assert not any(rerun.holds_key(seat) for seat in SEATS), "no key is needed to re-check the proofs"
    # A cell whose proof was edited is refused as it runs (K-2): its value is not its seat's next one.
    cells = turn_cells(notebook)
    position = next(i for i, cell in enumerate(cells) if 'sit("Ben").prove(' in "".join(cell["source"])
                    and i > len(cells) // 2)
    source = "".join(cells[position]["source"])
    value = re.search(r'prove\(\d+, "([0-9a-f]{64})"', source)
    assert value is not None
    cells[position]["source"] = source.replace(value.group(1), "0" * 64)
    with pytest.raises(RulesError, match=r"\(K-2\)") as refused:
        exec_cells(notebook)
    assert f"turn {position + 1}" in str(refused.value)


def test_k1_a_sealed_game_file_made_by_create_takes_seats_with_its_full_chains(tmp_path: Path):
    """``gamefile.create(mode="sealed")`` writes a version-5 file with the default chain length, naming no sealer
    (the next seat seals, K-3); a seat taken on it verifies."""
    path = tmp_path / NAME
    gamefile.create("suitpairs", path, players={"Ana": [], "Ben": []}, gm=GM, mode="sealed", seed="created")
    kit = read_nb(path)["metadata"]["kit"]
    assert kit["format_version"] == 5 and kit["sealing"] == {"chain_length": 100_000}
    game = gamefile.load(path)
    game.hold_key("Ana", key_for("Ana"))
    gamefile.append_to_game(path, game.sit("Ana"), "take_seat", {})
    report = gamefile.verify(path)
    assert report.ok and "not seated yet: Ben, Gil (GM)" in report.message, report.message
