"""Physics figures (issue 8): verdict times, overhead against plain pymunk, pours, frame times.

    python bench/bench_physics.py [--pours 500] [--sweep]

Goals: verdict of the 20-piece house ≤ 15 ms, of a 32-floor tower ≤ 150 ms, of a 60-block
column ≤ 250 ms (medians); the project's stepping against a plain pymunk loop of the same
steps ≤ 1.15×; over `--pours` seeded pours each of 1, 3, 5 and 7 drinks, ≥ 70 % of drinks
out and a stuck drink in 5–30 % of pours; a Textual practice frame ≤ 30 ms; a pygame frame
with 40 pieces ≤ 4 ms.

`--instructions` counts, with valgrind's callgrind, the instructions of the verdict and of the
plain loop (each less a run that only builds the scene): the same ratio without the noise
of a shared machine's clock.

`--sweep` runs the physical truths of tests/test_physical_truth.py (in short) under other
solver settings, the evidence behind the choice written down in physics/world.py.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pymunk  # noqa: E402

from core import assets  # noqa: E402
from physics import geometry, stability, vending, world  # noqa: E402
from physics.building import Building, Lot, Placement  # noqa: E402
from physics.pieces import Catalogue, catalogue  # noqa: E402
from physics.stability import build_scene, settle, solver_iterations  # noqa: E402
from tests.test_physical_truth import upright_tower  # noqa: E402


def median_ms(fn, repeats: int) -> float:
    return timings_ms(fn, repeats)[0]


def timings_ms(fn, repeats: int) -> tuple[float, float]:
    """Median and best of `repeats` runs, in ms: on a shared machine the best is the steadier."""
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1e3, min(times) * 1e3


# ---- buildings ---------------------------------------------------------------------------

def twenty_piece_house() -> Building:
    """Seven floors of blocks, cubes, beams and a slab on a wide lot: 20 pieces that stand."""
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


def flat_tower(floors: int, lean: float = 0.0) -> Building:
    """The catalogue's flat pieces (blocks, beams, slabs) one per floor, each centred on the one below."""
    cat = catalogue()
    ids = [pid for pid in cat.ids() if cat[pid].kind in ("block", "beam", "slab")][:floors]
    b = Building(Lot.card_edge())
    y = 0.0
    for k, pid in enumerate(ids):
        b.place(Placement(pid, 44.0 + lean * k - cat[pid].width / 2, y, floor=k + 1))
        y += cat[pid].height
    return b


def with_blocks(n: int, length: float = 40.0, height: float = 20.0) -> Catalogue:
    """The catalogue with n identical extra blocks, as an asset override would give it."""
    data = dict(assets.load("jutaku_pieces.toml"))
    data["pieces"] = list(data["pieces"]) + [
        {"id": f"extra-{i}", "kind": "block", "mass_g": length * height * 20 * 0.0006,
         "parts": [[[0, 0], [length, 0], [length, height], [0, height]]]} for i in range(n)]
    return Catalogue(data)


def column(n: int, shift: float = 0.0, top_third: bool = False) -> Building:
    """n 40×20 blocks, aligned; with `top_third`, the top third moved `shift` of a length right."""
    b = Building(Lot.card_edge(), pieces=with_blocks(n))
    first_moved = n - round(n / 3) if top_third else n
    for k in range(n):
        b.place(Placement(f"extra-{k}", 24.0 + (40.0 * shift if k >= first_moved else 0.0), 20.0 * k, floor=k + 1))
    return b


def harmonic(n: int, f: float) -> Building:
    b = Building(Lot.card_edge(), pieces=with_blocks(n))
    xs = [4.0]
    for k in range(n - 1, 0, -1):
        xs.append(xs[-1] + f * 40.0 / (2 * k))
    for k, x in enumerate(xs):
        b.place(Placement(f"extra-{k}", x, 20.0 * k, floor=k + 1))
    return b


def lone(frac: float) -> Building:
    b = Building(Lot.card_edge(), pieces=with_blocks(2))
    b.place(Placement("extra-0", 4.0, 0.0))
    b.place(Placement("extra-1", 4.0 + 40.0 * frac, 20.0, floor=2))
    return b


def on_uprights(floors: int, inset: float, lean: float = 0.0) -> Building:
    """tests/test_physical_truth.py's tall, heavy building on uprights 8-10 mm wide, each `inset`
    mm inside the piece under it; `lean` moves the middle upright out (at 5 mm its load lies
    2 mm past its edge)."""
    b = Building(Lot.card_edge())
    for pid, x, y, floor, rotation in upright_tower(floors, inset, lean):
        b.place(Placement(pid, x, y, rotation, False, floor))
    return b


# ---- the plain loop -----------------------------------------------------------------------

def plain_pymunk(building: Building, steps: int) -> None:
    """The same bodies (rounded as the project rounds them) built and stepped with plain pymunk
    calls, no verdict bookkeeping."""
    space = pymunk.Space()
    space.gravity = (0, -world.GRAVITY)
    space.iterations = world.ITERATIONS     # the bench's buildings hold no narrowly held piece
    space.collision_slop = world.COLLISION_SLOP
    space.collision_bias = world.COLLISION_BIAS
    space.sleep_time_threshold = world.SLEEP_TIME
    space.idle_speed_threshold = world.IDLE_SPEED
    table = pymunk.Poly(space.static_body, [(-2000, -100), (2000, -100), (2000, 0), (-2000, 0)])
    table.friction = world.SURFACE_FRICTION
    space.add(table)
    for i, p in enumerate(building.placements):
        polys = building.polygons(i)
        area = sum(abs(stability._area(q)) for q in polys)
        body = pymunk.Body()
        body.position = (p.x, p.y)
        shapes = []
        for q in polys:
            sh = pymunk.Poly(body, geometry.inset([(x - p.x, y - p.y) for x, y in q], world.PIECE_RADIUS),
                             radius=world.PIECE_RADIUS)
            sh.density = building.pieces[p.piece].mass_g / area
            sh.friction = world.SURFACE_FRICTION
            shapes.append(sh)
        space.add(body, *shapes)
    for _ in range(steps):
        space.step(world.STEP)


# ---- frames --------------------------------------------------------------------------------

def forty_piece_building() -> Building:
    """Rows of same-height rectangles, widest first and centred, each resting on a wider one."""
    cat = catalogue()
    rects = [pid for pid in cat.ids() if len(cat[pid].parts) == 1 and len(cat[pid].parts[0]) == 4][:40]
    width = 110.0
    rows: list[list[str]] = []
    for pid in sorted(rects, key=lambda p: cat[p].height):
        row = rows[-1] if rows else None
        full = row is not None and sum(cat[q].width for q in row) + cat[pid].width > width
        if row is None or cat[row[0]].height != cat[pid].height or full:
            rows.append([pid])
        else:
            row.append(pid)
    rows.sort(key=lambda r: -sum(cat[q].width for q in r))
    b = Building(Lot.card_edge(width))
    y = 0.0
    for floor, row in enumerate(rows, start=1):
        x = (width - sum(cat[q].width for q in row)) / 2
        for pid in row:
            b.place(Placement(pid, x, y, 0.0, False, floor))
            x += cat[pid].width
        y += max(cat[q].height for q in row)
    assert len(b.placements) == 40
    return b


def pygame_frame_ms(frames: int = 120) -> float:
    """One 1/60 s frame of the pygame build screen after Stop!: the steps and the whole draw."""
    import pygame

    from physics import window
    from physics.practice.build import BuildPractice
    from physics.window.build import BuildWindow
    screen = BuildWindow(BuildPractice(forty_piece_building()))
    surface = pygame.Surface(window.SIZE)
    screen.bench.stop()
    screen.bench.hold = False
    times = []
    for _ in range(frames):
        t = time.perf_counter()
        for _ in range(window.BUILD_STEPS_PER_FRAME):
            screen.bench.scene.step()
        screen.bench.frame += window.BUILD_STEPS_PER_FRAME
        screen.draw(surface)
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1e3


def textual_frame_ms(size=(250, 70), frames: int = 60) -> float:
    """One 1/30 s frame of the kiosk's build screen after Stop!: the steps, the words, the
    picture, and every line of the canvas rendered as Textual would paint it."""
    from kiosk.app import TokyoKiosk
    from kiosk.config import KioskConfig
    from kiosk.practice.build import STEPS_PER_TICK, BuildPracticeScreen
    from kiosk.widgets.pixels import PixelCanvas
    from physics.practice.build import BuildPractice

    async def run() -> float:
        app = TokyoKiosk(bot_delay=0, config=KioskConfig(idle_seconds=0))
        async with app.run_test(size=size) as pilot:
            screen = BuildPracticeScreen(BuildPractice(forty_piece_building()))
            await app.push_screen(screen)
            for _ in range(20):
                await pilot.pause()
            canvas = screen.query_one(PixelCanvas)
            bench = screen.bench
            bench.stop()
            screen._stop_timer()
            bench.hold = False
            times = []
            for _ in range(frames):
                t = time.perf_counter()
                for _ in range(STEPS_PER_TICK):
                    bench.scene.step()
                bench.frame += STEPS_PER_TICK
                screen.refresh_all()
                for y in range(canvas.size.height):
                    canvas.render_line(y)
                times.append(time.perf_counter() - t)
            return statistics.median(times) * 1e3
    return asyncio.run(run())


# ---- instructions ------------------------------------------------------------------------

_CALLGRIND = """
import sys
sys.path.insert(0, {bench!r})
import bench_physics as B
from physics.stability import settle
building = B.{make}
steps = settle(building).steps
if {what!r} == "settle":
    settle(building)
elif {what!r} == "plain":
    B.plain_pymunk(building, steps)
"""


def instructions(make: str, what: str) -> int:
    """Instructions callgrind counts for one run of `what` ("settle", "plain" or "" for neither)."""
    import re
    import subprocess
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/out", sys.executable,
                               "-c", _CALLGRIND.format(bench=str(ROOT / "bench"), make=make, what=what)],
                              capture_output=True, text=True, check=True, cwd=ROOT)
    return int(re.search(r"Collected : (\d+)", done.stderr).group(1))


def instruction_ratios() -> None:
    for label, make in (("20-piece house", "twenty_piece_house()"), ("60-block column", "column(60)")):
        base = instructions(make, "")
        ours, plain = instructions(make, "settle") - base, instructions(make, "plain") - base
        print(f"instructions, {label}: settle() {ours / 1e6:,.0f} M, plain pymunk {plain / 1e6:,.0f} M, "
              f"{ours / plain:.3f}× (goal ≤ 1.15×)")


# ---- the settings sweep --------------------------------------------------------------------

TRUTHS = (
    [(f"harmonic {n} blocks, f {f}", f < 1, lambda n=n, f=f: harmonic(n, f)) for n in (5, 8) for f in (0.85, 1.1)]
    + [(f"lone block {frac:.3f} L", frac < 0.5, lambda frac=frac: lone(frac)) for frac in (0.485, 0.515)]
    + [(f"column of {n}", True, lambda n=n: column(n)) for n in (10, 25, 40, 60)]
    + [(f"column of {n}, top third at {s} L", s < 0.5, lambda n=n, s=s: column(n, s, True))
       for n in (25, 60) for s in (0.40, 0.55)]
    + [("tower of every flat piece", True, lambda: flat_tower(36)),
       ("the same tower leaning 3 mm a floor", False, lambda: flat_tower(36, 3.0))]
    + [(f"{n} floors on narrow uprights {inset} mm in", True, lambda n=n, inset=inset: on_uprights(n, inset))
       for n in (10, 11, 12) for inset in (2.0, 3.0)]
    + [(f"{n} floors on narrow uprights, one load 2 mm past its upright", False,
        lambda n=n: on_uprights(n, 2.5, 5.0)) for n in (10, 12)])


def sweep() -> None:
    base = (world.STEP, world.ITERATIONS, world.NARROW_ITERATIONS, world.add_table, world.CHECK_STEPS,
            world.CHECK_STEPS_LATER)

    def segment_table(space, half_width=world.TABLE_HALF_WIDTH_MM):
        seg = pymunk.Segment(space.static_body, (-half_width, -5.0), (half_width, -5.0), 5.0)
        seg.friction = world.SURFACE_FRICTION
        space.add(seg)
        return seg

    table = base[3]
    settings = [("1/1920 s, 10 iterations, 40 where narrowly held, box table (chosen)", 1 / 1920, 10, 40, table),
                ("1/1920 s, 10 iterations everywhere (before)", 1 / 1920, 10, 10, table),
                ("1/1920 s, 10 iterations, 20 where narrowly held", 1 / 1920, 10, 20, table),
                ("1/1920 s, 20 iterations everywhere", 1 / 1920, 20, 20, table),
                ("1/1920 s, 10 iterations, 40 where narrowly held, segment table", 1 / 1920, 10, 40, segment_table),
                ("1/240 s, 30 iterations", 1 / 240, 30, 30, table),
                ("1/960 s, 20 iterations", 1 / 960, 20, 20, table),
                ("1/960 s, 40 iterations", 1 / 960, 40, 40, table),
                ("1/1440 s, 10 iterations", 1 / 1440, 10, 10, table),
                ("1/1440 s, 20 iterations", 1 / 1440, 20, 20, table),
                ("1/1920 s, 6 iterations", 1 / 1920, 6, 6, table)]
    for label, step, iterations, narrow, table in settings:
        world.STEP, world.ITERATIONS, world.NARROW_ITERATIONS, world.add_table = step, iterations, narrow, table
        world.CHECK_STEPS = max(1, round(1 / 60 / step))
        world.CHECK_STEPS_LATER = 4 * world.CHECK_STEPS
        right, wrong, spent = 0, [], 0.0
        for name, stands, make in TRUTHS:
            building = make()
            t = time.perf_counter()
            v = settle(building)
            spent += time.perf_counter() - t
            if v.stands == stands:
                right += 1
            else:
                wrong.append(name)
        print(f"  {label}: {right}/{len(TRUTHS)} right in {spent:.2f} s"
              + (f"; wrong: {'; '.join(wrong)}" if wrong else ""))
    (world.STEP, world.ITERATIONS, world.NARROW_ITERATIONS, world.add_table, world.CHECK_STEPS,
     world.CHECK_STEPS_LATER) = base


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pours", type=int, default=500)
    parser.add_argument("--repeats", type=int, default=11)
    parser.add_argument("--sweep", action="store_true")
    parser.add_argument("--instructions", action="store_true")
    args = parser.parse_args()

    print(f"pymunk {pymunk.version} (Chipmunk {pymunk.chipmunk_version[:5]}), step {world.STEP:.6f} s, "
          f"{world.ITERATIONS} iterations ({world.NARROW_ITERATIONS} where a narrowly held piece rests on another)")
    for label, building, goal in (("20-piece house", twenty_piece_house(), 15),
                                  ("32-floor tower", flat_tower(32), 150),
                                  ("60-block column", column(60), 250)):
        v = settle(building)
        ms, best = timings_ms(lambda: settle(building), args.repeats)
        print(f"verdict, {label}: {v.summary}, ended {v.ended} at {v.seconds:.2f} s; "
              f"median {ms:.1f} ms, best {best:.1f} ms (goal ≤ {goal} ms)")

    ratios = []
    for building in (twenty_piece_house(), flat_tower(32), column(60), lone(0.6)):
        assert solver_iterations(building) == world.ITERATIONS, "plain_pymunk steps with world.ITERATIONS"
        steps = settle(building, early_exit=False, max_seconds=0.5).steps
        ours, plain = [], []
        for _ in range(args.repeats):
            t = time.perf_counter()
            scene = build_scene(building)
            for _ in range(steps):
                scene.step()
            ours.append(time.perf_counter() - t)
            t = time.perf_counter()
            plain_pymunk(building, steps)
            plain.append(time.perf_counter() - t)
        ratios.append(statistics.median(ours) / statistics.median(plain))
    print(f"project / plain pymunk, same steps (house, tower, column, tipping block): "
          f"{', '.join(f'{r:.3f}' for r in ratios)}; worst {max(ratios):.3f}× (goal ≤ 1.15×)")
    checked = []
    for building in (twenty_piece_house(), column(60)):
        v = settle(building)
        ours = median_ms(lambda: settle(building), args.repeats)
        plain = median_ms(lambda: plain_pymunk(building, v.steps), args.repeats)
        checked.append(ours / plain)
    print(f"settle() with its movement checks / plain loop of the same steps (house, column): "
          f"{', '.join(f'{r:.3f}' for r in checked)}")

    if args.pours > 0:
        for count, row in vending.pour_statistics(pours=args.pours).items():
            print(f"pours of {count} drink{'s' if count != 1 else ''} ({row['pours']} seeded): "
                  f"{row['out'] * 100:.1f} % of drinks out, a stuck drink in {row['stuck'] * 100:.1f} % "
                  f"of pours, {row['ms_per_pour']:.1f} ms a pour (goal ≥ 70 % out, stuck in 5–30 %)")

    print(f"pygame build frame, 40 pieces: median {pygame_frame_ms():.2f} ms (goal ≤ 4 ms)")
    for size in ((80, 24), (250, 70)):
        print(f"Textual build frame, 40 pieces, {size[0]}×{size[1]}: median {textual_frame_ms(size):.1f} ms "
              f"(goal ≤ 30 ms)")
    if args.instructions:
        instruction_ratios()
    if args.sweep:
        print("physical truths under other settings:")
        sweep()


if __name__ == "__main__":
    main()
