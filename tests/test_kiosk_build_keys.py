"""The build screen never ignores a key: tried as a new user would, by keys, in a Tokyo
Jutaku match, in Countdown and in build practice.

A refused drop says which rule refuses it (and the piece stays in hand); the held piece's
floor follows what lies under it unless the player chooses one (1-9; 0: auto again), in
Countdown it is the round's; practice accepts and refuses the same drops in the same
words; "Give up this round? Yes (Y)" leaves the build screen in one step, from the
verdict view too.
"""

from __future__ import annotations

import pytest
from textual.widgets import Static

from kiosk import practice
from kiosk.app import TokyoKiosk
from kiosk.config import KioskConfig
from kiosk.practice.build import BuildPracticeScreen
from kiosk.practice.turn import BuildTurnScreen, GiveUp
from kiosk.screens import Seat
from kiosk.screens.menu import MenuScreen
from kiosk.screens.play import PlayScreen
from kiosk.widgets.pixels import PixelCanvas
from tests.kiosk_support import reach_build, screen_lines, sync, wait_for
from tests.test_kiosk_building_games import start

SIZE = (120, 40)
#: the refusal of a cube dropped onto another cube with floor 1 chosen: the same words in a
#: match and in practice
ON_A_PIECE_ON_FLOOR_1 = (
    "Not placed: the piece in hand floats 20.0 mm above the lot (every piece rests on the lot "
    "or on the floor below, 004:39, 004:54). You chose floor 1, but here it lies on floor 2: "
    "press 0 and its floor follows what lies under it")


@pytest.fixture(autouse=True)
def no_window(monkeypatch):
    """Practice is drawn inside the kiosk (no display of its own here)."""
    monkeypatch.setattr(practice, "window_problem", lambda: "there is no graphical display here")


def text(screen, selector: str) -> str:
    return screen.query_one(selector, Static).visual.plain


def refusal(screen) -> str:
    """The refusal line as shown: '' when it is not on screen."""
    line = screen.query_one("#practice-refusal", Static)
    return text(screen, "#practice-refusal") if line.display else ""


async def build_screen(pilot, game: str) -> BuildTurnScreen:
    """A match of `game` with Aiko and a quick computer architect, up to Aiko's build screen
    (Jutaku: Aiko starts on the first outer card, by Enter)."""
    app = pilot.app
    play, _ = await start(pilot, game, [Seat("Aiko"), Seat("Kengo", "apprentice")])
    if game == "jutaku":
        await wait_for(pilot, lambda: play.human == 0, "Aiko's start")
        await pilot.press("enter")
    return await reach_build(pilot, app, "Aiko's build screen")


async def tab_to_cube(pilot, bench) -> None:
    """Tab the highlight through the supply to a 20 mm cube and pick it up (Enter), as a
    person would."""
    for _ in range(len(bench.shelf()) + 1):
        shelf = bench.shelf()
        if shelf[bench.cursor][0].startswith("cube-20"):
            await pilot.press("enter")
            assert bench.held.piece.startswith("cube-20")
            return
        await pilot.press("tab")
    raise AssertionError("no cube in the supply")


async def walk_to(pilot, bench, x: float) -> None:
    """The arrow keys carry the piece in hand to x."""
    while abs(bench.held.x - x) >= 10:
        await pilot.press("shift+right" if bench.held.x < x else "shift+left")
    while abs(bench.held.x - x) >= 0.5:
        await pilot.press("right" if bench.held.x < x else "left")


async def cube_over_a_cube(pilot, screen) -> float:
    """One cube dropped on the card, a second one held right over it; returns its x."""
    bench = screen.bench
    await tab_to_cube(pilot, bench)
    await pilot.press("enter")
    await pilot.pause()
    assert len(bench.building.placements) == 1 and bench.held is None
    x = bench.building.placements[0].x
    await tab_to_cube(pilot, bench)
    await walk_to(pilot, bench, x)
    await pilot.pause()
    return x


@sync
async def test_a_refused_drop_in_a_jutaku_match_says_which_rule_refuses_it():
    app = TokyoKiosk(bot_delay=0, seed=3)
    async with app.run_test(size=SIZE) as pilot:
        screen = await build_screen(pilot, "jutaku")
        bench, match = screen.bench, screen.bench.match
        await cube_over_a_cube(pilot, screen)
        await pilot.press("1")                                  # floor 1 chosen, over the first cube
        await pilot.pause()
        assert "floor 1 (chosen, but it lies on floor 2 here; 0: auto)" in text(screen, "#practice-holding")
        await pilot.press("enter")
        await pilot.pause()
        assert len(match.state["built"][0]) == 1 and bench.held is not None     # refused: still in hand
        assert refusal(screen) == ON_A_PIECE_ON_FLOOR_1
        assert "Clock" in text(screen, "#practice-holding")    # the clock line stays beside it
        await pilot.press("0")                                  # the floor follows again: accepted
        await pilot.press("enter")
        await pilot.pause()
        assert [p["floor"] for p in match.state["built"][0]] == [1, 2] and refusal(screen) == ""


@sync
async def test_the_held_pieces_floor_follows_the_piece_below_it():
    app = TokyoKiosk(bot_delay=0, seed=3)
    async with app.run_test(size=SIZE) as pilot:
        screen = await build_screen(pilot, "jutaku")
        bench, match = screen.bench, screen.bench.match
        x = await cube_over_a_cube(pilot, screen)
        assert "floor 2 (auto; 1-9 to choose)" in text(screen, "#practice-holding")
        await pilot.press("shift+right", "shift+right", "shift+right")   # beside it: the card
        await pilot.pause()
        assert "floor 1 (auto; 1-9 to choose)" in text(screen, "#practice-holding")
        await walk_to(pilot, bench, x)                                    # over it again
        await pilot.pause()
        assert "floor 2 (auto; 1-9 to choose)" in text(screen, "#practice-holding")
        await pilot.press("enter")
        await pilot.pause()
        second = match.state["built"][0][1]
        assert (second["floor"], second["y"], second["x"]) == (2, 20.0, x)
        assert "places" in text(screen, "#practice-holding") and refusal(screen) == ""


@sync
async def test_countdowns_second_piece_on_the_first_is_refused_and_told_where_to_go():
    app = TokyoKiosk(bot_delay=0, seed=5)
    async with app.run_test(size=SIZE) as pilot:
        screen = await build_screen(pilot, "countdown")
        bench, match = screen.bench, screen.bench.match
        await cube_over_a_cube(pilot, screen)
        # the round's floor, fixed; the panel says where the piece would lie
        assert "floor 1, this round's (but it lies on floor 2 here)" in text(screen, "#practice-holding")
        await pilot.press("2")                                  # no other floor in Countdown
        await pilot.pause()
        assert refusal(screen).startswith("Not allowed: this round builds floor 1, not floor 2 (Countdown")
        await pilot.press("enter")
        await pilot.pause()
        assert len(match.state["built"][0]) == 1 and bench.held is not None
        assert refusal(screen) == (
            "Not placed: the piece in hand floats 20.0 mm above the lot (every piece rests on the lot or on "
            "the floor below, 004:39, 004:54). Countdown builds floor 1 this round, and here it would lie "
            "on floor 2: put the piece where it rests on the card")
        await pilot.press("shift+right", "shift+right")         # beside the first cube, touching
        await pilot.pause()
        assert "floor 1, this round's," in text(screen, "#practice-holding")
        await pilot.press("enter")
        await pilot.pause()
        assert len(match.state["built"][0]) == 2 and refusal(screen) == ""


@sync
async def test_practice_accepts_and_refuses_the_same_drops_in_the_same_words():
    app = TokyoKiosk(bot_delay=0, config=KioskConfig(idle_seconds=0))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        screen = BuildPracticeScreen()
        await app.push_screen(screen)
        await wait_for(pilot, lambda: screen.is_mounted and screen.query_one(PixelCanvas).size_px[1] > 0,
                       "the picture laid out")
        bench = screen.bench
        await cube_over_a_cube(pilot, screen)
        await pilot.press("1", "enter")
        await pilot.pause()
        assert len(bench.building.placements) == 1 and bench.held is not None
        assert refusal(screen) == ON_A_PIECE_ON_FLOOR_1
        await pilot.press("0", "enter")                         # as the match: floor 2, accepted
        await pilot.pause()
        assert [p.floor for p in bench.building.placements] == [1, 2] and refusal(screen) == ""
        await tab_to_cube(pilot, bench)                         # snap off: let go in the air
        await pilot.press("g", "shift+up", "enter")
        await pilot.pause()
        assert len(bench.building.placements) == 2
        assert refusal(screen).startswith("Not placed: the piece in hand ")
        assert refusal(screen).endswith("Snap is off (G): the piece is let go where it is held")


@sync
async def test_give_up_from_the_verdict_view_ends_the_turn_and_says_so():
    app = TokyoKiosk(bot_delay=0, seed=3)
    async with app.run_test(size=SIZE) as pilot:
        screen = await build_screen(pilot, "jutaku")
        bench, match = screen.bench, screen.bench.match
        await tab_to_cube(pilot, bench)
        await pilot.press("enter", "s")                         # one piece: Stop! fails
        await wait_for(pilot, lambda: bench.phase == "verdict", "the verdict")
        assert match.state["verdicts"][0]["passes"] is False and not bench.done
        assert screen.ended is None and "Does not pass" in screen_lines(app)   # she builds on
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, GiveUp), "give up this round?")
        await pilot.press("y")
        await wait_for(pilot, lambda: "You gave up this round: your pieces are back in the middle." in screen_lines(app),
                       "her turn over, said")
        assert screen.ended == "own"
        assert {b.binding.action for b in screen.active_bindings.values() if b.binding.show} == {"go_on", "help"}
        await pilot.press("enter")
        await wait_for(pilot, lambda: not any(isinstance(s, BuildTurnScreen) for s in app.screen_stack),
                       "the build screen closed")
        assert match.state["status"][0] == "out" or match.state["phase"] != "build"
        assert screen._clock_timer is None and screen._timer is None           # no clock left running
