"""The markets in play: which fish and external markets lie on the table and the state of each
(validated by the market's own module), the bag, and what the variants add: the expansion's
markets (000:392), collapsed markets (000:592-626), buyer markers given to others (000:564)
and the open market order (000:628).

Which markets are in play decides what every other part may hold, so they are read first.
"""

from __future__ import annotations

from ..data import BAG_FISH, EXPANSION_EXTERNAL, EXPANSION_FISH, EXTERNAL, FISH
from ..state import State
from .shape import _bool, _ext_key, _fish_name


def _variants(s: State, data: dict) -> None:
    """The expansion (000:392) and the collapsing variant (000:592) are the options' to say;
    a position that says otherwise is of another game."""
    for k, have in (("expansion", s.expansion), ("collapse", s.collapse)):
        if k in data and _bool(data[k], k) != have:
            raise ValueError(f"the position says {k} {data[k]!r}, but this game is played "
                             + ("with" if have else "without") + (" the expansion (000:392)" if k == "expansion"
                                                                  else " collapsing markets (000:592)"))


def _always(rules, s: State, options: dict) -> list[str]:
    """Mackerel (or with the expansion, if chosen, Horse Mackerel, 000:405) and Ships (000:17)."""
    always = list(rules.d.always)
    if s.expansion and options.get("table_mackerel") == "horse_mackerel":
        always = ["horse_mackerel" if m == "mackerel" else m for m in always]
    return always


def _fish_market(rules, s: State, f: str, d, players: int) -> dict:
    if d == "setup":
        # Set up by the market itself (000:33-43, and what its own set-up adds), from a full box;
        # the pieces found elsewhere in the position are taken off it afterwards.
        t = State()
        t.players, t.expansion, t.box, t.fish = players, s.expansion, rules.full_box(s.expansion), dict(s.fish)
        return rules.m[f].setup(t)
    return rules.m[f].validate(d, players)


def _markets(rules, s: State, data: dict, players: int, options: dict) -> tuple[dict, dict]:
    """The fish and external markets in play, each as written or set up ("setup"); gives back the
    two mappings as written, which say later which markets were set up."""
    d_ = rules.d
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
    return fm, em


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


def _bags(rules, s: State, data: dict, fm: dict) -> None:
    """The bag (000:40; Clams & Oysters too, 000:414)."""
    d_ = rules.d
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


def _collapses(rules, s: State) -> None:
    """A collapsing market in play that meets its collapse condition is listed in collapsed (000:594)."""
    d_ = rules.d
    if s.collapse:                                    # 000:594: a market collapses as soon as it may
        for e in s.ext:
            if e in d_.collapse_side and e not in s.collapsed and rules.m[e].collapses(s):
                raise ValueError(f"the {rules.m[e].name} market meets its collapse condition, so it has collapsed "
                                 f"(000:594): collapsed lists it as {d_.collapse_side[e]!r}")
