"""Computer builders for Countdown: each round they add the pieces their level manages in
the time (clock.countdown_limit), planned by the building kit's architects so the tower
still keeps the rules and stands (games/building/planner.py, plan_floor), each placement
stamped with the second it is made.

Everyone builds at once (core.simultaneous plays the builders' moves in the order of those
seconds), so a piece of the row may be taken first by another builder: the builder then
plans the floor again from what is left, or, with pieces already on it, ends its round.

A floor's plan depends on the position and on the builder's own draw from its random
stream (made once, at its first move: every seed is another game), so a builder who
meets a floor begun by one of its other rows (`candidates`, offered to the search bot)
recognises that row and goes on with it. Its pace is drawn anew each floor from the same
stream: its level's seconds a piece, give or take its spread."""

from __future__ import annotations

import hashlib

from core.game import Move
from core.rng import Rng
from games.building import planner
from games.building.placing import building, payload
from physics.building import Lot, Placement

from .clock import countdown_limit

#: how many rows for one floor a builder knows: its own and the others it may offer
ROWS = 4


class CountdownBot:
    needs_view = True

    def __init__(self, rules, level: str):
        self.rules = rules
        self.level = planner.LEVELS[level]
        self.name = level
        self._rows: dict[tuple, list] = {}
        self.salt: int | None = None         # its own draw, mixed into every floor's plan
        self._pace: dict[int, float] = {}    # floor -> seconds a piece
        self.current: tuple[int, tuple] | None = None   # (floor, row) it is laying

    def _floor(self, view):
        """This floor's pieces placed so far, and the rows the builder knows for it."""
        me = view["seats"][view["me"]]
        floor = view["round"]
        below = [p for p in me["building"] if p["floor"] < floor]
        placed = [p for p in me["building"] if p["floor"] == floor]
        order = {pid: i for i, pid in enumerate(self.rules.pieces.ids())}
        to_hand = sorted(list(view["supply"]) + [p["piece"] for p in placed], key=order.__getitem__)
        return floor, below, placed, to_hand

    def rows(self, view, count: int, salt: int | None = None) -> list[tuple[Placement, ...]]:
        """Up to `count` rows for this floor, the builder's own first; the same for the same
        position and `salt` whatever was placed of one of them since. Without a salt, the
        position's own rows, which every builder knows (the ones offered to the search)."""
        floor, below, _, to_hand = self._floor(view)
        where = repr((floor, below, to_hand))
        key = (where, count, salt)
        if key not in self._rows:
            tower = building(Lot.card_edge(view["card_mm"]), 0, below, self.rules.pieces)
            seed = int.from_bytes(hashlib.blake2b(f"{salt}:{where}".encode(), digest_size=4).digest(), "big")
            limit = countdown_limit(self.level, floor)
            self._rows[key] = planner.floor_plans(tower, to_hand, self.level, Rng(seed), limit, count)
        return self._rows[key]

    def _draws(self, view, rng) -> None:
        """Its own draws from its random stream: the salt once, the pace once a floor."""
        if self.salt is None:
            self.salt = rng.next32()
        floor = view["round"]
        if floor not in self._pace:
            spread = self.level.spread
            factor = 1.0 - spread + 2.0 * spread * rng.below(1001) / 1000.0
            self._pace = {floor: self.level.seconds_per_piece * factor}

    def _place(self, view, row, n: int) -> Move | None:
        """The row's piece `n` at the next second its pace allows; None when the round's time
        would be up first."""
        me = view["seats"][view["me"]]
        pace = self._pace.get(view["round"], self.level.seconds_per_piece)
        at = round(max(me["clock"], view.get("now", 0.0)) + pace, 1)
        if at > view["seconds"]:
            return None
        return Move("place", payload(row[n], seconds=at))

    def choose(self, view, legal, rng):
        self._draws(view, rng)
        keys = {a.key: a for a in legal}
        floor, _, placed, _ = self._floor(view)
        n = len(placed)
        if "place" in keys and self.current is not None and self.current[0] == floor:
            row = self.current[1]
            free = set(view["supply"])
            if n <= len(row) and [payload(p) for p in row[:n]] == placed and all(p.piece in free for p in row[n:]):
                move = self._place(view, row, n) if n < len(row) else None
                if move is not None:
                    return move
                keys.pop("place")            # the row is laid, or the time is up: the round ends
        if "place" in keys:
            move = self._begun(view, floor, placed)
            if move is not None:
                return move
        me = view["seats"][view["me"]]
        at = {"seconds": max(me["clock"], view.get("now", 0.0))}
        if "done" in keys:
            return Move("done", at)
        return Move("take_back", at)

    def _begun(self, view, floor: int, placed: list) -> Move | None:
        """The next piece of a row for this floor that the pieces placed so far begin: one of
        its own (salted) rows, or of the position's own (offered to the search); at the start
        of a floor, its own first row."""
        n = len(placed)
        for salt in (self.salt, None):
            for count in (1, ROWS):
                for row in self.rows(view, count, salt):
                    if n < len(row) and [payload(p) for p in row[:n]] == placed:
                        move = self._place(view, row, n)
                        if move is not None:
                            self.current = (floor, row)
                        return move
                if not placed:
                    return None
        return None

    def candidates(self, view, legal, count: int) -> list[Move]:
        """At the start of a floor: the first piece of each of the position's own rows (the
        ones every builder knows), for the search bot to try against each other."""
        if not any(a.key == "place" for a in legal) or self._floor(view)[2]:
            return []
        moves = [self._place(view, row, 0) for row in self.rows(view, min(count, ROWS))]
        return [m for m in moves if m is not None]


def _factory(level):
    return lambda rules: CountdownBot(rules, level)


COUNTDOWN_BOTS = {name: _factory(name) for name in planner.LEVELS}
