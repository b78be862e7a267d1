"""The players' seats: licences and rentals, tokens, boats and what they carry, berths, harbour,
loans and shares, and with the expansion what markets keep on a seat (000:62, 000:392-628).

A seat is where most of a hand-written or damaged position goes wrong, so each field is checked
against the rules that bound it (how many licences, what a boat may carry and where it may lie)
and refused with the rule's line. A market's own field on the seat, its licences' limits and
what a ship may carry with them are checked by that market (markets/: `validate_seat`,
`check_boats`, `check_ship_load`). `_catchable` (which fish another fish's licence catches) is
also what explain.py cites.
"""

from __future__ import annotations

from ..data import BOAT_TYPES, FISH
from ..markets import MARKETS
from ..markets.base import token_counts, whole
from ..state import BERTHS, ROWS, State, barrel_fish, barrel_licence, is_barge, slots_used
from .pieces import _auctioned_fish
from .shape import EXPANSION_BOATS, FOREIGN, NUMBERED_LICENCES, _fish_name, _market_name, _numbered


def _catchable(rules, kind: str) -> tuple:
    """The fish another fish's licence may catch, as its market says (`catches_with_licence`):
    a Himono licence mackerel, horse mackerel and sardines, or himono when none of them can be
    caught (000:468); a Horse Mackerel licence mackerel (000:489)."""
    return tuple(rules.m[kind].catches_with_licence)


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
        raise ValueError(f"{where}: {x!r}: only {_numbered_names(rules)} licences are told apart (000:470)")
    return x


def _numbered_names(rules) -> str:
    """ "Himono": the markets whose licences are told apart (000:470)."""
    return " and ".join(rules.m[f].name for f in NUMBERED_LICENCES)


def _never_for_sale(rules) -> str:
    names = [f.replace("_", " ") for f in _auctioned_fish(rules)]
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]



SEAT_KEYS = ("licences", "rentals", "tokens", "boats", "berths", "harbour", "loans", "shares")
#: what markets keep on a seat with the expansion (Himono's licences, Influence's buyer markers)
EXPANSION_SEAT_KEYS = tuple(m.seat_field for m in MARKETS.values() if m.seat_field)


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
    if s.expansion:                                   # what markets keep on a seat (preparation.py)
        for mk in rules.seat_keepers:
            st[mk.seat_field] = mk.validate_seat(s, d, st, where)
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
        if not is_barge(t):                           # what a licence's catch allows aboard (000:468, 000:489)
            tagged = {barrel_licence(x) for x in load if "/" in x}
            for f in FISH:
                if f in tagged:
                    rules.m[f].check_ship_load(load, bw)
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
    if s.expansion:                                   # a licence's limits at sea (Himono, 000:470)
        for f in FISH:
            rules.m[f].check_boats(st, where)
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


def _seats(rules, s: State, data: dict, players: int) -> None:
    """One seat per player, each holding only pieces of markets in play."""
    d_ = rules.d
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
