"""What every system says about itself: everything the rest of the kit, its scripts and its tests ask of it.

Each system package defines one :class:`SystemInfo` as ``SYSTEM`` in its ``system`` module
(``kit.<system>.system.SYSTEM``): its name, title, summary and rulings, its game, its
ready-made party, its sample game (:class:`Sample`), the names of its widget factories
(:class:`WidgetFactories`) and the :class:`~kit.core.drive.Driver` the tests and benchmarks
play it with. The registry (:mod:`kit.systems`) names the packages, one line each. The layers
above register their parts of a system the same way: its odds display and command line
(``kit.odds``), its widgets package (``kit.widgets.registry``), whose factories this names.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from kit.core.drive import Driver, Step, Turn
from kit.core.game import Game

__all__ = ["Driver", "Sample", "Step", "SystemInfo", "Turn", "WidgetFactories"]


@dataclass(frozen=True)
class Sample:
    """A system's sample game (``notebooks/games/<system>-sample.ipynb``): the recipe that plays it.

    ``play`` takes the system's turns on a new practice game started with ``seed``;
    ``players`` are the roster lines the file records (``"Ana=Mira"``, as ``kit new --player``
    takes them); ``shows`` names the system's main actions, which the sample must all play.
    ``scripts/make_sample_games.py`` writes every registered system's sample from this alone.
    """

    seed: str
    players: tuple[str, ...]
    play: Callable[[Any], object]
    shows: frozenset[str]


@dataclass(frozen=True)
class WidgetFactories:
    """The names of a system's widget factories in its widgets package (``kit.widgets.registry.WIDGETS``).

    The widgets layer owns the factories; a system only names them, so that its package imports
    nothing above the core. Each factory takes a table session: ``components`` builds the list of
    components its table shows, ``builder`` its character builder, ``gm_panel`` its GM panel.
    """

    components: str = "components"
    builder: str = "make_builder"
    gm_panel: str = "make_gm_panel"


@dataclass(frozen=True)
class SystemInfo:
    """A system's own description: what the rest of the kit, its scripts and its tests ask of a system.

    ``party`` is the quick-start characters, each a character-creating turn legal under the
    system's creation rule; ``player_on_sheet`` is True when the system records on the sheet who
    plays a character (for consent to spend a card on another player's character, R-7).
    ``sample`` is the recipe of its sample game, ``widgets`` the names of its widget factories and
    ``driver`` the turns the tests and benchmarks play it with (every registered system has all
    three: the registry test checks it).
    """

    name: str
    title: str
    summary: str
    rulings: str
    game: type[Game]
    party: tuple[Turn, ...]
    player_on_sheet: bool = False
    sample: Sample | None = None
    widgets: WidgetFactories = field(default_factory=WidgetFactories)
    driver: Driver | None = None

    def party_for(self, players: Sequence[str]) -> list[Turn]:
        """The party's turns, one character per player (all of them when no player is named)."""
        chosen = self.party[: len(players)] if players else self.party
        out: list[Turn] = []
        for index, (action, args) in enumerate(chosen):
            turn_args = dict(args)
            if self.player_on_sheet:
                turn_args["player"] = players[index] if players else "GM"
            out.append((action, turn_args))
        return out

    def sheet(self, name: str) -> dict[str, Any]:
        """One ready-made character's arguments without its name: ``game.add_character("Ada", **sheet("Ada"))``."""
        for _, args in self.party:
            if args["name"] == name:
                return {key: value for key, value in args.items() if key != "name"}
        raise KeyError(f"{name} is not in the {self.title} party")

    def creating_turn(self, name: str, player: str) -> Turn:
        """The turn that creates the ready-made character ``name`` for ``player``, from ``player``'s seat.

        The party's creating action with the character's sheet; on a system that records who plays
        a character (``player_on_sheet``), ``player`` is written on the sheet.
        """
        args = {"name": name, **self.sheet(name)}
        if self.player_on_sheet:
            args["player"] = player
        return self.party[0][0], args

    def sample_game(self) -> Game:
        """The sample game, played afresh from its recipe (a practice game: it may hold rigged draws)."""
        if self.sample is None:
            raise LookupError(f"{self.title} has no sample game")
        game = self.game(self.sample.seed, practice=True)
        self.sample.play(game)
        return game
