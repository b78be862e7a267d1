"""`tokyo serve`: the kiosk in a browser, driven over textual-serve's websocket.

The server runs as a subprocess on a free loopback port; the test fetches the page,
opens the websocket the page names, sees the menu, presses F1 and sees the rules come
back, then opens the build practice (drawn in half-block pixels, "\u2580") and drops a piece. The server and the kiosk it started are stopped afterwards, whatever happens.
"""

from __future__ import annotations

import asyncio
import codecs
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import aiohttp

from tokyo.cli import build_parser
from kiosk.serve import kiosk_command

ANSI = re.compile(r"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-B]|[=>NOPM78c])")
F1 = "\x1bOP"
DOWN, ENTER, ESC, TAB = "\x1b[B", "\r", "\x1b", "\t"
LIMIT = 40.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Terminal:
    """The terminal's output as plain text, stripped as it comes in: each frame once, not the
    whole stream again at every frame."""

    def __init__(self):
        self.clear()

    def clear(self) -> None:
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self.raw = ""       # not stripped yet: from the last ESC on, a sequence may be cut short
        self.text = ""

    def feed(self, data: bytes) -> None:
        self.raw += self.decoder.decode(data)
        cut = self.raw.rfind("\x1b")
        cut = len(self.raw) if cut < 0 else cut
        self.text += ANSI.sub("", self.raw[:cut])
        self.raw = self.raw[cut:]

    def since(self, start: int) -> str:
        return self.text[start:] + ANSI.sub("", self.raw)


async def read_until(ws, seen: Terminal, *texts: str) -> None:
    """Collect the terminal output until every text has appeared; fail after LIMIT seconds."""
    deadline = time.monotonic() + LIMIT
    overlap = max(map(len, texts))
    start, missing = 0, list(texts)
    while True:
        new = seen.since(start)             # what came since the last look, and a text's length before
        missing = [t for t in missing if t not in new]
        if not missing:
            return
        start = max(0, len(seen.text) - overlap)
        left = deadline - time.monotonic()
        assert left > 0, f"timed out waiting for {missing!r}; saw {seen.since(0)[-400:]!r}"
        try:
            # not ws.receive(timeout=left): that timeout starts again at every ping the server's
            # heartbeat sends (each 15 s), so a quiet server kept the test waiting for minutes
            msg = await asyncio.wait_for(ws.receive(), left)
        except asyncio.TimeoutError:
            raise AssertionError(f"timed out waiting for {missing!r}; saw {seen.since(0)[-400:]!r}") from None
        if msg.type == aiohttp.WSMsgType.BINARY:
            seen.feed(msg.data)
        elif msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
            raise AssertionError(f"the websocket closed; saw {seen.since(0)[-400:]!r}")


async def browse(port: int) -> None:
    url = f"http://127.0.0.1:{port}/"
    async with aiohttp.ClientSession() as session:
        deadline = time.monotonic() + LIMIT
        while True:
            try:
                async with session.get(url, timeout=aiohttp.ClientTimeout(total=10)) as resp:
                    status, page = resp.status, await resp.text()
                break
            except (aiohttp.ClientConnectionError, asyncio.TimeoutError):
                assert time.monotonic() < deadline, "the server did not start"
                await asyncio.sleep(0.1)
        assert status == 200 and "Tokyo Series Kiosk" in page
        ws_url = re.search(r'data-session-websocket-url="([^"]+)"', page).group(1)
        assert ws_url == f"ws://127.0.0.1:{port}/ws"
        async with session.ws_connect(f"{ws_url}?width=110&height=32") as ws:
            seen = Terminal()
            await read_until(ws, seen, "Tokyo Series Kiosk", "Chocolate Milk", "f1 How to play")
            await ws.send_json(["stdin", DOWN + F1])        # Chocolate Milk is second, after Bottle Bonus
            await read_until(ws, seen, "How to play Chocolate Milk")
            await ws.send_json(["stdin", ESC])
            seen.clear()
            await ws.send_json(["stdin", DOWN * 6 + ENTER])   # Countdown, Izakaya, Shopping Spree, Tokyo Jutaku,
            # Tsukiji, Practice: building
            await read_until(ws, seen, "Build practice", "Pieces in the middle", "69", "\u2580")
            seen.clear()
            await ws.send_json(["stdin", ENTER + ENTER])            # the highlighted piece into the hand, dropped
            await read_until(ws, seen, "placed piece 1 (a cube) on floor 1")


def test_serve_shows_the_menu_in_a_browser_session(tmp_path):
    port = free_port()
    tokyo = Path(sys.executable).parent / "tokyo"
    # the keys are sent the moment the text they wait for is drawn, quicker than any person:
    # the pause after a screen comes up (kiosk.guard) is off here, as in the other tests
    (tmp_path / "k.toml").write_text("key_pause = 0\n", encoding="utf-8")
    env = dict(os.environ, TOKYO_DATA=str(tmp_path / "data"), TOKYO_CONFIG=str(tmp_path / "k.toml"))
    server = subprocess.Popen([str(tokyo), "serve", "--port", str(port)], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    try:
        asyncio.run(asyncio.wait_for(browse(port), 4 * LIMIT))    # a real bound, whatever hangs
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=15)
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)  # the group holds only this server and its kiosk
            server.wait()
        server.stderr.close()
    assert server.returncode is not None


def test_serve_listens_on_loopback_by_default():
    args = build_parser().parse_args(["serve", "--port", "8123"])
    assert (args.host, args.port, args.lock) == ("127.0.0.1", 8123, False)
    assert kiosk_command().endswith(" -m tokyo kiosk --phone-port 0") and \
        kiosk_command(lock=True).endswith(" -m tokyo kiosk --phone-port 0 --lock")
