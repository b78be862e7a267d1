"""Fair building rounds: identical computer architects in every seat win about equally often,
whatever their seat, and every seed is another game.

004_2b6c36ff9b44b906.txt:29 — "Jemand sagt „los“ und alle Spieler beginnen zu bauen!"
004_2b6c36ff9b44b906.txt:39 — "Alle gleichzeitig wählen die Spieler jeweils ein einzelnes Bauteil"

Before the building rounds went by time, seat 4 of four masters won 73.5 % of Tokyo Jutaku
games and seat 1 1.8 %; in Countdown seats 1 and 2 shared every win. Here GAMES seeded games
a player count (a few dozen a game), the game's strongest bot in every seat: each seat's wins
must lie where a fair seat's do but for one chance in a thousand (the binomial tails of 1/n),
and the shares of all seats add up to the games played (a shared win is a share). The figures
over 400 games are bench/bench_fairness.py's.
"""

from __future__ import annotations

from math import comb

import pytest

from core import games
from core.simulate import simulate

GAMES = 12
SEED = 11


def fair_band(games_: int, players: int, tail: float = 0.001) -> tuple[int, int]:
    """The fewest and most wins a seat that wins 1 game in `players` has, but for `tail` on
    each side (binomial)."""
    p = 1 / players

    def at_most(k):
        return sum(comb(games_, i) * p ** i * (1 - p) ** (games_ - i) for i in range(k + 1))
    low = next(k for k in range(games_ + 1) if at_most(k) > tail)
    high = next(k for k in range(games_ + 1) if 1 - at_most(k) <= tail)
    return low, high


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("name", ["jutaku", "bottle_bonus", "countdown"])
def test_identical_architects_win_alike_whatever_their_seat(name, players):
    game = games.load(name)
    report = simulate(game, players, GAMES, SEED)
    assert report["finished"] == GAMES
    assert sum(report["wins"]) == pytest.approx(GAMES)            # shared wins are shares
    low, high = fair_band(GAMES, players)
    assert all(low <= w <= high for w in report["wins"]), (report["wins"], (low, high))
    results = {tuple(row["scores"]) for row in report["results"]}
    assert len(results) >= GAMES // 2, "the seeds hardly change the game"


def test_the_fair_band_is_the_binomials():
    assert fair_band(12, 4) == (0, 8) and fair_band(12, 2) == (1, 11)
    assert fair_band(400, 4)[0] > 70 and fair_band(400, 4)[1] < 130
