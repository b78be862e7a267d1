"""Tsukiji Market figures (issue 3).

    python bench/bench_tsukiji.py
    python bench/bench_tsukiji.py --all-bot 200 [--players 2,3,4,5,6] [--seed 1]

Goals: random play ≥ 3,000 moves/s with 4 players; the fishmonger's move ≤ 100 ms median;
save + load of a 6-player mid-game ≤ 2 ms and ≤ 32 KB; all-bot 4-player games end by the rules.

--all-bot N plays N all-bot games at each player count instead (every seat the fishmonger,
default options: no last-round rule, so a game ends only by the printed condition,
000:359-365). They are the games `tokyo simulate tsukiji --players P --games N --seed S`
plays (core.simulate: the same game seeds and bot streams), one at a time so that each
is timed and its turns counted; a game still going at the move cap is not ended.

--mode picks the rules of those games (comma-separated, default base):

    base        the default options
    expansion   the expansion (000:392-628) with its default options: {"expansion": "on"}
    variants    the expansion with every variant on: the Blue Ship, the two 4-hold barges,
                collapsing external markets, open market order (000:420-421, 000:592-628)

    python bench/bench_tsukiji.py --all-bot 200 --mode base,expansion,variants

Each is `tokyo simulate tsukiji --players P --games N --seed S --option k=v ...` with the
same options; none has a last round, and the move cap is only a safety net.
"""

from __future__ import annotations

import argparse
import statistics
import time

from core import games, saves
from core.bots import make_bot
from core.game import Move
from core.rng import Rng
from core.session import Session
from core.simulate import MAX_MOVES, game_seed, play_one, simulate


class RandomChoice:
    """A uniform pick among the legal moves; data said, not picked: the game's sample, which
    Tsukiji's draws without the view (so none is built: the figure is the rules' speed)."""

    name, needs_view = "random", False

    def __init__(self, rules):
        self.rules = rules

    def choose(self, view, legal, rng):
        a = legal[rng.below(len(legal))]
        return Move(a.key, self.rules.sample_payload(None, a, rng)) if a.takes else a


def random_play(game, players: int, count: int) -> tuple[int, float]:
    """Random games (one stream for all seats, driven by the session): the moves and the
    seconds they took."""
    moves, spent = 0, 0.0
    for seed in range(count):
        m = game.new(players, seed=seed, options=game.rules.random_play_options)
        rng = Rng(seed, stream=5)
        session = Session.of_computers(m, [RandomChoice(game.rules)] * players, [rng] * players)
        t = time.perf_counter()
        moves += session.run()
        spent += time.perf_counter() - t
    return moves, spent


class Timed:
    """A bot whose every choice is timed (into `out`)."""

    def __init__(self, inner, out: list[float]):
        self.inner, self.out = inner, out
        self.name, self.needs_view = inner.name, inner.needs_view

    def choose(self, view, legal, rng):
        t = time.perf_counter()
        choice = self.inner.choose(view, legal, rng)
        self.out.append(time.perf_counter() - t)
        return choice


def bot_times(game, players: int, count: int) -> list[float]:
    """Seconds of every choice of the fishmonger in all-bot games (the session, as simulated)."""
    out = []
    for seed in range(count):
        m = game.new(players, seed=seed)
        Session.of_computers(m, [Timed(make_bot(game), out) for _ in range(players)]).run()
    return out


def mid_game(game, players: int, moves: int):
    m = game.new(players, seed=11)
    Session.of_computers(m, [make_bot(game) for _ in range(players)]).run(limit=moves)
    return m


#: the option sets of --mode (see the module docstring)
MODES = {
    "base": {},
    "expansion": {"expansion": "on"},
    "variants": {"expansion": "on", "blue_ship": "on", "barges": "two_four", "collapse": "on", "order": "open"},
}


def all_bot(game, players: int, count: int, seed: int = 1, max_moves: int = MAX_MOVES,
            options: dict | None = None) -> dict:
    """`count` all-fishmonger games at `players` seats, as `tokyo simulate` plays them."""
    settled = game.info.settle_options(players, options)
    if settled.get("round_limit"):
        raise SystemExit("these options have a last round: these games would not be as printed")
    options = dict(options) if options else None
    bots = [make_bot(game, "fishmonger") for _ in range(players)]
    out = {"players": players, "games": count, "ended": 0, "moves": [], "turns": [], "seconds": [],
           "wins": [0] * players, "unended": []}
    for i in range(count):
        s = game_seed(seed, i)
        t = time.perf_counter()
        match, moves = play_one(game, players, s, bots, options, max_moves=max_moves)
        out["seconds"].append(time.perf_counter() - t)
        out["moves"].append(moves)
        out["turns"].append(match.view(None)["turns"])
        if match.over:
            out["ended"] += 1
            for w in match.result().winners:
                out["wins"][w] += 1
        else:
            out["unended"].append(s)
    return out


def print_all_bot(game, counts: list[int], n: int, seed: int, mode: str = "base") -> bool:
    options = MODES[mode]
    shown = ", ".join(f"{k}={v}" for k, v in options.items()) or "default options"
    print(f"all-bot games, {mode} (every seat the fishmonger, {shown}, no last round; seed {seed}, "
          f"move cap {MAX_MOVES:,}):")
    print(f"{'players':>7}  {'ended':>9}  {'mean moves':>10}  {'mean turns':>10}  {'max moves':>9}  "
          f"{'s/game':>6}  {'max s':>6}  wins by seat")
    ok = True
    for p in counts:
        r = all_bot(game, p, n, seed, options=options)
        ok = ok and r["ended"] == n
        print(f"{p:>7}  {r['ended']:>4} / {n:<4}  {statistics.mean(r['moves']):>10.1f}  "
              f"{statistics.mean(r['turns']):>10.1f}  {max(r['moves']):>9,}  "
              f"{statistics.mean(r['seconds']):>6.3f}  {max(r['seconds']):>6.2f}  "
              + " ".join(str(w) for w in r["wins"]), flush=True)
        if r["unended"]:
            print(f"         not ended (game seeds): {', '.join(map(str, r['unended'][:10]))}")
    print("(a tie counts as a win for every tied seat)")
    return ok


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--all-bot", type=int, metavar="N",
                    help="play N all-bot games at each player count and print only those figures")
    ap.add_argument("--players", default="2,3,4,5,6", help="player counts for --all-bot (default 2,3,4,5,6)")
    ap.add_argument("--seed", type=int, default=1, help="the run's seed for --all-bot (default 1)")
    ap.add_argument("--mode", default="base",
                    help="for --all-bot, comma-separated: base, expansion, variants (default base)")
    args = ap.parse_args(argv)
    modes = [x.strip() for x in args.mode.split(",") if x.strip()]
    if not modes or any(x not in MODES for x in modes):
        ap.error(f"--mode takes {', '.join(MODES)}")
    game = games.load("tsukiji")
    if args.all_bot:
        counts = [int(x) for x in args.players.split(",") if x.strip()]
        ok = True
        for k, mode in enumerate(modes):
            if k:
                print()
            ok = print_all_bot(game, counts, args.all_bot, args.seed, mode) and ok
        if not ok:
            raise SystemExit(1)
        return
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
