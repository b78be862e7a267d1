"""Kiosk figures: cold start to an interactive menu, and memory over a day of games.

    python bench/bench_kiosk.py [--runs 9] [--games 200] [--top 0]

Cold start: fresh processes start the kiosk (headless) and stop as soon as the menu
has the focus and is drawn; the same is done for a minimal Textual app (a label and a
list), runs interleaved, and the medians are compared (goal: the kiosk within 1.2×).
The machine is shared, so the spread is printed too: the fastest and slowest runs, and
the ratio of each kiosk run to the minimal run just before it (median and range).

Memory: one kiosk plays `--games` all-computer Chocolate Milk games through the app
(set-up, play screen, end screen, back to the menu; bot delay 0; autosave on), and
reports traced Python memory and RSS after 10, 20, 25, 50, 75, 100, 125, 150, 175 and
200 games, with the growth between checkpoints and over the second half (goal: flat
there, i.e. no growth once the bounded caches have filled). The "lru" column is the fill
of the `lru_cache(1024)` behind `StylesCache.get_inner_outer` (textual/_styles_cache.py).
Textual keys it by each widget's StylesCache as well as the two colours, and so kept dead
widgets' drawn lines until 1024 newer entries pushed them out (it filled over the first ~40
games: +7–8 MB traced between games 10 and 40); the kiosk keys it by the colours alone
(kiosk/textual_memory.py), and it holds a few colour pairs. Start-and-leave cycles of
every game, with and without phones: bench/kiosk_memory.py. `--top N` also prints the N
largest growths over the second half by allocation traceback (tracemalloc, 25 frames:
slower).

`--instructions` also counts, with valgrind's callgrind, the instructions of one cold start of
each program (repeatable whatever else the machine is doing, unlike its clock), split into
imports and the rest, and of a third: the kiosk's menu as drawn (same widgets, styles and
words) built by a bare Textual app, which tells what Textual itself costs to draw that
screen apart from what the kiosk's own code adds.

`--games 0` skips the memory run, `--runs 0` the cold start.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

START_GOAL = 1.2
# Second-half growth still called flat: the rules' memo of buy actions (one Action per
# card, drink and crate seen, bounded by the game) and the LRU's turnover move it by a
# few tens of KB.
FLAT_MB = 0.25

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

CHECKPOINTS = (10, 20, 25, 50, 75, 100, 125, 150, 175, 200)


def start_seconds(code: str, env: dict) -> float:
    began = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
    return time.perf_counter() - began


# The kiosk's menu as it is drawn (the same widgets, styles and words), built by a bare
# Textual app with no kiosk code: what Textual alone costs to draw that screen.
SAME_SCREEN = """
from textual.app import App
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

GAMES = {games!r}
PRACTICE = {practice!r}


class SameScreen(App):
    CSS_PATH = {css!r}
    CSS = "#keys {{ dock: bottom; height: 1; background: $footer-background; }}"

    def compose(self):
        yield Static("Tokyo Series Kiosk", id="menu-title")
        yield Static({hint!r}, id="menu-hint")
        with Horizontal(id="menu-body"):
            with Vertical(id="menu-left") as left:
                left.border_title = "Play"
                options = [Option(Content("New game"), disabled=True)]
                for title, players, summary in GAMES:
                    options += [Option(Content.assemble((title, "bold"), f"  ·  {{players}}\\n{{summary}}")), None]
                options.append(Option(Content("Dexterity practice"), disabled=True))
                options += [Option(Content(label)) for label in PRACTICE]
                yield OptionList(*options, id="menu-games")
            with Vertical(id="menu-right") as right:
                right.border_title = "Resume a game"
                with Vertical(id="resume"):
                    yield OptionList(Option(Content("No unfinished games."), disabled=True), id="resume-list")
        yield Static(id="menu-status")
        yield Static(" f1 How to play   q Quit ", id="keys")

    def on_mount(self):
        games = self.query_one("#menu-games", OptionList)
        games.highlighted = 1
        games.focus()
        self.call_after_refresh(self.exit)


SameScreen().run(headless=True, size=(100, 30))
"""


def same_screen_code() -> str:
    """SAME_SCREEN filled in with the installed games' words, read here, not in the child."""
    from core import games
    from kiosk import practice
    from kiosk.screens.menu import players_text
    infos = games.available()
    return SAME_SCREEN.format(
        games=[(i.title, players_text(i), i.summary) for i in infos],
        practice=[screen.label for screen in practice.SCREENS],
        css=str(ROOT / "kiosk" / "kiosk.tcss"),
        hint="Choose with ↑ ↓ and Enter, or touch.  Tab: new games ↔ saved games.  F1: how to play.")


IMPORTS = {"kiosk": "import kiosk.app, kiosk.screens.menu",
           "minimal": "from textual.app import App; from textual.widgets import OptionList, Static",
           "same": "from textual.app import App; from textual.containers import Horizontal, Vertical; "
                   "from textual.widgets import OptionList, Static"}
LABELS = {"minimal": "minimal Textual app", "same": "the menu, bare Textual", "kiosk": "kiosk"}


def instructions(code: str, env: dict) -> int:
    """Instructions callgrind counts for one run of `code` in a fresh process."""
    with tempfile.TemporaryDirectory() as tmp:
        done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/out",
                               sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True,
                              text=True, check=True, timeout=600)
    return int(re.search(r"Collected : (\d+)", done.stderr).group(1))


def print_instructions(env: dict) -> None:
    counts = {}
    for name, code in (("minimal", MINIMAL), ("same", same_screen_code()), ("kiosk", KIOSK)):
        total, imports = instructions(code, env), instructions(IMPORTS[name], env)
        counts[name] = total
        print(f"  {LABELS[name]:<22} {total / 1e6:7,.0f} M instructions  (imports {imports / 1e6:,.0f} M, "
              f"the rest {(total - imports) / 1e6:,.0f} M)")
    ratio = counts["kiosk"] / counts["minimal"]
    verdict = "ok" if ratio <= START_GOAL else f"OVER the {START_GOAL}× goal"
    print(f"  kiosk / minimal        {ratio:6.2f}×   ({verdict})")
    print(f"  same screen / minimal  {counts['same'] / counts['minimal']:6.2f}×   (Textual drawing the menu, no kiosk code)")
    print(f"  kiosk / same screen    {counts['kiosk'] / counts['same']:6.2f}×   (what the kiosk's own code adds)")


def cold_start(runs: int, env: dict) -> dict:
    kiosk, minimal = [], []
    start_seconds(MINIMAL, env)  # warm the disk cache and .pyc files for both
    start_seconds(KIOSK, env)
    for _ in range(runs):
        minimal.append(start_seconds(MINIMAL, env))
        kiosk.append(start_seconds(KIOSK, env))
    k, m = statistics.median(kiosk), statistics.median(minimal)
    pairs = [a / b for a, b in zip(kiosk, minimal)]
    return {"kiosk_s": k, "minimal_s": m, "ratio": k / m, "kiosk_runs": kiosk,
            "minimal_runs": minimal, "pair_ratios": pairs}


def rss_mb() -> float:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def styles_lru() -> str:
    """The fill of Textual's StylesCache.get_inner_outer LRU, e.g. '1024/1024'."""
    try:
        from textual._styles_cache import StylesCache
        info = StylesCache.get_inner_outer.cache_info()
    except (ImportError, AttributeError):
        return "?"
    return f"{info.currsize}/{info.maxsize}"


async def until(done) -> None:
    """Wait for `done()`. Not the pilot's pause: a whole game of computer moves runs in
    one of those, and under tracing or a busy machine it can outlast the pause's 30 s."""
    while not done():
        await asyncio.sleep(0.01)


async def play_games(total: int, snapshot_at: tuple[int, ...] = ()) -> tuple[list[dict], dict]:
    """All-computer games through the app; memory at each checkpoint (and tracemalloc
    snapshots after the games in `snapshot_at`)."""
    from core import games
    from kiosk.app import TokyoKiosk
    from kiosk.config import KioskConfig
    from kiosk.screens import Seat
    from kiosk.screens.end import EndScreen
    from kiosk.screens.menu import MenuScreen

    game = games.load("chocolate_milk")
    seats = [Seat("A", "dealer"), Seat("B", "random"), Seat("C", "dealer")]
    app = TokyoKiosk(bot_delay=0, config=KioskConfig(idle_seconds=0))
    rows, snapshots = [], {}
    began = time.perf_counter()
    async with app.run_test(size=(100, 30)) as pilot:
        for n in range(1, total + 1):
            app.fixed_seed = n
            app.start_match(game, seats, {})
            await until(lambda: isinstance(app.screen, EndScreen))
            app.back_to_menu()
            await until(lambda: isinstance(app.screen, MenuScreen))
            await pilot.pause()
            if n in CHECKPOINTS or n == total or n in snapshot_at:
                gc.collect()
                current, _ = tracemalloc.get_traced_memory()
                rows.append({"games": n, "traced_mb": current / 2**20, "rss_mb": rss_mb(),
                             "seconds": time.perf_counter() - began,
                             "screens": len(app.screen_stack), "saves": len(app.store.entries()),
                             "problems": len(app.store.problems), "lru": styles_lru()})
            if n in snapshot_at:
                snapshots[n] = tracemalloc.take_snapshot().filter_traces(
                    [tracemalloc.Filter(False, tracemalloc.__file__)])
    return rows, snapshots


def print_top(snapshots: dict, top: int) -> None:
    (a, before), (b, after) = sorted(snapshots.items())
    stats = after.compare_to(before, "traceback")
    print(f"  largest growths from game {a} to {b}, by allocation traceback "
          f"(total {sum(s.size_diff for s in stats) / 1024:+.1f} KiB):")
    for s in stats[:top]:
        print(f"    {s.size_diff / 1024:+8.1f} KiB  {s.count_diff:+6d} blocks")
        for frame in list(s.traceback)[::-1][:8]:
            print(f"        {frame.filename}:{frame.lineno}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=9, help="cold starts of each program (0: none)")
    parser.add_argument("--games", type=int, default=200, help="games in the memory run (0: none)")
    parser.add_argument("--instructions", action="store_true",
                        help="also count each cold start's instructions with valgrind's callgrind")
    parser.add_argument("--top", type=int, default=0,
                        help="also print the N largest growths over the second half by traceback")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["TOKYO_DATA"] = str(Path(tmp) / "data")
        os.environ["TOKYO_CONFIG"] = str(Path(tmp) / "kiosk.toml")
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        # As installed: bytecode cached (the warm-up run writes it), as Textual's own is.
        env.pop("PYTHONDONTWRITEBYTECODE", None)

        if args.runs > 0:
            start = cold_start(args.runs, env)
            ms = lambda s: f"{s * 1000:.0f}"
            spread = lambda runs: f"{ms(min(runs))}–{ms(max(runs))} ms"
            print(f"cold start to an interactive menu, median of {args.runs} fresh processes each (interleaved):")
            print(f"  minimal Textual app  {ms(start['minimal_s']):>6} ms   (range {spread(start['minimal_runs'])})")
            print(f"  kiosk                {ms(start['kiosk_s']):>6} ms   (range {spread(start['kiosk_runs'])})")
            verdict = "ok" if start["ratio"] <= START_GOAL else f"OVER the {START_GOAL}× goal"
            print(f"  ratio                {start['ratio']:6.2f}×   ({verdict}; goal ≤ {START_GOAL}×)")
            pairs = start["pair_ratios"]
            print(f"  run by run           {statistics.median(pairs):6.2f}×   median "
                  f"(range {min(pairs):.2f}–{max(pairs):.2f}×)")

        if args.instructions:
            print("cold start to an interactive menu, in instructions (callgrind, one run each):")
            print_instructions(env)

        if args.games > 0:
            half = args.games // 2
            snapshot_at = (half, args.games) if args.top > 0 and half > 0 else ()
            tracemalloc.start(25 if snapshot_at else 1)
            rows, snapshots = asyncio.run(play_games(args.games, snapshot_at))
            tracemalloc.stop()
            print(f"memory over {args.games} all-computer games through the app "
                  f"({rows[-1]['seconds']:.0f} s{', tracing 25 frames' if snapshot_at else ''}):")
            previous = None
            for r in rows:
                delta = "" if previous is None else f"({r['traced_mb'] - previous['traced_mb']:+6.2f})"
                print(f"  after {r['games']:>4} games  traced {r['traced_mb']:6.2f} MB {delta:>8}"
                      f"  RSS {r['rss_mb']:6.1f} MB  lru {r['lru']:>9}  screens {r['screens']}"
                      f"  saves left {r['saves']}  save problems {r['problems']}")
                previous = r
            first = next((r for r in rows if r["games"] >= half), None)
            if first is not None and first is not rows[-1]:
                last = rows[-1]
                traced = last["traced_mb"] - first["traced_mb"]
                rss = last["rss_mb"] - first["rss_mb"]
                verdict = "flat" if traced <= FLAT_MB else f"GROWING (more than {FLAT_MB} MB)"
                print(f"  second half, games {first['games']}–{last['games']}: traced {traced:+.2f} MB, "
                      f"RSS {rss:+.1f} MB  ({verdict})")
            if snapshots and args.top > 0:
                print_top(snapshots, args.top)


if __name__ == "__main__":
    main()
