"""Checking Bottle Bonus's drinks in a position read from a save or a scenario: kinds, ranges,
and that each of the 36 drinks is in exactly one place. The lot rounds' own values are
checked by games/building/lot_persist.py, which calls this (BottleBonus.check_more)."""

from __future__ import annotations

from core.checks import listed as _list
from core.checks import need as _need
from core.checks import whole as _int

#: the drinks' colours, as spent drinks are written (004:81-93)
COLOURS = ("black", "white", "blue", "red", "mint", "purple")


def check_drinks(s, n, phase) -> None:
    """The drinks of a position (`n` players, in `phase`); ValueError saying what is wrong."""
    drinks = list(_list(s["box"], None, "box")) + list(_list(s["tray"], None, "tray"))
    for held in _list(s["held"], n, "held"):
        drinks += _list(held, None, "a seat's drinks")
    for kept in _list(s["kept"], n, "kept"):
        drinks += _list(kept, None, "a seat's kept drinks")
    drinks += [d for d in _list(s["staked"], n, "staked") if d is not None]
    _need(all(isinstance(d, int) and not isinstance(d, bool) for d in drinks), "a drink is a number 0-35")
    _need(sorted(drinks) == list(range(36)), "each of the 36 drinks is in one place")
    _need(s["box"] == sorted(s["box"]), "the box is sorted")
    for spent in _list(s["spent"], n, "spent"):
        _need(all(c in COLOURS for c in _list(spent, None, "spent drinks")), "a spent drink is a colour")
    for b in _list(s["barred"], n, "barred"):
        _need(b is None or isinstance(b, str), "a barred piece")
    _need(s["pourer"] is None or _int(s["pourer"], 0, n - 1, "pourer") is not None, "pourer")
    for p in _list(s["pours"], None, "pours"):
        _int(p, 0, n - 1, "a pourer")
    for t in _list(s["takers"], None, "takers"):
        _int(t, 0, n - 1, "a taker")
    _int(s["take_turn"], 0, max(len(s["takers"]) - 1, 0), "take_turn")
    _need(s["last_pour"] is None or isinstance(s["last_pour"], dict), "last_pour")
    if phase == "pour":
        _need(s["pourer"] is not None, "a pour has a pourer")
    if phase == "take":
        _need(bool(s["takers"]) and bool(s["tray"]), "a take has takers and drinks")
