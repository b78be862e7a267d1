"""The Tabletop Simulator layouts of Tokyo Jutaku, Countdown and Bottle Bonus, counted
against the match's state: set up by the rules at their fewest and most players, and
again in the middle of a match played on by legal moves (the games' bots, one move in three
uniformly random).

Every lot card, piece, architect, drink and yen is looked for where the state has it, by the
table's rules written down in tests/tts_geometry.py (the seats on their ellipse, the plan read
as White sees it), never by `tts.layouts`' own places; the side of a lot card that is up is
read from its face's pixels; a built piece's model is put where TTS would put it (its OBJ
turned and moved by its Transform) and must stand where the rules' building has the piece.
"""

from __future__ import annotations

import copy
import io
import json
import math

import pygame
import pytest
import trimesh

from core.components import ARCHITECTS
from core.words import count_words
from games.building.cards import CENTRE, SIZE
from physics.building import CARD_MM
from tts.export import export
from tts.table import LayoutError

from .tts_geometry import (COLOURS, LOT_SIDE, MM_PER_UNIT as MM, Plan, drink_index, facing, game, laid_out,
                           lies_on, local, lot_id, model_vertices, nearest, nearest_seat, of_kind, seat_inward,
                           seat_right, xz)
from .tts_support import bags, export_of, objects, tagged, urls, yen

BLUE_BAND, WHITE_BAND = (50, 90, 170), (110, 110, 110)
TOL = 1e-3


# ---- reading a save ----------------------------------------------------------------------------

def whose(o, players: int) -> int:
    """The seat whose side of the table the object is on: the nearest seat."""
    return nearest_seat(o, players)


def on_table(save) -> list[dict]:
    return save["ObjectStates"]


def lot_cards(save) -> list[dict]:
    return [o for o in tagged(save, "lot card") if o["Name"] == "CardCustom"]


PICTURES: dict = {}


def band(card) -> tuple[int, int, int]:
    """The colour of the band at the top of a card's face, from the face sheet's pixels."""
    deck = card["CustomDeck"][str(card["CardID"] // 100)]
    path = local(deck["FaceURL"])
    if path not in PICTURES:
        PICTURES[path] = pygame.image.load(str(path))
    sheet = PICTURES[path]
    w, h = sheet.get_width() // deck["NumWidth"], sheet.get_height() // deck["NumHeight"]
    i = card["CardID"] % 100
    return tuple(sheet.get_at(((i % deck["NumWidth"]) * w + w // 2, (i // deck["NumWidth"]) * h + 8)))[:3]


def piece_id(o) -> str:
    return o["Nickname"].split(" ", 1)[1]


def chips_of(save, colour: str) -> list[dict]:
    return [o for o in tagged(save, "yen") if o["Description"].startswith(f"{colour}: ")]


def owner(o, players: int) -> int:
    """The seat whose colour the object's description names first ("Red holds this drink")."""
    (i,) = [i for i in range(players) if o["Description"].startswith(f"{COLOURS[i]} ")]
    return i


def check_files(save) -> None:
    missing = sorted(u for u in urls(save) if not local(u).is_file())
    assert not missing, missing[:3]


# ---- what the games share: pieces and yen ----------------------------------------------------------

def check_pieces(save, match) -> None:
    s, rules = match.state, match.rules
    n = s["players"]
    models = [o for o in tagged(save, "piece") if o["Name"] == "Custom_Model"]
    ids = [piece_id(o) for o in models]
    assert len(ids) == len(set(ids)) == len(rules.pieces) == 69
    assert set(ids) == set(rules.pieces.ids())
    supply = {piece_id(o) for o in models if "supply" in o["Tags"]}
    assert supply == set(s["supply"])
    for i in range(n):
        mine = {piece_id(o) for o in models if "built" in o["Tags"] and whose(o, n) == i}
        assert mine == {p["piece"] for p in s["built"][i]}, f"seat {i}'s building"
    homes = [xz(o) for o in models if "supply" in o["Tags"]]
    assert len(set(homes)) == len(homes), "two pieces of the middle on one place"
    for o in models:
        assert all("/models/" in q["CustomMesh"]["MeshURL"] and q["CustomMesh"]["MeshURL"].endswith(".obj")
                   for q in [o, *o.get("ChildObjects", [])])
        assert "RECONSTRUCTED" in o["Description"]


def check_yen(save, match) -> None:
    for i in range(match.players):
        colour = COLOURS[i]
        mine = chips_of(save, colour)
        assert yen(mine) == match.rules.yen(match.state, i), colour
        assert all(whose(o, match.players) == i for o in mine), f"{colour}'s chips lie before another seat"


def check_notes(save, *titles) -> None:
    have = [t["title"] for t in save["TabStates"].values()]
    for title in titles:
        assert title in have, have


# ---- Tokyo Jutaku and Bottle Bonus ------------------------------------------------------------------

def check_plan_game(save, match) -> None:
    s, rules = match.state, match.rules
    n = s["players"]
    cards = lot_cards(save)
    ids = [lot_id(c) for c in cards]
    assert len(ids) == len(set(ids)) == 36 and set(ids) == set(rules.deck.cards)
    # the plan: each card at its place as White reads the plan, blue side up; snap points on all 32 places
    plan = Plan(match, save)
    assert set(plan.cards) == set(plan.where)
    assert LOT_SIDE < plan.pitch[0] and plan.pitch[1] == pytest.approx(plan.pitch[0], abs=TOL)
    for cid, c in plan.cards.items():
        assert math.dist(xz(c), plan.place(*plan.where[cid])) <= TOL, cid
        assert band(c) == BLUE_BAND
        assert c["Transform"]["rotZ"] == 0.0
    snaps = [(p["Position"]["x"], p["Position"]["z"]) for p in save["SnapPoints"]]
    places = [plan.place(r, c) for r in range(SIZE) for c in range(SIZE) if (r, c) not in CENTRE]
    assert len(places) == 32 and all(any(math.dist(p, q) <= TOL for q in snaps) for p in places)
    # the cards a seat builds on and has completed, before it and facing it, the side the state says up
    for i in range(n):
        mine = [c for c in cards if "building" in c["Tags"] and whose(c, n) == i]
        if s["hand"][i] is None:
            assert not mine
        else:
            (card,) = mine
            assert lot_id(card) == s["hand"][i] and card["Transform"]["rotY"] == facing(i, n)
            assert not plan.on_plan(card)
            assert band(card) == (WHITE_BAND if s["side"][i] == "back" else BLUE_BAND)
        done = [c for c in cards if "completed" in c["Tags"] and whose(c, n) == i]
        assert sorted((lot_id(c), band(c)) for c in done) == sorted(
            (cid, WHITE_BAND if side == "back" else BLUE_BAND) for cid, side in s["won"][i])
    box = [c for c in cards if "box" in c["Tags"]]
    assert len(box) == 36 - 32 == 36 - len(plan.where) - sum(h is not None for h in s["hand"]) - sum(
        len(w) for w in s["won"])
    assert all(c["Transform"]["rotZ"] == 180.0 for c in box), "the box's cards lie face down"
    # every card is 88 mm square
    for c in cards:
        assert c["Transform"]["scaleX"] * 2.2 == pytest.approx(CARD_MM / MM, abs=1e-3)
        # square faces make a square card (TTS's Knowledge Base, Custom Deck), as wide as a card
        assert c["Transform"]["scaleZ"] * 2.2 == pytest.approx(CARD_MM / MM, abs=1e-3)
    # the architects: on the plan where they stand, before their seat before the start
    standing = [o for o in on_table(save) if "architect" in o["Tags"]]
    assert sorted(o["Nickname"] for o in standing) == sorted(ARCHITECTS[:n])
    for o in standing:
        i = ARCHITECTS.index(o["Nickname"])
        if s["at"][i] is None:
            assert whose(o, n) == i and not plan.on_plan(o)
        else:
            assert nearest(o, plan.places()) == tuple(s["at"][i])
            assert math.dist(xz(o), plan.place(*s["at"][i])) <= LOT_SIDE / 2
    in_box = bags(save, "architects in the box")
    assert sorted(o["Nickname"] for b in in_box for o in b["ContainedObjects"]) == sorted(ARCHITECTS[n:])
    check_pieces(save, match)
    check_yen(save, match)
    check_notes(save, "Rules", "Set-up", "Position")
    assert match.rules.conserved(s)["lot cards"] == 32


def check_drinks(save, match) -> None:
    s = match.state
    n = s["players"]
    drinks = tagged(save, "drink")
    assert sorted(drink_index(o) for o in drinks) == list(range(36))
    (box,) = bags(save, "drinks in the box")
    assert sorted(drink_index(o) for o in box["ContainedObjects"]) == s["box"]
    assert sorted(drink_index(o) for o in on_table(save) if "tray" in o["Tags"]) == sorted(s["tray"])
    for where in ("held", "kept"):
        for i in range(n):
            mine = [drink_index(o) for o in on_table(save) if where in o.get("Tags", []) and "drink" in o["Tags"]
                    and owner(o, n) == i]
            assert sorted(mine) == sorted(s[where][i]), (where, i)
    staked = {owner(o, n): drink_index(o) for o in on_table(save) if "staked" in o["Tags"]}
    assert staked == {i: d for i, d in enumerate(s["staked"]) if d is not None}
    assert match.rules.conserved(s)["drinks"] == 36


# ---- Countdown ---------------------------------------------------------------------------------------

def check_countdown(save, match) -> None:
    s, rules = match.state, match.rules
    n = s["players"]
    cards = lot_cards(save)
    ids = [lot_id(c) for c in cards]
    assert len(ids) == len(set(ids)) == 36
    towers = [c for c in cards if "tower" in c["Tags"]]
    assert sorted(whose(c, n) for c in towers) == list(range(n))
    for c in towers:
        assert c["Transform"]["rotY"] == facing(whose(c, n), n) and c["Transform"]["rotZ"] == 180.0
        assert all(lies_on(o, c) for o in tagged(save, "piece", "built") if whose(o, n) == whose(c, n))
    assert len([c for c in cards if "box" in c["Tags"]]) == 36 - n
    assert not [o for o in on_table(save) if "architect" in o["Tags"]]
    (box,) = bags(save, "architects in the box")
    assert sorted(o["Nickname"] for o in box["ContainedObjects"]) == sorted(ARCHITECTS)
    (timer,) = tagged(save, "timer")
    for words in ("Floor 1: 60 seconds", "Floor 2: 45 seconds", "Floor 3: 30 seconds", "15 seconds"):
        assert words in timer["Description"]
    if not match.over:
        assert f"floor {s['round']} in {rules.seconds(s):g} s" in timer["Description"]
    plates = tagged(save, "score")
    assert sorted(whose(p, n) for p in plates) == list(range(n))
    for p in plates:
        i = whose(p, n)
        if s["status"][i] == "out":
            assert f"scores {count_words(s['score'][i], 'piece')}" in p["Description"]
        assert f"tower: {count_words(len(s['built'][i]), 'piece')}" in p["Description"]
    assert not tagged(save, "yen")
    check_pieces(save, match)
    check_notes(save, "Rules", "Set-up", "Position")


def check(save, match) -> None:
    check_files(save)
    for o in objects(save):
        assert o.get("Tags"), f"{o['Name']} {o.get('Nickname')!r} has no component tag"
        if o["Tags"][0] in ("piece", "drink", "architect") or o["Name"] == "CardCustom":
            assert "RECONSTRUCTED" in o["Description"], o["Nickname"]      # the assets' reconstructed values
    if match.game.name == "countdown":
        check_countdown(save, match)
    else:
        check_plan_game(save, match)
        if match.rules.bottle:
            check_drinks(save, match)


# ---- set up by the rules ---------------------------------------------------------------------------

SET_UP = [(name, n) for name in ("jutaku", "bottle_bonus", "countdown") for n in (2, 8)]


@pytest.mark.parametrize("name,players", SET_UP)
def test_the_set_up_is_on_the_table(tmp_path_factory, name, players):
    match, save = laid_out(tmp_path_factory, name, players)
    check(save, match)
    if name != "countdown":
        plan = [c for c in lot_cards(save) if "plan" in c["Tags"]]
        assert len(plan) == 32                                              # 004:21
        assert not tagged(save, "yen")                                      # nobody has completed a lot
        assert len([o for o in tagged(save, "piece") if "supply" in o["Tags"]]) == 69
    if name == "bottle_bonus":
        assert len(bags(save, "drinks in the box")[0]["ContainedObjects"]) == 36


def test_roppongi_replaces_a_district_and_its_cards_go_to_the_box(tmp_path_factory):
    match, save = laid_out(tmp_path_factory, "jutaku", 3, options=(("roppongi", "Ginza"),))
    check(save, match)
    box = sorted(lot_id(c) for c in lot_cards(save) if "box" in c["Tags"])
    assert box == sorted(cid for cid, c in match.rules.deck.cards.items() if c.district == "Ginza" and not c.roppongi)
    plan = {lot_id(c) for c in lot_cards(save) if "plan" in c["Tags"]}
    assert {cid for cid, c in match.rules.deck.cards.items() if c.roppongi} <= plan


# ---- in the middle of a match ------------------------------------------------------------------------

MIDDLE = [                  # game, players, where to stop (tts_geometry.STOPS), seed, moves, stop not before
    ("jutaku", 2, "building", 1, 300, 100),
    ("jutaku", 5, "building", 1, 300, 100),
    ("jutaku", 8, "building", 1, 300, 100),
    ("bottle_bonus", 2, "holding drinks", 1, 300, 100),
    ("bottle_bonus", 4, "taking drinks", 1, 300, 0),
    ("bottle_bonus", 8, "holding drinks", 1, 300, 100),
    ("countdown", 2, "playing", 1, 200, 0),
    ("countdown", 5, "someone out", 1, 200, 0),
    ("countdown", 8, "playing", 1, 200, 0),
    ("jutaku", 2, "over", 4, 600, 0),                   # a fourth lot ends it (004:60)
    ("countdown", 3, "all out", 1, 200, 0),             # everyone is out (004:75)
]


@pytest.mark.parametrize("name,players,stop,seed,moves,after", MIDDLE,
                         ids=[f"{g}-{n}-{stop}".replace(" ", "-") for g, n, stop, *_ in MIDDLE])
def test_a_match_in_play_is_on_the_table_as_it_stands(tmp_path_factory, name, players, stop, seed, moves, after):
    match, save = laid_out(tmp_path_factory, name, players, stop, seed, moves, after)
    check(save, match)


def test_a_kiosk_save_is_on_the_table_as_it_stands(tmp_path_factory):
    """`tokyo tts export --from SAVE`: a kiosk save of a match in play, loaded again."""
    match, save = laid_out(tmp_path_factory, "jutaku", 5, "building", 1, 300, 100, kiosk=True)
    check(save, match)
    assert all(a is not None for a in match.state["at"]) and any(match.state["won"])
    match, save = laid_out(tmp_path_factory, "bottle_bonus", 3, "holding drinks", 6, 300, 0, kiosk=True)
    check(save, match)


def test_drinks_kept_spent_and_a_white_side_are_on_the_table(tmp_path):
    bottle = game("bottle_bonus")
    players = 3
    d = bottle.rules.dump(bottle.new(players, seed=0).state)
    for i, (r, c) in enumerate([(0, 0), (5, 5), (0, 3)]):
        d["at"][i], d["hand"][i], d["grid"][r][c] = [r, c], d["grid"][r][c], None
    d["won"][1] = [[d["grid"][1][0], "back"], [d["grid"][5][0], "front"]]
    d["grid"][1][0] = d["grid"][5][0] = None
    d["side"][2] = "back"
    blue = [k for k in range(36) if bottle.rules.drinks.colours[k // 6].id == "blue"]
    black = [k for k in range(36) if bottle.rules.drinks.colours[k // 6].id == "black"]
    d["staked"][0], d["kept"][1], d["held"][2] = blue[0], [blue[1], blue[2]], [black[0], black[1], blue[3]]
    d["spent"][0], d["spent"][2] = ["blue"], ["black"]
    d["box"] = sorted(set(d["box"]) - {blue[0], blue[1], blue[2], blue[3], black[0], black[1]})
    d.update(phase="build", status=["building"] * players)
    match = bottle.scenario(dict(d, players=players))
    save = export_of(match, tmp_path)
    check(save, match)
    assert yen(chips_of(save, "Red")) == match.rules.yen(match.state, 1) > 400      # two lots and 2 x ¥200
    assert len(bags(save, "drinks in the box")[0]["ContainedObjects"]) == 30


# ---- the models stand where the rules have them ---------------------------------------------------------

def test_a_turned_and_flipped_building_stands_where_the_rules_have_it(tmp_path):
    jutaku = game("jutaku")
    players = 3
    d = jutaku.rules.dump(jutaku.new(players, seed=0).state)
    for i, (r, c) in enumerate([(0, 0), (5, 5), (0, 3)]):
        d["at"][i], d["hand"][i], d["grid"][r][c] = [r, c], d["grid"][r][c], None
    d.update(phase="build", status=["building"] * players)
    pieces = [("l-40x40-1", 4.0, 0.0, 90.0, True), ("arch-60x30-1", 44.0, 0.0, 0.0, False),
              ("roof-60x30-1", 20.0, 40.0, 180.0, False), ("wedge-40x20-1", 30.0, 0.0, 270.0, True)]
    for k, (pid, x, y, rot, flip) in enumerate(pieces):
        seat_no = k % 2 + 1                  # seats 1 and 2 face the table from its sides and the top
        d["supply"].remove(pid)
        d["built"][seat_no].append({"piece": pid, "x": x, "y": y, "rotation": rot, "flip": flip,
                                    "floor": 1 if y == 0 else 2})
    match = jutaku.scenario(dict(d, players=players))
    save = export_of(match, tmp_path)
    check(save, match)
    models = {piece_id(o): o for o in tagged(save, "piece") if "built" in o["Tags"]}
    assert set(models) == {p[0] for p in pieces}
    cards = {lot_id(o): o for o in of_kind(save, "lot card", "building")}
    for i in (1, 2):
        b = match.rules.building(match.state, i)
        card = cards[match.state["hand"][i]]
        cx, cz = xz(card)
        inward, right = seat_inward(i, players), seat_right(i, players)
        world = {p.piece: model_vertices(models[p.piece]) for p in b.placements}
        # the ground floor rests on the lot card: no lower than the card, hardly above it
        base = min(y for v in world.values() for _, y, _ in v)
        assert card["Transform"]["posY"] <= base <= card["Transform"]["posY"] + 0.25
        for k, p in enumerate(b.placements):
            # into the builder's frame: across from the card's left edge, up from the card, in depth
            across = [((x - cx) * right[0] + (z - cz) * right[1]) * MM + CARD_MM / 2 for x, _, z in world[p.piece]]
            up = [(y - base) * MM for _, y, _ in world[p.piece]]
            deep = [((x - cx) * inward[0] + (z - cz) * inward[1]) * MM for x, _, z in world[p.piece]]
            x0, y0, x1, y1 = b.extent(k)
            assert (min(across), max(across)) == pytest.approx((x0, x1), abs=0.01), p.piece
            assert (min(up), max(up)) == pytest.approx((y0, y1), abs=0.01), p.piece
            assert (min(deep), max(deep)) == pytest.approx((-10.0, 10.0), abs=0.01), p.piece
            # and the outline's shape, not only its box: the flip and the turn go the builder's way
            corners = {(round(a, 1), round(u, 1)) for a, u in zip(across, up)}
            for poly in b.polygons(k):
                for px, py in poly:
                    assert (round(px, 1), round(py, 1)) in corners, (p.piece, px, py)


def test_a_piece_model_is_closed_and_the_piece_s_size(tmp_path_factory):
    """An L piece is its convex parts, each closed; together they are the piece's size."""
    jutaku = game("jutaku")
    _, save = laid_out(tmp_path_factory, "jutaku", 2)
    o = next(o for o in tagged(save, "piece") if piece_id(o) == "l-30x50-1")
    parts = [trimesh.load(io.StringIO(local(q["CustomMesh"]["MeshURL"]).read_text()), file_type="obj")
             for q in [o, *o.get("ChildObjects", [])]]
    assert all(m.is_watertight and m.is_winding_consistent and m.volume > 0 for m in parts)
    mesh = trimesh.util.concatenate(parts)
    cat = jutaku.rules.pieces
    xs = [x for part in cat["l-30x50-1"].parts for x, _ in part]
    ys = [y for part in cat["l-30x50-1"].parts for _, y in part]
    assert tuple(mesh.extents) == pytest.approx(((max(xs) - min(xs)) / MM, (max(ys) - min(ys)) / MM,
                                                 cat.depth / MM), abs=1e-5)
    assert mesh.extents[0] == pytest.approx(30 / MM) and mesh.extents[1] == pytest.approx(50 / MM)


# ---- what cannot be laid out ------------------------------------------------------------------------------

@pytest.mark.parametrize("name,spoil,words", [
    ("jutaku", lambda s: s["supply"].append(s["supply"][0]), "two places"),
    ("jutaku", lambda s: s["supply"].pop(), "nowhere"),
    ("bottle_bonus", lambda s: s["held"][0].append(s["box"][0]), "two places"),
    ("countdown", lambda s: s["built"][0].append({"piece": "no-such-piece", "x": 0.0, "y": 0.0, "rotation": 0.0,
                                                  "flip": False, "floor": 1}), "not in the catalogue"),
    ("jutaku", lambda s: s["grid"][0].__setitem__(1, s["grid"][0][0]), "two places"),
])
def test_a_position_that_cannot_be_laid_out_is_one_line_and_writes_nothing(tmp_path, name, spoil, words):
    match = game(name).new(2, seed=1, options=game(name).info.settle_options(2, {}))
    spoil(match.state)
    with pytest.raises(LayoutError) as e:
        export(match, tmp_path / "out")
    assert words in str(e.value) and "\n" not in str(e.value)
    assert not (tmp_path / "out").exists()


def test_the_counting_can_fail(tmp_path_factory):
    # a save with one card moved, one piece and one chip gone, is caught by the same checks
    match, save = laid_out(tmp_path_factory, "bottle_bonus", 2)
    bad = copy.deepcopy(save)
    card = next(o for o in bad["ObjectStates"] if "plan" in o.get("Tags", []))
    card["Transform"]["posX"] += 0.5
    with pytest.raises(AssertionError):
        check(bad, match)
    bad = copy.deepcopy(save)
    bad["ObjectStates"] = [o for o in bad["ObjectStates"] if "piece" not in o.get("Tags", [])
                           or piece_id(o) != "cube-20-1"]
    with pytest.raises(AssertionError):
        check(bad, match)
    bad = copy.deepcopy(save)
    (box,) = bags(bad, "drinks in the box")
    box["ContainedObjects"].pop()
    with pytest.raises(AssertionError):
        check(bad, match)
    played, later = laid_out(tmp_path_factory, "bottle_bonus", 2, "holding drinks", 1, 300, 100)
    check(later, played)
    with pytest.raises(AssertionError):
        check(later, match)                         # the set-up's state does not fit the later save
    assert json.dumps(later) != json.dumps(save)
    heads = [o for o in objects(later) if o["Name"] == "Custom_Model" and "attached part" not in o["Tags"]]
    assert len(heads) == 69 + 36
