"""Seats that act at once, in the order of time: the one driver every player of several seats uses.

At the table everyone builds at the same moment ("alle beginnen zu bauen", 004:29) and
whoever reaches first for a piece gets it. So whenever several seats act at once (Rules.to_act
names more than one: a building round), their moves reach the match in the order of their
moments: each move happens at a moment of its seat's own clock (Rules.moment, in seconds
since the phase began), and the move with the earliest moment is played first. Equal moments
are ordered by a draw from the match's seed and position, never by seat number.

A seat decides its next move when it becomes free (the phase began, or its last move was
played), as a person reaches for the next piece, and that move waits until its moment comes.
Meanwhile the others play theirs; a move that has become impossible by then (the piece was
taken) is decided again against the table as it is, and so is the next move of a seat that
another seat's move touched (a "put it back!" call). A game whose simultaneous moves carry no
moments (sealed bids, which no order can change) is played in the order the rules list them.

`Table` is used by `tokyo simulate` and `tokyo tournament` (core.simulate), the search bot's
playouts (core.search), the kiosk's computer seats and its people building one after another
(kiosk), and phones: each gives the table a way to ask a seat for its next move.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any, Callable

from .errors import IllegalMove
from .game import Action, Event, Match, Move

#: a seat's next move: an Action, a Move with its data, or None when the seat has none to
#: give now (a person who has not moved yet, a recorded timeline that has run out)
Decide = Callable[[int], "Action | Move | None"]
#: moments closer than this are the same moment (clocks count in tenths of a second)
EPSILON = 1e-6


@dataclass
class Pending:
    """A seat's next move, decided when the log held `decided_at` moves."""
    move: Any
    moment: float | None
    decided_at: int


def key_and_payload(move) -> tuple[str, Any]:
    if isinstance(move, Move):
        return move.key, move.payload
    if isinstance(move, Action):
        return move.key, None
    return move, None


def tie_break(seed: int, moves: int, seat: int) -> int:
    """The order of seats whose moves fall on the same moment: a draw from the match's seed
    and how far it has come, the same on every replay and blind to seat numbers."""
    digest = hashlib.blake2b(f"{seed}:{moves}:{seat}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


class Table:
    """Plays the moves of the seats that act now, in the order of their moments.

    `decide(seat)` gives a seat's next move (see Decide). A seat's move the match refuses is
    decided again once, if it was decided before other moves were played (the table changed
    under it); a refusal of a fresh decision is the decider's own: `refused(seat, move,
    error)` then plays something else and returns its events, or (by default) the refusal
    is raised.
    """

    def __init__(self, match: Match, decide: Decide,
                 refused: Callable[[int, Any, IllegalMove], list[Event]] | None = None,
                 heard: Callable[[int, Any, list[Event]], None] | None = None):
        self.match = match
        self.decide = decide
        self.refused = refused
        #: told of every move this table plays: (seat, the move as decided, its events)
        self.heard = heard
        self.pending: dict[int, Pending] = {}
        #: the moment of the last move played in the phase now running (None: untimed)
        self.now: float | None = None

    # ---- looking ahead -------------------------------------------------------------

    def moment(self, seat: int, move) -> float | None:
        key, payload = key_and_payload(move)
        return self.match.rules.moment(self.match.state, seat, key, payload)

    def _ask(self, seat: int) -> Pending | None:
        got = self.pending.get(seat)
        if got is None:
            move = self.decide(seat)
            if move is None:
                return None
            got = self.pending[seat] = Pending(move, self.moment(seat, move), len(self.match.log.moves))
        return got

    def upcoming(self, waiting: tuple[int, ...] | None = None) -> list[tuple[int, Pending]]:
        """The seats that act now with a move to give, earliest first."""
        waiting = self.match.to_act() if waiting is None else waiting
        if len(waiting) <= 1:
            self.pending.clear()         # one seat acts: nothing waits, each move decided fresh
        for seat in list(self.pending):
            if seat not in waiting:
                del self.pending[seat]
        found = [(seat, p) for seat in waiting if (p := self._ask(seat)) is not None]
        if len(waiting) > 1 and any(p.moment is not None for _, p in found):
            seed, moves = self.match.log.seed, len(self.match.log.moves)
            found.sort(key=lambda sp: (float("inf") if sp[1].moment is None else round(sp[1].moment / EPSILON),
                                       tie_break(seed, moves, sp[0])))
        return found

    def next_moment(self, skip: int | None = None) -> float | None:
        """The moment of the earliest move waiting to be played (another seat's than `skip`)."""
        for seat, p in self.upcoming():
            if seat != skip:
                return p.moment
        return None

    # ---- playing -------------------------------------------------------------------

    def step(self, until: float | None = None, skip: int | None = None) -> tuple[int, list[Event]] | None:
        """Play the earliest waiting move of a seat other than `skip`, at a moment not after
        `until`; (seat, events), or None when no seat has a move to give within that.

        `skip` is a seat played live (a person at the screen) whose next move comes at `until`:
        a move of another seat at that very moment goes first only where the draw that orders
        equal moments (`tie_break`) puts it first, as it would among recorded moves. A move
        the table has made impossible since it was decided (the piece is gone) is decided
        again, and the earliest move is looked for anew."""
        while True:
            chosen = self._earliest(until, skip)
            if chosen is None:
                return None
            seat, p = chosen
            self.pending.pop(seat, None)
            if p.decided_at != len(self.match.log.moves):
                try:
                    events = self.match.play(seat, p.move)
                except IllegalMove:
                    continue                     # decided anew at the next look
                return seat, self._heard(seat, p, events)
            try:
                events = self.match.play(seat, p.move)
            except IllegalMove as error:
                if self.refused is None:
                    raise
                return seat, self._heard(seat, p, self.refused(seat, p.move, error), played=False)
            return seat, self._heard(seat, p, events)

    def _earliest(self, until: float | None, skip: int | None) -> tuple[int, Pending] | None:
        for seat, p in self.upcoming():
            if seat == skip:
                continue
            if until is not None and p.moment is not None:
                if p.moment > until + EPSILON:
                    return None
                if skip is not None and p.moment > until - EPSILON:
                    seed, moves = self.match.log.seed, len(self.match.log.moves)
                    if tie_break(seed, moves, seat) > tie_break(seed, moves, skip):
                        return None
            return seat, p
        return None

    def run(self, until: float | None = None, skip: int | None = None, limit: int | None = None) -> int:
        """Play waiting moves in time order until none is left within `until` (or `limit` moves
        have been played); how many were played."""
        played = 0
        while limit is None or played < limit:
            if self.match.over or self.step(until, skip) is None:
                break
            played += 1
        return played

    def _heard(self, seat: int, p: Pending, events: list[Event], played: bool = True) -> list[Event]:
        self.played(seat, p.moment, events)
        if self.heard is not None and played:
            self.heard(seat, p.move, events)
        return events

    def played(self, seat: int, moment: float | None, events: list[Event]) -> None:
        """Note a move played for `seat` (by this table or from outside it): the next moves of
        the seats it touched are decided again."""
        if moment is not None:
            self.now = moment if self.now is None else max(self.now, moment)
        if len(self.match.to_act()) <= 1:
            self.now = None
        for e in events:
            if e.seat is not None and e.seat != seat:
                self.pending.pop(e.seat, None)

    def forget(self, seat: int | None = None) -> None:
        """Drop a seat's waiting move (all seats' when None): it is decided again when asked."""
        if seat is None:
            self.pending.clear()
        else:
            self.pending.pop(seat, None)
