"""Data an action carries: a placement, a finished building, a build time.

Some decisions are not picks from a list (where a piece goes, how long a build took), so
an action may `take` data the seat supplies. Before the game sees it, the core checks
that it is plain data of bounded size (what msgpack writes and reads back the same) and
turns it into a canonical form, so the move log and a save hold exactly what was played.
The game then validates the meaning itself (Rules.accept).
"""

from __future__ import annotations

import math

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
