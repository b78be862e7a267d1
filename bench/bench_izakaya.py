"""Izakaya figures: the innkeeper against random play, and all-innkeeper games.

    python bench/bench_izakaya.py [--games 200] [--seed 0] [--players 2,3,4,5]

1. The innkeeper (games/izakaya/bot.py) against random seats at each player count over
   `--games` seeds (core.simulate.game_seed), its seat rotating from game to game (seat 0
   in game 0, seat 1 in game 1, ...). Printed: its win rate (first place, alone or
   shared; alone in brackets), its mean final score against the random seats' mean, and
   every placement it makes: its build moves (and free pieces), how many of them the rules
   refused, and every collapse it caused (an Event of kind "collapse" with its seat). Any
   refused placement or collapse of the innkeeper is a BUG, printed loudly: every piece it
   places is meant to stand.
2. All-innkeeper games at each player count on the same seeds: every one must end by the
   rules (match.over, the reason naming the bids, 004:127). How many ended, mean rounds and
   moves, the same placement figures, wall time per game.

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
from core.session import Session  # noqa: E402
from core.simulate import MAX_MOVES, game_seed  # noqa: E402


def mean(xs) -> float:
    return statistics.fmean(xs) if xs else float("nan")


def play(game, players: int, seed: int, names: list[str]) -> dict:
    """One game, bots by name a seat, driven by the session as `tokyo simulate` drives one; what
    each seat built, what was refused (and replaced by the session), what fell."""
    match = game.new(players, seed=seed)
    session = Session.of_computers(match, [make_bot(game, n) for n in names])
    builds = [0] * players
    free = [0] * players
    refused = [0] * players
    collapses = [0] * players
    instead = session.computers.instead

    def counted(m, seat, move, error):
        refused[seat] += 1
        return instead(m, seat, move, error)

    def heard(events):
        seat, key = match.log.moves[-1][:2]
        for e in events:
            if e.kind in ("build", "collapse") and e.seat == seat:
                if key == "bonus":
                    free[seat] += 1
                else:
                    builds[seat] += 1
            if e.kind == "collapse" and e.seat == seat:
                collapses[seat] += 1

    session.computers.instead = counted
    session.listeners.append(heard)
    moves = session.run(limit=MAX_MOVES)
    out = {"match": match, "moves": moves, "builds": builds, "free": free, "refused": refused,
           "collapses": collapses, "over": match.over, "round": match.state["round"]}
    if match.over:
        res = match.result()
        out["result"] = res
        out["reason"] = res.reason
    return out


def against_random(game, players: int, args) -> int:
    wins = alone = 0
    mine, theirs = [], []
    builds = free = refused = collapses = 0
    unfinished = []
    t = time.perf_counter()
    for i in range(args.games):
        seat = i % players
        names = ["random"] * players
        names[seat] = "innkeeper"
        g = play(game, players, game_seed(args.seed, i), names)
        builds += g["builds"][seat]
        free += g["free"][seat]
        refused += g["refused"][seat]
        collapses += g["collapses"][seat]
        if not g["over"]:
            unfinished.append(game_seed(args.seed, i))
            continue
        res = g["result"]
        if seat in res.winners:
            wins += 1
            alone += len(res.winners) == 1
        mine.append(res.final_yen[seat])
        theirs.extend(y for s, y in enumerate(res.final_yen) if s != seat)
    n = args.games - len(unfinished)
    wall = (time.perf_counter() - t) / max(args.games, 1)
    print(f"{players:>7} {args.games:>6} {100 * wins / max(n, 1):>6.1f}% ({100 * alone / max(n, 1):5.1f}%) "
          f"{mean(mine):>11.0f} {mean(theirs):>11.0f} {builds:>7} {free:>5} {refused:>8} {collapses:>9} "
          f"{wall * 1000:>8.1f}")
    bugs = refused + collapses + len(unfinished)
    if unfinished:
        print(f"   BUG: {len(unfinished)} games did not end, seeds {unfinished[:10]}")
    if refused or collapses:
        print(f"   BUG: the innkeeper had {refused} placement(s) refused and caused {collapses} collapse(s)")
    return bugs


def all_innkeepers(game, players: int, args) -> int:
    ended, by_bids, rounds, moves = 0, 0, [], []
    builds = free = refused = collapses = 0
    wins = [0] * players
    bad = []
    t = time.perf_counter()
    for i in range(args.games):
        s = game_seed(args.seed, i)
        g = play(game, players, s, ["innkeeper"] * players)
        builds += sum(g["builds"])
        free += sum(g["free"])
        refused += sum(g["refused"])
        collapses += sum(g["collapses"])
        if g["over"]:
            ended += 1
            rounds.append(g["round"])
            moves.append(g["moves"])
            if "bids reached" in g["reason"]:
                by_bids += 1
            else:
                bad.append(s)
            for w in g["result"].winners:
                wins[w] += 1
        else:
            bad.append(s)
    wall = (time.perf_counter() - t) / max(args.games, 1)
    print(f"{players:>7} {args.games:>6} {ended:>6} {by_bids:>8} {mean(rounds):>7.2f} {mean(moves):>7.1f} "
          f"{builds:>7} {free:>5} {refused:>8} {collapses:>9} {wall * 1000:>8.1f}   {wins}")
    if bad:
        print(f"   BUG: {len(bad)} games did not end by the bids (004:127), seeds {bad[:10]}")
    if refused or collapses:
        print(f"   BUG: innkeepers had {refused} placement(s) refused and caused {collapses} collapse(s)")
    return len(bad) + refused + collapses


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--players", default="2,3,4,5")
    args = ap.parse_args()
    counts = [int(x) for x in args.players.split(",")]
    game = games.load("izakaya")
    started = time.perf_counter()
    print(f"Izakaya: {args.games} games per player count, seed {args.seed}")
    print("\n1. the innkeeper (rotating seat) against random seats")
    print(f"{'players':>7} {'games':>6} {'wins (alone)':>16} {'inn. score':>11} {'rand. score':>11} "
          f"{'builds':>7} {'free':>5} {'refused':>8} {'collapses':>9} {'ms/game':>8}")
    bugs = sum(against_random(game, n, args) for n in counts)
    print("\n2. all-innkeeper games")
    print(f"{'players':>7} {'games':>6} {'ended':>6} {'by bids':>8} {'rounds':>7} {'moves':>7} "
          f"{'builds':>7} {'free':>5} {'refused':>8} {'collapses':>9} {'ms/game':>8}   wins by seat")
    bugs += sum(all_innkeepers(game, n, args) for n in counts)
    print(f"\n{'no bugs' if not bugs else f'{bugs} BUG(S)'}; {time.perf_counter() - started:.1f} s in all")


if __name__ == "__main__":
    main()
