"""Shopping Spree figures: the shopper against random play, and all-shopper games.

    python bench/bench_spree.py [--games 200] [--seed 0] [--players 2,3,4,5,6]
                                [--variant economic|dexterity]

1. One shopper (games/shopping_spree/bot.py) against random seats at each player count over
   `--games` seeds (core.simulate.game_seed), its seat rotating from game to game. Random
   shoppers hardly ever leave the shop twice, so these games have the kiosk's closing time
   (40 rounds, a house rule): printed are the shopper's win rate (first place, alone or
   shared), its mean final yen against the random seats' mean, and how the games ended.
2. All-shopper games on the same seeds with no closing time: every one must end by the
   printed rule (all but one have left twice, 004:225). Printed: how many did, mean rounds
   and moves, the yen left unpaid in the last crate, wins by seat, wall time per game; in
   the dexterity variant also the goods lost from pushed crates.

A script that prints figures, never a timed test.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from core import games  # noqa: E402
from core.bots import make_bot  # noqa: E402
from core.simulate import game_seed, play_one  # noqa: E402

CLOSING = 40


def mean(xs) -> float:
    return statistics.fmean(xs) if xs else float("nan")


def against_random(game, players: int, n: int, seed: int, variant: str) -> None:
    wins = alone = 0
    mine, theirs, reasons = [], [], {}
    for i in range(n):
        s = game_seed(seed, i)
        me = i % players
        bots = [make_bot(game, "shopper" if p == me else "random") for p in range(players)]
        match, _ = play_one(game, players, s, bots, {"variant": variant, "closing": CLOSING})
        r = match.result()
        wins += me in r.winners
        alone += r.winners == (me,)
        mine.append(r.final_yen[me])
        theirs += [r.final_yen[p] for p in range(players) if p != me]
        why = "closing time" if "closed" in r.reason else "all but one left twice"
        reasons[why] = reasons.get(why, 0) + 1
    print(f"  {players} players: shopper wins {100 * wins / n:5.1f} % ({100 * alone / n:5.1f} % alone), "
          f"mean ¥{mean(mine):,.0f} vs random ¥{mean(theirs):,.0f}; ended: "
          + ", ".join(f"{k} {v}" for k, v in sorted(reasons.items())))


def all_shoppers(game, players: int, n: int, seed: int, variant: str) -> None:
    ended, rounds, moves, unpaid, lost, seconds = 0, [], [], [], [], []
    wins = [0] * players
    for i in range(n):
        s = game_seed(seed, i)
        bots = [make_bot(game, "shopper") for _ in range(players)]
        t = time.perf_counter()
        match, m = play_one(game, players, s, bots, {"variant": variant, "closing": 0})
        seconds.append(time.perf_counter() - t)
        st = match.state
        ok = match.over and st["reason"].startswith("all but one")
        ended += ok
        rounds.append(st["round"])
        moves.append(m)
        lost.append(len(st["lost"]))
        inside = [p for p in range(players) if st["trips"][p] < 2]
        unpaid.append(sum(game.rules.payout(st, st["crates"][p])["total"] for p in inside))
        for w in match.result().winners if match.over else ():
            wins[w] += 1
    print(f"  {players} players: {ended}/{n} end by 004:225; mean {mean(rounds):.1f} rounds, {mean(moves):.0f} moves, "
          f"¥{mean(unpaid):,.0f} unpaid inside, {mean(lost):.2f} goods lost; wins by seat "
          + "/".join(map(str, wins)) + f"; {1000 * mean(seconds):.0f} ms a game")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--players", default="2,3,4,5,6")
    ap.add_argument("--variant", default="economic", choices=["economic", "dexterity"])
    a = ap.parse_args()
    game = games.load("shopping_spree")
    counts = [int(p) for p in a.players.split(",")]
    print(f"Shopping Spree, {a.variant}, {a.games} seeds from {a.seed}")
    print(f"1. one shopper against random seats (closing time after {CLOSING} rounds)")
    for p in counts:
        against_random(game, p, a.games, a.seed, a.variant)
    print("2. all shoppers, no closing time")
    for p in counts:
        all_shoppers(game, p, a.games, a.seed, a.variant)


if __name__ == "__main__":
    main()
