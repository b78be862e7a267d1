"""Physics figures (issue 4): overhead against plain pymunk, verdict, pour and frame times.

    python bench/bench_physics.py

Goals: project / plain pymunk ≤ 1.15×; 20-piece house verdict ≤ 15 ms median;
36-drink pour ≤ 60 ms median; practice screen frame with 40 pieces ≤ 16 ms.
"""

from __future__ import annotations

import math
import os
import statistics
import time

import pymunk

from physics import world
from physics.building import Building, Lot, Placement
from physics.stability import build_scene, settle
from physics.vending import pour


def twenty_piece_house() -> Building:
    b = Building(Lot(((0.0, 200.0),)))
    rows = [
        (1, 0, [("block-40x20-1", 40), ("block-40x20-2", 40), ("block-40x20-3", 40), ("block-40x20-4", 40)]),
        (2, 20, [(f"cube-20-{i}", 20) for i in range(1, 7)] + [("block-40x20-5", 40)]),
        (3, 40, [("beam-80x10-1", 80), ("beam-80x10-2", 80)]),
        (4, 50, [("block-60x20-1", 60), ("block-60x20-2", 60)]),
        (5, 70, [("beam-100x10-1", 100)]),
        (6, 80, [("block-30x30-1", 30), ("block-30x30-2", 30), ("block-30x30-3", 30)]),
        (7, 110, [("slab-50x10-1", 50)]),
    ]
    for floor, y, pieces in rows:
        x = 0.0
        for pid, w in pieces:
            b.place(Placement(pid, x, y, floor=floor))
            x += w
    assert len(b.placements) == 20
    return b


def stacked_scenes() -> list[Building]:
    out = []
    for overhang in (0.0, 0.3, 0.7):
        b = Building(Lot(((0.0, 200.0),)))
        b.place(Placement("block-40x20-1", 50, 0))
        b.place(Placement("block-40x20-2", 50 + 40 * overhang, 20, floor=2))
        out.append(b)
    return out


def plain_pymunk(building: Building, steps: int) -> None:
    """The same scene from the same placements, built and stepped with plain pymunk calls."""
    space = pymunk.Space()
    space.gravity = (0, -world.GRAVITY)
    space.iterations = world.ITERATIONS
    space.collision_slop = world.COLLISION_SLOP
    space.sleep_time_threshold = world.SLEEP_TIME
    space.idle_speed_threshold = world.IDLE_SPEED
    ground = pymunk.Segment(space.static_body, (-2000, -5), (2000, -5), 5)
    ground.friction = world.SURFACE_FRICTION
    space.add(ground)
    for p in building.placements:
        piece = building.pieces[p.piece]
        c, s = math.cos(math.radians(p.rotation)), math.sin(math.radians(p.rotation))
        parts = [[((-x if p.flip else x) * c - y * s, (-x if p.flip else x) * s + y * c) for x, y in q]
                 for q in piece.parts]
        x0 = min(x for q in parts for x, _ in q)
        y0 = min(y for q in parts for _, y in q)
        area = sum(abs(sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(q, q[1:] + q[:1]))) / 2 for q in parts)
        body = pymunk.Body()
        body.position = (p.x, p.y)
        shapes = []
        for q in parts:
            sh = pymunk.Poly(body, [(x - x0, y - y0) for x, y in q])
            sh.density = piece.mass_g / area
            sh.friction = world.SURFACE_FRICTION
            shapes.append(sh)
        space.add(body, *shapes)
    for _ in range(steps):
        space.step(world.STEP)


def median_ms(fn, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1e3


def main() -> None:
    house = twenty_piece_house()
    verdict = settle(house)
    print(f"20-piece house: stands={verdict.stands}, ended={verdict.ended} after {verdict.steps} steps")
    v_ms = median_ms(lambda: settle(house), 31)
    print(f"  verdict time: median {v_ms:.2f} ms (goal ≤ 15 ms)")

    # Same scenes, same number of steps, project vs plain pymunk (interleaved to share noise).
    scenes = [house]
    scenes += stacked_scenes()
    ratios = []
    for b in scenes:
        steps = settle(b, early_exit=False, max_seconds=1.0).steps
        ours, plain = [], []
        for _ in range(15):
            t = time.perf_counter()
            scene = build_scene(b)
            for _ in range(steps):
                scene.step()
            ours.append(time.perf_counter() - t)
            t = time.perf_counter()
            plain_pymunk(b, steps)
            plain.append(time.perf_counter() - t)
        ratios.append(statistics.median(ours) / statistics.median(plain))
    print(f"project / plain pymunk over {len(scenes)} scenes, same steps: "
          f"{', '.join(f'{r:.3f}' for r in ratios)}; median {statistics.median(ratios):.3f}× (goal ≤ 1.15×)")
    settle_ratio = []
    for b in scenes:
        v = settle(b)
        ours = median_ms(lambda: settle(b), 15)
        plain = median_ms(lambda: plain_pymunk(b, v.steps), 15)
        settle_ratio.append(ours / plain)
    print(f"settle() with its movement checks / plain loop of the same steps: "
          f"{', '.join(f'{r:.3f}' for r in settle_ratio)}; median {statistics.median(settle_ratio):.3f}×")

    drinks = list(range(36))
    pours = []
    outs = []
    for seed in range(15):
        t = time.perf_counter()
        p = pour(drinks, seed)
        pours.append(time.perf_counter() - t)
        outs.append(len(p.out))
    print(f"36-drink pour: median {statistics.median(pours) * 1e3:.1f} ms (goal ≤ 60 ms); "
          f"came out per pour {outs}")

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    try:
        from physics.practice import frame_time
    except ImportError as e:
        print(f"practice screen frame time: not measured ({e})")
    else:
        print(f"practice screen frame, 40 pieces: median {frame_time(40) * 1e3:.2f} ms (goal ≤ 16 ms)")


if __name__ == "__main__":
    main()
