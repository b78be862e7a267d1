"""The phones' web server, in the kiosk's own process and event loop (aiohttp).

`GET /S/TOKEN` (or /seat/TOKEN) is a seat's page (kiosk/phones/page), `GET /ws/TOKEN` its
WebSocket;
`GET /j/CODE` turns a short code typed by hand into the seat's link, once. Without a
living token nothing but the "scan the code on the screen" page is served. After every
move the kiosk calls `push`, and each phone gets its own seat's table, pushed, never
polled; a slow or gone phone is skipped, never waited for.
"""

from __future__ import annotations

import asyncio
import json
import socket
import time
from pathlib import Path

from aiohttp import WSMsgType, web

from .hub import MAX_MESSAGE, Gate, Hub, Refused

PAGE = Path(__file__).parent / "page"
STATIC = {"phone.css": "text/css", "phone.js": "text/javascript"}
#: so many wrong short codes a minute, from anywhere, close the short codes for a minute
WRONG_CODES = 20
SEND_SECONDS = 2.0


def shown_host(host: str) -> str:
    """The address phones use: this computer's address on its network when the server
    listens on every network (0.0.0.0), else the address it listens on."""
    if host not in ("0.0.0.0", "::", ""):
        return host
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))     # no packet is sent: this only picks a route
            return s.getsockname()[0]
    except OSError:
        return socket.gethostname()


class PhoneServer:
    """The web server of one match's phone seats."""

    def __init__(self, hub: Hub, host: str = "127.0.0.1", port: int = 0, on_presence=lambda: None):
        self.hub = hub
        #: told when a phone joins or drops (the shared screen's waiting line says who is there)
        self.on_presence = on_presence
        self.host = host
        self.port = port
        self.sockets: dict[int, set[web.WebSocketResponse]] = {}
        self.wrong_codes: list[float] = []
        self._runner: web.AppRunner | None = None
        self._tasks: set[asyncio.Task] = set()

    # ---- lifecycle ------------------------------------------------------------------------

    def app(self) -> web.Application:
        app = web.Application(client_max_size=MAX_MESSAGE)
        app.add_routes([web.get("/", self._scan), web.get("/S/{token}", self._seat),
                        web.get("/seat/{token}", self._seat), web.get("/phone/{name}", self._static),
                        web.get("/j/{code}", self._code),
                        web.get("/ws/{token}", self._socket)])
        return app

    async def start(self) -> None:
        self._runner = web.AppRunner(self.app(), access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        if self.port == 0:
            self.port = self._runner.addresses[0][1]

    async def stop(self) -> None:
        for seat in list(self.sockets):
            await self.kick(seat, self.hub.closed_reason or "The kiosk has closed this game.")
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # ---- addresses ------------------------------------------------------------------------

    def base(self) -> str:
        return f"http://{shown_host(self.host)}:{self.port}"

    def link(self, seat: int) -> str:
        """The seat's link, in capitals (a QR code's alphanumeric mode; the scheme and the
        host are read alike in any case)."""
        return f"{self.base()}/S/{self.hub.seats[seat].token}".upper()

    def short_link(self, seat: int) -> str | None:
        code = self.hub.seats[seat].code
        return None if code is None else f"{self.base()}/j/{code}"

    # ---- pushing --------------------------------------------------------------------------

    def push(self, only: int | None = None) -> None:
        """Send every connected phone (or `only` that seat's) its seat's table as it stands now."""
        for seat, sockets in list(self.sockets.items()):
            if not sockets or seat not in self.hub.seats or only not in (None, seat):
                continue
            text = json.dumps(self.hub.table_for(seat), separators=(",", ":"))
            for ws in list(sockets):
                self._spawn(self._send(ws, text))

    async def kick(self, seat: int, reason: str) -> None:
        """Tell `seat`'s phones their link is dead, and close them."""
        for ws in list(self.sockets.pop(seat, ())):
            try:
                await asyncio.wait_for(ws.send_json({"type": "gone", "reason": reason}), SEND_SECONDS)
                await ws.close()
            except (asyncio.TimeoutError, ConnectionError, RuntimeError):
                pass

    def _spawn(self, coro) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _send(self, ws: web.WebSocketResponse, text: str) -> None:
        try:
            await asyncio.wait_for(ws.send_str(text), SEND_SECONDS)
        except (asyncio.TimeoutError, ConnectionError, RuntimeError):
            await ws.close()

    # ---- routes ---------------------------------------------------------------------------

    async def _scan(self, request: web.Request, status: int = 200) -> web.Response:
        return web.Response(body=(PAGE / "scan.html").read_bytes(), status=status,
                            content_type="text/html", charset="utf-8")

    async def _seat(self, request: web.Request) -> web.Response:
        if self.hub.seat_of(request.match_info["token"]) is None:
            return await self._scan(request, status=403)
        return web.Response(body=(PAGE / "phone.html").read_bytes(), content_type="text/html", charset="utf-8",
                            headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"})

    async def _static(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if name not in STATIC:
            raise web.HTTPNotFound()
        return web.Response(body=(PAGE / name).read_bytes(), content_type=STATIC[name], charset="utf-8")

    async def _code(self, request: web.Request) -> web.Response:
        now = time.monotonic()
        self.wrong_codes = [t for t in self.wrong_codes if now - t < 60]
        if len(self.wrong_codes) >= WRONG_CODES:
            return web.Response(status=429, text="Too many wrong codes: scan the code on the kiosk's screen.")
        token = self.hub.redeem(request.match_info["code"][:32])
        if token is None:
            self.wrong_codes.append(now)
            return await self._scan(request, status=403)
        raise web.HTTPFound(f"/S/{token}")

    async def _socket(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=MAX_MESSAGE, heartbeat=20)
        await ws.prepare(request)
        seat = self.hub.seat_of(request.match_info["token"])
        if seat is None:
            await ws.send_json({"type": "gone", "reason": "This link holds no seat now: scan the code on the "
                                                          "kiosk's screen."})
            await ws.close()
            return ws
        phone = self.hub.seats[seat]
        phone.connections += 1
        phone.joined = True
        phone.last_seen = time.time()
        self.sockets.setdefault(seat, set()).add(ws)
        self.on_presence()
        gate = Gate()
        try:
            await ws.send_str(json.dumps(self.hub.table_for(seat), separators=(",", ":")))
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    if msg.type in (WSMsgType.ERROR, WSMsgType.CLOSE):
                        break
                    continue
                now = time.monotonic()
                phone.last_seen = time.time()
                if not gate.admit(now):
                    if gate.refuse(now):
                        break
                    continue
                try:
                    self.hub.receive(seat, msg.data)
                    if seat in self.hub.benches:    # the building in its hand moved: it sees it
                        self.push(only=seat)
                except Refused as e:
                    if gate.refuse(now):
                        break
                    await ws.send_json({"type": "refused", "reason": str(e)})
        except ConnectionError:
            pass
        finally:
            self.sockets.get(seat, set()).discard(ws)
            phone.connections = max(0, phone.connections - 1)   # this link's phone (a new code has its own)
            await ws.close()
            self.on_presence()
        return ws
