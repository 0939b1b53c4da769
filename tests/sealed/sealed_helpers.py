"""Sealed games for the adversarial tests (K-1…K-6): seats with keys, a driver that plays turns, file forgers.

A sealed game here is a game of any registered system (``kit.systems.SYSTEMS``), with two players,
Ana and Ben, and the GM Gil; which turns are played comes from the system's driver
(:class:`kit.core.drive.Driver`, ``SystemInfo.driver``), never from a list here. Every key is made from a fixed
label, so a test's keys, proofs and draws are the same on every run. A game is of format version 5:
each draw is sealed by the next seat in the order of play that has taken its seat (Ana's by Ben,
Ben's by Gil, Gil's by Ana when all three sit), in the order declared (K-3). :func:`play` takes one
turn from a seat and, when the turn was declared (it draws), has its sealer seal it at once (K-3);
:func:`follow_up` names the step the rules wait for next (a check to accept, a stack to choose or
guide). The forgers at the end edit a game file's events and
recompute every hash with the kit's own functions, as a careful forger would; :func:`forgers_kit`
lifts one of the kit's checks of K-3 so that a forger holding the keys plays, and saves, a game the
rules refuse, every hash, MAC and seal value made by the kit itself.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from kit import systems
from kit.core import events as kit_events
from kit.core.drive import Driver
from kit.core.events import Event, canonical_json
from kit.core.game import Game
from kit.core.proofs import ProofBook
from kit.core.sealed_results import DeclarationResult
from kit.core.sealed_turns import SealedTurns
from kit.core.sealing import SeatKey
from kit.systems import system_info

PLAYERS = ("Ana", "Ben")
GM = "Gil"
SEATS = (*PLAYERS, GM)
AT = "2026-12-01T14:05Z"
"""The time every test declaration records (a declaration's time is part of its hash)."""


def driver(system: str) -> Driver:
    """The registered system's driver (:class:`kit.core.drive.Driver`): the turns these games are played with."""
    found = system_info(system).driver
    assert found is not None, f"{system} has no driver"
    return found


class _Characters(Mapping[str, dict[str, str]]):
    """Each registered system's quick-start characters by the player who builds them from their own seat."""

    def __getitem__(self, system: str) -> dict[str, str]:
        return dict(zip(PLAYERS, driver(system).characters, strict=True))

    def __iter__(self) -> Iterator[str]:
        return iter(list(systems.SYSTEMS))

    def __len__(self) -> int:
        return len(systems.SYSTEMS)


CHARACTERS: Mapping[str, dict[str, str]] = _Characters()
"""``CHARACTERS[system][player]``: the character ``player`` builds (the system's driver names them)."""


def key_for(seat: str, label: str = "h3") -> SeatKey:
    """``seat``'s key, made from a fixed label so every run has the same keys (never do this at a table)."""
    return SeatKey(hashlib.sha256(f"kit-test-key\x00{label}\x00{seat}".encode()).digest())


def new_sealed(system: str, seed: str = "sealed", *, chain_length: int = 64, gm_sealer: str | None = None) -> Game:
    """A sealed game of Ana and Ben with the GM Gil, nobody seated yet."""
    return systems.new_game(system, seed=seed, players={name: [] for name in PLAYERS}, gm=GM, mode="sealed",
                            gm_sealer=gm_sealer, chain_length=chain_length)


def seated(system: str, seed: str = "sealed", *, chain_length: int = 64, label: str = "h3",
           characters: bool = True) -> Game:
    """A sealed game whose table holds all three keys: every seat taken, each player's character built."""
    game = new_sealed(system, seed, chain_length=chain_length)
    for seat in SEATS:
        game.hold_key(seat, key_for(seat, label))
        game.sit(seat).take_seat()
    if characters:
        for player in PLAYERS:
            play(game, player, *sheet(system, player))
    return game


def sheet(system: str, player: str) -> tuple[str, dict[str, Any]]:
    """The creating turn of ``player``'s quick-start character."""
    return system_info(system).creating_turn(CHARACTERS[system][player], player)


def play(game: Game, seat: str, action: str, args: dict[str, Any]) -> Any:
    """Take ``action`` from ``seat``; a declared turn is sealed at once by its sealer (K-3). Returns the result."""
    result = getattr(game.sit(seat), action)(**args)
    if isinstance(result, DeclarationResult):
        result = game.sit(result.sealer).seal()
    return result


def sealer_of(game: Game) -> str:
    """Who seals the oldest waiting declaration: the seat it named when it was declared (K-3)."""
    waiting = game.pending_declarations
    assert waiting, "no declaration waits"
    return waiting[0].sealer


def seal_next(game: Game) -> Any:
    """Seal the oldest waiting declaration from the seat that seals it (K-3); the sealed turn's result."""
    return game.sit(sealer_of(game)).seal()


def follow_up(game: Game) -> tuple[str, str, dict[str, Any]] | None:
    """The step the rules wait for now as (seat, action, args), or None when any turn may be taken.

    The system's driver names it (a Suit Pairs check to accept, a FalkeFateiFaux stack to choose
    or guide); a step of nobody's seat is the GM's.
    """
    wanted = driver(game.system).follow_up(game)
    if wanted is None:
        return None
    seat, action, args = wanted
    return seat or GM, action, args


def settle(game: Game, step: Callable[[Game, str, str, dict[str, Any]], Any] = play) -> None:
    """Take every step the rules wait for (each through ``step``) until any turn may be taken."""
    for _ in range(50):
        wanted = follow_up(game)
        if wanted is None:
            return
        step(game, *wanted)
    raise AssertionError(f"the game keeps waiting: {game.whose_turn()}")


def random_turn(system: str, character: str, step: int) -> tuple[str, dict[str, Any]]:
    """A turn that draws, varied by ``step``: a check, a flip or a test for ``character`` (the driver's)."""
    return driver(system).drawing_turn(character, step)


def alternatives(system: str, character: str) -> list[tuple[str, dict[str, Any]]]:
    """Every alternative a player weighs at one position: each skill and difficulty, each skill, each attribute."""
    return driver(system).alternatives(character)


class _Caught(Exception):
    """Raised by :func:`declared_form` once the action's method has named its full arguments."""


def declared_form(game: Game, action: str, args: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The action and full arguments the public method passes on (what a declaration records); nothing is played."""
    caught: dict[str, Any] = {}

    def catch(name: str, full: dict[str, Any], **_: Any) -> Any:
        caught.update(action=name, args=full)
        raise _Caught

    game._perform = catch  # type: ignore[method-assign]  # shadows the method on this one game
    try:
        getattr(game, action)(**args)
    except _Caught:
        pass
    finally:
        del game._perform
    return caught["action"], json.loads(json.dumps(caught["args"]))


def gm_turn(system: str, character: str, step: int) -> tuple[str, dict[str, Any]]:
    """A turn of the GM's that draws nothing: the turn order, Fate tokens, time passing (the driver's)."""
    return driver(system).gm_turn(character, step)


def drawn(system: str, outcome: Any) -> Any:
    """The cards or dice a sealed turn drew, from its outcome: the dice, the stack's cards, the d20 rolls."""
    return driver(system).drawn(outcome)


# -- game files as JSON, and forgers --------------------------------------------------------


def read_nb(path: Path) -> dict[str, Any]:
    """A game file as JSON."""
    return json.loads(path.read_text(encoding="utf-8"))


def write_nb(path: Path, notebook: dict[str, Any]) -> None:
    """Write a game file's JSON (as nbformat indents it)."""
    path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def turn_cells(notebook: dict[str, Any]) -> list[dict[str, Any]]:
    """The turn cells: every cell after the header and the setup cell."""
    return notebook["cells"][2:]


def events(notebook: dict[str, Any]) -> list[dict[str, Any]]:
    """Every turn's event (as a dict, changed in place by the forgers)."""
    return [cell["metadata"]["kit"]["event"] for cell in turn_cells(notebook)]


def rehash(notebook: dict[str, Any], turn: int = 1) -> None:
    """Recompute, from ``turn`` on, every event's ``prev`` and ``hash`` and every cell's source; then the head,
    the count and the header cell — all with the kit's own code, as a careful forger would."""
    from kit.gamefile.header import Header
    from kit.gamefile.source import turn_source

    kit = notebook["metadata"]["kit"]
    cls = systems.get_system(kit["system"])
    cells = turn_cells(notebook)
    prev = cells[turn - 2]["metadata"]["kit"]["event"]["hash"] if turn > 1 else kit["genesis"]
    for position, cell in enumerate(cells[turn - 1:], start=turn):
        event = cell["metadata"]["kit"]["event"]
        event["index"] = position - 1
        event["prev"] = prev
        as_recorded(event, kit["format_version"])
        recorded = Event.from_dict(event)
        event["hash"] = prev = recorded.expected_hash(kit["format_version"])
        cell["source"] = turn_source(cls, Event.from_dict(event)).splitlines(True)
    kit["head"] = prev
    kit["turns"] = len(cells)
    notebook["cells"][0]["source"] = Header.from_dict(kit).markdown().splitlines(True)


def as_recorded(event: dict[str, Any], version: int) -> None:
    """Record ``event``'s outcome as a file of ``version`` does: for versions 4 and 5 (G-8), the digest of an
    outcome a forger put in its place."""
    if kit_events.records_digest(version) and "outcome" in event:
        event["outcome_digest"] = kit_events.outcome_digest(canonical_json(event.pop("outcome")))


def forge(path: Path, edit: Callable[[list[dict[str, Any]]], Any], *, turn: int = 1,
          cells: Callable[[list[dict[str, Any]]], Any] | None = None) -> None:
    """Edit the file's events with ``edit`` (or its turn cells with ``cells``), then re-hash from ``turn`` on."""
    notebook = read_nb(path)
    if cells is not None:
        cells(notebook["cells"])
    else:
        edit(events(notebook))
    rehash(notebook, turn)
    write_nb(path, notebook)


def turns_where(game: Game, test: Callable[[Event], bool]) -> list[int]:
    """The turns (numbered from 1) of ``game``'s events that pass ``test``."""
    return [event.index + 1 for event in game.log if test(event)]


def is_seal(event: Event) -> bool:
    """True for an event that a seal recorded (K-3): its proof names the sealer and the sealed turn."""
    return event.proof is not None and "sealed" in event.proof


def seal_value(key: SeatKey, game: Game, seat: str, n: int, renewal: int = 0) -> str:
    """Value ``n`` of ``seat``'s seal chain, from its key (what only that seat can compute)."""
    return key.chain(game.log.genesis, seat, "seal", game.proofs.length, renewal).value(n)


def act_value(key: SeatKey, game: Game, seat: str, n: int, renewal: int = 0) -> str:
    """Value ``n`` of ``seat``'s act chain, from its key."""
    return key.chain(game.log.genesis, seat, "act", game.proofs.length, renewal).value(n)


def exec_cells(notebook: dict[str, Any]) -> dict[str, Any]:
    """Run the setup cell, then every turn cell, in one namespace, as nbval does; the namespace."""
    namespace: dict[str, Any] = {}
    code = [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]
    for cell in code:
        exec(compile("".join(cell["source"]), "<turn cell>", "exec"), namespace)  # nbval runs them too
    return namespace


def hashes(game: Game) -> list[str]:
    """Every event's hash."""
    return [event.hash for event in game.log]


def scripted(system: str, seed: str = "scripted", *, chain_length: int = 64) -> Game:
    """A sealed game with a bit of everything: notes, sealed turns of each seat, two declarations waiting at once
    (Ana's sealed by Ben, then Ben's by Gil, in the order declared), a declaration of the GM's sealed by Ana, and
    each seat's latest turn a note."""
    game = seated(system, seed, chain_length=chain_length)
    ana, ben = CHARACTERS[system]["Ana"], CHARACTERS[system]["Ben"]
    game.sit("Ana").note("Ana's first note")
    for step in range(2):
        play(game, "Ana", *random_turn(system, ana, step))
        game.sit("Ana").note(f"Ana after roll {step}")
        settle(game)
        play(game, "Ben", *random_turn(system, ben, step))
        settle(game)
    game.sit("Ana").declare(*declared_form(game, *random_turn(system, ana, 5)), at=AT)
    game.sit("Ben").declare(*declared_form(game, *random_turn(system, ben, 7)), at=AT)
    game.sit("Ben").seal_all()  # Ana's, sealed by Ben, then Ben's, by Gil: in the order declared
    game.sit(GM).seal_all()
    settle(game)
    game.sit(GM).declare(*declared_form(game, *random_turn(system, ben, 6)), at=AT)
    game.sit("Ana").seal()
    settle(game)
    for seat in SEATS:
        game.sit(seat).note(f"{seat}'s last note")
    return game


def replayed_prefix(notebook: dict[str, Any], turns: int) -> Game:
    """The game the file's header starts, with its first ``turns`` events replayed (no key held)."""
    from kit.gamefile.check import start_game
    from kit.gamefile.notebook import parse_notebook

    game = start_game(parse_notebook(json.dumps(notebook)))
    for event in events(notebook)[:turns]:
        game.apply(Event.from_dict(event))
    return game


def recompute(notebook: dict[str, Any], turn: int) -> None:
    """Give the event of ``turn`` the outcome the rules give it after the turns before it, and the output it
    draws, as a forger can.

    A seal's draw is computed from its declaration and the two values revealed (anyone can, once
    they are); any other turn's is what the rules make of it. Nothing checks the proof here.
    """
    from kit.core.randomness import GameRandom, ProbeRandom
    from kit.core.sealed_results import LapseResult
    from kit.core.sealing import sealed_seed

    event = events(notebook)[turn - 1]
    game = replayed_prefix(notebook, turn - 1)
    proof = event.get("proof") or {}
    seat = event.get("seat") or ""
    if "sealed" in proof:
        waiting = game.proofs.find_pending(proof["sealed"])
        assert waiting is not None, "the forger seals a declaration that waits"
        if event["action"] == "seal":
            result: Any = LapseResult(waiting.turn, waiting.seat, waiting.action, "lapsed")
        else:
            rng = GameRandom(sealed_seed(waiting.hash, waiting.actor_value, proof["value"]), "draw",
                             draws_at_random=True)
            result = game._run_handler(event["action"], dict(event["args"]), rng, seat)
    else:
        result = game._run_handler(event["action"], dict(event["args"]), ProbeRandom(), seat)
    from kit.gamefile.notebook import turn_outputs

    event.pop("outcome_digest", None)
    event["outcome"] = json.loads(json.dumps(result.to_dict()))
    as_recorded(event, notebook["metadata"]["kit"]["format_version"])
    turn_cells(notebook)[turn - 1]["outputs"] = turn_outputs(result, turn)


# -- a forger's copy of the kit -------------------------------------------------------------


def _declare_as_version_3(game: Game, rng: Any, action: str, args: dict[str, Any], at: str) -> DeclarationResult:
    """A declaration sealed as version 3 named its sealer (the GM; Ana for the GM), seated or not (K-3 lifted)."""
    seat = game.acting_seat or ""
    game._check_declared(action, args, seat)
    sealer = GM if seat != GM else PLAYERS[0]
    return DeclarationResult(seat, action, dict(args), game._summary(action, args), sealer, at)


LIFTED = {
    "late sealer": (SealedTurns, "_do_declare", _declare_as_version_3),
    "late seat": (SealedTurns, "_refuse_unfixed_seal", lambda game, *args, **kwargs: None),
    "waiting draw": (Game, "_refuse_while_waiting", lambda game, *args, **kwargs: None),
    "declared turn": (SealedTurns, "_check_declared", lambda game, *args, **kwargs: None),
    "order": (ProofBook, "next_to_seal",
              lambda book, sealer: next((d for d in book.pending if d.sealer == sealer), None)),
}
"""The checks of K-3 a forger's copy of the kit can leave out: a declaration whose sealer has not taken its seat
(and that sealer then taking it), a turn of play while a draw waits, a declaration the rules refuse, and a seal
out of the order declared (each sealer sealing its own declarations in their order, as version 3 did)."""


@contextmanager
def forgers_kit(*lifted: str) -> Iterator[None]:
    """Play with the named checks of :data:`LIFTED` left out, as a forger who holds the keys and edited their copy
    of the kit would: every hash, MAC and seal value of the turns is still made by the kit's own code, so only the
    rules checked on replay (K-3) can tell the file from an honest one."""
    with pytest.MonkeyPatch.context() as patch:
        for name in lifted:
            owner, attribute, stand_in = LIFTED[name]
            patch.setattr(owner, attribute, stand_in)  # raises if the kit has no such check any more
        yield
