"""The kiosk's screens, one per module; `Seat` (kiosk.seats) is the seat description they
pass along, importable from here too."""

from ..seats import Seat  # noqa: F401
