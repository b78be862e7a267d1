"""The attract screen: shown after the kiosk has been left alone, until someone comes.

A slow drift of drinks and fish, each with its letter (for colour-blind players too),
under the title; any key or touch goes to the menu, where unfinished games wait
under "Resume".
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

# (letter, name, colour): the JIDOHANBAIKI drink colours and a few Tsukiji fish.
PARADE = (
    ("W", "white", "#eeeeee"), ("M", "mint", "#7fdcb0"), ("K", "black", "#888888"),
    ("B", "blue", "#2f62c8"), ("R", "red", "#c8322f"), ("P", "purple", "#8040b8"),
    ("T", "tuna", "#d04040"), ("S", "salmon", "#f08060"), ("E", "eel", "#a08040"),
    ("O", "octopus", "#c060a0"), ("Q", "squid", "#e0e0c0"), ("C", "king crab", "#e06030"),
)
STEP_SECONDS = 0.8


def parade_line(shift: int, width: int = 72) -> Content:
    """One row of the drift, rotated by `shift`: '◖W white◗  ◖M mint◗ …'."""
    items = [Content.styled(f"◖{letter} {name}◗", f"bold {colour}") for letter, name, colour in PARADE]
    n = len(items)
    row = [items[(i + shift) % n] for i in range(n)]
    line = Content("  ").join(row)
    return line[:width] if len(line) > width else line


class AttractScreen(Screen):
    """Title and a gentle parade; any key or click dismisses it."""

    CSS_PATH = "modals.tcss"

    def __init__(self):
        super().__init__()
        self.shift = 0

    def compose(self) -> ComposeResult:
        with Vertical(id="attract-box"):
            yield Static("Tokyo Series Kiosk", id="attract-title")
            yield Static(parade_line(0), id="attract-parade")
            yield Static("Touch the screen or press any key to play", id="attract-hint")
            yield Static("Unfinished games wait for you under “Resume”.", id="attract-note")

    def on_mount(self) -> None:
        self.set_interval(STEP_SECONDS, self._drift)

    def _drift(self) -> None:
        self.shift += 1
        self.query_one("#attract-parade", Static).update(parade_line(self.shift))
        self.query_one("#attract-hint").set_class(self.shift % 2 == 1, "-dim")

    def on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()
        self.dismiss()

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.dismiss()
