"""Tournaments: bots against each other over seeded games, the seats rotating.

The lineup is the bots filling the seats: the first once, the others in order, the last one
taking every seat left. Game i turns the lineup by i seats, so over a multiple of the player
count every bot has sat at every seat equally often; game i's seed is game_seed(seed, i), as
in a simulation, so the same arguments give the same tournament wherever it is played.
"""

from __future__ import annotations

import math
import time
from fractions import Fraction
from typing import Callable

from .bots import make_bot
from .simulate import play_games

#: the normal quantile of a two-sided 95 % interval
Z95 = 1.959963984540054


def lineup(game, bots: list[str], players: int) -> list[str]:
    """One bot name per seat for game 0, every name checked; ValueError for a list of bots
    that cannot make a tournament."""
    if len(bots) < 2:
        raise ValueError(f"a tournament needs two bots or more, not {len(bots)}")
    if len(bots) > players:
        raise ValueError(f"{len(bots)} bots do not fit {players} seats")
    if any(not name.strip() for name in bots):
        raise ValueError("a bot has an empty name")
    twice = next((b for i, b in enumerate(bots) if b in bots[:i]), None)
    if twice is not None:
        raise ValueError(f"bot {twice!r} is listed twice; the last bot listed takes the seats left")
    for name in bots:
        make_bot(game, name)
    return list(bots) + [bots[-1]] * (players - len(bots))


def seating(seats: list[str], index: int) -> list[str]:
    """Game `index`'s seats: the lineup turned by `index` seats (its first bot at seat index)."""
    turn = index % len(seats)
    return seats[-turn:] + seats[:-turn] if turn else list(seats)


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float] | None:
    """The Wilson score interval of a win rate `wins`/`games` (None without games)."""
    if games <= 0:
        return None
    p = wins / games
    scale = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / scale
    half = z / scale * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    return max(0.0, centre - half), min(1.0, centre + half)


def win_shares(rows: list[dict], bots: list[str]) -> dict[str, Fraction]:
    """Each bot's wins over finished games: a win shared by k seats counts 1/k to each seat."""
    wins = {b: Fraction(0) for b in bots}
    for row in rows:
        if not row["finished"] or not row["ranking"]:
            continue
        winners = row["ranking"][0]
        for seat in winners:
            wins[row["bots"][seat]] += Fraction(1, len(winners))
    return wins


def tournament(game, players: int, bots: list[str], games: int, seed: int,
               options: dict | None = None, progress: Callable[[int], None] | None = None, *,
               workers: int = 1, cluster: str | None = None) -> dict:
    """Play `games` games of the bots `bots` (see lineup) and report each bot's wins and
    win rate beside its chance share (its seats / players). A JSON-able dict."""
    seats = lineup(game, bots, players)
    settled = game.info.settle_options(players, options)
    seatings = [seating(seats, i) for i in range(games)]
    started = time.perf_counter()
    rows = play_games(game, players, seed, seatings, options, progress, workers=workers,
                      cluster=cluster)
    seconds = time.perf_counter() - started
    for row, sat in zip(rows, seatings):
        row["bots"] = sat
    finished = sum(1 for row in rows if row["finished"])
    wins = win_shares(rows, bots)
    scores: dict[str, list] = {b: [] for b in bots}
    unit = "yen"
    for row in rows:
        if row["finished"]:
            unit = row["unit"]
            for seat, bot in enumerate(row["bots"]):
                scores[bot].append(row["scores"][seat])
    table = []
    for name in bots:
        chance = Fraction(seats.count(name), players)
        rate = wins[name] / finished if finished else None
        low_high = wilson(float(wins[name]), finished)
        table.append({
            "bot": name,
            "seats": seats.count(name),
            "games": finished,
            "wins": round(float(wins[name]), 4),
            "win_rate": None if rate is None else round(float(rate), 4),
            "low": None if low_high is None else round(low_high[0], 4),
            "high": None if low_high is None else round(low_high[1], 4),
            "chance": round(float(chance), 4),
            "ratio": None if rate is None else round(float(rate / chance), 3),
            "mean_score": round(sum(scores[name]) / len(scores[name]), 2) if scores[name] else None,
        })
    return {
        "game": game.name,
        "players": players,
        "games": games,
        "seed": seed,
        "lineup": seats,
        "options": settled,
        "finished": finished,
        "unit": unit,
        "bots": table,
        "seconds": round(seconds, 3),
        "results": rows,
    }
