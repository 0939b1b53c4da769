"""The Roll-Under game: characters, tests, opposed tests, and the combat, healing and fate mixins."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from kit.core.chapters import check_at_table, check_sheets, state_refusal
from kit.core.describe import Description, Fact, write
from kit.core.errors import IllegalActionError, UnknownNameError
from kit.core.limits import quote
from kit.core.params import Name, check_call
from kit.core.randomness import GameRandom
from kit.rollunder.checks import active_wins
from kit.rollunder.combat import CombatActions
from kit.rollunder.fate import FateActions
from kit.rollunder.healing import HealingActions
from kit.rollunder.limits import (
    Attribute,
    CharacterName,
    Cover,
    Defence,
    Modifiers,
    Player,
    SheetSkills,
    SheetValues,
    TestSkill,
    WeaponName,
    Weapons,
    Who,
)
from kit.rollunder.narrative import NarrativeActions
from kit.rollunder.odds import attack_hit_probability, damage_distribution
from kit.rollunder.results import CharacterAdded, OpposedResult, TestResult, format_clock
from kit.rollunder.sheet import BASE_ATTRIBUTES, build_character, name_clash
from kit.rollunder.state import RollUnderState, TestRecord

ATTACKS = ("attack", "attack_and_defend", "free_attack")


@dataclass(frozen=True)
class AttackOdds:
    """The exact odds of an attack before it is made (R-5): targets, hit chance, damage distribution."""

    action: str
    attacker: str
    defender: str
    weapon: str
    kind: str
    attack_target: int
    defence: str
    defence_target: int | None
    weapon_damage: int
    armour: int
    track: str
    hit: Fraction
    damage: dict[int, Fraction]

    @property
    def expected_damage(self) -> Fraction:
        """The mean damage, a miss counting 0."""
        return sum((d * p for d, p in self.damage.items()), Fraction(0))


class RollUnderGame(CombatActions, HealingActions, FateActions, NarrativeActions):
    """A game of Roll-Under: 1d20 roll-under tests, degrees, combat rounds and Tarot fate cards.

    >>> game = RollUnderGame("doc")
    >>> _ = game.add_character("Artie", {"Agility": 7, "Wits": 6, "Vitality": 5, "Reason": 5, "Fate": 4},
    ...                        {"Bash and Stab": 7}, player="Ann")
    >>> game.rig(dice=[14]).test("Artie", "Agility", "Bash and Stab", modifier=2).test.degree
    2
    """

    def _check_checkpoint_state(self, state: RollUnderState) -> None:
        """Refuse a checkpoint whose state the rules cannot be in (C-1).

        Every sheet holds the five attributes (R-1); every name in the combat, the records of healing,
        fate and defence, and the latest test, is a character's at the table; every combatant has
        rolled initiative (R-3), and an opposed test's defender is one of its sides.
        """
        characters = state.characters
        check_sheets(characters)
        for name, person in characters.items():
            missing = [attribute for attribute in BASE_ATTRIBUTES if attribute not in person.attributes]
            if missing:
                raise state_refusal(f".characters[{quote(name)}].attributes", f"lacks {missing[0]} (R-1)")
        named = {".draw_order": state.draw_order, ".healing": state.healing, ".permits": state.permits,
                 ".readied": state.readied, ".defences": state.defences}
        combat = state.combat
        if combat is not None:
            named.update({".combat.combatants": combat.combatants, ".combat.ambushers": combat.ambushers,
                          ".combat.order": combat.order, ".combat.initiative": combat.initiative,
                          ".combat.acted": combat.acted, ".combat.ran": combat.ran,
                          ".combat.melee_defended": combat.melee_defended,
                          ".combat.attack_and_defend": combat.attack_and_defend,
                          ".combat.ambush_rolls": combat.ambush_rolls, ".combat.free_actions": combat.free_actions,
                          ".combat.free_attacks": [name for pair in combat.free_attacks for name in pair],
                          ".combat.aims": combat.aims})
        if state.last_test is not None:
            named[".last_test.sides"] = state.last_test.sides
        for where, names in named.items():
            check_at_table(where, names, characters)
        lacking = [name for name in (*combat.combatants, *combat.order) if name not in combat.initiative] if (
            combat is not None) else []
        if lacking:
            raise state_refusal(".combat.initiative", f"lacks {quote(lacking[0])}: every combatant has rolled "
                                "initiative (R-3)")
        test = state.last_test
        if test is not None and test.defender is not None and test.defender not in test.sides:
            raise state_refusal(".last_test.defender", f"is {quote(test.defender)}, who is not a side of the test")

    def add_character(self, name: CharacterName, attributes: SheetValues, skills: SheetSkills = None,
                      weapons: Weapons = None, armour: int = 0, stamina: int = 10,
                      physical: int = 10, player: Player = "GM") -> CharacterAdded:
        """Add a character from its sheet; ``player`` owns it (R-7 consent)."""
        return self._perform("add_character", {"name": name, "attributes": attributes, "skills": skills,
                                               "weapons": weapons, "armour": armour, "stamina": stamina,
                                               "physical": physical, "player": player})

    def test(self, character: Who, attribute: Attribute, skill: TestSkill = None,
             modifier: Modifiers = 0) -> TestResult:
        """A test: attribute + skill + modifiers, roll 1d20 under it (R-1)."""
        return self._perform("test", {"character": character, "attribute": attribute, "skill": skill,
                                      "modifier": modifier})

    def opposed_test(self, character: Who, attribute: Attribute, skill: TestSkill, opponent: Who,
                     opponent_attribute: Attribute, opponent_skill: TestSkill = None, modifier: Modifiers = 0,
                     opponent_modifier: Modifiers = 0) -> OpposedResult:
        """An opposed test: ``character`` acts, ``opponent`` defends; the greater degree wins, a tie defends (R-2)."""
        return self._perform("opposed_test", {
            "character": character, "attribute": attribute, "skill": skill, "opponent": opponent,
            "opponent_attribute": opponent_attribute, "opponent_skill": opponent_skill, "modifier": modifier,
            "opponent_modifier": opponent_modifier})

    # -- queries ------------------------------------------------------------------------

    def attack_odds(self, attacker: Who, defender: Who, weapon: WeaponName = None, defence: Defence = None,
                    cover: Cover = 0, modifier: Modifiers = 0, defence_modifier: Modifiers = 0,
                    action: Name = "attack") -> AttackOdds:
        """The exact odds of an attack as it would be made now (R-5); nothing changes.

        The attack's own preparation runs on a copy of the state, so the targets (familiarity,
        aim, attack and defend, cover, the defender's default defence) are the ones the attack
        will use; an attack the rules would refuse is refused here with the same message.
        """
        if not isinstance(action, str) or action not in ATTACKS:
            shown = quote(action) if isinstance(action, str) else type(action).__name__
            raise UnknownNameError(f"attack action {shown}", "is not an attack", "R-5",
                                   f"actions: {', '.join(ATTACKS)}")
        check_call(type(self), action, {"attacker": attacker, "defender": defender, "weapon": weapon,
                                        "defence": defence, "cover": cover, "modifier": modifier,
                                        "defence_modifier": defence_modifier})
        probe = copy.copy(self)
        probe.state = copy.deepcopy(self.state)
        trial = probe._resolve_attack(GameRandom(self.seed, "odds"), action, attacker, defender, weapon, defence,
                                      cover, modifier, defence_modifier)
        defence_target = trial.defence.target if trial.defence is not None else None
        target = trial.attack.target
        return AttackOdds(action, trial.attacker, trial.defender, trial.weapon, trial.kind, target,
                          trial.defence_choice, defence_target, trial.weapon_damage, trial.armour, trial.track,
                          attack_hit_probability(target, defence_target),
                          damage_distribution(target, defence_target, trial.weapon_damage, trial.armour))

    def open_test(self) -> TestRecord | None:
        """The latest test a fate card may still change (R-7), or None when there is none."""
        record = self.state.last_test
        if record is None:
            return None
        try:
            return self._open_test(next(iter(record.sides)))
        except IllegalActionError:
            return None

    # -- handlers -----------------------------------------------------------------------

    def _do_add_character(self, rng: GameRandom, name: Any, attributes: Any, skills: Any, weapons: Any,
                          armour: Any, stamina: Any, physical: Any, player: Any) -> CharacterAdded:
        character = build_character(name, player, attributes, skills, weapons, armour, stamina, physical)
        if name_clash(character.name, self.state.characters) is not None:
            raise IllegalActionError(f"add {character.name}", "a character of that name is already at the table",
                                     "R-1", "choose another name")
        self.state.characters[character.name] = character
        return CharacterAdded(character.name, character.player, dict(character.attributes), dict(character.skills),
                              tuple(w.to_dict() for w in character.weapons), character.armour, character.stamina,
                              character.physical)

    def _do_test(self, rng: GameRandom, character: Any, attribute: Any, skill: Any, modifier: Any) -> TestResult:
        who = self._character(character)
        side = self._roll_prepared(rng, self._prepare_test(who, attribute, skill, modifier))
        self.state.last_test = TestRecord(len(self.log), "test", {who.name: side})
        return TestResult(side)

    def _do_opposed_test(self, rng: GameRandom, character: Any, attribute: Any, skill: Any, opponent: Any,
                         opponent_attribute: Any, opponent_skill: Any, modifier: Any,
                         opponent_modifier: Any) -> OpposedResult:
        who = self._character(character)
        other = self._character(opponent)
        if who.name == other.name:
            raise IllegalActionError(f"{who.name} against {other.name}", "an opposed test needs two characters",
                                     "R-2", "name another character as opponent")
        mine = self._prepare_test(who, attribute, skill, modifier)
        theirs = self._prepare_test(other, opponent_attribute, opponent_skill, opponent_modifier)
        active, defender = self._roll_prepared(rng, mine), self._roll_prepared(rng, theirs)
        winner = who.name if active_wins(active.outcome, defender.outcome) else other.name
        self.state.last_test = TestRecord(len(self.log), "opposed", {who.name: active, other.name: defender},
                                          other.name)
        return OpposedResult(active, defender, winner)

    # -- the table at a glance ----------------------------------------------------------

    def describe_state(self) -> Description:
        """The table: clock, combat (round, order, whose turn), characters, tracks and fate cards."""
        state = self.state
        facts = [Fact("Clock", format_clock(state.clock)),
                 Fact("Fate deck", f"{len(state.fate_deck)} to draw, {len(state.fate_deck.discard_pile)} discarded")]
        combat = state.combat
        if combat is not None:
            label = "free round (ambush)" if combat.is_free_round else f"round {combat.round}"
            facts += [Fact("Combat", f"{label}, {combat.seconds} seconds"),
                      Fact("Declaration order", ", ".join(combat.round_order) or "nobody acts this round"),
                      Fact("Whose turn", combat.current or "everyone has acted: next_round")]
        sections = []
        for c in state.characters.values():
            sections.append(Description(
                title=f"{c.name} ({c.player})",
                facts=(Fact("Stamina", f"{c.stamina_left}/{c.stamina}"),
                       Fact("Physical", f"{c.physical_left}/{c.physical}"),
                       Fact("Armour", str(c.armour)),
                       Fact("Fate cards", ", ".join(card.name for card in c.fate_cards) or "none")),
            ))
        return Description(title=f"{self.title} table", facts=tuple(facts), sections=tuple(sections))

    def _repr_html_(self) -> str:
        return write(self.describe_state(), "html")

    def __str__(self) -> str:
        return write(self.describe_state(), "text")
