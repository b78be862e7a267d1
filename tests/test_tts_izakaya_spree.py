"""`tokyo tts export` of Izakaya (004:95-133) and the architect's Shopping Spree (004:183-227):
every component of the state counted in the save, where the state has it, at the set-up for
every player count and in the middle of random games; every URL a file on disk; a sealed
bid never in the save; a piece built turned and flipped stands in TTS where the physics has it.

Positions are checked against the save's own cards (a bottle at the corner where its four
lot cards meet, a claim disc on the edge between its two, a shopper on the dot between the
shelves), not against the layout's constants."""

from __future__ import annotations

import json
import math
from collections import Counter
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from core import games, saves
from core.bots import make_bot
from core.rng import Rng
from core.session import Session
from physics.building import Building, Lot, Placement
from physics.pieces import catalogue
from tts.export import build
from tts.layouts.common import drink_set
from tts.table import COLOURS, TABLE_Y, LayoutError
from tts.units import CARD, units

from .tts_support import bags, export_of, exported, objects, owned, snap_points, tagged, urls, yen

COLOUR_IDS = ("white", "mint", "black", "blue", "red", "purple")


@pytest.fixture(scope="module")
def izakaya():
    return games.load("izakaya")


@pytest.fixture(scope="module")
def spree():
    return games.load("shopping_spree")


def local(url: str) -> Path:
    p = urlparse(url)
    assert p.scheme == "file", url
    return Path(unquote(p.path))


def files_exist(save: dict) -> None:
    named = urls(save)
    assert named
    missing = sorted(u for u in named if not local(u).is_file())
    assert not missing, missing[:5]


def pos(o: dict) -> tuple[float, float]:
    return o["Transform"]["posX"], o["Transform"]["posZ"]


def on_table(save: dict) -> list[dict]:
    """Every object not inside a bag (cards of a deck count as on the table)."""
    out = []

    def walk(objs, in_bag):
        for o in objs:
            if not in_bag:
                out.append(o)
            walk(o.get("ContainedObjects", []), in_bag or o["Name"] in ("Bag", "Infinite_Bag"))
    walk(save["ObjectStates"], False)
    return out


def within(o: dict, card: dict, slack: float = 0.05) -> bool:
    """o's position lies on the card's footprint (cards lie square to the table)."""
    w, h = CARD[0] * card["Transform"]["scaleX"], CARD[1] * card["Transform"]["scaleZ"]
    (x, z), (cx, cz) = pos(o), pos(card)
    return abs(x - cx) <= w / 2 + slack and abs(z - cz) <= h / 2 + slack


def one(objs: list[dict]) -> dict:
    assert len(objs) == 1, [o.get("Nickname") for o in objs]
    return objs[0]


# ==== Izakaya ======================================================================================

def grid_cards(save: dict, k: int) -> dict[tuple[int, int], dict]:
    cards = {}
    for o in tagged(save, "lot card"):
        if o.get("Nickname", "").startswith("lot "):
            r, c = o["Nickname"][4:].split(" ")[0].split(",")
            cards[(int(r) - 1, int(c) - 1)] = o
    assert sorted(cards) == [(r, c) for r in range(k) for c in range(k)]
    return cards


def corner_point(cards, k, i, j) -> tuple[float, float]:
    """Where the cards meeting at lattice point (i, j) touch: the mean of their inner corners."""
    pts = []
    for r in (i - 1, i):
        for c in (j - 1, j):
            if (r, c) in cards:
                o = cards[(r, c)]
                w, h = CARD[0] * o["Transform"]["scaleX"], CARD[1] * o["Transform"]["scaleZ"]
                x, z = pos(o)
                pts.append((x + (w / 2 if c < j else -w / 2), z + (-h / 2 if r < i else h / 2)))
    return sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)


def check_izakaya(match, save: dict) -> None:
    s, rules = match.state, match.game.rules
    n, k = s["players"], s["k"]
    cons = rules.conserved(s)
    files_exist(save)
    cards = grid_cards(save, k)
    # lot cards: the grid (white side up, the blue centre card marked) and the claim action's card
    assert len(tagged(save, "lot card")) == k * k + 1
    assert len(tagged(save, "lot card", "action space")) == 1
    for (r, c), o in cards.items():
        assert (match.game.rules.deck.card(s["grid"][r][c]).id in o["Description"])
        assert ("blue" in o["Nickname"]) == ([r, c] in s["blue"])
    # bottles: one on every corner the state fills, the rest in the crates, six a colour
    drinks = tagged(save, "drink")
    assert len(drinks) == cons["bottles"] == 36
    on_corners = []
    for key, colour in s["corners"].items():
        i, j = (int(v) for v in key.split(":"))
        x, z = corner_point(cards, k, i, j)
        here = [o for o in drinks if math.dist(pos(o), (x, z)) < 0.3]
        assert [o["Tags"][1] for o in here] == [colour], (key, [o["Nickname"] for o in here])
        on_corners += here
    for ci, colour in enumerate(COLOUR_IDS):
        crate = one([o for o in tagged(save, "crate", colour)])
        inside = [o for o in drinks if o["Tags"][1] == colour and o not in on_corners]
        assert len(inside) == s["crates"][ci]
        assert all(math.dist(pos(o), pos(crate)) < 1.3 for o in inside)
    # claim discs on their edges, pyramids on their cards, six of each a seat
    claim = tagged(save, "claim disc")
    assert len(claim) == cons["claim_discs"] == 6 * n
    for e, owner in s["edges"].items():
        kind, r, c = e.split(":")
        a, b = ((int(r), int(c)), (int(r), int(c) + 1)) if kind == "v" else ((int(r), int(c)), (int(r) + 1, int(c)))
        mid = tuple((p + q) / 2 for p, q in zip(pos(cards[a]), pos(cards[b])))
        here = [o for o in claim if math.dist(pos(o), mid) < 0.3]
        assert [o["Tags"][1] for o in here] == [COLOURS[owner]], e
    pyramids = tagged(save, "pyramid")
    assert len(pyramids) == cons["pyramids"] == 6 * n
    for (r, c), o in cards.items():
        owner = s["owner"].get(f"{r}:{c}")
        here = [p["Tags"][1] for p in pyramids if within(p, o)]
        assert here == ([COLOURS[owner]] if owner is not None else []), (r, c)
    for p in range(n):
        assert len(tagged(save, "pyramid", COLOURS[p])) == 6
        assert len(tagged(save, "claim disc", COLOURS[p])) == 6
        assert len(tagged(save, "action disc", COLOURS[p])) == 3
    # every piece: built on its card as the state has it, or in the supply
    pieces = tagged(save, "piece")
    assert len(pieces) == cons["pieces"] == len(rules.pieces.ids())
    built = tagged(save, "piece", "built")
    assert Counter(o["Nickname"].split(" ")[0] for o in tagged(save, "piece", "supply")) == Counter(s["supply"])
    assert len(built) + len(tagged(save, "piece", "supply")) == len(pieces)
    for (r, c), o in cards.items():
        want = sorted(p["piece"] for key, b in s["buildings"].items() for p in b
                      if key.startswith(f"{r}:{c}:"))
        have = sorted(b["Nickname"].split(" ")[0] for b in built if f"(lot {r + 1},{c + 1}," in b["Nickname"])
        assert have == want, (r, c)
        assert all(within(b, o) for b in built if f"(lot {r + 1},{c + 1}," in b["Nickname"])
    # the turn-order track
    order = sorted(tagged(save, "order disc"), key=lambda o: int(o["Nickname"].rsplit(" ", 1)[1]))
    assert [o["Tags"][1] for o in order] == [COLOURS[p] for p in s["order"]]
    # the action discs: in hand, or on the action spaces this round
    colour_cards = {o["Tags"][1]: o for o in tagged(save, "colour card")}
    assert sorted(colour_cards) == sorted(COLOUR_IDS)
    shape = one(tagged(save, "shape card"))
    assert shape["Transform"]["rotZ"] == 180.0, "the price action's shape card lies face down (004:105)"
    discs = tagged(save, "action disc")
    known = not any("position does not say" in d["Description"] for d in discs)
    if s["phase"] != "bid" and known:      # the round's discs on the spaces used (004:115, 117)
        for colour, card in colour_cards.items():
            assert len([d for d in discs if within(d, card)]) == (colour in s["used"]["colours"]), colour
        assert len([d for d in discs if within(d, shape)]) == int(s["used"]["price"])
    else:
        assert not any(within(d, card) for d in discs for card in list(colour_cards.values()) + [shape])
    in_hand = [o for o in discs if "in hand" in o["Description"]]
    if s["phase"] == "bid":
        assert len(in_hand) == 3 * n
    else:
        placed = s["turn"] + (s["phase"] == "bonus")
        assert Counter(o["Tags"][1] for o in in_hand) == Counter(COLOURS[p] for p in s["turns"][placed:])
    # yen: each seat's in front of it, the bid pile, the colour cards' prices; the bank is infinite
    for p in range(n):
        assert yen(owned(save, COLOURS[p])) == s["yen"][p]
    assert yen(owned(save, "the bid pile")) == s["pile"]
    for ci, colour in enumerate(COLOUR_IDS):
        chips = owned(save, f"the {colour} card")
        assert yen(chips) == s["prices"][ci]
        assert all(within(c, colour_cards[colour], 0.8) for c in chips)
    assert yen(o for o in on_table(save) if "yen" in o["Tags"]) == cons["yen"] == 1000 * n + 1200
    supply = [o for o in objects(save) if o["Name"] == "Infinite_Bag"]
    assert len(supply) == 3 and all(len(o["ContainedObjects"]) == 1 for o in supply)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_izakaya_set_up_is_every_component_of_the_state(tmp_path, izakaya, players):
    match, save = exported("izakaya", players, tmp_path, seed=players)
    check_izakaya(match, save)
    s = match.state
    assert not s["corners"] and not s["edges"] and not s["buildings"]
    assert len(tagged(save, "piece", "supply")) == len(izakaya.rules.pieces.ids())
    assert [yen(owned(save, f"the {c} card")) for c in COLOUR_IDS] == [100, 100, 200, 200, 300, 300]
    marked = [o for o in objects(save) if "RECONSTRUCTED" in o.get("Description", "")]
    assert {o["Tags"][0] for o in marked} >= {"lot card", "drink", "piece", "pyramid", "claim disc"}
    setup = dict(save["TabStates"]["1"].items())
    assert setup["title"] == "Set-up" and f"{players} players" in setup["body"]


class Tipsy:
    """The innkeeper with random moves mixed in: one move in four, one that places nothing."""

    name, needs_view = "innkeeper", True

    def __init__(self, inner):
        self.inner = inner

    def choose(self, view, legal, rng):
        plain = [a for a in legal if not a.takes]
        if rng.below(4) == 0 and plain:
            return plain[rng.below(len(plain))]
        return self.inner.choose(view, legal, rng)


def izakaya_game(game, players: int, seed: int, stop, m=None):
    """A match played by innkeepers with random moves mixed in (one stream for all, driven by
    the session), until `stop(match)` (or over); `m` goes on with a match already begun."""
    m = m or game.new(players, seed=seed)
    bots = [Tipsy(make_bot(game, "innkeeper")) for _ in range(players)]
    rng = Rng(seed, stream=31 + len(m.log.moves))
    session = Session.of_computers(m, bots, [rng] * players)
    for _ in range(2000):
        if m.over or stop(m):
            break
        session.computer()
    return m


# seeds whose games have a bottle on a corner, a claim and a building by then
@pytest.mark.parametrize("players, seed", [(2, 2), (3, 2), (4, 3), (5, 4)])
def test_izakaya_mid_game_matches_the_state(tmp_path, izakaya, players, seed):
    # well into the game and in the middle of an action round: discs on the action spaces
    m = izakaya_game(izakaya, players, seed, lambda m: m.state["round"] >= 2 and m.state["phase"] == "actions"
                     and m.state["turn"] >= players + 1)
    s = m.state
    assert s["phase"] == "actions" and s["corners"] and s["edges"] and s["buildings"]
    save = export_of(m, tmp_path / "mid")
    check_izakaya(m, save)
    # the discs laid this round lie on the spaces the log names
    assert not any("position does not say" in o["Description"] for o in tagged(save, "action disc"))
    # a kiosk save of it, loaded again, lays out the same table
    again = build(saves.load(m.save()), out=tmp_path).save
    assert json.dumps(again["ObjectStates"]) == json.dumps(build(m, out=tmp_path).save["ObjectStates"])
    # played to the end: the scores are in the notebook
    end = izakaya_game(izakaya, players, seed, lambda m: False, m)
    assert end.over
    save = export_of(end, tmp_path / "end")
    check_izakaya(end, save)
    assert "The game is over" in save["TabStates"]["1"]["body"]


def test_izakaya_position_loaded_mid_round_puts_the_played_discs_before_their_seats(tmp_path, izakaya):
    m = izakaya_game(izakaya, 3, 5, lambda m: m.state["phase"] == "actions" and m.state["turn"] >= 4)
    loaded = izakaya.scenario(izakaya.rules.dump(m.state))      # no move log: which space is not known
    save = export_of(loaded, tmp_path)
    played = [o for o in tagged(save, "action disc") if "position does not say" in o["Description"]]
    assert Counter(o["Tags"][1] for o in played) == Counter(COLOURS[p] for p in m.state["turns"][:m.state["turn"]])
    assert len(tagged(save, "action disc")) == 9
    assert "position does not say" in save["TabStates"]["1"]["body"]


def test_izakaya_sealed_bids_are_not_in_the_save(tmp_path, izakaya):
    # 004:111 — the bids are made in secret; the table is laid out as of the round's start
    m = izakaya_game(izakaya, 4, 6, lambda m: m.state["round"] == 2)
    assert m.state["phase"] == "bid"
    before = build(m, out=tmp_path)
    m.play(0, m.legal(0)[-1].key)                  # the most seat 0 may bid
    m.play(2, m.legal(2)[0].key)
    assert m.rules.sealed_pending(m.state) and m.rules.view(m.state, None)["bid"].get("bids") is None
    during = build(m, out=tmp_path)
    assert json.dumps(during.save) == json.dumps(before.save) and during.files == before.files


def unity(v, tr) -> tuple[float, float, float]:
    """A mesh vertex in the world, as TTS (Unity) turns it: z first, then y (rotX is 0)."""
    assert tr["rotX"] == 0.0
    x, y, z = v
    a, b = math.radians(tr["rotZ"]), math.radians(tr["rotY"])
    x, y = x * math.cos(a) - y * math.sin(a), x * math.sin(a) + y * math.cos(a)
    x, z = x * math.cos(b) + z * math.sin(b), -x * math.sin(b) + z * math.cos(b)
    return tr["posX"] + x, tr["posY"] + y, tr["posZ"] + z


def test_izakaya_pieces_turned_and_flipped_stand_where_the_physics_has_them(tmp_path, izakaya):
    m = izakaya.new(2, seed=0)
    for seat in range(2):
        m.play(seat, "bid:0")
    d = izakaya.rules.dump(m.state)
    placed = [{"piece": "l-40x40-1", "x": 4.0, "y": 0.0, "rotation": 90.0, "flip": True, "floor": 1},
              {"piece": "wedge-40x20-1", "x": 46.0, "y": 0.0, "rotation": 30.0, "flip": False, "floor": 1},
              {"piece": "l-60x30-2", "x": 10.0, "y": 40.0, "rotation": -135.0, "flip": True, "floor": 2},
              {"piece": "arch-60x30-1", "x": 20.0, "y": 0.0, "rotation": 180.0, "flip": False, "floor": 1}]
    d["buildings"] = {"0:0:0": placed[:3], "2:2:0": placed[3:]}
    d["supply"] = [p for p in d["supply"] if p not in {q["piece"] for q in placed}]
    match = izakaya.scenario(d)
    save = export_of(match, tmp_path)
    check_izakaya(match, save)
    cards = grid_cards(save, 3)
    bases = []
    for key, rc in (("0:0:0", (0, 0)), ("2:2:0", (2, 2))):
        r, c = rc
        card = cards[rc]
        left = card["Transform"]["posX"] - CARD[0] * card["Transform"]["scaleX"] / 2
        b = Building(Lot(izakaya.rules.side(match.state, r, c).outlines), 0,
                     [Placement(**p) for p in d["buildings"][key]], pieces=catalogue())
        for i, p in enumerate(b.placements):
            o = one([q for q in tagged(save, "piece", "built") if q["Nickname"].startswith(p.piece + " ")])
            # the piece's convex parts: the object and those attached to it, at its own origin
            assert all(c["Transform"]["posX"] == c["Transform"]["posY"] == c["Transform"]["posZ"] == 0.0
                       for c in o.get("ChildObjects", []))
            mesh = [row for q in [o, *o.get("ChildObjects", [])]
                    for row in local(q["CustomMesh"]["MeshURL"]).read_text().splitlines()]
            world = [unity(tuple(map(float, row.split()[1:4])), o["Transform"]) for row in mesh if row.startswith("v ")]
            corners = [pt for part in b.polygons(i) for pt in part]
            base = min(w[1] for w in world) - units(min(y for _, y in corners))
            bases.append(base)
            for x, y in corners:         # every corner of the physics' piece is a corner of the model
                assert any(abs(w[0] - (left + units(x))) < 1e-3 and abs(w[1] - (base + units(y))) < 1e-3
                           for w in world), (p, (x, y))
            zs = [w[2] for w in world]
            assert max(zs) - min(zs) == pytest.approx(units(catalogue().depth), abs=1e-4)
    assert max(bases) - min(bases) < 2e-4 and min(bases) >= TABLE_Y        # positions are kept to 4 places


# ==== Shopping Spree ================================================================================

def good_of(o: dict) -> str:
    """The good an object is, named as the state names it."""
    tags = o["Tags"]
    ds = drink_set()
    if tags[0] == "drink":
        c = [k.id for k in ds.colours].index(tags[1])
        s = [k.id for k in ds.shapes].index(tags[2])
        return f"drink:{c * 6 + s}"
    if tags[0] == "fish token":
        return "salmon" if tags[1] == "salmon" else tags[2]
    if tags[0] == "laundry good":
        return tags[1]
    raise AssertionError(f"{o.get('Nickname')} is no good")


def goods(objs) -> Counter:
    return Counter(good_of(o) for o in objs if o["Tags"][0] in ("drink", "fish token", "laundry good"))


def plain(items) -> Counter:
    return Counter("salmon" if g.startswith("salmon") else g for g in items)


def check_spree(match, save: dict) -> None:
    s, rules = match.state, match.game.rules
    n, fl = s["players"], rules.floor
    cons = rules.conserved(s)
    files_exist(save)
    table = on_table(save)
    shelves = {o["Tags"][2]: o for o in tagged(save, "lot card", "shelf")}
    assert sorted(shelves) == sorted(c for c in fl.cards if c != "VM")
    # every good: its kind counted as the state counts it (the tokens on show are the shelves' signs)
    everything = [o for o in objects(save) if "on show" not in o["Tags"]]
    have = goods(everything)
    for kind in ("drink", "tuna", "crab", "salmon"):
        assert sum(v for g, v in have.items() if g.startswith(kind)) == cons[kind], kind
    for g in rules.laundry.goods:
        assert have[g] == cons[g], g
    assert have == plain(rules.goods_everywhere(s))
    shown = tagged(save, "on show")
    assert goods(shown) == Counter(rules.shown["tuna"] + rules.shown["crab"])
    # the shelves hold what the state has on them, on the card
    for card, items in s["shelves"].items():
        here = [o for o in table if "shelf" in o["Tags"] and o["Tags"][0] != "lot card" and within(o, shelves[card])]
        assert goods(here) == Counter(items), card
    assert goods(tagged(save, "machine's crate")) == Counter(s["machine"])
    assert goods(tagged(save, "beside")) == Counter(s["beside"])
    # the bags hold exactly their tokens, in sorted order (the view shows counts, not an order)
    for fish in ("tuna", "crab"):
        bag = one(bags(save, f"{fish} bag"))
        assert [good_of(o) for o in bag["ContainedObjects"]] == sorted(s["bag"][fish])
    lost = one(bags(save, "discarded goods"))
    assert goods(lost["ContainedObjects"]) == plain(s["lost"])
    # each seat: crate, the goods laid before it (salmon with its side up), barrels, yen, architect
    by_cell = {}
    for card, (r, c) in fl.cards.items():
        if card in shelves:
            by_cell[(r, c)] = pos(shelves[card])
    first, last = len(fl.rows) - 1, len(fl.rows[0]) - 1
    z0, z1 = ({z for (r, _), (_, z) in by_cell.items() if r == row}.pop() for row in (0, first))
    x0, x1 = ({x for (_, c), (x, _) in by_cell.items() if c == col}.pop() for col in (0, last))
    rows = {r: z0 + (z1 - z0) * r / first for r in range(first + 1)}
    cols = {c: x0 + (x1 - x0) * c / last for c in range(last + 1)}
    for p in range(n):
        colour = COLOURS[p]
        assert goods(tagged(save, "crate", colour)) == Counter(s["crates"][p])
        before = tagged(save, "before", colour)
        assert goods(before) == plain(s["before"][p])
        sides = sorted(o["Tags"][2] for o in before if o["Tags"][1] == "salmon")
        assert sides == sorted(g.split(":")[1] for g in s["before"][p] if g.startswith("salmon"))
        assert len(tagged(save, "barrel", "mackerel", colour)) == s["trips"][p]
        assert yen(owned(save, colour)) == s["yen"][p]
        marker = one(tagged(save, "architect", colour))
        if s["pos"][p] == "out":
            assert pos(marker)[1] < min(rows.values()), "outside: below the shop floor, at the entrance"
        else:
            r, c = fl.cell(s["pos"][p])
            assert math.dist(pos(marker), (cols[c], rows[r])) < 0.7, (colour, s["pos"][p])
    assert len(tagged(save, "barrel", "mackerel")) == cons["mackerel"] == rules.mackerel_per_player * n
    # the price cards hold the prices; all yen on the table is the seats' and the cards'
    priced = {o["Tags"][1]: o for o in tagged(save, "price card") + tagged(save, "colour card")}
    assert sorted(priced) == sorted(s["prices"])
    for g, amount in s["prices"].items():
        chips = owned(save, f"the {g} card")
        assert yen(chips) == amount, g
        assert all(within(c, priced[g], 0.8) for c in chips)
    assert yen(o for o in table if "yen" in o["Tags"]) == sum(s["yen"]) + sum(s["prices"].values())
    assert len([o for o in objects(save) if o["Name"] == "Infinite_Bag"]) == 3
    snaps = [(x, z) for x, z, _ in snap_points(save)]
    for d in fl.dots:                      # a snap point on every blue dot
        r, c = fl.cell(d)
        assert any(math.dist(p, (cols[c], rows[r])) < 0.01 for p in snaps), d


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_spree_set_up_is_every_component_of_the_state(tmp_path, spree, players):
    match, save = exported("shopping_spree", players, tmp_path, seed=players)
    check_spree(match, save)
    s = match.state
    assert all(p == "out" for p in s["pos"]) and not any(s["crates"]) and sum(s["yen"]) == 0
    assert len(tagged(save, "drink")) == 36 and len(tagged(save, "machine's crate")) == 6
    marked = [o for o in objects(save) if "RECONSTRUCTED" in o.get("Description", "")]
    assert {o["Tags"][0] for o in marked} >= {"board", "drink", "laundry good", "fish token", "barrel"}
    # the shelves whose place the assets reconstruct say so
    assert "RECONSTRUCTED" in one([o for o in tagged(save, "shelf") if o["Tags"][2] == "X1"])["Description"]


class Leaning:
    """Random legal moves, leaning to taking goods and, with a loaded crate, to leaving."""

    name, needs_view = "random", True

    def choose(self, view, acts, rng):
        takes = [a for a in acts if a.key.startswith(("take", "machine"))]
        leave = [a for a in acts if a.key.startswith("leave")]
        walks = [a for a in acts if a.key.startswith("walk")]
        loaded = len(view["crates"][view["viewer"]]) >= 4
        pool = (takes if takes and rng.below(4) else leave if leave and loaded and rng.below(2)
                else walks if walks and rng.below(4) else acts)
        return pool[rng.below(len(pool))]


def spree_positions(game, players: int, seed: int, variant: str, closing: int):
    """A game of random legal moves, leaning to taking goods and leaving (so crates fill and
    empty; one stream for all, driven by the session); yields the match where something new is
    on the table, and at the end."""
    m = game.new(players, seed=seed, options=game.info.settle_options(players, {"variant": variant,
                                                                                "closing": closing}))
    rng = Rng(seed, stream=41)
    session = Session.of_computers(m, [Leaning()] * players, [rng] * players)
    wanted = ["full crate", "sold and shopping"]
    while not m.over:
        assert session.computer() is not None
        s = m.state
        now = {"full crate": max(len(c) for c in s["crates"]) >= 4 and any(p != "out" for p in s["pos"]),
               "sold and shopping": any(s["before"]) and any(s["crates"])}
        if wanted and now[wanted[0]]:
            yield wanted.pop(0), m
    assert not wanted, f"the game never had a {wanted[0]}"
    yield "end", m


@pytest.mark.parametrize("players, seed, variant, closing", [(2, 1, "dexterity", 15), (3, 2, "economic", 0),
                                                             (4, 3, "dexterity", 15), (6, 4, "economic", 0)])
def test_spree_mid_game_matches_the_state(tmp_path, spree, players, seed, variant, closing):
    # (the dexterity games close after 15 rounds, a kiosk house rule: every push is simulated)
    seen = []
    for what, m in spree_positions(spree, players, seed, variant, closing):
        check_spree(m, export_of(m, tmp_path / what.replace(" ", "_")))
        seen.append(what)
    assert seen == ["full crate", "sold and shopping", "end"] and m.over


def test_spree_goods_everywhere_at_once(tmp_path, spree):
    # a position with goods in every place the state has: crates, before the seats, lost,
    # beside the machine, salmon both sides up, shoppers sharing a dot
    d = spree.rules.dump(spree.new(3, seed=2).state)
    d["crates"][0] = [d["shelves"]["K1"].pop(), "salmon", d["bag"]["tuna"].pop()]
    d["shelves"]["S1"].remove("salmon")
    d["before"][1] = ["salmon:fresh", "salmon:4", "magazine", d["bag"]["crab"].pop()]
    d["shelves"]["S2"].remove("salmon")
    d["shelves"]["S2"].remove("salmon")
    d["shelves"]["MG"].remove("magazine")
    d["lost"] = [d["shelves"]["X1"].pop()]
    d["beside"] = [d["shelves"]["K2"].pop(), d["shelves"]["K3"].pop()]
    d["pos"] = ["4:2", "4:2", "out"]
    d["trips"] = [0, 1, 0]
    d["mackerel"] -= 1
    d["yen"] = [0, 1230, 0]
    d["bank"] -= 1230
    match = spree.scenario(d)
    save = export_of(match, tmp_path)
    check_spree(match, save)
    a, b = (one(tagged(save, "architect", c)) for c in ("White", "Red"))
    assert math.dist(pos(a), pos(b)) > 0.5, "two shoppers on one dot stand side by side"
    assert sorted(o["Nickname"] for o in tagged(save, "yen") if o["Description"].startswith("Red: ")) == \
        ["¥1,000", "¥10", "¥10", "¥10", "¥100", "¥100"]


# ==== both ==========================================================================================

@pytest.mark.parametrize("name", ["izakaya", "shopping_spree"])
def test_a_state_that_cannot_be_laid_out_is_one_line(tmp_path, name):
    game = games.load(name)
    m = game.new(2, seed=1, options=game.info.settle_options(2, {}))
    before = json.dumps(game.rules.dump(m.state), sort_keys=True)
    build(m, out=tmp_path)
    assert json.dumps(game.rules.dump(m.state), sort_keys=True) == before, "the layout changed the match"
    m.state["yen"][0] = 1005                          # no chip pays ¥5
    with pytest.raises(LayoutError) as e:
        build(m, out=tmp_path)
    assert "\n" not in str(e.value) and "¥1,005" in str(e.value)
