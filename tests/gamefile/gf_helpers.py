"""A small game with a deck and a die (the 'tavern' system), registered for the game-file tests."""

from __future__ import annotations

import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from kit import systems
from kit.core.cards import Card, standard_deck
from kit.core.decks import Deck
from kit.core.describe import Describable, Description, Face, Fact
from kit.core.errors import IllegalActionError, UnknownNameError
from kit.core.game import Game
from kit.core.randomness import GameRandom
from kit.core.system import SystemInfo

SAMPLES = Path(__file__).resolve().parents[2] / "notebooks" / "games"


@dataclass(frozen=True)
class Joined(Describable):
    name: str
    luck: int

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "luck": self.luck}

    def describe(self) -> Description:
        return Description(title=f"{self.name} sits down at the tavern", facts=(Fact("Luck", str(self.luck)),))


@dataclass(frozen=True)
class Drawn(Describable):
    who: str
    cards: tuple[str, ...]
    die: int
    bonus: int

    def to_dict(self) -> dict[str, Any]:
        return {"who": self.who, "cards": list(self.cards), "die": self.die, "bonus": self.bonus}

    def describe(self) -> Description:
        total = self.die + self.bonus
        return Description(
            title=f"{self.who} draws and rolls",
            verdict="a good night" if total >= 4 else "a poor night",
            tone="success" if total >= 4 else "failure",
            faces=(
                *(Face(code, f"card {code}", red=code[-1] in "HD") for code in self.cards),
                Face(str(self.die), f"d6 showing {self.die}", kind="die", chosen=True),
            ),
            facts=(Fact("Total", str(total)), Fact("Player", self.who)),
            notes=(f"{self.who} keeps {len(self.cards)} card(s)",),
        )


@dataclass
class TavernState:
    deck: Deck
    characters: dict[str, dict[str, Any]] = field(default_factory=dict)


class TavernGame(Game):
    """Characters join, draw cards and roll a die."""

    system = "tavern"
    title = "Tavern"
    default_options = {"decks": 1}

    state: TavernState

    def _initial_state(self, rng: GameRandom) -> TavernState:
        return TavernState(Deck.shuffled("fate", standard_deck() * self.options["decks"], rng))

    def _decks(self) -> dict[str, Deck]:
        return {"fate": self.state.deck}

    def _parse_rig_card(self, deck: str, code: str) -> Card:
        return Card.parse(code)

    def join(self, name: str, luck: int = 0) -> Joined:
        return self._perform("join", {"name": name, "luck": luck})

    def _do_join(self, rng: GameRandom, name: str, luck: int) -> Joined:
        if name in self.state.characters:
            raise IllegalActionError(f"join as {name!r}", "that character is already at the table")
        self.state.characters[name] = {"luck": luck, "hand": []}
        return Joined(name, luck)

    def draw(self, who: str, count: int = 1, *, bonus: int = 0) -> Drawn:
        return self._perform("draw", {"who": who, "count": count, "bonus": bonus})

    def _do_draw(self, rng: GameRandom, who: str, count: int, bonus: int) -> Drawn:
        if who not in self.state.characters:
            raise UnknownNameError(f"character {who!r}", "is not at the table")
        cards = self.state.deck.draw_many(count, rng)
        hand = self.state.characters[who]["hand"]
        hand.extend(card.code for card in cards)
        self.state.deck.discard(cards)
        return Drawn(who, tuple(card.code for card in cards), rng.roll(6), bonus + self.state.characters[who]["luck"])


SYSTEM = SystemInfo(name="tavern", title="Tavern", summary="Characters join, draw cards and roll a die.",
                    rulings="T", game=TavernGame, party=())


@pytest.fixture(autouse=True)
def tavern_system(monkeypatch: pytest.MonkeyPatch) -> type[TavernGame]:
    monkeypatch.setitem(systems.SYSTEMS, "tavern", TavernGame.__module__)  # this module's SYSTEM
    return TavernGame


TAVERN_PLAYERS = {"Ana": ["Ada"], "Bea": ["Bo"]}


def play_tavern(turns: int, seed: str = "tavern-seed", names: tuple[str, ...] = ("Ada", "Bo"),
                players: dict[str, list[str]] | None = None) -> TavernGame:
    """A practice game of the tavern system; its players are Ana (Ada) and Bea (Bo) unless ``players`` says."""
    game = TavernGame(seed, practice=True, players=TAVERN_PLAYERS if players is None else players)
    for name in names:
        game.join(name, luck=1 if name == "Bo" else 0)
    for i in range(turns - len(names)):
        who = names[i % len(names)]
        if i % 5 == 2:
            game.rig("AS 10H", deck="fate", dice=[6]).draw(who, 2)
        else:
            game.draw(who, 1 + i % 2, bonus=i % 3)
    return game


@pytest.fixture
def tavern_file(tmp_path: Path) -> Path:
    from kit.gamefile import save

    path = tmp_path / "tavern.ipynb"
    save(play_tavern(12), path, players=["Ana=Ada", "Bea=Bo"])
    return path


def copy_sample(name: str, tmp_path: Path) -> Path:
    """The system's sample game as a file in ``tmp_path``: the one the kit ships, or (a system the kit does not ship,
    such as the tests' fourth) its sample written from its recipe."""
    source = SAMPLES / f"{name}-sample.ipynb"
    target = tmp_path / source.name
    if source.exists():
        shutil.copy(source, target)
        return target
    from kit.gamefile import save

    info = systems.system_info(name)
    assert info.sample is not None, f"{info.title} has no sample game"
    save(info.sample_game(), target, players=list(info.sample.players))
    return target


def drive_to(game: Game, turns: int) -> None:
    """Grow ``game`` to ``turns`` turns or a few more with its system's driver: a drawing turn of each character in
    turn, each followed by every step the rules wait for."""
    driver = systems.system_info(game.system).driver
    assert driver is not None, f"{game.system} has no driver"
    names = game.character_names()
    step = 0
    while game.turn < turns:
        action, args = driver.drawing_turn(names[step % len(names)], step)
        getattr(game, action)(**args)
        while (wanted := driver.follow_up(game)) is not None:
            getattr(game, wanted[1])(**wanted[2])
        step += 1


def append_draws(path: str, name: str, turns: int) -> None:
    """Append ``turns`` draws by ``name`` with full re-verification, reloading whenever another process moved on."""
    from kit.gamefile import GameMovedOnError, append_turn, load

    done = 0
    while done < turns:
        seen = load(path, full=False).turn
        try:
            append_turn(path, "draw", {"who": name, "count": 1, "bonus": done}, expected_turn=seen)
            done += 1
        except GameMovedOnError:
            continue
