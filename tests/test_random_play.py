"""The generic random-play test, run for every registered game at every player count."""

import pytest

from core import games
from core.testing import check_random_play, steered_by_bots

# Tsukiji: 6 seeds here (about 1-2 s each; the expansion has its own random play in
# test_tsukiji_random.py); 200 in the soak (-m soak). The Shopping Spree: 10
# (random shoppers end by the closing-time house rule; its bots' games by the printed end
# are in test_shopping_spree.py). The building games
# (2-25 s a game: every Stop! is a physics verdict): 1 seed here, 30 in the soak.
# Chocolate Milk and Izakaya: 40 and 30 here, 200 in the soak.
SEEDS = {"tsukiji": 6, "jutaku": 1, "bottle_bonus": 1, "countdown": 1, "izakaya": 30, "shopping_spree": 10,
         "chocolate_milk": 40}
DEFAULT_SEEDS = 200
# Seeds per test case: the runs are cut into pieces of a few seconds each, so pytest-xdist
# keeps both workers busy to the end instead of waiting on one long case.
CHUNK = {"tsukiji": 3, "jutaku": 1, "bottle_bonus": 1, "countdown": 1, "shopping_spree": 10, "chocolate_milk": 20}
DEFAULT_CHUNK = 50
# Games random hands never finish: mostly their best bot, every fifth move random.
STEERED = {"jutaku", "bottle_bonus", "countdown"}


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
        out = _play(game, players, seed)
        finished += out["result"] is not None
    assert finished == len(seeds)


def _play(game, players, seed):
    """Uniformly random moves; for the building games (where a random hand never builds a
    house that stands) mostly the game's best bot, every fifth
    move random, with the checks further apart (every 29th move, not 7th: each is dozens of
    rule checks)."""
    if game.name in STEERED:
        seed += 100 * players       # one seed a player count: a different game at each
        return check_random_play(game, players, seed, choose=steered_by_bots(game, players), checks_every=29)
    return check_random_play(game, players, seed)


@pytest.mark.soak
@pytest.mark.parametrize("name", ["jutaku", "bottle_bonus", "countdown"])
@pytest.mark.parametrize("players", range(2, 9))
def test_building_games_random_play_soak(name, players):
    game = games.load(name)
    for seed in range(2, 32):
        _play(game, players, seed)


@pytest.mark.soak
@pytest.mark.parametrize("name", ["chocolate_milk", "izakaya"])
def test_random_play_soak(name):
    game = games.load(name)
    for players in range(game.info.min_players, game.info.max_players + 1):
        for seed in range(SEEDS[name], 200):
            _play(game, players, seed)


@pytest.mark.parametrize("options", [{"refill": "draw"}, {"boxes": 2}])
def test_random_play_with_chocolate_milk_options(options):
    game = games.load("chocolate_milk")
    for players in (2, 5, 8):
        for seed in range(25):
            check_random_play(game, players, seed, options=options)


@pytest.mark.parametrize("players", range(2, 6))
def test_izakaya_random_play_steered_by_the_innkeeper(players):
    """Random Izakaya rarely builds high; steered by its bot it builds, claims in lines and
    pours bottles on every corner, and every check still holds."""
    game = games.load("izakaya")
    for seed in range(10):
        check_random_play(game, players, seed, choose=steered_by_bots(game, players))


@pytest.mark.soak
@pytest.mark.parametrize("players", range(2, 7))
def test_shopping_spree_random_play_soak(players):
    """200 uniformly random games a player count, and 20 steered by the shopper in the
    dexterity variant (every loaded move a simulated push), with no closing time."""
    game = games.load("shopping_spree")
    for seed in range(10, 200):
        check_random_play(game, players, seed)
    for seed in range(1, 21):
        check_random_play(game, players, seed, options={"variant": "dexterity", "closing": 0},
                          choose=steered_by_bots(game, players))
