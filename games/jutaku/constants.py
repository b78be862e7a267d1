"""Tokyo Jutaku's numbers in one place: what the rulebook gives (with its line) and the
limits a saved position is held to. rules.py and persist.py both read them here."""

from __future__ import annotations

WIN_LOTS = 4                 # 004:60
BLUE_YEN = 200               # 004:89
MAX_SECONDS = 3600.0         # a build claimed to take longer than an hour is a broken payload
MAX_X = 400.0
MAX_Y = 4000.0
MAX_FLOOR = 60
DIRECTIONS = ((-1, 0), (1, 0), (0, -1), (0, 1))
POWERS_BEFORE = ("black", "white", "blue", "red")     # spent before building (004:83-91)

