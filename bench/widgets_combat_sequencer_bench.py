"""Combat round sequencer: time from a click to the widget's updated value; print medians and ratios.

Three clicks, each 100 times, on an in-memory session and on a file-backed one: an attack
(odds, result, tracks and round redrawn), "Advance time" out of combat, and a change of the
attack modifier (the exact odds asked again). The file-backed session re-reads, verifies and
rewrites the game file on every turn, so its times grow with the number of turns.
"""

import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kit import gamefile
from kit.rollunder import RollUnderGame
from kit.widgets import TableSession
from kit.widgets.rollunder.combat_sequencer import CombatSequencer

CLICKS = 100
SHEET = {"Agility": 6, "Wits": 6, "Vitality": 6, "Reason": 5, "Fate": 4}
SKILLS = {"Bash and Stab": 6, "Duck & Cover": 5, "Sergeant's Eye": 4, "Heroic Vigor": 3}
FISTS = [{"name": "Fists", "damage": 1, "kind": "melee", "skill": "Bash and Stab", "unarmed": True}]


def new_game() -> RollUnderGame:
    game = RollUnderGame("combat-sequencer-bench", practice=True)
    for name in ("Artie", "Xavier"):
        game.add_character(name, SHEET, SKILLS, FISTS, armour=1, stamina=100, physical=100, player=name)
    return game


def sessions(folder: Path) -> dict[str, Callable[[], TableSession]]:
    def file_backed() -> TableSession:
        path = folder / f"bench-{time.perf_counter_ns()}.ipynb"
        gamefile.save(new_game(), path, players={"Ann": ["Artie"], "Xan": ["Xavier"]})
        return TableSession.open(path)

    return {"in memory": lambda: TableSession(new_game()), "game file": file_backed}


def time_attacks(session: TableSession) -> list[float]:
    seq = CombatSequencer(session)
    session.game.rig(dice=[5, 8])  # both act from round 1; Xavier declares first
    session.act("start_combat", combatants=["Artie", "Xavier"])
    times = []
    for _ in range(CLICKS):
        seq.target_picker.value = "Artie"
        seq.weapon_picker.value = "Fists"
        before = seq.result_view.value
        session.game.rig(dice=[9, 10])
        start = time.perf_counter()
        seq.act_button.click()
        times.append(time.perf_counter() - start)
        assert seq.result_view.value != before and seq.act_error.message == ""
        session.act("wait", character="Artie")
        session.act("next_round")
    return times


def time_advance(session: TableSession) -> list[float]:
    seq = CombatSequencer(session)
    seq.advance_minutes.value = 1
    times = []
    for _ in range(CLICKS):
        before = seq.clock_view.value
        start = time.perf_counter()
        seq.advance_button.click()
        times.append(time.perf_counter() - start)
        assert seq.clock_view.value != before
    return times


def time_odds(session: TableSession) -> list[float]:
    seq = CombatSequencer(session)
    session.game.rig(dice=[5, 8])
    session.act("start_combat", combatants=["Artie", "Xavier"])
    seq.target_picker.value = "Artie"
    times = []
    for index in range(CLICKS):
        before = seq.odds_view.value
        start = time.perf_counter()
        seq.modifier_input.value = 1 + index % 5
        times.append(time.perf_counter() - start)
        assert seq.odds_view.value != before
    return times


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        makers = sessions(Path(folder))
        print(f"Combat round sequencer, median of {CLICKS} clicks (ms)")
        for label, measure in (("attack click", time_attacks), ("advance time click", time_advance),
                               ("modifier change → odds", time_odds)):
            medians = {kind: statistics.median(measure(make())) * 1000 for kind, make in makers.items()}
            ratio = medians["game file"] / medians["in memory"]
            print(f"  {label:24s} in memory {medians['in memory']:8.2f}   game file {medians['game file']:8.2f}"
                  f"   ratio {ratio:6.1f}x")


if __name__ == "__main__":
    main()
