"""The Shopping Spree's crate pushed by the architect (004:203): physical sense, determinism, assets."""

import dataclasses
import subprocess
import sys
from statistics import mean

import pytest

from core import assets
from physics import crate, vending

FLAT = ("sheets", "pillowcase", "shirt", "trousers", "bra", "underpants", "socks", "magazine", "tuna", "crab",
        "salmon")
LOW = (["shirt", "bra"], ["tuna", "socks", "magazine"], ["sheets", "salmon", "crab", "underpants"],
       ["trousers", "pillowcase", "shirt", "bra"])
# Nine flat goods, then the three laundry machines on top: a pile well above the walls.
TALL = ["sheets", "shirt", "trousers", "bra", "tuna", "salmon", "crab", "magazine", "pillowcase",
        "washer", "dryer", "washer"]


def on_crate(p: crate.Push, i: int) -> tuple[float, float]:
    """Good i's centre of gravity on the crate's axes (x from the back wall's inner face, y up)."""
    return p.body.world_to_local(p.centre(i))


def test_an_empty_crate_loses_nothing_and_stops_at_the_dot():
    c = crate.crate()
    for level in crate.LEVELS:
        for steps in (1, 2, 3):
            p = crate.start_push([], level, steps, seed=level).run()
            assert p.result.fallen == () and p.result.kept == ()
            assert abs(p.travelled - steps * crate.STEP_MM) < 2.0, (level, steps, p.travelled)
            assert abs(p.body.velocity.x) < 5 and abs(p.body.angle) < 0.01
    assert 80 <= crate.STEP_MM <= 100 and c.inner_width < crate.STEP_MM


def test_the_hand_reaches_each_levels_speed_and_harder_is_faster():
    speeds = []
    for level in crate.LEVELS:
        p = crate.start_push(["shirt"], level, 3, seed=0).load_in()
        fastest = 0.0
        while not p.done:
            p.step()
            fastest = max(fastest, p.body.velocity.x)
        lv = crate.crate().level(level)
        assert lv.speed * 0.95 <= fastest <= lv.speed * 1.1, (level, fastest)
        speeds.append(fastest)
    assert speeds == sorted(speeds) and len(set(speeds)) == 5


@pytest.mark.parametrize("kind", FLAT)
def test_one_flat_good_on_the_crates_floor_is_never_lost_the_walls_hold_it(kind):
    for level in crate.LEVELS:
        p = crate.start_push([kind], level, 3, seed=level).load_in()
        x0, y0 = on_crate(p, 0)
        assert y0 < p.crate.floor + crate.crate().kind(kind).height, "it lies on the crate's floor"
        p.run()
        x1, y1 = on_crate(p, 0)
        assert p.result.fallen == () and p.result.kept == (0,), (kind, level)
        assert 0 < x1 < p.crate.inner_width and y1 < p.crate.floor + 5
        if level == 5:
            # Braking at 1.2 g is more than its friction holds (about 0.47 g): it slides
            # forwards inside the crate, and the front wall stops it.
            assert x1 - x0 > 5, (kind, x0, x1)


def test_a_gentle_push_of_a_low_load_loses_nothing():
    for load in LOW:
        for steps in (1, 2, 3):
            for seed in range(4):
                assert crate.push(load, 1, steps, seed).fallen == (), (load, steps, seed)


def test_single_goods_of_every_kind_stay_in_at_every_level():
    c = crate.crate()
    for k, kind in enumerate(sorted(c.kinds)):
        result = crate.push([kind], crate.LEVELS[k % 5], 2, seed=k)
        assert result.fallen == (), kind


def test_harder_pushes_lose_no_fewer_goods_and_a_tall_pile_loses_more():
    seeds = range(10)
    lost = {level: mean(len(crate.push(TALL, level, 2, s).fallen) for s in seeds) for level in crate.LEVELS}
    levels = list(lost.values())
    assert levels == sorted(levels), lost
    assert lost[5] >= 1.0 and lost[5] > lost[1] + 0.5, lost
    low = mean(len(crate.push(LOW[3], 5, 2, s).fallen) for s in seeds)
    assert low == 0 and lost[5] > low


def test_over_many_random_loads_the_losses_grow_with_the_level():
    loads = [(s, crate.random_load(s, 11)) for s in range(16)]
    lost = [sum(len(crate.push(load, level, 2, s).fallen) for s, load in loads) for level in (1, 3, 5)]
    assert lost == sorted(lost) and lost[2] > lost[0], lost


def test_a_trips_load_fits_in_the_crate_before_the_push():
    kept = total = 0
    for s in range(12):
        p = crate.start_push(crate.random_load(s, 12), 1, 1, s).load_in()
        kept += len(p.bodies) - len(p.fallen)
        total += len(p.bodies)
    assert kept / total >= 0.95, (kept, total)


def test_every_good_is_either_fallen_or_kept_exactly_once():
    for s in range(8):
        load = crate.random_load(s, 3 + s)
        r = crate.push(load, 1 + s % 5, 1 + s % 3, s)
        assert list(r.fallen) == sorted(set(r.fallen)) and list(r.kept) == sorted(set(r.kept))
        assert sorted(r.fallen + r.kept) == list(range(len(load)))
        assert r.load == tuple(load) and r.seconds > 0
        d = r.as_dict()
        assert d["fallen"] == list(r.fallen) and d["kept"] == list(r.kept) and d["load"] == load


def test_the_same_arguments_push_the_same_way():
    a = crate.start_push(TALL, 5, 2, seed=7).run().result       # each simulated afresh
    b = crate.start_push(TALL, 5, 2, seed=7).run().result
    assert a == b and a.as_dict() == b.as_dict() and a == crate.push(TALL, 5, 2, seed=7)
    piles = {tuple(tuple(round(v, 3) for v in p.centre(i)) for i in range(len(TALL)))
             for p in (crate.start_push(TALL, 5, 2, s).load_in() for s in range(4))}
    assert len(piles) == 4, "the seed jitters where goods are let go"


def test_a_push_asked_for_again_is_remembered_and_another_is_simulated(monkeypatch):
    """A match rebuilt from its moves asks for its pushes again: they come from memory. Any
    other argument, or another crate (a user's override), is simulated."""
    first = crate.push(TALL, 3, 2, seed=21)
    simulated = []
    real = crate.start_push

    def counted(*args, **kw):
        simulated.append(args)
        return real(*args, **kw)
    monkeypatch.setattr(crate, "start_push", counted)
    assert crate.push(list(TALL), 3, 2, seed=21) is first and simulated == []
    crate.push(TALL, 3, 2, seed=22)
    assert len(simulated) == 1
    lighter = dataclasses.replace(crate.crate(), mass=crate.crate().mass / 2)
    crate.push(TALL, 3, 2, seed=21, c=lighter)
    assert len(simulated) == 2
    with pytest.raises(ValueError, match="level"):
        crate.push(TALL, 6, 2, seed=21)               # refused before memory is asked


def test_a_push_is_bit_identical_in_another_process():
    code = ("from physics.crate import push\n"
            f"print(repr(push({TALL!r}, 4, 3, 11)))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    assert out.stdout.strip() == repr(crate.push(TALL, 4, 3, 11))


def test_the_animation_shows_exactly_what_push_decides():
    p = crate.start_push(TALL, 5, 2, seed=3)
    assert not p.done and p.result is None and p.polygons(0) == []
    frames = 0
    while not p.done:
        p.step()
        frames += 1
        if frames == 40:
            assert p.polygons(0) and all(len(part) >= 3 for part in p.polygons(0))
            assert len(p.crate_polygons()) == 4
    assert p.result == crate.push(TALL, 5, 2, seed=3)
    assert p.result.seconds == pytest.approx(frames * crate.STEP)


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="no good kind 'piano'"):
        crate.push(["shirt", "piano"], 3, 1, 0)
    with pytest.raises(ValueError, match="level"):
        crate.push(["shirt"], 6, 1, 0)
    with pytest.raises(ValueError, match="steps"):
        crate.push(["shirt"], 3, -1, 0)


def test_the_crate_and_the_goods_come_from_assets_and_are_reconstructed():
    data = assets.load("crate.toml", use_override=False)
    assert data["source"] == "reconstructed"
    for table in ("crate", "push", "loading", "drinks"):
        assert data[table]["source"] == "reconstructed", table
    kinds = {"washer", "dryer", "sheets", "pillowcase", "shirt", "trousers", "bra", "underpants", "socks",
             "detergent", "magazine", "tuna", "crab", "salmon"}
    assert set(data["goods"]) == kinds
    assert all(row["source"].startswith("reconstructed") for row in data["goods"].values())
    c = crate.crate()
    assert set(c.kinds) == kinds | {f"drink:{d}" for d in range(36)}
    machine = vending.machine()
    for d in range(36):
        assert (c.kind(f"drink:{d}").width, c.kind(f"drink:{d}").height) == \
               (machine.drinks[d % 6].width, machine.drinks[d % 6].height), "the vending machine's profiles"
    heaviest = max(c.kinds.values(), key=lambda k: k.mass)
    assert heaviest.kind in ("washer", "dryer")


def test_a_user_override_changes_the_crate(tmp_path, monkeypatch):
    (tmp_path / "crate.toml").write_text("[crate]\nheight_mm = 60\n[goods.washer]\nmass_g = 20\n")
    monkeypatch.setenv("TOKYO_ASSETS", str(tmp_path))
    crate.crate.cache_clear()
    try:
        c = crate.crate()
        assert c.height == 60 and c.kind("washer").mass == 20 and c.kind("washer").width == 22
        assert c.inner_width == crate.Crate.from_assets(assets.load("crate.toml", use_override=False),
                                                        vending.machine(), 14).inner_width
        walls = max(y for part in crate.start_push([], 1, 1, 0).crate_polygons() for _, y in part)
        assert walls == pytest.approx(60)
    finally:
        crate.crate.cache_clear()
