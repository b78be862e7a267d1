"""The phone seats of a play screen's match: their server, started with the match, the moves
their phones cannot make (made at the shared screen instead), and a seat handed back to the
kiosk's screen or to a computer. The phones' table itself is kiosk.phones.table."""

from __future__ import annotations

import time

from core.bots import make_bot
from core.session import Session

from . import Seat


#: seconds between two warnings that another phone tried the same seat
INTRUDER_QUIET = 10.0


class PhoneSeats:
    """`screen` is the play screen (its app, workers and notices); `after()` is called once the
    phones can join (or cannot: their seats are then played at the kiosk's screen)."""

    def __init__(self, screen, session: Session, board_cls, after):
        self.screen = screen
        self.session = session
        self.board_cls = board_cls
        self.after = after
        self.table = None                       # kiosk.phones.table.PhoneTable once started
        self.warned: dict[int, float] = {}      # seat -> when the screen last said a phone tried it
        session.phones_up = not any(seat.phone for seat in session.seats)

    async def open(self) -> None:
        """The phones' server, then the codes to join by."""
        from ..phones.server import tls_context
        from ..phones.table import PhoneTable
        screen, session, app = self.screen, self.session, self.screen.app
        config = app.config
        try:
            tls = tls_context(config.phone_certificate, config.phone_key) if config.phone_certificate else None
            table = PhoneTable(screen.game, session, [s.name for s in session.seats],
                               [s for s, seat in enumerate(session.seats) if seat.phone], host=app.phone_host,
                               port=app.phone_port, on_activity=app.touch, on_presence=self.after,
                               on_intruder=self.intruder, tls=tls, name=config.phone_name)
        except (OSError, ValueError) as e:      # ssl.SSLError is an OSError
            self._no_phones(f"the certificate in kiosk.toml cannot be used ({getattr(e, 'strerror', None) or e})")
            return
        try:
            await table.start()
        except OSError as e:
            session.listeners.remove(table.moved)
            self._no_phones(e.strerror or str(e))
            return
        self.table = table
        screen.action_phones(first=True)
        session.phones_up = True
        screen.refresh_bindings()
        self.after()

    def _no_phones(self, why: str) -> None:
        """The phones cannot join: their seats are played at the kiosk's screen."""
        screen, session = self.screen, self.session
        screen.notify(f"The phones cannot join: {why}. Their seats are played at the kiosk's screen.",
                      title="No phones", severity="error")
        for s, seat in enumerate(session.seats):
            if seat.phone:
                session.hand(s, Seat(seat.name))
        session.phones_up = True
        screen.refresh_bindings()
        self.after()

    def intruder(self, seat: int) -> None:
        """A phone that does not hold `seat` tried its link: the shared screen says so (once
        in a while, so that trying again and again cannot fill the screen)."""
        now = time.monotonic()
        if now - self.warned.get(seat, -INTRUDER_QUIET) < INTRUDER_QUIET:
            return
        self.warned[seat] = now
        name = self.session.seats[seat].name
        self.screen.notify(f"Another phone tried to join {name}'s seat. It was shown nothing. If {name} has a new "
                           "phone, the operator gives the seat a new code (P).", title="Phones", severity="warning",
                           timeout=10)

    async def close(self) -> None:
        if self.table is not None:
            table, self.table = self.table, None
            await table.stop("The kiosk has closed this game.")

    def beyond(self, seat: int) -> list:
        """The moves of a phone seat its phone cannot give: neither an amount on its pad nor one
        piece on a lot it chooses (Board.phone_lots)."""
        match = self.session.match
        if self.table is None and self.session.phones_up:
            return match.legal(seat)             # no phones' server: everything at the screen
        view = match.view(seat)
        return [a for a in match.legal(seat) if a.takes and match.rules.amount(match.state, seat, a) is None
                and self.board_cls.phone_lots(self.screen.game, view, seat, a.key) is None]

    def hand(self, seat: int, bot: str | None) -> None:
        """A phone seat goes to the kiosk's screen (bot None) or to a computer level; its link dies."""
        name = self.session.seats[seat].name
        self.session.hand(seat, Seat(name, bot), make_bot(self.screen.game, bot) if bot else None)
        if self.table is not None:
            self.table.hub.release(seat)
            self.screen.run_worker(self.table.server.kick(seat, "Your seat is played at the kiosk now."),
                                   exit_on_error=False)
