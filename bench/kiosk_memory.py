"""The kiosk gives its memory back: start a match, play a little, leave it, again and again.

    .venv/bin/python bench/kiosk_memory.py [--cycles 20] [--games tsukiji,izakaya] [--jobs 2] [--json]

Each game, without phones and with a phone seat, runs in a fresh process of its own: one
kiosk (TokyoKiosk, headless through Textual's `App.run_test()` as the kiosk's tests drive
it, the Pilot's waits shortened as theirs are; computers without a delay, no key pause, its
saves and settings in a temporary folder, the collector settled as `tokyo kiosk` settles
it) goes `--cycles` times through what a person does: the game chosen in the menu (↓,
Enter), the table set (two players: seat 1 a person at the screen, seat 2 the computer the
set-up offers, or a phone chosen in its list), Start (F2), up to four moves of the match
(the person's by Enter on the move the list offers; with a phone, its server on a free
port, a WebSocket client in the same event loop joins it as the phone's page does and plays
its seat's first move each time it may), then Escape and "y" back to the menu. From a
building turn the person gives it up first (Escape, "y", Enter); Countdown with a phone
builds every floor at once, so there the person ends their floors and leaves by the end
screen (M). After each cycle: `gc.collect()` and the process's resident set (VmRSS, from
/proc/self/status).

Printed per game and with/without phones: the RSS after the first cycle, after the last,
the growth between them, the most any later cycle rose above the first (goal: within
10 MB: a match left is given back, its screens, its pictures, the phones' server and its
codes), and the errors the kiosk logged for its operator (errors.log: a game that failed and
apologised on the way; 0 when every cycle was a clean start and leave). About two minutes on two cores with `--jobs 2` (the default); `--jobs 1` runs one
process at a time.

Importable: `cycles(game_key, phones, n=20)` runs the cycles in this process and returns the
RSS in MB after each.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

GOAL_MB = 10.0
#: moves of the match (anybody's) after which the person leaves, and how long a cycle may try
MOVES = 4
STEPS = 400
SIZE = (120, 40)


from bench.bench_kiosk import rss_mb  # noqa: E402  (the resident set, as the kiosk bench reads it)


def game_keys() -> list[str]:
    """Every installed game, as the menu lists them (core plugin discovery)."""
    from core import games
    return [info.name for info in games.available()]


# ---- one phone, as a WebSocket client in the kiosk's own event loop ------------------------------

async def phone(http, base: str, token: str) -> int:
    """Join the seat of `token` on the phones' server at `base` as the phone's page does (from
    its own origin, a device secret said first and with every message), and play the seat's
    first move each time its table says it may, until the kiosk closes the link; the moves
    sent."""
    import secrets

    import aiohttp
    device = secrets.token_hex(16)
    sent = 0
    async with http.ws_connect(f"{base}/ws/{token}", origin=base) as ws:
        await ws.send_json({"type": "hello", "device": device})
        async for msg in ws:
            if msg.type != aiohttp.WSMsgType.TEXT:
                break
            table = json.loads(msg.data)
            if table.get("type") in ("gone", "taken"):
                break
            if table.get("type") != "table" or not table.get("your_turn"):
                continue
            move = table["move"]
            if table.get("build") is not None:
                said = {"type": "build", "do": "give_up"}
            elif table["actions"]:
                said = {"type": "play", "key": table["actions"][0]["key"], "move": move}
            elif table["amounts"]:
                amount = table["amounts"][0]
                if "choices" in amount:
                    said = {"type": "play", "key": amount["choices"][0][1], "move": move}
                else:
                    said = {"type": "play", "key": amount["key"], "move": move, "amount": amount["range"][0]}
            else:
                continue
            await ws.send_json({**said, "device": device})
            sent += 1
    return sent


# ---- the cycles ----------------------------------------------------------------------------------

async def _pause(pilot, n: int = 1) -> None:
    for _ in range(n):
        await pilot.pause()


async def _until(pilot, ok, what: str, limit: int = 600) -> None:
    for _ in range(limit):
        if ok():
            return
        await pilot.pause(0.01)
    raise RuntimeError(f"timed out waiting for {what}")


async def _choose_game(pilot, app, key: str) -> None:
    """In the menu: ↓ to the game, Enter."""
    from textual.widgets import OptionList
    games_list = app.screen.query_one("#menu-games", OptionList)
    index = games_list.get_option_index(f"game:{key}")
    games_list.focus()
    for _ in range(games_list.option_count):
        if games_list.highlighted == index:
            break
        await pilot.press("down" if (games_list.highlighted or 0) < index else "up")
    await pilot.press("enter")


async def _set_table(pilot, app, phones: bool) -> None:
    """The set-up screen: seat 2 a phone (its list opened with Enter, ↓ to Phone, Enter) or the
    computer it offers; F2 starts."""
    from textual.widgets import OptionList, Select

    from kiosk.screens.setup import SetupScreen
    await _until(pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.is_mounted, "the set-up")
    if phones:
        kind = app.screen.query_one("#seat-kind-1", Select)
        kind.focus()
        await pilot.press("enter")
        await _until(pilot, lambda: kind.expanded, "the seat's kinds")
        overlay = kind.query_one(OptionList)
        target = [str(o.prompt) for o in overlay.options].index("Phone")
        for _ in range(overlay.option_count):
            if overlay.highlighted == target:
                break
            await pilot.press("down" if (overlay.highlighted or 0) < target else "up")
        await pilot.press("enter")
        await _until(pilot, lambda: not kind.expanded, "the seat's kind chosen")
    await pilot.press("f2")


async def _join(pilot, http, phones) -> asyncio.Task:
    """A phone joins the first phone seat (kiosk.phones.table.PhoneTable `phones`) and plays on."""
    link = next(iter(phones.hub.seats.values()))
    client = asyncio.ensure_future(phone(http, f"http://127.0.0.1:{phones.server.port}", link.token))
    await _until(pilot, lambda: link.connections > 0 or client.done(), "the phone to join")
    return client


async def _table(pilot, app, phones: bool):
    """The play screen once the match has started (and its phones' server, with phones)."""
    from kiosk.screens.play import PlayScreen
    await _until(pilot, lambda: any(isinstance(s, PlayScreen) for s in app.screen_stack), "the table")
    play = next(s for s in app.screen_stack if isinstance(s, PlayScreen))
    if phones:
        await _until(pilot, lambda: play.phones is not None, "the phones' server")
    return play


async def _play_a_little(pilot, app, play, http, moves: int) -> asyncio.Task | None:
    """Until the match has `moves` moves (or the cycle has tried long enough): the person's
    moves by Enter on the list's move, past the curtain, a phase's result and the screen of
    phone codes; a phone joins once its server is up."""
    from textual.widgets import OptionList

    from kiosk.screens.curtain import CurtainScreen
    from kiosk.screens.phones import PhonesScreen
    from kiosk.screens.ready import ReadyScreen
    from kiosk.screens.result import ResultScreen
    from kiosk.widgets.actions import ActionPicker
    client = None
    for _ in range(STEPS):
        if play.phones is not None and client is None and http is not None:
            client = await _join(pilot, http, play.phones)
        if len(play.match.log.moves) >= moves or play.match.over:
            break
        screen = app.screen
        if isinstance(screen, PhonesScreen):
            await pilot.press("escape")
        elif isinstance(screen, (CurtainScreen, ResultScreen)):
            await pilot.press("space")
        elif isinstance(screen, ReadyScreen):
            break                      # a person about to build: the leave path from there
        elif screen is play and play.human is not None and play.flow is None:
            picker = play.query_one(ActionPicker)
            listed = play.query_one("#actions", OptionList)
            if picker.legal and listed.highlighted is not None:
                listed.focus()
                await pilot.press("enter")
            elif picker.amount is not None:
                low = next(iter(sorted(picker.amount.keys)))
                play.query_one("#amount").focus()
                await pilot.press(*str(low), "enter")
            else:
                await pilot.pause(0.01)
        elif screen is not play and not screen.is_modal and screen.is_mounted and play.flow not in (None, "over"):
            break                      # a board's own screen or a building turn: leave from there
        else:
            await pilot.pause(0.01)
    return client


async def _leave(pilot, app) -> None:
    """Back to the menu as a person leaves a match: Escape and "y" from the table or the
    hand-over before a building turn; from a building turn, Escape and "y" to give it up
    and Enter to go on first; a board's own screen closed with Escape; the end screen's M."""
    from kiosk.practice.turn import BuildTurnScreen, GiveUp
    from kiosk.screens.end import EndScreen
    from kiosk.screens.leave import LeaveScreen
    from kiosk.screens.menu import MenuScreen
    from kiosk.screens.result import ResultScreen
    for _ in range(200):
        screen = app.screen
        if isinstance(screen, MenuScreen):
            break
        if isinstance(screen, (LeaveScreen, GiveUp)):
            await pilot.press("y")
        elif isinstance(screen, EndScreen):
            await pilot.press("m")
        elif isinstance(screen, ResultScreen) or (isinstance(screen, BuildTurnScreen) and screen.ended):
            await pilot.press("enter")
        else:
            await pilot.press("escape")
        await pilot.pause()
    await _until(pilot, lambda: isinstance(app.screen, MenuScreen) and len(app.screen_stack) == 1, "the menu")


def _quick_pilot() -> None:
    """The Pilot's waits as the tests shorten them (tests/conftest.py): no animations, and the
    idle check every 1/200 s. Only how long the run waits changes, not what the kiosk does."""
    import textual._wait
    import textual.constants
    textual.constants.TEXTUAL_ANIMATIONS = "none"
    textual._wait.SLEEP_GRANULARITY = 1 / 200
    textual._wait.SLEEP_IDLE = textual._wait.SLEEP_GRANULARITY / 20


async def _cycles(game_key: str, phones: bool, n: int, moves: int, on_cycle=None) -> list[float]:
    import aiohttp
    _quick_pilot()

    from kiosk.app import TokyoKiosk, settle_garbage_collector
    from kiosk.config import KioskConfig
    from kiosk.screens.menu import MenuScreen
    app = TokyoKiosk(bot_delay=0, seed=1, config=KioskConfig(idle_seconds=0, key_pause=0), phone_host="127.0.0.1",
                     phone_port=0)
    settle_garbage_collector()
    out = []
    async with aiohttp.ClientSession() as http, app.run_test(size=SIZE) as pilot:
        await _until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        for cycle in range(n):
            app.fixed_seed = cycle + 1
            await _choose_game(pilot, app, game_key)
            await _set_table(pilot, app, phones)
            play = await _table(pilot, app, phones)
            client = await _play_a_little(pilot, app, play, http if phones else None, moves)
            del play
            await _leave(pilot, app)
            if client is not None:
                await asyncio.wait_for(client, 10)
                client = None
            await _pause(pilot, 3)
            gc.collect()
            out.append(rss_mb())
            if on_cycle is not None:
                on_cycle(cycle, out[-1])
    return out


def cycles(game_key: str, phones: bool, n: int = 20, moves: int = MOVES) -> list[float]:
    """RSS (MB) after each of `n` cycles of start, play a little, leave, in this process (its
    saves and settings in a temporary folder for the time of the run)."""
    return _run(game_key, phones, n, moves)[0]


def _run(game_key: str, phones: bool, n: int, moves: int = MOVES) -> tuple[list[float], int]:
    """The RSS after each cycle, and how many errors the kiosk logged for its operator (a game
    that failed on the way and apologised: that cycle was no clean start and leave)."""
    saved = {k: os.environ.get(k) for k in ("TOKYO_DATA", "TOKYO_CONFIG")}
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["TOKYO_DATA"] = str(Path(tmp) / "data")
        os.environ["TOKYO_CONFIG"] = str(Path(tmp) / "kiosk.toml")
        try:
            rss = asyncio.run(_cycles(game_key, phones, n, moves))
            log = Path(tmp) / "data" / "errors.log"
            lines = log.read_text(encoding="utf-8").splitlines() if log.exists() else []
            errors = sum(line.startswith("--- ") for line in lines)
            return rss, errors
        finally:
            for k, v in saved.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v


# ---- the table ------------------------------------------------------------------------------------

def _one(game: str, phones: bool, n: int) -> dict:
    """One game's cycles in a fresh process."""
    done = subprocess.run([sys.executable, __file__, "--one", game, "--phones" if phones else "--no-phones",
                           "--cycles", str(n)], cwd=ROOT, capture_output=True, text=True, timeout=900, check=False,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    if done.returncode != 0:
        return {"game": game, "phones": phones, "error": (done.stderr.strip().splitlines() or ["?"])[-1]}
    return {"game": game, "phones": phones, **json.loads(done.stdout)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cycles", type=int, default=20, help="start-and-leave cycles of each game (default 20)")
    parser.add_argument("--games", default="", help="comma-separated game keys (default: every installed game)")
    parser.add_argument("--jobs", type=int, default=2, help="processes at once (default 2)")
    parser.add_argument("--json", action="store_true", help="the figures as JSON (RSS in MB after each cycle)")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    parser.add_argument("--phones", action=argparse.BooleanOptionalAction, default=False, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        rss, errors = _run(args.one, args.phones, args.cycles)
        print(json.dumps({"rss": rss, "errors": errors}))
        return
    keys = args.games.split(",") if args.games else game_keys()
    runs = [(g, p) for g in keys for p in (False, True)]
    with ThreadPoolExecutor(max(1, args.jobs)) as pool:
        rows = list(pool.map(lambda run: _one(run[0], run[1], args.cycles), runs))
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    print(f"kiosk RSS over {args.cycles} start-and-leave cycles of each game "
          f"(one process each; goal: within {GOAL_MB:.0f} MB of the first cycle):")
    print(f"  {'game':<16} {'phones':<7} {'first':>8} {'last':>8} {'growth':>8} {'peak+':>8}  errors logged")
    worst = 0.0
    for r in rows:
        label = "yes" if r["phones"] else "no"
        if "error" in r:
            print(f"  {r['game']:<16} {label:<7} FAILED: {r['error']}")
            worst = float("inf")
            continue
        rss = r["rss"]
        growth, peak = rss[-1] - rss[0], max(rss[1:] or rss) - rss[0]
        worst = max(worst, peak)
        verdict = "" if peak <= GOAL_MB else f"  OVER the {GOAL_MB:.0f} MB goal"
        print(f"  {r['game']:<16} {label:<7} {rss[0]:6.1f} MB {rss[-1]:6.1f} MB {growth:+6.1f} MB "
              f"{peak:+6.1f} MB  {r['errors']:>6}{verdict}")
    print(f"  worst rise above the first cycle: {worst:+.1f} MB  "
          f"({'ok' if worst <= GOAL_MB else 'OVER the goal'}; goal ≤ {GOAL_MB:.0f} MB)")


if __name__ == "__main__":
    main()
