"""The game is composed of mixins with one job each; every action keeps its handler beside it."""

from __future__ import annotations

from kit.core.params import action_names
from kit.falkefateifaux import FalkeFateiFauxGame

HOMES = {
    "kit.falkefateifaux.game": {"add_character"},
    "kit.falkefateifaux.flip": {"flip", "choose", "guide"},
    "kit.falkefateifaux.hands": {"discard", "mulligan", "prepare", "trust_the_fates", "end_scene", "award_fate"},
    "kit.falkefateifaux.status": {"add_condition", "remove_condition", "injure", "heal", "lose_control",
                                  "regain_control", "set_skill", "adjust_refresh"},
    "kit.core.table_turns": {"void", "note"},  # every system's (P-2, P-3)
    "kit.core.sealed_turns": {"take_seat", "declare", "seal", "retract"},  # every sealed game's (K-1 … K-5)
}


def test_every_action_and_its_handler_live_in_the_module_of_its_kind():
    where = {action: module for module, actions in HOMES.items() for action in actions}
    assert set(action_names(FalkeFateiFauxGame)) == set(where)
    for action, module in where.items():
        assert getattr(FalkeFateiFauxGame, action).__module__ == module, action
        assert getattr(FalkeFateiFauxGame, f"_do_{action}").__module__ == module, action


def test_the_game_keeps_its_name_and_import_path():
    assert FalkeFateiFauxGame.__module__ == "kit.falkefateifaux.game"
    assert FalkeFateiFauxGame.__name__ == "FalkeFateiFauxGame" and FalkeFateiFauxGame.system == "falkefateifaux"
