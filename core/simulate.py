"""The simulation runner: many bot games, reproducible from one seed."""

from __future__ import annotations

import time
from typing import Callable

from .bots import make_bot, play_choice
from .rng import Rng

MAX_MOVES = 100_000


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` in a run started with `seed`."""
    return seed * 1_000_003 + index


def play_one(game, players: int, seed: int, bots: list, options: dict | None = None,
             max_moves: int = MAX_MOVES):
    """One all-bot game; returns (match, moves)."""
    match = game.new(players, seed=seed, options=options)
    rngs = [Rng(seed, stream=1000 + s) for s in range(players)]
    moves = 0
    wants_view = [getattr(b, "needs_view", True) for b in bots]
    while moves < max_moves:
        waiting = match.to_act()
        if not waiting:
            break
        seat = waiting[0]
        legal = match.legal(seat)
        view = match.view(seat) if wants_view[seat] else None
        play_choice(match, seat, bots[seat].choose(view, legal, rngs[seat]), legal, rngs[seat])
        moves += 1
    return match, moves


def simulate(game, players: int, games: int, seed: int, bot: str | list[str] | None = None,
             options: dict | None = None, progress: Callable[[int], None] | None = None) -> dict:
    """Play `games` bot games; same arguments give the same results (timing apart)."""
    names = bot if isinstance(bot, list) else [bot] * players
    if len(names) != players:
        raise ValueError("give one bot per seat")
    bots = [make_bot(game, n) for n in names]
    results = []
    wins = [0] * players
    yen_sum = [0] * players
    total_moves = 0
    finished = 0
    started = time.perf_counter()
    for i in range(games):
        s = game_seed(seed, i)
        match, moves = play_one(game, players, s, bots, options)
        total_moves += moves
        row = {"seed": s, "moves": moves, "finished": match.over}
        if match.over:
            finished += 1
            res = match.result()
            row["ranking"] = [list(g) for g in res.ranking]
            row["final_yen"] = list(res.final_yen)
            for w in res.winners:
                wins[w] += 1
            for p in range(players):
                yen_sum[p] += res.final_yen[p]
        results.append(row)
        if progress:
            progress(i + 1)
    seconds = time.perf_counter() - started
    return {
        "game": game.name,
        "players": players,
        "games": games,
        "seed": seed,
        "bots": [getattr(b, "name", n or "") for b, n in zip(bots, names)],
        "options": game.info.settle_options(players, options),
        "finished": finished,
        "wins": wins,
        "mean_final_yen": [round(y / finished, 1) if finished else None for y in yen_sum],
        "mean_moves": round(total_moves / games, 2) if games else 0,
        "moves_per_second": round(total_moves / seconds, 1) if seconds > 0 else None,
        "seconds": round(seconds, 3),
        "results": results,
    }
