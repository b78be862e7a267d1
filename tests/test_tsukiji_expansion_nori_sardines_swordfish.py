"""Tokyo Tsukiji Market EXPANSION: Nori, Sardines and Swordfish (000:457-538), rule by rule;
Clams & Oysters, Himono and Horse Mackerel are in test_tsukiji_expansion_fish.py.

Lines are cited as 000:NNN (000_e98393ccc20da7fd.txt); the tests never read that file.
Positions are set up as there (tests/tsukiji_expansion_support.py).
"""

from __future__ import annotations

import copy  # noqa: F401

import pytest  # noqa: F401

from core.errors import IllegalMove  # noqa: F401
from core.yen import SUPPLY  # noqa: F401

from .tsukiji_expansion_support import (  # noqa: F401
    BASE_FISH, EXPANSION_FISH, EXTERNAL, barrels, barrels_everywhere, fresh, licence, pass_turn, refused, set_yen, snapshot, table, tokens, tokens_everywhere, yen,
)
from .tsukiji_support import keys, play, tsukiji  # noqa: F401  (tsukiji: the fixture)


# ==== Nori (000:502-513) ===========================================================================================

def test_nori_worked_example_other_tokens_worth_38_make_each_nori_3(tsukiji):
    # 000:511-513 — each nori is worth the other tokens' resources / 10, rounded down.
    m = table(tsukiji, "nori", "himono", "sardines")
    s = m.state
    rules = m.rules
    assert rules.lot_value(s, {"mackerel": 30, "himono": 1, "sardines": 3, "nori": 1}) == 38 + 3
    assert rules.lot_value(s, {"mackerel": 30, "himono": 1, "sardines": 3, "nori": 2}) == 38 + 2 * 3
    assert rules.lot_value(s, {"mackerel": 9, "nori": 4}) == 9
    tokens(s, 0, "mackerel", 30)
    tokens(s, 0, "himono", 1)
    tokens(s, 0, "sardines", 3)
    tokens(s, 0, "nori", 2)
    assert m.view(None)["resources"][0] == 38 + 2 * 3
    tokens(s, 0, "sardines", 2)
    assert m.view(None)["resources"][0] == 40 + 2 * 4


def test_nori_is_entered_only_to_take_one_free_licence(tsukiji):
    # 000:502 — entered only to take a single licence, once per turn; 000:508 — only while you
    # hold none, free; 000:509 — no selling.
    m = table(tsukiji, "nori")
    s = m.state
    tokens(s, 0, "nori", 2)
    fresh(m)
    play(m, "enter:nori:1")
    assert [k for k in keys(m) if not k.startswith(("return", "berth"))] == ["licence"]
    play(m, "licence")
    assert yen(m)[0] == 2000 and s.seats[0]["licences"]["nori"] == 1
    refused(m, "licence", "000:508")
    refused(m, "sell:1")                          # 000:509: nori tokens are not sold back
    play(m, "leave")
    assert "enter:nori:1" not in keys(m)
    refused(m, "enter:nori:1", "once per turn")
    play(m, "return:nori")
    refused(m, "enter:nori:1", "once per turn")
    # next turn, holding a Nori licence: nothing to do there (000:502)
    m = table(tsukiji, "nori")
    licence(m.state, 0, "nori")
    fresh(m)
    assert "enter:nori:1" not in keys(m)
    refused(m, "enter:nori:1", "000:502")


def test_nori_overfished_everyone_pays_100_a_token_what_they_can_after_buying(tsukiji):
    # 000:504 — every player pays ¥100 per nori token held, what they can, once the buying action
    # in which it happened is over; they keep the tokens.
    m = table(tsukiji, "nori")
    s = m.state
    tokens(s, 0, "nori", 2)
    tokens(s, 1, "nori", 3)
    assert s.fish["nori"]["tokens"] == 1
    s.seats[2]["harbour"] = [[barrels(s, "nori", 1)[0], "lower", "c2"]]
    set_yen(s, 1, 100)
    fresh(m)
    play(m, "buy", "buy:3:L:c2:nori")
    assert s.fish["nori"]["overfished"] is True and yen(m) == [1800, 100, 2200]
    play(m, "done")
    assert yen(m) == [1800 - 300, 0, 2200]
    assert s.seats[0]["tokens"]["nori"] == 3 and s.seats[1]["tokens"]["nori"] == 3


# ==== Sardines (000:515-525) ===============================================================================

def test_sardines_cannot_be_entered_while_holding_a_sardine_licence(tsukiji):
    # 000:515 — return the licence first (free), then enter.
    m = table(tsukiji, "sardines")
    s = m.state
    licence(s, 0, "sardines")
    fresh(m)
    assert "enter:sardines:1" not in keys(m)
    refused(m, "enter:sardines:1", "000:515")
    play(m, "return:sardines")
    assert "enter:sardines:1" in keys(m)
    play(m, "enter:sardines:1")
    assert [a.text for a in m.legal(0) if a.key == "licence"] == ["Buy a Sardines licence (¥500)"]


def test_sardine_licences_500_then_300_both_800(tsukiji):
    # 000:521 — ¥500 while both are on the tableau, ¥300 for the second; both in one visit ¥800.
    m = table(tsukiji, "sardines")
    s = m.state
    play(m, "enter:sardines:1", "licence")
    assert yen(m)[0] == 1500
    assert [a.text for a in m.legal(0) if a.key == "licence"] == ["Buy a Sardines licence (¥300)"]
    play(m, "licence")
    assert yen(m)[0] == 1200 and s.seats[0]["licences"]["sardines"] == 2 and s.fish["sardines"]["licences"] == 0
    refused(m, "licence", "no Sardines licence is left")


def test_sardine_licence_refused_below_its_price(tsukiji):
    # 000:521 — with ¥700: the first for ¥500, then ¥200 left is short of the second's ¥300.
    m = table(tsukiji, "sardines")
    s = m.state
    set_yen(s, 0, 700)
    fresh(m)
    play(m, "enter:sardines:1", "licence")
    assert yen(m)[0] == 200
    refused(m, "licence", "¥300")


def test_unloaded_sardines_bring_a_token_and_fill_iwashi(tsukiji):
    # 000:517 — every sardine barrel unloaded: put up for sale as usual, and 2 tokens from the
    # market's supply (not Iwashi): 1 for you, 1 onto Iwashi.
    m = table(tsukiji, "sardines")
    s = m.state
    s.seats[0]["boats"] = [{"type": "2", "at": "sea", "load": barrels(s, "sardines", 2)}]
    fresh(m)
    play(m, "fish", "dock:1:left")
    assert s.ctx["pending"] == ["sardines", "sardines"]
    assert s.seats[0]["tokens"] == {"sardines": 2} and s.fish["sardines"]["iwashi"] == 2
    assert s.fish["sardines"]["tokens"] == 16
    play(m, "price:c1", "price:c1")
    assert s.seats[0]["harbour"] == [["sardines", "upper", "c1"]] * 2
    assert m.view(None)["resources"][0] == 2                                     # 000:525


def test_one_sardine_token_left_is_yours_and_iwashi_does_not_save_the_market(tsukiji):
    # 000:517 — "Ist nur 1 Sardinenmarker verfügbar, lege ihn vor dir ab"; the Iwashi tokens are
    # not the market's supply, so when the supply is gone Sardines is overfished (000:351).
    m = table(tsukiji, "sardines")
    s = m.state
    tokens(s, 2, "sardines", 19)
    s.seats[2]["tokens"]["sardines"] -= 3
    s.fish["sardines"]["iwashi"] = 3
    s.seats[0]["boats"] = [{"type": "2", "at": "sea", "load": barrels(s, "sardines", 2)}]
    fresh(m)
    play(m, "fish", "dock:1:left")
    assert s.seats[0]["tokens"] == {"sardines": 1} and s.fish["sardines"]["tokens"] == 0
    assert s.fish["sardines"]["iwashi"] == 3
    assert s.fish["sardines"]["overfished"] is True
    play(m, "price:c1", "price:c1")
    assert tokens_everywhere(s, "sardines") == 20


def test_canned_sardines_from_iwashi_cost_100_each(tsukiji):
    # 000:523 — as many as you like of those on Iwashi, ¥100 each to the supply; 000:522 — no selling.
    m = table(tsukiji, "sardines")
    s = m.state
    s.fish["sardines"]["tokens"] -= 3
    s.fish["sardines"]["iwashi"] = 3
    set_yen(s, 0, 250)
    fresh(m)
    play(m, "enter:sardines:1")
    assert [k for k in keys(m) if k.startswith(("iwashi", "sell"))] == ["iwashi:1", "iwashi:2"]
    play(m, "iwashi:2")
    assert yen(m)[0] == 50 and s.seats[0]["tokens"] == {"sardines": 2} and s.fish["sardines"]["iwashi"] == 1
    refused(m, "iwashi:1", "000:523")
    refused(m, "sell:1", "000:522")
    assert tokens_everywhere(s, "sardines") == 20


# ==== Swordfish (000:527-538) ===============================================================================

def sword_table(tsukiji, load=3, value=None):
    m = table(tsukiji, "swordfish")
    s = m.state
    s.seats[0]["boats"] = [{"type": "4", "at": "sea", "load": barrels(s, "swordfish", load)}]
    if value is not None:
        s.fish["swordfish"]["value"] = value
    return fresh(m)


def test_swordfish_value_starts_on_6(tsukiji):
    # 000:416
    m = table(tsukiji, "swordfish")
    assert m.state.fish["swordfish"]["value"] == 6 and m.view(None)["token_values"]["swordfish"] == 6


def test_every_two_unloaded_swordfish_are_auctioned_and_a_single_goes_back(tsukiji):
    # 000:527 — not put up for sale: an auction for every 2 unloaded in the fishing action.
    # 000:529 — the 2 barrels go back, 1 token from the market; everyone bids; another winner
    # pays you. 000:538 — ¥700 beats 6 × ¥100: the marker goes up 2. 000:531 — a single barrel
    # left at the end goes back unpaid.
    m = sword_table(tsukiji, load=3)
    s = m.state
    play(m, "fish", "dock:1:left")
    assert s.phase == "bid" and set(m.to_act()) == {0, 1, 2}
    assert s.bid["lot"] == {"swordfish": 1} and s.fish["swordfish"]["tokens"] == 7
    assert s.fish["swordfish"]["barrels"] == 3 + 2 and s.seats[0]["harbour"] == []
    m.play(1, "bid:700")
    m.play(0, "bid:300")
    refused(m, "bid:2100", "000:264", seat=2)          # more than seat 3 has
    m.play(2, "bid:0")
    assert s.phase == "fish" and s.seats[1]["tokens"] == {"swordfish": 1}
    assert yen(m) == [2000 + 100 + 700, 1300, 2000]
    assert s.fish["swordfish"]["value"] == 8
    assert barrels_everywhere(s, "swordfish") == 6
    play(m, "done")
    assert s.fish["swordfish"]["barrels"] == 6


def test_four_unloaded_swordfish_interrupt_the_fishing_twice(tsukiji):
    # 000:527 — "für je weitere 2 Fässer ... unterbrichst du erneut für eine weitere Auktion".
    m = sword_table(tsukiji, load=4)
    s = m.state
    play(m, "fish", "dock:1:left")
    for seat in (0, 1, 2):
        m.play(seat, "bid:600" if seat == 2 else "bid:0")
    assert s.phase == "bid" and s.fish["swordfish"]["value"] == 6, "¥600 = 6 × ¥100: the marker stays"
    for seat in (0, 1, 2):
        m.play(seat, "bid:0")
    assert m.to_act() == (0,) and keys(m) == ["winner:1", "winner:2", "winner:3"], "you break the tie"
    play(m, "winner:1")
    assert s.phase == "fish" and s.seats[0]["tokens"] == {"swordfish": 1} and s.seats[2]["tokens"] == {"swordfish": 1}
    assert yen(m) == [2000 + 200 + 600, 2000, 1400], "you won at ¥0, paying the supply"
    assert s.fish["swordfish"]["value"] == 4, "¥0 is below 6 × ¥100: down 2"
    assert s.fish["swordfish"]["barrels"] == 6


@pytest.mark.parametrize("value,bid,after", [
    (6, 700, 8), (6, 500, 4), (6, 600, 6),      # 000:538: above, below, equal
    (12, 1300, 13), (13, 2000, 13),             # never past 13
    (2, 100, 1), (1, 0, 1),                     # never below 1
])
def test_the_swordfish_marker_follows_the_winning_bid(tsukiji, value, bid, after):
    # 000:538 — compare the winning bid with value × ¥100: higher +2, lower -2, equal stays;
    # moves past 13 or below 1 are ignored. The active player wins here and pays the supply (000:529).
    m = sword_table(tsukiji, load=2, value=value)
    s = m.state
    play(m, "fish", "dock:1:left")
    m.play(0, f"bid:{bid}")
    m.play(1, "bid:0")
    m.play(2, "bid:0")
    if bid == 0:
        play(m, "winner:1")
    assert s.fish["swordfish"]["value"] == after
    assert yen(m)[0] == 2000 + 100 - bid and s.seats[0]["tokens"] == {"swordfish": 1}


def test_swordfish_selling_value_bonus_box_and_marker(tsukiji):
    # 000:536 — ¥100 × total value, +¥200 once in a visit with a sale; tokens into the box; then
    # the marker down 1 per token sold (000:538). 000:535 — licences ¥600.
    m = table(tsukiji, "swordfish")
    s = m.state
    tokens(s, 0, "swordfish", 3)
    fresh(m)
    play(m, "enter:swordfish:1")
    assert [a.text for a in m.legal(0) if a.key == "licence"] == ["Buy a Swordfish licence (¥600)"]
    assert [k for k in keys(m) if k.startswith("sell")] == ["sell:1", "sell:2", "sell:3"]
    play(m, "sell:2")
    assert yen(m)[0] == 2000 + 1200 + 200 and s.fish["swordfish"]["value"] == 4
    assert s.box["tokens"]["swordfish"] == 2 and s.fish["swordfish"]["tokens"] == 5
    play(m, "sell:1")
    assert yen(m)[0] == 3400 + 400, "the ¥200 once per visit"
    assert s.fish["swordfish"]["value"] == 3
    refused(m, "sell:1")
    assert tokens_everywhere(s, "swordfish") == 8


def test_swordfish_marker_never_below_1_after_a_sale(tsukiji):
    # 000:538 — "Ignoriere jede Bewegung, die den Wertanzeiger ... unter 1 ... bringen würde".
    m = table(tsukiji, "swordfish")
    s = m.state
    tokens(s, 0, "swordfish", 3)
    s.fish["swordfish"]["value"] = 2
    fresh(m)
    play(m, "enter:swordfish:1", "sell:3")
    assert yen(m)[0] == 2000 + 600 + 200 and s.fish["swordfish"]["value"] == 1


# ==== pieces ================================================================================================

#: how often a kind of move is picked in the random games below, against 1 for the rest: fishing,
#: buying and selling more often than a uniform pick would, to reach the six markets' rules
WEIGHTS = {"catch": 20, "dock": 6, "launch": 8, "buy": 6, "free": 6, "sell": 5, "iwashi": 4, "licence": 6,
           "fish": 12, "enter": 0.6, "return": 0.002, "reprice": 0.2}


def test_the_markets_keep_their_pieces_in_a_game(tsukiji):
    # 000:396-399 — every barrel and token of the six markets stays somewhere on the table or in
    # the box, whatever is played (random games with all six in play).
    from core.rng import Rng
    opts = {"expansion": "on", **{f: "in" for f in EXPANSION_FISH}, **{e: "out" for e in EXTERNAL}}
    kinds = ("clam", "oyster", "himono", "horse_mackerel", "nori", "sardines", "swordfish")
    seen = set()
    for seed in range(4):
        m = tsukiji.new(4, seed=seed, options=opts)
        rng = Rng(seed)
        s = m.state
        want = {f: barrels_everywhere(s, f) for f in EXPANSION_FISH}
        want_t = {k: tokens_everywhere(s, k) for k in kinds}
        for _ in range(1500):
            if m.over:
                break
            seat = m.to_act()[rng.below(len(m.to_act()))]
            legal = [a for a in m.legal(seat) if not a.takes]
            w = [WEIGHTS.get(a.key.split(":")[0], 1) for a in legal]
            r = rng.below(10 ** 6) * sum(w) / 10 ** 6
            k = 0
            while k < len(legal) - 1 and r >= w[k]:
                r -= w[k]
                k += 1
            seen.update(e.kind for e in m.play(seat, legal[k]))
            for f in EXPANSION_FISH:
                assert barrels_everywhere(s, f) == want[f], f
            for kind in kinds:
                assert tokens_everywhere(s, kind) == want_t[kind], kind
            for st in s.seats:
                assert len(st["himono"]) == st["licences"].get("himono", 0)
                assert all(len(x) <= 2 for x in st["himono"])
            assert 1 <= s.fish["swordfish"]["value"] <= 13   # the track's ends (000:538)
    assert {"himono", "sardines", "draw"} <= seen, seen
