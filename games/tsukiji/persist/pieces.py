"""Counting the pieces: every barrel, token, licence, boat and marker is somewhere, on the table
or in the box, and the game has exactly so many (000:5-13, with the expansion 000:394-401).

`conserved` is what core/testing.py holds constant through any game; `restore` uses the same
counts to set up a market written "setup" from the pieces not found elsewhere, and to derive
the box or check a given one (`_settle_pieces`, the last step of reading a position).
"""

from __future__ import annotations

from core.yen import SUPPLY, YEN

from ..data import BAG_FISH, BOAT_TYPES, EXTERNAL, FISH
from ..markets.base import token_counts, whole
from ..state import State, barrel_fish
from .shape import EXPANSION_KEYS, STATIC_KEYS, _fish_name


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
        for mk in rules.seat_keepers:                    # Himono's licences, buyer markers (000:474, 000:564)
            if mk.seat_field in st:
                mk.count_seat(st[mk.seat_field], c)
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


#: the yen tiles in the box: 35 × ¥100, 10 × ¥500, 15 × ¥1,000 (000:12)
BOX_YEN = 35 * 100 + 10 * 500 + 15 * 1_000


def conserved(rules, s: State) -> dict:
    c = placed(rules, s)
    _count_box(rules, s.box, c)
    c = {k: v for k, v in c.items() if v}
    c.update(s.treasury.counted())
    c[YEN + SUPPLY] = BOX_YEN + s.treasury[SUPPLY]      # the tiles left in the supply (000:64)
    c["yen"] = BOX_YEN
    return c


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


def _settle_pieces(rules, s: State, data: dict, fm: dict, em: dict) -> None:
    """The last step of `restore`: the markets written "setup" give up the pieces found elsewhere
    in the position, then the box is what is not on the table (or, if given, must be exactly that)."""
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
