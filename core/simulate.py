"""The simulation runner: many bot games, reproducible from one seed.

Game i of a run started with seed S is decided by `game_seed(S, i)` and its seats' bot names
alone (every game gets new bots), so the games can be played anywhere, in any order, in any
number of pieces: here, on worker processes (`workers`) or on a Ray cluster (`cluster`), with
the same results.
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Callable

from .bots import make_bot
from .errors import TokyoError
from .session import Session

MAX_MOVES = 100_000
#: the most games in one piece handed to a worker: small enough for steady progress and an
#: even spread, big enough that handing it over costs little beside playing it
PIECE_GAMES = 50
#: a Ray address meaning "start a new Ray instance on this computer"
LOCAL = "local"
CLUSTER_EXTRA = ("Ray is not installed: install the cluster extra, "
                 "pip install -e \".[cluster]\" in a checkout or pip install \"tokyo-kiosk[cluster]\"")


class ClusterError(TokyoError):
    """A study that cannot run on Ray: Ray missing, unreachable, or its workers unlike us."""


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` in a run started with `seed`."""
    return seed * 1_000_003 + index


def play_one(game, players: int, seed: int, bots: list, options: dict | None = None,
             max_moves: int = MAX_MOVES):
    """One all-bot game, driven by the session (core.session) as the kiosk drives one: seats
    that act at once in the order of time (core.simultaneous); returns (match, moves)."""
    match = game.new(players, seed=seed, options=options)
    return match, Session.of_computers(match, bots).run(limit=max_moves)


def play_rows(game, players: int, seed: int, options: dict | None,
              jobs: list[tuple[int, list]]) -> list[dict]:
    """The row of each game in `jobs` (index, one bot name per seat), in that order. New bots
    every game, so that no game depends on the ones played before it by the same worker."""
    rows = []
    for index, names in jobs:
        s = game_seed(seed, index)
        match, moves = play_one(game, players, s, [make_bot(game, n) for n in names], options)
        row = {"seed": s, "moves": moves, "finished": match.over}
        if match.over:
            res = match.result()
            row["ranking"] = [list(g) for g in res.ranking]
            row["final_yen"] = list(res.final_yen)
            row["scores"] = list(res.scores)
            row["unit"] = res.unit
        rows.append(row)
    return rows


def play_part(name: str, players: int, seed: int, options: dict | None,
              jobs: list[tuple[int, list]]) -> tuple[str, str, list[dict]]:
    """A worker's piece of a study: the game loaded here by name, its rows, and what this
    worker's copy of the game is (`fingerprint`) and where it ran, for the caller to check."""
    import socket

    from . import games
    return _own_fingerprint(name), socket.gethostname(), play_rows(games.load(name), players,
                                                                       seed, options, jobs)


def fingerprint(name: str) -> str:
    """A hash of what decides game `name` besides the seeds: its data (the user's overrides
    included) and the code of the core and of what the game says decides it
    (Rules.code_folders). Two computers with the same fingerprint play the same games from
    the same seeds."""
    from . import games
    game = games.load(name)
    h = hashlib.sha256(json.dumps(getattr(game.rules, "asset_data", {}), sort_keys=True,
                                  default=repr).encode())
    for folder in (Path(__file__).parent, *game.rules.code_folders()):
        for f in sorted(folder.rglob("*")):
            if f.is_file() and "__pycache__" not in f.parts and f.suffix != ".pyc":
                h.update(f.relative_to(folder.parent).as_posix().encode())
                h.update(f.read_bytes())
    return h.hexdigest()[:16]


#: a worker's fingerprint, taken once: a worker lives for one study (the caller's is taken
#: anew for each study, as the files may have changed since it imported them)
_own_fingerprint = lru_cache(maxsize=None)(fingerprint)


def pieces(jobs: list, count: int) -> list[list]:
    """`jobs` cut into about `count` runs of neighbouring games, none over PIECE_GAMES."""
    if not jobs:
        return []
    size = max(1, min(PIECE_GAMES, math.ceil(len(jobs) / max(1, count))))
    return [jobs[i:i + size] for i in range(0, len(jobs), size)]


def play_games(game, players: int, seed: int, seating: list[list], options: dict | None = None,
               progress: Callable[[int], None] | None = None, *, workers: int = 1,
               cluster: str | None = None) -> list[dict]:
    """The rows of games 0..len(seating)-1, game i with the bots `seating[i]` (one name per
    seat), in game order wherever they were played: here (workers=1), on `workers` processes,
    or on the Ray cluster at address `cluster` (LOCAL: a new one on this computer).
    `progress(n)` is called for n = 1, 2, … as games finish."""
    jobs = list(enumerate(seating))
    if not jobs or (cluster is None and workers <= 1):
        rows = []
        for job in jobs:
            rows += play_rows(game, players, seed, options, [job])
            if progress:
                progress(len(rows))
        return rows
    run = _on_ray if cluster is not None else _on_processes
    where = cluster if cluster is not None else workers
    return run(where, game, (game.name, players, seed, options), jobs, progress)


def _gather(parts: list[list], finished, game, progress) -> list[dict]:
    """The rows of every part, in order, from `finished`: (part number, play_part's answer)
    pairs as they come; each worker's copy of the game checked against ours."""
    ours = fingerprint(game.name)
    rows: list = [None] * len(parts)
    done = 0
    for number, (theirs, host, part_rows) in finished:
        if theirs != ours:
            raise ClusterError(
                f"the worker on {host} has another {game.info.title} than this computer (its code "
                f"or its asset overrides differ), so the same seeds would not give the same games: "
                f"install the same version on every computer (docs/cluster.md)")
        rows[number] = part_rows
        for _ in part_rows:
            done += 1
            if progress:
                progress(done)
    return [row for part in rows for row in part]


def _on_processes(workers: int, game, args: tuple, jobs: list, progress) -> list[dict]:
    """The games on `workers` new processes of this computer (spawned: each imports and loads
    the game itself, as a Ray worker does, and inherits no threads)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed
    parts = pieces(jobs, 4 * workers)
    pool = ProcessPoolExecutor(max_workers=min(workers, len(parts)),
                               mp_context=multiprocessing.get_context("spawn"))
    try:
        futures = {pool.submit(play_part, *args, part): n for n, part in enumerate(parts)}
        finished = ((futures[f], f.result()) for f in as_completed(futures))
        return _gather(parts, finished, game, progress)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _on_ray(address: str, game, args: tuple, jobs: list, progress) -> list[dict]:
    """The games as Ray tasks, one per piece, on the cluster at `address`. A Ray this call
    started is shut down after; one already running (ray.init called before) is left alone."""
    try:
        import ray
    except ImportError:
        raise ClusterError(CLUSTER_EXTRA) from None
    import logging
    started = not ray.is_initialized()
    if started:
        _answers(address)
        extra = {"include_dashboard": False} if address == LOCAL else {}
        try:
            ray.init(address=address, log_to_driver=False, logging_level=logging.WARNING, **extra)
        except Exception as e:
            raise ClusterError(f"cannot start or reach Ray at {address!r}: {_first_line(e)}") from e
    try:
        cpus = int(ray.cluster_resources().get("CPU", 1))
        parts = pieces(jobs, 4 * cpus)
        task = ray.remote(play_part)
        pending = {task.remote(*args, part): n for n, part in enumerate(parts)}

        def finished():
            waiting = list(pending)
            while waiting:
                ready, waiting = ray.wait(waiting, num_returns=1)
                for ref in ready:
                    try:
                        yield pending[ref], ray.get(ref)
                    except ray.exceptions.RayTaskError as e:
                        cause = e.cause
                        if isinstance(cause, (ImportError, TokyoError)):
                            raise ClusterError(
                                f"a Ray worker cannot play {game.info.title} ({_first_line(cause)}): "
                                f"install the project with the cluster extra on every computer of "
                                f"the cluster (docs/cluster.md)") from e
                        raise cause from e
                    except ray.exceptions.RayError as e:
                        raise ClusterError(f"the study failed on Ray: {_first_line(e)}") from e
        return _gather(parts, finished(), game, progress)
    finally:
        if started:
            ray.shutdown()


def _answers(address: str, seconds: float = 5) -> None:
    """A ClusterError unless something listens at a HOST:PORT address (ray.init would wait
    for minutes on one where nothing does); names such as auto and local are Ray's to resolve."""
    import socket
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not port.isdigit():
        return
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=seconds).close()
    except OSError as e:
        raise ClusterError(f"nothing answers at {address} ({e.strerror or e}): is the head of the "
                           f"cluster started there (ray start --head)?") from e


def _first_line(e: Exception) -> str:
    text = str(e).strip()
    return f"{type(e).__name__}: {text.splitlines()[0]}" if text else type(e).__name__


def simulate(game, players: int, games: int, seed: int, bot: str | list[str] | None = None,
             options: dict | None = None, progress: Callable[[int], None] | None = None, *,
             workers: int = 1, cluster: str | None = None) -> dict:
    """Play `games` bot games; same arguments give the same results (timing apart), however
    many `workers` play them and whether on a Ray `cluster` (see play_games)."""
    names = bot if isinstance(bot, list) else [bot] * players
    if len(names) != players:
        raise ValueError("give one bot per seat")
    bots = [make_bot(game, n) for n in names]
    started = time.perf_counter()
    results = play_games(game, players, seed, [names] * games, options, progress,
                         workers=workers, cluster=cluster)
    seconds = time.perf_counter() - started
    wins = [Fraction(0)] * players
    yen_sum = [0] * players
    score_sum = [0] * players
    unit = "yen"
    finished = 0
    for row in results:
        if row["finished"]:
            finished += 1
            winners = row["ranking"][0] if row["ranking"] else ()
            for w in winners:
                wins[w] += Fraction(1, len(winners))     # a shared win is a share of one
            for p in range(players):
                yen_sum[p] += row["final_yen"][p]
                score_sum[p] += row["scores"][p]
            unit = row["unit"]
    total_moves = sum(row["moves"] for row in results)
    return {
        "game": game.name,
        "players": players,
        "games": games,
        "seed": seed,
        "bots": [getattr(b, "name", n or "") for b, n in zip(bots, names)],
        "options": game.info.settle_options(players, options),
        "finished": finished,
        "wins": [round(float(w), 4) for w in wins],
        "win_share": [round(float(w / finished), 4) if finished else None for w in wins],
        "unit": unit,
        "mean_score": [round(v / finished, 2) if finished else None for v in score_sum],
        "mean_final_yen": [round(y / finished, 1) if finished else None for y in yen_sum],
        "mean_moves": round(total_moves / games, 2) if games else 0,
        "moves_per_second": round(total_moves / seconds, 1) if seconds > 0 else None,
        "seconds": round(seconds, 3),
        "results": results,
    }
