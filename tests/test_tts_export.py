"""`tokyo tts export` for every game: files, URLs, models, determinism, the command line,
a kiosk save continued in TTS, the picture; and Chocolate Milk's components counted
against its set-up (004:249). The other games' counts are in tests/test_tts_*.py."""

from __future__ import annotations

import io
import math
import json
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
import trimesh

from core import games
from tokyo.cli import main
from physics.pieces import catalogue
from physics.vending import machine
from physics import world
from tts import models
from tts.units import grams_to_mass as units_mass
from tts.export import build, layouts
from tts.table import LayoutError, Table, seat

from tts.layouts.common import drink_set

from .tts_support import bags, export_of, exported, objects, owned, snap_points, tagged, urls, yen

MM = 25.4


def local(url: str) -> Path:
    p = urlparse(url)
    assert p.scheme == "file", url
    return Path(unquote(p.path))


# ---- every game ----------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(layouts()))
def test_every_game_exports_with_every_file_it_names(tmp_path, name):
    info = games.load(name).info
    _, save = exported(name, info.min_players, tmp_path)
    named = urls(save)
    assert named, "the save names no image or model"
    missing = [u for u in named if not local(u).is_file()]
    assert not missing, missing
    written = {p for p in (tmp_path / name).rglob("*") if p.is_file()}
    assert written == {local(u) for u in named}, "files written that the save does not name, or the reverse"
    guids = [o["GUID"] for o in objects(save)]
    assert len(guids) == len(set(guids)), "two objects share a GUID"
    assert save["TabStates"]["0"]["title"] == "Rules" and info.title.split()[0] in save["TabStates"]["0"]["body"]
    assert save["Turns"]["TurnOrder"] == [seat(i, info.min_players).colour for i in range(info.min_players)]
    for o in objects(save):
        if o["Name"] not in ("HandTrigger", "FogOfWarTrigger"):     # a tagged zone would act on its tags only
            assert o.get("Tags"), f"{o['Name']} {o.get('Nickname')!r} has no component tag"
            assert not o["Tags"][0][0].isupper(), "a component kind comes first"
    hands = [o for o in save["ObjectStates"] if o["Name"] == "HandTrigger"]
    assert [h["FogColor"] for h in hands] == save["Turns"]["TurnOrder"], "a hand zone for every seat"


@pytest.mark.parametrize("name", sorted(layouts()))
def test_reconstructed_values_are_marked(tmp_path, name):
    info = games.load(name).info
    _, save = exported(name, info.min_players, tmp_path)
    marked = [o for o in objects(save) if "RECONSTRUCTED" in o.get("Description", "")]
    assert marked, "no object says that its values are ours"


def test_the_same_game_gives_the_same_files(tmp_path):
    m = games.load("chocolate_milk").new(3, seed=9, options=games.load("chocolate_milk").info.settle_options(3, {}))
    a = build(m, out=tmp_path)
    b = build(m, out=tmp_path)
    assert json.dumps(a.save) == json.dumps(b.save) and a.files == b.files


def test_a_picture_is_encoded_once_and_decodes_to_its_own_pixels():
    """The PNG cache: the same pixels give the very bytes encoded before; one pixel changed,
    or the same bytes in another format, give their own PNG."""
    from tts import draw
    card = draw.card("Tako", ["¥300"])
    first = draw.png(card)
    assert draw.card("Tako", ["¥300"]) is card, "a face is drawn once a process (draw.kept)"
    again = card.copy()                          # drawn anew: the same pixels
    assert draw.png(again) is first
    back = draw.pygame.image.load(io.BytesIO(first), "x.png")
    assert back.get_size() == card.get_size() and back.get_at((40, 200)) == card.get_at((40, 200))
    again.set_at((0, 0), (1, 2, 3))
    assert draw.png(again) != first
    flat = draw.pygame.Surface(card.get_size(), depth=24)
    flat.blit(card, (0, 0))
    assert draw.pixels(flat) != draw.pixels(card)
    assert draw.pygame.image.load(io.BytesIO(draw.png(flat)), "x.png").get_at((40, 200)) == card.get_at((40, 200))


def test_every_pixel_comes_back_from_the_png_with_and_without_alpha():
    """tts.draw writes its PNGs itself: read back by pygame (libpng), each pixel is the one
    drawn, its alpha too, whatever the size (odd widths, a single row)."""
    from tts import draw
    pygame = draw.pygame
    rng = __import__("random").Random(5)
    for size in ((1, 1), (7, 3), (33, 1), (120, 90)):
        for alpha in (False, True):
            surface = pygame.Surface(size, pygame.SRCALPHA) if alpha else pygame.Surface(size, depth=24)
            for x in range(size[0]):
                for y in range(size[1]):
                    surface.set_at((x, y), tuple(rng.randrange(256) for _ in range(4 if alpha else 3)))
            back = pygame.image.load(io.BytesIO(draw.png(surface)), "x.png")
            fmt = "RGBA" if alpha else "RGB"
            assert back.get_size() == size
            assert pygame.image.tobytes(back, fmt) == pygame.image.tobytes(surface, fmt), (size, alpha)


def test_a_base_url_names_every_file_there(tmp_path):
    _, save = exported("chocolate_milk", 2, tmp_path, base_url="https://example.org/tokyo/")
    named = urls(save)
    assert named and all(u.startswith("https://example.org/tokyo/chocolate_milk/") for u in named)
    for u in named:
        assert (tmp_path / u[len("https://example.org/tokyo/"):]).is_file(), u


# ---- the models: closed meshes of the physics' profiles, in TTS units --------------------------

def test_every_piece_model_is_closed_and_the_piece_s_size():
    cat = catalogue()
    for pid in cat.ids():
        p = cat[pid]
        parts = [list(part) for part in p.parts]
        mesh = trimesh.load(io.StringIO(models.to_obj(models.extrude(parts, cat.depth), pid)), file_type="obj")
        xs = [x for part in parts for x, _ in part]
        ys = [y for part in parts for _, y in part]
        assert mesh.is_watertight and mesh.is_winding_consistent, pid
        assert mesh.extents == pytest.approx([(max(xs) - min(xs)) / MM, (max(ys) - min(ys)) / MM, cat.depth / MM],
                                             abs=1e-5), pid
        area = sum(0.5 * abs(sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(q, q[1:] + q[:1])))
                   for q in parts)
        assert mesh.volume == pytest.approx(area * cat.depth / MM ** 3, rel=1e-4), pid   # OBJ keeps 6 decimals
        assert mesh.bounds[0][1] == pytest.approx(0, abs=1e-9), "a model stands on y = 0"


def test_every_drink_model_is_closed_and_the_drink_s_size():
    for body in machine().drinks:
        mesh = trimesh.load(io.StringIO(models.to_obj(models.extrude(body.parts(), 14), "d")), file_type="obj")
        assert mesh.is_watertight
        assert mesh.extents == pytest.approx([body.width / MM, body.height / MM, 14 / MM], abs=1e-5)
        volume = body.width * (body.height - body.neck) + body.neck_width * body.neck
        assert mesh.volume == pytest.approx(volume * 14 / MM ** 3, rel=1e-4)


def test_an_l_shape_has_no_wall_inside_it():
    # two 20 mm squares side by side are one 40 × 20 block: 6 faces' worth of area, not 10
    mesh = models.extrude([[(0, 0), (20, 0), (20, 20), (0, 20)], [(20, 0), (40, 0), (40, 20), (20, 20)]], 20)
    t = trimesh.Trimesh(mesh.vertices, mesh.faces)
    assert t.is_watertight
    u = 20 / MM
    assert t.area == pytest.approx(2 * (2 * u * u) + 2 * (2 * u * u) + 2 * (u * u), rel=1e-6)


def test_an_l_shaped_piece_is_two_convex_objects_joined_where_the_piece_lies():
    """TTS treats a loose object's collider as convex: an L is one object a part, the second
    attached to the first (ChildObjects), each its own convex mesh drawn on the piece's axes,
    so together they are the L where the piece lies."""
    t = Table("x", "x", 2)
    parts = [[(0, 0), (20, 0), (20, 60), (0, 60)], [(20, 0), (60, 0), (60, 20), (20, 20)]]
    head = t.model("l", parts, 20, 5.0, 7.0, rot=90.0, mass_g=12.0)
    assert len(head["ChildObjects"]) == 1
    child = head["ChildObjects"][0]
    corners = []
    for o in (head, child):
        assert o["CustomMesh"]["Convex"] is True and o["CustomMesh"]["ColliderURL"] == o["CustomMesh"]["MeshURL"]
        assert o["Rigidbody"]["Mass"] == pytest.approx(units_mass(6.0))
        assert o["PhysicsMaterial"]["StaticFriction"] == pytest.approx(world.WOOD_ON_WOOD)
        mesh = trimesh.load(io.StringIO(_file_of(t, o).decode()), file_type="obj")
        assert mesh.is_watertight and mesh.volume > 0
        for normal, origin in zip(mesh.face_normals, mesh.triangles[:, 0]):   # no corner outside a face
            assert max((mesh.vertices - origin) @ normal) <= 1e-9
        corners += [tuple(round(v * MM, 3) for v in vertex[:2]) for vertex in mesh.vertices]
    c = child["Transform"]
    assert (c["posX"], c["posY"], c["posZ"], c["rotY"]) == (0.0, 0.0, 0.0, 0.0), "on the first part, as it is"
    # the piece's middle across (30 mm) and its bottom are the origin: the L's corners around it
    assert {(-30.0, 0.0), (-10.0, 60.0), (30.0, 20.0), (30.0, 0.0), (-30.0, 60.0)} <= set(corners)
    assert (head["Transform"]["posX"], head["Transform"]["posZ"]) == (5.0, 7.0)


def test_twins_share_their_mesh_files():
    t = Table("x", "x", 2)
    ell = [[(0, 0), (20, 0), (20, 60), (0, 60)], [(20, 0), (60, 0), (60, 20), (20, 20)]]
    t.model("l-1", ell, 20, 0, 0)
    t.model("l-2", ell, 20, 4, 0)
    t.model("block", [[(0, 0), (40, 0), (40, 20), (0, 20)]], 20, 8, 0)
    assert len([n for n in t.files if n.endswith(".obj")]) == 3, "the L's two parts, once, and the block"


def _file_of(t, o) -> bytes:
    url = o["CustomMesh"]["MeshURL"]
    return next(data for name, data in t.files.items() if url.endswith(name))


# ---- nothing half-exported ------------------------------------------------------------------

def test_a_layout_that_fails_writes_nothing(tmp_path, monkeypatch):
    import tts.export as export

    def broken(match, table):
        table.note("x", "y")
        raise KeyError("lot")
    monkeypatch.setattr(export, "layout_for", lambda name: broken)
    m = games.load("chocolate_milk").new(2, seed=1, options=games.load("chocolate_milk").info.settle_options(2, {}))
    with pytest.raises(LayoutError, match="layout of chocolate_milk failed: KeyError"):
        export.export(m, tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_a_game_without_a_layout_says_so_in_one_line(tmp_path, monkeypatch, capsys):
    import tts.export as export
    monkeypatch.setattr(export, "layouts", lambda: {})
    assert main(["tts", "export", "jutaku", "--players", "3", "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "cannot be laid out for Tabletop Simulator yet" in err
    assert not (tmp_path / "o").exists()


def test_yen_that_chips_cannot_pay_is_refused():
    t = Table("x", "x", 2)
    with pytest.raises(LayoutError, match="chips"):
        t.yen(105, 0, 0, owner="White")
    assert t.objects == []


# ---- the command line -------------------------------------------------------------------------

def test_the_command_writes_the_save_and_a_picture(tmp_path, capsys):
    png = tmp_path / "cm.png"
    assert main(["tts", "export", "chocolate_milk", "--players", "3", "--seed", "4", "--out", str(tmp_path),
                 "--picture", str(png)]) == 0
    out = capsys.readouterr().out
    assert "chocolate_milk.json" in out and png.is_file()
    import pygame
    img = pygame.image.load(str(png))
    assert img.get_width() == 1600 and img.get_height() > 400
    colours = {tuple(img.get_at((x, y)))[:3] for x in range(0, 1600, 23) for y in range(0, img.get_height(), 23)}
    assert len(colours) > 12, "the picture is (nearly) blank"


@pytest.mark.parametrize("argv,words", [
    (["tts", "export", "--out", "X"], "needs GAME"),
    (["tts", "export", "chess", "--players", "2", "--out", "X"], "no game called 'chess'"),
    (["tts", "export", "chocolate_milk", "--players", "12", "--out", "X"], "players"),
    (["tts", "export", "chocolate_milk", "--players", "2", "--option", "boxes=9", "--out", "X"], "boxes"),
    (["tts", "export", "--from", "nowhere.tokyo", "--out", "X"], "cannot be read"),
])
def test_mistakes_are_one_line(tmp_path, capsys, monkeypatch, argv, words):
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("tokyo: ") and err.count("\n") == 0 and words in err, err
    assert not (tmp_path / "X").exists()


def test_a_damaged_save_is_refused(tmp_path, capsys):
    bad = tmp_path / "bad.tokyo"
    bad.write_bytes(b"\x93not a save at all")
    assert main(["tts", "export", "--from", str(bad), "--out", str(tmp_path / "o")]) == 2
    assert "bad.tokyo" in capsys.readouterr().err and not (tmp_path / "o").exists()


def test_a_kiosk_save_goes_on_in_tts_as_it_stands(tmp_path, capsys):
    game = games.load("chocolate_milk")
    m = game.new(3, seed=2, options=game.info.settle_options(3, {}))
    for _ in range(12):
        s = m.to_act()[0]
        m.play(s, m.legal(s)[0].key)
    path = tmp_path / "match.tokyo"
    path.write_bytes(m.save())
    assert main(["tts", "export", "--from", str(path), "--out", str(tmp_path / "o")]) == 0
    save = json.loads((tmp_path / "o" / "chocolate_milk.json").read_text())
    assert "after 12 moves" in save["Note"]
    view = m.view(None)
    for i in range(3):
        assert yen(owned(save, seat(i, 3).colour)) == view["yen"][i]
    on_cards = sum(yen(owned(save, f"the {k.name} card")) for k in drink_set().colours + drink_set().shapes)
    assert on_cards == sum(view["cards"].values())
    assert len(tagged(save, "drink")) == 36


# ---- Chocolate Milk, counted (004:249) ----------------------------------------------------------

@pytest.mark.parametrize("players", range(2, 9))
def test_chocolate_milk_set_up_counted(tmp_path, players):
    match, save = exported("chocolate_milk", players, tmp_path)
    s, rules = match.state, match.game.rules
    view = match.view(None)
    lots = tagged(save, "lot card")
    assert len(lots) == 9                                                          # a 3×3 grid
    drinks_on_table = [o for o in tagged(save, "drink") if o not in tagged(save, "drink", inside=bags(
        save, "drinks in the box")[0])]
    assert len(drinks_on_table) == sum(len(c) for c in s.grid) == 8 * 1 + 2          # 004:249: one, two in the centre
    box = bags(save, "drinks in the box")[0]
    assert len(box["ContainedObjects"]) == sum(s.supply)
    assert sorted(o["Nickname"] for o in box["ContainedObjects"]) == sorted(
        o["Nickname"] for o in tagged(save, "drink") if o in box["ContainedObjects"])
    copies = rules.drink_boxes(players, s.boxes) * 36
    assert len(tagged(save, "drink")) == copies                                   # every drink of the box(es)
    assert len(tagged(save, "architect")) == players
    for i in range(players):
        place = seat(i, players)
        mine = owned(save, place.colour)
        assert yen(mine) == view["yen"][i] == 500                                   # 004:249
    crates = tagged(save, "crate")
    assert len(crates) == rules.total_crates(players, s.boxes)
    assert len(tagged(save, "colour card")) == 6 and len(tagged(save, "shape card")) == 6
    assert len([o for o in objects(save) if o["Name"] == "Die_6"]) == 2
    snaps = {(round(x, 4), round(z, 4)) for x, z, _ in snap_points(save)}
    assert {(o["Transform"]["posX"], o["Transform"]["posZ"]) for o in lots} <= snaps      # each card on its place


def test_the_turn_is_the_seat_to_move(tmp_path):
    game = games.load("chocolate_milk")
    m = game.new(4, seed=3, options=game.info.settle_options(4, {}))
    for _ in range(3):
        s = m.to_act()[0]
        m.play(s, m.legal(s)[0].key)
    save = export_of(m, tmp_path)
    assert save["Turns"]["TurnColor"] == seat(m.to_act()[0], 4).colour


def test_docs_show_every_game_s_layout():
    # docs/tts/GAME.png, drawn by bench/tts_pictures.py, for a person to look at
    docs = Path(__file__).resolve().parents[1] / "docs" / "tts"
    assert {p.stem for p in docs.glob("*.png")} >= set(layouts())


# ---- a mod friends can play: seats, secrets, pieces that behave, files to share ------------

_TABLES: dict = {}


def table_for(name: str, players: int, factory) -> dict:
    """The save of `name` for `players`, exported once for this module's checks."""
    if (name, players) not in _TABLES:
        _TABLES[name, players] = exported(name, players, factory.mktemp(f"{name}{players}"))[1]
    return _TABLES[name, players]


def every_count_export():
    """(game, players) at each game's most players (the fewest: test_every_game_exports_with_every_file_it_names)."""
    return [(name, games.load(name).info.max_players) for name in sorted(layouts())]


@pytest.mark.parametrize("name,players", every_count_export())
def test_every_seat_has_a_hand_zone_in_its_colour_at_its_place(tmp_path_factory, name, players):
    save = table_for(name, players, tmp_path_factory)
    hands = [o for o in save["ObjectStates"] if o["Name"] == "HandTrigger"]
    assert sorted(h["FogColor"] for h in hands) == sorted(seat(i, players).colour for i in range(players))
    for h in hands:
        i = next(k for k in range(players) if seat(k, players).colour == h["FogColor"])
        here = (h["Transform"]["posX"], h["Transform"]["posZ"])
        nearest = min(range(players), key=lambda k: math.dist(here, (seat(k, players).x, seat(k, players).z)))
        assert nearest == i, f"{h['FogColor']}'s hand lies nearer another seat"
        assert h["Locked"] is True and h["Nickname"] == f"{h['FogColor']}'s hand"


@pytest.mark.parametrize("name,players", [("izakaya", 5), ("tsukiji", 6)])
def test_a_sealed_bid_is_made_where_only_its_seat_sees(tmp_path_factory, name, players):
    save = table_for(name, players, tmp_path_factory)
    zones = [o for o in save["ObjectStates"] if o["Name"] == "FogOfWarTrigger" and o["Nickname"].endswith("sealed bid")]
    assert sorted(z["FogColor"] for z in zones) == sorted(seat(i, players).colour for i in range(players))
    assert all(z["Nickname"] == f"{z['FogColor']}'s sealed bid" for z in zones)


@pytest.mark.parametrize("name,players", every_count_export())
def test_every_piece_is_convex_parts_with_the_physics_mass_and_friction(tmp_path_factory, name, players):
    save = table_for(name, players, tmp_path_factory)
    models = [o for o in objects(save) if o["Name"] == "Custom_Model"]
    for o in models:
        assert o["CustomMesh"]["Convex"] is True, o["Nickname"]
        assert o["PhysicsMaterial"]["StaticFriction"] == world.WOOD_ON_WOOD
    heads = [o for o in models if "attached part" not in o["Tags"]]
    for o in heads:
        parts = [o, *o.get("ChildObjects", [])]
        assert all("Rigidbody" in q for q in parts) or not any("Rigidbody" in q for q in parts)
    cat = catalogue()
    for o in (o for o in heads if "piece" in o["Tags"][:1]):
        pid = o["Nickname"].split()[1] if o["Nickname"].split()[1] in cat else o["Nickname"].split()[0]
        total = sum(q["Rigidbody"]["Mass"] for q in [o, *o.get("ChildObjects", [])])
        assert total == pytest.approx(units_mass(cat[pid].mass_g), rel=1e-4), pid
    files = [u for u in urls(save) if u.endswith(".obj")]
    assert len(files) == len(set(files))


@pytest.mark.parametrize("name,players", every_count_export())
def test_every_snap_point_says_what_snaps_there(tmp_path_factory, name, players):
    """A tagged snap point pulls in only objects sharing a tag: each names what goes there,
    a kind of component the game has."""
    save = table_for(name, players, tmp_path_factory)
    kinds = {t for o in objects(save) for t in o.get("Tags", [])}
    assert snap_points(save)
    for x, z, tags in snap_points(save):
        assert tags and set(tags) & kinds, (x, z, tags)


def test_files_are_readable_by_all_and_their_names_need_no_escaping(tmp_path):
    _, save = exported("chocolate_milk", 2, tmp_path, base_url="https://example.org/tokyo")
    for path in (tmp_path / "chocolate_milk").rglob("*"):
        if path.is_file():
            assert path.stat().st_mode & 0o777 == 0o644, path
            assert all(c.isascii() and (c.isalnum() or c in "-_./") for c in path.name), path.name
    assert (tmp_path / "chocolate_milk.json").stat().st_mode & 0o777 == 0o644
    assert "file://" not in json.dumps(save)


@pytest.mark.parametrize("name,players", every_count_export())
def test_nothing_lies_in_a_zone_but_what_belongs_there(tmp_path_factory, name, players):
    """TTS takes what lies in a hand zone into that hand, and hides what lies in a hidden zone:
    the set-up puts nothing there but a seat's hidden yen in its own zone (000:92)."""
    save = table_for(name, players, tmp_path_factory)
    zones = [o for o in save["ObjectStates"] if o["Name"] in ("HandTrigger", "FogOfWarTrigger")]
    assert zones
    for zone in zones:
        zt = zone["Transform"]
        a = math.radians(zt["rotY"])
        for o in save["ObjectStates"]:
            if o in zones or ("(hidden money)" in zone["Nickname"] and "yen" in o["Tags"][:1]
                              and zone["FogColor"] in o["Tags"]):
                continue
            dx, dz = o["Transform"]["posX"] - zt["posX"], o["Transform"]["posZ"] - zt["posZ"]
            lx, lz = dx * math.cos(a) - dz * math.sin(a), dx * math.sin(a) + dz * math.cos(a)
            assert abs(lx) > zt["scaleX"] / 2 or abs(lz) > zt["scaleZ"] / 2, (zone["Nickname"], o.get("Nickname"))


def test_an_export_that_would_break_tts_s_rules_writes_nothing(tmp_path, monkeypatch):
    """Every export is checked against the Knowledge Base's rules (tts.checks): a card sheet
    wider than TTS loads is refused in one line, and nothing is written."""
    import tts.export as export
    from tts import table as tts_table
    monkeypatch.setattr(tts_table, "SHEET_PX", 9000)
    m = games.load("chocolate_milk").new(8, seed=1, options=games.load("chocolate_milk").info.settle_options(8, {}))
    with pytest.raises(LayoutError, match=r"would break TTS's rules .*within 4096"):
        export.export(m, tmp_path / "out")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("name,players", [(n, p) for n, p in every_count_export() if n != "tsukiji"])
def test_every_lot_card_has_its_own_back(tmp_path_factory, name, players):
    """Turning a lot card over shows its other side (Bottle Bonus's black drink: 004:83): every
    lot card's sheet has a sheet of backs in the same places (UniqueBack), not one back for all."""
    save = table_for(name, players, tmp_path_factory)
    cards = [o for o in objects(save) if o["Name"] == "CardCustom" and "lot card" in o["Tags"]]
    assert cards
    for c in cards:
        deck = c["CustomDeck"][str(c["CardID"] // 100)]
        assert deck["UniqueBack"] is True and deck["BackURL"] != deck["FaceURL"], c["Nickname"]
