"""Taking a move back (core.game.Match.undo): a seat's own moves within its turn, unless
chance was drawn or something hidden was shown since — Board Game Arena's rule — and the
position afterwards exactly as it was before the move, for every game through the log."""

from __future__ import annotations

import msgpack
import pytest

from core import games, saves
from core.errors import IllegalMove
from core.game import Action, Event, Game, GameInfo, Result, Rules, rank_by
from core.rng import Rng
from core.session import Session


class Walk(Rules):
    """A test game with one of everything undo must tell apart. In a turn a seat may step
    (plain), roll a die (chance), show its secret card (a reveal) or end the turn."""

    def setup(self, players, options, rng):
        return {"turn": 0, "pos": [0] * players, "card": [rng.below(10) for _ in range(players)],
                "shown": [False] * players, "ended": 0}

    def to_act(self, s):
        return (s["turn"],)

    def legal(self, s, seat):
        return [Action("step", "Step one"), Action("roll", "Roll a die"), Action("show", "Show your card"),
                Action("end", "End the turn")]

    def apply(self, s, seat, action, rng):
        if action.key == "step":
            s["pos"][seat] += 1
        elif action.key == "roll":
            s["pos"][seat] += 1 + rng.below(6)
        elif action.key == "show":
            s["shown"][seat] = True
        else:
            s["turn"] = (seat + 1) % len(s["pos"])
            s["ended"] += 1
        return [Event(action.key, f"Seat {seat + 1}: {action.text}", seat)]

    def is_over(self, s):
        return s["ended"] >= 6

    def result(self, s):
        n = len(s["pos"])
        return Result(tuple(s["pos"]), rank_by([(p,) for p in s["pos"]], range(n)), tuple({} for _ in range(n)))

    def view(self, s, seat):
        return {"pos": list(s["pos"]), "turn": s["turn"],
                "card": [c if s["shown"][i] or i == seat else None for i, c in enumerate(s["card"])]}

    def dump(self, s):
        return {k: (list(v) if isinstance(v, list) else v) for k, v in s.items()}

    def restore(self, data, players, options):
        return self.dump(data)

    def scramble(self, s, seat, rng, players, options):
        t = self.dump(s)
        t["card"] = [c if t["shown"][i] or i == seat else rng.below(10) for i, c in enumerate(t["card"])]
        return t


def walk(seed: int = 1):
    info = GameInfo("walk", "Walk", 2, 2, "a test game")
    return Game(info, Walk(info, {})).new(2, seed=seed)


def test_a_plain_move_is_taken_back_exactly():
    match = walk()
    before = snapshot(match)
    match.play(0, "step")
    assert match.may_undo(0) and match.why_not_undo(0) is None
    assert match.undo(0) == (0, "step")
    assert snapshot(match) == before and match.drew == []


def test_several_moves_of_one_turn_come_back_one_by_one():
    match = walk()
    first = snapshot(match)
    match.play(0, "step")
    second = snapshot(match)
    match.play(0, "step")
    match.undo(0)
    assert snapshot(match) == second
    match.undo(0)
    assert snapshot(match) == first


def test_a_die_roll_stands_and_so_do_the_moves_before_it():
    match = walk()
    match.play(0, "step")
    match.play(0, "roll")
    here = snapshot(match)
    assert match.may_undo(0) and "chance" in match.why_not_undo(0)
    with pytest.raises(IllegalMove, match="chance has been drawn"):
        match.undo(0)
    assert snapshot(match) == here


def test_showing_a_secret_stands():
    match = walk()
    match.play(0, "show")
    assert "showed something that was hidden" in match.why_not_undo(0)


def test_a_move_of_the_last_turn_stands():
    match = walk()
    match.play(0, "step")
    match.play(0, "end")
    assert not match.may_undo(0) and "own moves of this turn" in match.why_not_undo(0)
    assert "own moves of this turn" in match.why_not_undo(1)


def snapshot(match) -> bytes:
    """Everything that makes a position: the state, the random stream and the log."""
    return msgpack.packb([match.rules.dump(match.state), match.rng.dump(), match.log.dump()])


class Uniform:
    """A uniform pick among the legal moves, by key (no data said)."""

    name, needs_view = "random", False

    def choose(self, view, legal, rng):
        return legal[rng.below(len(legal))]


def random_game(name: str, players: int, seed: int, options=None, moves: int = 400):
    """Yield (match, seat, key, before) after each random move (uniform picks, one stream for
    all, driven by the session), `before` the snapshot ahead of it."""
    game = games.load(name)
    match = game.new(players, seed=seed, options=options)
    session = Session.of_computers(match, [Uniform()] * players, [Rng(seed, stream=7)] * players)
    while not match.over and len(match.log.moves) < moves:
        before = snapshot(match)
        assert session.computer() is not None
        seat, key = match.log.moves[-1][:2]
        yield match, seat, key, before


@pytest.mark.parametrize("money", ["open", "hidden"])
def test_an_undone_tsukiji_move_leaves_the_position_byte_identical(money):
    undone = 0
    for match, seat, key, before in random_game("tsukiji", 3, 11, {"money": money}, moves=200):
        if match.may_undo(seat) and match.why_not_undo(seat) is None:
            after = snapshot(match)
            assert match.undo(seat) == (seat, key)
            assert snapshot(match) == before, "exactly the position before the move"
            match.play(seat, key)
            assert snapshot(match) == after, "and the same move gives the same position again"
            undone += 1
    assert undone > 20


def test_chance_drawn_by_the_move_makes_it_stand():
    # Chocolate Milk refills a lot after every buy, by dice or a draw (004:261): chance.
    game = games.load("chocolate_milk")
    match = game.new(2, seed=4)
    seat = match.to_act()[0]
    match.play(seat, match.legal(seat)[0].key)
    assert match.drew[-1]
    assert "own moves of this turn" in match.why_not_undo(seat)   # and the turn has passed
    other = match.to_act()[0]
    assert match.why_not_undo(other) and not match.may_undo(other)


def test_a_move_that_shows_a_secret_stands():
    """Hidden money (000:92): paying for a market, a berth or a boat shows the others that the
    payer had that much, which they could not know; such a move may not be taken back."""
    revealed = 0
    for match, seat, key, _ in random_game("tsukiji", 3, 7, {"money": "hidden"}, moves=60):
        if match.may_undo(seat) and (match.why_not_undo(seat) or "").startswith("it showed"):
            revealed += 1
            before = match._before_last()
            assert match._revealed(before, seat, key)
    assert revealed >= 1
    open_money = [m.why_not_undo(s) for m, s, _, _ in random_game("tsukiji", 3, 7, {"money": "open"}, moves=60)
                  if m.may_undo(s)]
    assert not any((r or "").startswith("it showed") for r in open_money), "open money hides nothing"


def test_undo_works_after_a_save_is_loaded():
    for match, seat, key, before in random_game("tsukiji", 2, 8):
        if match.may_undo(seat) and match.why_not_undo(seat) is None:
            loaded = saves.load(match.save())
            assert loaded.drew == [] and loaded.why_not_undo(seat) is None
            loaded.undo(seat)
            assert snapshot(loaded) == before
            return
    pytest.fail("no take-back met in the game")


def test_nothing_to_take_back():
    game = games.load("tsukiji")
    match = game.new(2, seed=1)
    seat = match.to_act()[0]
    assert match.why_not_undo(seat) == "no move has been made" and not match.may_undo(seat)
