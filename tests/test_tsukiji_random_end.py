"""Random play ends (issue 33): every turn's legal moves are finite in effect, so that games of
random players in every seat end, and the fishmonger ends its games against random players.

Turns: within one fishing action each barrel takes one new price (000:151-153, fishing.py's
"fixed"), a market is left once it has been interacted with (000:183), and nothing else
repeats without end, so a random player's turn is short. Games: random players spend their
yen and sell their boats within a few hundred moves; nobody then reaches ¥5,000 or 50
resources, and the end of 000:359-364 never comes. Random games therefore end by the kiosk's
last-round rule (`Rules.random_play_options`, as in the generic check of
tests/test_random_play.py). A fishmonger among broke random players earns its ¥5,000 from
the Mackerel market (000:181, 000:227-228) and ends the game by the rules, with no round
limit.
"""

from __future__ import annotations

import statistics

import pytest

from core.game import Move
from core.session import Session
from core.tournament import tournament

from .test_tsukiji import tsukiji  # noqa: F401  (the fixture)

GAMES = 20
#: the longest turn a random player may take (moves, sealed bids of other seats included);
#: seen: 36 over these 200 games
LONGEST_TURN = 200
EXPANSION_MARKETS = ("clams_oysters", "himono", "horse_mackerel", "nori", "sardines", "swordfish",
                     "foreign_market", "influence", "new_aquarium", "overfishing", "ship_rental", "sushi_shop")
#: the options of info.toml in turn, one set per game
BASE_VARIANTS = ({}, {"money": "hidden"}, {"selection": "newcomer"}, {"more_fish": 3, "more_external": 3},
                 {"collapse": "on", "order": "open"})
EXPANSION_VARIANTS = ({"blue_ship": "on"}, {"barges": "two_four", "collapse": "on"},
                      {"table_mackerel": "horse_mackerel", "order": "open"},
                      {"blue_ship": "on", "barges": "two_four", "collapse": "on", "order": "open",
                       **{m: "in" for m in EXPANSION_MARKETS}},
                      {"money": "hidden", "more_fish": 2, "more_external": 2, "blue_ship": "on"})


class RandomChoice:
    """What core.bots.RandomBot plays, without the view it looks at only to call
    `sample_payload` (which Tsukiji's does not read): a uniform pick, a ??? price drawn."""

    name, needs_view = "random", False

    def __init__(self, game):
        self.game = game

    def choose(self, view, legal, rng):
        action = legal[rng.below(len(legal))]
        return Move(action.key, self.game.rules.sample_payload(None, action, rng)) if action.takes else action


def random_game(game, players: int, seed: int, options: dict) -> tuple[bool, int, int]:
    """One game of random players (the session, seat s on Rng(seed, stream 1000 + s)):
    (over, moves, the longest turn in moves)."""
    match = game.new(players, seed=seed, options={**game.rules.random_play_options, **options})
    session = Session.of_computers(match, [RandomChoice(game) for _ in range(players)])
    longest = this_turn = 0
    turn = match.state.turns

    def count(events):
        nonlocal turn, longest, this_turn
        this_turn += 1
        if match.state.turns != turn:
            turn, longest, this_turn = match.state.turns, max(longest, this_turn), 0

    session.listeners.append(count)
    moves = session.run(limit=100_000)
    return match.over, moves, max(longest, this_turn)


#: games of each case in the default suite: one of each variant; the other 15 of the 20 sit
#: behind the soak marker (-m soak), as the random play's further seeds do
QUICK = len(BASE_VARIANTS)


@pytest.mark.parametrize("seeds", [pytest.param(range(QUICK), id="games0-4"),
                                   pytest.param(range(QUICK, GAMES), id="games5-19", marks=pytest.mark.soak)])
@pytest.mark.parametrize("expansion", [False, True], ids=["base", "expansion"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_end_at_every_player_count(tsukiji, players, expansion, seeds):
    variants = EXPANSION_VARIANTS if expansion else BASE_VARIANTS
    lengths = []
    for seed in seeds:
        options = dict(variants[seed % len(variants)], **({"expansion": "on"} if expansion else {}))
        over, moves, longest = random_game(tsukiji, players, seed, options)
        assert over, (players, seed, options, moves)
        assert longest <= LONGEST_TURN, (players, seed, options, longest)
        lengths.append(moves)
    # about 4 to 6 moves a turn: 40 rounds of `players` turns (the report quotes these)
    assert 100 * players < statistics.mean(lengths) < 400 * players, lengths


def test_the_fishmonger_ends_its_games_against_random_players(tsukiji):
    # `tokyo tournament tsukiji --players 3 --bots fishmonger,random --games 6`: as printed, no
    # round limit; once the random players are broke the fishmonger makes its ¥5,000 (000:96).
    report = tournament(tsukiji, 3, ["fishmonger", "random"], 6, 1)
    assert report["finished"] == 6, report
    assert report["options"]["round_limit"] == 0
