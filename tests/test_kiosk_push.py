"""The crate screen inside the kiosk, driven by the Pilot: practice, choosing a level, showing a push.

The same push as physics.crate.push in every use: practised from the menu by keys, a level
chosen by keys or clicks and handed back, and a given push played and handed back.
"""

from __future__ import annotations

import pytest
from textual.widgets import OptionList, Static

from kiosk import practice
from kiosk.app import TokyoKiosk
from kiosk.config import KioskConfig
from kiosk.practice.push import LevelButton, PushScreen
from kiosk.screens.menu import MenuScreen
from kiosk.widgets.pixels import PixelCanvas
from physics import crate
from physics.practice import palette
from physics.practice.push import fill
from tests.kiosk_support import sync, wait_for

SIZE = (110, 34)
LOAD = ["sheets", "shirt", "trousers", "bra", "tuna", "salmon", "crab", "magazine", "pillowcase",
        "washer", "dryer", "washer"]
SPILLS = ["tuna", "magazine", "washer", "dryer"]     # pushed hard, the dryer on top falls out


def kiosk() -> TokyoKiosk:
    return TokyoKiosk(bot_delay=0, config=KioskConfig(idle_seconds=0))


@pytest.fixture(autouse=True)
def no_window(monkeypatch):
    """No display of its own: the kiosk draws practice itself."""
    monkeypatch.setattr(practice, "window_problem", lambda: "there is no graphical display here")


def text_of(screen, selector: str) -> str:
    return screen.query_one(selector, Static).visual.plain


async def at_menu(pilot) -> None:
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, MenuScreen), "the menu")


async def show(pilot, screen, results: list):
    """Push the screen, its result into `results`, and wait until its picture is laid out."""
    pilot.app.push_screen(screen, results.append)
    await wait_for(pilot, lambda: screen.is_mounted and screen.query_one(PixelCanvas).size_px[1] > 0,
                   "the picture laid out")
    await pilot.pause()
    return screen


async def until(pilot, condition, what: str, seconds: float = 20.0) -> None:
    """Let the animation run (in real time) until `condition()` holds."""
    for _ in range(int(seconds / 0.05)):
        if condition():
            return
        await pilot.pause(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def colours(screen) -> set:
    raster = screen.query_one(PixelCanvas).raster
    return {raster.get(x, y) for y in range(raster.height) for x in range(raster.width)}


@sync
async def test_practice_from_the_menu_load_by_keys_push_and_see_what_fell():
    app = kiosk()
    async with app.run_test(size=SIZE) as pilot:
        await at_menu(pilot)
        games = app.screen.query_one("#menu-games", OptionList)
        games.highlighted = [o.id for o in games.options].index("practice:push")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PushScreen), "the crate screen")
        screen = app.screen
        await wait_for(pilot, lambda: screen.query_one(PixelCanvas).size_px[1] > 0, "the picture laid out")
        b = screen.bench
        assert screen.mode == "practice" and app.focused is screen.query_one(PixelCanvas)
        await pilot.press("x")                                  # empty the crate, then load it by hand
        assert b.load == []
        await pilot.press("right", "a", "a", "right", "a", "backspace")
        assert b.load == [b.catalogue[1], b.catalogue[1]] == ["dryer", "dryer"]
        assert "dryer" in text_of(screen, "#push-goods")
        await pilot.press("x", "left", "left", "a", "a", "a")   # three washers, then two shirts
        await pilot.press(*["right"] * 4, "a", "a")
        assert b.load == ["washer"] * 3 + ["shirt"] * 2
        await pilot.press("5", "minus", "s")
        assert (b.level, b.steps) == (4, 3)
        assert screen.query_one("#push-level-4", LevelButton).has_class("-chosen")
        await pilot.press("p", "space")                         # push, and to its end at once
        expected = crate.push(b.load, 4, 3, b.seed)
        assert b.push.done and b.push.result == expected
        state = text_of(screen, "#practice-state")
        assert b.outcome(expected) in state
        seen = colours(screen)
        p = b.push
        assert {palette.CRATE, palette.MARKER} | {fill(p, i) for i in range(len(b.load))} <= seen
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu again")


@sync
async def test_choosing_a_level_by_keys_or_clicks_hands_it_back():
    app = kiosk()
    async with app.run_test(size=SIZE) as pilot:
        await at_menu(pilot)
        got = []
        screen = await show(pilot, PushScreen(load=LOAD, steps=2, choose=True, title="Anna's crate"), got)
        assert "Anna's crate" in text_of(screen, "#practice-title") and "12 goods, 2 steps" in \
               text_of(screen, "#practice-title")
        bindings = {b.binding.key for b in screen.active_bindings.values() if b.enabled}
        assert "p" not in bindings and "a" not in bindings, "no loading or pushing while choosing"
        standing = screen.bench.shown()
        assert standing.phase == "pushing" and standing.travelled == pytest.approx(0, abs=0.5)
        await pilot.press("4")
        assert screen.bench.level == 4 and screen.query_one("#push-level-4", LevelButton).has_class("-chosen")
        await pilot.press("minus")
        assert "3 briskly" in text_of(screen, "#practice-state")
        await pilot.press("plus", "plus", "plus")
        assert screen.bench.level == 5
        await pilot.press("enter")
        await at_menu(pilot)
        assert got == [5]
        screen = await show(pilot, PushScreen(load=LOAD, steps=1, choose=True), got)
        await pilot.press("2", "escape")
        await at_menu(pilot)
        assert got == [5, None]

        got = []                                                 # and by clicks
        screen = await show(pilot, PushScreen(load=["washer", "tuna"], steps=3, choose=True), got)
        await pilot.click("#push-level-2")
        assert screen.bench.level == 2 and screen.query_one("#push-level-2", LevelButton).has_class("-chosen")
        assert not screen.query_one("#push-level-3", LevelButton).has_class("-chosen")
        await pilot.click("#push-go")
        await at_menu(pilot)
        assert got == [2]
        await show(pilot, PushScreen(load=["washer"], steps=1, choose=True), got)
        await pilot.click("#push-level-5")
        await pilot.click("#push-cancel")
        await at_menu(pilot)
        assert got == [2, None]


@sync
async def test_showing_a_push_plays_exactly_that_push_and_hands_back_its_result():
    """Played to its end, skipped to its end with Enter, or left at once with Esc."""
    expected = crate.push(SPILLS, 5, 1, 0)
    assert expected.fallen, "this push loses goods, so the words say which"
    app = kiosk()
    async with app.run_test(size=SIZE) as pilot:
        await at_menu(pilot)
        got = []
        screen = await show(pilot, PushScreen(load=SPILLS, steps=1, level=5, seed=0, title="Ben pushes"), got)
        b = screen.bench
        assert screen.mode == "show" and b.push is not None
        bindings = {b.binding.key for b in screen.active_bindings.values() if b.enabled}
        assert "5" not in bindings and "p" not in bindings, "the level is given"
        await until(pilot, lambda: b.push.done, "the push played to its end", seconds=30)
        assert screen._timer is None
        assert b.push.result == expected
        state = text_of(screen, "#practice-state")
        assert "Ben pushes" in text_of(screen, "#practice-title")
        for i in expected.fallen:
            assert b.name(SPILLS[i]) in state
        assert f"Fell out (lost) ({len(expected.fallen)})" in text_of(screen, "#push-goods")
        await pilot.press("enter")
        await at_menu(pilot)
        assert got == [expected]

        got = []                                                 # skipped to its end, left by a click
        screen = await show(pilot, PushScreen(load=LOAD, steps=3, level=1, seed=4), got)
        screen._stop_timer()                                     # held a moment into its 3 s
        assert not screen.bench.push.done
        await pilot.press("enter")                               # the first Enter runs it to its end
        assert screen.bench.push.done and got == []
        await pilot.click("#practice-canvas")                    # then a click continues
        await at_menu(pilot)
        assert got == [crate.push(LOAD, 1, 3, 4)]
        await show(pilot, PushScreen(load=LOAD, steps=1, level=3, seed=8), got)
        await pilot.press("escape")                              # Esc at once: the whole push's result
        await at_menu(pilot)
        assert got[1] == crate.push(LOAD, 3, 1, 8)


@pytest.mark.parametrize("size", [(80, 24), (200, 60)])
@sync
async def test_every_use_fits_from_80x24_to_200x60(size):
    app = kiosk()
    async with app.run_test(size=size) as pilot:
        await at_menu(pilot)
        for screen in (PushScreen(), PushScreen(load=LOAD, steps=2, choose=True),
                       PushScreen(load=LOAD[:4], steps=1, level=1, seed=2)):
            got = []
            await show(pilot, screen, got)
            canvas = screen.query_one(PixelCanvas)
            side = screen.query_one("#practice-side")
            assert canvas.region.height >= size[1] - 6 and canvas.region.width >= size[0] // 2
            assert side.region.width >= 26 and side.region.right <= size[0]
            assert canvas.size_px == (canvas.content_region.width, 2 * canvas.content_region.height)
            for line in ("#practice-title", "#practice-state"):
                assert screen.query_one(line).region.height == 1
            holding = screen.query_one("#practice-holding")     # wraps: never cut, always on screen
            words = str(holding.render()).strip()
            assert 1 <= holding.region.height and holding.region.bottom <= size[1] - 1
            assert holding.region.height * holding.content_region.width >= len(words)
            for button in screen.query("LevelButton, PushButton"):
                region = button.region
                assert region.height == 1 and side.region.x <= region.x and region.right <= size[0]
                assert region.bottom <= size[1] - 2, f"{button.id} on screen"
            crate_px = screen.view.scale * screen.bench.crate.inner_width
            assert crate_px >= 12, "the crate is big enough to see"
            await pilot.press("escape")
            await at_menu(pilot)
