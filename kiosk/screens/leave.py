"""Asks before abandoning a match, so a stray Escape does not end someone's game."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class LeaveScreen(ModalScreen[bool]):
    """Dismisses with True to leave the match, False to stay."""

    CSS_PATH = "modals.tcss"

    BINDINGS = [
        Binding("y", "leave", "Leave"),
        Binding("n,escape", "stay", "Stay"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="leave-box"):
            yield Static("Leave this game and go back to the menu? It is saved: "
                         "you can resume it from the menu later.", id="leave-question")
            with Horizontal(id="leave-buttons"):
                yield Button("Stay (n)", id="stay", variant="primary")
                yield Button("Leave (y)", id="leave", variant="error")

    def on_mount(self) -> None:
        self.query_one("#stay", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "leave")

    def action_leave(self) -> None:
        self.dismiss(True)

    def action_stay(self) -> None:
        self.dismiss(False)
