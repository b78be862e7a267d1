"""The phones' web server, in the kiosk's own process and event loop (aiohttp).

`GET /S/TOKEN` (or /seat/TOKEN) is a seat's page (kiosk/phones/page), `GET /ws/TOKEN` its
WebSocket; `GET /j/CODE` turns a short code typed by hand into the seat's link, once.
Without a living token nothing but the "scan the code on the screen" page is served. After
every move the kiosk calls `push`, and each phone gets its own seat's table, pushed, never
polled; a slow or gone phone is skipped, never waited for.

The server is meant for strangers at the next table (kiosk.phones.door keeps the
connections): requests come from the kiosk's own addresses only (Host and Origin), a
socket says which phone it is before it is told anything (`Hub.claim`), text frames only,
so many a second, each link open at most `PER_LINK` times; wrong short codes are counted
per client address, so one guesser locks out only themselves. With a certificate
(kiosk.toml) everything goes over HTTPS and WSS.
"""

from __future__ import annotations

import asyncio
import json
import socket
import ssl
import time
from pathlib import Path

from aiohttp import WSCloseCode, WSMsgType, web
from yarl import URL

from .door import Door
from .hub import MAX_MESSAGE, Gate, Hub, Refused, read

PAGE = Path(__file__).parent / "page"
STATIC = {"phone.css": "text/css", "phone.js": "text/javascript"}
#: so many wrong short codes a minute from one address close the short codes to it for a minute
WRONG_CODES = 20
#: at most so many addresses' wrong codes are remembered (the oldest are forgotten first)
WRONG_CODE_ADDRESSES = 4096
SEND_SECONDS = 2.0
#: a phone's socket says which phone it is (its "hello") within this, or is closed
HELLO_SECONDS = 5.0
#: sockets open on one link at once (a phone reconnecting may briefly have two)
PER_LINK = 3
#: a kept-alive connection with no request is closed after this
IDLE_SECONDS = 15.0
LOOPBACK = {"127.0.0.1", "localhost", "::1"}


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


def tls_context(certificate: str, key: str | None) -> ssl.SSLContext:
    """The server's TLS from the operator's certificate (PEM, its chain after it) and key."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(certificate, key or None)
    return context


class PhoneServer:
    """The web server of one match's phone seats. `tls` serves HTTPS and WSS; `name` is the
    host name the links carry (a local name the certificate is for), else the address."""

    def __init__(self, hub: Hub, host: str = "127.0.0.1", port: int = 0, on_presence=lambda: None, *,
                 tls: ssl.SSLContext | None = None, name: str | None = None):
        self.hub = hub
        #: told when a phone joins or drops (the shared screen's waiting line says who is there)
        self.on_presence = on_presence
        self.host = host
        self.port = port
        self.tls = tls
        self.name = name
        #: each seat's phone sockets that hold it, and what each runs over (to cut it off)
        self.sockets: dict[int, set[web.WebSocketResponse]] = {}
        self.transports: dict[web.WebSocketResponse, asyncio.BaseTransport] = {}
        #: the hold each socket was opened under (a new code is a new hold: the old sockets
        #: are told nothing more)
        self.holds: dict[web.WebSocketResponse, object] = {}
        #: sockets open on each seat's link, held or not yet
        self.on_link: dict[int, int] = {}
        self.wrong_codes: dict[str, list[float]] = {}
        self.door: Door | None = None
        self._runner: web.AppRunner | None = None
        self._listener: asyncio.AbstractServer | None = None
        self._tasks: set[asyncio.Task] = set()
        self._hosts: set[str] = set()

    # ---- lifecycle ------------------------------------------------------------------------

    def app(self) -> web.Application:
        # The Host and Origin check wraps each route rather than being a middleware: aiohttp
        # keeps middleware chains in a module-wide cache keyed by handler, which would keep
        # this server (and its match) alive after the match is left.
        app = web.Application(client_max_size=MAX_MESSAGE)
        ours = self._ours
        app.add_routes([web.get("/", ours(self._scan)), web.get("/S/{token}", ours(self._seat)),
                        web.get("/seat/{token}", ours(self._seat)), web.get("/phone/{name}", ours(self._static)),
                        web.get("/j/{code}", ours(self._code)),
                        web.get("/ws/{token}", ours(self._socket))])
        return app

    async def start(self) -> None:
        self._runner = web.AppRunner(self.app(), access_log=None, handle_signals=False,
                                     keepalive_timeout=IDLE_SECONDS, max_line_size=2048,
                                     max_field_size=4096, max_headers=40)
        await self._runner.setup()
        self.door = Door(self._runner.server, tls=self.tls)
        loop = asyncio.get_running_loop()
        try:
            self._listener = await loop.create_server(self.door, self.host or None, self.port, backlog=min(128, self.door.most),
                                                      reuse_address=True)
        except BaseException:
            await self._runner.cleanup()
            self._runner = None
            raise
        if self.port == 0:
            self.port = self._listener.sockets[0].getsockname()[1]
        self._hosts = {h.lower() for h in (LOOPBACK | {shown_host(self.host), self.host, self.name or ""}) if h}

    async def stop(self) -> None:
        for seat in list(self.sockets):
            await self.kick(seat, self.hub.closed_reason or "The kiosk has closed this game.")
        if self._listener is not None:
            self._listener.close()
            self._listener = None
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        if self.door is not None:
            self.door.close_all()
        for task in list(self._tasks):
            task.cancel()
        self._tasks.clear()
        self.transports.clear()
        self.holds.clear()
        self.wrong_codes.clear()

    # ---- addresses ------------------------------------------------------------------------

    @property
    def scheme(self) -> str:
        return "https" if self.tls is not None else "http"

    def base(self) -> str:
        host = self.name or shown_host(self.host)
        if ":" in host:
            host = f"[{host}]"
        return f"{self.scheme}://{host}:{self.port}"

    def link(self, seat: int) -> str:
        """The seat's link, in capitals (a QR code's alphanumeric mode; the scheme and the
        host are read alike in any case)."""
        return f"{self.base()}/S/{self.hub.seats[seat].token}".upper()

    def short_link(self, seat: int) -> str | None:
        code = self.hub.seats[seat].code
        return None if code is None else f"{self.base()}/j/{code}"

    def ours(self, host: str | None, port: int | None) -> bool:
        """`host:port` is one of the kiosk's own addresses (what a request's Host or Origin
        names); a page from anywhere else, or a rebound name, is refused."""
        return host is not None and host.strip("[]").lower() in self._hosts and port == self.port

    def _ours(self, handler):
        """`handler`, answering only requests for the kiosk's own address from its own page."""
        async def checked(request: web.Request):
            refusal = self._refusal(request)
            return refusal if refusal is not None else await handler(request)
        return checked

    def _refusal(self, request: web.Request) -> web.Response | None:
        try:
            url = URL(f"{self.scheme}://{request.headers.get('Host', '')}")
            host, port = url.host, url.port
        except ValueError:
            host = port = None
        if not self.ours(host, port):
            return web.Response(status=421, text="This is not the kiosk's address.")
        origin = request.headers.get("Origin")
        if origin is not None or request.path.startswith("/ws/"):
            try:
                url = URL(origin or "")
                fine = url.scheme == self.scheme and self.ours(url.host, url.port)
            except ValueError:
                fine = False
            if not fine:
                return web.Response(status=403, text="Only the kiosk's own phone page may connect.")
        return None

    # ---- pushing --------------------------------------------------------------------------

    def push(self, only: int | None = None) -> None:
        """Send every connected phone (or `only` that seat's) its seat's table as it stands now."""
        for seat, sockets in list(self.sockets.items()):
            if not sockets or seat not in self.hub.seats or only not in (None, seat):
                continue
            phone = self.hub.seats[seat]
            text = json.dumps(self.hub.table_for(seat), separators=(",", ":"))
            for ws in list(sockets):
                if self.holds.get(ws) is phone:
                    self._spawn(self._send(ws, text))

    async def kick(self, seat: int, reason: str) -> None:
        """Tell `seat`'s phones their link is dead, and close them, all at once: a phone that
        does not read is cut off after `SEND_SECONDS`."""
        sockets = list(self.sockets.pop(seat, ()))
        await asyncio.gather(*(self._close(ws, {"type": "gone", "reason": reason}) for ws in sockets))

    async def _close(self, ws: web.WebSocketResponse, last: dict | None = None,
                     code: int = WSCloseCode.OK) -> None:
        try:
            async with asyncio.timeout(SEND_SECONDS):
                if last is not None:
                    await ws.send_json(last)
                await ws.close(code=code)
        except (asyncio.TimeoutError, ConnectionError, RuntimeError):
            self._cut(ws)

    def _cut(self, ws: web.WebSocketResponse) -> None:
        transport = self.transports.pop(ws, None)
        if transport is not None:
            transport.abort()

    def _spawn(self, coro) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _send(self, ws: web.WebSocketResponse, text: str) -> None:
        """One table to one phone: written at once (no task of its own in between, so it goes
        out before the screen redraws), cut off if the phone has not taken it in time."""
        try:
            async with asyncio.timeout(SEND_SECONDS):
                await ws.send_str(text)
        except (asyncio.TimeoutError, ConnectionError, RuntimeError):
            self._cut(ws)

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
        address = request.remote or "?"
        wrong = [t for t in self.wrong_codes.get(address, ()) if now - t < 60]
        if len(wrong) >= WRONG_CODES:
            return web.Response(status=429, text="Too many wrong codes: scan the code on the kiosk's screen.")
        token = self.hub.redeem(request.match_info["code"][:32])
        if token is None:
            self.wrong_codes.pop(address, None)
            self.wrong_codes[address] = wrong + [now]
            while len(self.wrong_codes) > WRONG_CODE_ADDRESSES:
                del self.wrong_codes[next(iter(self.wrong_codes))]
            return await self._scan(request, status=403)
        raise web.HTTPFound(f"/S/{token}")

    async def _socket(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=MAX_MESSAGE, heartbeat=20)
        seat = self.hub.seat_of(request.match_info["token"])
        if seat is not None and self.on_link.get(seat, 0) >= PER_LINK:
            return web.Response(status=429, text="This seat's link is open too often at once.")
        await ws.prepare(request)
        if seat is None:
            await self._close(ws, {"type": "gone", "reason": "This link holds no seat now: scan the code on the "
                                                             "kiosk's screen."})
            return ws
        self.transports[ws] = request.transport
        self.on_link[seat] = self.on_link.get(seat, 0) + 1
        try:
            await self._serve(ws, seat)
        finally:
            self.on_link[seat] -= 1
            if not self.on_link[seat]:
                del self.on_link[seat]
            self.transports.pop(ws, None)
        return ws

    async def _hello(self, ws: web.WebSocketResponse, seat: int) -> bool:
        """The socket's first message says which phone it is: True when that phone holds the
        seat (or takes it now, the first to come); else it is told the seat is taken."""
        try:
            msg = await ws.receive(timeout=HELLO_SECONDS)
        except asyncio.TimeoutError:
            await self._close(ws, code=WSCloseCode.POLICY_VIOLATION)
            return False
        if msg.type != WSMsgType.TEXT:
            await self._close(ws, code=WSCloseCode.UNSUPPORTED_DATA)
            return False
        try:
            hello = read(msg.data)
        except Refused:
            hello = {}
        if hello.get("type") != "hello" or not self.hub.claim(seat, hello.get("device")):
            name = self.hub.names[seat]
            await self._close(ws, {"type": "taken", "reason": f"{name}'s seat is held by another phone, so this "
                                                              "phone is shown nothing of it."})
            return False
        return True

    async def _serve(self, ws: web.WebSocketResponse, seat: int) -> None:
        if not await self._hello(ws, seat):
            return
        phone = self.hub.seats.get(seat)
        if phone is None:               # handed elsewhere while it said hello
            await self._close(ws, {"type": "gone", "reason": "This seat is no longer played on a phone."})
            return
        phone.connections += 1
        phone.joined = True
        phone.last_seen = time.time()
        self.sockets.setdefault(seat, set()).add(ws)
        self.holds[ws] = phone
        self.on_presence()
        gate = Gate()
        try:
            await ws.send_str(json.dumps(self.hub.table_for(seat), separators=(",", ":")))
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    if msg.type == WSMsgType.BINARY:         # refused: a phone only ever sends text
                        await self._close(ws, code=WSCloseCode.UNSUPPORTED_DATA)
                    break
                if self.hub.seats.get(seat) is not phone:    # a new code: this phone's hold has ended
                    await self._close(ws, {"type": "gone", "reason": "This seat has a new code."})
                    break
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
            held = self.sockets.get(seat)
            if held is not None:
                held.discard(ws)
            self.holds.pop(ws, None)
            phone.connections = max(0, phone.connections - 1)   # this link's phone (a new code has its own)
            await self._close(ws)
            self.on_presence()
