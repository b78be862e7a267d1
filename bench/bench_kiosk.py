"""Kiosk figures: cold start to an interactive menu, and memory over many games.

    python bench/bench_kiosk.py [--runs 7] [--games 100]

Cold start: fresh processes start the kiosk (headless) and stop as soon as the menu
has the focus and is drawn; the same is done for a minimal Textual app (a label and a
list), runs interleaved, and the medians are compared (goal: the kiosk within 1.3×).

Memory: one kiosk plays `--games` all-computer Chocolate Milk games through the app
(set-up, play screen, end screen, back to the menu; bot delay 0; autosave on), and
reports traced Python memory and RSS after 10, 25, 50, 75 and 100 games (goal: no
growth once Textual's bounded caches have filled, i.e. flat over the second half).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# Both programs leave right after their first screen is mounted, focused and drawn
# (call_after_refresh), so neither waits on the test pilot's idle polling.
KIOSK = """
from kiosk.app import TokyoKiosk
from kiosk.screens.menu import MenuScreen

mounted = MenuScreen.on_mount

def on_mount(self):
    mounted(self)
    assert self.app.focused is not None
    self.call_after_refresh(self.app.exit)

MenuScreen.on_mount = on_mount
TokyoKiosk().run(headless=True, size=(100, 30))
"""

MINIMAL = """
from textual.app import App
from textual.widgets import OptionList, Static

class Minimal(App):
    def compose(self):
        yield Static("Menu")
        yield OptionList("one", "two")

    def on_mount(self):
        self.query_one(OptionList).focus()
        self.call_after_refresh(self.exit)

Minimal().run(headless=True, size=(100, 30))
"""

CHECKPOINTS = (10, 25, 50, 75, 100)


def start_seconds(code: str, env: dict) -> float:
    began = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
    return time.perf_counter() - began


def cold_start(runs: int, env: dict) -> dict:
    kiosk, minimal = [], []
    start_seconds(MINIMAL, env)  # warm the disk cache and .pyc files for both
    start_seconds(KIOSK, env)
    for _ in range(runs):
        minimal.append(start_seconds(MINIMAL, env))
        kiosk.append(start_seconds(KIOSK, env))
    k, m = statistics.median(kiosk), statistics.median(minimal)
    return {"kiosk_s": k, "minimal_s": m, "ratio": k / m, "kiosk_runs": kiosk, "minimal_runs": minimal}


def rss_mb() -> float:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


async def play_games(total: int) -> list[dict]:
    """All-computer games through the app; memory at each checkpoint."""
    from core import games
    from kiosk.app import TokyoKiosk
    from kiosk.config import KioskConfig
    from kiosk.screens import Seat
    from kiosk.screens.end import EndScreen
    from kiosk.screens.menu import MenuScreen

    game = games.load("chocolate_milk")
    seats = [Seat("A", "dealer"), Seat("B", "random"), Seat("C", "dealer")]
    app = TokyoKiosk(bot_delay=0, config=KioskConfig(idle_seconds=0))
    rows = []
    async with app.run_test(size=(100, 30)) as pilot:
        for n in range(1, total + 1):
            app.fixed_seed = n
            app.start_match(game, seats, {})
            while not isinstance(app.screen, EndScreen):
                await pilot.pause()
            app.back_to_menu()
            while not isinstance(app.screen, MenuScreen):
                await pilot.pause()
            await pilot.pause()
            if n in CHECKPOINTS or n == total:
                gc.collect()
                current, _ = tracemalloc.get_traced_memory()
                rows.append({"games": n, "traced_mb": current / 2**20, "rss_mb": rss_mb(),
                             "screens": len(app.screen_stack), "saves": len(app.store.entries())})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["TOKYO_DATA"] = str(Path(tmp) / "data")
        os.environ["TOKYO_CONFIG"] = str(Path(tmp) / "kiosk.toml")
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        # As installed: bytecode cached (the warm-up run writes it), as Textual's own is.
        env.pop("PYTHONDONTWRITEBYTECODE", None)

        start = cold_start(args.runs, env)
        print(f"cold start to an interactive menu, median of {args.runs} fresh processes:")
        print(f"  minimal Textual app  {start['minimal_s'] * 1000:7.0f} ms")
        print(f"  kiosk                {start['kiosk_s'] * 1000:7.0f} ms")
        verdict = "ok" if start["ratio"] <= 1.3 else "OVER the 1.3× goal"
        print(f"  ratio                {start['ratio']:7.2f}×  ({verdict})")
        spread = lambda runs: f"{min(runs) * 1000:.0f}–{max(runs) * 1000:.0f} ms"
        print(f"  (ranges: minimal {spread(start['minimal_runs'])}, kiosk {spread(start['kiosk_runs'])})")

        tracemalloc.start()
        began = time.perf_counter()
        rows = asyncio.run(play_games(args.games))
        seconds = time.perf_counter() - began
        print(f"memory over {args.games} all-computer games through the app ({seconds:.0f} s):")
        for r in rows:
            print(f"  after {r['games']:>3} games  traced {r['traced_mb']:6.2f} MB  RSS {r['rss_mb']:6.1f} MB"
                  f"  screens {r['screens']}  saves left {r['saves']}")
        half = [r for r in rows if r["games"] >= args.games // 2]
        if len(half) >= 2:
            growth = half[-1]["traced_mb"] - half[0]["traced_mb"]
            print(f"  traced growth from {half[0]['games']} to {half[-1]['games']} games: {growth:+.2f} MB")


if __name__ == "__main__":
    main()
