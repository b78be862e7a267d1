"""Tokyo Jutaku (games/jutaku: the lot rounds of games/building/lots.py), rule by rule, with
real buildings.

Lines are cited as 004:NNN (004_2b6c36ff9b44b906.txt, Tokyo Jutaku is 004:1-60); the
tests never read that file. Where the rulebook leaves a point open, the rules text of
games/building/lot_text.py is the ruling followed. Buildings are planned by the computer architect
(games/building/planner.py) or laid by hand, and judged by the same rule check and
physics verdict as every Stop!.
"""

from __future__ import annotations

import pytest

from core import games
from core.errors import IllegalMove
from core.rng import Rng
from core.testing import refused
from games.building import lots as J
from games.building.planner import LEVELS, plan
from physics import geometry
from physics.building import R_FLOORS, R_INSIDE, R_OVERLAP, R_PIECES, R_RESTS, R_SUPPORT, R_TOUCH, Lot, Placement

RULES = "004_2b6c36ff9b44b906.txt"


@pytest.fixture(scope="module")
def jutaku():
    return games.load("jutaku")


# ---- positions and buildings ---------------------------------------------------------------

def where(grid, card_id):
    for r, row in enumerate(grid):
        for c, cid in enumerate(row):
            if cid == card_id:
                return r, c
    raise KeyError(card_id)


def position(game, cards, *, won=None, seed=0, **over):
    """Dump-shaped data of a building round: seat i stands where cards[i] lay and holds it;
    the cards of `won[i]` are seat i's completed lots (front side)."""
    n = len(cards)
    d = game.rules.dump(game.new(n, seed=seed).state)
    for i, cid in enumerate(cards):
        r, c = where(d["grid"], cid)
        d["at"][i], d["hand"][i], d["grid"][r][c] = [r, c], cid, None
    for i, lots in enumerate(won or []):
        for cid in lots:
            r, c = where(d["grid"], cid)
            d["grid"][r][c] = None
            d["won"][i].append([cid, "front"])
    d.update(phase="build", status=["building"] * n)
    d.update(over)
    return d


def payload(p: Placement) -> dict:
    return {"piece": p.piece, "x": p.x, "y": p.y, "rotation": p.rotation, "flip": p.flip, "floor": p.floor}


def width(game, piece: str) -> float:
    x0, _, x1, _ = geometry.bounds(game.rules.pieces[piece].parts)
    return x1 - x0


def row(game, pieces, x: float, y: float = 0.0, floor: int = 1) -> list[Placement]:
    """Pieces side by side from x, unturned: each touches the next (004:52)."""
    out = []
    for pid in pieces:
        out.append(Placement(pid, x, y, 0.0, False, floor))
        x += width(game, pid)
    return out


def planned(game, lot: Lot, seed: int = 0, without=()) -> list[Placement]:
    """A building the master architect plans for `lot` (verified: keeps the rules and stands)."""
    available = [p for p in game.rules.pieces.ids() if p not in set(without)]
    found = plan(lot, available, LEVELS["master"], Rng(seed), game.rules.pieces)
    assert found is not None, f"the architect found no building for {lot}"
    return list(found.placements)


def front_lot(game, card_id: str, outline: int | None = None) -> Lot:
    side = game.rules.deck.card(card_id).front
    if outline is None:
        return side.lot()
    return Lot((side.outlines[outline],), side.floors, side.numeral)


def build(m, seat, placements) -> None:
    for p in placements:
        m.play(seat, "place", payload(p))


def stop(m, seat, seconds: float):
    return m.play(seat, "stop", {"seconds": seconds})


def verdict(m, seat) -> dict:
    return m.view(seat)["seats"][seat]["verdict"]


def keys(m, seat) -> list[str]:
    return [a.key for a in m.legal(seat)]


def broken(m, seat) -> set[str]:
    """The rules the seat's building breaks, by the same check Stop! runs."""
    return {v.rule for v in m.rules.building(m.state, seat).check()}


# Simple real buildings on one-floor cards:
# ikebukuro-3: 1 floor, III, outline 22-66 mm; harajuku-1: 1 floor, III, outline 8-56 mm.
IKEBUKURO_3 = ["column-10x40-1", "column-10x40-2", "column-10x40-3"]
HARAJUKU_1 = ["column-10x60-1", "column-10x60-2", "cube-20-1"]


# ==== the start (004:27-29) =================================================================

def test_architects_start_on_outer_cards_and_take_them(jutaku):
    # 004:27 — "stellt ihn auf eine Grundstückskarte am äußeren Rand des Plans."
    m = jutaku.new(3, seed=4)
    outer = {f"start:{r}:{c}" for r in range(6) for c in range(6) if r in (0, 5) or c in (0, 5)}
    assert set(keys(m, 0)) == outer
    before = m.save()
    with pytest.raises(IllegalMove) as e:
        m.play(0, "start:1:1")                       # an inner card
    assert e.value.rule == J.R_START and m.save() == before
    # 004:29 — "nehmen die Grundstückskarte unter ihrem Architektenmarker ... der
    # Architektenmarker bleibt, wo er ist."
    m.play(0, "start:0:0")
    s = m.state
    assert s["hand"][0] == "ikebukuro-1" and s["at"][0] == [0, 0] and s["grid"][0][0] is None
    assert "start:0:0" not in keys(m, 1) and len(keys(m, 1)) == len(outer) - 1
    with pytest.raises(IllegalMove) as e:
        m.play(1, "start:0:0")
    assert e.value.rule == J.R_START
    m.play(1, "start:5:5")
    assert s["phase"] == "start" and m.to_act() == (2,)
    # 004:29 — "Jemand sagt „los“ und alle Spieler beginnen zu bauen!"
    m.play(2, "start:2:0")
    assert m.state["phase"] == "build" and m.to_act() == (0, 1, 2)
    assert m.state["hand"] == ["ikebukuro-1", "ginza-4", "shinjuku-1"]


# ==== exact floors and pieces (004:31-35, 004:45-46) ===========================================

def test_the_example_card_is_shibuya_1(jutaku):
    # 004:33 — "3; die Bauteile müssen 3 Stockwerke hoch gestapelt werden."
    # 004:34 — "V///; erfordert insgesamt acht Bauteile."   004:35 — "¥14000"
    side = jutaku.rules.deck.card("shibuya-1").front
    assert (side.floors, side.numeral, side.pieces, side.yen) == (3, "V///", 8, 14000)


@pytest.mark.parametrize("floors, numeral, rule", [
    (3, "V///", None),           # exactly as asked: passes
    (2, "V///", R_FLOORS),       # 004:45 fewer floors
    (4, "V///", R_FLOORS),       # 004:45 more floors
    (3, "V//", R_PIECES),        # 004:46 fewer pieces
    (3, "V////", R_PIECES),      # 004:46 more pieces
])
def test_exactly_the_floors_and_pieces_the_card_asks(jutaku, floors, numeral, rule):
    # 004:45 — "Die Spieler dürfen nicht mehr und nicht weniger Stockwerke bauen, als die
    # Bauvorgabe verlangt."
    # 004:46 — "Die Spieler dürfen nicht mehr und nicht weniger Bauteile verwenden, als die
    # Bauvorgabe verlangt."
    m = jutaku.scenario(position(jutaku, ["shibuya-1", "ueno-1"]))
    outline = jutaku.rules.deck.card("shibuya-1").front.outlines[0]
    build(m, 0, planned(jutaku, Lot((outline,), floors, numeral)))
    stop(m, 0, 42.0)
    v = verdict(m, 0)
    if rule is None:
        assert v["passes"] and v["stands"] is True and v["problems"] == []
        assert m.state["status"][0] == "done" and m.state["stop"][0] == 42.0
        return
    assert not v["passes"] and broken(m, 0) == {rule}
    assert [x.message for x in m.rules.building(m.state, 0).check()] == v["problems"]
    assert m.state["status"][0] == "building" and 0 in m.to_act()


# ==== the lot outlines (004:37-39, 004:48) ====================================================

def test_a_building_outside_the_chosen_outline_fails_until_the_outline_is_switched(jutaku):
    # 004:37 — "Innerhalb dieser Grundstücksbegrenzung müssen alle Stockwerke des Gebäudes
    # bleiben. Hat ein Grundstück zwei dunkle Grundstücksbegrenzungen, darf der Spieler
    # wählen, auf welcher der beiden er baut."  (asakusa-2: 0-44 mm or 44-88 mm, III)
    m = jutaku.scenario(position(jutaku, ["asakusa-2", "ueno-1"]))
    assert "outline:1" in keys(m, 0) and m.state["outline"][0] == 0
    assert not any(k.startswith("outline:") for k in keys(m, 1))    # ueno-1 has one outline
    build(m, 0, planned(jutaku, front_lot(jutaku, "asakusa-2", 1)))  # built on outline 2
    stop(m, 0, 20.0)
    assert not verdict(m, 0)["passes"] and broken(m, 0) == {R_INSIDE}
    m.play(0, "outline:1")
    assert m.state["outline"][0] == 1 and "outline:0" in keys(m, 0)
    stop(m, 0, 25.0)
    assert verdict(m, 0)["passes"] and m.state["status"][0] == "done"


# ==== the building rules (004:39-41, 004:52-54) ================================================

CASES = {
    # 004:52 — three columns on ikebukuro-3 (22-66 mm), the third apart from the others
    "touch": ("ikebukuro-3", [Placement("column-10x40-1", 22, 0), Placement("column-10x40-2", 32, 0),
                              Placement("column-10x40-3", 56, 0)], R_TOUCH, "touches no other piece"),
    # 004:54 — shinjuku-2 (2 floors, III, 30-74 mm): the upper cube reaches past the floor below
    "outside": ("shinjuku-2", [Placement("cube-20-1", 30, 0), Placement("cube-20-2", 50, 0),
                               Placement("cube-20-3", 54, 20, floor=2)], R_SUPPORT, "reaches outside floor 1"),
    # 004:54 — akihabara-2 (2 floors, V///, 0-88 mm): floor 1 has a gap at 40-48 mm and the
    # upper block lies over it
    "gap": ("akihabara-2", [Placement("cube-20-1", 0, 0), Placement("cube-20-2", 20, 0),
                            Placement("cube-20-3", 48, 0), Placement("cube-20-4", 68, 0),
                            Placement("column-10x40-1", 0, 20, floor=2), Placement("column-10x40-2", 10, 20, floor=2),
                            Placement("cube-20-5", 20, 20, floor=2), Placement("block-40x20-1", 40, 20, floor=2)],
            R_SUPPORT, "lies over a gap in floor 1"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_stop_fails_a_building_that_breaks_a_building_rule(jutaku, case):
    # 004:52 — "Werden mehrere Bauteile auf demselben Stockwerk verbaut, muss mindestens
    # eine Seite ein anderes Bauteil berühren."
    # 004:54 — "Beim Stapeln ist es nicht erlaubt, Bauteile außerhalb der Grenzen des
    # vorherigen Stockwerks oder über Lücken zu legen."
    card, placements, rule, words = CASES[case]
    m = jutaku.scenario(position(jutaku, [card, "ueno-1"]))
    build(m, 0, placements)                       # each placement is accepted: it rests
    stop(m, 0, 30.0)
    v = verdict(m, 0)
    assert not v["passes"] and v["stands"] is None          # the rules fail before gravity is asked
    assert broken(m, 0) == {rule}                             # the one rule, and only it
    assert any(words in p for p in v["problems"])
    assert m.state["status"][0] == "building"


def test_a_piece_may_be_turned_and_flipped(jutaku):
    # 004:41 — "Die Spieler dürfen das Bauteil vor dem Ablegen beliebig wenden und drehen."
    # ikebukuro-3 (III, 22-66 mm): a 40x20 block lying flat reaches past the outline; turned
    # upright (and flipped, which a block does not mind) it fits beside two columns.
    m = jutaku.scenario(position(jutaku, ["ikebukuro-3", "ueno-1"]))
    build(m, 0, row(jutaku, IKEBUKURO_3[:2], 22.0))
    m.play(0, "place", {"piece": "block-40x20-1", "x": 42.0, "y": 0.0, "floor": 1})
    assert broken(m, 0) == {R_INSIDE}            # lying flat: 42-82 mm
    m.play(0, "take_back")
    m.play(0, "place", {"piece": "block-40x20-1", "x": 42.0, "y": 0.0, "rotation": 90.0, "flip": True,
                        "floor": 1})
    assert m.state["built"][0][2]["rotation"] == 90.0 and m.state["built"][0][2]["flip"] is True
    assert broken(m, 0) == set()                 # upright: 42-62 mm
    stop(m, 0, 15.0)
    assert verdict(m, 0)["passes"]


# ==== taking back (004:50) ====================================================================

def test_taking_back_the_last_piece_then_the_one_before(jutaku):
    # 004:50 — "darf ein Spieler das zuletzt gelegte Bauteil von seinem Gebäude in den Vorrat
    # zurückstellen. Auf Wunsch dürfen alle Bauteile nacheinander einzeln in den Vorrat
    # zurückgestellt werden."
    m = jutaku.scenario(position(jutaku, ["shibuya-1", "ueno-1"]))
    placements = planned(jutaku, front_lot(jutaku, "shibuya-1"))[:3]
    build(m, 0, placements)
    supply = list(m.state["supply"])
    assert "take_back" in keys(m, 0) and "take_back" not in keys(m, 1)
    for n in (2, 1, 0):
        m.play(0, "take_back")
        assert [p["piece"] for p in m.state["built"][0]] == [p.piece for p in placements[:n]]
        assert placements[n].piece in m.state["supply"]
    assert m.state["supply"] == jutaku.rules.pieces.ids()        # back in the supply, in order
    assert len(supply) == len(m.state["supply"]) - 3
    assert "take_back" not in keys(m, 0)
    with pytest.raises(IllegalMove) as e:
        m.play(0, "take_back")
    assert e.value.rule == J.R_TAKE_BACK


# ==== Stop! (004:56) ==========================================================================

def test_a_failed_stop_lets_everyone_build_on_and_call_again_later(jutaku):
    # 004:56 — "Hat der Spieler nicht alle Bauvorgaben erfüllt, bauen alle weiter, bis ein
    # anderer Spieler „Stopp!“ ruft."
    m = jutaku.scenario(position(jutaku, ["shibuya-1", "ikebukuro-3"]))
    mine = planned(jutaku, front_lot(jutaku, "shibuya-1"), without=IKEBUKURO_3)
    build(m, 0, mine[:-1])
    stop(m, 0, 31.0)                                  # one piece short
    assert not verdict(m, 0)["passes"] and broken(m, 0) == {R_PIECES}
    assert m.to_act() == (0, 1) and m.state["tries"][0] == [31.0]
    build(m, 1, row(jutaku, IKEBUKURO_3[:1], 22.0))   # the others build on
    before = m.save()
    with pytest.raises(IllegalMove) as e:             # a later call is later on the clock
        stop(m, 0, 30.9)
    assert e.value.rule == J.R_STOP and m.save() == before
    build(m, 0, mine[-1:])
    stop(m, 0, 38.5)
    v = verdict(m, 0)
    assert v["passes"] and v["stands"] is True and m.state["stop"][0] == 38.5
    assert m.view(1)["seats"][0]["tries"] == 2
    assert m.to_act() == (1,)                         # the other seat still builds


def test_a_successful_stop_keeps_the_card_for_its_yen_and_clears_every_lot(jutaku):
    # 004:56 — "Wurden die Bauvorgaben erfüllt, behält dieser Spieler seine Grundstückskarte
    # für ihren Yen-Wert, und alle stellen sämtliche Bauteile von ihrer Grundstückskarte in
    # die Mitte des Plans zurück."
    m = jutaku.scenario(position(jutaku, ["shibuya-1", "ikebukuro-3"]))
    build(m, 0, planned(jutaku, front_lot(jutaku, "shibuya-1"), without=IKEBUKURO_3))
    build(m, 1, row(jutaku, IKEBUKURO_3[:2], 22.0))
    stop(m, 0, 44.4)
    assert m.state["status"][0] == "done" and m.state["phase"] == "build"
    m.play(1, "give_up")
    s = m.state
    assert s["won"][0] == [["shibuya-1", "front"]] and s["hand"][0] is None and s["hand"][1] == "ikebukuro-3"
    assert jutaku.rules.yen(s, 0) == 14000 and m.view(1)["seats"][0]["yen"] == 14000     # 004:35
    assert s["built"] == [[], []] and s["supply"] == jutaku.rules.pieces.ids()
    assert s["winners"] == [0] and s["history"][-1] == {"round": 1, "winners": [0], "seconds": 44.4}
    assert s["phase"] == "move" and not m.over                # one lot is not the end (004:60)


def test_the_fastest_success_wins_the_round(jutaku):
    # 004:56 — the first to call a good Stop! completes the lot; a slower one does not.
    m = jutaku.scenario(position(jutaku, ["ikebukuro-3", "harajuku-1"]))
    build(m, 1, row(jutaku, HARAJUKU_1, 8.0))
    stop(m, 1, 20.0)
    build(m, 0, row(jutaku, IKEBUKURO_3, 22.0))
    stop(m, 0, 20.1)
    assert m.state["winners"] == [1] and m.state["won"] == [[], [["harajuku-1", "front"]]]
    assert m.state["hand"][0] == "ikebukuro-3"


@pytest.mark.parametrize("first, second", [(30.04, 29.96), (30.0, 30.0), (12.34, 12.32)])
def test_equal_times_to_the_tenth_all_complete(jutaku, first, second):
    # 004:56 — "Rufen mehrere Spieler gleichzeitig „Stopp“, gelten alle erfolgreich gebauten
    # Grundstückskarten als fertiggestellt und werden für die Wertung behalten."
    m = jutaku.scenario(position(jutaku, ["ikebukuro-3", "harajuku-1", "ueno-1"]))
    build(m, 0, row(jutaku, IKEBUKURO_3, 22.0))
    build(m, 1, row(jutaku, HARAJUKU_1, 8.0))
    stop(m, 0, first)
    stop(m, 1, second)
    m.play(2, "give_up")
    assert m.state["winners"] == [0, 1]
    assert m.state["won"] == [[["ikebukuro-3", "front"]], [["harajuku-1", "front"]], []]


# ==== moving (004:58) ==========================================================================

def test_the_richest_winner_moves_first_then_clockwise(jutaku):
    # 004:58 — "Dies geht im Uhrzeigersinn weiter, bis sich alle Spieler bewegt haben. ...
    # Haben mehrere Spieler während der Baurunde Grundstückskarten erfolgreich bebaut,
    # bewegt der Spieler mit den meisten Yen seinen Architekten zuerst."
    m = jutaku.scenario(position(jutaku, ["ueno-1", "ikebukuro-3", "harajuku-1"], won=[[], [], ["ginza-3"]]))
    build(m, 1, row(jutaku, IKEBUKURO_3, 22.0))
    build(m, 2, row(jutaku, HARAJUKU_1, 8.0))
    stop(m, 1, 25.0)
    stop(m, 2, 25.0)
    m.play(0, "give_up")
    assert m.state["winners"] == [1, 2] and m.state["order"] == [2, 0, 1]
    assert m.to_act() == (2,)
    # 004:58 — "Der Spieler, der sein Gebäude erfolgreich fertiggestellt hat, bewegt seinen
    # Architektenmarker": a winner has no card to keep.
    assert "keep" not in keys(m, 2)
    before = m.save()
    with pytest.raises(IllegalMove) as e:
        m.play(2, "keep")
    assert e.value.rule == J.R_MOVE and m.save() == before
    r, c = where(jutaku.rules.deck.grid(), "harajuku-1")                 # (4, 0)
    m.play(2, f"move:{r - 1}:{c}")
    assert m.state["hand"][2] == "shinjuku-3" and m.state["grid"][r][c] is None
    # 004:58 — "Hat ein Spieler kein Gebäude fertiggestellt, darf er seine bisherige
    # Grundstückskarte behalten, anstatt sich zu bewegen."
    assert m.to_act() == (0,) and "keep" in keys(m, 0)
    old = m.state["at"][0]
    m.play(0, "move:0:3")                             # ueno-1 (0, 2) -> ueno-2 (0, 3)
    assert m.state["grid"][old[0]][old[1]] == "ueno-1"     # the old card goes back to its place
    assert m.state["hand"][0] == "ueno-2" and m.state["at"][0] == [0, 3]
    m.play(1, "move:1:2")                             # ikebukuro-3 (1, 0): two steps right
    assert m.state["hand"][1] == "ueno-3"
    assert m.state["phase"] == "build" and m.state["round"] == 2 and m.to_act() == (0, 1, 2)


def test_a_non_winner_who_keeps_builds_on_the_same_card(jutaku):
    # 004:58 — keeping instead of moving: the next round is built on the same card.
    m = jutaku.scenario(position(jutaku, ["ikebukuro-3", "ueno-1"]))
    build(m, 0, row(jutaku, IKEBUKURO_3, 22.0))
    stop(m, 0, 25.0)
    m.play(1, "give_up")
    m.play(0, "move:0:0")
    m.play(1, "keep")
    assert m.state["hand"][1] == "ueno-1" and m.state["phase"] == "build"


def move_position(jutaku):
    """Seat 1 completed harajuku-2 (4, 1) and moves first; shibuya-1 (4, 2) and harajuku-4
    (5, 1) are gaps (seat 0 completed them earlier); seat 0 holds ginza-4 at (5, 5)."""
    d = position(jutaku, ["ginza-4", "harajuku-2"], won=[["shibuya-1", "harajuku-4"], []])
    d["won"][1].append([d["hand"][1], "front"])
    d.update(hand=["ginza-4", None], phase="move", status=["out", "done"], winners=[1], order=[1, 0], turn=0)
    return d


def test_moving_up_to_two_straight_steps_over_gaps(jutaku):
    # 004:58 — "bewegt seinen Architektenmarker bis zu zwei Felder weit; diagonale Bewegung
    # ist nicht erlaubt. Befindet sich dort eine Lücke, bewege dich einfach durch dieses Feld
    # hindurch, als wäre es nicht vorhanden."
    m = jutaku.scenario(move_position(jutaku))
    assert m.to_act() == (1,)
    reach = {tuple(map(int, k.split(":")[1:])) for k in keys(m, 1) if k.startswith("move:")}
    assert reach == {
        (3, 1), (2, 1), (3, 0),        # up, then up or left
        (3, 4),                         # up, then right over the empty centre
        (4, 0), (5, 0),                 # left, then down
        (4, 3), (4, 4), (5, 3),         # right over the gap at (4, 2), then on or down
        (1, 3),                         # ... then up over the centre
    }
    assert (5, 2) not in reach          # the diagonal neighbour: both straight ways lead elsewhere
    assert (4, 5) not in reach          # three cards away
    for key in ("move:5:2", "move:4:5", "move:2:2"):
        before = m.save()
        with pytest.raises(IllegalMove) as e:
            m.play(1, key)
        assert e.value.rule == J.R_MOVE and m.save() == before
    m.play(1, "move:4:3")
    assert m.state["hand"][1] == "shibuya-2" and m.state["grid"][4][1] is None     # a won card stays won
    assert m.state["at"][1] == [4, 3] and m.state["grid"][4][3] is None
    # the non-winner moves: one straight step, and its old card goes back to where it lay
    m.play(0, "move:5:4")
    assert m.state["grid"][5][5] == "ginza-4" and m.state["hand"][0] == "ginza-3"
    assert m.state["phase"] == "build" and m.state["round"] == 2


# ==== the end (004:60) ========================================================================

def test_a_fourth_lot_ends_the_game_and_ties_share_the_win(jutaku):
    # 004:60 — "Sobald ein Spieler seine vierte Grundstückskarte fertiggestellt hat, endet das
    # Spiel. ... wer die meisten hat, gewinnt! Bei Gleichstand teilen sich die Spieler den Sieg."
    won = [["asakusa-2", "harajuku-1", "shinjuku-2"],        # 6000 + 6000 + 8000
           ["ikebukuro-4", "ginza-3"],                       # 18000 + 8000
           ["ueno-3"]]                                       # 10000
    m = jutaku.scenario(position(jutaku, ["ikebukuro-3", "ueno-1", "shibuya-3"], won=won))
    build(m, 0, row(jutaku, IKEBUKURO_3, 22.0))              # ikebukuro-3: + 6000
    stop(m, 0, 19.0)
    m.play(1, "give_up")
    assert not m.over
    m.play(2, "give_up")
    assert m.over and m.to_act() == () and m.state["phase"] == "over"
    result = m.result()
    assert result.final_yen == (26000, 26000, 10000)
    assert result.ranking == ((0, 1), (2,)) and result.winners == (0, 1)
    assert len(result.breakdown[0]["lots"]) == 4
    with pytest.raises(IllegalMove):
        m.play(1, "give_up")


def test_three_lots_do_not_end_the_game(jutaku):
    # 004:60 — only the fourth lot ends it.
    m = jutaku.scenario(position(jutaku, ["ikebukuro-3", "ueno-1"], won=[["asakusa-2"], ["ginza-3"]]))
    build(m, 0, row(jutaku, IKEBUKURO_3, 22.0))
    stop(m, 0, 19.0)
    m.play(1, "give_up")
    assert len(m.state["won"][0]) == 2 and not m.over and m.state["phase"] == "move"


# ==== illegal moves change nothing ===============================================================

ILLEGAL = [
    # (seat, key, payload, rule)
    (0, "place", {"piece": "no-such-piece", "x": 30.0, "y": 0.0, "floor": 1}, J.R_BUILD),
    (0, "place", {"piece": "cube-20-1", "x": 40.0, "y": 0.0, "floor": 1}, J.R_BUILD),        # placed already
    (0, "place", {"piece": "cube-20-2", "x": 20.0, "y": 35.0, "floor": 1}, R_RESTS),         # floats
    (0, "place", {"piece": "cube-20-2", "x": 25.0, "y": 0.0, "floor": 1}, R_OVERLAP),        # into cube 1
    (0, "place", {"piece": "cube-20-2", "x": 40.0, "y": 0.0}, J.R_BUILD),                    # no floor
    (0, "place", {"piece": "cube-20-2", "x": float("nan"), "y": 0.0, "floor": 1}, "an action's data"),
    (0, "place", {"pieces": [{"piece": "cube-20-2", "x": 40.0, "y": 0.0, "floor": 1},
                             {"piece": "cube-20-3", "x": 60.0, "y": 0.0, "floor": 1}]}, J.R_BUILD),  # one at a time
    (0, "stop", {"seconds": 9.9}, J.R_STOP),                   # before the last Stop! at 10 s
    (0, "stop", {"seconds": -1.0}, J.R_STOP),
    (0, "stop", None, None),
    (1, "take_back", None, J.R_TAKE_BACK),                     # nothing built
    (0, "outline:1", None, J.R_BUILD),                         # shibuya-1 has one outline
    (0, "drink:black", None, J.R_BUILD),                       # no drinks in Tokyo Jutaku: no such move
    (0, "move:4:3", None, J.R_BUILD),
    (0, "give_up", {"now": True}, None),                       # give up takes no data
]


@pytest.mark.parametrize("seat, key, data, rule", ILLEGAL)
def test_illegal_moves_name_the_rule_and_change_nothing(jutaku, seat, key, data, rule):
    m = jutaku.scenario(position(jutaku, ["shibuya-1", "ueno-1"]))
    m.play(0, "place", {"piece": "cube-20-1", "x": 20.0, "y": 0.0, "floor": 1})
    stop(m, 0, 10.0)
    refused(m, seat, key, data, rule)
    m.play(0, "place", {"piece": "cube-20-2", "x": 40.0, "y": 0.0, "floor": 1})    # still playable


def test_out_of_turn_and_out_of_phase_moves_change_nothing(jutaku):
    m = jutaku.scenario(move_position(jutaku))
    before = m.save()
    for seat, key, data in ((0, "move:5:4", None), (1, "place", {"piece": "cube-20-1", "x": 0.0, "y": 0.0,
                                                                  "floor": 1}), (1, "stop", {"seconds": 1.0})):
        with pytest.raises(IllegalMove):
            m.play(seat, key, data)
        assert m.save() == before
    counted = m.rules.conserved(m.state)
    assert (counted["pieces"], counted["lot cards"]) == (69, 32)
    assert sum(counted.values()) == 2 * (69 + 32), "and each piece and lot card once by its own name"
