"""Random shoppers end the Shopping Spree by the printed rules.

The game ends at once when all but one player have left the shop twice (004:225). A
shopper moving at random walks the aisles at random, and from every dot the way out is
within reach, so random shoppers leave again and again and the game ends with no house
rule: `Rules.random_play_options` is empty, and the generic random-play test
(tests/test_random_play.py) plays the printed rules. Here the `random` bot sits in every
seat, 20 games at each player count, as printed (5 in the default suite, the other 15 with
-m soak) and with the options set; the dexterity
variant (every push of a loaded crate simulated) is the soak's (-m soak).

Measured (20 games each, moves per game, a walk and a take being two moves):
economic as printed 2p mean 313 max 901, 3p 790 / 1,721, 4p 1,026 / 2,127, 5p 1,097 /
2,039, 6p 1,477 / 2,545; dexterity 2p mean 362 max 1,105, 3p 871 / 2,117, 4p 997 / 1,915,
5p 1,216 / 2,793, 6p 1,655 / 2,295 (3-56 s of CPU a game: every loaded move a simulated
push). Lines are cited as 004:NNN of 004_2b6c36ff9b44b906.txt.
"""

from __future__ import annotations

import pytest

from core import games
from core.bots import RandomBot
from core.rng import Rng
from core.session import Session
from core.testing import check_random_play

GAMES = 20
MAX_MOVES = 20_000          # the generic check's limit; the longest measured game took 3,394
PRINTED_END = "all but one player have left the shop twice"


@pytest.fixture(scope="module")
def spree():
    return games.load("shopping_spree")


def random_game(game, players: int, seed: int, options: dict) -> tuple[object, int]:
    """A game with the random bot in every seat (each seat its own stream), driven by the
    session; the match and its moves."""
    match = game.new(players, seed=seed, options=game.info.settle_options(players, options))
    bots = [RandomBot(game.rules) for _ in range(players)]
    rngs = [Rng(seed, stream=100 + s) for s in range(players)]
    return match, Session.of_computers(match, bots, rngs).run(limit=MAX_MOVES)


def test_random_play_needs_no_house_rule(spree):
    """004:225 — random shoppers finish by the printed end, so the generic check adds nothing."""
    assert spree.rules.random_play_options == {}
    assert spree.info.option("closing").default == 0


#: games of a case in the default suite; the other 15 of the 20 sit behind the soak marker
QUICK = 5


@pytest.mark.parametrize("seeds", [pytest.param(range(QUICK), id="games0-4"),
                                   pytest.param(range(QUICK, GAMES), id="games5-19", marks=pytest.mark.soak)])
@pytest.mark.parametrize("players", range(2, 7))
def test_random_shoppers_end_every_game_as_printed(spree, players, seeds):
    """004:225 — 20 of 20 games end when all but one have left twice, no closing time."""
    for seed in seeds:
        match, moves = random_game(spree, players, seed, {})
        assert match.over, f"{players} players, seed {seed}: no end after {moves} moves"
        assert match.result().reason.startswith(PRINTED_END)
        assert sum(t == 2 for t in match.state["trips"]) == players - 1


@pytest.mark.parametrize("players", range(2, 7))
def test_random_shoppers_end_every_game_with_the_options_set(spree, players):
    """004:205, 225 — the last seat begins and the shop closes after 25 rounds (a house rule):
    20 of 20 end, by the printed end or at closing time."""
    for seed in range(GAMES):
        match, moves = random_game(spree, players, 100 + seed, {"first": f"player {players}", "closing": 25})
        assert match.over and match.state["first"] == players - 1
        assert match.result().reason.startswith((PRINTED_END, "the shop closed after round 25"))
        assert moves <= 25 * 2 * players


@pytest.mark.parametrize("players", [2, 4])
def test_the_generic_check_holds_for_random_play_as_printed(spree, players):
    """Every check of core.testing along random games with no house rule (the generic test's
    options), with another first player."""
    out = check_random_play(spree, players, seed=7, options={"first": f"player {players}"})
    assert out["result"].reason.startswith(PRINTED_END)


@pytest.mark.soak
@pytest.mark.parametrize("players", range(2, 7))
def test_random_shoppers_end_every_dexterity_game(spree, players):
    """004:203, 225 — pushed crates spill, and random shoppers still end 20 of 20 games."""
    for seed in range(GAMES):
        match, moves = random_game(spree, players, seed, {"variant": "dexterity"})
        assert match.over and match.result().reason.startswith(PRINTED_END), (players, seed, moves)
