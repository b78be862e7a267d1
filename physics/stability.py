"""Does it stand? Settle a building under gravity and see what moved.

A building "stands" when, for the whole window (world.WINDOW_S), no piece moved more
than world.MOVE_LIMIT_MM or turned more than world.TURN_LIMIT_DEG against the piece it
rests on (Building.supports; floor-1 pieces against the table). The settle loop stops
early when every piece has gone to sleep (nothing more will happen) or as soon as a piece
passes a limit (the verdict is known). The verdict keeps every piece's pose at the
moment it was decided, so a picture can show exactly what the numbers describe.

The games ask `judged`, which remembers a verdict by the shapes of the pieces and where
they lie, and the computer architects ask `stands`: both take statics first. A building
that statics alone show standing (`surely_stands`: each piece wholly on the flat tops below
it, every load inside what holds it) stands, as rigid wood does, at any height; it needs no
settle. Every other building is settled. Up to 250 mm the physics agrees with the statics
on every such building it was asked (bench/bench_building_speed.py --sure); above that the
solver's sway turns a narrow top piece of a few tall towers 2° against the one under it
(a 410 mm column of aligned blocks with two 10 mm posts on top falls at 10 iterations and
stands at 20: tests/test_physical_truth.py), which the statics do not share.
"""

from __future__ import annotations

import math
import threading
import weakref
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from itertools import pairwise

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
    ended: str      # "asleep", "moved", "time", "empty", or "statics" (surely_stands: no settle)
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
    if early_exit:
        for due in _checks(scene.steps, limit):
            _run(scene, due)
            if scene.over_limit():
                ended = "moved"
                break
            if scene.asleep():
                ended = "asleep"
                break
    _run(scene, limit if ended == "time" else scene.steps)
    moved = _moved(building, scene)
    return Verdict(not moved, moved, scene.steps, scene.steps * world.STEP, ended, _poses(scene),
                   [p.piece for p in building.placements])


def _checks(after: int, limit: int):
    """The step counts past `after`, up to `limit`, at which the verdict looks at the pieces
    (world.check_due), in order."""
    due = world.check_due
    return (n for n in range(after + 1, limit + 1) if due(n))


def _run(scene: Scene, until: int) -> None:
    """Step the scene on until it has taken `until` steps. The same steps as Scene.step, one
    by one, bit for bit; but where the space has no Python callbacks (collision handlers), all
    but the first go straight to Chipmunk's cpSpaceStep, without pymunk's bookkeeping around it
    (its checks of new bodies, objects added or removed during a step, post-step callbacks:
    none of which a verdict's space has). It saves a tenth of a verdict's time."""
    space, dt = scene.space, world.STEP
    if scene.steps >= until:
        return
    space.step(dt)                      # pymunk's own checks of the bodies, once
    scene.steps += 1
    handle = getattr(space, "_space", None)
    if handle is None or getattr(space, "_handlers", True) or getattr(space, "_post_step_callbacks", True):
        while scene.steps < until:
            space.step(dt)
            scene.steps += 1
        return
    step = _cp_step
    for _ in range(until - scene.steps):
        step(handle, dt)
    scene.steps = until


_cp_step = pymunk._chipmunk.lib.cpSpaceStep

#: whether the games' verdicts (`judged`, and `stands` unless told) let statics decide where
#: they are sure (`surely_stands`); the architects' planner asks them whatever this says.
#: Off, every building is settled (bench/bench_building_speed.py --settle: the games as they
#: were before 2026-12-07)
STATICS = True
#: verdicts `judged` remembers, newest last, by the shapes of the building (see _key)
_JUDGED: OrderedDict = OrderedDict()
JUDGED_MAX = 4096
_judged_lock = threading.Lock()
#: each distinct piece shape (its parts and mass) as a small number, and each catalogue's
#: pieces by their shape's number
_SHAPES: dict[tuple, int] = {}
_SHAPE_OF: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _shape_numbers(pieces) -> dict[str, int]:
    numbers = _SHAPE_OF.get(pieces)
    if numbers is None:
        numbers = {}
        for pid in pieces.ids():
            bp = pieces[pid]
            numbers[pid] = _SHAPES.setdefault((bp.parts, bp.mass_g), len(_SHAPES))
        _SHAPE_OF[pieces] = numbers
    return numbers


def _key(building: Building) -> tuple:
    """What the verdict of a building depends on: each piece's shape (its parts and mass, not
    which of the box's twins it is), where it lies and on which floor, in placement order.
    Neither the lot nor the piece ids enter the settle (build_scene): twins of the same
    shape and mass make the same bodies, so the same steps, bit for bit."""
    numbers = _shape_numbers(building.pieces)
    return tuple((numbers[p.piece], p.x, p.y, p.rotation, p.flip, p.floor) for p in building.placements)


def _remembered(building: Building, statics: bool) -> Verdict:
    """The verdict of a building of these shapes in these places, decided once (shared: not
    for the caller to change): with `statics`, by statics where they are sure
    (`surely_stands`), else settled. A verdict of the statics is remembered only while they
    decide the games' verdicts too (STATICS)."""
    key = _key(building)
    kept = _JUDGED
    with _judged_lock:
        verdict = kept.get(key)
        if verdict is not None:
            kept.move_to_end(key)
            return verdict
    verdict = _static_verdict(building) if statics else None
    if verdict is not None and not STATICS:
        return verdict
    if verdict is None:
        verdict = settle(building)
    with _judged_lock:
        kept[key] = verdict
        if len(kept) > JUDGED_MAX:
            kept.popitem(last=False)
    return verdict


def _static_verdict(building: Building) -> Verdict | None:
    """The verdict of a building that surely stands (`surely_stands`): it stands, nothing
    moved, every piece where it was placed (its centre of gravity, 0°); None for any other."""
    if not surely_stands(building):
        return None
    poses = []
    for i in range(len(building.placements)):
        parts = building.polygons(i)
        poses.append((_centroid_x(parts), _centroid_y(parts), 0.0))
    return Verdict(True, [], 0, 0.0, "statics", poses, [p.piece for p in building.placements])


def judged(building: Building) -> Verdict:
    """The verdict of the building, as every game asks it: by statics where they are sure
    (`surely_stands`, while STATICS is on: such a building stands as rigid wood does), else
    `settle`'s; remembered for buildings made of the same shapes in the same
    places: a bot tries a piece in its own copy and the game then judges the very same
    building, and a search plays many worlds through the same builds. The settle is
    deterministic, so the verdict is the one a fresh settle gives; each caller gets its own
    copy, naming the building's own pieces (a twin of the same shape and mass judges alike)."""
    verdict = _remembered(building, STATICS)
    ids = [p.piece for p in building.placements]
    return replace(verdict, moved=[{**m, "id": ids[m["piece"]]} for m in verdict.moved],
                   poses=list(verdict.poses), ids=ids)


def stands(building: Building, *, statics: bool | None = None) -> bool:
    """Whether the building stands: `judged(building).stands is True`, without the copy;
    `statics` says whether statics may decide where they are sure (None: as the games' verdicts
    do, STATICS)."""
    return _remembered(building, STATICS if statics is None else statics).stands is True


# ---- what statics alone decide -----------------------------------------------------------

#: how far inside what holds it a centre of mass must lie for `surely_stands` (mm): a
#: piece's inside its own base, everything above a floor inside that floor
SURE_MARGIN_MM = 2.0
_FLAT = 1e-6        # mm: the planner's placements are rounded to 6 decimals


def surely_stands(building: Building) -> bool:
    """Whether statics alone say the building stands: True for a class of buildings that
    stand as rigid wood does, False when only the physics can tell. The games' verdicts and
    the architects' planner ask it before the physics.

    The class is the one the planner
    and Countdown's builders build: floors from 1 up, the pieces of a floor side by side
    (never into one another); every piece below the top floor with a flat top, whole from
    side to side, and the pieces of such a floor of one height, without a gap between them;
    every piece's bottom exactly on the table (floor 1) or on the flat tops of the floor
    below, its base reaching both sides of its width and lying wholly over them; every
    piece's own centre of mass, and that of everything above a floor, SURE_MARGIN_MM inside
    its base or that floor. Every piece then rests wholly on what holds it and every load lies
    within the piece under it: nothing can tip, and with no push sideways nothing slides, at
    any height. bench/bench_building_speed.py --sure tries it against the physics. (It needs no rule check: pieces of a floor side by side between two flat
    levels cannot overlap.)
    """
    placements = building.placements
    if not placements:
        return False
    floors: dict[int, list[int]] = {}
    for i, p in enumerate(placements):
        floors.setdefault(p.floor, []).append(i)
    top = max(floors)
    if sorted(floors) != list(range(1, top + 1)):
        return False
    polys = [building.polygons(i) for i in range(len(placements))]
    ext = [geometry.bounds(parts) for parts in polys]
    centres = [_centroid_x(parts) for parts in polys]
    support: list[tuple[float, float]] | None = None      # the floor below's flat tops (None: the table)
    level = 0.0
    for k in range(1, top + 1):
        row = sorted(floors[k], key=lambda i: ext[i][0])
        if any(ext[i][2] > ext[j][0] + _FLAT for i, j in pairwise(row)):
            return False                         # side by side, never into another
        for i in row:
            parts = polys[i]
            x0, y0, x1, _ = ext[i]
            if abs(y0 - level) > _FLAT or not x0 + SURE_MARGIN_MM <= centres[i] <= x1 - SURE_MARGIN_MM:
                return False
            if not _whole(_base(parts, y0), x0, x1):
                return False                     # on a post, a point, a foot: it may tip
            if support is not None and not all(any(c - _FLAT <= a and b <= d + _FLAT for c, d in support)
                                               for a, b in _base(parts, y0)):
                return False                     # over an edge or a gap
        if k == top:
            break
        if not all(_whole(_base(polys[i], ext[i][3]), ext[i][0], ext[i][2], one=True) for i in row):
            return False                         # a floor that holds another lies flat ...
        if len({round(ext[i][3], 6) for i in row}) != 1:
            return False                         # ... at one height
        support = geometry.merge_intervals([(ext[i][0], ext[i][2]) for i in row], gap=_FLAT)
        if len(support) != 1:
            return False                         # ... without a gap
        level = ext[row[0]][3]
        (a, b), = support
        above = [i for i, p in enumerate(placements) if p.floor > k]
        mass = sum(building.pieces[placements[i].piece].mass_g for i in above)
        x = sum(building.pieces[placements[i].piece].mass_g * centres[i] for i in above) / mass
        if not a + SURE_MARGIN_MM <= x <= b - SURE_MARGIN_MM:
            return False                         # everything above well inside the floor
    return True


def _whole(stretches: list[tuple[float, float]], x0: float, x1: float, one: bool = False) -> bool:
    """Whether the stretches reach both x0 and x1 (with `one`: as one stretch)."""
    return (bool(stretches) and stretches[0][0] <= x0 + _FLAT and stretches[-1][1] >= x1 - _FLAT
            and (not one or len(stretches) == 1))


def _base(parts, y: float) -> list[tuple[float, float]]:
    """The stretches of x where the parts' edges lie along the line y, merged."""
    spans = []
    for q in parts:
        for (ax, ay), (bx, by) in zip(q, q[1:] + q[:1]):
            if abs(ay - y) <= _FLAT and abs(by - y) <= _FLAT and abs(bx - ax) > _FLAT:
                spans.append((min(ax, bx), max(ax, bx)))
    return geometry.merge_intervals(spans, gap=_FLAT)


def _centroid_x(parts) -> float:
    """The x of the parts' centre of mass (a piece's density is even)."""
    area = moment = 0.0
    for q in parts:
        for (ax, ay), (bx, by) in zip(q, q[1:] + q[:1]):
            cross = ax * by - bx * ay
            area += cross
            moment += (ax + bx) * cross
    return moment / (3 * area)


def _centroid_y(parts) -> float:
    """The y of the parts' centre of mass."""
    return _centroid_x([tuple((y, x) for x, y in reversed(q)) for q in parts])
