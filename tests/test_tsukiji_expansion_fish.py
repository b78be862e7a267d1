"""Tokyo Tsukiji Market EXPANSION: the six fish markets (000:457-538), rule by rule.

Lines are cited as 000:NNN (000_e98393ccc20da7fd.txt); the tests never read that file.
The scenario loader does not take the expansion's fields yet, so every position here is a
game set up with `game.new(..., options={"expansion": "on", "<market>": "in", ...})` and
then arranged by hand on `match.state` (the rules' state), moving each piece from where it
lies (a market, the bag, the box) so that nothing is created or lost.
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


# ==== Clams & Oysters (000:457-466) ====================================================================

def test_clams_and_oysters_lie_in_the_bag_and_are_worth_3_and_1(tsukiji):
    # 000:414 — the clam and oyster tokens go into the auction bag; 000:466 — clam 3, oyster 1.
    m = table(tsukiji, "clams_oysters")
    s = m.state
    assert sorted(s.bags["clams_oysters"]) == ["clam"] * 5 + ["oyster"] * 5
    assert "tokens" not in s.fish["clams_oysters"]
    tokens(s, 0, "clam", 2)
    tokens(s, 0, "oyster", 3)
    assert m.view(None)["resources"][0] == 2 * 3 + 3 * 1


def test_clams_and_oysters_entry_with_a_barrel_from_your_harbour(tsukiji):
    # 000:457 / 000:436 — the entry may be paid with 1 clams & oysters barrel you have up for
    # sale; it goes back to the market. 000:463 — licences ¥500.
    m = table(tsukiji, "clams_oysters")
    s = m.state
    assert "enter:clams_oysters:2:lc4:clams_oysters" not in keys(m)
    s.seats[0]["harbour"].append([barrels(s, "clams_oysters", 1)[0], "lower", "c4"])
    fresh(m)
    assert "enter:clams_oysters:2:lc4:clams_oysters" in keys(m)
    play(m, "enter:clams_oysters:2:lc4:clams_oysters")
    assert s.ap == 2 and s.seats[0]["harbour"] == [] and s.fish["clams_oysters"]["barrels"] == 6
    assert [a.text for a in m.legal(0) if a.key == "licence"] == ["Buy a Clams & Oysters licence (¥500)"]
    play(m, "licence")
    assert yen(m)[0] == 1500 and s.seats[0]["licences"]["clams_oysters"] == 1


def test_buying_clams_and_oysters_draws_from_the_bag_and_an_oyster_pays_200(tsukiji):
    # 000:459 — the barrel goes back, a random clam or oyster is drawn from the bag; an oyster
    # also brings ¥200 from the supply; you see the draw before buying more.
    m = table(tsukiji, "clams_oysters")
    s = m.state
    s.seats[1]["harbour"] = [[b, "upper", "c2"] for b in barrels(s, "clams_oysters", 2)]
    tokens(s, 2, "clam", 5)
    tokens(s, 2, "oyster", 4)                     # the bag holds one oyster
    fresh(m)
    play(m, "buy", "buy:2:U:c2:clams_oysters")
    assert s.seats[0]["tokens"] == {"oyster": 1}
    assert yen(m)[:2] == [2000 - 200 + 200, 2200]
    # 000:351 — the bag is empty: Clams & Oysters is overfished (its barrels into the box, 000:353),
    # and no token is left to take for the next barrel.
    assert s.fish["clams_oysters"]["overfished"] is True and s.fish["clams_oysters"]["barrels"] == 0
    assert barrels_everywhere(s, "clams_oysters") == 6
    assert "buy:2:U:c2:clams_oysters" not in keys(m)
    refused(m, "buy:2:U:c2:clams_oysters", "000:159-167")


def test_buying_a_clam_pays_nothing_extra(tsukiji):
    # 000:459 — only an oyster brings the ¥200.
    m = table(tsukiji, "clams_oysters")
    s = m.state
    s.seats[1]["harbour"] = [[barrels(s, "clams_oysters", 1)[0], "upper", "c3"]]
    tokens(s, 2, "oyster", 5)
    tokens(s, 2, "clam", 3)                       # two clams left in the bag
    fresh(m)
    before = barrels_everywhere(s, "clams_oysters")
    play(m, "buy", "buy:2:U:c3:clams_oysters")
    assert s.seats[0]["tokens"] == {"clam": 1} and yen(m)[0] == 2000 - 300
    assert s.bags["clams_oysters"] == ["clam"] and barrels_everywhere(s, "clams_oysters") == before


def test_clams_and_oysters_sell_only_as_sets_of_one_each_for_800(tsukiji):
    # 000:464 — a set is 1 clam and 1 oyster for ¥800; several sets in one visit; the tokens go
    # back into the bag.
    m = table(tsukiji, "clams_oysters")
    s = m.state
    tokens(s, 0, "clam", 3)
    tokens(s, 0, "oyster", 2)
    fresh(m)
    play(m, "enter:clams_oysters:1")
    assert [k for k in keys(m) if k.startswith("sell")] == ["sell:1", "sell:2"]
    play(m, "sell:1")
    assert yen(m)[0] == 2800 and sorted(s.bags["clams_oysters"]).count("oyster") == 4
    play(m, "sell:1")                             # a second set in the same visit
    assert yen(m)[0] == 3600 and s.seats[0]["tokens"] == {"clam": 1}
    assert len(s.bags["clams_oysters"]) == 9
    assert not any(k.startswith("sell") for k in keys(m))
    refused(m, "sell:1", "000:464")               # a clam alone is not a set
    assert tokens_everywhere(s, "clam") == 5 and tokens_everywhere(s, "oyster") == 5


# ==== Himono (000:468-485) ==================================================================================

def himono_table(tsukiji, *more):
    m = table(tsukiji, "himono", "sardines", *more)
    s = m.state
    licence(s, 0, "himono")
    s.seats[0]["boats"] = [{"type": "2", "at": "sea", "load": []}]
    return fresh(m)


def test_a_himono_licence_catches_mackerel_horse_mackerel_or_sardines(tsukiji):
    # 000:468 — mackerel, horse mackerel or sardine barrels, of markets in play and not
    # overfished; himono barrels only while none of them is available.
    m = himono_table(tsukiji, "horse_mackerel")
    play(m, "fish")
    catches = [k for k in keys(m) if k.startswith("catch:1:")]
    assert {"catch:1:mackerel/himono:0", "catch:1:horse_mackerel/himono:0", "catch:1:sardines/himono:0"} <= set(catches)
    assert not any(k.startswith("catch:1:himono") for k in catches)
    play(m, "catch:1:sardines/himono:0")
    assert m.state.seats[0]["boats"][0]["load"] == ["sardines/himono:0"]
    assert m.state.fish["sardines"]["barrels"] == 5


def test_a_himono_licence_catches_himono_when_nothing_else_is_available(tsukiji):
    # 000:468 — "nur dann ..., wenn weder Makrelen noch Bastardmakrelen noch Sardinen verfügbar sind".
    m = himono_table(tsukiji)
    s = m.state
    for f in ("mackerel", "sardines"):            # overfished (000:353): their barrels in the box
        s.box["barrels"][f] = s.box["barrels"].get(f, 0) + s.fish[f]["barrels"]
        s.fish[f]["barrels"] = 0
        s.fish[f]["overfished"] = True
    s.seats[0]["licences"].pop("mackerel")
    s.fish["mackerel"]["licences"] += 1
    fresh(m)
    play(m, "fish")
    catches = [k for k in keys(m) if k.startswith("catch:")]
    assert len(catches) == 1 and catches[0].startswith("catch:1:himono")
    play(m, catches[0])
    assert s.fish["himono"]["barrels"] == 5
    play(m, "done")


def test_a_ship_using_a_himono_licence_carries_one_kind(tsukiji):
    # 000:468 — "kann nicht gleichzeitig Fässer verschiedener Arten aufnehmen".
    m = himono_table(tsukiji)
    s = m.state
    s.seats[0]["boats"][0]["load"] = [barrels(s, "mackerel", 1)[0] + "/himono:0"]
    s.seats[0]["boats"][0]["type"] = "3"
    fresh(m)
    play(m, "fish")
    assert "catch:1:mackerel/himono:0" in keys(m)
    assert "catch:1:sardines/himono:0" not in keys(m) and "catch:1:mackerel" not in keys(m)
    refused(m, "catch:1:sardines/himono:0")
    refused(m, "catch:1:mackerel")


def test_at_most_two_barrels_at_sea_per_himono_licence_barges_included(tsukiji):
    # 000:470 — never more than 2 barrels caught with the same Himono licence at sea, even on a
    # barge; dock and unload one, and the licence catches again.
    m = himono_table(tsukiji)
    s = m.state
    licence(s, 0, "himono")                                    # a second Himono licence
    me = s.seats[0]
    me["berths"] = 3
    me["boats"] = [{"type": "3", "at": "sea", "load": [barrels(s, "mackerel", 1)[0] + "/himono:0"]},
                   {"type": "barge", "at": "sea", "load": [barrels(s, "mackerel", 1)[0] + "/himono:0"]},
                   {"type": "1", "at": "sea", "load": []}]
    fresh(m)
    play(m, "fish")
    k = keys(m)
    assert "catch:1:mackerel/himono:0" not in k and "catch:3:mackerel/himono:0" not in k
    assert "catch:3:mackerel/himono:1" in k, "the other Himono licence still catches"
    refused(m, "catch:1:mackerel/himono:0")
    play(m, "dock:2:right")                                    # the barge unloads its barrel
    assert me["himono"] == [["b:mackerel"], []]
    assert "catch:1:mackerel/himono:0" in keys(m)
    play(m, "catch:1:mackerel/himono:0")
    assert me["boats"][0]["load"] == ["mackerel/himono:0"] * 2


def test_docked_himono_catches_dry_on_the_licences_and_the_rest_goes_back(tsukiji):
    # 000:472 — barrels caught with a Himono licence are not put up for sale: onto your Himono
    # licences as far as there is room (000:474: 2 each), the rest back to their markets.
    m = himono_table(tsukiji)
    s = m.state
    me = s.seats[0]
    tokens(s, 0, "sardines", 1)
    me["tokens"].pop("sardines")
    me["himono"] = [["t:sardines"]]                            # one space left
    me["boats"][0]["load"] = [b + "/himono:0" for b in barrels(s, "mackerel", 2)]
    fresh(m)
    before = barrels_everywhere(s, "mackerel")
    play(m, "fish", "dock:1:left")
    assert me["himono"] == [["t:sardines", "b:mackerel"]]
    assert s.ctx["pending"] == [] and me["harbour"] == [], "nothing is put up for sale"
    assert s.fish["mackerel"]["barrels"] == 15 - 2 + 1
    assert yen(m)[0] == 2100, "2 barrels unloaded still pay ¥100 (000:136)"
    assert barrels_everywhere(s, "mackerel") == before


def test_drying_fish_from_your_harbour_or_supply_is_free(tsukiji):
    # 000:474 — mackerel / horse mackerel / sardine barrels from your harbour or tokens from your
    # supply onto a Himono licence with room, at any time in your turn, free, no action.
    m = himono_table(tsukiji)
    s = m.state
    me = s.seats[0]
    me["harbour"] = [[barrels(s, "mackerel", 1)[0], "upper", "c3"]]
    tokens(s, 0, "sardines", 1)
    tokens(s, 0, "himono", 1)
    fresh(m)
    free = [k for k in keys(m) if k.startswith("free:himono")]
    assert free == ["free:himono:barrel:U:c3:mackerel", "free:himono:token:sardines"]
    play(m, "free:himono:barrel:U:c3:mackerel", "free:himono:token:sardines")
    assert me["himono"] == [["b:mackerel", "t:sardines"]] and me["harbour"] == [] and me["tokens"] == {"himono": 1}
    assert s.ap == 2 and s.phase == "main"
    assert m.view(None)["resources"][0] == 5, "what lies on a Himono licence is no token (000:478)"
    assert not any(k.startswith("free:himono") for k in keys(m)), "the licence is full (2 items)"
    refused(m, "free:himono:token:sardines")
    refused(m, "free:himono:token:himono")
    assert tokens_everywhere(s, "sardines") == 20 and barrels_everywhere(s, "mackerel") == 18


def test_two_items_on_a_himono_licence_become_a_himono_barrel_at_the_start_of_the_turn(tsukiji):
    # 000:476 — a licence holding 2 gives them back to their markets, then a himono barrel from
    # the market is put up for sale at a price of your choice.
    m = himono_table(tsukiji)
    s = m.state
    licence(s, 1, "himono", 2)
    tokens(s, 1, "sardines", 1)
    tokens(s, 1, "mackerel", 1)
    s.seats[1]["tokens"] = {}
    s.seats[1]["himono"] = [["b:" + barrels(s, "mackerel", 1)[0], "t:sardines"], ["t:mackerel"]]
    fresh(m)
    pass_turn(m)
    assert s.turn == 1 and s.phase == "start" and s.ctx["pending"] == ["himono"]
    assert s.seats[1]["himono"] == [[], ["t:mackerel"]]
    assert s.fish["mackerel"]["barrels"] == 15 and s.fish["sardines"]["tokens"] == 20
    assert s.fish["himono"]["barrels"] == 5
    assert all(k.startswith("price:") for k in keys(m))
    refused(m, "fish", "000:105")
    play(m, "price:c5")
    assert s.seats[1]["harbour"] == [["himono", "upper", "c5"]] and s.phase == "main"
    # 000:432 / 000:476 — himono never spoils: it stays where it lies, turn after turn.
    for _ in range(3):
        pass_turn(m)
    assert s.turn == 1 and s.seats[1]["harbour"] == [["himono", "upper", "c5"]]
    # bought by another player it brings a himono token, worth 5 (000:485)
    play(m, "fish", "done", "fish", "done")
    play(m, "buy", "buy:2:U:c5:himono")
    assert s.seats[2]["tokens"] == {"himono": 1} and m.view(None)["resources"][2] == 5


def test_no_himono_barrel_left_the_items_still_go_back(tsukiji):
    # 000:476 — the items go back first; without a himono barrel on the market nothing is priced.
    m = himono_table(tsukiji)
    s = m.state
    licence(s, 1, "himono")
    tokens(s, 1, "sardines", 2)
    s.seats[1]["tokens"] = {}
    s.seats[1]["himono"] = [["t:sardines", "t:sardines"]]
    s.box["barrels"]["himono"] = s.box["barrels"].get("himono", 0) + s.fish["himono"]["barrels"]
    s.fish["himono"]["barrels"] = 0
    s.fish["himono"]["overfished"] = True
    fresh(m)
    pass_turn(m)
    assert s.turn == 1 and s.phase == "main" and s.seats[1]["himono"] == [[]]
    assert s.fish["sardines"]["tokens"] == 20


def test_returning_a_himono_licence_gives_its_items_back_unpaid(tsukiji):
    # 000:478 — whatever lies on a returned Himono licence goes back to its markets, unpaid.
    # (Of two, the kiosk returns the one holding less.)
    m = himono_table(tsukiji)
    s = m.state
    me = s.seats[0]
    licence(s, 0, "himono")
    tokens(s, 0, "sardines", 1)
    me["tokens"] = {}
    me["himono"] = [["b:" + barrels(s, "mackerel", 1)[0], "t:sardines"], []]
    fresh(m)
    play(m, "return:himono")
    assert me["himono"] == [["b:mackerel", "t:sardines"]] and me["licences"]["himono"] == 1
    play(m, "return:himono")
    assert me["himono"] == [] and "himono" not in me["licences"] and s.fish["himono"]["licences"] == 4
    assert s.fish["mackerel"]["barrels"] == 15 and s.fish["sardines"]["tokens"] == 20
    assert yen(m)[0] == 2000


def test_himono_licences_400_one_per_visit_and_no_selling(tsukiji):
    # 000:482 — at most 1 Himono licence per visit, ¥400, face up; 000:483 — tokens not sold back.
    m = table(tsukiji, "himono")
    s = m.state
    tokens(s, 0, "himono", 2)
    fresh(m)
    play(m, "enter:himono:1")
    assert not any(k.startswith("sell") for k in keys(m))
    play(m, "licence")
    assert yen(m)[0] == 1600 and s.seats[0]["himono"] == [[]]
    refused(m, "licence", "at most 1")
    refused(m, "sell:1")
    assert m.view(None)["resources"][0] == 10                                    # 000:485


# ==== Horse Mackerel (000:487-500) ============================================================================

def test_horse_mackerel_pays_no_licence_income_and_is_entered_once_per_turn(tsukiji):
    # 000:487 — no ¥100 per licence to its holders on a visit; once per turn. 000:497 — ¥200.
    m = table(tsukiji, "horse_mackerel")
    s = m.state
    licence(s, 1, "horse_mackerel", 2)
    fresh(m)
    play(m, "enter:horse_mackerel:1")
    assert yen(m) == [2000, 2000, 2000]
    assert not any(k.startswith("sell") for k in keys(m))                    # 000:498
    play(m, "licence", "leave")
    assert yen(m)[0] == 1800 and s.seats[0]["licences"]["horse_mackerel"] == 1
    refused(m, "enter:horse_mackerel:1", "once per turn")
    tokens(s, 0, "horse_mackerel", 4)
    assert m.view(None)["resources"][0] == 4                                   # 000:500


def test_a_horse_mackerel_licence_catches_1_or_2_mackerel_instead(tsukiji):
    # 000:489 — with Mackerel in play, 1 or 2 mackerel barrels instead of 1 horse mackerel barrel,
    # both on the same ship, which never carries mackerel and horse mackerel together.
    m = table(tsukiji, "horse_mackerel")
    s = m.state
    me = s.seats[0]
    licence(s, 0, "horse_mackerel")
    me["boats"] = [{"type": "3", "at": "sea", "load": []}]
    fresh(m)
    play(m, "fish")
    k = keys(m)
    assert [x for x in k if x.startswith("catch")] == [
        "catch:1:horse_mackerel", "catch:1:mackerel/horse_mackerel", "catch:1:mackerel/horse_mackerel*2"]
    play(m, "catch:1:mackerel/horse_mackerel*2")
    assert me["boats"][0]["load"] == ["mackerel/horse_mackerel"] * 2 and s.fish["mackerel"]["barrels"] == 13
    play(m, "done", "fish")
    assert "catch:1:mackerel/horse_mackerel" in keys(m) and "catch:1:mackerel/horse_mackerel*2" not in keys(m)
    refused(m, "catch:1:horse_mackerel")
    play(m, "dock:1:left")
    assert s.ctx["pending"] == ["mackerel", "mackerel"], "unloaded they are mackerel barrels for sale"
    play(m, "price:c1", "price:c2")
    assert [x[0] for x in me["harbour"]] == ["mackerel", "mackerel"]


def test_without_mackerel_a_horse_mackerel_licence_catches_horse_mackerel(tsukiji):
    # 000:489 — "Wenn auch der normale Markt Makrele im Spiel ist".
    m = table(tsukiji, "swordfish", horse_table=True)
    s = m.state
    assert s.seats[0]["licences"] == {}, "no licences at the start with Horse Mackerel (000:413, 000:428)"
    licence(s, 0, "horse_mackerel")
    s.seats[0]["boats"] = [{"type": "3", "at": "sea", "load": []}]
    fresh(m)
    play(m, "fish")
    assert [k for k in keys(m) if k.startswith("catch")] == ["catch:1:horse_mackerel"]


def test_horse_mackerel_overfished_pays_200_a_token_after_the_buying_action_and_brings_mackerel(tsukiji):
    # 000:493 — everyone takes ¥200 per horse mackerel token held (and keeps them), once the
    # buying action in which it happened is over; Mackerel is set up first, then the new draw
    # (000:355); no mackerel licences are set aside or given (000:586).
    m = table(tsukiji, "swordfish", horse_table=True)
    s = m.state
    tokens(s, 0, "horse_mackerel", 5)
    tokens(s, 2, "horse_mackerel", 9)
    assert s.fish["horse_mackerel"]["tokens"] == 1
    s.seats[1]["harbour"] = [[barrels(s, "horse_mackerel", 1)[0], "upper", "c1"]]
    fresh(m)
    events = play(m, "buy", "buy:2:U:c1:horse_mackerel")
    assert s.fish["horse_mackerel"]["overfished"] is True and s.fish["horse_mackerel"]["barrels"] == 0
    assert yen(m) == [1900, 2100, 2000], "no payment during the buying action"
    new = [e.data["market"] for e in events if e.kind == "new_market"]
    assert new[0] == "mackerel" and len(new) == 2, "Mackerel first, besides the new draw"
    assert s.fish["mackerel"]["licences"] == 3 and all("mackerel" not in st["licences"] for st in s.seats)
    assert s.box["licences"]["mackerel"] == 5
    play(m, "done")
    assert yen(m) == [1900 + 6 * 200, 2100, 2000 + 9 * 200]
    assert s.seats[0]["tokens"]["horse_mackerel"] == 6 and m.view(None)["resources"][0] == 6
    assert s.fish["horse_mackerel"]["to_settle"] is False
    play(m, "fish", "done")
    assert yen(m) == [1900 + 6 * 200, 2100, 2000 + 9 * 200], "paid once"


def test_horse_mackerel_overfished_with_mackerel_in_play_draws_one_market(tsukiji):
    # 000:493 — "sofern er nicht bereits im Spiel ist": Mackerel in play, only the draw of 000:355.
    # Ruling: the licences stay in play (000:353) and still catch mackerel instead (000:489).
    m = table(tsukiji, "horse_mackerel")
    s = m.state
    me = s.seats[0]
    licence(s, 0, "horse_mackerel")
    me["boats"] = [{"type": "3", "at": "sea", "load": []}, {"type": "2", "at": "sea", "load": []}]
    extra = s.fish["horse_mackerel"]["barrels"] - 1          # all but one horse mackerel into the box
    s.box["barrels"]["horse_mackerel"] = s.box["barrels"].get("horse_mackerel", 0) + extra
    s.fish["horse_mackerel"]["barrels"] = 1
    tokens(s, 1, "horse_mackerel", 2)
    fresh(m)
    events = play(m, "fish", "catch:1:horse_mackerel")
    assert s.fish["horse_mackerel"]["overfished"] is True
    assert len([e for e in events if e.kind == "new_market"]) == 1 and "mackerel" in s.fish
    assert yen(m)[1] == 2000 + 400, "not during a buying action: paid at once"
    play(m, "done", "fish", "dock:1:left", "price:c1")
    assert "catch:2:mackerel/horse_mackerel" in keys(m)
    refused(m, "catch:2:horse_mackerel")
    play(m, "catch:2:mackerel/horse_mackerel*2")
    assert me["boats"][1]["load"] == ["mackerel/horse_mackerel"] * 2
