"""Tsukiji with the EXPANSION (000:392-628): saves, positions, views and refused keys.

Expansion games played by random legal moves round-trip through `dump` → `restore` →
`dump` byte for byte and through core.saves, and keep every piece (000:5-13, 000:394-401);
hand-written positions with the expansion's fields are accepted, damaged or hostile ones
are refused with a clear reason; a seat's view hides other seats' yen (hidden money) and
sealed bids; the reasons for refused keys of the new actions name their rules.

Lines are cited as 000:NNN (000_e98393ccc20da7fd.txt); the tests never read that file.
"""

from __future__ import annotations

import json

import msgpack
import pytest

from core.yen import accounts, pieces
from core import saves
from core.errors import IllegalMove, ScenarioError
from core.rng import Rng
from core.testing import refused

from .test_tsukiji import keys, play, seat, tsukiji  # noqa: F401  (tsukiji: the fixture)
from .test_tsukiji import position as base_position

EXPANSION = {"expansion": "on", "collapse": "on", "order": "open", "blue_ship": "on", "barges": "two_four"}
EXPANSION_MARKETS = ("clams_oysters", "himono", "horse_mackerel", "nori", "sardines", "swordfish",
                     "foreign_market", "influence", "new_aquarium", "overfishing", "ship_rental", "sushi_shop")
ALL_IN = {m: "in" for m in EXPANSION_MARKETS}
#: where the fishing is: catch, launch and dock more often than anything else
WEIGHTS = {"fish": 6, "launch": 6, "catch": 10, "dock": 4, "foreign": 4, "free": 3, "transfer": 3, "buy": 2}


def packed(data) -> bytes:
    return msgpack.packb(data, use_bin_type=True)


def pick(actions, rng):
    """A random legal action, fishing ones more likely (so that boats carry barrels)."""
    ws = [WEIGHTS.get(a.key.split(":")[0], 1) for a in actions]
    r = rng.below(sum(ws))
    for a, w in zip(actions, ws):
        if r < w:
            return a
        r -= w
    raise AssertionError("unreachable")


def play_random(game, m, rng, moves):
    """Up to `moves` random legal moves; yields after each one."""
    rules = game.rules
    for _ in range(moves):
        if m.over:
            return
        seat = m.to_act()[rng.below(len(m.to_act()))]
        a = pick(m.legal(seat), rng)
        if a.takes:
            m.play(seat, a.key, rules.sample_payload(m.view(seat), a, rng))
        else:
            m.play(seat, a.key)
        yield seat


def position(players=3, fish=("mackerel",), external=("ships",), seats=None, options=None, **over):
    """An expansion position: the named markets set up as at the start, players as set up."""
    return base_position(players, fish, external, seats, options=dict(EXPANSION, **(options or {})), **over)


# ==== random expansion games: round trips and conservation ======================================================

@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_expansion_games_round_trip_and_conserve(tsukiji, players):
    rules = tsukiji.rules
    for seed, extra in ((1, {}), (2, dict(ALL_IN, money="hidden")),
                        (3, dict(ALL_IN, table_mackerel="horse_mackerel", more_fish=2, more_external=2))):
        m = tsukiji.new(players, seed=seed, options=dict(EXPANSION, round_limit=40, **extra))
        start = rules.conserved(m.state)
        assert start["yen"] == 23_500 == sum(accounts(start).values())
        rng = Rng(seed, stream=players)
        for n, _ in enumerate(play_random(tsukiji, m, rng, 300)):
            d = rules.dump(m.state)
            again = rules.restore(d, players, m.options)
            assert packed(rules.dump(again)) == packed(d), f"seed {seed}, move {n}: dump → restore → dump"
            now = rules.conserved(m.state)
            assert pieces(now) == pieces(start), f"seed {seed}, move {n}: pieces not conserved"
            assert sum(accounts(now).values()) == 23_500 and min(accounts(now).values()) >= 0
            assert rules.conserved(again) == now
            if n % 25 == 0:
                data = m.save()
                loaded = saves.load(data)
                assert loaded.save() == data, f"seed {seed}, move {n}: save → load → save"
                for viewer in [None, *range(players)]:
                    packed(m.view(viewer))
                    shadow = rules.scramble(m.state, viewer, rng.fork(n), players, m.options)
                    assert rules.view(shadow, viewer) == m.view(viewer), f"seed {seed}, move {n}: view of {viewer}"
        d = rules.dump(m.state)
        assert d["expansion"] is True and d["collapse"] is True and set(d["order"]) == {"fish", "external"}
        assert all("himono" in st and "buyers" in st for st in d["seats"])
        assert saves.load(m.save()).save() == m.save()


def test_random_expansion_games_reach_the_expansion_s_pieces(tsukiji):
    """The games above do reach what is new: rented boats, collapsed markets, buyer markers on
    seats and given away, boats docked at the Foreign Market and its sealed auctions."""
    rules = tsukiji.rules
    seen = set()
    for players, seed in ((3, 2), (4, 2), (5, 2), (6, 2)):
        m = tsukiji.new(players, seed=seed, options=dict(EXPANSION, round_limit=40, **ALL_IN, money="hidden"))
        for _ in play_random(tsukiji, m, Rng(seed, stream=players), 300):
            d = rules.dump(m.state)
            for st in d["seats"]:
                seen |= {"buyers on a seat"} if st["buyers"] else set()
                seen |= {"himono" for x in st["himono"] if x}
                for b in st["boats"]:
                    seen |= {f"boat {b['type']}"} if b["type"] in ("blue", "barge4") else set()
                    seen |= {"rented"} if b.get("rented") else set()
                    seen |= {"foreign"} if b["at"] == "foreign" else set()
                    seen |= {"tagged"} if any("/" in x for x in b["load"]) else set()
            seen |= {"collapsed"} if d["collapsed"] else set()
            seen |= {"buyers given"} if d["buyers"] else set()
            seen |= {f"bid {d['bid']['kind']}"} if d["bid"] else set()
    assert {"rented", "collapsed", "buyers on a seat", "buyers given", "foreign", "bid foreign_market"} <= seen, seen


def test_a_base_game_with_collapsing_markets_saves_and_loads(tsukiji):
    """The collapsing variant is played with or without the expansion (000:592); a base game
    with it saves, and the save loads with the variant still on, collapsed markets and all.
    (Loading once asked for the expansion too, and refused every such save.)"""
    rules = tsukiji.rules
    collapsed = False
    for seed in range(1, 9):
        m = tsukiji.new(4, seed=seed, options={"collapse": "on", "round_limit": 40})
        for _ in play_random(tsukiji, m, Rng(seed, stream=40), 300):
            collapsed = collapsed or bool(m.state.collapsed)
        assert m.state.collapse and not m.state.expansion
        loaded = saves.load(m.save())
        assert loaded.state.collapse and loaded.state.collapsed == m.state.collapsed
        assert packed(rules.dump(loaded.state)) == packed(rules.dump(m.state)), f"seed {seed}"
        if collapsed:
            break
    assert collapsed, "no base game reached a collapsed market"


# ==== the base game saves as it always did ===========================================================================

BASE_KEYS = ["markets", "bag", "box", "yen", "seats", "turn", "phase", "ap", "cart_ap", "acted", "once", "action",
             "bid", "end", "turns", "over", "reason"]
BASE_SEAT = ["licences", "rentals", "tokens", "boats", "berths", "harbour", "loans", "shares"]


def test_base_game_dump_has_none_of_the_expansion_s_fields(tsukiji):
    rules = tsukiji.rules
    m = tsukiji.new(4, seed=7, options={"round_limit": 40})
    for _ in play_random(tsukiji, m, Rng(7), 200):
        d = rules.dump(m.state)
        assert list(d) == BASE_KEYS
        assert all(list(st) == BASE_SEAT for st in d["seats"])
        assert set(d["box"]) == {"barrels", "tokens", "licences", "boats", "loans", "shares", "coolboxes", "carts"}
        assert all(set(b) == {"type", "at", "load"} for st in d["seats"] for b in st["boats"])


def test_open_market_order_is_saved_without_the_expansion_too(tsukiji):
    # 000:628 — the markets not in play lie face up, in order: public, and kept in the save.
    rules = tsukiji.rules
    m = tsukiji.new(3, seed=2, options={"order": "open"})
    d = rules.dump(m.state)
    assert "expansion" not in d and set(d["order"]) == {"fish", "external"}
    assert set(d["order"]["fish"]) == set(rules.market_pool(m.state, "fish"))
    assert m.view(1)["order"] == d["order"]
    assert packed(rules.dump(rules.restore(d, 3, m.options))) == packed(d)


def test_expansion_box_and_totals(tsukiji):
    # 000:394-401 — 3 boats, 36 barrels, 65 tokens, 23 licences, 2 buyer, 2 expansion and 6 ship
    # rental markers on top of the base game's 63 barrels, 119 tokens, 33 licences, 15 boats.
    c = tsukiji.rules.conserved(tsukiji.new(5, seed=4, options=EXPANSION).state)
    assert sum(v for k, v in c.items() if k.startswith("barrels:")) == 63 + 36
    assert sum(v for k, v in c.items() if k.startswith("tokens:")) == 119 + 65
    assert sum(v for k, v in c.items() if k.startswith("licences:")) == 33 + 23
    assert sum(v for k, v in c.items() if k.startswith("boats:")) == 15 + 3
    assert (c["buyers"], c["expansion_markers"], c["ship_rental_markers"], c["yen"]) == (2, 2, 6, 23_500)


# ==== hand-written positions with the expansion =======================================================================

def test_omitted_seat_fields_are_empty_and_himono_lists_follow_the_licences(tsukiji):
    # The docstring's promise: an omitted field is empty (not its starting value).
    m = tsukiji.scenario(position(fish=("mackerel", "himono"), seats=[{}, {"licences": {"himono": 2}}, seat()]))
    d = tsukiji.rules.dump(m.state)
    assert d["seats"][0]["licences"] == {} and d["seats"][0]["boats"] == [] and d["seats"][0]["berths"] == 1
    assert d["seats"][1]["himono"] == [[], []] and d["seats"][1]["buyers"] == 0
    assert d["seats"][2]["boats"] == [{"type": "1", "at": "left", "load": []}]


def rich_position():
    """Every new field at once: Himono licences with barrels and tokens on them, buyer markers on
    a seat and given away, a Blue Ship with two kinds, a rented ship, a 4-hold barge, a boat at
    the Foreign Market, barrels caught with another fish's licence, a collapsed market."""
    seats = [
        seat(licences={"mackerel": 1, "himono": 2, "horse_mackerel": 1},
             himono=[["b:mackerel", "t:sardines"], []],
             tokens={"sardines": 2, "mackerel": 1},
             berths=3,
             boats=[{"type": "blue", "at": "sea", "load": ["mackerel/horse_mackerel"] * 2 + ["sardines"]},
                    {"type": "2", "at": "sea", "load": ["mackerel/himono:0"], "rented": "ships"},
                    {"type": "barge4", "at": "right", "load": []},
                    {"type": "1", "at": "foreign", "load": []}]),
        seat(buyers=1),
        seat(harbour=[["himono", "upper", "c4"]]),
    ]
    return position(fish=("mackerel", "himono", "horse_mackerel", "sardines"),
                    external=("ships", "influence", "ship_rental", "foreign_market", "bank"),
                    seats=seats, buyers=[[1, 2]], collapsed={"bank": "closed"})


def test_a_position_with_every_new_field_round_trips(tsukiji):
    rules = tsukiji.rules
    m = tsukiji.scenario(rich_position())
    d = rules.dump(m.state)
    assert d["seats"][0]["himono"] == [["b:mackerel", "t:sardines"], []]
    assert d["seats"][0]["boats"][1]["rented"] == "ships" and d["buyers"] == [[1, 2]]
    assert d["collapsed"] == {"bank": "closed"} and d["seats"][1]["buyers"] == 1
    assert packed(rules.dump(rules.restore(d, 3, m.options))) == packed(d)
    c = rules.conserved(m.state)
    assert (c["buyers"], c["ship_rental_markers"]) == (2, 6)
    again = saves.load(m.save())
    assert again.save() == m.save()
    # everything here is public: every seat sees it all
    for viewer in (0, 1, 2, None):
        v = m.view(viewer)
        assert v["seats"][0]["himono"] == d["seats"][0]["himono"] and v["buyers"] == [[1, 2]]
        assert v["seats"][0]["boats"] == d["seats"][0]["boats"]


def with_seat0(**over):
    return position(fish=("mackerel", "himono", "horse_mackerel", "sardines"),
                    external=("ships", "influence", "ship_rental", "foreign_market"),
                    seats=[seat(**over), seat(), seat()])


def boat(t="2", at="sea", load=(), **more):
    return {"type": t, "at": at, "load": list(load), **more}


HOSTILE = [
    # Himono licences and what lies on them (000:472-474)
    (with_seat0(licences={"himono": 2}, himono=[[]]), "one list (of what lies on it) per licence"),
    (with_seat0(licences={"himono": 1}, himono=[["b:mackerel", "b:mackerel", "t:sardines"]]), "at most 2"),
    (with_seat0(licences={"himono": 1}, himono=[["b:eel"]]), "neither a barrel"),
    (with_seat0(licences={"himono": 1}, himono=[["t:himono"]]), "neither a barrel"),
    (with_seat0(licences={"himono": 1}, himono=[[7]]), "neither a barrel"),
    (with_seat0(licences={"himono": 1}, himono="b:mackerel"), "one list per Himono licence"),
    (with_seat0(licences={"himono": 1}, himono=[["b:clams_oysters"]]), "neither a barrel"),
    # buyer markers (000:564)
    (with_seat0(licences={"mackerel": 3}, buyers=2), "more than 4 licences and rentals and buyer markers"),
    (dict(with_seat0(), buyers=[[0, 0]]), "two different seats"),
    (dict(with_seat0(), buyers=[[0, 5]]), "two different seats"),
    (dict(with_seat0(), buyers=[[0, True]]), "two different seats"),
    (dict(position(), buyers=[[0, 1]]), "only with the Influence market"),
    (position(seats=[seat(buyers=1), seat(), seat()]), "Influence market is not in play"),
    (with_seat0(buyers=-1), "whole number"),
    # boats (000:394, 000:440, 000:448, 000:551, 000:578)
    (with_seat0(boats=[boat("7")]), "type is one of"),
    (with_seat0(boats=[boat(["blue"])]), "type is one of"),
    (position(seats=[seat(boats=[boat("2", "foreign")]), seat(), seat()]), "Foreign Market, which is not in play"),
    (with_seat0(boats=[boat("2", "foreign", ["mackerel"])]), "auctioned"),
    (with_seat0(boats=[boat("2", "harbour")]), "at a berth (left, middle, right) or at sea"),
    (with_seat0(boats=[boat("2", "sea", ["mackerel", "mackerel/horse_mackerel"])]), "one kind"),
    (with_seat0(boats=[boat("blue", "sea", ["mackerel", "horse_mackerel", "sardines/himono:0"])]), "at most 2 kinds"),
    (with_seat0(boats=[boat("blue", "sea", ["mackerel", "sardines/himono:0"])]), "using a Himono licence carries one"),
    (with_seat0(boats=[boat("blue", "sea", ["mackerel/horse_mackerel", "horse_mackerel"])]), "carries no horse"),
    (with_seat0(boats=[boat("blue", "sea", ["salmon"]), boat("barge4", "sea", ["salmon", "salmon"])], berths=3),
     "salmon"),
    (with_seat0(boats=[boat("barge4", "sea", ["mackerel"] * 5)]), "has 4 holds"),
    (with_seat0(boats=[boat("barge4", "middle")], berths=3), "cannot hold those boats"),
    (with_seat0(boats=[boat("barge4", "right"), boat("barge4", "right")], berths=3), "cannot hold those boats"),
    (position(seats=[seat(boats=[boat("2", rented="ships")]), seat(), seat()]), "Ship Rental market is not in play"),
    (with_seat0(boats=[boat("2", rented="bank")]), "'ships' or 'used_ships'"),
    (with_seat0(boats=[boat("2", rented="used_ships")]), "Used Ships market, which is not in play"),
    (with_seat0(boats=[boat("blue", rented="ships")]), "never rented"),
    (with_seat0(boats=[boat("2", hired=True)]), "is {type, at, load, rented}"),
    # barrels caught with another fish's licence (000:468-470, 000:489)
    (with_seat0(boats=[boat("2", "sea", ["mackerel/eel"])]), "an? Eel licence never catches"),
    (with_seat0(boats=[boat("2", "sea", ["eel/himono:0"])]), "a Himono licence never catches eel"),
    (with_seat0(boats=[boat("2", "sea", ["whale/himono:0"])]), "not a fish"),
    (with_seat0(boats=[boat("2", "sea", ["sardines/horse_mackerel"])]), "never catches"),
    (with_seat0(boats=[boat("2", "sea", ["mackerel/himono:7"])]), "'mackerel/himono:0' to"),
    (with_seat0(boats=[boat("2", "sea", ["mackerel/himono:01"])]), "'mackerel/himono:0' to"),
    (with_seat0(boats=[boat("2", "sea", ["mackerel/horse_mackerel:1"])]), "only Himono licences are told apart"),
    (with_seat0(boats=[boat("2", "sea", ["mackerel/whale"])]), "after the '/' comes the licence"),
    (position(fish=("mackerel", "himono"), seats=[seat(boats=[boat("2", "sea", ["sardines/himono:0"])]), seat(),
                                                  seat()]), "needs both markets in play"),
    (with_seat0(boats=[boat("2", "sea", ["mackerel/himono:0"] * 2), boat("2", "sea", ["mackerel/himono:0"])],
                berths=3), "never more than 2"),
    (with_seat0(boats=[boat("2", "sea", [["mackerel"]])]), "is not a barrel"),
    # markets, variants, the box (000:392, 000:409, 000:592-628)
    (dict(with_seat0(), collapsed={"ships": "closed"}), "shows 'collapsed'"),
    (dict(with_seat0(), collapsed={"eel": "closed"}), "not an external market in play"),
    (dict(with_seat0(), collapsed={"foreign_market": "closed"}), "never collapses"),
    (dict(with_seat0(), options=dict(EXPANSION, collapse="off"), collapsed={"ships": "collapsed"}),
     "only in the collapsing variant"),
    (dict(with_seat0(), order={"fish": ["eel"], "external": []}), "does not fit"),
    (dict(with_seat0(), order={"fish": []}), "order is {'fish'"),
    (dict(with_seat0(), options=dict(EXPANSION, order="hidden"), order={"fish": [], "external": []}),
     "only with open market order"),
    (dict(with_seat0(), expansion=False), "played with the expansion"),
    (position(external=("ships", "aquarium")), "New Aquarium is too"),
    (dict(with_seat0(), markets={"fish": {"mackerel": "setup"}, "external": {"ships": "setup",
                                                                             "ship_rental": {"markers": 0}}}),
     "meets its collapse condition"),
    (dict(with_seat0(), cart_ap=99), "at most 4 action points"),
    (position(fish=("mackerel", "nori"), seats=[seat(licences={"nori": 2}), seat(), seat()]),
     "nobody holds more than 1"),
    # the action in progress and the bid
    (dict(with_seat0(licences={"himono": 1}), phase="fish", action={"kind": "fish", "lic": {"himono": 1}}),
     "one by one"),
    (dict(with_seat0(licences={"himono": 1}), phase="fish", action={"kind": "fish", "lic": {"himono:x": 1}}),
     "one by one"),
    (dict(with_seat0(), phase="fish", action={"kind": "fish", "lic": {"eel:0": 1}}), "only Himono licences"),
    (dict(with_seat0(), phase="fish", action={"kind": "fish", "lic": {"whale": 1}}), "not a fish"),
    (dict(with_seat0(), phase="fish", action={"kind": "fish", "foreign": [0]}), "lies at a berth"),
    (dict(with_seat0(), phase="fish", action={"kind": "fish", "foreign": [3]}), "docking at the Foreign Market"),
    (dict(with_seat0(), phase="fish", action={"kind": "fish", "swordfish": 1}), "Swordfish market is not in play"),
    (dict(with_seat0(), phase="buy", action={"kind": "buy", "buyer": 1}), "no action points left"),
    (dict(with_seat0(), phase="buy", action={"kind": "buy", "buyer": 0}, ap=0), "another seat"),
    (dict(with_seat0(), phase="start", action={"kind": "start", "pending": ["eel"]}), "himono barrels to price"),
    (dict(with_seat0(), phase="start", action={"kind": "start", "pending": ["himono"]}), "himono barrels to price"),
    (dict(with_seat0(), phase="market", action={"kind": "market", "market": "foreign_market"}),
     "never visited in a markets action"),
    (dict(with_seat0(), phase="market", action={"kind": "market", "market": "influence", "lot": {"mackerel": 1}}),
     "lots are built only at the Auction, Barter, Trade and Sushi Shop"),
    (dict(with_seat0(), phase="bid", action={"kind": "fish"},
          bid={"kind": "whale", "lot": {"mackerel": 1}}), "a bid is a king_crab, tuna, auction, barter, swordfish or"),
    (dict(with_seat0(), phase="bid", action={"kind": "fish"},
          bid={"kind": "swordfish", "lot": {"swordfish": 1}}), "Swordfish market is not in play"),
    (dict(with_seat0(), phase="bid", action={"kind": "fish"},
          bid={"kind": "foreign_market", "lot": {}}), "at least one token"),
    (dict(with_seat0(), phase="bid", action={"kind": "market", "market": "influence"},
          bid={"kind": "foreign_market", "lot": {"mackerel": 1}, "resume": "market"}), "interrupts a fishing"),
    (dict(with_seat0(), phase="bid", action={"kind": "fish"},
          bid={"kind": "foreign_market", "lot": {"mackerel": 1}, "sealed": {"bidders": "all"}}), "among everyone"),
    (dict(with_seat0(), phase="bid", action={"kind": "fish"},
          bid={"kind": "foreign_market", "lot": {"mackerel": 1}, "sealed": {"caps": []}}), "sealed bid is damaged"),
    (dict(with_seat0(), phase="bid", action={"kind": "fish"},
          bid={"kind": "foreign_market", "lot": {"mackerel": 1}, "tied": "0"}), "tied lists"),
]


@pytest.mark.parametrize("data,message", HOSTILE, ids=[m for _, m in HOSTILE])
def test_damaged_expansion_positions_are_refused_with_a_reason(tsukiji, data, message):
    with pytest.raises(ScenarioError, match=message.replace("(", r"\(").replace(")", r"\)").replace("{", r"\{")
                       .replace("[", r"\[")):
        tsukiji.scenario(data)


def test_the_box_of_an_expansion_game_is_checked(tsukiji):
    m = tsukiji.scenario(with_seat0())
    d = tsukiji.rules.dump(m.state)
    assert d["box"]["buyers"] == 0 and d["box"]["ship_rental_markers"] == 0
    d["box"]["buyers"] = 9
    with pytest.raises(ScenarioError, match="the game has 2 buyers, this position 11"):
        tsukiji.scenario(dict(d, players=3, options=m.options))


def test_swordfish_bid_lot_is_one_swordfish_token(tsukiji):
    base = position(fish=("mackerel", "swordfish"))
    with pytest.raises(ScenarioError, match="one swordfish token"):
        tsukiji.scenario(dict(base, phase="bid", action={"kind": "fish"},
                              bid={"kind": "swordfish", "lot": {"swordfish": 2}}))


def test_the_expansion_s_pieces_need_the_expansion(tsukiji):
    base = {"players": 3, "options": {}, "markets": {"fish": {"mackerel": "setup"}, "external": {"ships": "setup"}},
            "seats": [seat(), seat(), seat()], "yen": [2000] * 3}
    cases = [
        (dict(base, markets={"fish": {"mackerel": "setup", "himono": "setup"}, "external": {"ships": "setup"}}),
         "comes with the expansion"),
        (dict(base, seats=[seat(himono=[]), seat(), seat()]), "that comes with the expansion"),
        (dict(base, seats=[seat(boats=[boat("blue", "left")]), seat(), seat()]), "comes with the expansion"),
        (dict(base, seats=[seat(boats=[boat("2", "sea", ["mackerel/himono:0"])]), seat(), seat()]),
         "only with the expansion"),
        (dict(base, seats=[seat(boats=[boat("2", rented="ships")]), seat(), seat()]), "is {type, at, load}"),
        (dict(base, expansion=True), "played without the expansion"),
        (dict(base, box={"buyers": 2}), "the box holds barrels"),
        (dict(base, buyers=[[0, 1]]), "Influence"),
        (dict(base, phase="fish", action={"kind": "fish", "foreign": None}), "a fishing action has"),
        (dict(base, phase="buy", action={"kind": "buy", "buyer": 1}), "a buying action is"),
    ]
    for data, message in cases:
        with pytest.raises(ScenarioError, match=message.replace("{", r"\{")):
            tsukiji.scenario(data)


@pytest.mark.parametrize("hostile,message", [
    (float("nan"), "float"),
    ([[[[[[[[[[[[[[[[[[0]]]]]]]]]]]]]]]]]], "nests deeper"),
    (list(range(100_001)), "more than 100,000 values"),
    ("x" * 100_000, "characters"),
    ({1: 2}, "is not a name"),
    (2 ** 70, "beyond any number"),
    (b"\x80\x04", "bytes"),
    (object(), "object"),
])
def test_hostile_data_anywhere_is_refused_not_a_crash(tsukiji, hostile, message):
    for where in ("seats", "markets", "bid", "reason", "order"):
        data = rich_position()
        if where == "seats":
            data["seats"][0]["himono"] = hostile
        elif where == "markets":
            data["markets"]["external"]["influence"] = hostile
        else:
            data[where] = hostile
        with pytest.raises(ValueError, match=message):
            tsukiji.rules.restore(data, 3, dict(tsukiji.info.settle_options(3, data["options"])))


JUNK = ([["x"]], {"a": []}, "t:x", None, True, -1, 0, 7, 2 ** 40, "", "mackerel", "himono:0", "b:mackerel", [],
        [0], [[]], {}, {"kind": "fish"}, ["mackerel"], 1.5)


def as_json(data) -> str:
    return json.dumps(data, sort_keys=True)


def test_a_save_damaged_anywhere_is_refused_with_a_value_error(tsukiji):
    """Any one value of a dump replaced by junk: the position is refused with a ValueError
    saying what is wrong, or it is still a position and is kept exactly as given (an empty
    value: as if it were omitted); never another exception, never a position put right
    quietly. Nearly all junk is refused: a `restore` that refused nothing fails here."""
    rules = tsukiji.rules
    m = tsukiji.new(4, seed=6, options=dict(EXPANSION, **ALL_IN))
    rng = Rng(6)
    refusals, kept = [], []
    for n, _ in enumerate(play_random(tsukiji, m, rng, 120)):
        if n % 30:
            continue
        d = rules.dump(m.state)
        paths = []
        stack = [((), d)]
        while stack:
            p, v = stack.pop()
            if p:
                paths.append(p)
            items = v.items() if isinstance(v, dict) else enumerate(v) if isinstance(v, list) else ()
            stack.extend((p + (k,), x) for k, x in items)
        for _ in range(150):
            p = paths[rng.below(len(paths))]
            data = msgpack.unpackb(packed(d), raw=False)
            where = data
            for k in p[:-1]:
                where = where[k]
            junk = JUNK[rng.below(len(JUNK))]
            where[p[-1]] = junk
            try:
                restored = rules.restore(data, 4, m.options)
            except ValueError as e:
                assert str(e).strip(), f"{p} = {junk!r}: refused without a reason"
                refusals.append(str(e))
                continue
            kept.append(p)
            if junk not in (None, [], {}):
                assert as_json(rules.dump(restored)) == as_json(data), f"{p} = {junk!r} was put right, not refused"
    assert len(refusals) >= 9 * len(kept), f"only {len(refusals)} of {len(refusals) + len(kept)} damaged saves refused"
    assert len(set(refusals)) > 50, "each refusal says what is wrong there"


#: a save of `rich_position` with one value damaged, and the reason it is refused
DAMAGED = [
    (("seats", 0, "himono"), [["b:mackerel"]], r"holds 2 Himono licences, but himono lists 1: one list .*\(000:474\)"),
    (("seats", 0, "himono", 0), ["b:mackerel", "t:sardines", "b:sardines"],
     r"Himono licence 1 holds at most 2 barrels or tokens, not 3 \(000:474\)"),
    (("seats", 0, "himono", 0, 0), "b:eel", r"'b:eel' on Himono licence 1 is neither a barrel"),
    (("seats", 0, "boats", 0, "load"), ["mackerel/himono:7"], r"'mackerel/himono:0' to 'mackerel/himono:3' \(000:470\)"),
    (("seats", 0, "boats", 0, "load"), ["eel/himono:0"], r"a Himono licence never catches eel"),
    (("seats", 0, "boats", 0, "load"), ["sardines/himono:0", "mackerel/himono:1"],
     r"boat 1: a ship using a Himono licence carries one kind of fish \(000:468\)"),
    (("seats", 0, "boats", 0, "load"), ["mackerel/himono:0", "mackerel/himono:0"],
     r"3 barrels at sea caught with Himono licence 1; never more than 2 \(000:470\)"),
    (("seats", 0, "boats", 0, "load"), ["mackerel/horse_mackerel", "horse_mackerel"],
     r"carries no horse mackerel \(000:489\)"),
    (("seats", 0, "boats", 0, "load"), ["mackerel/horse_mackerel:0"], r"only Himono licences are told apart \(000:470\)"),
    (("seats", 1, "buyers"), -1, r"seat 2's buyer markers must be a whole number"),
    (("seats", 0, "berths"), 7, r"a harbour has 3 berths"),
    (("action",), {"kind": "start", "pending": ["himono"]}, r"no action is in progress in phase main"),
    (("markets", "fish", "himono"), "x", r"the Himono market is a mapping"),
]


@pytest.mark.parametrize("path,junk,reason", DAMAGED, ids=[m[:40] for _, _, m in DAMAGED])
def test_a_damaged_save_is_refused_with_its_reason(tsukiji, path, junk, reason):
    rules = tsukiji.rules
    m = tsukiji.scenario(rich_position())
    data = msgpack.unpackb(packed(rules.dump(m.state)), raw=False)
    where = data
    for k in path[:-1]:
        where = where[k]
    where[path[-1]] = junk
    with pytest.raises(ValueError, match=reason):
        rules.restore(data, 3, m.options)


def test_new_himono_barrels_to_price_are_one_per_licence_at_most(tsukiji):
    # 000:476: each Himono licence holding a pair brings one himono barrel at the start of the turn
    rules = tsukiji.rules
    m = tsukiji.scenario(rich_position())
    for pending, ok in ((["himono"], True), (["himono", "himono"], True), (["himono"] * 3, False),
                        (["mackerel"], False), ([["himono"]], False)):
        data = rules.dump(m.state)
        data["phase"] = "start"
        data["action"] = {"kind": "start", "fugu": 0, "pending": pending}
        data["markets"]["fish"]["himono"]["barrels"] -= len(pending)      # taken from the market
        if ok:
            assert rules.restore(data, 3, m.options).ctx["pending"] == pending
        else:
            with pytest.raises(ValueError, match=r"one at most per Himono licence \(000:476\)"):
                rules.restore(data, 3, m.options)


def test_a_damaged_save_of_an_expansion_game_is_refused(tsukiji):
    m = tsukiji.new(4, seed=5, options=EXPANSION)
    for _ in play_random(tsukiji, m, Rng(5), 120):
        pass
    doc = msgpack.unpackb(m.save(), raw=False)
    doc["state"]["seats"][0]["himono"] = [["b:eel"]] * 9
    doc["check"]["state"] = saves.checksum(doc["state"])
    with pytest.raises(saves.SaveError, match="not valid"):
        saves.load(msgpack.packb(doc, use_bin_type=True))


# ==== views: what stays hidden ===================================================================================

def foreign_position(money="open"):
    """Seat 1 has a 2-hold ship at sea with 2 mackerel barrels: it can dock at the Foreign
    Market and auction them (000:547)."""
    return position(options={"money": money}, external=("ships", "foreign_market"),
                    seats=[seat(boats=[boat("2", "sea", ["mackerel", "mackerel"])]), seat(), seat()])


def test_a_foreign_market_auction_is_a_sealed_bid_of_everyone(tsukiji):
    rules = tsukiji.rules
    m = tsukiji.scenario(foreign_position(money="hidden"))
    play(m, "fish", "dock:1:foreign")
    assert m.state.ctx["foreign"] == [0] and m.state.seats[0]["boats"][0]["at"] == "foreign"
    d = rules.dump(m.state)
    assert packed(rules.dump(rules.restore(d, 3, m.options))) == packed(d)       # a group docking
    play(m, "foreign:auction")
    assert m.state.phase == "bid" and m.state.bid["kind"] == "foreign_market"
    assert sorted(m.to_act()) == [0, 1, 2] and m.state.bid["lot"] == {"mackerel": 2}
    m.play(1, "bid:300")
    for viewer in (0, 2, None):
        b = m.view(viewer)["bid"]["bids"]
        assert "own" not in b and "bids" not in b and b["done"] == [1]
        assert m.view(viewer)["yen"][1] is None
    assert m.view(1)["bid"]["bids"]["own"] == 300
    for viewer in (0, 1, 2, None):
        shadow = rules.scramble(m.state, viewer, Rng(3), 3, m.options)
        assert rules.view(shadow, viewer) == m.view(viewer)
    assert b"bid:300" not in m.save()                  # a save holds no sealed bid (core.saves)
    d = rules.dump(m.state)
    assert packed(rules.dump(rules.restore(d, 3, m.options))) == packed(d)
    m.play(0, "bid:0")
    m.play(2, "bid:100")
    assert m.state.phase == "fish" and m.state.seats[1]["tokens"] == {"mackerel": 2}
    assert m.view(2)["bid"] is None


# ==== refused keys of the new actions: reasons and rules ========================================================

def rule_of(name):
    from games.tsukiji import explain
    return getattr(explain, name)


def test_catch_keys_are_explained(tsukiji):
    m = tsukiji.scenario(with_seat0(licences={"mackerel": 1, "himono": 1, "horse_mackerel": 1}, berths=2,
                                    boats=[boat("2", "sea"), boat("blue", "sea", ["mackerel"])]))
    play(m, "fish")
    legal = keys(m)
    assert "catch:1:mackerel/himono:0" in legal and "catch:1:mackerel/horse_mackerel*2" in legal
    assert "catch:2:mackerel+horse_mackerel" in legal            # the Blue Ship: two licences at once (000:448)
    e = refused(m, 0, "catch:1:mackerel+sardines/himono:0", rule=rule_of("RULE_BLUE"))
    assert "Blue Ship" in str(e)
    assert "eel is not in play" in str(refused(m, 0, "catch:1:eel/himono:0"))
    assert "is written 'horse_mackerel'" in str(refused(m, 0, "catch:1:horse_mackerel/horse_mackerel"))
    e = refused(m, 0, "catch:1:sardines/horse_mackerel", rule=rule_of("RULE_HORSE_CATCH"))
    assert "never catches" in str(e)
    e = refused(m, 0, "catch:1:mackerel/horse_mackerel*3", rule=rule_of("RULE_HORSE_CATCH"))
    assert "up to 2" in str(e)
    e = refused(m, 0, "catch:1:mackerel/himono:1")
    assert "numbered 0 to 0" in str(e)
    e = refused(m, 0, "catch:1:mackerel/himono")
    assert "say which" in str(e)
    e = refused(m, 0, "catch:2:sardines/himono:0+horse_mackerel")
    assert "at most 2 kinds" in str(e)
    refused(m, 0, "catch:1:mackerel*" + "9" * 5000)
    play(m, "catch:1:mackerel/himono:0")
    e = refused(m, 0, "catch:2:sardines/himono:0", rule=rule_of("RULE_LICENCE"))
    assert "Himono licence 1 is used in this fishing action" in str(e)
    e = refused(m, 0, "catch:1:mackerel/horse_mackerel", rule=rule_of("RULE_FISHING"))
    assert "one thing per fishing action" in str(e)


def test_dock_transfer_free_and_enter_keys_are_explained(tsukiji):
    m = tsukiji.scenario(with_seat0(berths=3, boats=[boat("2", "sea", ["mackerel"], rented="ships"),
                                                     boat("barge4", "sea"), boat("barge4", "sea")]))
    e = refused(m, 0, "transfer:1", rule=rule_of("RULE_BARGES"))
    assert "two of your barges" in str(e)
    e = refused(m, 0, "transfer:1:2", rule=rule_of("RULE_RENTED"))
    assert "rented" in str(e)
    refused(m, 0, "transfer:2:3")
    e = refused(m, 0, "free:influence:give:2", rule=rule_of("RULE_BUYER"))
    assert "no buyer marker" in str(e)
    refused(m, 0, "free:nowhere:1")
    e = refused(m, 0, "enter:foreign_market:1", rule=rule_of("RULE_FOREIGN"))
    assert "docking" in str(e)
    play(m, "fish")
    e = refused(m, 0, "dock:2:foreign")
    assert "barrels" in str(e) or "Foreign" in str(e)
    play(m, "dock:1:foreign")
    e = refused(m, 0, "done", rule=rule_of("RULE_FOREIGN"))
    assert "foreign:auction" in str(e)
    refused(m, 0, "berth", rule=rule_of("RULE_FOREIGN"))


def test_enter_keys_of_closed_unenterable_and_barrel_paid_markets(tsukiji):
    data = position(fish=("mackerel", "clams_oysters"), external=("ships", "rental", "overfishing"),
                    seats=[seat(harbour=[["clams_oysters", "upper", "c3"], ["mackerel", "lower", "c1"]]),
                           seat(), seat()],
                    collapsed={"rental": "closed"}, markets={
                        "fish": {"mackerel": "setup", "clams_oysters": "setup"},
                        "external": {"ships": "setup", "rental": {"coolboxes": 0, "carts": 0}, "overfishing": {}}})
    m = tsukiji.scenario(data)
    assert "enter:clams_oysters:2:uc3:clams_oysters" in keys(m)
    e = refused(m, 0, "enter:rental:1", rule=rule_of("RULE_CLOSED"))
    assert "closed" in str(e)
    refused(m, 0, "enter:overfishing:1", rule=rule_of("RULE_NO_ENTRY"))
    e = refused(m, 0, "enter:clams_oysters:2", rule=rule_of("RULE_BARREL_ENTRY"))
    assert "say which" in str(e)
    e = refused(m, 0, "enter:clams_oysters:2:lc1:mackerel", rule=rule_of("RULE_BARREL_ENTRY"))
    assert "Clams & Oysters barrel" in str(e)
    e = refused(m, 0, "enter:clams_oysters:2:uc4:clams_oysters", rule=rule_of("RULE_BARREL_ENTRY"))
    assert "no clams oysters barrel" in str(e)
    refused(m, 0, "enter:clams_oysters:9")
    refused(m, 0, "enter:clams_oysters:2:zz:clams_oysters", rule=rule_of("RULE_BARREL_ENTRY"))


def test_a_buyer_marker_s_buying_action_has_no_free_actions(tsukiji):
    # 000:564 — right after the other player's turn the owner of the marker buys; nothing else.
    data = dict(with_seat0(), turn=1, buyers=[[0, 1]], seats=[seat(berths=1), seat(), seat()])
    m = tsukiji.scenario(data)
    play(m, "fish", "done", "fish", "done")             # seat 2's turn ends
    assert m.state.phase == "buy" and m.to_act() == (0,) and m.state.ctx["buyer"] == 0
    d = tsukiji.rules.dump(m.state)
    assert d["action"] == {"buyer": 0, "kind": "buy"}
    assert packed(tsukiji.rules.dump(tsukiji.rules.restore(d, 3, m.options))) == packed(d)
    assert tsukiji.rules.conserved(m.state)["buyers"] == 2
    e = refused(m, 0, "berth", rule=rule_of("RULE_BUYER"))
    assert "only for buying" in str(e)
    assert m.state.ext["influence"]["buyers"] == 1
    m.play(0, "done")                                   # the marker goes home; seat 3 plays next
    assert m.state.turn == 2 and m.state.ext["influence"]["buyers"] == 2 and m.state.buyers == []


def test_illegal_keys_of_an_expansion_game_change_nothing(tsukiji):
    m = tsukiji.new(4, seed=8, options=dict(EXPANSION, **ALL_IN))
    rng = Rng(8)
    bogus = ("catch:1:mackerel/himono:0", "catch:9:x", "dock:1:foreign", "foreign:auction", "transfer:1:2",
             "free:himono:token:mackerel", "free:influence:give:9", "enter:foreign_market:1",
             "enter:clams_oysters:2:uc1:eel", "enter:overfishing:1", "catch:1:+", "catch:1:*", "dock:1:",
             "transfer:" + "9" * 3000, "enter:new_aquarium:1:u:")
    for _ in play_random(tsukiji, m, rng, 150):
        seat_ = m.to_act()[0]
        legal = set(keys(m, seat_))
        before = m.save()
        for k in bogus:
            if k in legal:
                continue
            with pytest.raises(IllegalMove) as e:
                m.play(seat_, k)
            assert str(e.value) and "Tsukiji" in str(e.value)
        assert m.save() == before
