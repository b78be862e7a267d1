"""Every screen of every game at 80×24, 100×30, 200×60 and 250×70: each is checked usable
there (what has the focus is on screen, the screen's main control whole and inside it), and
its snapshot compared at the first three. Each screen is reached once, at 80×24, and the
terminal then grows, as a window dragged larger would.

Regenerate after a deliberate change with
`.venv/bin/pytest tests/test_kiosk_every_screen.py --snapshot-update` and look at the SVGs.
The practice screens are checked at every size in test_kiosk_practice.py.
"""

from __future__ import annotations

import asyncio
import functools
from dataclasses import dataclass
from typing import Awaitable, Callable

import pytest
from pytest_textual_snapshot import SVGImageExtension, normalize_svg
from textual.app import App
from textual.widgets import Input, OptionList

from core import games
from core.bots import make_bot
from core.session import Session
from kiosk import startup
from kiosk.app import TokyoKiosk
from kiosk.config import KioskConfig
from kiosk.screens import Seat
from kiosk.screens.apology import ApologyScreen
from kiosk.screens.attract import AttractScreen
from kiosk.screens.curtain import CurtainScreen
from kiosk.screens.end import EndScreen
from kiosk.screens.leave import LeaveScreen
from kiosk.screens.menu import MenuScreen
from kiosk.screens.pin import PinScreen
from kiosk.screens.play import PlayScreen
from kiosk.screens.ready import ReadyScreen
from kiosk.screens.result import ResultScreen
from kiosk.screens.rules import RulesScreen
from kiosk.screens.setup import SetupScreen
from tests.kiosk_support import reach_build, wait_for
from tests.test_kiosk_unattended import FakeClock
from tests.test_player_words import internal_words

SEED = 2024
SIZES = [(80, 24), (100, 30), (200, 60)]
GAMES = ("chocolate_milk", "tsukiji", "jutaku", "bottle_bonus", "countdown", "izakaya", "shopping_spree")
OPTIONS = {"chocolate_milk": {},
           "tsukiji": {"money": "open", "selection": "newcomer", "round_limit": 40},
           "jutaku": {}, "bottle_bonus": {}, "countdown": {}, "izakaya": {},
           "shopping_spree": {"variant": "dexterity"}}
BOTS = {"chocolate_milk": "dealer", "tsukiji": "fishmonger", "jutaku": "master", "bottle_bonus": "master",
        "countdown": "master", "izakaya": "innkeeper",
        "shopping_spree": "shopper"}


@pytest.fixture(autouse=True)
def the_two_finished_games(monkeypatch):
    """Only the games that are shipped: the same pictures whatever else is installed; and the
    attract parade held still, so its picture does not depend on the machine's speed."""
    real = games._entry_points
    monkeypatch.setattr(games, "_entry_points", lambda: {k: v for k, v in real().items() if k in GAMES})
    monkeypatch.setattr("kiosk.screens.attract.STEP_SECONDS", 3600)


def seats(name: str) -> list[Seat]:
    return [Seat("Aiko"), Seat("Bo", BOTS[name])]


@functools.lru_cache(maxsize=None)
def finished(name: str, players: int = 2):
    """A game its bots have played to the end, off screen, driven by the session as the kiosk
    and `tokyo simulate` drive one (core.session: seats that act at once by their clocks),
    once per test process: the end screen only reads it."""
    game = games.load(name)
    match = game.new(players, seed=SEED, options=OPTIONS[name])
    Session.of_computers(match, [make_bot(game, BOTS[name]) for _ in range(players)]).run()
    assert match.over
    return game, match


# ---- how to reach each screen --------------------------------------------------------------

async def at_menu(pilot) -> None:
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, MenuScreen)
                   and pilot.app.screen.query("#menu-games"), "the menu")


async def setup_of(pilot, name: str) -> None:
    await at_menu(pilot)
    menu = pilot.app.screen.query_one("#menu-games", OptionList)
    menu.highlighted = [o.id for o in menu.options].index(f"game:{name}")
    await pilot.press("enter")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, SetupScreen), "the set-up screen")


async def play_of(pilot, name: str) -> None:
    await at_menu(pilot)
    pilot.app.start_match(games.load(name), seats(name), OPTIONS[name])
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, PlayScreen) and pilot.app.screen.human == 0,
                   "Aiko's turn")


async def rules_of(pilot, name: str) -> None:
    await play_of(pilot, name)
    await pilot.press("f1")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, RulesScreen), "how to play")


async def leave_of(pilot, name: str) -> None:
    await play_of(pilot, name)
    await pilot.press("escape")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, LeaveScreen), "leave the game?")


async def end_of(pilot, name: str) -> None:
    await at_menu(pilot)
    game, match = finished(name)
    await pilot.app.push_screen(EndScreen(game, match, seats(name)))
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, EndScreen), "the end screen")


async def curtain_of(pilot, name: str) -> None:
    """Tsukiji with hidden money: the screen is passed to Aiko before her turn."""
    await at_menu(pilot)
    pilot.app.start_match(games.load(name), [Seat("Aiko"), Seat("Bo")], dict(OPTIONS[name], money="hidden"))
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, CurtainScreen), "the curtain")


#: Tsukiji with its expansion (000:392-628): the Blue Ship, the 4-hold barges, both variants
#: (collapsing markets, open market order) and four of the expansion's markets
TSUKIJI_EXPANSION = dict(OPTIONS["tsukiji"], expansion="on", blue_ship="on", barges="two_four", collapse="on",
                         order="open", clams_oysters="in", swordfish="in", sushi_shop="in", influence="in")


async def tsukiji_expansion_of(pilot) -> None:
    """Aiko's turn at an expansion table, the board scrolled to the other markets and the
    markets to come."""
    await at_menu(pilot)
    pilot.app.start_match(games.load("tsukiji"), seats("tsukiji"), TSUKIJI_EXPANSION)
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, PlayScreen) and pilot.app.screen.human == 0,
                   "Aiko's turn")
    board = pilot.app.screen.query_one("#board")
    board.scroll_to_widget(board.query_one("#tj-external"), animate=False, top=True)
    await pilot.pause()


async def build_of(pilot, name: str) -> None:
    """A person's building turn: Tokyo Jutaku after the start on an outer card, Countdown
    at once; the computer architect builds at the same time (core.hotseat)."""
    await at_menu(pilot)
    pilot.app.start_match(games.load(name), seats(name), OPTIONS[name])
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, PlayScreen), "the table")
    play = pilot.app.screen
    if name != "countdown":
        await wait_for(pilot, lambda: play.human == 0, "Aiko's start")
        await pilot.press("enter")                      # the first outer card
    await reach_build(pilot, pilot.app, "Aiko's build")


async def ready_of(pilot, name: str) -> None:
    """The hand-over before a person builds: whose turn, their lot, the clock not yet running."""
    await at_menu(pilot)
    pilot.app.start_match(games.load(name), seats(name), OPTIONS[name])
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, PlayScreen), "the table")
    play = pilot.app.screen
    if name != "countdown":
        await wait_for(pilot, lambda: play.human == 0, "Aiko's start")
        await pilot.press("enter")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, ReadyScreen), "Aiko's turn to build", limit=900)


async def result_of(pilot, name: str) -> None:
    """A building round's result: Aiko gives the round up at once, the computer builds on."""
    await build_of(pilot, name)
    app = pilot.app
    await pilot.press("escape")
    await wait_for(pilot, lambda: type(app.screen).__name__ == "GiveUp", "give up?")
    await pilot.press("y")
    await wait_for(pilot, lambda: getattr(app.screen, "ended", None) == "own", "her turn over")
    await pilot.press("enter")
    await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen), "the round's result", limit=900)


async def pin(pilot) -> None:
    await at_menu(pilot)
    await pilot.press("ctrl+o")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, PinScreen), "the PIN dialog")
    pilot.app.screen.query_one("#pin", Input).cursor_blink = False


async def attract(pilot) -> None:
    await at_menu(pilot)
    pilot.app.clock.now += 61
    pilot.app.idle_tick()
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, AttractScreen), "the attract screen")


async def apology(pilot) -> None:
    await at_menu(pilot)
    pilot.app.push_screen(ApologyScreen("Chocolate Milk", resumable=True))
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, ApologyScreen), "the apology")


async def resting(pilot) -> None:
    await pilot.pause()


def kiosk(**kw) -> App:
    kw.setdefault("config", KioskConfig(idle_seconds=0))
    return TokyoKiosk(bot_delay=0, seed=SEED, **kw)


@dataclass(frozen=True)
class Scene:
    """One screen: the app it is shown in, how to get there, and the control it is for."""

    make: Callable[[], App]
    reach: Callable[..., Awaitable[None]]
    main: str | None        # the screen's main control (a CSS selector), None: the whole screen


SCENES: dict[str, Scene] = {
    "menu": Scene(kiosk, at_menu, "#menu-games"),
    "pin": Scene(lambda: kiosk(lock=True, config=KioskConfig(pin="4321", idle_seconds=0)), pin, "Input"),
    "attract": Scene(lambda: kiosk(config=KioskConfig(idle_seconds=60), clock=FakeClock()), attract,
                     "#attract-hint"),
    "apology": Scene(kiosk, apology, "#apology-ok"),
    "resting": Scene(lambda: startup.RestingKiosk("the data folder /srv/tokyo is a file, not a folder",
                                                  seconds=3600), resting, None),
    "curtain-tsukiji": Scene(kiosk, lambda p: curtain_of(p, "tsukiji"), None),
    "play-tsukiji_expansion": Scene(kiosk, tsukiji_expansion_of, "#actions"),
}
for _name in GAMES[:2]:
    for _screen, _reach, _main in (("setup", setup_of, "#start"), ("play", play_of, "#actions"),
                                   ("rules", rules_of, None), ("leave", leave_of, None),
                                   ("end", end_of, "#to-menu")):
        SCENES[f"{_screen}-{_name}"] = Scene(kiosk, lambda p, r=_reach, n=_name: r(p, n), _main)
# The building games: their table, a person's building turn (the clock held still) and the end.
for _screen, _name, _reach, _main in (("setup", "jutaku", setup_of, "#start"),
                                      ("play", "jutaku", play_of, "#actions"),
                                      ("build", "jutaku", build_of, "#practice-canvas"),
                                      ("play", "bottle_bonus", play_of, "#actions"),
                                      ("build", "countdown", build_of, "#practice-canvas"),
                                      ("ready", "jutaku", ready_of, "#ready-start"),
                                      ("result", "jutaku", result_of, "#result-go-on"),
                                      ("result", "countdown", result_of, "#result-go-on"),
                                      ("end", "jutaku", end_of, "#to-menu"),
                                      ("end", "countdown", end_of, "#to-menu"),
                                      ("setup", "izakaya", setup_of, "#start"),
                                      ("play", "izakaya", play_of, "#amount"),
                                      ("end", "izakaya", end_of, "#to-menu"),
                                      ("setup", "shopping_spree", setup_of, "#start"),
                                      ("play", "shopping_spree", play_of, "#actions"),
                                      ("end", "shopping_spree", end_of, "#to-menu")):
    SCENES[f"{_screen}-{_name}"] = Scene(lambda: kiosk(clock=FakeClock()), lambda p, r=_reach, n=_name: r(p, n),
                                         _main)


def size_id(size) -> str:
    return f"{size[0]}x{size[1]}"


def inside(region, size) -> bool:
    return region.width > 0 and region.height > 0 and region.x >= 0 and region.y >= 0 \
        and region.right <= size[0] and region.bottom <= size[1]


def check_usable(app, scene: str, size, svg: str) -> None:
    """The screen is usable at `size`: what has the focus can be seen, the screen's main
    control is whole and on screen, and its words (read from `svg`, its picture) are a
    player's words."""
    if app.focused is not None:
        assert inside(app.focused.region, size), (scene, size, app.focused, app.focused.region)
    main = SCENES[scene].main
    if main is not None:
        widget = app.screen.query_one(main)
        assert inside(widget.region, size), (scene, size, widget, widget.region)
    text = screen_text(svg)
    assert len(text.split()) > 5, f"{scene}: the screen's words were not read"
    words = internal_words(text, lines_allowed=scene.split("-")[0] in LINES_SHOWN)
    assert not words, f"{scene}: a player reads internal words {words}"


#: screens where a rulebook line may be read: the rules help, the options' help at set-up,
#: and the end's reason (tests/test_player_words.py: never in a move or an event)
LINES_SHOWN = {"rules", "setup", "end"}


def screen_text(svg: str) -> str:
    """Every character a screen's SVG export shows, line by line, unwrapped."""
    import html
    import re
    rows: dict[str, list[str]] = {}
    for y, text in re.findall(r'<text[^>]*\by="([0-9.]+)"[^>]*>(.*?)</text>', svg, flags=re.S):
        rows.setdefault(y, []).append(html.unescape(re.sub(r"<[^>]+>", "", text)))
    return "\n".join(" ".join(parts).replace("\xa0", " ") for _, parts in
                     sorted(rows.items(), key=lambda kv: float(kv[0])))


# The building games' and Izakaya's screens at the smallest and a large size (100×30 lies
# between, and the 250×70 check below covers the largest): the suite's time is bounded.
LATER = {"setup-jutaku", "play-jutaku", "build-jutaku", "play-bottle_bonus", "build-countdown", "end-jutaku",
         "ready-jutaku", "result-countdown",
         "end-countdown", "setup-izakaya", "play-izakaya", "end-izakaya", "setup-shopping_spree",
         "play-shopping_spree", "end-shopping_spree"}
# Scenes pictured at one size only (the 250×70 check below still covers them).
ONE_SIZE = {"play-tsukiji_expansion": (100, 30)}
#: the largest screen a venue is expected to have: checked usable, not pictured
LARGEST = (250, 70)


def pictured(scene: str) -> list[tuple[int, int]]:
    """The sizes a scene is pictured at, smallest first."""
    return [size for size in SIZES if (scene not in LATER or size != (100, 30))
            and ONE_SIZE.get(scene, size) == size]


async def svg_of(pilot) -> str:
    """The screen as an SVG once it has settled, as pytest-textual-snapshot takes it."""
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()
    return normalize_svg(pilot.app.export_screenshot(title=pilot.app.title, simplify=True))


@pytest.mark.parametrize("scene", list(SCENES))
def test_every_screen(scene, snapshot):
    """The scene is reached once, at its smallest size, then the terminal grows through the
    other sizes to the largest, as a window dragged larger would; at each size the screen is
    checked usable, and pictured where its snapshot is kept."""
    snapshot = snapshot.use_extension(SVGImageExtension)
    sizes = pictured(scene)
    pictures: dict[str, str] = {}

    async def run() -> None:
        app = SCENES[scene].make()
        async with app.run_test(size=sizes[0]) as pilot:
            await SCENES[scene].reach(pilot)
            for size in sizes + [LARGEST]:
                if size != sizes[0]:
                    await pilot.resize_terminal(*size)
                svg = await svg_of(pilot)
                check_usable(app, scene, size, svg)
                if size in sizes:
                    pictures[size_id(size)] = svg

    asyncio.run(run())
    for name, svg in pictures.items():
        assert svg == snapshot(name=name), f"{scene} at {name} differs from its snapshot"
