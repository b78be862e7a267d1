"""The Shopping Spree's crate pushed along the shop floor: what falls out is lost (004:203).

In the dexterity variant the goods go into your crate, you may not touch them once in,
and you push the crate with your architect marker; whatever falls out is lost. Here the
goods are put in one after another, each where the pile is lowest and it rests safely
(a careful hand), and come to rest; then the architect pushes the crate
`steps * STEP_MM` along a flat floor: the hand gets it going at the level's acceleration
up to the level's speed and brakes it to stop at the dot, with the force that takes.
Goods whose centre of gravity has left the crate's inside are lost.

The crate is a side view (x along the push, y up) with depth: its inside is cut into
`slices` rows across, and a good fills as many neighbouring rows as it is deep, so goods
side by side across the crate do not touch, as in a real crate, and a trip's load of a
dozen goods fits. The crate and the goods come from assets (crate.toml; drinks keep the
vending machine's profiles, drinks.toml). Where exactly each good is let go is jittered
by core.rng.Rng(seed): the same arguments give the same push, bit for bit.

The step is 1/480 s with 6 solver iterations (measured 2026-12-01 on 200 seeds of the tall
pile of tests/test_crate.py pushed two steps): at the vending machine's 1/240 s with 10
iterations piles creep, 0.15 goods a push fell while being put in and a gentle push lost
0.13-0.23 more, more than a steady one; at 1/480 s 0.02 and 0.005-0.015, while a hard push
loses as before (1.9). A 10-good push at level 3 took 19 ms with 6 iterations, 19 ms with
8 and 26 ms with 10, losing the same. The crate's floor is solid below (FLOOR_GUARD_MM) and
fallen goods no longer touch the crate: nothing passes through its 2 mm floor or walls.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from functools import lru_cache

import pymunk

from core import assets
from core.rng import Rng

from . import geometry, vending, world
from .building import CARD_MM

LEVELS = (1, 2, 3, 4, 5)
LEVEL_WORDS = ("gently", "steadily", "briskly", "hastily", "hard")
STEP_MM = CARD_MM              # reconstructed: one step along an aisle is about one lot card
DRINK = "drink:"               # a drink's kind id is DRINK + its index 0-35 (colour * 6 + shape)

STEP = 1 / 480                 # s, the fixed step of a push, with ITERATIONS solver iterations:
ITERATIONS = 6                 # see the module docstring
POLY_RADIUS = 0.3              # mm, the goods' corners rounded by this much (outline kept)
FOOT_MM = 0.5                  # the crate's underside: the only part of it touching the floor
SPOT_MM = 2                    # mm between the places a good is tried at
SUPPORT_MM = 1.0               # the pile within this of where a good rests holds it up
END_MM = 0.5                   # the crate stands at the dot this close to it
HAND_LAG_S = 0.02              # how quickly the hand's force follows the speed it aims at
LOAD_SPEED = 15.0              # mm/s: goods slower than this (and LOAD_SPIN rad/s) have come to
LOAD_SPIN = 0.3                # rest, so a careful hand puts the next good in
CHECK_EVERY = 16               # steps between looks at the goods (30 a second)
FLOOR_GUARD_MM = 20.0          # the crate's floor stops goods this deep below its top (it is solid
                               # down to the table): a good falling fast cannot pass through it
TABLE_BIT = 1 << 30            # shape categories: the floor, and goods that have fallen out;
FALLEN_BIT = 1 << 31           # the rows across the crate are the lowest bits


@dataclass(frozen=True)
class GoodKind:
    """A good's side profile: convex parts around its middle (x) and bottom (y = 0), standing."""
    kind: str
    name: str
    parts: tuple[tuple[tuple[float, float], ...], ...]
    width: float
    height: float
    depth: float
    mass: float
    friction: float
    stands: bool


@dataclass(frozen=True)
class Level:
    """How the architect pushes at one level: acceleration and braking (mm/s²), top speed (mm/s)."""
    level: int
    word: str
    accel: float
    brake: float
    speed: float


@dataclass(frozen=True)
class Crate:
    """The crate's cross-section (mm, g), the push levels, the loading, and every good kind."""
    inner_width: float
    height: float
    wall: float
    floor: float
    depth: float
    slices: int
    mass: float
    friction: float
    inner_friction: float
    marker_height: float
    levels: tuple[Level, ...]
    every: float
    wait_s: float
    gap: float
    jitter_mm: float
    jitter_deg: float
    settle_s: float
    after_s: float
    kinds: dict = field(hash=False, compare=False)

    @classmethod
    def from_assets(cls, data: dict, machine: vending.Machine, drink_depth: float) -> Crate:
        c, p, ld = data["crate"], data["push"], data["loading"]
        accel, brake, speed = ([float(a) for a in p[k]] for k in ("accel_mm_s2", "brake_mm_s2", "speed_mm_s"))
        if not len(accel) == len(brake) == len(speed) == len(LEVELS):
            raise ValueError(f"crate.toml [push] needs {len(LEVELS)} accelerations, brakings and speeds")
        kinds = {}
        for kind, row in data["goods"].items():
            w, h = float(row["width_mm"]), float(row["height_mm"])
            kinds[kind] = GoodKind(kind, str(row.get("name", kind)),
                                   (((-w / 2, 0.0), (w / 2, 0.0), (w / 2, h), (-w / 2, h)),),
                                   w, h, float(row["depth_mm"]), float(row["mass_g"]), float(row["friction"]),
                                   bool(row.get("stands")))
        drink_friction = float(data["drinks"]["friction"])
        for d in range(36):
            body = machine.drinks[d % 6]
            kinds[f"{DRINK}{d}"] = GoodKind(f"{DRINK}{d}", f"drink {d}", tuple(tuple(q) for q in body.parts()),
                                            body.width, body.height, drink_depth, body.mass, drink_friction, False)
        return cls(float(c["inner_width_mm"]), float(c["height_mm"]), float(c["wall_mm"]), float(c["floor_mm"]),
                   float(c["inner_depth_mm"]), int(c["slices"]), float(c["mass_g"]), float(c["friction"]),
                   float(c["inner_friction"]), float(p["marker_height_mm"]),
                   tuple(Level(*row) for row in zip(LEVELS, LEVEL_WORDS, accel, brake, speed)),
                   float(ld["every_s"]), float(ld["wait_s"]), float(ld["gap_mm"]), float(ld["jitter_mm"]),
                   float(ld["jitter_deg"]), float(ld["settle_s"]), float(ld["after_s"]), kinds)

    def kind(self, kind: str) -> GoodKind:
        try:
            return self.kinds[kind]
        except KeyError:
            raise ValueError(f"no good kind {kind!r} in crate.toml (nor a drink:0 to drink:35)") from None

    def level(self, level: int) -> Level:
        if isinstance(level, bool) or level not in LEVELS:
            raise ValueError(f"the push level is one of {LEVELS}, not {level!r}")
        return self.levels[level - 1]

    def rows(self, kind: str) -> int:
        """How many of the crate's rows across a good of this kind fills (it is that deep)."""
        return max(1, min(self.slices, math.ceil(self.kind(kind).depth / (self.depth / self.slices) - 1e-9)))

    def parts(self) -> list[tuple[tuple[float, float], ...]]:
        """The crate's convex parts on its own axes: x = 0 the back wall's inner face, y = 0 the floor."""
        w, t, f, h = self.inner_width, self.wall, self.floor, self.height
        return [((-t, 0.0), (w + t, 0.0), (w + t, FOOT_MM), (-t, FOOT_MM)),
                ((-t, FOOT_MM), (w + t, FOOT_MM), (w + t, f), (-t, f)),
                ((-t, f), (0.0, f), (0.0, h), (-t, h)),
                ((w, f), (w + t, f), (w + t, h), (w, h))]


@lru_cache(maxsize=1)
def crate() -> Crate:
    return Crate.from_assets(assets.load("crate.toml"), vending.machine(),
                             float(assets.load("drinks.toml").get("depth_mm", 14)))


@dataclass(frozen=True)
class PushResult:
    """Which goods (indices into the load, ascending) fell out and which stayed in."""
    load: tuple[str, ...]
    level: int
    steps: int
    seed: int
    fallen: tuple[int, ...]
    kept: tuple[int, ...]
    seconds: float

    def as_dict(self) -> dict:
        return {"load": list(self.load), "level": self.level, "steps": self.steps, "seed": self.seed,
                "fallen": list(self.fallen), "kept": list(self.kept), "seconds": round(self.seconds, 4)}


@dataclass
class Push:
    """A push in progress or done: `step()` it, or `run()` it to the end; `result` once done."""
    crate: Crate
    load: tuple[str, ...]
    level: int
    steps: int
    seed: int
    space: pymunk.Space = field(repr=False)
    body: pymunk.Body = field(repr=False)
    rng: Rng = field(repr=False)
    bodies: list = field(default_factory=list, repr=False)     # the goods put in so far
    outlines: list = field(default_factory=list, repr=False)   # each good's parts on its body's axes
    rows: list = field(default_factory=list)                   # each good's rows across the crate
    fallen: set = field(default_factory=set)
    phase: str = "loading"       # loading, settling, pushing, after, done
    frames: int = 0              # fixed steps taken
    phase_start: int = 0
    result: PushResult | None = None
    _aim: float = 0.0            # the speed the hand aims at now
    _mass: float = 0.0           # the crate's and the goods' in it
    _ready: bool = True          # whether the next good may go in
    _marker: tuple = (0.0, 0.0)  # where the marker pushes, on the crate's axes

    @property
    def done(self) -> bool:
        return self.result is not None

    @property
    def seconds(self) -> float:
        return self.frames * STEP

    @property
    def distance(self) -> float:
        return self.steps * STEP_MM

    @property
    def travelled(self) -> float:
        return self.body.position.x

    def crate_polygons(self) -> list[list[tuple[float, float]]]:
        """The crate's parts where it is now, in mm."""
        return [[tuple(self.body.local_to_world(v)) for v in p] for p in self.crate.parts()]

    def polygons(self, i: int) -> list[list[tuple[float, float]]]:
        """Good i's parts (outline, corners not rounded) where it is now; [] before it is put in."""
        if i >= len(self.bodies):
            return []
        b = self.bodies[i]
        return [[tuple(b.local_to_world(v)) for v in p] for p in self.outlines[i]]

    def centre(self, i: int) -> tuple[float, float]:
        """Good i's centre of gravity where it is now, in mm (its body's position)."""
        return tuple(self.bodies[i].position)

    def marker_x(self) -> float:
        """Where the architect marker touches the crate: its back wall's outer face."""
        return self.body.local_to_world((-self.crate.wall, self.crate.marker_height)).x

    # ---- the simulation ---------------------------------------------------------------

    def step(self) -> None:
        """One fixed step: put the next good in when the pile has come to rest, push, look."""
        if self.done:
            return
        if self.phase == "loading" and self._ready and len(self.bodies) < len(self.load):
            self._put_in(len(self.bodies))
            self._ready = False
            self.phase_start = self.frames
        elif self.phase == "pushing":
            self._hand()
        self.space.step(STEP)
        self.frames += 1
        if self.frames % CHECK_EVERY == 0:
            self._look()

    def run(self) -> Push:
        while not self.done:
            self.step()
        return self

    def load_in(self) -> Push:
        """Step until every good is in and the pile has come to rest, just before the push."""
        while self.phase in ("loading", "settling"):
            self.step()
        return self

    def _hand(self) -> None:
        """The architect's hand: aims at the level's speed, reached at its acceleration and
        braked at its braking so as to stop at the dot, and pushes (or holds back) with the
        force that takes: the crate's and its load's mass times the acceleration aimed at,
        plus the floor's friction while the crate moves."""
        body, lv = self.body, self.crate.levels[self.level - 1]
        v, x = body.velocity.x, body.position.x
        left = self.steps * STEP_MM - x
        if left <= END_MM and abs(v) < world.IDLE_SPEED:
            self._next("after")
            return
        ahead = max(left - max(v, 0.0) * HAND_LAG_S, 0.0)     # the crate runs on while the hand catches up
        self._aim = aim = min(lv.speed, self._aim + lv.accel * STEP, math.sqrt(2 * lv.brake * ahead))
        friction = self.crate.friction * world.GRAVITY if v > 0 or aim > 0 else 0.0
        body.apply_force_at_local_point((self._mass * (friction + (aim - v) / HAND_LAG_S), 0.0), self._marker)

    def _put_in(self, i: int) -> None:
        """Good i goes where it rests lowest and safely (back wall first), jittered a little,
        just above what will hold it; a tall good stands only where it stays below the walls'
        top."""
        c, kind, n = self.crate, self.crate.kind(self.load[i]), self.crate.rows(self.load[i])
        rng = self.rng
        u = rng.below(20_001) / 10_000 - 1
        tilt = math.radians(c.jitter_deg) * (rng.below(20_001) / 10_000 - 1)
        turn = math.pi / 2 if rng.below(2) else -math.pi / 2
        profiles, edges = self._profiles()
        gx, gy = _centroid(kind.parts)
        centred = [tuple((x - gx, y - gy) for x, y in p) for p in kind.parts]   # about its centre of gravity
        best = None
        for base in [0.0] if kind.stands or kind.height <= kind.width else [0.0, turn]:
            parts = _rotated(centred, base + tilt)
            x0, y0, x1, y1 = geometry.bounds(parts)
            lo, hi = -x0 + POLY_RADIUS, c.inner_width - x1 - POLY_RADIUS
            cog = _centroid(parts)[0]
            for first in range(c.slices - n + 1):
                under = list(map(max, *profiles[first:first + n])) if n > 1 else profiles[first]
                x, safe = _spot(under, lo, hi, x0, x1, cog, c.jitter_mm + 1.0)
                x = min(max(x + c.jitter_mm * u, lo), max(lo, hi))
                bottom = _height([e for r in range(first, first + n) for e in edges[r]], x + x0, x + x1,
                                 c.floor) + c.gap
                top = bottom + (y1 - y0)
                option = (not safe, round(top * 4), first, x, bottom - y0, base + tilt)
                if best is None or (option[:2] < best[:2] and (base == 0.0 or best[0] or best[1] > c.height * 4)):
                    best = option
        _, _, first, cx, cy, angle = best
        body = pymunk.Body()
        body.position = self.body.local_to_world((cx, cy))
        body.angle = self.body.angle + angle
        area = sum(abs(geometry.area(p)) for p in centred)
        rows = tuple(range(first, first + n))
        bits = sum(1 << r for r in rows)
        shapes = []
        for p in centred:
            s = pymunk.Poly(body, geometry.inset(geometry.ccw(p), POLY_RADIUS), radius=POLY_RADIUS)
            s.density = kind.mass / area
            s.friction = math.sqrt(kind.friction)
            s.elasticity = world.ELASTICITY
            s.filter = pymunk.ShapeFilter(categories=bits, mask=bits | TABLE_BIT)
            shapes.append(s)
        self.space.add(body, *shapes)
        self.bodies.append(body)
        self.outlines.append(centred)
        self.rows.append(rows)
        self._mass += kind.mass

    def _frame(self) -> tuple[float, float, float, float, float]:
        cb = self.body
        (x, y), a = cb.position, cb.angle
        return x, y, math.cos(a), math.sin(a), a

    @staticmethod
    def _on_crate(b: pymunk.Body, frame):
        """A map from body b's axes to the crate's (x = 0 the back wall's inner face, y = 0 the
        floor), the crate being where `frame` (from `_frame`) says."""
        cx, cy, ca, sa, angle = frame
        (bx, by), turn = b.position, b.angle - angle
        dx, dy = bx - cx, by - cy
        ox, oy = dx * ca + dy * sa, -dx * sa + dy * ca
        c, s = math.cos(turn), math.sin(turn)
        return lambda x, y: (ox + x * c - y * s, oy + x * s + y * c)

    def _profiles(self) -> tuple[list[list[float]], list[list[tuple[float, float, float, float]]]]:
        """For each row across the crate, the top of the pile (the goods' outlines) in each 1 mm
        column of its inside, and the upward-facing edges (x0, y0, x1, y1) it is made of, on
        the crate's axes."""
        n = max(1, math.ceil(self.crate.inner_width))
        tops = [[self.crate.floor] * n for _ in range(self.crate.slices)]
        edges = [[] for _ in range(self.crate.slices)]
        frame = self._frame()
        for i, b in enumerate(self.bodies):
            if i in self.fallen:
                continue
            top = [-math.inf] * n
            span = [n, -1]
            faces = []
            on = self._on_crate(b, frame)
            for part in self.outlines[i]:
                pts = [on(*v) for v in part]
                for (bx, by), (ax, ay) in zip(pts, pts[1:] + pts[:1]):
                    if ax >= bx:         # counter-clockwise: only edges running right to left face up
                        continue
                    faces.append((ax, ay, bx, by))
                    k0, k1 = max(0, int(ax)), min(n - 1, int(bx))
                    if k0 > k1:
                        continue
                    slope = (by - ay) / (bx - ax)
                    ends = [ay + slope * (min(max(k, ax), bx) - ax) for k in range(k0, k1 + 2)]
                    top[k0:k1 + 1] = map(max, top[k0:k1 + 1], ends, ends[1:])
                    span = [min(span[0], k0), max(span[1], k1)]
            a, z = span[0], span[1] + 1
            for r in self.rows[i]:
                tops[r][a:z] = map(max, tops[r][a:z], top[a:z])
                edges[r] += faces
        return tops, edges

    def _look(self) -> None:
        c = self.crate
        cx, cy, ca, sa, _ = self._frame()
        for i, b in enumerate(self.bodies):
            if i in self.fallen:
                continue
            px, py = b.position
            x, y = (px - cx) * ca + (py - cy) * sa, (py - cy) * ca - (px - cx) * sa
            if y < c.height and not -c.wall <= x <= c.inner_width + c.wall:
                self.fallen.add(i)
                self._mass -= c.kind(self.load[i]).mass
                fallen = pymunk.ShapeFilter(categories=FALLEN_BIT, mask=TABLE_BIT | FALLEN_BIT)
                for shape in b.shapes:
                    shape.filter = fallen
        elapsed = (self.frames - self.phase_start) * STEP
        if self.phase == "loading":
            self._ready = elapsed >= c.every and (elapsed >= c.wait_s or self._slow())
            if self._ready and len(self.bodies) == len(self.load):
                self._next("settling")
        elif self.phase == "settling" and (elapsed >= c.settle_s or self._still()):
            self._next("pushing")
            self.body.activate()
        elif self.phase == "pushing" and elapsed >= self._push_limit():
            self._next("after")
        elif self.phase == "after" and (elapsed >= c.after_s or self._still()):
            self._finish()

    def _push_limit(self) -> float:
        lv = self.crate.level(self.level)
        return 2 * (self.distance / lv.speed + lv.speed / lv.accel + lv.speed / lv.brake) + 1.0

    def _slow(self) -> bool:
        """Whether every good in the crate has (nearly) come to rest: the next may go in."""
        for i, b in enumerate(self.bodies):
            if i not in self.fallen and (b.velocity.length_squared > LOAD_SPEED ** 2
                                         or abs(b.angular_velocity) > LOAD_SPIN):
                return False
        return True

    def _still(self) -> bool:
        """Whether the crate and every good in it sleep: nothing more will happen."""
        return self.body.is_sleeping and all(b.is_sleeping for i, b in enumerate(self.bodies)
                                             if i not in self.fallen)

    def _next(self, phase: str) -> None:
        self.phase = phase
        self.phase_start = self.frames

    def _finish(self) -> None:
        for i, b in enumerate(self.bodies):
            x, _ = self.body.world_to_local(b.position)
            if not 0.0 <= x <= self.crate.inner_width:
                self.fallen.add(i)
        fallen = tuple(sorted(self.fallen))
        kept = tuple(i for i in range(len(self.load)) if i not in self.fallen)
        self.phase = "done"
        self.result = PushResult(self.load, self.level, self.steps, self.seed, fallen, kept, self.seconds)


def _rotated(parts, angle: float):
    c, s = math.cos(angle), math.sin(angle)
    return [tuple((x * c - y * s, x * s + y * c) for x, y in p) for p in parts]


def _centroid(parts) -> tuple[float, float]:
    area = sx = sy = 0.0
    for p in parts:
        a = abs(geometry.area(p))
        area += a
        sx += a * sum(x for x, _ in p) / len(p)
        sy += a * sum(y for _, y in p) / len(p)
    return sx / area, sy / area


def _spot(profile: list[float], lo: float, hi: float, x0: float, x1: float, cog: float,
          margin: float) -> tuple[float, bool]:
    """Where a careful hand puts a good whose footprint is x0..x1 about its middle and whose
    centre of gravity is `cog` from it: the middle x in lo..hi (SPOT_MM apart) where it rests
    lowest with its centre of gravity at least `margin` inside what holds it up (the first
    such from the back wall), and True; or, when it would rest so nowhere, where it rests
    lowest, and False."""
    if hi <= lo:
        return (lo + hi) / 2, False
    n = len(profile)
    k0 = max(0, int(lo + x0))
    w = max(1, min(n - k0, int(lo + x1) - k0 + 1))
    offsets = range(0, min(int(hi - lo), n - k0 - w) + 1, SPOT_MM)
    rests = [max(profile[k0 + j:k0 + j + w]) for j in offsets]
    order = sorted(range(len(rests)), key=lambda m: (round(rests[m] * 4), m))
    for m in order:
        j, rest = offsets[m], rests[m] - SUPPORT_MM
        under = profile[k0 + j:k0 + j + w]
        first = next(k for k, y in enumerate(under) if y > rest)
        last = w - 1 - next(k for k, y in enumerate(reversed(under)) if y > rest)
        if k0 + j + first + margin <= lo + j + cog <= k0 + j + last + 1 - margin:
            return lo + j, True
    return lo + offsets[order[0]], False


def _height(edges, a: float, b: float, floor: float) -> float:
    """The highest point of `edges` (x0, y0, x1, y1) over the span a..b, or the floor."""
    top = floor
    for x0, y0, x1, y1 in edges:
        if x1 < a or x0 > b:
            continue
        slope = (y1 - y0) / (x1 - x0)
        top = max(top, y0 + slope * (max(a, x0) - x0), y0 + slope * (min(b, x1) - x0))
    return top


def new_space(c: Crate) -> tuple[pymunk.Space, pymunk.Body]:
    """The floor (a static box whose top is y = 0) and the empty crate standing on it at x = 0.

    The crate's underside touches the floor; goods touch its floor, which is solid down into
    the table (FLOOR_GUARD_MM) so that a good falling fast cannot pass through it, and its
    walls. The floor's weight is carried by the underside, a millimetre lower."""
    space = world.new_space(ITERATIONS, world.SLEEP_TIME)
    floor = world.add_table(space)
    floor.filter = pymunk.ShapeFilter(categories=TABLE_BIT)
    body = pymunk.Body()
    underside, plate, back, front = c.parts()
    density = c.mass / sum(abs(geometry.area(p)) for p in c.parts())
    t, f, w = c.wall, c.floor, c.inner_width
    solid = ((-t, f - FLOOR_GUARD_MM), (w + t, f - FLOOR_GUARD_MM), (w + t, f), (-t, f))
    rows = (1 << c.slices) - 1
    shapes = []
    for p, mass, mask in ((underside, density * (abs(geometry.area(underside)) + abs(geometry.area(plate))),
                           pymunk.ShapeFilter.ALL_MASKS()),
                          (solid, 1e-9, rows),
                          (back, density * abs(geometry.area(back)), rows),
                          (front, density * abs(geometry.area(front)), rows)):
        s = pymunk.Poly(body, p)
        s.mass = mass
        s.friction = c.friction / floor.friction if p is underside else math.sqrt(c.inner_friction)
        s.elasticity = world.ELASTICITY
        s.filter = pymunk.ShapeFilter(categories=rows, mask=mask)
        shapes.append(s)
    space.add(body, *shapes)
    return space, body


def _checked(load: Sequence[str], level: int, steps: int, c: Crate) -> tuple[str, ...]:
    """The load as kind ids; ValueError for a kind, level or number of steps the crate has not."""
    load = tuple(str(k) for k in load)
    for k in load:
        c.kind(k)
    c.level(level)
    if isinstance(steps, bool) or not isinstance(steps, int) or steps < 0:
        raise ValueError(f"steps is a whole number 0 or more, not {steps!r}")
    return load


def start_push(load: Sequence[str], level: int, steps: int, seed: int, c: Crate | None = None) -> Push:
    """Set up a push of a crate holding `load` (kind ids, in the order put in), without running it."""
    c = c or crate()
    load = _checked(load, level, steps, c)
    space, body = new_space(c)
    return Push(c, load, int(level), steps, int(seed), space, body, Rng(seed, stream=203), _mass=c.mass,
                _marker=(-c.wall, c.marker_height))


#: the pushes `push` has made, newest last. A push is deterministic, and the same push is asked
#: for again whenever a match is rebuilt from its moves: a save loaded, a move taken back, a
#: search bot's worlds; each of those re-ran every push of the game (about 20 ms each).
#: Bounded, the oldest first out; a lock for bots thinking in threads.
PUSHES_KEPT = 1024
_pushes: OrderedDict = OrderedDict()
_pushes_lock = threading.Lock()


def _crate_key(c: Crate) -> tuple:
    return tuple(getattr(c, f.name) if f.name != "kinds" else tuple(c.kinds.items()) for f in fields(c))


def push(load: Sequence[str], level: int, steps: int, seed: int, c: Crate | None = None) -> PushResult:
    """Put `load` into the crate and push it `steps * STEP_MM` at `level`: what fell, what stayed.
    The same push asked for again is answered from memory (`start_push(...).run()` always
    simulates)."""
    c = c or crate()
    key = (_checked(load, level, steps, c), int(level), steps, int(seed), _crate_key(c))
    with _pushes_lock:
        known = _pushes.get(key)
        if known is not None:
            _pushes.move_to_end(key)
            return known
    result = start_push(load, level, steps, seed, c).run().result
    with _pushes_lock:
        _pushes[key] = result
        if len(_pushes) > PUSHES_KEPT:
            _pushes.popitem(last=False)
    return result


def random_load(seed: int, count: int, c: Crate | None = None) -> list[str]:
    """`count` goods as a trip through the shop might gather them, chosen by core.rng.Rng(seed).

    Drawn without putting back from every kind but the drinks once, and eight drinks at
    random: `count` is at most the number of kinds + 8.
    """
    c = c or crate()
    rng = Rng(seed, stream=204)
    pool = sorted(k for k in c.kinds if not k.startswith(DRINK))
    pool += [f"{DRINK}{rng.below(36)}" for _ in range(8)]
    if not 0 <= count <= len(pool):
        raise ValueError(f"choose between 0 and {len(pool)} goods")
    rng.shuffle(pool)
    return pool[:count]
