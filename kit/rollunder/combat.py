"""Combat (R-3, R-4, R-5): initiative, ambush, rounds of 5 seconds, actions, free actions, attacks.

Readings the kit takes where the text leaves room:

- Actions are resolved as they are declared, in declaration order; the log is that order.
- Each character may take one action a round (``wait`` declares nothing) and each free action
  (drop, say, shift) once a round. ``next_round`` is refused until everyone who acts this round
  has declared.
- Defending is a free action against one melee attack a round (any number of ranged ones).
  "Attack and defend" lifts that limit for the round and puts −2 on the attack and on every
  active defence of that character in the round.
- No active defence (after running this round, when ambushed in the free round, or when the one
  melee defence is spent): the defender does not test, and the attack hits when the attacker
  succeeds, with net = attacker's degree. ``defence=None`` picks the defender's default (dodge
  against melee, cover against ranged, none when no active defence is allowed); naming an active
  defence that is not allowed is refused, unless the defender holds a Major Arcana permit (R-7).
- The initiative order is kept all combat (R-3); a later modifier recomputes the degree from the
  original roll. With the table option ``initiative_resort`` the order is re-sorted from the
  next round on.
- The ambushers act in the free round whatever their initiative; from round 1 on initiative rules.
- The game clock moves 5 seconds when a round ends (``next_round`` or ``end_combat``).
"""

from __future__ import annotations

from typing import Any

from kit.core.errors import (
    IllegalActionError,
    MalformedInputError,
    OutOfRangeError,
    OutOfTurnError,
    PendingActionError,
    UnknownNameError,
)
from kit.core.randomness import GameRandom
from kit.core.table_turns import Waiting
from kit.rollunder.base import RollUnderBase
from kit.rollunder.checks import active_wins, modifiers_of
from kit.rollunder.limits import (
    Ambushers,
    Combatants,
    Cover,
    Defence,
    Modifiers,
    Opponents,
    PerceiveSkill,
    Power,
    Statement,
    Thing,
    WeaponName,
    Who,
    WithdrawSkill,
)
from kit.rollunder.results import (
    ActionResult,
    AttackResult,
    CombatStarted,
    DefenceChosen,
    InitiativeChanged,
    RoundResult,
    TestSide,
    WithdrawResult,
)
from kit.rollunder.sheet import Character, Weapon, lookup, same_name
from kit.rollunder.state import FREE_ROUND, ROUND_SECONDS, CombatState, Initiative, TestRecord

INITIATIVE = ("Wits", "Sergeant's Eye")
FAMILIARITY_BONUS = 2
ATTACK_AND_DEFEND_PENALTY = -2
DEFENCES = ("dodge", "parry", "cover", "none")
FREE_ACTIONS = ("drop", "say", "shift")


def declaration_order(initiatives: list[Initiative], ties: str = "listing") -> list[str]:
    """R-3: greatest degree of failure first, greatest degree of success last; ties by listing."""
    step = -1 if ties == "reverse listing" else 1
    indexed = list(enumerate(initiatives))
    indexed.sort(key=lambda pair: (pair[1].outcome.rank, step * pair[0]))
    return [initiative.name for _, initiative in indexed]


class CombatActions(RollUnderBase):
    """The combat actions of a Roll-Under game."""

    # -- what the sequencer shows ------------------------------------------------------

    @property
    def combat(self) -> CombatState | None:
        """The combat in progress, if any."""
        return self.state.combat

    def _waiting(self) -> Waiting | None:
        """In combat: who declares next this round, or the GM to start the next round."""
        combat = self.state.combat
        if combat is None:
            return None
        prefix = "Ambush round: " if combat.is_free_round else f"Round {combat.round}: "
        if combat.current is not None:
            return Waiting("declares an action", combat.current, prefix)
        return Waiting("starts the next round or ends the combat", None, prefix)

    @property
    def current_combatant(self) -> str | None:
        """Whose turn it is to declare an action, or None (no combat, or everyone has acted)."""
        return self.state.combat.current if self.state.combat else None

    @property
    def may_act(self) -> list[str]:
        """Who still declares this round, in declaration order."""
        return self.state.combat.waiting if self.state.combat else []

    @property
    def combat_round(self) -> int | None:
        """The round in progress (0 is the ambushers' free round), or None out of combat."""
        return self.state.combat.round if self.state.combat else None

    @property
    def combat_seconds(self) -> int:
        """Seconds of combat including the round in progress (5 a round), 0 out of combat."""
        return self.state.combat.seconds if self.state.combat else 0

    def allowed_defences(self, defender: str, kind: str = "melee") -> list[str]:
        """The defences ``defender`` may choose now against a ``melee`` or ``ranged`` attack (R-4, R-5)."""
        combat = self._need_combat("defend")
        name = self._combatant(combat, defender).name
        return self._defence_options(combat, name, kind == "ranged")[0]

    def carried_weapon(self, character: Who) -> str | None:
        """The weapon ``character`` carries into an attack (R-4, R-5): the one it last readied, else the first
        weapon on its sheet that is not its bare hands; None when it carries none (it fights unarmed)."""
        who = self._character(character)
        readied = self.state.readied.get(who.name)
        if readied is not None and readied in [w.name for w in who.weapons]:
            return readied
        return next((w.name for w in who.weapons if not w.unarmed), None)

    def standing_defence(self, character: Who) -> tuple[str | None, int]:
        """The defence ``character``'s seat chose for it and its cover rating; (None, 0) for the default (R-5a)."""
        who = self._character(character)
        choice, cover = self.state.defences.get(who.name, (None, 0))
        return choice, cover

    # -- actions ------------------------------------------------------------------------

    def choose_defence(self, character: Who, defence: Defence = None, cover: Cover = 0) -> DefenceChosen:
        """Set ``character``'s standing defence against every attack on it; None for the default (R-5a)."""
        return self._perform("choose_defence", {"character": character, "defence": defence, "cover": cover})

    def start_combat(self, combatants: Combatants, ambushers: Ambushers = None) -> CombatStarted:
        """Start combat: initiative (Wits + Sergeant's Eye) for everyone, then the ambush tests (R-3)."""
        return self._perform("start_combat", {"combatants": combatants, "ambushers": ambushers})

    def attack(self, attacker: Who, defender: Who, weapon: WeaponName = None, defence: Defence = None,
               cover: Cover = 0, modifier: Modifiers = 0, defence_modifier: Modifiers = 0) -> AttackResult:
        """Make one attack (R-5); the defender chooses dodge, parry, cover or none."""
        return self._perform("attack", {"attacker": attacker, "defender": defender, "weapon": weapon,
                                        "defence": defence, "cover": cover, "modifier": modifier,
                                        "defence_modifier": defence_modifier})

    def attack_and_defend(self, attacker: Who, defender: Who, weapon: WeaponName = None, defence: Defence = None,
                          cover: Cover = 0, modifier: Modifiers = 0, defence_modifier: Modifiers = 0) -> AttackResult:
        """Attack and defend: −2 on this attack and on every active defence this round (R-4)."""
        return self._perform("attack_and_defend", {"attacker": attacker, "defender": defender, "weapon": weapon,
                                                   "defence": defence, "cover": cover, "modifier": modifier,
                                                   "defence_modifier": defence_modifier})

    def free_attack(self, attacker: Who, defender: Who, weapon: WeaponName = None, defence: Defence = None,
                    cover: Cover = 0, modifier: Modifiers = 0, defence_modifier: Modifiers = 0) -> AttackResult:
        """The free attack won when ``defender`` failed to withdraw from melee (R-4); no action used."""
        return self._perform("free_attack", {"attacker": attacker, "defender": defender, "weapon": weapon,
                                             "defence": defence, "cover": cover, "modifier": modifier,
                                             "defence_modifier": defence_modifier})

    def invoke(self, character: Who, power: Power) -> ActionResult:
        """Invoke a pattern, charm or ephemera, named by ``power``: the round's one action (R-4)."""
        return self._perform("invoke", {"character": character, "power": power})

    def walk(self, character: Who) -> ActionResult:
        """Walk briskly: Agility yards (R-4)."""
        return self._perform("walk", {"character": character})

    def run(self, character: Who) -> ActionResult:
        """Run: 3 × Agility yards; no active defence for the rest of the round (R-4)."""
        return self._perform("run", {"character": character})

    def ready(self, character: Who, item: Thing) -> ActionResult:
        """Ready a single piece of gear (R-4)."""
        return self._perform("ready", {"character": character, "item": item})

    def operate(self, character: Who, feature: Thing) -> ActionResult:
        """Operate some feature of the world: a door, a window, a thrown object (R-4)."""
        return self._perform("operate", {"character": character, "feature": feature})

    def aim(self, character: Who, weapon: WeaponName = None) -> ActionResult:
        """Aim a firearm: a table-set bonus (default +2) to Barking Irons in the next round (R-4)."""
        return self._perform("aim", {"character": character, "weapon": weapon})

    def perceive(self, character: Who, skill: PerceiveSkill = "Sergeant's Eye",
                 modifier: Modifiers = 0) -> ActionResult:
        """Perceive surroundings in detail: Wits + Sergeant's Eye or Investigator's Eye (R-4)."""
        return self._perform("perceive", {"character": character, "skill": skill, "modifier": modifier})

    def withdraw(self, character: Who, opponents: Opponents, skill: WithdrawSkill = "Duck & Cover",
                 modifier: Modifiers = 0) -> WithdrawResult:
        """Withdraw from melee: Agility + Duck & Cover or the close combat skill, opposed by each opponent (R-4)."""
        return self._perform("withdraw", {"character": character, "opponents": opponents, "skill": skill,
                                          "modifier": modifier})

    def wait(self, character: Who) -> ActionResult:
        """Declare no action this round."""
        return self._perform("wait", {"character": character})

    def drop(self, character: Who, item: Thing) -> ActionResult:
        """Free action: drop something to the ground (R-4)."""
        return self._perform("drop", {"character": character, "item": item})

    def say(self, character: Who, statement: Statement) -> ActionResult:
        """Free action: one short statement, five seconds or less (R-4)."""
        return self._perform("say", {"character": character, "statement": statement})

    def shift(self, character: Who) -> ActionResult:
        """Free action: shift a few steps (R-4)."""
        return self._perform("shift", {"character": character})

    def modify_initiative(self, character: Who, modifier: Modifiers) -> InitiativeChanged:
        """Set a mid-combat initiative modifier; the degree is recomputed from the original roll (R-3)."""
        return self._perform("modify_initiative", {"character": character, "modifier": modifier})

    def next_round(self) -> RoundResult:
        """End the round (5 seconds pass) and start the next (R-4)."""
        return self._perform("next_round", {})

    def end_combat(self) -> RoundResult:
        """End the combat; the round in progress counts its 5 seconds."""
        return self._perform("end_combat", {})

    # -- checks -------------------------------------------------------------------------

    def _need_combat(self, what: str) -> CombatState:
        if self.state.combat is None:
            raise IllegalActionError(what, "there is no combat in progress", "R-3", "start one with start_combat",
                                     hint="the GM starts one: tick the combatants and press Start combat")
        return self.state.combat

    def _combatant(self, combat: CombatState, name: Any) -> Character:
        character = self._character(name)
        if character.name not in combat.combatants:
            raise IllegalActionError(f"{character.name} in this combat", "is not a combatant", "R-3",
                                     f"combatants: {', '.join(combat.combatants)}")
        return character

    def _take_turn(self, name: Any, action: str) -> tuple[CombatState, Character]:
        """Check that ``name`` may take its one action now (R-3, R-4); nothing is changed."""
        combat = self._need_combat(action)
        character = self._combatant(combat, name)
        who = character.name
        if not combat.may_act_this_round(who):
            why = ("is ambushed and cannot act in the ambushers' free round" if combat.is_free_round
                   else f"failed initiative and acts from round {combat.initiative[who].acts_from}")
            raise OutOfTurnError(f"{who}: {action} in round {combat.round}", why, "R-3",
                                 f"who may act now: {', '.join(combat.waiting) or 'nobody; call next_round'}",
                                 hint="who may act now: "
                                      f"{', '.join(combat.waiting) or 'nobody; the GM presses Next round'}")
        if who in combat.acted:
            raise OutOfTurnError(f"{who}: {action} in round {combat.round}", "has already acted this round", "R-4",
                                 "one action a round, plus free actions; wait for next_round",
                                 hint="one action a round, plus free actions; wait for the next round")
        if combat.current != who:
            raise OutOfTurnError(f"{who}: {action}", f"it is {combat.current}'s turn to declare", "R-3",
                                 f"declaration order this round: {', '.join(combat.waiting)}")
        return combat, character

    def _defence_options(self, combat: CombatState, name: str, ranged: bool) -> tuple[list[str], str, str]:
        """The defences allowed now, and why the active ones are not (with the ruling)."""
        if combat.is_free_round and name not in combat.ambushers:
            return ["none"], f"{name} is ambushed and cannot defend actively in the free round", "R-3"
        if name in combat.ran:
            return ["none"], f"{name} ran this round: no active defence", "R-4"
        if not ranged and name in combat.melee_defended and name not in combat.attack_and_defend:
            return ["none"], f"{name} has already defended against a melee attack this round", "R-4"
        return (["cover", "none"] if ranged else ["dodge", "parry", "none"]), "", "R-5"

    def _weapon(self, character: Character, weapon: str | None) -> Weapon:
        if weapon is not None:
            return character.weapon(weapon)
        bare = [w for w in character.weapons if w.unarmed]
        if bare:
            return bare[0]
        return Weapon("Unarmed", int(self.options["unarmed_damage"]), False, self.close_combat_skill, False, True)

    # -- handlers -----------------------------------------------------------------------

    def _do_start_combat(self, rng: GameRandom, combatants: Any, ambushers: Any) -> CombatStarted:
        if self.state.combat is not None:
            raise IllegalActionError("start a combat", "a combat is already in progress", "R-3",
                                     "end it with end_combat first",
                                     hint="press End combat first")
        if not isinstance(combatants, list) or len(combatants) < 2:
            raise MalformedInputError(f"combatants {combatants!r}", "must list at least two characters", "R-3",
                                     "name two or more characters at the table, such as ['Artie', 'Xavier']")
        names = [self._character(n).name for n in combatants]
        if len(set(names)) != len(names):
            raise MalformedInputError(f"combatants {combatants!r}", "name someone twice", "R-3",
                                     "name each combatant once")
        if ambushers is None:
            ambushers = []
        if not isinstance(ambushers, list):
            raise MalformedInputError(f"ambushers {ambushers!r}", "must be a list of combatants", "R-3",
                                     "list the ambushers, or leave ambushers out when nobody is ambushed")
        ambush = [self._character(n).name for n in ambushers]
        outside = [n for n in ambush if n not in names]
        if outside or len(set(ambush)) != len(ambush):
            raise IllegalActionError(f"ambushers {ambushers!r}", "must be distinct combatants", "R-3",
                                     f"combatants: {', '.join(names)}")
        ambushed = [n for n in names if n not in ambush]
        if ambush and not ambushed:
            raise IllegalActionError(f"ambushers {ambushers!r}", "leave nobody to ambush", "R-3",
                                     "leave at least one combatant out of ambushers")
        attribute, skill = INITIATIVE
        prepared = [self._prepare_test(self.state.characters[n], attribute, skill, 0) for n in names]
        tests = [self._roll_prepared(rng, p) for p in prepared]
        ambush_tests = ([self._roll_prepared(rng, self._prepare_test(self.state.characters[n], attribute, skill, 0))
                         for n in ambushed] if ambush else [])
        free_round = bool(ambush) and all(not t.success for t in ambush_tests)
        initiative = {t.character: Initiative(t.character, t.target, t.roll, 0, 1 if t.success else 2) for t in tests}
        order = declaration_order([initiative[n] for n in names], self.options["initiative_ties"])
        combat = CombatState(
            combatants=names, ambushers=ambush, initiative=initiative,
            ambush_rolls={t.character: t.roll for t in ambush_tests}, order=order,
            round=FREE_ROUND if free_round else 1, started_at=self.state.clock,
        )
        self.state.combat = combat
        return CombatStarted(tuple(names), tuple(ambush), tuple(tests), tuple(ambush_tests), free_round, tuple(order),
                             {n: initiative[n].acts_from for n in names}, combat.round, self.state.clock)

    def _resolve_attack(self, rng: GameRandom, action: str, attacker: Any, defender: Any, weapon: Any,
                        defence: Any, cover: Any, modifier: Any, defence_modifier: Any) -> AttackResult:
        free = action == "free_attack"
        if free:
            combat = self._need_combat(action)
            attacking = self._combatant(combat, attacker)
        else:
            combat, attacking = self._take_turn(attacker, action)
        defending = self._combatant(combat, defender)
        if defending.name == attacking.name:
            others = ", ".join(c for c in combat.combatants if c != attacking.name)
            raise IllegalActionError(f"{attacking.name} attacks {defending.name}", "a character cannot attack "
                                     "itself", "R-5", f"targets: {others}")
        if free and (attacking.name, defending.name) not in combat.free_attacks:
            raise IllegalActionError(
                f"free attack by {attacking.name} on {defending.name}", "no failed withdrawal gave one", "R-4",
                "free attacks now: " + (", ".join(f"{a} on {d}" for a, d in combat.free_attacks) or "none"))
        arm = self._weapon(attacking, weapon)
        bonuses: list[tuple[str, int]] = []
        if arm.familiarity:
            bonuses.append(("familiarity", FAMILIARITY_BONUS))
        if arm.ranged and arm.skill == "Barking Irons" and combat.aims.get(attacking.name) == combat.round:
            bonuses.append(("aim", int(self.options["aim_bonus"])))
        both = action == "attack_and_defend"
        if both:
            bonuses.append(("attack and defend", ATTACK_AND_DEFEND_PENALTY))
        attack_prep = self._prepare_test(attacking, "Agility", arm.skill, modifier, tuple(bonuses))
        allowed, why, ruling = self._defence_options(combat, defending.name, arm.ranged)
        use_permit = False
        standing = ""
        if defence is None:
            choice = allowed[0]
            chosen, chosen_cover = self.state.defences.get(defending.name, (None, 0))
            if chosen is not None and chosen in allowed:  # the defender's own choice, where it applies now (R-5a)
                choice, standing = chosen, f" {defending.name} meets it with the defence chosen for it (R-5a)."
                if chosen == "cover" and not cover:
                    cover = chosen_cover
        else:
            choice = lookup(defence, DEFENCES, "defence", "R-5")
            active = ["cover", "none"] if arm.ranged else ["dodge", "parry", "none"]
            if choice not in active:
                raise IllegalActionError(f"{choice} against a {arm.kind} attack", "is not a defence against it",
                                         "R-5", f"defences: {', '.join(active)}")
            if choice not in allowed:
                if self.state.permits.get(defending.name, 0) <= 0:
                    raise IllegalActionError(f"{defending.name} defends with {choice}", why, ruling,
                                             "defence='none', or a Major Arcana card spent to permit the test (R-7)")
                use_permit = True
        if isinstance(cover, bool) or not isinstance(cover, int) or not 0 <= cover <= 10:
            raise OutOfRangeError(f"cover rating {cover!r}", "must be a whole number 0…10", "R-5",
                                  "give cover=0 (no cover) up to cover=10")
        if cover and choice != "cover":
            raise IllegalActionError(f"cover rating {cover}", "counts only when taking cover against a ranged "
                                     "attack", "R-5", "defence='cover' against a ranged weapon")
        defence_prep = None
        if choice != "none":
            def_bonuses: list[tuple[str, int]] = []
            if cover:
                def_bonuses.append(("cover", cover))
            if defending.name in combat.attack_and_defend:
                def_bonuses.append(("attack and defend", ATTACK_AND_DEFEND_PENALTY))
            skill = self.close_combat_skill if choice == "parry" else "Duck & Cover"
            defence_prep = self._prepare_test(defending, "Agility", skill, defence_modifier, tuple(def_bonuses))
        else:
            modifiers_of(defence_modifier, "defence modifier")
        attack_test = self._roll_prepared(rng, attack_prep)
        defence_test = self._roll_prepared(rng, defence_prep) if defence_prep else None
        hit, reason, net = _attack_outcome(attack_test, defence_test)
        track = "stamina" if arm.unarmed else "physical"
        damage = max(0, arm.damage + net - defending.armour) if hit else 0
        if hit and damage == 0:
            reason += " Armour absorbs it all: no damage."
        marked, excess = self._mark(defending, track, damage)
        if free:
            combat.free_attacks.remove((attacking.name, defending.name))
        else:
            combat.acted.append(attacking.name)
            if both:
                combat.attack_and_defend.append(attacking.name)
        if defence_test is not None and not arm.ranged and defending.name not in combat.melee_defended:
            combat.melee_defended.append(defending.name)
        reason += standing
        if use_permit:
            self.state.permits[defending.name] -= 1
            reason += f" {defending.name} defends by a Major Arcana permit (R-7)."
        left = defending.stamina_left if track == "stamina" else defending.physical_left
        return AttackResult(attacking.name, defending.name, arm.name, arm.kind, combat.round, free, both,
                            attack_test, choice, defence_test, hit, reason, net, arm.damage, defending.armour,
                            damage, track, marked, excess, left)

    def _defender_chooses(self, defender: Any, defence: Any, cover: Any, defence_modifier: Any) -> None:
        """R-5a: from a player's seat an attack leaves the defence to the defender's seat (or the GM's)."""
        seat = self.acting_seat  # the seat of the attack being played (P-1), whoever holds the game
        if not self.seating.seated or seat is None or self.is_gm(seat):
            return
        if defence is None and not cover and not defence_modifier:
            return
        try:
            name = self._character(defender).name
        except UnknownNameError:
            return  # the attack itself refuses an unknown defender
        if self.seating.owner(name) == seat:
            return
        raise IllegalActionError(
            f"choose how {name} defends", "the defender chooses the defence, not the attacker", "R-5a",
            f"leave the defence to {name}'s player, who sets it with Choose defence, or ask the GM")

    def _do_attack(self, rng: GameRandom, **args: Any) -> AttackResult:
        self._defender_chooses(args["defender"], args["defence"], args["cover"], args["defence_modifier"])
        return self._resolve_attack(rng, "attack", **args)

    def _do_attack_and_defend(self, rng: GameRandom, **args: Any) -> AttackResult:
        self._defender_chooses(args["defender"], args["defence"], args["cover"], args["defence_modifier"])
        return self._resolve_attack(rng, "attack_and_defend", **args)

    def _do_free_attack(self, rng: GameRandom, **args: Any) -> AttackResult:
        self._defender_chooses(args["defender"], args["defence"], args["cover"], args["defence_modifier"])
        return self._resolve_attack(rng, "free_attack", **args)

    def _do_choose_defence(self, rng: GameRandom, character: Any, defence: Any, cover: Any) -> DefenceChosen:
        who = self._character(character)
        choice = None if defence is None else lookup(defence, DEFENCES, "defence", "R-5a")
        if cover and choice != "cover":
            raise IllegalActionError(f"cover rating {cover}", "counts only when taking cover against ranged attacks",
                                     "R-5", "choose Take cover to give a cover rating, or leave the rating at 0")
        if choice is None:
            self.state.defences.pop(who.name, None)
        else:
            self.state.defences[who.name] = (choice, cover)
        return DefenceChosen(who.name, choice, cover)

    def _simple(self, character: Any, action: str, detail: str, yards: int | None = None) -> ActionResult:
        combat, who = self._take_turn(character, action)
        combat.acted.append(who.name)
        return ActionResult(who.name, action, combat.round, False, detail, yards)

    def _do_invoke(self, rng: GameRandom, character: Any, power: Any) -> ActionResult:
        if not isinstance(power, str) or not power.strip():
            raise MalformedInputError("pattern, charm or ephemera to invoke", "must be named", "R-4",
                                      "name the pattern, charm or ephemera, such as power='Ward of Iron'")
        return self._simple(character, "invoke", f"invokes {power.strip()}")

    def _do_walk(self, rng: GameRandom, character: Any) -> ActionResult:
        who = self._character(character)
        yards = who.attributes["Agility"]
        return self._simple(character, "walk", f"walks {yards} yards (Agility)", yards)

    def _do_run(self, rng: GameRandom, character: Any) -> ActionResult:
        who = self._character(character)
        yards = 3 * who.attributes["Agility"]
        result = self._simple(character, "run", f"runs {yards} yards (3 × Agility); no active defence this round",
                              yards)
        assert self.state.combat is not None
        self.state.combat.ran.append(result.character)
        return result

    def _do_ready(self, rng: GameRandom, character: Any, item: Any) -> ActionResult:
        if not isinstance(item, str) or not item.strip():
            raise MalformedInputError("item to ready", "must be named", "R-4")
        result = self._simple(character, "ready", f"readies {item.strip()}")
        who = self.state.characters[result.character]
        weapon = next((w.name for w in who.weapons if same_name(w.name, item)), None)
        if weapon is not None:  # a weapon on the sheet: the one it carries into its attacks now
            self.state.readied[who.name] = weapon
        return result

    def _do_operate(self, rng: GameRandom, character: Any, feature: Any) -> ActionResult:
        if not isinstance(feature, str) or not feature.strip():
            raise MalformedInputError("feature to operate", "must be named", "R-4")
        return self._simple(character, "operate", f"operates {feature.strip()}")

    def _do_aim(self, rng: GameRandom, character: Any, weapon: Any) -> ActionResult:
        who = self._character(character)
        firearms = [w for w in who.weapons if w.ranged and w.skill == "Barking Irons"]
        if weapon is not None:
            arm = who.weapon(weapon)
            if arm not in firearms:
                raise IllegalActionError(f"aim {arm.name}", "is not a firearm using Barking Irons", "R-4",
                                         f"firearms: {', '.join(w.name for w in firearms) or 'none'}")
        elif not firearms:
            raise IllegalActionError(f"{who.name} aims", "carries no firearm using Barking Irons", "R-4",
                                     "aiming is only for Barking Irons; choose another action")
        else:
            arm = firearms[0]
        bonus = int(self.options["aim_bonus"])
        result = self._simple(character, "aim", f"aims {arm.name}: +{bonus} to Barking Irons next round")
        assert self.state.combat is not None
        self.state.combat.aims[who.name] = self.state.combat.round + 1
        return result

    def _do_perceive(self, rng: GameRandom, character: Any, skill: Any, modifier: Any) -> ActionResult:
        combat, who = self._take_turn(character, "perceive")
        chosen = lookup(skill, ("Sergeant's Eye", "Investigator's Eye"), "perception skill", "R-4")
        test = self._roll_prepared(rng, self._prepare_test(who, "Wits", chosen, modifier))
        combat.acted.append(who.name)
        self.state.last_test = TestRecord(len(self.log), "perceive", {who.name: test})
        return ActionResult(who.name, "perceive", combat.round, False, f"perceives: {test.verdict}", None, test)

    def _do_wait(self, rng: GameRandom, character: Any) -> ActionResult:
        return self._simple(character, "wait", "declares no action")

    def _do_withdraw(self, rng: GameRandom, character: Any, opponents: Any, skill: Any,
                     modifier: Any) -> WithdrawResult:
        combat, who = self._take_turn(character, "withdraw")
        if not isinstance(opponents, list) or not opponents:
            raise MalformedInputError(f"opponents {opponents!r}", "must list the characters in melee with "
                                      f"{who.name}", "R-4")
        foes = [self._combatant(combat, o) for o in opponents]
        if who.name in [f.name for f in foes] or len({f.name for f in foes}) != len(foes):
            raise IllegalActionError(f"opponents {opponents!r}", "must be distinct other combatants", "R-4",
                                     f"name the characters in melee with {who.name}, each once")
        chosen = lookup(skill, ("Duck & Cover", self.close_combat_skill), "withdrawal skill", "R-4")
        prep = self._prepare_test(who, "Agility", chosen, modifier)
        foe_preps = [self._prepare_test(f, "Agility", self.close_combat_skill, 0) for f in foes]
        test = self._roll_prepared(rng, prep)
        foe_tests = [self._roll_prepared(rng, p) for p in foe_preps]
        winners = [t.character for t in foe_tests if active_wins(t.outcome, test.outcome)]
        combat.acted.append(who.name)
        combat.free_attacks.extend((w, who.name) for w in winners)
        return WithdrawResult(who.name, combat.round, test, tuple(foe_tests), not winners, tuple(winners))

    def _free_action(self, character: Any, action: str, detail: str) -> ActionResult:
        combat = self._need_combat(action)
        who = self._combatant(combat, character)
        if not combat.may_act_this_round(who.name):
            raise OutOfTurnError(f"{who.name}: {action}", "cannot act this round", "R-3",
                                 f"who may act now: {', '.join(combat.round_order) or 'nobody'}")
        done = combat.free_actions.setdefault(who.name, [])
        if action in done:
            raise OutOfTurnError(f"{who.name}: {action}", "has already done that free action this round", "R-4",
                                 "each free action once a round; another free action, or next_round",
                                 hint="each free action once a round: take another free action, "
                                      "or wait for the next round")
        done.append(action)
        return ActionResult(who.name, action, combat.round, True, detail)

    def _do_drop(self, rng: GameRandom, character: Any, item: Any) -> ActionResult:
        if not isinstance(item, str) or not item.strip():
            raise MalformedInputError("item to drop", "must be named", "R-4")
        return self._free_action(character, "drop", f"drops {item.strip()}")

    def _do_say(self, rng: GameRandom, character: Any, statement: Any) -> ActionResult:
        if not isinstance(statement, str) or not statement.strip():
            raise MalformedInputError("statement", "must be text", "R-4")
        if len(statement) > 200:
            raise OutOfRangeError("statement", "is longer than five seconds of speech", "R-4",
                                  "at most 200 characters")
        return self._free_action(character, "say", f"says: {statement.strip()}")

    def _do_shift(self, rng: GameRandom, character: Any) -> ActionResult:
        return self._free_action(character, "shift", "shifts a few steps")

    def _do_modify_initiative(self, rng: GameRandom, character: Any, modifier: Any) -> InitiativeChanged:
        combat = self._need_combat("modify initiative")
        who = self._combatant(combat, character)
        total = sum(modifiers_of(modifier, "initiative modifier"))
        record = combat.initiative[who.name]
        record.modifier = total
        outcome = record.outcome
        return InitiativeChanged(who.name, total, record.roll, outcome.target, outcome.success, outcome.degree,
                                 tuple(combat.order), bool(self.options["initiative_resort"]))

    def _do_next_round(self, rng: GameRandom) -> RoundResult:
        combat = self._need_combat("next round")
        if combat.waiting:
            raise PendingActionError(f"next round after round {combat.round}",
                                     f"{', '.join(combat.waiting)} must still declare", "R-4",
                                     f"{combat.waiting[0]} acts (or waits) first")
        dropped = tuple(f"{a} on {d}" for a, d in combat.free_attacks)
        combat.rounds_played += 1
        deliveries = self._tick(ROUND_SECONDS)
        combat.round += 1
        combat.acted, combat.ran, combat.melee_defended, combat.attack_and_defend = [], [], [], []
        combat.free_actions, combat.free_attacks = {}, []
        combat.aims = {n: r for n, r in combat.aims.items() if r >= combat.round}
        if self.options["initiative_resort"]:
            combat.order = declaration_order([combat.initiative[n] for n in combat.combatants],
                                             self.options["initiative_ties"])
        return RoundResult(False, combat.round, tuple(combat.round_order), combat.current, combat.seconds,
                           self.state.clock, dropped, deliveries)

    def _do_end_combat(self, rng: GameRandom) -> RoundResult:
        combat = self._need_combat("end combat")
        dropped = tuple(f"{a} on {d}" for a, d in combat.free_attacks)
        seconds = combat.seconds
        deliveries = self._tick(ROUND_SECONDS)
        self.state.combat = None
        return RoundResult(True, combat.round, tuple(combat.order), None, seconds, self.state.clock, dropped,
                           deliveries)


def _attack_outcome(attack: TestSide, defence: TestSide | None) -> tuple[bool, str, int]:
    """R-5: (hit, why, net degrees) for an attack against a defence (None: no active defence)."""
    if not attack.success:
        return False, "The attack test fails: miss (R-5).", 0
    if defence is None:
        return True, "No active defence: the attack hits with its full degree (R-5).", attack.degree
    if not active_wins(attack.outcome, defence.outcome):
        return False, (f"The defender's degree {defence.degree} is at least the attacker's {attack.degree}: "
                       "miss (R-5)."), 0
    counted = defence.degree if defence.success else 0
    net = attack.degree - max(counted, 0)
    return True, f"Hit: net degrees {attack.degree} − {max(counted, 0)} = {net} (R-5).", net


__all__ = ["CombatActions", "declaration_order"]
