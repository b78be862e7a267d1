"""All-computer speed of the building games, and the trial of the statics the verdicts take.

    python bench/bench_building_speed.py [--game jutaku --game countdown ...] [--repeat 1]
                                         [--statics] [--height MM]
    python bench/bench_building_speed.py --sure 5000 [--seed 1]

Speed: the moves per second (wall time) and the CPU seconds (user + system) of all-computer
games at 4 players with the default bots, as `tokyo simulate GAME --players 4 --games N
--seed 3` plays them, each run in a process of its own: Tokyo Jutaku 20 games, Countdown 5,
Bottle Bonus 20, Izakaya 20. The goals (the issue "Speed back"): Jutaku 2,000 moves a second
or more, Countdown 500. `--statics`: the games' own verdicts take the statics too where they
are sure (physics.stability.STATICS); `--height`: the tallest building they decide
(stability.SURE_HEIGHT_MM, 200 mm).

`--sure N`: N random buildings of the kind the architects' planner and Countdown's builders
build, drawn to be awkward (up to 24 floors, pieces of every kind, narrow uprights, rows
pushed to the edge of the floor below, arches under loads), and as many of them nudged
the way a hand leaves a piece (moved up to 3 mm, lifted, turned onto a post or a point);
each one physics.stability.surely_stands calls certain is settled by the physics as well,
and any the physics judges fallen is printed (exit status 1).

Figures on this 2-core machine, 2026-12-07, otherwise quiet (load under 1), two runs each:
moves a second, CPU seconds.

    game          before (df11b10)         after                  --statics    --statics --height 1e5
    jutaku        1,256-1,262 / 3.73-3.75  2,405-2,414 / 1.95-1.96  2,787 / 1.69  3,601 / 1.31
    countdown       103       / 4.84-4.85    127-128   / 3.92-3.94    135 / 3.71  1,012 / 0.50
    bottle_bonus  1,334-1,347 / 5.38-5.43  2,383-2,394 / 3.03-3.04  2,686 / 2.70  3,311 / 2.19
    izakaya       2,435-2,453 / 0.71-0.72  2,959-2,996 / 0.58-0.59  4,245 / 0.42  4,299 / 0.41

What changed (the same games, bit for bit: 749 games of the four, 2-4 players, every level
and the search, their moves and final states hashed before and after):
- a verdict is remembered by the pieces' shapes (parts and mass) and places, not their ids
  nor the lot: twins of a shape make the same bodies, so the same steps (Countdown judged
  751 buildings in the 5 games, 403 of them again under a twin's name);
- Chipmunk is stepped without pymunk's bookkeeping around each step (4-5 % of a verdict);
- the planner asks statics first (stability.surely_stands, up to 200 mm tall): every one of
  its candidate buildings stood in the physics (47,099 for random cards, every one in the
  games), and it tried about one a plan; the games' own verdicts still settle (STATICS off);
- the planner's loops sort once where they sorted for every piece.

Countdown's goal is out of reach while the games' own verdicts settle its towers: the
verdicts of the 222 towers of those 5 games alone take 3.4 CPU seconds (the bots add little
now), tall towers that never sleep running the whole 2 s watch. Statics could take them
(`--statics --height 1e5`: 1,012 moves a second), but the physics judges some towers of
statics' kind fallen once they are tall: 68 of the 1,893 over 250 mm in 120 games (the
lowest 262 mm, up to one in ten over 450 mm), none of the 1,930 of 250 mm or less; so some
games would change (1 of the 610). Of the buildings statics are sure of (up to 200 mm) that the bots and
the games judged in 340 more games of Countdown, Jutaku and Bottle Bonus (4,708), none fell.

Trial (`--sure 5000`, seeds 31 and 32): 10,000 awkward buildings and 6,284 nudged ones that
keep the rules (86 of those fell): 6,315 surely standing by statics, all 6,315 standing in
the physics.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from core import games  # noqa: E402
from core.rng import Rng  # noqa: E402
from core.simulate import simulate  # noqa: E402
from games.building import planner as A  # noqa: E402
from physics import stability  # noqa: E402
from physics.building import Building, Lot, Placement  # noqa: E402
from physics.pieces import catalogue  # noqa: E402

#: (game, games played) at 4 players, seed 3: the issue's runs
RUNS = {"jutaku": 20, "countdown": 5, "bottle_bonus": 20, "izakaya": 20}
GOALS = {"jutaku": 2000.0, "countdown": 500.0}


def cpu() -> float:
    t = os.times()
    return t.user + t.system


def one(name: str) -> None:
    """The line of one run of `name`, in this process."""
    game = games.load(name)
    start = cpu()
    r = simulate(game, 4, RUNS[name], 3)
    used = cpu() - start
    moves = sum(row["moves"] for row in r["results"])
    goal = GOALS.get(name)
    mark = "" if goal is None else f"{goal:,.0f} {'met' if r['moves_per_second'] >= goal else 'NOT met'}"
    print(f"{name:<13} {RUNS[name]:>5} {moves:>6} {r['moves_per_second']:>8,.1f} {used:>6.2f}  {mark}", flush=True)


def speed(names: list[str], repeat: int, flags: list[str]) -> None:
    """Each run in a process of its own, as `tokyo simulate` plays it: nothing remembered from
    another run (the verdicts above all)."""
    print(f"{'game':<13} {'games':>5} {'moves':>6} {'moves/s':>8} {'CPU s':>6}  goal", flush=True)
    for name in names:
        for _ in range(repeat):
            subprocess.run([sys.executable, __file__, "--one", name, *flags], check=True)


# ---- the statics' trial --------------------------------------------------------------------

def awkward(rng: Rng, cat) -> Building | None:
    """A random building of the planner's kind: rows of flat-topped pieces of one height, each
    inside the floor below, any pieces on top; rows placed anywhere in their room (often at
    an edge), up to 24 floors; None when the draw gets stuck."""
    ids = cat.ids()
    supply = [pid for pid in ids if rng.below(100) < 35 + rng.below(66)]
    shapes = {pid: A._shapes(cat, pid) for pid in supply}
    supply = [pid for pid in supply if shapes[pid]]
    floors = 1 + rng.below(6) if rng.below(2) else 1 + rng.below(24)
    width = 10 + rng.below(111)
    lo, hi = 0.0, float(width)
    y, used, out = 0.0, set(), []
    for k in range(1, floors + 1):
        free = [pid for pid in supply if pid not in used]
        room = hi - lo
        top = k == floors
        if top:
            fits = [(pid, [s for s in shapes[pid] if s.w <= room + A.EPS]) for pid in free]
            fits = [(pid, f) for pid, f in fits if f]
            if not fits:
                return None
            rng.shuffle(fits)
            row, total = [], 0.0
            for pid, f in fits[:1 + rng.below(4)]:
                s = rng.choice(f)
                if total + s.w <= room + A.EPS:
                    row.append(s)
                    total += s.w
        else:
            by_height: dict[float, list] = {}
            for pid in free:
                for s in shapes[pid]:
                    if s.flat_top and s.w <= room + A.EPS:
                        group = by_height.setdefault(s.h, [])
                        if all(t.piece != pid for t in group):
                            group.append(s)
            if not by_height:
                return None
            group = by_height[rng.choice(sorted(by_height))]
            rng.shuffle(group)
            if rng.below(2):
                group.sort(key=lambda s: -s.w)          # fill the room, as Countdown's rows do
            row, total = [], 0.0
            for s in group[:1 + rng.below(5)] if rng.below(2) else group:
                if total + s.w <= room + A.EPS:
                    row.append(s)
                    total += s.w
        if not row:
            return None
        spare = max(0.0, room - total)
        where = rng.below(4)
        x = lo if where == 0 else lo + spare if where == 1 else lo + round(spare * rng.below(10001) / 10000, 6)
        x = min(x, hi - total)
        start = x
        for s in row:
            out.append(Placement(s.piece, round(x, 6), round(y, 6), s.rotation, s.flip, k))
            used.add(s.piece)
            x += s.w
        lo, hi = start, start + total
        y += row[0].h if not top else 0.0
    return Building(Lot(((0.0, float(width)),)), 0, out, pieces=cat)


def nudged(b: Building, rng: Rng) -> Building:
    """The building with one piece (mostly of the top floor) nudged the way a hand leaves it:
    moved sideways up to 3 mm, lifted up to 0.4 mm, or turned to any of its ways (on a post,
    on a point)."""
    placements = list(b.placements)
    top = max(q.floor for q in placements)
    ups = [k for k, q in enumerate(placements) if q.floor == top]
    i = rng.choice(ups) if rng.below(3) else rng.below(len(placements))    # mostly the top: it may tip
    p = placements[i]
    how = rng.below(3)
    if how == 0:
        p = Placement(p.piece, round(p.x + (rng.below(6001) - 3000) / 1000, 6), p.y, p.rotation, p.flip, p.floor)
    elif how == 1:
        p = Placement(p.piece, p.x, round(p.y + rng.below(401) / 1000, 6), p.rotation, p.flip, p.floor)
    else:
        p = Placement(p.piece, p.x, p.y, 90.0 * rng.below(4), bool(rng.below(2)), p.floor)
    placements[i] = p
    return Building(b.lot, b.outline, placements, pieces=b.pieces)


def sure(count: int, seed: int) -> int:
    """The trial: `count` awkward buildings and as many nudged ones that keep the rules; the
    physics on every one statics call certain, and on the nudged ones."""
    cat = catalogue()
    rng = Rng(seed, stream=77)
    made = certain = stood = nudges = nudged_fell = 0
    floors: dict[int, int] = {}
    wrong = 0
    started = time.perf_counter()
    while made < count:
        b = awkward(rng, cat)
        if b is None or b.check():
            continue
        made += 1
        for trial in (b, nudged(b, rng)):
            if trial is not b:
                if trial.check():
                    continue
                nudges += 1
            statics = stability.surely_stands(trial)
            if not statics and trial is b:
                continue
            v = stability.settle(trial)
            if trial is not b and not v.stands:
                nudged_fell += 1
            if not statics:
                continue
            certain += 1
            top = max(p.floor for p in trial.placements)
            floors[top] = floors.get(top, 0) + 1
            if v.stands:
                stood += 1
            else:
                wrong += 1
                print("certain by statics, judged fallen:", v.ended, v.moved, trial.to_scene(), flush=True)
    print(f"{made} awkward buildings and {nudges} nudged ones that keep the rules ({nudged_fell} of "
          f"those fell): {certain} surely standing by statics, {stood} of those stood in the physics, "
          f"{wrong} fell ({time.perf_counter() - started:.0f} s)")
    print("surely standing by floors:", ", ".join(f"{k}: {v}" for k, v in sorted(floors.items())))
    return 1 if wrong else 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", action="append", choices=tuple(RUNS))
    ap.add_argument("--repeat", type=int, default=1, help="runs of each game (each in a process of its own)")
    ap.add_argument("--one", choices=tuple(RUNS), help=argparse.SUPPRESS)
    ap.add_argument("--sure", type=int, default=0, help="the statics' trial: this many buildings")
    ap.add_argument("--seed", type=int, default=1, help="the statics' trial's seed")
    ap.add_argument("--statics", action="store_true",
                    help="the games' own verdicts by statics too where they are sure (stability.STATICS)")
    ap.add_argument("--height", type=float, default=None,
                    help="the tallest building (mm) statics decide (stability.SURE_HEIGHT_MM)")
    args = ap.parse_args(argv)
    if args.statics:
        stability.STATICS = True
    if args.height is not None:
        stability.SURE_HEIGHT_MM = args.height
    if args.sure:
        return sure(args.sure, args.seed)
    if args.one:
        one(args.one)
        return 0
    flags = (["--statics"] if args.statics else []) + ([] if args.height is None else ["--height", str(args.height)])
    speed(args.game or list(RUNS), args.repeat, flags)
    return 0


if __name__ == "__main__":
    sys.exit(main())
