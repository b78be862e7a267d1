"""The small checks a game's persistence makes of a loaded state, value by value: each
refuses with a ValueError naming what is wrong, which core.saves turns into a refusal of
the file. Shared by the games that check their saved state by hand (docs/saved-state.md)."""

from __future__ import annotations

import math


def need(ok: bool, what: str) -> None:
    if not ok:
        raise ValueError(what)


def whole(v, low, high, what) -> int:
    """A whole number (never a bool) from low to high."""
    need(isinstance(v, int) and not isinstance(v, bool) and low <= v <= high,
         f"{what} is a whole number from {low} to {high}")
    return v


def number(v, low, high, what) -> float:
    """A finite number (never a bool) from low to high."""
    need(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) and low <= v <= high,
         f"{what} is a number from {low} to {high}")
    return v


def listed(v, n, what) -> list:
    """A list, of exactly n items unless n is None."""
    need(isinstance(v, list) and (n is None or len(v) == n), f"{what} is a list" + (f" of {n}" if n else ""))
    return v
