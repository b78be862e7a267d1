"""The session (core.session) drives a match for its seats without any screen: what happens
next as steps, people's and phones' moves taken back, computers decided in one place, a
phase's end held until seen. The kiosk only renders its steps: the same round played at the
kiosk's screen and through the session alone, with the same people's and phone's moves,
gives the same match, bit for bit."""

from __future__ import annotations


from core import games
from core.bots import make_bot, seated
from core.computers import Computers
from core.game import Move
from core.seats import Seat
from core.session import Announce, Build, Choose, Computer, Curtain, Live, Over, Phones, Ready, Session
from kiosk.app import TokyoKiosk
from kiosk.config import KioskConfig
from kiosk.practice.turn import BuildTurnScreen, GiveUp
from kiosk.screens.play import PlayScreen
from kiosk.screens.ready import ReadyScreen
from kiosk.screens.result import ResultScreen
from tests.kiosk_support import sync, wait_for
from tests.phone_client import said
from tests.test_kiosk_building_games import Clock, place

SEATS = [Seat("Aiko"), Seat("Bo"), Seat("Cy", phone=True), Seat("Dai", "easy")]
#: what each person builds in round 1 at the kiosk: a piece of this shape at this second of
#: their clock, then they give the round up at GIVE_UP
BUILDS = {0: ("cube-20", 3.0), 1: ("block-40x20", 4.0), 2: ("cube-20", 2.0)}
GIVE_UP = 5.0


# ---- the kiosk's round ------------------------------------------------------------------------

async def kiosk_round(pilot) -> tuple:
    """Tokyo Jutaku, seed 3: two people at the screen, Cy on a phone, Dai an apprentice architect (the easy level).
    The start cards, round 1's building (people in turn at the screen, Cy's turn there too)
    and the moves after it, as people do them; the match once round 2 begins."""
    app = pilot.app
    clock = Clock()
    app.clock = clock
    app.start_match(games.load("jutaku"), SEATS, {})
    await wait_for(pilot, lambda: any(isinstance(s, PlayScreen) for s in app.screen_stack), "the table")
    play = next(s for s in app.screen_stack if isinstance(s, PlayScreen))
    await wait_for(pilot, lambda: play.phones is not None, "the phones' server")
    match, hub = play.match, play.phones.hub
    for _ in range(3000):
        if match.state["round"] == 2 and match.state["phase"] == "build":
            break
        screen = app.screen
        if isinstance(screen, ReadyScreen):
            await pilot.press("space")
        elif isinstance(screen, BuildTurnScreen) and screen.started is not None:
            seat = screen.bench.seat
            if screen.ended is not None:
                await pilot.press("enter")
            elif not screen.bench.building.placements:
                shape, at = BUILDS[seat]
                clock.now = screen.started + at
                piece = next(p for p in screen.bench.supply() if p.startswith(shape))
                lo = screen.bench.lot.outlines[screen.bench.building.outline][0]
                await place(pilot, screen.bench, piece, lo + 2, False)
            else:
                clock.now = screen.started + GIVE_UP
                await pilot.press("escape")
                await wait_for(pilot, lambda: isinstance(app.screen, GiveUp), "give up?")
                await pilot.press("y")
        elif isinstance(screen, ResultScreen):
            await pilot.press("enter")
        elif screen is play and play.human in (0, 1):
            await pilot.press("enter")                       # the first move offered
        elif screen is play and 2 in match.to_act() and match.rules.simultaneous(match.state) is None:
            told = hub.table_for(2)
            if told["your_turn"]:
                said(hub, 2, {"type": "play", "key": told["actions"][0]["key"], "move": told["move"]})
        elif type(screen).__name__ == "PhonesScreen":
            await pilot.press("escape")
        await pilot.pause()
    assert match.state["round"] == 2, "round 2 begun"
    return play, match


# ---- the same round, through the session alone ------------------------------------------------

def session_round(kiosk_match) -> object:
    """The same seats and seed through the session without any screen: the people's and the
    phone's moves as the kiosk's log has them (each person's building turn played on its
    rehearsal at the seconds they were made), the computer deciding for itself."""
    game = games.load("jutaku")
    match = game.new(4, seed=kiosk_match.log.seed)
    session = Session(match, list(SEATS), seated(game, SEATS, match.log.seed))
    theirs = [m for m in kiosk_match.log.moves if m[0] != 3]
    played = []

    def next_of(seat: int):
        move = next(m for m in theirs if m[0] == seat and m not in played)
        played.append(move)
        return move

    for _ in range(10_000):
        if match.state["round"] == 2 and match.state["phase"] == "build":
            break
        step = session.next()
        if isinstance(step, Announce):
            session.seen()
        elif isinstance(step, Computer):
            assert session.computer() is not None
        elif isinstance(step, (Choose, Phones)):
            seat = step.seat if isinstance(step, Choose) else step.seats[0]
            move = next_of(seat)
            session.play(seat, Move(move[1], move[2]) if len(move) > 2 else move[1])
        elif isinstance(step, Ready):
            build = session.start(step.seat)
            assert isinstance(build, Build) and session.next() is build
            mine = [m for m in theirs if m[0] == step.seat and len(m) > 2 and "seconds" in m[2]]
            for move in mine:
                played.append(move)
                build.turn.play(Move(move[1], move[2]), move[2]["seconds"])
            session.built(step.seat, None)
        else:
            raise AssertionError(f"unexpected step {step}")
    return match


@sync
async def test_the_same_round_at_the_kiosk_and_through_the_session_alone_is_the_same_match(tmp_path):
    app = TokyoKiosk(bot_delay=0, seed=3, data=tmp_path, config=KioskConfig(idle_seconds=0),
                     phone_host="127.0.0.1", phone_port=0)
    async with app.run_test(size=(120, 40)) as pilot:
        play, kiosk_match = await kiosk_round(pilot)
        moves = kiosk_match.log.moves
        kinds = {(seat, key.split(":")[0]) for seat, key, *_ in moves}
        assert {(0, "place"), (1, "place"), (2, "place"), (0, "give_up"), (1, "give_up"), (2, "give_up")} <= kinds
        assert (2, "start") in kinds and any(seat == 3 for seat, *_ in moves)   # the phone's and Dai's
        alone = session_round(kiosk_match)
        assert alone.log.moves == moves
        assert alone.save() == kiosk_match.save(), "the same match, bit for bit"


# ---- the steps --------------------------------------------------------------------------------

def test_a_phases_end_is_held_until_seen_and_only_then_play_goes_on():
    game = games.load("izakaya")
    match = game.new(2, seed=4)
    session = Session(match, [Seat("Aiko"), Seat("Bo", "normal")], seated(game, [Seat("Aiko"), Seat("Bo", "normal")], 4))
    assert isinstance(session.next(), Computer)               # the computer bids first
    session.computer()
    step = session.next()
    assert isinstance(step, Choose) and step.seat == 0
    session.play(0, "bid:300")
    step = session.next()
    assert isinstance(step, Announce) and step.wait and step.announcement.kind == "bids"
    assert "seat 1 ¥300" in " ".join(step.announcement.lines)
    assert session.next() == step                              # asked again: the same answer
    session.seen()
    assert not isinstance(session.next(), Announce)


def test_two_people_at_one_screen_meet_a_curtain_before_a_secret():
    game = games.load("izakaya")
    match = game.new(2, seed=4)
    hidden = {0: True, 1: True}
    session = Session(match, [Seat("Aiko"), Seat("Bo")], Computers({}, {}), private=lambda seat: hidden[seat])
    assert session.next() == Curtain(0)
    session.taken(0)
    assert session.next() == Choose(0, True)
    session.play(0, "bid:100")
    assert session.next() == Curtain(1)


def test_a_round_built_at_once_from_the_start_waits_for_the_phones_server():
    """Countdown opens with a floor built at once: a session whose phones cannot be reached
    yet (phones_up=False, as the play screen makes it before the phones' server is up) waits
    for them, and opens the floor live once they can be."""
    game = games.load("countdown")
    match = game.new(2, seed=5)
    seats = [Seat("Aiko", phone=True), Seat("Bo", "normal")]
    session = Session(match, seats, seated(game, seats, 5), phones_up=False)
    assert session.next() == Phones((0,)) and session.mode is None
    session.phones_up = True
    assert isinstance(session.next(), Live) and session.mode == "live"


def test_a_match_of_computers_is_played_the_same_by_run_and_by_steps():
    game = games.load("countdown")
    one, two = game.new(3, seed=8), game.new(3, seed=8)
    Session.of_computers(one, [make_bot(game, "apprentice") for _ in range(3)]).run()
    session = Session.of_computers(two, [make_bot(game, "apprentice") for _ in range(3)])
    session.announce = True
    announced = 0
    while True:
        step = session.next()
        if isinstance(step, Over):
            break
        if isinstance(step, Announce):
            announced += 1
            assert step.announcement.kind == "round" and not step.wait    # nobody at the screen
            session.seen()
            continue
        assert isinstance(step, Computer) and step.seat is None        # a floor: by time
        session.computer()
    assert one.save() == two.save() and announced >= one.state["round"] - 1
