"""The operator's way out of a locked kiosk: a masked PIN prompt (ctrl+o).

Guessing is slowed down: after 5 wrong PINs in a row no PIN is accepted for a minute,
after the next 5 for two, then 4, 8 ... up to half an hour; the right PIN ends it. The
count belongs to the app (`pin_guard`), so closing and opening the prompt again does not
reset it. Every try is written to operator.log in the data folder, never what was typed.
"""

from __future__ import annotations

import hmac
import math
import time
import weakref
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from ..store import append_log

MAX_TRIES = 5
FIRST_LOCKOUT = 60.0
MAX_LOCKOUT = 30 * 60.0
OPERATOR_LOG_MAX = 64 * 1024

RIGHT, WRONG, LOCKED, REFUSED = "right", "wrong", "locked", "refused"


def wait_text(seconds: float) -> str:
    """'58 s', '1 min', '7 min 59 s': a wait in whole seconds, rounded up."""
    whole = math.ceil(seconds)
    minutes, rest = divmod(whole, 60)
    if not minutes:
        return f"{rest} s"
    return f"{minutes} min {rest} s" if rest else f"{minutes} min"


class PinGuard:
    """Wrong PINs in a row and the lockout they earned, timed on the app's clock
    (monotonic seconds), with a line in the operator's log for every try."""

    def __init__(self, clock=time.monotonic, log_path: Path | None = None):
        self.clock = clock
        self.log_path = log_path
        self.failures = 0
        self.lockouts = 0
        self.locked_until: float | None = None

    def locked_for(self) -> float:
        """Seconds until a PIN is accepted again; 0 when it is accepted now."""
        if self.locked_until is None:
            return 0.0
        left = self.locked_until - self.clock()
        if left > 0:
            return left
        self.locked_until, self.failures = None, 0
        return 0.0

    @property
    def tries_left(self) -> int:
        return MAX_TRIES - self.failures

    def lockout_seconds(self) -> float:
        """How long the next lockout lasts: doubling from a minute, capped."""
        return min(FIRST_LOCKOUT * 2 ** self.lockouts, MAX_LOCKOUT)

    def attempt(self, typed: str, pin: str) -> str:
        """One try: RIGHT, WRONG, LOCKED (a wrong one that locked PIN entry) or REFUSED
        (PIN entry is locked; the typed PIN is not even compared)."""
        left = self.locked_for()
        if left:
            self.log(f"PIN refused unchecked: entry locked for {wait_text(left)} more")
            return REFUSED
        if pin and hmac.compare_digest(typed.encode(), pin.encode()):
            self.failures = self.lockouts = 0
            self.log("right PIN: the kiosk closes")
            return RIGHT
        self.failures += 1
        if self.failures < MAX_TRIES:
            self.log(f"wrong PIN ({self.failures} of {MAX_TRIES} before a lockout)")
            return WRONG
        seconds = self.lockout_seconds()
        self.lockouts += 1
        self.locked_until = self.clock() + seconds
        self.log(f"wrong PIN ({self.failures} in a row): PIN entry locked for {wait_text(seconds)}")
        return LOCKED

    def log(self, what: str) -> None:
        """Append a line to the operator's log (kept small, as errors.log is)."""
        if self.log_path is None:
            return
        append_log(self.log_path, f"{time.strftime('%Y-%m-%d %H:%M:%S')} {what}\n", OPERATOR_LOG_MAX)


_GUARDS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def operator_log_path(app) -> Path | None:
    """operator.log beside errors.log in the kiosk's data folder."""
    store = getattr(app, "store", None)
    return None if store is None else Path(store.dir).parent / "operator.log"


def pin_guard(app) -> PinGuard:
    """The app's one PinGuard, made on first use: it outlives every PIN prompt."""
    guard = _GUARDS.get(app)
    if guard is None:
        guard = _GUARDS[app] = PinGuard(getattr(app, "clock", time.monotonic), operator_log_path(app))
    return guard


class PinScreen(ModalScreen[bool]):
    """Dismisses with True for the right PIN; a wrong one is refused and cleared, and
    while PIN entry is locked none is accepted."""

    CSS_PATH = "modals.tcss"

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, pin: str, title: str = "Operator: enter the PIN to close the kiosk",
                 ok: str = "Close the kiosk"):
        super().__init__()
        self.pin = pin
        self.wrong = False
        self.title_words = title
        self.ok_words = ok

    def compose(self) -> ComposeResult:
        with Vertical(id="pin-box"):
            yield Static(self.title_words, id="pin-title")
            yield Input(password=True, restrict=r"[0-9]*", max_length=12, id="pin",
                        placeholder="PIN")
            yield Static(id="pin-message")
            with Horizontal(id="pin-buttons"):
                yield Button(self.ok_words, id="pin-ok", variant="error")
                yield Button("Cancel", id="pin-cancel", variant="primary")

    @property
    def guard(self) -> PinGuard:
        return pin_guard(self.app)

    def on_mount(self) -> None:
        self.query_one("#pin", Input).focus()
        self.show_status()
        self.set_interval(1.0, self.show_status, name="pin-countdown")

    def status(self) -> str:
        """What the prompt says now: the lockout and its time left, or the tries left."""
        left = self.guard.locked_for()
        if left:
            return f"Too many wrong PINs.\nPIN entry is locked for {wait_text(left)}."
        if not self.guard.failures:
            return ""
        tries = self.guard.tries_left
        tries_text = f"{tries} {'try' if tries == 1 else 'tries'} left"
        if self.wrong:
            return f"That PIN is not right ({tries_text})."
        return f"{tries_text.capitalize()} before PIN entry is locked."

    def show_status(self) -> None:
        self.query_one("#pin-message", Static).update(Content(self.status()))
        self.query_one("#pin-ok", Button).disabled = bool(self.guard.locked_for())

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
        """Try the typed PIN (an empty field is no try) and clear the field."""
        field = self.query_one("#pin", Input)
        typed, field.value = field.value, ""
        if typed:
            outcome = self.guard.attempt(typed, self.pin)
            if outcome == RIGHT:
                self.dismiss(True)
                return
            self.wrong = outcome == WRONG
        self.show_status()
        field.focus()

    def action_cancel(self) -> None:
        self.dismiss(False)
