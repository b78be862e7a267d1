"""Does it stand? Settle a building under gravity and see what moved.

A building "stands" when no piece moved more than 2 mm or turned more than 2°
(world.MOVE_LIMIT_MM, world.TURN_LIMIT_DEG). The settle loop stops early when every
piece has gone to sleep (nothing more will happen) or as soon as one piece passes a limit
(the verdict is known).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pymunk

from . import world
from .building import Building

CHECK_EVERY = 12  # steps between looks at the pieces (20 looks per simulated second)


@dataclass
class Scene:
    """A pymunk space holding a building: bodies in placement order."""
    space: pymunk.Space
    bodies: list[pymunk.Body]
    start: list[tuple[float, float, float]] = field(default_factory=list)
    cogs: list[tuple[float, float]] = field(default_factory=list)

    def pose(self, i: int) -> tuple[float, float, float]:
        """Piece i's centre of gravity (mm) and angle (rad)."""
        b = self.bodies[i]
        px, py = b.position
        a = b.angle
        cx, cy = self.cogs[i]
        c, s = math.cos(a), math.sin(a)
        return px + cx * c - cy * s, py + cx * s + cy * c, a

    def movement(self, i: int) -> tuple[float, float]:
        x0, y0, a0 = self.start[i]
        x, y, a = self.pose(i)
        return math.hypot(x - x0, y - y0), abs(math.degrees(a - a0))

    def step(self) -> None:
        self.space.step(world.STEP)


def build_scene(building: Building) -> Scene:
    space = world.new_space()
    world.add_table(space)
    bodies = []
    for i, p in enumerate(building.placements):
        polys = building.polygons(i)
        body = pymunk.Body()
        body.position = (p.x, p.y)
        total_area = sum(abs(_area(q)) for q in polys)
        mass = building.pieces[p.piece].mass_g
        shapes = []
        for q in polys:
            shape = pymunk.Poly(body, [(x - p.x, y - p.y) for x, y in q])
            shape.density = mass / total_area
            shape.friction = world.SURFACE_FRICTION
            shape.elasticity = world.ELASTICITY
            shapes.append(shape)
        space.add(body, *shapes)
        bodies.append(body)
    scene = Scene(space, bodies)
    scene.cogs = [tuple(b.center_of_gravity) for b in bodies]
    scene.start = [scene.pose(i) for i in range(len(bodies))]
    return scene


def _area(poly) -> float:
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1])) / 2


@dataclass
class Verdict:
    stands: bool
    moved: list[dict]
    steps: int
    seconds: float
    ended: str      # "asleep", "moved" or "time"

    def as_dict(self) -> dict:
        return {"stands": self.stands, "moved": self.moved, "steps": self.steps,
                "seconds": round(self.seconds, 4), "ended": self.ended}


def _moved(building: Building, scene: Scene) -> list[dict]:
    out = []
    for i in range(len(scene.bodies)):
        dist, turn = scene.movement(i)
        if dist > world.MOVE_LIMIT_MM or turn > world.TURN_LIMIT_DEG:
            out.append({"piece": i, "id": building.placements[i].piece,
                        "moved_mm": round(dist, 3), "turned_deg": round(turn, 3)})
    return out


def settle(building: Building, *, max_seconds: float = 2.0, early_exit: bool = True,
           scene: Scene | None = None) -> Verdict:
    """Let gravity act on the building; the verdict says whether it stands."""
    scene = scene or build_scene(building)
    if not scene.bodies:
        return Verdict(True, [], 0, 0.0, "asleep")
    limit = int(round(max_seconds / world.STEP))
    steps = 0
    ended = "time"
    bodies = scene.bodies
    while steps < limit:
        scene.step()
        steps += 1
        if early_exit and steps % CHECK_EVERY == 0:
            if _moved(building, scene):
                ended = "moved"
                break
            if all(b.is_sleeping for b in bodies):
                ended = "asleep"
                break
    moved = _moved(building, scene)
    return Verdict(not moved, moved, steps, steps * world.STEP, ended)
