"""``kit key``, ``kit join`` and ``kit seal``: sealed play's seat keys, taking a seat, sealing draws (K-1…K-3).

``kit key new|show|export|import|list|forget NAME`` keeps seat keys in the user's config folder
(:mod:`kit.gamefile.keys`); ``kit join GAME.ipynb --as SEAT`` takes the seat in a sealed game
with its stored key and prints the anchor to post in the thread; ``kit seal GAME.ipynb --as SEAT``
seals every declaration waiting for that seat's draw. Exit codes as for every ``kit`` command:
0 done, 1 refused (no key, a refused turn, a game that does not verify), 2 a wrong command line
or a file that is not a game notebook.

:mod:`kit.cli` adds :data:`SEALED_COMMANDS` to its commands when it builds its parser.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from kit.cli.base import EXIT_BAD, EXIT_OK, Command, CommandLineError, add_game_argument, file_errors
from kit.core.errors import RulesError
from kit.gamefile.errors import GameFileError

_MAX_PASTE = 4096


@contextmanager
def _in_words(path: str | None = None) -> Iterator[None]:
    """A refusal of the rules, told in words for people (with the file it concerns) instead of code."""
    try:
        yield
    except RulesError as error:
        where = f"{path}: " if path else ""
        raise GameFileError(where + error.for_table()) from None


def _store() -> Any:
    from kit.gamefile.keys import KeyStore

    return KeyStore()


# -- kit key … ------------------------------------------------------------------------------


def _key_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="key_command", metavar="ACTION")
    sub.required = True
    where = "kept in your config folder: $KIT_CONFIG_DIR, else $XDG_CONFIG_HOME/kit, else ~/.config/kit"

    def seat(child: argparse.ArgumentParser) -> None:
        child.add_argument("name", metavar="NAME", help="the seat's name, as the game names it (e.g. Ana)")

    new = sub.add_parser("new", help=f"make a new seat key, {where}", description=f"Make a new seat key, {where}.")
    seat(new)
    new.set_defaults(key_run=_key_new)
    show = sub.add_parser("show", help="print a key's fingerprint (not the key)")
    seat(show)
    show.set_defaults(key_run=_key_show)
    export = sub.add_parser("export", help="print a key's text, to keep in a password manager (keep it secret)")
    seat(export)
    export.set_defaults(key_run=_key_export)
    bring = sub.add_parser("import", help="keep a key you have (its text from standard input, or --text)")
    seat(bring)
    bring.add_argument("--text", metavar="KEY",
                       help="the key's text, kit-key-… (typed here it stays in your shell history; "
                            "piping it in does not)")
    bring.set_defaults(key_run=_key_import)
    listed = sub.add_parser("list", help="list the seats whose keys are kept here, with their fingerprints")
    listed.set_defaults(key_run=_key_list)
    forget = sub.add_parser("forget", help="delete a seat key for good (asks for --yes)")
    seat(forget)
    forget.add_argument("--yes", action="store_true",
                        help="yes, delete it: a seat whose key is gone cannot act in its games again")
    forget.set_defaults(key_run=_key_forget)


def _run_key(args: argparse.Namespace) -> int:
    return int(args.key_run(args))


def _key_new(args: argparse.Namespace) -> int:
    store = _store()
    key = store.new(args.name)
    name = args.name.strip()
    print(f"Made a seat key for {name} (fingerprint {key.fingerprint}), kept in {store.path(name)}.")
    print(f"Keep a copy somewhere safe: kit key export {_word(name)} prints it. Without it, {name} cannot act "
          "in the games where this key took the seat.")
    return EXIT_OK


def _key_show(args: argparse.Namespace) -> int:
    key = _store().load(args.name)
    print(f"{args.name.strip()}: seat key fingerprint {key.fingerprint}")
    return EXIT_OK


def _key_export(args: argparse.Namespace) -> int:
    text = _store().export_text(args.name)
    print(f"Keep this key secret: whoever has it can act in {args.name.strip()}'s seat. Put it in a password "
          "manager; never post it or put it in a game file.", file=sys.stderr)
    print(text)
    return EXIT_OK


def _key_import(args: argparse.Namespace) -> int:
    text = args.text
    if text is None:
        if sys.stdin is None:
            raise CommandLineError("kit key import: no key given: pipe it in, or give --text KEY")
        if sys.stdin.isatty():
            print(f"Paste {args.name.strip()}'s seat key (kit-key-…), then press Enter:", file=sys.stderr)
            text = sys.stdin.readline(_MAX_PASTE)
        else:
            text = sys.stdin.read(_MAX_PASTE + 1)
        if len(text) > _MAX_PASTE:
            raise GameFileError("that is not a seat key: it is far longer than one")
    key = _store().import_text(args.name, text)
    print(f"Kept {args.name.strip()}'s seat key (fingerprint {key.fingerprint}).")
    return EXIT_OK


def _key_list(args: argparse.Namespace) -> int:
    store = _store()
    names = store.names()
    if not names:
        print(f"No seat keys in {store.folder} yet; make one with kit key new NAME.")
        return EXIT_OK
    status = EXIT_OK
    width = max(len(name) for name in names)
    for name in names:
        try:
            key = store.load(name)
        except GameFileError as error:
            print(f"{name.ljust(width)}  cannot be used: {error}", file=sys.stderr)
            status = EXIT_BAD
            continue
        print(f"{name.ljust(width)}  fingerprint {key.fingerprint}")
    return status


def _key_forget(args: argparse.Namespace) -> int:
    store = _store()
    name = args.name.strip()
    try:
        held = store.get(name)
    except GameFileError:
        held = None  # a damaged file may be removed all the same
    if not store.path(name).exists() and not store.path(name).is_symlink():
        raise GameFileError(f"there is no seat key for {name} in {store.folder}")
    if not args.yes:
        which = f" (fingerprint {held.fingerprint})" if held is not None else ""
        raise CommandLineError(
            f"kit key forget: this deletes {name}'s seat key{which} for good, and a seat whose key is gone cannot "
            f"act in its games again; save it first with kit key export {_word(name)}, then run "
            f"kit key forget {_word(name)} --yes")
    store.forget(name)
    print(f"Deleted {name}'s seat key" + (f" (fingerprint {held.fingerprint})." if held is not None else "."))
    return EXIT_OK


def _word(name: str) -> str:
    from kit.gamefile.keys import shell_word

    return shell_word(name)


# -- kit join / kit seal --------------------------------------------------------------------


def _seat_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_argument(parser, "the sealed game notebook")
    parser.add_argument("--as", dest="seat", required=True, metavar="SEAT",
                        help="your seat, as the game names it; its key must be kept here (kit key new / import)")


def _join_arguments(parser: argparse.ArgumentParser) -> None:
    _seat_arguments(parser)
    parser.add_argument("--renew", action="store_true",
                        help="take the seat again with new chains (when its chains run out; needs the same key)")


def _loaded_sealed(path: str) -> Any:
    from kit.gamefile import load_file

    with file_errors(path):
        game = load_file(path).game
    if not game.sealed:
        raise GameFileError(f"{path} is an open game: its seats need no keys and its draws no seals "
                            "(kit new --sealed starts a sealed one)")
    return game


def _run_join(args: argparse.Namespace) -> int:
    from kit.core.seats import seat_label
    from kit.gamefile.keys import append_sealed_turn

    store, seat = _store(), args.seat.strip()
    game = _loaded_sealed(args.path)
    with _in_words(args.path):
        game.sit(seat)
    if game.has_joined(seat) and not args.renew:
        raise GameFileError(f"{args.path}: {seat} has already taken their seat (turn "
                            f"{game.proofs.chains[seat].joined_at}); kit join {_word(args.path)} --as {_word(seat)} "
                            "--renew starts new chains")
    key = store.load(seat)
    with file_errors(args.path), _in_words(args.path):
        game, _ = append_sealed_turn(args.path, "take_seat", {}, seat, store, game=game)
    anchor = game.proofs.chains[seat].act_anchor[:16]
    what = "took their seat" if not game.proofs.chains[seat].renewal else "started new chains"
    print(f"{args.path}: {seat_label(seat, game.gm)} {what} at turn {game.turn} with key {key.fingerprint}. "
          f"Post this anchor in the thread, so everyone can check it against their copy: {anchor}")
    return EXIT_OK


def _run_seal(args: argparse.Namespace) -> int:
    from kit.gamefile.keys import append_sealed_turn

    store, seat = _store(), args.seat.strip()
    game = _loaded_sealed(args.path)
    with _in_words(args.path):
        game.sit(seat)
    if game.proofs.next_to_seal(seat) is None:
        waiting = game.pending_declarations
        more = (f"; turn {waiting[0].turn} waits for {waiting[0].sealer}'s seal" if waiting else "")
        print(f"{args.path}: nothing waits for your seal ({seat}){more}")
        return EXIT_OK
    store.load(seat)  # before anything is sealed: no key, nothing done
    while (declaration := game.proofs.next_to_seal(seat)) is not None:
        with file_errors(args.path), _in_words(args.path):
            game, result = append_sealed_turn(args.path, "seal", {}, seat, store, game=game)
        print(f"{args.path}: turn {game.turn} seals turn {declaration.turn}: {_one_line(result)}")
    return EXIT_OK


def _one_line(result: Any) -> str:
    """A result's title and verdict, on one line."""
    describe = getattr(result, "describe", None)
    if callable(describe):
        description = describe()
        parts = [description.title, description.verdict]
        return " — ".join(part for part in parts if part)
    return str(result).splitlines()[0] if str(result) else ""


SEALED_COMMANDS: dict[str, Command] = {
    "key": Command("make, show, export, import, list or forget seat keys for sealed games (K-1)",
                   _key_arguments, _run_key),
    "join": Command("take your seat in a sealed game with your stored key; prints the anchor to post (K-1)",
                    _join_arguments, _run_join),
    "seal": Command("seal every declaration waiting for your seat's draw in a sealed game (K-3)",
                    _seat_arguments, _run_seal),
}
"""The sealed-play subcommands, which :func:`kit.cli.build_parser` adds to the ``kit`` command."""
