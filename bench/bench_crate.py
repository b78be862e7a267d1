"""Crate figures: ms per push by load size, and the share of goods lost by level and load size.

    python bench/bench_crate.py [--seeds 200] [--steps 2] [--sizes 0,2,4,6,8,10,12]

Goal: a push of a 10-good load ≤ 30 ms (median over the seeds, every level) on the build
machine: the Shopping Spree's dexterity variant pushes once a move, and random-play tests
play hundreds of moves. Push s of n goods at level L is `tokyo practice push --seed s
--count n --level L --steps S --json` (physics.crate.random_load(s, n), seed s), s = 0 ..
seeds-1. A last table pushes the tall pile of tests/test_crate.py (nine flat goods, the
three laundry machines on top) with the same seeds. The times are wall time on a shared
machine (the median is the steadier figure); everything else is deterministic.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from physics import crate  # noqa: E402

TALL = ["sheets", "shirt", "trousers", "bra", "tuna", "salmon", "crab", "magazine", "pillowcase",
        "washer", "dryer", "washer"]


def measure(loads, level: int, steps: int) -> tuple[list[float], int, int]:
    """Push each (seed, load): the wall times in ms, goods lost, goods pushed."""
    times, lost, goods = [], 0, 0
    for seed, load in loads:
        t = time.perf_counter()
        result = crate.push(load, level, steps, seed)
        times.append((time.perf_counter() - t) * 1e3)
        lost += len(result.fallen)
        goods += len(load)
    return times, lost, goods


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=200, help="pushes per load size and level (default 200)")
    ap.add_argument("--steps", type=int, default=2, help="steps along the aisles a push goes (default 2)")
    ap.add_argument("--sizes", default="0,2,4,6,8,10,12", help="load sizes, separated by commas")
    args = ap.parse_args()
    sizes = [int(n) for n in args.sizes.split(",")]
    crate.push(["shirt"], 3, 1, 0)                           # assets loaded, code warm
    print(f"{args.seeds} seeds a cell, {args.steps} steps ({args.steps * crate.STEP_MM:.0f} mm); "
          "ms is the median wall time of a push, lost the share of the goods pushed")
    head = " ".join(f"{'L' + str(lv) + ' ' + crate.LEVEL_WORDS[lv - 1]:>17}" for lv in crate.LEVELS)
    print(f"{'goods':>5} {head} {'ms all':>8}")
    for n in sizes:
        loads = [(s, crate.random_load(s, n)) for s in range(args.seeds)]
        cells, every = [], []
        for level in crate.LEVELS:
            times, lost, goods = measure(loads, level, args.steps)
            every += times
            share = f"{100 * lost / goods:5.1f} %" if goods else "    – "
            cells.append(f"{share} {statistics.median(times):5.1f} ms")
        print(f"{n:>5} " + " ".join(f"{c:>17}" for c in cells) + f" {statistics.median(every):8.1f}")
    print(f"\nthe tall pile ({len(TALL)} goods, machines on top), {args.seeds} seeds:")
    for level in crate.LEVELS:
        times, lost, goods = measure([(s, TALL) for s in range(args.seeds)], level, args.steps)
        print(f"  L{level} {crate.LEVEL_WORDS[level - 1]:<9} {lost / args.seeds:5.2f} goods lost a push "
              f"({100 * lost / goods:4.1f} %), {statistics.median(times):5.1f} ms")


if __name__ == "__main__":
    main()
