"""Search bot figures: how long the kiosk's hard level takes a move, and how strong a search
seat is against the heuristic bots.

    python bench/bench_search.py --timing [--games N] [--game NAME ...]
    python bench/bench_search.py --strength GAME --players N --bot search:K [--games 200]
                                 [--workers 2] [--seed S]

--timing plays games with one hard seat (core.bots "hard": the search against the clock,
HARD_SECONDS a move) among normal seats and prints, per game, the seconds each of the
hard seat's moves took: median, 90th percentile and most. Goal (issue 15): a median of at
most 1 s and at most 3 s for any move on the 2-core machine.

--strength is the tournament (core.tournament) of one search seat against heuristic bots
with rotating seats: the win rate with its 95 % interval, against the chance share.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from core import games
from core.bots import HARD_SECONDS, make_bot
from core.session import Session

PLAYERS = {"tsukiji": 4, "chocolate_milk": 4, "izakaya": 4, "shopping_spree": 4,
           "jutaku": 2, "countdown": 2, "bottle_bonus": 2}


class Timed:
    """The hard seat's bot, every decision timed (into `took`): the search when it searches,
    else its choice."""

    def __init__(self, inner, took: list[float]):
        self.inner, self.took = inner, took
        self.name, self.needs_view = inner.name, getattr(inner, "needs_view", True)
        self.searches = getattr(inner, "searches", False)

    def _timed(self, how, *args):
        started = time.perf_counter()
        choice = how(*args)
        self.took.append(time.perf_counter() - started)
        return choice

    def search(self, *args):
        return self._timed(self.inner.search, *args)

    def choose(self, view, legal, rng):
        return self._timed(self.inner.choose, view, legal, rng)


def hard_move_seconds(game, players: int, games_: int, seed: int) -> list[float]:
    """Seconds of every move the hard seat made in `games_` games (its seat rotating), each
    played by the session (everyone building at once, by time)."""
    took = []
    for i in range(games_):
        match = game.new(players, seed=seed + i)
        me = i % players
        bots = [Timed(make_bot(game, "hard"), took) if s == me else make_bot(game, "normal")
                for s in range(players)]
        Session.of_computers(match, bots).run()       # seat s on Rng(seed + i, stream 1000 + s)
    return took


def timing(names: list[str], games_: int, seed: int) -> None:
    print(f"hard level: the search for {HARD_SECONDS} s a move (core.bots.HARD_SECONDS)")
    print(f"{'game':16} {'players':>7} {'moves':>6} {'median s':>9} {'p90 s':>7} {'max s':>7}")
    for name in names:
        game = games.load(name)
        took = sorted(hard_move_seconds(game, PLAYERS[name], games_, seed))
        p90 = took[min(len(took) - 1, int(0.9 * len(took)))]
        print(f"{name:16} {PLAYERS[name]:>7} {len(took):>6} {statistics.median(took):>9.3f} "
              f"{p90:>7.3f} {max(took):>7.3f}", flush=True)


def strength(name: str, players: int, bot: str, games_: int, seed: int, workers: int) -> None:
    from core.tournament import tournament
    game = games.load(name)
    started = time.perf_counter()

    def progress(done: int) -> None:
        if done % 25 == 0 or done == games_:
            print(f"  {done}/{games_} games, {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)

    report = tournament(game, players, [bot, "normal"], games_, seed, None, progress, workers=workers)
    seconds = time.perf_counter() - started
    print(f"{game.info.title}, {players} players, {games_} games, seed {seed}, "
          f"{bot} against the heuristic ({game.rules.default_bot}), seats rotating; {seconds:.0f} s")
    for row in report["bots"]:
        print(f"  {row['bot']:14} seats {row['seats']}  games {row['games']}  wins {row['wins']:>6.1f}  "
              f"rate {row['win_rate']:.3f}  95 % [{row['low']:.3f}, {row['high']:.3f}]  "
              f"chance {row['chance']:.3f}  x{row['ratio']:.2f}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--timing", action="store_true")
    ap.add_argument("--game", action="append", help="timing: only these games")
    ap.add_argument("--strength", metavar="GAME")
    ap.add_argument("--players", type=int)
    ap.add_argument("--bot", default="search")
    ap.add_argument("--games", type=int)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args()
    if args.timing:
        timing(args.game or list(PLAYERS), args.games or 4, args.seed)
    if args.strength:
        strength(args.strength, args.players or PLAYERS[args.strength], args.bot, args.games or 200,
                 args.seed, args.workers)


if __name__ == "__main__":
    main()
