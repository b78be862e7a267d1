"""Seats that act at once (core.simultaneous, core.hotseat): by time, never by seat number.

004_2b6c36ff9b44b906.txt:29 — "Jemand sagt „los“ und alle Spieler beginnen zu bauen!"
004_2b6c36ff9b44b906.txt:39 — "Alle gleichzeitig wählen die Spieler jeweils ein einzelnes Bauteil"
"""

from __future__ import annotations

import pytest

from core import games
from core.bots import decide, make_bot
from core.computers import Computers
from core.errors import IllegalMove
from core.game import Move
from core.hotseat import HotSeat
from core.rng import Rng
from core.simultaneous import Table, tie_break

RULES = "004_2b6c36ff9b44b906.txt"


@pytest.fixture(scope="module")
def jutaku():
    return games.load("jutaku")


@pytest.fixture(scope="module")
def countdown():
    return games.load("countdown")


def at_go(game, players=2, seed=5):
    """A Jutaku match at "go!" (every architect on a card, 004:29)."""
    m = game.new(players, seed=seed)
    while m.state["phase"] == "start":
        seat = m.to_act()[0]
        m.play(seat, m.legal(seat)[0])
    return m


def cube(k, x=10.0, seconds=None, y=0.0, floor=1):
    p = {"piece": f"cube-20-{k}", "x": x, "y": y, "rotation": 0.0, "flip": False, "floor": floor}
    if seconds is not None:
        p["seconds"] = seconds
    return p


class Script:
    """Each seat's moves as a list, given one at a time to a Table."""

    def __init__(self, moves: dict[int, list]):
        self.moves = {s: list(m) for s, m in moves.items()}

    def __call__(self, seat):
        return self.moves[seat].pop(0) if self.moves.get(seat) else None


def test_moves_reach_the_match_in_the_order_of_their_moments_not_of_the_seats(jutaku):
    m = at_go(jutaku)
    script = Script({0: [Move("place", cube(1, seconds=5.0))], 1: [Move("place", cube(2, seconds=2.0))]})
    table = Table(m, script)
    assert table.step()[0] == 1 and table.step()[0] == 0
    assert [mv[0] for mv in m.log.moves[-2:]] == [1, 0]
    assert m.state["clock"] == [5.0, 2.0]


def test_a_piece_goes_to_whoever_reaches_it_first_and_the_other_decides_again(jutaku):
    # Both reach for the same cube; seat 2 (index 1) is quicker. Seat 1's move, decided while
    # the cube was still free, is refused when its moment comes: seat 1 decides again.
    m = at_go(jutaku)
    asked = []

    def decide_for(seat):
        if m.state["built"][seat]:
            return None                          # one piece each is enough here
        asked.append(seat)
        free = m.state["supply"]
        want = "cube-20-1" if "cube-20-1" in free else "cube-20-2"
        at = 4.0 if seat == 0 else 3.0
        return Move("place", dict(cube(int(want[-1]), seconds=at + len(asked) / 10)))

    table = Table(m, decide_for)
    table.run(limit=2)
    built = {s: [p["piece"] for p in m.state["built"][s]] for s in (0, 1)}
    assert built == {0: ["cube-20-2"], 1: ["cube-20-1"]}
    assert asked.count(0) == 2          # decided again when the cube had gone


def test_equal_moments_are_ordered_by_a_draw_from_the_seed_not_by_seat_number(jutaku):
    first = []
    for seed in range(40):
        m = at_go(jutaku, seed=seed)
        table = Table(m, Script({0: [Move("place", cube(1, seconds=3.0))],
                                 1: [Move("place", cube(2, seconds=3.0))]}))
        first.append(table.step()[0])
    assert 12 <= first.count(0) <= 28            # neither seat always first
    assert tie_break(7, 3, 0) == tie_break(7, 3, 0) and tie_break(7, 3, 0) != tie_break(8, 3, 0)


def test_a_move_touching_another_seat_makes_it_decide_again(jutaku):
    # A Bottle Bonus "put it back!" (004:87) reaches the others: their next moves, decided
    # before it, are decided again.
    game = games.load("bottle_bonus")
    m = at_go(game)
    m.state["held"][0].append(next(d for d in m.state["box"] if game.rules.colour_ids[d // 6] == "mint"))
    m.state["box"].remove(m.state["held"][0][-1])
    m.play(1, "place", cube(1, seconds=1.0))
    calls = []

    def decide_for(seat):
        calls.append(seat)
        if seat == 0:
            return Move("drink:mint", {"seconds": 2.0})
        return Move("place", cube(2, x=40.0, seconds=6.0))

    table = Table(m, decide_for)
    seat, events = table.step()
    assert seat == 0 and any(e.kind == "put_back" and e.seat == 1 for e in events)
    assert 1 not in table.pending                # seat 1 decides anew, with its cube gone


def test_simulations_play_building_rounds_by_time(jutaku):
    from core.simulate import play_one
    bots = [make_bot(jutaku, "architect") for _ in range(3)]
    m, moves = play_one(jutaku, 3, seed=21, bots=bots, max_moves=400)
    replay = jutaku.new(3, seed=21)
    now = {}
    for seat, key, *data in m.log.moves:
        phase = replay.rules.simultaneous(replay.state)
        at = replay.rules.moment(replay.state, seat, key, data[0] if data else None)
        if phase is not None:
            assert at >= now.get(phase, 0.0) - 1e-9, "a building move came before an earlier one"
            now[phase] = at
        replay.play(seat, key, *data)


# ==== people at one screen (core.hotseat) =====================================================

def wants_cube(x, at, give_up_at=20.0):
    """A person who reaches for the first cube at second `at` (if it is still there, from
    wherever their turn begins) and gives the round up at `give_up_at`."""
    def turn(rehearsal):
        if rehearsal.start <= at:
            try:
                rehearsal.play(Move("place", cube(1, x=x, seconds=at)), at)
            except IllegalMove:
                pass
        rehearsal.play(Move("give_up", {"seconds": give_up_at}), give_up_at)
        return rehearsal.end()
    return turn


def play_round(hotseat, turns, log):
    while (ret := hotseat.next()) is not None:
        log.append((ret.seat, ret.moment))
        hotseat.keep(turns[ret.seat](hotseat.rehearse(ret.seat, ret.moment)))
    return hotseat.commit()


@pytest.mark.parametrize("order", [(0, 1), (1, 0)])
def test_building_first_or_last_at_the_screen_gains_nothing(jutaku, order):
    # Two people want the same cube: it goes to whoever took it earlier on their own clock,
    # whoever built first at the screen. The other is sent back to that second.
    m = at_go(jutaku)
    turns = {0: wants_cube(10.0, 6.0), 1: wants_cube(30.0, 4.0)}
    log = []
    play_round(HotSeat(m, list(order), Computers({}, {})), turns, log)
    assert [p["piece"] for p in m.state["built"][1]] == [] and m.state["phase"] == "move"
    took = [mv for mv in m.log.moves if mv[1] == "place"]
    assert [mv[0] for mv in took] == [1]             # seat 2 (index 1) had the cube, at 4.0 s
    if order == (0, 1):
        assert log == [(0, 0.0), (1, 0.0), (0, 6.0)]     # seat 1 sent back to 6.0 s
    else:
        assert log == [(1, 0.0), (0, 0.0)]               # it saw the cube taken at 4.0 s


def test_a_person_building_alone_with_computers_plays_the_round_as_rehearsed(jutaku):
    m = at_go(jutaku, players=3, seed=9)
    bots = {1: make_bot(jutaku, "architect"), 2: make_bot(jutaku, "apprentice")}
    rngs = {1: Rng(9, stream=1001), 2: Rng(9, stream=1002)}
    me = make_bot(jutaku, "master")
    hotseat = HotSeat(m, [0], Computers(bots, rngs))
    ret = hotseat.next()
    rehearsal = hotseat.rehearse(ret.seat)
    mine = Rng(3)
    while rehearsal.open:
        r = rehearsal.match
        move = decide(me, r, 0, r.legal(0), mine)
        at = jutaku.rules.moment(r.state, 0, move.key, getattr(move, "payload", None))
        if rehearsal.decided(at):
            rehearsal.end(at)
            break
        rehearsal.play(move, at)
    rehearsed = list(rehearsal.match.log.moves)
    hotseat.keep(rehearsal.end())
    assert hotseat.next() is None
    hotseat.commit()
    assert m.log.moves[:len(rehearsed)] == rehearsed
