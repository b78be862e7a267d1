"""A match left gives its memory back. Each game is started as a person starts it (the menu,
the set-up, F2), played a move where the person has one to make, and left as a person
leaves it (Escape, then "y"); once the kiosk is back at its menu and the garbage is
collected, nothing of the match is alive: not the set-up and play screens, the board, the
match, its session, nor the lines the screen's widgets drew (Textual keeps those in each
widget's StylesCache, kiosk.textual_memory), and with a phone seat not the phones' table,
hub and server. Only weak references are held here, so what stays alive is kept by the
kiosk. How much memory that is over many matches is measured by bench/kiosk_memory.py,
never here."""

from __future__ import annotations

import asyncio
import gc
import weakref

import aiohttp
import pytest
from textual.widgets import OptionList, Select

from kiosk.app import TokyoKiosk
from kiosk.config import KioskConfig
from kiosk.screens.apology import ApologyScreen
from kiosk.screens.menu import MenuScreen
from kiosk.screens.phones import PhonesScreen
from kiosk.screens.play import PlayScreen
from kiosk.screens.ready import ReadyScreen
from kiosk.screens.setup import SetupScreen
from tests.kiosk_support import sync, wait_for

GAMES = ("chocolate_milk", "tsukiji", "jutaku", "bottle_bonus", "countdown", "izakaya", "shopping_spree")
SIZE = (120, 40)


def kiosk() -> TokyoKiosk:
    return TokyoKiosk(bot_delay=0, seed=11, config=KioskConfig(idle_seconds=0), phone_host="127.0.0.1",
                      phone_port=0)


async def start(pilot, app, game: str, phone: int | None = None) -> PlayScreen:
    """From the menu, as a person: the game (↓ to it, Enter), the seat `phone` a phone (its
    list opened with Enter, ↓ to Phone, Enter; the others as the set-up offers them: seat 1 a
    person, seat 2 a computer), F2."""
    await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
    games_list = app.screen.query_one("#menu-games", OptionList)
    index = games_list.get_option_index(f"game:{game}")
    for _ in range(games_list.option_count):
        if games_list.highlighted == index:
            break
        await pilot.press("down")
    assert games_list.highlighted == index
    await pilot.press("enter")
    await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.is_mounted, "the set-up")
    if phone is not None:
        kind = app.screen.query_one(f"#seat-kind-{phone}", Select)
        kind.focus()
        await pilot.press("enter")
        await wait_for(pilot, lambda: kind.expanded, "the seat's kinds")
        overlay = kind.query_one(OptionList)
        target = [str(o.prompt) for o in overlay.options].index("Phone")
        for _ in range(overlay.option_count):
            if overlay.highlighted == target:
                break
            await pilot.press("down" if (overlay.highlighted or 0) < target else "up")
        assert overlay.highlighted == target
        await pilot.press("enter")
        await wait_for(pilot, lambda: not kind.expanded, "the seat's kind chosen")
    await pilot.press("f2")
    await wait_for(pilot, lambda: any(isinstance(s, PlayScreen) for s in app.screen_stack), "the table")
    return next(s for s in app.screen_stack if isinstance(s, PlayScreen))


async def phones_server(pilot, play) -> None:
    await wait_for(pilot, lambda: play.phones is not None, "the phones' server")


async def play_a_move(pilot, app, play) -> None:
    """Up to the first turn of a person at the screen, past the screen of phone codes, and
    one move made there when it is a plain one (a person about to build stays at the
    hand-over); or, without a person, up to the table waiting for a phone."""
    from core.session import Live, Phones

    def ready() -> bool:
        screen = app.screen
        if isinstance(screen, (ReadyScreen, ApologyScreen)):
            return True
        return screen is play and (play.human is not None or isinstance(play.session.next(), (Phones, Live)))
    for _ in range(600):
        if ready():
            break
        if isinstance(app.screen, PhonesScreen):
            await pilot.press("escape")
        await pilot.pause()
    assert not isinstance(app.screen, ApologyScreen), "the game failed to start"
    assert ready(), "the person's turn never came"
    if app.screen is play and play.human is not None and play.seats[play.human].human:
        moves = len(play.match.log.moves)
        actions = play.query_one("#actions", OptionList)
        if actions.highlighted is not None:
            actions.focus()
            await pilot.press("enter")
            await wait_for(pilot, lambda: len(play.match.log.moves) > moves or app.screen is not play,
                           "the move to be played")


async def leave(pilot, app) -> None:
    """Escape and "y", as a person leaves a match, from the table or from the hand-over before
    a building turn (a board's own screen closed first); then the menu, alone."""
    from kiosk.screens.leave import LeaveScreen
    for _ in range(20):
        if isinstance(app.screen, MenuScreen):
            break
        assert not isinstance(app.screen, ApologyScreen), "the game failed on the way out"
        await pilot.press("y" if isinstance(app.screen, LeaveScreen) else "escape")
        await pilot.pause()
    await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen) and len(app.screen_stack) == 1, "the menu")
    for _ in range(3):
        await pilot.pause()


def watch(play) -> dict[str, weakref.ref]:
    """Weak references to the match's screens (the set-up under it, the table, whatever the
    table shows over it now), what the table holds, and the lines each screen's widgets drew."""
    app = play.app
    refs = {"play screen": play, "match": play.match, "session": play.session, "board": play.query_one("#board"),
            "set-up screen": next(s for s in app.screen_stack if isinstance(s, SetupScreen))}
    if play.phones is not None:
        refs.update({"phones' table": play.phones, "phones' hub": play.phones.hub,
                     "phones' server": play.phones.server})
    screens = app.screen_stack[1:]
    refs.update({f"screen {type(s).__name__}": s for s in screens})
    refs = {name: weakref.ref(obj) for name, obj in refs.items()}
    drawn = [(s, w) for s in screens for w in s.walk_children(with_self=True)]
    assert len(drawn) > 20
    refs.update({f"lines drawn by {type(w).__name__} {w.id or i} on {type(s).__name__}": weakref.ref(w._styles_cache)
                 for i, (s, w) in enumerate(drawn)})
    return refs


def alive(refs: dict[str, weakref.ref]) -> list[str]:
    gc.collect()
    return [name for name, ref in refs.items() if ref() is not None]


async def apart(drive):
    """`drive()` run in a task of its own, gone once it is done: the Pilot's pauses draw the
    screen in the task that calls them, and Textual keeps the screens it last drew behind the
    top one in a context variable of that task (textual._context.visible_screen_stack) until it
    draws again there; in the kiosk that task is the app's own, which draws the menu next.
    (The loop's call that woke this one up holds the task until it returns: one turn more.)"""
    out = await asyncio.create_task(drive())
    await asyncio.sleep(0)
    return out


@pytest.mark.parametrize("game", GAMES)
@sync
async def test_a_match_left_is_freed_with_what_its_screen_drew(game):
    assert await left_and_freed(game) == []


async def left_and_freed(game: str, phone: int | None = None) -> list[str]:
    """Start `game` from the menu (seat `phone` a phone, its server awaited), play up to a
    move, leave: what of the match is still alive then."""
    app = kiosk()
    async with app.run_test(size=SIZE) as pilot:
        async def drive():
            play = await start(pilot, app, game, phone=phone)
            if phone is not None:
                await phones_server(pilot, play)
            await play_a_move(pilot, app, play)
            refs = watch(play)
            del play
            await leave(pilot, app)
            return refs
        refs = await apart(drive)
        return alive(refs)


#: a phone seat's server and codes are the same for every game; these three lead to it by the
#: three ways a match opens (a plain move, a bid in secret, a floor built at once). Every game
#: with a phone seat is started and left 20 times by bench/kiosk_memory.py.
PHONE_GAMES = ("chocolate_milk", "izakaya", "countdown")


@pytest.mark.parametrize("game", PHONE_GAMES)
@sync
async def test_a_match_left_with_a_phone_seat_frees_its_phones_server(game):
    """Seat 1 a phone, seat 2 the computer, nobody at the screen but to leave: the phones'
    server starts with the match (its codes shown; no phone joins), the table waits for the
    phone, and the server goes with the match. (Countdown opens with a round built at once:
    it waits for the phones' server rather than opening the round live without it.)"""
    assert await left_and_freed(game, phone=0) == []


@sync
async def test_a_match_left_after_a_phone_joined_frees_its_phones_server():
    """As above with Chocolate Milk, and the seat's phone joins (and is told the table) before
    the match is left; it is told the seat is gone, and the kiosk is back at its menu without
    a word in its error log (the phone dropping as its server stops draws no table that is
    gone, which failed and apologised over the menu). A request the phones' server has
    answered keeps nothing of the match: its Host and Origin check wraps each route, not an
    aiohttp middleware, whose chains aiohttp caches module-wide by handler (a bound method of
    the match's server) until 1024 newer ones push them out."""
    from tests.phone_client import join
    app = kiosk()
    async with app.run_test(size=SIZE) as pilot, aiohttp.ClientSession() as http:
        async def drive():
            play = await start(pilot, app, "chocolate_milk", phone=0)
            await phones_server(pilot, play)
            server, hub = play.phones.server, play.phones.hub
            phone = await join(http, f"http://127.0.0.1:{server.port}", hub.seats[0].token)
            assert (await phone.receive_json(timeout=10))["type"] == "table"
            await play_a_move(pilot, app, play)
            refs = watch(play)
            del play, server, hub
            await leave(pilot, app)
            told = [await phone.receive_json(timeout=10)]
            while told[-1]["type"] == "table":
                told.append(await phone.receive_json(timeout=10))
            assert told[-1]["type"] == "gone"
            await phone.close()
            for _ in range(5):
                await pilot.pause()
            return refs
        refs = await apart(drive)
        assert isinstance(app.screen, MenuScreen) and len(app.screen_stack) == 1
        assert not app.store.log_path.exists(), app.store.log_path.read_text()
        assert alive(refs) == []
