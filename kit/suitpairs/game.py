"""The Suit Pairs game: characters, skill checks with rerolls and consequences, GM adjustments.

A notebook turn reads like the table talk::

    game = SuitPairsGame(seed="…")
    game.create_character("Mira", "Baker", strength=3, intelligence=2, dexterity=2, charisma=3,
                          skills=["Defy", "Analyze", "Stealth", "Help"])
    game.check("Mira", "Defy", "Hard")        # 2d6 + Defy against 10; the check is now pending
    game.reroll("Mira", pay="Strength")       # 1 Strength point, a new 2d6 replaces the old one
    game.accept("Mira")                       # the final roll stands; its consequence applies once

Every step is an event in the log; replaying the log rebuilds the state.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, ClassVar

from kit.core.chapters import check_at_table, check_entries, check_sheets, state_refusal
from kit.core.describe import Description, Fact, write
from kit.core.errors import (
    IllegalActionError,
    InsufficientTokensError,
    InvalidCharacterError,
    MalformedInputError,
    OutOfRangeError,
    PendingActionError,
    UnknownNameError,
)
from kit.core.game import Game
from kit.core.limits import quote
from kit.core.randomness import GameRandom
from kit.core.table_turns import Waiting
from kit.suitpairs.attributes import ATTRIBUTE_TITLES, HIGHEST, LOWEST, Attribute, find_attribute
from kit.suitpairs.character import Character, build_character, name_clash
from kit.suitpairs.difficulties import MAX_DIFFICULTY
from kit.suitpairs.difficulties import difficulty as parse_difficulty
from kit.suitpairs.limits import (
    Charisma,
    CheckDifficulty,
    Consequences,
    ConsequencesOption,
    CreationSkills,
    Dexterity,
    Identity,
    Intelligence,
    NewName,
    Payer,
    Points,
    Reason,
    SkillName,
    Strength,
    TurnOrder,
    What,
    Who,
)
from kit.suitpairs.odds import CheckOdds, check_odds
from kit.suitpairs.results import (
    Adjustment,
    Change,
    CharacterCreated,
    CheckResolved,
    RollResult,
    SeriousChange,
    TurnOrderSet,
)
from kit.suitpairs.rules import consequence, roll_reason, roll_succeeds
from kit.suitpairs.seats import SEAT_RULES
from kit.suitpairs.skills import SKILLS, Skill, find_skill
from kit.suitpairs.skills import skill as parse_skill


@dataclass
class PendingCheck:
    """A check that was rolled and not yet accepted: the roll that stands now and the ones it replaced (S-4).

    ``level`` is the skill level when the check was rolled; a GM adjustment while it is pending does not change it.
    """

    skill: str
    level: int
    difficulty: str
    target: int
    dice: list[int]
    replaced: list[list[int]] = field(default_factory=list)
    paid: list[str] = field(default_factory=list)

    def __deepcopy__(self, memo: dict[int, Any]) -> PendingCheck:
        return PendingCheck(self.skill, self.level, self.difficulty, self.target, list(self.dice),
                            [list(d) for d in self.replaced], list(self.paid))

    @property
    def rolls(self) -> int:
        """How many times 2d6 were rolled for this check."""
        return len(self.replaced) + 1

    @property
    def total(self) -> int:
        """The standing roll's total."""
        return sum(self.dice) + self.level

    @property
    def success(self) -> bool:
        """Whether the standing roll succeeds (S-3)."""
        return roll_succeeds(self.dice[0], self.dice[1], self.level, self.target)


@dataclass
class SuitPairsState:
    """The table: every character by name and every pending check by character name."""

    characters: dict[str, Character] = field(default_factory=dict)
    pending: dict[str, PendingCheck] = field(default_factory=dict)
    checks_resolved: int = 0
    turn_order: list[str] = field(default_factory=list)
    """The order the GM set for checks (empty: the order characters were created in)."""
    last_resolved: str | None = None
    """The character whose check was accepted last: the next in the turn order checks next."""

    def __deepcopy__(self, memo: dict[int, Any]) -> SuitPairsState:
        # Saved before every action (and restored on refusal): copy each part by its own fast copy.
        return SuitPairsState(
            {name: copy.deepcopy(person) for name, person in self.characters.items()},
            {name: copy.deepcopy(check) for name, check in self.pending.items()},
            self.checks_resolved, list(self.turn_order), self.last_resolved,
        )


class SuitPairsGame(Game):
    """A game of Suit Pairs: 2d6 + skill, four suit attributes that move after every check.

    Table option ``consequences`` (default True): whether an accepted check applies its S-5
    consequence when ``accept`` does not say; the GM may also skip it for one check with
    ``accept(name, consequences=False)``. Either way the log records it.
    """

    system = "suitpairs"
    title = "Suit Pairs"
    default_options = {"consequences": True}
    option_types: ClassVar[dict[str, Any]] = {"consequences": ConsequencesOption}
    """The options' types, checked when the table is set up (G-3)."""

    state: SuitPairsState
    seat_rules = SEAT_RULES

    def _initial_state(self, rng: GameRandom) -> SuitPairsState:
        if not isinstance(self.options["consequences"], bool):
            raise MalformedInputError(
                f"table option consequences={self.options['consequences']!r}", "must be True or False", "S-5",
            )
        return SuitPairsState()

    def _check_checkpoint_state(self, state: SuitPairsState) -> None:
        """Refuse a checkpoint whose sheets or pending checks the rules cannot hold (C-1).

        Every sheet holds the four attributes and the sixteen skills, each from 0 to 5 (S-1, S-5);
        a pending check is a character's, of a skill, its rolls two six-sided dice (S-3, S-4).
        """
        check_sheets(state.characters)
        attributes = [attribute.title for attribute in Attribute]
        skills = [found.name for found in SKILLS]
        for name, person in state.characters.items():
            check_entries(f".characters[{quote(name)}].attributes", person.attributes, attributes, (LOWEST, HIGHEST))
            check_entries(f".characters[{quote(name)}].skills", person.skills, skills, (LOWEST, HIGHEST))
        check_at_table(".pending", state.pending, state.characters)
        for name, waiting in state.pending.items():
            where = f".pending[{quote(name)}]"
            if waiting.skill not in skills:
                raise state_refusal(f"{where}.skill", f"is {quote(waiting.skill)}, which is not a skill (S-2)")
            if not LOWEST <= waiting.level <= HIGHEST or not -MAX_DIFFICULTY <= waiting.target <= MAX_DIFFICULTY:
                raise state_refusal(where, f"holds a skill level of {waiting.level} against {waiting.target}: a "
                                    f"level is {LOWEST} to {HIGHEST}, a difficulty −{MAX_DIFFICULTY} to "
                                    f"{MAX_DIFFICULTY} (S-3)")
            if any(len(roll) != 2 or not all(1 <= die <= 6 for die in roll) for roll in (waiting.dice,
                                                                                         *waiting.replaced)):
                raise state_refusal(f"{where}.dice", "holds a roll that is not two six-sided dice (S-3)")
            unknown = [payer for payer in waiting.paid if payer not in attributes]
            if unknown:
                raise state_refusal(f"{where}.paid", f"names {quote(unknown[0])}, which is not an attribute (S-4)")

    # -- queries (no events) -------------------------------------------------------------

    def character(self, name: str) -> Character:
        """A copy of a character's sheet as it stands now."""
        return copy.deepcopy(self._character(name))

    @property
    def characters(self) -> list[str]:
        """The characters' names, in the order they were created."""
        return list(self.state.characters)

    def pending(self, name: str) -> PendingCheck | None:
        """The character's pending check (rolled, not yet accepted), or ``None``."""
        return copy.deepcopy(self.state.pending.get(self._character(name).name))

    def serious_consequences(self, name: str) -> dict[str, str]:
        """The character's attributes at 0 and their rows of the Serious Consequences table (S-6)."""
        return self._character(name).serious_consequences

    def odds(self, character: str, skill: str, difficulty: str | int) -> CheckOdds:
        """Exact odds of a check for a character's current skill level (see :mod:`kit.suitpairs.odds`).

        Adds the chance when every point of the skill's attributes is spent on rerolls.
        """
        person = self._character(character)
        found = parse_skill(skill)
        points = sum(person.attributes[a.title] for a in found.attributes)
        return check_odds(person.level(found), difficulty, reroll_points=points,
                          character=person.name, skill=found.name)

    # -- actions -------------------------------------------------------------------------

    def create_character(self, name: NewName, identity: Identity, strength: Strength, intelligence: Intelligence,
                         dexterity: Dexterity, charisma: Charisma, skills: CreationSkills) -> CharacterCreated:
        """Create a character (S-1): an identity, 10 points over the four attributes (each 1–5), one skill per row.

        ``game.create_character("Mira", "Baker", strength=3, intelligence=2, dexterity=2, charisma=3,
        skills=["Defy", "Analyze", "Stealth", "Help"])``
        """
        skill_list = list(skills) if isinstance(skills, (list, tuple)) else skills
        return self._perform("create_character", {
            "name": name, "identity": identity, "strength": strength, "intelligence": intelligence,
            "dexterity": dexterity, "charisma": charisma, "skills": skill_list,
        })

    def check(self, character: Who, skill: SkillName, difficulty: CheckDifficulty) -> RollResult:
        """Roll 2d6 + skill level against a difficulty (S-3); the check stays pending until accepted."""
        return self._perform("check", {"character": character, "skill": skill, "difficulty": difficulty})

    def reroll(self, character: Who, pay: Payer) -> RollResult:
        """Pay 1 point of the skill's primary or secondary attribute to roll 2d6 again (S-4)."""
        return self._perform("reroll", {"character": character, "pay": pay})

    def accept(self, character: Who, consequences: Consequences = None) -> CheckResolved:
        """Let the standing roll decide the check and apply its consequence once (S-5).

        ``consequences=False`` is the GM skipping this check's consequence (table option);
        ``None`` follows the table option ``consequences``.
        """
        return self._perform("accept", {"character": character, "consequences": consequences})

    def award(self, character: Who, what: What, points: Points = 1, reason: Reason = "") -> Adjustment:
        """GM: award attribute or skill points (``what`` names an attribute or a skill); values stay within 0–5."""
        return self._perform("award", {"character": character, "what": what, "points": points, "reason": reason})

    def take_away(self, character: Who, what: What, points: Points = 1, reason: Reason = "") -> Adjustment:
        """GM: take away attribute or skill points; values stay within 0–5 (an attribute at 0 brings S-6)."""
        return self._perform("take_away", {"character": character, "what": what, "points": points, "reason": reason})

    def set_turn_order(self, order: TurnOrder) -> TurnOrderSet:
        """GM: the order characters make their checks in; characters left out follow in creation order."""
        return self._perform("set_turn_order", {"order": list(order) if isinstance(order, tuple) else order})

    @property
    def turn_order(self) -> list[str]:
        """Who checks in which order: the GM's order, then everyone else in creation order."""
        listed = [name for name in self.state.turn_order if name in self.state.characters]
        return listed + [name for name in self.state.characters if name not in listed]

    def _waiting(self) -> Waiting | None:
        """A rolled check waits for its reroll or acceptance; otherwise the next character in the turn order checks."""
        order = self.turn_order
        for name in order:
            if name in self.state.pending:
                return Waiting("must reroll or accept the roll", name)
        if not order:
            return None
        last = self.state.last_resolved
        following = order[(order.index(last) + 1) % len(order)] if last in order else order[0]
        return Waiting("makes the next check", following)

    # -- handlers ------------------------------------------------------------------------

    def _do_set_turn_order(self, rng: GameRandom, order: list[str]) -> TurnOrderSet:
        names = [self._character(name).name for name in order]
        doubled = sorted({name for name in names if names.count(name) > 1})
        if doubled:
            raise MalformedInputError("turn order", f"names {doubled[0]} twice", "P-4",
                                      allowed="name each character once")
        self.state.turn_order = names
        return TurnOrderSet(tuple(self.turn_order))

    def _do_create_character(self, rng: GameRandom, name: str, identity: str, strength: Any, intelligence: Any,
                             dexterity: Any, charisma: Any, skills: Any) -> CharacterCreated:
        if not isinstance(name, str) or not name.strip():
            raise MalformedInputError(f"character name {name!r}", "must be non-empty text", "S-1",
                                      allowed="Name the character, such as 'Mira'")
        name = name.strip()
        clash = self._find_character(name)
        if clash is not None:
            raise InvalidCharacterError(
                f"character {name!r}", f"a character named {clash.name!r} is already at the table",
                allowed="Pick another name",
            )
        values = {
            Attribute.STRENGTH: strength, Attribute.INTELLIGENCE: intelligence,
            Attribute.DEXTERITY: dexterity, Attribute.CHARISMA: charisma,
        }
        person = build_character(name, identity, values, skills)
        self.state.characters[name] = person
        return CharacterCreated(
            name=person.name, identity=person.identity, attributes=dict(person.attributes),
            skills=tuple(person.trained_skills),
        )

    def _do_check(self, rng: GameRandom, character: str, skill: str, difficulty: str | int) -> RollResult:
        person = self._character(character)
        found = parse_skill(skill)
        level_of = parse_difficulty(difficulty)
        waiting = self.state.pending.get(person.name)
        if waiting is not None:
            raise PendingActionError(
                f"{person.name} checks {found.name}",
                f"{person.name}'s {waiting.skill} check is still pending; consequences apply once per check, "
                "to its final roll", "S-5",
                allowed=f"Reroll or accept the {waiting.skill} check first (game.accept({person.name!r}))",
                hint=f"Reroll or press Accept the roll for the {waiting.skill} check first",
            )
        dice = rng.dice(2, 6)
        level = person.level(found)
        self.state.pending[person.name] = PendingCheck(found.name, level, level_of.label, level_of.target, dice)
        return self._roll_result(person, found, attempt=1)

    def _do_reroll(self, rng: GameRandom, character: str, pay: str) -> RollResult:
        person = self._character(character)
        waiting = self.state.pending.get(person.name)
        if waiting is None:
            raise IllegalActionError(
                f"{person.name} rerolls", f"{person.name} has no pending check (an accepted check cannot be rerolled)",
                "S-4", allowed=f"Reroll after game.check({person.name!r}, …) and before accepting it",
                hint="Reroll after Roll the check and before accepting it",
            )
        found = parse_skill(waiting.skill)
        allowed_payers = " or ".join(a.title for a in found.attributes)
        payer = find_attribute(pay)
        if payer is None:
            raise UnknownNameError(
                f"{person.name} pays attribute {pay!r} to reroll {found.name}", "is not one of the four attributes",
                "S-4", allowed=f"Pay with {allowed_payers}",
            )
        if payer not in found.attributes:
            raise IllegalActionError(
                f"{person.name} pays {payer.title} to reroll {found.name}",
                f"{payer.title} is not tied to {found.pair} {found.name} "
                f"(primary {found.primary.title}, secondary {found.secondary.title})", "S-4",
                allowed=f"Pay with {allowed_payers}",
            )
        before = person.attributes[payer.title]
        if before <= LOWEST:
            others = [a for a in found.attributes if a is not payer and person.attributes[a.title] > LOWEST]
            instead = (f"Pay with {others[0].title} ({person.attributes[others[0].title]})" if others
                       else "Accept the roll")
            raise InsufficientTokensError(
                f"{person.name} pays {payer.title} to reroll {found.name}",
                f"{payer.title} is 0 and an attribute at 0 cannot pay", "S-4", allowed=instead,
            )
        person.attributes[payer.title] = before - 1
        change = Change(person.name, "attribute", payer.title, before, before - 1, "reroll")
        serious = SeriousChange(started=(payer.title,) if before - 1 == LOWEST else ())
        waiting.replaced.append(waiting.dice)
        waiting.paid.append(payer.title)
        waiting.dice = rng.dice(2, 6)
        return self._roll_result(person, found, attempt=waiting.rolls, paid=payer.title, changes=(change,),
                                 serious=serious)

    def _do_accept(self, rng: GameRandom, character: str, consequences: bool | None) -> CheckResolved:
        person = self._character(character)
        if consequences is not None and not isinstance(consequences, bool):
            raise MalformedInputError(
                f"consequences={consequences!r}", "must be True, False or None", "S-5",
                allowed="Leave it out to follow the table option, or give False to skip this check's consequence",
            )
        waiting = self.state.pending.get(person.name)
        if waiting is None:
            raise IllegalActionError(
                f"{person.name} accepts", f"{person.name} has no pending check to accept", "S-5",
                allowed=f"Make a check first with game.check({person.name!r}, skill, difficulty)",
                hint="Press Roll the check first",
            )
        found = parse_skill(waiting.skill)
        apply = self.options["consequences"] if consequences is None else consequences
        success = waiting.success
        outcome = None
        changes: tuple[Change, ...] = ()
        serious = SeriousChange()
        if apply:
            primary = found.primary.title
            before_zero = set(person.serious_consequences)
            outcome = consequence(success, primary, person.attributes[primary], found.name, person.level(found))
            if outcome.kind == "attribute":
                person.attributes[outcome.name] = outcome.after
            else:
                person.skills[outcome.name] = outcome.after
            if outcome.delta:
                changes = (Change(person.name, outcome.kind, outcome.name, outcome.before, outcome.after,
                                  "consequence"),)
            serious = _serious_change(before_zero, set(person.serious_consequences))
        del self.state.pending[person.name]
        self.state.checks_resolved += 1
        self.state.last_resolved = person.name
        return CheckResolved(
            character=person.name, skill=found.name, pair=found.pair, level=waiting.level,
            difficulty=waiting.difficulty, target=waiting.target, dice=(waiting.dice[0], waiting.dice[1]),
            success=success, reason=roll_reason(waiting.dice[0], waiting.dice[1], waiting.level, waiting.target),
            rolls=waiting.rolls, consequence=outcome, changes=changes, serious=serious,
        )

    def _do_award(self, rng: GameRandom, character: str, what: str, points: int, reason: str) -> Adjustment:
        return self._adjust(character, what, points, reason, sign=+1)

    def _do_take_away(self, rng: GameRandom, character: str, what: str, points: int, reason: str) -> Adjustment:
        return self._adjust(character, what, points, reason, sign=-1)

    # -- shared steps --------------------------------------------------------------------

    def _adjust(self, character: str, what: str, points: int, reason: str, sign: int) -> Adjustment:
        person = self._character(character)
        verb = "award" if sign > 0 else "take away"
        if not isinstance(points, int) or isinstance(points, bool) or points < 1:
            raise MalformedInputError(f"{verb} {points!r} points", "must be a whole number of at least 1",
                                      allowed="Give points=1 or more")
        if not isinstance(reason, str):
            raise MalformedInputError(f"reason {reason!r}", "must be text", allowed="Write the reason as text")
        attribute = find_attribute(what)
        found: Skill | None = None if attribute is not None else find_skill(what)
        if attribute is None and found is None:
            raise UnknownNameError(
                f"{verb} {what!r}", "is neither an attribute nor a skill", "S-2",
                allowed="Name an attribute (Strength, Intelligence, Dexterity, Charisma) or one of the sixteen skills",
            )
        kind, name, table = (("attribute", attribute.title, person.attributes) if attribute is not None
                             else ("skill", found.name, person.skills))  # type: ignore[union-attr]
        before = table[name]
        after = before + sign * points
        if not LOWEST <= after <= HIGHEST:
            room = HIGHEST - before if sign > 0 else before - LOWEST
            allowed = (f"{verb.capitalize()} at most {room} {name} point{'s' if room != 1 else ''}" if room
                       else f"{name} is already at {before}; nothing can be {'awarded' if sign > 0 else 'taken away'}")
            raise OutOfRangeError(
                f"{verb} {points} {name} for {person.name}",
                f"{name} is {before} and would become {after}; every value stays within 0–5", "S-5",
                allowed=allowed,
            )
        before_zero = set(person.serious_consequences)
        table[name] = after
        change = Change(person.name, kind, name, before, after, verb)
        return Adjustment(
            character=person.name, kind=kind, name=name, before=before, after=after, reason=reason,
            changes=(change,), serious=_serious_change(before_zero, set(person.serious_consequences)),
        )

    def _roll_result(self, person: Character, found: Skill, *, attempt: int, paid: str = "",
                     changes: tuple[Change, ...] = (), serious: SeriousChange | None = None) -> RollResult:
        waiting = self.state.pending[person.name]
        first, second = waiting.dice
        return RollResult(
            character=person.name, skill=found.name, pair=found.pair, level=waiting.level,
            difficulty=waiting.difficulty, target=waiting.target, dice=(first, second),
            success=waiting.success, reason=roll_reason(first, second, waiting.level, waiting.target),
            attempt=attempt, replaced=tuple(waiting.replaced[-1]) if waiting.replaced else (), paid=paid,
            payable={a.title: person.attributes[a.title] for a in found.attributes},
            changes=changes, serious=serious or SeriousChange(),
        )

    def _find_character(self, name: object) -> Character | None:
        if not isinstance(name, str):
            return None
        found = name_clash(name, self.state.characters)
        return self.state.characters[found] if found is not None else None

    def _character(self, name: object) -> Character:
        found = self._find_character(name)
        if found is None:
            known = ", ".join(self.state.characters) or "none yet"
            raise UnknownNameError(
                f"character {name!r}", "is not at the table",
                allowed=f"Characters: {known}; create one with game.create_character(...)",
                hint=f"Characters: {known}; build one with the character builder",
            )
        return found

    # -- display -------------------------------------------------------------------------

    def describe_state(self) -> Description:
        """The table at a glance: every character's attributes, trained skills, pending check and S-6 flags."""
        sections = []
        for person in self.state.characters.values():
            facts = [Fact(a.label, str(person.attributes[a.title])) for a in Attribute]
            skills = ", ".join(f"{name} {level}" for name, level in person.trained_skills.items()) or "none"
            facts.append(Fact("Skills", skills))
            notes: list[str] = []
            waiting = self.state.pending.get(person.name)
            if waiting is not None:
                first, second = waiting.dice
                so_far = "success" if waiting.success else "failure"
                facts.append(Fact("Pending check", f"{waiting.skill} vs {waiting.difficulty}: "
                                  f"{first} + {second} + {waiting.level} = {waiting.total} ({so_far} so far, "
                                  f"roll {waiting.rolls})"))
            for attribute, row_text in person.serious_consequences.items():
                notes.append(f"Serious consequences (S-6): {attribute} is 0 — {row_text}")
            sections.append(Description(
                title=f"{person.name} ({person.identity})",
                tone="warning" if person.serious_consequences else "neutral",
                facts=tuple(facts),
                notes=tuple(notes),
            ))
        return Description(
            title=f"{self.title} — table",
            verdict=f"{_count(len(self.state.characters), 'character')}, "
                    f"{_count(len(self.state.pending), 'pending check')}, "
                    f"{_count(self.state.checks_resolved, 'check')} resolved",
            sections=tuple(sections),
        )

    def _repr_html_(self) -> str:
        return write(self.describe_state(), "html")

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(write(self.describe_state(), "text"))

    def __repr__(self) -> str:
        return f"SuitPairsGame(seed={self.seed!r}, turn={self.turn}, characters={self.characters!r})"


def _serious_change(before: set[str], after: set[str]) -> SeriousChange:
    order = ATTRIBUTE_TITLES
    return SeriousChange(
        started=tuple(name for name in order if name in after and name not in before),
        ended=tuple(name for name in order if name in before and name not in after),
    )


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"
