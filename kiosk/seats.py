"""A place at the table as the kiosk passes it between screens, boards and sessions."""

from __future__ import annotations

from dataclasses import dataclass

from core.bots import LEVELS


@dataclass(frozen=True)
class Seat:
    """One place at the table: the name people see and, for a computer seat, its bot (a
    level of core.bots.LEVELS, or a bot a save or the command line names)."""
    name: str
    bot: str | None = None

    @property
    def human(self) -> bool:
        return self.bot is None

    @property
    def kind(self) -> str:
        """What sits there, in the seat list: 'human', 'hard computer', 'dealer bot'."""
        if self.bot is None:
            return "human"
        return f"{self.bot} computer" if self.bot in LEVELS else f"{self.bot} bot"
