"""The shared core: randomness, yen, components, sealed bids, options, ranking."""

import subprocess
import sys

import pytest

from core.bids import SealedBid
from core.components import ARCHITECTS, ArchitectMarker, Bag, CountedSupply, LotCard, roman_pieces
from core.errors import IllegalMove
from core.game import GameInfo, Option, rank_by
from core.rng import Rng
from core.yen import SUPPLY, Treasury


def test_rng_is_the_same_sequence_in_another_process():
    here = [Rng(12345).next32() for _ in range(1)] + [Rng(12345).below(1000)]
    code = "from core.rng import Rng; print(Rng(12345).next32(), Rng(12345).below(1000))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert [int(x) for x in out.stdout.split()] == here


def test_rng_state_round_trips_and_streams_differ():
    a = Rng(7)
    for _ in range(10):
        a.next32()
    b = Rng.restore(a.dump())
    assert [a.below(100) for _ in range(20)] == [b.below(100) for _ in range(20)]
    assert [Rng(7, stream=1).next32() for _ in range(3)] != [Rng(7, stream=2).next32() for _ in range(3)]


def test_rng_below_covers_its_range_evenly():
    rng = Rng(3)
    counts = [0] * 6
    for _ in range(60_000):
        counts[rng.die() - 1] += 1
    assert all(9_400 < c < 10_600 for c in counts), counts


@pytest.mark.parametrize("bad", [[1], [1, 2], "xy", [-1, 3], [1 << 64, 3]])
def test_rng_restore_refuses_bad_state(bad):
    with pytest.raises(ValueError):
        Rng.restore(bad)


def test_treasury_moves_yen_and_keeps_the_sum_zero():
    t = Treasury()
    t.open("seat0", 500)
    t.open("card")
    t.pay("seat0", SUPPLY, 100)
    t.pay(SUPPLY, "card", 300)
    assert (t["seat0"], t["card"], t[SUPPLY]) == (400, 300, -700)
    assert t.total() == 0
    with pytest.raises(IllegalMove):
        t.pay("seat0", "card", 401)
    assert t["seat0"] == 400
    assert t.empty_into("card", SUPPLY) == 300 and t["card"] == 0


def test_treasury_restore_refuses_yen_from_nowhere():
    with pytest.raises(ValueError, match="do not add up"):
        Treasury.restore({SUPPLY: -100, "seat0": 200})


def test_bag_draws_everything_once_reproducibly():
    def draws(seed):
        bag = Bag(range(10))
        rng = Rng(seed)
        return [bag.draw(rng) for _ in range(10)]
    assert sorted(draws(1)) == list(range(10))
    assert draws(1) == draws(1) and draws(1) != draws(2)
    with pytest.raises(IllegalMove, match="empty"):
        Bag().draw(Rng(1))


def test_counted_supply_runs_out():
    s = CountedSupply({"barrel": 2})
    s.take("barrel", 2)
    with pytest.raises(IllegalMove):
        s.take("barrel")
    s.put("barrel")
    assert s["barrel"] == 1 and s.total() == 1


def test_roman_piece_counts_as_lot_cards_print_them():
    # 004:34 — "V///; erfordert insgesamt acht Bauteile. (V=fünf /=eins)"
    assert roman_pieces("V///") == 8
    # 004:46 — "V: Dieses Gebäude erfordert fünf Bauteile."
    assert roman_pieces("V") == 5
    assert roman_pieces("IV") == 4 and roman_pieces("///") == 3
    card = LotCard("x", "Shibuya", 3, "V///", 14000)
    assert card.pieces == 8
    with pytest.raises(ValueError):
        roman_pieces("8")


def test_architects_are_the_eight_of_the_box():
    # 004:10-19
    assert len(ARCHITECTS) == 8 and ARCHITECTS[0] == "Toyo Ito" and ARCHITECTS[-1] == "Go Hasegawa"
    assert len(ArchitectMarker.for_seats(8)) == 8
    with pytest.raises(ValueError):
        ArchitectMarker.for_seats(9)


def test_sealed_bid_hides_amounts_until_everyone_has_bid():
    bid = SealedBid([0, 1, 2], minimum=0, caps={0: 500, 1: 300, 2: 1000}, step=100, label="auction bid")
    bid.submit(1, 300)
    assert bid.waiting() == (0, 2)
    assert "bids" not in bid.view(0) and "own" not in bid.view(0)
    assert bid.view(1)["own"] == 300 and bid.view(0)["done"] == [1]
    with pytest.raises(IllegalMove, match="already"):
        bid.submit(1, 200)
    with pytest.raises(IllegalMove):
        bid.submit(0, 600)
    with pytest.raises(IllegalMove):
        bid.reveal([0, 1, 2])
    bid.submit(0, 300)
    bid.submit(2, 100)
    assert bid.view(2)["bids"] == {"0": 300, "1": 300, "2": 100}
    # Equal bids follow the given order, e.g. starting with the active player.
    assert bid.reveal([1, 2, 0]) == [(1, 300), (0, 300), (2, 100)]
    assert bid.reveal([0, 1, 2]) == [(0, 300), (1, 300), (2, 100)]
    again = SealedBid.restore(bid.dump())
    assert again.reveal([0, 1, 2]) == bid.reveal([0, 1, 2])


def test_options_are_settled_and_checked():
    info = GameInfo("g", "G", 2, 4, "s", (Option("refill", ("dice", "draw"), "dice"),))
    assert info.settle_options(3, None) == {"refill": "dice"}
    with pytest.raises(ValueError, match="2–4 players"):
        info.settle_options(5, None)
    with pytest.raises(ValueError, match="no option"):
        info.settle_options(2, {"colour": 1})
    with pytest.raises(ValueError, match="one of"):
        info.settle_options(2, {"refill": "wish"})


def test_rank_by_groups_ties_best_first():
    assert rank_by([(5,), (9,), (5,), (1,)], range(4)) == ((1,), (0, 2), (3,))
    assert rank_by([(5, 1), (5, 2)], range(2)) == ((1,), (0,))


def test_an_option_s_choices_read_as_its_words_and_stay_its_names():
    data = {"title": "T", "min_players": 2, "max_players": 4, "summary": "s",
            "options": [{"name": "barges", "choices": ["six", "two_four"], "default": "six",
                         "words": ["one 6-hold barge", "two 4-hold barges"]},
                        {"name": "money", "choices": ["open", "hidden"], "default": "open"}]}
    info = GameInfo.from_data("t", data)
    barges, money = info.options
    assert [barges.word(c) for c in barges.choices] == ["one 6-hold barge", "two 4-hold barges"]
    assert money.word("hidden") == "hidden" and barges.check("two_four") == "two_four"
    data["options"][0]["words"] = ["one 6-hold barge"]
    from core.errors import PluginError
    with pytest.raises(PluginError, match="1 words for 2 choices"):
        GameInfo.from_data("t", data)
