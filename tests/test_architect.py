"""The computer architects' planner (games/building/planner.py): every plan is re-checked here,
independently of the architect's own checks: the rules of physics/building.py, the
stability verdict, the shared supply, and each piece acceptable when it is placed."""

import pytest

from core.rng import Rng
from games.building import planner as A
from games.building.planner import LEVELS, Plan, build_seconds, plan, plan_floor
from games.countdown.clock import countdown_limit
from physics import stability
from physics.building import R_OVERLAP, R_RESTS, Building, Lot, Placement
from physics.pieces import catalogue
from physics.stability import settle

CAT = catalogue()
IDS = CAT.ids()




def assert_sound(lot: Lot, p: Plan, available) -> None:
    """Everything a plan promises, checked from scratch."""
    ids = [q.piece for q in p.placements]
    assert len(ids) == len(set(ids)), "a piece is used twice"
    assert set(ids) <= set(available), "a piece from outside the shared supply"
    assert [q.floor for q in p.placements] == sorted(q.floor for q in p.placements), "not floor by floor"
    b = Building(lot, p.outline, list(p.placements), pieces=CAT)
    assert b.check() == []
    assert settle(b).stands is True
    for i in range(1, len(p.placements) + 1):
        prefix = Building(lot, p.outline, list(p.placements[:i]), pieces=CAT)
        bad = [v for v in prefix.check(complete=False) if v.rule in (R_OVERLAP, R_RESTS)]
        assert bad == [], f"piece {i} is not acceptable when it is placed: {bad}"
    assert p.seconds > 0 and round(p.seconds, 1) == p.seconds


def test_levels_in_order_faster_and_searching_more():
    assert list(LEVELS) == ["apprentice", "architect", "master"]
    levels = list(LEVELS.values())
    for lower, higher in zip(levels, levels[1:]):
        assert lower.tries < higher.tries
        assert set(lower.kinds) <= set(higher.kinds)
        assert lower.seconds_per_piece > higher.seconds_per_piece
        assert lower.seconds_base > higher.seconds_base
    assert all(0 <= lv.spread < 1 and lv.label for lv in levels)
    with pytest.raises(Exception):
        levels[0].tries = 99                                   # frozen


@pytest.mark.parametrize("name", list(LEVELS))
def test_every_plan_passes_the_rules_and_stands(name):
    level = LEVELS[name]
    found = 0
    for seed in range(30):
        lot = A.random_lot(Rng(seed, stream=11))
        supply = list(IDS)
        Rng(seed, stream=12).shuffle(supply)
        available = supply[:50]                 # other builders hold the rest
        before = list(available)
        p = plan(lot, available, level, Rng(seed, stream=13), CAT)
        assert available == before, "plan() must not change the supply it is shown"
        if p is not None:
            found += 1
            assert len(p.placements) == lot.pieces
            assert max(q.floor for q in p.placements) == lot.floors
            assert_sound(lot, p, available)
    assert found >= {"apprentice": 10, "architect": 18, "master": 18}[name], found


@pytest.mark.parametrize("name", list(LEVELS))
def test_the_rulebook_example_lot_is_planned_by_every_level(name):
    # 004:33-34 (/work/shared/seeds/004_2b6c36ff9b44b906.txt lines 33-34):
    # "·3; die Bauteile müssen 3 Stockwerke hoch gestapelt werden."
    # "·V///; erfordert insgesamt acht Bauteile. (V=fünf /=eins)"
    lot = Lot(((0.0, 88.0),), 3, "V///")
    assert lot.pieces == 8
    p = plan(lot, IDS, LEVELS[name], Rng(2024), CAT)
    assert p is not None
    assert_sound(lot, p, IDS)
    two = Lot(((0.0, 56.0), (24.0, 88.0)), 2, "V/")              # 004:37: the builder picks one
    p = plan(two, IDS, LEVELS[name], Rng(7), CAT)
    assert p is not None and p.outline in (0, 1)
    assert_sound(two, p, IDS)


@pytest.mark.parametrize("name", list(LEVELS))
def test_too_few_pieces_in_the_supply_is_no_plan(name):
    lot = Lot(((0.0, 88.0),), 2, "V")
    assert plan(lot, ["cube-20-1", "block-40x20-1", "beam-80x10-1"], LEVELS[name], Rng(1), CAT) is None
    assert plan(lot, [], LEVELS[name], Rng(1), CAT) is None


def test_impossible_cards_are_given_up():
    # one floor cannot hold 12 pieces side by side in 45 mm, however narrow they stand
    lot = Lot(((0.0, 45.0),), 1, "X//")
    assert all(plan(lot, IDS, lv, Rng(3), CAT) is None for lv in LEVELS.values())


def test_the_apprentice_uses_only_blocks_and_the_master_dares_more():
    kinds = {name: set() for name in LEVELS}
    for seed in range(12):
        lot = A.random_lot(Rng(seed, stream=21))
        for name, level in LEVELS.items():
            p = plan(lot, IDS, level, Rng(seed, stream=22), CAT)
            if p:
                kinds[name] |= {CAT[q.piece].kind for q in p.placements}
    assert kinds["apprentice"] == {"block"}
    assert kinds["architect"] <= {"block", "beam", "column"}
    assert kinds["master"] - kinds["architect"], "the master never used an arch, an L or a roof"


def test_same_seed_same_plan():
    lot = Lot(((10.0, 80.0), (0.0, 60.0)), 3, "V/")
    for level in LEVELS.values():
        a = plan(lot, IDS, level, Rng(99), CAT)
        b = plan(lot, IDS, level, Rng(99), CAT)
        assert a is not None and a == b
    plans = {plan(lot, IDS, LEVELS["master"], Rng(s), CAT) for s in range(6)}
    assert len(plans) > 1, "the rng chooses between buildings"


def test_build_seconds_model():
    for level in LEVELS.values():
        base = level.seconds_base + level.seconds_per_piece * 8 + level.seconds_per_floor * 3
        rng = Rng(5)
        times = [build_seconds(level, 8, 3, rng) for _ in range(200)]
        assert all(round(base * (1 - level.spread), 1) - 0.05 <= t <= round(base * (1 + level.spread), 1) + 0.05
                   for t in times)
        assert all(round(t, 1) == t for t in times) and len(set(times)) > 10
    slow = build_seconds(LEVELS["apprentice"], 8, 3, Rng(1))
    fast = build_seconds(LEVELS["master"], 8, 3, Rng(1))
    assert fast < slow


# ---- Countdown ---------------------------------------------------------------------------

def tower(level, rng, every_piece: bool, stop_at: int | None = None) -> Building:
    """Countdown on the card edge (004:68) with the full supply until the architect is out
    (or the tower has `stop_at` floors)."""
    b = Building(Lot.card_edge(), pieces=CAT)
    while True:
        top = max((p.floor for p in b.placements), default=0)
        if top == stop_at:
            return b
        before = list(b.placements)
        row = plan_floor(b, IDS, level, rng, countdown_limit(level, top + 1))
        assert b.placements == before, "plan_floor() must not change the building"
        if not row:
            return b
        assert {p.floor for p in row} == {top + 1}
        assert len(row) <= countdown_limit(level, top + 1)
        for p in row:
            b.place(p)
            if every_piece or p is row[-1]:
                assert b.check(complete=False) == []
                assert settle(b).stands is True


@pytest.mark.parametrize("name", list(LEVELS))
def test_countdown_tower_of_at_least_15_floors(name):
    # the apprentice until it is out, every piece re-checked; the others up to 16 floors
    first = name == "apprentice"
    b = tower(LEVELS[name], Rng(3, stream=3), every_piece=first, stop_at=None if first else 16)
    floors = max(p.floor for p in b.placements)
    assert floors >= 15, floors
    assert b.check(complete=False) == [] and settle(b).stands is True
    assert len({p.piece for p in b.placements}) == len(b.placements)


def test_plan_floor_limits_and_the_end():
    lot = Lot.card_edge()
    empty = Building(lot, pieces=CAT)
    row = plan_floor(empty, IDS, LEVELS["master"], Rng(1), limit=2)
    assert 1 <= len(row) <= 2 and all(p.floor == 1 and p.y == 0 for p in row)
    assert plan_floor(empty, IDS, LEVELS["master"], Rng(1), limit=0) == ()
    assert plan_floor(empty, [], LEVELS["master"], Rng(1)) == ()
    # a roof on top: nothing can lie on it, the player is out (004:75)
    roofed = Building(lot, pieces=CAT)
    roofed.place(A.Placement("roof-60x30-1", 14.0, 0.0))
    assert plan_floor(roofed, IDS, LEVELS["master"], Rng(1)) == ()
    # only the pieces shown, and none already in the building
    b = Building(lot, pieces=CAT)
    b.place(A.Placement("beam-80x10-1", 4.0, 0.0))
    row = plan_floor(b, ["beam-80x10-1", "cube-20-1", "cube-20-2"], LEVELS["apprentice"], Rng(1))
    assert {p.piece for p in row} == {"cube-20-1", "cube-20-2"}
    for p in row:
        b.place(p)
    assert b.check(complete=False) == [] and settle(b).stands is True


def test_plan_floor_same_seed_same_floor():
    b = Building(Lot.card_edge(), pieces=CAT)
    assert plan_floor(b, IDS, LEVELS["architect"], Rng(4)) == plan_floor(b, IDS, LEVELS["architect"], Rng(4))


# ---- the verdict the planner asks: statics where they are sure, else the physics ----------

def test_every_master_plan_surely_stands_and_the_physics_agrees():
    """The planner's buildings lie in the class statics decide (physics.stability.surely_stands),
    and the physics, asked as well, judges each one standing."""
    sure = 0
    for seed in range(40):
        lot = A.random_lot(Rng(seed, stream=21))
        p = plan(lot, IDS, LEVELS["master"], Rng(seed, stream=22), CAT)
        if p is None:
            continue
        b = Building(lot, p.outline, list(p.placements), pieces=CAT)
        assert stability.surely_stands(b), p.placements
        sure += 1
        assert settle(b).stands is True
    assert sure >= 10


def two(top: str, x: float, y: float = 20.0, rotation: float = 0.0, under: str = "block-40x20-1") -> Building:
    """A 40×20 block on the card and `top` on it, its box's corner at (x, y)."""
    return Building(Lot(), 0, [Placement(under, 20.0, 0.0), Placement(top, x, y, rotation, False, 2)],
                    pieces=CAT)


def test_statics_are_sure_only_of_a_piece_wholly_on_a_flat_top():
    assert stability.surely_stands(two("cube-20-1", 30.0))
    assert stability.surely_stands(two("cube-20-1", 40.0)), "flush with the edge below"
    assert not stability.surely_stands(two("cube-20-1", 40.4)), "0.4 mm past the edge (the rules let it be)"
    assert two("cube-20-1", 40.4).check() == []
    assert not stability.surely_stands(two("cube-20-1", 30.0, y=20.3)), "lifted: it drops"
    assert not stability.surely_stands(two("l-40x40-1", 20.0, rotation=180.0)), "an L on its post"
    assert not stability.surely_stands(two("roof-60x30-1", 10.0)), "wider than the floor below"
    assert not stability.surely_stands(Building(Lot(), 0, [], pieces=CAT))


def test_with_statics_off_the_planner_takes_them_and_the_games_verdict_the_physics(monkeypatch):
    monkeypatch.setattr(stability, "_JUDGED", type(stability._JUDGED)())
    monkeypatch.setattr(stability, "STATICS", False)
    b = two("cube-20-1", 30.0)
    real = settle(b)
    monkeypatch.setattr(stability, "settle", lambda b: pytest.fail("settled"))
    assert A.stands(b), "the planner's question: the statics answer it"
    monkeypatch.setattr(stability, "settle", lambda b: real)
    assert stability.judged(b) == real, "the games' verdict is the physics'"


def test_the_games_verdict_takes_the_statics_where_they_are_sure(monkeypatch):
    monkeypatch.setattr(stability, "_JUDGED", type(stability._JUDGED)())
    assert stability.STATICS is True
    monkeypatch.setattr(stability, "settle", lambda b: pytest.fail("settled"))
    v = stability.judged(two("cube-20-1", 30.0))
    assert (v.stands, v.moved, v.ended, v.steps) == (True, [], "statics", 0)
    assert v.ids == ["block-40x20-1", "cube-20-1"] and v.poses[1] == (40.0, 30.0, 0.0)


def test_a_twin_is_judged_from_memory_under_its_own_name(monkeypatch):
    """The verdict depends on the pieces' shapes and places, not on which twin lies there."""
    monkeypatch.setattr(stability, "_JUDGED", type(stability._JUDGED)())
    overhang = two("block-40x20-2", 32.0)                 # 30 % over the edge: only the physics tells
    twin = Building(Lot(), 0, [Placement("block-40x20-3", 20.0, 0.0), Placement("block-40x20-4", 32.0, 20.0, floor=2)],
                    pieces=CAT)
    assert not stability.surely_stands(overhang)
    first = stability.judged(overhang)
    monkeypatch.setattr(stability, "settle", lambda b: pytest.fail("settled again"))
    again = stability.judged(twin)
    assert again.ids == ["block-40x20-3", "block-40x20-4"]
    assert (again.stands, again.steps, again.poses) == (first.stands, first.steps, first.poses)
