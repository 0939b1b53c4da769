"""The people at a table: who sits in which seat, which characters each plays, who may take which turn.

A game's roster (part of its start, G-5) names the players, each with the characters they
play, and one game master. Every turn of a game that names a GM is taken from a seat (P-1): a
player acts for their own characters, the GM for the non-player characters and, standing in
for an absent player, for anyone; what only the GM may do, only the GM does. Each system
declares, action by action, which arguments name the characters that act (:class:`SeatRule`);
the game checks every turn against it, live and on replay, and the refusal names the seat that
may take the turn. In an *open* game seats are a courtesy (anyone can sit anywhere); sealed
play makes them proof.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from kit.core.errors import IllegalActionError, MalformedInputError


@dataclass(frozen=True)
class SeatRule:
    """Who may take one action: the GM, the players of the characters it names, or any seat.

    ``acting`` names the arguments that hold the characters who act (``character``,
    ``attacker``); an action with none is the GM's alone, unless ``creates`` names the argument
    of a new character (any seat may create its own) or ``anyone`` is set. ``gm_values`` are
    argument values only the GM may give (``{"npc": True}``); ``player`` names the argument of a
    sheet that says who plays the character (a player must put their own name there).
    ``opposing`` names the argument of the character on the other side (a contest's opponent),
    and ``opposing_choices`` the arguments that are that side's own choices, each with the value
    that chooses nothing: only the opponent's player or the GM may give another value (a Fate
    token spent, a hand kept from guiding fate).
    """

    acting: tuple[str, ...] = ()
    creates: str = ""
    gm_values: Mapping[str, Any] = field(default_factory=dict)
    gm_why: str = "only the GM may do it that way"
    player: str = ""
    anyone: bool = False
    opposing: str = ""
    opposing_choices: Mapping[str, Any] = field(default_factory=dict)

    @property
    def gm_only(self) -> bool:
        """True when only the GM may take the action."""
        return not (self.acting or self.creates or self.anyone)


GM_ONLY = SeatRule()
"""An action only the game master takes (awards, conditions, the clock, voids)."""

ANY_SEAT = SeatRule(anyone=True)
"""An action any seat takes for itself (a note on its own turn)."""


def played_by(*arguments: str, gm_values: Mapping[str, Any] | None = None, gm_why: str = "",
              opposing: str = "", opposing_choices: Mapping[str, Any] | None = None) -> SeatRule:
    """An action taken by the player of the characters named in ``arguments`` (or by the GM).

    ``gm_values`` are argument values only the GM gives, and ``gm_why`` says so in words;
    ``opposing`` and ``opposing_choices`` are the other side's character and its own choices
    (see :class:`SeatRule`).
    """
    return SeatRule(acting=tuple(arguments), gm_values=dict(gm_values or {}),
                    gm_why=gm_why or SeatRule.gm_why, opposing=opposing,
                    opposing_choices=dict(opposing_choices or {}))


def creation(argument: str, *, gm_values: Mapping[str, Any] | None = None, gm_why: str = "",
             player: str = "") -> SeatRule:
    """An action that creates the character named in ``argument``: a player's own, or the GM's."""
    return SeatRule(creates=argument, gm_values=dict(gm_values or {}), gm_why=gm_why or SeatRule.gm_why,
                    player=player)


def seat_label(seat: str, gm: str) -> str:
    """``Gil (GM)`` for the game master's seat, the player's name otherwise."""
    return f"{seat} (GM)" if seat == gm else seat


def join_names(names: list[str]) -> str:
    """``Ana``, ``Ana or Ben``, ``Ana, Ben or Cy``."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} or {names[-1]}"


def check_people(players: list[str], gm: str) -> None:
    """Refuse a player named twice, or the GM named as a player too (P-1): each person has one seat."""
    seen: dict[str, str] = {}
    for name in players:
        key = name.strip().casefold()
        if key in seen:
            raise MalformedInputError(f"player {name.strip()[:40]}", "is named twice", "P-1",
                                      "name each player once")
        seen[key] = name
    if gm and gm.strip().casefold() in seen:
        raise MalformedInputError(f"game master {gm.strip()[:40]}", "is named as a player too", "P-1",
                                  "the GM sits in the GM's seat only: name the players without the GM")


@dataclass
class Seating:
    """The roster of one game and who plays which character, as the turns so far made it.

    ``owners`` maps each player's character to that player; a character nobody owns is the
    GM's (a non-player character). The roster's own lists assign characters before they exist
    (a ready-made party); a character created from a player's seat becomes that player's (P-1).
    """

    players: dict[str, list[str]]
    gm: str
    owners: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for player, characters in self.players.items():
            for character in characters:
                self.owners.setdefault(character, player)

    @property
    def seated(self) -> bool:
        """True when the game names a GM: every turn is then taken from a seat (P-1).

        A game that names players but no GM keeps no seats: whoever holds it acts for everyone.
        """
        return bool(self.gm)

    @property
    def seats(self) -> list[str]:
        """Every seat: the players in the roster's order, then the GM (none in a game without a GM)."""
        return [*self.players, self.gm] if self.gm else []

    def is_gm(self, seat: str | None) -> bool:
        """True for the game master's seat (and for every seat of a game without a roster)."""
        return not self.seated or (bool(self.gm) and seat == self.gm)

    def owner(self, character: str) -> str:
        """The player who plays ``character``, or the GM's name (``""`` without a GM) for an NPC."""
        return self.owners.get(character, self.gm)

    def characters_of(self, seat: str | None, characters: list[str]) -> list[str]:
        """Which of ``characters`` the seat acts for: a player's own, or all of them for the GM."""
        if self.is_gm(seat):
            return list(characters)
        return [name for name in characters if self.owners.get(name) == seat]

    def copy(self) -> Seating:
        """An independent copy (a refused turn restores it)."""
        return Seating({p: list(c) for p, c in self.players.items()}, self.gm, dict(self.owners))

    def check_sit(self, seat: str | None) -> None:
        """Refuse a seat that is not at this table (P-1)."""
        if seat is None or seat in self.seats:
            return
        if not self.seated:
            raise IllegalActionError(f"sit as {str(seat)[:40]}", "this game has no seats: it names no GM",
                                     "P-1", "take turns without sitting")
        raise IllegalActionError(f"sit as {str(seat)[:40]}", "that person is not at this table", "P-1",
                                 f"sit as {self._seat_list()}")

    def _seat_list(self) -> str:
        return join_names([seat_label(seat, self.gm) for seat in self.seats])

    def check_turn(self, action: str, rule: SeatRule, args: Mapping[str, Any], seat: str | None, *,
                   recorded: bool) -> None:
        """Refuse a turn the seat may not take (P-1), naming the seat that may.

        ``recorded`` is True for a turn of a file written before seats were kept (format version
        2): one without a seat is accepted as it was taken. Any other turn of a game with a GM
        records its seat.
        """
        if not self.seated:
            if seat is not None:
                raise IllegalActionError(action, f"it names the seat {seat[:40]!r} but this game has no seats", "P-1")
            return
        if seat is None:
            if recorded:
                return
            raise IllegalActionError(action, "nobody is sitting at this table: every turn of a game with a GM is "
                                     "taken from a seat", "P-1",
                                     f"first choose whose seat you take: {self._seat_list()}")
        if seat not in self.seats:
            raise IllegalActionError(action, f"{seat[:40]} is not at this table", "P-1",
                                     f"the seats are {self._seat_list()}")
        if seat == self.gm:
            return
        gm = f"the GM ({self.gm})" if self.gm else "the GM"
        if rule.gm_only:
            raise IllegalActionError(action, f"only {gm} may do that", "P-1", f"ask {gm}")
        for argument, value in rule.gm_values.items():
            if args.get(argument) == value and type(args.get(argument)) is type(value):
                raise IllegalActionError(action, rule.gm_why.replace("the GM", gm), "P-1", f"ask {gm}")
        if rule.creates:
            self._check_creation(action, rule, args, seat, gm)
        self._check_opposing_choices(action, rule, args, seat, gm)
        for argument in rule.acting:
            character = args.get(argument)
            if isinstance(character, str) and self.owner(character) != seat:
                owner = self.owner(character)
                who = (f"{owner}'s character" if owner and owner != self.gm else f"a character of {gm}")
                raise IllegalActionError(action, f"{character[:40]} is {who}", "P-1",
                                         f"only {owner or 'the GM'} or {gm} may act for {character[:40]}"
                                         if owner and owner != self.gm else f"only {gm} may act for {character[:40]}")

    def _check_opposing_choices(self, action: str, rule: SeatRule, args: Mapping[str, Any], seat: str,
                                gm: str) -> None:
        """Refuse a player's turn that makes the other side's choices for a character that player does not play."""
        opponent = args.get(rule.opposing) if rule.opposing else None
        if not isinstance(opponent, str) or self.owner(opponent) == seat:
            return
        chosen = [name for name, nothing in rule.opposing_choices.items()
                  if name in args and not (args[name] == nothing and type(args[name]) is type(nothing))]
        if not chosen:
            return
        owner = self.owner(opponent)
        whose = f"{owner}'s character" if owner and owner != self.gm else f"a character of {gm}"
        who = f"{owner} or {gm}" if owner and owner != self.gm else gm
        raise IllegalActionError(action, f"{chosen[0].replace('_', ' ')} is a choice of {opponent[:40]}'s side, and "
                                 f"{opponent[:40]} is {whose}", "P-1",
                                 f"leave the other side's choices to {who}")

    def _check_creation(self, action: str, rule: SeatRule, args: Mapping[str, Any], seat: str, gm: str) -> None:
        name = args.get(rule.creates)
        owner = self.owners.get(name) if isinstance(name, str) else None
        if owner is not None and owner != seat:
            raise IllegalActionError(action, f"{str(name)[:40]} is {owner}'s character by the roster", "P-1",
                                     f"choose another name, or let {owner} create {str(name)[:40]}")
        if rule.player and args.get(rule.player) != seat:
            raise IllegalActionError(action, "a player's character sheet names that player as who plays it", "P-1",
                                     f"put {seat} as the player, or ask {gm} to create it")

    def after_turn(self, rule: SeatRule, args: Mapping[str, Any], seat: str | None) -> None:
        """Record who plays a character the turn created: the creating player, or the roster's or sheet's player."""
        if not (self.seated and rule.creates):
            return
        name = args.get(rule.creates)
        if not isinstance(name, str):
            return
        if seat is not None and seat != self.gm and seat in self.players:
            self.owners[name] = seat
            return
        sheet_player = args.get(rule.player) if rule.player else None
        if name not in self.owners and isinstance(sheet_player, str) and sheet_player in self.players:
            self.owners[name] = sheet_player
