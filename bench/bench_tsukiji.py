"""Tsukiji Market figures (issue 3).

    python bench/bench_tsukiji.py

Goals: random play ≥ 3,000 moves/s with 4 players; the fishmonger's move ≤ 100 ms median;
save + load of a 6-player mid-game ≤ 2 ms and ≤ 32 KB; all-bot 4-player games end by the rules.
"""

from __future__ import annotations

import statistics
import time

from core import games, saves
from core.bots import make_bot
from core.rng import Rng
from core.simulate import simulate


def random_play(game, players: int, count: int) -> tuple[int, float]:
    moves, spent = 0, 0.0
    for seed in range(count):
        m = game.new(players, seed=seed, options=game.rules.random_play_options)
        rng = Rng(seed, stream=5)
        t = time.perf_counter()
        while not m.over:
            seat = m.to_act()[0]
            legal = m.legal(seat)
            m.play(seat, legal[rng.below(len(legal))])
            moves += 1
        spent += time.perf_counter() - t
    return moves, spent


def bot_times(game, players: int, count: int) -> list[float]:
    out = []
    for seed in range(count):
        m = game.new(players, seed=seed)
        bots = [make_bot(game) for _ in range(players)]
        rngs = [Rng(seed, stream=1000 + s) for s in range(players)]
        while not m.over:
            seat = m.to_act()[0]
            t = time.perf_counter()
            action = bots[seat].choose(m.view(seat), m.legal(seat), rngs[seat])
            out.append(time.perf_counter() - t)
            m.play(seat, action)
    return out


def mid_game(game, players: int, moves: int):
    m = game.new(players, seed=11)
    bots = [make_bot(game) for _ in range(players)]
    rngs = [Rng(11, stream=1000 + s) for s in range(players)]
    for _ in range(moves):
        if m.over:
            break
        seat = m.to_act()[0]
        m.play(seat, bots[seat].choose(m.view(seat), m.legal(seat), rngs[seat]))
    return m


def main() -> None:
    game = games.load("tsukiji")
    moves, secs = random_play(game, 4, 20)
    print(f"random play, 4 players (last-round rule 40 so random games end): {moves:,} moves in "
          f"{secs:.2f} s = {moves / secs:,.0f} moves/s (goal ≥ 3,000)")
    times = bot_times(game, 4, 10)
    print(f"fishmonger move, 4 players: median {statistics.median(times) * 1e3:.2f} ms, "
          f"95th percentile {sorted(times)[int(len(times) * 0.95)] * 1e3:.2f} ms over {len(times):,} moves "
          f"(goal ≤ 100 ms median)")
    m = mid_game(game, 6, 400)
    data = m.save()
    t_save, t_load = [], []
    for _ in range(200):
        t = time.perf_counter()
        data = m.save()
        t_save.append(time.perf_counter() - t)
        t = time.perf_counter()
        saves.load(data)
        t_load.append(time.perf_counter() - t)
    s, l = statistics.median(t_save), statistics.median(t_load)
    print(f"6-player mid-game (move {len(m.log.moves)}): save {s * 1e3:.3f} ms + load {l * 1e3:.3f} ms = "
          f"{(s + l) * 1e3:.3f} ms, {len(data):,} bytes (goals ≤ 2 ms, ≤ 32 KB)")
    r = simulate(game, 4, 200, seed=1)
    print(f"all-bot 4-player games, 200 seeds, rules as printed: {r['finished']} of 200 ended by the rules; "
          f"mean {r['mean_moves']} moves")
    wins = 0
    for seats, me in ((["fishmonger", "random"], 0), (["random", "fishmonger"], 1)):
        r = simulate(game, 2, 50, seed=20 + me, bot=seats, options={"round_limit": 40})
        wins += r["wins"][me]
    print(f"fishmonger vs random, 2 players, 100 games (last-round rule 40): fishmonger wins {wins} "
          f"({wins}%)")


if __name__ == "__main__":
    main()
