"""Computer architect figures (games/building/planner.py).

    python bench/bench_architect.py [--cards 200] [--seed 0] [--share 40] [--towers 3]

For each level, over `--cards` seeded random lots drawn like real cards (1-4 floors,
floors..12 pieces, one or two outlines 40-88 mm wide): how often it finds a building
(every one re-checked here: the rules and the stability verdict), its mean and median
build seconds, and the mean wall time it spends planning a card. Once with the full
supply and once with a random `--share` of the 69 pieces (other builders hold the rest;
0 skips it). Then the tallest Countdown tower each level builds on the card edge with the
full supply over `--towers` seeds, a floor a round with as many pieces as its round's
time allows (games/countdown/clock.py countdown_limit).

Many random cards cannot be built at all (one floor cannot hold 12 pieces side by side
in 60 mm however narrow they stand): the "possible" column counts the cards a relaxed
bound does not rule out, as a ceiling for the rates.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from core.rng import Rng  # noqa: E402
from games.building import planner as A  # noqa: E402
from games.countdown.clock import countdown_limit  # noqa: E402
from physics.building import Building, Lot  # noqa: E402
from physics.pieces import catalogue  # noqa: E402
from physics.stability import settle  # noqa: E402


def possible(lot: Lot, cat, ids) -> bool:
    """Not ruled out by the relaxed bound: the pieces of the fullest floor of the most even
    split, at their narrowest, fit in the widest outline."""
    narrow = sorted(min(s.w for s in A._shapes(cat, pid)) for pid in ids)
    share = -(-lot.pieces // lot.floors)
    return sum(narrow[:share]) <= max(b - a for a, b in lot.outlines) + 1e-6


def cards(args, cat, share: int | None):
    ids = cat.ids()
    lots, supplies = [], []
    for k in range(args.cards):
        lots.append(A.random_lot(Rng(args.seed * 100_003 + k, stream=31)))
        supply = list(ids)
        if share:
            Rng(args.seed * 100_003 + k, stream=32).shuffle(supply)
            supply = supply[:share]
        supplies.append(supply)
    can = sum(possible(lot, cat, s) for lot, s in zip(lots, supplies))
    title = "full supply (69 pieces)" if not share else f"shared supply ({share} of 69 pieces)"
    print(f"\n{title}, {args.cards} cards, {can} not ruled out by the relaxed bound")
    print(f"{'level':<11} {'found':>7} {'rate':>6} {'mean s':>7} {'median s':>8} {'plan ms/card':>12} {'max ms':>7}")
    for name, level in A.LEVELS.items():
        found, seconds, walls = 0, [], []
        for k, (lot, supply) in enumerate(zip(lots, supplies)):
            t = time.perf_counter()
            p = A.plan(lot, supply, level, Rng(args.seed * 100_003 + k, stream=33), cat)
            walls.append(time.perf_counter() - t)
            if p is None:
                continue
            b = Building(lot, p.outline, list(p.placements), pieces=cat)
            assert b.check() == [] and settle(b).stands is True, (name, k)
            assert {q.piece for q in p.placements} <= set(supply)
            found += 1
            seconds.append(p.seconds)
        mean = statistics.fmean(seconds) if seconds else float("nan")
        median = statistics.median(seconds) if seconds else float("nan")
        print(f"{name:<11} {found:>7} {found / len(lots):>6.1%} {mean:>7.1f} {median:>8.1f} "
              f"{statistics.fmean(walls) * 1000:>12.1f} {max(walls) * 1000:>7.0f}")


def towers(args, cat):
    ids = cat.ids()
    print(f"\nCountdown on the card edge, full supply, {args.towers} seed(s): the tallest tower")
    print(f"{'level':<11} {'floors':>6} {'pieces':>6} {'s/tower':>8}   pieces per floor")
    for name, level in A.LEVELS.items():
        best = None
        for seed in range(args.towers):
            rng = Rng(args.seed * 100_003 + seed, stream=34)
            b = Building(Lot.card_edge(), pieces=cat)
            rows = []
            t = time.perf_counter()
            while True:
                floor = len(rows) + 1
                row = A.plan_floor(b, ids, level, rng, countdown_limit(level, floor))
                if not row:
                    break
                for p in row:
                    b.place(p)
                rows.append(len(row))
            wall = time.perf_counter() - t
            assert b.check(complete=False) == [] and settle(b).stands is True
            if best is None or (len(rows), sum(rows)) > (len(best[0]), sum(best[0])):
                best = (rows, wall)
        rows, wall = best
        print(f"{name:<11} {len(rows):>6} {sum(rows):>6} {wall:>8.1f}   {' '.join(map(str, rows))}")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cards", type=int, default=200, help="random lot cards per level")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--share", type=int, default=40, help="pieces in the shared-supply run (0: none)")
    ap.add_argument("--towers", type=int, default=3, help="Countdown towers per level (0: none)")
    args = ap.parse_args(argv)
    cat = catalogue()
    print("levels:")
    for name, lv in A.LEVELS.items():
        print(f"  {name:<11} tries {lv.tries:>3}  kinds {', '.join(lv.kinds)}; "
              f"{lv.seconds_base:g} s + {lv.seconds_per_piece:g} s/piece + {lv.seconds_per_floor:g} s/floor, "
              f"±{lv.spread:.0%}")
    cards(args, cat, None)
    if args.share:
        cards(args, cat, args.share)
    if args.towers:
        towers(args, cat)


if __name__ == "__main__":
    main()
