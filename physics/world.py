"""The physical settings. They are part of the rules: changing one changes verdicts.

Units are mm, g and s throughout, y pointing up, the table's top at y = 0.
Pymunk multiplies the friction of the two touching shapes, so every wooden surface
gets the square root of the intended wood-on-wood coefficient.

Why these numbers (measured with bench/bench_physics.py and tests/test_physical_truth.py):

- The table is a static box whose top is y = 0. A static segment with a 5 mm radius
  (what this module used before) lets aligned stacks creep: with every other setting as
  chosen here, 9 of the 16 physical truths of `bench/bench_physics.py --sweep` fail on it
  (every aligned column from 10 blocks up, both harmonic stacks at f = 0.85, the tower of
  every flat piece, two columns whose top third stands short of its tipping point).
- The building is stepped at 1/1920 s (8 steps per 1/240 s frame) with 10 solver
  iterations. The sweep on 2026-12-01: 1/240 s with 30 iterations (before) loses the
  25-, 40- and 60-block columns, the 60-block column whose top third stands short of its
  tipping point and the tower of every flat piece; 1/960 s with 20 iterations and
  1/1440 s with 10 lose the last three of those; 1/1920 s with only 6 iterations the
  60-block column and the tower. 1/1920 s with 10 iterations keeps all 16 at the lowest
  cost measured.
- A building where a piece held narrowly (what it rests on reaches under 12 mm of its
  width or less, as under an upright 8-10 mm wide) rests on another held narrowly is
  settled with 40 iterations (`stability.solver_iterations`).
  An outside check against exact statics (2,420 random buildings) found 3 stable ones
  judged fallen, all tall and heavy on 8-10 mm uprights stacked above one another: a
  narrow base turns the solver's small errors in contact depth into a lean that a load
  high above magnifies (0.05 mm across 10 mm is 0.3°), until a piece turns 2° against
  its support. The measurements on 2026-12-04: the 9 buildings of 10-12 floors (14-17
  pieces, uprights 2-3 mm inside the piece under them, each load's centre of mass 3 mm
  inside its upright) in tests/test_physical_truth.py are all judged fallen at 10
  iterations after 1.1-1.8 s and stand at 40; of 108 such buildings (loads 2-3.5 mm
  inside, with and without weights beside the uprights) 47 stand at 10 iterations, 100
  at 20, 107 at 25 and 30, all at 40 (the 12-floor ones then still creep about 0.9 mm in
  the 2 s; asleep at 60 and 80); of 1,099 random ones (every sub-stack's centre of mass
  at least 2 mm inside what holds it) 45 fall at 10, none at 20 and up; 306 with one load
  1-3 mm past its upright all fall at 10, 20 and 40 alike, and 36 of the towers on 20 mm
  uprights all stand at 10. Only the iterations helped: 1/1440 s with 20 keeps the 16
  but loses the 12-floor ones, 1/960 s with 40 the 60-block column, less slop (0.02, 0.01,
  0.005 mm) rescues fewer, and a turn that must show against the table too rescues none
  of 68. 20 iterations everywhere would take the 32-floor tower from 168-180 ms to
  251-261 ms and the 20-piece house from 12.3-13.7 to 15.3-16.1 ms; the buildings of
  the bench hold no narrow piece and keep 10 (the tower's verdict 924 M instructions as
  before, the house's 55.7 M against 53.7 M: the look at the pieces' boxes).
  The 66 narrowly held buildings that the Architect, Jutaku and bottle-bonus tests judge
  cost 1.78 times as much at 40 (1.24 at 20, 2.28 at 60); none changes its verdict. (This
  machine ran the 60-block column's 1,699 M instructions in 325 ms where 1,697 M took
  about 205 ms on 2026-12-01: its tower takes 176-189 ms with or without the change,
  short of the 150 ms goal.)
- Each piece's corners are rounded by 0.25 mm (its polygon inset by as much, pymunk's
  radius around it): touching pieces then meet with a gap pymunk finds by its quick
  closest-point test rather than as an overlap it must measure, and a 60-block column's
  verdict takes 1,697 M instead of 2,033 M instructions (`bench_physics.py
  --instructions`). Every truth of the sweep, and of a wider battery of columns of five
  block sizes, towers and overhangs, holds as it did with sharp corners. Other radii did
  worse: 0.1 mm and 0.3 mm lose the 60-block column and the tower of every flat piece,
  0.5 mm moves a 40 mm block's tipping point in past 3 % of its length. (A real wooden
  block's edges are rounder than 0.25 mm.)
- "Moved" is judged for each piece against the piece it rests on (the floor-below
  piece with the longest contact at the start; floor-1 pieces against the table).
  A tall tower of perfectly aligned blocks still leans a little in the solver (tens of
  mm at the top of 60 blocks, never more than a fraction of a mm between two blocks), so
  an absolute 2 mm rule would call every tall tower fallen. A piece that really tips
  or slides does so against what holds it, which is what the relative rule sees.
- A verdict looks for 2 s, stopping early when every piece sleeps or one has moved. A
  piece sleeps after 0.1 s under 4 mm/s: one that is really tipping or sliding (faster
  than 40 mm/s², 0.4 % of g, at the start) is never that still; a house that stands is
  decided after about 0.12 s instead of the 0.17 s a 0.15 s sleep needed.
  It looks at the pieces 60 times a second for the first half second (a block past its
  tipping point shows within 0.1 s), then 15 times a second: on a 60-block column the
  looks then take 2.5 % of the verdict instead of 5.4 %, and a slow lean is seen at most
  1/15 s later.
- The vending machine keeps the coarser step it was tuned at: drinks tumble, nothing
  there is a question of millimetres, and a pour must stay cheap.
"""

from __future__ import annotations

import math

import pymunk

GRAVITY = 9810.0               # mm/s²
WOOD_ON_WOOD = 0.45            # intended friction between two wooden surfaces
SURFACE_FRICTION = math.sqrt(WOOD_ON_WOOD)
ELASTICITY = 0.0               # wood barely bounces; treated as none

# ---- building: the stability verdict ----------------------------------------------
STEP = 1 / 1920                # s, the fixed step of every building simulation
ITERATIONS = 10                # solver iterations per step ...
NARROW_ITERATIONS = 40         # ... or this many when a narrowly held piece rests on another
NARROW_MM = 12.0               # mm of contact or less: a piece is held narrowly (an upright 8-10 mm wide)
COLLISION_SLOP = 0.05          # mm of allowed overlap
COLLISION_BIAS = pow(1 - 0.2, 60)  # overlap correction rate, written down
SLEEP_TIME = 0.1               # s a body must idle before it sleeps
IDLE_SPEED = 4.0               # mm/s below which a body counts as idle
WINDOW_S = 2.0                 # s a building is watched after Stop!
CHECK_STEPS = 32               # steps between looks at the pieces (1/60 s) ...
CHECK_SLOWLY_AFTER_S = 0.5     # ... for the first half second, when nearly every fall shows,
CHECK_STEPS_LATER = 128        # then every 1/15 s: a look at 60 pieces costs what 2 steps do
MOVE_LIMIT_MM = 2.0            # 004:56 "stands": no piece moved more than this ...
TURN_LIMIT_DEG = 2.0           # ... nor turned more than this, against what it rests on
TOUCH_MM = 0.5                 # pieces closer than this touch (rule checks)
PIECE_RADIUS = 0.25            # mm: pieces' corners rounded by this much in the simulation
TABLE_HALF_WIDTH_MM = 2000.0   # the table reaches this far either side of the card
TABLE_DEPTH_MM = 100.0         # thickness of the static table box below y = 0

# ---- vending machine -----------------------------------------------------------------
POUR_STEP = 1 / 240            # s, the fixed step of a pour
POUR_ITERATIONS = 30           # solver iterations per pour step
POUR_SLEEP_TIME = 0.15         # s a drink must idle before it sleeps (a pour ends when all do)


def check_due(steps: int) -> bool:
    """Whether the verdict looks at the pieces after this many steps."""
    if steps * STEP <= CHECK_SLOWLY_AFTER_S:
        return steps % CHECK_STEPS == 0
    return steps % CHECK_STEPS_LATER == 0


def new_space(iterations: int | None = None, sleep_time: float | None = None) -> pymunk.Space:
    """A space with the rule settings (the building's iterations and sleep unless told);
    single-threaded, so results are bit-identical."""
    space = pymunk.Space(threaded=False)
    space.gravity = (0.0, -GRAVITY)
    space.iterations = ITERATIONS if iterations is None else iterations
    space.collision_slop = COLLISION_SLOP
    space.collision_bias = COLLISION_BIAS
    space.sleep_time_threshold = SLEEP_TIME if sleep_time is None else sleep_time
    space.idle_speed_threshold = IDLE_SPEED
    return space


def add_table(space: pymunk.Space, half_width: float = TABLE_HALF_WIDTH_MM) -> pymunk.Poly:
    """The table (and the lot card lying flat on it) as a static box whose top is y = 0."""
    box = pymunk.Poly(space.static_body, [(-half_width, -TABLE_DEPTH_MM), (half_width, -TABLE_DEPTH_MM),
                                          (half_width, 0.0), (-half_width, 0.0)])
    box.friction = SURFACE_FRICTION
    box.elasticity = ELASTICITY
    space.add(box)
    return box
