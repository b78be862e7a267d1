"""The building games in the kiosk, played as a person plays them: keys on the build
screen, the clock, Stop!, and the table after it (Tokyo Jutaku, Countdown, Bottle Bonus)."""

from core import games
from kiosk.app import TokyoKiosk
from kiosk.practice.turn import BuildTurnScreen
from kiosk.screens import Seat
from tests.kiosk_support import sync, wait_for

THIN = ("column-10x40", "column-10x60", "beam-60x8", "beam-80x10", "slab-50x10")


class Clock:
    """The kiosk's clock, moved by the test: a build takes exactly as long as we say."""

    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def turn_screen(app):
    return isinstance(app.screen, BuildTurnScreen)


async def pick(pilot, bench, piece: str) -> None:
    """Tab through the supply to `piece`, as a person would."""
    for _ in range(len(bench.supply()) + 1):
        if bench.held is not None and bench.held.piece == piece:
            return
        await pilot.press("tab")
    raise AssertionError(f"{piece} never came into the hand")


async def place(pilot, bench, piece: str, x: float, turn: bool) -> None:
    """Pick `piece`, turn it upright if asked, walk it to x with the arrow keys, drop it."""
    await pick(pilot, bench, piece)
    if turn:
        await pilot.press("R")
    while abs(bench.held.x - x) >= 10:
        await pilot.press("shift+right" if bench.held.x < x else "shift+left")
    while abs(bench.held.x - x) >= 0.5:
        await pilot.press("right" if bench.held.x < x else "left")
    await pilot.press("enter")
    await pilot.pause()


async def choose(pilot, play, key: str) -> None:
    """Arrow down the action list to `key` and press Enter."""
    from textual.widgets import OptionList
    options = play.query_one("#actions", OptionList)
    index = next(i for i in range(options.option_count) if options.get_option_at_index(i).id == key)
    for _ in range(options.option_count):
        if options.highlighted == index:
            break
        await pilot.press("down")
    await pilot.press("enter")
    await pilot.pause()


def thin_pieces(supply, n):
    """n pieces that stand 10 mm wide or less (upright beams and slabs, columns)."""
    out = []
    for pid in supply:
        kind = pid.rsplit("-", 1)[0]
        if kind in THIN:
            out.append((pid, not kind.startswith("column")))
        if len(out) == n:
            return out
    raise AssertionError("no thin pieces left")


@sync
async def test_a_whole_jutaku_round_with_one_person_and_a_computer_architect():
    clock = Clock()
    app = TokyoKiosk(bot_delay=0, seed=3, clock=clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.start_match(games.load("jutaku"), [Seat("Aiko"), Seat("Kengo", "master")], {})
        await pilot.pause()
        play = app.screen
        match = play.match
        # 004:27 — Aiko starts on an outer card: Ikebukuro 3 (1 floor, III, outline 22-66 mm).
        start = next(a for a in match.legal(0) if a.text.startswith("Start on Ikebukuro 3"))
        await choose(pilot, play, start.key)
        await wait_for(pilot, lambda: turn_screen(app), "Aiko's build screen")
        kengo = match.state["stop"][1]
        assert kengo is not None and match.state["tries"][1] == [kengo]   # the computer built first, for real
        bench = app.screen.bench
        assert bench.lot.outlines == ((22.0, 66.0),)
        # three upright thin pieces side by side, touching, inside the outline
        x = 30.0
        for piece, turn in thin_pieces(bench.supply(), 3):
            clock.now += 3.0
            await place(pilot, bench, piece, x, turn)
            x = bench.building.extent(len(bench.building.placements) - 1)[2]   # right beside it
        assert len(match.state["built"][0]) == 3
        clock.now = 12.0
        await pilot.press("s")
        await wait_for(pilot, lambda: app.screen.bench.phase == "verdict", "the verdict")
        assert match.state["stop"][0] == 12.0 and match.state["verdicts"][0]["passes"]
        await pilot.press("enter")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "PlayScreen", "back at the table")
        # 004:56 — the faster success wins the round; 004:58 — the winner moves first.
        assert match.state["won"][0] == [["ikebukuro-3", "front"]] and match.state["won"][1] == []
        assert match.state["phase"] == "move" and match.to_act() == (0,)
        await pilot.press("enter")
        await wait_for(pilot, lambda: match.state["round"] == 2, "round 2")
        assert match.state["phase"] == "build"
