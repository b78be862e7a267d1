"""The computer architects' planner: a building for a lot card, or the next Countdown floor.

Pure and deterministic: no clock, no files; chance only from the Rng it is handed. A
plan is never assumed to be good: every returned building has passed the rule check of
physics/building.py and is known to stand before it is returned: by statics where they are
sure (physics.stability.surely_stands: each piece wholly on the flat tops below it, every
load inside what holds it, as the planner builds), else by the physics verdict.

How a building is planned (`plan`): the card's N pieces are split over its F floors;
each floor is one row of pieces side by side (so they touch, 004:52), lying inside the
floor below (or the lot outline, 004:37) and never over a gap (004:54). Every floor but
the top one is made of pieces of one height with flat tops, so the next floor lies flat;
the top floor may mix heights and, for a level that dares them, use arches, L-shapes,
roofs and wedges. The search draws splits, heights, pieces and offsets from the rng, up
to `level.tries` arrangements, and tests each complete one; a level that runs out of
tries gives up (None). The placements come floor by floor, bottom up, left to right in
each row: the order a person places them in, each acceptable when it is placed.

How a Countdown floor is planned (`plan_floor`): on the card's own edge (004:68) the next
floor is one row of flat-topped pieces of one height inside the floor below, with as
many pieces as fit (up to `limit`: how many the builder manages in the floor's time, which
Countdown's bot works out from its clock). Flat pieces (8-20 mm high) come first, pieces up to
40 mm high only when no flat one fits, then taller ones, and pieces that end the tower
(a roof, an L: nothing lies flat on them) last; of the rows
with the most pieces the widest is taken (the floor above keeps its room and the narrow
pieces are kept for later floors), then the lightest. Each piece is checked and judged
as it is added.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from physics import geometry
from physics.building import R_OVERLAP, R_RESTS, Building, Lot, Placement
from physics.pieces import Catalogue, catalogue
from physics.stability import stands as _stands
from physics.world import TOUCH_MM

ALL_KINDS = ("block", "beam", "column", "arch", "l-shape", "triangle")


def stands(building: Building) -> bool:
    """Whether the building stands: certain by statics for the buildings the planner makes
    (physics.stability.surely_stands: each piece wholly on the flat tops below it, every
    load inside what holds it; the physics has judged every such building standing), else
    by the physics verdict (physics.stability.stands). The verdicts are remembered there:
    while the architects plan, the same candidate building (or one of the same shapes: a twin
    piece's) is judged again and again (each row of a floor, each seat, each decision)."""
    return _stands(building, statics=True)


@dataclass(frozen=True)
class Level:
    """How good a computer architect is.

    `tries`: how many arrangements it may draw and test (its search budget: one that gets
    stuck half way, or falls, costs a try as one that stands does); `kinds`: the
    piece kinds it dares use; its build time is (seconds_base + seconds_per_piece * pieces
    + seconds_per_floor * floors) times a random factor in [1 - spread, 1 + spread].
    """
    name: str
    label: str
    tries: int
    kinds: tuple[str, ...]
    seconds_base: float
    seconds_per_piece: float
    spread: float
    seconds_per_floor: float = 0.0


LEVELS: dict[str, Level] = {
    "apprentice": Level("apprentice", "Apprentice", tries=6, kinds=("block",),
                        seconds_base=25.0, seconds_per_piece=9.0, spread=0.3, seconds_per_floor=6.0),
    "architect": Level("architect", "Architect", tries=24, kinds=("block", "beam", "column"),
                       seconds_base=15.0, seconds_per_piece=6.0, spread=0.2, seconds_per_floor=4.0),
    "master": Level("master", "Master", tries=200, kinds=ALL_KINDS,
                    seconds_base=8.0, seconds_per_piece=4.0, spread=0.1, seconds_per_floor=2.0),
}

EPS = 1e-6


@dataclass(frozen=True)
class Plan:
    """A building the architect found: the outline it stands on, its placements in the
    order they are placed, and how long the architect takes to build it."""
    outline: int
    placements: tuple[Placement, ...]
    seconds: float


# ---- timing ------------------------------------------------------------------------------

def build_seconds(level: Level, pieces: int, floors: int, rng) -> float:
    """The time the architect takes to build: the level's model times a random factor,
    rounded to 0.1 s."""
    base = level.seconds_base + level.seconds_per_piece * pieces + level.seconds_per_floor * floors
    factor = 1.0 - level.spread + 2.0 * level.spread * rng.below(1001) / 1000.0
    return round(base * factor, 1)


# ---- shapes ------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Shape:
    """A piece turned and flipped: its size, whether its top is flat and whole, its mass."""
    piece: str
    rotation: float
    flip: bool
    w: float
    h: float
    flat_top: bool
    mass: float
    parts: tuple


def _covers(parts, y: float, w: float) -> tuple[bool, list[tuple[float, float]]]:
    """The stretches of x where the parts' edges lie along the line y; whether they cover 0..w."""
    spans = []
    for q in parts:
        for (x0, y0), (x1, y1) in zip(q, q[1:] + q[:1]):
            if abs(y0 - y) < 1e-6 and abs(y1 - y) < 1e-6 and abs(x1 - x0) > 1e-6:
                spans.append((min(x0, x1), max(x0, x1)))
    merged = geometry.merge_intervals(spans, gap=1e-6)
    whole = len(merged) == 1 and merged[0][0] <= 1e-6 and merged[0][1] >= w - 1e-6
    return whole, merged


def _shapes(cat: Catalogue, piece: str) -> list[_Shape]:
    """Every distinct way to stand the piece on a flat floor: its base reaches both sides of
    its bounding box (a roof on its point, an L on its post are left out). Worked out once
    per catalogue and piece: a piece's shapes never change."""
    return _shapes_of(cat, piece)


@lru_cache(maxsize=512)
def _shapes_of(cat: Catalogue, piece: str) -> list[_Shape]:
    bp = cat[piece]
    out, seen = [], set()
    for rotation in (0.0, 90.0, 180.0, 270.0):
        for flip in (False, True):
            parts = [geometry.transform(p, flip=flip, degrees=rotation) for p in bp.parts]
            x0, y0, x1, y1 = geometry.bounds(parts)
            parts = tuple(tuple((round(x - x0, 6) + 0.0, round(y - y0, 6) + 0.0) for x, y in p) for p in parts)
            w, h = round(x1 - x0, 6), round(y1 - y0, 6)
            key = frozenset(frozenset(p) for p in parts)
            if key in seen:
                continue
            seen.add(key)
            _, base = _covers(parts, 0.0, w)
            if not base or base[0][0] > 1e-6 or base[-1][1] < w - 1e-6:
                continue
            flat_top, _ = _covers(parts, h, w)
            out.append(_Shape(piece, rotation, flip, w, h, flat_top, bp.mass_g, parts))
    return tuple(out)


def _supply(available, cat: Catalogue, level: Level, used=()) -> list[str]:
    """The available piece ids the level dares use, once each, in catalogue order."""
    have = set(available) - set(used)
    return [pid for pid in cat.ids() if pid in have and cat[pid].kind in level.kinds]


# ---- planning a lot card ------------------------------------------------------------------

def plan(lot: Lot, available: list[str], level: Level, rng, pieces: Catalogue | None = None) -> Plan | None:
    """A building for the lot card from the available pieces, or None when the level's
    search budget is spent without one (the architect gives up the round)."""
    if lot.floors is None or lot.pieces is None:
        raise ValueError("plan() builds a lot card: it needs the floors and pieces the card asks for")
    cat = pieces or catalogue()
    floors, count = lot.floors, lot.pieces
    if not may_build(lot, available, level, cat):
        return None
    supply = _supply(available, cat, level)
    shapes = {pid: _shapes(cat, pid) for pid in supply}
    supply = [pid for pid in supply if shapes[pid]]
    widths = [max(0.0, b - a) for a, b in lot.outlines]
    outlines = [i for i, w in enumerate(widths) if w > 0]
    for _ in range(level.tries):
        outline = _pick_outline(outlines, widths, rng)
        split = _split(count, floors, rng)
        rows = _arrange(lot.outlines[outline], split, supply, shapes, rng)
        if rows is None:
            continue                        # this arrangement got stuck: the try is spent
        placements = tuple(rows)
        if verified(lot, outline, placements, cat):
            return Plan(outline, placements, build_seconds(level, count, floors, rng))
    return None


def may_build(lot: Lot, available: list[str], level: Level, pieces: Catalogue | None = None) -> bool:
    """Whether the level might build the lot from the available pieces at all, judged without
    trying: enough pieces of the kinds it dares, and the narrowest of them fit a floor's
    share side by side in the widest outline. A plan may still fail; False is certain."""
    cat = pieces or catalogue()
    floors, count = lot.floors, lot.pieces
    supply = [pid for pid in _supply(available, cat, level) if _shapes(cat, pid)]
    widths = [max(0.0, b - a) for a, b in lot.outlines]
    if floors < 1 or count < floors or len(supply) < count or max(widths, default=0.0) <= 0:
        return False
    narrow = sorted(min(s.w for s in _shapes(cat, pid)) for pid in supply)
    return sum(narrow[:-(-count // floors)]) <= max(widths) + EPS


def verified(lot: Lot, outline: int, placements, pieces: Catalogue | None = None) -> bool:
    """Whether the building passes every rule and stands."""
    b = Building(lot, outline, list(placements), pieces=pieces or catalogue())
    if any(p.floor < q.floor for p, q in zip(placements[1:], placements)):
        return False                       # not floor by floor: a prefix might not rest
    return not b.check() and stands(b)


def _pick_outline(outlines, widths, rng) -> int:
    """An outline, the wider ones more often."""
    if len(outlines) == 1:
        return outlines[0]
    total = sum(int(widths[i] * 10) + 1 for i in outlines)
    r = rng.below(total)
    for i in outlines:
        r -= int(widths[i] * 10) + 1
        if r < 0:
            return i
    return outlines[-1]


def _split(count: int, floors: int, rng) -> list[int]:
    """The pieces of each floor, bottom up: at least one each, the lower floors usually more."""
    split = [1] * floors
    weights = [floors - k + 1 for k in range(floors)]
    total = sum(weights)
    for _ in range(count - floors):
        r = rng.below(total)
        for k, w in enumerate(weights):
            r -= w
            if r < 0:
                split[k] += 1
                break
    if rng.below(4):
        split.sort(reverse=True)
    return split


def _arrange(bounds, split, supply, shapes, rng) -> list[Placement] | None:
    """One arrangement drawn from the rng: rows of pieces floor by floor, or None."""
    lo, hi = bounds
    used: set[str] = set()
    y = 0.0
    out: list[Placement] = []
    floors = len(split)
    least = {pid: min(s.w for s in shapes[pid]) for pid in supply}    # each piece at its narrowest
    for k, n in enumerate(split, start=1):
        room = hi - lo
        free = [pid for pid in supply if pid not in used]
        narrow = sorted(least[pid] for pid in free)
        need = 0.0
        for m in split[k:]:
            need = max(need, sum(narrow[:m]))
        if k == floors:
            row = _top_row(n, room, free, shapes, rng)
        else:
            row = _flat_row(n, room, need, free, shapes, rng)
        if row is None:
            return None
        width = sum(s.w for s in row)
        spare = max(0.0, room - width)
        u = (rng.below(101) + rng.below(101)) / 200.0
        x = lo + math.floor(spare * u * 2 + EPS) / 2
        x = min(x, hi - width)
        out += lay_row(row, x, y, k)
        used.update(s.piece for s in row)
        lo, hi = x, x + width
        y += row[0].h if k < floors else 0.0
    return out


def lay_row(row, x: float, y: float, floor: int) -> list[Placement]:
    """A row of shapes on `floor`, side by side from x at height y, placed to 6 decimals (as
    statics check them: stability.surely_stands)."""
    out = []
    for s in row:
        out.append(Placement(s.piece, round(x, 6), round(y, 6), s.rotation, s.flip, floor))
        x += s.w
    return out


def _choose(n: int, items, low: float, high: float, rng):
    """n of the items (each (width, thing)), in a random order, widths summing to low..high;
    None when the draw gets stuck."""
    items = list(items)
    rng.shuffle(items)
    chosen, total = [], 0.0
    for left in range(n, 0, -1):
        pick = None
        widths = sorted(v for v, _ in items)
        for idx, (w, thing) in enumerate(items):
            rest = widths.copy()
            rest.remove(w)                  # the others' widths in order: equal widths are alike
            small = sum(rest[:left - 1])
            large = sum(rest[len(rest) - (left - 1):]) if left > 1 else 0.0
            if len(rest) < left - 1:
                continue
            if total + w + small <= high + EPS and total + w + large >= low - EPS:
                pick = idx
                break
        if pick is None:
            return None
        w, thing = items.pop(pick)
        chosen.append(thing)
        total += w
    return chosen


def _flat_row(n, room, need, free, shapes, rng):
    """n flat-topped pieces of one height side by side, width between `need` and `room`."""
    by_height: dict[float, list[_Shape]] = {}
    for pid in free:
        heights = set()                     # a piece once a height: its first way to stand so
        for s in shapes[pid]:
            if s.flat_top and s.h not in heights:
                heights.add(s.h)
                by_height.setdefault(s.h, []).append(s)
    options = []
    for h in sorted(by_height):
        ws = sorted(s.w for s in by_height[h])
        if len(ws) >= n and sum(ws[:n]) <= room + EPS and sum(ws[-n:]) >= need - EPS:
            options.append(h)
    if not options:
        return None
    weights = [max(1, int(1000 / h)) for h in options]     # flatter floors more often
    r = rng.below(sum(weights))
    for h, w in zip(options, weights):
        r -= w
        if r < 0:
            break
    return _choose(n, [(s.w, s) for s in by_height[h]], need, room, rng)


def _top_row(n, room, free, shapes, rng):
    """n pieces of any height side by side in `room`: the top floor."""
    items = []
    for pid in free:
        fits = [s for s in shapes[pid] if s.w <= room + EPS]
        if fits:
            items.append((min(s.w for s in fits), fits))
    chosen = _choose(n, items, 0.0, room, rng)
    if chosen is None:
        return None
    row, total = [], 0.0
    for k, fits in enumerate(chosen):
        rest = sum(min(s.w for s in f) for f in chosen[k + 1:])
        ok = [s for s in fits if total + s.w + rest <= room + EPS]
        s = rng.choice(ok)
        row.append(s)
        total += s.w
    return row


# ---- Countdown -----------------------------------------------------------------------------

def plan_floor(building: Building, available: list[str], level: Level, rng,
               limit: int | None = None) -> tuple[Placement, ...]:
    """The next Countdown floor: as many pieces as fit (up to `limit`) on the floor above the
    highest, each checked and judged as it is added. () when not even one piece can be
    added (that player is out, 004:75). The building itself is not changed."""
    plans = floor_plans(building, available, level, rng, limit, 1)
    return plans[0] if plans else ()


def floor_plans(building: Building, available: list[str], level: Level, rng,
                limit: int | None = None, count: int = 1) -> list[tuple[Placement, ...]]:
    """Up to `count` different rows for the next Countdown floor, the architect's own choice
    (`plan_floor`) first: each further one a whole row of another height or kind of piece
    that lays and stands. [] when not even one piece can be added."""
    cat = building.pieces
    supply = _supply(available, cat, level, used=[p.piece for p in building.placements])
    limit = len(supply) if limit is None else min(limit, len(supply))
    if limit <= 0:
        return []
    top = max((p.floor for p in building.placements), default=0)
    floor = top + 1
    if top == 0:
        spans = [building.lot.outlines[building.outline]]
    else:
        ext = [building.extent(i) for i, p in enumerate(building.placements) if p.floor == top]
        spans = geometry.merge_intervals([(e[0], e[2]) for e in ext], gap=TOUCH_MM)
    lo, hi = max(spans, key=lambda s: (s[1] - s[0], -s[0]))
    lo_out, hi_out = building.lot.outlines[building.outline]
    lo, hi = max(lo, lo_out), min(hi, hi_out)
    room = hi - lo
    if room <= 0:
        return []
    shapes = {pid: _shapes(cat, pid) for pid in supply}
    rows = _countdown_rows(room, limit, supply, shapes, rng)
    polys = [building.polygons(i) for i in range(len(building.placements))]
    whole: list[tuple[Placement, ...]] = []
    best: tuple[Placement, ...] = ()
    for row in rows[:max(1, level.tries)]:
        got = _lay_row(building, polys, row, lo, room, floor)
        if len(got) == len(row):
            whole.append(got)
            if len(whole) == count:
                break
        elif len(got) > len(best) and not whole:
            best = got
    if whole:
        return whole
    return [best] if best else []


def _tier(s: _Shape) -> int:
    """0: flat pieces (flat top, up to 20 mm high); 1: up to 40 mm high; 2: taller; 3: pieces
    that end the tower (nothing lies flat on them)."""
    if not s.flat_top:
        return 3
    return 0 if s.h <= 20 + EPS else 1 if s.h <= 40 + EPS else 2


def _countdown_rows(room, limit, supply, shapes, rng) -> list[list[_Shape]]:
    """Candidate rows for a Countdown floor, best first."""
    groups: dict[tuple[int, float], list[_Shape]] = {}
    for pid in supply:
        keys = set()                        # a piece once a group: its first way to stand so
        for s in shapes[pid]:
            if s.w > room + EPS:
                continue
            key = (_tier(s), s.h if s.flat_top else 0.0)
            if key not in keys:
                keys.add(key)
                groups.setdefault(key, []).append(s)
    scored = []
    for (tier, h), group in groups.items():
        order = list(group)
        rng.shuffle(order)                      # which of equal pieces: the rng's choice
        order.sort(key=lambda s: s.mass)        # ... the lighter first
        row = _widest(order, room, limit, flat=tier < 3)
        if row:
            width = sum(s.w for s in row)
            mass = sum(s.mass for s in row)
            scored.append(((tier, -len(row), -width, mass, h), row))
    scored.sort(key=lambda t: t[0])
    out = []
    for _, row in scored:
        rng.shuffle(row)
        out.append(row)
    return out


def _widest(order: list[_Shape], room: float, limit: int, flat: bool) -> list[_Shape]:
    """The most pieces (up to `limit`) of `order` that fit side by side in `room`; of those,
    the widest row. Ending pieces (`flat` False) come one at a time: the row is the top."""
    if not flat:
        fits = [s for s in order if s.w <= room + EPS]
        return [max(fits, key=lambda s: s.w)] if fits else []
    widths = sorted(s.w for s in order)
    n = 0
    while n < min(limit, len(widths)) and sum(widths[:n + 1]) <= room + EPS:
        n += 1
    if n == 0:
        return []
    # the widest n pieces that fit: greedy from the widest, keeping room for the rest
    chosen: list[_Shape] = []
    pool = sorted(order, key=lambda s: -s.w)        # stable: the lighter first among equals
    total = 0.0
    for s in pool:
        left = n - len(chosen) - 1
        if left < 0:
            break
        rest = sorted(t.w for t in pool if t is not s and t not in chosen)[:left]
        if total + s.w + sum(rest) <= room + EPS:
            chosen.append(s)
            total += s.w
    return chosen if len(chosen) == n else []


def _lay_row(building: Building, polys, row: list[_Shape], lo: float, room: float,
             floor: int) -> tuple[Placement, ...]:
    """Lay the row centred in the room, piece by piece, each checked and judged; the
    pieces that held."""
    width = sum(s.w for s in row)
    x = lo + math.floor((room - width) / 2 * 2 + EPS) / 2
    work = Building(building.lot, building.outline, list(building.placements), pieces=building.pieces)
    placed = list(polys)
    out: list[Placement] = []
    for s in row:
        y = _landing(s, x, placed)
        p = Placement(s.piece, round(x, 6), y, s.rotation, s.flip, floor)
        if not _sits_flat(s, x, y, [ps for ps, q in zip(placed, work.placements) if q.floor == floor - 1]):
            break
        work.placements.append(p)
        if work.check(complete=False) or not stands(work):
            work.placements.pop()
            break
        placed.append(work.polygons(len(work.placements) - 1))
        out.append(p)
        x += s.w
    return tuple(out)


def _sits_flat(s: _Shape, x: float, y: float, below) -> bool:
    """Whether the shape at (x, y) lies flat on the floor below: its base rests along
    stretches of the pieces' flat tops that reach either side of its centre of mass, not
    balanced on a point (a roof's ridge) where only a perfect simulation would keep it."""
    if y <= TOUCH_MM:
        return True                                     # on the card
    _, base = _covers(s.parts, 0.0, s.w)
    tops = []
    for ps in below:
        for q in ps:
            for (x0, y0), (x1, y1) in zip(q, q[1:] + q[:1]):
                if abs(y0 - y) <= TOUCH_MM and abs(y1 - y) <= TOUCH_MM and abs(x1 - x0) > EPS:
                    tops.append((min(x0, x1), max(x0, x1)))
    stretches = []
    for a, b in base:
        for c, d in geometry.merge_intervals(tops, gap=TOUCH_MM):
            lo, hi = max(a + x, c), min(b + x, d)
            if hi > lo:
                stretches.append((lo, hi))
    if not stretches:
        return False
    area = cx = 0.0
    for q in s.parts:
        a = geometry.area(q)
        area += a
        cx += a * sum(px for px, _ in q) / len(q)      # convex parts: the mean of corners will do
    cx = x + cx / area
    total = sum(hi - lo for lo, hi in stretches)
    lo, hi = min(a for a, _ in stretches), max(b for _, b in stretches)
    return total >= min(5.0, s.w / 2) and lo + 1.0 <= cx <= hi - 1.0


def _landing(s: _Shape, x: float, placed) -> float:
    """Where the shape comes to rest let down straight at x (as physics/practice/build.py)."""
    near = []
    for ps in placed:
        x0, _, x1, y1 = geometry.bounds(ps)
        if x0 < x + s.w - EPS and x1 > x + EPS:
            near.append((ps, y1))
    if not near:
        return 0.0
    y = max(top for _, top in near)
    here = [geometry.transform(q, dx=x, dy=y) for q in s.parts]
    drop = min([y] + [geometry.fall_distance(a, q) for a in here for ps, _ in near for q in ps])
    return math.ceil((y - drop) * 100 - 1e-6) / 100


def prefix_problems(lot: Lot, outline: int, placements, pieces: Catalogue | None = None) -> list:
    """The overlap and resting violations of each prefix of the placements (each piece as
    it is placed); [] when every piece is acceptable at its moment."""
    cat = pieces or catalogue()
    out = []
    for i in range(1, len(placements) + 1):
        b = Building(lot, outline, list(placements[:i]), pieces=cat)
        out += [(i, v) for v in b.check(complete=False) if v.rule in (R_OVERLAP, R_RESTS)]
    return out


# ---- trial lots --------------------------------------------------------------------------

def numeral(n: int) -> str:
    """A piece count as lot cards print it: 'V///' is 8 (004:34)."""
    return "X" * (n // 10) + "V" * (n % 10 // 5) + "/" * (n % 5)


def random_lot(rng) -> Lot:
    """A lot like a real card's, for trials of the architects: 1-4 floors, floors..12
    pieces, one or two outlines 40-88 mm wide."""
    floors = 1 + rng.below(4)
    pieces = floors + rng.below(13 - floors)
    outlines = []
    for _ in range(1 + rng.below(2)):
        width = 40 + rng.below(49)
        left = rng.below(89 - width)
        outlines.append((float(left), float(left + width)))
    return Lot(tuple(outlines), floors, numeral(pieces))
