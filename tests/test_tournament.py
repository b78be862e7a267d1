"""`tokyo tournament`: bots against each other, the seats turning from game to game."""

import json
from collections import Counter
from fractions import Fraction

import pytest

from core import simulate as sim
from core import tournament as tour
from tokyo.cli import main

CUP = ["tournament", "chocolate_milk", "--players", "3", "--bots", "dealer,normal,random",
       "--games", "6", "--seed", "4", "--json"]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_every_bot_sits_at_every_seat_equally(capsys, chocolate_milk):
    assert tour.lineup(chocolate_milk, ["dealer", "random"], 4) == ["dealer", "random", "random", "random"]
    assert tour.seating(["a", "b", "c"], 1) == ["c", "a", "b"]
    code, out, _ = run(capsys, *CUP)
    assert code == 0
    report = json.loads(out)
    assert report["lineup"] == ["dealer", "normal", "random"]
    sat = Counter((bot, seat) for row in report["results"] for seat, bot in enumerate(row["bots"]))
    assert sat == {(bot, seat): 2 for bot in report["lineup"] for seat in range(3)}
    assert [row["seed"] for row in report["results"]] == [sim.game_seed(4, i) for i in range(6)]
    wins = {b["bot"]: b["wins"] for b in report["bots"]}
    assert sum(wins.values()) == report["finished"] == 6
    recount = Counter(row["bots"][row["ranking"][0][0]] for row in report["results"])
    assert wins == {bot: recount[bot] for bot in report["lineup"]}


def test_wilson_interval_against_worked_values():
    # 8 of 10, z = 1.96: centre (0.8 + 0.19207) / 1.38415 = 0.71674,
    # half 1.41602 * sqrt(0.016 + 0.0096037) = 0.22658
    low, high = tour.wilson(8, 10)
    assert low == pytest.approx(0.49016, abs=1e-5) and high == pytest.approx(0.94332, abs=1e-5)
    # Newcombe (1998), Table I, method 3
    for wins, games, expected in [(81, 263, (0.2553, 0.3662)), (15, 148, (0.0624, 0.1605)),
                                  (0, 20, (0.0, 0.1611)), (1, 29, (0.0061, 0.1718))]:
        assert tuple(round(x, 4) for x in tour.wilson(wins, games)) == expected
    assert tour.wilson(0, 0) is None


def test_a_shared_win_counts_a_share_to_each_winner(chocolate_milk, monkeypatch):
    rows = [{"finished": True, "ranking": [[0, 1], [2]], "scores": [9, 9, 2]},   # dealer, normal, random
            {"finished": True, "ranking": [[0, 1, 2]], "scores": [5, 5, 5]},     # random, dealer, normal
            {"finished": True, "ranking": [[1], [0, 2]], "scores": [1, 7, 1]},   # normal, random, dealer
            {"finished": False}]
    for row in rows[:3]:
        row["unit"] = "pieces"

    def played(game, players, seed, seatings, *args, **kwargs):
        assert seatings == [tour.seating(["dealer", "normal", "random"], i) for i in range(4)]
        return [dict(row, seed=i, moves=1) for i, row in enumerate(rows)]

    monkeypatch.setattr(tour, "play_games", played)
    report = tour.tournament(chocolate_milk, 3, ["dealer", "normal", "random"], 4, seed=1)
    assert report["finished"] == 3
    table = {b["bot"]: b for b in report["bots"]}
    third = Fraction(1, 3)
    expected = {"dealer": Fraction(1, 2) + third, "normal": Fraction(1, 2) + third,
                "random": third + 1}
    for bot, wins in expected.items():
        row = table[bot]
        assert row["wins"] == round(float(wins), 4) and row["games"] == 3
        assert row["win_rate"] == round(float(wins / 3), 4)
        assert row["chance"] == round(1 / 3, 4) and row["ratio"] == round(float(wins / 3 * 3), 3)
        low, high = tour.wilson(float(wins), 3)
        assert (row["low"], row["high"]) == (round(low, 4), round(high, 4))
    assert sum(b["wins"] for b in report["bots"]) == pytest.approx(3, abs=1e-3)   # the shares add up
    assert report["unit"] == "pieces"
    assert {b: table[b]["mean_score"] for b in table} == {"dealer": 5.0, "normal": 5.0,   # (9+5+1)/3
                                                          "random": round(14 / 3, 2)}   # (2+5+7)/3


def test_one_and_two_workers_give_the_same_tournament(capsys, monkeypatch):
    code, out, _ = run(capsys, *CUP)
    assert code == 0
    alone = json.loads(out)
    monkeypatch.setattr(sim, "play_rows", lambda *a: pytest.fail("played by the calling process"))
    code, out, err = run(capsys, *CUP, "--workers", "2")
    assert code == 0, err
    paired = json.loads(out)
    alone.pop("seconds"), paired.pop("seconds")
    assert paired == alone


def test_the_table(capsys):
    code, out, _ = run(capsys, *CUP[:-1])
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("Chocolate Milk tournament: 6 games, 3 players, seed 4")
    assert "win rate  95 % interval    chance  ratio" in lines[2]
    assert [line.split()[0] for line in lines[3:]] == ["dealer", "normal", "random"]
    assert "33.3 %" in lines[3]


@pytest.mark.parametrize("bots, players, words", [
    ("dealer", "2", "a tournament needs two bots or more, not 1"),
    ("dealer,normal,random", "2", "3 bots do not fit 2 seats"),
    ("dealer,dealer", "3", "bot 'dealer' is listed twice"),
    ("dealer,oracle", "2", "Chocolate Milk has no bot 'oracle'; it has: random"),
    ("dealer, ", "2", "a bot has an empty name"),
])
def test_bad_bots_are_refused_in_one_line(capsys, bots, players, words):
    code, out, err = run(capsys, "tournament", "chocolate_milk", "--players", players, "--bots", bots)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"tokyo: --bots {bots!r}: {words}")


def test_other_mistakes_are_refused_in_one_line(capsys):
    for argv, words in [([], "tournament needs --bots"),
                        (["--bots", "dealer,random", "--games", "0"], "--games is a whole number from 1"),
                        (["--bots", "dealer,random", "--workers", "2", "--ray"], "--workers and --ray"),
                        (["--bots", "dealer,random", "--option", "refill=wish"], "dice, draw")]:
        code, out, err = run(capsys, "tournament", "chocolate_milk", "--players", "2", *argv)
        assert code == 2 and out == "" and err.count("\n") == 1 and words in err, err
