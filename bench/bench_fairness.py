"""Fair building rounds: identical computer architects in every seat win as often as each other.

    python bench/bench_fairness.py [--games 400] [--players 4] [--seed 11] [--workers 2]
                                   [--game jutaku --game bottle_bonus --game countdown]
                                   [--bot master] [--levels]

For each building game, `--games` seeded all-computer games (game i: core.simulate.game_seed,
as `tokyo simulate`) with the same bot in every seat, everyone building at once
(core.simultaneous). Printed per seat: the win share (a shared win counts 1/k to each of its k
seats, so the shares add up to 100 %), the goal band (4 players: 25 % ± 8 points; 3: 33 ± 9;
2: 50 ± 10) and the mean final score; the lowest mean score beside half the best. Then:

- Countdown: how many different results the seeds gave (pieces per seat, tallest towers).
- Bottle Bonus: how often each of the six drinks was spent (black, white, mint, blue and red
  as moves of their own, purple as a move to any free card), over all the games.
- the first chooser of a start card: win share by the place in the order of choosing
  (who chooses first is drawn by the seed, so this is the rules' own effect, not a seat's).
- `--levels`: `tokyo tournament`'s master against three apprentices, the seats turning.

A script that prints figures, never a timed test.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

BANDS = {2: (50.0, 10.0), 3: (100 / 3, 9.0), 4: (25.0, 8.0)}
POWERS = ("black", "white", "mint", "blue", "red", "purple")


def play_part(name: str, players: int, seed: int, bot: str, indices: list[int]) -> list[dict]:
    """Games `indices` of a study: each one's ranking, scores and what a bench counts."""
    from core import games
    from core.bots import make_bot
    from core.simulate import game_seed, play_one
    game = games.load(name)
    out = []
    for i in indices:
        s = game_seed(seed, i)
        match, moves = play_one(game, players, s, [make_bot(game, bot) for _ in range(players)])
        row = {"moves": moves, "finished": match.over}
        if match.over:
            res = match.result()
            row.update(ranking=[list(g) for g in res.ranking], scores=list(res.scores), unit=res.unit)
        spent = Counter()
        for _, key, *_ in match.log.moves:
            if key.startswith("drink:"):
                spent[key[6:]] += 1
            elif key.startswith("purple:"):
                spent["purple"] += 1
        row["spent"] = dict(spent)
        state = match.state
        if name == "countdown":
            row["towers"] = [len({p["floor"] for p in b}) for b in state["built"]]
        if "at" in state:
            row["first_chooser"] = _first_chooser(game, match)
        out.append(row)
    return out


def _first_chooser(game, match) -> int:
    """The seat that chose its start card first (004:27)."""
    again = game.new(match.players, seed=match.log.seed, options=match.options)
    return again.to_act()[0]


def run(name: str, players: int, games: int, seed: int, bot: str, workers: int) -> list[dict]:
    indices = list(range(games))
    if workers <= 1:
        return play_part(name, players, seed, bot, indices)
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    size = max(1, games // (4 * workers))
    parts = [indices[i:i + size] for i in range(0, games, size)]
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn")) as pool:
        done = pool.map(play_part, *zip(*[(name, players, seed, bot, p) for p in parts]))
        return [row for part in done for row in part]


def report(name: str, players: int, games: int, rows: list[dict], seconds: float) -> None:
    from core.words import score_words
    finished = [r for r in rows if r["finished"]]
    wins = [Fraction(0)] * players
    totals = [0.0] * players
    for r in finished:
        for w in r["ranking"][0]:
            wins[w] += Fraction(1, len(r["ranking"][0]))
        for s in range(players):
            totals[s] += r["scores"][s]
    unit = finished[0]["unit"] if finished else "yen"
    centre, band = BANDS.get(players, (100 / players, 8.0))
    moves = sum(r["moves"] for r in rows)
    print(f"\n{name}, {players} players, {games} games ({len(finished)} finished), "
          f"{seconds:.0f} s, {moves / seconds:,.0f} moves per second")
    print(f"  goal: every seat's win share within {centre:.1f} % ± {band:g} points")
    means = [t / max(1, len(finished)) for t in totals]
    for s in range(players):
        share = 100 * float(wins[s]) / max(1, len(finished))
        ok = "ok" if abs(share - centre) <= band else "OUT OF BAND"
        print(f"  seat {s + 1}: win share {share:5.1f} %  {ok:<11}  mean final {score_words(means[s], unit)}")
    best, low = max(means), min(means)
    print(f"  lowest mean final {score_words(low, unit)} against half the best "
          f"{score_words(best / 2, unit)}: {'ok' if low >= best / 2 else 'BELOW'}")
    if name == "countdown":
        results = {tuple(r["scores"]) for r in finished}
        towers = {tuple(r["towers"]) for r in rows if "towers" in r}
        print(f"  different results: {len(results)} of {len(finished)} games (pieces per seat); "
              f"{len(towers)} different sets of tower heights")
    if name == "bottle_bonus":
        spent = Counter()
        for r in rows:
            spent.update(r["spent"])
        print("  drinks spent: " + ", ".join(f"{c} {spent[c]}" for c in POWERS)
              + ("" if all(spent[c] for c in POWERS) else "   <-- a power never spent"))
    chooser = [r for r in finished if "first_chooser" in r]
    if chooser:
        places = [Fraction(0)] * players
        for r in chooser:
            first = r["first_chooser"]
            for w in r["ranking"][0]:
                places[(w - first) % players] += Fraction(1, len(r["ranking"][0]))
        print("  win share by the place in the order of choosing start cards (004:27): "
              + ", ".join(f"{k + 1}. {100 * float(places[k]) / len(chooser):.1f} %" for k in range(players)))


def levels(players: int, games: int, seed: int, workers: int) -> None:
    from core import games as registry
    from core.tournament import tournament
    for name in ("jutaku", "bottle_bonus", "countdown"):
        game = registry.load(name)
        started = time.perf_counter()
        out = tournament(game, players, ["master", "apprentice"], games, seed, workers=workers)
        master = next(b for b in out["bots"] if b["bot"] == "master")
        print(f"\n{name}: master against {players - 1} apprentices, {games} games, seats turning "
              f"({time.perf_counter() - started:.0f} s): master wins {100 * master['win_rate']:.1f} % "
              f"({100 * master['low']:.1f}–{100 * master['high']:.1f} %), goal ≥ 50 %: "
              f"{'ok' if master['win_rate'] >= 0.5 else 'NOT MET'}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--bot", default="master")
    ap.add_argument("--game", action="append", choices=("jutaku", "bottle_bonus", "countdown"))
    ap.add_argument("--levels", action="store_true", help="also the master against three apprentices")
    args = ap.parse_args(argv)
    for name in args.game or ["jutaku", "bottle_bonus", "countdown"]:
        started = time.perf_counter()
        rows = run(name, args.players, args.games, args.seed, args.bot, args.workers)
        report(name, args.players, args.games, rows, time.perf_counter() - started)
    if args.levels:
        levels(args.players, args.games, args.seed, args.workers)
    return 0


if __name__ == "__main__":
    sys.exit(main())
