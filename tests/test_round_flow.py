"""A building round at the kiosk's screen, from "go" to its result, played as people play it:
by keys, with the kiosk's clock in the test's hand (the seconds a person takes).

004_2b6c36ff9b44b906.txt:29 — "Jemand sagt „los“ und alle Spieler beginnen zu bauen!"
004_2b6c36ff9b44b906.txt:56 — "Glaubt ein Spieler, ein Gebäude erfolgreich fertiggestellt zu
haben, ruft er „Stopp!“. Alle unterbrechen ihren Bau …"
004_2b6c36ff9b44b906.txt:75 — "Gelingt es einem Spieler in einer der Runden auf Zeit nicht, ein
einziges Bauteil hinzuzufügen, ist sein Spiel beendet."

Every turn ends where its builder sees why, with the clock stopped; every round's result stays
until a person goes on; a key meant for the screen before never becomes a move on the next.
"""

from __future__ import annotations

import asyncio
import re

import pytest

from core import games
from kiosk.app import TokyoKiosk
from kiosk.config import KioskConfig
from kiosk.practice.buildings import BuildingPicture
from kiosk.practice.help import BuildHelpScreen
from kiosk.practice.lot_build import LotBuildScreen, LotChoice
from kiosk.practice.turn import BuildTurnScreen, GiveUp
from kiosk.screens import Seat
from kiosk.screens.leave import LeaveScreen
from kiosk.screens.play import PlayScreen
from kiosk.screens.ready import ReadyScreen
from kiosk.screens.result import ResultScreen
from kiosk.words import named
from tests.kiosk_support import choose_action, reach_build, screen_lines, sync, wait_for
from tests.phone_client import join
from tests.test_kiosk_building_games import Clock, pick, place, thin_pieces

#: Ikebukuro 3 (1 floor, III: three pieces, outline 22-66 mm): three thin upright pieces side
#: by side make a house that keeps the rules and stands
LOT = "Start on Ikebukuro 3"


def kiosk(**kw) -> TokyoKiosk:
    kw.setdefault("config", KioskConfig(idle_seconds=0))
    return TokyoKiosk(bot_delay=0, seed=3, **kw)


async def table_of(pilot, name: str, seats) -> tuple[PlayScreen, Clock]:
    clock = Clock()
    pilot.app.clock = clock
    await pilot.pause()
    pilot.app.start_match(games.load(name), seats, {})
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, PlayScreen), "the table")
    return pilot.app.screen, clock


async def start_on(pilot, play, seat: int, text: str | None) -> None:
    """`seat` chooses its start card: the one named `text`, else the first offered."""
    await wait_for(pilot, lambda: play.human == seat, f"seat {seat + 1}'s start")
    if text is None:
        await pilot.press("enter")
        return
    key = next(a.key for a in play.match.legal(seat) if a.text.startswith(text))
    await choose_action(pilot, play, key)


async def a_house(pilot, screen, clock, stop_at: float) -> None:
    """Three thin pieces upright, side by side on Ikebukuro 3, then Stop! at `stop_at` s."""
    bench = screen.bench
    x = 30.0
    for piece, turn in thin_pieces(bench.supply(), 3):
        clock.now += 3.0
        await place(pilot, bench, piece, x, turn)
        x = bench.building.extent(len(bench.building.placements) - 1)[2]
    clock.now = screen.started + stop_at
    await pilot.press("s")


def text_of(app) -> str:
    """The screen's words, each wrapped line joined to the next: what a person reads."""
    return re.sub(r"\s+", " ", screen_lines(app))


# ---- the end of your own turn ------------------------------------------------------------------

@sync
async def test_round_flow_your_stop_that_passes_stops_your_clock_and_says_what_comes_next():
    app = kiosk()
    async with app.run_test(size=(120, 40)) as pilot:
        play, clock = await table_of(pilot, "jutaku", [Seat("Aiko"), Seat("Kengo", "master")])
        await start_on(pilot, play, 0, LOT)
        screen = await reach_build(pilot, app, "Aiko's build")
        await a_house(pilot, screen, clock, 12.0)
        await wait_for(pilot, lambda: "Your Stop! at 12.0 s passes" in text_of(app), "her Stop! said")
        assert screen.ended == "own" and "Next, the round's result. Enter" in text_of(app)
        built = list(screen.bench.building.placements)
        moves = len(screen.bench.match.log.moves)
        clock.now += 30.0                                           # the clock has stopped at 12.0 s
        await pilot.pause(0.3)
        assert "Clock 12.0 s — the clock has stopped" in text_of(app)
        keys = {b.binding.action for b in screen.active_bindings.values() if b.binding.show}
        assert keys == {"go_on", "help"}, keys                     # nothing that no longer applies
        await pilot.press("tab", "backspace", "r", "s", "escape")
        assert screen.bench.building.placements == built and len(screen.bench.match.log.moves) == moves
        assert app.screen is screen and not any(isinstance(s, GiveUp) for s in app.screen_stack)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen), "the round's result")


@sync
async def test_round_flow_the_slower_builder_is_never_said_to_have_given_up():
    app = kiosk()
    async with app.run_test(size=(160, 50)) as pilot:
        play, clock = await table_of(pilot, "jutaku", [Seat("Aiko"), Seat("Kengo", "master")])
        await start_on(pilot, play, 0, LOT)
        screen = await reach_build(pilot, app, "Aiko's build")
        await a_house(pilot, screen, clock, 12.0)
        await wait_for(pilot, lambda: screen.ended == "own", "her turn over")
        await pilot.press("enter")
        await wait_for(pilot, lambda: "Kengo was still building when Aiko's Stop! passed" in text_of(app),
                       "the round's result")
        assert "Aiko was fastest: Stop! at 12.0 s, and it stands — wins Ikebukuro 3" in text_of(app)
        assert "gave up" not in text_of(app)
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen is play, "the table")
        log = text_of(app)
        assert "Kengo was still building when Aiko's Stop! at 12.0 s passed" in log
        assert "gives up" not in log and "Kengo: gave up" not in log
        pictures = {p.picture.caption: p.picture for p in play.query(BuildingPicture) if p.picture is not None}
        assert "Kengo: still building when Aiko's Stop! passed" in pictures
        aiko = next(p for caption, p in pictures.items() if caption.startswith("Aiko"))
        assert len(aiko.building.placements) == 3, "the table keeps her house as it stood, not an empty lot"


# ---- two people at one screen ---------------------------------------------------------------

@sync
async def test_round_flow_two_people_hand_over_and_the_second_is_told_what_stands():
    app = kiosk()
    async with app.run_test(size=(120, 40)) as pilot:
        play, clock = await table_of(pilot, "jutaku", [Seat("Aiko"), Seat("Bo")])
        first = play.match.to_act()[0]
        await start_on(pilot, play, first, LOT if first == 0 else None)
        await start_on(pilot, play, 1 - first, LOT if first == 1 else None)
        await wait_for(pilot, lambda: isinstance(app.screen, ReadyScreen), "the hand-over to Aiko")
        assert "Aiko, you build now" in text_of(app) and "Your clock starts when you press Space" in text_of(app)
        clock.now += 9.0                                          # Aiko reads: her clock does not run
        await pilot.press("space")
        screen = await reach_build(pilot, app, "Aiko's build")
        assert screen.bench.clock() == 0.0
        await a_house(pilot, screen, clock, 11.3)
        await wait_for(pilot, lambda: screen.ended == "own", "her Stop! passed")
        assert "Next, Bo builds at this screen." in text_of(app)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ReadyScreen), "the hand-over to Bo")
        said = text_of(app)
        assert "Bo, you build now" in said
        assert "Aiko's Stop! at 11.3 s stands: to win, call Stop! before 11.3 s" in said
        clock.now += 20.0
        await pilot.press("space")
        second = await reach_build(pilot, app, "Bo's build")
        assert second is not screen and second.bench.clock() == 0.0   # his clock starts now
        clock.now += 11.0
        await pilot.pause(0.3)
        assert second.ended is None                               # 11.0 s: the round is still open
        clock.now += 0.5
        await wait_for(pilot, lambda: "Aiko's Stop! at 11.3 s has passed: the round is theirs" in text_of(app),
                       "why Bo's round ended")
        assert second.ended == "decided" and "Next, the round's result." in text_of(app)
        await pilot.press("enter")
        await wait_for(pilot, lambda: "Bo was still building when Aiko's Stop! passed" in text_of(app), "the result")
        assert "Aiko was fastest: Stop! at 11.3 s" in text_of(app) and "gave up" not in text_of(app)


# ---- no key for the last screen becomes a move ------------------------------------------------

@pytest.mark.key_guard
def test_round_flow_a_key_in_the_moment_after_a_round_ends_plays_no_move(monkeypatch):
    """With the kiosk's pause after a screen comes up set to a quick person's 0.25 s (the
    operator's `key_pause` may say so too): a key within it counts for nothing. The guard's
    clock is the test's: "a moment" is 0.2 s on it, however slow the machine."""
    from kiosk import guard
    now = [1000.0]
    monkeypatch.setattr(guard, "SECONDS", 0.25)
    monkeypatch.setattr(guard, "clock", lambda: now[0])
    asyncio.run(_a_key_in_the_moment_after_a_round_ends(guard, now))


async def _a_key_in_the_moment_after_a_round_ends(guard, now):
    def seen():                          # a person has seen the change: their keys count again
        now[0] += guard.SECONDS + 0.1

    def a_moment():                      # the 0.2 s after a change, when a key meant for the last screen arrives
        now[0] += 0.2

    app = kiosk()
    async with app.run_test(size=(120, 40)) as pilot:
        play, clock = await table_of(pilot, "jutaku", [Seat("Aiko"), Seat("Kengo", "master")])
        seen()
        await start_on(pilot, play, 0, None)
        await wait_for(pilot, lambda: isinstance(app.screen, ReadyScreen), "the hand-over")
        seen()
        await pilot.press("space")
        screen = await reach_build(pilot, app, "Aiko's build")
        seen()
        await pilot.press("enter")                                # a piece in hand; she builds on
        assert screen.bench.held is not None
        clock.now += 200.0                                        # Kengo's Stop! passes meanwhile
        await wait_for(pilot, lambda: screen.ended == "decided", "the round decided for her")
        a_moment()
        await pilot.press("enter")                                # meant for the piece: counts for nothing
        await pilot.pause()
        assert app.screen is screen
        seen()
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen), "the round's result")
        result = app.screen
        a_moment()
        await pilot.press("enter")                                # too soon after it appeared
        await pilot.pause()
        assert app.screen is result
        seen()
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen is play and play.human == 0, "the table, Aiko to move")
        moves = len(play.match.log.moves)                         # Kengo, the winner, moved first (004:58)
        a_moment()
        await pilot.press("enter")                                # within the pause: no move played
        await pilot.pause()
        assert len(play.match.log.moves) == moves and play.human == 0
        seen()
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(play.match.log.moves) == moves + 1, "her move, once she means it")
        assert play.match.log.moves[-1][0] == 0


@sync
async def test_round_flow_a_stray_escape_on_the_result_opens_nothing():
    app = kiosk()
    async with app.run_test(size=(100, 30)) as pilot:
        play, clock = await table_of(pilot, "jutaku", [Seat("Aiko"), Seat("Kengo", "master")])
        await start_on(pilot, play, 0, None)
        screen = await reach_build(pilot, app, "Aiko's build")
        clock.now += 200.0
        await wait_for(pilot, lambda: screen.ended == "decided", "the round decided")
        await pilot.press("escape")                               # no "give up?" once the turn is over
        assert not any(isinstance(s, GiveUp) for s in app.screen_stack)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen), "the result")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen) and not any(isinstance(s, LeaveScreen) for s in app.screen_stack)


# ---- the result, read in full ---------------------------------------------------------------

@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
@sync
async def test_round_flow_the_result_reads_in_full(size):
    app = kiosk()
    async with app.run_test(size=size) as pilot:
        seats = [Seat("Aiko"), Seat("Kengo", "master"), Seat("Mai", "master"), Seat("Ren", "master")]
        play, clock = await table_of(pilot, "jutaku", seats)
        await start_on(pilot, play, play.match.to_act()[0] if play.match.to_act()[0] == 0 else 0, None)
        screen = await reach_build(pilot, app, "Aiko's build")
        clock.now += 200.0
        await wait_for(pilot, lambda: screen.ended == "decided", "the round decided")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen), "the result")
        result = app.screen
        await pilot.pause(0.2)
        names = [s.name for s in seats]
        said = text_of(app)
        a = result.announcement
        for line in (a.title, *a.lines):
            assert named(line, names) in said, (line, said)
        assert "was fastest: Stop! at" in said and "Aiko was still building when" in said
        button = result.query_one("#result-go-on")
        assert button.region.height == 1 and button.region.bottom <= size[1] - 1
        pictures = [p for p in result.query(BuildingPicture) if p.display]
        assert len(pictures) == 4
        for picture in pictures:                                   # every building drawn, whole
            canvas = picture.query_one("PixelCanvas")
            assert canvas.region.height >= 3 and canvas.region.bottom <= button.region.y
            assert picture.region.right <= size[0]
        assert any(len(p.picture.building.placements) for p in pictures), "the winner's house is drawn"


# ---- Countdown: the floor's time ---------------------------------------------------------------

@sync
async def test_round_flow_countdown_time_with_a_piece_in_hand():
    app = kiosk()
    async with app.run_test(size=(100, 30)) as pilot:
        play, clock = await table_of(pilot, "countdown", [Seat("Aiko"), Seat("Bo", "apprentice")])
        screen = await reach_build(pilot, app, "Aiko's floor")
        bench = screen.bench
        clock.now += 10.0
        await place(pilot, bench, next(p for p in bench.supply() if p.startswith("block-40x20")), 24.0, False)
        wedge = next(p for p in bench.supply() if p.startswith("wedge"))   # a piece the apprentice leaves
        await pick(pilot, bench, wedge)
        assert "S: check again" not in text_of(app) and "Time!" not in text_of(app)
        clock.now += 55.0                                          # 65 s: the 60 s of floor 1 are up
        await wait_for(pilot, lambda: "Time! Floor 1's 60 seconds are up" in text_of(app), "time")
        said = text_of(app)
        assert "floor 1 counts with 1 piece if the tower stands" in said
        assert "The wedge in your hand was not placed" in said and "Passes" not in said
        assert screen.ended == "decided" and {b.binding.action for b in screen.active_bindings.values()
                                              if b.binding.show} == {"go_on", "help"}
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen), "the floor's result")
        said = text_of(app)
        assert "Floor 1 is over: floor 2 next, in 45 seconds" in said
        assert "Aiko builds floor 1 with 1 piece; the tower of 1 stands" in said
        assert wedge in play.match.state["supply"], "the piece in hand went back to the middle"


@sync
async def test_round_flow_countdown_ending_a_floor_without_a_piece_says_out_and_with_how_much():
    app = kiosk()
    async with app.run_test(size=(100, 30)) as pilot:
        play, clock = await table_of(pilot, "countdown", [Seat("Aiko"), Seat("Bo", "apprentice")])
        screen = await reach_build(pilot, app, "Aiko's floor")
        bench = screen.bench
        await pick(pilot, bench, next(p for p in bench.supply() if p.startswith("cube-20")))
        clock.now += 5.0
        await pilot.press("s")                                     # end my floor now?
        await wait_for(pilot, lambda: isinstance(app.screen, GiveUp), "what ending it means")
        assert "You added no piece to floor 1: you are out with 0 floors, scoring 0 pieces. " \
               "The cube in your hand is not placed." in app.screen.question
        await pilot.press("y")
        await wait_for(pilot, lambda: "Aiko adds no piece to floor 1: out with 0 floors, scoring 0 pieces" in text_of(app),
                       "the floor ended, said")
        said = text_of(app)
        assert screen.ended == "own"
        assert "The cube in your hand was not placed" in said
        assert "Passes" not in said and bench.verdict is None        # nothing was judged that did not count
        await pilot.press("enter")
        await wait_for(pilot, lambda: play.match.state["status"][0] == "out", "Aiko out")


# ---- the build screen -------------------------------------------------------------------------

@sync
async def test_round_flow_the_build_screen_keys_say_what_they_do():
    app = kiosk()
    async with app.run_test(size=(80, 24)) as pilot:
        play, clock = await table_of(pilot, "jutaku", [Seat("Aiko"), Seat("Kengo", "master")])
        await start_on(pilot, play, 0, None)
        screen = await reach_build(pilot, app, "Aiko's build")
        bench = screen.bench
        bar = text_of(app).split("\n")[-1]
        assert "tab Next piece" in bar and "⏎ Pick up/set down" in bar and "f1 Help" in bar
        await pilot.press("tab")                                   # the highlight moves; nothing in hand
        assert bench.held is None and bench.cursor == 1
        await pilot.press("shift+tab")
        assert bench.cursor == 0 and bench.held is None
        await pilot.press("enter")                                 # picked up: the highlighted one
        assert bench.held is not None and bench.held.piece == bench.shelf()[0][0]
        holding = screen.query_one("#practice-holding")
        await pilot.pause()
        words = str(holding.render())
        assert "Holding a cube" in words and "at x" in words and "mm" in words
        assert holding.region.height >= 2, "the line wraps rather than being cut at 80 columns"
        await pilot.press("x")                                     # put back
        assert bench.held is None
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, BuildHelpScreen), "the building help")
        help_text = str(app.screen.query_one("#rules-text").render())
        assert "Backspace: take back the last piece placed; again, the one before it" in help_text
        assert "Tab / Shift+Tab" in help_text and "Enter or Space: pick up the highlighted piece" in help_text
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen, "back to building")


@sync
async def test_round_flow_a_piece_laid_outside_the_outline_is_outlined_and_said():
    app = kiosk()
    async with app.run_test(size=(120, 40)) as pilot:
        play, clock = await table_of(pilot, "jutaku", [Seat("Aiko"), Seat("Kengo", "master")])
        await start_on(pilot, play, 0, LOT)                       # the outline is 22-66 mm of the card
        screen = await reach_build(pilot, app, "Aiko's build")
        bench = screen.bench
        cube = next(p for p in bench.supply() if p.startswith("cube-20"))
        clock.now += 2.0
        await place(pilot, bench, cube, 4.0, False)                # 4-24 mm: partly outside
        assert [p["piece"] for p in bench.match.state["built"][0]] == [cube]   # the rules let it lie there
        said = text_of(app)
        assert "Placed, but it breaks a building rule: the cube reaches 4.0–24.0 mm; the lot is 22.0–66.0 mm " \
               "(inside the lot outline). Your Stop! will not pass until that is mended" in said
        assert 0 in bench.highlighted(), "the piece is outlined"
        await pilot.press("backspace")                             # taken back, as the line says
        assert bench.match.state["built"][0] == [] and "Placed, but" not in text_of(app)


@sync
async def test_round_flow_izakayas_one_piece_ends_its_turn_and_goes_back_with_enter():
    app = kiosk()
    async with app.run_test(size=(120, 40)) as pilot:
        play, clock = await table_of(pilot, "izakaya", [Seat("Aiko"), Seat("Bo", "normal")])
        await wait_for(pilot, lambda: play.human == 0, "Aiko's bid")
        await pilot.press("3", "0", "0", "enter")
        for _ in range(400):                                       # the bids shown: read, go on
            if app.screen is play and play.human == 0 and "build" in {a.key for a in play.match.legal(0)}:
                break
            if isinstance(app.screen, ResultScreen):
                await pilot.press("enter")
            elif app.screen is play and play.human == 0:
                claim = next((a.key for a in play.match.legal(0) if a.key.startswith("claim:")), None)
                await choose_action(pilot, play, claim or play.match.legal(0)[0].key)
            await pilot.pause()
        await choose_action(pilot, play, "build")
        await wait_for(pilot, lambda: isinstance(app.screen, LotChoice), "which lot")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LotBuildScreen) and app.screen.started is not None,
                       "the one piece")
        screen = app.screen
        bench = screen.bench
        await pilot.press("enter")                                 # the highlighted piece in hand
        lo, hi = bench.lot.outlines[bench.building.outline]
        while bench.held.x + bench.building.pieces[bench.held.piece].width > hi or bench.held.x < lo:
            await pilot.press("left" if bench.held.x > lo else "right")
        moves = len(play.match.log.moves)
        await pilot.press("enter")                                 # set down: that is the move
        await wait_for(pilot, lambda: screen.ended == "own", "the piece placed")
        assert len(play.match.log.moves) == moves + 1 and play.match.log.moves[-1][1] == "build"
        assert {b.binding.action for b in screen.active_bindings.values() if b.binding.show} == {"go_on", "help"}
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen is play, "back at the table")


# ---- with nobody at the screen -------------------------------------------------------------------

@sync
async def test_round_flow_a_phase_result_passes_by_itself_with_only_computers_playing():
    app = TokyoKiosk(bot_delay=0.02, seed=3, config=KioskConfig(idle_seconds=0))
    seen = []
    async with app.run_test(size=(120, 40)) as pilot:
        app.start_match(games.load("izakaya"), [Seat("Kengo", "normal"), Seat("Mai", "normal")], {})
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen), "the table")
        play = app.screen
        for _ in range(400):                                       # no key is pressed all along
            if isinstance(app.screen, ResultScreen) and app.screen not in seen:
                seen.append(app.screen)
            if len(seen) >= 2:
                break
            await pilot.pause(0.02)
        assert len(seen) >= 2 and seen[0].announcement.kind == "bids"
        assert seen[0].after is not None and not seen[0].is_attached    # gone by itself
        assert play.match.log.moves and not play.failed


# ---- phones in the same flow ------------------------------------------------------------------

class Phone:
    """One phone on the kiosk's real WebSocket: what it was last told, and what it sends."""

    def __init__(self, ws):
        self.ws = ws
        self.table: dict = {}
        self.tables: list[dict] = []
        self.gone = None
        self.reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        async for msg in self.ws:
            data = msg.json()
            if data["type"] == "table":
                self.table = data
                self.tables.append(data)
            elif data["type"] == "gone":
                self.gone = data["reason"]

    async def play(self, key: str) -> None:
        await self.ws.send_json({"type": "play", "key": key, "move": self.table["move"]})

    async def build(self, do: str, **what) -> None:
        await self.ws.send_json({"type": "build", "do": do, **what})

    def results(self) -> list[str]:
        return [t["round_result"]["title"] for t in self.tables if t.get("round_result")]


async def phones_at(pilot, app, http, play) -> list[Phone]:
    from kiosk.screens.phones import PhonesScreen
    await wait_for(pilot, lambda: isinstance(app.screen, PhonesScreen), "the codes to join")
    await pilot.press("escape")
    hub, server = play.phones.hub, play.phones.server
    phones = {}
    for seat in sorted(hub.seats):
        ws = await join(http, f"http://127.0.0.1:{server.port}", hub.seats[seat].token)
        phones[seat] = Phone(ws)
    await until(pilot, lambda: all(p.table for p in phones.values()))
    return phones


async def until(pilot, ok, what: str = "", seconds: float = 15.0) -> None:
    for _ in range(int(seconds / 0.02)):
        if ok():
            return
        await pilot.pause(0.02)
    raise AssertionError(f"timed out waiting for {what}")


async def starts_by_phone(pilot, play, phones, wanted: dict[int, str]) -> None:
    """Every phone seat takes its start card, the one `wanted` names where it is still free."""
    match = play.match
    while match.rules.simultaneous(match.state) is None:
        seat = match.to_act()[0]
        if seat in phones and phones[seat].table.get("your_turn") and phones[seat].table["move"] == len(match.log.moves):
            actions = phones[seat].table["actions"]
            key = next((a["key"] for a in actions if wanted.get(seat) and a["text"].startswith(wanted[seat])),
                       actions[0]["key"])
            before = len(match.log.moves)
            await phones[seat].play(key)
            await until(pilot, lambda: len(match.log.moves) > before, "the start")
        await pilot.pause(0.02)


async def a_house_by_phone(pilot, phone) -> None:
    """Three 10 mm columns upright side by side on Ikebukuro 3, set down by finger."""
    for x in (35.0, 45.0, 55.0):
        build = phone.table["build"]
        piece = next(p for p, _, _ in build["shelf"] if p.startswith("column-10x"))
        placed = len(phone.tables)
        await phone.build("pick", piece=piece)
        await phone.build("move", x=x, y=100.0)
        await phone.build("drop")
        await until(pilot, lambda: len(phone.tables) > placed and "places" in " ".join(phone.table["log"][-1:]),
                    "the column set down")


def results_shown(app) -> list:
    """Every result screen the kiosk shows from now on (it may pass by itself before a test looks)."""
    shown = []
    app.screen_change_signal.subscribe(app, lambda screen: shown.append(screen)
                                       if isinstance(screen, ResultScreen) and screen not in shown else None,
                                       immediate=True)
    return shown


def phone_kiosk(tmp_path, **config):
    from tests.test_kiosk_unattended import FakeClock
    config.setdefault("idle_seconds", 0)
    return TokyoKiosk(bot_delay=0.05, seed=3, data=tmp_path, config=KioskConfig(**config),
                      phone_host="127.0.0.1", phone_port=0, clock=FakeClock())


def test_round_flow_phones_a_phones_stop_wins_and_a_computer_makes_the_last_move(tmp_path):
    import aiohttp

    from kiosk.screens.apology import ApologyScreen

    async def run():
        app = phone_kiosk(tmp_path)
        async with app.run_test(size=(120, 40)) as pilot, aiohttp.ClientSession() as http:
            # seed 3 draws seat 2 to take a start card first: Aiko, on her phone, takes Ikebukuro 3
            seats = [Seat("Dai", "master"), Seat("Aiko", phone=True), Seat("Ben", phone=True), Seat("Chie", phone=True)]
            shown = results_shown(app)
            app.start_match(games.load("jutaku"), seats, {})
            await until(pilot, lambda: any(isinstance(s, PlayScreen) for s in app.screen_stack), "the table")
            play = next(s for s in app.screen_stack if isinstance(s, PlayScreen))
            phones = await phones_at(pilot, app, http, play)
            match = play.match
            await starts_by_phone(pilot, play, phones, {1: LOT, 2: "Start on Asakusa 2"})
            assert match.state["hand"][1] == "ikebukuro-3" and match.state["hand"][2] == "asakusa-2"
            aiko, ben, chie = phones[1], phones[2], phones[3]
            await until(pilot, lambda: all(phones[s].table.get("build") for s in phones), "everyone building")
            assert "not joined yet" not in text_of(app)
            app.clock.now += 1.0
            assert ben.table["build"]["outlines_to_choose"]                 # two outlines: 004:37
            await ben.build("outline")                                      # a phone does what its seat may
            await until(pilot, lambda: any(m[:2] == (2, "outline:1") for m in match.log.moves), "the outline")
            await until(pilot, lambda: "outline 2 of 2" in ben.table["build"]["lot"], "Ben's phone shows it")
            await ben.build("give_up")
            await chie.build("give_up")
            await until(pilot, lambda: match.state["status"][2] == match.state["status"][3] == "out", "two give up")
            app.clock.now += 2.0
            await a_house_by_phone(pilot, aiko)
            app.clock.now += 3.0
            await aiko.build("stop")
            await until(pilot, lambda: match.state["status"][1] == "done", "Aiko's Stop! passed")
            for _ in range(100):                                     # the kiosk's clock runs on
                if match.state["phase"] != "build":
                    break
                app.clock.now += 1.0
                await pilot.pause(0.15)
            assert match.state["phase"] != "build", "the round ended"
            last = match.log.moves[[i for i, m in enumerate(match.log.moves) if m[1] in ("give_up", "stop")][-1]]
            assert last[0] == 0 and last[1] == "give_up", "Dai, the computer, made the round's last move"
            await until(pilot, lambda: all("Round 1 is over: Aiko wins Ikebukuro 3" in " ".join(p.results())
                                           for p in phones.values()), "every phone told the result")
            await until(pilot, lambda: any(named(r.announcement.title, play.names()).startswith(
                "Round 1 is over: Aiko wins Ikebukuro 3") for r in shown), "the shared screen's result")
            assert not any(isinstance(s, ApologyScreen) for s in app.screen_stack) and not play.failed
            assert "Dai was still building when Aiko's Stop! at" in " ".join(ben.table["log"])
            await until(pilot, lambda: app.store.open_match(play.slot).match.log.moves == match.log.moves,
                        "the autosave holds every move")
            for p in phones.values():
                assert p.gone is None
                await p.ws.close()

    asyncio.run(run())


def test_round_flow_phones_a_phone_makes_the_rounds_last_move(tmp_path):
    """Three phones, no one at the screen: Ben gives up, Aiko's Stop! passes at 6.0 s, and
    Chie's phone, still building at 6.0 s, ends the round with its own move: nobody is cut
    off, the round's end reaches the log, every phone and the screen, and it is saved."""
    import aiohttp

    async def run():
        app = phone_kiosk(tmp_path)
        async with app.run_test(size=(120, 40)) as pilot, aiohttp.ClientSession() as http:
            # seed 3 draws seat 2 first: Aiko takes Ikebukuro 3
            seats = [Seat("Chie", phone=True), Seat("Aiko", phone=True), Seat("Ben", phone=True)]
            shown = results_shown(app)
            app.start_match(games.load("jutaku"), seats, {})
            await until(pilot, lambda: any(isinstance(s, PlayScreen) for s in app.screen_stack), "the table")
            play = next(s for s in app.screen_stack if isinstance(s, PlayScreen))
            phones = await phones_at(pilot, app, http, play)
            match = play.match
            await starts_by_phone(pilot, play, phones, {1: LOT})
            assert match.state["hand"][1] == "ikebukuro-3"
            chie, aiko, ben = phones[0], phones[1], phones[2]
            await until(pilot, lambda: all(p.table.get("build") for p in phones.values()), "everyone building")
            await ben.build("give_up")
            await until(pilot, lambda: match.state["status"][2] == "out", "Ben gave up")
            app.clock.now += 2.0
            await a_house_by_phone(pilot, aiko)
            app.clock.now += 4.0
            await aiko.build("stop")
            await until(pilot, lambda: match.state["status"][1] == "done", "Aiko's Stop! passed")
            moves = len(match.log.moves)
            await chie.build("give_up")                                  # the round's last move, a phone's
            await until(pilot, lambda: match.state["phase"] != "build", "the round's end")
            assert match.log.moves[moves][:2] == (0, "give_up") and len(match.log.moves) == moves + 1
            await until(pilot, lambda: all("Round 1 is over: Aiko wins Ikebukuro 3" in " ".join(p.results())
                                           for p in phones.values()), "every phone told the result")
            assert chie.gone is None and not chie.ws.closed                  # not cut off
            log = " ".join(chie.table["log"])
            assert "Chie was still building when Aiko's Stop! at 6.0 s passed" in log
            assert "Ben gives up this round" in log
            await until(pilot, lambda: any(named(r.announcement.title, play.names()).startswith(
                "Round 1 is over: Aiko wins") for r in shown), "the shared screen's result")
            kiosk_log = play.query_one("#log").texts
            assert "Chie was still building when Aiko's Stop! at 6.0 s passed" in kiosk_log
            assert "Round 1 is over" in kiosk_log
            await until(pilot, lambda: app.store.open_match(play.slot).match.log.moves == match.log.moves,
                        "the autosave holds the last move")
            assert not play.failed
            for p in phones.values():
                await p.ws.close()

    asyncio.run(run())


def test_round_flow_phones_playing_past_the_idle_time_keep_the_kiosk_from_its_attract_screen(tmp_path):
    """idle_seconds = 60; nobody touches the kiosk for two minutes while two phones play on:
    each phone's move is someone at the table. Once the phones stop too, the kiosk goes idle."""
    import aiohttp

    from kiosk.screens.attract import AttractScreen

    async def run():
        app = phone_kiosk(tmp_path, idle_seconds=60)
        async with app.run_test(size=(120, 40)) as pilot, aiohttp.ClientSession() as http:
            app.start_match(games.load("chocolate_milk"), [Seat("Aiko", phone=True), Seat("Ben", phone=True)], {})
            await until(pilot, lambda: any(isinstance(s, PlayScreen) for s in app.screen_stack), "the table")
            play = next(s for s in app.screen_stack if isinstance(s, PlayScreen))
            phones = await phones_at(pilot, app, http, play)
            match = play.match
            waiting = match.rules.to_act(match.state)[0]
            name = play.seats[waiting].name
            await until(pilot, lambda: f"Waiting for {name}'s phone…" in text_of(app), "joined, said so")
            for _ in range(8):                                      # 8 × 15 s = 120 s without a key
                app.clock.now += 15.0
                seat = match.to_act()[0]
                await until(pilot, lambda: phones[seat].table.get("your_turn")
                            and phones[seat].table["move"] == len(match.log.moves), "the phone's turn")
                before = len(match.log.moves)
                await phones[seat].play(phones[seat].table["actions"][0]["key"])
                await until(pilot, lambda: len(match.log.moves) > before, "the phone's move")
                app.idle_tick()
                await pilot.pause(0.05)
                assert not isinstance(app.screen, AttractScreen)
            assert app.clock.now - 0.0 > 60 and app.idle_resets >= 8
            seat = match.to_act()[0]
            await phones[seat].ws.close()                           # this phone drops: the screen says so
            name = play.seats[seat].name
            await until(pilot, lambda: f"Waiting for {name}'s phone (dropped)…" in text_of(app), "dropped, said so")
            app.clock.now += 61.0                                   # and now nobody plays at all
            app.idle_tick()
            await until(pilot, lambda: isinstance(app.screen, AttractScreen), "the attract screen")
            for p in phones.values():
                await p.ws.close()

    asyncio.run(run())


@sync
async def test_round_flow_the_end_stays_for_people_and_goes_back_to_the_menu_without_them():
    from kiosk.screens.end import EndScreen
    from kiosk.screens.menu import MenuScreen
    from tests.test_kiosk_every_screen import finished
    game, match = finished("chocolate_milk")
    app = kiosk()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        await app.push_screen(EndScreen(game, match, [Seat("Aiko"), Seat("Bo", "dealer")]))
        await pilot.pause(0.3)
        assert isinstance(app.screen, EndScreen)                    # people here: until someone goes on
        await app.push_screen(EndScreen(game, match, [Seat("Kengo", "dealer"), Seat("Mai", "dealer")], after=0.1))
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu, by itself")
