"""Computer builders for Countdown: each round they add the pieces their level manages in
the time (architect.countdown_limit), planned so the tower still keeps the rules and
stands (architect.plan_floor), each placement stamped with the second it is made."""

from __future__ import annotations

from core.game import Move
from games.jutaku import architect
from games.jutaku.bot import payload
from physics.building import Building, Lot, Placement


class CountdownBot:
    needs_view = True

    def __init__(self, rules, level: str):
        self.rules = rules
        self.level = architect.LEVELS[level]
        self.name = level
        self.key = None
        self.plan: tuple = ()

    def choose(self, view, legal, rng):
        keys = {a.key: a for a in legal}
        me = view["seats"][view["me"]]
        floor = view["round"]
        key = (floor, len([p for p in me["building"] if p["floor"] < floor]))
        placed = [p for p in me["building"] if p["floor"] == floor]
        if self.key != key:
            self.key = key
            self.plan = ()
            if not placed and "place" in keys:
                building = Building(Lot.card_edge(view["card_mm"]), 0, pieces=self.rules.pieces)
                for p in me["building"]:
                    building.place(Placement(p["piece"], p["x"], p["y"], p["rotation"], p["flip"], p["floor"]))
                limit = architect.countdown_limit(self.level, floor)
                self.plan = architect.plan_floor(building, view["supply"], self.level, rng, limit)
        n = len(placed)
        if n < len(self.plan) and "place" in keys and [payload(p) for p in self.plan[:n]] == placed:
            step = min(view["seconds"], self.level.seconds_per_piece * (n + 1))
            return Move("place", dict(payload(self.plan[n]), seconds=round(step, 1)))
        if "done" in keys:
            return keys["done"]
        return keys["take_back"]


def _factory(level):
    return lambda rules: CountdownBot(rules, level)


COUNTDOWN_BOTS = {name: _factory(name) for name in architect.LEVELS}
