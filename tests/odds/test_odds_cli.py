"""``kit odds …`` on the command line: a short table, the chance of success, one-line errors."""

from __future__ import annotations

import argparse

from kit.odds.cli import add_odds_command, main


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["odds", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_f4_falkefateifaux_from_a_fresh_deck(capsys):
    code, out, err = _run(capsys, "falkefateifaux", "--skill", "6", "--suit", "clubs", "--target", "10",
                          "--plus", "1")
    assert code == 0 and not err
    assert "2 cards from 108" in out and "Success (outcome ≥ 10): 78.4% (755/963)" in out
    assert "✓" in out


def test_f8_falkefateifaux_with_a_hand_to_guide_fate(capsys):
    code, out, _ = _run(capsys, "falkefateifaux", "--skill", "6", "--suit", "C", "--target", "10", "--hand", "AC")
    assert code == 0 and "Guiding fate with A♣" in out


def test_s4_suitpairs_with_a_reroll(capsys):
    code, out, _ = _run(capsys, "suitpairs", "--level", "2", "--difficulty", "hard", "--rerolls", "1")
    assert code == 0 and "Success: 66.0% (95/144)" in out


def test_r1_r5_rollunder_test_and_attack(capsys):
    code, out, _ = _run(capsys, "rollunder", "--target", "14")
    assert code == 0 and "Success: 70.0% (7/10)" in out
    code, out, _ = _run(capsys, "rollunder", "--target", "14", "--defence", "11", "--damage", "3", "--armour", "1")
    assert code == 0 and "Hits: 53.5% (107/200)" in out and "damage" in out


def test_errors_are_one_clear_line(capsys):
    code, out, err = _run(capsys, "suitpairs", "--level", "9", "--difficulty", "hard")
    assert code == 1 and not out and err.count("\n") == 1 and "S-5" in err
    code, _, err = _run(capsys, "falkefateifaux", "--skill", "6", "--suit", "bogus")
    assert code == 1 and err.count("\n") == 1 and "not a suit" in err
    code, _, err = _run(capsys, "falkefateifaux", "--skill", "6", "--suit", "C", "--decks", "0")
    assert code == 1 and "F-1" in err
    code, _, err = _run(capsys, "rollunder")
    assert code == 2 and err.count("\n") == 1 and "--target" in err


def test_add_odds_command_registers_on_any_subparsers():
    parser = argparse.ArgumentParser(prog="kit")
    add_odds_command(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["odds", "rollunder", "--target", "10"])
    assert args.run(args) == 0


def test_kit_odds_is_a_subcommand_of_kit(capsys):
    from kit.cli import main

    assert main(["odds", "suitpairs", "--level", "2", "--difficulty", "hard"]) == 0
    assert "Success" in capsys.readouterr().out
    assert main(["odds", "suitpairs", "--level", "2", "--difficulty", "bogus"]) == 1
    assert "S-3" in capsys.readouterr().err
