"""The phones' server's door: every connection counted before it may cost anything.

A café's network holds strangers. The door caps the connections open at once, in all and
from one client address, under a share of the process's open-file limit, so the kiosk's
autosave and screen always have files to spare; a connection over a cap is reset at once.
A request whose headers have not arrived `HEADER_SECONDS` after it connected is cut off
(slow, half-sent requests wear nothing down), and with a certificate the TLS handshake is
done inside the door, under the same caps and the same deadline.

It stands in front of aiohttp's own protocol (the runner's `server`), handing it the
transport and every byte unchanged; it knows nothing of HTTP but where the headers end.
"""

from __future__ import annotations

import asyncio
import resource
import ssl

#: at most so many connections at once, in all ...
MOST = 256
#: ... and never more than this share of the process's limit of open files
SHARE_OF_FILES = 4
#: ... and from one client address (a phone's page, its files and its socket need a few)
PER_ADDRESS = 16
#: a request's headers (and, with TLS, its handshake) must arrive within this
HEADER_SECONDS = 10.0
END_OF_HEADERS = b"\r\n\r\n"
#: bytes kept for aiohttp while it takes over from the TLS handshake
EARLY_BYTES = 64 * 1024


def most_connections() -> int:
    """The cap in all: `MOST`, or a quarter of the open-file limit where that is lower."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return MOST
    return max(8, min(MOST, soft // SHARE_OF_FILES))


class Door:
    """A protocol factory for `loop.create_server`: each connection a `Doorway` over the
    protocol `inner()` makes (aiohttp's)."""

    def __init__(self, inner, *, tls: ssl.SSLContext | None = None, most: int | None = None,
                 per_address: int | None = None, header_seconds: float | None = None):
        self.inner = inner
        self.tls = tls
        self.most = most_connections() if most is None else most
        self.per_address = PER_ADDRESS if per_address is None else per_address
        self.header_seconds = HEADER_SECONDS if header_seconds is None else header_seconds
        self.open: set[Doorway] = set()
        self.by_address: dict[str, int] = {}
        #: the open connections whose first request's headers are not in yet, oldest first
        self.waiting: dict[Doorway, None] = {}
        #: connections come to the door, reset there (over a cap), given up for a newer one
        #: when the door was full, and cut off for slow headers, so far
        self.seen = 0
        self.turned_away = 0
        self.evicted = 0
        self.too_slow = 0

    def __call__(self) -> "Doorway":
        return Doorway(self)

    def admit(self, way: "Doorway", address: str) -> bool:
        self.seen += 1
        if self.by_address.get(address, 0) >= self.per_address:
            self.turned_away += 1
            return False
        if len(self.open) >= self.most:
            if not self.waiting:
                self.turned_away += 1
                return False
            oldest = next(iter(self.waiting))
            self.evicted += 1
            oldest.cut()
            self.leave(oldest, oldest.address)      # its place is free now, whenever it closes
        self.open.add(way)
        self.waiting[way] = None
        self.by_address[address] = self.by_address.get(address, 0) + 1
        return True

    def headers_in(self, way: "Doorway") -> None:
        self.waiting.pop(way, None)

    def leave(self, way: "Doorway", address: str) -> None:
        self.waiting.pop(way, None)
        if way in self.open:
            self.open.discard(way)
            left = self.by_address[address] - 1
            if left:
                self.by_address[address] = left
            else:
                del self.by_address[address]

    def close_all(self) -> None:
        """The server has stopped: whatever is still open is cut off."""
        for way in list(self.open):
            way.cut()


class Doorway(asyncio.Protocol):
    """One connection: counted, timed until its headers are in, then aiohttp's."""

    def __init__(self, door: Door):
        self.door = door
        self.address = ""
        self.transport: asyncio.Transport | None = None
        self.inner: asyncio.Protocol | None = None
        self.deadline: asyncio.TimerHandle | None = None
        self.tail = b""
        self.gone = False
        self.handshake: asyncio.Task | None = None
        #: what arrived between the end of the handshake and aiohttp's taking over
        self.early = bytearray()

    def connection_made(self, transport) -> None:
        peer = transport.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        if not self.door.admit(self, self.address):
            transport.abort()
            self.gone = True
            return
        self.transport = transport
        loop = asyncio.get_running_loop()
        self.deadline = loop.call_later(self.door.header_seconds, self._too_slow)
        if self.door.tls is None:
            self._begin(transport)
        else:
            transport.pause_reading()           # the handshake reads first (loop.start_tls)
            self.handshake = loop.create_task(self._handshake(transport))

    async def _handshake(self, transport) -> None:
        loop = asyncio.get_running_loop()
        try:
            secure = await loop.start_tls(transport, self, self.door.tls, server_side=True,
                                          ssl_handshake_timeout=self.door.header_seconds)
        except (OSError, ssl.SSLError, asyncio.TimeoutError, ConnectionError, RuntimeError):
            self.cut()
            self.connection_lost(None)          # counted out even if nobody says it closed
            return
        if self.gone or secure is None:
            return
        self.transport = secure
        self._begin(secure)

    def _begin(self, transport) -> None:
        self.inner = self.door.inner()
        self.inner.connection_made(transport)
        if self.early:
            early, self.early = bytes(self.early), bytearray()
            self.inner.data_received(early)

    def _too_slow(self) -> None:
        self.deadline = None
        self.door.too_slow += 1
        self.cut()

    def cut(self) -> None:
        if self.transport is not None and not self.gone:
            self.transport.abort()

    def data_received(self, data: bytes) -> None:
        if self.deadline is not None:
            seen = self.tail + data
            if END_OF_HEADERS in seen:
                self.deadline.cancel()
                self.deadline = None
                self.tail = b""
                self.door.headers_in(self)
            else:
                self.tail = seen[-(len(END_OF_HEADERS) - 1):]
        if self.inner is not None:
            self.inner.data_received(data)
        elif len(self.early) + len(data) <= EARLY_BYTES:
            self.early += data              # the request, sent as the handshake ended
        else:
            self.cut()

    def eof_received(self):
        return self.inner.eof_received() if self.inner is not None else None

    def pause_writing(self) -> None:
        if self.inner is not None:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.inner is not None:
            self.inner.resume_writing()

    def connection_lost(self, exc) -> None:
        if self.gone:
            return
        self.gone = True
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None
        self.door.leave(self, self.address)
        if self.inner is not None:
            self.inner.connection_lost(exc)
            self.inner = None
