"""What is under way in the middle of a turn: the action in progress (the start of a turn, a
fishing action, a buying action, a market visit) and a sealed bid interrupting it.

These are the parts a save taken mid-turn carries and a hand-written one usually omits; each
is checked against the seat whose turn it is and against the markets in play, so that a restored
game resumes exactly where it stopped.
"""

from __future__ import annotations

from core.bids import SealedBid

from ..data import BAG_FISH, EXPANSION_EXTERNAL, FISH
from ..markets.base import token_counts, whole
from ..state import State, yen
from .canonical import _canon, _ranker
from .pieces import _auctioned_fish
from .shape import FOREIGN, LOT_MARKETS, NUMBERED_LICENCES, _bool, _fish_name, _lic_key, _numbered


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
            names = " and ".join(rules.m[f].name for f in NUMBERED_LICENCES)
            raise ValueError(f"fishing: {u!r}: only {names} licences are told apart (000:470)")
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
            if (not isinstance(p, list) or not p or any(not isinstance(x, str) or x not in s.fish for x in p)
                    or any(p.count(x) > rules.m[x].brings_at_turn_start(s, me) for x in p)):
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
