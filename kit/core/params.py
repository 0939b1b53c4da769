"""Every argument of every action checked against its signature before the rules see it (G-2, G-3).

An action's public method is its contract::

    def flip(self, character: Who, skill: Skill, target: Target = None, plus: Advantage = 0, …)

where ``Advantage = Annotated[Count | Line | Reasons | None, Ruling("F-4", …)]`` and
``Count = Annotated[int, Span(0, 431, "F-4", …)]``.

:func:`check_call` reads the annotations of an action's method once per class (a cached plan)
and checks each argument: its type (``str``, ``int`` — never ``bool``, a float, NaN or
Infinity —, ``bool``, ``None``, ``list[…]``, ``dict[str, …]``, a ``TypedDict``, unions), the
text limits of G-2, the number limits of G-3 and the rule-based bounds an annotation carries
(``Annotated[int, Span(0, 431, "F-4")]``). Unknown and missing arguments are refused. A list
where text belongs is refused at once, without looking inside it, so nesting costs nothing.
The turn engine runs the check in the one call that applies a turn's rules
(:meth:`kit.core.engine.TurnEngine._apply_rules`), for a live call and for an event replayed
from a file alike, and :class:`kit.core.game.Game` runs :func:`check_options` on its table options.
"""

from __future__ import annotations

import functools
import inspect
import math
import types
import typing
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence, Sized
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, Union, is_typeddict

from kit.core.errors import MalformedInputError, OutOfRangeError, RulesError, UnknownNameError
from kit.core.limits import (
    LINE_LENGTH,
    MAX_ITEMS,
    MAX_NUMBER,
    NAME_LENGTH,
    PROSE_LENGTH,
    number_text,
    quote,
    span_text,
    text_problem,
)

# -- what annotations may carry ------------------------------------------------------------


@dataclass(frozen=True)
class Text:
    """``Annotated[str, Text(60, "a name")]``: one line of at most ``length`` ordinary characters (G-2)."""

    length: int
    kind: str = "text"


@dataclass(frozen=True)
class Span:
    """``Annotated[int, Span(0, 431, "F-4", "counts [+] 0…431: …")]``: a whole number from ``low`` to ``high``.

    A number outside is refused with ``error`` (:class:`OutOfRangeError`), citing ``ruling``
    (G-3 without one); ``why`` says the rule in words (default ``is outside low…high``) and
    ``allowed`` what to give instead.
    """

    low: int
    high: int
    ruling: str | None = None
    why: str = ""
    allowed: str = ""
    error: type[RulesError] = OutOfRangeError


@dataclass(frozen=True)
class Items:
    """``Annotated[list[Name], Items(4)]``: a list or mapping of at most ``count`` entries (else G-3's 200)."""

    count: int
    ruling: str | None = None


@dataclass(frozen=True)
class Ruling:
    """``Annotated[int | None, Ruling("F-9", "e.g. target=8")]``: how a refusal of this parameter's type reads.

    It cites ``ruling`` (default G-3), advises ``allowed``, raises ``error`` (default
    :class:`MalformedInputError`) and, given ``why``, says that instead of ``must be …, not …``;
    given ``label``, it names the value the way the rules do (``Strength '3'``) instead of the call.
    """

    ruling: str
    allowed: str = ""
    error: type[RulesError] = MalformedInputError
    why: str = ""
    label: str = ""


Name = Annotated[str, Text(NAME_LENGTH, "a name")]
"""A name: a character, skill, card, condition, adverb, weapon, player … (G-2: at most 60 characters)."""

Line = Annotated[str, Text(LINE_LENGTH, "text")]
"""A one-line phrase: a High Concept, a reason, an item (G-2: at most 200 characters)."""

Prose = Annotated[str, Text(PROSE_LENGTH, "free text")]
"""Free text: a statement, a note for the GM (G-2: at most 500 characters, one line)."""

Whole = Annotated[int, Span(-MAX_NUMBER, MAX_NUMBER)]
"""Any whole number G-3 allows (±1,000,000); a plain ``int`` annotation means the same."""

# -- where a value sits, for messages ------------------------------------------------------


@dataclass(frozen=True)
class _Context:
    """The ruling and advice a type refusal cites, inherited down an annotation."""

    ruling: str | None = None
    allowed: str = ""
    error: type[RulesError] = MalformedInputError
    why: str = ""
    label: str = ""


def _shown(value: Any) -> str:
    """A value as a message may show it: bounded, never a huge int or a deep structure."""
    if isinstance(value, str):
        return quote(value)
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        return number_text(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, (list, tuple)):
        return "[…]" if value else "[]"
    if isinstance(value, Mapping):
        return "{…}" if value else "{}"
    return f"<{type(value).__name__}>"


def _kind(value: Any) -> str:
    """What a value is, in words: ``text``, ``a whole number``, ``NaN`` …"""
    if value is None:
        return "None"
    if isinstance(value, bool):
        return repr(value)
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        if math.isnan(value):
            return "NaN"
        if math.isinf(value):
            return "Infinity" if value > 0 else "−Infinity"
        return "a fractional number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, Mapping):
        return "a mapping"
    return f"a {type(value).__name__}"


def _category(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, str):
        return "str"
    if isinstance(value, (list, tuple)):
        return "list"
    if isinstance(value, Mapping):
        return "dict"
    return "other"


class _At:
    """An argument's place: the action and the path to the value (``adverbs[2]``, ``modifier['renown']``).

    ``expected`` says what the whole parameter takes, for advice on a refused part of it. The
    place inside a list or mapping is written out only when a message needs it: a value that
    passes costs no text.
    """

    __slots__ = ("_parent", "_path", "_step", "call", "expected", "option")

    def __init__(self, call: str, path: str, option: bool = False, expected: str = ""):
        self.call = call
        self._path: str | None = path
        self.option = option
        self.expected = expected
        self._parent: _At | None = None
        self._step: tuple[str, Any] = ("", None)

    @property
    def path(self) -> str:
        """``adverbs[2]``: the parameter's name and the way to the value inside it."""
        if self._path is None:
            assert self._parent is not None
            kind, step = self._step
            base = self._parent.path
            self._path = (f"{base}[{step}]" if kind == "item" else f"{base}[{_shown(step)}]" if kind == "key"
                          else f"{base} key")
        return self._path

    def what(self, value: Any = ..., shown: str = "") -> str:
        shown = shown or ("…" if value is ... else _shown(value))
        if self.option:
            return f"table option {self.path}={shown}"
        return f"{self.call}({self.path}={shown})"

    def _inside(self, kind: str, step: Any) -> _At:
        inner = _At.__new__(_At)
        inner.call, inner.option, inner.expected = self.call, self.option, self.expected
        inner._path, inner._parent, inner._step = None, self, (kind, step)
        return inner

    def item(self, index: int) -> _At:
        return self._inside("item", index)

    def key(self, key: Any) -> _At:
        return self._inside("key", key)

    def keys(self) -> _At:
        return self._inside("keys", None)

    @property
    def name(self) -> str:
        return self.path.split("[", 1)[0]


# -- the checks an annotation compiles to ---------------------------------------------------


class _Check(ABC):
    """One node of a plan: what it accepts (``expected``, in words) and the value categories it takes."""

    expected = ""
    categories: frozenset[str] = frozenset()
    context = _Context()
    plain = False  # True for a parameter with no precise annotation (checked as plain bounded data)

    @abstractmethod
    def check(self, value: Any, at: _At) -> None:
        """Refuse ``value`` with a :class:`RulesError` unless this node accepts it."""

    @abstractmethod
    def example(self) -> Any:
        """The simplest value this node accepts (for documentation and tests)."""

    def spans(self) -> tuple[Span, ...]:
        """The bounds of the whole numbers this node accepts (none when it takes no number)."""
        return ()

    def refused_examples(self) -> list[tuple[str, Any]]:
        """Hostile values this node refuses, each with a label: every G-2 and G-3 case that applies here.

        Fractions, NaN, ±Infinity, huge numbers, deep nesting and huge lists everywhere; True,
        None, text, numbers, lists or mappings where they do not belong; over-long text and every
        kind of refused character where text belongs; numbers just outside each bound; and the
        same inside lists and mappings. For tests and fuzzers: the game refuses each one before
        its rules run.
        """
        examples = list(_universal_examples())
        if "str" in self.categories:
            examples += list(_text_examples())
        examples += [(label, value) for category, label, value in _TYPE_PROBES if category not in self.categories]
        return examples + self.own_examples()

    def own_examples(self) -> list[tuple[str, Any]]:
        """The refused values particular to this node: bounds, lengths, nested values."""
        return []

    def refuse_type(self, value: Any, at: _At) -> None:
        ctx = self.context
        allowed = ctx.allowed or f"{at.name} takes {at.expected or self.expected}"
        why = ctx.why or f"must be {self.expected}, not {_kind(value)}"
        what = f"{ctx.label} {_shown(value)}" if ctx.label else at.what(value)
        raise ctx.error(what, why, ctx.ruling or "G-3", allowed)


class _NoneCheck(_Check):
    expected = "None"
    categories = frozenset({"none"})

    def __init__(self, context: _Context):
        self.context = context

    def check(self, value: Any, at: _At) -> None:
        if value is not None:
            self.refuse_type(value, at)

    def example(self) -> Any:
        return None


class _BoolCheck(_Check):
    expected = "True or False"
    categories = frozenset({"bool"})

    def __init__(self, context: _Context):
        self.context = context

    def check(self, value: Any, at: _At) -> None:
        if not isinstance(value, bool):
            self.refuse_type(value, at)

    def example(self) -> Any:
        return False


class _IntCheck(_Check):
    categories = frozenset({"int"})

    def __init__(self, span: Span, context: _Context):
        self.span = span
        self.context = context
        bounded = (span.low, span.high) != (-MAX_NUMBER, MAX_NUMBER)
        self.expected = f"a whole number {span_text(span.low, span.high)}" if bounded else "a whole number"

    def check(self, value: Any, at: _At) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            self.refuse_type(value, at)
        span = self.span
        if not span.low <= value <= span.high:
            why = span.why or f"is outside {span_text(span.low, span.high)}"
            allowed = span.allowed or f"give {at.name}= a whole number {span_text(span.low, span.high)}"
            signed = span.low < 0 and -10**15 < value < 10**15  # a signed range shows the sign: modifier=+11
            raise span.error(at.what(value, f"{value:+d}" if signed else ""), why, span.ruling or "G-3", allowed)

    def example(self) -> Any:
        return max(self.span.low, min(self.span.high, 1))

    def spans(self) -> tuple[Span, ...]:
        return (self.span,)

    def own_examples(self) -> list[tuple[str, Any]]:
        low, high = self.span.low, self.span.high
        return [(f"{number_text(low - 1)}, below {span_text(low, high)}", low - 1),
                (f"{number_text(high + 1)}, above {span_text(low, high)}", high + 1)]


class _TextCheck(_Check):
    categories = frozenset({"str"})

    def __init__(self, text: Text, context: _Context):
        self.text = text
        self.context = context
        self.expected = text.kind

    def check(self, value: Any, at: _At) -> None:
        if type(value) is str and len(value) <= self.text.length and value.isprintable():
            return  # the common case: short, and no character G-2 refuses (see text_problem)
        if not isinstance(value, str):
            self.refuse_type(value, at)
        problem = text_problem(value, self.text.length)
        if problem is not None:
            raise MalformedInputError(
                at.what(value), problem, "G-2",
                f"{at.name} takes {self.text.kind}: one line of at most {self.text.length} characters, with no "
                "control, format (bidirectional, zero-width), private-use or surrogate characters",
            )

    def example(self) -> Any:
        return "x"

    def own_examples(self) -> list[tuple[str, Any]]:
        return [(f"{self.text.length + 1} characters", "x" * (self.text.length + 1))]


class _LiteralCheck(_Check):
    def __init__(self, options: tuple[Any, ...], context: _Context):
        self.options = options
        self.context = context
        self.categories = frozenset(_category(option) for option in options)
        self.expected = "one of " + ", ".join(repr(option) for option in options)

    def check(self, value: Any, at: _At) -> None:
        if _category(value) not in self.categories or value not in self.options:
            self.refuse_type(value, at)

    def example(self) -> Any:
        return self.options[0]


def _too_many(value: Sized, limit: int, ruling: str | None, at: _At, noun: str) -> None:
    if len(value) > limit:
        raise OutOfRangeError(at.what(), f"holds {len(value):,} {noun}; at most {limit} are allowed",
                              ruling or "G-3", f"give {at.name} at most {limit} {noun}")


class _ListCheck(_Check):
    categories = frozenset({"list"})

    def __init__(self, item: _Check, limit: int, ruling: str | None, context: _Context):
        self.item = item
        self.limit = limit
        self.ruling = ruling
        self.context = context
        self.expected = f"a list of {_plural(item.expected)}"

    def check(self, value: Any, at: _At) -> None:
        if not isinstance(value, (list, tuple)):
            self.refuse_type(value, at)
        _too_many(value, self.limit, self.ruling, at, "items")
        for index, item in enumerate(value):
            self.item.check(item, at.item(index))

    def example(self) -> Any:
        return []

    def own_examples(self) -> list[tuple[str, Any]]:
        nested = [(f"[{label}]", [value]) for label, value in self.item.refused_examples()]
        return [*nested, (f"{self.limit + 1} items", [self.item.example()] * (self.limit + 1))]


class _DictCheck(_Check):
    categories = frozenset({"dict"})

    def __init__(self, key: _Check, item: _Check, limit: int, ruling: str | None, context: _Context):
        self.key_check = key
        self.item = item
        self.limit = limit
        self.ruling = ruling
        self.context = context
        self.expected = f"a mapping of {_plural(key.expected)} to {_plural(item.expected)}"

    def check(self, value: Any, at: _At) -> None:
        if not isinstance(value, Mapping):
            self.refuse_type(value, at)
        _too_many(value, self.limit, self.ruling, at, "entries")
        for key, item in value.items():
            self.key_check.check(key, at.keys())
            self.item.check(item, at.key(key))

    def example(self) -> Any:
        return {}

    def own_examples(self) -> list[tuple[str, Any]]:
        key, item = self.key_check.example(), self.item.example()
        nested = [(f"{{key: {label}}}", {key: value}) for label, value in self.item.refused_examples()]
        keys = [(f"{{{label}: …}}", {value: item}) for label, value in self.key_check.refused_examples()
                if _hashable(value)]
        too_many = {f"{key}{index}": item for index in range(self.limit + 1)}
        return [*nested, *keys, (f"{self.limit + 1} entries", too_many)]


class _FieldsCheck(_Check):
    """A ``TypedDict``: an object with named fields, each checked by its own annotation; no other field."""

    categories = frozenset({"dict"})

    def __init__(self, name: str, fields: dict[str, _Check], required: frozenset[str], context: _Context):
        self.fields = fields
        self.required = required
        self.context = context
        self.expected = f"an object of {name} fields ({', '.join(fields)})"

    def check(self, value: Any, at: _At) -> None:
        if not isinstance(value, Mapping):
            self.refuse_type(value, at)
        _too_many(value, len(self.fields), None, at, "fields")
        for key, item in value.items():
            field_check = self.fields.get(key) if isinstance(key, str) else None
            if field_check is None:
                raise UnknownNameError(at.key(key).what(), "is not a field of it",
                                          self.context.ruling or "G-3", f"fields: {', '.join(self.fields)}")
            field_check.check(item, at.key(key))
        missing = [name for name in self.fields if name in self.required and name not in value]
        if missing:
            raise MalformedInputError(at.what(), f"has no {missing[0]!r} field",
                                      self.context.ruling or "G-3", f"fields: {', '.join(self.fields)}")

    def example(self) -> Any:
        return {name: check.example() for name, check in self.fields.items() if name in self.required}

    def own_examples(self) -> list[tuple[str, Any]]:
        base = self.example()
        nested = [(f"{{{name!r}: {label}}}", {**base, name: value})
                  for name, check in self.fields.items() for label, value in check.refused_examples()]
        return [("an unknown field", {**base, "no such field": 1}), *nested]


class _UnionCheck(_Check):
    def __init__(self, members: list[_Check], context: _Context):
        self.members = members
        self.context = context
        self.categories = frozenset().union(*(m.categories for m in members))
        self.expected = _either([m.expected for m in members])
        self._by_category = {c: [m for m in members if c in m.categories] for c in self.categories}

    def check(self, value: Any, at: _At) -> None:
        candidates = self._by_category.get(_category(value))
        if not candidates:
            self.refuse_type(value, at)
            return
        if len(candidates) == 1:
            candidates[0].check(value, at)
            return
        first: RulesError | None = None
        for member in candidates:
            try:
                member.check(value, at)
            except RulesError as error:
                first = first or error
            else:
                return
        assert first is not None
        raise first

    def example(self) -> Any:
        return self.members[0].example()

    def spans(self) -> tuple[Span, ...]:
        return tuple(span for member in self.members for span in member.spans())

    def own_examples(self) -> list[tuple[str, Any]]:
        examples = []
        for member in self.members:
            others = [m for m in self.members if m is not member]
            examples += [(label, value) for label, value in member.own_examples()
                         if not any(_accepts(other, value) for other in others)]
        return examples


class _PlainCheck(_Check):
    """A parameter without a precise annotation (``Any``): plain bounded data, nested at most 4 deep."""

    expected = "plain data (text, whole numbers, True/False, None, lists, mappings)"
    categories = frozenset({"none", "bool", "int", "str", "list", "dict"})
    plain = True

    def __init__(self, context: _Context):
        self.context = context
        self._text = _TextCheck(Text(LINE_LENGTH, "text"), context)
        self._int = _IntCheck(Span(-MAX_NUMBER, MAX_NUMBER), context)

    def check(self, value: Any, at: _At, depth: int = 0) -> None:
        category = _category(value)
        if category == "str":
            self._text.check(value, at)
        elif category == "int":
            self._int.check(value, at)
        elif category in ("none", "bool"):
            return
        elif category in ("list", "dict") and depth >= 4:
            raise MalformedInputError(at.what(), "is nested more than 4 deep", "G-3",
                                      "give plain, shallow data")
        elif category == "list":
            _too_many(value, MAX_ITEMS, None, at, "items")
            for index, item in enumerate(value):
                self.check(item, at.item(index), depth + 1)
        elif category == "dict":
            _too_many(value, MAX_ITEMS, None, at, "entries")
            for key, item in value.items():
                self._text.check(key, at.keys())
                self.check(item, at.key(key), depth + 1)
        else:
            self.refuse_type(value, at)

    def example(self) -> Any:
        return None

    def refused_examples(self) -> list[tuple[str, Any]]:
        return [item for item in _universal_examples() if item[0] != "a fraction"] + list(_text_examples())


def _accepts(check: _Check, value: Any) -> bool:
    try:
        check.check(value, _At("probe", "value"))
    except RulesError:
        return False
    return True


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def _nested(depth: int, make: Any) -> Any:
    value: Any = "x"
    for _ in range(depth):
        value = make(value)
    return value


@functools.cache
def _universal_examples() -> tuple[tuple[str, Any], ...]:
    """What no parameter takes: fractions, NaN, ±Infinity, huge numbers, deep nesting, huge lists."""
    return (
        ("a fraction", 1.5), ("NaN", math.nan), ("Infinity", math.inf), ("−Infinity", -math.inf),
        ("a number of 5,001 digits", 10**5000), ("a negative number of 5,001 digits", -(10**5000)),
        ("an object that is no plain data", object()),
        ("a list nested 10,000 deep", _nested(10_000, lambda inner: [inner])),
        ("a mapping nested 10,000 deep", _nested(10_000, lambda inner: {"x": inner})),
        ("a list of 100,000 items", ["x"] * 100_000),
        ("a mapping of 100,000 entries", {f"x{index}": 1 for index in range(100_000)}),
    )


@functools.cache
def _text_examples() -> tuple[tuple[str, Any], ...]:
    """Text G-2 refuses: far too long, line breaks, controls, hidden or unencodable characters."""
    return (
        ("100,000 characters", "x" * 100_000), ("a line feed", "Ada\nkit:99-deadbeef"), ("a carriage return", "Ada\r"),
        ("a tab", "A\tda"), ("NUL", "Ada\x00"), ("an escape", "\x1b[31mAda"),
        ("a right-to-left override", "\u202eAda"), ("a bidirectional isolate", "Ada\u2066"),
        ("a zero-width space", "A\u200bda"), ("a byte-order mark", "\ufeffAda"), ("a lone surrogate", "Ada\ud800"),
        ("a line separator", "Ada\u2028"), ("a paragraph separator", "Ada\u2029"),
        ("a private-use character", "Ada\ue000"), ("a noncharacter", "Ada\uffff"),
    )


_TYPE_PROBES: tuple[tuple[str, str, Any], ...] = (
    ("none", "None", None), ("bool", "True", True), ("str", "text", "7"), ("int", "a whole number", 7),
    ("list", "a list", ["x"]), ("dict", "a mapping", {"x": 1}),
)
"""A value of each kind, offered where that kind does not belong."""


_PLURALS = {"a name": "names", "a line of text": "lines of text", "free text": "free texts", "text": "texts",
            "a whole number": "whole numbers", "True or False": "True/False values", "a list": "lists",
            "a mapping": "mappings", "an object": "objects"}


def _plural(expected: str) -> str:
    """What a list's items are: ``a name`` → ``names``, ``a whole number 0…4`` → ``whole numbers 0…4``."""
    for single, plural in _PLURALS.items():
        if expected == single or expected.startswith(single + " "):
            return plural + expected[len(single):]
    return expected


def _either(words: list[str]) -> str:
    if len(words) <= 2:
        return " or ".join(words)
    return ", ".join(words[:-1]) + " or " + words[-1]


# -- compiling an annotation -------------------------------------------------------------------


def compile_annotation(annotation: Any, context: _Context | None = None) -> _Check:
    """The check an annotation stands for (``int | None``, ``list[Name]``, ``Annotated[int, Span(…)]`` …).

    ``Any`` and unannotated parameters become a check of plain bounded data; a type the
    checker does not know raises ``TypeError`` when the plan is made, never at play.
    """
    context = context or _Context()
    origin = typing.get_origin(annotation)
    if origin is Annotated:
        return _compile_annotated(annotation.__origin__, annotation.__metadata__, context)
    if annotation is Any or annotation is inspect.Parameter.empty:
        return _PlainCheck(context)
    if annotation is None or annotation is type(None):
        return _NoneCheck(context)
    if annotation is bool:
        return _BoolCheck(context)
    if annotation is int:
        return _IntCheck(Span(-MAX_NUMBER, MAX_NUMBER), context)
    if annotation is str:
        return _TextCheck(Text(NAME_LENGTH, "a name"), context)
    if origin in (Union, types.UnionType):
        return _UnionCheck([compile_annotation(arg, context) for arg in typing.get_args(annotation)], context)
    if origin is Literal:
        return _LiteralCheck(typing.get_args(annotation), context)
    if is_typeddict(annotation):
        hints = typing.get_type_hints(annotation, include_extras=True)
        fields = {name: compile_annotation(hint, context) for name, hint in hints.items()}
        return _FieldsCheck(annotation.__name__, fields, frozenset(annotation.__required_keys__), context)
    return _compile_container(annotation, origin, MAX_ITEMS, None, context)


def _compile_container(annotation: Any, origin: Any, limit: int, ruling: str | None, context: _Context) -> _Check:
    args = typing.get_args(annotation)
    if origin in (list, Sequence) or (origin is tuple and len(args) == 2 and args[1] is Ellipsis):
        return _ListCheck(compile_annotation(args[0] if args else Any, context), limit, ruling, context)
    if origin in (dict, Mapping):
        key, item = args if args else (str, Any)
        return _DictCheck(compile_annotation(key, context), compile_annotation(item, context), limit, ruling, context)
    raise TypeError(f"kit.core.params cannot check the annotation {annotation!r}")


def _compile_annotated(base: Any, metadata: tuple[Any, ...], context: _Context) -> _Check:
    own = context  # a Ruling's why and label speak of this value; the values inside it keep only its ruling
    for meta in metadata:
        if isinstance(meta, Ruling):
            own = _Context(meta.ruling, meta.allowed, meta.error, meta.why, meta.label)
            context = _Context(meta.ruling, meta.allowed, meta.error)
    node = _compile_metadata(base, metadata, context)
    node.context = own
    return node


def _compile_metadata(base: Any, metadata: tuple[Any, ...], context: _Context) -> _Check:
    for meta in metadata:
        if isinstance(meta, Text):
            if base is not str:
                raise TypeError(f"Text() annotates str, not {base!r}")
            return _TextCheck(meta, context)
        if isinstance(meta, Span):
            if base is not int:
                raise TypeError(f"Span() annotates int, not {base!r}")
            return _IntCheck(meta, context)
        if isinstance(meta, Items):
            return _compile_container(base, typing.get_origin(base), meta.count, meta.ruling, context)
    return compile_annotation(base, context)


# -- plans: one per class and action, made once ----------------------------------------------


@dataclass(frozen=True)
class Plan:
    """How to check one action's arguments: each parameter's check, and which are required."""

    action: str
    checks: dict[str, _Check]
    required: tuple[str, ...]
    defaults: dict[str, Any]
    places: dict[str, _At] = field(default_factory=dict, compare=False, repr=False)
    """Each parameter's place, for messages about its value (made once with the plan)."""
    settled: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    """The defaults (None, True/False, whole numbers, text) that their own check accepts: an argument of
    the same type and value passes the same check, so it is not checked again (most are left at theirs)."""

    @property
    def imprecise(self) -> tuple[str, ...]:
        """Parameters without a precise annotation (checked only as plain bounded data)."""
        return tuple(name for name, check in self.checks.items() if check.plain)

    def expected(self, name: str) -> str:
        """What the parameter takes, in words."""
        return self.checks[name].expected

    def example_args(self) -> dict[str, Any]:
        """Arguments of the right types for every parameter: defaults, or each check's simplest value."""
        return {name: self.defaults[name] if name in self.defaults else check.example()
                for name, check in self.checks.items()}


def action_names(cls: type) -> list[str]:
    """The public actions of a game class: methods ``name`` that have a ``_do_name`` handler."""
    return sorted(
        name for name in dir(cls)
        if not name.startswith("_") and callable(getattr(cls, name, None))
        and callable(getattr(cls, f"_do_{name}", None))
    )


@functools.cache
def plans(cls: type) -> dict[str, Plan]:
    """Every action's plan for a game class, made from the annotations of its public methods (cached)."""
    return {name: _plan(name, getattr(cls, name)) for name in action_names(cls)}


def _plan(action: str, method: Any) -> Plan:
    hints = typing.get_type_hints(method, include_extras=True)
    checks: dict[str, _Check] = {}
    required: list[str] = []
    defaults: dict[str, Any] = {}
    for name, parameter in inspect.signature(method).parameters.items():
        if name == "self":
            continue
        if parameter.kind in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD):
            raise TypeError(f"action {action}() takes *{name}: name every parameter so it can be checked")
        checks[name] = compile_annotation(hints.get(name, inspect.Parameter.empty))
        if parameter.default is inspect.Parameter.empty:
            required.append(name)
        else:
            defaults[name] = parameter.default
    places = {name: _At(action, name, expected=check.expected) for name, check in checks.items()}
    settled = {name: default for name, default in defaults.items()
               if type(default) in _SETTLED_TYPES and _accepts(checks[name], default)}
    return Plan(action, checks, tuple(required), defaults, places, settled)


_SETTLED_TYPES = (type(None), bool, int, str)
"""Values equal in type and value only when they are the same value to every check."""
_UNSET = object()


def check_call(cls: type, action: str, args: Mapping[str, Any]) -> None:
    """Refuse an action's arguments unless each has its annotated type, limits and bounds (G-2, G-3).

    Unknown and missing arguments are refused too. Raises a :class:`RulesError`; returns
    nothing when the call may go to the rules. Costs microseconds: the plan is cached.
    """
    table = plans(cls)
    plan = table.get(action) if isinstance(action, str) else None
    if plan is None:
        title = getattr(cls, "title", "") or getattr(cls, "system", "") or cls.__name__
        shown = quote(action) if isinstance(action, str) else _shown(action)
        raise UnknownNameError(f"action {shown}", f"is not an action of {title}", "G-3",
                               f"actions: {', '.join(table) or 'none'}")
    if type(args) is not dict and not isinstance(args, Mapping):
        raise MalformedInputError(f"{action}(…)", f"its arguments are {_kind(args)}, not a mapping of names to values",
                                  "G-3", "give the arguments by name")
    checks = plan.checks
    for name in () if checks.keys() >= args.keys() else args:  # the names are looked for only when one is unknown
        if not isinstance(name, str) or name not in checks:
            raise MalformedInputError(
                f"{action}({quote(name) if isinstance(name, str) else _shown(name)}=…)",
                "is not a parameter of that action", "G-3", f"parameters: {', '.join(checks) or 'none'}",
            )
    for name in plan.required:
        if name not in args:
            raise MalformedInputError(f"{action}(…) without {name}", "that argument is required", "G-3",
                                      f"give {name}: {checks[name].expected}")
    places, settled = plan.places, plan.settled
    for name, value in args.items():
        default = settled.get(name, _UNSET)
        if default is _UNSET or type(value) is not type(default) or value != default:
            checks[name].check(value, places[name])


def argument_problem(cls: type, action: str, name: str, value: Any) -> RulesError | None:
    """The refusal one argument of an action would meet from its annotation (G-2, G-3), or None when it passes.

    The same check :func:`check_call` makes of that one argument, for a form that shows each
    field's problem beside it. ``KeyError`` for an action or parameter the class does not have.
    """
    check = plans(cls)[action].checks[name]
    try:
        check.check(value, _At(action, name, expected=check.expected))
    except RulesError as error:
        return error
    return None


@functools.cache
def _option_checks(cls: type) -> dict[str, _Check]:
    types_ = getattr(cls, "option_types", None) or {}
    return {name: compile_annotation(annotation) for name, annotation in types_.items()}


def check_options(cls: type, options: Mapping[str, Any]) -> None:
    """Refuse table options of the wrong type or out of bounds (G-3, G-4), before the game is set up.

    A game class names its options' types in ``option_types`` (``{"magic_decks": MagicDecks}``);
    an option it does not name is checked as plain bounded data.
    """
    checks = _option_checks(cls)
    for name, value in options.items():
        check = checks.get(name)
        if check is None:
            check = _PlainCheck(_Context())
        check.check(value, _At("table option", name, option=True, expected=check.expected))
