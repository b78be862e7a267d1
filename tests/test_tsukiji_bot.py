"""The fishmonger bot: all-bot games end by the printed rule, and the bot reads only its view.

The end (000:96-97, 000:359-362): at the start of a turn, ¥5,000 and not alone with the
fewest resources, or 50 resources and not alone with the least yen. There is no round
limit unless the kiosk's house rule is chosen, and these games use the default options.
"""

from __future__ import annotations

from types import MappingProxyType

import pytest

from core.bots import make_bot
from core.game import Move
from core.rng import Rng
from core.session import Session
from core.simulate import game_seed, play_one, simulate

from .tsukiji_support import tsukiji  # noqa: F401  (the fixture)

# Games that went round in circles until the 100,000-move cap before the fix, named as
# `tokyo simulate tsukiji --players P --games K --seed S` plays them: game i of a run with
# seed S has the game seed game_seed(S, i), and seat s draws from Rng(that seed, stream 1000 + s).
STALLED = [
    (2, 1, 1),      # --players 2 --games 10 --seed 1, the 2nd game: a seat with ¥0 and 57 resources
    (2, 1, 9),      # --players 2 --games 10 --seed 1, the 10th game
    (3, 7, 13),     # --players 3 --games 20 --seed 7, the 14th game: every seat at ¥0
]
CAP = 20_000        # the bot's games take about 500-1,700 moves; a stall runs into the cap


def ends_by_the_rules(game, players, seed, options=None):
    bots = [make_bot(game) for _ in range(players)]        # the default bot, as the CLI
    match, moves = play_one(game, players, seed, bots, options, max_moves=CAP)
    return match, moves


@pytest.mark.parametrize("players,run_seed,index", STALLED)
def test_games_that_stalled_end_by_the_printed_rule(tsukiji, players, run_seed, index):
    assert tsukiji.info.settle_options(players, None)["round_limit"] == 0, "the default is as printed"
    assert make_bot(tsukiji).name == "fishmonger"
    match, moves = ends_by_the_rules(tsukiji, players, game_seed(run_seed, index))
    assert match.over, f"no end after {moves:,} moves"
    why = match.view(None)["end"]["why"]
    assert "round limit" not in why
    assert why.endswith("and is not alone with the least yen") or \
        why.endswith("and is not alone with the fewest resources"), why


def test_the_stalled_game_is_the_one_the_cli_plays(tsukiji):
    # `tokyo simulate` calls core.simulate.simulate; its 2nd game of seed 1 is the one above.
    r = simulate(tsukiji, 2, 2, seed=1)
    row = r["results"][1]
    match, moves = ends_by_the_rules(tsukiji, 2, game_seed(1, 1))
    assert row["seed"] == game_seed(1, 1) and row["finished"] and row["moves"] == moves
    assert row["ranking"] == [list(g) for g in match.result().ranking]


# ---- the bot reads only its view ------------------------------------------------------------

class PrintedNumbersOnly:
    """Stands in for the rules: the printed numbers (rules.d) and nothing else, so a bot
    that asked the rules about the table (or anything but the numbers) would fail here."""

    def __init__(self, d):
        self.d = d

    def __getattr__(self, name):
        raise AssertionError(f"the bot asked the rules for {name!r}, not only the printed numbers")


def frozen(v):
    """A read-only copy of a view: a bot that wrote into it would fail here."""
    if isinstance(v, dict):
        return MappingProxyType({k: frozen(x) for k, x in v.items()})
    if isinstance(v, list):
        return tuple(frozen(x) for x in v)
    return v


def as_move(choice):
    return (choice.key, choice.payload) if isinstance(choice, Move) else (choice.key, None)


class Twinned:
    """A seat's bot for the session that asks a second bot, blind but for the printed
    numbers, on a frozen copy of the same view with a stream of its own: both must choose
    the same (and the view hides the other seats' yen when money is hidden)."""

    def __init__(self, seat, real, blind, twin):
        self.seat, self.real, self.blind, self.twin = seat, real, blind, twin
        self.name, self.needs_view = real.name, True
        self.moves = 0

    def choose(self, view, legal, rng):
        if view["money"] == "hidden":
            assert all(y is None for o, y in enumerate(view["yen"]) if o != self.seat)
        again = self.blind.choose(frozen(view), legal, self.twin)     # frozen before the bot reads it
        choice = self.real.choose(view, legal, rng)
        assert as_move(again) == as_move(choice), \
            f"seat {self.seat + 1}, decision {self.moves}: the same view gave another choice"
        self.moves += 1
        return choice


@pytest.mark.parametrize("players,options", [
    (3, {"money": "hidden"}),
    (4, {m: "in" for m in ("king_crab", "tuna", "squid", "eel", "aquarium", "auction", "bank", "barter",
                           "government", "trade", "used_ships")}),
])
def test_the_bot_decides_from_its_view_alone(tsukiji, players, options):
    from games.tsukiji.bot import FishmongerBot
    seed = 5
    m = tsukiji.new(players, seed=seed, options=options)
    bots = [Twinned(s, make_bot(tsukiji), FishmongerBot(PrintedNumbersOnly(tsukiji.rules.d)),
                    Rng(seed, stream=1000 + s)) for s in range(players)]
    Session.of_computers(m, bots).run(limit=CAP)          # seat s on Rng(seed, stream 1000 + s)
    assert m.over, "and the game ends by the rules"


# ---- the expansion (000:392-628) -------------------------------------------------------------

EXPANSION = {"expansion": "on"}
#: every variant on: the Blue Ship, the two 4-hold barges, collapsing external markets, open
#: market order (000:420-421, 000:592-628)
VARIANTS = {"expansion": "on", "blue_ship": "on", "barges": "two_four", "collapse": "on", "order": "open"}


def expansion_markets():
    from games.tsukiji.data import EXPANSION_EXTERNAL, EXPANSION_FISH
    return set(EXPANSION_FISH + EXPANSION_EXTERNAL)


def played(game, players, seed, options):
    """An all-bot game as core.simulate.play_one plays it (the session, seat s on
    Rng(seed, stream 1000 + s)); returns the match, the number of moves and the keys played."""
    match = game.new(players, seed=seed, options=options)
    moves = Session.of_computers(match, [make_bot(game) for _ in range(players)]).run(limit=CAP)
    return match, moves, [mv[1] for mv in match.log.moves]


@pytest.mark.parametrize("players", [2, 6])
def test_expansion_games_end_by_the_printed_rules(tsukiji, players):
    """All-bot games with the expansion, and with every variant, end by 000:96-97 with no
    last round; and the bot plays the new markets: it enters some, catches with the new
    licences, bids in the new auctions or sells there."""
    new = expansion_markets()
    entered, other = set(), set()
    for options, seeds in ((EXPANSION, range(3)), (VARIANTS, range(2))):
        assert tsukiji.info.settle_options(players, options)["round_limit"] == 0
        for i in seeds:
            seed = game_seed(1, i)
            match, moves, keys = played(tsukiji, players, seed, options)
            assert match.over, f"{options} seed {seed}: no end after {moves:,} moves"
            why = match.view(None)["end"]["why"]
            assert "round limit" not in why
            assert why.endswith("and is not alone with the least yen") or \
                why.endswith("and is not alone with the fewest resources"), why
            if i == 0:                  # the same game as `tokyo simulate` (core.simulate.play_one) plays
                again, n = play_one(tsukiji, players, seed, [make_bot(tsukiji) for _ in range(players)], options,
                                    max_moves=CAP)
                assert again.over and n == moves
            for k in keys:
                parts = k.split(":")
                if parts[0] == "enter" and parts[1] in new:
                    entered.add(parts[1])
                elif parts[0] in ("free", "foreign", "iwashi", "sushi", "new_aquarium", "influence") \
                        or "/" in k or k.endswith(":foreign"):
                    other.add(parts[0] if "/" not in k else "catch with another fish's licence")
    assert entered, "the bot never entered an expansion market"
    assert other, "the bot never did anything only the expansion offers"


@pytest.mark.parametrize("players,options", [
    (3, VARIANTS),
    (4, dict(EXPANSION, money="hidden", table_mackerel="horse_mackerel")),
])
def test_the_bot_decides_from_its_view_alone_in_the_expansion(tsukiji, players, options):
    test_the_bot_decides_from_its_view_alone(tsukiji, players, options)
