"""Countdown (games/countdown/rules.py), rule by rule, with real towers.

Lines are cited as 004:NNN (004_2b6c36ff9b44b906.txt, Countdown is 004:62-75); the tests
never read that file. The falling tower, on which the rulebook is silent, follows the
ruling written in the game's rules text (Countdown.how_to_play).
"""

from __future__ import annotations

import pytest

from core import games
from core.errors import IllegalMove, ScenarioError
from core.testing import refused
from games.countdown import rules as C
from physics.building import CARD_MM, R_OVERLAP, R_RESTS

RULES = "004_2b6c36ff9b44b906.txt"


@pytest.fixture(scope="module")
def countdown():
    return games.load("countdown")


def put(piece, x, y, floor, rotation=0.0, flip=False) -> dict:
    return {"piece": piece, "x": float(x), "y": float(y), "rotation": float(rotation), "flip": flip,
            "floor": floor}


def beams(n):
    """A tower of n 80x10 beams, one a floor, at 4-84 mm."""
    return [put(f"beam-80x10-{k}", 4, 10 * (k - 1), k) for k in range(1, n + 1)]


def blocks(n):
    """A tower of n 60x20 blocks, one a floor, at 14-74 mm."""
    return [put(f"block-60x20-{k}", 14, 20 * (k - 1), k) for k in range(1, n + 1)]


def position(game, towers, *, round=1, status=None, **over):
    """Dump-shaped data of the round `round`: seat i's tower is towers[i], all standing."""
    n = len(towers)
    used = {p["piece"] for t in towers for p in t}
    d = {"players": n, "round": round, "supply": [p for p in game.rules.pieces.ids() if p not in used],
         "built": [list(t) for t in towers], "status": status or ["building"] * n,
         "score": [None] * n, "stood": [len(t) for t in towers], "verdicts": [None] * n,
         "out_round": [None] * n}
    d.update(over)
    return d


def place(m, seat, piece, x, y, floor, seconds=1.0, **kw):
    return m.play(seat, "place", dict(put(piece, x, y, floor, **kw), seconds=seconds))


def keys(m, seat):
    return [a.key for a in m.legal(seat)]


# ==== rounds against the clock (004:66, 004:70-73) ===========================================

@pytest.mark.parametrize("round, limit", [(1, 60.0), (2, 45.0), (3, 30.0), (4, 15.0), (5, 15.0)])
def test_each_floor_has_its_time(countdown, round, limit):
    # 004:70 — "1. Stockwerk: 60 Sekunden"   004:71 — "2. Stockwerk: 45 Sekunden"
    # 004:72 — "3. Stockwerk: 30 Sekunden"   004:73 — "Weitere Stockwerke: 15 Sekunden"
    second_starts = round % 2 == 0                  # seat 2 starts the even floors, and has built
    towers = [beams(round - 1), blocks(round if second_starts else round - 1)]
    m = countdown.scenario(position(countdown, towers, round=round,
                                    status=["building", "waiting" if second_starts else "building"]))
    view = m.view(0)
    assert view["seconds"] == limit and view["floor"] == round
    late = dict(put("beam-60x8-1", 14, 10 * (round - 1), round), seconds=limit + 0.1)
    before = m.save()
    with pytest.raises(IllegalMove) as e:
        m.play(0, "place", late)
    assert e.value.rule == C.R_ROUND and f"{limit:g} seconds" in e.value.reason
    assert m.save() == before
    m.play(0, "place", dict(late, seconds=limit))              # on the last second: still in time
    assert m.state["built"][0][-1]["piece"] == "beam-60x8-1"


def test_the_rounds_follow_one_another_floor_by_floor(countdown):
    # 004:66 — "verbauen die Spieler in aufeinanderfolgenden Runden auf Zeit so viele Bauteile
    # wie möglich auf jedem Stockwerk." Everyone builds each floor at once.
    m = countdown.new(2, seed=3)
    for round in (1, 2, 3, 4):
        assert m.state["round"] == round and m.view(1)["seconds"] == C.countdown_seconds(round)
        assert m.to_act() == (0, 1)
        for seat in (1, 0):
            p = (beams(4), blocks(4))[seat][round - 1]
            place(m, seat, p["piece"], p["x"], p["y"], round, seconds=round * 2.0)
            m.play(seat, "done")
            assert m.state["status"][seat] == ("waiting" if seat == 1 else "building")
    assert m.state["round"] == 5 and m.state["stood"] == [4, 4] and not m.over


@pytest.mark.parametrize("floor", [1, 3])
def test_a_placement_on_another_floor_than_the_rounds_is_refused(countdown, floor):
    # 004:64 — "darauf werden nacheinander mehrere Stockwerke gebaut": round 2 builds floor 2.
    m = countdown.scenario(position(countdown, [beams(1), blocks(2)], round=2, status=["building", "waiting"]))
    before = m.save()
    with pytest.raises(IllegalMove) as e:
        place(m, 0, "beam-60x8-1", 14, 10, floor)
    assert e.value.rule == C.R_ROUND and "floor 2" in e.value.reason and m.save() == before
    place(m, 0, "beam-60x8-1", 14, 10, 2)


def test_everyone_builds_at_once_each_on_a_clock_that_runs_on(countdown):
    # 004:66 — "Nach denselben Bauregeln wie bei TOKYO JUTAKU": everyone builds at the same time
    # (004:39, "Alle gleichzeitig"), every move at a second of the builder's clock.
    m = countdown.scenario(position(countdown, [beams(1), blocks(1), []], round=2,
                                    status=["building", "building", "out"], score=[None, None, 0],
                                    out_round=[None, None, 1]))
    assert m.to_act() == (0, 1)
    place(m, 1, "beam-60x8-1", 14, 20, 2, seconds=9.0)
    assert countdown.rules.moment(m.state, 1, "take_back", None) == 9.0     # at once after it
    assert countdown.rules.moment(m.state, 0, "place", {"seconds": 4.5}) == 4.5
    before = m.save()
    with pytest.raises(IllegalMove, match="the clock runs on") as e:
        place(m, 1, "beam-60x8-2", 14, 28, 2, seconds=8.9)
    assert e.value.rule == C.R_ROUND and m.save() == before
    place(m, 0, "beam-60x8-2", 4, 10, 2, seconds=4.5)       # another builder's clock is their own
    m.play(1, "done", {"seconds": 12.0})
    assert m.state["status"] == ["building", "waiting", "out"] and m.to_act() == (0,)
    with pytest.raises(ScenarioError, match="has a piece on it"):
        countdown.scenario(position(countdown, [beams(1), blocks(1)], round=2, status=["waiting", "building"]))


# ==== the card's own edge (004:64, 004:68) ===================================================

def test_the_whole_card_is_the_lot_and_nothing_beyond(countdown):
    # 004:64 — "Dabei wird die dunkle Grundstücksbegrenzung ignoriert; nur die Kanten der
    # Karte selbst werden genutzt"
    # 004:68 — "nutze den tatsächlichen Rand der Karte selbst als Baugrundstück."
    m = countdown.new(2, seed=1)
    assert m.view(0)["card_mm"] == CARD_MM == 88.0
    place(m, 0, "beam-80x10-1", 8, 0, 1)                  # 8-88 mm: to the very edge
    assert "done" in keys(m, 0)
    m.play(0, "done")
    place(m, 1, "beam-80x10-2", 8.6, 0, 1)                # 8.6-88.6 mm: past the edge
    assert "done" not in keys(m, 1)
    before = m.save()
    with pytest.raises(IllegalMove) as e:
        m.play(1, "done")
    assert e.value.rule == C.R_RULES and "88.0 mm" in e.value.reason and m.save() == before
    m.play(1, "take_back")
    place(m, 1, "beam-80x10-2", 0, 0, 1)                  # 0-80 mm: from the other edge
    m.play(1, "done")
    assert m.state["round"] == 2 and m.state["stood"] == [1, 1]


def test_the_building_rules_of_tokyo_jutaku_hold(countdown):
    # 004:66 — "Nach denselben Bauregeln wie bei TOKYO JUTAKU": pieces on one floor touch
    # (004:52), nothing outside the floor below (004:54).
    m = countdown.scenario(position(countdown, [blocks(1), beams(2)], round=2, status=["building", "waiting"]))
    place(m, 0, "cube-20-1", 14, 20, 2)
    place(m, 0, "cube-20-2", 54, 20, 2)                   # apart from the first
    assert "done" not in keys(m, 0)
    with pytest.raises(IllegalMove) as e:
        m.play(0, "done")
    assert e.value.rule == C.R_RULES and "touches no other piece" in e.value.reason
    m.play(0, "take_back")
    place(m, 0, "cube-20-2", 64, 20, 2)                   # 64-84 mm: past the block's 74 mm
    assert "done" not in keys(m, 0)
    m.play(0, "take_back")
    place(m, 0, "cube-20-2", 34, 20, 2)
    m.play(0, "done")
    assert m.state["stood"][0] == 3


# ==== out and scoring (004:75) ===============================================================

def test_a_builder_who_adds_no_piece_is_out_and_the_others_go_on(countdown):
    # 004:75 — "Gelingt es einem Spieler in einer der Runden auf Zeit nicht, ein einziges
    # Bauteil hinzuzufügen, ist sein Spiel beendet. Er zählt die insgesamt verbauten Bauteile
    # zusammen; das ist seine Punktzahl. Die übrigen Spieler machen weiter, bis alle
    # ausgeschieden sind."
    m = countdown.new(3, seed=2)
    place(m, 0, "block-40x20-1", 0, 0, 1)
    place(m, 0, "block-40x20-2", 40, 0, 1)
    m.play(0, "done")
    place(m, 1, "cube-20-1", 30, 0, 1)
    m.play(1, "done")
    assert [a.text for a in m.legal(2) if a.key == "done"] == ["End my round without a piece (you are out)"]
    m.play(2, "done")
    assert m.state["status"] == ["building", "building", "out"] and m.state["score"][2] == 0
    assert m.state["round"] == 2 and m.to_act() == (0, 1)           # the others go on, together
    m.play(1, "done")                                                # no piece on floor 2: out
    place(m, 0, "slab-50x10-1", 10, 20, 2)
    m.play(0, "done")
    assert m.state["score"][1] == 1 and m.state["out_round"][1] == 2
    assert m.state["round"] == 3 and m.to_act() == (0,) and not m.over
    place(m, 0, "cube-20-2", 20, 30, 3)
    m.play(0, "done")
    assert m.state["round"] == 4 and m.to_act() == (0,)
    m.play(0, "done")
    assert m.over and m.state["score"] == [4, 1, 0]
    result = m.result()
    assert result.ranking == ((0,), (1,), (2,))
    assert result.scores == (4, 1, 0) and result.unit == "pieces"
    assert [result.score_text(i) for i in range(3)] == ["4 pieces", "1 piece", "0 pieces"]
    assert [b["pieces"] for b in result.breakdown] == [4, 1, 0]
    assert [b["out_in_round"] for b in result.breakdown] == [4, 2, 1]
    with pytest.raises(IllegalMove):
        m.play(0, "done")


def test_equal_piece_counts_share_a_place(countdown):
    # 004:75 — the score is the pieces built; equal scores rank together.
    m = countdown.scenario(position(countdown, [beams(2), blocks(2), []], round=3,
                                    status=["building", "building", "out"], score=[None, None, 0],
                                    out_round=[None, None, 1]))
    m.play(0, "done")
    m.play(1, "done")
    assert m.over and m.result().ranking == ((0, 1), (2,))


# ==== the falling tower (our ruling, Countdown.how_to_play) =====================================

def test_a_tower_that_falls_puts_its_builder_out_with_the_pieces_that_stood_before(countdown):
    # The rulebook is silent (004:62-75); the rules text rules: "when your round ends, your
    # tower must stand ... If it does not, you are out, and you score the pieces of the tower
    # as it stood after the round before".
    assert "as it stood after the round before" in " ".join(countdown.rules.how_to_play.split())
    tower = [put("block-60x20-1", 0, 0, 1), put("block-60x20-2", 0, 20, 2)]
    m = countdown.scenario(position(countdown, [tower, beams(2)], round=3))
    # floor 3: an L turned over, its post on the block's right end and its arm over the rest:
    # inside the floor below's bounds (004:54 is kept), but the arm overhangs its support.
    place(m, 0, "l-60x30-1", 0, 40, 3, rotation=180.0)
    assert "done" in keys(m, 0)                        # the building rules are kept
    events = m.play(0, "done")
    s = m.state
    assert s["verdicts"][0]["stands"] is False and "l-60x30-1" in s["verdicts"][0]["moved"]
    assert s["status"][0] == "out" and s["score"][0] == 2 and s["out_round"][0] == 3
    assert any(e.kind == "fell" for e in events)
    assert m.to_act() == (1,)                          # the others go on
    place(m, 1, "beam-80x10-3", 4, 20, 3)
    m.play(1, "done")
    assert s["stood"][1] == 3 and s["round"] == 4
    m.play(1, "done")
    assert m.over and m.result().ranking == ((1,), (0,)) and m.state["score"] == [2, 3]


def test_a_tower_that_falls_in_the_first_round_scores_nothing(countdown):
    m = countdown.new(2, seed=0)
    place(m, 0, "l-60x30-1", 0, 0, 1, rotation=180.0)      # the overhanging L on its own post
    m.play(0, "done")
    assert m.state["status"][0] == "out" and m.state["score"][0] == 0


# ==== illegal moves change nothing ===============================================================

ILLEGAL = [
    # (seat, key, payload, rule)
    (0, "place", dict(put("beam-60x8-1", 14, 20, 2), seconds=45.5), C.R_ROUND),
    (0, "place", dict(put("beam-60x8-1", 14, 20, 3), seconds=5.0), C.R_ROUND),
    (0, "place", put("beam-60x8-1", 14, 20, 2), C.R_ROUND),                     # no seconds
    (0, "place", dict(put("block-60x20-1", 14, 20, 2), seconds=5.0), C.R_RULES),  # in the tower
    (0, "place", dict(put("no-such-piece", 14, 20, 2), seconds=5.0), C.R_RULES),
    (0, "place", dict(put("beam-60x8-1", 14, 10, 2), seconds=5.0), R_OVERLAP),   # into the block
    (0, "place", dict(put("beam-60x8-1", 14, 45, 2), seconds=5.0), R_RESTS),     # floats
    (0, "place", dict(put("beam-60x8-1", 14, 20, 2), seconds=float("inf")), "an action's data"),
    (0, "take_back", None, C.R_ROUND),                 # nothing built on floor 2 yet
    (0, "done", {"now": 1}, None),
    (0, "stop", None, C.R_ROUND),
    (2, "done", None, None),                           # out already
]


@pytest.mark.parametrize("seat, key, data, rule", ILLEGAL)
def test_illegal_moves_name_the_rule_and_change_nothing(countdown, seat, key, data, rule):
    m = countdown.scenario(position(countdown, [blocks(1), beams(2), []], round=2,
                                    status=["building", "waiting", "out"], score=[None, None, 0],
                                    out_round=[None, None, 1]))
    refused(m, seat, key, data, rule)
    counted = m.rules.conserved(m.state)
    assert counted["pieces"] == 69 and sum(counted.values()) == 2 * 69, "each piece once by its own name"
    place(m, 0, "beam-60x8-1", 14, 20, 2)              # still playable
