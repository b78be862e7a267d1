"""One match's phone seats wired to its session: the hub, its server, and the board's words.

The play screen makes one when a match has phone seats (and a bench or a test makes one
without a screen). A phone's move goes through the session (core.session) like any other,
and every move, whoever made it, reaches the phones through the session's listeners: the
log, a phase's result (a building round's, the bids), and each phone's table pushed.
"""

from __future__ import annotations

from typing import Callable

from core.game import Event, Game, Move
from core.session import Session

from ..boards import board_for
from ..words import named
from .building import PhoneBench, live_bench
from .hub import Hub
from .server import PhoneServer


def phone_lines(game: Game, names: list[str]) -> Callable[[dict, int], tuple[list[str], list[str]]]:
    """The public table and what only the seat sees, in the board's words, from a view."""
    board = board_for(game.name)

    def lines(view: dict, seat: int) -> tuple[list[str], list[str]]:
        public = []
        for s, name in enumerate(names):
            summary = board.seat_summary(game, view, s)
            public.append(f"{s + 1} {name}" + (f" · {summary}" if summary else ""))
        return public, board.private_lines(game, view, seat)

    return lines


class PhoneTable:
    """The phones of the match `session` drives. `on_activity()` is called whenever a phone
    does something the kiosk acts on (a move, a finger on a building): someone is playing, so
    the kiosk is not idle; `on_presence()` when a phone joins or drops; `on_intruder(seat)`
    when a phone that does not hold a seat tries its link. `tls` and `name`: the server's
    certificate and the host name its links carry (kiosk.phones.server)."""

    def __init__(self, game: Game, session: Session, names: list[str], phone_seats: list[int], *,
                 host: str = "127.0.0.1", port: int = 0, on_activity: Callable[[], None] = lambda: None,
                 on_presence: Callable[[], None] = lambda: None,
                 on_intruder: Callable[[int], None] = lambda seat: None, tls=None, name: str | None = None):
        self.session = session
        self.names = names
        board = board_for(game.name)
        self._seen_result = None

        def lots(view: dict, seat: int, key: str):
            return board.phone_lots(game, view, seat, key)

        def lot_bench(seat: int, key: str, lot: str):
            bench = board.phone_bench(session.match, seat, key, lot, lambda: 0.0, names, play=session.play)
            bench.message = ("Tap a piece below, drag it over the lot with your finger, then Set down: "
                             "it stays where you set it.")
            return PhoneBench(bench, key)

        self.hub = Hub(session.match, names, phone_seats, lines=phone_lines(game, names), play=self._play,
                       title=game.info.title, lots=lots, lot_bench=lot_bench, on_activity=on_activity,
                       on_intruder=on_intruder)
        self.server = PhoneServer(self.hub, host, port, on_presence=on_presence, tls=tls, name=name)
        session.listeners.insert(0, self.moved)      # the phones hear first: the screen may take a while

    def _play(self, seat: int, key: str, payload: dict | None) -> None:
        self.session.play(seat, key if payload is None else Move(key, payload))

    def moved(self, events: list[Event]) -> None:
        """After any move: the log gets its events, a phase's result goes to every phone, the
        benches of a live round see the middle as it is now, and every phone its table."""
        self.hub.add_events([e.text for e in events])
        pending = self.session.pending
        if pending is not None and pending is not self._seen_result:
            self._seen_result = pending
            self.hub.show_result(named(pending.title, self.names), [named(line, self.names) for line in pending.lines])
        for seat, bench in list(self.hub.benches.items()):
            if not bench.lot_build:
                bench.resync()
        self.server.push()

    # ---- a round built live ----------------------------------------------------------------

    def open_round(self, session: Session, clock: Callable[[], float], seats: list[int]) -> None:
        """The phone seats of `seats` build now, each on a bench of its own, on the round's clock."""
        self.hub.benches = {s: live_bench(session, s, clock, self.names) for s in seats}
        self.server.push()

    def close_round(self) -> None:
        """The round is over: the benches close and every phone is told."""
        self.hub.benches = {}
        self.server.push()

    # ---- the server ------------------------------------------------------------------------

    async def start(self) -> None:
        await self.server.start()

    async def stop(self, reason: str) -> None:
        """Every link dies, every phone is told, and the match lets go of the phones."""
        self.hub.close(reason)
        await self.server.stop()
        self.hub.benches = {}
        if self.moved in self.session.listeners:
            self.session.listeners.remove(self.moved)
