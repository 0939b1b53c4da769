"""Healing (R-6) against the game clock.

- Stamina: Vitality + Heroic Vigor, at most once every 10 minutes per character; restores the
  degree of success in boxes.
- Physical: Vitality + Heroic Vigor restores floor(degree / 3). The text gives no cadence; the
  kit allows one such test per character every ``physical_test_hours`` (table option, 24).
- Physician: Reason + Medicine of the physician, once a day per patient (any physician);
  restores the degree in physical boxes.
- Physicane: Vitality + Heroic Vigor; floor(degree / 3) at once and the degree again over the
  next 24 hours, given evenly by the hour as the clock moves (all of it by 24 hours). A dose
  starts a 24-hour window even when its test fails; a second dose inside the window does nothing
  (no test); a dose once the window has closed starts a new one.
- A failed test heals nothing; an attempt counts against its cadence either way. Healing that
  finds no marked box is wasted and reported: a character who was unhurt is said to be so (the
  table disables its Heal button for an unhurt patient, with the reason beside it). Healing is
  refused during combat.
"""

from __future__ import annotations

from typing import Any

from kit.core.errors import IllegalActionError, MalformedInputError
from kit.core.randomness import GameRandom
from kit.rollunder.base import DAY, HOUR, RollUnderBase
from kit.rollunder.limits import Hours, Minutes, Modifiers, Seconds, Who
from kit.rollunder.results import HealingResult, TimeResult, format_clock
from kit.rollunder.sheet import Character

STAMINA_INTERVAL = 10 * 60


class HealingActions(RollUnderBase):
    """Healing and the game clock."""

    def advance_time(self, hours: Hours = 0, minutes: Minutes = 0, seconds: Seconds = 0) -> TimeResult:
        """Move the game clock on (out of combat); Physicane's spread-out healing falls due (R-6)."""
        return self._perform("advance_time", {"hours": hours, "minutes": minutes, "seconds": seconds})

    def heal_stamina(self, character: Who, modifier: Modifiers = 0) -> HealingResult:
        """Vitality + Heroic Vigor: restore the degree in stamina boxes; once every 10 minutes (R-6)."""
        return self._perform("heal_stamina", {"character": character, "modifier": modifier})

    def heal_physical(self, character: Who, modifier: Modifiers = 0) -> HealingResult:
        """Vitality + Heroic Vigor: restore floor(degree / 3) physical boxes (R-6)."""
        return self._perform("heal_physical", {"character": character, "modifier": modifier})

    def treat(self, physician: Who, patient: Who, modifier: Modifiers = 0) -> HealingResult:
        """A physician's Reason + Medicine, once a day per patient: restore the degree in physical boxes (R-6)."""
        return self._perform("treat", {"physician": physician, "patient": patient, "modifier": modifier})

    def take_physicane(self, character: Who, modifier: Modifiers = 0) -> HealingResult:
        """A dose of Physicane: floor(degree / 3) now and the degree more over the next 24 hours (R-6)."""
        return self._perform("take_physicane", {"character": character, "modifier": modifier})

    # -- handlers -----------------------------------------------------------------------

    def _do_advance_time(self, rng: GameRandom, hours: Any, minutes: Any, seconds: Any) -> TimeResult:
        for label, value in (("hours", hours), ("minutes", minutes), ("seconds", seconds)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise MalformedInputError(f"advance_time {label}={value!r}", "must be a whole number ≥ 0", "R-6")
        total = hours * HOUR + minutes * 60 + seconds
        if total == 0:
            raise MalformedInputError("advance_time by nothing", "give hours, minutes or seconds", "R-6",
                                      asked="advance the clock by nothing", hint="give some hours or minutes")
        if self.state.combat is not None:
            raise IllegalActionError("advance the clock", "combat time moves 5 seconds a round", "R-4",
                                     "use next_round, or end_combat first",
                                     hint="press Next round, or End combat first")
        deliveries = self._tick(total)
        return TimeResult(total, self.state.clock, deliveries)

    def _out_of_combat(self, what: str) -> None:
        if self.state.combat is not None:
            raise IllegalActionError(what, "healing waits until the combat is over", "R-6", "end_combat first",
                                     hint="the GM presses End combat first")

    def _cadence(self, last: int | None, interval: int, what: str, allowed: str) -> None:
        if last is not None and self.state.clock < last + interval:
            raise IllegalActionError(what, f"the last attempt was at {format_clock(last)}; the next may come at "
                                     f"{format_clock(last + interval)}", "R-6", allowed)

    def _vigor_test(self, rng: GameRandom, who: Character, modifier: Any) -> Any:
        return self._roll_prepared(rng, self._prepare_test(who, "Vitality", "Heroic Vigor", modifier))

    def _do_heal_stamina(self, rng: GameRandom, character: Any, modifier: Any) -> HealingResult:
        who = self._character(character)
        self._out_of_combat(f"{who.name} heals stamina")
        record = self._healing(who.name)
        self._cadence(record.last_stamina, STAMINA_INTERVAL, f"{who.name} heals stamina",
                      "one stamina test every 10 minutes; advance_time first")
        test = self._vigor_test(rng, who, modifier)
        amount = test.degree if test.success else 0
        healed, wasted = self._heal(who, "stamina", amount)
        record.last_stamina = self.state.clock
        note = f"restores {amount} (degree)" if test.success else "the test failed: nothing heals"
        return HealingResult(who.name, "stamina recovery", who.name, test, healed, wasted, "stamina",
                             who.stamina_left, 0, self.state.clock, note)

    def _do_heal_physical(self, rng: GameRandom, character: Any, modifier: Any) -> HealingResult:
        who = self._character(character)
        self._out_of_combat(f"{who.name} heals physical damage")
        record = self._healing(who.name)
        hours = int(self.options["physical_test_hours"])
        self._cadence(record.last_physical, hours * HOUR, f"{who.name} heals physical damage",
                      f"one physical recovery test every {hours} hours (table option)")
        test = self._vigor_test(rng, who, modifier)
        amount = test.degree // 3 if test.success else 0
        healed, wasted = self._heal(who, "physical", amount)
        record.last_physical = self.state.clock
        note = f"restores {amount} (1 per 3 degrees)" if test.success else "the test failed: nothing heals"
        return HealingResult(who.name, "physical recovery", who.name, test, healed, wasted, "physical",
                             who.physical_left, 0, self.state.clock, note)

    def _do_treat(self, rng: GameRandom, physician: Any, patient: Any, modifier: Any) -> HealingResult:
        doctor = self._character(physician)
        who = self._character(patient)
        self._out_of_combat(f"{doctor.name} treats {who.name}")
        record = self._healing(who.name)
        self._cadence(record.last_physician, DAY, f"{doctor.name} treats {who.name}",
                      "a physician treats each patient once a day")
        test = self._roll_prepared(rng, self._prepare_test(doctor, "Reason", "Medicine", modifier))
        amount = test.degree if test.success else 0
        healed, wasted = self._heal(who, "physical", amount)
        record.last_physician = self.state.clock
        note = f"restores {amount} (degree)" if test.success else "the test failed: nothing heals"
        return HealingResult(who.name, "physician's care", doctor.name, test, healed, wasted, "physical",
                             who.physical_left, 0, self.state.clock, note)

    def _do_take_physicane(self, rng: GameRandom, character: Any, modifier: Any) -> HealingResult:
        who = self._character(character)
        self._out_of_combat(f"{who.name} takes Physicane")
        record = self._healing(who.name)
        if record.physicane_start is not None and self.state.clock < record.physicane_start + DAY:
            self._prepare_test(who, "Vitality", "Heroic Vigor", modifier)
            return HealingResult(who.name, "Physicane", who.name, None, 0, 0, "physical", who.physical_left, 0,
                                 self.state.clock, "a second dose inside the same 24 hours has no benefit")
        test = self._vigor_test(rng, who, modifier)
        spread = test.degree if test.success else 0
        healed, wasted = self._heal(who, "physical", spread // 3)
        record.physicane_start, record.physicane_total, record.physicane_given = self.state.clock, spread, 0
        note = (f"restores {spread // 3} now and {spread} over the next 24 hours" if test.success
                else "the test failed: nothing heals")
        return HealingResult(who.name, "Physicane", who.name, test, healed, wasted, "physical", who.physical_left,
                             spread, self.state.clock, note)
