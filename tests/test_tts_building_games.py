"""The Tabletop Simulator layouts of Tokyo Jutaku, Countdown and Bottle Bonus, counted
against the match's state: set up by the rules for 2 to 8 players, and again in the middle
of a match played on by legal moves (the games' bots, one move in three uniformly random).

Every lot card, piece, architect, drink and yen is looked for where the state has it; the
side of a lot card that is up is read from its face's pixels; a built piece's model is put
where TTS would put it (its OBJ turned and moved by its Transform) and must stand where the
rules' building has the piece.
"""

from __future__ import annotations

import copy
import io
import json
import math
import re
from collections import Counter
from pathlib import Path
from urllib.parse import unquote, urlparse

import pygame
import pytest
import trimesh

from core import games
from core.components import ARCHITECTS
from core.errors import IllegalMove
from core.game import Move
from core.rng import Rng
from core.testing import steered_by_bots
from core.words import count_words
from games.building.cards import CENTRE, SIZE
from physics.building import CARD_MM
from tts.export import export
from tts.layouts import jutaku as J
from tts.layouts.common import drink_set
from tts.table import TABLE_Y, LayoutError, seat

from .tts_support import bags, export_of, exported, objects, tagged, urls, yen

MM = 25.4
LOT_ID = re.compile(r"Lot card (\S+) \(")
BLUE_BAND, WHITE_BAND = (50, 90, 170), (110, 110, 110)


@pytest.fixture(scope="module")
def game():
    cache = {}

    def load(name):
        if name not in cache:
            cache[name] = games.load(name)
        return cache[name]
    return load


# ---- reading a save ----------------------------------------------------------------------------

def local(url: str) -> Path:
    p = urlparse(url)
    assert p.scheme == "file", url
    return Path(unquote(p.path))


def xz(o) -> tuple[float, float]:
    return o["Transform"]["posX"], o["Transform"]["posZ"]


def close(o, place, tol=1e-3) -> bool:
    x, z = xz(o)
    return abs(x - place[0]) <= tol and abs(z - place[1]) <= tol


def whose(o, players: int) -> int:
    """The seat whose building lot lies nearest the object: whose side of the table it is on."""
    x, z = xz(o)
    return min(range(players), key=lambda i: math.dist((x, z), J.seat_lot_place(i, players)[:2]))


def on_table(save) -> list[dict]:
    return save["ObjectStates"]


def lot_id(card) -> str:
    m = LOT_ID.search(card["Description"])
    assert m, card["Description"]
    return m.group(1)


def lot_cards(save) -> list[dict]:
    return [o for o in tagged(save, "lot card") if o["Name"] == "CardCustom"]


def band(card, pictures) -> tuple[int, int, int]:
    """The colour of the band at the top of a card's face, from the face sheet's pixels."""
    deck = card["CustomDeck"][str(card["CardID"] // 100)]
    path = local(deck["FaceURL"])
    if path not in pictures:
        pictures[path] = pygame.image.load(str(path))
    sheet = pictures[path]
    w, h = sheet.get_width() // deck["NumWidth"], sheet.get_height() // deck["NumHeight"]
    i = card["CardID"] % 100
    return tuple(sheet.get_at(((i % deck["NumWidth"]) * w + w // 2, (i // deck["NumWidth"]) * h + 8)))[:3]


def piece_id(o) -> str:
    return o["Nickname"].split(" ", 1)[1]


def chips_of(save, colour: str) -> list[dict]:
    return [o for o in tagged(save, "yen") if o["Description"].startswith(f"{colour}: ")]


def drink_index(o) -> int:
    ds = drink_set()
    colours, shapes = [c.id for c in ds.colours], [s.id for s in ds.shapes]
    _, c, s = o["Tags"][:3]
    return colours.index(c) * 6 + shapes.index(s)


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
        assert o["CustomMesh"]["MeshURL"].endswith(f"/piece-{piece_id(o)}.obj")
        assert "RECONSTRUCTED" in o["Description"]


def check_yen(save, match) -> None:
    for i in range(match.players):
        colour = seat(i, match.players).colour
        mine = chips_of(save, colour)
        assert yen(mine) == match.rules.yen(match.state, i), colour
        assert all(whose(o, match.players) == i for o in mine), f"{colour}'s chips lie before another seat"


def check_notes(save, *titles) -> None:
    have = [t["title"] for t in save["TabStates"].values()]
    for title in titles:
        assert title in have, have


# ---- Tokyo Jutaku and Bottle Bonus ------------------------------------------------------------------

def check_plan_game(save, match, pictures) -> None:
    s, rules = match.state, match.rules
    n = s["players"]
    cards = lot_cards(save)
    ids = [lot_id(c) for c in cards]
    assert len(ids) == len(set(ids)) == 36 and set(ids) == set(rules.deck.cards)
    # the plan: each card at its place, blue side up; snap points on all 32 places
    plan = [c for c in cards if "plan" in c["Tags"]]
    want = {s["grid"][r][c]: (r, c) for r in range(SIZE) for c in range(SIZE) if s["grid"][r][c] is not None}
    assert {lot_id(c) for c in plan} == set(want)
    for c in plan:
        assert close(c, J.grid_place(*want[lot_id(c)])), lot_id(c)
        assert band(c, pictures) == BLUE_BAND
        assert c["Transform"]["rotZ"] == 0.0
    snaps = {(round(p["Position"]["x"], 3), round(p["Position"]["z"], 3)) for p in save["SnapPoints"]}
    places = [J.grid_place(r, c) for r in range(SIZE) for c in range(SIZE) if (r, c) not in CENTRE]
    assert len(places) == 32 and all((round(x, 3), round(z, 3)) in snaps for x, z in places)
    # the cards a seat builds on and has completed, the side the state says up
    for i in range(n):
        mine = [c for c in cards if "building" in c["Tags"] and whose(c, n) == i]
        if s["hand"][i] is None:
            assert not mine
        else:
            (card,) = mine
            assert lot_id(card) == s["hand"][i] and close(card, J.seat_lot_place(i, n)[:2])
            assert band(card, pictures) == (WHITE_BAND if s["side"][i] == "back" else BLUE_BAND)
        done = [c for c in cards if "completed" in c["Tags"] and whose(c, n) == i]
        assert sorted((lot_id(c), band(c, pictures)) for c in done) == sorted(
            (cid, WHITE_BAND if side == "back" else BLUE_BAND) for cid, side in s["won"][i])
    box = [c for c in cards if "box" in c["Tags"]]
    assert len(box) == 36 - 32 == 36 - len(want) - sum(h is not None for h in s["hand"]) - sum(
        len(w) for w in s["won"])
    assert all(c["Transform"]["rotZ"] == 180.0 for c in box), "the box's cards lie face down"
    # every card is 88 mm square
    for c in cards:
        assert c["Transform"]["scaleX"] * 2.2 == pytest.approx(CARD_MM / MM, abs=1e-3)
        assert c["Transform"]["scaleZ"] * 3.1 == pytest.approx(CARD_MM / MM, abs=1e-3)
    # the architects: on the plan where they stand, before their seat before the start
    standing = [o for o in on_table(save) if "architect" in o["Tags"]]
    assert sorted(o["Nickname"] for o in standing) == sorted(ARCHITECTS[:n])
    for o in standing:
        i = ARCHITECTS.index(o["Nickname"])
        if s["at"][i] is None:
            assert whose(o, n) == i and close(o, J.seat_lot_place(i, n)[:2])
        else:
            assert close(o, J.grid_place(*s["at"][i]))
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
    for where, key in (("held", "held"), ("kept", "kept")):
        for i in range(n):
            mine = [drink_index(o) for o in on_table(save) if where in o.get("Tags", []) and "drink" in o["Tags"]
                    and whose(o, n) == i]
            assert sorted(mine) == sorted(s[key][i]), (where, i)
    staked = {whose(o, n): drink_index(o) for o in on_table(save) if "staked" in o["Tags"]}
    assert staked == {i: d for i, d in enumerate(s["staked"]) if d is not None}
    assert match.rules.conserved(s)["drinks"] == 36


# ---- Countdown ---------------------------------------------------------------------------------------

def check_countdown(save, match, pictures) -> None:
    s, rules = match.state, match.rules
    n = s["players"]
    cards = lot_cards(save)
    ids = [lot_id(c) for c in cards]
    assert len(ids) == len(set(ids)) == 36
    towers = [c for c in cards if "tower" in c["Tags"]]
    assert sorted(whose(c, n) for c in towers) == list(range(n))
    for c in towers:
        assert close(c, J.seat_lot_place(whose(c, n), n)[:2]) and c["Transform"]["rotZ"] == 180.0
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


def check(save, match, pictures) -> None:
    check_files(save)
    for o in objects(save):
        assert o.get("Tags"), f"{o['Name']} {o.get('Nickname')!r} has no component tag"
        if o["Tags"][0] in ("piece", "drink", "architect") or o["Name"] == "CardCustom":
            assert "RECONSTRUCTED" in o["Description"], o["Nickname"]      # the assets' reconstructed values
    if match.game.name == "countdown":
        check_countdown(save, match, pictures)
    else:
        check_plan_game(save, match, pictures)
        if match.rules.bottle:
            check_drinks(save, match)


# ---- set up by the rules ---------------------------------------------------------------------------

SET_UP = [(name, n) for name in ("jutaku", "bottle_bonus", "countdown") for n in range(2, 9)]


@pytest.mark.parametrize("name,players", SET_UP)
def test_the_set_up_is_on_the_table(tmp_path, name, players):
    match, save = exported(name, players, tmp_path)
    check(save, match, {})
    if name != "countdown":
        plan = [c for c in lot_cards(save) if "plan" in c["Tags"]]
        assert len(plan) == 32                                              # 004:21
        assert not tagged(save, "yen")                                      # nobody has completed a lot
        assert len([o for o in tagged(save, "piece") if "supply" in o["Tags"]]) == 69
    if name == "bottle_bonus":
        assert len(bags(save, "drinks in the box")[0]["ContainedObjects"]) == 36


def test_roppongi_replaces_a_district_and_its_cards_go_to_the_box(tmp_path):
    match, save = exported("jutaku", 3, tmp_path, options={"roppongi": "Ginza"})
    check(save, match, {})
    box = sorted(lot_id(c) for c in lot_cards(save) if "box" in c["Tags"])
    assert box == sorted(cid for cid, c in match.rules.deck.cards.items() if c.district == "Ginza" and not c.roppongi)
    plan = {lot_id(c) for c in lot_cards(save) if "plan" in c["Tags"]}
    assert {cid for cid, c in match.rules.deck.cards.items() if c.roppongi} <= plan


# ---- in the middle of a match ------------------------------------------------------------------------

def play_on(game, players: int, seed: int, moves: int, stop=None, after: int = 0):
    """A match after up to `moves` legal moves (bots, one move in three at random), stopped
    early where `stop(state)` holds after `after` of them."""
    match = game.new(players, seed=seed, options=game.info.settle_options(players, {}))
    choose = steered_by_bots(game, players, chance=3)
    rng = Rng(seed, stream=5)
    for k in range(moves):
        if match.over or (stop is not None and k >= after and stop(match.state)):
            break
        waiting = match.to_act()
        who = waiting[rng.below(len(waiting))]
        actions = match.legal(who)
        move = choose(match, who, actions, rng)
        move = move if isinstance(move, Move) else Move(move.key)
        try:
            match.play(who, move)
        except IllegalMove:                 # a random placement that does not fit: a plain move then
            plain = [a for a in actions if not a.takes]
            match.play(who, plain[rng.below(len(plain))].key)
    return match


def building(s) -> bool:
    return s["phase"] == "build" and any(s["built"]) and any(s["won"])


def playing(s) -> bool:
    return s["round"] >= 2 and any(s["built"]) and "building" in s["status"]


MIDDLE = [                                  # game, players, seed, moves, stop not before, where to stop
    ("jutaku", 2, 1, 300, 100, building),
    ("jutaku", 5, 1, 300, 100, building),
    ("jutaku", 8, 1, 300, 100, building),
    ("bottle_bonus", 2, 1, 300, 100, lambda s: building(s) and any(s["held"])),
    ("bottle_bonus", 4, 1, 300, 0, lambda s: s["phase"] == "take"),
    ("bottle_bonus", 8, 1, 300, 100, lambda s: building(s) and any(s["held"])),
    ("countdown", 2, 1, 200, 0, playing),
    ("countdown", 5, 1, 200, 0, lambda s: playing(s) and s["round"] >= 3 and "out" in s["status"]),
    ("countdown", 8, 1, 200, 0, playing),
    ("jutaku", 2, 4, 600, 0, lambda s: s["phase"] == "over"),                # a fourth lot ends it (004:60)
    ("countdown", 3, 1, 200, 0, lambda s: set(s["status"]) == {"out"}),     # everyone is out (004:75)
]


@pytest.mark.parametrize("name,players,seed,moves,after,stop", MIDDLE)
def test_a_match_in_play_is_on_the_table_as_it_stands(tmp_path, game, name, players, seed, moves, after, stop):
    match = play_on(game(name), players, seed, moves, stop, after)
    assert stop(match.state), "the moves did not reach the position this test is for"
    before = match.rules.dump(match.state)
    save = export_of(match, tmp_path)
    assert match.rules.dump(match.state) == before, "the layout changed the match"
    check(save, match, {})


def test_drinks_kept_spent_and_a_white_side_are_on_the_table(tmp_path, game):
    bottle = game("bottle_bonus")
    players = 3
    d = bottle.rules.dump(bottle.new(players, seed=0).state)
    for i, (r, c) in enumerate([(0, 0), (5, 5), (0, 3)]):
        d["at"][i], d["hand"][i], d["grid"][r][c] = [r, c], d["grid"][r][c], None
    d["won"][1] = [[d["grid"][1][0], "back"], [d["grid"][5][0], "front"]]
    d["grid"][1][0] = d["grid"][5][0] = None
    d["side"][2] = "back"
    blue = [k for k in range(36) if drink_set().colours[k // 6].id == "blue"]
    black = [k for k in range(36) if drink_set().colours[k // 6].id == "black"]
    d["staked"][0], d["kept"][1], d["held"][2] = blue[0], [blue[1], blue[2]], [black[0], black[1], blue[3]]
    d["spent"][0], d["spent"][2] = ["blue"], ["black"]
    d["box"] = sorted(set(d["box"]) - {blue[0], blue[1], blue[2], blue[3], black[0], black[1]})
    d.update(phase="build", status=["building"] * players)
    match = bottle.scenario(dict(d, players=players))
    save = export_of(match, tmp_path)
    check(save, match, {})
    assert yen(chips_of(save, "Red")) == match.rules.yen(match.state, 1) > 400      # two lots and 2 x ¥200
    assert len(bags(save, "drinks in the box")[0]["ContainedObjects"]) == 30


# ---- the models stand where the rules have them ---------------------------------------------------------

def obj_vertices(path: Path) -> list[tuple[float, float, float]]:
    return [tuple(map(float, row.split()[1:4])) for row in path.read_text().splitlines() if row.startswith("v ")]


def in_tts(v, t) -> tuple[float, float, float]:
    """A model's vertex on the table as TTS (Unity) puts it: turned about z, then x, then y
    (degrees; +z turns x towards y, +y turns x towards -z), then moved."""
    x, y, z = v
    a = math.radians(t["rotZ"])
    x, y = x * math.cos(a) - y * math.sin(a), x * math.sin(a) + y * math.cos(a)
    assert t["rotX"] == 0.0
    b = math.radians(t["rotY"])
    x, z = x * math.cos(b) + z * math.sin(b), -x * math.sin(b) + z * math.cos(b)
    return x + t["posX"], y + t["posY"], z + t["posZ"]


def test_a_turned_and_flipped_building_stands_where_the_rules_have_it(tmp_path, game):
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
    check(save, match, {})
    models = {piece_id(o): o for o in tagged(save, "piece") if "built" in o["Tags"]}
    assert set(models) == {p[0] for p in pieces}
    for i in (1, 2):
        b = match.rules.building(match.state, i)
        place = seat(i, players)
        for k, p in enumerate(b.placements):
            o = models[p.piece]
            world = [in_tts(v, o["Transform"]) for v in obj_vertices(local(o["CustomMesh"]["MeshURL"]))]
            # into the builder's frame: across from the card's left edge, up from the card, in depth
            t = math.radians(place.angle)
            inward, right = (-math.cos(t), -math.sin(t)), (-math.sin(t), math.cos(t))
            cx, cz, _ = place.at(*J.LOT_AT)
            across = [((x - cx) * right[0] + (z - cz) * right[1]) * MM + CARD_MM / 2 for x, _, z in world]
            up = [(y - TABLE_Y - J.CARD_TOP) * MM for _, y, _ in world]
            deep = [((x - cx) * inward[0] + (z - cz) * inward[1]) * MM for x, _, z in world]
            x0, y0, x1, y1 = b.extent(k)
            assert (min(across), max(across)) == pytest.approx((x0, x1), abs=0.01), p.piece
            assert (min(up), max(up)) == pytest.approx((y0, y1), abs=0.01), p.piece
            assert (min(deep), max(deep)) == pytest.approx((-10.0, 10.0), abs=0.01), p.piece
            # and the outline's shape, not only its box: the flip and the turn go the builder's way
            corners = {(round(a, 1), round(u, 1)) for a, u in zip(across, up)}
            for poly in b.polygons(k):
                for px, py in poly:
                    assert (round(px, 1), round(py, 1)) in corners, (p.piece, px, py)


def test_a_piece_model_is_closed_and_the_piece_s_size(tmp_path, game):
    jutaku = game("jutaku")
    _, save = exported("jutaku", 2, tmp_path)
    o = next(o for o in tagged(save, "piece") if piece_id(o) == "l-30x50-1")
    mesh = trimesh.load(io.StringIO(local(o["CustomMesh"]["MeshURL"]).read_text()), file_type="obj")
    assert mesh.is_watertight and mesh.is_winding_consistent and mesh.volume > 0
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
def test_a_position_that_cannot_be_laid_out_is_one_line_and_writes_nothing(tmp_path, game, name, spoil, words):
    match = game(name).new(2, seed=1, options=game(name).info.settle_options(2, {}))
    spoil(match.state)
    with pytest.raises(LayoutError) as e:
        export(match, tmp_path / "out")
    assert words in str(e.value) and "\n" not in str(e.value)
    assert not (tmp_path / "out").exists()


def test_the_counting_can_fail(tmp_path, game):
    # a save with one card moved, one piece and one chip gone, is caught by the same checks
    match, save = exported("bottle_bonus", 3, tmp_path)
    bad = copy.deepcopy(save)
    card = next(o for o in bad["ObjectStates"] if "plan" in o.get("Tags", []))
    card["Transform"]["posX"] += 0.5
    with pytest.raises(AssertionError):
        check(bad, match, {})
    bad = copy.deepcopy(save)
    bad["ObjectStates"] = [o for o in bad["ObjectStates"] if "piece" not in o.get("Tags", [])
                           or piece_id(o) != "cube-20-1"]
    with pytest.raises(AssertionError):
        check(bad, match, {})
    bad = copy.deepcopy(save)
    (box,) = bags(bad, "drinks in the box")
    box["ContainedObjects"].pop()
    with pytest.raises(AssertionError):
        check(bad, match, {})
    played = play_on(game("bottle_bonus"), 3, 6, 300, lambda s: any(s["won"]) and any(s["held"]))
    later = export_of(played, tmp_path / "later")
    check(later, played, {})
    with pytest.raises(AssertionError):
        check(later, match, {})                         # the set-up's state does not fit the later save
    assert json.dumps(later) != json.dumps(save)
    assert Counter(o["Name"] for o in objects(later))["Custom_Model"] == 69 + 36
