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
elsewhere in the position; omitted seat fields take their starting values; the phase
defaults to "main" with 2 action points; the box (pieces not in play) and the general
supply's yen are derived. Anything else that `dump` writes may be given as well.
"""

from __future__ import annotations

from core.bids import SealedBid
from core.yen import SUPPLY, Treasury

from .data import BAG_FISH, BOAT_TYPES, EXTERNAL, FISH, count
from .markets.base import token_counts, whole
from .state import BERTHS, PHASES, ROWS, State, acct, slots_used, yen

STATIC_KEYS = ("loans", "shares", "coolboxes", "carts")


# ==== canonical data ===========================================================================

def _tokens(rules, d: dict) -> dict:
    if not d:
        return {}
    order = rules.kind_order
    return {k: d[k] for k in sorted(d, key=order.__getitem__) if d[k]}


def _by_fish(d: dict) -> dict:
    return {f: d[f] for f in FISH if d.get(f)}


def _seat_dump(rules, st: dict) -> dict:
    return {"licences": _by_fish(st["licences"]),
            "rentals": [list(r) for r in st["rentals"]],
            "tokens": _tokens(rules, st["tokens"]),
            "boats": [{"type": b["type"], "at": b["at"], "load": list(b["load"])} for b in st["boats"]],
            "berths": st["berths"],
            "harbour": [list(x) for x in st["harbour"]],
            "loans": st["loans"], "shares": st["shares"]}


def _market_dump(rules, mid: str, d: dict):
    if mid in FISH:
        out = {k: d[k] for k in ("barrels", "tokens", "licences", "takoyaki", "value", "overfished") if k in d}
        return out
    if mid == "aquarium":
        return {"spaces": {f: _tokens(rules, c) for f, c in d["spaces"].items()}}
    if mid in ("government",):
        return {"spaces": [_tokens(rules, c) for c in d["spaces"]]}
    if mid == "trade":
        return {"spaces": [_tokens(rules, c) for c in d["spaces"]], "traded": d["traded"]}
    if mid in ("ships", "used_ships"):
        return {"boats": {t: d["boats"][t] for t in BOAT_TYPES if d["boats"].get(t)}}
    return {k: d[k] for k in sorted(d)}


def _ctx_dump(rules, ctx):
    if ctx is None:
        return None
    out = {}
    for k in sorted(ctx):
        v = ctx[k]
        if k == "lic":
            v = _by_fish(v)
        elif k == "lot":
            v = _tokens(rules, v)
        elif isinstance(v, list):
            v = list(v)
        out[k] = v
    return out


def dump(rules, s: State) -> dict:
    bal = s.treasury.balances
    bid = None
    if s.bid is not None:
        b = s.bid
        bid = {k: b[k] for k in sorted(b) if k != "sealed"}
        bid["lot"] = _tokens(rules, b["lot"])
        bid["tied"] = list(b["tied"])
        bid["sealed"] = b["sealed"].dump()
    box = s.box
    return {
        "markets": {"fish": {f: _market_dump(rules, f, s.fish[f]) for f in FISH if f in s.fish},
                    "external": {e: _market_dump(rules, e, s.ext[e]) for e in EXTERNAL if e in s.ext}},
        "bag": {f: list(s.bags[f]) for f in BAG_FISH if f in s.bags},
        "box": {"barrels": _by_fish(box["barrels"]), "tokens": _tokens(rules, box["tokens"]),
                "licences": _by_fish(box["licences"]),
                "boats": {t: box["boats"][t] for t in BOAT_TYPES if box["boats"].get(t)},
                **{k: box[k] for k in STATIC_KEYS}},
        "yen": [bal[acct(i)] for i in range(s.players)],
        "seats": [_seat_dump(rules, st) for st in s.seats],
        "turn": s.turn,
        "phase": s.phase,
        "ap": s.ap,
        "cart_ap": s.cart_ap,
        "acted": s.acted,
        "once": list(s.once),
        "action": _ctx_dump(rules, s.ctx),
        "bid": bid,
        "end": {"triggered_by": None if s.triggered < 0 else s.triggered, "final_turns_left": s.final_left,
                "why": s.why},
        "turns": s.turns,
        "over": s.over,
        "reason": s.reason,
    }


# ==== counting pieces ============================================================================

def totals(rules) -> dict:
    """How many of each piece the game has (000:5-13 and the market files)."""
    out = {}
    box = rules.full_box()
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
            for f in b["load"]:
                one(f"barrels:{f}")
        for kind, _, _ in st["harbour"]:
            one("tokens:takoyaki" if kind == "takoyaki" else f"barrels:{kind}")
        one("loans", st["loans"])
        one("shares", st["shares"])
    ctx = s.ctx
    if ctx:
        for kind in ctx.get("pending", ()):
            one("tokens:takoyaki" if kind == "takoyaki" else f"barrels:{kind}")
        for f in BAG_FISH:
            if ctx.get(f):
                one(f"barrels:{f}", ctx[f])
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
        raise ValueError(f"{what}: {v!r} is not a fish ({', '.join(FISH)})")
    return v


def _seat(rules, d, i: int, players: int) -> dict:
    d_ = rules.d
    where = f"seat {i + 1}"
    if not isinstance(d, dict):
        raise ValueError(f"{where} is a mapping")
    unknown = set(d) - {"licences", "rentals", "tokens", "boats", "berths", "harbour", "loans", "shares"}
    if unknown:
        raise ValueError(f"{where} has no {sorted(unknown)[0]!r}")
    lic = d.get("licences", {})
    if isinstance(lic, list):
        l2: dict = {}
        for f in lic:
            l2[_fish_name(f, f"{where} licences")] = l2.get(f, 0) + 1
        lic = l2
    if not isinstance(lic, dict):
        raise ValueError(f"{where}: licences map fish to counts")
    licences = {}
    for f in FISH:
        if f in lic:
            n = whole(lic[f], f"{where}: {f} licences")
            if n:
                licences[f] = n
    for f in lic:
        _fish_name(f, f"{where} licences")
    rentals = d.get("rentals", [])
    if not isinstance(rentals, list):
        raise ValueError(f"{where}: rentals are a list of [item, uses]")
    rent = []
    for r in rentals:
        if (not isinstance(r, list) or len(r) != 2 or r[0] not in ("coolbox", "cart")
                or r[1] not in range(1, int(d_.market["rental"]["uses"]) + 1)):
            raise ValueError(f"{where}: a rental is ['coolbox' or 'cart', uses left 1..2], not {r!r}")
        rent.append([r[0], r[1]])
    st = {"licences": licences, "rentals": rent,
          "tokens": token_counts(d.get("tokens", {}), d_.token_kinds, f"{where} tokens"),
          "boats": [], "berths": whole(d.get("berths", 1), f"{where} berths", 1), "harbour": [],
          "loans": whole(d.get("loans", 0), f"{where} loans"), "shares": whole(d.get("shares", 0), f"{where} shares")}
    if slots_used(st) > d_.max_licences:
        raise ValueError(f"{where} holds more than {d_.max_licences} licences and rentals (000:147)")
    if st["berths"] > len(BERTHS):
        raise ValueError(f"{where}: a harbour has {len(BERTHS)} berths")
    if st["loans"] and st["shares"]:
        raise ValueError(f"{where} has loans and shares; nobody has both (000:313)")
    boats = d.get("boats", [])
    if not isinstance(boats, list):
        raise ValueError(f"{where}: boats are a list")
    for j, b in enumerate(boats):
        if not isinstance(b, dict) or set(b) - {"type", "at", "load"}:
            raise ValueError(f"{where} boat {j + 1} is {{type, at, load}}")
        t = str(b.get("type"))
        if t not in BOAT_TYPES:
            raise ValueError(f"{where} boat {j + 1}: type is one of {', '.join(BOAT_TYPES)}")
        at = b.get("at", "left")
        if at not in BERTHS + ("sea",):
            raise ValueError(f"{where} boat {j + 1} is at a berth (left, middle, right) or at sea")
        load = b.get("load", [])
        if not isinstance(load, list):
            raise ValueError(f"{where} boat {j + 1}: load is a list of fish")
        load = [_fish_name(f, f"{where} boat {j + 1} load") for f in load]
        if load and at != "sea":
            raise ValueError(f"{where} boat {j + 1} is at a berth and so unloaded (000:137)")
        if len(load) > d_.holds(t):
            raise ValueError(f"{where} boat {j + 1} has {d_.holds(t)} holds, not {len(load)}")
        if t != "barge" and len(set(load)) > 1:
            raise ValueError(f"{where} boat {j + 1}: a ship carries one kind of fish (000:131)")
        if load.count("salmon") > 1:
            raise ValueError(f"{where} boat {j + 1}: one salmon barrel per boat (000:252)")
        st["boats"].append({"type": t, "at": at, "load": load})
    for berth in BERTHS:
        here = [b for b in st["boats"] if b["at"] == berth]
        if not here:
            continue
        if BERTHS.index(berth) >= st["berths"]:
            raise ValueError(f"{where}: the {berth} berth is still covered")
        ok = ((berth == "right" and ((len(here) == 1 and here[0]["type"] == "barge")
                                     or (all(b["type"] != "barge" for b in here) and len(here) <= d_.right_berth_ships)))
              or (berth != "right" and len(here) == 1 and here[0]["type"] != "barge"))
        if not ok:
            raise ValueError(f"{where}: the {berth} berth cannot hold those boats (000:107)")
    harbour = d.get("harbour", [])
    if not isinstance(harbour, list):
        raise ValueError(f"{where}: the harbour is a list of [kind, row, column]")
    for x in harbour:
        if (not isinstance(x, list) or len(x) != 3 or x[1] not in ROWS or not d_.valid_column(x[2])
                or not (x[0] == "takoyaki" or (x[0] in FISH and x[0] not in BAG_FISH))):
            raise ValueError(f"{where}: {x!r} is not a harbour item such as ['eel', 'upper', 'c3'] or "
                             "['takoyaki', 'upper', 'q1200'] (king crab and tuna are never for sale, 000:264)")
        st["harbour"].append([x[0], x[1], x[2]])
    return st


def _fish_market(rules, f: str, d, players: int) -> dict:
    if d == "setup":
        mk = rules.m[f]
        data = mk.data
        out = {"barrels": count(data["barrels"], players), "licences": count(data["licences"], players),
               "overfished": False}
        if not mk.bag:
            out["tokens"] = count(data["tokens"], players)
        if f == "octopus":
            out["takoyaki"] = count(data["takoyaki"], players)
        if f == "eel":
            out["value"] = data["value_start"]
        return out
    return rules.m[f].validate(d, players)


def restore(rules, data: dict, players: int, options: dict) -> State:
    d_ = rules.d
    if not isinstance(data, dict):
        raise ValueError("a position is a mapping")
    s = State()
    s.players = players
    s.hidden = options.get("money") == "hidden"
    s.round_limit = int(options.get("round_limit", 0) or 0)
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
            raise ValueError(f"{e!r} is not an external market ({', '.join(EXTERNAL)})")
    for m in d_.always:
        if m not in fm and m not in em:
            raise ValueError(f"{rules.m[m].name} is always in play (000:17)")
    if "auction" in em and players < d_.auction_min_players:
        raise ValueError("the Auction is not used with fewer than 3 players (000:22)")
    s.fish = {f: _fish_market(rules, f, fm[f], players) for f in FISH if f in fm}
    s.ext = {}
    for e in EXTERNAL:
        if e in em:
            v = em[e]
            if v == "setup":
                s.box = rules.full_box()
                s.box["boats"]["1"] -= players
                v = rules.m[e].setup(s)
            s.ext[e] = rules.m[e].validate(v, players)
    # bag
    bags = data.get("bag")
    s.bags = {}
    for f in BAG_FISH:
        if f not in s.fish:
            continue
        if bags is None or f not in bags:
            if fm[f] == "setup":
                s.bags[f] = [k for k in d_.token_kinds if d_.kind_fish[k] == f
                             for _ in range(d_.token_values[f][int(k.rsplit("_", 1)[1])])]
            else:
                s.bags[f] = []
            continue
        items = bags[f]
        if not isinstance(items, list) or any(k not in d_.token_kinds or d_.kind_fish[k] != f for k in items):
            raise ValueError(f"the bag's {f} tokens are a list such as ['{f}_{min(d_.token_values[f])}', ...]")
        s.bags[f] = list(items)
    if bags is not None:
        if not isinstance(bags, dict) or set(bags) - set(s.bags):
            raise ValueError("the bag holds only King Crab and Tuna tokens of markets in play (000:45)")
    # seats
    seats = data.get("seats")
    if not isinstance(seats, list) or len(seats) != players:
        raise ValueError(f"one seat per player: {players}")
    s.seats = [_seat(rules, x, i, players) for i, x in enumerate(seats)]
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
        raise ValueError(f"a turn has {d_.action_points} action points (000:101)")
    s.cart_ap = whole(data.get("cart_ap", 0), "cart_ap")
    s.acted = _bool(data.get("acted", s.ap < d_.action_points), "acted")
    once = data.get("once", [])
    if not isinstance(once, list) or any(m not in s.fish and m not in s.ext for m in once):
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
        raise ValueError("no action points are left: the turn is over (000:101)")
    # pieces: the box is what is not on the table
    want = totals(rules)
    have = placed(rules, s)
    # A market written as "setup" is set up from the pieces not found elsewhere.
    for f in FISH:
        if fm.get(f) != "setup":
            continue
        st = s.fish[f]
        fields = [("barrels", f"barrels:{f}"), ("licences", f"licences:{f}")]
        if "tokens" in st:
            fields.append(("tokens", f"tokens:{f}"))
        if "takoyaki" in st:
            fields.append(("takoyaki", "tokens:takoyaki"))
        for field, key in fields:
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
            raise ValueError(f"unknown pieces {key}")
    for e in EXTERNAL:
        if em.get(e) != "setup":
            continue
        st = s.ext[e]
        fields = []
        if "boats" in st:
            fields = [(st["boats"], t, f"boats:{t}") for t in list(st["boats"])]
        else:
            fields = [(st, k, k) for k in STATIC_KEYS if k in st]
        for where, field, key in fields:
            excess = have.get(key, 0) - want.get(key, 0)
            if excess > 0:
                cut = min(excess, where[field])
                where[field] -= cut
                have[key] -= cut
        if "boats" in st:
            st["boats"] = {k: n for k, n in st["boats"].items() if n}
    if "box" in data:
        s.box = _box(rules, data["box"])
        c = dict(have)
        _count_box(rules, s.box, c)
        for key in set(want) | set(c):
            if c.get(key, 0) != want.get(key, 0):
                raise ValueError(f"the game has {want.get(key, 0)} {_piece_name(key)}, this position "
                                 f"{c.get(key, 0)} (000:5-13)")
    else:
        box = {"barrels": {}, "tokens": {}, "licences": {}, "boats": {}, "loans": 0, "shares": 0,
               "coolboxes": 0, "carts": 0}
        for key, n in want.items():
            left = n - have.get(key, 0)
            if left < 0:
                raise ValueError(f"the game has only {n} {_piece_name(key)}, this position {have[key]} (000:5-13)")
            if ":" in key:
                what, kind = key.split(":")
                if what == "tokens":
                    what = "tokens"
                if left:
                    box[what][kind] = left
            else:
                box[key] = left
        s.box = box
    return s


def _piece_name(key: str) -> str:
    return key.replace(":", " of ").replace("_", " ")


def _box(rules, d) -> dict:
    d_ = rules.d
    if not isinstance(d, dict) or set(d) - {"barrels", "tokens", "licences", "boats", *STATIC_KEYS}:
        raise ValueError("the box holds barrels, tokens, licences, boats, loans, shares, coolboxes, carts")
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
    return out


def _ctx(rules, s: State, d):
    ph = s.phase
    d_ = rules.d
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


def _ctx_for(rules, s: State, d, phase):
    d_ = rules.d
    if not isinstance(d, dict):
        raise ValueError("the action in progress is a mapping with a 'kind'")
    kind = d.get("kind")
    if phase is not None and kind != phase:
        raise ValueError(f"phase {phase} needs an action of kind {phase!r}")
    me = s.seats[s.turn]
    if kind == "start":
        if set(d) - {"kind", "fugu"}:
            raise ValueError("a start action is {kind, fugu}")
        return {"kind": "start", "fugu": whole(d.get("fugu", 0), "fugu bought")}
    if kind == "buy":
        if set(d) - {"kind"}:
            raise ValueError("a buying action is {kind}")
        return {"kind": "buy"}
    if kind == "fish":
        keys = {"kind", "boats", "lic", "unloaded", "king_crab", "tuna", "pending", "fixed"}
        if set(d) - keys:
            raise ValueError(f"a fishing action has {', '.join(sorted(keys))}")
        boats = d.get("boats", [])
        if (not isinstance(boats, list) or len(set(boats)) != len(boats)
                or any(not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(me["boats"]) for i in boats)):
            raise ValueError("fishing: boats lists the active player's boats already used (0-based)")
        lic = d.get("lic", {})
        if not isinstance(lic, dict):
            raise ValueError("fishing: lic maps fish to licences used")
        lic = {_fish_name(f, "fishing lic"): whole(n, "licences used") for f, n in lic.items() if n}
        for f, n in lic.items():
            if n > me["licences"].get(f, 0):
                raise ValueError(f"fishing: {n} {f} licences used, but only {me['licences'].get(f, 0)} held (000:145)")
        pending = d.get("pending", [])
        if not isinstance(pending, list) or any(k not in FISH or k in BAG_FISH for k in pending):
            raise ValueError("fishing: pending lists unloaded barrels still to be priced")
        fixed = d.get("fixed", [])
        if (not isinstance(fixed, list) or len(set(fixed)) != len(fixed)
                or any(not isinstance(j, int) or isinstance(j, bool) or not 0 <= j < len(me["harbour"]) for j in fixed)):
            raise ValueError("fishing: fixed lists harbour items already priced in this action")
        out = {"kind": "fish", "boats": list(boats), "lic": lic, "unloaded": whole(d.get("unloaded", 0), "unloaded"),
               "king_crab": whole(d.get("king_crab", 0), "king crab barrels unloaded"),
               "tuna": whole(d.get("tuna", 0), "tuna barrels unloaded"), "pending": list(pending), "fixed": list(fixed)}
        if out["king_crab"] >= int(d_.market["king_crab"]["barrels_per_auction"]) and s.phase != "bid":
            raise ValueError("two unloaded king crab barrels start an auction at once (000:264)")
        if out["tuna"] >= int(d_.market["tuna"]["barrels_per_auction"]) and s.phase != "bid":
            raise ValueError("three unloaded tuna barrels start an auction at once (000:284)")
        return out
    if kind == "market":
        keys = {"kind", "market", "n", "licences", "sold", "pending", "lot", "auctioned", "bartered"}
        if set(d) - keys:
            raise ValueError(f"a market visit has {', '.join(sorted(keys))}")
        mid = d.get("market")
        if mid not in s.fish and mid not in s.ext:
            raise ValueError(f"the market being visited ({mid!r}) is not in play")
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
            if out["lot"] and mid not in ("auction", "barter", "trade"):
                raise ValueError("lots are built only at the Auction, Barter and Trade")
        for k in ("auctioned", "bartered"):
            if k in d:
                out[k] = _bool(d[k], k)
        return out
    raise ValueError(f"{kind!r} is not a kind of action (start, fish, buy, market)")


def _bid(rules, s: State, d):
    if s.phase != "bid":
        if d is not None:
            raise ValueError("a bid is stored only in phase 'bid'")
        return None
    if not isinstance(d, dict):
        raise ValueError("phase 'bid' needs the bid")
    keys = {"kind", "lot", "stage", "tied", "resume", "sealed", "space"}
    if set(d) - keys:
        raise ValueError(f"a bid has {', '.join(sorted(keys))}")
    kind = d.get("kind")
    if kind not in ("king_crab", "tuna", "auction", "barter"):
        raise ValueError("a bid is a king_crab, tuna, auction or barter bid")
    resume = d.get("resume", "fish" if kind in BAG_FISH else "market")
    if resume != ("fish" if kind in BAG_FISH else "market"):
        raise ValueError(f"a {kind} bid interrupts a {'fishing action' if kind in BAG_FISH else 'market visit'}")
    lot = token_counts(d.get("lot", {}), rules.d.token_kinds, "the bid's lot")
    if not lot:
        raise ValueError("a bid is for at least one token")
    if kind in BAG_FISH and (len(lot) != 1 or sum(lot.values()) != 1 or rules.d.kind_fish[next(iter(lot))] != kind):
        raise ValueError(f"a {kind} auction is for one {kind} token")
    P = s.players
    bidders = list(range(P)) if kind in BAG_FISH else [(s.turn + i) % P for i in range(1, P)]
    sealed_d = d.get("sealed", {})
    if not isinstance(sealed_d, dict):
        raise ValueError("sealed is the sealed bid's data")
    sd = {"bidders": sealed_d.get("bidders", bidders), "minimum": sealed_d.get("minimum", 0),
          "caps": sealed_d.get("caps", {str(b): yen(s, b) for b in bidders}), "step": sealed_d.get("step", 100),
          "bids": sealed_d.get("bids", {}), "label": sealed_d.get("label", kind.replace("_", " "))}
    if sorted(sd["bidders"]) != sorted(bidders) or sd["minimum"] != 0 or sd["step"] != 100:
        raise ValueError(f"a {kind} bid is among {'everyone' if kind in BAG_FISH else 'the other players'}, "
                         "from ¥0 in steps of ¥100")
    try:
        sealed = SealedBid.restore(sd)
    except (KeyError, TypeError, AttributeError) as e:
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
    d["box_markets"] = {"fish": [f for f in FISH if f not in s.fish],
                        "external": [e for e in EXTERNAL if e not in s.ext]}
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
    for f in s.fish:
        mk = rules.m[f]
        if mk.bag:
            d["markets"]["fish"][f]["tokens_in_bag"] = len(s.bags.get(f, ()))
    if s.over:
        d["result"] = rules.result(s).as_dict()
    return d


# ==== scramble ========================================================================================

def copy_state(s: State) -> State:
    """An independent copy of a (valid) state, without the validation of restore."""
    t = State()
    for k in ("players", "hidden", "turn", "phase", "ap", "cart_ap", "acted", "triggered", "final_left", "over",
              "reason", "turns", "round_limit", "why"):
        setattr(t, k, getattr(s, k))
    t.treasury = Treasury.restore(dict(s.treasury.balances))
    t.seats = [{"licences": dict(st["licences"]), "rentals": [list(r) for r in st["rentals"]],
                "tokens": dict(st["tokens"]),
                "boats": [{"type": b["type"], "at": b["at"], "load": list(b["load"])} for b in st["boats"]],
                "berths": st["berths"], "harbour": [list(x) for x in st["harbour"]],
                "loans": st["loans"], "shares": st["shares"]} for st in s.seats]
    t.fish = {f: dict(d) for f, d in s.fish.items()}
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
    yet revealed, the order of the auction bag."""
    t = copy_state(s)
    for f in t.bags:
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
