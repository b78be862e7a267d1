"""The operator's way out of a locked kiosk: a masked PIN prompt (ctrl+o)."""

from __future__ import annotations

import hmac

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

MAX_TRIES = 5


class PinScreen(ModalScreen[bool]):
    """Dismisses with True for the right PIN; a wrong one is refused and cleared."""

    CSS_PATH = "modals.tcss"

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, pin: str):
        super().__init__()
        self.pin = pin
        self.tries = 0

    def compose(self) -> ComposeResult:
        with Vertical(id="pin-box"):
            yield Static("Operator: enter the PIN to close the kiosk", id="pin-title")
            yield Input(password=True, restrict=r"[0-9]*", max_length=12, id="pin",
                        placeholder="PIN")
            yield Static(id="pin-message")
            with Horizontal(id="pin-buttons"):
                yield Button("Close the kiosk", id="pin-ok", variant="error")
                yield Button("Cancel", id="pin-cancel", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#pin", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.check()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "pin-ok":
            self.check()
        else:
            self.dismiss(False)

    def check(self) -> None:
        field = self.query_one("#pin", Input)
        typed, field.value = field.value, ""
        if self.pin and hmac.compare_digest(typed.encode(), self.pin.encode()):
            self.dismiss(True)
            return
        self.tries += 1
        if self.tries >= MAX_TRIES:
            self.dismiss(False)
            return
        self.query_one("#pin-message", Static).update(
            Content(f"That PIN is not right ({MAX_TRIES - self.tries} tries left)."))
        field.focus()

    def action_cancel(self) -> None:
        self.dismiss(False)
