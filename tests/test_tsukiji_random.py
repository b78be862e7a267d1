"""Tsukiji under random play: the generic contract check, and bot-driven games that reach
the markets a uniformly random player never gets to (auctions, trade, barter, the end)."""

from __future__ import annotations

import pytest

from core.bots import make_bot
from core.testing import check_random_play

from .test_tsukiji import tsukiji  # noqa: F401  (the fixture)

EVERYTHING = {m: "in" for m in ("eel", "fugu", "octopus", "red_snapper", "salmon", "king_crab", "squid", "tuna",
                                "aquarium", "auction", "bank", "barter", "government", "rental", "trade",
                                "used_ships")}


# The generic random play of every game (tests/test_random_play.py) covers the base game at
# 2-6 players; this file adds what it does not reach: options, the expansion, bot-led games.


@pytest.mark.parametrize("players,options", [
    (3, {"money": "hidden"}),
    (6, {"money": "hidden", "selection": "newcomer"}),
    (4, EVERYTHING),                                  # the "more markets" variant (000:590)
    (2, dict(EVERYTHING, auction="out")),
])
def test_random_play_with_options(tsukiji, players, options):
    check_random_play(tsukiji, players, players, options=options)


EXPANSION_MARKETS = ("clams_oysters", "himono", "horse_mackerel", "nori", "sardines", "swordfish",
                     "foreign_market", "influence", "new_aquarium", "overfishing", "ship_rental", "sushi_shop")
#: the expansion with every variant of 000:586-628: its twelve markets, the Blue Ship, the 4-hold
#: barges, collapsing markets, open market order
EXPANSION = {"expansion": "on", "blue_ship": "on", "barges": "two_four", "collapse": "on", "order": "open"}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_play_with_the_expansion_and_its_variants(tsukiji, players):
    everything = dict(EXPANSION, **{m: "in" for m in EXPANSION_MARKETS})
    check_random_play(tsukiji, players, players, options=everything)
    check_random_play(tsukiji, players, 10 + players, options=dict(EXPANSION, table_mackerel="horse_mackerel",
                                                                    more_fish=2, more_external=2))


def checked_play(game, players, seed, options=None, bot_share=0.7, max_moves=20_000, every=7):
    """check_random_play's checks along a game where most moves come from the fishmonger bot
    and the rest are uniformly random; returns the match."""
    bot = make_bot(game, "fishmonger")

    def choose(match, seat, actions, rng):
        if rng.below(100) < bot_share * 100:
            return bot.choose(match.view(seat), actions, rng)
        plain = [a for a in actions if not a.takes]      # a ??? price needs its amount: the bot's share says one
        return plain[rng.below(len(plain))]
    return check_random_play(game, players, seed, options=options, max_moves=max_moves,
                             checks_every=every, choose=choose)["match"]


@pytest.mark.parametrize("players,options", [
    (3, None), (4, {"money": "hidden"}), (5, EVERYTHING), (6, None), (4, EVERYTHING),
])
def test_bot_driven_play_keeps_the_contract(tsukiji, players, options):
    # one seed each here (40 a player count in test_soak_bot_driven_play, -m soak)
    checked_play(tsukiji, players, players, options=options)


def test_fishmonger_games_can_end_by_the_rules(tsukiji):
    # 000:359-364 — with purposeful play the end comes from ¥5,000 / 50 resources; these
    # games are played as printed (no last-round house rule), with the checks along the way.
    # (200 seeds a player count, base and expansion: bench/bench_tsukiji.py --all-bot 200)
    natural = 0
    for seed in range(2):
        m = checked_play(tsukiji, 5, 100 + seed, options={"round_limit": 0}, bot_share=1.0, every=50)
        natural += "round limit" not in m.state.why
    assert natural == 2
    from core.simulate import simulate
    r = simulate(tsukiji, 4, 10, seed=1)
    assert r["options"]["round_limit"] == 0 and r["finished"] == 10


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_soak_random_play(tsukiji, players):
    for seed in range(200):
        check_random_play(tsukiji, players, seed)
        check_random_play(tsukiji, players, seed, options={"money": "hidden"})


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_soak_bot_driven_play(tsukiji, players):
    everything = EVERYTHING if players >= 3 else dict(EVERYTHING, auction="out")    # 000:23
    for seed in range(40):
        checked_play(tsukiji, players, seed, options=everything if seed % 2 else {"money": "hidden"})


def test_fishmonger_beats_random_clearly(tsukiji):
    from core.bots import bot_names
    from core.simulate import simulate
    assert bot_names(tsukiji) == ["random", "easy", "normal", "hard", "search", "fishmonger"] and make_bot(tsukiji).name == "fishmonger"
    wins = 0
    for seats, me in ((["fishmonger", "random"], 0), (["random", "fishmonger"], 1)):
        # A random seat stalls the economy, so these games use the kiosk's last-round rule.
        r = simulate(tsukiji, 2, 10, seed=me + 3, bot=seats, options={"round_limit": 40})
        assert r["finished"] == 10
        wins += r["wins"][me]
    assert wins >= 18
