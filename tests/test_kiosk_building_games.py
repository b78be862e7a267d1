"""The building games in the kiosk, played as a person plays them: keys on the build
screen, the clock, Stop!, and the table after it (Tokyo Jutaku, Countdown, Bottle Bonus).

Everyone builds at once (004:29, 004:39): a person's turn is a rehearsal of the round
(core.hotseat), its match the round as the person's clock has it (`bench.match`); the
table's match gets the round when everyone is done."""

from core import games
from kiosk.app import TokyoKiosk
from kiosk.practice.turn import BuildTurnScreen
from kiosk.screens import Seat
from kiosk.screens.play import PlayScreen
from tests.kiosk_support import reach_build, screen_lines, sync, wait_for

THIN = ("column-10x40", "column-10x60", "beam-60x8", "beam-80x10", "slab-50x10")


class Clock:
    """The kiosk's clock, moved by the test: a build takes exactly as long as we say."""

    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def turn_screen(app):
    """The build screen is on top and composed: pushed alone is not enough to click on it."""
    screen = app.screen
    return isinstance(screen, BuildTurnScreen) and screen.is_mounted and bool(screen.query("#practice-supply"))


async def pick(pilot, bench, piece: str) -> None:
    """Tab the highlight through the supply to `piece`'s shape and pick it up with Enter, as a
    person would."""
    for _ in range(len(bench.shelf()) + 1):
        shelf = bench.shelf()
        if shelf and shelf[min(bench.cursor, len(shelf) - 1)][0] == piece:
            await pilot.press("enter")
            assert bench.held is not None and bench.held.piece == piece
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
        bench = (await reach_build(pilot, app, "Aiko's build screen")).bench
        live = bench.match                           # the round as Aiko's clock has it
        assert live is not match and live.state["built"][1] == [] and live.state["tries"][1] == []
        assert bench.lot.outlines == ((22.0, 66.0),)
        # three upright thin pieces side by side, touching, inside the outline
        x = 30.0
        for piece, turn in thin_pieces(bench.supply(), 3):
            clock.now += 3.0
            await place(pilot, bench, piece, x, turn)
            x = bench.building.extent(len(bench.building.placements) - 1)[2]   # right beside it
        assert len(live.state["built"][0]) == 3 and match.state["built"][0] == []
        assert live.state["built"][1], "Kengo builds at the same time, piece by piece"
        clock.now = 12.0
        await pilot.press("s")
        await wait_for(pilot, lambda: app.screen.bench.phase == "verdict", "the verdict")
        assert live.state["stop"][0] == 12.0 and live.state["verdicts"][0]["passes"]
        assert live.state["stop"][1] is None                # Kengo had not finished by 12 s
        assert app.screen.ended == "own" and "Your Stop! at 12.0 s passes" in app.screen.ended_words
        await pilot.press("enter")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ResultScreen", "the round's result")
        assert "Aiko was fastest: Stop! at 12.0 s, and it stands — wins Ikebukuro 3" in screen_lines(app)
        assert "Kengo was still building when Aiko's Stop! passed" in screen_lines(app)
        await pilot.press("enter")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "PlayScreen", "back at the table")
        # 004:56 — the faster success wins the round; 004:58 — the winner moves first.
        assert match.state["won"][0] == [["ikebukuro-3", "front"]] and match.state["won"][1] == []
        assert [mv for mv in match.log.moves if mv[1] == "stop"] == [(0, "stop", {"seconds": 12.0})]
        assert match.state["phase"] == "move" and match.to_act() == (0,)
        await pilot.press("enter")
        await wait_for(pilot, lambda: match.state["round"] == 2, "round 2")
        assert match.state["phase"] == "build"


async def start(pilot, name: str, seats, seed: int = 3):
    clock = Clock()
    pilot.app.clock = clock
    await pilot.pause()
    pilot.app.start_match(games.load(name), seats, {})
    await wait_for(pilot, lambda: any(isinstance(s, PlayScreen) for s in pilot.app.screen_stack), "the table")
    return next(s for s in pilot.app.screen_stack if isinstance(s, PlayScreen)), clock


@sync
async def test_a_countdown_floor_against_the_clock():
    app = TokyoKiosk(bot_delay=0, seed=5)
    async with app.run_test(size=(100, 30)) as pilot:
        play, clock = await start(pilot, "countdown", [Seat("Aiko"), Seat("Bo", "apprentice")])
        match = play.match
        screen = await reach_build(pilot, app, "Aiko's floor")
        bench = screen.bench
        assert bench.countdown and bench.lot.outlines == ((0.0, 88.0),)    # 004:68 — the card's own edge
        assert "60.0 s left" in bench.clock_line()                          # 004:70
        live = bench.match
        piece = next(p for p in bench.supply() if p.startswith("block-40x20"))
        clock.now += 20.0
        await place(pilot, bench, piece, 24.0, False)
        assert [p["piece"] for p in live.state["built"][0]] == [piece]
        late = next(p for p in bench.supply() if p.startswith("cube-20"))
        await pick(pilot, bench, late)
        clock.now += 45.0                                                   # 65 s: time is up
        await wait_for(pilot, lambda: screen.ended is not None, "the time's end")
        assert screen.ended == "decided" and "0.0 s left" in bench.clock_line()
        assert "Time! Floor 1's 60 seconds are up: floor 1 counts with 1 piece if the tower stands. " \
               "The cube in your hand was not placed." in screen.ended_words
        assert len(live.state["built"][0]) == 1
        await pilot.press("enter")                                          # Continue
        await wait_for(pilot, lambda: match.state["round"] == 2, "floor 2")
        assert match.state["stood"][0] == 1
        second = await reach_build(pilot, app, "Aiko's second floor")
        assert second is not screen and "45.0 s left" in second.bench.clock_line()   # 004:71
        await pilot.press("escape")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "GiveUp", "end the floor?")
        assert "You added no piece to floor 2: you are out with 1 floor, scoring 1 piece." \
            in app.screen.question
        await pilot.press("y")
        # 004:75 — no piece this round: Aiko is out and scores the one piece she built
        await wait_for(pilot, lambda: second.ended == "own", "the floor ended")
        assert "adds no piece to floor 2: out with 1 floor, scoring 1 piece" in second.ended_words
        assert second.bench.verdict is None, "no verdict is drawn for a floor that did not count"
        await pilot.press("enter")
        await wait_for(pilot, lambda: match.state["status"][0] == "out", "Aiko out", limit=900)
        assert match.state["score"][0] == 1


async def a_drink_for_aiko(pilot, colour: str):
    """Bottle Bonus by keys: Aiko gives round 1 up, Bo (who built) pours, Aiko takes the
    drink that came out, both move, and Aiko's second build begins."""
    app = pilot.app
    play, clock = await start(pilot, "bottle_bonus", [Seat("Aiko"), Seat("Bo", "master")])
    match = play.match
    await wait_for(pilot, lambda: play.human == 0, "Aiko's start")
    await pilot.press("enter")
    screen = await reach_build(pilot, app, "Aiko's build")
    await pilot.press("escape")                       # Aiko gives the round up; Bo builds on
    await wait_for(pilot, lambda: type(app.screen).__name__ == "GiveUp", "give up?")
    await pilot.press("y")
    await wait_for(pilot, lambda: screen.ended == "own", "her turn over")
    await pilot.press("enter")
    await wait_for(pilot, lambda: type(app.screen).__name__ == "ResultScreen", "the round's result")
    await pilot.press("enter")
    # 004:79 — Bo won: Bo pours one drink (one other player); Aiko may take what came out
    await wait_for(pilot, lambda: match.state["phase"] == "take" and play.human == 0, "Aiko's pick")
    assert len(match.state["last_pour"]["poured"]) == 1 and match.state["tray"]
    await pilot.press("enter")
    await wait_for(pilot, lambda: match.state["held"][0], "Aiko's drink")
    assert [match.rules.colour_ids[d // 6] for d in match.state["held"][0]] == [colour]
    await wait_for(pilot, lambda: match.state["phase"] == "move" and play.human == 0, "Aiko's move")
    await pilot.press("enter")
    await reach_build(pilot, app, "Aiko's second build")
    return play, clock, match


@sync
async def test_bottle_bonus_pour_take_and_spend_a_drink_by_keys():
    app = TokyoKiosk(bot_delay=0, seed=2)          # seed 2: the pour gives Aiko a black drink
    async with app.run_test(size=(120, 40)) as pilot:
        play, clock, match = await a_drink_for_aiko(pilot, "black")
        bench = app.screen.bench
        match = bench.match                           # the round as Aiko's clock has it
        card = match.rules.deck.card(match.state["hand"][0])
        assert bench.lot.floors == card.front.floors and "back" not in str(match.view(0)["seats"][0]["lot"])
        # 004:83 — black: the lot card turned over before building; the back's demands now count
        await pilot.press("d")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "DrinkMenu", "the drinks")
        await pilot.press("enter")
        await wait_for(pilot, lambda: match.state["side"][0] == "back", "the card turned")
        assert (bench.lot.floors, bench.lot.numeral) == (card.back.floors, card.back.numeral)
        assert match.why_not_undo(0) == "it showed something that was hidden: that move stands"


@sync
async def test_the_white_drinks_free_piece_takes_no_time_on_the_clock():
    app = TokyoKiosk(bot_delay=0, seed=6)          # seed 6: the pour gives Aiko a white drink
    async with app.run_test(size=(120, 40)) as pilot:
        play, clock, match = await a_drink_for_aiko(pilot, "white")
        screen = app.screen
        match = screen.bench.match                    # the round as Aiko's clock has it
        clock.now += 4.0
        await pilot.press("d")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "DrinkMenu", "the drinks")
        await pilot.press("enter")
        await wait_for(pilot, lambda: "white" in match.state["spent"][0], "white spent")
        clock.now += 30.0                              # 004:85 — the free piece, before the round
        await pilot.press("enter", "enter")            # the highlighted piece, picked up and set down
        await pilot.pause()
        assert len(match.state["built"][0]) == 1
        clock.now += 5.0
        assert abs(screen.bench.clock() - 9.0) < 1e-9  # 4 s before, 5 s after; the 30 s did not count


@sync
async def test_a_piece_taken_from_the_supply_and_dropped_by_mouse_is_a_move_of_the_match():
    from kiosk.widgets.pixels import PixelCanvas
    from tests.test_kiosk_practice import cell_over
    app = TokyoKiosk(bot_delay=0, seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        play, clock = await start(pilot, "jutaku", [Seat("Aiko"), Seat("Kengo", "master")])
        match = play.match
        await wait_for(pilot, lambda: play.human == 0, "Aiko's start")
        await pilot.click("#actions", offset=(4, 2))                 # the first start, touched
        screen = await reach_build(pilot, app, "Aiko's build")
        match = screen.bench.match                    # the round as Aiko's clock has it
        piece = screen.bench.shelf()[2][0]
        await pilot.click("#practice-supply", offset=(3, 2))         # the third shape in the middle
        await wait_for(pilot, lambda: screen.bench.held is not None, "a piece in hand")
        assert screen.bench.held.piece == piece
        canvas = screen.query_one(PixelCanvas)
        col, row = cell_over(screen, 44, 60)
        await pilot.click(canvas, offset=(col, row))                 # dropped where the mouse is
        await wait_for(pilot, lambda: match.state["built"][0], "the placement")
        placed = match.state["built"][0][0]
        assert placed["piece"] == piece and placed["floor"] == 1 and placed["y"] == 0.0
        assert match.log.moves[-1][:2] == (0, "place")
        await pilot.click(canvas, offset=(col, row), button=3)       # nothing held: a right click does nothing
        assert len(match.state["built"][0]) == 1


@sync
async def test_two_people_build_one_after_another_against_the_middle_at_each_second():
    # 004:39 — everyone builds at once. Aiko builds first at the screen, then Bo; Bo's middle
    # is the middle as it stood at each second of his clock: Aiko's cube is gone from 5.0 s.
    app = TokyoKiosk(bot_delay=0, seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        play, clock = await start(pilot, "jutaku", [Seat("Aiko"), Seat("Bo"), Seat("Kengo", "master")])
        match = play.match
        while match.state["phase"] == "start":
            await wait_for(pilot, lambda: play.human is not None or match.state["phase"] != "start", "a start")
            if match.state["phase"] == "start":
                await pilot.press("enter")
                await pilot.pause()
        first = await reach_build(pilot, app, "Aiko's build screen")
        assert first.bench.seat == 0
        cube = next(p for p in first.bench.supply() if p.startswith("cube-20"))
        clock.now = 5.0
        await place(pilot, first.bench, cube, first.bench.lot.outlines[0][0] + 2, False)
        assert [p["piece"] for p in first.bench.match.state["built"][0]] == [cube]
        clock.now = 10.0
        await pilot.press("escape")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "GiveUp", "give up?")
        await pilot.press("y")
        await wait_for(pilot, lambda: first.ended == "own", "Aiko's turn over")
        await pilot.press("enter")
        second = await reach_build(pilot, app, "Bo's build screen")
        assert second is not first
        assert second.bench.seat == 1 and cube in second.bench.supply()     # at 0.0 s it lies there
        t0 = clock.now                                                      # Bo's clock starts at 0.0 s
        clock.now = t0 + 6.0
        second._show_clock()                                                # the clock passes 5.0 s
        assert cube not in second.bench.supply()
        assert [p["piece"] for p in second.bench.match.state["built"][0]] == [cube]
        assert match.state["built"][0] == []                                # the table waits for everyone
        clock.now = t0 + 7.0
        await pilot.press("escape")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "GiveUp", "give up?")
        await pilot.press("y")
        await wait_for(pilot, lambda: second.ended == "own", "Bo's turn over")
        await pilot.press("enter")
        await wait_for(pilot, lambda: match.state["phase"] != "build", "the round played out", limit=900)
        moves = [mv for mv in match.log.moves if mv[0] in (0, 1)]
        assert (0, "place") in [mv[:2] for mv in moves]
        placed = next(mv for mv in moves if mv[1] == "place")
        assert placed[2]["piece"] == cube and placed[2]["seconds"] == 5.0
        assert (1, "give_up", {"seconds": 7.0}) in moves and (0, "give_up", {"seconds": 10.0}) in moves
