"""What every Roll-Under action shares: looking up characters, rolling a test, the clock, the tracks."""

from __future__ import annotations

from typing import Any, ClassVar

from kit.core.decks import Deck
from kit.core.errors import MalformedInputError, OutOfRangeError, UnknownNameError
from kit.core.game import Game
from kit.core.randomness import GameRandom
from kit.core.tarot import TarotCard, tarot_deck
from kit.rollunder.checks import DIE, Outcome, modifiers_of
from kit.rollunder.limits import OPTION_TYPES
from kit.rollunder.results import Delivery, TestSide
from kit.rollunder.seats import SEAT_RULES
from kit.rollunder.sheet import BASE_SKILLS, Character, lookup
from kit.rollunder.state import Healing, RollUnderState

HOUR = 3600
DAY = 24 * HOUR
TIES = ("listing", "reverse listing")


CLOCK_LIMIT = 10**6 * 8766 * 3600
"""The clock's end, in seconds: a million years (G-3). Unreachable in play (a year a turn takes a million turns),
it keeps every state within what a chapter's checkpoint holds (C-1)."""


class RollUnderBase(Game):
    """The shared machinery of :class:`~kit.rollunder.RollUnderGame`; the actions live in mixins."""

    system: ClassVar[str] = "rollunder"
    title: ClassVar[str] = "Roll-Under"
    default_options: ClassVar[dict[str, Any]] = {
        "aim_bonus": 2,
        "initiative_ties": "listing",
        "initiative_resort": False,
        "close_combat_skill": "Bash and Stab",
        "unarmed_damage": 1,
        "physical_test_hours": 24,
    }
    option_types: ClassVar[dict[str, Any]] = OPTION_TYPES
    seat_rules = SEAT_RULES
    """The options' types and bounds, checked when the table is set up (G-3)."""
    state: RollUnderState

    def _initial_state(self, rng: GameRandom) -> RollUnderState:
        self._check_options()
        return RollUnderState(characters={}, fate_deck=Deck.shuffled("fate", tarot_deck(), rng))

    def _check_options(self) -> None:
        opts = self.options
        for name in ("aim_bonus", "unarmed_damage", "physical_test_hours"):
            value = opts[name]
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise MalformedInputError(f"table option {name}={value!r}", "must be a whole number ≥ 0", "R-4")
        if opts["initiative_ties"] not in TIES:
            raise UnknownNameError(f"table option initiative_ties={opts['initiative_ties']!r}",
                                   "is not a way to order ties", "R-3", f"choose {' or '.join(TIES)}")
        if not isinstance(opts["initiative_resort"], bool):
            raise MalformedInputError("table option initiative_resort", "must be true or false", "R-3")
        lookup(opts["close_combat_skill"], BASE_SKILLS, "skill", "R-5")

    def _decks(self) -> dict[str, Deck[Any]]:
        return {"fate": self.state.fate_deck}

    def _parse_rig_card(self, deck: str, code: str) -> Any:
        return TarotCard.parse(code)

    # -- lookups ------------------------------------------------------------------------

    def _character(self, name: Any) -> Character:
        canonical = lookup(name, self.state.characters, "character", "R-1")
        return self.state.characters[canonical]

    def _skill_names(self) -> list[str]:
        names = list(BASE_SKILLS)
        for character in self.state.characters.values():
            names += [s for s in character.skills if s not in names]
        return names

    @property
    def close_combat_skill(self) -> str:
        """The skill used to parry and to oppose a withdrawal (R-5, table option)."""
        return str(lookup(self.options["close_combat_skill"], BASE_SKILLS, "skill", "R-5"))

    # -- tests --------------------------------------------------------------------------

    def _prepare_test(self, character: Character, attribute: str, skill: str | None, modifier: Any,
                      bonuses: tuple[tuple[str, int], ...] = ()) -> dict[str, Any]:
        """Validate a test and compute its target (R-1), rolling nothing yet."""
        attr_name, attr_value = character.attribute(attribute)
        skill_name: str | None = None
        skill_value = 0
        if skill is not None:
            skill_name = lookup(skill, self._skill_names(), "skill")
            skill_value = character.skills.get(skill_name, 0)
        mods = modifiers_of(modifier)
        target = attr_value + skill_value + sum(mods) + sum(v for _, v in bonuses)
        return {"character": character.name, "attribute": attr_name, "attribute_value": attr_value,
                "skill": skill_name, "skill_value": skill_value, "modifiers": mods, "bonuses": bonuses,
                "target": target}

    @staticmethod
    def _roll_prepared(rng: GameRandom, prepared: dict[str, Any]) -> TestSide:
        """Roll 1d20 for a prepared test (R-1)."""
        outcome = Outcome(prepared["target"], (rng.roll(DIE),))
        return TestSide.of(prepared["character"], prepared["attribute"], prepared["attribute_value"],
                           prepared["skill"], prepared["skill_value"], prepared["modifiers"], prepared["bonuses"],
                           outcome)

    # -- tracks and clock -----------------------------------------------------------------

    @staticmethod
    def _mark(character: Character, track: str, amount: int) -> tuple[int, int]:
        """Mark damage on a track, never past its size (R-6); returns (marked, excess)."""
        size = character.stamina if track == "stamina" else character.physical
        taken = character.stamina_damage if track == "stamina" else character.physical_damage
        marked = min(amount, size - taken)
        if track == "stamina":
            character.stamina_damage += marked
        else:
            character.physical_damage += marked
        return marked, amount - marked

    @staticmethod
    def _heal(character: Character, track: str, amount: int) -> tuple[int, int]:
        """Clear marked boxes, never below zero (R-6); returns (healed, wasted)."""
        taken = character.stamina_damage if track == "stamina" else character.physical_damage
        healed = min(amount, taken)
        if track == "stamina":
            character.stamina_damage -= healed
        else:
            character.physical_damage -= healed
        return healed, amount - healed

    def _healing(self, name: str) -> Healing:
        return self.state.healing.setdefault(name, Healing())

    def _tick(self, seconds: int) -> tuple[Delivery, ...]:
        """Move the clock on and give Physicane's spread-out healing that fell due (R-6).

        The degree of an elixir's test is given out evenly by the hour: after h whole hours,
        floor(total × h / 24) points have been given, so all of it has been given at 24 hours.
        """
        if seconds < 0:
            raise OutOfRangeError(f"advance the clock by {seconds} seconds", "time does not run backwards", "R-6")
        if self.state.clock + seconds > CLOCK_LIMIT:
            raise OutOfRangeError("advance the clock", "the game's clock runs at most a million years", "G-3",
                                  "the campaign has run its course: start a new game")
        self.state.clock += seconds
        deliveries = []
        for name in sorted(self.state.healing):
            record = self.state.healing[name]
            if record.physicane_start is None or record.physicane_given >= record.physicane_total:
                continue
            hours = min(24, (self.state.clock - record.physicane_start) // HOUR)
            due = record.physicane_total * hours // 24 - record.physicane_given
            if due > 0:
                healed, wasted = self._heal(self.state.characters[name], "physical", due)
                record.physicane_given += due
                deliveries.append(Delivery(name, healed, wasted, record.physicane_given, record.physicane_total))
        return tuple(deliveries)
