"""The JIDOHANBAIKI vending machine: pour drinks in, see which come out and which stick.

The machine's cross-section and the drinks' side profiles come from assets
(vending_machine.toml, drinks.toml). Where each drink enters is drawn from a seeded
generator, so a pour is chaotic by nature yet the same seed gives the same pour.
Stuck drinks are cleared back out of the machine, as the Shopping Spree does (004:223).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from functools import lru_cache

import pymunk

from core import assets
from core.rng import Rng

from . import world

WALL_RADIUS = 1.0
POLY_RADIUS = 0.5          # drinks' outlines are rounded by this much
CHECK_EVERY = 6


@dataclass(frozen=True)
class DrinkBody:
    """A drink's side profile: a body, and for bottles a neck on top."""
    shape: int
    width: float
    height: float
    neck_width: float
    neck: float
    mass: float

    def reach(self, angle: float) -> float:
        """How far the drink reaches left and right of its middle when turned by `angle`.

        Measured from the middle of its height (where the body's position is), outline
        radius included, so a drink placed `reach` from a wall starts clear of it.
        """
        c, s = math.cos(angle), math.sin(angle)
        half = self.height / 2
        return max(abs(px * c - (py - half) * s) for p in self.parts() for px, py in p) + POLY_RADIUS

    def parts(self) -> list[list[tuple[float, float]]]:
        """Convex parts centred on the body's middle (x) and bottom (y = 0)."""
        w, h, nw, nh = self.width / 2, self.height, self.neck_width / 2, self.neck
        if nh <= 0:
            return [[(-w, 0), (w, 0), (w, h), (-w, h)]]
        body_h = h - nh
        return [[(-w, 0), (w, 0), (w, body_h), (-w, body_h)],
                [(-nw, body_h), (nw, body_h), (nw, h), (-nw, h)]]


@dataclass(frozen=True)
class Machine:
    walls: tuple
    shelves: tuple
    pegs: tuple
    outlet_x: tuple[float, float]
    outlet_below: float
    hopper_x: tuple[float, float]
    hopper_y: float
    every: float
    friction: float
    seconds: float
    width: float
    height: float
    drinks: tuple[DrinkBody, ...]

    @classmethod
    def from_assets(cls, machine: dict, drinks: dict) -> "Machine":
        depth = float(drinks.get("depth_mm", 14))
        density = float(drinks.get("density_g_per_mm3", 0.0006))
        bodies = []
        for row in sorted(drinks["shapes"], key=lambda r: int(r["position"])):
            w, h = float(row["width_mm"]), float(row["height_mm"])
            nw, nh = float(row.get("neck_width_mm", 0)), float(row.get("neck_mm", 0))
            area = w * (h - nh) + nw * nh
            bodies.append(DrinkBody(int(row["position"]) - 1, w, h, nw, nh, area * depth * density))
        seg = lambda rows: tuple(((float(a[0]), float(a[1])), (float(b[0]), float(b[1]))) for a, b in rows)  # noqa: E731
        return cls(
            walls=seg(machine["walls"]), shelves=seg(machine.get("shelves", [])),
            pegs=tuple((float(x), float(y), float(r)) for x, y, r in machine.get("pegs", [])),
            outlet_x=(float(machine["outlet"]["x0_mm"]), float(machine["outlet"]["x1_mm"])),
            outlet_below=float(machine["outlet"]["below_mm"]),
            hopper_x=(float(machine["hopper"]["x0_mm"]), float(machine["hopper"]["x1_mm"])),
            hopper_y=float(machine["hopper"]["y_mm"]), every=float(machine["hopper"]["every_s"]),
            friction=float(machine["physics"]["friction"]), seconds=float(machine["physics"]["seconds"]),
            width=float(machine["width_mm"]), height=float(machine["height_mm"]),
            drinks=tuple(bodies))


@lru_cache(maxsize=1)
def machine() -> Machine:
    return Machine.from_assets(assets.load("vending_machine.toml"), assets.load("drinks.toml"))


@dataclass
class Pour:
    """A pour in progress or done: which drinks (by index 0-35) came out and which stuck."""
    machine: Machine
    drinks: list[int]
    seed: int
    space: pymunk.Space = field(repr=False)
    bodies: dict[int, pymunk.Body] = field(default_factory=dict, repr=False)
    waiting: list[tuple[float, int, float, float]] = field(default_factory=list, repr=False)
    out: list[int] = field(default_factory=list)
    stuck: list[int] = field(default_factory=list)
    steps: int = 0
    done: bool = False

    @property
    def seconds(self) -> float:
        return self.steps * world.POUR_STEP

    def step(self) -> None:
        """One fixed step: drop any drink whose time has come, move, see who left."""
        t = self.steps * world.POUR_STEP
        while self.waiting and self.waiting[0][0] <= t:
            _, k, x, angle = self.waiting.pop(0)
            self._drop(k, x, angle)
        self.space.step(world.POUR_STEP)
        self.steps += 1
        if self.steps % CHECK_EVERY == 0:
            self._look()

    def _drop(self, k: int, x: float, angle: float) -> None:
        drink = self.drinks[k]
        shape_kind = self.machine.drinks[drink % 6]
        body = pymunk.Body()
        body.position = (x, self.machine.hopper_y)
        body.angle = angle
        parts = shape_kind.parts()
        area = sum((p[1][0] - p[0][0]) * (p[2][1] - p[1][1]) for p in parts)
        shapes = []
        for p in parts:
            s = pymunk.Poly(body, [(px, py - shape_kind.height / 2) for px, py in p], radius=POLY_RADIUS)
            s.density = shape_kind.mass / area
            s.friction = math.sqrt(self.machine.friction)
            s.elasticity = world.ELASTICITY
            shapes.append(s)
        self.space.add(body, *shapes)
        self.bodies[k] = body

    def _look(self) -> None:
        m = self.machine
        for k, body in list(self.bodies.items()):
            if body.position.y < m.outlet_below:
                self.space.remove(body, *body.shapes)
                del self.bodies[k]
                self.out.append(self.drinks[k])
        if not self.waiting and (not self.bodies or all(b.is_sleeping for b in self.bodies.values())):
            self._finish()

    def _finish(self) -> None:
        self.stuck = [self.drinks[k] for k in sorted(self.bodies)]
        self.done = True

    def run(self) -> "Pour":
        limit = int(round(self.machine.seconds / world.POUR_STEP))
        while not self.done and self.steps < limit:
            self.step()
        if not self.done:
            self._look()
            if not self.done:
                self._finish()
        return self

    def clear_stuck(self) -> list[int]:
        """004:223 — take the stuck drinks out of the machine; they are returned."""
        cleared = list(self.stuck)
        for k, body in list(self.bodies.items()):
            self.space.remove(body, *body.shapes)
        self.bodies.clear()
        self.stuck = []
        return cleared

    def as_dict(self, codes=None) -> dict:
        name = (lambda d: codes[d]) if codes else (lambda d: d)
        return {"seed": self.seed, "poured": [name(d) for d in self.drinks],
                "out": [name(d) for d in self.out], "stuck": [name(d) for d in self.stuck],
                "steps": self.steps, "seconds": round(self.seconds, 4)}


def random_drinks(seed: int, count: int) -> list[int]:
    """`count` different drinks of the 36 (indices colour*6 + shape), chosen by core.rng.Rng(seed)."""
    if not 1 <= count <= 36:
        raise ValueError("choose between 1 and 36 drinks")
    drinks = list(range(36))
    Rng(seed).shuffle(drinks)
    return drinks[:count]


def new_space(m: Machine) -> pymunk.Space:
    space = world.new_space(world.POUR_ITERATIONS, world.POUR_SLEEP_TIME)
    for a, b in m.walls + m.shelves:
        s = pymunk.Segment(space.static_body, a, b, WALL_RADIUS)
        s.friction = math.sqrt(m.friction)
        s.elasticity = world.ELASTICITY
        space.add(s)
    for x, y, r in m.pegs:
        s = pymunk.Circle(space.static_body, r, (x, y))
        s.friction = math.sqrt(m.friction)
        space.add(s)
    return space


def start_pour(drinks: list[int], seed: int, m: Machine | None = None) -> Pour:
    """Set up a pour of `drinks` (indices colour*6 + shape) without running it."""
    m = m or machine()
    rng = Rng(seed, stream=223)
    waiting = []
    for k, drink in enumerate(drinks):
        u = rng.below(10_000) / 10_000
        angle = 2 * math.pi * rng.below(3600) / 3600
        # The whole drink starts inside the hopper span (and so clear of the walls):
        # a drink begun overlapping a wall could be pushed through it and hang there.
        reach = m.drinks[drink % 6].reach(angle)
        lo, hi = m.hopper_x[0] + reach, m.hopper_x[1] - reach
        x = lo + (hi - lo) * u if lo < hi else (m.hopper_x[0] + m.hopper_x[1]) / 2
        waiting.append((k * m.every, k, x, angle))
    return Pour(m, list(drinks), seed, new_space(m), waiting=waiting)


def pour(drinks: list[int], seed: int, m: Machine | None = None) -> Pour:
    """Throw `drinks` into the machine (all together, one after another) and wait."""
    return start_pour(drinks, seed, m).run()


def statistics_seed(first_seed: int, s: int) -> int:
    """The seed of pour number `s` (0, 1, 2, ...) in `pour_statistics`: first_seed + s.

    The same seed chooses the drinks (`random_drinks(seed, count)`) and drives the pour,
    so pour `s` of `count` drinks is exactly what
    `tokyo practice vending --seed <first_seed + s> --drinks <count>` pours.
    """
    return first_seed + s


def pour_statistics(counts=(1, 3, 5, 7), pours: int = 500, first_seed: int = 0, *,
                    m: Machine | None = None) -> dict[int, dict]:
    """How the machine treats the pours the games make (004:79, 004:223, 004:253).

    For each count k, pours number s = 0 .. pours-1 throw in
    `random_drinks(statistics_seed(first_seed, s), k)` with that same seed. Returns, per
    count, a dict with
      "pours", "drinks"      how many pours and drinks,
      "drinks_out"           how many drinks came out, "out" the share of all drinks (0-1),
      "pours_stuck"          how many pours left at least one drink stuck, "stuck" its share,
      "ms_per_pour"          mean wall time of a pour (time.perf_counter; reported only,
                             it is the one figure that differs from run to run).
    Everything but the time is deterministic.
    """
    if pours < 1:
        raise ValueError("pour at least once")
    m = m or machine()
    result: dict[int, dict] = {}
    for k in counts:
        k = int(k)
        out = stuck = 0
        elapsed = 0.0
        for s in range(pours):
            seed = statistics_seed(first_seed, s)
            drinks = random_drinks(seed, k)
            t = time.perf_counter()
            p = pour(drinks, seed, m)
            elapsed += time.perf_counter() - t
            out += len(p.out)
            stuck += bool(p.stuck)
        result[k] = {"pours": pours, "drinks": pours * k,
                     "drinks_out": out, "out": out / (pours * k),
                     "pours_stuck": stuck, "stuck": stuck / pours,
                     "ms_per_pour": 1000 * elapsed / pours}
    return result
