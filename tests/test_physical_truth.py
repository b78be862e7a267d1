"""The stability verdict against physics, not against the game's own examples.

Every scene goes through the public path a person uses: a scene file given to
`tokyo practice build --scene FILE --json`. Where the catalogue has too few identical
blocks (six 40×20 blocks, 004:9 counts 69 pieces of many shapes), an asset override adds
more, as a user with extra blocks would.
"""

from __future__ import annotations

import json
import math
import tomllib

import pytest

from core import assets
from tokyo.cli import main
from physics.pieces import catalogue

L, H = 40.0, 20.0            # the identical test blocks, as the catalogue's block-40x20
MASS = 9.6


def block_row(i: int) -> dict:
    return {"id": f"test-block-{i}", "kind": "block", "mass_g": MASS, "source": "test",
            "parts": [[[0, 0], [L, 0], [L, H], [0, H]]]}


def _toml(rows: list[dict]) -> str:
    out = []
    for row in rows:
        out.append("[[pieces]]")
        out += [f"{k} = {json.dumps(v)}" for k, v in row.items()]
        out.append("")
    return "\n".join(out)


@pytest.fixture
def blocks(tmp_path, monkeypatch):
    """An override of jutaku_pieces.toml: the shipped pieces and 60 identical blocks more."""
    shipped = tomllib.loads(assets.shipped_path("jutaku_pieces.toml").read_text(encoding="utf-8"))
    folder = tmp_path / "assets"
    folder.mkdir()
    (folder / "jutaku_pieces.toml").write_text(_toml(shipped["pieces"] + [block_row(i) for i in range(1, 61)]))
    monkeypatch.setenv("TOKYO_ASSETS", str(folder))
    assert len(catalogue()) == 69 + 60
    return [f"test-block-{i}" for i in range(1, 61)]


def verdict(tmp_path, capsys, pieces: list[tuple[str, float, float]], name="scene") -> dict:
    """Run a scene of (piece, x, y) placed floor on floor through the command; its verdict."""
    return scene_verdict(tmp_path, capsys, [(p, x, y, k + 1, 0.0) for k, (p, x, y) in enumerate(pieces)], name)


def scene_verdict(tmp_path, capsys, rows: list[tuple[str, float, float, int, float]], name="scene",
                  physics: bool = True) -> dict:
    """Run a scene of (piece, x, y, floor, rotation) rows through the command; its verdict: the
    physics' (`--physics`), or with `physics=False` the games' (statics first)."""
    scene = {"lot": {"outlines": [[0, 88]]},
             "pieces": [{"piece": p, "x": x, "y": y, "floor": f, "rotation": r} for p, x, y, f, r in rows]}
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(scene))
    code = main(["practice", "build", "--scene", str(path), "--json", *(["--physics"] if physics else [])])
    out, err = capsys.readouterr()
    assert code == 0, err
    verdict = json.loads(out)["verdict"]
    if physics:                         # the games' verdict (statics first) says the same
        assert main(["practice", "build", "--scene", str(path), "--json"]) == 0
        games = json.loads(capsys.readouterr().out)["verdict"]
        assert games["stands"] == verdict["stands"], (games["ended"], verdict["ended"])
    return verdict


def stack(ids, xs, height=H):
    return [(pid, x, k * height) for k, (pid, x) in enumerate(zip(ids, xs))]


# ---- overhangs --------------------------------------------------------------------------

def harmonic(ids, n: int, f: float):
    """n blocks; the k-th from the top overhangs the one below it by f·L/(2k) (bottom one at x = 4)."""
    xs = [4.0]
    for k in range(n - 1, 0, -1):
        xs.append(xs[-1] + f * L / (2 * k))
    return stack(ids[:n], xs)


@pytest.mark.parametrize("n", [5, 6, 7, 8])
@pytest.mark.parametrize("f", [0.5, 0.85])
def test_a_harmonic_stack_short_of_the_limit_stands(tmp_path, capsys, blocks, n, f):
    v = verdict(tmp_path, capsys, harmonic(blocks, n, f))
    assert v["stands"] is True, v["moved"]


@pytest.mark.parametrize("n", [5, 6, 7, 8])
@pytest.mark.parametrize("f", [1.10, 1.3])
def test_a_harmonic_stack_past_the_limit_falls(tmp_path, capsys, blocks, n, f):
    v = verdict(tmp_path, capsys, harmonic(blocks, n, f))
    assert v["stands"] is False and v["ended"] == "moved"


@pytest.mark.parametrize("piece", ["block-40x20", "block-60x20", "beam-100x10", "slab-50x10",
                                   "cube-20", "block-30x30"])
def test_a_lone_block_tips_at_half_its_length(tmp_path, capsys, piece):
    length = catalogue()[f"{piece}-1"].width
    height = catalogue()[f"{piece}-1"].height
    ids = [f"{piece}-1", f"{piece}-2"]
    short = verdict(tmp_path, capsys, stack(ids, [4.0, 4.0 + 0.97 * length / 2], height), "short")
    past = verdict(tmp_path, capsys, stack(ids, [4.0, 4.0 + 1.03 * length / 2], height), "past")
    assert short["stands"] is True, short["moved"]
    assert past["stands"] is False
    assert [m["id"] for m in past["moved"]] == [f"{piece}-2"] and past["moved"][0]["against"] == 0


# ---- columns and towers -------------------------------------------------------------------

@pytest.mark.parametrize("n", [10, 25, 40, 60])
def test_an_aligned_column_of_any_height_stands(tmp_path, capsys, blocks, n):
    v = verdict(tmp_path, capsys, stack(blocks[:n], [24.0] * n))
    assert v["stands"] is True, v["moved"]


@pytest.mark.parametrize("n", [10, 25, 40, 60])
def test_a_column_whose_top_third_is_past_its_tipping_point_falls(tmp_path, capsys, blocks, n):
    top = n - round(n / 3)
    past = verdict(tmp_path, capsys, stack(blocks[:n], [24.0] * top + [24.0 + 0.55 * L] * (n - top)), "past")
    assert past["stands"] is False
    assert past["moved"][0]["piece"] == top, "the top third tips over the edge of the block below it"
    short = verdict(tmp_path, capsys, stack(blocks[:n], [24.0] * top + [24.0 + 0.40 * L] * (n - top)), "short")
    assert short["stands"] is True, short["moved"]


def flat_pieces():
    """Every piece that lies flat: the catalogue's blocks, beams and slabs, in its order."""
    cat = catalogue()
    return [pid for pid in cat.ids() if cat[pid].kind in ("block", "beam", "slab")]


def centred_tower(lean: float = 0.0):
    """Every flat piece, each centred on the one below, or `lean` mm further right at each floor."""
    cat = catalogue()
    out, y = [], 0.0
    for k, pid in enumerate(flat_pieces()):
        out.append((pid, 44.0 + lean * k - cat[pid].width / 2, y))
        y += cat[pid].height
    return out


def test_a_tower_of_every_flat_piece_centred_stands(tmp_path, capsys):
    tower = centred_tower()
    assert len(tower) == 36
    v = verdict(tmp_path, capsys, tower)
    assert v["stands"] is True, v["moved"]


def test_the_same_tower_leaning_a_few_mm_more_at_each_floor_falls(tmp_path, capsys):
    v = verdict(tmp_path, capsys, centred_tower(lean=3.0))
    assert v["stands"] is False and v["ended"] == "moved"


def test_the_three_floor_house_passes(capsys):
    assert main(["practice", "build", "--scene", "house-3-floors", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["passes"] is True and data["check"] == [] and data["verdict"]["stands"] is True


# ---- tall, heavy buildings on narrow uprights ------------------------------------------------

# From the top down: heavy floors (blocks, beams lying flat) and uprights 8–10 mm wide (columns,
# a beam and a slab on end) in turn. 12 floors at most, so 6 uprights stacked above one another.
UPRIGHT_TOWER = ["block-40x40-2", "column-10x60-1", "block-60x20-1", "column-10x40-1", "beam-100x10-1",
                 "beam-60x8-1", "beam-80x10-1", "column-10x60-2", "block-40x40-1", "column-10x40-2",
                 "beam-100x10-2", "slab-50x10-1"]
WEIGHTS = [f"cube-20-{i}" for i in range(1, 6)]
LOAD_INSIDE_MM = 3.0         # how far inside an upright's edge the centre of mass of what it carries lies


def size(pid: str, rotation: float) -> tuple[float, float]:
    piece = catalogue()[pid]
    assert len(piece.parts) == 1 and len(piece.parts[0]) == 4, f"{pid}: a rectangle"
    return (piece.height, piece.width) if rotation % 180 == 90 else (piece.width, piece.height)


def upright_tower(floors: int, inset: float, lean: float = 0.0) -> list[tuple[str, float, float, int, float]]:
    """A tall, heavy building on narrow uprights, as (piece, x, y, floor, rotation) from the table up.

    Built from the top down: each upright stands where what it carries has its centre of
    mass LOAD_INSIDE_MM inside the upright's edge; the heavy piece under it lies so that
    the upright stands `inset` mm inside its edge (the left edge, then the right, in turn),
    with a 20 mm cube `inset` mm inside its other edge. `lean` moves the middle upright
    that much further out (everything under it follows, everything above stays).
    """
    placed: list[list] = []        # floors from the top: [piece, x, rotation, width, height]
    side = 1
    weights = iter(WEIGHTS)
    ids = UPRIGHT_TOWER[:floors]
    middle = [k for k in range(len(ids)) if k % 2][len(ids) // 4]
    for k, pid in enumerate(ids):
        piece = catalogue()[pid]
        upright = k % 2 == 1           # on end if it lies flat in the catalogue; flat if it stands
        rotation = 90.0 if (piece.width > piece.height if upright else piece.width < piece.height) else 0.0
        w, h = size(pid, rotation)
        if k == 0:
            x = 44.0 - w / 2
        elif upright:
            mass = sum(catalogue()[p].mass_g for row in placed for p, *_ in row)
            com = sum(catalogue()[p].mass_g * (x0 + pw / 2) for row in placed for p, x0, _, pw, _ in row) / mass
            x = com - LOAD_INSIDE_MM if side > 0 else com + LOAD_INSIDE_MM - w
            if k == middle:
                x += lean * side
        else:
            _, ux, _, uw, _ = placed[-1][0]
            x = ux - inset if side > 0 else ux + uw + inset - w
            cube = next(weights, None)
            if cube is not None:
                cw, ch = size(cube, 0.0)
                placed[-1].append([cube, x + w - inset - cw if side > 0 else x + inset, 0.0, cw, ch])
            side = -side
        placed.append([[pid, x, rotation, w, h]])
    rows, y = [], 0.0
    for floor, row in enumerate(reversed(placed), start=1):
        rows += [(pid, x, y, floor, rotation) for pid, x, rotation, _, _ in row]
        y += row[0][4]
    return rows


def statics_margin(rows) -> float:
    """Exact statics of a building of rectangles each resting on one piece or on the table.

    Every piece and all it carries (its sub-stack) is held by vertical contact forces alone
    exactly when the sub-stack's centre of mass lies over the span the piece rests on (its
    contact with the piece under it; its own base on the table). Returns the least margin,
    in mm, by which any sub-stack's centre of mass lies inside that span: negative when one
    lies outside it and tips.
    """
    boxes = []
    for pid, x, y, _, rotation in rows:
        w, h = size(pid, rotation)
        boxes.append((x, y, x + w, y + h))
    mass = [catalogue()[row[0]].mass_g for row in rows]
    under: list[int | None] = []
    for x0, y0, x1, _ in boxes:
        below = [i for i, b in enumerate(boxes) if abs(b[3] - y0) < 1e-6 and min(b[2], x1) > max(b[0], x0)]
        assert len(below) == 1 or (not below and y0 == 0), "each piece rests on one piece or on the table"
        under.append(below[0] if below else None)
    margin = math.inf
    for i, (x0, _, x1, _) in enumerate(boxes):
        held, todo = {i}, [i]
        while todo:
            k = todo.pop()
            for j, u in enumerate(under):
                if u == k and j not in held:
                    held.add(j)
                    todo.append(j)
        com = sum(mass[k] * (boxes[k][0] + boxes[k][2]) / 2 for k in held) / sum(mass[k] for k in held)
        j = under[i]
        lo, hi = (x0, x1) if j is None else (max(x0, boxes[j][0]), min(x1, boxes[j][2]))
        margin = min(margin, com - lo, hi - com)
    return margin


@pytest.mark.parametrize("floors", [10, 11, 12])
@pytest.mark.parametrize("inset", [2.0, 2.5, 3.0])
def test_a_tall_heavy_building_on_narrow_uprights_stands(tmp_path, capsys, floors, inset):
    rows = upright_tower(floors, inset)
    assert 14 <= len(rows) <= 21 and max(f for *_, f, _ in rows) == floors
    uprights = [size(p, r)[0] for p, _, _, _, r in rows if size(p, r)[0] <= 10]
    assert len(uprights) == floors // 2 and min(uprights) == 8.0
    assert statics_margin(rows) >= LOAD_INSIDE_MM - 1e-9, "every sub-stack is held, 3 mm clear of tipping"
    v = scene_verdict(tmp_path, capsys, rows)
    assert v["stands"] is True, v["moved"]


@pytest.mark.parametrize("floors", [10, 12])
def test_the_same_building_with_an_upright_past_its_load_falls(tmp_path, capsys, floors):
    rows = upright_tower(floors, 2.5, lean=LOAD_INSIDE_MM + 2.0)
    assert statics_margin(rows) == pytest.approx(-2.0), "one upright's load lies 2 mm outside its edge"
    v = scene_verdict(tmp_path, capsys, rows)
    assert v["stands"] is False and v["ended"] == "moved"


# ---- statics first ---------------------------------------------------------------------------

#: a Countdown tower (all-computer, 2 players, seed 11, game 8): aligned cubes, columns and
#: blocks to 330 mm, two 80×10 beams upright side by side on top, 410 mm in all
COUNTDOWN_TOWER = ([("cube-20-5", 4.0, 0.0, 1, 0.0), ("cube-20-6", 24.0, 0.0, 1, 0.0)]
                   + [(f"column-10x40-{n}", 4.0, 20.0 + 10 * k, 2 + k, 90.0) for k, n in enumerate((2, 3, 1, 4))]
                   + [(f"block-40x20-{n}", 4.0, 60.0 + 20 * k, 6 + k, 0.0) for k, n in enumerate((3, 6, 2, 4, 5))]
                   + [("block-40x40-1", 4.0, 160.0, 11, 0.0), ("block-40x40-2", 4.0, 200.0, 12, 0.0)]
                   + [(f"block-30x30-{n}", 9.0, 240.0 + 30 * k, 13 + k, 0.0) for k, n in enumerate((3, 2, 1))]
                   + [("beam-80x10-2", 9.0, 330.0, 16, 90.0), ("beam-80x10-4", 19.0, 330.0, 16, 90.0)])


def test_a_tall_tower_statics_show_standing_stands_in_the_games_verdict(tmp_path, capsys, monkeypatch):
    """Every piece wholly on the flat top below it and every load inside what holds it: rigid
    wood stands at any height, and the games' verdict says so without a settle. (The solver's
    sway at the rule's 10 iterations turns the top posts 2.3° after 0.22 s: physics/stability.py.)"""
    from physics import stability
    from physics.scenes import load_scene
    path = tmp_path / "tower.json"
    path.write_text(json.dumps({"lot": {"outlines": [[0, 88]]},
                                "pieces": [{"piece": p, "x": x, "y": y, "floor": f, "rotation": r}
                                           for p, x, y, f, r in COUNTDOWN_TOWER]}))
    building = load_scene(str(path))
    assert building.check() == [] and stability.surely_stands(building)
    assert max(building.extent(i)[3] for i in range(len(COUNTDOWN_TOWER))) == 410.0
    v = scene_verdict(tmp_path, capsys, COUNTDOWN_TOWER, physics=False)
    assert (v["stands"], v["ended"], v["moved"]) == (True, "statics", [])
    monkeypatch.setattr(stability, "solver_iterations", lambda b, polys=None: 20)
    settled = stability.settle(building)
    assert settled.stands is True, "twice the iterations: the physics agrees"
