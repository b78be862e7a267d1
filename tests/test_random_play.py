"""The generic random-play test, run for every registered game at every player count."""

import pytest

from core import games
from core.testing import check_random_play

SEEDS = {"tsukiji": 40}     # Tsukiji: 40 seeds here (about 1 s each); 200 in the soak (-m soak)
DEFAULT_SEEDS = 200


def _cases():
    for info in games.available():
        for players in range(info.min_players, info.max_players + 1):
            yield pytest.param(info.name, players, id=f"{info.name}-{players}p")


@pytest.mark.parametrize("name,players", list(_cases()))
def test_random_play_keeps_the_contract(name, players):
    game = games.load(name)
    seeds = SEEDS.get(name, DEFAULT_SEEDS)
    finished = 0
    for seed in range(seeds):
        out = check_random_play(game, players, seed)
        finished += out["result"] is not None
    assert finished == seeds


@pytest.mark.parametrize("options", [{"refill": "draw"}, {"boxes": 2}])
def test_random_play_with_chocolate_milk_options(options):
    game = games.load("chocolate_milk")
    for players in (2, 5, 8):
        for seed in range(25):
            check_random_play(game, players, seed, options=options)
