"""Before a person builds at the shared screen: whose turn it is, their lot, what is already
decided ("Aiko's Stop! at 11.3 s stands: to win, call Stop! before 11.3 s"), and why they go
back to a second of the round when they do. Their clock starts only when they say so (Space,
or a touch on Start), so the time to read this is never theirs to lose.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Static

from ..widgets.keybar import KeyBar
from ..words import named


class ReadyScreen(Screen[bool]):
    """Dismisses with True when the person starts building, False to leave the game."""

    CSS_PATH = "rounds.tcss"
    BINDINGS = [Binding("space,enter", "start", "Start building"), Binding("escape", "leave", "Leave game")]
    AUTO_FOCUS = ""

    def __init__(self, title: str, name: str, lot: str, decided: str = "", why: str = "", start: float = 0.0,
                 names: list[str] | None = None, where: str = ""):
        super().__init__()
        self.game_title = title
        self.person = name
        self.lot = lot
        self.decided = decided
        self.why = why
        self.start = start
        self.names = names or []
        self.where = where

    def compose(self) -> ComposeResult:
        names = self.names
        lines = [self.lot] if self.lot else []
        if self.why:
            lines.append(named(f"You go back to {self.start:.1f} s of the round: {self.why}. Your building is "
                               "as it was then.", names))
        if self.decided:
            lines.append(named(self.decided + ".", names))
        if self.where:
            lines.append(self.where)
        lines.append("Your clock starts when you press Space (or touch Start), not before.")
        with Vertical(id="ready-box"):
            yield Static(Content(self.game_title), id="ready-game")
            yield Static(Content(f"{self.person}, you build now"), id="ready-title")
            yield Static(Content("\n\n".join(lines)), id="ready-text")
            with Center():
                yield Button(f"Start: {self.person} builds (Space)", id="ready-start", variant="primary",
                             compact=True)
        yield KeyBar()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(True)

    def action_start(self) -> None:
        self.dismiss(True)

    def action_leave(self) -> None:
        self.dismiss(False)
