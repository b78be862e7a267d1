"""Join with your phone: each phone seat's code to scan and short address to type, whether
its phone is there, and handing the seat back to the kiosk's screen or a computer.

A seat's code is worth its seat until a phone holds it, so the codes are the operator's:
shown by themselves once when the match starts, and on a locked kiosk only with the PIN after
that (`open_codes`); the screen closes itself after `CODES_SECONDS`. A seat a phone holds
shows no code at all: only the operator's New code hands it to another phone."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ..phones.qr import qr_lines

HAND_TO = "normal"     # the computer level a seat handed to a computer plays at
#: the codes screen closes itself after this many seconds (strangers pass by)
CODES_SECONDS = 90.0


def open_codes(play, first: bool = False) -> None:
    """The phones' codes over the play screen `play`: at once when the match first opens them
    (`first`) or on an open kiosk; on a locked kiosk only after the operator's PIN."""
    if play.phones is None:
        return
    if first or not play.app.lock:
        play.app.push_screen(PhonesScreen(play))
        return
    from .pin import PinScreen
    play.app.push_screen(PinScreen(play.app.config.pin, "Operator: enter the PIN to show the phones' codes",
                                   "Show the codes"),
                         lambda ok: play.app.push_screen(PhonesScreen(play)) if ok and play.phones else None)


class PhonesScreen(ModalScreen):
    """The phone seats of the play screen `play`; Esc or Enter goes back to the table."""

    CSS_PATH = "modals.tcss"
    BINDINGS = [Binding("escape", "dismiss", "Back to the table"), Binding("enter", "dismiss", "Back", show=False)]

    def __init__(self, play):
        super().__init__()
        self.play = play

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="phones-box"):
            for seat in sorted(self.play.phones.hub.seats):
                with Vertical(classes="phone-seat", id=f"phone-seat-{seat}"):
                    yield Static(id=f"phone-status-{seat}", classes="phone-status")
                    yield Static(id=f"phone-code-{seat}", classes="phone-code")
                    yield Static(id=f"phone-link-{seat}", classes="phone-link")
                    with Horizontal(classes="phone-buttons"):
                        yield Button("New code", id=f"phone-new-{seat}")
                        yield Button("Play at the kiosk", id=f"phone-kiosk-{seat}")
                        yield Button("Computer plays", id=f"phone-bot-{seat}")
            yield Static(Content("Scan your seat's code with the phone's camera, or type the short address. "
                                 "The first phone to open a seat's code holds the seat. The phone and the kiosk "
                                 "must be on the same network. Esc: back to the table (this closes by itself)."),
                         id="phones-help")
            yield Button("Back to the table", id="phones-close", variant="primary")

    def on_mount(self) -> None:
        self.show()
        self.set_interval(1.0, self.show)
        self.set_timer(CODES_SECONDS, self._time_up)

    def _time_up(self) -> None:
        if self.is_current:
            self.dismiss()

    def show(self) -> None:
        table = self.play.phones
        if table is None:
            return
        hub, server = table.hub, table.server
        for seat, phone in hub.seats.items():
            try:
                status = self.query_one(f"#phone-status-{seat}", Static)
            except Exception:
                continue
            name = self.play.seats[seat].name
            tried = (f" Another phone tried to join it {phone.intruders} time"
                     f"{'s' if phone.intruders > 1 else ''} and was shown nothing." if phone.intruders else "")
            code = self.query_one(f"#phone-code-{seat}", Static)
            link = self.query_one(f"#phone-link-{seat}", Static)
            if phone.device is not None:          # held: its code would only tempt a stranger
                there = "on their phone" if phone.connections else "their phone has dropped: it may come back"
                status.update(Content(f"{name}: {there}.{tried}"))
                code.display = False
                link.update(Content(f"Only {name}'s phone can use this seat. Lost the phone? New code ends its "
                                    "hold, and a new phone joins with the new code."))
                continue
            status.update(Content(f"Join with your phone — {name} (not joined yet)"))
            code.display = True
            code.update(Content("\n".join(qr_lines(server.link(seat)))))
            short = server.short_link(seat)
            link.update(Content(f"or type: {short}" if short else "The short address has been used: scan the code."))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        bid = event.button.id or ""
        if bid == "phones-close":
            self.dismiss()
            return
        what, _, seat = bid.removeprefix("phone-").rpartition("-")
        seat = int(seat)
        if self.app.lock:      # a locked kiosk: only the operator hands a seat over
            from .pin import PinScreen
            name = self.play.seats[seat].name
            words = {"new": f"Operator: enter the PIN to give {name} a new code",
                     "kiosk": f"Operator: enter the PIN to bring {name}'s seat to the kiosk's screen",
                     "bot": f"Operator: enter the PIN to let the computer play {name}'s seat"}[what]
            self.app.push_screen(PinScreen(self.app.config.pin, words, "Go ahead"),
                                 lambda ok: self._change(what, seat) if ok else None)
            return
        self._change(what, seat)

    def _change(self, what: str, seat: int) -> None:
        if what == "new":
            self.play.phones.hub.issue(seat)
            self.run_worker(self.play.phones.server.kick(seat, "The kiosk's operator gave this seat a new code: "
                                                               "this phone no longer holds it."),
                            exit_on_error=False)
            self.show()
        elif what in ("kiosk", "bot"):
            self.play.hand_seat(seat, None if what == "kiosk" else HAND_TO)
            self.query_one(f"#phone-seat-{seat}").remove()
            if not self.play.phones.hub.seats:
                self.dismiss()
