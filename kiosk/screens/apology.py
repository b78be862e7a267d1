"""When a game breaks: a short apology, and back to the menu with the game kept.

The match was autosaved after its last good move, so it is still under "Resume";
the details go to the operator's error log, not to the players.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Static


class ApologyScreen(Screen):
    """'m', Escape or the button returns to the menu (not Enter: it may still be held)."""

    CSS_PATH = "modals.tcss"

    BINDINGS = [Binding("m,escape", "menu", "Back to the menu")]
    AUTO_FOCUS = ""  # nothing focused: a stray Enter must not press the button

    def __init__(self, title: str, resumable: bool):
        super().__init__()
        self.game_title = title
        self.resumable = resumable

    def compose(self) -> ComposeResult:
        kept = ("Your game was saved after the last move: choose it under “Resume” in the menu "
                "to carry on." if self.resumable else "This game could not be saved.")
        with Vertical(id="apology-box"):
            yield Static("Sorry — something went wrong", id="apology-title")
            yield Static(Content(f"{self.game_title} ran into a problem and had to stop. {kept}"),
                         id="apology-text")
            with Center():
                yield Button("Back to the menu (m)", id="apology-ok", variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_menu()

    def action_menu(self) -> None:
        self.app.back_to_menu()
