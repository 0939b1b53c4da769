"""``kit odds …``: a quick exact-odds question on the command line.

``kit odds falkefateifaux --skill 6 --suit clubs --target 10 --plus 1`` (a fresh Deck of Fate of
``--decks`` decks, default 2), ``kit odds suitpairs --level 2 --difficulty hard [--rerolls 1]``,
``kit odds rollunder --target 14 [--defence 11 --damage 3 --armour 1]``. Each prints a short table
and the chance of success; a refused question is one line on stderr (exit 1), a wrong command
line one line (exit 2).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from kit.core.cards import Suit, parse_cards, standard_deck
from kit.core.errors import OutOfRangeError, RulesError
from kit.odds.views import DistributionView, chance_words

EXIT_OK, EXIT_REFUSED, EXIT_USAGE = 0, 1, 2


def _falkefateifaux_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--skill", type=int, required=True, metavar="LEVEL", help="skill level added in full (F-3)")
    parser.add_argument("--suit", required=True, help="the action's suit: clubs, diamonds, hearts, spades (F-2)")
    parser.add_argument("--target", type=int, help="the GM's target (F-9); without it only outcomes are shown")
    parser.add_argument("--plus", type=int, default=0, metavar="N", help="number of [+] (F-4)")
    parser.add_argument("--minus", type=int, default=0, metavar="N", help="number of [−] (F-4)")
    parser.add_argument("--modifier", type=int, default=0, metavar="N", help="total modifier (F-3)")
    parser.add_argument("--granted", help="a suit granted to the stack (F-7)")
    parser.add_argument("--decks", type=int, default=2, metavar="N", help="decks in the Deck of Fate (F-1, default 2)")
    parser.add_argument("--hand", help='cards in hand to guide fate with, e.g. "AC KD" (F-8)')


def _suitpairs_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--level", type=int, required=True, help="the skill level 0–5 (S-3)")
    parser.add_argument("--difficulty", required=True, help="easy, medium, hard, impossible or a number (S-3)")
    parser.add_argument("--rerolls", type=int, default=0, metavar="N", help="rerolls to allow (S-4, default 0)")


def _rollunder_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--target", type=int, required=True, help="attribute + skill + modifiers (R-1)")
    parser.add_argument("--defence", type=int, help="the defender's target for an attack (R-5)")
    parser.add_argument("--damage", type=int, help="the weapon's damage (R-5)")
    parser.add_argument("--armour", type=int, default=0, help="the defender's armour (R-5)")


def _fresh_deck(decks: int) -> list[Any]:
    if decks < 1:
        raise OutOfRangeError(f"--decks {decks}", "a Deck of Fate holds at least one deck", "F-1", "--decks 1 or more")
    return standard_deck() * decks


def _print_table(view: DistributionView) -> None:
    for line in view.table():
        print(line)


def _run_falkefateifaux(args: argparse.Namespace) -> int:
    from kit.falkefateifaux.rules import chooser_for, stack_size
    from kit.odds.falkefateifaux import guided_distribution, success_of, uncontested_distribution

    for name in ("plus", "minus"):
        if getattr(args, name) < 0:
            raise OutOfRangeError(f"--{name} {getattr(args, name)}", "counts cannot be negative", "F-4",
                                  "use --plus and --minus with 0 or more")
    cards = _fresh_deck(args.decks)
    net = args.plus - args.minus
    suit = Suit.parse(args.suit)
    granted = Suit.parse(args.granted) if args.granted else None
    size, chooser = stack_size(net), chooser_for(net, False)
    common: dict[str, Any] = {"stack_size": size, "chooser": chooser, "action_suit": suit, "granted_suit": granted,
                              "skill": args.skill, "modifier": args.modifier}
    distribution = uncontested_distribution(cards, **common)
    print(f"FalkeFateiFaux: skill {args.skill}, {suit.title}{f' (granted {granted.title})' if granted else ''}, "
          f"net {net:+d}: {size} card{'s' if size != 1 else ''} from {len(cards)}, chooser {chooser} (F-4)"
          + (f", modifier {args.modifier:+d}" if args.modifier else ""))
    target = args.target
    succeeds = (lambda v: v >= target) if target is not None else None
    _print_table(DistributionView(distribution, succeeds))
    if target is not None:
        print(f"Success (outcome ≥ {target}): {chance_words(success_of(distribution, target))}")
    if args.hand:
        hand = parse_cards(args.hand.split())
        if chooser != "flipper":
            print("Guiding fate: not allowed at net disadvantage (F-8)")
        elif target is not None:
            guided = guided_distribution(cards, **common, hand=hand)
            print(f"Guiding fate with {' '.join(str(c) for c in hand)}: {chance_words(success_of(guided, target))}")
    return EXIT_OK


def _run_suitpairs(args: argparse.Namespace) -> int:
    from kit.odds.suitpairs import suitpairs_odds

    difficulty: str | int = int(args.difficulty) if args.difficulty.lstrip("-").isdigit() else args.difficulty
    odds = suitpairs_odds(args.level, difficulty, args.rerolls)
    print(odds.headline().split(": success")[0])
    _print_table(odds.view())
    print(f"Success: {chance_words(odds.success)}")
    return EXIT_OK


def _run_rollunder(args: argparse.Namespace) -> int:
    from kit.odds.rollunder import rollunder_attack_odds, rollunder_test_odds

    if args.defence is None and args.damage is None:
        odds = rollunder_test_odds(args.target)
        print(f"Roll-Under test, target {args.target} (R-1)")
        wins = odds.success
        print(f"succeed  {wins!s:>6}")
        print(f"fail     {1 - wins!s:>6}")
        print(f"Success: {chance_words(wins)}")
        return EXIT_OK
    attack = rollunder_attack_odds(args.target, args.defence, args.damage or 0, args.armour)
    print(attack.headline().split(": hits")[0] + " (R-5)")
    _print_table(attack.view())
    print(f"Hits: {chance_words(attack.hit)}; expected damage {attack.expected} ({float(attack.expected):.2f})")
    return EXIT_OK


_RUNS = {"falkefateifaux": _run_falkefateifaux, "suitpairs": _run_suitpairs, "rollunder": _run_rollunder}


def run_odds(args: argparse.Namespace) -> int:
    """The ``odds`` handler: answer for the system named; a refusal is one line on stderr and exit code 1."""
    try:
        return _RUNS[args.odds_system](args)
    except RulesError as error:
        print(f"kit odds: {error}", file=sys.stderr)
        return EXIT_REFUSED


def add_odds_command(subparsers: Any) -> None:
    """Register ``odds`` (with ``falkefateifaux``, ``suitpairs`` and ``rollunder``) on an argparse subparsers object.

    The ``odds`` parser's ``run`` default is :func:`run_odds`, which returns the exit code.
    """
    helps = "exact odds of a flip, check or test"
    parser = subparsers.add_parser("odds", help=helps, description=helps)
    systems = parser.add_subparsers(dest="odds_system", metavar="SYSTEM")
    systems.required = True
    for name, arguments, text in (
        ("falkefateifaux", _falkefateifaux_arguments, "a flip against a target from a fresh Deck of Fate"),
        ("suitpairs", _suitpairs_arguments, "a check of 2d6 + level against a difficulty"),
        ("rollunder", _rollunder_arguments, "a test, or an attack against a defence"),
    ):
        arguments(systems.add_parser(name, help=text, description=text))
    parser.set_defaults(run=run_odds)


class UsageError(Exception):
    """A wrong command line, reported in one line."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message} (see {self.prog} --help)")


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``kit odds …`` on its own (``python -m kit.odds.cli odds suitpairs …``); returns the exit code."""
    parser = _Parser(prog="kit")
    add_odds_command(parser.add_subparsers(dest="command", required=True, parser_class=_Parser))
    try:
        args = parser.parse_args(argv)
    except UsageError as error:
        print(error, file=sys.stderr)
        return EXIT_USAGE
    return int(args.run(args))


if __name__ == "__main__":
    sys.exit(main())
