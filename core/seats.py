"""A place at the table: who sits there, a person at the shared screen, a person on a phone,
or a computer at a level. The session (core.session) drives each kind its own way; the
kiosk passes seats between its screens, boards and saves."""

from __future__ import annotations

from dataclasses import dataclass

#: the levels a computer seat is offered in the kiosk, easiest first (core.bots makes them)
LEVELS = ("easy", "normal", "hard")


@dataclass(frozen=True)
class Seat:
    """One place at the table: the name people see and, for a computer seat, its bot (a
    level of LEVELS, or a bot a save or the command line names). A person plays at the
    kiosk's screen (`human`) or on their own phone (`phone`)."""
    name: str
    bot: str | None = None
    phone: bool = False

    @property
    def human(self) -> bool:
        """A person at the kiosk's own screen."""
        return self.bot is None and not self.phone

    @property
    def computer(self) -> bool:
        return self.bot is not None

    @property
    def kind(self) -> str:
        """What sits there, in the seat list: 'human', 'phone', 'hard computer', 'dealer bot'."""
        if self.phone:
            return "phone"
        if self.bot is None:
            return "human"
        return f"{self.bot} computer" if self.bot in LEVELS else f"{self.bot} bot"
