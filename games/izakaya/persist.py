"""Checking an Izakaya position read from a save or a scenario, value by value: kinds,
ranges, and that yen, bottles, pieces, pyramids and discs add up. A built piece is held to
the bounds every placement is read with (physics.placement)."""

from __future__ import annotations

from core.bids import SealedBid
from core.checks import listed as _list
from core.checks import need as _need
from core.checks import whole as _int
from core.payload import copy_plain
from physics.placement import check_placed

from .constants import ACTION_DISCS, CLAIM_DISCS, PYRAMIDS, SIZES, START_YEN, edges

PHASES = ("bid", "actions", "bonus", "over")


def check_state(rules, data, players: int) -> dict:
    _need(isinstance(data, dict), "the position is a mapping")
    s = copy_plain({k: v for k, v in data.items() if k not in ("options", "seed", "rng")})
    _need(set(s) == set(rules.fields), f"the position has the fields {sorted(rules.fields)}")
    _need(s["players"] == players and s["k"] == SIZES[players], "the position is for another number of players")
    n, k = players, s["k"]
    _need(s["phase"] in PHASES, f"phase is one of {PHASES}")
    _int(s["round"], 1, 10_000, "round")
    ids = [cid for row in _list(s["grid"], k, "grid") for cid in _list(row, k, "a grid row")]
    _need(all(isinstance(c, str) and c in rules.deck.cards for c in ids) and len(set(ids)) == len(ids),
          "the grid holds known lot cards, each once")
    _need(s["blue"] == ([[k // 2, k // 2]] if players <= 3 else []), "the blue centre card (004:99)")
    for y in _list(s["yen"], n, "yen"):
        _int(y, 0, START_YEN * n, "a seat's yen")
    _int(s["pile"], 0, START_YEN * n, "the bid pile")
    _need(sum(s["yen"]) + s["pile"] == START_YEN * n, "the yen add up to ¥1,000 a seat")
    for p in _list(s["prices"], 6, "prices"):
        _int(p, 0, 1200, "a price")
    _need(sum(s["prices"]) == 1200, "the colour cards hold ¥1,200 in all (004:105)")
    for c in _list(s["crates"], 6, "crates"):
        _int(c, 0, 6, "a crate")
    _need(isinstance(s["corners"], dict) and all(v in rules.colours for v in s["corners"].values()),
          "corners hold colour bottles")
    for key in s["corners"]:
        i, j = (int(v) for v in key.split(":"))
        _need(0 <= i <= k and 0 <= j <= k, "a corner lies on the grid")
    for ci, colour in enumerate(rules.colours):
        _need(s["crates"][ci] + list(s["corners"].values()).count(colour) == 6, f"six {colour} bottles")
    known = set(edges(k))
    _need(isinstance(s["edges"], dict) and all(e in known for e in s["edges"]), "claim discs lie on edges")
    for v in s["edges"].values():
        _int(v, 0, n - 1, "an edge's seat")
    _need(isinstance(s["owner"], dict), "owners are a mapping")
    for key, v in s["owner"].items():
        r, c = (int(x) for x in key.split(":"))
        _need(0 <= r < k and 0 <= c < k and [r, c] not in s["blue"], "a pyramid stands on a usable card")
        _int(v, 0, n - 1, "a card's owner")
    for i in range(n):
        _int(s["pyramids"][i], 0, PYRAMIDS, "pyramids")
        _int(s["claim_discs"][i], 0, CLAIM_DISCS, "claim discs")
        _need(s["pyramids"][i] + list(s["owner"].values()).count(i) == PYRAMIDS, "six pyramids a seat")
        _need(s["claim_discs"][i] + list(s["edges"].values()).count(i) == CLAIM_DISCS, "six claim discs a seat")
    pieces = list(_list(s["supply"], None, "supply"))
    _need(isinstance(s["buildings"], dict), "buildings are a mapping")
    for key, b in s["buildings"].items():
        r, c, o = (int(x) for x in key.split(":"))
        _need(0 <= r < k and 0 <= c < k and [r, c] not in s["blue"], "a building stands on a usable card")
        _int(o, 0, len(rules.side(s, r, c).outlines) - 1, "an outline")
        for p in _list(b, None, "a building"):
            pieces.append(check_placed(p)["piece"])
    _need(sorted(map(str, pieces)) == sorted(rules.pieces.ids()), "every piece is in the supply or built, once")
    _need(sorted(_list(s["order"], n, "order")) == list(range(n)), "the turn order holds every seat once")
    try:
        bid = SealedBid.restore(s["bid"])
    except (KeyError, TypeError, ValueError) as e:
        raise ValueError(f"the sealed bid: {e}") from e
    _need(bid.bidders == list(range(n)), "every seat bids")
    turns = _list(s["turns"], None, "turns")
    _need(len(turns) in (0, ACTION_DISCS * n) and all(isinstance(t, int) and 0 <= t < n for t in turns),
          "three discs a seat")
    _int(s["turn"], 0, max(len(turns), 1), "turn")
    used = s["used"]
    _need(isinstance(used, dict) and set(used) == {"colours", "price"} and isinstance(used["price"], bool)
          and all(c in rules.colours for c in used["colours"]), "the action spaces used this round")
    _need(isinstance(s["lines"], list) and isinstance(s["last"], bool) and isinstance(s["reason"], str),
          "lines, last, reason")
    _need(s["bonus"] is None or _int(s["bonus"], 0, n - 1, "bonus") is not None, "bonus")
    _int(s["collapses"], 0, 10**6, "collapses")
    if s["phase"] == "bid":
        _need(not bid.complete, "a bidding round waits for bids")
    if s["phase"] == "actions":
        _need(s["turn"] < len(turns), "an action round has a seat to act")
    if s["phase"] == "bonus":
        _need(s["bonus"] is not None, "a free piece has its builder")
    return s
