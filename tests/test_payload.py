"""Actions that carry data (core.payload, Action.takes): checked by the core as plain
data, validated by the game, logged beside the key, replayed, saved, and refused from a
hostile save like anything else."""

import math

import msgpack
import pytest

from core import games, saves
from core.errors import IllegalMove, PluginError, SaveError
from core.game import Action, GameInfo, Move, Rules
from core.payload import field, plain
from tests.test_saves import signed


@pytest.fixture(scope="module")
def jutaku():
    return games.load("jutaku")


def building_match(jutaku):
    """A 2-player Jutaku match at its first building round."""
    m = jutaku.new(2, seed=5)
    while m.state["phase"] == "start":
        seat = m.to_act()[0]
        m.play(seat, m.legal(seat)[0])
    return m


CUBE = {"piece": "cube-20-1", "x": 30.0, "y": 0.0, "rotation": 0.0, "flip": False, "floor": 1}


def test_plain_makes_tuples_lists_and_refuses_everything_else():
    assert plain({"a": (1, 2.5, "x", None, True)}) == {"a": [1, 2.5, "x", None, True]}
    for bad in (float("nan"), math.inf, b"bytes", {1: 2}, object(), "x" * 1000, 2 ** 60,
                [[[[[[[[1]]]]]]]], list(range(5000)), {1.5}):
        with pytest.raises(IllegalMove, match="data"):
            plain(bad)


def test_field_reads_one_value_and_names_the_rule():
    assert field({"x": 3}, "x", float, "R") == 3.0 and isinstance(field({"x": 3}, "x", float, "R"), float)
    with pytest.raises(IllegalMove, match=r"\(R\)"):
        field({"x": True}, "x", float, "R")
    with pytest.raises(IllegalMove, match="outside"):
        field({"x": 500.0}, "x", float, "R", high=400.0)
    with pytest.raises(IllegalMove, match="no 'x'"):
        field({}, "x", float, "R")
    assert field({}, "x", float, "R", default=0.0) == 0.0


def test_a_placement_is_logged_with_its_data_and_replays(jutaku):
    m = building_match(jutaku)
    seat = m.to_act()[0]
    place = next(a for a in m.legal(seat) if a.key == "place")
    assert place.takes
    m.play(seat, Move("place", dict(CUBE, x=30)))          # a whole number where mm are asked
    assert m.log.moves[-1] == (seat, "place", dict(CUBE, x=30))
    assert m.state["built"][seat][0]["x"] == 30.0
    again = jutaku.replay(m.log.dump())
    assert again.save() == m.save()
    loaded = saves.load(m.save())
    assert loaded.save() == m.save() and loaded.log.moves[-1][2]["piece"] == "cube-20-1"


@pytest.mark.parametrize("payload,message", [
    (None, "needs its data"),
    ({"piece": "cube-20-1", "x": float("nan"), "y": 0.0, "floor": 1}, "not finite"),
    ({"piece": "cube-20-1", "x": 30.0, "y": 0.0, "floor": 1, "blob": b"\x00"}, "bytes"),
    ({"piece": "no-such-piece", "x": 30.0, "y": 0.0, "floor": 1}, "not in the middle"),
    ({"piece": "cube-20-1", "x": 30.0, "y": 50.0, "floor": 1}, "floats"),
    ({"piece": "cube-20-1", "x": 30.0, "y": 0.0, "floor": 3}, "touches nothing"),
    ({"piece": "cube-20-1", "x": 1e9, "y": 0.0, "floor": 1}, "outside"),
    ({"pieces": [CUBE, dict(CUBE, piece="cube-20-2", x=50.0)]}, "red drink"),
    ("a text", "map of names"),
])
def test_bad_placements_are_refused_naming_the_rule_and_change_nothing(jutaku, payload, message):
    m = building_match(jutaku)
    seat = m.to_act()[0]
    before = m.save()
    with pytest.raises(IllegalMove, match=message):
        m.play(seat, "place", payload)
    assert m.save() == before


def test_a_plain_action_takes_no_data_but_a_building_move_may_say_when_it_happens(jutaku):
    # 004:39 — "Alle gleichzeitig": a building move happens at a second of the builder's clock,
    # which a take-back or giving up may name ({"seconds": s}); nothing else rides along.
    m = building_match(jutaku)
    seat = m.to_act()[0]
    before = m.save()
    with pytest.raises(IllegalMove, match="carries only its moment"):
        m.play(seat, "give_up", {"x": 1})
    with pytest.raises(IllegalMove, match="carries only its moment"):
        m.play(seat, "give_up", {"seconds": 3.0, "x": 1})
    assert m.save() == before
    m.play(seat, "give_up", {"seconds": 3.5})
    assert m.state["clock"][seat] == 3.5 and m.log.moves[-1] == (seat, "give_up", {"seconds": 3.5})
    m.play(m.to_act()[0], "give_up")                      # a move that names no second: at once
    assert m.state["phase"] == "move"
    with pytest.raises(IllegalMove, match="takes no data"):
        m.play(m.to_act()[0], "keep", {"seconds": 1.0})   # moving is not timed (004:58)


def test_stop_takes_a_time_that_never_runs_backwards(jutaku):
    m = building_match(jutaku)
    seat = m.to_act()[0]
    m.play(seat, "place", CUBE)
    m.play(seat, "stop", {"seconds": 12.34})               # one piece on a card asking more: fails
    assert m.state["tries"][seat] == [12.3]
    with pytest.raises(IllegalMove, match="clock runs on"):
        m.play(seat, "stop", {"seconds": 5.0})
    with pytest.raises(IllegalMove, match="outside"):
        m.play(seat, "stop", {"seconds": -1.0})


def _placed_save(jutaku):
    m = building_match(jutaku)
    m.play(m.to_act()[0], "place", CUBE)
    return msgpack.unpackb(m.save(), raw=False)


@pytest.mark.parametrize("edit,message", [
    (lambda d: d["log"]["moves"][-1].__setitem__(2, {"piece": "cube-20-1", "x": 1e400, "y": 0, "floor": 1}),
     "move log"),
    (lambda d: d["log"]["moves"][-1].__setitem__(2, [[[[[[[[[0]]]]]]]]]), "move log"),
    (lambda d: d["log"]["moves"][-1].append("extra"), "move log"),
    (lambda d: d["log"]["moves"][-1].__setitem__(2, dict(CUBE, piece="beam-100x10-1", y=30.0)),
     "not|refused|log"),
])
def test_a_save_with_a_hostile_payload_is_refused(jutaku, edit, message):
    doc = _placed_save(jutaku)
    edit(doc)
    with pytest.raises(SaveError, match=message):
        saves.load(signed(doc))


class _Liar(Rules):
    """A plugin whose accept() answers with another action: the core says so."""
    takes_data = True

    def setup(self, players, options, rng):
        return {"n": 0}

    def to_act(self, state):
        return (0,)

    def legal(self, state, seat):
        return [Action("put", "Put", takes="a number")]

    def accept(self, state, seat, action, payload):
        return Action("other", "Other")

    def is_over(self, state):
        return False


def test_an_accept_that_breaks_the_contract_is_a_plugin_error():
    from core.game import Game
    game = Game(GameInfo("liar", "Liar", 1, 1, "x"), _Liar(GameInfo("liar", "Liar", 1, 1, "x"), {}))
    m = game.new(1, seed=0)
    with pytest.raises(PluginError, match="accept"):
        m.play(0, "put", 3)
