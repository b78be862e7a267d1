"""Countdown's clock (004:70-73): 60 seconds for floor 1, 45 for floor 2, 30 for floor 3, then
15 seconds a floor; and how many pieces a computer builder manages in a floor's time."""

from __future__ import annotations

from games.building.planner import Level

FIRST_FLOORS = (60.0, 45.0, 30.0)     # floors 1, 2, 3
LATER_FLOORS = 15.0                   # every floor after


def countdown_seconds(floor: int) -> float:
    """How long the Countdown round for this floor lasts (004:70-73)."""
    return FIRST_FLOORS[floor - 1] if floor <= len(FIRST_FLOORS) else LATER_FLOORS


def countdown_limit(level: Level, floor: int) -> int:
    """How many pieces the level places in the Countdown round for this floor (at least 1)."""
    return max(1, int(countdown_seconds(floor) // level.seconds_per_piece))
