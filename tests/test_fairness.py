"""Fair building rounds: identical computer architects in every seat win about equally often,
whatever their seat, and every seed is another game.

004_2b6c36ff9b44b906.txt:29 — "Jemand sagt „los“ und alle Spieler beginnen zu bauen!"
004_2b6c36ff9b44b906.txt:39 — "Alle gleichzeitig wählen die Spieler jeweils ein einzelnes Bauteil"

Before the building rounds went by time, seat 4 of four masters won 73.5 % of Tokyo Jutaku
games and seat 1 1.8 %; in Countdown seats 1 and 2 shared every win. Here GAMES seeded games
a player count (a few dozen a game), the game's strongest bot in every seat (in the default
run, at 4 players: 24 or 36 games of apprentices, see QUICK): each seat's wins
must lie where a fair seat's do but for one chance in a thousand (the binomial tails of 1/n),
and the shares of all seats add up to the games played (a shared win is a share). The figures
over 400 games are bench/bench_fairness.py's.
"""

from __future__ import annotations

from math import comb

import pytest

from core import games
from core.simulate import simulate

GAMES = 12
SEED = 11


def fair_band(games_: int, players: int, tail: float = 0.001) -> tuple[int, int]:
    """The fewest and most wins a seat that wins 1 game in `players` has, but for `tail` on
    each side (binomial)."""
    p = 1 / players

    def at_most(k):
        return sum(comb(games_, i) * p ** i * (1 - p) ** (games_ - i) for i in range(k + 1))
    low = next(k for k in range(games_ + 1) if at_most(k) > tail)
    high = next(k for k in range(games_ + 1) if 1 - at_most(k) <= tail)
    return low, high


#: The default run checks every building game at 4 players, where the seat effects were found
#: (seat 4 of four masters winning 73.5 % of Tokyo Jutaku games); 2 and 3 players are the soak's
#: (-m soak): Countdown's are 2 s and 1.4 s a game, against 0.7 s at 4 players.
SOAK = {(name, players) for name in ("jutaku", "bottle_bonus", "countdown") for players in (2, 3)}
#: The default run at 4 players plays apprentices, many games of them: they build quickly
#: (Tokyo Jutaku 0.12 s a game against a master's 0.3 s; Countdown 0.1 s against 0.75 s) and
#: every builder at the same pace, so the seats meet at equal moments all the time, and the
#: band of a fair seat narrows with the games (0-13 wins of 24, 2-18 of 36, where 12 masters'
#: games allowed 0-8 and let a seat that never wins pass). A seat order that favours a seat
#: fails it: seats played in number order gave Jutaku's seats 19, 4, 1, 0 wins of 24 (Bottle
#: Bonus 20.5, 3, 0.5, 0; Countdown 36, 0, 0, 0 of 36), and a first seat whose clock runs 30 %
#: slow (every move of seat 1 at 0.7 of its second) won 17 of 24 in Jutaku and in Bottle Bonus.
#: The masters' 12 games at 4 players are the soak's.
QUICK = {("jutaku", 4): ("apprentice", 24), ("bottle_bonus", 4): ("apprentice", 24),
         ("countdown", 4): ("apprentice", 36)}


def _cases():
    for players in (2, 3, 4):
        for name in ("jutaku", "bottle_bonus", "countdown"):
            soak = (pytest.mark.soak,)
            if (name, players) in QUICK:
                level, games_ = QUICK[name, players]
                yield pytest.param(name, players, level, games_, id=f"{name}-{players}-{level}")
                yield pytest.param(name, players, None, GAMES, marks=soak, id=f"{name}-{players}")
            else:
                yield pytest.param(name, players, None, GAMES, marks=soak if (name, players) in SOAK else (),
                                   id=f"{name}-{players}")


@pytest.mark.parametrize("name,players,level,games_", list(_cases()))
def test_identical_architects_win_alike_whatever_their_seat(name, players, level, games_):
    game = games.load(name)
    report = simulate(game, players, games_, SEED, level)
    assert report["finished"] == games_
    assert sum(report["wins"]) == pytest.approx(games_, abs=players * 1e-4)   # shared wins are shares (to 4 places)
    low, high = fair_band(games_, players)
    assert all(low <= w <= high for w in report["wins"]), (report["wins"], (low, high))
    results = {tuple(row["scores"]) for row in report["results"]}
    assert len(results) >= games_ // 2, "the seeds hardly change the game"


def test_the_fair_band_is_the_binomials():
    assert fair_band(12, 4) == (0, 8) and fair_band(12, 2) == (1, 11)
    assert fair_band(24, 4) == (0, 13) and fair_band(36, 4) == (2, 18)
    assert fair_band(400, 4)[0] > 70 and fair_band(400, 4)[1] < 130


# ==== architects that play to win =============================================================

def test_an_architect_never_stays_on_a_card_it_cannot_build_when_it_may_move():
    # 004:58 — "Hat ein Spieler kein Gebäude fertiggestellt, darf er seine bisherige
    # Grundstückskarte behalten, anstatt sich zu bewegen": may, not must. An apprentice dares
    # only blocks; on a card whose floors its blocks cannot fit it gives the round up, and then
    # it moves rather than stay.
    from core.bots import make_bot
    from core.rng import Rng
    from games.building import planner
    from games.building.architects import buildable
    game = games.load("jutaku")
    rules, level = game.rules, planner.LEVELS["apprentice"]
    m = game.new(2, seed=4)
    while m.state["phase"] == "start":
        seat = m.to_act()[0]
        cards = {a.key: rules.deck.card(m.state["grid"][int(a.key.split(":")[1])][int(a.key.split(":")[2])])
                 for a in m.legal(seat)}
        hopeless = [k for k, card in cards.items() if not buildable(card.front.lot(), level, rules.pieces)]
        m.play(seat, hopeless[0] if seat == 0 else next(k for k in cards if k not in hopeless))
    card = m.state["hand"][0]
    assert not buildable(rules.deck.card(card).front.lot(), level, rules.pieces)
    apprentice = make_bot(game, "apprentice")
    rng = Rng(1)
    while m.state["phase"] == "build":
        seat = m.to_act()[0]
        move = apprentice.choose(m.view(seat), m.legal(seat), rng) if seat == 0 else "give_up"
        m.play(seat, move)
    assert m.state["status"][0] == "out" and m.state["hand"][0] == card      # it gave the round up
    while m.state["phase"] == "move" and m.to_act() != (0,):
        m.play(m.to_act()[0], "keep")
    assert "keep" in {a.key for a in m.legal(0)}
    assert apprentice.choose(m.view(0), m.legal(0), rng).key.startswith("move:")


def test_the_master_wins_most_games_against_three_apprentices():
    # The levels keep their order of strength: seats turning, as `tokyo tournament` plays them.
    from core.tournament import tournament
    game = games.load("jutaku")
    report = tournament(game, 4, ["master", "apprentice"], 4, seed=3)
    master = next(b for b in report["bots"] if b["bot"] == "master")
    assert master["win_rate"] >= 0.5


def test_bottle_bonus_architects_spend_every_drink_and_play_another_game_than_jutakus():
    # 004:83-93 — the six one-shot powers; with them spent the game is not Tokyo Jutaku's.
    from core.bots import make_bot
    from core.simulate import play_one
    jutaku, bottle = games.load("jutaku"), games.load("bottle_bonus")
    spent = set()
    differ = 0
    for seed in range(4):
        m, _ = play_one(bottle, 4, seed, [make_bot(bottle) for _ in range(4)])
        spent |= {key.split(":")[1] if key.startswith("drink:") else "purple"
                  for _, key, *_ in m.log.moves if key.startswith(("drink:", "purple:"))}
        j, _ = play_one(jutaku, 4, seed, [make_bot(jutaku) for _ in range(4)])
        differ += m.result().ranking != j.result().ranking or m.result().final_yen != j.result().final_yen
    assert spent == {"black", "white", "mint", "blue", "red", "purple"}
    assert differ >= 3
