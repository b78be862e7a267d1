"""tts.checks: every Tabletop Simulator export keeps the rules the TTS Knowledge Base gives
for custom content, and each rule, broken on purpose in a real export, is caught."""

from __future__ import annotations

import copy
import re
import struct
from pathlib import Path

import pytest

from core import games
from tts import draw, models
from tts.checks import image_size, problems, read_obj
from tts.export import build, layouts
from tts.table import walk


def every_count_export():
    """(game, players) at each game's fewest and most players."""
    out = []
    for name in sorted(layouts()):
        info = games.load(name).info
        out += [(name, n) for n in sorted({info.min_players, info.max_players})]
    return out


def built(name: str, players: int, out: Path, base_url: str | None = None):
    game = games.load(name)
    match = game.new(players, seed=1, options=game.info.settle_options(players, {}))
    e = build(match, out=out, base_url=base_url)
    return e.save, e.files


@pytest.mark.parametrize("name,players", every_count_export())
def test_every_export_keeps_the_knowledge_bases_rules(tmp_path, name, players):
    save, files = built(name, players, tmp_path)
    found = problems(save, files)
    assert not found, f"{name} at {players} players breaks {len(found)} rules:\n" + "\n".join(found)


# ---- each rule, broken on purpose --------------------------------------------------------------

@pytest.fixture(scope="module")
def izakaya(tmp_path_factory):
    """Izakaya at 2: cards with two sides, pieces of several convex parts, tokens, chips,
    snap points on the table and on a board, hands and hidden zones."""
    return built("izakaya", 2, tmp_path_factory.mktemp("izakaya"))


@pytest.fixture(scope="module")
def spree(tmp_path_factory):
    """Shopping Spree at 2: decks of many cards."""
    return built("shopping_spree", 2, tmp_path_factory.mktemp("spree"))


def broken(export, change, **kw) -> list[str]:
    """The problems a copy of the export has, after `change(save, files)`, that the export
    itself has not."""
    save, files = export
    before = set(problems(save, files, **kw))
    save2, files2 = copy.deepcopy(save), dict(files)
    change(save2, files2)
    return [p for p in problems(save2, files2, **kw) if p not in before]


def caught(found: list[str], pattern: str) -> None:
    assert any(re.search(pattern, p) for p in found), f"no problem matches {pattern!r}: {found}"


def first(save: dict, test) -> dict:
    return next(o for o in walk(save) if test(o))


def file_named(files: dict, url: str) -> str:
    return next(name for name in files if url.endswith("/" + name))


def png_of(w: int, h: int) -> bytes:
    return draw.png(draw.pygame.Surface((w, h)))


def card(o: dict) -> bool:
    return o["Name"] == "CardCustom"


def model(o: dict) -> bool:
    return o["Name"] == "Custom_Model" and not o.get("Locked")


def test_a_sheet_wider_than_10_cards_is_caught(izakaya):
    def change(save, files):
        for o in walk(save):
            for deck in o.get("CustomDeck", {}).values():
                deck["NumWidth"] = 11
    caught(broken(izakaya, change), r"at most 10 across and 7 down")


def test_an_image_beyond_4096_pixels_is_caught(izakaya):
    def change(save, files):
        token = first(save, lambda o: o["Name"] == "Custom_Token")
        files[file_named(files, token["CustomImage"]["ImageURL"])] = png_of(4100, 2)
    caught(broken(izakaya, change), r"is 4100 × 2 pixels: keep images within 4096")


def test_a_card_id_of_a_deck_the_card_does_not_hold_is_caught(izakaya):
    caught(broken(izakaya, lambda save, files: first(save, card).update(CardID=9900)),
           r"CardID 9900 is of deck 99, which its CustomDeck does not hold")


def test_a_card_id_beyond_its_sheet_is_caught(izakaya):
    def change(save, files):
        c = first(save, card)
        c["CardID"] = (c["CardID"] // 100) * 100 + 99
    caught(broken(izakaya, change), r"is place 99 of deck \d+, whose \d+ × \d+ sheet has \d+ places")


def test_a_card_on_the_hidden_place_is_caught_unless_the_back_is_hidden(izakaya):
    def last(hidden: bool):
        def change(save, files):
            c = first(save, card)
            deck = c["CustomDeck"][str(c["CardID"] // 100)]
            deck["BackIsHidden"] = hidden
            c["CardID"] = (c["CardID"] // 100) * 100 + deck["NumWidth"] * deck["NumHeight"] - 1
        return change
    caught(broken(izakaya, last(False)), r"is the last place of deck \d+'s sheet, the face TTS shows for every hidden")
    assert not [p for p in broken(izakaya, last(True)) if "last place" in p]


def test_a_sheet_of_backs_out_of_the_faces_grid_is_caught(izakaya):
    def change(save, files):
        c = first(save, lambda o: card(o) and o["CustomDeck"][str(o["CardID"] // 100)]["UniqueBack"])
        deck = c["CustomDeck"][str(c["CardID"] // 100)]
        files[file_named(files, deck["BackURL"])] = png_of(300, 300)
    caught(broken(izakaya, change), r"UniqueBack\), but its back sheet \(300 × 300\) is not in the grid")


def test_a_face_sheet_that_does_not_cut_into_whole_cards_is_caught(izakaya):
    def change(save, files):
        c = first(save, card)
        deck = c["CustomDeck"][str(c["CardID"] // 100)]
        files[file_named(files, deck["FaceURL"])] = png_of(deck["NumWidth"] * 100 + 1, deck["NumHeight"] * 100)
    caught(broken(izakaya, change), r"does not cut into \d+ × \d+ whole cards")


def test_a_deck_whose_ids_are_not_its_cards_is_caught(spree):
    def change(save, files):
        first(save, lambda o: o["Name"] == "DeckCustom")["DeckIDs"].reverse()
    caught(broken(spree, change), r"its DeckIDs .* are not the CardIDs of the cards in it")


def test_a_model_without_its_mesh_file_is_caught(izakaya):
    def change(save, files):
        first(save, model)["CustomMesh"]["MeshURL"] = "file:///nowhere/izakaya/models/gone.obj"
    caught(broken(izakaya, change), r"MeshURL names file:///nowhere/izakaya/models/gone.obj, which is not one of")


def test_a_mesh_that_is_not_an_obj_is_caught(izakaya):
    def change(save, files):
        token = first(save, lambda o: o["Name"] == "Custom_Token")
        first(save, model)["CustomMesh"]["MeshURL"] = token["CustomImage"]["ImageURL"]
    caught(broken(izakaya, change), r"which is not an OBJ model")


def test_a_missing_collider_is_caught(izakaya):
    def change(save, files):
        first(save, model)["CustomMesh"]["ColliderURL"] = "file:///nowhere/collider.obj"
    caught(broken(izakaya, change), r"ColliderURL names file:///nowhere/collider.obj, which is not one of")


def test_a_loose_model_with_a_non_convex_collider_is_caught_but_a_locked_one_is_not(izakaya):
    def loose(save, files):
        first(save, model)["CustomMesh"]["Convex"] = False
    caught(broken(izakaya, loose), r"moves but its collider is marked non-convex")

    def locked(save, files):
        o = first(save, model)
        o["CustomMesh"]["Convex"] = False
        o["Locked"] = True
    assert not [p for p in broken(izakaya, locked) if "non-convex" in p]


def test_a_convex_collider_whose_mesh_has_a_hollow_is_caught(izakaya):
    """An L-shaped piece as one mesh: marked convex, TTS fills its corner in."""
    l_shape = [[(0, 0), (40, 0), (40, 10), (0, 10)], [(0, 10), (10, 10), (10, 40), (0, 40)]]
    whole = models.to_obj(models.extrude(l_shape, 20), "l-whole").encode()

    def change(save, files):
        files[file_named(files, first(save, model)["CustomMesh"]["ColliderURL"])] = whole
    caught(broken(izakaya, change), r"is marked convex, but its mesh 'l-whole' is not convex")


def test_a_model_of_25000_vertices_is_caught(izakaya):
    big = "".join(f"v {i} 0 0\n" for i in range(25_000)).encode()

    def change(save, files):
        files[file_named(files, first(save, model)["CustomMesh"]["MeshURL"])] = big
    caught(broken(izakaya, change), r"has 25,000 vertices: TTS imports models of fewer than 25,000")


def test_a_collider_of_256_triangles_is_caught(izakaya):
    # a fan of 256 triangles round a point, all in one plane (convex, so only the count is wrong)
    rows = ["o fan", "v 0 0 0"] + [f"v {1 + i} 1 0" for i in range(257)]
    rows += [f"f 1 {i + 2} {i + 3}" for i in range(256)]
    fan = ("\n".join(rows) + "\n").encode()

    def change(save, files):
        files[file_named(files, first(save, model)["CustomMesh"]["ColliderURL"])] = fan
    caught(broken(izakaya, change), r"has 256 triangles: a collider needs fewer than 256")


def test_an_unknown_material_or_model_type_is_caught(izakaya):
    def change(save, files):
        first(save, model)["CustomMesh"].update(MaterialIndex=9, TypeIndex=8)
    found = broken(izakaya, change)
    caught(found, r"MaterialIndex 9 is none of TTS's materials")
    caught(found, r"TypeIndex 8 is none of TTS's model types")


def test_an_image_that_is_no_png_or_jpg_is_caught(izakaya):
    def change(save, files):
        token = first(save, lambda o: o["Name"] == "Custom_Token")
        files[file_named(files, token["CustomImage"]["ImageURL"])] = b"GIF89a" + bytes(20)
    caught(broken(izakaya, change), r"is not a PNG or JPG image")


def test_a_cmyk_jpg_is_caught(izakaya):
    # the smallest JPG header TTS would read: start of image, then a frame of 4 components
    jpg = b"\xff\xd8" + b"\xff\xc0" + struct.pack(">HBHHB", 17, 8, 64, 32, 4) + bytes(12)
    assert image_size(jpg) == (32, 64, True)

    def change(save, files):
        token = first(save, lambda o: o["Name"] == "Custom_Token")
        files[file_named(files, token["CustomImage"]["ImageURL"])] = jpg
    caught(broken(izakaya, change), r"is a CMYK JPG: TTS shows only RGB images")


def test_local_files_in_an_export_for_a_base_url_are_caught(izakaya, tmp_path):
    save, files = izakaya
    caught(problems(save, files, base_url="https://example.org/tokyo"),
           r"addresses are not under the base URL https://example.org/tokyo, \d+ of them files on this computer")
    save, files = built("izakaya", 2, tmp_path, base_url="https://example.org/tokyo")
    assert not [p for p in problems(save, files, base_url="https://example.org/tokyo") if "base URL" in p]


def test_a_file_name_a_url_would_escape_is_caught(izakaya):
    def change(save, files):
        token = first(save, lambda o: o["Name"] == "Custom_Token")
        old = file_named(files, token["CustomImage"]["ImageURL"])
        new = old.replace(".png", " ¥1,000.png")
        files[new] = files.pop(old)
        token["CustomImage"]["ImageURL"] = token["CustomImage"]["ImageURL"].replace(".png", "%20%C2%A51%2C000.png")
    caught(broken(izakaya, change), r"has characters a web address must escape \(' ,¥'\)")


def test_an_object_without_tags_is_caught(izakaya):
    caught(broken(izakaya, lambda save, files: first(save, card).update(Tags=[])), r"\(CardCustom \w+\) has no tags")


def test_snap_points_without_tags_or_with_tags_nothing_carries_are_caught(izakaya):
    def untagged(save, files):
        save["SnapPoints"][0]["Tags"] = []
        first(save, lambda o: o.get("AttachedSnapPoints"))["AttachedSnapPoints"][0]["Tags"] = []
    found = broken(izakaya, untagged)
    caught(found, r"on the table at .* have no tags, so they pull in anything")
    caught(found, r"on .*\(Custom_Tile \w+\) at .* have no tags")

    def strange(save, files):
        save["SnapPoints"][0]["Tags"] = ["nothing has this tag"]
    caught(broken(izakaya, strange), r"are tagged \['nothing has this tag'\], which no object carries, so they pull")


def test_a_seat_without_one_hand_zone_is_caught(izakaya):
    def hands(save):
        return [o for o in save["ObjectStates"] if o["Name"] == "HandTrigger"]

    def none(save, files):
        save["ObjectStates"].remove(next(o for o in hands(save) if o["FogColor"] == "Red"))
    caught(broken(izakaya, none), r"^Red has no hand zone")

    def two(save, files):
        save["ObjectStates"].append(copy.deepcopy(hands(save)[0]))
    caught(broken(izakaya, two), r"^White has 2 hand zones")

    def stranger(save, files):
        extra = copy.deepcopy(hands(save)[0])
        extra["FogColor"] = "Teal"
        save["ObjectStates"].append(extra)
    caught(broken(izakaya, stranger), r"a hand zone for Teal, which is no seat of this save")

    def colourless(save, files):
        hands(save)[0]["FogColor"] = "Mauve"
    caught(broken(izakaya, colourless), r"its colour 'Mauve' is no player colour")


def test_a_zone_whose_tags_the_cards_do_not_share_is_caught(izakaya):
    def untag(save, files):
        for o in save["ObjectStates"]:
            if o["Name"] in ("HandTrigger", "FogOfWarTrigger"):
                o["Tags"] = []
    save, files = copy.deepcopy(izakaya[0]), dict(izakaya[1])
    untag(save, files)
    assert not [p for p in problems(save, files) if "acts only on objects sharing" in p]
    first(save, lambda o: o["Name"] == "HandTrigger")["Tags"] = ["hand"]
    first(save, lambda o: o["Name"] == "FogOfWarTrigger")["Tags"] = ["hidden zone"]
    found = problems(save, files)
    caught(found, r"\(HandTrigger \w+\) is tagged \['hand'\], so it acts only on objects sharing .* cards share none")
    caught(found, r"\(FogOfWarTrigger \w+\) is tagged \['hidden zone'\], .* cards and chips share none")


def test_physics_out_of_range_is_caught(izakaya):
    def change(save, files):
        o = first(save, lambda o: o.get("PhysicsMaterial"))
        o["PhysicsMaterial"].update(Bounciness=2.0, StaticFriction=-1, FrictionCombine=7)
        first(save, lambda o: o.get("Rigidbody"))["Rigidbody"]["Mass"] = 0
    found = broken(izakaya, change)
    caught(found, r"its Bounciness 2.0 is not between 0 and 1")
    caught(found, r"its StaticFriction -1 is not a friction")
    caught(found, r"its FrictionCombine 7 is none of 0 to 3")
    caught(found, r"its mass 0 is not more than 0")


def test_masses_more_than_100_times_apart_are_caught(izakaya):
    def change(save, files):
        first(save, lambda o: o.get("Rigidbody"))["Rigidbody"]["Mass"] = 500.0
    caught(broken(izakaya, change), r"Masses run from .* to 500 .*: keep them within 100 times")


def test_obj_reading_counts_what_tts_counts():
    obj = read_obj(b"o a\nv 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3 4\no b\nv 0 0 1\nf -1 1 2\n")
    assert (obj.vertices, obj.triangles, sorted(obj.groups)) == (5, 3, ["a", "b"])
    assert obj.concave_parts() == []
