"""The physical settings. They are part of the rules: changing one changes verdicts.

Units are mm, g and s throughout, y pointing up, the table at y = 0.
Pymunk multiplies the friction of the two touching shapes, so every wooden surface
gets the square root of the intended wood-on-wood coefficient.
"""

from __future__ import annotations

import math

import pymunk

STEP = 1 / 240                 # s, fixed time step
GRAVITY = 9810.0               # mm/s²
ITERATIONS = 30                # solver iterations per step
COLLISION_SLOP = 0.05          # mm of allowed overlap
COLLISION_BIAS = pow(1 - 0.2, 60)  # pymunk's default correction rate, written down
WOOD_ON_WOOD = 0.45            # intended friction between two wooden surfaces
SURFACE_FRICTION = math.sqrt(WOOD_ON_WOOD)
ELASTICITY = 0.0               # wood barely bounces; treated as none
SLEEP_TIME = 0.15              # s a body must idle before it sleeps
IDLE_SPEED = 4.0               # mm/s below which a body counts as idle
MOVE_LIMIT_MM = 2.0            # 004:56 "stands": no piece moved more than this ...
TURN_LIMIT_DEG = 2.0           # ... nor turned more than this
TOUCH_MM = 0.5                 # pieces closer than this touch (rule checks)


def new_space() -> pymunk.Space:
    """A space with the rule settings; single-threaded so results are bit-identical."""
    space = pymunk.Space(threaded=False)
    space.gravity = (0.0, -GRAVITY)
    space.iterations = ITERATIONS
    space.collision_slop = COLLISION_SLOP
    space.collision_bias = COLLISION_BIAS
    space.sleep_time_threshold = SLEEP_TIME
    space.idle_speed_threshold = IDLE_SPEED
    return space


def add_table(space: pymunk.Space, left: float = -2000.0, right: float = 2000.0) -> pymunk.Segment:
    """The table (and the lot card lying flat on it) as a static line at y = 0."""
    seg = pymunk.Segment(space.static_body, (left, -5.0), (right, -5.0), 5.0)
    seg.friction = SURFACE_FRICTION
    seg.elasticity = ELASTICITY
    space.add(seg)
    return seg
