"""One match's phone seats wired together: the hub, its server, and the board's words.

The play screen makes one when a match has phone seats (and a bench or a test makes one
without a screen): `play` is how a phone's move reaches the match, `moved` how every
move, whoever made it, reaches the phones.
"""

from __future__ import annotations

import time
from typing import Callable

from core.game import Event, Game, Match, Move

from ..boards import board_for
from .building import PhoneBench, Reporting
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
    """The phones of one match. `on_move(events)` is called after a phone's move is played
    (the play screen's own step after any move: log, autosave, next seat)."""

    def __init__(self, game: Game, match: Match, names: list[str], phone_seats: list[int],
                 on_move: Callable[[list[Event]], None], host: str = "127.0.0.1", port: int = 0):
        self.match = match
        self.on_move = on_move
        board = board_for(game.name)
        start = time.monotonic()

        def lots(view: dict, seat: int, key: str):
            return board.phone_lots(game, view, seat, key)

        def lot_bench(seat: int, key: str, lot: str):
            bench = board.phone_bench(Reporting(match, on_move), seat, key, lot, lambda: time.monotonic() - start,
                                      names)
            bench.message = ("Tap a piece below, drag it over the lot with your finger, then Set down: "
                             "it stays where you set it.")
            return PhoneBench(bench, key)

        self.hub = Hub(match, names, phone_seats, lines=phone_lines(game, names), play=self._play,
                       title=game.info.title, lots=lots, lot_bench=lot_bench)
        self.server = PhoneServer(self.hub, host, port)

    def _play(self, seat: int, key: str, payload: dict | None) -> None:
        self.on_move(self.match.play(seat, key if payload is None else Move(key, payload)))

    def moved(self, events: list[Event]) -> None:
        """After any move: the log gets its events and every phone its table."""
        self.hub.add_events([e.text for e in events])
        self.server.push()

    async def start(self) -> None:
        await self.server.start()

    async def stop(self, reason: str) -> None:
        self.hub.close(reason)
        await self.server.stop()
