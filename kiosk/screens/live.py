"""A building round played live: phone seats build at once on their phones while the kiosk's
clock runs, a person at the kiosk (one at most) builds on the kiosk's build screen on the
same clock, and the computers' moves are played as the clock reaches their moments. The
session (core.session) plays every move when it happens, so the order of the round is the
order of time: the first to reach for a piece gets it. This controller only keeps the clock
ticking, the phones' benches open and told, and says when the round is over."""

from __future__ import annotations

from typing import Callable

from core.session import Session

#: how often the round's clock is looked at (seconds)
TICK = 0.1


class LiveRound:
    """The live round now open in `session`, on `screen`'s timers and the kiosk's `clock`;
    `phones` is the match's PhoneTable; `after()` is called once the round is over (the
    moves the clock brings reach the screen through the session's listeners)."""

    def __init__(self, screen, session: Session, clock: Callable[[], float], phones, after: Callable[[], None]):
        self.session = session
        self.phase = session.phase
        self.phones = phones
        self.after = after
        start = clock()
        self.clock = lambda: clock() - start
        self.over = False
        phones.open_round(session, self.clock, [s for s in session.match.to_act() if session.seats[s].phone])
        self.ticks = 0
        self.timer = screen.set_interval(TICK, self.tick, name="live round")

    @property
    def open(self) -> bool:
        return not self.over and self.session.mode == "live" and self.session.phase == self.phase

    def tick(self) -> None:
        """The computers' moves the clock has reached, and whoever the round is decided for
        leaves it; once a second every phone's clock is pushed."""
        if not self.open:
            self.end()
            self.after()
            return
        self.session.tick(self.clock())      # the moves it plays reach the screen through the listeners
        self.ticks += 1
        if self.ticks % round(1 / TICK) == 0:
            self.phones.server.push()

    def end(self) -> None:
        """The round is over: the phones' benches close, and each phone is told."""
        if self.over:
            return
        self.over = True
        self.timer.stop()
        self.phones.close_round()
