"""The practice screens inside the kiosk, driven by the Pilot as a person would: keys and mouse.

They are drawn in half-block pixels, so they work in a terminal, in tmux and in a browser
through `tokyo serve`; where the machine has a display of its own the kiosk opens the
pygame window instead (checked here with the window replaced by a stand-in).
"""

from __future__ import annotations

import contextlib
import math
import sys

import pytest
from textual.widgets import OptionList, Static

from kiosk import practice
from kiosk.app import TokyoKiosk
from kiosk.config import KioskConfig
from kiosk.practice import draw
from kiosk.practice.build import BuildPracticeScreen
from kiosk.practice.vending import VendingPracticeScreen
from kiosk.screens.attract import AttractScreen
from kiosk.screens.menu import MenuScreen
from kiosk.screens.pin import PinScreen
from kiosk.widgets.pixels import PixelCanvas
from physics import geometry, vending
from physics.practice import palette
from physics.practice.build import BuildPractice
from physics.practice.vending import VendingPractice
from physics.scenes import load_scene
from tests.kiosk_support import sync, wait_for
from tests.test_kiosk_unattended import FakeClock, menu_status
from tests.test_practice import TIPPING

SIZE = (100, 30)


def kiosk(**kw) -> TokyoKiosk:
    kw.setdefault("config", KioskConfig(idle_seconds=0))
    return TokyoKiosk(bot_delay=0, **kw)


async def open_from_menu(pilot, key: str):
    app = pilot.app
    await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
    games = app.screen.query_one("#menu-games", OptionList)
    games.highlighted = [o.id for o in games.options].index(f"practice:{key}")
    await pilot.press("enter")
    wanted = BuildPracticeScreen if key == "build" else VendingPracticeScreen
    await wait_for(pilot, lambda: isinstance(app.screen, wanted), f"the {key} practice screen")
    await wait_for(pilot, lambda: app.screen.query_one(PixelCanvas).size_px[1] > 0, "the picture laid out")
    return app.screen


async def show(pilot, screen):
    """Push a practice screen and wait until its picture is laid out."""
    await pilot.app.push_screen(screen)
    await wait_for(pilot, lambda: screen.is_mounted and screen.query_one(PixelCanvas).size_px[1] > 0,
                   "the picture laid out")
    return screen


def cell_over(screen, x_mm: float, y_mm: float) -> tuple[int, int]:
    """The canvas cell (column, row) whose centre pixel lies closest to (x_mm, y_mm)."""
    px, py = screen.view.px(x_mm, y_mm)
    return int(px), int(py // 2)


def pixel_at(screen, x_mm: float, y_mm: float):
    px, py = screen.view.px(x_mm, y_mm)
    return screen.query_one(PixelCanvas).raster.get(int(px), int(py))


def text_of(screen, selector: str) -> str:
    return screen.query_one(selector, Static).visual.plain


@pytest.fixture(autouse=True)
def no_window(monkeypatch):
    """No display of its own: the kiosk draws practice itself (unless a test says otherwise)."""
    monkeypatch.setattr(practice, "window_problem", lambda: "there is no graphical display here")


# ---- building ---------------------------------------------------------------------------

@sync
async def test_build_practice_place_move_turn_drop_stop_and_see_the_verdict():
    app = kiosk()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_from_menu(pilot, "build")
        bench = screen.bench
        canvas = screen.query_one(PixelCanvas)
        assert app.focused is canvas
        assert "Pieces in the middle — 69" in text_of(screen, "#practice-side-title")

        await pilot.press("enter")                             # the highlighted piece into the hand
        assert bench.held.piece == "cube-20-1"
        col, row = cell_over(screen, 30, 60)
        await pilot.hover(canvas, offset=(col, row))           # the mouse carries it
        x_mm, y_mm = screen.view.mm(col + 0.5, 2 * row + 1.0)
        assert bench.held.x == round((x_mm - 10) * 2) / 2
        await pilot.press("right", "right", "shift+right")     # the keys nudge it
        assert bench.held.x == round((x_mm - 10) * 2) / 2 + 12
        await pilot.press("enter")                             # and let go: it lands on the card
        assert bench.building.placements[0].piece == "cube-20-1"
        assert bench.building.placements[0].y == 0 and bench.held is None
        first = bench.building.placements[0]
        assert pixel_at(screen, first.x + 10, 10) == palette.piece_colour(0), "drawn where it was put"

        await pilot.press("enter")                             # another cube: the list goes by shape
        assert bench.held.piece == "cube-20-2"
        first_shape = screen.query_one("#practice-supply").get_option_at_index(0).prompt
        assert str(first_shape) == "cube, 20×20 mm ×5"            # pieces by name, never by id
        await pilot.press("r")                                 # turned 15°, then back with the wheel
        assert bench.held.rotation == 15
        col, row = cell_over(screen, first.x + 10, 60)
        await pilot.hover(canvas, offset=(col, row))
        app.post_message(_scroll(canvas, col, row, down=True))
        await pilot.pause()
        assert bench.held.rotation == 0
        await pilot.press("R", "f")                            # a quarter turn and a flip
        assert (bench.held.rotation, bench.held.flip) == (90, True)
        await pilot.click(canvas, offset=(col, row))           # a click drops it onto the first cube
        dropped = bench.building.placements[1]
        assert (dropped.piece, dropped.floor, dropped.y) == ("cube-20-2", 2, 20.0)
        x_mm, _ = screen.view.mm(col + 0.5, 2 * row + 1.0)
        assert dropped.x == round((x_mm - 10) * 2) / 2 and (dropped.rotation, dropped.flip) == (90, True)

        await pilot.press("s")                                 # Stop!
        await wait_for(pilot, lambda: bench.phase == "verdict", "the verdict", limit=400)
        assert bench.frame == bench.verdict.steps
        headline = text_of(screen, "#practice-side-title")
        assert headline == ("It stands" if bench.verdict.stands else "It falls")
        report = text_of(screen, "#practice-report-text")
        assert "Does not pass" in report and "exactly the pieces the lot card asks for" in report
        assert bench.verdict.ended == "statics" and "as it was placed" in report, "two cubes: nothing can move"
        assert not screen.query_one("#practice-supply").display

        await pilot.press("backspace")                         # take back: building again
        assert bench.phase == "build" and len(bench.building.placements) == 1
        assert screen.query_one("#practice-supply").display
        await pilot.press("escape")                            # Esc always leaves
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu again")


def _scroll(canvas, col, row, down: bool):
    from textual import events
    region = canvas.content_region
    kind = events.MouseScrollDown if down else events.MouseScrollUp
    return kind(None, region.x + col, region.y + row, 0, 0, 0, False, False, False,
                screen_x=region.x + col, screen_y=region.y + row)


@sync
async def test_build_practice_waits_at_the_verdicts_moment_and_plays_on(tmp_path):
    scene = tmp_path / "tipping.toml"
    scene.write_text(TIPPING)
    app = kiosk()
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        screen = await show(pilot, BuildPracticeScreen(BuildPractice(load_scene(str(scene)))))
        bench = screen.bench
        assert "p" not in {b.binding.key for b in screen.active_bindings.values() if b.enabled}
        await pilot.press("s")
        await wait_for(pilot, lambda: bench.phase == "verdict", "the verdict", limit=400)
        await pilot.pause(0.2)
        assert bench.frame == bench.verdict.steps, "the picture waits at the verdict's moment"
        assert text_of(screen, "#practice-side-title") == "It falls"
        poses = [(x, y, math.degrees(a)) for x, y, a in map(bench.scene.pose, range(3))]
        assert poses == bench.verdict.poses
        beam_x, beam_y, _ = poses[2]
        assert pixel_at(screen, beam_x, beam_y) == palette.piece_colour(2)
        assert "moved" in text_of(screen, "#practice-report-text")

        await pilot.press("p")                                 # play on to where it comes to rest
        await wait_for(pilot, lambda: bench.scene.asleep(), "the pieces at rest", limit=600, )
        assert bench.frame > bench.verdict.steps
        assert "the verdict was at" in text_of(screen, "#practice-report-text")
        body = bench.scene.bodies[2]
        end = body.local_to_world((90, 5))
        assert pixel_at(screen, *end) == palette.piece_colour(2)


@sync
async def test_stop_on_an_empty_lot_says_nothing_built():
    app = kiosk()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_from_menu(pilot, "build")
        await pilot.press("s")
        await wait_for(pilot, lambda: screen.bench.phase == "verdict", "the verdict")
        assert text_of(screen, "#practice-side-title") == "Nothing built"
        assert "There is no piece on the lot" in text_of(screen, "#practice-report-text")


# ---- the vending machine ------------------------------------------------------------------

@sync
async def test_vending_practice_pours_reports_and_clears():
    seed = next(s for s in range(1, 200) if vending.pour(vending.random_drinks(s, 12), s).stuck)
    app = kiosk()
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        screen = await show(pilot, VendingPracticeScreen(VendingPractice(seed, 12)))
        bench = screen.bench
        await pilot.press("p")
        await wait_for(pilot, lambda: bench.pour.done, "the pour", limit=600)
        expected = vending.pour(vending.random_drinks(seed, 12), seed)
        assert (bench.pour.out, bench.pour.stuck) == (expected.out, expected.stuck)
        state = text_of(screen, "#practice-state")
        assert f"{len(expected.out)} came out, {len(expected.stuck)} stuck" in state
        drinks = text_of(screen, "#practice-drinks")
        assert all(bench.codes[d] in drinks for d in expected.stuck) and "Stuck (" in drinks
        raster = screen.query_one(PixelCanvas).raster
        view = draw.machine_view(screen.query_one(PixelCanvas), bench)
        for k, body in bench.pour.bodies.items():             # every stuck drink shows in its colour
            fill = palette.DRINK_FILL[bench.pour.drinks[k] // 6]
            inside = [(x, y) for y in range(raster.height) for x in range(raster.width)
                      if any(shape.point_query(view.mm(x + 0.5, y + 0.5)).distance < 0 for shape in body.shapes)]
            assert inside and any(raster.get(x, y) == fill for x, y in inside), bench.codes[bench.pour.drinks[k]]

        await pilot.press("c")                                 # clear the jam (004:223)
        assert bench.cleared == expected.stuck and not bench.pour.bodies
        assert "cleared" in text_of(screen, "#practice-state")
        await pilot.press("3")                                 # the black crate
        assert bench.chosen() == list(range(12, 18))
        await pilot.press("minus")
        assert bench.count == 11 and not bench.colours
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu again")


# ---- where the kiosk runs --------------------------------------------------------------------

@pytest.mark.parametrize("size", [(80, 24), (250, 70)])
@sync
async def test_practice_screens_fit_from_80x24_to_250x70(size):
    app = kiosk()
    async with app.run_test(size=size) as pilot:
        for key in ("build", "vending"):
            screen = await open_from_menu(pilot, key)
            canvas = screen.query_one(PixelCanvas)
            side = screen.query_one("#practice-side")
            assert canvas.region.height >= size[1] - 6
            if key == "build":
                assert canvas.region.width >= size[0] // 2
            else:                                               # the tall machine: as wide as it needs
                x0, y0, x1, y1 = draw.machine_extent(screen.bench.machine)
                assert canvas.region.width >= 2 * canvas.region.height * (x1 - x0) / (y1 - y0)
            assert side.region.width >= 26 and side.region.right <= size[0]
            assert canvas.size_px == (canvas.content_region.width, 2 * canvas.content_region.height)
            for line in ("#practice-title", "#practice-state"):
                assert screen.query_one(line).region.height == 1
            holding = screen.query_one("#practice-holding")     # wraps: never cut, always on screen
            words = str(holding.render()).strip()
            assert 1 <= holding.region.height and holding.region.bottom <= size[1] - 1
            assert holding.region.height * holding.content_region.width >= len(words)
            await pilot.press("escape")


@sync
async def test_in_a_browser_practice_is_drawn_inside_the_kiosk(monkeypatch):
    monkeypatch.setattr(TokyoKiosk, "is_web", property(lambda self: True))
    monkeypatch.setattr(practice, "run_window", lambda *a, **k: pytest.fail("no window in a browser"))
    app = kiosk()
    async with app.run_test(size=SIZE) as pilot:
        await open_from_menu(pilot, "build")
        await pilot.press("escape")
        await open_from_menu(pilot, "vending")


@sync
async def test_with_a_display_of_its_own_the_kiosk_hands_over_to_the_window(monkeypatch):
    monkeypatch.setattr(practice, "window_problem", lambda: None)
    ran, suspended = [], []
    monkeypatch.setattr(practice, "run_window", lambda key, fullscreen=False: ran.append(
        (key, fullscreen, list(suspended))))
    app = kiosk(lock=True, config=KioskConfig(pin="4321", idle_seconds=0))

    @contextlib.contextmanager
    def fake_suspend():
        suspended.append("in")
        yield
        suspended.append("out")

    monkeypatch.setattr(app, "suspend", fake_suspend)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        games = app.screen.query_one("#menu-games", OptionList)
        ids = [o.id for o in games.options]
        for target in ("practice:build", "practice:vending"):
            games.highlighted = ids.index(target)
            await pilot.press("enter")
            await pilot.pause()
        assert ran == [("build", True, ["in"]), ("vending", True, ["in", "out", "in"])], "full screen when locked"
        assert suspended == ["in", "out", "in", "out"] and isinstance(app.screen, MenuScreen)

        def broken(key, fullscreen=False):
            raise practice.PracticeUnavailable("Practice: vending machine could not open its window (error).")
        monkeypatch.setattr(practice, "run_window", broken)
        await pilot.press("enter")                              # the window fails: drawn inside instead
        await wait_for(pilot, lambda: isinstance(app.screen, VendingPracticeScreen), "the kiosk's own screen")


@sync
async def test_practice_without_its_module_says_so_and_the_kiosk_runs_on(monkeypatch):
    monkeypatch.setitem(sys.modules, "kiosk.practice.build", None)   # import fails as if missing
    app = kiosk()
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        games = app.screen.query_one("#menu-games", OptionList)
        games.highlighted = [o.id for o in games.options].index("practice:build")
        await pilot.press("enter")
        await wait_for(pilot, lambda: "not installed" in menu_status(app), "the message")
        assert app.is_running and isinstance(app.screen, MenuScreen)


@sync
async def test_locked_practice_reaches_the_pin_and_idles_back_to_the_attract_screen():
    clock = FakeClock()
    app = kiosk(lock=True, config=KioskConfig(pin="4321", idle_seconds=60), clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_from_menu(pilot, "build")
        await pilot.press("enter", "s")
        await pilot.press("ctrl+o")
        await wait_for(pilot, lambda: isinstance(app.screen, PinScreen), "the PIN prompt")
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen, "back to practice")
        await pilot.press("q", "ctrl+q")
        assert app.is_running and app.screen is screen
        clock.now += 61
        app.idle_tick()
        await wait_for(pilot, lambda: isinstance(app.screen, AttractScreen), "the attract screen")
        assert screen._timer is None, "the animation stopped with its screen"


# ---- what the screens look like ---------------------------------------------------------------

def _build_scene_then(stop: bool):
    async def run_before(pilot) -> None:
        app = pilot.app
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        await show(pilot, BuildPracticeScreen(BuildPractice(load_scene("house-3-floors"))))
        if stop:
            await pilot.press("s")
            await wait_for(pilot, lambda: app.screen.bench.phase == "verdict", "the verdict", limit=400)
        else:
            await pilot.press("enter")
        await pilot.pause()
    return run_before


@pytest.mark.parametrize("size", [pytest.param((80, 24), id="80x24"), pytest.param((250, 70), id="250x70")])
@pytest.mark.parametrize("stop", [pytest.param(False, id="building"), pytest.param(True, id="verdict")])
def test_build_practice_snapshot(snap_compare, size, stop):
    assert snap_compare(kiosk(), terminal_size=size, run_before=_build_scene_then(stop))


def test_the_pixels_of_a_piece_match_its_polygon():
    """The Textual picture and the geometry agree: a placed cube fills its own square."""
    class Canvas:
        def __init__(self):
            from kiosk.widgets.raster import Raster
            self.raster = Raster(120, 80, palette.BACKGROUND)
            self.size_px = (120, 80)

        def clear_labels(self):
            pass

        def label(self, *a):
            pass

        def refresh(self):
            pass

        @staticmethod
        def cell_of(x, y):
            return int(x), int(y // 2)

    bench = BuildPractice(load_scene("house-3-floors"))
    canvas = Canvas()
    view = draw.build_view(canvas, bench)
    draw.draw_build(canvas, bench, view)
    for i, parts in enumerate(bench.pieces_now()):
        x0, y0, x1, y1 = geometry.bounds(parts)
        px, py = view.px((x0 + x1) / 2, y0 + (y1 - y0) / 3)
        assert canvas.raster.get(int(px), int(py)) == palette.piece_colour(i), i


def _poured(pilot_app_seed=14):
    async def run_before(pilot) -> None:
        app = pilot.app
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        screen = await show(pilot, VendingPracticeScreen(VendingPractice(pilot_app_seed, 7)))
        await pilot.press("p")
        await wait_for(pilot, lambda: screen.bench.pour.done, "the pour", limit=600)
        await pilot.pause()
    return run_before


@pytest.mark.parametrize("size", [pytest.param((80, 24), id="80x24"), pytest.param((250, 70), id="250x70")])
def test_vending_practice_snapshot(snap_compare, size):
    assert snap_compare(kiosk(), terminal_size=size, run_before=_poured())
