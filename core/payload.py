"""Data an action carries: a placement, a finished building, a build time.

Some decisions are not picks from a list (where a piece goes, how long a build took), so
an action may `take` data the seat supplies. Before the game sees it, the core checks
that it is plain data of bounded size (what msgpack writes and reads back the same) and
turns it into a canonical form, so the move log and a save hold exactly what was played.
The game then validates the meaning itself (Rules.accept).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import msgpack

from .errors import IllegalMove

RULE = "an action's data"
MAX_DEPTH = 6
MAX_NODES = 2048
MAX_TEXT = 200
MAX_INT = 2 ** 53


def plain(value):
    """`value` as canonical plain data (tuples become lists); IllegalMove when it is not
    plain or too big: only None, true/false, whole numbers, finite numbers, short text,
    lists and maps with text keys, to a bounded depth and size."""
    count = [0]
    return _plain(value, 0, count)


def _plain(value, depth: int, count: list[int]):
    count[0] += 1
    if count[0] > MAX_NODES:
        raise IllegalMove(f"the data holds more than {MAX_NODES} values", RULE)
    if depth > MAX_DEPTH:
        raise IllegalMove(f"the data is nested more than {MAX_DEPTH} deep", RULE)
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        if abs(value) > MAX_INT:
            raise IllegalMove(f"the whole number {value} is too large", RULE)
        return int(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise IllegalMove("a number in the data is not finite", RULE)
        return float(value)
    if isinstance(value, str):
        if len(value) > MAX_TEXT:
            raise IllegalMove(f"a text in the data is longer than {MAX_TEXT} characters", RULE)
        return str(value)
    if isinstance(value, (list, tuple)):
        return [_plain(v, depth + 1, count) for v in value]
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if not isinstance(k, str) or len(k) > MAX_TEXT:
                raise IllegalMove("the data's names are short texts", RULE)
            out[str(k)] = _plain(v, depth + 1, count)
        return out
    raise IllegalMove(f"the data holds a {type(value).__name__}; only plain values are allowed", RULE)


def field(data, name: str, kind, rule: str, *, low=None, high=None, default=...):
    """One named value of a map payload, of `kind` (int, float, bool, str) within [low, high];
    IllegalMove naming `rule` otherwise. Whole numbers are accepted where numbers are asked."""
    if not isinstance(data, dict):
        raise IllegalMove("the data is a map of names to values", rule)
    if name not in data:
        if default is not ...:
            return default
        raise IllegalMove(f"the data has no {name!r}", rule)
    value = data[name]
    if isinstance(value, bool) and kind is not bool:
        raise IllegalMove(f"{name!r} is not a {kind.__name__}", rule)
    if kind is float and isinstance(value, int):
        value = float(value)
    if not isinstance(value, kind):
        raise IllegalMove(f"{name!r} is not a {kind.__name__}", rule)
    if low is not None and value < low or high is not None and value > high:
        raise IllegalMove(f"{name!r} is {value!r}, outside {low}–{high}", rule)
    return value


def copy_plain(value):
    """A deep copy of plain data (maps, lists, numbers, text), as fast as msgpack packs it."""
    return msgpack.unpackb(msgpack.packb(value, use_bin_type=True), raw=False)


# ---- declared shapes ---------------------------------------------------------------------

#: a field that must be given (no default)
REQUIRED = object()

_KINDS = {int: "a whole number", float: "a number", bool: "true or false", str: "a text"}


@dataclass(frozen=True)
class Field:
    """One named value of a payload: its kind (int, float, bool, str, or a nested `Shape`),
    its bounds, and what a form asks for it. `step`: whole numbers are multiples of it (¥100).
    `default`: the value when it is left out (REQUIRED: it must be given; None: it may be
    left out, and then reads as None). `yen`: the value is an amount of yen, and a refusal
    writes it as one ("¥350")."""
    name: str
    kind: Any
    low: float | None = None
    high: float | None = None
    default: Any = REQUIRED
    words: str = ""
    step: int | None = None
    yen: bool = False

    def shown(self, value) -> str:
        if self.yen and isinstance(value, int) and not isinstance(value, bool):
            return f"¥{value:,}"
        return _bound(value) if isinstance(value, float) else repr(value)

    @property
    def required(self) -> bool:
        return self.default is REQUIRED

    def read(self, value, shape: "Shape", path: str):
        what = f"{path}{self.name}"
        if isinstance(self.kind, Shape):
            return self.kind.read(value, f"{what}.", shape)
        if isinstance(value, bool) and self.kind is not bool:
            raise shape.refuse(f"{what} is {_KINDS[self.kind]}, not {value!r}")
        if self.kind is float and isinstance(value, int):
            value = float(value)
        if not isinstance(value, self.kind):
            raise shape.refuse(f"{what} is {_KINDS[self.kind]}, not {value!r}")
        if self.low is not None and value < self.low or self.high is not None and value > self.high:
            raise shape.refuse(f"{what} is {self.shown(value)}, outside {self.shown(self.low)} to "
                               f"{self.shown(self.high)}")
        if self.step and value % self.step:
            raise shape.refuse(f"{what} is {self.shown(value)}, not a multiple of {self.shown(self.step)}")
        return value

    def sample(self, rng, among: dict, fixed: dict):
        if self.name in fixed:
            return fixed[self.name]
        if isinstance(self.kind, Shape):
            return self.kind.sample(rng, among.get(self.name, {}), fixed.get(self.name, {}))
        if self.name in among:
            choices = list(among[self.name])
            return choices[rng.below(len(choices))]
        if self.kind is bool:
            return bool(rng.below(2))
        if self.kind is str:
            raise ValueError(f"{self.name!r} is text: say what to sample it from (among)")
        low = self.low if self.low is not None else 0
        high = self.high if self.high is not None else low + 100
        if self.kind is int:
            step = self.step or 1
            return int(low + step * rng.below(int((high - low) // step) + 1))
        return round(low + (high - low) * rng.below(1001) / 1000, 3)

    def form(self) -> dict:
        """What a form asks for this field (kiosk, phones, agents)."""
        out = {"name": self.name, "words": self.words or self.name, "required": self.required}
        if isinstance(self.kind, Shape):
            out.update(kind="map", fields=self.kind.form())
            return out
        out["kind"] = self.kind.__name__
        for key in ("low", "high", "step"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if not self.required:
            out["default"] = self.default
        return out


@dataclass(frozen=True)
class Shape:
    """The declared data of an action that takes some (Action.takes): its fields, the rule a
    wrong payload breaks, and what it is in words. One declaration checks what arrives
    (`read`: a refusal names the field), makes legal-looking data for random play (`sample`)
    and tells forms what to ask (`form`)."""
    name: str
    fields: tuple[Field, ...]
    rule: str = ""
    words: str = ""

    def __str__(self) -> str:
        return self.words or self.name

    def field(self, name: str) -> Field:
        for f in self.fields:
            if f.name == name:
                return f
        raise KeyError(name)

    def refuse(self, why: str) -> IllegalMove:
        return IllegalMove(f"{self}: {why}", self.rule or RULE)

    def read(self, payload, path: str = "", outer: "Shape | None" = None) -> dict:
        """`payload` checked against the declaration: a map with only declared names, each of
        its kind within its bounds, the defaults filled in; IllegalMove naming the field (and
        the rule of `outer`, the shape this one is a field of)."""
        judge = outer or self
        if not isinstance(payload, dict):
            raise judge.refuse(f"{path.rstrip('.') or 'the data'} is a map of names to values, not {payload!r}")
        names = {f.name for f in self.fields}
        unknown = sorted(k for k in payload if k not in names)
        if unknown:
            raise judge.refuse(f"{path}{unknown[0]} is not one of {', '.join(sorted(names))}")
        out = {}
        for f in self.fields:
            if f.name in payload:
                out[f.name] = f.read(payload[f.name], judge, path)
            elif f.required:
                raise judge.refuse(f"{path}{f.name} is missing")
            else:
                out[f.name] = f.default
        return out

    def sample(self, rng, among: dict | None = None, fixed: dict | None = None) -> dict:
        """Random data of this shape: each field within its bounds, a field named in `among`
        drawn from the values given there, one in `fixed` as given there. Optional nested
        maps are left out unless `among` or `fixed` names them."""
        among, fixed = among or {}, fixed or {}
        out = {}
        for f in self.fields:
            if isinstance(f.kind, Shape) and not f.required and f.name not in among and f.name not in fixed:
                continue
            out[f.name] = f.sample(rng, among, fixed)
        return out

    def form(self) -> list[dict]:
        return [f.form() for f in self.fields]

    def amount(self) -> Field | None:
        """The one whole-number field of a shape that is a single amount said aloud (a price),
        else None: such data is typed on a number pad."""
        if len(self.fields) == 1 and self.fields[0].kind is int and self.fields[0].low is not None \
                and self.fields[0].high is not None:
            return self.fields[0]
        return None


def _bound(value) -> str:
    if value is None:
        return "any"
    return f"{value:g}" if isinstance(value, float) else str(value)
