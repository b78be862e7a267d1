"""Saving, restoring, showing and checking a Tsukiji table.

`dump` gives readable plain data (msgpack-able); `restore` accepts it, or a shorter
hand-written position for scenarios, validates everything and raises ValueError saying
what is wrong. `view` is what one seat may see: with hidden money (000:92) no other
seat's yen, and never a sealed bid before everyone has bid. `scramble` re-deals exactly
those secrets (and the order inside the auction bag).

A hand-written position (game.scenario) needs only:

    {"players": 3, "options": {...},
     "markets": {"fish": {"mackerel": "setup", "eel": {"barrels": 6, "tokens": 13, "licences": 3,
                                                      "value": 6}},
                 "external": {"ships": "setup", "bank": {"loans": 3, "shares": 2}}},
     "seats": [{"licences": {"mackerel": 1}, "boats": [{"type": "2", "at": "sea", "load": ["eel"]}],
                "tokens": {"eel": 2}, "harbour": [["eel", "upper", "c3"]], "berths": 2}, ...],
     "yen": [2000, 2000, 2000], "turn": 0}

A market written "setup" is set up as at the start of the game from the pieces not found
elsewhere in the position. An omitted seat field is empty, not its starting value: no
licences, rentals, tokens, boats or harbour items, one open berth, no loans or shares (a
seat as set up, 000:62, is written out: {"licences": {"mackerel": 1}, "boats":
[{"type": "1", "at": "left"}]}); with the expansion, one empty list per Himono licence and
no buyer markers. A boat's "at" defaults to the left berth and its load to nothing. The
phase defaults to "main" with 2 action points; the box (pieces not in play) and the
general supply's yen are derived. Anything else that `dump` writes may be given as well.

The expansion (option expansion=on, 000:392-628) adds, and only then are they written (a
base game saves exactly as it always did):

    "expansion": true, "collapse": bool     the collapsing variant (000:592)
    "collapsed": {market: "collapsed"|"closed"}        markers on collapsed markets (000:596-598)
    "buyers": [[owner, target], ...]        Influence buyer markers given to others (000:564)
    seat "himono": [["b:mackerel", "t:sardines"], []]  one list per Himono licence, at most 2
                                            barrels ("b:") and tokens ("t:") on each (000:474)
    seat "buyers": n                        buyer markers on its licence spaces (000:564)
    boat "type" "blue" / "barge4", "at" "foreign" (docked at the Foreign Market, 000:551),
    "rented" "ships" / "used_ships" (Ship Rental, 000:578); a barrel caught with another
    fish's licence is "fish/licence": "mackerel/horse_mackerel" (000:489), "sardines/himono:1"
    (the second Himono licence, 000:468-470)

and with open market order (000:628, also without the expansion) "order": {"fish": [...],
"external": [...]}, the markets not in play in the order they will come (omitted: as
printed). Whatever comes in is first checked for its shape (plain values only, bounded
depth and size), so damaged or hostile data is refused with a ValueError, never a crash.
"""

from __future__ import annotations

from core.bids import SealedBid
from core.yen import SUPPLY, Treasury

from .data import BAG_FISH, BOAT_TYPES, EXPANSION_EXTERNAL, EXPANSION_FISH, EXTERNAL, FISH
from .markets.base import token_counts, whole
from .state import BERTHS, PHASES, ROWS, State, acct, barrel_fish, is_barge, slots_used, yen

STATIC_KEYS = ("loans", "shares", "coolboxes", "carts")
#: the expansion's markers, kept and counted like the static pieces (000:400)
EXPANSION_KEYS = ("buyers", "expansion_markers", "ship_rental_markers")
#: boats that come with the expansion (000:394)
EXPANSION_BOATS = ("blue", "barge4")
#: the fields of a fish market's state written first, in this order (as always)
FISH_KEYS = ("barrels", "tokens", "licences", "takoyaki", "value", "overfished")
#: markets whose visit builds a lot of tokens (000:307, 000:325, 000:339, 000:582)
LOT_MARKETS = ("auction", "barter", "trade", "sushi_shop")
#: licences told apart, used one by one as "himono:0", "himono:1" ... (000:470)
NUMBERED_LICENCES = ("himono",)
#: where a boat docked at the Foreign Market is (000:551)
FOREIGN = "foreign"
#: the shape of a position: anything deeper, larger or of another type is not one
MAX_DEPTH, MAX_VALUES, MAX_TEXT = 16, 100_000, 4000


# ==== canonical data ===========================================================================

def _tokens(rules, d: dict) -> dict:
    if not d:
        return {}
    order = rules.kind_order
    return {k: d[k] for k in sorted(d, key=order.__getitem__) if d[k]}


def _by_fish(d: dict) -> dict:
    return {f: d[f] for f in FISH if d.get(f)}


def _ranker(rules):
    """A sort key for the keys of any mapping in the state: fish (each followed by its token
    kinds) in their printed order, then external markets, boat types, numbers, other words.
    Made once per rules object: it depends on the rules' data alone."""
    key = rules.__dict__.get("_rank_key")
    if key is None:
        key = rules.__dict__["_rank_key"] = _make_ranker(rules)
    return key


def _make_ranker(rules):
    rank = {}
    for i, f in enumerate(FISH):
        rank[f] = (0, i, 0, "")
    for k, j in rules.kind_order.items():
        rank.setdefault(k, (0, FISH.index(rules.d.kind_fish[k]), 1 + j, ""))
    for i, e in enumerate(EXTERNAL):
        rank.setdefault(e, (1, i, 0, ""))
    for i, t in enumerate(BOAT_TYPES):
        rank.setdefault(t, (2, i, 0, ""))

    def key(k):
        if not isinstance(k, str):
            return (5, 0, 0, str(k))
        r = rank.get(k)
        if r is not None:
            return r
        return (3, int(k), 0, "") if k.isdigit() and len(k) < 18 else (4, 0, 0, k)
    return key


def _canon(v, key):
    """A copy in which every mapping's keys are in one order, whatever order they were added in."""
    if isinstance(v, dict):
        return {k: _canon(v[k], key) for k in sorted(v, key=key)}
    if isinstance(v, (list, tuple)):
        return [_canon(x, key) for x in v]
    return v


def _lic_key(k: str):
    """"eel" before "himono:0" before "himono:1": fish in their order, numbered licences by number."""
    fish, _, n = k.partition(":")
    return (FISH.index(fish) if fish in FISH else len(FISH), int(n) if n.isdigit() else -1, k)


def _boat_dump(b: dict) -> dict:
    out = {"type": b["type"], "at": b["at"], "load": list(b["load"])}
    if b.get("rented"):
        out["rented"] = b["rented"]
    return out


def _seat_dump(rules, st: dict) -> dict:
    out = {"licences": _by_fish(st["licences"]),
           "rentals": [list(r) for r in st["rentals"]],
           "tokens": _tokens(rules, st["tokens"]),
           "boats": [_boat_dump(b) for b in st["boats"]],
           "berths": st["berths"],
           "harbour": [list(x) for x in st["harbour"]],
           "loans": st["loans"], "shares": st["shares"]}
    if "himono" in st:                                # the expansion's seat (state.expansion_seat)
        out["himono"] = [list(h) for h in st["himono"]]
    if "buyers" in st:
        out["buyers"] = st["buyers"]
    return out


def _market_dump(rules, mid: str, d: dict, key=None):
    """A market's state in one canonical form: the base markets exactly as they always were,
    any other field (and any market of the expansion) with its mappings' keys in one order."""
    if mid in FISH:
        out = {k: d[k] for k in FISH_KEYS if k in d}
        extra = sorted(k for k in d if k not in out)
        if extra:
            key = key or _ranker(rules)
            out.update({k: _canon(d[k], key) for k in extra})
        return out
    if mid == "aquarium":
        return {"spaces": {f: _tokens(rules, c) for f, c in d["spaces"].items()}}
    if mid in ("government",):
        return {"spaces": [_tokens(rules, c) for c in d["spaces"]]}
    if mid == "trade":
        return {"spaces": [_tokens(rules, c) for c in d["spaces"]], "traded": d["traded"]}
    if mid in ("ships", "used_ships") and set(d) == {"boats"}:
        return {"boats": {t: d["boats"][t] for t in BOAT_TYPES if d["boats"].get(t)}}
    key = key or _ranker(rules)
    return {k: _canon(d[k], key) for k in sorted(d)}


def _ctx_dump(rules, ctx, key=None):
    if ctx is None:
        return None
    out = {}
    for k in sorted(ctx):
        v = ctx[k]
        if k == "lic":
            v = {u: v[u] for u in sorted(v, key=_lic_key) if v[u]}
        elif k == "lot":
            v = _tokens(rules, v)
        elif isinstance(v, list) and all(isinstance(x, (str, int)) for x in v):
            v = list(v)
        elif isinstance(v, (list, dict)):
            key = key or _ranker(rules)
            v = _canon(v, key)
        out[k] = v
    return out


def dump(rules, s: State) -> dict:
    bal = s.treasury.balances
    key = _ranker(rules) if s.expansion else None
    bid = None
    if s.bid is not None:
        b = s.bid
        bid = {k: (_canon(b[k], key or _ranker(rules)) if isinstance(b[k], (list, dict)) else b[k])
               for k in sorted(b) if k != "sealed"}
        bid["lot"] = _tokens(rules, b["lot"])
        bid["tied"] = list(b["tied"])
        bid["sealed"] = b["sealed"].dump()
    box = s.box
    out = {
        "markets": {"fish": {f: _market_dump(rules, f, s.fish[f], key) for f in FISH if f in s.fish},
                    "external": {e: _market_dump(rules, e, s.ext[e], key) for e in EXTERNAL if e in s.ext}},
        "bag": {f: list(s.bags[f]) for f in FISH if f in s.bags},
        "box": {"barrels": _by_fish(box["barrels"]), "tokens": _tokens(rules, box["tokens"]),
                "licences": _by_fish(box["licences"]),
                "boats": {t: box["boats"][t] for t in BOAT_TYPES if box["boats"].get(t)},
                **{k: box[k] for k in STATIC_KEYS},
                **{k: box.get(k, 0) for k in EXPANSION_KEYS if s.expansion or box.get(k)}},
        "yen": [bal[acct(i)] for i in range(s.players)],
        "seats": [_seat_dump(rules, st) for st in s.seats],
        "turn": s.turn,
        "phase": s.phase,
        "ap": s.ap,
        "cart_ap": s.cart_ap,
        "acted": s.acted,
        "once": list(s.once),
        "action": _ctx_dump(rules, s.ctx, key),
        "bid": bid,
        "end": {"triggered_by": None if s.triggered < 0 else s.triggered, "final_turns_left": s.final_left,
                "why": s.why},
        "turns": s.turns,
        "over": s.over,
        "reason": s.reason,
    }
    # The expansion's table (000:392-628), written only when it is played (or, for the open
    # market order, when that variant is): a base game's save is what it always was.
    if s.expansion or s.collapse or s.collapsed or s.buyers:
        out["expansion"] = s.expansion
        out["collapse"] = s.collapse
        out["collapsed"] = {e: s.collapsed[e] for e in sorted(s.collapsed, key=_ext_key)}
        out["buyers"] = [list(x) for x in s.buyers]
    if s.order is not None:
        out["order"] = {kind: list(s.order.get(kind, ())) for kind in ("fish", "external")}
    return out


def _ext_key(e) -> tuple:
    return (EXTERNAL.index(e), "") if e in EXTERNAL else (len(EXTERNAL), str(e))


# ==== counting pieces ============================================================================

def totals(rules, expansion: bool = False) -> dict:
    """How many of each piece the game has (000:5-13, with the expansion 000:394-401, and the
    market files)."""
    out = {}
    box = rules.full_box(expansion)
    _count_box(rules, box, out)
    return out


def _count_box(rules, box: dict, counts: dict) -> None:
    for f, n in box["barrels"].items():
        counts[f"barrels:{f}"] = counts.get(f"barrels:{f}", 0) + n
    for f, n in box["licences"].items():
        counts[f"licences:{f}"] = counts.get(f"licences:{f}", 0) + n
    rules.count_tokens(box["tokens"], counts)
    for t, n in box["boats"].items():
        counts[f"boats:{t}"] = counts.get(f"boats:{t}", 0) + n
    for k in STATIC_KEYS:
        counts[k] = counts.get(k, 0) + box[k]
    for k in EXPANSION_KEYS:
        if k in box:
            counts[k] = counts.get(k, 0) + box[k]


def _auctioned_fish(rules) -> tuple:
    """Fish whose unloaded barrels wait in the fishing action for an auction, never for sale:
    King Crab and Tuna (000:262, 000:282), and Swordfish (000:527)."""
    return tuple(f for f in FISH if f in BAG_FISH or getattr(rules.m[f], "unload_auction", False))


def placed(rules, s: State) -> dict:
    """Every piece outside the box, by kind."""
    c: dict = {}

    def one(key, n=1):
        c[key] = c.get(key, 0) + n

    for f, d in s.fish.items():
        rules.m[f].count_pieces(d, c)
    for e, d in s.ext.items():
        rules.m[e].count_pieces(d, c)
    for f, items in s.bags.items():
        for k in items:
            one(f"tokens:{k}")
    for st in s.seats:
        for f, n in st["licences"].items():
            one(f"licences:{f}", n)
        for item, _ in st["rentals"]:
            one("coolboxes" if item == "coolbox" else "carts")
        rules.count_tokens(st["tokens"], c)
        for b in st["boats"]:
            one(f"boats:{b['type']}")
            if b.get("rented"):                          # its marker lies beside it (000:578)
                one("ship_rental_markers")
            for item in b["load"]:
                one(f"barrels:{barrel_fish(item)}")
        for kind, _, _ in st["harbour"]:
            one("tokens:takoyaki" if kind == "takoyaki" else f"barrels:{kind}")
        for space in st.get("himono", ()):               # on the Himono licences (000:474)
            for item in space:
                what, _, kind = item.partition(":")
                if what == "b":
                    one(f"barrels:{kind}")
                else:
                    rules.count_tokens({kind: 1}, c)
        if st.get("buyers"):                             # on licence spaces (000:564)
            one("buyers", st["buyers"])
        one("loans", st["loans"])
        one("shares", st["shares"])
    for _ in s.buyers:                                   # given to other players (000:564)
        one("buyers")
    ctx = s.ctx
    if ctx:
        for kind in ctx.get("pending", ()):
            one("tokens:takoyaki" if kind == "takoyaki" else f"barrels:{kind}")
        if ctx.get("kind") == "fish":
            for f in _auctioned_fish(rules):
                if ctx.get(f):
                    one(f"barrels:{f}", ctx[f])
        if ctx.get("kind") == "buy" and ctx.get("buyer") is not None:
            one("buyers")                                # in use: home after this buying (000:564)
        if ctx.get("lot"):
            rules.count_tokens(ctx["lot"], c)
    if s.bid:
        rules.count_tokens(s.bid["lot"], c)
    return c


def conserved(rules, s: State) -> dict:
    c = placed(rules, s)
    _count_box(rules, s.box, c)
    c = {k: v for k, v in c.items() if v}
    c["yen"] = s.treasury.total()
    return c


# ==== restore ======================================================================================

def _bool(v, what):
    if not isinstance(v, bool):
        raise ValueError(f"{what} is true or false, not {v!r}")
    return v


def _fish_name(v, what):
    if v not in FISH:
        raise ValueError(f"{what}: {v!r:.60} is not a fish ({', '.join(FISH)})")
    return v


def _plain(data) -> None:
    """The shape of a position, checked before anything is read: mappings with text keys,
    lists, text, whole numbers, true/false and null only, at most MAX_DEPTH deep and
    MAX_VALUES values in all. Anything else is not a position (a damaged or hostile one)."""
    stack = [(data, 1, "the position")]
    n = 0
    while stack:
        v, depth, where = stack.pop()
        n += 1
        if n > MAX_VALUES:
            raise ValueError(f"the position holds more than {MAX_VALUES:,} values; no table does")
        if depth > MAX_DEPTH:
            raise ValueError(f"{where} nests deeper than {MAX_DEPTH} levels; no table does")
        if isinstance(v, dict):
            for k, x in v.items():
                if not isinstance(k, str) or len(k) > 100:
                    raise ValueError(f"{where}: {k!r:.40} is not a name (a mapping's keys are short text)")
                stack.append((x, depth + 1, f"{where} → {k}"))
        elif isinstance(v, (list, tuple)):
            stack.extend((x, depth + 1, f"{where} → {i + 1}") for i, x in enumerate(v))
        elif isinstance(v, str):
            if len(v) > MAX_TEXT:
                raise ValueError(f"{where}: a text of {len(v):,} characters; none is longer than {MAX_TEXT:,}")
        elif isinstance(v, bool) or v is None:
            pass
        elif isinstance(v, int):
            if not -2 ** 63 <= v < 2 ** 64:
                raise ValueError(f"{where}: {v} is beyond any number a table holds")
        else:
            raise ValueError(f"{where}: a {type(v).__name__} ({v!r:.40}) is not part of any position")


def _market_name(rules, mid: str) -> str:
    return rules.m[mid].name if mid in rules.m else str(mid)


def _catchable(rules, kind: str) -> tuple:
    """The fish another fish's licence may catch: a Himono licence mackerel, horse mackerel
    and sardines, or himono when none of them can be caught (000:468); a Horse Mackerel
    licence mackerel (000:489). A market may say so itself (`catches_with_licence`)."""
    own = getattr(rules.m[kind], "catches_with_licence", None)
    if own is not None:
        return tuple(own)
    if kind == "himono":
        return tuple(rules.d.market["himono"].get("catches", ())) + ("himono",)
    if kind == "horse_mackerel":
        return ("mackerel",)
    return ()


def _numbered(k: str, rules) -> bool:
    return k.isdigit() and str(int(k)) == k and int(k) < rules.d.max_licences


def _barrel(rules, s: State, x, where: str) -> str:
    """A barrel on a boat: its fish, or "fish/licence" when caught with another fish's licence
    ("mackerel/horse_mackerel", 000:489; "sardines/himono:1", the second Himono licence, 000:468-470;
    "sardines/himono" once that licence has been returned, counting against none)."""
    if not isinstance(x, str):
        raise ValueError(f"{where}: {x!r:.40} is not a barrel (a fish such as 'eel')")
    fish, tagged, use = x.partition("/")
    _fish_name(fish, where)
    if not tagged:
        return x
    if not s.expansion:
        raise ValueError(f"{where}: {x!r}: only with the expansion is a barrel caught with another fish's "
                         "licence (000:468, 000:489)")
    kind, numbered, n = use.partition(":")
    if kind not in FISH:
        raise ValueError(f"{where}: {x!r}: after the '/' comes the licence it was caught with, such as "
                         "'mackerel/horse_mackerel' or 'sardines/himono:0'")
    if fish not in _catchable(rules, kind):
        raise ValueError(f"{where}: {x!r}: a {_market_name(rules, kind)} licence never catches "
                         f"{fish.replace('_', ' ')} ({rules.m[kind].lines})")
    if fish not in s.fish or kind not in s.fish:
        raise ValueError(f"{where}: {x!r}: a barrel of {fish.replace('_', ' ')} caught with a "
                         f"{_market_name(rules, kind)} licence needs both markets in play")
    if kind in NUMBERED_LICENCES and numbered and not _numbered(n, rules):
        # "sardines/himono" (no number): its licence has been returned since (markets/himono.py)
        raise ValueError(f"{where}: {x!r}: the {_market_name(rules, kind)} licence that caught it is "
                         f"'{fish}/{kind}:0' to '{fish}/{kind}:{rules.d.max_licences - 1}' (000:470), or "
                         f"'{fish}/{kind}' once that licence is returned")
    if numbered and kind not in NUMBERED_LICENCES:
        raise ValueError(f"{where}: {x!r}: only Himono licences are told apart (000:470)")
    return x


def _himono(rules, s: State, v, n: int, where: str) -> list:
    """What lies on each of a seat's n Himono licences: at most 2 barrels ("b:<fish>") and
    tokens ("t:<kind>") each (000:472-474)."""
    if v is None:
        return [[] for _ in range(n)]
    if not isinstance(v, list) or any(not isinstance(x, list) for x in v):
        raise ValueError(f"{where}: himono is one list per Himono licence, such as [['b:mackerel', 't:sardines'], []]")
    if len(v) != n:
        raise ValueError(f"{where} holds {n} Himono licence{'' if n == 1 else 's'}, but himono lists {len(v)}: "
                         "one list (of what lies on it) per licence (000:474)")
    hold = int(rules.d.market["himono"].get("licence_holds", 2))
    catches = tuple(rules.d.market["himono"].get("catches", ()))
    allowed = {"b": catches + ("himono",), "t": catches}
    for k, space in enumerate(v):
        if len(space) > hold:
            raise ValueError(f"{where}: Himono licence {k + 1} holds at most {hold} barrels or tokens, not "
                             f"{len(space)} (000:474)")
        for item in space:
            what, sep, kind = item.partition(":") if isinstance(item, str) else ("", "", "")
            if not sep or what not in allowed or kind not in allowed[what]:
                raise ValueError(f"{where}: {item!r:.40} on Himono licence {k + 1} is neither a barrel "
                                 f"'b:<fish>' of {', '.join(allowed['b'])} nor a token 't:<kind>' of "
                                 f"{', '.join(allowed['t'])} (000:472-474)")
            if kind not in s.fish:
                raise ValueError(f"{where}: {item!r} on Himono licence {k + 1}, but the {_market_name(rules, kind)} "
                                 "market is not in play")
    return [list(x) for x in v]


def _never_for_sale(rules) -> str:
    names = [f.replace("_", " ") for f in _auctioned_fish(rules)]
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]


SEAT_KEYS = ("licences", "rentals", "tokens", "boats", "berths", "harbour", "loans", "shares")
EXPANSION_SEAT_KEYS = ("himono", "buyers")


def _seat(rules, s: State, d, i: int, players: int) -> dict:
    d_ = rules.d
    where = f"seat {i + 1}"
    if not isinstance(d, dict):
        raise ValueError(f"{where} is a mapping")
    unknown = set(d) - set(SEAT_KEYS) - (set(EXPANSION_SEAT_KEYS) if s.expansion else set())
    if unknown:
        k = sorted(unknown)[0]
        raise ValueError(f"{where} has no {k!r}" + (" (that comes with the expansion, which is not played)"
                                                      if k in EXPANSION_SEAT_KEYS else ""))
    lic = d.get("licences", {})
    if isinstance(lic, list):
        l2: dict = {}
        for f in lic:
            f = _fish_name(f, f"{where} licences")
            l2[f] = l2.get(f, 0) + 1
        lic = l2
    if not isinstance(lic, dict):
        raise ValueError(f"{where}: licences map fish to counts")
    for f in lic:
        _fish_name(f, f"{where} licences")
    licences = {}
    for f in FISH:
        if f in lic:
            n = whole(lic[f], f"{where}: {f} licences")
            if n:
                licences[f] = n
            cap = d_.market[f].get("max_held")
            if cap is not None and n > int(cap):
                raise ValueError(f"{where} holds {n} {rules.m[f].name} licences; nobody holds more than {cap} "
                                 f"({rules.m[f].lines})")
    rentals = d.get("rentals", [])
    if not isinstance(rentals, list):
        raise ValueError(f"{where}: rentals are a list of [item, uses]")
    rent = []
    for r in rentals:
        if (not isinstance(r, list) or len(r) != 2 or r[0] not in ("coolbox", "cart")
                or r[1] not in range(1, int(d_.market["rental"]["uses"]) + 1)):
            raise ValueError(f"{where}: a rental is ['coolbox' or 'cart', uses left 1..2], not {r!r:.60}")
        rent.append([r[0], r[1]])
    st = {"licences": licences, "rentals": rent,
          "tokens": token_counts(d.get("tokens", {}), d_.token_kinds, f"{where} tokens"),
          "boats": [], "berths": whole(d.get("berths", 1), f"{where} berths", 1), "harbour": [],
          "loans": whole(d.get("loans", 0), f"{where} loans"), "shares": whole(d.get("shares", 0), f"{where} shares")}
    if s.expansion:                                   # state.expansion_seat
        st["himono"] = _himono(rules, s, d.get("himono"), licences.get("himono", 0), where)
        st["buyers"] = whole(d.get("buyers", 0), f"{where}'s buyer markers")
        if st["buyers"] and "influence" not in s.ext:
            raise ValueError(f"{where} holds buyer markers, but the Influence market is not in play (000:562)")
    if slots_used(st) > d_.max_licences:
        raise ValueError(f"{where} holds more than {d_.max_licences} licences and rentals"
                         + (" and buyer markers (000:145, 000:564)" if s.expansion else " (000:145)"))
    if st["berths"] > len(BERTHS):
        raise ValueError(f"{where}: a harbour has {len(BERTHS)} berths")
    if st["loans"] and st["shares"]:
        raise ValueError(f"{where} has loans and shares; nobody has both (000:311)")
    boats = d.get("boats", [])
    if not isinstance(boats, list):
        raise ValueError(f"{where}: boats are a list")
    types = BOAT_TYPES if s.expansion else tuple(t for t in BOAT_TYPES if t not in EXPANSION_BOATS)
    foreign = "foreign_market" in s.ext
    for j, b in enumerate(boats):
        bw = f"{where} boat {j + 1}"
        keys = {"type", "at", "load"} | ({"rented"} if s.expansion else set())
        if not isinstance(b, dict) or set(b) - keys:
            raise ValueError(f"{bw} is {{{', '.join(sorted(keys, key=['type', 'at', 'load', 'rented'].index))}}}")
        t = b.get("type")
        t = str(t) if isinstance(t, (str, int)) and not isinstance(t, bool) else repr(t)
        if t in EXPANSION_BOATS and not s.expansion:
            raise ValueError(f"{bw}: the {'Blue Ship' if t == 'blue' else '4-hold barge'} comes with the expansion "
                             "(000:394), which is not played")
        if t not in types:
            raise ValueError(f"{bw}: type is one of {', '.join(types)}, not {t:.40}")
        at = b.get("at", "left")
        if at == FOREIGN and not foreign:
            raise ValueError(f"{bw} is docked at the Foreign Market, which is not in play (000:551)")
        if at not in BERTHS + ("sea",) + ((FOREIGN,) if foreign else ()):
            raise ValueError(f"{bw} is at a berth (left, middle, right) or at sea"
                             + (" or at the Foreign Market ('foreign', 000:551)" if foreign else ""))
        load = b.get("load", [])
        if not isinstance(load, list):
            raise ValueError(f"{bw}: load is a list of fish")
        load = [_barrel(rules, s, x, f"{bw} load") for x in load]
        if load and at in BERTHS:
            raise ValueError(f"{bw} is at a berth and so unloaded (000:136)")
        if len(load) > d_.holds(t):
            raise ValueError(f"{bw} has {d_.holds(t)} holds, not {len(load)}")
        if t == "blue":
            if len(set(load)) > d_.blue_licences:
                raise ValueError(f"{bw}: the Blue Ship carries at most {d_.blue_licences} kinds of barrel, one per "
                                 "licence it uses (000:448)")
        elif not is_barge(t) and len(set(load)) > 1:
            raise ValueError(f"{bw}: a ship carries one kind of fish"
                             + (", caught with one kind of licence (000:132, 000:468, 000:489)" if s.expansion
                                else " (000:132)"))
        if sum(1 for x in load if barrel_fish(x) == "salmon") > 1:
            raise ValueError(f"{bw}: one salmon barrel per boat (000:251)")
        if not is_barge(t) and any(x.partition("/")[2].startswith("himono") for x in load) \
                and len({barrel_fish(x) for x in load}) > 1:
            raise ValueError(f"{bw}: a ship using a Himono licence carries one kind of fish (000:468)")
        if not is_barge(t) and "mackerel/horse_mackerel" in load and "horse_mackerel" in map(barrel_fish, load):
            raise ValueError(f"{bw}: a ship with mackerel caught with a Horse Mackerel licence carries no horse "
                             "mackerel (000:489)")
        boat = {"type": t, "at": at, "load": load}
        if "rented" in b:
            r = b["rented"]
            if r not in ("ships", "used_ships"):
                raise ValueError(f"{bw}: a rented boat is rented from 'ships' or 'used_ships' (000:578), not {r!r:.40}")
            if "ship_rental" not in s.ext:
                raise ValueError(f"{bw} is rented, but the Ship Rental market is not in play (000:578)")
            if r not in s.ext:
                raise ValueError(f"{bw} is rented from the {_market_name(rules, r)} market, which is not in play "
                                 "(000:578)")
            if t == "blue":
                raise ValueError(f"{bw}: the Blue Ship is never rented (000:578)")
            boat["rented"] = r
        st["boats"].append(boat)
    if s.expansion:                                   # 000:470: two barrels at sea per Himono licence
        limit = int(d_.market["himono"].get("caught_at_sea_limit", 2))
        per: dict = {}
        for b in st["boats"]:
            for x in b["load"]:
                use = x.partition("/")[2]
                if ":" in use:
                    per[use] = per.get(use, 0) + 1
        for use, n in sorted(per.items()):
            if n > limit:
                raise ValueError(f"{where} has {n} barrels at sea caught with Himono licence "
                                 f"{int(use.split(':')[1]) + 1}; never more than {limit} (000:470)")
    for berth in BERTHS:
        here = [b for b in st["boats"] if b["at"] == berth]
        if not here:
            continue
        if BERTHS.index(berth) >= st["berths"]:
            raise ValueError(f"{where}: the {berth} berth is still covered")
        barges = [b for b in here if is_barge(b["type"])]
        ok = ((berth == "right" and ((len(here) == 1 and barges)
                                     or (not barges and len(here) <= d_.right_berth_ships)))
              or (berth != "right" and len(here) == 1 and not barges))
        if not ok:
            raise ValueError(f"{where}: the {berth} berth cannot hold those boats (000:109)")
    harbour = d.get("harbour", [])
    if not isinstance(harbour, list):
        raise ValueError(f"{where}: the harbour is a list of [kind, row, column]")
    never = _auctioned_fish(rules)
    for x in harbour:
        if (not isinstance(x, list) or len(x) != 3 or x[1] not in ROWS or not d_.valid_column(x[2])
                or not (x[0] == "takoyaki" or (x[0] in FISH and x[0] not in never))):
            raise ValueError(f"{where}: {x!r:.60} is not a harbour item such as ['eel', 'upper', 'c3'] or "
                             f"['takoyaki', 'upper', 'q1200'] ({_never_for_sale(rules)} are never for sale, 000:136)")
        st["harbour"].append([x[0], x[1], x[2]])
    return st


def _fish_market(rules, s: State, f: str, d, players: int) -> dict:
    if d == "setup":
        # Set up by the market itself (000:33-43, and what its own set-up adds), from a full box;
        # the pieces found elsewhere in the position are taken off it afterwards.
        t = State()
        t.players, t.expansion, t.box, t.fish = players, s.expansion, rules.full_box(s.expansion), dict(s.fish)
        return rules.m[f].setup(t)
    return rules.m[f].validate(d, players)


def _always(rules, s: State, options: dict) -> list[str]:
    """Mackerel (or with the expansion, if chosen, Horse Mackerel, 000:405) and Ships (000:17)."""
    always = list(rules.d.always)
    if s.expansion and options.get("table_mackerel") == "horse_mackerel":
        always = ["horse_mackerel" if m == "mackerel" else m for m in always]
    return always


def restore(rules, data: dict, players: int, options: dict) -> State:
    if not isinstance(data, dict):
        raise ValueError("a position is a mapping")
    _plain(data)
    try:
        return _restore(rules, data, players, options)
    except (TypeError, KeyError, IndexError, AttributeError, OverflowError) as e:
        # a value of the wrong kind deep inside, which the checks above did not name
        raise ValueError(f"the position is damaged ({type(e).__name__}: {str(e)[:200]})") from e


def _variants(s: State, data: dict) -> None:
    """The expansion (000:392) and the collapsing variant (000:592) are the options' to say;
    a position that says otherwise is of another game."""
    for k, have in (("expansion", s.expansion), ("collapse", s.collapse)):
        if k in data and _bool(data[k], k) != have:
            raise ValueError(f"the position says {k} {data[k]!r}, but this game is played "
                             + ("with" if have else "without") + (" the expansion (000:392)" if k == "expansion"
                                                                  else " collapsing markets (000:592)"))


def _collapsed_and_buyers(rules, s: State, data: dict, players: int) -> None:
    d_ = rules.d
    v = data.get("collapsed", {})
    if not isinstance(v, dict):
        raise ValueError("collapsed maps collapsed external markets to 'collapsed' or 'closed' (000:596-598)")
    if v and not s.collapse:
        raise ValueError("markets collapse only in the collapsing variant (000:592), which is not played")
    s.collapsed = {}
    for e in sorted(v, key=_ext_key):
        side = d_.collapse_side.get(e)
        if e not in s.ext:
            raise ValueError(f"collapsed: {e!r:.40} is not an external market in play")
        if side is None:
            raise ValueError(f"collapsed: the {rules.m[e].name} market never collapses (000:602-626)")
        if v[e] != side:
            raise ValueError(f"collapsed: the {rules.m[e].name} market's collapse marker shows {side!r}, "
                             f"not {v[e]!r:.40} (000:596-598)")
        s.collapsed[e] = side
    v = data.get("buyers", [])
    if not isinstance(v, list):
        raise ValueError("buyers lists the buyer markers given to other players, [[owner, target], ...] (000:564)")
    if v and "influence" not in s.ext:
        raise ValueError("buyer markers are given to other players only with the Influence market in play (000:564)")
    s.buyers = []
    for x in v:
        if (not isinstance(x, list) or len(x) != 2 or any(not isinstance(o, int) or isinstance(o, bool)
                                                           or not 0 <= o < players for o in x) or x[0] == x[1]):
            raise ValueError(f"buyers: {x!r:.40} is not [owner, target], two different seats (0-based) (000:564)")
        s.buyers.append([x[0], x[1]])


def _order(rules, s: State, data: dict, players: int, options: dict) -> None:
    """Open market order (000:628): the markets not in play, face up in the order they come."""
    v = data.get("order")
    if options.get("order") != "open":
        if v is not None:
            raise ValueError("order is kept only with open market order (000:628), which is not played")
        s.order = None
        return
    want = {}
    for kind in ("fish", "external"):
        want[kind] = [m for m in rules.market_pool(s, kind) if options.get(m, "auto") != "out"
                      and not (m == "auction" and players < rules.d.auction_min_players)]
    if v is None:
        s.order = want
        return
    if not isinstance(v, dict) or set(v) != {"fish", "external"}:
        raise ValueError("order is {'fish': [...], 'external': [...]}: the markets not in play in the order "
                         "they come into play (000:628)")
    s.order = {}
    for kind in ("fish", "external"):
        row = v[kind]
        if not isinstance(row, list) or any(not isinstance(m, str) for m in row) or len(set(row)) != len(row):
            raise ValueError(f"order: the {kind} markets are a list of names, each once")
        if set(row) != set(want[kind]):
            odd = sorted(set(row) ^ set(want[kind]))[0]
            raise ValueError(f"order: the {kind} row lies out the {kind} markets not in play (and not left out "
                             f"by the options), {', '.join(want[kind]) or 'none'}; {odd!r:.40} does not fit (000:628)")
        s.order[kind] = list(row)


def _restore(rules, data: dict, players: int, options: dict) -> State:
    d_ = rules.d
    s = State.for_table(players, options)
    _variants(s, data)
    # markets
    markets = data.get("markets")
    if not isinstance(markets, dict) or set(markets) - {"fish", "external"}:
        raise ValueError("markets are {'fish': {...}, 'external': {...}}")
    fm, em = markets.get("fish", {}), markets.get("external", {})
    if not isinstance(fm, dict) or not isinstance(em, dict):
        raise ValueError("markets are {'fish': {...}, 'external': {...}}")
    for f in fm:
        _fish_name(f, "fish markets")
    for e in em:
        if e not in EXTERNAL:
            raise ValueError(f"{e!r:.40} is not an external market ({', '.join(EXTERNAL)})")
    if not s.expansion:
        for m in [*fm, *em]:
            if m in EXPANSION_FISH or m in EXPANSION_EXTERNAL:
                raise ValueError(f"the {rules.m[m].name} market comes with the expansion (000:392), which is "
                                 "not played")
    for m in _always(rules, s, options):
        if m not in fm and m not in em:
            raise ValueError(f"{rules.m[m].name} is always in play (000:17" + (", 000:405)" if s.expansion else ")"))
    if "auction" in em and players < d_.auction_min_players:
        raise ValueError("the Auction is not used with fewer than 3 players (000:23)")
    if s.expansion:                                   # 000:409, 000:600: the aquariums come together
        pair = [m for m in ("aquarium", "new_aquarium") if m in em]
        if len(pair) == 1:
            other = "new_aquarium" if pair[0] == "aquarium" else "aquarium"
            if options.get(other, "auto") != "out":
                raise ValueError(f"the {rules.m[pair[0]].name} is in play, so the {rules.m[other].name} is too "
                                 "(000:409, 000:600)")
    s.fish = {}
    for f in FISH:
        if f in fm:
            s.fish[f] = _fish_market(rules, s, f, fm[f], players)
    s.ext = {}
    for e in EXTERNAL:
        if e in em:
            v = em[e]
            if v == "setup":
                s.box = rules.full_box(s.expansion)
                s.box["boats"][d_.start_ship] -= players
                v = rules.m[e].setup(s)
                s.ext[e] = v
                if e == "ships" and s.expansion:      # 000:420-421: the Blue Ship, the barges
                    rules._expansion_boats(s, options)
            s.ext[e] = rules.m[e].validate(s.ext.get(e, v), players)
    _collapsed_and_buyers(rules, s, data, players)
    _order(rules, s, data, players, options)
    # bag (000:40; Clams & Oysters too, 000:414)
    bags = data.get("bag")
    if bags is not None and not isinstance(bags, dict):
        raise ValueError("the bag maps markets to the tokens in it")
    s.bags = {}
    for f in FISH:
        if f not in s.fish or not rules.m[f].bag:
            continue
        kinds = [k for k in d_.token_kinds if d_.kind_fish[k] == f]
        if bags is None or f not in bags:
            if fm[f] == "setup":
                s.bags[f] = [k for k in kinds for _ in range(d_.piece_total("tokens", k))]
            else:
                s.bags[f] = []
            continue
        items = bags[f]
        if not isinstance(items, list) or any(not isinstance(k, str) or k not in kinds for k in items):
            raise ValueError(f"the bag's {f.replace('_', ' ')} tokens are a list such as ['{kinds[0]}', ...]")
        s.bags[f] = list(items)
    if bags is not None and set(bags) - set(s.bags):
        names = [rules.m[f].name for f in FISH if rules.m[f].bag and (s.expansion or f in BAG_FISH)]
        names = ", ".join(names[:-1]) + " and " + names[-1]
        raise ValueError(f"the bag holds only {names} tokens of markets in play (000:40"
                         + (", 000:414)" if s.expansion else ")"))
    # seats
    seats = data.get("seats")
    if not isinstance(seats, list) or len(seats) != players:
        raise ValueError(f"one seat per player: {players}")
    s.seats = [_seat(rules, s, x, i, players) for i, x in enumerate(seats)]
    for i, st in enumerate(s.seats):
        for f in st["licences"]:
            if f not in s.fish:
                raise ValueError(f"seat {i + 1} holds a {f} licence, but that market is not in play")
        for k in st["tokens"]:
            if d_.kind_fish[k] not in s.fish:
                raise ValueError(f"seat {i + 1} holds {k} tokens, but that market is not in play")
        if st["rentals"] and "rental" not in s.ext:
            raise ValueError(f"seat {i + 1} holds rented items, but the Rental market is not in play")
        if (st["loans"] or st["shares"]) and "bank" not in s.ext:
            raise ValueError(f"seat {i + 1} holds loans or shares, but the Bank is not in play")
    # yen
    ylist = data.get("yen")
    if not isinstance(ylist, list) or len(ylist) != players:
        raise ValueError("one yen amount per seat")
    balances = {acct(i): whole(y, f"seat {i + 1}'s yen") for i, y in enumerate(ylist)}
    balances[SUPPLY] = -sum(balances.values())
    s.treasury = Treasury.restore(balances)
    # turn
    s.turn = whole(data.get("turn", 0), "turn")
    if s.turn >= players:
        raise ValueError("turn names a seat that is not playing")
    s.phase = data.get("phase", "main")
    if s.phase not in PHASES:
        raise ValueError(f"phase is one of {', '.join(PHASES)}")
    s.ap = whole(data.get("ap", d_.action_points), "ap")
    if s.ap > d_.action_points:
        raise ValueError(f"a turn has {d_.action_points} action points (000:103)")
    s.cart_ap = whole(data.get("cart_ap", 0), "cart_ap")
    most = d_.total_carts * int(d_.market["rental"]["uses"])
    if s.cart_ap > most:
        raise ValueError(f"cart_ap: the hand carts give at most {most} action points for markets (000:329)")
    s.acted = _bool(data.get("acted", s.ap < d_.action_points), "acted")
    once = data.get("once", [])
    if not isinstance(once, list) or any(not isinstance(m, str) or (m not in s.fish and m not in s.ext)
                                         for m in once):
        raise ValueError("once lists markets in play visited this turn")
    s.once = list(once)
    end = data.get("end", {})
    if not isinstance(end, dict) or set(end) - {"triggered_by", "final_turns_left", "why"}:
        raise ValueError("end is {triggered_by, final_turns_left, why}")
    s.why = end.get("why", "")
    if not isinstance(s.why, str):
        raise ValueError("end.why is text")
    trig = end.get("triggered_by")
    s.triggered = -1 if trig is None else whole(trig, "triggered_by")
    if s.triggered >= players:
        raise ValueError("triggered_by names a seat that is not playing")
    s.final_left = whole(end.get("final_turns_left", players if trig is not None else 0), "final_turns_left")
    s.turns = whole(data.get("turns", 1), "turns")
    s.over = _bool(data.get("over", False), "over")
    if s.final_left > players or (s.triggered < 0 and s.final_left) or (
            s.triggered >= 0 and not s.over and not s.final_left):
        raise ValueError("final_turns_left is 1..players once the end is triggered, else 0")
    s.reason = data.get("reason", "")
    if not isinstance(s.reason, str):
        raise ValueError("reason is text")
    if s.over != (s.phase == "over"):
        raise ValueError("the phase is 'over' exactly when the game is over")
    # action in progress and bid
    s.ctx = _ctx(rules, s, data.get("action"))
    s.bid = _bid(rules, s, data.get("bid"))
    if s.phase == "main" and not s.over and s.ap == 0 and s.cart_ap == 0:
        raise ValueError("no action points are left: the turn is over (000:103)")
    _boats_at_the_foreign_market(rules, s)
    if s.collapse:                                    # 000:594: a market collapses as soon as it may
        for e in s.ext:
            if e in d_.collapse_side and e not in s.collapsed and rules.m[e].collapses(s):
                raise ValueError(f"the {rules.m[e].name} market meets its collapse condition, so it has collapsed "
                                 f"(000:594): collapsed lists it as {d_.collapse_side[e]!r}")
    # pieces: the box is what is not on the table
    want = totals(rules, s.expansion)
    have = placed(rules, s)
    # A market written as "setup" is set up from the pieces not found elsewhere.
    for f in FISH:
        if fm.get(f) != "setup":
            continue
        st = s.fish[f]
        for field, key in _counted_fields(rules, f, st):
            excess = have.get(key, 0) - want.get(key, 0)
            if excess > 0:
                cut = min(excess, st[field])
                st[field] -= cut
                have[key] -= cut
        for kind in sorted(set(s.bags.get(f, ()))):
            key = f"tokens:{kind}"
            excess = have.get(key, 0) - want.get(key, 0)
            while excess > 0 and kind in s.bags[f]:
                s.bags[f].remove(kind)
                excess -= 1
                have[key] -= 1
    for key in have:
        if key not in want:
            raise ValueError(f"unknown pieces {key}" + (" (the expansion is not played)" if not s.expansion else ""))
    for e in EXTERNAL:
        if em.get(e) != "setup":
            continue
        st = s.ext[e]
        fields = []
        if isinstance(st.get("boats"), dict):
            fields = [(st["boats"], t, f"boats:{t}") for t in list(st["boats"])]
        fields += [(st, k, key) for k, key in _counted_fields(rules, e, st)]
        for where, field, key in fields:
            excess = have.get(key, 0) - want.get(key, 0)
            if excess > 0:
                cut = min(excess, where[field])
                where[field] -= cut
                have[key] -= cut
        if isinstance(st.get("boats"), dict):
            st["boats"] = {k: n for k, n in st["boats"].items() if n}
    if "box" in data:
        s.box = _box(rules, data["box"], s.expansion)
        c = dict(have)
        _count_box(rules, s.box, c)
        for key in sorted(set(want) | set(c)):
            if c.get(key, 0) != want.get(key, 0):
                raise ValueError(f"the game has {want.get(key, 0)} {_piece_name(key)}, this position "
                                 f"{c.get(key, 0)} (000:5-13" + (", 000:394-401)" if s.expansion else ")"))
    else:
        box = {"barrels": {}, "tokens": {}, "licences": {}, "boats": {}, "loans": 0, "shares": 0,
               "coolboxes": 0, "carts": 0}
        if s.expansion:
            box.update({k: 0 for k in EXPANSION_KEYS})
        for key, n in want.items():
            left = n - have.get(key, 0)
            if left < 0:
                raise ValueError(f"the game has only {n} {_piece_name(key)}, this position {have[key]} (000:5-13"
                                 + (", 000:394-401)" if s.expansion else ")"))
            if ":" in key:
                what, kind = key.split(":")
                if left:
                    box[what][kind] = left
            else:
                box[key] = left
        s.box = box
    return s


def _counted_fields(rules, mid: str, st: dict) -> list[tuple[str, str]]:
    """(field, piece) for each whole-number field of a market's state that counts one piece
    each (as its count_pieces says): "barrels" → "barrels:eel", "markers" → "ship_rental_markers"."""
    mk = rules.m[mid]
    base: dict = {}
    mk.count_pieces(st, base)
    out = []
    for k, v in st.items():
        if not isinstance(v, int) or isinstance(v, bool) or v <= 0:
            continue
        probe: dict = {}
        try:
            mk.count_pieces({**st, k: v + 1}, probe)
        except (TypeError, KeyError, ValueError, AttributeError):
            continue
        grew = [key for key in probe if probe[key] != base.get(key, 0)]
        if len(grew) == 1 and probe[grew[0]] == base.get(grew[0], 0) + 1:
            out.append((k, grew[0]))
    return out


def _boats_at_the_foreign_market(rules, s: State) -> None:
    """A boat docked at the Foreign Market is unloaded, but for a group still docking there in
    this fishing action, whose barrels are auctioned together (000:547-551)."""
    ctx = s.ctx
    group = ctx.get("foreign") if ctx and ctx.get("kind") == "fish" else None
    for i, st in enumerate(s.seats):
        for j, b in enumerate(st["boats"]):
            if b["at"] == FOREIGN and b["load"] and not (i == s.turn and j in (group or ())):
                raise ValueError(f"seat {i + 1} boat {j + 1} is docked at the Foreign Market and so unloaded; its "
                                 "barrels were auctioned (000:547, 000:551)")


def _piece_name(key: str) -> str:
    return key.replace(":", " of ").replace("_", " ")


def _box(rules, d, expansion: bool = False) -> dict:
    d_ = rules.d
    keys = {"barrels", "tokens", "licences", "boats", *STATIC_KEYS, *(EXPANSION_KEYS if expansion else ())}
    if not isinstance(d, dict) or set(d) - keys:
        raise ValueError("the box holds barrels, tokens, licences, boats, loans, shares, coolboxes, carts"
                         + (", buyers, expansion_markers, ship_rental_markers" if expansion else ""))
    out = {}
    for what in ("barrels", "licences"):
        v = d.get(what, {})
        if not isinstance(v, dict):
            raise ValueError(f"box {what} map fish to counts")
        out[what] = {_fish_name(f, f"box {what}"): whole(n, f"box {what}") for f, n in v.items() if n}
    out["tokens"] = token_counts(d.get("tokens", {}), d_.token_kinds, "box tokens")
    v = d.get("boats", {})
    if not isinstance(v, dict) or set(v) - set(BOAT_TYPES):
        raise ValueError("box boats map boat types to counts")
    out["boats"] = {t: whole(n, "box boats") for t, n in v.items() if n}
    for k in STATIC_KEYS:
        out[k] = whole(d.get(k, 0), f"box {k}")
    if expansion:
        for k in EXPANSION_KEYS:
            out[k] = whole(d.get(k, 0), f"box {k}")
    return out


def _ctx(rules, s: State, d):
    ph = s.phase
    phase = s.bid["resume"] if ph == "bid" and s.bid else ph
    if ph == "bid":
        # the action the bid interrupted: read the resume phase from the bid itself
        return _ctx_for(rules, s, d, None)
    if phase in ("main", "over"):
        if d is not None:
            raise ValueError(f"no action is in progress in phase {phase}")
        return None
    if d is None and phase in ("start", "fish", "buy"):
        d = {"kind": phase}          # a fresh action, for hand-written positions
    return _ctx_for(rules, s, d, phase)


def _index_list(v, n: int, what: str) -> list:
    if (not isinstance(v, list) or len(set(x for x in v if isinstance(x, int))) != len(v)
            or any(not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < n for i in v)):
        raise ValueError(what)
    return list(v)


def _licence_uses(rules, s: State, me: dict, lic) -> dict:
    """Licences used in this fishing action: {fish: n}, and each Himono licence once by number,
    {"himono:0": 1} (000:143, 000:470)."""
    if not isinstance(lic, dict):
        raise ValueError("fishing: lic maps fish to licences used")
    out = {}
    for u in sorted(lic, key=_lic_key):
        fish, numbered, k = u.partition(":")
        _fish_name(fish, "fishing lic")
        n = whole(lic[u], "licences used")
        if not n:
            continue
        if fish in NUMBERED_LICENCES:
            if not s.expansion or not numbered or not _numbered(k, rules) or n != 1:
                raise ValueError(f"fishing: {rules.m[fish].name} licences are used one by one, each once: "
                                 f"'{fish}:0' to '{fish}:{rules.d.max_licences - 1}' (000:470), not {u!r}")
        elif numbered:
            raise ValueError(f"fishing: {u!r}: only Himono licences are told apart (000:470)")
        elif n > me["licences"].get(fish, 0):
            raise ValueError(f"fishing: {n} {fish} licences used, but only {me['licences'].get(fish, 0)} held "
                             "(000:143)")
        out[u] = n
    return out


def _ctx_for(rules, s: State, d, phase):
    d_ = rules.d
    if not isinstance(d, dict):
        raise ValueError("the action in progress is a mapping with a 'kind'")
    kind = d.get("kind")
    if phase is not None and kind != phase:
        raise ValueError(f"phase {phase} needs an action of kind {phase!r}")
    me = s.seats[s.turn]
    if kind == "start":
        keys = {"kind", "fugu"} | ({"pending"} if s.expansion else set())
        if set(d) - keys:
            order = ["kind", "fugu", "pending"]
            raise ValueError("a start action is {" + ", ".join(sorted(keys, key=order.index)) + "}")
        out = {"kind": "start", "fugu": whole(d.get("fugu", 0), "fugu bought")}
        if "pending" in d:                            # 000:476: new himono barrels to price first
            p = d["pending"]
            if (not isinstance(p, list) or not p or any(x != "himono" for x in p) or "himono" not in s.fish
                    or len(p) > me["licences"].get("himono", 0)):
                raise ValueError("the start of a turn's pending items are the new himono barrels to price, one "
                                 "at most per Himono licence (000:476)")
            out["pending"] = list(p)
        return out
    if kind == "buy":
        keys = {"kind"} | ({"buyer"} if s.expansion else set())
        if set(d) - keys:
            raise ValueError("a buying action is {" + ", ".join(sorted(keys)) + "}")
        out = {"kind": "buy"}
        if "buyer" in d:                              # 000:564: a buyer marker's buying action
            b = d["buyer"]
            if b is not None:
                b = whole(b, "the buyer")
                if "influence" not in s.ext:
                    raise ValueError("a buyer marker's buying action needs the Influence market in play (000:564)")
                if b >= s.players or b == s.turn:
                    raise ValueError("the buyer is another seat than the one whose turn has just ended (000:564)")
                if s.ap or s.cart_ap:
                    raise ValueError("a buyer marker buys right after the end of the other player's turn (000:564): "
                                     "that turn has no action points left")
            out["buyer"] = b
        return out
    if kind == "fish":
        keys = {"kind", "boats", "lic", "unloaded", "king_crab", "tuna", "pending", "fixed"}
        if s.expansion:
            keys |= {"swordfish", "foreign"}
        if set(d) - keys:
            raise ValueError(f"a fishing action has {', '.join(sorted(keys))}")
        boats = _index_list(d.get("boats", []), len(me["boats"]),
                            "fishing: boats lists the active player's boats already used (0-based)")
        lic = _licence_uses(rules, s, me, d.get("lic", {}))
        never = _auctioned_fish(rules)
        pending = d.get("pending", [])
        if not isinstance(pending, list) or any(k not in FISH or k in never for k in pending):
            raise ValueError("fishing: pending lists unloaded barrels still to be priced")
        fixed = _index_list(d.get("fixed", []), len(me["harbour"]),
                            "fishing: fixed lists harbour items already priced in this action")
        out = {"kind": "fish", "boats": boats, "lic": lic, "unloaded": whole(d.get("unloaded", 0), "unloaded"),
               "king_crab": whole(d.get("king_crab", 0), "king crab barrels unloaded"),
               "tuna": whole(d.get("tuna", 0), "tuna barrels unloaded"), "pending": list(pending), "fixed": fixed}
        if out["king_crab"] >= int(d_.market["king_crab"]["barrels_per_auction"]) and s.phase != "bid":
            raise ValueError("two unloaded king crab barrels start an auction at once (000:262)")
        if out["tuna"] >= int(d_.market["tuna"]["barrels_per_auction"]) and s.phase != "bid":
            raise ValueError("three unloaded tuna barrels start an auction at once (000:282)")
        if "swordfish" in d:                          # 000:527-531: unloaded, waiting for an auction
            out["swordfish"] = whole(d["swordfish"], "swordfish barrels unloaded")
            if out["swordfish"] and "swordfish" not in s.fish:
                raise ValueError("swordfish barrels are unloaded, but the Swordfish market is not in play")
            per = int(d_.market["swordfish"].get("barrels_per_auction", 2))
            if out["swordfish"] >= per and s.phase != "bid":
                raise ValueError(f"every {per} unloaded swordfish barrels start an auction at once (000:527)")
        if "foreign" in d:                            # 000:547-549: a group docking at the Foreign Market
            g = d["foreign"]
            if g is not None:
                if "foreign_market" not in s.ext:
                    raise ValueError("a group of boats docks at the Foreign Market, which is not in play (000:547)")
                g = _index_list(g, len(me["boats"]), "fishing: foreign lists the active player's boats docking at "
                                                     "the Foreign Market together (0-based, 000:549)")
                for i in g:
                    if me["boats"][i]["at"] not in ("sea", FOREIGN):
                        raise ValueError(f"fishing: boat {i + 1} lies at a berth; only boats at sea dock at the "
                                         "Foreign Market (000:547)")
            out["foreign"] = g
        return out
    if kind == "market":
        mid = d.get("market")
        if not isinstance(mid, str) or (mid not in s.fish and mid not in s.ext):
            raise ValueError(f"the market being visited ({mid!r:.40}) is not in play")
        mk = rules.m[mid]
        own = set(getattr(mk, "ctx_keys", ()))        # what a market keeps during a visit, if anything more
        keys = {"kind", "market", "n", "licences", "sold", "pending", "lot", "auctioned", "bartered", "returned"} | own
        if set(d) - keys:
            raise ValueError(f"a visit to the {mk.name} market has {', '.join(sorted(keys))}")
        if d_.market[mid].get("enterable") is False or d_.market[mid].get("docking_only"):
            raise ValueError(f"the {mk.name} market is never visited in a markets action ({mk.lines})")
        out = {"kind": "market", "market": mid, "n": whole(d.get("n", 0), "interactions")}
        for k in ("licences", "sold"):
            if k in d:
                out[k] = whole(d[k], k)
        if "pending" in d:
            p = d["pending"]
            if not isinstance(p, list) or any(k != "takoyaki" for k in p):
                raise ValueError("a market visit's pending items are takoyaki to price")
            out["pending"] = list(p)
        if "lot" in d:
            out["lot"] = token_counts(d["lot"], d_.token_kinds, "the lot")
            if out["lot"] and mid not in LOT_MARKETS:
                names = [rules.m[m].name for m in LOT_MARKETS if s.expansion or m not in EXPANSION_EXTERNAL]
                raise ValueError(f"lots are built only at the {', '.join(names[:-1])} and {names[-1]}")
        for k in ("auctioned", "bartered", "returned"):
            if k in d:
                out[k] = _bool(d[k], k)
        for k in sorted(own & set(d)):
            check = getattr(mk, "validate_ctx", None)
            out[k] = check(k, d[k], s) if check else _canon(d[k], _ranker(rules))
        return out
    raise ValueError(f"{kind!r:.40} is not a kind of action (start, fish, buy, market)")


def _bid(rules, s: State, d):
    if s.phase != "bid":
        if d is not None:
            raise ValueError("a bid is stored only in phase 'bid'")
        return None
    if not isinstance(d, dict):
        raise ValueError("phase 'bid' needs the bid")
    kinds = ["king_crab", "tuna", "auction", "barter"] + (["swordfish", "foreign_market"] if s.expansion else [])
    kind = d.get("kind")
    if not isinstance(kind, str) or kind not in kinds:
        raise ValueError(f"a bid is a {', '.join(kinds[:-1])} or {kinds[-1]} bid, not {kind!r:.40}")
    if kind not in s.fish and kind not in s.ext:
        raise ValueError(f"a {kind.replace('_', ' ')} bid, but the {rules.m[kind].name} market is not in play")
    own = set(getattr(rules.m[kind], "bid_keys", ()))
    keys = {"kind", "lot", "stage", "tied", "resume", "sealed", "space"} | own
    if set(d) - keys:
        raise ValueError(f"a bid has {', '.join(sorted(keys))}")
    # King Crab, Tuna and Swordfish auction unloaded barrels, the Foreign Market a docked group:
    # everyone bids, during the fishing action (000:264, 000:284, 000:529, 000:547)
    everyone = kind in BAG_FISH or kind in ("swordfish", "foreign_market")
    want_resume = "fish" if everyone else "market"
    resume = d.get("resume", want_resume)
    if resume != want_resume:
        raise ValueError(f"a {kind} bid interrupts a {'fishing action' if everyone else 'market visit'}")
    lot = token_counts(d.get("lot", {}), rules.d.token_kinds, "the bid's lot")
    if not lot:
        raise ValueError("a bid is for at least one token")
    if kind in BAG_FISH and (len(lot) != 1 or sum(lot.values()) != 1 or rules.d.kind_fish[next(iter(lot))] != kind):
        raise ValueError(f"a {kind} auction is for one {kind} token")
    if kind == "swordfish" and lot != {"swordfish": 1}:
        raise ValueError("a swordfish auction is for one swordfish token (000:529)")
    P = s.players
    bidders = list(range(P)) if everyone else [(s.turn + i) % P for i in range(1, P)]
    sealed_d = d.get("sealed", {})
    if not isinstance(sealed_d, dict) or set(sealed_d) - {"bidders", "minimum", "caps", "step", "bids", "label"}:
        raise ValueError("sealed is the sealed bid's data: bidders, minimum, caps, step, bids, label")
    sd = {"bidders": sealed_d.get("bidders", bidders), "minimum": sealed_d.get("minimum", 0),
          "caps": sealed_d.get("caps", {str(b): yen(s, b) for b in bidders}), "step": sealed_d.get("step", 100),
          "bids": sealed_d.get("bids", {}), "label": sealed_d.get("label", kind.replace("_", " "))}
    if (not isinstance(sd["bidders"], list) or any(not isinstance(b, int) or isinstance(b, bool) for b in sd["bidders"])
            or sorted(sd["bidders"]) != sorted(bidders) or sd["minimum"] != 0 or sd["step"] != 100):
        raise ValueError(f"a {kind} bid is among {'everyone' if everyone else 'the other players'}, "
                         "from ¥0 in steps of ¥100")
    if not isinstance(sd["caps"], dict) or not isinstance(sd["bids"], dict) or not isinstance(sd["label"], str):
        raise ValueError("the sealed bid is damaged: caps and bids map seats to yen, the label is text")
    try:
        sealed = SealedBid.restore(sd)
    except (KeyError, TypeError, AttributeError, ValueError) as e:
        raise ValueError(f"the sealed bid is damaged: {e}") from e
    for b in bidders:
        if sealed.caps.get(b) != yen(s, b):
            raise ValueError(f"seat {b + 1}'s bid is capped at its yen, ¥{yen(s, b):,}")
    stage = d.get("stage", "bidding")
    if stage not in ("bidding", "tie", "choose"):
        raise ValueError("a bid's stage is bidding, tie or choose")
    if (stage == "bidding") == sealed.complete:
        raise ValueError("the bid is complete exactly after bidding")
    tied = d.get("tied", [])
    if not isinstance(tied, list) or any(not isinstance(o, int) or isinstance(o, bool) for o in tied):
        raise ValueError("tied lists the seats tied for the highest bid")
    if stage == "choose" and kind != "barter":
        raise ValueError("only a barter lets the active player choose a bid")
    if stage == "tie":
        top = max(sealed.bids.values())
        want = sorted(o for o, a in sealed.bids.items() if a == top)
        if sorted(tied) != want or len(want) < 2 or kind == "barter":
            raise ValueError("tied lists the seats tied for the highest bid")
    elif tied:
        raise ValueError("tied is empty unless the highest bids tie")
    if stage != "bidding" and kind != "barter" and stage != "tie":
        raise ValueError("a finished auction is awarded at once unless bids tie")
    out = {"kind": kind, "sealed": sealed, "lot": lot, "stage": stage, "tied": sorted(tied), "resume": resume}
    if kind == "auction":
        sp = whole(d.get("space", 0), "the auction space")
        if sp >= len(rules.d.market["auction"]["spaces"]):
            raise ValueError("there is no such auction space")
        out["space"] = sp
    elif "space" in d:
        raise ValueError("only an auction lot lies on a space")
    for k in sorted(own & set(d)):
        check = getattr(rules.m[kind], "validate_bid", None)
        out[k] = check(k, d[k], s) if check else _canon(d[k], _ranker(rules))
    if s.ctx is None or s.ctx.get("kind") != resume:
        raise ValueError(f"a {kind} bid happens during a {resume} action")
    return out


# ==== view ==========================================================================================

def view(rules, s: State, seat: int | None) -> dict:
    d = dump(rules, s)
    d.pop("box")
    d["viewer"] = seat
    d["to_act"] = list(rules.to_act(s))
    d["money"] = "hidden" if s.hidden else "open"
    if s.hidden and not s.over:
        d["yen"] = [y if i == seat else None for i, y in enumerate(d["yen"])]
    d["bag"] = {f: {k: items.count(k) for k in sorted(set(items))} for f, items in s.bags.items()}
    d["box_markets"] = {"fish": rules.market_pool(s, "fish"), "external": rules.market_pool(s, "external")}
    if s.bid is not None:
        b = dict(d["bid"])
        b.pop("sealed")
        b["bids"] = s.bid["sealed"].view(seat)
        d["bid"] = b
    d["round"] = rules.round(s)
    d["last_round"] = s.round_limit or None
    d["resources"] = [rules.resources(s, i) for i in range(s.players)]
    d["token_values"] = {k: rules.token_unit(s, k) for k in rules.d.token_kinds
                         if rules.d.kind_fish[k] in s.fish}
    # each market as its module shows it (a bag market: how many tokens are in the bag)
    for group, mids in (("fish", s.fish), ("external", s.ext)):
        for mid in mids:
            d["markets"][group][mid] = rules.m[mid].view(s, d["markets"][group][mid])
    if s.over:
        d["result"] = rules.result(s).as_dict()
    return d


# ==== scramble ========================================================================================

def copy_state(s: State) -> State:
    """An independent copy of a (valid) state, without the validation of restore."""
    t = State()
    for k in ("players", "hidden", "turn", "phase", "ap", "cart_ap", "acted", "triggered", "final_left", "over",
              "reason", "turns", "round_limit", "why", "expansion", "collapse"):
        setattr(t, k, getattr(s, k))
    t.treasury = Treasury.restore(dict(s.treasury.balances))
    t.seats = [_deep(st) for st in s.seats]
    t.collapsed = dict(s.collapsed)
    t.order = _deep(s.order)
    t.buyers = _deep(s.buyers)
    t.fish = {f: _deep(d) for f, d in s.fish.items()}
    t.ext = {e: _deep(d) for e, d in s.ext.items()}
    t.bags = {f: list(v) for f, v in s.bags.items()}
    t.box = _deep(s.box)
    t.once = list(s.once)
    t.ctx = _deep(s.ctx)
    if s.bid is None:
        t.bid = None
    else:
        t.bid = {k: (_deep(v) if k != "sealed" else SealedBid.restore(v.dump())) for k, v in s.bid.items()}
    return t


def _deep(v):
    if isinstance(v, dict):
        return {k: _deep(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_deep(x) for x in v]
    return v


def scramble(rules, s: State, seat: int | None, rng, players: int, options: dict) -> State:
    """A copy with every secret of `seat` re-dealt: others' yen (hidden money), sealed bids not
    yet revealed, the order of the auction bag. What it deals depends on what `seat` sees
    only, never on the secrets it replaces (the search bot relies on that)."""
    t = copy_state(s)
    for f in t.bags:
        t.bags[f].sort()            # the order dealt must not depend on the order it was in
        rng.shuffle(t.bags[f])
    b = t.bid
    revealed = b is not None and b["sealed"].complete
    bal = t.treasury.balances
    for o in range(players):
        if o == seat:
            continue
        if t.hidden and not t.over:
            low = b["sealed"].bids.get(o, 0) if revealed else 0
            new = low + 100 * rng.below(60)
            bal[SUPPLY] += bal[acct(o)] - new
            bal[acct(o)] = new
            if b is not None and o in b["sealed"].bidders:
                b["sealed"].caps[o] = new
        if b is not None and not revealed and o in b["sealed"].bids:
            cap = b["sealed"].caps[o]
            b["sealed"].bids[o] = 100 * rng.below(cap // 100 + 1)
    return t
