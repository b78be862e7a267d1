"""Tokyo Tsukiji Market EXPANSION: the six fish markets (000:457-538), rule by rule.

Lines are cited as 000:NNN (000_e98393ccc20da7fd.txt); the tests never read that file.
The scenario loader does not take the expansion's fields yet, so every position here is a
game set up with `game.new(..., options={"expansion": "on", "<market>": "in", ...})` and
then arranged by hand on `match.state` (the rules' state), moving each piece from where it
lies (a market, the bag, the box) so that nothing is created or lost.
"""

from __future__ import annotations

import copy

import pytest

from core.errors import IllegalMove
from core.yen import SUPPLY

from .test_tsukiji import keys, play, tsukiji  # noqa: F401  (tsukiji: the fixture)

EXPANSION_FISH = ("clams_oysters", "himono", "horse_mackerel", "nori", "sardines", "swordfish")
BASE_FISH = ("eel", "fugu", "octopus", "red_snapper", "salmon", "king_crab", "squid", "tuna")
EXTERNAL = ("aquarium", "auction", "bank", "barter", "government", "rental", "trade", "used_ships",
            "foreign_market", "influence", "new_aquarium", "overfishing", "ship_rental", "sushi_shop")


# ==== positions ====================================================================================

def table(tsukiji, *fish, players=3, horse_table=False, seed=1):
    """Mackerel (or Horse Mackerel, 000:405) and Ships, plus exactly the fish markets named;
    seat 1 to play, in its main phase with 2 action points."""
    opts = {"expansion": "on", **{e: "out" for e in EXTERNAL}}
    for f in BASE_FISH + EXPANSION_FISH:
        opts[f] = "in" if f in fish else "out"
    if horse_table:
        opts["table_mackerel"] = "horse_mackerel"
    m = tsukiji.new(players, seed=seed, options=opts)
    s = m.state
    if horse_table and "mackerel" not in fish and "mackerel" in s.fish:
        st = s.fish.pop("mackerel")                 # drawn as an extra market: back into the box
        for what in ("barrels", "licences", "tokens"):
            s.box[what]["mackerel"] = s.box[what].get("mackerel", 0) + st[what]
    assert set(s.fish) == set(fish) | ({"horse_mackerel"} if horse_table else {"mackerel"}), list(s.fish)
    s.turn = 0
    fresh(m)
    return m


def fresh(m):
    """After arranging the state by hand: forget the legal actions worked out before."""
    m._legal_cache = None
    return m


def licence(s, seat, fish, n=1):
    """Move licences from the market to a seat (Himono: with their empty spaces, 000:474)."""
    st = s.fish[fish]
    assert st["licences"] >= n
    st["licences"] -= n
    me = s.seats[seat]
    me["licences"][fish] = me["licences"].get(fish, 0) + n
    if fish == "himono":
        me["himono"].extend([] for _ in range(n))


def tokens(s, seat, kind, n):
    """Move tokens from their market (or the bag) in front of a seat."""
    fish = {"clam": "clams_oysters", "oyster": "clams_oysters"}.get(kind, kind)
    if fish == "clams_oysters":
        for _ in range(n):
            s.bags[fish].remove(kind)
    else:
        assert s.fish[fish]["tokens"] >= n
        s.fish[fish]["tokens"] -= n
    me = s.seats[seat]
    me["tokens"][kind] = me["tokens"].get(kind, 0) + n


def barrels(s, fish, n):
    """Take n barrels off their market, to be laid on a boat or a harbour; returns the names."""
    assert s.fish[fish]["barrels"] >= n
    s.fish[fish]["barrels"] -= n
    return [fish] * n


def set_yen(s, seat, y):
    bal = s.treasury.balances
    bal[SUPPLY] += bal[f"seat{seat}"] - y
    bal[f"seat{seat}"] = y


def yen(m):
    return [m.state.treasury.balances[f"seat{i}"] for i in range(m.state.players)]


def snapshot(m):
    """Everything on the table: the save data, and the rules' state itself (the expansion's
    fields included, which the save code may not write yet)."""
    s = m.state
    raw = {k: copy.deepcopy(getattr(s, k)) for k in ("fish", "ext", "bags", "box", "seats", "ctx", "once", "turn",
                                                     "phase", "ap", "cart_ap", "acted")}
    return m.rules.dump(s), raw, dict(s.treasury.balances)


def refused(m, key, *cites, seat=None):
    """An illegal move raises IllegalMove naming a rule (and the lines given), changing nothing."""
    seat = m.to_act()[0] if seat is None else seat
    before = snapshot(m)
    with pytest.raises(IllegalMove) as e:
        m.play(seat, key)
    text = str(e.value)
    assert "Tsukiji" in text, text
    for c in cites:
        assert c in text, text
    assert snapshot(m) == before
    return text


def barrels_everywhere(s, fish):
    """Barrels of one fish wherever they lie: market, box, boats, harbours, Himono licences,
    waiting in an action."""
    n = s.fish[fish]["barrels"] if fish in s.fish else 0
    n += s.box["barrels"].get(fish, 0)
    for st in s.seats:
        n += sum(1 for b in st["boats"] for x in b["load"] if x.split("/")[0] == fish)
        n += sum(1 for k, _, _ in st["harbour"] if k == fish)
        n += sum(1 for items in st.get("himono", ()) for x in items if x == f"b:{fish}")
    if s.ctx:
        n += list(s.ctx.get("pending", ())).count(fish)
        if fish == "swordfish":
            n += s.ctx.get("swordfish", 0)
    return n


def tokens_everywhere(s, kind):
    fish = {"clam": "clams_oysters", "oyster": "clams_oysters"}.get(kind, kind)
    n = s.box["tokens"].get(kind, 0) + s.bags.get(fish, []).count(kind)
    if fish in s.fish and fish != "clams_oysters":
        n += s.fish[fish]["tokens"] + s.fish[fish].get("iwashi", 0)
    for st in s.seats:
        n += st["tokens"].get(kind, 0)
        n += sum(1 for items in st.get("himono", ()) for x in items if x == f"t:{kind}")
    if s.bid:
        n += s.bid["lot"].get(kind, 0)
    return n


def pass_turn(m):
    """The active seat spends its 2 action points on empty fishing actions."""
    play(m, "fish", "done", "fish", "done")


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
            assert 1 <= s.fish["swordfish"]["value"] <= 13
    assert {"himono", "sardines", "draw"} <= seen, seen
