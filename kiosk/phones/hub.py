"""Which phone holds which seat, what each phone is told, and what it may send.

The hub knows no network: `server` hands it each message a phone sends and sends what it
answers. A phone is told its own seat's view only (`table_for`: the match's `view(seat)`,
that seat's legal moves, the public log), so nothing another seat keeps secret can reach
it. What a phone sends is checked like a hostile save: a size limit, one JSON object of
one known shape, a move that is legal now for its seat and the table it was shown; a
move passes through the kiosk's own `play` (the play screen's Match.play, with its
refusals, log, undo and autosave). A phone that floods gets refused, then cut off,
without the others noticing.

Tokens: each phone seat's link carries `TOKEN_BYTES` random bytes (128 bits) in base32,
capitals and digits, which a QR code holds in its compact alphanumeric mode (the code stays
small enough for an 80×24 screen); and a short code to type instead, good once. A token
dies when its seat is handed back to the kiosk, gets a new code, or the match ends (`close`).

A link belongs to one phone: the page keeps a device secret of its own and says it first
(`claim`) and with every message. The first phone to claim a seat holds it; another phone
on the same link is told the seat is taken and is offered nothing, and the kiosk hears of it
(`on_intruder`). Only the operator's New code (`issue`) hands the seat to another phone.
"""

from __future__ import annotations

import base64
import json
import re
import secrets
import time
from dataclasses import dataclass, field
from typing import Callable

from core.errors import IllegalMove

from ..privacy import amount_choices
from ..words import named

TOKEN_BYTES = 16
#: a token as `issue` writes it: base32 without its padding (26 characters for 16 bytes)
TOKEN = re.compile(r"[A-Z2-7]{%d}" % -(-TOKEN_BYTES * 8 // 5))
#: a phone's device secret, as the page makes it: 128 random bits in hex
DEVICE = re.compile(r"[0-9a-f]{32}")
#: a short code to type instead of scanning: letters and digits nobody misreads
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8
MAX_MESSAGE = 2048
MAX_KEY = 200
#: how deep a message's JSON may nest (a move is one flat object)
MAX_DEPTH = 3
LOG_LINES = 20
#: a phone may send this many messages in a burst, refilled at RATE a second
BURST = 20
RATE = 10.0
#: so many refused or malformed messages within FLOOD_WINDOW seconds cut a phone off
FLOOD_LIMIT = 30
FLOOD_WINDOW = 10.0
#: a phone's choice of the lot for a one-piece build: "@lot/<move key>/<lot id>", a key no
#: game's move has (game keys never start with "@")
LOT = "@lot/"


class Refused(Exception):
    """A message from a phone that is not acted on; the words go back to that phone."""


@dataclass
class PhoneSeat:
    seat: int
    token: str
    code: str | None
    connections: int = 0
    last_seen: float = 0.0
    #: a phone has opened this link at least once (so none now means it dropped)
    joined: bool = False
    #: the device secret of the phone that holds this seat (None until one claims it)
    device: str | None = None
    #: other phones that tried this seat's link after it was taken
    intruders: int = 0

    @property
    def presence(self) -> str:
        """'joined', 'not joined yet' or 'dropped': what the shared screen says of it."""
        if self.connections > 0:
            return "joined"
        return "dropped" if self.joined else "not joined yet"


@dataclass
class Gate:
    """One connection's allowance: a token bucket, and its recent refusals."""
    tokens: float = BURST
    at: float = field(default_factory=time.monotonic)
    refusals: list[float] = field(default_factory=list)

    def admit(self, now: float) -> bool:
        self.tokens = min(BURST, self.tokens + (now - self.at) * RATE)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def refuse(self, now: float) -> bool:
        """Count a refusal; True when the connection has earned being cut off."""
        self.refusals = [t for t in self.refusals if now - t < FLOOD_WINDOW] + [now]
        return len(self.refusals) >= FLOOD_LIMIT


class Hub:
    """The phone seats of one match.

    `match` is the match the kiosk plays; `names` the seats' names; `lines(view, seat)`
    the words of the public table and of what only `seat` sees, one list each (the board's
    `phone_lines`); `play(seat, key, payload)` plays a move the way the kiosk does (the
    payload: an amount typed, Rules.amount) and returns nothing, or raises IllegalMove.
    `lots(view, seat, key)` says where a phone may build one piece for move `key` (the
    board's `phone_lots`), and `lot_bench(seat, key, lot)` makes the bench it builds on."""

    def __init__(self, match, names: list[str], phone_seats: list[int], *,
                 lines: Callable[[dict, int], tuple[list[str], list[str]]],
                 play: Callable[[int, str, dict | None], None], title: str,
                 lots: Callable[[dict, int, str], list[tuple[str, str]] | None] = lambda view, seat, key: None,
                 lot_bench: Callable[[int, str, str], object] | None = None,
                 on_activity: Callable[[], None] = lambda: None,
                 on_intruder: Callable[[int], None] = lambda seat: None):
        self.match = match
        self.on_activity = on_activity
        #: told the seat when a phone that does not hold it tries its link
        self.on_intruder = on_intruder
        #: the last phase's result (a building round's, the bids), with a number that changes
        #: with each new one, so a phone shows each once until its player closes it
        self.result: dict | None = None
        self.lots = lots
        self.lot_bench = lot_bench
        self.names = names
        self.title = title
        self.lines = lines
        self.play = play
        self.seats: dict[int, PhoneSeat] = {}
        self.log: list[str] = []
        self.closed_reason: str | None = None
        #: the phone seats' build benches while a building round is live (kiosk.phones.building)
        self.benches: dict = {}
        for seat in phone_seats:
            self.issue(seat)

    # ---- tokens ---------------------------------------------------------------------------

    def issue(self, seat: int) -> PhoneSeat:
        """A new link for `seat`: whatever link it had dies, and with it the old phone's hold
        and its open building (a piece in its hand goes back to the middle)."""
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
        token = base64.b32encode(secrets.token_bytes(TOKEN_BYTES)).decode("ascii").rstrip("=")
        self.seats[seat] = PhoneSeat(seat, token, code)
        bench = self.benches.get(seat)
        if bench is not None:
            if bench.lot_build:
                del self.benches[seat]
            else:
                bench.hand_back()
        return self.seats[seat]

    def release(self, seat: int) -> None:
        """The seat goes back to the kiosk's screen (or a computer): its link dies."""
        self.seats.pop(seat, None)

    def close(self, reason: str) -> None:
        """The match is over or left: every link dies."""
        self.closed_reason = reason
        self.seats.clear()

    def seat_of(self, token) -> int | None:
        """The seat whose link carries `token`, or None (a token of any other shape too)."""
        if not isinstance(token, str) or not TOKEN.fullmatch(token):
            return None
        for phone in self.seats.values():
            if secrets.compare_digest(phone.token, token):
                return phone.seat
        return None

    def claim(self, seat: int, device) -> bool:
        """A phone says its device secret on `seat`'s link: True when it holds the seat (the
        first to claim it does); False, and the kiosk is told, for any other phone."""
        phone = self.seats.get(seat)
        if phone is None or not isinstance(device, str) or not DEVICE.fullmatch(device):
            return False
        if phone.device is None:
            phone.device = device
            phone.code = None               # the short address has done its work
            return True
        if secrets.compare_digest(phone.device, device):
            return True
        phone.intruders += 1
        self.on_intruder(seat)
        return False

    def holds(self, seat: int, device) -> bool:
        """`device` is the phone that holds `seat` now (checked on every message)."""
        phone = self.seats.get(seat)
        return (phone is not None and phone.device is not None and isinstance(device, str)
                and bool(DEVICE.fullmatch(device)) and secrets.compare_digest(phone.device, device))

    def redeem(self, code) -> str | None:
        """The token behind a short code typed by hand; a code is good once."""
        if not isinstance(code, str):
            return None
        code = code.strip().upper()
        if len(code) != CODE_LENGTH or any(c not in CODE_LETTERS for c in code):
            return None
        for phone in self.seats.values():
            if phone.code is not None and secrets.compare_digest(phone.code, code):
                phone.code = None
                return phone.token
        return None

    # ---- what a phone is told -------------------------------------------------------------

    def show_result(self, title: str, lines: list[str]) -> None:
        """A phase has ended: every phone shows what it came to (already in names)."""
        number = (self.result or {}).get("number", 0) + 1
        self.result = {"number": number, "title": title, "lines": list(lines)}

    def add_events(self, texts: list[str]) -> None:
        self.log = (self.log + [named(t, self.names) for t in texts])[-LOG_LINES:]

    def table_for(self, seat: int) -> dict:
        """Everything a phone shows for its seat, from that seat's view alone."""
        match = self.match
        view = match.view(seat)
        to_act = match.to_act()
        over = match.over
        yours = seat in to_act and not over
        public, private = self.lines(view, seat)
        actions, amounts, elsewhere = [], [], False
        if yours:
            legal = match.legal(seat)
            plain = [a for a in legal if not a.takes]
            said = [(a, match.rules.amount(match.state, seat, a)) for a in legal if a.takes]
            said = [(a, spec) for a, spec in said if spec is not None]
            typed_in = {a.key for a, _ in said}
            built = [(a, self.lots(view, seat, a.key)) for a in legal if a.takes and a.key not in typed_in]
            built = [(a, lots) for a, lots in built if lots is not None]
            elsewhere = len(plain) + len(said) + len(built) < len(legal)
            choices = amount_choices(plain)
            typed = {key for c in choices for key in c.keys.values()}
            actions = [{"key": a.key, "text": named(a.text, self.names), "group": a.group}
                       for a in plain if a.key not in typed]
            actions += [{"key": f"{LOT}{a.key}/{lot}", "text": named(words, self.names),
                         "group": named(a.text, self.names) + ": on which lot?"}
                        for a, lots in built for lot, words in lots]
            amounts = [{"group": c.group, "label": f"{c.group} (¥)", "choices": sorted(c.keys.items())}
                       for c in choices]
            amounts += [{"group": named(a.text, self.names), "label": named(a.text, self.names), "key": a.key,
                         "range": [spec.low, spec.high, spec.step]} for a, spec in said]
        others = [self.names[s] for s in to_act if s != seat]
        waiting = ""
        if not over and not yours:
            waiting = f"Waiting for {' and '.join(others)}" if others else "Waiting"
        elif yours and elsewhere and not (actions or amounts):
            waiting = "Your move is made at the kiosk's screen: go to it now."
        build = None
        bench = self.benches.get(seat)
        if bench is not None and bench.lot_build and (not yours or bench.key not in {a.key for a in match.legal(seat)}):
            del self.benches[seat]                  # the table moved on under a piece not set down
        if yours and seat in self.benches:
            build, actions, amounts, elsewhere, waiting = self.benches[seat].frame(), [], [], False, ""
        result = None
        if over:
            res = match.result()
            result = ", ".join(f"{self.names[s]} {res.score_text(s)}" for s in range(len(res.scores)))
        return {"type": "table", "game": self.title, "you": self.names[seat], "seat": seat,
                "move": len(match.log.moves), "over": over, "round_result": self.result,
                "your_turn": yours and bool(actions or amounts or build), "build": build,
                "waiting": waiting, "lines": public, "private": private, "actions": actions,
                "amounts": amounts, "log": list(self.log), "result": result,
                "at_kiosk": elsewhere and yours}

    # ---- what a phone sends ---------------------------------------------------------------

    def receive(self, seat: int, raw) -> None:
        """Act on one message from `seat`'s phone, or raise Refused with the words to send it.
        A message acted on is someone playing: `on_activity` (the kiosk is not idle)."""
        self._receive(seat, raw)
        self.on_activity()

    def _receive(self, seat: int, raw) -> None:
        msg = read(raw)
        if seat not in self.seats:
            raise Refused("This phone no longer holds a seat.")
        if not self.holds(seat, msg.pop("device", None)):
            raise Refused("This phone does not hold this seat.")
        if msg.get("type") == "build":
            self._build(seat, msg)
            return
        if msg.get("type") != "play" or set(msg) not in ({"type", "key", "move"}, {"type", "key", "move", "amount"}):
            raise Refused("That message could not be read.")
        key, move, amount = msg["key"], msg["move"], msg.get("amount")
        if amount is not None and (not isinstance(amount, int) or isinstance(amount, bool)
                                   or not -10**9 < amount < 10**9):
            raise Refused("That amount could not be read.")
        if not isinstance(key, str) or not key or len(key) > MAX_KEY:
            raise Refused("That move could not be read.")
        if not isinstance(move, int) or isinstance(move, bool):
            raise Refused("That move could not be read.")
        match = self.match
        if seat not in self.seats:
            raise Refused("This phone no longer holds a seat.")
        if match.over:
            raise Refused("The game is over.")
        if move != len(match.log.moves):
            raise Refused("The table has moved on: look again before you choose.")
        if seat not in match.to_act():
            raise Refused("It is not your move.")
        if key.startswith(LOT):
            self._open_lot(seat, key[len(LOT):], amount)
            return
        action = next((a for a in match.legal(seat) if a.key == key), None)
        if action is None:
            raise Refused("That move is not possible now.")
        spec = match.rules.amount(match.state, seat, action) if action.takes else None
        if action.takes and spec is None:
            raise Refused("That move is made at the kiosk's screen.")
        if (spec is None) != (amount is None):
            raise Refused("Type the amount for that move." if spec is not None else "That move takes no amount.")
        try:
            self.play(seat, key, None if spec is None else {spec.field: amount})
        except IllegalMove as e:
            raise Refused(named(e.reason or str(e), self.names)) from None

    def _open_lot(self, seat: int, chosen: str, amount) -> None:
        """The phone chose where its one piece goes: its bench opens on that lot."""
        key, _, lot = chosen.rpartition("/")
        action = next((a for a in self.match.legal(seat) if a.key == key), None)
        lots = None if action is None or amount is not None else self.lots(self.match.view(seat), seat, key)
        if not lots or self.lot_bench is None or lot not in {lot_id for lot_id, _ in lots}:
            raise Refused("That lot cannot be built on now.")
        self.benches[seat] = self.lot_bench(seat, key, lot)

    def _build(self, seat: int, msg: dict) -> None:
        """What a finger did on a phone's building: its bench does it (kiosk.phones.building).
        A one-piece bench closes once its piece is set down (the move), or on "cancel"."""
        if not set(msg) <= {"type", "do", "piece", "x", "y"}:
            raise Refused("That could not be read.")
        bench = self.benches.get(seat)
        if seat not in self.seats or bench is None:
            raise Refused("There is no building round for you now.")
        if bench.lot_build and msg.get("do") == "cancel":
            del self.benches[seat]
            return
        try:
            bench.command(msg)
        except ValueError as e:
            raise Refused(str(e)) from None
        if bench.lot_build and bench.bench.done:
            self.benches.pop(seat, None)


def depth(raw: str) -> int:
    """How deep the JSON text `raw` nests, read without parsing it (strings skipped), so that
    a message nested a thousand deep is refused before the parser recurses into it."""
    deepest = level = 0
    in_string = escaped = False
    for ch in raw:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            level += 1
            deepest = max(deepest, level)
        elif ch in "]}":
            level -= 1
    return deepest


def read(raw) -> dict:
    """One message from a phone as a dict, or Refused: text only, short, shallow, one JSON object."""
    if not isinstance(raw, str) or len(raw) > MAX_MESSAGE:
        raise Refused("That message is too long.")
    if depth(raw) > MAX_DEPTH:
        raise Refused("That message could not be read.")
    try:
        msg = json.loads(raw)
    except ValueError:
        raise Refused("That message could not be read.") from None
    if not isinstance(msg, dict):
        raise Refused("That message could not be read.")
    return msg
