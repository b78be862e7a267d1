"""A phone as the tests play it: what the phone page (kiosk/phones/page/phone.js) does on the
wire. It opens the seat's socket from the kiosk's own page (its Origin), says its device
secret first, and sends that secret with every message."""

from __future__ import annotations

import secrets

import aiohttp


def device() -> str:
    """A device secret as a phone's page makes one (128 bits, hex)."""
    return secrets.token_hex(16)


class Phone:
    """One phone's socket on a seat's link."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse, secret: str):
        self.ws = ws
        self.device = secret

    async def send_json(self, message: dict) -> None:
        await self.ws.send_json(dict(message, device=self.device))

    async def send_str(self, text: str) -> None:
        await self.ws.send_str(text)

    async def receive_json(self, timeout: float | None = None) -> dict:
        return await self.ws.receive_json(timeout=timeout)

    async def receive(self, timeout: float | None = None):
        return await self.ws.receive(timeout=timeout)

    async def close(self) -> None:
        await self.ws.close()

    def __aiter__(self):
        return self.ws.__aiter__()

    @property
    def closed(self) -> bool:
        return self.ws.closed


async def join(http: aiohttp.ClientSession, base: str, token: str, secret: str | None = None, **kw) -> Phone:
    """Open `token`'s socket on the kiosk at `base` (http://host:port) as the phone `secret`
    (a new phone when None) and say hello."""
    ws = await http.ws_connect(f"{base}/ws/{token}", origin=base, **kw)
    phone = Phone(ws, secret or device())
    await ws.send_json({"type": "hello", "device": phone.device})
    return phone


def said(hub, seat: int, message: dict) -> None:
    """`message` from the phone that holds `seat`, handed to the hub as the server would (a
    test phone takes the seat first if none holds it)."""
    import json
    phone = hub.seats[seat]
    if phone.device is None:
        assert hub.claim(seat, device())
    hub.receive(seat, json.dumps(dict(message, device=phone.device)))
