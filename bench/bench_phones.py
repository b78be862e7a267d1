"""Eight phones against one kiosk: round trip of a move and the kiosk's memory.

    python bench/bench_phones.py [--game chocolate_milk] [--phones 8] [--moves 400]

The kiosk side runs in a process of its own: a match with every seat a phone, its hub
and server (kiosk.phones.table.PhoneTable), as the play screen makes them, without the
screen. This process is the phones: eight WebSocket clients, each playing a move the
moment its table says it may (the first move offered), as fast as the match allows. A
round trip is from a phone's move sent to that phone's next table received. Memory is
the kiosk process's resident set (VmRSS) before any phone joins and after the moves.
Goal on a 2-core machine: p95 at most 30 ms, at most +40 MB.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parent.parent

KIOSK = r"""
import asyncio, json, sys
from core import games
from core.seats import Seat
from core.session import Computers, Session
from kiosk.phones.table import PhoneTable

async def main(name, players):
    game = games.load(name)
    match = game.new(players, seed=1)
    names = [f"Player {i + 1}" for i in range(players)]
    session = Session(match, [Seat(n, phone=True) for n in names], Computers({}, {}))
    table = PhoneTable(game, session, names, list(range(players)))
    await table.start()
    links = [table.server.link(s) for s in range(players)]
    print(json.dumps({"port": table.server.port, "links": links, "pid": __import__("os").getpid()}), flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    await table.stop("done")

asyncio.run(main(sys.argv[1], int(sys.argv[2])))
"""


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


async def phone(http, link: str, moves: int, trips: list[float], done: asyncio.Event) -> None:
    ws_url = link.replace("HTTP://", "ws://").replace("/S/", "/ws/")
    async with http.ws_connect(ws_url) as ws:
        sent_at = None
        async for msg in ws:
            if msg.type != aiohttp.WSMsgType.TEXT:
                break
            table = json.loads(msg.data)
            if table["type"] == "gone" or done.is_set():
                break
            if table["type"] != "table":
                sent_at = None
                continue
            if sent_at is not None:
                trips.append(time.perf_counter() - sent_at)
                sent_at = None
            if table["over"] or table["at_kiosk"] or len(trips) >= moves:
                done.set()      # the end, or a move only the kiosk's screen can take
                break
            if table["your_turn"]:
                choices = [a["key"] for a in table["actions"]] + [c["choices"][0][1] for c in table["amounts"]]
                if choices:
                    sent_at = time.perf_counter()
                    await ws.send_str(json.dumps({"type": "play", "key": choices[0], "move": table["move"]}))


async def run(links: list[str], moves: int) -> list[float]:
    trips: list[float] = []
    done = asyncio.Event()
    async with aiohttp.ClientSession() as http:
        tasks = [asyncio.create_task(phone(http, link, moves, trips, done)) for link in links]
        try:
            await asyncio.wait_for(done.wait(), 120)
        except asyncio.TimeoutError:
            print("stopped after 120 s", file=sys.stderr)
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return trips


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="chocolate_milk")
    ap.add_argument("--phones", type=int, default=8)
    ap.add_argument("--moves", type=int, default=400)
    args = ap.parse_args()
    kiosk = subprocess.Popen([sys.executable, "-c", KIOSK, args.game, str(args.phones)], cwd=ROOT,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                             env=dict(os.environ, PYTHONPATH=str(ROOT)))
    try:
        info = json.loads(kiosk.stdout.readline())
        time.sleep(0.5)
        before = rss_mb(info["pid"])
        trips = asyncio.run(run(info["links"], args.moves))
        after = rss_mb(info["pid"])
    finally:
        kiosk.stdin.write("\n")
        kiosk.stdin.flush()
        kiosk.wait(10)
    trips_ms = sorted(t * 1000 for t in trips)
    p95 = trips_ms[max(0, int(len(trips_ms) * 0.95) - 1)]
    print(f"{args.game}, {args.phones} phones, {len(trips_ms)} moves")
    print(f"round trip: median {statistics.median(trips_ms):.1f} ms, max {trips_ms[-1]:.1f} ms")
    print(f"p95 round trip: {p95:.1f} ms")
    print(f"kiosk memory: {before:.1f} MB without phones, {after:.1f} MB with {args.phones} phones "
          f"({after - before:+.1f} MB)")


if __name__ == "__main__":
    main()
