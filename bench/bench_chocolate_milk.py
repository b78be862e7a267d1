"""Chocolate Milk figures: random-play moves per second, save + load time, bot strength.

    python bench/bench_chocolate_milk.py [--games N]

Goal (issue 2): at least 20,000 random-play moves per second on the 2-core machine.
"""

from __future__ import annotations

import argparse
import statistics
import time

from core import games, saves
from core.rng import Rng
from core.simulate import simulate


def random_play(game, players: int, games_: int, seed: int) -> tuple[int, float]:
    """Moves and seconds for random games through the public Match API."""
    moves = 0
    start = time.perf_counter()
    for i in range(games_):
        m = game.new(players, seed=seed + i)
        rng = Rng(seed + i, stream=9)
        while True:
            waiting = m.to_act()
            if not waiting:
                break
            seat = waiting[0]
            legal = m.legal(seat)
            m.play(seat, legal[rng.below(len(legal))])
            moves += 1
    return moves, time.perf_counter() - start


def save_load(game, players: int, repeats: int) -> tuple[float, float, int]:
    m = game.new(players, seed=4)
    rng = Rng(4)
    for _ in range(30):
        seat = m.to_act()[0]
        legal = m.legal(seat)
        m.play(seat, legal[rng.below(len(legal))])
    save_t, load_t = [], []
    for _ in range(repeats):
        t0 = time.perf_counter()
        data = m.save()
        t1 = time.perf_counter()
        saves.load(data)
        t2 = time.perf_counter()
        save_t.append(t1 - t0)
        load_t.append(t2 - t1)
    return statistics.median(save_t), statistics.median(load_t), len(data)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=400)
    args = ap.parse_args()
    game = games.load("chocolate_milk")
    print("Chocolate Milk — random play through Match.legal/play (goal ≥ 20,000 moves/s)")
    total_moves, total_s = 0, 0.0
    for players in (2, 4, 6, 8):
        moves, secs = random_play(game, players, args.games, seed=1000 * players)
        total_moves += moves
        total_s += secs
        print(f"  {players} players: {moves:>7,} moves in {secs:6.2f} s = {moves / secs:>9,.0f} moves/s")
    print(f"  all:       {total_moves:>7,} moves in {total_s:6.2f} s = {total_moves / total_s:>9,.0f} moves/s")
    s, l, size = save_load(game, 4, 200)
    print(f"save + load, 4 players after 30 moves: save {s * 1e3:.3f} ms, load {l * 1e3:.3f} ms, "
          f"{size:,} bytes")
    for seats, idx in ((["dealer", "random"], 0), (["random", "dealer"], 1)):
        r = simulate(game, 2, 200, seed=77, bot=seats)
        print(f"dealer vs random, dealer in seat {idx + 1}: dealer wins {r['wins'][idx]} of 200 "
              f"({r['wins'][idx] / 2:.1f} %)")
    r = simulate(game, 4, 200, seed=78, bot=["dealer", "random", "random", "random"])
    print(f"dealer vs 3 random (4 players): dealer wins {r['wins'][0]} of 200 ({r['wins'][0] / 2:.1f} %); "
          f"a random seat would win 25 %")


if __name__ == "__main__":
    main()
