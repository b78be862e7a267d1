"""The table of TOKYO TSUKIJI MARKET as plain data, and small helpers over it.

Everything is dicts, lists, ints, bools and str, so that `dump` is a deep copy and
`restore` a validation. The rules modules are the only writers.

A seat (000:58-62):
    licences  {fish: n}              licence spaces, at most 4 together with rentals (000:147)
    rentals   [[item, uses], ...]     cool boxes and hand carts, "2" side = 2 uses (000:329)
    tokens    {kind: n}               fish tokens in front of the player
    boats     [{type, at, load}]      type "1".."4" or "barge"; at a berth or "sea"
    berths    1..3                    open berths, left to right (000:105)
    harbour   [[kind, row, col]]      barrels (and takoyaki) for sale; row "upper"/"lower";
                                      col "c3" = third printed column, "q1200" = ??? at ¥1,200
    loans, shares                     from the Bank (000:311-323)
"""

from __future__ import annotations

from core.yen import SUPPLY, Treasury

BERTHS = ("left", "middle", "right")
ROWS = ("upper", "lower")
ROW_LETTER = {"upper": "U", "lower": "L"}
LETTER_ROW = {"U": "upper", "L": "lower"}
PHASES = ("start", "main", "fish", "buy", "market", "bid", "over")


def acct(seat: int) -> str:
    return f"seat{seat}"


class State:
    """Everything on the table, plus where the turn stands."""

    __slots__ = ("players", "hidden", "treasury", "seats", "fish", "ext", "bags", "box", "turn",
                 "phase", "ap", "cart_ap", "acted", "once", "ctx", "bid", "triggered", "final_left",
                 "over", "reason", "turns", "round_limit", "why")

    def __init__(self):
        self.players = 0
        self.hidden = False
        self.treasury = Treasury()
        self.seats: list[dict] = []
        self.fish: dict[str, dict] = {}
        self.ext: dict[str, dict] = {}
        self.bags: dict[str, list[str]] = {}
        self.box: dict = {}
        self.turn = 0
        self.phase = "main"
        self.ap = 0
        self.cart_ap = 0
        self.acted = False
        self.once: list[str] = []
        self.ctx: dict | None = None
        self.bid: dict | None = None
        self.triggered = -1
        self.final_left = 0
        self.over = False
        self.reason = ""
        self.turns = 0
        self.round_limit = 0
        self.why = ""


def new_seat() -> dict:
    return {"licences": {}, "rentals": [], "tokens": {}, "boats": [], "berths": 1, "harbour": [],
            "loans": 0, "shares": 0}


def yen(s: State, seat: int) -> int:
    return s.treasury.balances[acct(seat)]


def pay(s: State, payer: int | None, payee: int | None, amount: int, rule: str | None = None) -> None:
    """Move yen between seats and the general supply (None)."""
    if amount:
        s.treasury.pay(SUPPLY if payer is None else acct(payer),
                       SUPPLY if payee is None else acct(payee), amount, rule)


def add(d: dict, key, n: int = 1) -> None:
    v = d.get(key, 0) + n
    if v:
        d[key] = v
    else:
        d.pop(key, None)


def licence_count(seat: dict) -> int:
    return sum(seat["licences"].values())


def slots_used(seat: dict) -> int:
    return licence_count(seat) + len(seat["rentals"])


def berth_open(seat: dict, berth: str) -> bool:
    return BERTHS.index(berth) < seat["berths"]


def berth_boats(seat: dict, berth: str) -> list[dict]:
    return [b for b in seat["boats"] if b["at"] == berth]


def berth_room(seat: dict, boat_type: str, right_ships: int) -> list[str]:
    """Berths where a boat of this type can stand now (000:107, 000:137, 000:333)."""
    out = []
    for berth in BERTHS:
        if not berth_open(seat, berth):
            continue
        here = berth_boats(seat, berth)
        if berth == "right":
            if boat_type == "barge":
                if not here:
                    out.append(berth)
            elif not any(b["type"] == "barge" for b in here) and len(here) < right_ships:
                out.append(berth)
        elif boat_type != "barge" and not here:
            out.append(berth)
    return out


def barge_at_sea(seat: dict) -> int | None:
    for i, b in enumerate(seat["boats"]):
        if b["type"] == "barge" and b["at"] == "sea":
            return i
    return None


def ships_at_sea_with(seat: dict, fish: str) -> int:
    """Ships (not the barge) at sea carrying at least one barrel of `fish` (000:129)."""
    return sum(1 for b in seat["boats"]
               if b["type"] != "barge" and b["at"] == "sea" and fish in b["load"])


def tokens_total(d: dict) -> int:
    return sum(d.values())


def counts(items: list[str]) -> dict:
    """How many of each: ["eel", "eel", "fugu"] → {"eel": 2, "fugu": 1}."""
    out: dict = {}
    for x in items:
        add(out, x)
    return out
