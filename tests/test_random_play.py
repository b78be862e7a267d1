"""The generic random-play test, run for every registered game at every player count."""

import pytest

from core import games
from core.testing import check_random_play

SEEDS = {"tsukiji": 40}     # Tsukiji: 40 seeds here (about 1 s each); 200 in the soak (-m soak)
DEFAULT_SEEDS = 200
# Seeds per test case: the runs are cut into pieces of a few seconds each, so pytest-xdist
# keeps both workers busy to the end instead of waiting on one long case.
CHUNK = {"tsukiji": 5}
DEFAULT_CHUNK = 50


def _cases():
    for info in games.available():
        seeds, chunk = SEEDS.get(info.name, DEFAULT_SEEDS), CHUNK.get(info.name, DEFAULT_CHUNK)
        for players in range(info.min_players, info.max_players + 1):
            for first in range(0, seeds, chunk):
                last = min(first + chunk, seeds)
                yield pytest.param(info.name, players, range(first, last),
                                   id=f"{info.name}-{players}p-seeds{first}-{last - 1}")


@pytest.mark.parametrize("name,players,seeds", list(_cases()))
def test_random_play_keeps_the_contract(name, players, seeds):
    game = games.load(name)
    finished = 0
    for seed in seeds:
        out = check_random_play(game, players, seed)
        finished += out["result"] is not None
    assert finished == len(seeds)


@pytest.mark.parametrize("options", [{"refill": "draw"}, {"boxes": 2}])
def test_random_play_with_chocolate_milk_options(options):
    game = games.load("chocolate_milk")
    for players in (2, 5, 8):
        for seed in range(25):
            check_random_play(game, players, seed, options=options)
