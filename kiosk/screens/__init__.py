"""The kiosk's screens, one per module, and the seat description they pass along."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Seat:
    """One place at the table: the name people see and, for a computer seat, its bot."""
    name: str
    bot: str | None = None

    @property
    def human(self) -> bool:
        return self.bot is None

    @property
    def kind(self) -> str:
        return "human" if self.bot is None else f"{self.bot} bot"
