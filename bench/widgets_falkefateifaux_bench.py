"""FalkeFateiFaux hand viewer and stack resolver: time from a click to the widgets' updated values.

Run ``python bench/widgets_falkefateifaux_bench.py`` (optionally ``--clicks N``). Both components
share one table session; clicks alternate the resolver's "Flip" and the hand viewer's "Pass"
(every click is one turn, and both components redraw after each). A timing ends when the click
has returned and the widget shows the new step: the guide prompt after a flip, the verdict after
a pass. Prints the median and 90th percentile per click for an in-memory session and a
file-backed session, and their ratio; then the time to redraw the set-up's plan and exact odds
after a control changes.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from kit import gamefile
from kit.falkefateifaux import FalkeFateiFauxGame
from kit.widgets import TableSession
from kit.widgets.falkefateifaux.hand_viewer import HandViewer
from kit.widgets.falkefateifaux.stack_resolver import StackResolver

ADA = {"high_concept": "Prize-fighting heiress", "trouble": "Owes the wrong people",
       "adverbs": ["swiftly", "cunningly", "boldly"], "negative_adverb": "clumsily",
       "great": "Athletics", "good": ["Fisticuffs", "Magic", "Courage"], "poor": "Society"}
BRUNO = {"high_concept": "Dockside bruiser", "trouble": "Loyal to a fault",
         "adverbs": ["brutally", "steadily", "loudly"], "negative_adverb": "slowly",
         "great": "Fisticuffs", "good": ["Athletics", "Resistance", "Marksmanship"], "poor": "Magic"}
SKILLS = ("Fisticuffs", "Athletics", "Courage", "Society", "Marksmanship")


def new_game() -> FalkeFateiFauxGame:
    game = FalkeFateiFauxGame("falkefateifaux-widgets-bench", practice=True)
    game.add_character("Ada", **ADA)
    game.add_character("Bruno", **BRUNO)
    return game


def time_clicks(session: TableSession, clicks: int) -> tuple[list[float], list[float]]:
    """Seconds per click for the resolver's Flip and the viewer's Pass."""
    resolver = StackResolver(session, actor="Ada")
    viewer = HandViewer(session, character="Ada")
    flips, passes = [], []
    for i in range(clicks):
        turn = session.game.turn
        if i % 2 == 0:
            resolver.skill_picker.value = SKILLS[(i // 2) % len(SKILLS)]
            resolver.target_input.value = 4 + (i // 2) % 12
            start = time.perf_counter()
            resolver.flip_button.click()
            shown = resolver.awaiting_action == "guide" and "may guide fate" in viewer.prompt_view.value
            flips.append(time.perf_counter() - start)
        else:
            start = time.perf_counter()
            resolver.pass_button.click()
            shown = "kit-verdict" in resolver.result_view.value and session.game.awaiting is None
            passes.append(time.perf_counter() - start)
        assert shown and session.game.turn == turn + 1, (i, resolver.flip_error.message, resolver.guide_error.message)
    return flips, passes


def time_setup_changes(session: TableSession, changes: int) -> list[float]:
    """Seconds from a set-up control's change to the redrawn plan and exact odds."""
    resolver = StackResolver(session, actor="Ada")
    resolver.mode_picker.value = "contest"
    resolver.opponent_picker.value = "Bruno"
    times = []
    for i in range(changes):
        start = time.perf_counter()
        resolver.plus_input.value = i % 4
        times.append(time.perf_counter() - start)
        assert resolver.success_odds or "not available" in resolver.odds_view.value
    return times


def summary(times: list[float]) -> tuple[float, float]:
    """Median and 90th percentile, in milliseconds."""
    ordered = sorted(times)
    return statistics.median(ordered) * 1000, ordered[max(0, int(len(ordered) * 0.9) - 1)] * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--clicks", type=int, default=100)
    args = parser.parse_args()
    memory = time_clicks(TableSession(new_game()), args.clicks)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "falkefateifaux.ipynb"
        gamefile.save(new_game(), path, players={"Ann": ["Ada"], "Bo": ["Bruno"]})
        on_file = time_clicks(TableSession.open(path), args.clicks)
    print(f"FalkeFateiFaux widgets: {args.clicks} clicks (Flip, Pass, …), click → updated widget values")
    for label, index in (("stack resolver Flip", 0), ("hand viewer Pass", 1)):
        memory_median, memory_p90 = summary(memory[index])
        file_median, file_p90 = summary(on_file[index])
        print(f"  {label}:")
        print(f"    in-memory session  : median {memory_median:.2f} ms, p90 {memory_p90:.2f} ms")
        print(f"    file-backed session: median {file_median:.2f} ms, p90 {file_p90:.2f} ms "
              f"(file of {args.clicks + 2} turns at the end)")
        print(f"    file / memory ratio (medians): {file_median / memory_median:.1f}")
    setup_median, setup_p90 = summary(time_setup_changes(TableSession(new_game()), args.clicks))
    print(f"  contest set-up change → plan and exact odds redrawn: median {setup_median:.2f} ms, "
          f"p90 {setup_p90:.2f} ms")


if __name__ == "__main__":
    main()
