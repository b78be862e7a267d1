"""Computer architects for Tokyo Jutaku and Bottle Bonus: they really build.

Each level (architect.LEVELS) plans a building from its own view (its lot, the pieces
still in the middle), verified by the same rule check and the same physics verdict as
a person's Stop!, then places it piece by piece and calls Stop! with the build time its
level gives. When its search finds nothing it gives the round up: no success is assumed.
"""

from __future__ import annotations

from core.game import Move
from physics.building import Lot

from . import architect

DRINK_TASTE = ("purple", "blue", "red", "black", "white", "mint")


def lot_of(entry: dict) -> Lot:
    """The physics lot of a seat's card as its view shows it."""
    lot = entry["lot"]
    return Lot(tuple(tuple(o) for o in lot["outlines"]), lot["floors"], lot["numeral"])


def payload(p) -> dict:
    return {"piece": p.piece, "x": p.x, "y": p.y, "rotation": p.rotation, "flip": p.flip, "floor": p.floor}


class ArchitectBot:
    """A computer architect of one level; it keeps the plan it is building."""

    needs_view = True

    def __init__(self, rules, level: str):
        self.rules = rules
        self.level = architect.LEVELS[level]
        self.name = level
        self.plan: architect.Plan | None = None
        self.key = None

    def choose(self, view, legal, rng):
        keys = {a.key: a for a in legal}
        phase = view["phase"]
        if phase == "build":
            return self._build(view, keys, rng)
        if phase == "start":
            return keys.get(self._best_card(view, [k for k in keys if k.startswith("start:")], None), legal[0])
        if phase == "move":
            return self._move(view, keys)
        if phase == "pour":
            return keys["pour"]
        if phase == "take":
            return self._take(view, keys)
        return legal[0]

    # ---- building ----------------------------------------------------------------------

    def _build(self, view, keys, rng):
        me = view["seats"][view["me"]]
        built = [b["piece"] for b in me["building"]]
        if "drink:blue" in keys and self.level.name != "apprentice":
            return keys["drink:blue"]
        key = (view["round"], me["card"], me["side"])
        plan = self.plan if self.key == key else None
        if plan is not None and not self._still_good(plan, me, view):
            plan = None
        if plan is None:
            if self.key == key and me["tries"]:
                return keys["give_up"]
            available = [p for p in view["supply"] + built if p != me.get("barred")]
            plan = architect.plan(lot_of(me), available, self.level, rng, self.rules.pieces)
            self.plan, self.key = plan, key
            if plan is None:
                return keys["give_up"]
        done = _prefix(plan, me["building"])
        if done == len(plan.placements) == len(built) and me["tries"] and not me["verdict"]["passes"]:
            return keys["give_up"]      # never happens to a verified plan; never loops either
        if done < len(built):
            return keys["take_back"]
        if plan.outline != me["outline"]:
            return keys[f"outline:{plan.outline}"]
        if done < len(plan.placements):
            return Move("place", payload(plan.placements[done]))
        return Move("stop", {"seconds": max(plan.seconds, me["last_try"])})

    def _still_good(self, plan, me, view) -> bool:
        """The plan can still be built: its next pieces are free, none barred by mint."""
        done = _prefix(plan, me["building"])
        free = set(view["supply"]) | {b["piece"] for b in me["building"][done:]}
        rest = [p.piece for p in plan.placements[done:]]
        return all(p in free and p != me.get("barred") for p in rest)

    # ---- between rounds ------------------------------------------------------------------

    def _value(self, card: dict) -> float:
        """What a lot is worth to this architect: its yen, less for what it finds hard."""
        hard = card["pieces"] + 2 * card["floors"]
        reach = {"apprentice": 12, "architect": 16, "master": 24}.get(self.level.name, 16)
        return card["yen"] - (0 if hard <= reach else 1000 * (hard - reach))

    def _best_card(self, view, moves, keep):
        value = None if keep is None else self._value(keep[1])
        chosen = None if keep is None else keep[0]
        for k in moves:
            _, r, c = k.split(":")
            card = view["grid"][int(r)][int(c)]
            v = self._value(card)
            if value is None or v > value:
                chosen, value = k, v
        return chosen

    def _move(self, view, keys):
        me = view["seats"][view["me"]]
        moves = [k for k in keys if k.startswith("move:")] or [k for k in keys if k.startswith("purple:")]
        keep = ("keep", me["lot"]) if "keep" in keys and me["lot"] else None
        choice = self._best_card(view, moves, keep)
        return keys[choice] if choice else next(iter(keys.values()))

    def _take(self, view, keys):
        rules = self.rules
        for colour in DRINK_TASTE:
            for k in keys:
                if k.startswith("take:") and k != "take:none" and rules.colour_ids[int(k[5:]) // 6] == colour:
                    return keys[k]
        return keys["take:none"]


def _prefix(plan, building) -> int:
    """How many of the placed pieces are the plan's first placements, exactly."""
    n = 0
    for want, got in zip(plan.placements, building):
        if payload(want) != got:
            break
        n += 1
    return n


def _factory(level):
    return lambda rules: ArchitectBot(rules, level)


ARCHITECT_BOTS = {name: _factory(name) for name in architect.LEVELS}
