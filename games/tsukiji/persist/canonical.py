"""Saving the table: `dump` writes every part of it (markets, bag, box, yen, seats, turn, the
action and bid in progress, the expansion's markers) as readable plain data in one canonical
order, so that equal tables save to equal bytes whatever order their pieces were added in.
"""

from __future__ import annotations

from ..data import BOAT_TYPES, EXTERNAL, FISH
from ..state import State, acct
from .shape import EXPANSION_KEYS, FISH_KEYS, STATIC_KEYS, _ext_key, _lic_key


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
    for mk in rules.seat_keepers:                     # what markets keep on the expansion's seat
        if mk.seat_field in st:
            out[mk.seat_field] = mk.dump_seat(st[mk.seat_field])
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
