"""A character's sheet: identity, four attributes and sixteen skills, and the creation rules (S-1, S-6)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from kit.core.errors import InvalidCharacterError, MalformedInputError
from kit.suitpairs.attributes import HIGHEST, SERIOUS_ROWS, Attribute
from kit.suitpairs.skills import SKILLS, Skill, find_skill, row

CREATION_POINTS = 10
"""Attribute points spent at creation (S-1)."""

CREATION_MINIMUM = 1
"""Lowest attribute value at creation (S-1)."""


@dataclass
class Character:
    """A character at the table: name, identity, attribute values and skill levels (all 0–5).

    Attributes are keyed by their names (``"Strength"``), skills by theirs (``"Defy"``).
    """

    name: str
    identity: str
    attributes: dict[str, int]
    skills: dict[str, int] = field(default_factory=lambda: {s.name: 0 for s in SKILLS})

    def __deepcopy__(self, memo: dict[int, Any]) -> Character:
        # The sheet holds only text and flat dicts of ints: a flat copy of each dict is a deep copy.
        return Character(self.name, self.identity, dict(self.attributes), dict(self.skills))

    def attribute(self, attribute: Attribute | str) -> int:
        """The current value of an attribute."""
        return self.attributes[Attribute.parse(attribute).title]

    def level(self, skill: Skill) -> int:
        """The current level of a skill."""
        return self.skills[skill.name]

    @property
    def serious_consequences(self) -> dict[str, str]:
        """Attributes at 0 and their row of the Serious Consequences table (S-6), in table order."""
        return {title: row for title, row in SERIOUS_ROWS if self.attributes[title] == 0}

    @property
    def trained_skills(self) -> dict[str, int]:
        """Skills above level 0, in the text's order."""
        return {name: level for name, level in self.skills.items() if level > 0}

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of the sheet."""
        return {
            "name": self.name,
            "identity": self.identity,
            "attributes": dict(self.attributes),
            "skills": dict(self.skills),
        }


def written(value: object) -> str | None:
    """The text a sheet's field holds, stripped, or None when nothing is written there (S-1)."""
    if not isinstance(value, str) or not value.strip():
        return None
    return value.strip()


def name_clash(name: str, taken: Iterable[str]) -> str | None:
    """The name among ``taken`` that ``name`` repeats (the same, or the same but for case and spaces), or None."""
    if name in taken:
        return name
    key = name.strip().casefold()
    return next((other for other in taken if other.casefold() == key), None)


def build_character(name: str, identity: str, attributes: dict[Attribute, Any], skills: Any) -> Character:
    """Check a new sheet against the creation rules (S-1) and build the character.

    Refuses, saying which rule broke and what would fix it: identity missing, an attribute outside
    1–5, points not adding up to 10, not exactly one level-1 skill from each attribute's row.
    """
    who = f"character {name!r}"
    if written(identity) is None:
        raise InvalidCharacterError(
            who, "an identity is required", "S-1",
            allowed="Give a word or phrase saying who the character is, such as 'Collector', 'Baker', 'Hero' or 'Fool'",
        )
    values = _attribute_values(who, attributes)
    skill_list = _skill_choices(who, skills)
    return Character(
        name=name,
        identity=str(written(identity)),
        attributes={a.title: values[a] for a in Attribute},
        skills={s.name: (1 if s in skill_list else 0) for s in SKILLS},
    )


def _attribute_values(who: str, attributes: dict[Attribute, Any]) -> dict[Attribute, int]:
    for attribute, value in attributes.items():
        if not isinstance(value, int) or isinstance(value, bool):
            raise MalformedInputError(
                f"{who}: {attribute.title} {value!r}", "is not a whole number", "S-1",
                allowed=f"Give {attribute.title} a whole number from {CREATION_MINIMUM} to {HIGHEST}",
            )
    for attribute, value in attributes.items():
        if value < CREATION_MINIMUM:
            raise InvalidCharacterError(
                who, f"{attribute.title} is {value}; every attribute needs at least {CREATION_MINIMUM} point", "S-1",
                allowed=f"Raise {attribute.title} to {CREATION_MINIMUM} and take the point from another attribute",
            )
        if value > HIGHEST:
            raise InvalidCharacterError(
                who, f"{attribute.title} is {value}; no attribute may start above {HIGHEST}", "S-1",
                allowed=f"Lower {attribute.title} to {HIGHEST} and spend the rest on other attributes",
            )
    total = sum(attributes.values())
    if total != CREATION_POINTS:
        difference = total - CREATION_POINTS
        if difference > 0:
            fix = (f"Lower one attribute by {difference}" if difference == 1
                   else f"Lower attributes by {difference} in all")
        else:
            fix = (f"Raise one attribute by {-difference}" if difference == -1
                   else f"Raise attributes by {-difference} in all")
        raise InvalidCharacterError(
            who, f"points add up to {total}; spend exactly {CREATION_POINTS}", "S-1",
            allowed=fix,
        )
    return dict(attributes)


def _skill_choices(who: str, skills: Any) -> list[Skill]:
    if isinstance(skills, str) or not isinstance(skills, Iterable):
        raise MalformedInputError(
            f"{who}: skills {skills!r}", "must be a list of four skill names", "S-1",
            allowed="Name one skill from each row, such as ['Defy', 'Analyze', 'Stealth', 'Help']",
        )
    chosen: list[Skill] = []
    for text in skills:
        found = find_skill(text)
        if found is None:
            raise InvalidCharacterError(
                who, f"{text!r} is not one of the sixteen skills", "S-1",
                allowed=f"Pick skills from the table: {', '.join(s.name for s in SKILLS)}",
            )
        if found in chosen:
            raise InvalidCharacterError(
                who, f"{found.name} is named twice", "S-1",
                allowed="Name four different skills, one from each attribute's row",
            )
        chosen.append(found)
    missing = [a for a in Attribute if not any(s.primary is a for s in chosen)]
    for attribute in Attribute:
        in_row = [s for s in chosen if s.primary is attribute]
        if len(in_row) > 1:
            names = " and ".join(s.name for s in in_row)
            instead = " and ".join(f"one of {', '.join(s.name for s in row(a))}" for a in missing)
            raise InvalidCharacterError(
                who, f"{names} are both in the {attribute.label} row; pick exactly one skill from each row", "S-1",
                allowed=f"Keep one of {names}" + (f" and add {instead}" if missing else ""),
            )
    if missing:
        attribute = missing[0]
        options = ", ".join(s.name for s in row(attribute))
        raise InvalidCharacterError(
            who, f"no skill from the {attribute.label} row; pick exactly one skill from each row", "S-1",
            allowed=f"Add one of {options}",
        )
    return chosen
