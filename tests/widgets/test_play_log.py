"""The whole log: every turn reachable a page at a time, newest first, filtered by character and kind (P-1, P-2)."""

from __future__ import annotations

import re

from ff_widget_table import text
from ru_sheets import SHEETS

from kit.falkefateifaux import FalkeFateiFauxGame
from kit.falkefateifaux.system import SYSTEM
from kit.rollunder import RollUnderGame
from kit.widgets.play_log import CHARACTERS, GM, NOTES, PlayLog


def entry_of(log: PlayLog, turn: int) -> str:
    """The whole entry of ``turn`` in the log's HTML (up to the next entry)."""
    return log.value.split(f'<li data-turn="{turn}"', 1)[1].split("<li data-turn=", 1)[0]


def turns_shown(log: PlayLog) -> list[int]:
    return [int(n) for n in re.findall(r'data-turn="(\d+)"', log.value)]


def long_game() -> FalkeFateiFauxGame:
    """Ada and Bruno, then twelve flips of Ada's (with their choices), a note and a voided turn."""
    game = FalkeFateiFauxGame("log", practice=True, players={"Ann": ["Ada"], "Bo": ["Bruno"]}, gm="Gil")
    game.sit("Gil")
    game.add_character("Ada", **SYSTEM.sheet("Ada"))
    game.add_character("Bruno", **SYSTEM.sheet("Bruno"))
    game.sit("Ann")
    for _ in range(12):
        game.flip("Ada", "Fisticuffs", target=8, plus=1, guide=False)
        while game.awaiting is not None:
            game.sit("Ann" if game.awaiting.character == "Ada" else "Bo")
            game.choose(game.awaiting.character, next(o for o in game.awaiting.options if o is not None))
    game.sit("Bo")
    game.flip("Bruno", "Athletics", target=6, plus=1, guide=False)
    while game.awaiting is not None:
        game.choose(game.awaiting.character, next(o for o in game.awaiting.options if o is not None))
    game.note("Bruno dusts himself off")
    game.sit("Gil")
    game.void(game.turn - 1, "wrong scene")
    return game


def test_every_turn_is_reachable_newest_first_a_page_at_a_time():
    game = long_game()
    log = PlayLog(limit=5)
    log.refresh(game)
    assert f"({game.turn} turns)" in log.value
    assert turns_shown(log) == list(range(game.turn, game.turn - 5, -1))
    assert log.newer_button.disabled and not log.older_button.disabled
    seen = []
    while True:
        seen += turns_shown(log)
        if log.older_button.disabled:
            break
        log.older_button.click()
    assert seen == list(range(game.turn, 0, -1))  # every turn once, newest first
    last_page = seen[-(game.turn % 5 or 5):]
    assert f"Page {log.pages} of {log.pages}: turns {last_page[0]}–1" in log.page_label.value
    log.newer_button.click()
    assert turns_shown(log) == seen[-len(last_page) - 5:-len(last_page)]


def test_filters_by_character_and_by_kind_from_the_systems_own_data():
    game = long_game()
    log = PlayLog(limit=100)
    log.refresh(game)
    kinds = dict(log.kind.options)
    assert GM in kinds and NOTES in kinds and CHARACTERS in kinds
    flips = next(label for label in kinds if label.startswith("Flip"))  # flip, choose: one kind of result
    assert "choose" in flips
    log.kind.value = kinds[NOTES]
    assert [game.log[t - 1].action for t in turns_shown(log)] == ["note"]
    log.kind.value = kinds[GM]
    assert {game.log[t - 1].action for t in turns_shown(log)} == {"void"}
    log.kind.value = ""
    log.character.value = "Bruno"
    shown = turns_shown(log)
    assert shown and all("Bruno" in game.log[t - 1].args.values() or game.log[t - 1].action == "note"
                         for t in shown)  # his turns, and the note attached to his turn
    assert any(game.log[t - 1].action == "note" for t in shown)
    assert "shown" in log.value  # the heading says how many of the turns the filters keep


def test_a_flips_later_steps_show_only_that_step_and_voids_stay_struck_through():
    game = long_game()
    log = PlayLog(limit=100)
    log.refresh(game)
    choose = next(i for i, event in enumerate(game.log) if event.action == "choose") + 1
    entry = entry_of(log, choose)
    assert "a card is chosen" in entry and "Net advantage" not in entry  # the set-up was shown at the flip
    flip = entry_of(log, choose - 1)
    assert "Net advantage" in flip
    voided = game.log[-1].args["turn"]
    assert f'data-turn="{voided}" data-voided="1"' in log.value and "wrong scene (P-2)" in log.value
    assert "Gil, GM" in text(log.value)  # the seat that voided it (P-1)


def test_times_are_in_words():
    game = RollUnderGame("clock", practice=True)
    game.add_character(**SHEETS["Artie"])
    game.advance_time(hours=12)
    log = PlayLog()
    log.refresh(game)
    assert "12 hours pass" in text(log.value) and "43200" not in log.value
