"""The search in the building games: it does not play building rounds out (physics is too
dear for playouts); it stops where one begins and values the lots in hand by the chance of
building them first (the lot rounds' `standing` and `search_horizon`, games/building/lots.py)."""

import pytest

from core import games
from core.rng import Rng
from core.search import SearchBot
from games.building import rounds
from games.building.clock import first_chances
from games.building.lots import PACE, PACE_SPREAD


def test_equal_builders_share_the_first_place_and_the_chances_add_up_to_one():
    assert first_chances([30.0, 30.0], 0.1) == pytest.approx([0.5, 0.5], abs=1e-9)
    assert first_chances([30.0, 30.0, 30.0, 30.0], 0.1) == pytest.approx([0.25] * 4, abs=1e-9)
    mixed = first_chances([30.0, 31.0, 33.0, 29.0], 0.1)
    assert sum(mixed) == pytest.approx(1.0, abs=1e-9)
    assert mixed[3] > mixed[0] > mixed[1] > mixed[2] > 0


def test_a_builder_who_cannot_be_slower_always_comes_first_and_no_lot_has_no_chance():
    # spans [9, 11] and [18, 22] never meet: the faster builder is first for certain
    assert first_chances([10.0, 20.0, None], 0.1) == pytest.approx([1.0, 0.0, 0.0], abs=1e-9)
    assert first_chances([None, None], 0.1) == [0.0, 0.0]
    # two uniform spans [0.9, 1.1] × 10 and × 10.5: P(second first) = overlap² / (2 w1 w2)
    a, b = (9.0, 11.0), (9.45, 11.55)
    overlap = a[1] - b[0]
    expected = overlap ** 2 / (2 * (a[1] - a[0]) * (b[1] - b[0]))
    assert first_chances([10.0, 10.5], 0.1)[1] == pytest.approx(expected, abs=1e-9)


@pytest.mark.parametrize("name", ["jutaku", "bottle_bonus"])
def test_standing_is_the_yen_won_plus_each_lot_in_hand_times_its_chance(name):
    game = games.load(name)
    match = game.new(4, seed=2)
    while match.state["phase"] == "start":
        s = match.to_act()[0]
        match.play(s, match.legal(s)[0])
    rules, state = game.rules, match.state
    sides = [rules._side(state, i) for i in range(4)]
    chances = first_chances([PACE[0] + PACE[1] * d.pieces + PACE[2] * d.floors for d in sides], PACE_SPREAD)
    assert rules.standing(state) == pytest.approx([c * d.yen for c, d in zip(chances, sides)])
    assert rules.search_horizon(state)


@pytest.mark.parametrize("name", ["jutaku", "bottle_bonus"])
def test_the_search_chooses_a_start_lot_without_building_any(name, monkeypatch):
    """Every playout stops where the building round begins: neither the architect's planning
    nor a Stop!'s physics verdict runs during the search."""
    game = games.load(name)

    def no_physics(*a, **k):
        raise AssertionError("a search playout built a building")
    monkeypatch.setattr(rounds, "judged", no_physics)
    monkeypatch.setattr("games.building.planner.plan", no_physics)
    match = game.new(4, seed=7)
    seat = match.to_act()[0]
    bot = SearchBot(game.rules, iterations=40)
    move = bot.search(match.state, seat, 4, match.options, match.legal(seat), Rng(1))
    assert move.key.startswith("start:") and bot.last["iterations"] >= 40
