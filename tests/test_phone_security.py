"""Phone seats probed as an attacker at the next table would, on the real aiohttp server
(kiosk.phones.server and its door, kiosk.phones.door): a second phone on a seat's link, the
codes on a locked kiosk, half-sent requests with few files to spare, a code guesser beside
an honest player, binary and deep frames, tokens that are not tokens, a page from
elsewhere, a New code while the old phone never reads, and the server over HTTPS.

Every attack comes over loopback; an attacker's own address is another 127.x address, as a
stranger's phone on the café's Wi-Fi has an address of its own."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import resource
import socket
import ssl
import subprocess
import sys
import time
from pathlib import Path

import aiohttp
import pytest

from core import games
from core.seats import Seat
from core.session import Computers, Session
from kiosk.phones import door as door_module
from kiosk.phones import hub as hub_module
from kiosk.phones import server as server_module
from kiosk.phones.server import tls_context
from kiosk.phones.table import PhoneTable
from tests.phone_client import device, join

NAMES = ["Aiko", "Ben", "Chie", "Dai"]
TLS = Path(__file__).parent / "fixtures" / "tls"
STRANGER = "127.0.0.2"        # another device on the network


def table(game_name="izakaya", players=3, seed=1, **server) -> PhoneTable:
    """A match whose every seat is a phone, driven by its session, served on loopback."""
    game = games.load(game_name)
    match = game.new(players, seed=seed)
    session = Session(match, [Seat(NAMES[s], phone=True) for s in range(players)], Computers({}, {}))
    return PhoneTable(game, session, NAMES[:players], list(range(players)), host="127.0.0.1", port=0, **server)


@contextlib.asynccontextmanager
async def served(t: PhoneTable):
    await t.start()
    try:
        yield f"http://127.0.0.1:{t.server.port}"
    finally:
        await t.stop("The game is over.")


def from_address(address: str, **kw) -> aiohttp.ClientSession:
    """An HTTP client whose connections come from `address` (a device of its own)."""
    return aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(address, 0), force_close=True, **kw))


async def until(pilot, ok, what: str, seconds: float = 10.0) -> None:
    """Let the kiosk run until `ok()` holds, in real time (the server's clocks are real)."""
    deadline = time.monotonic() + seconds
    while not ok():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await pilot.pause(0.02)


async def messages(phone, seconds: float = 5.0) -> list:
    """Everything a socket is told until it closes (or `seconds` pass)."""
    told = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        msg = await phone.receive(timeout=deadline - time.monotonic())
        if msg.type != aiohttp.WSMsgType.TEXT:
            told.append(msg.type)
            break
        told.append(json.loads(msg.data))
    return told


# ---- a link belongs to one phone --------------------------------------------------------------

def test_phone_security_a_second_phone_on_a_link_is_told_the_seat_is_taken_and_shown_nothing():
    async def run():
        tried = []
        t = table(on_intruder=tried.append)
        async with served(t) as base, aiohttp.ClientSession() as http:
            token = t.hub.seats[0].token
            aiko = await join(http, base, token)
            assert (await aiko.receive_json(timeout=5))["you"] == "Aiko"
            await aiko.send_json({"type": "play", "key": "bid:800", "move": 0})
            mine = await aiko.receive_json(timeout=5)
            assert mine["private"] == ["Your bid: ¥800"]
            async with from_address(STRANGER) as other:
                page = await other.get(f"{base}/S/{token}")      # the page itself holds nothing of the seat
                assert page.status == 200 and "800" not in await page.text()
                thief = await join(other, base, token)
                told = await messages(thief)
            assert told[0]["type"] == "taken" and "Aiko's seat is held by another phone" in told[0]["reason"]
            assert all(m in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED) or m["type"] == "taken"
                       for m in told), told            # no table: no bid, no move, no name
            assert "800" not in json.dumps(told, ensure_ascii=False)
            assert tried == [0] and t.hub.seats[0].intruders == 1
            # the phone that holds the seat plays on, and may open a second tab on it
            again = await join(http, base, token, aiko.device)
            assert (await again.receive_json(timeout=5))["private"] == ["Your bid: ¥800"]
            await aiko.close()
            await again.close()

    asyncio.run(run())


def test_phone_security_a_message_with_another_phones_secret_is_refused():
    """The secret is checked with every message, not only at hello."""
    t = table()
    assert t.hub.claim(0, device())
    before = list(t.session.match.log.moves)
    with pytest.raises(hub_module.Refused, match="does not hold"):
        t.hub.receive(0, json.dumps({"type": "play", "key": "bid:500", "move": 0, "device": device()}))
    with pytest.raises(hub_module.Refused, match="does not hold"):
        t.hub.receive(0, json.dumps({"type": "play", "key": "bid:500", "move": 0}))
    assert t.session.match.log.moves == before


def test_phone_security_the_shared_screen_says_another_phone_tried_to_join(tmp_path):
    from textual.widgets._toast import Toast

    from kiosk.app import TokyoKiosk
    from kiosk.config import KioskConfig
    from kiosk.screens.play import PlayScreen

    def toasts(app) -> str:
        return " ".join(" ".join(str(toast.render()) for toast in app.screen.query(Toast)).split())

    async def run():
        app = TokyoKiosk(bot_delay=0, seed=5, data=tmp_path, config=KioskConfig(idle_seconds=0),
                         phone_host="127.0.0.1", phone_port=0)
        async with app.run_test(size=(120, 40), notifications=True) as pilot:
            app.start_match(games.load("izakaya"), [Seat(n, phone=True) for n in NAMES[:3]], {})
            await until(pilot, lambda: any(isinstance(s, PlayScreen) and s.phones for s in app.screen_stack),
                           "the phones' server")
            play = next(s for s in app.screen_stack if isinstance(s, PlayScreen))
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is play, "the table")
            base, token = f"http://127.0.0.1:{play.phones.server.port}", play.phones.hub.seats[0].token
            async with aiohttp.ClientSession() as http, from_address(STRANGER) as other:
                aiko = await join(http, base, token)
                await aiko.receive_json(timeout=5)
                thief = await join(other, base, token)
                assert (await thief.receive_json(timeout=5))["type"] == "taken"
                await until(pilot, lambda: "Another phone tried to join Aiko's seat" in toasts(app),
                               "the warning on the shared screen")
                await aiko.close()

    asyncio.run(run())


# ---- the codes are the operator's on a locked kiosk -------------------------------------------

def _locked(tmp_path):
    from kiosk.app import TokyoKiosk
    from kiosk.config import KioskConfig
    return TokyoKiosk(bot_delay=0, seed=5, data=tmp_path, lock=True, config=KioskConfig(idle_seconds=0, pin="2468"),
                      phone_host="127.0.0.1", phone_port=0)


def test_phone_security_p_on_a_locked_kiosk_shows_no_code_without_the_pin(tmp_path):
    from textual.widgets import Input

    from kiosk.screens.phones import PhonesScreen
    from kiosk.screens.pin import PinScreen
    from kiosk.screens.play import PlayScreen
    from tests.kiosk_support import screen_lines

    async def run():
        app = _locked(tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            app.start_match(games.load("izakaya"), [Seat("Aiko", phone=True), Seat("Ben", "normal")], {})
            await until(pilot, lambda: isinstance(app.screen, PhonesScreen), "the codes, once, at the start")
            play = next(s for s in app.screen_stack if isinstance(s, PlayScreen))
            code = play.phones.hub.seats[0].code
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is play, "the table")
            await pilot.press("p")
            await until(pilot, lambda: isinstance(app.screen, PinScreen), "the PIN prompt")
            assert "enter the PIN to show the phones' codes" in str(app.screen.query_one("#pin-title").render())
            shown = screen_lines(app)
            assert code not in shown and "/j/" not in shown and "Join with your phone" not in shown
            app.screen.query_one("#pin", Input).value = "1357"
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, PinScreen) and code not in screen_lines(app)
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is play, "the table, no codes")
            await pilot.press("p")
            await until(pilot, lambda: isinstance(app.screen, PinScreen), "the PIN prompt")
            app.screen.query_one("#pin", Input).value = "2468"
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, PhonesScreen) and code in screen_lines(app),
                           "the codes, for the operator")

    asyncio.run(run())


def test_phone_security_new_code_on_a_locked_kiosk_needs_the_pin(tmp_path):
    from textual.widgets import Input

    from kiosk.screens.phones import PhonesScreen
    from kiosk.screens.pin import PinScreen
    from kiosk.screens.play import PlayScreen

    async def run():
        app = _locked(tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            app.start_match(games.load("izakaya"), [Seat("Aiko", phone=True), Seat("Ben", "normal")], {})
            await until(pilot, lambda: isinstance(app.screen, PhonesScreen), "the codes")
            play = next(s for s in app.screen_stack if isinstance(s, PlayScreen))
            token = play.phones.hub.seats[0].token
            app.screen.query_one("#phone-new-0").press()
            await until(pilot, lambda: isinstance(app.screen, PinScreen), "the PIN prompt")
            assert "give Aiko a new code" in str(app.screen.query_one("#pin-title").render())
            await pilot.press("escape")                          # a stranger without the PIN
            await until(pilot, lambda: isinstance(app.screen, PhonesScreen), "the codes again")
            assert play.phones.hub.seats[0].token == token
            app.screen.query_one("#phone-new-0").press()
            await until(pilot, lambda: isinstance(app.screen, PinScreen), "the PIN prompt")
            app.screen.query_one("#pin", Input).value = "2468"
            await pilot.press("enter")
            await until(pilot, lambda: play.phones.hub.seats[0].token != token, "a new code")
            assert play.phones.hub.seat_of(token) is None

    asyncio.run(run())


def test_phone_security_the_codes_close_by_themselves(tmp_path, monkeypatch):
    from kiosk.app import TokyoKiosk
    from kiosk.config import KioskConfig
    from kiosk.screens import phones
    from kiosk.screens.play import PlayScreen

    monkeypatch.setattr(phones, "CODES_SECONDS", 0.5)

    async def run():
        app = TokyoKiosk(bot_delay=0, seed=5, data=tmp_path, config=KioskConfig(idle_seconds=0),
                         phone_host="127.0.0.1", phone_port=0)
        async with app.run_test(size=(120, 40)) as pilot:
            app.start_match(games.load("izakaya"), [Seat("Aiko", phone=True), Seat("Ben", "normal")], {})
            await until(pilot, lambda: isinstance(app.screen, phones.PhonesScreen), "the codes")
            await until(pilot, lambda: isinstance(app.screen, PlayScreen), "the codes closed, no key pressed")

    asyncio.run(run())


# ---- a server slow or hostile clients cannot wear down -----------------------------------------

SLOW_CLIENTS = r"""
import resource, socket, sys
port, count, spread = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 4096), hard))
held, connected = [], 0
for i in range(count):
    s = socket.socket()
    s.settimeout(5)
    try:
        s.bind((f"127.0.{10 + i % spread // 250}.{2 + i % spread % 250}", 0))
        s.connect(("127.0.0.1", port))
        s.send(b"GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nX-Slow: " % port)   # and never the rest
        connected += 1
    except OSError:
        pass
    held.append(s)
print(connected, flush=True)
sys.stdin.readline()
"""


def test_phone_security_half_sent_requests_leave_the_phones_and_the_autosave_their_files(tmp_path, monkeypatch,
                                                                                       caplog):
    """600 requests that never finish their headers, from 40 addresses, with the kiosk's
    limit of open files lowered to 512: the door keeps to a quarter of it, the phone that
    plays on is served, every move is autosaved, and the slow ones are cut off."""
    from kiosk.app import TokyoKiosk
    from kiosk.config import KioskConfig
    from kiosk.screens.play import PlayScreen

    from kiosk.screens import play as play_module
    saved = []                                  # each autosave's problem (None: saved)
    autosave = play_module.autosave
    monkeypatch.setattr(play_module, "autosave", lambda *a: saved.append(autosave(*a)) or saved[-1])
    monkeypatch.setattr(door_module, "HEADER_SECONDS", 4.0)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (512, hard))

    async def run():
        app = TokyoKiosk(bot_delay=0, seed=5, data=tmp_path, config=KioskConfig(idle_seconds=0),
                         phone_host="127.0.0.1", phone_port=0)
        async with app.run_test(size=(120, 40)) as pilot:
            app.start_match(games.load("izakaya"), [Seat(n, phone=True) for n in NAMES[:3]], {})
            await until(pilot, lambda: any(isinstance(s, PlayScreen) and s.phones for s in app.screen_stack),
                           "the phones' server")
            play = next(s for s in app.screen_stack if isinstance(s, PlayScreen))
            await pilot.press("escape")
            server, hub = play.phones.server, play.phones.hub
            assert server.door.most == 128
            base = f"http://127.0.0.1:{server.port}"
            async with aiohttp.ClientSession() as http:
                phones = [await join(http, base, hub.seats[s].token) for s in range(3)]
                for p in phones:
                    await p.receive_json(timeout=5)
                attack = subprocess.Popen([sys.executable, "-c", SLOW_CLIENTS, str(server.port), "600", "40"],
                                          stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
                try:
                    ready = asyncio.get_running_loop().run_in_executor(None, attack.stdout.readline)
                    while not ready.done():
                        await pilot.pause(0.05)
                    connected = int(ready.result())
                    assert connected >= 500, connected
                    door = server.door
                    while door.seen < 3 + connected and not door.too_slow:   # all in, or the first cut off
                        await pilot.pause(0.02)
                    files = len(list(Path("/proc/self/fd").iterdir()))
                    assert files < 512 - 64, files                   # files to spare, under the attack
                    async with http.get(f"{base}/S/{hub.seats[0].token}") as page:   # a page still comes
                        assert page.status == 200
                    for seat, amount in ((0, 300), (1, 500), (2, 0)):   # the phones play on
                        await phones[seat].send_json({"type": "play", "key": f"bid:{amount}", "move": seat})
                        await until(pilot, lambda: len(play.match.log.moves) == seat + 1, "the bid played")
                    await until(pilot, lambda: app.store.open_match(play.slot).match.log.moves
                                == play.match.log.moves, "every bid autosaved")
                    assert saved and not any(saved), saved          # every autosave said no problem
                    assert len(door.open) <= door.most and door.turned_away + door.evicted > 0
                    await until(pilot, lambda: door.too_slow >= 1 and not door.waiting,
                                "every half-sent request cut off", seconds=20)
                    assert len(door.open) <= 3 + 1                  # the phones, and the page's connection
                    refused = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
                    assert not refused, refused[:3]               # not one "accept() out of system resource"
                finally:
                    attack.stdin.close()
                    attack.wait(10)
                for p in phones:
                    await p.close()

    try:
        asyncio.run(run())
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_phone_security_the_door_caps_connections_per_address_and_in_all():
    async def run():
        t = table()
        async with served(t) as base:
            door = t.server.door
            door.most, door.per_address = 6, 3
            port = t.server.port

            def connect(address):
                s = socket.socket()
                s.bind((address, 0))
                s.connect(("127.0.0.1", port))
                return s

            held = [connect(STRANGER) for _ in range(5)]
            await asyncio.sleep(0.2)
            assert len(door.open) == 3 and door.by_address == {STRANGER: 3} and door.turned_away == 2
            async with aiohttp.ClientSession() as http:            # another device is still served
                async with http.get(f"{base}/") as page:
                    assert page.status == 200
            held += [connect("127.0.0.3") for _ in range(3)] + [connect("127.0.0.4") for _ in range(3)]
            await asyncio.sleep(0.2)
            assert len(door.open) == 6
            for s in held:
                s.close()
            await asyncio.sleep(0.2)
            assert not door.open and not door.by_address

    asyncio.run(run())


def test_phone_security_headers_that_never_finish_are_cut_off(monkeypatch):
    monkeypatch.setattr(door_module, "HEADER_SECONDS", 0.5)

    async def run():
        t = table()
        async with served(t):
            reader, writer = await asyncio.open_connection("127.0.0.1", t.server.port)
            writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            started = time.monotonic()
            assert await asyncio.wait_for(reader.read(), 5) == b""          # closed, nothing answered
            assert 0.4 < time.monotonic() - started < 3 and t.server.door.too_slow == 1
            writer.close()

    asyncio.run(run())


def test_phone_security_one_guesser_cannot_lock_an_honest_player_out_of_short_addresses():
    async def run():
        t = table()
        async with served(t) as base:
            async with from_address(STRANGER) as guesser:
                statuses = []
                for i in range(server_module.WRONG_CODES + 10):
                    async with guesser.get(f"{base}/j/WRONG{i:03d}", allow_redirects=False) as r:
                        statuses.append(r.status)
                assert statuses[:server_module.WRONG_CODES] == [403] * server_module.WRONG_CODES
                assert set(statuses[server_module.WRONG_CODES:]) == {429}
            async with aiohttp.ClientSession() as honest:
                code = t.hub.seats[1].code
                async with honest.get(f"{base}/j/{code.lower()}", allow_redirects=False) as r:
                    assert r.status == 302 and r.headers["Location"] == f"/S/{t.hub.seats[1].token}"
                async with honest.get(f"{base}/j/{code}", allow_redirects=False) as r:
                    assert r.status == 403                                    # good once

    asyncio.run(run())


def test_phone_security_binary_frames_are_refused():
    async def run():
        t = table()
        async with served(t) as base, aiohttp.ClientSession() as http:
            phone = await join(http, base, t.hub.seats[0].token)
            await phone.receive_json(timeout=5)
            await phone.ws.send_bytes(json.dumps({"type": "play", "key": "bid:300", "move": 0,
                                                  "device": phone.device}).encode() + b"x" * 1000)
            msg = await phone.receive(timeout=5)
            assert msg.type == aiohttp.WSMsgType.CLOSE and msg.data == aiohttp.WSCloseCode.UNSUPPORTED_DATA
            assert t.session.match.log.moves == []
            # and a binary hello is no hello
            other = await http.ws_connect(f"{base}/ws/{t.hub.seats[1].token}", origin=base)
            await other.send_bytes(b"\x00" * 100)
            msg = await other.receive(timeout=5)
            assert msg.type == aiohttp.WSMsgType.CLOSE and t.hub.seats[1].device is None

    asyncio.run(run())


def test_phone_security_json_nested_a_thousand_deep_is_refused_and_the_phone_plays_on():
    async def run():
        t = table()
        async with served(t) as base, aiohttp.ClientSession() as http:
            phone = await join(http, base, t.hub.seats[0].token)
            await phone.receive_json(timeout=5)
            await phone.send_str("[" * 1000 + "]" * 1000)
            assert (await phone.receive_json(timeout=5)) == {"type": "refused", "reason": "That message could not be read."}
            await phone.send_str('{"type": "play", "key": ' + "[" * 900 + "]" * 900 + "}")
            assert (await phone.receive_json(timeout=5))["type"] == "refused"
            await phone.send_json({"type": "play", "key": "bid:300", "move": 0})
            assert (await phone.receive_json(timeout=5))["private"] == ["Your bid: ¥300"]
            # a deep hello is refused too, as any unreadable hello is
            other = await http.ws_connect(f"{base}/ws/{t.hub.seats[1].token}", origin=base)
            await other.send_str('{"type": "hello", "device": ' + "[" * 1000 + "]" * 1000 + "}")
            assert (await other.receive_json(timeout=5))["type"] == "taken"

    asyncio.run(run())


@pytest.mark.parametrize("path", ["/S/%C3%A9", "/ws/%C3%A9", "/seat/%C3%A9", "/j/%C3%A9", "/S/%00", "/S/" + "A" * 5000,
                                  "/j/" + "%FF" * 40, "/phone/..%2Fhub.py", "/phone/%2e%2e/server.py", "/S/",
                                  "/S/a/b", "/ws/%F0%9F%98%80", "/%", "/S/AAAAAAAAAAAAAAAAAAAAAAAAAA"])
def test_phone_security_malformed_tokens_and_paths_are_answered_4xx(path):
    async def run():
        t = table()
        async with served(t):
            reader, writer = await asyncio.open_connection("127.0.0.1", t.server.port)
            writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{t.server.port}\r\n"
                         f"Origin: http://127.0.0.1:{t.server.port}\r\nConnection: close\r\n\r\n".encode())
            answer = await asyncio.wait_for(reader.read(), 5)
            writer.close()
            status = int(answer.split(b" ", 2)[1])
            assert 400 <= status < 500, (path, answer[:200])
            assert b"Traceback" not in answer and b"hub.py" not in answer

    asyncio.run(run())


@pytest.mark.parametrize("origin", ["http://evil.example", "null", "https://127.0.0.1:{port}", "http://127.0.0.1:1",
                                    "http://127.0.0.1.evil.example:{port}", ""])
def test_phone_security_a_socket_from_a_foreign_origin_gets_no_table(origin):
    async def run():
        t = table()
        async with served(t) as base, aiohttp.ClientSession() as http:
            headers = {"Origin": origin.format(port=t.server.port)} if origin else {}
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(f"{base}/ws/{t.hub.seats[0].token}", headers=headers)
            assert refused.value.status == 403 and t.hub.seats[0].device is None

    asyncio.run(run())


@pytest.mark.parametrize("host", ["evil.example", "evil.example:{port}", "127.0.0.1:1", "attacker.test:{port}", ""])
def test_phone_security_a_request_for_another_host_is_refused(host):
    """DNS rebinding: a page of another site, its name pointed at the kiosk, reads nothing."""
    async def run():
        t = table()
        async with served(t):
            reader, writer = await asyncio.open_connection("127.0.0.1", t.server.port)
            writer.write(f"GET /S/{t.hub.seats[0].token} HTTP/1.1\r\nHost: {host.format(port=t.server.port)}\r\n"
                         "Connection: close\r\n\r\n".encode())
            answer = await asyncio.wait_for(reader.read(), 5)
            writer.close()
            assert answer.split(b" ", 2)[1] in (b"421", b"400"), answer[:200]

    asyncio.run(run())


def test_phone_security_a_link_is_open_at_most_a_few_times_at_once():
    async def run():
        t = table()
        async with served(t) as base, aiohttp.ClientSession() as http:
            token = t.hub.seats[0].token
            aiko = device()
            tabs = [await join(http, base, token, aiko) for _ in range(server_module.PER_LINK)]
            for tab in tabs:
                assert (await tab.receive_json(timeout=5))["type"] == "table"
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await join(http, base, token, aiko)
            assert refused.value.status == 429
            await tabs[0].close()
            await asyncio.sleep(0.1)
            again = await join(http, base, token, aiko)
            assert (await again.receive_json(timeout=5))["type"] == "table"

    asyncio.run(run())


# ---- New code: the old phone's hold ends, even when it never reads ------------------------------

def never_reading_socket(port: int, token: str, secret: str) -> socket.socket:
    """A WebSocket opened by hand that says hello and then never reads a byte."""
    import base64
    import os
    s = socket.create_connection(("127.0.0.1", port))
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall((f"GET /ws/{token} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://127.0.0.1:{port}\r\n"
               f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
               "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += s.recv(1)
    assert answer.startswith(b"HTTP/1.1 101"), answer
    payload = json.dumps({"type": "hello", "device": secret}).encode()
    mask = os.urandom(4)
    s.sendall(bytes([0x81, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
    return s


def test_phone_security_new_code_cuts_off_an_old_phone_that_never_reads():
    async def run():
        t = table()
        async with served(t) as base:
            old, loop = device(), asyncio.get_running_loop()
            stuck = [await loop.run_in_executor(None, never_reading_socket, t.server.port, t.hub.seats[0].token, old)
                     for _ in range(3)]
            for _ in range(100):
                if t.hub.seats[0].connections == 3:
                    break
                await asyncio.sleep(0.02)
            assert t.hub.seats[0].connections == 3
            for _ in range(20):                      # tables it never reads lie in its buffers
                t.server.push(only=0)
                await asyncio.sleep(0)
            t.hub.issue(0)
            started = time.monotonic()
            await t.server.kick(0, "This seat has a new code.")
            assert time.monotonic() - started < server_module.SEND_SECONDS + 1.5
            for _ in range(100):
                if t.hub.seats[0].connections == 0 and not t.server.on_link.get(0):
                    break
                await asyncio.sleep(0.05)
            assert t.hub.seats[0].presence == "not joined yet" and t.server.on_link.get(0, 0) == 0
            async with aiohttp.ClientSession() as http:          # the new phone takes the seat
                new = await join(http, base, t.hub.seats[0].token)
                told = await new.receive_json(timeout=5)
                assert told["you"] == "Aiko" and told["your_turn"]
                assert t.hub.seats[0].presence == "joined" and t.hub.seats[0].connections == 1
                await new.close()
            for s in stuck:
                s.close()

    asyncio.run(run())


def test_phone_security_new_code_ends_the_old_phones_building():
    """A Tokyo Jutaku round live on two phones: Aiko's phone holds a piece; the operator gives
    her seat a new code; the piece goes back to the middle and her new phone starts empty-handed."""
    from tests.phone_client import said

    async def run():
        t = table("jutaku", 2, seed=3)
        session, match = t.session, t.session.match
        while match.rules.simultaneous(match.state) is None:           # both phones take a start card
            seat = match.to_act()[0]
            said(t.hub, seat, {"type": "play", "key": match.legal(seat)[0].key, "move": len(match.log.moves)})
        async with served(t) as base, aiohttp.ClientSession() as http:
            t.open_round(session, lambda: 1.0, [0, 1])
            old = await join(http, base, t.hub.seats[0].token, t.hub.seats[0].device)
            bench = (await old.receive_json(timeout=5))["build"]
            piece = bench["shelf"][0][0]
            await old.send_json({"type": "build", "do": "pick", "piece": piece})
            assert (await old.receive_json(timeout=5))["build"]["holding"]
            t.hub.issue(0)
            await t.server.kick(0, "This seat has a new code.")
            told = await messages(old)
            assert any(isinstance(m, dict) and m["type"] == "gone" for m in told)
            assert t.hub.benches[0].bench.held is None
            new = await join(http, base, t.hub.seats[0].token)
            fresh = (await new.receive_json(timeout=5))["build"]
            assert not fresh["holding"] and piece in [p for p, _, _ in fresh["shelf"]]
            await old.close()
            await new.close()

    asyncio.run(run())


# ---- HTTPS and WSS with the operator's certificate ----------------------------------------------

def test_phone_security_phones_are_served_over_https_and_wss_with_the_operators_certificate():
    async def run():
        t = table(tls=tls_context(str(TLS / "kiosk-test.pem"), str(TLS / "kiosk-test.key")), name="localhost")
        async with served(t):
            port = t.server.port
            link = t.server.link(0)
            assert link.startswith(f"HTTPS://LOCALHOST:{port}/S/")
            trust = ssl.create_default_context(cafile=str(TLS / "kiosk-test.pem"))
            base = f"https://localhost:{port}"
            async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(ssl=trust)) as http:
                async with http.get(f"{base}/S/{t.hub.seats[0].token}") as page:
                    assert page.status == 200 and "phone.js" in await page.text()
                phone = await join(http, base, t.hub.seats[0].token)
                assert (await phone.receive_json(timeout=5))["you"] == "Aiko"
                await phone.close()
            # plain HTTP to the HTTPS port gets nothing; nor does a client that does not trust it
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(f"GET /S/{t.hub.seats[0].token} HTTP/1.1\r\nHost: localhost:{port}\r\n\r\n".encode())
            answer = await asyncio.wait_for(reader.read(), 12)
            assert t.hub.seats[0].token.encode() not in answer and b"phone.js" not in answer
            writer.close()
            async with aiohttp.ClientSession() as untrusting:
                with pytest.raises(aiohttp.ClientConnectorCertificateError):
                    await untrusting.get(f"{base}/")

    asyncio.run(run())


def test_phone_security_a_bad_certificate_setting_is_refused_in_words(tmp_path):
    from kiosk.config import ConfigError, KioskConfig
    with pytest.raises(ConfigError, match="phone_certificate: there is no file"):
        KioskConfig.from_data({"phone_certificate": "nowhere.pem"}, str(tmp_path / "kiosk.toml"))
    with pytest.raises(ConfigError, match="phone_key needs phone_certificate"):
        KioskConfig.from_data({"phone_key": str(TLS / "kiosk-test.key")}, str(tmp_path / "kiosk.toml"))
    with pytest.raises(ConfigError, match="phone_name is a host name"):
        KioskConfig.from_data({"phone_name": "evil example/"}, str(tmp_path / "kiosk.toml"))
    (tmp_path / "kiosk.pem").write_text("not a certificate")
    config = KioskConfig.from_data({"phone_certificate": "kiosk.pem"}, str(tmp_path / "kiosk.toml"))
    assert config.phone_certificate == str(tmp_path / "kiosk.pem")
    with pytest.raises(ssl.SSLError):
        tls_context(config.phone_certificate, None)
