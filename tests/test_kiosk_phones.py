"""The kiosk with phone seats (kiosk.phones), driven by the Pilot with phones as WebSocket
clients in the same event loop: the codes to join, a sealed Izakaya bid typed on three
phones that the shared screen never shows, whose phone the kiosk waits for, and a seat
handed back to the kiosk's screen, whose link then dies."""

import asyncio

import aiohttp

from core import games
from kiosk.app import TokyoKiosk
from kiosk.config import KioskConfig
from kiosk.screens import Seat
from kiosk.screens.phones import PhonesScreen
from kiosk.screens.play import PlayScreen
from tests.kiosk_support import screen_lines
from tests.phone_client import join, said
from tests.phone_leaks import mentions, token_bytes, told_strings

NAMES = ["Aiko", "Ben", "Chie"]


def kiosk(tmp_path) -> TokyoKiosk:
    return TokyoKiosk(bot_delay=0, seed=5, data=tmp_path, config=KioskConfig(idle_seconds=0),
                      phone_host="127.0.0.1", phone_port=0)


def shown(app) -> str:
    return screen_lines(app)


async def until(pilot, ok, seconds: float = 10.0) -> None:
    for _ in range(int(seconds / 0.05)):
        if ok():
            return
        await pilot.pause(0.05)
    raise AssertionError("the kiosk did not get there")


async def until_phones(pilot, app) -> None:
    """The screen of codes to join, drawn: the screen is pushed a frame before its codes show."""
    await until(pilot, lambda: isinstance(app.screen, PhonesScreen) and "Join with your phone" in shown(app))


async def receive_table(ws, move: int) -> dict:
    """The next table pushed at or after `move` (earlier pushes may still be on the way)."""
    while True:
        msg = await ws.receive_json(timeout=10)
        if msg["type"] != "table" or msg["move"] >= move:
            return msg


def test_three_phones_bid_in_secret_and_the_shared_screen_shows_no_bid(tmp_path):
    async def run():
        app = kiosk(tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            app.start_match(games.load("izakaya"), [Seat(n, phone=True) for n in NAMES], {})
            await until_phones(pilot, app)
            play = next(s for s in app.screen_stack if isinstance(s, PlayScreen))
            joining = shown(app)
            assert "Join with your phone" in joining and "not joined yet" in joining and "/j/" in joining
            server, hub = play.phones.server, play.phones.hub
            assert server.short_link(0) in joining
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is play)
            assert "Waiting for Aiko's phone (not joined yet)" in shown(app)
            base = f"http://127.0.0.1:{server.port}"
            async with aiohttp.ClientSession() as http:
                # each seat's link as a phone gets it (its short address typed): 128 random bits
                tokens = []
                for s in range(3):
                    async with http.get(server.short_link(s), allow_redirects=False) as sent:
                        assert sent.status == 302 and sent.headers["Location"].startswith("/S/")
                        tokens.append(sent.headers["Location"][len("/S/"):])
                assert [hub.seat_of(tok) for tok in tokens] == [0, 1, 2]
                assert [server.link(s).endswith(f"/S/{tok}") for s, tok in enumerate(tokens)] == [True] * 3
                raw = [token_bytes(tok) for tok in tokens]
                assert [8 * len(r) for r in raw] == [128] * 3, f"the links carry {[8 * len(r) for r in raw]} bits"
                assert len(set(raw)) == 3
                phones = [await join(http, base, tok) for tok in tokens]
                first = [await p.receive_json(timeout=10) for p in phones]
                assert [x["type"] for x in first] == ["table"] * 3
                assert not any(mentions(told_strings(x), a) for x in first for a in (700, 900))
                bids = {}
                for seat, amount, next_up in ((0, 700, "Ben"), (1, 900, "Chie")):
                    await phones[seat].send_json({"type": "play", "key": f"bid:{amount}", "move": seat})
                    bids[seat] = amount
                    told = await receive_table(phones[seat], seat + 1)
                    assert told["private"] == [f"Your bid: ¥{amount:,}"]
                    for other in range(3):
                        if other == seat:
                            continue
                        theirs = await receive_table(phones[other], seat + 1)
                        own = [f"Your bid: ¥{bids[other]:,}"] if other in bids else []
                        assert theirs["move"] == seat + 1 and theirs["private"] == own, \
                            f"{NAMES[other]}'s phone is shown {theirs['private']}"
                        assert theirs["log"][-1] == f"{NAMES[seat]} has bid", f"{NAMES[other]}'s log: {theirs['log']}"
                        leaked = mentions(told_strings(theirs), amount)
                        assert not leaked, f"{NAMES[other]}'s phone reads {NAMES[seat]}'s sealed bid: {leaked}"
                    # the shared screen has drawn the move: it waits for the phones after it
                    await until(pilot, lambda next_up=next_up: f"Waiting for {next_up}'s phone" in shown(app))
                    await pilot.wait_for_scheduled_animations()
                    shared = shown(app)
                    assert f"Waiting for {NAMES[seat]}'s phone" not in shared
                    leaked = mentions(shared.splitlines(), amount)
                    assert not leaked and "bid ¥" not in shared.lower(), f"the shared screen shows {leaked}"
                assert "Waiting for Chie's phone" in shown(app)
                await phones[2].send_json({"type": "play", "key": "bid:0", "move": 2})
                await until(pilot, lambda: len(play.match.log.moves) == 3)
                after = await receive_table(phones[0], 3)
                assert after["move"] == 3 and after["type"] == "table"
                # the action round: a phone's bottles are chosen on the phone, never at the kiosk,
                # and so is a building: the lot on the phone, then the piece set down on it (004:123)
                first = play.match.to_act()[0]
                from kiosk.widgets.actions import ActionPicker
                await until(pilot, lambda: f"Waiting for {NAMES[first]}'s phone" in shown(app))
                await pilot.wait_for_scheduled_animations()
                assert play.query_one(ActionPicker).legal == []
                mine = after if first == 0 else await receive_table(phones[first], 3)
                assert any("bottle" in a["text"].lower() for a in mine["actions"])
                lots = [a for a in mine["actions"] if a["group"] == "Build a piece: on which lot?"]
                assert lots and all(a["key"].startswith("@lot/build/") for a in lots)
                assert lots[0]["text"].startswith("card 1,1")
                await phones[first].send_json({"type": "play", "key": lots[0]["key"], "move": 3})
                bench = (await receive_table(phones[first], 3))["build"]
                assert bench["lot_build"] and bench["lot"].startswith("Lot: card 1,1")
                await phones[first].send_json({"type": "build", "do": "pick", "piece": bench["shelf"][0][0]})
                middle = sum(bench["outlines"][0]) / 2        # the finger holds the piece by its middle
                await phones[first].send_json({"type": "build", "do": "move", "x": middle, "y": 40})
                await phones[first].send_json({"type": "build", "do": "drop"})
                told = await receive_table(phones[first], 4)
                assert told["build"] is None
                seat, key, payload = play.match.log.moves[3]
                assert (seat, key, payload["card"], payload["piece"]) == (first, "build", [0, 0], bench["shelf"][0][0])
                assert f"{NAMES[first]} builds a cube" in shown(app)
                # the operator hands Chie's seat to the kiosk's screen: her link dies. The codes
                # screen shows no code for a seat a phone holds
                await pilot.press("p")
                await until(pilot, lambda: isinstance(app.screen, PhonesScreen) and "Chie: on their phone" in shown(app))
                assert "Join with your phone" not in shown(app) and "/j/" not in shown(app)
                button = app.screen.query_one("#phone-kiosk-2")
                button.scroll_visible(animate=False)
                await pilot.pause()
                button.press()
                while True:
                    msg = await phones[2].receive_json(timeout=10)
                    if msg["type"] == "gone":
                        break
                assert play.seats[2] == Seat("Chie") and 2 not in hub.seats
                for p in phones:
                    await p.close()
            await pilot.press("escape")

    asyncio.run(run())


def test_a_locked_kiosk_hands_a_phone_seat_over_only_with_the_operator_pin(tmp_path):
    """Locked, a phone that went flat is the operator's to hand over: the PIN first; then
    the computer plays that seat and the phone's link is dead."""
    from textual.widgets import Input

    from kiosk.screens.pin import PinScreen

    async def run():
        app = TokyoKiosk(bot_delay=0, seed=5, data=tmp_path, lock=True,
                         config=KioskConfig(idle_seconds=0, pin="2468"), phone_host="127.0.0.1", phone_port=0)
        async with app.run_test(size=(120, 40)) as pilot:
            app.start_match(games.load("izakaya"), [Seat("Aiko", phone=True), Seat("Ben", "normal")], {})
            await until_phones(pilot, app)
            play = next(s for s in app.screen_stack if isinstance(s, PlayScreen))
            token = play.phones.hub.seats[0].token
            app.screen.query_one("#phone-bot-0").press()
            await until(pilot, lambda: isinstance(app.screen, PinScreen))
            assert "let the computer play Aiko's seat" in str(app.screen.query_one("#pin-title").render())
            app.screen.query_one("#pin", Input).value = "1111"
            await pilot.press("enter")
            await until(pilot, lambda: "That PIN is not right" in shown(app))     # the wrong PIN is refused
            assert isinstance(app.screen, PinScreen) and play.seats[0] == Seat("Aiko", phone=True)
            assert play.phones.hub.seat_of(token) == 0
            app.screen.query_one("#pin", Input).value = "2468"
            await pilot.press("enter")
            await until(pilot, lambda: play.seats[0] == Seat("Aiko", "normal"))
            assert play.phones.hub.seat_of(token) is None
            await until(pilot, lambda: len(play.match.log.moves) >= 2)     # both computers bid

    asyncio.run(run())


def test_phones_build_at_once_and_the_second_to_reach_for_a_piece_is_told(tmp_path):
    """A Tokyo Jutaku round on two phones, live by the kiosk's clock (004:29, 004:39): both
    take the same piece in hand; the first to set it down gets it, the other is told at
    once and its hand is empty; both placements carry the kiosk's seconds."""
    async def run():
        app = kiosk(tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            app.start_match(games.load("jutaku"), [Seat("Aiko", phone=True), Seat("Ben", phone=True)], {})
            await until_phones(pilot, app)
            await pilot.press("escape")
            play = next(s for s in app.screen_stack if isinstance(s, PlayScreen))
            hub, match = play.phones.hub, play.match
            while match.rules.simultaneous(match.state) is None:      # the start cards, chosen by phone
                seat = match.to_act()[0]
                told = hub.table_for(seat)
                said(hub, seat, {"type": "play", "key": told["actions"][0]["key"], "move": told["move"]})
                await pilot.pause(0.05)
            await until(pilot, lambda: play.live is not None)
            assert "building on their phones" in shown(app)
            both = [hub.table_for(s)["build"] for s in (0, 1)]
            assert all(b is not None for b in both)
            piece = both[0]["shelf"][0][0]
            assert both[1]["shelf"][0][0] == piece                   # the same first free copy
            for seat in (0, 1):
                said(hub, seat, {"type": "build", "do": "pick", "piece": piece})
            await pilot.pause(0.2)
            said(hub, 1, {"type": "build", "do": "move", "x": 30, "y": 20})
            said(hub, 1, {"type": "build", "do": "drop"})      # Ben is first
            after = hub.table_for(0)["build"]
            assert not after["holding"] and "took that piece first" in after["message"]
            seat, key, payload = match.log.moves[-1]
            assert (seat, key, payload["piece"]) == (1, "place", piece) and payload["seconds"] > 0
            other = hub.table_for(0)["build"]["shelf"][0][0]
            said(hub, 0, {"type": "build", "do": "pick", "piece": other})
            said(hub, 0, {"type": "build", "do": "drop"})
            seat, key, payload2 = match.log.moves[-1]
            assert (seat, key, payload2["piece"]) == (0, "place", other)
            assert payload2["seconds"] >= payload["seconds"]
            assert hub.log[-2].startswith("Ben places a ") and hub.log[-1].startswith("Aiko places a "), hub.log
            await until(pilot, lambda: "Aiko places" in shown(app))

    asyncio.run(run())


def test_the_shared_screen_draws_every_building_as_it_grows_then_the_verdicts(tmp_path):
    """A Tokyo Jutaku round, a master architect against a phone, by the kiosk's clock held
    in the test's hand: the shared screen draws both buildings as the pieces go down (the
    plan set aside), and when the round is over the pictures stay as the round left them,
    each with its verdict, though the rules have cleared the lots."""
    from kiosk.practice.buildings import BuildingPicture
    from tests.test_kiosk_unattended import FakeClock

    async def run():
        clock = FakeClock()
        app = TokyoKiosk(bot_delay=0, seed=5, data=tmp_path, config=KioskConfig(idle_seconds=0),
                         phone_host="127.0.0.1", phone_port=0, clock=clock)
        async with app.run_test(size=(160, 50)) as pilot:
            app.start_match(games.load("jutaku"), [Seat("Aiko", "master"), Seat("Ben", phone=True)], {})
            await until_phones(pilot, app)
            await pilot.press("escape")
            play = next(s for s in app.screen_stack if isinstance(s, PlayScreen))
            hub, match = play.phones.hub, play.match
            while match.rules.simultaneous(match.state) is None:
                if 1 in match.to_act():
                    told = hub.table_for(1)
                    said(hub, 1, ({"type": "play", "key": told["actions"][0]["key"],
                                               "move": told["move"]}))
                await pilot.pause(0.05)
            await until(pilot, lambda: play.live is not None)
            board = play.query_one("#board")
            assert board.has_class("-building") and board.query_one("#jt-plan").display is False
            pictures = list(board.query(BuildingPicture))

            def drawn(seat):
                return len(pictures[seat]._bench.building.placements)
            piece = hub.table_for(1)["build"]["shelf"][0][0]
            said(hub, 1, {"type": "build", "do": "pick", "piece": piece})
            said(hub, 1, {"type": "build", "do": "drop"})
            await until(pilot, lambda: drawn(1) == 1)
            assert pictures[1].picture.caption == "Ben: building, 1 piece"
            grew = []
            while match.view(None)["seats"][0]["status"] == "building":
                clock.now += 2
                await pilot.pause(0.12)
                grew.append(drawn(0))
                assert len(grew) < 200, "the architect never called Stop!"
            assert grew[0] < max(grew) and max(grew) == drawn(0)
            built = drawn(0)
            # 004:56 — Aiko's Stop! passes: everyone stops building. Ben's phone was still
            # building; the kiosk's clock passing her Stop! ends his round, not a "give up"
            await until(pilot, lambda: match.view(None)["phase"] != "build")
            await until(pilot, lambda: "Aiko: Stop! at" in shown(app)
                        and "Ben: still building when Aiko's Stop!" in shown(app))
            await pilot.wait_for_scheduled_animations()
            view = match.view(None)
            assert view["seats"][0]["building"] == [] and not board.has_class("-building")
            assert drawn(0) == built and "the fastest: wins the lot" in pictures[0].picture.caption
            assert pictures[1].picture.caption == "Ben: still building when Aiko's Stop! passed"
            shared = shown(app)
            assert "Aiko: Stop! at" in shared and "Ben: still building when Aiko's Stop!" in shared
            assert "gave up" not in shared

    asyncio.run(run())


def test_a_person_at_the_kiosk_builds_live_beside_a_phone_and_a_computer(tmp_path):
    """Phone, kiosk and computer seats in one building round (004:29, 004:39): Aiko builds
    on the kiosk's build screen while Ben builds on his phone and the computer by the clock,
    all at once. Ben's piece leaves the middle on Aiko's screen the moment he sets it down;
    Aiko's placement is a move of the match at once, at the round's second, and Ben's phone
    sees it; when both have given up, the computer's Stop! ends the round."""
    from kiosk.practice.turn import BuildTurnScreen
    from tests.test_kiosk_building_games import place
    from tests.test_kiosk_unattended import FakeClock

    async def run():
        clock = FakeClock()
        app = TokyoKiosk(bot_delay=0, seed=5, data=tmp_path, config=KioskConfig(idle_seconds=0),
                         phone_host="127.0.0.1", phone_port=0, clock=clock)
        async with app.run_test(size=(160, 50)) as pilot:
            app.start_match(games.load("jutaku"), [Seat("Aiko"), Seat("Ben", phone=True), Seat("Chie", "master")],
                            {})
            await until_phones(pilot, app)
            await pilot.press("escape")
            play = next(s for s in app.screen_stack if isinstance(s, PlayScreen))
            hub, match = play.phones.hub, play.match
            for _ in range(200):                                         # the start cards
                if match.rules.simultaneous(match.state) is not None:
                    break
                if 1 in match.to_act():
                    told = hub.table_for(1)
                    said(hub, 1, ({"type": "play", "key": told["actions"][0]["key"],
                                               "move": told["move"]}))
                elif 0 in match.to_act() and play.human == 0:
                    await pilot.press("enter")                      # Aiko takes the card highlighted
                await pilot.pause(0.05)
            await until(pilot, lambda: isinstance(app.screen, BuildTurnScreen) and app.screen.is_mounted)
            build = app.screen
            assert play.live is not None and build.bench.seat == 0
            assert str(play.query_one("#actions-title").render()) == \
                "Ben building on a phone, Aiko here, Chie (computer)…"
            clock.now += 3
            piece = hub.table_for(1)["build"]["shelf"][0][0]
            said(hub, 1, {"type": "build", "do": "pick", "piece": piece})
            said(hub, 1, {"type": "build", "do": "drop"})
            await until(pilot, lambda: piece not in build.bench.supply())     # gone from Aiko's middle
            mine = build.bench.supply()[0]
            clock.now += 2
            left, _ = build.bench.lot.outlines[build.bench.building.outline]
            await place(pilot, build.bench, mine, left + 2, turn=False)      # by keys: Tab, arrows, Enter
            seat, key, payload = match.log.moves[-1]
            assert (seat, key, payload["piece"]) == (0, "place", mine)
            ben = [m for m in match.log.moves if m[0] == 1 and m[1] == "place"][0]
            assert payload["seconds"] > ben[2]["seconds"] > 0
            assert mine not in [p for p, _, _ in [tuple(e) for e in hub.table_for(1)["build"]["shelf"]]]
            await pilot.press("escape")                                  # Aiko gives up
            await until(pilot, lambda: type(app.screen).__name__ == "GiveUp")
            await pilot.press("y")
            await until(pilot, lambda: 0 not in match.to_act() and build.ended == "own"
                        and "Waiting for the others — 2 still building" in shown(app))
            assert app.screen is build
            said(hub, 1, {"type": "build", "do": "give_up"})
            for _ in range(200):
                if match.view(None)["phase"] != "build":
                    break
                clock.now += 2
                await pilot.pause(0.1)
            history = match.view(None)["history"]
            assert history and history[-1]["round"] == 1 and history[-1]["winners"] == [2]
            await until(pilot, lambda: "Chie was fastest: Stop! at" in shown(app))
            assert type(app.screen).__name__ == "ResultScreen" and "Aiko gave up" in shown(app)
            assert "Ben gave up" in shown(app)

    asyncio.run(run())
