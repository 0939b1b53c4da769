"""A character's standing between flips: conditions and injuries (F-12), control (F-10), skill
levels (F-3) and Card Refresh (F-10)."""

from __future__ import annotations

from typing import Any

from kit.core.errors import IllegalActionError, MalformedInputError, OutOfRangeError, UnknownNameError
from kit.core.randomness import GameRandom
from kit.falkefateifaux.base import codes, plain_arg
from kit.falkefateifaux.character import Character
from kit.falkefateifaux.conditions import (
    condition_name,
    injury_name,
    make_condition,
    make_custom_condition,
    make_injury,
)
from kit.falkefateifaux.limits import (
    Choice,
    Condition,
    ConditionCount,
    ConditionModifier,
    ConditionSkills,
    ControlReason,
    Injury,
    InjuryAmount,
    Level,
    LevelSkill,
    Reason,
    RefreshChange,
    Who,
)
from kit.falkefateifaux.results import TableChange
from kit.falkefateifaux.skills import level_name, parse_level, skill_name
from kit.falkefateifaux.steps import FlipSteps


class StatusActions(FlipSteps):
    """What the GM changes on a character between flips: afflictions, control, skills, Card Refresh."""

    def add_condition(self, character: Who, condition: Condition, choice: Choice = None,
                      skills: ConditionSkills = None, plus: ConditionCount = 0, minus: ConditionCount = 0,
                      modifier: ConditionModifier = 0) -> TableChange:
        """Afflict a character with a condition from the text's list (F-12), or one of the table's own
        (``skills=[…]`` with ``plus``/``minus``/``modifier``). Hard Cover takes ``choice`` "+" or "++"."""
        return self._perform("add_condition", plain_arg({
            "character": character, "condition": condition, "choice": choice, "skills": skills,
            "plus": plus, "minus": minus, "modifier": modifier}))

    def remove_condition(self, character: Who, condition: Condition) -> TableChange:
        """Lift a condition (F-12)."""
        return self._perform("remove_condition", {"character": character, "condition": condition})

    def injure(self, character: Who, injury: Injury, choice: Choice = None, amount: InjuryAmount = None) -> TableChange:
        """Give an injury from the text's list (F-12); Niggling and Minor record the player's
        ``choice`` of Clubs or Diamonds, Minor the GM's ``amount`` 2–4."""
        return self._perform("injure", {"character": character, "injury": injury, "choice": choice,
                                        "amount": amount})

    def heal(self, character: Who, injury: Injury, choice: Choice = None) -> TableChange:
        """Remove an injury (the first of that name, or of that name and choice) (F-12)."""
        return self._perform("heal", {"character": character, "injury": injury, "choice": choice})

    def lose_control(self, character: Who, reason: ControlReason = "unconscious") -> TableChange:
        """The character is no longer in control (unconscious, possessed): the whole hand is discarded (F-10)."""
        return self._perform("lose_control", {"character": character, "reason": reason})

    def regain_control(self, character: Who) -> TableChange:
        """The character resumes control and draws a fresh hand up to Card Refresh (F-10)."""
        return self._perform("regain_control", {"character": character})

    def set_skill(self, character: Who, skill: LevelSkill, level: Level) -> TableChange:
        """Experience changes a skill's level on the ladder (Extraordinary 12 … Poor 2, F-3)."""
        return self._perform("set_skill", {"character": character, "skill": skill, "level": level})

    def adjust_refresh(self, character: Who, amount: RefreshChange, reason: Reason = "") -> TableChange:
        """An exceptional event raises or lowers a character's Card Refresh (may force a discard, F-10)."""
        return self._perform("adjust_refresh", {"character": character, "amount": amount, "reason": reason})

    # -- handlers ----------------------------------------------------------------------

    def _affliction_change(self, action: str, ch: Character, title: str, verdict: str, before: int,
                           extra: dict[str, Any]) -> TableChange:
        facts = [("Afflictions", "; ".join(a.name + (f" ({a.choice})" if a.choice else "") for a in ch.afflictions)
                  or "none")]
        if ch.refresh != before:
            facts.append(("Card Refresh", f"{before} → {ch.refresh} (F-10, F-12)"))
        return TableChange(action, title, verdict, tuple(facts), (),
                           {"character": ch.name, "refresh": ch.refresh, **extra}, self.awaiting)

    def _do_add_condition(self, rng: GameRandom, character: str, condition: str, choice: str | None = None,
                          skills: list[str] | None = None, plus: int = 0, minus: int = 0,
                          modifier: int = 0) -> TableChange:
        self._require_free("add_condition")
        ch = self.character(character)
        if skills is None:
            if plus or minus or modifier:
                raise MalformedInputError(f"condition {condition!r} with plus/minus/modifier",
                                          "a condition of the table's own names its skills", "F-12",
                                          'add skills=["Resistance"] (or a suit, or "all")')
            affliction = make_condition(condition, choice)
        else:
            if choice is not None:
                raise MalformedInputError(f"choice {choice!r}", "only Hard Cover takes a choice", "F-12",
                                          "leave choice out for a condition of the table's own")
            if isinstance(skills, str):
                skills = [skills]
            affliction = make_custom_condition(condition, skills, plus, minus, modifier)
        existing = [a for a in ch.afflictions if a.kind == "condition" and a.name.lower() == affliction.name.lower()]
        if existing and affliction.name != "Stunned":
            raise IllegalActionError(f"{ch.name} is {affliction.name}", "the condition is already there", "F-12",
                                     "remove it first to change it")
        before = ch.refresh
        if not existing:
            ch.afflictions.append(affliction)
        if affliction.discard:
            ch.owed_discards = min(len(ch.hand), ch.owed_discards + affliction.discard)
        return self._affliction_change("add_condition", ch, f"{ch.name} is {affliction.name}",
                                       affliction.summary + (f" — {affliction.choice}" if affliction.choice else ""),
                                       before, {"condition": affliction.to_dict()})

    def _do_remove_condition(self, rng: GameRandom, character: str, condition: str) -> TableChange:
        self._require_free("remove_condition")
        ch = self.character(character)
        listed = condition_name(condition)
        key = "".join(c for c in str(listed or condition).lower() if c.isalnum())
        for affliction in ch.afflictions:
            name_key = "".join(c for c in affliction.name.lower() if c.isalnum())
            if affliction.kind == "condition" and name_key == key:
                before = ch.refresh
                ch.afflictions.remove(affliction)
                return self._affliction_change("remove_condition", ch, f"{ch.name} is no longer {affliction.name}",
                                               "", before, {"condition": affliction.name})
        held = [a.name for a in ch.afflictions if a.kind == "condition"]
        raise UnknownNameError(f"condition {condition!r} on {ch.name}", f"{ch.name} does not have it", "F-12",
                               f"{ch.name}'s conditions: {', '.join(held) or 'none'}")

    def _do_injure(self, rng: GameRandom, character: str, injury: str, choice: str | None = None,
                   amount: int | None = None) -> TableChange:
        self._require_free("injure")
        ch = self.character(character)
        affliction = make_injury(injury, choice, amount)
        before = ch.refresh
        ch.afflictions.append(affliction)
        return self._affliction_change("injure", ch, f"{ch.name} takes a {affliction.name} injury",
                                       affliction.summary + (f" — {affliction.choice}" if affliction.choice else ""),
                                       before, {"injury": affliction.to_dict()})

    def _do_heal(self, rng: GameRandom, character: str, injury: str, choice: str | None = None) -> TableChange:
        self._require_free("heal")
        ch = self.character(character)
        name = injury_name(injury)
        for affliction in ch.afflictions:
            if affliction.kind == "injury" and affliction.name == name and (
                    choice is None or (affliction.choice or "").lower().startswith(str(choice).lower())):
                before = ch.refresh
                ch.afflictions.remove(affliction)
                return self._affliction_change("heal", ch, f"{ch.name}'s {name} injury heals", "", before,
                                               {"injury": affliction.to_dict()})
        held = [a.name + (f" ({a.choice})" if a.choice else "") for a in ch.afflictions if a.kind == "injury"]
        raise UnknownNameError(f"{injury!r} injury on {ch.name}", f"{ch.name} does not have it", "F-12",
                               f"{ch.name}'s injuries: {', '.join(held) or 'none'}")

    def _do_lose_control(self, rng: GameRandom, character: str, reason: str = "unconscious") -> TableChange:
        self._require_free("lose_control")
        ch = self.character(character)
        if not ch.in_control:
            raise IllegalActionError(f"{ch.name} loses control", f"{ch.name} is already not in control", "F-10",
                                     "regain_control first", hint=f"give {ch.name} control back first")
        old = list(ch.hand)
        ch.hand.clear()
        self.state.fate.discard(old)
        ch.in_control = False
        ch.owed_discards = 0
        return TableChange("lose_control", f"{ch.name} loses control", str(reason),
                           (("Discarded", ", ".join(str(c) for c in old) or "nothing"),),
                           ("The whole hand is discarded; a fresh hand is drawn on regaining control (F-10)",),
                           {"character": ch.name, "discarded": codes(old), "reason": reason})

    def _do_regain_control(self, rng: GameRandom, character: str) -> TableChange:
        self._require_free("regain_control")
        ch = self.character(character)
        if ch.in_control:
            raise IllegalActionError(f"{ch.name} regains control", f"{ch.name} is in control", "F-10",
                                     "lose_control comes first", hint=f"{ch.name} must lose control first")
        ch.in_control = True
        drawn = self._draw(ch, max(0, ch.refresh - len(ch.hand)), rng)
        return TableChange("regain_control", f"{ch.name} regains control", f"draws a fresh hand of {len(drawn)}",
                           (("Hand", f"{len(ch.hand)} / Card Refresh {ch.refresh}"),), ("F-10",),
                           {"character": ch.name, "drawn": codes(drawn)})

    def _do_set_skill(self, rng: GameRandom, character: str, skill: str, level: int | str) -> TableChange:
        self._require_free("set_skill")
        ch = self.character(character)
        name = skill_name(skill)
        value = parse_level(level)
        before = ch.skills[name]
        ch.skills[name] = value
        return TableChange("set_skill", f"{ch.name}'s {name}: {level_name(before)} {before} → {level_name(value)} "
                           f"{value}", "", (), ("Skills grow and change with experience (F-3)",),
                           {"character": ch.name, "skill": name, "level": value})

    def _do_adjust_refresh(self, rng: GameRandom, character: str, amount: int, reason: str = "") -> TableChange:
        self._require_free("adjust_refresh")
        ch = self.character(character)
        if isinstance(amount, bool) or not isinstance(amount, int) or amount == 0 or ch.base_refresh + amount < 0:
            raise OutOfRangeError(f"Card Refresh change {amount!r} for {ch.name}",
                                  f"a non-zero whole number keeping Card Refresh ≥ 0 (now {ch.base_refresh})", "F-10",
                                  f"give an amount from {-ch.base_refresh} up, not 0, e.g. amount=1")
        before = ch.refresh
        ch.base_refresh += amount
        return self._affliction_change("adjust_refresh", ch, f"{ch.name}'s Card Refresh changes by {amount:+d}",
                                       str(reason), before, {"base_refresh": ch.base_refresh})
