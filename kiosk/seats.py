"""A place at the table as the kiosk passes it between screens, boards and sessions: the
core's seat (core.seats), importable from here too."""

from core.seats import Seat  # noqa: F401
