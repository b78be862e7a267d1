"""A building round played live: phone seats build at once on their phones while the
kiosk's clock runs, a person at the kiosk (one at most) builds on the kiosk's build screen
on the same clock, and computer seats' moves are played as the clock reaches their
moments (core.simultaneous.Table). Every move, whoever makes it, is played when it
happens, so the order of the round is the order of time: the first to reach for a piece
gets it. The kiosk's screen shows the table as it grows."""

from __future__ import annotations

from core.bots import decide, play_choice
from core.simultaneous import Table

from ..phones.building import live_bench

TICK = 0.1


class LiveRound:
    """The round `phase` of the play screen `screen`, live while it lasts."""

    def __init__(self, screen, phase, to_act: tuple[int, ...]):
        self.screen = screen
        self.phase = phase
        app = screen.app
        start = app.clock()
        self.clock = lambda: app.clock() - start
        match = screen.match
        names = screen.names()
        self.benches = {s: live_bench(match, s, self.clock, names, lambda events, s=s: self.moved(s, events))
                        for s in to_act if screen.seats[s].phone}
        screen.phones.hub.benches = self.benches

        def choose(seat):
            if not screen.seats[seat].computer:
                return None            # a phone builds by its finger
            return decide(screen.bots[seat], match, seat, match.legal(seat), screen.bot_rngs[seat])

        def instead(seat, move, error):
            return play_choice(match, seat, move, match.legal(seat), screen.bot_rngs[seat])

        self.table = Table(match, choose, instead)
        self.ticks = 0
        self.timer = screen.set_interval(TICK, self.tick)
        self.at_kiosk: int | None = None        # the seat building on the kiosk's screen now

    def open_kiosk_turn(self) -> None:
        """The person at the kiosk's screen builds there while the phones build on theirs,
        every move played at once at the round's clock (not a rehearsal: nobody waits)."""
        screen = self.screen
        match = screen.match
        seats = [s for s in match.to_act() if screen.seats[s].human]
        if not seats or self.at_kiosk is not None or screen._ended:
            return
        seat = self.at_kiosk = seats[0]
        build = screen.board_cls.turn_screen(match, seat, screen.seats[seat].name, screen.app.clock,
                                             screen.names(), turn=KioskTurn(self, seat), start=self.clock())
        build.bench.message = ("Everyone builds now, the phones too: the first to set a piece down "
                               "gets it. Pick a piece (Tab) and build.")

        def done(_=None) -> None:
            self.at_kiosk = None
            screen.advance()
        screen.app.push_screen(build, done)

    def tick(self) -> None:
        """Play the computers' moves whose moments the clock has reached."""
        screen = self.screen
        if screen.match.rules.simultaneous(screen.match.state) != self.phase or screen.match.over:
            self.end()
            screen.live = None
            screen.advance()
            return
        played = self.table.step(until=self.clock())
        if played is not None:
            self.moved(played[0], played[1], by_table=True)
        self.ticks += 1
        if self.ticks % round(1 / TICK) == 0:
            screen.phones.server.push()         # the phones' clocks, once a second

    def moved(self, seat: int, events, by_table: bool = False) -> None:
        """Any move of the round: the others' benches see the middle as it is now."""
        if not by_table:
            self.table.played(seat, round(self.clock(), 1), events)
        for other, bench in self.benches.items():
            if other != seat:
                bench.resync()
        self.screen._moved(events)

    def end(self) -> None:
        """The round is over: the phones' build benches close, and each phone is told."""
        self.timer.stop()
        self.at_kiosk = None
        if self.screen.phones is not None:
            self.screen.phones.hub.benches = {}
            self.screen.phones.server.push()


class KioskTurn:
    """What the build screen asks of a round (kiosk.practice.turn) for the person at the
    kiosk in a live round: each move played on the match at once, no rehearsal to follow."""

    def __init__(self, live: LiveRound, seat: int):
        self.live = live
        self.seat = seat
        self.match = live.screen.match

    def play(self, move, at: float):
        events = self.match.play(self.seat, move)
        self.live.moved(self.seat, events)
        return events

    def advance(self, now: float) -> None:
        """The others' moves are played by the round itself as they happen."""

    def decided(self, now: float) -> bool:
        """The round is over, or this seat builds no more in it."""
        match = self.match
        return (match.over or match.rules.simultaneous(match.state) != self.live.phase
                or self.seat not in match.to_act())
