"""Computer builders for Countdown: each round they add the pieces their level manages in
the time (architect.countdown_limit), planned so the tower still keeps the rules and
stands (architect.plan_floor), each placement stamped with the second it is made.

A floor's plan depends on the position alone (the tower below, the pieces to hand), so a
builder who meets a floor begun by one of its other rows (`candidates`, offered to the
search bot) recognises that row and goes on with it."""

from __future__ import annotations

import hashlib

from core.game import Move
from core.rng import Rng
from games.jutaku import architect
from games.jutaku.bot import payload
from physics.building import Building, Lot, Placement

#: how many rows for one floor a builder knows: its own and the others it may offer
ROWS = 4


class CountdownBot:
    needs_view = True

    def __init__(self, rules, level: str):
        self.rules = rules
        self.level = architect.LEVELS[level]
        self.name = level
        self._rows: dict[tuple, list] = {}

    def _floor(self, view):
        """This floor's pieces placed so far, and the rows the builder knows for it."""
        me = view["seats"][view["me"]]
        floor = view["round"]
        below = [p for p in me["building"] if p["floor"] < floor]
        placed = [p for p in me["building"] if p["floor"] == floor]
        order = {pid: i for i, pid in enumerate(self.rules.pieces.ids())}
        to_hand = sorted(list(view["supply"]) + [p["piece"] for p in placed], key=order.__getitem__)
        return floor, below, placed, to_hand

    def rows(self, view, count: int) -> list[tuple[Placement, ...]]:
        """Up to `count` rows for this floor, the builder's own first; the same for the same
        position whatever was placed of one of them since."""
        floor, below, _, to_hand = self._floor(view)
        where = repr((floor, below, to_hand))
        key = (where, count)
        if key not in self._rows:
            building = Building(Lot.card_edge(view["card_mm"]), 0, pieces=self.rules.pieces)
            for p in below:
                building.place(Placement(p["piece"], p["x"], p["y"], p["rotation"], p["flip"], p["floor"]))
            seed = int.from_bytes(hashlib.blake2b(where.encode(), digest_size=4).digest(), "big")
            limit = architect.countdown_limit(self.level, floor)
            self._rows[key] = architect.floor_plans(building, to_hand, self.level, Rng(seed), limit, count)
        return self._rows[key]

    def _place(self, view, row, n: int) -> Move:
        step = min(view["seconds"], self.level.seconds_per_piece * (n + 1))
        return Move("place", dict(payload(row[n]), seconds=round(step, 1)))

    def choose(self, view, legal, rng):
        keys = {a.key: a for a in legal}
        _, _, placed, _ = self._floor(view)
        n = len(placed)
        if "place" in keys:
            for count in (1, ROWS):
                for row in self.rows(view, count):
                    if n < len(row) and [payload(p) for p in row[:n]] == placed:
                        return self._place(view, row, n)
                if not placed:
                    break
        if "done" in keys:
            return keys["done"]
        return keys["take_back"]

    def candidates(self, view, legal, count: int) -> list[Move]:
        """At the start of a floor: the first piece of each row this builder knows for it (its
        own first), for the search bot to try the rows against each other."""
        if not any(a.key == "place" for a in legal) or self._floor(view)[2]:
            return []
        return [self._place(view, row, 0) for row in self.rows(view, min(count, ROWS))]


def _factory(level):
    return lambda rules: CountdownBot(rules, level)


COUNTDOWN_BOTS = {name: _factory(name) for name in architect.LEVELS}
