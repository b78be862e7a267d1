"""Tokyo Tsukiji Market exported for Tabletop Simulator (tts/layouts/tsukiji.py), counted
against the rules' own state.

For 2-6 players, base game and expansion, the set-up and a match after random legal moves
are exported and read back; the save must hold exactly the pieces `rules.conserved()`
lists (barrels, tokens and licences by fish, boats by type, loans, shares, rentals and
markers; the yen supply's infinite bags aside), each seat's yen, boats and licences in
front of its colour, every market in play as one board with its pieces on it, the markets
not in play as cards, the auction bags with exactly their tokens, and every file it names.
Hidden money puts each seat's yen into a bag of its own; a position the layout cannot show
is refused in one line with nothing written; exporting never changes the match.
"""

from __future__ import annotations

import math

import json
import struct
from collections import Counter
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from core import games
from core.rng import Rng
from games.tsukiji.data import BASE_EXTERNAL, BASE_FISH, EXTERNAL, FISH
from tts.export import export
from tts.table import LayoutError, seat

from .tts_support import bags, export_of, exported, objects, owned, snap_points, tagged, urls, yen

#: a piece's first tag (its kind) and the rules.conserved() count it belongs to, with its second tag
COUNTED = {"barrel": "barrels:{}", "fish token": "tokens:{}", "licence": "licences:{}", "boat": "boats:{}",
           "loan": "loans", "share": "shares", "cool box": "coolboxes", "hand cart": "carts",
           "buyer marker": "buyers", "expansion marker": "expansion_markers",
           "ship rental marker": "ship_rental_markers"}
BASE = {}
EXPANSION = {"expansion": "on", "blue_ship": "on"}
BOATS_OUT = ("sea", "left", "middle", "right", "foreign")


@pytest.fixture(scope="module")
def tsukiji():
    return games.load("tsukiji")


# ---- reading a save -----------------------------------------------------------------------------

def counted(save: dict) -> Counter:
    """The pieces of a save in rules.conserved()'s terms; what an infinite bag holds is a pattern,
    not a piece, and is left out."""
    out: Counter = Counter()

    def walk(objs):
        for o in objs:
            tags = o.get("Tags", [])
            if tags and tags[0] in COUNTED:
                pattern = COUNTED[tags[0]]
                out[pattern.format(tags[1]) if "{}" in pattern else pattern] += 1
            if o["Name"] != "Infinite_Bag":
                walk(o.get("ContainedObjects", []))
    walk(save["ObjectStates"])
    return out


def chips(save: dict) -> list[dict]:
    """Every yen chip but the general supply's patterns."""
    out = []

    def walk(objs):
        for o in objs:
            if "yen" in o.get("Tags", [])[:1]:
                out.append(o)
            if o["Name"] != "Infinite_Bag":
                walk(o.get("ContainedObjects", []))
    walk(save["ObjectStates"])
    return out


def local(url: str) -> Path:
    p = urlparse(url)
    assert p.scheme == "file", url
    return Path(unquote(p.path))


def png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", path
    return struct.unpack(">II", head[16:24])


def footprint(o: dict) -> tuple[float, float, float, float]:
    """A tile's rectangle on the table (x, z, half width, half depth), from its image."""
    w, h = png_size(local(o["CustomImage"]["ImageURL"]))
    width = 2.0 * o["Transform"]["scaleX"]                     # tts.units.TILE_WIDTH
    return o["Transform"]["posX"], o["Transform"]["posZ"], width / 2, width * h / w / 2


def on(o: dict, rect) -> bool:
    x, z, hw, hd = rect
    t = o["Transform"]
    return abs(t["posX"] - x) <= hw + 1e-6 and abs(t["posZ"] - z) <= hd + 1e-6


def group(kind: str) -> str:
    return "salmon" if kind == "salmon_spoiled" else kind


# ---- what the state says -------------------------------------------------------------------------

def expected(rules, s) -> Counter:
    return Counter({k: v for k, v in rules.conserved(s).items() if not k.startswith("yen") and v})


def seat_barrels_and_tokens(s, i: int) -> tuple[Counter, Counter]:
    """What lies in front of seat i: barrels on its boats (wherever they are), its harbour and
    Himono licences; its tokens, takoyaki for sale and what dries on its licences; and, for the
    player whose turn it is, what the action under way has moved (pending barrels, a lot)."""
    st = s.seats[i]
    barrels, tokens = Counter(), Counter()
    for b in st["boats"]:
        barrels.update(x.split("/")[0] for x in b["load"])
    for kind, _, _ in st["harbour"]:
        (tokens if kind == "takoyaki" else barrels)[kind] += 1
    for space in st.get("himono", []):
        for item in space:
            what, _, kind = item.partition(":")
            (barrels if what == "b" else tokens)[group(kind)] += 1
    for kind, n in st["tokens"].items():
        tokens[group(kind)] += n
    if s.turn == i and s.ctx:
        for kind in s.ctx.get("pending", ()):
            (tokens if kind == "takoyaki" else barrels)[kind] += 1
        if s.ctx.get("kind") == "fish":
            for f in ("king_crab", "tuna", "swordfish"):
                barrels[f] += int(s.ctx.get(f) or 0)
        for kind, n in (s.ctx.get("lot") or {}).items():
            tokens[group(kind)] += n
    return +barrels, +tokens


def in_front(save: dict, kind: str, colour: str) -> Counter:
    return Counter(o["Tags"][1] for o in tagged(save, kind, colour))


def check_save(rules, s, save: dict, out: Path) -> None:
    """Everything the module docstring promises, for one match and its save."""
    got, want = counted(save), expected(rules, s)
    assert got == want, {k: (got.get(k, 0), want.get(k, 0)) for k in set(got) | set(want)
                         if got.get(k, 0) != want.get(k, 0)}
    # every seat's own things in front of its colour
    balances = [s.treasury.balances[f"seat{i}"] for i in range(s.players)]
    assert yen(chips(save)) == sum(balances)
    for i, st in enumerate(s.seats):
        colour = seat(i, s.players).colour
        assert yen(owned(save, colour)) == balances[i], colour
        assert in_front(save, "boat", colour) == Counter(b["type"] for b in st["boats"]), colour
        assert in_front(save, "licence", colour) == Counter(st["licences"]), colour
        barrels, tokens = seat_barrels_and_tokens(s, i)
        assert in_front(save, "barrel", colour) == barrels, colour
        mine = Counter(o["Tags"][1] for o in tagged(save, "fish token", colour))
        assert mine == tokens, colour
        harbour = [o for o in tagged(save, "harbour", colour) if o["Name"] == "Custom_Tile"]
        assert len(harbour) == 1, colour
        place = seat(i, s.players)
        h = harbour[0]["Transform"]
        # the harbour lies in front of its seat, turned to face it
        assert min(range(s.players), key=lambda j: (h["posX"] - seat(j, s.players).x) ** 2
                   + (h["posZ"] - seat(j, s.players).z) ** 2) == i
        assert h["rotY"] == pytest.approx(place.at(0, 0)[2])
        hx, hz, hw, hd = footprint(harbour[0])
        for_sale = [o for o in objects(save) if o.get("Tags", [None])[0] in ("barrel", "fish token")
                    and o["Description"].startswith("A ") and f"For sale on {colour}'s harbour" in o["Description"]]
        assert Counter(o["Tags"][1] for o in for_sale) == Counter(x[0] for x in st["harbour"]), colour
        assert all((o["Transform"]["posX"] - hx) ** 2 + (o["Transform"]["posZ"] - hz) ** 2 <= hw * hw + hd * hd
                   for o in for_sale), f"{colour}'s barrels for sale lie off the harbour"
    # one board for each market in play, its barrels and licences on it
    boards = Counter(o["Tags"][1] for o in tagged(save, "market") if o["Name"] == "Custom_Tile")
    assert boards == Counter(list(s.fish) + list(s.ext))
    for o in tagged(save, "market"):
        mid = o["Tags"][1]
        if any("reconstructed" in str(v).lower() for v in rules.asset_data[f"tsukiji/{mid}.toml"]
               .get("sources", {}).values()):
            assert "RECONSTRUCTED" in o["Description"], mid
    for mid, st in s.fish.items():
        board = next(o for o in tagged(save, "market", mid) if o["Name"] == "Custom_Tile")
        rect = footprint(board)
        loose = [o for o in objects(save) if o.get("Tags", [None])[0] in ("barrel", "licence")
                 and len(o["Tags"]) == 2 and o["Tags"][1] == mid and on(o, rect)]
        assert Counter(o["Tags"][0] for o in loose) == Counter(
            {"barrel": st["barrels"], "licence": st["licences"]}) - Counter(), mid
    # the markets not in play, each once
    pool = [mid for mid in (FISH + EXTERNAL if s.expansion else BASE_FISH + BASE_EXTERNAL)
            if mid not in s.fish and mid not in s.ext]
    cards = Counter(o["Tags"][1] for o in tagged(save, "market card"))
    assert cards == Counter(pool), (cards, pool)
    # the auction bags: exactly the tokens the state has in them
    for f, items in s.bags.items():
        found = [o for o in tagged(save, "auction bag", f) if o["Name"] == "Bag"]
        assert len(found) == 1, f
        assert Counter(c["Tags"][1] for c in found[0]["ContainedObjects"]) == Counter(items), f
    # every file the save names is on disk, and nothing else was written
    named = {local(u) for u in urls(save)}
    assert named and all(p.is_file() for p in named)
    assert {p for p in (out / "tsukiji").rglob("*") if p.is_file()} == named
    assert len({o["GUID"] for o in objects(save)}) == len(objects(save))
    assert snap_points(save) and all(o.get("Tags") for o in objects(save))


# ---- random legal moves ---------------------------------------------------------------------------

def play_random(m, seed: int, moves: int) -> None:
    """`moves` random legal moves, fishing ones more likely (so that boats carry barrels and
    harbours fill), as tests/test_tsukiji_expansion_saves.py plays them."""
    rng = Rng(seed, stream=77)
    weights = {"fish": 6, "launch": 6, "catch": 10, "dock": 4, "foreign": 4, "transfer": 3, "buy": 2}
    for _ in range(moves):
        if m.over:
            return
        waiting = m.to_act()
        who = waiting[rng.below(len(waiting))]
        legal = m.legal(who)
        ws = [weights.get(a.key.split(":")[0], 1) for a in legal]
        r = rng.below(sum(ws))
        for a, w in zip(legal, ws):
            if r < w:
                break
            r -= w
        if a.takes:
            m.play(who, a.key, m.rules.sample_payload(m.view(who), a, rng))
        else:
            m.play(who, a.key)


# ---- the tests ------------------------------------------------------------------------------------

@pytest.mark.parametrize("options", [BASE, EXPANSION], ids=["base", "expansion"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_set_up_and_a_match_under_way_hold_what_the_rules_say(tsukiji, tmp_path, players, options):
    m, save = exported("tsukiji", players, tmp_path / "setup", seed=players, options=options)
    check_save(tsukiji.rules, m.state, save, tmp_path / "setup")
    setup = next(t for t in save["TabStates"].values() if t["title"] == "Set-up")["body"]
    assert all(tsukiji.rules.m[f].name in setup for f in list(m.state.fish) + list(m.state.ext))
    play_random(m, seed=players * 11 + len(options), moves=60)
    before = json.dumps(tsukiji.rules.dump(m.state), sort_keys=True)
    save = export_of(m, tmp_path / "later")
    assert json.dumps(tsukiji.rules.dump(m.state), sort_keys=True) == before, "the export changed the match"
    check_save(tsukiji.rules, m.state, save, tmp_path / "later")


def test_the_set_up_itself(tsukiji, tmp_path):
    """Four players as the rules set them up: a mackerel licence and
    a 1-hold ship at the left berth for everyone, two covered berths each, ¥2,000 each."""
    m, save = exported("tsukiji", 4, tmp_path, seed=3)
    for i in range(4):
        colour = seat(i, 4).colour
        assert in_front(save, "licence", colour) == Counter({"mackerel": 1})
        assert in_front(save, "boat", colour) == Counter({"1": 1})
        assert yen(owned(save, colour)) == 2000
        covers = tagged(save, "berth cover", colour)
        assert sorted(o["Tags"][1] for o in covers) == ["middle", "right"]
        boat = tagged(save, "boat", colour)[0]
        assert "left berth" in boat["Description"]
    assert len(tagged(save, "market deck")) >= 2
    decks = [o for o in objects(save) if o["Name"] == "DeckCustom" and "market deck" in o["Tags"]]
    assert decks and all(o["Transform"]["rotZ"] == 180.0 for o in decks), "markets not in play lie face down"


def test_a_position_s_pieces_lie_where_the_state_has_them(tsukiji, tmp_path):
    white = {"licences": {"mackerel": 1, "eel": 1}, "tokens": {"eel": 2, "mackerel": 3}, "berths": 2, "loans": 1,
             "boats": [{"type": "2", "at": "sea", "load": ["eel", "eel"]}, {"type": "1", "at": "middle"}],
             "harbour": [["eel", "upper", "c3"], ["mackerel", "lower", "q1200"]]}
    plain = {"licences": {"mackerel": 1}, "boats": [{"type": "1", "at": "left"}]}
    m = tsukiji.scenario({"players": 3, "options": {},
                          "markets": {"fish": {"mackerel": "setup", "eel": "setup"},
                                      "external": {"ships": "setup", "bank": "setup"}},
                          "seats": [white, plain, plain], "yen": [3700, 1500, 0], "turn": 1})
    save = export_of(m, tmp_path)
    check_save(tsukiji.rules, m.state, save, tmp_path)
    priced = {o["Tags"][1]: o["Description"] for o in tagged(save, "barrel", "White") if "For sale" in o["Description"]}
    assert "¥300 (upper row)" in priced["eel"] and "¥1,200 (lower row, ??? column)" in priced["mackerel"]
    assert [o["Tags"][1] for o in tagged(save, "berth cover", "White")] == ["right"]
    assert len(tagged(save, "loan", "White")) == 1 and len(tagged(save, "loan")) == 3
    assert yen(owned(save, "Yellow")) == 0 and yen(owned(save, "White")) == 3700
    # the 2-hold ship at sea carries its two barrels: they lie on it
    ship = next(o for o in tagged(save, "boat", "White") if o["Tags"][1] == "2")
    aboard = [o for o in tagged(save, "barrel", "White") if "boat 1" in o["Description"]]
    assert len(aboard) == 2 and all(abs(o["Transform"]["posX"] - ship["Transform"]["posX"]) < 1.0
                                    and abs(o["Transform"]["posZ"] - ship["Transform"]["posZ"]) < 0.5 for o in aboard)
    eel = next(o for o in tagged(save, "market", "eel") if o["Name"] == "Custom_Tile")
    marker = tagged(save, "value marker", "eel")
    assert len(marker) == 1 and on(marker[0], footprint(eel))


def in_zone(zone: dict, o: dict) -> bool:
    """Whether object o's centre lies inside the zone's box (its place, turn about y and size)."""
    z, t = zone["Transform"], o["Transform"]
    a = math.radians(z["rotY"])
    dx, dz = t["posX"] - z["posX"], t["posZ"] - z["posZ"]
    lx, lz = dx * math.cos(a) - dz * math.sin(a), dx * math.sin(a) + dz * math.cos(a)
    return abs(lx) <= z["scaleX"] / 2 and abs(lz) <= z["scaleZ"] / 2


def test_hidden_money_lies_in_a_zone_only_its_owner_sees_into(tsukiji, tmp_path):
    """000:92: each seat's yen lies in a hidden zone of its own colour, which TTS keeps from
    every other colour's eyes; the other seats' yen are outside it."""
    m, save = exported("tsukiji", 5, tmp_path, seed=2, options={"money": "hidden", **EXPANSION})
    play_random(m, seed=5, moves=40)
    save = export_of(m, tmp_path / "later")
    check_save(tsukiji.rules, m.state, save, tmp_path / "later")
    zones = {o["FogColor"]: o for o in save["ObjectStates"]
             if o["Name"] == "FogOfWarTrigger" and "(hidden money)" in o["Nickname"]}
    assert sorted(zones) == sorted(seat(i, 5).colour for i in range(5))
    for i in range(5):
        colour = seat(i, 5).colour
        chips = [o for o in save["ObjectStates"] if "yen" in o["Tags"][:1] and colour in o["Tags"]]
        assert yen(chips) == m.state.treasury.balances[f"seat{i}"]
        assert all(in_zone(zones[colour], c) for c in chips), f"{colour}'s chips lie outside their zone"
        assert not any(in_zone(z, c) for other, z in zones.items() if other != colour for c in chips)
    _, open_save = exported("tsukiji", 5, tmp_path / "open", seed=2, options=EXPANSION)
    assert not [o for o in objects(open_save) if "(hidden money)" in o.get("Nickname", "")]


def test_the_expansion_s_pieces_come_with_it(tsukiji, tmp_path):
    opts = {"expansion": "on", "blue_ship": "on", "barges": "two_four", "clams_oysters": "in", "influence": "in",
            "ship_rental": "in", "sardines": "in", "order": "open", "collapse": "on"}
    m, save = exported("tsukiji", 4, tmp_path, seed=4, options=opts)
    check_save(tsukiji.rules, m.state, save, tmp_path)
    assert Counter(o["Tags"][1] for o in tagged(save, "fish token", "clams_oysters")) == Counter(
        m.state.bags["clams_oysters"]) and m.state.bags["clams_oysters"]
    ships = next(o for o in tagged(save, "market", "ships") if o["Name"] == "Custom_Tile")
    assert [o for o in tagged(save, "boat", "blue") if on(o, footprint(ships))]
    assert len([o for o in tagged(save, "boat", "barge4") if on(o, footprint(ships))]) == 2
    # open market order: the markets not in play face up, numbered as they will come
    deck = [o for o in objects(save) if o["Name"] in ("DeckCustom", "CardCustom") and "market deck" in o["Tags"]
            and "fish" in o["Tags"]]
    assert deck and deck[0]["Transform"]["rotZ"] == 0.0
    firsts = [c["Nickname"] for c in tagged(save, "market card") if "fish market" in c["Tags"]]
    assert sorted(firsts, key=lambda n: int(n.split(".")[0])) == [
        f"{k + 1}. {tsukiji.rules.m[f].name}" for k, f in enumerate(m.state.order["fish"])]


def test_a_position_it_cannot_show_is_refused_in_one_line_with_nothing_written(tsukiji, tmp_path):
    m = tsukiji.new(3, seed=1, options=tsukiji.info.settle_options(3, {}))
    m.state.seats[0]["boats"].append({"type": "submarine", "at": "sea", "load": []})
    with pytest.raises(LayoutError, match="submarine") as e:
        export(m, tmp_path / "a")
    assert "\n" not in str(e.value) and not (tmp_path / "a").exists()
    m = tsukiji.new(3, seed=1, options=tsukiji.info.settle_options(3, {}))
    m.state.seats[1]["boats"][0]["at"] = "right"                   # a covered berth
    with pytest.raises(LayoutError, match="covered"):
        export(m, tmp_path / "b")
    m = tsukiji.new(3, seed=1, options=tsukiji.info.settle_options(3, {}))
    m.state.seats[2]["harbour"].append(["eel", "upper", "c99"])       # a column the harbour does not have
    with pytest.raises(LayoutError, match="c99"):
        export(m, tmp_path / "c")
    m = tsukiji.new(3, seed=1, options=tsukiji.info.settle_options(3, {}))
    m.state.treasury.balances["seat0"] += 5                        # ¥5: no chip pays it
    with pytest.raises(LayoutError):
        export(m, tmp_path / "d")
    assert not any((tmp_path / d).exists() for d in "bcd")
