"""Attribute tracker: time from a click to the widget's updated value, in memory and on a game file.

Run ``python bench/widgets_attribute_tracker_bench.py`` (optionally ``--clicks N``); clicks
alternate "Roll the check" and "Accept the roll" (every click is one turn), and each timing ends
when the click has returned and the tracker shows the new turn. Prints the median and the 90th
percentile per click for an in-memory session and a file-backed session, and their ratio.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from kit import gamefile
from kit.suitpairs import SuitPairsGame
from kit.widgets import TableSession
from kit.widgets.suitpairs.attribute_tracker import AttributeTracker

SKILLS = ("Defy", "Analyze", "Stealth", "Help", "Brute Force", "Tinker")
DIFFICULTIES = ("Easy", "Medium", "Hard", "Impossible", "9")


def new_game() -> SuitPairsGame:
    game = SuitPairsGame(seed="tracker-bench", practice=True)
    game.create_character("Mira", "Baker", strength=3, intelligence=2, dexterity=2, charisma=3,
                          skills=["Defy", "Analyze", "Stealth", "Help"])
    return game


def time_clicks(session: TableSession, clicks: int) -> list[float]:
    """Seconds per click, from the click to the tracker showing the turn it took."""
    tracker = AttributeTracker(session)
    times = []
    for i in range(clicks):
        turn = session.game.turn
        if i % 2 == 0:
            tracker.skill_picker.value = SKILLS[(i // 2) % len(SKILLS)]
            tracker.difficulty_picker.value = DIFFICULTIES[(i // 2) % len(DIFFICULTIES)]
            start = time.perf_counter()
            tracker.check_button.click()
            shown = "Pending check" in tracker.roll_view.value
        else:
            start = time.perf_counter()
            tracker.accept_button.click()
            shown = "No check pending" in tracker.roll_view.value
        times.append(time.perf_counter() - start)
        assert shown and session.game.turn == turn + 1, (i, tracker.check_error.message, tracker.accept_error.message)
    return times


def summary(times: list[float]) -> tuple[float, float]:
    """Median and 90th percentile, in milliseconds."""
    ordered = sorted(times)
    return statistics.median(ordered) * 1000, ordered[int(len(ordered) * 0.9) - 1] * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--clicks", type=int, default=100)
    args = parser.parse_args()
    memory = time_clicks(TableSession(new_game()), args.clicks)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "suitpairs.ipynb"
        gamefile.save(new_game(), path, players={"Kim": ["Mira"]})
        on_file = time_clicks(TableSession.open(path), args.clicks)
    memory_median, memory_p90 = summary(memory)
    file_median, file_p90 = summary(on_file)
    print(f"Attribute tracker: {args.clicks} clicks (check, accept, …), click → updated widget value")
    print(f"  in-memory session  : median {memory_median:.2f} ms, p90 {memory_p90:.2f} ms")
    print(f"  file-backed session: median {file_median:.2f} ms, p90 {file_p90:.2f} ms "
          f"(file of {args.clicks + 1} turns at the end)")
    print(f"  file / memory ratio (medians): {file_median / memory_median:.1f}")


if __name__ == "__main__":
    main()
