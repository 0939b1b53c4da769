"""Round two of the attacks on sealed play (K-3): five exploits that worked on the kit before format version 5.

Each test plays its attack as the attacker would, live at a table holding the attacker's keys,
and asserts today's rules refuse it (K-3). Where a table refuses it, a forger can still write the
file by hand: here with a copy of the kit that leaves that one check out (:func:`forgers_kit`),
so that every hash, MAC and seal value in the file is the kit's own and the forger's copy finds
the file intact — and ``kit verify`` must find it NOT intact, naming the turn. A file the kit
wrote before version 5 is not rewritten: it verifies as it was played, and the verdict names
every turn today's rules refuse ("CAUTION").

a. A sealer picks the draw by taking its seat late, trying keys on copies until the dice suit him.
b. The GM works out a draw waiting for his seal, then steers it with a turn of his own before sealing.
c. A declaration the rules refuse, written into a file: on replay it was trusted to the seal.
d. Seals out of the order declared, each sealer in its own order.
e. The files of version 3 made by the old kit, with one such turn each.
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from sealed_helpers import (
    AT,
    CHARACTERS,
    GM,
    forgers_kit,
    key_for,
    new_sealed,
    play,
    seal_next,
    seated,
    settle,
    sheet,
)

from kit import gamefile
from kit.cli import main
from kit.core.errors import RulesError
from kit.core.events import canonical_json
from kit.core.game import Game
from kit.core.sealing import SeatKey

FIXTURES = Path(__file__).parent / "v3"


def sit_down(game: Game, *seats: str) -> None:
    """``seats`` hold their keys and take their seats, in that order."""
    for seat in seats:
        game.hold_key(seat, key_for(seat))
        game.sit(seat).take_seat()


def saved(game: Game, folder: Path, name: str) -> Path:
    path = folder / f"{name}.ipynb"
    gamefile.save(game, path)
    return path


def not_intact(path: Path, turn: int, *needles: str) -> str:
    """``kit verify`` finds the file broken at ``turn``, and its message holds every needle."""
    report = gamefile.verify(path)
    assert not report.ok, report.message
    assert report.turn == turn and f"turn {turn}:" in report.message, report.message
    for needle in needles:
        assert needle in report.message, report.message
    return report.message


def unchanged(game: Game) -> tuple[int, str, str]:
    return game.turn, game.fingerprint(), game.log.head


def outcome(result: object) -> str:
    return canonical_json(result.to_dict())  # type: ignore[attr-defined]


# -- a. a sealer who takes a seat late ----------------------------------------------------------


def test_k3_a_gm_who_has_not_sat_never_seals_a_draw_so_no_key_he_picks_can_choose_it():
    """Ana and Ben sit, the GM does not; Ana declares a check. The old kit had the GM seal it once he sat, so he
    could try keys on copies until the dice suited him. Today Ben, who sat before it was declared, seals it."""
    game = new_sealed("suitpairs", "late-sealer")
    sit_down(game, "Ana", "Ben")
    play(game, "Ana", *sheet("suitpairs", "Ana"))
    declared = game.sit("Ana").check("Mira", "Stealth", "Hard")
    assert declared.sealer == "Ben", "sealed by a seat that took its seat before the draw was declared (K-3)"
    draws = set()
    for _ in range(6):  # the GM tries keys on copies of the game, each time taking his seat with a new one
        copied = copy.deepcopy(game)
        copied.hold_key(GM, SeatKey.new())
        copied.sit(GM).take_seat()
        with pytest.raises(RulesError, match=r"\(K-3\)"):
            copied.sit(GM).seal()
        draws.add(outcome(copied.sit("Ben").seal()))
    assert len(draws) == 1, "whatever key the GM sits with, the draw is the one Ben's committed value gives"


@pytest.mark.parametrize("declarer", ["Ana", GM])
def test_k3_a_declaration_when_no_other_seat_has_sat_is_refused_live(declarer: str):
    """A player declares before anyone else sat; the mirror: the GM declares before any player sat (K-3)."""
    game = new_sealed("suitpairs", f"alone-{declarer}")
    sit_down(game, declarer)
    action, args = sheet("suitpairs", "Ana")
    getattr(game.sit(declarer), action)(**args)  # a Suit Pairs character draws nothing: played at once
    before = unchanged(game)
    with pytest.raises(RulesError, match="no other seat has taken its seat") as refused:
        game.sit(declarer).check("Mira", "Stealth", "Hard")
    assert refused.value.ruling == "K-3" and unchanged(game) == before and not game.pending_declarations


def test_k3_a_version_3_table_refuses_a_declaration_before_its_sealer_sits():
    """In a game of version 3 (the GM seals the players' draws) a table declares by today's rule (K-3)."""
    game = new_sealed("suitpairs", "late-v3", gm_sealer="Ana")
    sit_down(game, "Ana", "Ben")
    play(game, "Ana", *sheet("suitpairs", "Ana"))
    before = unchanged(game)
    with pytest.raises(RulesError, match=r"Gil, who seals it, has not taken their seat") as refused:
        game.sit("Ana").check("Mira", "Stealth", "Hard")
    assert refused.value.ruling == "K-3" and unchanged(game) == before


def test_k3_a_file_where_a_declaration_comes_before_its_sealers_seat_is_not_intact(tmp_path: Path):
    # Ana alone at the table declares, naming the GM to seal as the old kit did; the GM then sits and seals.
    game = new_sealed("suitpairs", "forged-late")
    sit_down(game, "Ana")
    play(game, "Ana", *sheet("suitpairs", "Ana"))
    with forgers_kit("late sealer", "late seat"):
        game.sit("Ana").declare("check", {"character": "Mira", "skill": "Stealth", "difficulty": "Hard"}, at=AT)
        declaration = game.turn
        sit_down(game, GM)
        game.sit(GM).seal()
        alone = saved(game, tmp_path, "alone")
        assert gamefile.verify(alone).ok  # the forger's own kit finds nothing wrong
    not_intact(alone, declaration, "no other seat has taken its seat", "(K-3)")

    # Ana and Ben sit; the declaration names the GM, who has not: he sits late, with a key of his choosing, and seals.
    game = new_sealed("suitpairs", "forged-late-2")
    sit_down(game, "Ana", "Ben")
    play(game, "Ana", *sheet("suitpairs", "Ana"))
    with forgers_kit("late sealer", "late seat"):
        game.sit("Ana").declare("check", {"character": "Mira", "skill": "Stealth", "difficulty": "Hard"}, at=AT)
        declaration = game.turn
        assert game.log[-1].outcome["waits_for"] == GM
        sit_down(game, GM)
        game.sit(GM).seal()
        late = saved(game, tmp_path, "late")
        assert gamefile.verify(late).ok
    # On replay the rules name Ben, the seat that had sat, to seal it (K-3): the declaration naming the GM is not
    # what they make of it (and a seal by the GM would be no seal of it).
    not_intact(late, declaration, "its recorded outcome of declare is not what the seed and the rules produce")


# -- b. the GM steers a draw that waits for his seal ------------------------------------------

STEER = {
    "falkefateifaux": (("flip", {"character": "Bruno", "skill": "Fisticuffs", "target": 8}),
                       ("set_skill", {"character": "Bruno", "skill": "Fisticuffs", "level": "Extraordinary"})),
    "suitpairs": (("check", {"character": "Tobin", "skill": "Charm", "difficulty": "Hard"}),
                  ("award", {"character": "Tobin", "what": "Charm", "points": 3})),
}
"""Ben's drawing turn, and the GM's turn that changes what its draw comes to (a skill raised, points awarded)."""


@pytest.mark.parametrize("system", sorted(STEER))
def test_k3_the_gm_cannot_steer_a_draw_that_waits_for_his_seal(system: str, tmp_path: Path):
    (action, args), (steer, steer_args) = STEER[system]
    game = seated(system, "steer")
    settle(game)
    getattr(game.sit("Ben"), action)(**args)  # Ben's draw: the GM, the next seat after him, seals it
    waiting = game.pending_declarations[0]
    assert waiting.sealer == GM
    foreseen = outcome(copy.deepcopy(game).sit(GM).seal())  # the GM works the draw out on a copy (K-5)
    steered = copy.deepcopy(game)
    before = unchanged(game)
    with pytest.raises(RulesError, match=rf"turn {waiting.turn}'s draw .*waits for Gil \(GM\)'s seal") as refused:
        getattr(game.sit(GM), steer)(**steer_args)
    assert refused.value.ruling == "K-3" and unchanged(game) == before
    with forgers_kit("waiting draw"):  # where the turn is let through, it changes what the draw comes to
        getattr(steered.sit(GM), steer)(**steer_args)
        assert outcome(steered.sit(GM).seal()) != foreseen
    assert outcome(game.sit(GM).seal()) == foreseen  # he could foresee it; he could not change it
    settle(game)
    getattr(game.sit(GM), steer)(**steer_args)  # once it is sealed (and resolved), the GM's turn is his to take

    # The same turn written between the declaration and the seal, by a forger's kit, with every proof in order.
    forged = seated(system, "steer")
    settle(forged)
    getattr(forged.sit("Ben"), action)(**args)
    with forgers_kit("waiting draw"):
        getattr(forged.sit(GM), steer)(**steer_args)
        turn = forged.turn
        forged.sit(GM).seal()
        path = saved(forged, tmp_path, system)
        assert gamefile.verify(path).ok
    not_intact(path, turn, f"turn {waiting.turn}'s draw", "waits for Gil (GM)'s seal", "(K-3)")


# -- c. a declaration the rules refuse ----------------------------------------------------------


def test_k3_a_declaration_the_rules_refuse_written_into_a_file_is_not_intact(tmp_path: Path):
    """Mira's check waits to be accepted or rerolled (S-4), so a second check for her is refused (S-5); the old kit
    checked a declaration on replay only for its arguments, and the seal recorded the refusal as a lapse."""
    game = seated("suitpairs", "refused-declaration")
    game.sit("Ana").check("Mira", "Defy", "Hard")
    seal_next(game)
    second = {"character": "Mira", "skill": "Stealth", "difficulty": "Easy"}
    before = unchanged(game)
    for attempt in (lambda: game.sit("Ana").check(**second), lambda: game.sit("Ana").declare("check", second, at=AT)):
        with pytest.raises(RulesError, match="Mira's Defy check is still pending"):
            attempt()
        assert unchanged(game) == before and not game.pending_declarations
    with forgers_kit("declared turn"):
        game.sit("Ana").declare("check", second, at=AT)
        turn = game.turn
        lapse = seal_next(game)  # its seal finds the rules refuse it: a lapse (K-4)
        assert type(lapse).__name__ == "LapseResult"
        path = saved(game, tmp_path, "refused")
        assert gamefile.verify(path).ok
    not_intact(path, turn, "Mira's Defy check is still pending")


# -- d. seals out of the order declared ---------------------------------------------------------


def test_k3_seals_are_made_in_the_order_declared_whoever_makes_them(tmp_path: Path):
    game = seated("suitpairs", "order")
    game.sit(GM).check("Tobin", "Defy", "Hard")  # the GM's draw first
    game.sit("Ana").check("Mira", "Defy", "Hard")  # then Ana's, which another seat seals
    older, later = game.pending_declarations
    assert older.sealer != later.sealer
    before = unchanged(game)
    with pytest.raises(RulesError, match=r"\(K-3\)"):  # the later draw's sealer, once the older draw was drawn…
        game.sit(later.sealer).seal()
    assert unchanged(game) == before and len(game.pending_declarations) == 2
    game.sit(older.sealer).seal()
    game.sit(later.sealer).seal()
    assert not game.pending_declarations

    # Ben's draw waits for the GM; Ana's, declared after it, for Ben: Ben cannot seal hers first.
    game = seated("suitpairs", "order-2")
    game.sit("Ben").check("Tobin", "Defy", "Hard")
    game.sit("Ana").check("Mira", "Defy", "Hard")
    assert [waiting.sealer for waiting in game.pending_declarations] == [GM, "Ben"]
    before = unchanged(game)
    with pytest.raises(RulesError, match=r"turn \d+ was declared first and waits for Gil's seal \(K-3\)"):
        game.sit("Ben").seal()
    assert unchanged(game) == before

    # In a file: Ben seals Ana's draw before the GM seals Ben's, each in its own order, as the old kit let them.
    with forgers_kit("order"):
        game.sit("Ben").seal()
        turn = game.turn
        game.sit(GM).seal()
        path = saved(game, tmp_path, "order")
        assert gamefile.verify(path).ok
    not_intact(path, turn, "out of order", "waits for Gil's seal", "(K-2)")


# -- e. the files of version 3 ------------------------------------------------------------------

V3 = {
    "suitpairs-sealed-v3": (34, "was taken while turn 33's draw waited for its seal"),
    "rollunder-sealed-v3": (27, "was taken while turn 26's draw waited for its seal"),
    "falkefateifaux-sealed-v3": (32, "was taken while turn 31's draw waited for its seal"),
    "suitpairs-sealed-v3-late-sealer": (4, "declared before Gil, its sealer, took their seat"),
    "rollunder-sealed-v3-late-sealer": (4, "declared before Gil, its sealer, took their seat"),
    "falkefateifaux-sealed-v3-late-sealer": (3, "declared before Gil, its sealer, took their seat"),
}
"""Each fixture made by the kit before version 5, and the one turn in it that today's rules refuse (K-3)."""


@pytest.mark.parametrize("name", sorted(V3))
def test_k3_a_version_3_file_verifies_as_played_with_a_caution_naming_the_turn(name: str, capsys):
    path = FIXTURES / f"{name}.ipynb"
    turn, what = V3[name]
    report = gamefile.verify(path)
    assert report.ok, report.message
    assert report.checked.game.log.version == 3 and report.checked.game.older_rule_turns == [(turn, what)]
    assert "CAUTION: played under format 3's sealing rules" in report.message
    assert f"(K-3): turn {turn} {what}" in report.message
    assert main(["verify", str(path)]) == 0
    out = capsys.readouterr().out
    assert "intact" in out and "CAUTION" in out and f"turn {turn} {what}" in out


def test_k3_a_table_plays_on_in_a_version_3_file_by_todays_rules(tmp_path: Path):
    path = tmp_path / "v3.ipynb"
    path.write_bytes((FIXTURES / "suitpairs-sealed-v3.ipynb").read_bytes())
    game = gamefile.load(path)
    for seat in ("Ana", "Ben", GM):
        game.hold_key(seat, key_for(seat))
    assert game.sit("Ana").check("Mira", "Charm", "Hard").sealer == GM  # version 3's sealer for a player's draw
    with pytest.raises(RulesError, match=r"waits for Gil \(GM\)'s seal") as refused:
        game.sit(GM).set_turn_order(list(reversed(CHARACTERS["suitpairs"].values())))
    assert refused.value.ruling == "K-3"
    game.sit(GM).seal()
    game.sit("Ana").accept("Mira")
    game.sit(GM).set_turn_order(list(reversed(CHARACTERS["suitpairs"].values())))
    gamefile.save(game, path)
    report = gamefile.verify(path)
    assert report.ok and report.checked.game.log.version == 3, report.message
    assert report.checked.game.older_rule_turns == [(34, V3["suitpairs-sealed-v3"][1])]  # only the old turn
