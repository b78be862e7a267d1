"""The stability verdict against physics, not against the game's own examples.

Every scene goes through the public path a person uses: a scene file given to
`tokyo practice build --scene FILE --json`. Where the catalogue has too few identical
blocks (six 40×20 blocks, 004:9 counts 69 pieces of many shapes), an asset override adds
more, as a user with extra blocks would.
"""

from __future__ import annotations

import json
import tomllib

import pytest

from core import assets
from kiosk.cli import main
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
    scene = {"lot": {"outlines": [[0, 88]]},
             "pieces": [{"piece": p, "x": x, "y": y, "floor": k + 1} for k, (p, x, y) in enumerate(pieces)]}
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(scene))
    code = main(["practice", "build", "--scene", str(path), "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)["verdict"]


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
