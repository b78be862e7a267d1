"""Tokyo Tsukiji Market: buying and every market, rule by rule, with their worked examples.

Lines are cited as 000:NNN (000_e98393ccc20da7fd.txt); the tests never read that file.
"""
from __future__ import annotations

import pytest

from core.errors import IllegalMove, ScenarioError  # noqa: F401
from tests.tsukiji_support import ALL_OUT, RULES, crab_position, keys, play, position, seat, tsukiji  # noqa: F401


def test_buying_pays_the_owner_returns_the_barrel_and_gives_a_token(tsukiji):
    # 000:163
    m = tsukiji.scenario(position(seats=[seat(), seat(harbour=[["mackerel", "upper", "c3"]]), seat()]))
    before = m.view(None)["markets"]["fish"]["mackerel"]
    play(m, "buy")
    assert keys(m)[0] == "buy:2:U:c3:mackerel"
    play(m, "buy:2:U:c3:mackerel", "done")
    v = m.view(None)
    assert v["yen"][:2] == [1700, 2300]
    assert v["seats"][0]["tokens"] == {"mackerel": 1} and v["seats"][1]["harbour"] == []
    assert v["markets"]["fish"]["mackerel"]["barrels"] == before["barrels"] + 1
    assert v["markets"]["fish"]["mackerel"]["tokens"] == before["tokens"] - 1


def test_never_buy_from_your_own_harbour(tsukiji):
    # 000:167
    m = tsukiji.scenario(position(seats=[seat(harbour=[["mackerel", "upper", "c3"]]),
                                         seat(harbour=[["mackerel", "upper", "c1"]]), seat()]))
    play(m, "buy")
    assert "buy:1:U:c3:mackerel" not in keys(m)
    with pytest.raises(IllegalMove, match="own harbour") as e:
        m.play(0, "buy:1:U:c3:mackerel")
    assert "000:159-167" in str(e.value)


def test_buying_needs_the_price(tsukiji):
    m = tsukiji.scenario(position(yen=[200, 2000, 2000], seats=[seat(), seat(harbour=[["mackerel", "upper", "c3"]]),
                                                              seat()]))
    assert "buy" not in keys(m), "nothing affordable: no buying action is offered"


def test_red_snapper_buying_takes_the_next_token_and_value(tsukiji):
    # 000:242 / 000:249 — value = red snapper tokens left ÷ 3 rounded up; 2 once overfished.
    harbour = [["red_snapper", "upper", "c1"]] * 3
    m = tsukiji.scenario(position(fish=("mackerel", "red_snapper"), seats=[seat(), seat(harbour=harbour), seat()]))
    assert m.view(None)["token_values"]["red_snapper"] == 5          # 15 left → 5
    play(m, "buy", "buy:2:U:c1:red_snapper")
    v = m.view(None)
    assert v["markets"]["fish"]["red_snapper"]["tokens"] == 14 and v["token_values"]["red_snapper"] == 5
    play(m, "buy:2:U:c1:red_snapper", "buy:2:U:c1:red_snapper")
    v = m.view(None)
    assert v["markets"]["fish"]["red_snapper"]["tokens"] == 12 and v["token_values"]["red_snapper"] == 4
    assert v["resources"][0] == 3 * 4
    over = tsukiji.scenario(position(fish=("mackerel", "red_snapper"), markets={
        "fish": {"mackerel": "setup", "red_snapper": {"barrels": 0, "tokens": 12, "licences": 4, "overfished": True}},
        "external": {"ships": "setup"}}, seats=[seat(tokens={"red_snapper": 3}), seat(), seat()]))
    assert over.view(None)["token_values"]["red_snapper"] == 2 and over.view(None)["resources"][0] == 6


def test_red_snapper_value_is_tokens_left_over_three_rounded_up(tsukiji):
    # 000:249
    rules = tsukiji.rules
    for left, value in [(15, 5), (13, 5), (12, 4), (10, 4), (4, 2), (3, 1), (1, 1)]:
        m = tsukiji.scenario(position(fish=("mackerel", "red_snapper"), markets={
            "fish": {"mackerel": "setup", "red_snapper": {"barrels": 6, "tokens": left, "licences": 4}},
            "external": {"ships": "setup"}}))
        assert rules.token_unit(m.state, "red_snapper") == value, left


def test_salmon_value_and_spoiled_side(tsukiji):
    # 000:253 / 000:260 — a token bought from the lower row lies "4" side up (4 resources); a fresh
    # one is worth as many as salmon tokens held by all players, fresh and spoiled.
    harbour = [["salmon", "upper", "c2"], ["salmon", "lower", "c1"]]
    m = tsukiji.scenario(position(fish=("mackerel", "salmon"),
                                  seats=[seat(), seat(harbour=harbour), seat(tokens={"salmon": 1})]))
    play(m, "buy", "buy:2:U:c2:salmon", "buy:2:L:c1:salmon", "done")
    v = m.view(None)
    assert v["seats"][0]["tokens"] == {"salmon": 1, "salmon_spoiled": 1}
    assert v["token_values"]["salmon"] == 3 and v["token_values"]["salmon_spoiled"] == 4
    assert v["resources"] == [3 + 4, 0, 3]


def test_takoyaki_can_be_bought(tsukiji):
    # 000:165
    m = tsukiji.scenario(position(fish=("mackerel", "octopus"),
                                  seats=[seat(), seat(harbour=[["takoyaki", "upper", "c4"]]), seat()]))
    play(m, "buy", "buy:2:U:c4:takoyaki", "done")
    v = m.view(None)
    assert v["seats"][0]["tokens"] == {"takoyaki": 1} and v["resources"][0] == 5 and v["yen"][1] == 2400


def test_own_spoiled_fugu_may_be_bought_at_the_start(tsukiji):
    # 000:212 — before the lower row is cleared, buy your own spoiled fugu, paying the supply.
    harbour = [["fugu", "lower", "c4"], ["fugu", "upper", "c2"]]
    m = tsukiji.scenario(position(fish=("mackerel", "fugu"), turn=2, seats=[seat(harbour=harbour), seat(), seat()]))
    play(m, "fish", "done", "fish", "done")
    assert m.view(None)["phase"] == "start"
    assert keys(m) == ["fugu:c4", "spoil"]
    play(m, "fugu:c4")
    v = m.view(None)
    assert v["phase"] == "main" and v["yen"][0] == 1600 and v["seats"][0]["tokens"] == {"fugu": 1}
    assert v["seats"][0]["harbour"] == [["fugu", "lower", "c2"]]


def test_cool_box_skips_spoilage_and_own_fugu(tsukiji):
    # 000:212 / 000:329
    harbour = [["fugu", "lower", "c4"], ["mackerel", "upper", "c2"]]
    m = tsukiji.scenario(position(fish=("mackerel", "fugu"), external=("ships", "rental"), turn=2,
                                  seats=[seat(harbour=harbour, rentals=[["coolbox", 2]]), seat(), seat()]))
    play(m, "fish", "done", "fish", "done")
    assert keys(m) == ["coolbox:2", "fugu:c4", "spoil"]
    play(m, "coolbox:2")
    v = m.view(None)
    assert v["seats"][0]["harbour"] == harbour and v["seats"][0]["rentals"] == [["coolbox", 1]]
    assert v["phase"] == "main"


# ==== markets (000:169-191) ===============================================================================

def test_entering_a_fish_market_pays_every_licence_holder(tsukiji):
    # 000:181 — ¥100 per matching licence to every holder, the visitor included.
    m = tsukiji.scenario(position(seats=[seat(), seat(licences={"mackerel": 2}), seat(licences={})]))
    play(m, "enter:mackerel:1")
    assert m.view(None)["yen"] == [2100, 2200, 2000]


def test_must_interact_at_least_once(tsukiji):
    # 000:183
    m = tsukiji.scenario(position())
    play(m, "enter:mackerel:1")
    assert "leave" not in keys(m)
    with pytest.raises(IllegalMove, match="at least once") as e:
        m.play(0, "leave")
    assert "000:183" in str(e.value)
    play(m, "licence")
    assert "leave" in keys(m)


def test_a_market_with_nothing_to_do_cannot_be_entered(tsukiji):
    # 000:183 — Squid without tokens, licences full... nothing to do: no entry offered.
    m = tsukiji.scenario(position(fish=("mackerel", "squid"), yen=[0, 2000, 2000]))
    assert "enter:squid:1" not in keys(m)


def test_free_market_once_per_turn(tsukiji):
    # 000:179 — a market without an entry cost may be entered only once per turn.
    m = tsukiji.scenario(position(external=("ships", "government"),
                                  seats=[seat(tokens={"mackerel": 5}), seat(), seat()]))
    play(m, "enter:government:1", "give:2:mackerel", "leave")
    assert m.view(None)["ap"] == 2
    assert "enter:government:1" not in keys(m)
    with pytest.raises(IllegalMove, match="once per turn") as e:
        m.play(0, "enter:government:1")
    assert "000:179" in str(e.value)


def test_mackerel_one_licence_per_visit_for_100(tsukiji):
    # 000:227
    m = tsukiji.scenario(position(seats=[seat(licences={}), seat(), seat()]))
    play(m, "enter:mackerel:1", "licence")
    assert m.view(None)["yen"][0] == 1900
    assert "licence" not in keys(m)
    with pytest.raises(IllegalMove, match="at most 1"):
        m.play(0, "licence")


def test_mackerel_sells_barrels_and_tokens_100_per_two(tsukiji):
    # 000:228 — barrels from your own harbour and tokens, ¥100 per 2 in any mix.
    m = tsukiji.scenario(position(seats=[seat(tokens={"mackerel": 2}, harbour=[["mackerel", "lower", "c5"]]),
                                         seat(), seat()]))
    play(m, "enter:mackerel:1")
    y = m.view(None)["yen"][0]
    play(m, "sell:barrel:L:c5")
    assert m.view(None)["yen"][0] == y
    play(m, "sell:token")
    assert m.view(None)["yen"][0] == y + 100
    play(m, "sell:token")
    assert m.view(None)["yen"][0] == y + 100
    v = m.view(None)
    assert v["seats"][0]["tokens"] == {} and v["seats"][0]["harbour"] == []


def test_eel_example(tsukiji):
    # 000:210 — "Der Wertanzeiger steht auf 6, als ein Spieler 2 Aalmarker an den Aal-Markt verkauft.
    # Er nimmt ¥1.200 aus dem allgemeinen Vorrat und zieht den Wertanzeiger von 6 auf 2."
    markets = {"fish": {"mackerel": "setup", "eel": {"barrels": 6, "tokens": 10, "licences": 3, "value": 6}},
               "external": {"ships": "setup"}}
    m = tsukiji.scenario(position(markets=markets, seats=[seat(tokens={"eel": 3}), seat(), seat()]))
    play(m, "enter:eel:1")
    assert [k for k in keys(m) if k.startswith("sell")] == ["sell:1", "sell:2", "sell:3"]
    play(m, "sell:2")
    v = m.view(None)
    assert v["yen"][0] == 2000 + 1200 and v["markets"]["fish"]["eel"]["value"] == 2


def test_eel_value_rises_when_put_up_for_sale_and_stays_in_1_to_13(tsukiji):
    # 000:208 — +1 per eel barrel put up for sale (not merely caught); never past 13 or below 1.
    boats = [{"type": "2", "at": "sea", "load": ["eel", "eel"]}]
    markets = {"fish": {"mackerel": "setup", "eel": {"barrels": 4, "tokens": 10, "licences": 2, "value": 12}},
               "external": {"ships": "setup"}}
    m = tsukiji.scenario(position(markets=markets, seats=[seat(boats=boats, licences={"eel": 1}, tokens={"eel": 1}),
                                                          seat(), seat()]))
    play(m, "fish", "dock:1:left")
    assert m.view(None)["markets"]["fish"]["eel"]["value"] == 12, "unloading alone does not move it"
    play(m, "price:c1", "price:c2")
    assert m.view(None)["markets"]["fish"]["eel"]["value"] == 13
    play(m, "done", "enter:eel:1", "sell:1")
    assert m.view(None)["markets"]["fish"]["eel"]["value"] == 11
    low = {"fish": {"mackerel": "setup", "eel": {"barrels": 6, "tokens": 10, "licences": 3, "value": 2}},
           "external": {"ships": "setup"}}
    m = tsukiji.scenario(position(markets=low, seats=[seat(tokens={"eel": 2}), seat(), seat()]))
    play(m, "enter:eel:1", "sell:2")
    assert m.view(None)["markets"]["fish"]["eel"]["value"] == 1 and m.view(None)["yen"][0] == 2400


def test_fugu_example_and_value(tsukiji):
    # 000:223 — "Ein Spieler verkauft eine Gruppe von 4 Fugu-Markern ... und nimmt ¥1.600."
    # 000:221 — n fugu are worth n × n resources.
    m = tsukiji.scenario(position(fish=("mackerel", "fugu"), seats=[seat(tokens={"fugu": 5}), seat(), seat()]))
    assert m.view(None)["resources"][0] == 25
    play(m, "enter:fugu:1", "sell:4")
    v = m.view(None)
    assert v["yen"][0] == 2000 + 1600 and v["seats"][0]["tokens"] == {"fugu": 1} and v["resources"][0] == 1


def test_fugu_licence_is_free_and_goes_back_when_fugu_is_unloaded(tsukiji):
    # 000:214 / 000:218
    m = tsukiji.scenario(position(fish=("mackerel", "fugu"), seats=[seat(licences={}), seat(), seat()]))
    play(m, "enter:fugu:1", "licence")
    assert m.view(None)["yen"][0] == 2000 and m.view(None)["seats"][0]["licences"] == {"fugu": 1}
    boats = [{"type": "2", "at": "sea", "load": ["fugu"]}]
    m = tsukiji.scenario(position(fish=("mackerel", "fugu"), markets={
        "fish": {"mackerel": "setup", "fugu": {"barrels": 2, "tokens": 7, "licences": 0}},
        "external": {"ships": "setup"}}, seats=[seat(boats=boats, licences={"fugu": 1}), seat(), seat()]))
    play(m, "fish", "dock:1:left")
    v = m.view(None)
    assert v["seats"][0]["licences"] == {} and v["markets"]["fish"]["fugu"]["licences"] == 1


def test_a_licence_handed_back_in_its_own_visit_is_not_taken_again(tsukiji):
    # 000:145 lets a licence go back at any time, and 000:218 makes the Fugu licence free: taking
    # it and handing it back could go on for ever in one visit. A search seat did, in a position
    # like this one (tournament game 22 of seed 1, move 223). A licence returned to the market
    # being visited is not taken again in that visit.
    holder = seat(licences={"mackerel": 2}, boats=[{"type": "1", "at": "sea", "load": []}])
    m = tsukiji.scenario(position(fish=("mackerel", "fugu"), seats=[holder, seat(), seat()]))
    play(m, "enter:fugu:1", "licence", "return:fugu")
    before = m.view(None)
    assert "licence" not in keys(m)
    with pytest.raises(IllegalMove, match="handed back in this visit") as e:
        m.play(0, "licence")
    assert "000:140-145" in str(e.value) and m.view(None) == before
    rules = tsukiji.rules
    restored = rules.restore(rules.dump(m.state), 3, m.options)
    assert "licence" not in [a.key for a in rules.legal(restored, 0)]


def test_octopus_takoyaki_conversion_and_entry(tsukiji):
    # 000:232 / 000:238 — 1 octopus token back for 3 takoyaki, priced on your harbour; entry can
    # be paid with a takoyaki you bought or one you have for sale.
    m = tsukiji.scenario(position(fish=("mackerel", "octopus"), seats=[seat(tokens={"octopus": 1}), seat(), seat()]))
    play(m, "enter:octopus:1", "takoyaki")
    assert keys(m)[0] == "price:c1"
    play(m, "price:c5", "price:c5")
    m.play(0, "price:q", {"yen": 1000})
    play(m, "leave")
    v = m.view(None)
    assert v["seats"][0]["harbour"] == [["takoyaki", "upper", "c5"]] * 2 + [["takoyaki", "upper", "q1000"]]
    assert v["markets"]["fish"]["octopus"]["takoyaki"] == 12 and v["seats"][0]["tokens"] == {}
    assert v["resources"][0] == 0, "takoyaki for sale are worth nothing to their owner"
    k = keys(m)
    assert "enter:octopus:2:uc5" in k and "enter:octopus:2:uq1000" in k and "enter:octopus:2" not in k
    play(m, "enter:octopus:2:uq1000")
    v = m.view(None)
    assert v["ap"] == 1 and v["markets"]["fish"]["octopus"]["takoyaki"] == 13
    assert len(v["seats"][0]["harbour"]) == 2


def test_squid_sells_for_600_and_is_worth_nothing(tsukiji):
    # 000:278-280
    m = tsukiji.scenario(position(fish=("mackerel", "squid"), seats=[seat(tokens={"squid": 2}), seat(), seat()]))
    assert m.view(None)["resources"][0] == 0
    play(m, "enter:squid:1", "sell", "sell")
    assert m.view(None)["yen"][0] == 3200


# ==== King Crab and Tuna auctions (000:262-293) =============================================================

def test_king_crab_unloading_auctions_every_two_barrels(tsukiji):
    # 000:262-264 — every 2 unloaded king crab barrels: back to the market, a random token from
    # the bag, sealed bids by everyone; a winner other than you pays you.
    m = tsukiji.scenario(crab_position(["king_crab"] * 3, bag={"king_crab": ["king_crab_8"] * 2, "tuna": ["tuna_20"]}))
    play(m, "fish", "dock:1:right")
    v = m.view(None)
    assert v["phase"] == "bid" and set(m.to_act()) == {0, 1, 2}
    assert v["bid"]["lot"] == {"king_crab_8": 1}
    assert v["markets"]["fish"]["king_crab"]["barrels"] == 3 + 2
    m.play(1, "bid:700")
    assert "own" not in m.view(0)["bid"]["bids"] and m.view(1)["bid"]["bids"]["own"] == 700
    assert "bids" not in m.view(2)["bid"]["bids"], "no amount is shown before everyone has bid"
    m.play(0, "bid:300")
    m.play(2, "bid:0")
    v = m.view(None)
    assert v["phase"] == "fish" and v["seats"][1]["tokens"] == {"king_crab_8": 1}
    assert v["yen"] == [2000 + 700 + 100, 1300, 2000]      # +¥100 for the 2 barrels unloaded
    play(m, "done")
    assert m.view(None)["markets"]["fish"]["king_crab"]["barrels"] == 6, "the single leftover goes back unpaid"


def test_king_crab_tie_is_decided_by_the_active_player_who_pays_the_supply(tsukiji):
    # 000:264 — ties: you choose among the tied; if you win, you pay the supply.
    m = tsukiji.scenario(crab_position(["king_crab"] * 2, bag={"king_crab": ["king_crab_4"] * 2, "tuna": ["tuna_20"]}))
    play(m, "fish", "dock:1:right")
    m.play(0, "bid:500")
    m.play(1, "bid:500")
    m.play(2, "bid:100")
    assert m.to_act() == (0,) and keys(m) == ["winner:1", "winner:2"]
    assert m.view(2)["bid"]["bids"]["bids"] == {"0": 500, "1": 500, "2": 100}
    play(m, "winner:1")
    v = m.view(None)
    assert v["seats"][0]["tokens"] == {"king_crab_4": 1} and v["yen"][0] == 2000 + 100 - 500 and v["yen"][1] == 2000


def test_bids_are_capped_by_the_bidders_yen(tsukiji):
    m = tsukiji.scenario(crab_position(["king_crab"] * 2, yen=[2000, 300, 0]))
    play(m, "fish", "dock:1:right")
    assert [a.key for a in m.legal(1)] == ["bid:0", "bid:100", "bid:200", "bid:300"]
    assert [a.key for a in m.legal(2)] == ["bid:0"]


def test_tuna_auctions_every_three_barrels_and_leftovers_go_back(tsukiji):
    # 000:282-286
    m = tsukiji.scenario(crab_position(["tuna"] * 5, bag={"king_crab": ["king_crab_4"], "tuna": ["tuna_25", "tuna_15"]}))
    play(m, "fish", "dock:1:right")
    assert m.view(None)["phase"] == "bid" and m.view(None)["markets"]["fish"]["tuna"]["barrels"] == 1 + 3
    for s_ in (0, 1, 2):
        m.play(s_, "bid:0" if s_ else "bid:100")
    v = m.view(None)
    assert v["phase"] == "fish" and sum(v["seats"][0]["tokens"].values()) == 1
    play(m, "done")
    assert m.view(None)["markets"]["fish"]["tuna"]["barrels"] == 6


def test_king_crab_and_tuna_sell_back_into_the_bag(tsukiji):
    # 000:271 — ¥100 × value + ¥400 per king crab; 000:291 — tuna ¥100 × value.
    m = tsukiji.scenario(position(fish=("mackerel", "king_crab", "tuna"),
                                  seats=[seat(tokens={"king_crab_6": 1, "tuna_20": 1}), seat(), seat()]))
    assert m.view(None)["bag"]["king_crab"]["king_crab_6"] == 1, "'setup' leaves out the tokens held"
    play(m, "enter:king_crab:1", "sell:king_crab_6")
    assert m.view(None)["yen"][0] == 2000 + 600 + 400
    assert m.view(None)["bag"]["king_crab"]["king_crab_6"] == 2
    play(m, "leave")
    assert "enter:tuna:1" not in keys(m), "Tuna costs 2 action points or 1 and ¥500 (reconstructed)"
    play(m, "enter:tuna:2", "sell:tuna_20")
    assert m.view(None)["yen"][0] == 3000 - 500 + 2000


# ==== external markets (000:295-349) ==========================================================================

def test_aquarium_buys_while_in_demand(tsukiji):
    # 000:305
    m = tsukiji.scenario(position(external=("ships", "aquarium"), seats=[seat(tokens={"mackerel": 7}), seat(), seat()]))
    play(m, "enter:aquarium:1")
    for _ in range(5):
        play(m, "aquarium:mackerel")
    v = m.view(None)
    assert v["yen"][0] == 2000 + 5 * 200 and v["markets"]["external"]["aquarium"]["spaces"]["mackerel"] == {"mackerel": 5}
    assert "aquarium:mackerel" not in keys(m)


def test_auction_example_market_matches_the_highest_bid(tsukiji):
    # 000:309 — "Wenn das höchste Gebot ¥300 beträgt, zahlt der allgemeine Vorrat ebenfalls ¥300,
    # was einen Gesamterlös von ¥600 ergibt."
    m = tsukiji.scenario(position(external=("ships", "auction"), seats=[seat(tokens={"mackerel": 6}), seat(), seat()]))
    play(m, "enter:auction:1")
    for _ in range(6):
        play(m, "lot:add:mackerel")
    k = keys(m)
    assert "auction:offer" in k and "leave" not in k
    play(m, "auction:offer")
    assert m.view(None)["yen"][0] == 1900, "the lot (value 6) lies on the 5+ space: fee ¥100 first"
    assert set(m.to_act()) == {1, 2}
    m.play(1, "bid:300")
    m.play(2, "bid:200")
    v = m.view(None)
    assert v["yen"] == [1900 + 600, 1700, 2000] and v["seats"][1]["tokens"] == {"mackerel": 6}
    assert v["phase"] == "market" and "auction:offer" not in keys(m) and "leave" in keys(m)


def test_barter_accepts_any_bid_or_none(tsukiji):
    # 000:325
    m = tsukiji.scenario(position(external=("ships", "barter"), seats=[seat(tokens={"mackerel": 2}), seat(), seat()]))
    play(m, "enter:barter:1", "lot:add:mackerel", "barter:offer")
    m.play(1, "bid:500")
    m.play(2, "bid:200")
    assert keys(m) == ["accept:2", "accept:3", "reject"]
    play(m, "accept:3")
    v = m.view(None)
    assert v["yen"] == [2200, 2000, 1800] and v["seats"][2]["tokens"] == {"mackerel": 1}
    m = tsukiji.scenario(position(external=("ships", "barter"), seats=[seat(tokens={"mackerel": 2}), seat(), seat()]))
    play(m, "enter:barter:1", "lot:add:mackerel", "barter:offer")
    m.play(1, "bid:0")
    m.play(2, "bid:0")
    play(m, "reject")
    assert m.view(None)["seats"][0]["tokens"] == {"mackerel": 2} and m.view(None)["yen"] == [2000] * 3


def test_bank_loans_or_shares_never_both(tsukiji):
    # 000:311-315
    m = tsukiji.scenario(position(external=("ships", "bank")))
    play(m, "enter:bank:1", "loan", "loan")
    assert m.view(None)["yen"][0] == 3000 and "share" not in keys(m)
    with pytest.raises(IllegalMove, match="never buys a share"):
        m.play(0, "share")


def test_bank_example_interest_split_rounded_up(tsukiji):
    # 000:323 — A 2 loans, B 1 loan, C and D one share each: A pays ¥1,000 + ¥1,000, B ¥500 + ¥500;
    # the ¥1,500 interest gives C and D ¥800 each (rounded up, ¥100 from the supply).
    seats = [seat(loans=2), seat(loans=1), seat(shares=1), seat(shares=1)]
    m = tsukiji.scenario(position(players=4, external=("ships", "bank"), seats=seats, yen=[3000] * 4, over=True,
                                  phase="over", end={"triggered_by": 0, "final_turns_left": 0}))
    b = m.result().breakdown
    assert [x["loans_repaid"] for x in b] == [1000, 500, 0, 0]
    assert [x["interest_paid"] for x in b] == [1000, 500, 0, 0]
    assert [x["interest_received"] for x in b] == [0, 0, 800, 800]


def test_rental_cool_boxes_and_hand_carts(tsukiji):
    # 000:329 — ¥200 each, a licence space each, used twice; a hand cart gives +1 point for markets.
    m = tsukiji.scenario(position(external=("ships", "rental")))
    play(m, "enter:rental:1", "rent:cart", "rent:coolbox", "leave")
    v = m.view(None)
    assert v["yen"][0] == 1600 and v["seats"][0]["rentals"] == [["cart", 2], ["coolbox", 2]]
    assert v["ap"] == 1
    play(m, "cart:2")
    v = m.view(None)
    assert v["cart_ap"] == 1 and v["seats"][0]["rentals"] == [["cart", 1], ["coolbox", 2]]
    play(m, "enter:mackerel:1", "licence", "leave")
    assert m.view(None)["ap"] == 1 and m.view(None)["cart_ap"] == 0, "the hand cart's point is spent first"
    play(m, "cart:1")
    assert m.view(None)["seats"][0]["rentals"] == [["coolbox", 2]]
    assert m.view(None)["markets"]["external"]["rental"]["carts"] == 2, "after its second use it goes back"
    play(m, "fish", "done")
    assert m.view(None)["cart_ap"] == 1 and m.to_act() == (0,)
    assert "fish" not in keys(m), "hand-cart points are for markets only"
    play(m, "end")
    assert m.to_act() == (1,)


def test_ship_resale_example(tsukiji):
    # 000:337 — "Ein 3-Laderaum-Schiff kostet im Kauf ¥1.500. Du könntest es für ¥200 ... zurückverkaufen."
    m = tsukiji.scenario(position(seats=[seat(berths=2), seat(), seat()]))
    play(m, "enter:ships:1")
    k = keys(m)
    assert "boat:buy:3:middle" in k and "boat:buy:barge:middle" not in k and "boat:buy:3:right" not in k
    play(m, "boat:buy:3:middle")
    assert m.view(None)["yen"][0] == 500
    play(m, "boat:sell:3:middle")
    assert m.view(None)["yen"][0] == 700
    rules = tsukiji.rules.m["ships"]
    assert [rules.sell_price(t) for t in ("1", "2", "3", "4", "barge")] == [100, 100, 200, 200, 100]
    assert [rules.buy_price(t) for t in ("1", "2", "3", "4", "barge")] == [500, 1000, 1500, 2000, 1000]


def test_used_ships_prices_and_last_turn(tsukiji):
    # 000:345-349
    m = tsukiji.scenario(position(external=("ships", "used_ships"),
                                  seats=[seat(boats=[{"type": "3", "at": "left"}]), seat(), seat()]))
    play(m, "enter:used_ships:1", "boat:sell:3:left")
    assert m.view(None)["yen"][0] == 2600
    play(m, "boat:buy:3:left")
    assert m.view(None)["yen"][0] == 1700
    ended = position(external=("ships", "used_ships"), end={"triggered_by": 2, "final_turns_left": 1})
    m = tsukiji.scenario(ended)
    assert not any(k.startswith("enter:used_ships") for k in keys(m))
    with pytest.raises(IllegalMove, match="last turn") as e:
        m.play(0, "enter:used_ships:1")
    assert "000:345" in str(e.value)


def test_trade_tokens_for_yen_then_tokens_for_tokens(tsukiji):
    # 000:341-343
    m = tsukiji.scenario(position(fish=("mackerel", "fugu"), external=("ships", "trade"),
                                  seats=[seat(tokens={"mackerel": 6, "fugu": 3}), seat(tokens={"fugu": 3}), seat()]))
    play(m, "enter:trade:1")
    for _ in range(5):
        play(m, "lot:add:mackerel")
    assert [k for k in keys(m) if k.startswith("trade")] == ["trade:yen:1"]
    play(m, "trade:yen:1", "leave")
    v = m.view(None)
    assert v["yen"][0] == 2600 and v["markets"]["external"]["trade"]["spaces"][0] == {"mackerel": 5}
    assert v["markets"]["external"]["trade"]["traded"] is True
    play(m, "fish", "done")
    m.play(1, "enter:trade:1")
    for _ in range(3):
        m.play(1, "lot:add:fugu")       # 3 fugu together are worth 9
    k = [a.key for a in m.legal(1)]
    assert "trade:swap:1" in k and "trade:yen:2" not in k
    m.play(1, "trade:swap:1")
    v = m.view(None)
    assert v["seats"][1]["tokens"] == {"mackerel": 5} and v["markets"]["external"]["trade"]["spaces"][0] == {"fugu": 3}


def test_government_spaces_and_capacity(tsukiji):
    # 000:327 — left space 3 tokens, right 10, printed yen per token whatever its value.
    m = tsukiji.scenario(position(external=("ships", "government"),
                                  seats=[seat(tokens={"mackerel": 4}), seat(), seat()]))
    play(m, "enter:government:1", "give:1:mackerel", "give:1:mackerel", "give:1:mackerel")
    assert not any(k.startswith("give:1:") for k in keys(m))
    play(m, "give:2:mackerel")
    assert m.view(None)["yen"][0] == 2000 + 3 * 500 + 200


# ==== overfishing (000:351-357) ==================================================================================
