"""Where things lie in the Tabletop Simulator saves, as a player at the table would check it:
every expected place is worked out from the match's state (its rules' `table`) and the
table's rules written down in tests/tts_geometry.py (the seats on their ellipse, a grid read
as White sees it, a card's size), never from `tts.layouts`.

Each game at its fewest and most players, set up and in the middle of a match; kiosk saves
loaded as they stand (`tokyo tts export --from SAVE`) where the architects and drinks moved.
"""

from __future__ import annotations

import math

import pytest

from core.components import ARCHITECTS
from games.building.cards import CENTRE, SIZE
from games.izakaya.rules import corner_cards, edge_cards

from .tts_geometry import (LOT_SIDE, MAX_GAP, Plan, card_half, colour_of, drink_index, facing, fit, grid_point,
                           laid_out, lies_on, lot_id, nearest, nearest_seat, of_kind, ranks, xz)

TOL = 1e-3


# ==== Tokyo Jutaku and Bottle Bonus: the plan ============================================================

#: (game, players, stop, seed, moves, after, kiosk): set up, in play, and kiosk saves loaded again
PLAN = [
    ("jutaku", 2, "set-up", 1, 0, 0, False),
    ("jutaku", 8, "set-up", 1, 0, 0, False),
    ("jutaku", 2, "building", 1, 300, 100, False),
    ("jutaku", 8, "building", 1, 300, 100, False),
    ("bottle_bonus", 2, "holding drinks", 1, 300, 100, False),
    ("bottle_bonus", 8, "holding drinks", 1, 300, 100, False),
    ("jutaku", 5, "building", 1, 300, 100, True),
    ("bottle_bonus", 3, "holding drinks", 6, 300, 0, True),
]
PLAN_IDS = [f"{g}-{n}-{stop}".replace(" ", "-") + ("-kiosk-save" if k else "") for g, n, stop, *_, k in PLAN]


@pytest.fixture(params=PLAN, ids=PLAN_IDS)
def plan_game(request, tmp_path_factory):
    name, n, stop, seed, moves, after, kiosk = request.param
    return laid_out(tmp_path_factory, name, n, stop, seed, moves, after, kiosk)


def test_the_plan_s_cards_lie_in_the_game_s_rows_and_columns_as_white_sees_them(plan_game):
    """Column 0 on White's left, the columns going right; row 0 on the far side from White; the
    centre 4 places empty (004:21)."""
    match, save = plan_game
    plan = Plan(match, save)
    assert set(plan.cards) == set(plan.where)
    assert plan.pitch[0] > 0 and plan.pitch[1] > 0, "the columns go right, the rows come towards White"
    for cid, o in plan.cards.items():
        r, c = plan.where[cid]
        assert math.dist(xz(o), plan.place(r, c)) <= TOL, f"{cid} should lie at row {r + 1}, column {c + 1}"
        assert o["Transform"]["rotY"] == facing(0, plan.n), "the plan reads the right way up for White"
    assert not set(plan.where.values()) & CENTRE


def test_neighbouring_plan_cards_are_one_card_apart(plan_game):
    """The pitch is the 88 mm card and a small gap, the same across and along: the cards
    neither overlap nor stand apart."""
    match, save = plan_game
    plan = Plan(match, save)
    across, along = plan.pitch
    assert LOT_SIDE < across <= LOT_SIDE + MAX_GAP, across
    assert along == pytest.approx(across, abs=TOL)
    for o in plan.cards.values():
        assert o["Transform"]["scaleX"] * 2.2 == pytest.approx(LOT_SIDE, abs=TOL)


def test_every_place_of_the_plan_has_a_snap_point(plan_game):
    match, save = plan_game
    plan = Plan(match, save)
    snaps = [(p["Position"]["x"], p["Position"]["z"]) for p in save["SnapPoints"] if "lot card" in p.get("Tags", [])]
    for r in range(SIZE):
        for c in range(SIZE):
            here = any(math.dist(s, plan.place(r, c)) <= TOL for s in snaps)
            assert here == ((r, c) not in CENTRE), (r, c)


def test_each_architect_stands_on_the_lot_card_the_game_says(plan_game):
    """On the plan where the state has it (the marker stays where its card was taken, 004:29);
    before the start, before its own seat, off the plan."""
    match, save = plan_game
    plan = Plan(match, save)
    markers = {o["Nickname"]: o for o in of_kind(save, "architect")}
    assert sorted(markers) == sorted(ARCHITECTS[:plan.n])
    places = plan.places()
    for i in range(plan.n):
        o, at = markers[ARCHITECTS[i]], plan.tab["at"][i]
        if at is None:
            assert nearest_seat(o, plan.n) == i and not plan.on_plan(o), f"{ARCHITECTS[i]} waits before its seat"
        else:
            r, c = at
            assert math.dist(xz(o), plan.place(r, c)) <= LOT_SIDE / 2, f"{ARCHITECTS[i]}: row {r + 1}, col {c + 1}"
            assert nearest(o, places) == (r, c)


def test_each_seat_builds_on_its_own_card_before_it_and_facing_it(plan_game):
    match, save = plan_game
    plan = Plan(match, save)
    building = of_kind(save, "lot card", "building")
    assert sorted(lot_id(o) for o in building) == sorted(h for h in plan.tab["hand"] if h is not None)
    for o in building:
        i = plan.tab["hand"].index(lot_id(o))
        assert nearest_seat(o, plan.n) == i and o["Transform"]["rotY"] == facing(i, plan.n), lot_id(o)
        assert not plan.on_plan(o)
    completed = of_kind(save, "lot card", "completed")
    for i in range(plan.n):
        mine = [o for o in completed if nearest_seat(o, plan.n) == i]
        assert sorted(lot_id(o) for o in mine) == sorted(cid for cid, _ in plan.tab["won"][i])
        assert all(o["Transform"]["rotY"] == facing(i, plan.n) for o in mine)


def test_each_building_stands_on_its_builder_s_lot_card(plan_game):
    match, save = plan_game
    plan = Plan(match, save)
    pieces = {o["Nickname"].split(" ", 1)[1]: o for o in of_kind(save, "piece")}
    cards = {lot_id(o): o for o in of_kind(save, "lot card", "building")}
    for i in range(plan.n):
        for p in plan.tab["built"][i]:
            o = pieces[p["piece"]]
            assert lies_on(o, cards[plan.tab["hand"][i]]), f"{p['piece']} stands off {colour_of(i)}'s lot"
    for pid in plan.tab["supply"]:
        assert not any(lies_on(pieces[pid], c) for c in cards.values()) and not plan.on_plan(pieces[pid])


def test_each_seat_s_yen_and_plate_lie_before_it(plan_game):
    match, save = plan_game
    n = match.players
    for i in range(n):
        chips = [o for o in of_kind(save, "yen") if o["Description"].startswith(f"{colour_of(i)}: ")]
        assert sum(o["Value"] for o in chips) == match.rules.yen(match.state, i)
        assert all(nearest_seat(o, n) == i for o in chips), f"{colour_of(i)}'s chips lie before another seat"
        (plate,) = [o for o in of_kind(save, "seat") if o["Nickname"].startswith(f"{colour_of(i)}: ")]
        assert nearest_seat(plate, n) == i and plate["Transform"]["rotY"] == facing(i, n)


BOTTLE = [p for p in PLAN if p[0] == "bottle_bonus"]
BOTTLE_IDS = [i for p, i in zip(PLAN, PLAN_IDS) if p[0] == "bottle_bonus"]


@pytest.mark.parametrize("scenario", BOTTLE, ids=BOTTLE_IDS)
def test_each_seat_s_drinks_lie_before_it_and_the_tray_s_in_the_middle(tmp_path_factory, scenario):
    """A blue drink spent this round and those kept (004:89) in front of their seat; those
    out of the machine on its tray in the middle of the plan (004:79)."""
    match, save = laid_out(tmp_path_factory, *scenario)
    plan = Plan(match, save)
    drinks = of_kind(save, "drink")
    for i in range(plan.n):
        kept = [drink_index(o) for o in drinks if "kept" in o["Tags"] and nearest_seat(o, plan.n) == i]
        assert sorted(kept) == sorted(plan.tab["kept"][i]), colour_of(i)
        staked = [drink_index(o) for o in drinks if "staked" in o["Tags"] and nearest_seat(o, plan.n) == i]
        assert staked == ([plan.tab["staked"][i]] if plan.tab["staked"][i] is not None else []), colour_of(i)
    tray = [o for o in drinks if "tray" in o["Tags"]]
    assert sorted(drink_index(o) for o in tray) == sorted(plan.tab["tray"])
    hole = [plan.place(r, c) for r, c in CENTRE]
    for o in tray:
        x, z = xz(o)
        assert min(h[0] for h in hole) - LOT_SIDE / 2 <= x <= max(h[0] for h in hole) + LOT_SIDE / 2
        assert min(h[1] for h in hole) - LOT_SIDE / 2 <= z <= max(h[1] for h in hole) + LOT_SIDE / 2


HELD = BOTTLE


@pytest.mark.parametrize("scenario", HELD, ids=BOTTLE_IDS)
def test_each_seat_s_held_drinks_lie_nearer_it_than_any_other_seat(tmp_path_factory, scenario):
    """The drinks a seat holds, its one-shot powers (004:81-93), in front of it."""
    match, save = laid_out(tmp_path_factory, *scenario)
    tab, n = match.rules.table(match.state), match.players
    held = [o for o in of_kind(save, "drink") if "held" in o["Tags"]]
    assert held
    for i in range(n):
        mine = [drink_index(o) for o in held if nearest_seat(o, n) == i]
        assert sorted(mine) == sorted(tab["held"][i]), colour_of(i)


# ==== Countdown: a tower before each seat ================================================================

COUNTDOWN = [("countdown", 2, "playing"), ("countdown", 8, "playing")]


@pytest.fixture(params=COUNTDOWN, ids=[f"{g}-{n}-{s}" for g, n, s in COUNTDOWN])
def countdown(request, tmp_path_factory):
    name, n, stop = request.param
    return laid_out(tmp_path_factory, name, n, stop, 1, 200, 0)


def test_each_tower_stands_on_a_face_down_card_before_its_builder(countdown):
    """Any card will do, its print ignored (004:64, 004:68): face down, before its seat."""
    match, save = countdown
    tab, n = match.rules.table(match.state), match.players
    towers = of_kind(save, "lot card", "tower")
    by_seat = {nearest_seat(o, n): o for o in towers}
    assert sorted(by_seat) == list(range(n)) and len(towers) == n
    pieces = {o["Nickname"].split(" ", 1)[1]: o for o in of_kind(save, "piece")}
    for i, card in by_seat.items():
        assert card["Transform"]["rotZ"] == 180.0 and card["Transform"]["rotY"] == facing(i, n)
        for p in tab["built"][i]:
            assert lies_on(pieces[p["piece"]], card), f"{p['piece']} stands off {colour_of(i)}'s card"
    plates = of_kind(save, "seat", "score")
    assert sorted(nearest_seat(o, n) for o in plates) == list(range(n))
    assert all(o["Nickname"].startswith(colour_of(nearest_seat(o, n))) for o in plates)


# ==== Izakaya: the grid, its corners and edges ===========================================================

IZAKAYA = [("izakaya", 2, 2), ("izakaya", 5, 2)]


@pytest.fixture(params=IZAKAYA, ids=[f"{g}-{n}" for g, n, _ in IZAKAYA])
def izakaya(request, tmp_path_factory):
    name, n, seed = request.param
    return laid_out(tmp_path_factory, name, n, "claimed and built", seed, 600, 0)


class Grid:
    """Izakaya's k x k grid read against the state: each card's (row, column) from the state,
    the pitch fitted across (the grid centred across the table) and along (about the cards'
    middle), and the places of the table's rule laid out with that pitch's size."""

    def __init__(self, match, save):
        self.tab = match.rules.table(match.state)
        k = self.k = self.tab["k"]
        self.where = {cid: (r, c) for r, row in enumerate(self.tab["grid"]) for c, cid in enumerate(row)}
        self.cards = {lot_id(o): o for o in of_kind(save, "lot card") if "action space" not in o["Tags"]}
        ids = sorted(set(self.cards) & set(self.where))
        mid = (k - 1) / 2
        px = fit([xz(self.cards[i])[0] for i in ids], [self.where[i][1] - mid for i in ids])
        # z = zc - (r - mid) * pz, zc the cards' middle
        rs = [self.where[i][0] - mid for i in ids]
        zs = [xz(self.cards[i])[1] for i in ids]
        zc = sum(zs) / len(zs)
        pz = fit([zc - z for z in zs], rs)
        self.pitch = (px, pz)
        self.size = (abs(px), abs(pz))
        self.origin = (-mid * self.size[0], zc + mid * self.size[1])

    def place(self, r: float, c: float) -> tuple[float, float]:
        return grid_point(self.origin, self.size, r, c)

    def card(self, r: int, c: int) -> dict:
        return self.cards[self.tab["grid"][r][c]]

    def holds(self, o, r: int, c: int) -> bool:
        """Whether the object lies on place (r, c) of the grid: within a card's footprint of it."""
        (x, z), (px, pz) = xz(o), self.place(r, c)
        hw, hd = card_half(self.card(r, c))
        return abs(x - px) <= hw and abs(z - pz) <= hd


def test_izakaya_s_cards_lie_in_the_game_s_rows_and_columns_as_white_sees_them(izakaya):
    """The k x k grid (004:97-101): column 0 on White's left, row 0 on the far side; the cards
    touch but for a small gap, so their corners meet (004:115)."""
    match, save = izakaya
    g = Grid(match, save)
    assert set(g.cards) == set(g.where)
    for cid, o in g.cards.items():
        r, c = g.where[cid]
        assert math.dist(xz(o), g.place(r, c)) <= TOL, f"{cid} should lie at row {r + 1}, column {c + 1}"
    assert g.pitch[0] > 0 and g.pitch[1] > 0, "the columns go right, the rows come towards White"
    w, d = (2 * h for h in card_half(next(iter(g.cards.values()))))
    assert w < g.pitch[0] <= w + MAX_GAP and d < g.pitch[1] <= d + MAX_GAP, g.pitch
    assert ([list(b) for b in g.tab["blue"]] == [[g.k // 2, g.k // 2]]) == (match.players <= 3)      # 004:99


def test_izakaya_s_bottles_stand_on_the_corners_the_game_says(izakaya):
    """A bottle stands where cards meet (004:115): on the corner the state names, its colour."""
    match, save = izakaya
    g = Grid(match, save)
    bottles = [o for o in of_kind(save, "drink")]
    corners = {key: g.place(int(key.split(":")[0]) - 0.5, int(key.split(":")[1]) - 0.5) for key in g.tab["corners"]}
    for key, colour in g.tab["corners"].items():
        i, j = (int(v) for v in key.split(":"))
        assert len(corner_cards(g.k, i, j)) >= 2
        here = [o for o in bottles if math.dist(xz(o), corners[key]) <= 0.3]
        assert [o["Tags"][1] for o in here] == [colour], f"corner {key}"
    # and every other bottle is off the grid (in its crate)
    left, top = g.place(-0.5, -0.5)
    right, bottom = g.place(g.k - 0.5, g.k - 0.5)
    off = [o for o in bottles if not any(math.dist(xz(o), p) <= 0.3 for p in corners.values())]
    assert len(off) == sum(g.tab["crates"])
    assert all(not (left <= xz(o)[0] <= right and bottom <= xz(o)[1] <= top) for o in off)


def test_izakaya_s_claim_discs_lie_on_the_edges_and_pyramids_on_the_lots_the_game_says(izakaya):
    """A claim disc between the two cards of its edge, a pyramid on the card claimed (004:119)."""
    match, save = izakaya
    g = Grid(match, save)
    discs = of_kind(save, "claim disc")
    for e, owner in g.tab["edges"].items():
        (r1, c1), (r2, c2) = edge_cards(e)
        mid = g.place((r1 + r2) / 2, (c1 + c2) / 2)
        here = [o for o in discs if math.dist(xz(o), mid) <= 0.3]
        assert [o["Tags"][1] for o in here] == [colour_of(owner)], f"edge {e}"
    pyramids = of_kind(save, "pyramid")
    for r in range(g.k):
        for c in range(g.k):
            owner = g.tab["owner"].get(f"{r}:{c}")
            on = [o["Tags"][1] for o in pyramids if g.holds(o, r, c)]
            assert on == ([colour_of(owner)] if owner is not None else []), (r, c)


def test_izakaya_s_buildings_stand_on_the_lots_the_game_says(izakaya):
    match, save = izakaya
    g = Grid(match, save)
    built = of_kind(save, "piece", "built")
    by_id = {o["Nickname"].split(" ", 1)[0]: o for o in built}
    want = [(p["piece"], key) for key, b in g.tab["buildings"].items() for p in b]
    assert sorted(by_id) == sorted(pid for pid, _ in want)
    for pid, key in want:
        r, c, _ = (int(v) for v in key.split(":"))
        assert g.holds(by_id[pid], r, c) and lies_on(by_id[pid], g.card(r, c)), f"{pid} off lot {r + 1},{c + 1}"


def test_izakaya_s_seats_keep_their_yen_pyramids_and_discs_before_them(izakaya):
    match, save = izakaya
    g = Grid(match, save)
    n = match.players
    grid_cards = list(g.cards.values())
    for i in range(n):
        chips = [o for o in of_kind(save, "yen") if o["Description"].startswith(f"{colour_of(i)}: ")]
        assert sum(o["Value"] for o in chips) == g.tab["yen"][i]
        assert all(nearest_seat(o, n) == i for o in chips)
        for what, count in (("pyramid", g.tab["pyramids"][i]), ("claim disc", g.tab["claim_discs"][i])):
            kept = [o for o in of_kind(save, what, colour_of(i)) if not any(lies_on(o, c) for c in grid_cards)
                    and not any(math.dist(xz(o), g.place(*[(a + b) / 2 for a, b in zip(*edge_cards(e))])) <= 0.3
                                for e in g.tab["edges"])]
            assert len(kept) == count and all(nearest_seat(o, n) == i for o in kept), (what, colour_of(i))


# ==== Chocolate Milk: nine cards, the drinks and architects on them ========================================

CHOCOLATE = [("chocolate_milk", 2, "set-up", False), ("chocolate_milk", 8, "set-up", False),
             ("chocolate_milk", 2, "bought", True), ("chocolate_milk", 8, "bought", True)]


@pytest.fixture(params=CHOCOLATE, ids=[f"{g}-{n}-{s}" + ("-kiosk-save" if k else "") for g, n, s, k in CHOCOLATE])
def chocolate(request, tmp_path_factory):
    name, n, stop, kiosk = request.param
    return laid_out(tmp_path_factory, name, n, stop, 2, 200, 0, kiosk)


def nine_cards(save) -> dict[int, dict]:
    """The nine lot cards by their number as the game counts them: row by row from the top
    left as White sees it (games/chocolate_milk/rules.py CARD_NAMES)."""
    cards = of_kind(save, "lot card")
    assert len(cards) == 9                                                                 # 004:249
    cols = ranks([xz(o)[0] for o in cards], 3)
    rows = [2 - q for q in ranks([xz(o)[1] for o in cards], 3)]
    out = {r * 3 + c: o for o, r, c in zip(cards, rows, cols)}
    assert sorted(out) == list(range(9)), "the cards do not form a 3x3 grid"
    return out


def test_chocolate_milk_s_cards_are_numbered_from_the_top_left_as_white_sees_them(chocolate):
    match, save = chocolate
    cards = nine_cards(save)
    for i, o in cards.items():
        assert o["Nickname"] == f"lot {i + 1}", (i, o["Nickname"])
    xs = sorted({round(xz(o)[0], 3) for o in cards.values()})
    zs = sorted({round(xz(o)[1], 3) for o in cards.values()})
    w, d = (2 * h for h in card_half(cards[0]))
    assert xs[1] - xs[0] > w and zs[1] - zs[0] > d, "the cards overlap"
    assert xs[1] == pytest.approx(0.0, abs=TOL), "the grid is centred across the table"


def test_each_chocolate_milk_drink_stands_on_the_card_the_game_says(chocolate):
    """One drink on each outer card, two on the centre at the start (004:249); after that as
    the state has them (a card refilled, 004:261)."""
    match, save = chocolate
    tab = match.rules.table(match.state)
    cards = nine_cards(save)
    drinks = of_kind(save, "drink")
    for i, card in cards.items():
        on = [drink_index(o) for o in drinks if lies_on(o, card)]
        assert sorted(on) == sorted(tab["grid"][i]), f"card {i + 1}"
    centres = {i: xz(o) for i, o in cards.items()}
    for o in drinks:
        if any(lies_on(o, c) for c in cards.values()):
            assert lies_on(o, cards[nearest(o, centres)])


def test_each_chocolate_milk_architect_stands_on_the_card_the_game_says(chocolate):
    """All on the centre card at the start (004:249); then where each moved (004:253)."""
    match, save = chocolate
    tab = match.rules.table(match.state)
    cards = nine_cards(save)
    markers = {o["Nickname"]: o for o in of_kind(save, "architect")}
    assert sorted(markers) == sorted(ARCHITECTS[:match.players])
    for i in range(match.players):
        o = markers[ARCHITECTS[i]]
        assert [k for k, c in cards.items() if lies_on(o, c)] == [tab["at"][i]], ARCHITECTS[i]


def test_each_chocolate_milk_seat_keeps_its_crates_drinks_and_yen_before_it(chocolate):
    match, save = chocolate
    tab = match.rules.table(match.state)
    n = match.players
    cards = nine_cards(save)
    loose = [o for o in of_kind(save, "drink") if not any(lies_on(o, c) for c in cards.values())]
    for i in range(n):
        mine = [drink_index(o) for o in loose if nearest_seat(o, n) == i]
        assert sorted(mine) == sorted(d for crate in tab["crates"][i] for d in crate), colour_of(i)
        crates = [o for o in of_kind(save, "crate") if o["Description"].startswith(f"{colour_of(i)}'s crate")]
        assert len(crates) == len(tab["crates"][i]) and all(nearest_seat(o, n) == i for o in crates)
        chips = [o for o in of_kind(save, "yen") if o["Description"].startswith(f"{colour_of(i)}: ")]
        assert sum(o["Value"] for o in chips) == tab["yen"][i]
        assert all(nearest_seat(o, n) == i for o in chips)


def test_the_kiosk_saves_above_have_moved_architects_and_drinks(tmp_path_factory):
    """The kiosk saves the tests above lay out are worth their place: architects stand apart
    from where they began, drinks were bought, lots built on."""
    for name, n, stop, kiosk in CHOCOLATE:
        if kiosk:
            m, _ = laid_out(tmp_path_factory, name, n, stop, 2, 200, 0, kiosk)
            assert any(a != 4 for a in m.state.at) and any(c for cr in m.state.crates for c in cr)
    for name, n, stop, seed, moves, after, kiosk in PLAN:
        if kiosk:
            m, _ = laid_out(tmp_path_factory, name, n, stop, seed, moves, after, kiosk)
            assert all(a is not None for a in m.state["at"]) and any(m.state["built"]), name
