"""The computer architect of lot rounds (Tokyo Jutaku, Bottle Bonus): it really builds, and
plays to win.

Each level (planner.LEVELS) plans a building from its own view (its lot, the pieces
still in the middle), verified by the same rule check and the same physics verdict as
a person's Stop!, then places it piece by piece, each placement at a moment of its own
clock, and calls Stop! when its level's time is up. All seats build at once: the table
(core.simultaneous) plays their moves in the order of those moments, so a piece the
architect reaches for may be gone; it then plans again from the table as it is. When
another builder's Stop! has already passed before it could finish, it gives the round up,
as everyone at the table stops building then (004:56). When its search finds nothing it
gives the round up too: no success is assumed.

Between rounds it values a lot card by its yen times its chance of being built first
against the cards the others hold (the same estimate the search bot scores by, at the
architect's own pace), and never stays on a card it cannot build when it may move
(004:58). Its plans and times come from its own random stream, drawn from the game's
seed, so every seed is another game. A game with moves of its own (Bottle Bonus's drinks)
teaches it them in a subclass, through the hooks `before_building`, `while_building`,
`further` and `between_rounds`.
"""

from __future__ import annotations

from functools import lru_cache

from core.game import Move
from physics.building import Lot

from . import planner
from .clock import first_chances, tenths
from .placing import payload

#: a card the level cannot build, or barely, is worth this share of its yen
HOPELESS = 0.0
#: the cards a later chooser of a start card is foreseen to weigh: the most yen a second
FORESEEN = 4


def lot_of(entry: dict) -> Lot:
    """The physics lot of a seat's card as its view shows it."""
    lot = entry["lot"]
    return Lot(tuple(tuple(o) for o in lot["outlines"]), lot["floors"], lot["numeral"])


def card_lot(card: dict) -> Lot:
    """The physics lot of a card on the plan as the view shows it (its front)."""
    return Lot(tuple(tuple(o) for o in card["outlines"]), card["floors"], card["numeral"])


def pace(level: planner.Level, pieces: int, floors: int) -> float:
    """The level's usual time for a lot: its model without the random factor."""
    return level.seconds_base + level.seconds_per_piece * pieces + level.seconds_per_floor * floors


@lru_cache(maxsize=8)
def twins(pieces) -> dict[str, tuple[str, ...]]:
    """Each piece's twins: the other pieces of the same shape and mass, which a builder takes
    instead when the one it reached for is gone (the box has several of most shapes)."""
    by_shape: dict[tuple, list[str]] = {}
    for pid in pieces.ids():
        bp = pieces[pid]
        by_shape.setdefault((bp.parts, bp.mass_g), []).append(pid)
    return {pid: tuple(q for q in group if q != pid) for group in by_shape.values() for pid in group}


@lru_cache(maxsize=4096)
def buildable(lot: Lot, level: planner.Level, pieces) -> bool:
    """Whether the level might build the lot from the whole supply (planner.may_build): a
    judgement of the card, without trying a building, worked out once."""
    return planner.may_build(lot, pieces.ids(), level, pieces)


class ArchitectBot:
    """A computer architect of one level; it keeps the plan it is building."""

    needs_view = True

    def __init__(self, rules, level: str):
        self.rules = rules
        self.level = planner.LEVELS[level]
        self.name = level
        self.plan: planner.Plan | None = None
        self.key = None
        self.begun = 0.0           # the moment on its clock the plan began
        self.done_before = 0       # pieces of the plan already placed when it began
        self.free = 0              # pieces placed before the round's clock runs (they take no time)
        self.quick = 0             # pieces of the plan whose time is saved this round
        self.round_seen = None
        self.hopeless: set[Lot] = set()   # lots it found no building for at a round's start

    def choose(self, view, legal, rng):
        keys = {a.key: a for a in legal}
        phase = view["phase"]
        if phase == "build":
            return self._build(view, keys, rng)
        if phase == "start":
            return self._start(view, keys, legal)
        if phase == "move":
            return self._move(view, keys)
        return self.between_rounds(view, keys, legal)

    def between_rounds(self, view, keys, legal):
        """Hook: a move of a game's own phases between rounds."""
        return legal[0]

    # ---- building ----------------------------------------------------------------------

    def _build(self, view, keys, rng):
        me = view["seats"][view["me"]]
        if self.round_seen != view["round"]:
            self.round_seen, self.free, self.quick = view["round"], 0, 0
        decided = self._decide(view, me, keys, rng)
        if isinstance(decided, Move) or decided.takes:
            return decided
        return Move(decided.key, {"seconds": max(me["clock"], view.get("now", 0.0))})

    def _decide(self, view, me, keys, rng):
        built = [b["piece"] for b in me["building"]]
        now = max(me["clock"], view.get("now", 0.0))
        first = self.before_building(view, me, keys)
        if first is not None:
            return first
        key = (view["round"], me["card"], me["side"])
        plan = self.plan if self.key == key else None
        if plan is not None and not self._still_good(plan, me, view):
            plan = self.plan = self._mended(plan, me, view)
        if plan is None:
            if self.key == key and me["tries"]:
                return keys["give_up"]
            available = [p for p in view["supply"] + built if p != me.get("barred")]
            plan = planner.plan(lot_of(me), available, self.level, rng, self.rules.pieces)
            fresh = self.key != key
            self.plan, self.key = plan, key
            if plan is None:
                if fresh:
                    self.hopeless.add(lot_of(me))    # found no building for it: not worth staying on
                return keys["give_up"]
            self.begun = now
            self.done_before = _prefix(plan, me["building"])
            if fresh:
                self.free = 0
        done = _prefix(plan, me["building"])
        if done == len(plan.placements) == len(built) and me["tries"] and not me["verdict"]["passes"]:
            return keys["give_up"]      # never happens to a verified plan; never loops either
        stop = self._stop_at(plan)
        if self._beaten(view, stop):
            return keys["give_up"]
        now_then = self.while_building(view, keys)
        if now_then is not None:
            return now_then
        if done < len(built):
            return keys["take_back"]
        if plan.outline != me["outline"]:
            return keys[f"outline:{plan.outline}"]
        if done < len(plan.placements):
            return Move("place", payload(plan.placements[done], seconds=self._piece_at(plan, done, me)))
        return Move("stop", {"seconds": max(stop, me["last_try"], me["clock"])})

    def _timed(self, plan) -> int:
        """The pieces of the plan that take time: those not yet placed when it began."""
        return max(1, len(plan.placements) - self.done_before)

    def _span(self, plan) -> float:
        """The time the rest of the plan takes from its beginning: the level's build time for
        the whole card, cut to the share of pieces still to place, less the pieces that took
        no time (`free`, `quick`)."""
        n = len(plan.placements)
        share = (n - self.done_before + 1) / (n + 1)
        per_piece = plan.seconds / (n + 1)
        saved = per_piece * (self.free + self.quick)
        return max(per_piece, plan.seconds * share - saved)

    def _piece_at(self, plan, done: int, me) -> float:
        """The moment the plan's piece `done` is placed: the plan's pieces evenly over its
        time; a free piece at once."""
        if self.free and done < self.free:
            return me["clock"]
        k = done - self.done_before + 1
        span = self._span(plan)
        steps = len(plan.placements) - self.done_before + 1
        return round(max(me["clock"], self.begun + span * k / steps), 1)

    def _stop_at(self, plan) -> float:
        return tenths(self.begun + self._span(plan))

    def _beaten(self, view, stop: float) -> bool:
        """Another builder's Stop! has passed before this plan could end: the round is theirs."""
        me = view["me"]
        best = [e["stop"] for i, e in enumerate(view["seats"]) if i != me and e["stop"] is not None]
        return bool(best) and min(best) < stop

    def _mended(self, plan, me, view):
        """The plan with each of its pieces still to place that has gone (taken by someone
        else, or barred) swapped for a free twin of the same shape; None when one has none."""
        done = _prefix(plan, me["building"])
        free = set(view["supply"]) | {b["piece"] for b in me["building"][done:]}
        free.discard(me.get("barred"))
        placements = list(plan.placements)
        rest = {p.piece for p in placements[done:]}
        alike = twins(self.rules.pieces)
        for k in range(done, len(placements)):
            p = placements[k]
            if p.piece in free:
                continue
            twin = next((q for q in alike.get(p.piece, ()) if q in free and q not in rest), None)
            if twin is None:
                return None
            rest.add(twin)
            placements[k] = p.__class__(twin, p.x, p.y, p.rotation, p.flip, p.floor)
        return plan.__class__(plan.outline, tuple(placements), plan.seconds)

    def _still_good(self, plan, me, view) -> bool:
        """The plan can still be built: its next pieces are free, none of them the one the
        builder may not take now (`barred` in its view: a piece just put back)."""
        done = _prefix(plan, me["building"])
        free = set(view["supply"]) | {b["piece"] for b in me["building"][done:]}
        rest = [p.piece for p in plan.placements[done:]]
        return all(p in free and p != me.get("barred") for p in rest)

    # ---- hooks: a game's own moves --------------------------------------------------------

    def before_building(self, view, me, keys):
        """Hook: a move before the first piece of a round (None: build)."""
        return None

    def while_building(self, view, keys):
        """Hook: a move made while building instead of the plan's next step (None: build on)."""
        return None

    def further(self, view, keys, choice, keep):
        """Hook: the move between rounds once those in reach are weighed (`choice`, with `keep`
        the worth of staying): a game's own moves may go further."""
        return choice

    def _favourite(self, view) -> bool:
        """Whether this architect is the likeliest to build first this round."""
        chances = self._chances(view, view["me"], None)
        return chances[view["me"]] >= max(chances) - 1e-9

    # ---- between rounds ------------------------------------------------------------------

    def _chances(self, view, me: int, mine: dict | None) -> list[float]:
        """Each seat's chance of building first: its card at this level's pace (the others
        assumed as quick as this architect), `mine` the card this seat would hold."""
        times = []
        for i, e in enumerate(view["seats"]):
            card = mine if i == me and mine is not None else e["lot"]
            times.append(None if card is None else pace(self.level, card["pieces"], card["floors"]))
        return _chances(tuple(times), self.level.spread or 0.1)

    def _worth(self, view, me: int, lot: Lot, yen: int, card: dict | None = None) -> float:
        """What a lot is worth to this architect now: its yen times its chance of being built
        first; nothing for a lot its level cannot build."""
        if lot in self.hopeless or not buildable(lot, self.level, self.rules.pieces):
            return HOPELESS * yen
        shown = card or {"pieces": lot.pieces, "floors": lot.floors}
        return yen * self._chances(view, me, shown)[me]

    def _value_of(self, view, key: str) -> float:
        _, r, c = key.split(":")
        card = view["grid"][int(r)][int(c)]
        return self._worth(view, view["me"], card_lot(card), card["yen"], card)

    def _start(self, view, keys, legal):
        """004:27 — the start card worth most, knowing that those who choose after this
        architect will each take what is then worth most to them (as quick as it is)."""
        best, value = None, -1.0
        for k in keys:
            if not k.startswith("start:"):
                continue
            v = self._foreseen(view, k)
            if v > value:
                best, value = k, v
        return keys.get(best, legal[0])

    def _foreseen(self, view, key: str) -> float:
        me, n = view["me"], len(view["seats"])
        _, r, c = key.split(":")
        free = {(i, j): card for i, row in enumerate(view["grid"]) for j, card in enumerate(row)
                if card is not None and (i in (0, 5) or j in (0, 5))
                and buildable(card_lot(card), self.level, self.rules.pieces)}
        lots = [e["lot"] for e in view["seats"]]
        mine = view["grid"][int(r)][int(c)]
        if not buildable(card_lot(mine), self.level, self.rules.pieces):
            return 0.0
        lots[me] = mine
        free.pop((int(r), int(c)), None)
        for later in [(me + k) % n for k in range(1, n)]:
            if lots[later] is not None or not free:
                continue
            likely = sorted(free, key=lambda at: -free[at]["yen"] / pace(self.level, free[at]["pieces"],
                                                                            free[at]["floors"]))[:FORESEEN]
            pick = max(likely, key=lambda at: self._worth_with(lots, later, free[at]))
            lots[later] = free.pop(pick)
        return self._worth_with(lots, me, lots[me])

    def _worth_with(self, lots: list, seat: int, card: dict) -> float:
        """A card's worth to `seat` (which it can build) when the seats hold `lots` (None: no
        card yet)."""
        if card_lot(card) in self.hopeless:
            return 0.0
        times = tuple(None if (i != seat and lot is None) else
                      pace(self.level, (card if i == seat else lot)["pieces"], (card if i == seat else lot)["floors"])
                      for i, lot in enumerate(lots))
        return card["yen"] * _chances(times, self.level.spread or 0.1)[seat]

    def _best_card(self, view, moves, keep):
        value = None if keep is None else keep[1]
        chosen = None if keep is None else keep[0]
        for k in moves:
            v = self._value_of(view, k)
            if value is None or v > value:
                chosen, value = k, v
        return chosen

    def _move(self, view, keys):
        me = view["seats"][view["me"]]
        moves = [k for k in keys if k.startswith("move:")]
        keep = None
        if "keep" in keys and me["lot"]:
            keep = ("keep", self._worth(view, view["me"], lot_of(me), me["lot"]["yen"]))
            if keep[1] <= 0 and moves:
                keep = None              # never stay on a card it cannot build (004:58)
        choice = self.further(view, keys, self._best_card(view, moves, keep), keep)
        return keys[choice] if choice else next(iter(keys.values()))


@lru_cache(maxsize=65536)
def _chances(times: tuple, spread: float) -> list[float]:
    return first_chances(list(times), spread)


def _prefix(plan, building) -> int:
    """How many of the placed pieces are the plan's first placements, exactly."""
    n = 0
    for want, got in zip(plan.placements, building):
        if payload(want) != got:
            break
        n += 1
    return n


def _factory(kind, level):
    return lambda rules: kind(rules, level)


def architect_bots(kind=ArchitectBot) -> dict:
    """A game's bots: an architect of `kind` (ArchitectBot or a game's own) at every level."""
    return {name: _factory(kind, name) for name in planner.LEVELS}
