"""Say a price: the amount of a "???" sale column (Tsukiji 000:138), typed or tapped.

A modal with a digits-only field, a keypad for touch screens, OK and Cancel. The amount
is tried at once (`attempt`): one the rules refuse keeps the screen open, the refused
amount and the rules' reason written under the field, the digits left there to correct.
It dismisses with the amount in yen once the move is played, or None when the player
cancels (nothing is played then).
"""

from __future__ import annotations

from typing import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from core.errors import IllegalMove
from core.game import Move

from ..widgets.actions import TouchKey
from ..words import named

KEYS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "00", "0", "⌫")


class PriceScreen(ModalScreen[int | None]):
    """Dismisses with a whole number of yen, or None.

    `attempt(amount)` plays the move with that amount and says why not (None: played);
    without it every amount is taken.
    """

    CSS_PATH = "../screens/modals.tcss"
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, note: str = "", attempt: Callable[[int], str | None] | None = None):
        super().__init__()
        self.title_text = title
        self.note = note
        self.attempt = attempt

    def compose(self) -> ComposeResult:
        with Vertical(id="price-box"):
            yield Static(Content(self.title_text), id="price-title")
            yield Static(Content(self.note), id="price-note")
            with Horizontal(id="price-row"):
                yield Static("¥", id="price-yen")
                yield Input(restrict=r"[0-9]*", max_length=8, id="price", placeholder="e.g. 1200")
            # right under the field: what is wrong with the amount typed (hidden while nothing is)
            yield Static(id="price-message")
            with Grid(id="price-keys"):
                for k in KEYS:
                    yield TouchKey(k, id=f"price-key-{'back' if k == '⌫' else k}", classes="price-key", compact=True)
            with Horizontal(id="price-buttons"):
                yield Button("OK", id="price-ok", variant="primary")
                yield Button("Cancel", id="price-cancel")

    def on_mount(self) -> None:
        self.query_one("#price-message").display = False
        self.query_one("#price", Input).focus()

    def say(self, text: str) -> None:
        """The message under the field."""
        message = self.query_one("#price-message", Static)
        message.update(Content(text))
        message.display = bool(text)

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
        field = self.query_one("#price", Input)
        text = field.value.strip()
        if not text:
            self.say("Type an amount first.")
            return
        amount = int(text)
        refused = self.attempt(amount) if self.attempt is not None else None
        if refused is not None:
            # the pad stays: the amount and the reason under the field, the digits kept to correct
            self.say(f"¥{amount:,} is not possible: {refused}")
            field.focus()
            field.cursor_position = len(field.value)
            return
        self.dismiss(amount)


def ask_price(request) -> None:
    """From the play screen (a kiosk.boards.base.MoveRequest): ask the amount and play the move
    with it; an amount the rules refuse is said on the price screen, which stays open to
    correct it. `request.done()` once it is closed, played or cancelled. What it asks is what
    the move declares (its Shape's one amount): the field and its step."""
    action = next(a for a in request.match.legal(request.seat) if a.key == request.key)
    spec = action.takes.amount()

    def attempt(amount: int) -> str | None:
        try:
            request.play(Move(request.key, {spec.name: amount}))
        except IllegalMove as e:            # the match is left as it was
            return named(e.reason or str(e), request.names)
        return None

    request.app.push_screen(PriceScreen(named(action.text, request.names),
                                        f"Any multiple of ¥{spec.step:,}. Enter: OK, Esc: cancel.", attempt),
                            lambda _=None: request.done())
