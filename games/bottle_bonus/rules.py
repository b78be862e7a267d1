"""Bottle Bonus: Tokyo Jutaku's rules (games.jutaku.rules) with the drinks of 004:77-93.

"Played exactly like Tokyo Jutaku" (004:79), so the rules are Jutaku's with `bottle` on:
the pour after each round, the take, and the six one-shot powers.
"""

from __future__ import annotations

from games.jutaku.rules import Jutaku
from games.jutaku.text import BOTTLE


class BottleBonus(Jutaku):
    bottle = True
    how_to_play = BOTTLE
