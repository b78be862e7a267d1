"""The Shopping Spree's numbers and variant names in one place: rules.py and persist.py
both read them here."""

from __future__ import annotations

TRIPS = 2                     # 004:207 — you leave the shop twice in all
ECONOMIC, DEXTERITY = "economic", "dexterity"
FIRST = "first"               # the option: who went shopping last, and begins (004:205)
PUSH_LEVELS = (1, 2, 3, 4, 5)

