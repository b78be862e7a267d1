"""What one seat may see, and re-dealing what it may not: `view` hides other seats' yen with
hidden money (000:92) and sealed bids before everyone has bid; `scramble` re-deals exactly those
secrets (and the order inside the bags) for the search bot.
"""

from __future__ import annotations

from core.bids import SealedBid
from core.yen import SUPPLY, Treasury

from ..state import State, acct
from .canonical import dump


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
