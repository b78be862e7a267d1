"""The table of TOKYO TSUKIJI MARKET as plain data, and small helpers over it.

Everything is dicts, lists, ints, bools and str, so that `dump` is a deep copy and
`restore` a validation. The rules modules are the only writers.

A seat (000:62):
    licences  {fish: n}              licence spaces, at most 4 together with rentals (000:145)
    rentals   [[item, uses], ...]     cool boxes and hand carts, "2" side = 2 uses (000:329)
    tokens    {kind: n}               fish tokens in front of the player
    boats     [{type, at, load}]      type "1".."4", "blue" (4 holds, 2 licences, 000:448), "barge"
                                      (6 holds) or "barge4" (000:440); at a berth, "sea" or "foreign"
                                      (docked at the Foreign Market, 000:551); a barrel caught with
                                      another fish's licence is "fish/licence", e.g. "mackerel/himono:0";
                                      "rented": "ships"/"used_ships" for a rented boat (000:578)
    berths    1..3                    open berths, left to right (000:109)
    harbour   [[kind, row, col]]      barrels (and takoyaki) for sale; row "upper"/"lower";
                                      col "c3" = third printed column, "q1200" = ??? at ¥1,200
    loans, shares                     from the Bank (000:311-323)
    and with the expansion a field for each market that keeps something on a seat (its
    `seat_field`: what lies on the Himono licences, buyer markers)
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
                 "over", "reason", "turns", "round_limit", "why", "expansion", "collapse", "collapsed",
                 "order", "buyers")

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
        #: the expansion is in the box (000:392-428): its markets may be drawn
        self.expansion = False
        #: the collapsing external markets variant (000:592-626), and the markets that have
        #: collapsed: {market: "collapsed" | "closed"}
        self.collapse = False
        self.collapsed: dict[str, str] = {}
        #: open market order (000:628): the markets not in play, face up in the order they come
        #: into play; None when they are drawn at random from the box
        self.order: dict[str, list[str]] | None = None
        #: Influence buyer markers given to other players: [[owner, target], ...] (000:564)
        self.buyers: list[list[int]] = []

    @classmethod
    def for_table(cls, players: int, options: dict) -> "State":
        """An empty table with what the options decide: the player count, hidden money, the
        kiosk's last round, the expansion (000:392) and collapsing markets (000:592, with or
        without the expansion). Set-up and loading a position both start here, so the two agree."""
        s = cls()
        s.players = players
        s.hidden = options.get("money") == "hidden"
        s.round_limit = int(options.get("round_limit", 0) or 0)
        s.expansion = options.get("expansion") == "on"
        s.collapse = options.get("collapse") == "on"
        return s


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
    """Licence spaces taken: licences, rented cool boxes and carts, buyer markers (000:145, 000:564)."""
    return licence_count(seat) + len(seat["rentals"]) + seat.get("buyers", 0)


def berth_open(seat: dict, berth: str) -> bool:
    return BERTHS.index(berth) < seat["berths"]


def berth_boats(seat: dict, berth: str) -> list[dict]:
    return [b for b in seat["boats"] if b["at"] == berth]


def barrel_fish(item: str) -> str:
    """A barrel on a boat is its fish, or "fish/licence" when caught with another fish's
    licence (Himono 000:468, Horse Mackerel 000:489): "mackerel/himono:1"."""
    return item.split("/", 1)[0]


def barrel_licence(item: str) -> str:
    """The licence a barrel on a boat was caught with ("himono:1" is the second Himono licence)."""
    return item.split("/", 1)[1].split(":", 1)[0] if "/" in item else item


def licence_words(item: str) -> str:
    """The licence a barrel caught with another fish's licence was caught with, in the box's
    words: "Himono licence 2" (Himono licences are told apart, 000:470), "a Horse Mackerel
    licence"."""
    use = item.split("/", 1)[1]
    kind, _, number = use.partition(":")
    name = kind.replace("_", " ").title()
    if number:
        return f"{name} licence {int(number) + 1}"
    return f"{'an' if name[0] in 'AEIOU' else 'a'} {name} licence"


def barrel_name(item: str) -> str:
    """ "eel", "mackerel (caught with Himono licence 1)" """
    fish = barrel_fish(item).replace("_", " ")
    if "/" in item:
        return f"{fish} (caught with {licence_words(item)})"
    return fish


def barrels(item: str, n: int = 1) -> str:
    """ "an eel barrel", "2 mackerel barrels caught with a Horse Mackerel licence" """
    fish = barrel_fish(item).replace("_", " ")
    head = ("an" if fish[0] in "aeiou" else "a") if n == 1 else str(n)
    out = f"{head} {fish} barrel{'' if n == 1 else 's'}"
    if "/" in item:
        out += f" caught with {licence_words(item)}"
    return out


def load_text(items) -> str:
    """A boat's load in words: "2 mackerel barrels caught with Himono licence 1 and an eel barrel"."""
    n = counts(items)
    parts = [barrels(k, c) for k, c in n.items()]
    if len(parts) <= 1:
        return parts[0] if parts else "nothing"
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def is_barge(boat_type: str) -> bool:
    return boat_type in ("barge", "barge4")


def berth_room(seat: dict, boat_type: str, right_ships: int) -> list[str]:
    """Berths where a boat of this type can stand now (000:109, 000:136, 000:333)."""
    out = []
    for berth in BERTHS:
        if not berth_open(seat, berth):
            continue
        here = berth_boats(seat, berth)
        if berth == "right":
            if is_barge(boat_type):
                if not here:
                    out.append(berth)
            elif not any(is_barge(b["type"]) for b in here) and len(here) < right_ships:
                out.append(berth)
        elif not is_barge(boat_type) and not here:
            out.append(berth)
    return out


def barges_at_sea(seat: dict) -> list[int]:
    """Your barges at sea (one, or with the expansion's 4-hold barges up to two, 000:440)."""
    return [i for i, b in enumerate(seat["boats"]) if is_barge(b["type"]) and b["at"] == "sea"]


def licences_used_by(boat: dict) -> list[str]:
    """The licences a loaded ship's barrels were caught with (000:129, 000:448, 000:468)."""
    return sorted({barrel_licence(x) for x in boat["load"]})


def ships_at_sea_with(seat: dict, licence: str) -> int:
    """Ships (not barges) at sea carrying a barrel caught with a `licence` licence (000:129)."""
    return sum(1 for b in seat["boats"]
               if not is_barge(b["type"]) and b["at"] == "sea" and licence in licences_used_by(b))


def tokens_total(d: dict) -> int:
    return sum(d.values())


def counts(items: list[str]) -> dict:
    """How many of each: ["eel", "eel", "fugu"] → {"eel": 2, "fugu": 1}."""
    out: dict = {}
    for x in items:
        add(out, x)
    return out
