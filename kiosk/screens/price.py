"""Say a price: the amount of a "???" sale column (Tsukiji 000:138), typed or tapped.

A modal with a digits-only field, a keypad for touch screens, OK and Cancel. It dismisses
with the amount in yen, or None when the player cancels; the play screen then plays the
move with that amount as its data, and a refused amount is said and nothing changes.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from core.errors import IllegalMove
from core.game import Move

from ..widgets.actions import TouchKey

KEYS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "00", "0", "⌫")


class PriceScreen(ModalScreen[int | None]):
    """Dismisses with a whole number of yen, or None."""

    CSS_PATH = "modals.tcss"
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, note: str = ""):
        super().__init__()
        self.title_text = title
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical(id="price-box"):
            yield Static(Content(self.title_text), id="price-title")
            yield Static(Content(self.note), id="price-note")
            with Horizontal(id="price-row"):
                yield Static("¥", id="price-yen")
                yield Input(restrict=r"[0-9]*", max_length=8, id="price", placeholder="e.g. 1200")
            with Grid(id="price-keys"):
                for k in KEYS:
                    yield TouchKey(k, id=f"price-key-{'back' if k == '⌫' else k}", classes="price-key", compact=True)
            yield Static(id="price-message")
            with Horizontal(id="price-buttons"):
                yield Button("OK", id="price-ok", variant="primary")
                yield Button("Cancel", id="price-cancel")

    def on_mount(self) -> None:
        self.query_one("#price", Input).focus()

    def action_cancel(self) -> None:
        self.dismiss(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.submit()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        bid = event.button.id or ""
        field = self.query_one("#price", Input)
        if bid == "price-ok":
            self.submit()
        elif bid == "price-cancel":
            self.dismiss(None)
        elif bid == "price-key-back":
            field.value = field.value[:-1]
        elif bid.startswith("price-key-"):
            field.value = (field.value + bid[len("price-key-"):])[:8]

    def submit(self) -> None:
        text = self.query_one("#price", Input).value.strip()
        if not text:
            self.query_one("#price-message", Static).update("Type an amount first.")
            return
        self.dismiss(int(text))


def ask_price(play, seat: int, key: str) -> None:
    """From the play screen: ask the amount, then play `key` with it (a refused amount is
    said, and the player is asked again)."""
    action = next(a for a in play.match.legal(seat) if a.key == key)

    def said(amount: int | None) -> None:
        play.turn_open = False
        if amount is None:
            play.advance()
            return
        try:
            events = play.match.play(seat, Move(key, {"yen": amount}))
        except IllegalMove as e:
            play.notify(str(e), title="Not allowed", severity="warning")
            play.advance()
            return
        play._moved(events)

    play.turn_open = True
    play.app.push_screen(PriceScreen(action.text, "Any multiple of ¥100 (000:138). Enter: OK, Esc: cancel."),
                         said)
