"""Bots see only their seat's view and must beat the random bot clearly."""

from core.bots import bot_names, make_bot
from core.simulate import simulate


def test_bots_are_listed_and_the_strongest_is_default(chocolate_milk):
    assert bot_names(chocolate_milk) == ["random", "easy", "normal", "hard", "search", "dealer"]
    assert make_bot(chocolate_milk).name == "dealer"


def test_dealer_beats_random_clearly(chocolate_milk):
    wins = 0
    games = 0
    for seats, dealer in ((["dealer", "random"], 0), (["random", "dealer"], 1)):
        r = simulate(chocolate_milk, 2, 60, seed=dealer + 10, bot=seats)
        assert r["finished"] == 60
        wins += r["wins"][dealer]
        games += 60
    assert wins / games >= 0.9


def test_dealer_against_three_random_seats(chocolate_milk):
    r = simulate(chocolate_milk, 4, 60, seed=3, bot=["random", "random", "dealer", "random"])
    assert r["wins"][2] / 60 >= 0.7
