"""The generic random-play test, run for every registered game at every player count."""

import pytest

from core import games
from core.testing import check_random_play, steered_by_bots

# Tsukiji: 1 seed here (about 1-2 s each; the expansion, its variants and the options have
# their own random play at every count in test_tsukiji_random.py); 200 in the soak (test_tsukiji_random.py, -m soak). The Shopping
# Spree: 2 here (1-2 s a game at 5-6 players), 200 in the soak
# (random shoppers end by the closing-time house rule; its bots' games by the printed end
# are in test_shopping_spree.py). The building games
# (2-25 s a game: every Stop! is a physics verdict): 1 seed here, 30 in the soak.
# Chocolate Milk and Izakaya: 10 and 12 here (every player count), 200 in the soak.
SEEDS = {"tsukiji": 1, "jutaku": 1, "bottle_bonus": 1, "countdown": 1, "izakaya": 12, "shopping_spree": 2,
         "chocolate_milk": 10}
DEFAULT_SEEDS = 200
# Seeds per test case: the runs are cut into pieces of a few seconds each, so pytest-xdist
# keeps both workers busy to the end instead of waiting on one long case.
CHUNK = {"tsukiji": 2, "jutaku": 1, "bottle_bonus": 1, "countdown": 1, "shopping_spree": 2, "chocolate_milk": 10}
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


#: seeds of the option and steered cases here; the soak plays OPTION_SOAK more
OPTION_SEEDS, OPTION_SOAK = 10, 40


@pytest.mark.parametrize("seeds", [pytest.param(range(OPTION_SEEDS), id="quick"),
                                   pytest.param(range(OPTION_SEEDS, OPTION_SEEDS + OPTION_SOAK), id="soak",
                                                marks=pytest.mark.soak)])
@pytest.mark.parametrize("options", [{"refill": "draw"}, {"boxes": 2}])
def test_random_play_with_chocolate_milk_options(options, seeds):
    game = games.load("chocolate_milk")
    for players in (2, 5, 8):
        for seed in seeds:
            check_random_play(game, players, seed, options=options)


@pytest.mark.parametrize("seeds", [pytest.param(range(5), id="quick"),
                                   pytest.param(range(5, 40), id="soak", marks=pytest.mark.soak)])
@pytest.mark.parametrize("players", range(2, 6))
def test_izakaya_random_play_steered_by_the_innkeeper(players, seeds):
    """Random Izakaya rarely builds high; steered by its bot it builds, claims in lines and
    pours bottles on every corner, and every check still holds."""
    game = games.load("izakaya")
    for seed in seeds:
        check_random_play(game, players, seed, choose=steered_by_bots(game, players))


@pytest.mark.soak
@pytest.mark.parametrize("players", range(2, 7))
def test_shopping_spree_random_play_soak(players):
    """200 uniformly random games a player count, and 20 steered by the shopper in the
    dexterity variant (every loaded move a simulated push), with no closing time."""
    game = games.load("shopping_spree")
    for seed in range(SEEDS["shopping_spree"], 200):
        check_random_play(game, players, seed)
    for seed in range(1, 21):
        check_random_play(game, players, seed, options={"variant": "dexterity", "closing": 0},
                          choose=steered_by_bots(game, players))


# ==== Random bots end every turn-based game (issue 33; docs/random-play.md) ====================
#
# The `random` bot (core.bots.RandomBot) in every seat, played by core.simulate.play_one as
# `tokyo simulate GAME --bot random` plays them: game i of a case is that command's game i
# with --seed RUN_SEED (the same seed, the same game, as long as it ends before the cap).
# Every game must end by its rules (match.over), not by the move cap, 20 games at every
# player count of every turn-based game, with its default options and with the non-default
# choices that change play. A few games of each run in the default suite; the 20 of 20 are
# checked with
#     .venv/bin/python -m pytest tests/test_random_play.py -k random_bots_end -m "soak or not soak" -n 2
# Each case (game, options, player count, games) is reported on its own, so a failure names
# the game, its options and the player count; within a case the first game that does not
# end stops it (an endless game costs the whole cap).

RANDOM_GAMES = 20
RUN_SEED = 1
#: no random game of these four comes near it (the longest measured: 3,261 moves, a
#: 6-player Shopping Spree); a game still going here is endless in effect
RANDOM_CAP = 20_000
#: per game, its option sets: the defaults, and the non-default choices that change play
#: (Tsukiji: the expansion with its own options, the variants of 000:586-628, both together).
#: No house rule that ends a game by the clock, such as closing, except Tsukiji's last round
#: (Rules.random_play_options): random fishmongers cannot end a Tsukiji game as printed,
#: which is the rules' doing, not an endless turn (docs/random-play.md says why)
RANDOM_OPTIONS = {
    "tsukiji": {
        "default": {},
        "expansion": {"expansion": "on", "table_mackerel": "horse_mackerel", "blue_ship": "on",
                      "barges": "two_four"},
        "variants": {"collapse": "on", "order": "open", "more_fish": 2, "more_external": 2,
                     "money": "hidden", "selection": "newcomer"},
        "expansion+variants": {"expansion": "on", "collapse": "on", "order": "open", "more_fish": 1,
                               "more_external": 1, "money": "hidden"},
    },
    "chocolate_milk": {
        "default": {},
        "vending+draw+2boxes": {"variant": "vending", "refill": "draw", "boxes": 2},
    },
    "izakaya": {"default": {}},                 # Izakaya has no options
    "shopping_spree": {
        "default": {},
        "dexterity": {"variant": "dexterity"},
    },
}
#: how many of the 20 games run in the default suite (the rest: -m soak), and how many games
#: make one soak case (a few seconds to a minute each, for pytest-xdist to share). A
#: dexterity Shopping Spree is 15-60 s a game (every loaded move a simulated push), a vending
#: Chocolate Milk a tenth of a second (every drink bought is thrown into the machine).
RANDOM_QUICK = {"tsukiji": 2, "chocolate_milk": RANDOM_GAMES, "izakaya": RANDOM_GAMES, "shopping_spree": 3,
                ("chocolate_milk", "vending+draw+2boxes"): 4, ("shopping_spree", "dexterity"): 0}
RANDOM_CHUNK = {"tsukiji": 6, "chocolate_milk": RANDOM_GAMES, "izakaya": RANDOM_GAMES, "shopping_spree": 17,
                ("shopping_spree", "dexterity"): 1}


def _random_cases():
    for name, sets in RANDOM_OPTIONS.items():
        info = games.load(name).info
        for label, options in sets.items():
            quick = RANDOM_QUICK.get((name, label), RANDOM_QUICK[name])
            chunk = RANDOM_CHUNK.get((name, label), RANDOM_CHUNK[name])
            for players in range(info.min_players, info.max_players + 1):
                pieces = [range(quick)] if quick else []
                pieces += [range(a, min(a + chunk, RANDOM_GAMES)) for a in range(quick, RANDOM_GAMES, chunk)]
                for games_ in pieces:
                    marks = () if games_.start < quick else (pytest.mark.soak,)
                    yield pytest.param(name, label, options, players, games_, marks=marks,
                                       id=f"{name}-{label}-{players}p-games{games_.start}-{games_.stop - 1}")


@pytest.mark.parametrize("name,label,options,players,indices", list(_random_cases()))
def test_random_bots_end_every_turn_based_game(name, label, options, players, indices):
    from core.bots import make_bot
    from core.simulate import game_seed, play_one
    game = games.load(name)
    for i in indices:
        seed = game_seed(RUN_SEED, i)
        options = {**(game.rules.random_play_options if name == "tsukiji" else {}), **options}
        match, moves = play_one(game, players, seed, [make_bot(game, "random") for _ in range(players)],
                                options, max_moves=RANDOM_CAP)
        if not match.over:
            flags = "".join(f" --option {k}={v}" for k, v in options.items())
            pytest.fail(f"{game.info.title} ({label}), {players} players: random game {i} (seed {seed}) has not "
                        f"ended after {moves:,} moves; the games after it were not played. It is the last game of "
                        f"tokyo simulate {name} --players {players} --games {i + 1} --seed {RUN_SEED} "
                        f"--bot random{flags}", pytrace=False)
        assert match.result() is not None


def test_the_check_catches_a_refusal_that_changes_the_match(monkeypatch, chocolate_milk):
    """The contract check is no formality: a game whose refusal of an unknown move leaves a
    mark on the table (here a crate more in the supply) is caught at its first check."""
    from core.testing import ContractBroken
    rules = type(chocolate_milk.rules)
    real = rules.why_illegal

    def spoiling(self, state, seat, key):
        state.supply[0] += 1
        return real(self, state, seat, key)
    monkeypatch.setattr(rules, "why_illegal", spoiling)
    with pytest.raises(ContractBroken, match="changed the match"):
        check_random_play(chocolate_milk, 2, seed=1)
