"""No key meant for the last screen becomes a move on the next one.

A screen that comes up by itself (a round's result when someone else's Stop! passes, the
table again after a build screen) would otherwise take the Enter a person was already
pressing for the screen before. Whenever another screen comes on top, the app guards it
(TokyoKiosk._screen_changed), and so does a screen whose state changes under the keys (a
building turn that has just ended); for `SECONDS` (or the operator's `key_pause`) after that
the app drops keys and clicks meant for it (TokyoKiosk.on_event), about the time a person
takes to see that the screen has changed.
"""

from __future__ import annotations

import time

from textual import events

#: how long after a screen appears its keys do not count (a person's reaction to a change)
SECONDS = 0.4
#: the input a guard drops
GUARDED = (events.Key, events.MouseDown, events.MouseUp, events.Click)
#: the guard's clock (a test may set one it moves itself)
clock = time.monotonic


def seconds() -> float:
    """The pause now (a test may set SECONDS)."""
    return SECONDS


def guard(screen, seconds: float | None = None) -> None:
    """Keys and clicks for `screen` do not count for a moment from now: `seconds`, else the
    operator's `key_pause` (kiosk.toml), else SECONDS."""
    if seconds is None:
        config = getattr(screen.app, "config", None) if screen.is_attached else None
        pause = getattr(config, "key_pause", None)
        seconds = SECONDS if pause is None else pause
    screen.guard_until = clock() + seconds


def guarded(screen, event) -> bool:
    """Whether `event`, meant for `screen`, comes too soon after it appeared to count."""
    return isinstance(event, GUARDED) and getattr(screen, "guard_until", 0.0) > clock()
