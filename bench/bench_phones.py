"""Eight phones at the real kiosk: a move's round trip as a player feels it, and the kiosk's
memory over twenty matches.

    .venv/bin/python bench/bench_phones.py [--game chocolate_milk] [--phones 8] [--moves 300]
                                           [--think 0.3] [--matches 20]

The kiosk runs in a process of its own, as at a café: the whole app (TokyoKiosk, run
headless at 120×40, so every move redraws its screen, with no test pilot in its loop), a
match started from the app with every seat a phone, its autosave to a temporary folder. This
process is the phones: eight WebSocket clients that join as the phone page does (hello,
then the device secret with every message) and each play their seat's first choice.

Two runs of `--moves` moves each:
- back to back: a phone moves the moment its table says it may;
- with a think time: a phone waits `--think` seconds (± half, seeded) before it moves.

For each move: the mover's round trip (its move sent → its own next table) and the last
phone's (the move sent → the moment the last of the eight phones holds a table with it).
Then `--matches` matches are started and left in the same kiosk, each joined by eight
phones that play a few moves, and the kiosk's resident memory (VmRSS, after a collection)
after the first and the last is compared.

Goals on a 2-core machine: p95 round trip at most 30 ms back to back; memory after 20
matches within +10 MB of the first.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import secrets
import statistics
import subprocess
import sys
import time
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parent.parent


def kiosk_main(name: str, players: int) -> None:
    """The kiosk's process (run with --kiosk): the whole app, told what to do on stdin."""
    import gc
    import tempfile

    from core import games
    from kiosk.app import TokyoKiosk
    from kiosk.config import KioskConfig
    from kiosk.screens import Seat
    from kiosk.screens.menu import MenuScreen
    from kiosk.screens.phones import PhonesScreen
    from kiosk.screens.play import PlayScreen

    def rss():
        for line in open("/proc/self/status"):
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024

    def say(**what):
        print(json.dumps(what), flush=True)

    app = TokyoKiosk(bot_delay=0, seed=1, data=tempfile.mkdtemp(prefix="bench-phones-"),
                     config=KioskConfig(idle_seconds=0, key_pause=0), phone_host="127.0.0.1", phone_port=0)

    def on(kind) -> bool:
        try:
            return isinstance(app.screen, kind)
        except Exception:                   # not mounted yet
            return False

    async def until(ok) -> None:
        while not ok():
            await asyncio.sleep(0.01)

    async def commander() -> None:
        """The kiosk as it runs at a café (headless, no test pilot in its loop), told on stdin;
        a worker of the app's, so that what it asks is done in the app's own context."""
        loop = asyncio.get_running_loop()
        while True:
            what = (await loop.run_in_executor(None, sys.stdin.readline)).strip()
            if what == "match":
                app.start_match(games.load(name), [Seat(f"Player {i + 1}", phone=True) for i in range(players)], {})
                await until(lambda: on(PhonesScreen))        # the codes, shown once: closed
                play = next(s for s in app.screen_stack if isinstance(s, PlayScreen))
                app.screen.dismiss()
                await until(lambda: app.screen is play)
                hub = play.phones.hub
                say(port=play.phones.server.port, tokens=[hub.seats[s].token for s in range(players)])
                del play, hub
            elif what == "leave":
                app.back_to_menu()
                await until(lambda: on(MenuScreen))
                await asyncio.sleep(0.2)
                gc.collect()
                say(rss=rss())
            else:
                app.exit()
                return

    async def start() -> None:
        await until(lambda: on(MenuScreen))
        app.call_later(app.run_worker, commander(), exit_on_error=True)

    async def run() -> None:
        starting = asyncio.ensure_future(start())
        await app.run_async(headless=True, size=(120, 40))
        starting.cancel()

    asyncio.run(run())


class KioskProcess:
    """The kiosk's process, told what to do a line at a time."""

    def __init__(self, game: str, players: int):
        self.proc = subprocess.Popen([sys.executable, __file__, "--kiosk", game, str(players)], cwd=ROOT,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                     env=dict(os.environ, PYTHONPATH=str(ROOT)))

    def ask(self, what: str) -> dict:
        self.proc.stdin.write(what + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the kiosk stopped (asked {what!r})")
        return json.loads(line)

    def close(self) -> None:
        try:
            self.proc.stdin.write("quit\n")
            self.proc.stdin.flush()
        except BrokenPipeError:
            pass
        self.proc.wait(30)


class Table:
    """Eight phones at one match: when each move was sent, and when each phone first held it."""

    def __init__(self, moves: int, think: float, seed: int):
        self.moves = moves
        self.think = think
        self.rng = random.Random(seed)
        self.sent: dict[int, float] = {}               # move number -> when its mover sent it
        self.mover: dict[int, int] = {}                # move number -> the seat that made it
        self.seen: dict[int, dict[int, float]] = {}    # move number -> seat -> when it held the table
        self.done = asyncio.Event()

    async def phone(self, http, base: str, token: str, seat: int) -> None:
        device = secrets.token_hex(16)
        async with http.ws_connect(f"{base}/ws/{token}", origin=base) as ws:
            await ws.send_json({"type": "hello", "device": device})
            async for msg in ws:
                if msg.type != aiohttp.WSMsgType.TEXT:
                    break
                table = json.loads(msg.data)
                if table["type"] != "table":
                    continue
                now = time.perf_counter()
                move = table["move"]
                for m in range(move):                       # this table holds every move before `move`
                    if m in self.sent and seat not in self.seen.setdefault(m, {}):
                        self.seen[m][seat] = now
                if table["over"] or table["at_kiosk"] or len(self.sent) >= self.moves:
                    self.done.set()
                    break
                if table["your_turn"] and move not in self.sent:
                    choices = [a["key"] for a in table["actions"]]
                    amounts = [c["choices"][0][1] for c in table["amounts"] if "choices" in c]
                    if not choices + amounts:
                        continue
                    if self.think:
                        await asyncio.sleep(self.think * (0.5 + self.rng.random()))
                    self.sent[move], self.mover[move] = time.perf_counter(), seat
                    await ws.send_str(json.dumps({"type": "play", "key": (choices + amounts)[0], "move": move,
                                                  "device": device}))

    async def run(self, port: int, tokens: list[str], limit: float) -> None:
        base = f"http://127.0.0.1:{port}"
        async with aiohttp.ClientSession() as http:
            tasks = [asyncio.create_task(self.phone(http, base, token, seat)) for seat, token in enumerate(tokens)]
            try:
                await asyncio.wait_for(self.done.wait(), limit)
            except asyncio.TimeoutError:
                print(f"(stopped after {limit:.0f} s)", file=sys.stderr)
            await asyncio.sleep(0.2)                         # the last tables on their way
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

    def trips(self, players: int) -> tuple[list[float], list[float]]:
        """(the mover's round trips, the last phone's), in ms, of the moves every phone saw."""
        mover, last = [], []
        for m, at in self.sent.items():
            seen = self.seen.get(m, {})
            if len(seen) == players:
                mover.append((seen[self.mover[m]] - at) * 1000)
                last.append((max(seen.values()) - at) * 1000)
        return mover, last


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, int(len(ordered) * 0.95 + 0.5) - 1)]


def report(label: str, mover: list[float], last: list[float]) -> None:
    print(f"{label}: {len(mover)} moves")
    print(f"  mover's round trip: median {statistics.median(mover):.1f} ms, p95 {p95(mover):.1f} ms, "
          f"max {max(mover):.1f} ms")
    print(f"  last phone's:       median {statistics.median(last):.1f} ms, p95 {p95(last):.1f} ms, "
          f"max {max(last):.1f} ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="chocolate_milk")
    ap.add_argument("--phones", type=int, default=8)
    ap.add_argument("--moves", type=int, default=300)
    ap.add_argument("--think", type=float, default=0.3, help="seconds a phone thinks in the second run (± half)")
    ap.add_argument("--matches", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    kiosk = KioskProcess(args.game, args.phones)
    try:
        runs = {}
        for label, think, moves in (("back to back", 0.0, args.moves),
                                    (f"thinking {args.think:g} s", args.think, max(20, args.moves // 10))):
            mover, last = [], []
            seed = args.seed
            while len(mover) < moves:                 # a match ends: the next one goes on
                match = kiosk.ask("match")
                table = Table(moves - len(mover), think, seed)
                asyncio.run(table.run(match["port"], match["tokens"], limit=120 + moves * think * 2))
                kiosk.ask("leave")
                more = table.trips(args.phones)
                if not more[0]:
                    break
                mover += more[0]
                last += more[1]
                seed += 1
            runs[label] = (mover, last)
        rss = []
        for _ in range(args.matches):
            match = kiosk.ask("match")
            asyncio.run(Table(3 * args.phones, 0.0, args.seed).run(match["port"], match["tokens"], limit=60))
            rss.append(kiosk.ask("leave")["rss"])
    finally:
        kiosk.close()
    print(f"{args.game}, {args.phones} phones at the real kiosk (screen 120x40, autosave)")
    for label, (mover, last) in runs.items():
        report(label, mover, last)
    mover = runs["back to back"][0]
    print(f"p95 round trip: {p95(mover):.1f} ms (the mover's, back to back; goal at most 30)")
    print(f"kiosk memory: {rss[0]:.1f} MB after the first match, {rss[-1]:.1f} MB after match {len(rss)} "
          f"(most {max(rss):.1f} MB)")
    print(f"memory after {len(rss)} matches: {rss[-1] - rss[0]:+.1f} MB (goal at most +10)")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--kiosk"]:
        sys.path.insert(0, str(ROOT))
        kiosk_main(sys.argv[2], int(sys.argv[3]))
    else:
        main()
