"""The PettingZoo environments' speed (core.aec): steps a second with masked random agents at
every game's fewest and most players (the games' random-play options, so that random hands
finish where they can), and what one observation costs.

    python bench/bench_pettingzoo.py [--steps N] [GAME ...]

Needs the `rl` extra. The building games' steps are mostly physics checks of placements."""

from __future__ import annotations

import argparse
import time

from core import games
from core.aec import env


def run(name: str, players: int, steps: int) -> dict:
    game = games.load(name)
    e = env(name, players, seed=1, options=game.rules.random_play_options)
    e.reset(seed=1)
    done = finished = refused = 0
    observe = 0.0
    started = time.perf_counter()
    while done < steps:
        for agent in e.agent_iter():
            t = time.perf_counter()
            obs, _, terminated, truncated, info = e.last()
            observe += time.perf_counter() - t
            refused += "refused" in info
            e.step(None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"]))
            done += 1
            if done >= steps:
                break
        if not e.agents:
            finished += e.match.over
            e.reset()
    seconds = time.perf_counter() - started
    return {"steps": done, "seconds": seconds, "per_second": done / seconds,
            "observe_ms": 1000 * observe / done, "games_finished": finished, "refused": refused}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*")
    parser.add_argument("--steps", type=int, default=2000)
    args = parser.parse_args()
    names = args.games or [i.name for i in games.available()]
    print(f"{'game':16} {'players':>7} {'steps/s':>9} {'observe':>9} {'finished':>8} {'refused':>8}")
    for name in names:
        info = games.load(name).info
        for players in sorted({info.min_players, info.max_players}):
            r = run(name, players, args.steps)
            print(f"{name:16} {players:>7} {r['per_second']:>9.0f} {r['observe_ms']:>7.2f}ms "
                  f"{r['games_finished']:>8} {r['refused']:>8}", flush=True)


if __name__ == "__main__":
    main()
