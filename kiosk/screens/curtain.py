"""Pass the screen: a full curtain between two people's private views.

Nothing of the match is drawn behind it (it is a whole screen, not an overlay), so the
seat that just acted cannot see the next seat's secrets, nor the other way round.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Static


class CurtainScreen(Screen[bool]):
    """'Hand the screen to <name>'; the space bar or the button shows that seat's own view."""

    CSS_PATH = "modals.tcss"

    # Space, not Enter: an Enter pressed twice for the last move must not lift the curtain.
    BINDINGS = [Binding("space", "ready", "Show my view")]
    AUTO_FOCUS = ""  # nothing focused: a stray Enter must not press the button

    def __init__(self, name: str, title: str):
        super().__init__()
        self.seat_name = name
        self.game_title = title

    def compose(self) -> ComposeResult:
        with Vertical(id="curtain-box"):
            yield Static(Content(self.game_title), id="curtain-game")
            yield Static(Content(f"Hand the screen to {self.seat_name}"), id="curtain-title")
            yield Static(Content(
                f"Everyone else, please look away: what comes next is for {self.seat_name} only. "
                f"{self.seat_name}, press the space bar or touch the button when only you can see the screen."),
                id="curtain-text")
            with Center():
                yield Button(f"I am {self.seat_name}: show my view (space)", id="curtain-ready",
                             variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(True)

    def action_ready(self) -> None:
        self.dismiss(True)
