"""Checking a Shopping Spree position read from a save or a scenario, value by value:
kinds, ranges, every good exactly once, and that the yen add up."""

from __future__ import annotations

from core.checks import listed as _list
from core.checks import need as _need
from core.checks import whole as _int
from core.payload import copy_plain
from core.rng import Rng

from .constants import DEXTERITY, ECONOMIC, PUSH_LEVELS, TRIPS
from .floor import OUT

PHASES = ("move", "take", "over")
MAX_YEN = 10**7


def check_state(rules, data, players: int) -> dict:
    _need(isinstance(data, dict), "the position is a mapping")
    s = copy_plain({k: v for k, v in data.items() if k not in ("options", "seed", "rng")})
    _need(set(s) == set(rules.fields), f"the position has the fields {sorted(rules.fields)}")
    _need(s["players"] == players, "the position is for another number of players")
    n = players
    _need(s["variant"] in (ECONOMIC, DEXTERITY), "the variant is economic or dexterity (004:203)")
    _need(s["closing"] in rules.info.option("closing").choices, "closing time is one of the offered rounds")
    _int(s["round"], 1, 100_000, "round")
    _int(s["moves"], 0, 10**7, "moves")
    _int(s["first"], 0, n - 1, "the first player")
    _int(s["seat"], 0, n - 1, "the seat to act")
    _need(s["phase"] in PHASES, f"phase is one of {PHASES}")
    nodes = set(rules.floor.steps)
    for p in _list(s["pos"], n, "positions"):
        _need(p in nodes, "an architect stands on a blue dot or outside")
    for t in _list(s["trips"], n, "trips"):
        _int(t, 0, TRIPS, "trips out of the shop")
    _int(s["mackerel"], 0, rules.mackerel_barrels, "mackerel barrels")
    _need(s["mackerel"] + sum(s["trips"]) == rules.mackerel_per_player * n, "3 mackerel barrels a player (004:200)")
    if s["phase"] != "over":
        _need(s["trips"][s["seat"]] < TRIPS, "the seat to act is still shopping")
        _need(sum(1 for t in s["trips"] if t >= TRIPS) < n - 1, "an unfinished game has two shoppers left")
    if s["phase"] == "take":
        _need(s["pos"][s["seat"]] != OUT, "a shopper takes goods inside the shop")
    for y in _list(s["yen"], n, "yen"):
        _int(y, 0, MAX_YEN, "a seat's yen")
    _int(s["bank"], -MAX_YEN, MAX_YEN, "the bank")
    _need(isinstance(s["prices"], dict) and set(s["prices"]) == set(rules.start_prices), "a price for every card")
    for card, yen in s["prices"].items():
        _int(yen, 0, rules.start_prices[card], f"the {card} price (prices only fall, 004:207)")
    _need(sum(s["yen"]) + s["bank"] + sum(s["prices"].values()) == 0, "the yen add up: none made or lost")
    for b in _list(s["tuna_bought"], n, "tuna bought"):
        _int(b, 0, len(rules.tuna), "tuna bought")
    _need(isinstance(s["salmon_sold"], bool) and isinstance(s["reason"], str), "salmon_sold, reason")
    _need(isinstance(s["shelves"], dict) and set(s["shelves"]) == set(rules.shelves), "every shelf of the floor")
    for card, items in s["shelves"].items():
        goods = rules.shelves[card][0]
        for g in _list(items, None, f"shelf {card}"):
            _need(isinstance(g, str), "goods are names")
            if goods == "drinks":
                _need(g.startswith("drink:"), f"{card} holds drinks")
            elif goods == "clothing":
                _need(g in rules.laundry.goods and rules.laundry.goods[g].kind == "clothing", f"{card} holds clothing")
            else:
                _need(g == goods, f"{card} holds {goods}")
    _need(isinstance(s["bag"], dict) and set(s["bag"]) == {"tuna", "crab"}, "the bag holds tuna and crabs")
    for fish, items in s["bag"].items():
        _need(all(isinstance(g, str) and g.startswith(fish + "_") for g in _list(items, None, "the bag")),
              f"the bag's {fish} are {fish} tokens")
    for seat in range(n):
        for g in _list(s["crates"][seat], None, "a crate"):
            _need(isinstance(g, str), "goods are names")
        for g in _list(s["before"][seat], None, "goods laid before a seat"):
            _need(isinstance(g, str) and not g.startswith("drink:"), "sold drinks go to the machine (004:223)")
            if g.startswith("salmon"):
                _need(g in ("salmon:fresh", "salmon:4"), "a sold salmon lies fresh or '4' side up (004:221)")
    _list(s["crates"], n, "crates")
    _list(s["before"], n, "goods before the seats")
    _need(len(_list(s["machine"], None, "the machine's crate")) <= rules.machine_crate, "the machine's crate is full")
    _need(all(isinstance(g, str) and g.startswith("drink:") for g in s["machine"] + _list(s["beside"], None, "beside")),
          "the machine's crate holds drinks")
    _need(not s["beside"] or len(s["machine"]) == rules.machine_crate, "drinks stand beside a full crate only")
    _need(all(isinstance(g, str) and not g.startswith("drink:") for g in _list(s["lost"], None, "lost goods")),
          "lost drinks go to the machine (004:223)")
    fresh = rules.setup(n, {"variant": s["variant"], "closing": s["closing"]}, Rng(0))
    _need(sorted(rules.goods_everywhere(s)) == sorted(rules.goods_everywhere(fresh)),
          "every good of the boxes is somewhere, exactly once")
    if s["push"] is not None:
        p = s["push"]
        _need(isinstance(p, dict) and set(p) == {"seat", "load", "level", "steps", "seed", "fallen"},
              "a push has seat, load, level, steps, seed, fallen")
        _int(p["seat"], 0, n - 1, "the pushing seat")
        load = _list(p["load"], None, "the pushed load")
        _need(len(load) <= 64 and all(isinstance(g, str) and g in rules.known_goods() for g in load),
              "a pushed load of known goods")
        _need(p["level"] in PUSH_LEVELS, "a push of 1-5")
        _int(p["steps"], 1, 3, "push steps")
        _int(p["seed"], 0, 2**31, "push seed")
        _need(all(isinstance(i, int) and 0 <= i < len(load) for i in _list(p["fallen"], None, "fallen")),
              "what fell is part of the load")
    if s["pour"] is not None:
        p = s["pour"]
        _need(isinstance(p, dict) and set(p) == {"seat", "poured", "out", "stuck", "seed"},
              "a pour has seat, poured, out, stuck, seed")
        _int(p["seat"], 0, n - 1, "the pouring seat")
        for k in ("poured", "out", "stuck"):
            _need(all(isinstance(d, int) and 0 <= d < 36 for d in _list(p[k], None, k)) and len(p[k]) <= 36,
                  "poured drinks are drinks")
        _int(p["seed"], 0, 2**31, "pour seed")
    return s
