"""What a phase came to, for everyone at the screen: a building round's result (who won the
lot and why, what each other builder did, every building as it stood, the pieces that moved
outlined), the bids revealed, a market closed (core.announce).

It stays until a person at the screen goes on (Enter, Space, or a touch on Continue), and
keys count only a moment after it appears (kiosk.guard), so a key meant for the
build screen never skips it. With nobody at the screen (computers and phones only) it goes
on by itself after `after` seconds.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Static

from core.announce import Announcement

from ..practice.buildings import Buildings
from ..widgets.keybar import KeyBar
from ..words import named


class ResultScreen(Screen[None]):
    """`announcement` in the table's words; `pictures`: the board's pictures of it (one a
    seat, None for none: kiosk.practice.buildings); `after`: go on by itself after so many
    seconds (None: wait for a person)."""

    CSS_PATH = "rounds.tcss"
    BINDINGS = [Binding("enter,space", "go_on", "Continue")]
    AUTO_FOCUS = ""

    def __init__(self, title: str, announcement: Announcement, names: list[str], pictures: list | None = None,
                 after: float | None = None):
        super().__init__()
        self.game_title = title
        self.announcement = announcement
        self.names = names
        self.pictures = [p for p in pictures or []]
        self.after = after

    def compose(self) -> ComposeResult:
        a = self.announcement
        with Vertical(id="result-box"):
            yield Static(Content(self.game_title), id="result-game")
            yield Static(Content(named(a.title, self.names)), id="result-title")
            with VerticalScroll(id="result-body"):
                yield Static(Content("\n".join(named(line, self.names) for line in a.lines)), id="result-lines")
                if any(p is not None for p in self.pictures):
                    yield Buildings(len(self.pictures), id="result-buildings")
            note = ("Continue: Enter, Space or touch" if self.after is None
                    else "Play goes on in a moment (or Enter, Space, touch)")
            yield Button(note, id="result-go-on", variant="primary", compact=True)
        yield KeyBar()

    def on_mount(self) -> None:
        if self.query("#result-buildings"):
            self.query_one(Buildings).show(self.pictures)
        if self.after is not None:
            self.set_timer(max(self.after, 0.01), self.action_go_on, name="result goes on")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_go_on()

    def action_go_on(self) -> None:
        if self.is_current or self.app.screen is self:
            self.dismiss(None)
