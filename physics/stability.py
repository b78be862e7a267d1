"""Does it stand? Settle a building under gravity and see what moved.

A building "stands" when, for the whole window (world.WINDOW_S), no piece moved more
than world.MOVE_LIMIT_MM or turned more than world.TURN_LIMIT_DEG against the piece it
rests on (Building.supports; floor-1 pieces against the table). The settle loop stops
early when every piece has gone to sleep (nothing more will happen) or as soon as a piece
passes a limit (the verdict is known). The verdict keeps every piece's pose at the
moment it was decided, so a picture can show exactly what the numbers describe.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass, field, replace

import pymunk

from . import geometry, world
from .building import Building


@dataclass
class Scene:
    """A pymunk space holding a building: bodies in placement order, and what each rests on."""
    space: pymunk.Space
    bodies: list[pymunk.Body]
    supports: list[int | None] = field(default_factory=list)
    cogs: list[tuple[float, float]] = field(default_factory=list)
    outlines: list = field(default_factory=list)   # each piece's parts on its body's axes
    start: list[tuple[float, float, float]] = field(default_factory=list)
    steps: int = 0

    def pose(self, i: int) -> tuple[float, float, float]:
        """Piece i's centre of gravity (mm) and angle (rad), on the table's axes."""
        b = self.bodies[i]
        px, py = b.position
        a = b.angle
        cx, cy = self.cogs[i]
        c, s = math.cos(a), math.sin(a)
        return px + cx * c - cy * s, py + cx * s + cy * c, a

    def outline(self, i: int) -> list[tuple[tuple[float, float], ...]]:
        """Piece i's parts (its exact outline, corners not rounded) where the piece is now, in mm."""
        b = self.bodies[i]
        return [tuple(b.local_to_world(v) for v in part) for part in self.outlines[i]]

    def relative(self, i: int) -> tuple[float, float, float]:
        """Piece i's centre of gravity and angle on the axes of what it rests on."""
        x, y, a = self.pose(i)
        j = self.supports[i]
        if j is None:
            return x, y, a
        sb = self.bodies[j]
        ox, oy = sb.position
        sa = sb.angle
        c, s = math.cos(sa), math.sin(sa)
        dx, dy = x - ox, y - oy
        return dx * c + dy * s, -dx * s + dy * c, a - sa

    def movement(self, i: int) -> tuple[float, float]:
        """How far piece i moved (mm) and turned (degrees) since the start, against its support."""
        return self.movements()[i]

    def movements(self) -> list[tuple[float, float]]:
        """movement() of every piece, written out in one pass: it runs 60 times a simulated second."""
        cos, sin, hypot, degrees = math.cos, math.sin, math.hypot, math.degrees
        poses = []
        for b, (cx, cy) in zip(self.bodies, self.cogs):
            px, py = b.position
            a = b.angle
            c, s = cos(a), sin(a)
            poses.append((px + cx * c - cy * s, py + cx * s + cy * c, a, px, py, c, s))
        out = []
        for (x, y, a, _, _, _, _), j, (x0, y0, a0) in zip(poses, self.supports, self.start):
            if j is not None:
                _, _, sa, ox, oy, c, s = poses[j]
                dx, dy = x - ox, y - oy
                x, y, a = dx * c + dy * s, -dx * s + dy * c, a - sa
            out.append((hypot(x - x0, y - y0), abs(degrees(a - a0))))
        return out

    def over_limit(self) -> bool:
        """Whether any piece has moved or turned past a limit now."""
        return any(d > world.MOVE_LIMIT_MM or t > world.TURN_LIMIT_DEG for d, t in self.movements())

    def asleep(self) -> bool:
        return all(b.is_sleeping for b in self.bodies)

    def step(self) -> None:
        self.space.step(world.STEP)
        self.steps += 1


def build_scene(building: Building) -> Scene:
    """The building as pymunk bodies on the table, at rest where they were placed.

    Each part is its polygon inset by world.PIECE_RADIUS and rounded by as much (see
    world.py): the outline stays, the corners are rounded.
    """
    placed = [building.polygons(i) for i in range(len(building.placements))]
    space = world.new_space(solver_iterations(building, placed))
    world.add_table(space)
    bodies = []
    outlines = []
    for p, polys in zip(building.placements, placed):
        body = pymunk.Body()
        body.position = (p.x, p.y)
        total_area = sum(abs(_area(q)) for q in polys)
        mass = building.pieces[p.piece].mass_g
        local = [tuple((x - p.x, y - p.y) for x, y in q) for q in polys]
        shapes = []
        for q in local:
            shape = pymunk.Poly(body, geometry.inset(q, world.PIECE_RADIUS), radius=world.PIECE_RADIUS)
            shape.density = mass / total_area
            shape.friction = world.SURFACE_FRICTION
            shape.elasticity = world.ELASTICITY
            shapes.append(shape)
        space.add(body, *shapes)
        bodies.append(body)
        outlines.append(local)
    scene = Scene(space, bodies, building.supports(placed))
    scene.outlines = outlines
    scene.cogs = [tuple(b.center_of_gravity) for b in bodies]
    scene.start = [scene.relative(i) for i in range(len(bodies))]
    return scene


def solver_iterations(building: Building, polys=None) -> int:
    """The solver iterations the building's verdict is settled with (world.py says why):
    world.NARROW_ITERATIONS when a piece held narrowly rests on another held narrowly (a
    load on an upright 8-10 mm wide, say), else world.ITERATIONS.

    A piece is held narrowly when what it rests on (the floor-below pieces it touches;
    floor-1 pieces: the table) reaches under no more than world.NARROW_MM of its width,
    as the pieces' boxes show. `polys` are the pieces' polygons where already at hand.
    """
    placements = building.placements
    polys = polys or [building.polygons(i) for i in range(len(placements))]
    narrow_mm, touch = world.NARROW_MM, world.TOUCH_MM
    floors: dict[int, list[tuple[float, float, float, bool]]] = {}   # (x0, x1, top, held narrowly)
    for p, parts in sorted(zip(placements, polys), key=lambda pp: pp[0].floor):
        xs = [x for part in parts for x, _ in part]
        ys = [y for part in parts for _, y in part]
        x0, x1, y0 = min(xs), max(xs), min(ys)
        if p.floor == 1:
            held, on_narrow = x1 - x0, False
        else:
            below = [b for b in floors.get(p.floor - 1, ())
                     if abs(b[2] - y0) <= touch and min(x1, b[1]) > max(x0, b[0])]
            held = sum(min(x1, b[1]) - max(x0, b[0]) for b in below)
            on_narrow = any(b[3] for b in below)
        if held <= narrow_mm and on_narrow:
            return world.NARROW_ITERATIONS
        floors.setdefault(p.floor, []).append((x0, x1, max(ys), held <= narrow_mm))
    return world.ITERATIONS


def _area(poly) -> float:
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1])) / 2


NOTHING_BUILT = "nothing built"


@dataclass
class Verdict:
    """What Stop! found: whether it stands, what moved, and every piece's pose then.

    `stands` is None for an empty lot: there is nothing to stand or fall. `steps` and
    `seconds` say when the verdict was decided; `poses` are (x, y, degrees) of each
    piece's centre of gravity at that moment; `moved` lists the pieces past a limit then.
    """
    stands: bool | None
    moved: list[dict]
    steps: int
    seconds: float
    ended: str      # "asleep", "moved", "time" or "empty"
    poses: list[tuple[float, float, float]] = field(default_factory=list)
    ids: list[str] = field(default_factory=list)

    @property
    def summary(self) -> str:
        if self.stands is None:
            return NOTHING_BUILT
        return "it stands" if self.stands else "it falls"

    def as_dict(self) -> dict:
        return {"stands": self.stands, "summary": self.summary, "moved": self.moved, "steps": self.steps,
                "seconds": round(self.seconds, 4), "ended": self.ended,
                "poses": [{"piece": i, "id": pid, "x": round(x, 3), "y": round(y, 3), "degrees": round(a, 3) + 0.0}
                          for i, (pid, (x, y, a)) in enumerate(zip(self.ids, self.poses))]}


def _moved(building: Building, scene: Scene) -> list[dict]:
    out = []
    for i, (dist, turn) in enumerate(scene.movements()):
        if dist > world.MOVE_LIMIT_MM or turn > world.TURN_LIMIT_DEG:
            j = scene.supports[i]
            out.append({"piece": i, "id": building.placements[i].piece,
                        "against": "table" if j is None else j,
                        "moved_mm": round(dist, 3), "turned_deg": round(turn, 3)})
    return out


def _poses(scene: Scene) -> list[tuple[float, float, float]]:
    return [(x, y, math.degrees(a)) for x, y, a in map(scene.pose, range(len(scene.bodies)))]


def settle(building: Building, *, max_seconds: float = world.WINDOW_S, early_exit: bool = True,
           scene: Scene | None = None) -> Verdict:
    """Let gravity act on the building; the verdict says whether it stands."""
    if not building.placements:
        return Verdict(None, [], 0, 0.0, "empty")
    scene = scene or build_scene(building)
    limit = int(round(max_seconds / world.STEP))
    ended = "time"
    step, dt, due = scene.space.step, world.STEP, world.check_due
    while scene.steps < limit:
        step(dt)
        scene.steps += 1
        if early_exit and due(scene.steps):
            if scene.over_limit():
                ended = "moved"
                break
            if scene.asleep():
                ended = "asleep"
                break
    moved = _moved(building, scene)
    return Verdict(not moved, moved, scene.steps, scene.steps * world.STEP, ended, _poses(scene),
                   [p.piece for p in building.placements])


#: verdicts `judged` remembers, newest last
_JUDGED: OrderedDict = OrderedDict()
JUDGED_MAX = 4096


def judged(building: Building) -> Verdict:
    """`settle`'s verdict, remembered for buildings made of the same pieces in the same
    places: a bot tries a piece in its own copy and the game then judges the very same
    building, and a search plays many worlds through the same builds. The settle is
    deterministic, so the verdict is the one a fresh settle gives; each caller gets its own
    copy."""
    key = (building.lot, building.outline, tuple(building.placements),
           tuple(building.pieces[p.piece] for p in building.placements),
           building.pieces.depth, building.pieces.density)
    verdict = _JUDGED.get(key)
    if verdict is None:
        verdict = _JUDGED[key] = settle(building)
        if len(_JUDGED) > JUDGED_MAX:
            _JUDGED.popitem(last=False)
    else:
        _JUDGED.move_to_end(key)
    return replace(verdict, moved=[dict(m) for m in verdict.moved], poses=list(verdict.poses),
                   ids=list(verdict.ids))
