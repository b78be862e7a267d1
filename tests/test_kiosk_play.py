"""The play screen at a venue: every size from 80×24 to 250×70, names instead of seat
numbers, the curtain only for secrets, taking a move back."""

from __future__ import annotations

import re

import pytest
from textual.widgets import OptionList, Static

from core import games
from core.bots import make_bot
from core.rng import Rng
from core.session import Session
from kiosk.app import TokyoKiosk
from kiosk.config import KioskConfig
from kiosk.screens import Seat
from kiosk.screens.curtain import CurtainScreen
from kiosk.screens.end import EndScreen
from kiosk.screens.menu import MenuScreen
from kiosk.screens.play import PlayScreen
from kiosk.widgets.eventlog import EventLog
from tests.kiosk_support import sync, wait_for

SIZES = [(80, 24), (100, 30), (200, 60), (250, 70)]
SEAT_NUMBER = re.compile(r"\b[Ss]eat \d\b")


def kiosk(seed: int = 2024) -> TokyoKiosk:
    return TokyoKiosk(bot_delay=0, seed=seed, config=KioskConfig(idle_seconds=0))


async def play(pilot, name: str, seats: list[Seat], options=None) -> PlayScreen:
    """Start a match from the menu's app and wait until the first person can choose."""
    app = pilot.app
    await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
    game = games.load(name)
    app.start_match(game, seats, options or {})
    await wait_for(pilot, lambda: isinstance(app.screen, (PlayScreen, CurtainScreen)), "the play screen")
    screen = next(s for s in app.screen_stack if isinstance(s, PlayScreen))
    if isinstance(app.screen, CurtainScreen):
        await pilot.press("space")
    await wait_for(pilot, lambda: screen.human is not None, "a person to choose", limit=600)
    await pilot.pause()
    return screen


def visible(widget, screen_size) -> bool:
    r = widget.region
    return r.width > 0 and r.height > 0 and r.right <= screen_size[0] and r.bottom <= screen_size[1]


@pytest.mark.parametrize("name", ["chocolate_milk", "tsukiji"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@sync
async def test_the_actions_the_seats_and_the_log_are_always_on_screen(name, size):
    app = kiosk()
    async with app.run_test(size=size) as pilot:
        screen = await play(pilot, name, [Seat("Aiko"), Seat("Bo", games.load(name).rules.default_bot)])
        actions = screen.query_one("#actions", OptionList)
        for widget in (screen.query_one("#board"), actions, screen.query_one("#seats-panel"),
                       screen.query_one("#log")):
            assert visible(widget, size), (widget, widget.region)
        assert actions.scrollable_content_region.height >= 3
        assert screen.query_one("#picker").shows(actions.highlighted), "the highlighted move is in sight"
        narrow = size[0] < 110
        assert screen.has_class("-narrow") == narrow
        board, picker = screen.query_one("#board").region, screen.query_one("#picker").region
        assert (board.bottom <= picker.y) if narrow else (board.right <= picker.x)
        before = len(screen.match.log.moves)
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(screen.match.log.moves) > before, "the move")


@sync
async def test_enter_never_plays_a_move_nobody_can_see():
    app = kiosk()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await play(pilot, "chocolate_milk", [Seat("Aiko"), Seat("Bo", "dealer")])
        actions = screen.query_one("#actions", OptionList)
        moves = len(screen.match.log.moves)
        actions.scroll_to(y=actions.max_scroll_y, animate=False, immediate=True)   # highlight scrolled away
        await pilot.pause()
        assert not screen.query_one("#picker").shows(actions.highlighted)
        actions.action_select()
        await pilot.pause()
        assert len(screen.match.log.moves) == moves
        actions.styles.height = 0                                                  # the list squeezed away
        await pilot.pause()
        actions.scroll_to(y=0, animate=False, immediate=True)
        actions.action_select()
        await pilot.pause()
        assert len(screen.match.log.moves) == moves
        actions.styles.height = "1fr"
        await pilot.pause()
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(screen.match.log.moves) > moves, "the move, once it can be seen")


@sync
async def test_the_log_wraps_to_its_width_after_a_resize():
    app = kiosk()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await play(pilot, "tsukiji", [Seat("Aiko"), Seat("Bo", "fishmonger")])
        log = screen.query_one("#log", EventLog)
        narrow_lines = len(log.lines)
        await pilot.resize_terminal(200, 60)
        await wait_for(pilot, lambda: log.scrollable_content_region.width > 70, "the wide log")
        await pilot.pause()
        width = log.scrollable_content_region.width
        assert all(len(t) < width for t in log.texts) and any(len(t) > 45 for t in log.texts)
        assert len(log.lines) == len(log.texts) < narrow_lines, "written narrow, wrapped again wide: a line each"


@sync
async def test_people_read_names_not_seat_numbers():
    app = kiosk(seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await play(pilot, "tsukiji", [Seat("Aiko"), Seat("Bo", "fishmonger"), Seat("Chiyo", "fishmonger")])
        for _ in range(30):
            if screen.match.over:
                break
            before = len(screen.match.log.moves)
            await pilot.press("enter")
            await wait_for(pilot, lambda: len(screen.match.log.moves) > before and screen.human is not None
                           or screen.match.over, "the next turn", limit=600)
        texts = list(screen.query_one("#log", EventLog).texts)
        assert any("Bo" in t for t in texts) and any("Chiyo" in t for t in texts)
        assert not any(SEAT_NUMBER.search(t) for t in texts), [t for t in texts if SEAT_NUMBER.search(t)][:3]


@sync
async def test_the_end_screen_gives_the_reason_in_names():
    game = games.load("tsukiji")
    match = game.new(2, seed=3)
    bots = [make_bot(game, "fishmonger") for _ in range(2)]
    Session.of_computers(match, bots, [Rng(3, stream=s) for s in range(2)]).run()
    assert match.over and SEAT_NUMBER.search(match.result().reason), "the game itself words it with seat numbers"
    app = kiosk()
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        await app.push_screen(EndScreen(game, match, [Seat("Aiko"), Seat("Bo")]))
        await pilot.pause()
        reason = app.screen.query_one("#end-reason", Static).visual.plain
        assert ("Aiko" in reason or "Bo" in reason) and not SEAT_NUMBER.search(reason), reason


@pytest.mark.parametrize("money, curtains", [("open", False), ("hidden", True)])
@sync
async def test_the_curtain_comes_only_when_a_screen_holds_a_secret(money, curtains):
    app = kiosk(seed=5)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        app.start_match(games.load("tsukiji"), [Seat("Aiko"), Seat("Bo")], {"money": money})
        seen = 0
        for _ in range(12):
            await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen)
                           or (isinstance(app.screen, PlayScreen) and app.screen.human is not None),
                           "a person's turn")
            if isinstance(app.screen, CurtainScreen):
                seen += 1
                await pilot.press("space")
                await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen) and app.screen.human is not None,
                               "the private screen")
            screen = app.screen
            assert (screen.viewer is not None) == curtains, "a private view only where something is private"
            before = len(screen.match.log.moves)
            await pilot.press("enter")
            await wait_for(pilot, lambda: len(screen.match.log.moves) > before, "the move")
        assert (seen > 0) == curtains


@sync
async def test_a_person_takes_back_a_move_of_their_turn():
    app = kiosk(seed=11)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await play(pilot, "tsukiji", [Seat("Aiko"), Seat("Bo", "fishmonger")])
        match = screen.match

        def shown_keys() -> set[str]:
            return {b.binding.key for b in screen.active_bindings.values() if b.enabled and b.binding.show}

        assert "u" not in shown_keys()
        for _ in range(40):                                  # a move that may be taken back
            seat = screen.human
            before = (match.rules.dump(match.state), match.rng.dump(), list(match.log.moves))
            await pilot.press("enter")
            await wait_for(pilot, lambda: len(match.log.moves) > len(before[2]), "the move")
            await wait_for(pilot, lambda: screen.human is not None or match.over, "a choice", limit=600)
            if screen.human == seat and match.may_undo(seat) and match.why_not_undo(seat) is None:
                break
        else:
            pytest.fail("no move that may be taken back in 40 tries")
        await pilot.pause()
        assert "u" in shown_keys()
        await pilot.press("u")
        await wait_for(pilot, lambda: len(match.log.moves) == len(before[2]), "the take-back")
        assert (match.rules.dump(match.state), match.rng.dump(), list(match.log.moves)) == before
        assert "Aiko takes back" in list(screen.query_one("#log", EventLog).texts)[-1]
        loaded, _ = app.store.load(screen.slot)
        assert loaded.log.moves == match.log.moves, "the autosave has the move taken back too"
