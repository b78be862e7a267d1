"""Tokyo Tsukiji Market EXPANSION: its six external markets, the Blue Ship and the 4-hold
barges, and the collapsing external markets variant, rule by rule (000:392-628).

Lines are cited as 000:NNN (000_e98393ccc20da7fd.txt); the tests never read that file.
Positions are made with `new` and then laid out by setting the rules' state directly.
"""

from __future__ import annotations

import copy

import pytest

from core import games
from core.errors import IllegalMove
from games.tsukiji.data import EXTERNAL, FISH
from games.tsukiji.state import State, yen

from .tsukiji_support import keys, play


@pytest.fixture(scope="module")
def g():
    return games.load("tsukiji")


def options(*markets, **more):
    """The expansion with the collapse variant; exactly Mackerel, Ships and `markets` in play."""
    o = {mk: "out" for mk in FISH + EXTERNAL if mk not in ("mackerel", "ships")}
    o.update({mk: "in" for mk in markets})
    o.update(expansion="on", collapse="on")
    o.update(more)
    return o


def new(g, *markets, players=3, seed=1, **more):
    m = g.new(players, seed=seed, options=options(*markets, **more))
    assert m.state.phase == "main"
    return m


def changed(m):
    """After laying out the state by hand: forget the match's cached legal moves."""
    m._legal_cache = None
    return m.state


def snapshot(g, s: State):
    out = {k: copy.deepcopy(getattr(s, k)) for k in State.__slots__ if k not in ("treasury", "bid")}
    out["yen"] = dict(s.treasury.balances)
    out["dump"] = g.rules.dump(s)
    return out


def refused(g, m, key, match=None, seat=None):
    """An illegal move raises IllegalMove naming a rule and changes nothing."""
    seat = m.to_act()[0] if seat is None else seat
    before = snapshot(g, m.state)
    with pytest.raises(IllegalMove, match=match) as e:
        m.play(seat, key)
    assert e.value.rule, f"{key}: no rule named"
    assert snapshot(g, m.state) == before, f"{key} changed the state"
    return e.value


def events(evs):
    return " ".join(e.text for e in evs)


# ==== collapsing external markets (000:592-626) ===================================================

def test_bank_collapses_closed_when_all_loans_and_shares_are_gone(g):
    # 000:608 — "Bank: Bricht zusammen, wenn alle Kredite aufgenommen und alle Aktien gekauft wurden" … "Geschlossen"
    m = new(g, "bank")
    s = changed(m)
    a = s.turn
    s.ext["bank"] = {"loans": 1, "shares": 0}
    s.box["loans"] += 2
    s.box["shares"] += 2
    s.seats[(a + 1) % 3]["loans"] = 0
    assert not g.rules.m["bank"].collapses(s)
    before = set(s.ext)
    play(m, "enter:bank:1")
    evs = m.play(a, "loan")
    assert s.collapsed == {"bank": "closed"}
    new_ext = set(s.ext) - before
    assert len(new_ext) == 1 and "collapses" in events(evs), "000:594: a new external market is drawn at once"
    # 000:598 — closed: it cannot be visited any more.
    play(m, "leave")
    refused(g, m, "enter:bank:1", match="closed")
    # 000:608 — "Am Spielende müssen die Kredite dennoch zurückgezahlt werden"
    assert g.rules.result(s).breakdown[a]["loans_repaid"] == 500


def test_without_the_variant_nothing_collapses(g):
    # 000:592 — the collapse variant is an option.
    m = new(g, "bank", collapse="off")
    s = changed(m)
    s.box["loans"] += s.ext["bank"]["loans"] - 1
    s.box["shares"] += s.ext["bank"]["shares"]
    s.ext["bank"] = {"loans": 1, "shares": 0}
    play(m, "enter:bank:1", "loan")
    assert s.collapsed == {} and set(s.ext) == {"ships", "bank"}


def test_aquarium_collapses_only_when_every_space_is_full(g):
    # 000:606 — "(nicht nur alle, die sich auf die derzeit im Spiel befindlichen Fische beziehen)"
    m = new(g, "aquarium", "new_aquarium", order="open")
    s = changed(m)
    a = s.turn
    aq = g.rules.m["aquarium"]
    spaces = s.ext["aquarium"]["spaces"]
    spaces["mackerel"] = {"mackerel": aq.data["spaces"]["mackerel"]["capacity"]}
    assert not aq.collapses(s), "the space of the only fish in play is full, the others are not"
    kind = {"king_crab": "king_crab_4", "tuna": "tuna_15"}
    for sp, spec in aq.data["spaces"].items():
        if sp not in ("mackerel", "squid"):
            spaces[sp] = {kind.get(sp, sp): spec["capacity"]}
    spaces["squid"] = {"squid": aq.data["spaces"]["squid"]["capacity"] - 1}
    s.fish["squid"] = {"barrels": 0, "licences": 0, "tokens": 0, "overfished": True}
    s.seats[a]["tokens"] = {"squid": 1}
    s.order = {"fish": [], "external": ["trade"]}
    assert not aq.collapses(s)
    play(m, "enter:aquarium:1")
    evs = m.play(a, "aquarium:squid")
    assert s.collapsed == {"aquarium": "closed"} and "trade" in s.ext, events(evs)
    play(m, "leave")
    refused(g, m, "enter:aquarium:1", match="closed")
    assert "new_aquarium" not in s.collapsed, "the New Aquarium collapses on its own (000:622)"


def test_new_aquarium_collapses_closed(g):
    # 000:622 — "Neues Aquarium: Bricht zusammen, wenn alle seine Felder … mit Fischmarkern belegt sind"
    m = new(g, "new_aquarium", "clams_oysters")
    s = changed(m)
    a = s.turn
    na = g.rules.m["new_aquarium"]
    sp = s.ext["new_aquarium"]["spaces"]
    for name, spec in na.data["spaces"].items():
        sp[name] = {("clam" if name == "clams_oysters" else name): spec["capacity"]}
    cap = na.data["spaces"]["clams_oysters"]["capacity"]
    sp["clams_oysters"] = {"clam": cap - 1}
    s.seats[a]["tokens"] = {"oyster": 1}
    s.seats[a]["harbour"] = [["mackerel", "upper", "c2"]]
    s.fish["mackerel"]["barrels"] -= 1
    s.order = {"fish": [], "external": ["trade"]}
    play(m, "enter:new_aquarium:1:uc2:mackerel")
    m.play(a, "new_aquarium:oyster")
    assert sp["clams_oysters"] == {"clam": cap - 1, "oyster": 1}, "000:572: clams and oysters share a space"
    assert s.collapsed == {"new_aquarium": "closed"} and "trade" in s.ext


def test_government_collapses_when_both_spaces_are_full(g):
    # 000:610 — "Regierung: Bricht zusammen, wenn beide ihrer Felder bis zu ihrer Kapazität gefüllt sind"
    m = new(g, "government")
    s = changed(m)
    a = s.turn
    s.ext["government"]["spaces"] = [{"mackerel": 3}, {"mackerel": 9}]
    s.fish["mackerel"]["tokens"] -= 13
    s.seats[a]["tokens"] = {"mackerel": 1}
    play(m, "enter:government:1")
    m.play(a, "give:2:mackerel")
    assert s.collapsed == {"government": "closed"} and len(s.ext) == 3


def test_rental_collapses_and_used_items_go_to_the_box(g):
    # 000:612 — "Kühlboxen und Handkarren, die danach … zurückgegeben würden, müssen stattdessen in die Schachtel"
    m = new(g, "rental")
    s = changed(m)
    a = s.turn
    s.ext["rental"] = {"coolboxes": 0, "carts": 1}
    s.box["coolboxes"] += 2
    s.box["carts"] += 1
    s.seats[a]["rentals"] = [["coolbox", 1]]
    play(m, "enter:rental:1", "rent:cart", "leave")
    assert s.collapsed == {"rental": "closed"}
    boxed = s.box["carts"]
    play(m, "cart:2", "cart:1")
    assert s.box["carts"] == boxed + 1 and s.ext["rental"]["carts"] == 0
    refused(g, m, "enter:rental:1", match="closed")


def test_ships_collapse_but_stay_open(g):
    # 000:614 — "Schiffe: Bricht zusammen, wenn alle Boote gekauft wurden" … "Der Markt bleibt geöffnet."
    m = new(g)
    s = changed(m)
    a = s.turn
    for t, n in s.ext["ships"]["boats"].items():
        s.box["boats"][t] = s.box["boats"].get(t, 0) + n
    s.ext["ships"]["boats"] = {"2": 1}
    s.box["boats"]["2"] -= 1
    s.seats[a]["berths"] = 2
    play(m, "enter:ships:1", "boat:buy:2:middle")
    assert s.collapsed == {"ships": "collapsed"} and len(s.ext) == 3
    play(m, "boat:sell:1:left")
    assert s.ext["ships"]["boats"] == {"1": 1}, "the collapsed side stays open"
    play(m, "boat:buy:1:left")
    assert len(s.ext) == 3, "a collapsed market cannot collapse again"
    play(m, "leave")
    assert "enter:ships:1" in keys(m)


def test_trade_collapses_but_stays_open(g):
    # 000:616 — "Handel: Bricht zusammen, wenn alle seine Felder mit Fischmarkern belegt sind" … "bleibt geöffnet"
    m = new(g, "trade", "tuna")
    s = changed(m)
    a = s.turn
    s.ext["trade"] = {"spaces": [{"mackerel": 5}, {"mackerel": 10}, {"mackerel": 15}, {}], "traded": True}
    s.seats[a]["tokens"] = {"tuna_25": 1, "mackerel": 5}
    s.fish["mackerel"]["tokens"] -= 35
    s.bags["tuna"].remove("tuna_25")
    s.order = {"fish": [], "external": ["bank"]}
    play(m, "enter:trade:1", "lot:add:tuna_25", "trade:yen:4")
    assert s.collapsed == {"trade": "collapsed"} and "bank" in s.ext
    play(m, "leave")
    assert any(k.startswith("enter:trade") for k in keys(m)), "000:616: Trade stays open"


def test_influence_collapses_but_buyer_markers_still_come_back(g):
    # 000:620 — "Käufer-Marker müssen weiterhin an den Markt zurückgegeben werden"
    m = new(g, "influence")
    s = changed(m)
    a = s.turn
    s.ext["influence"] = {"buyers": 1, "expansions": 0}
    s.box["buyers"] += 1
    s.box["expansion_markers"] += 2
    s.order = {"fish": [], "external": ["bank"]}
    play(m, "enter:influence:1", "influence:buyer")
    assert s.collapsed == {"influence": "collapsed"} and "bank" in s.ext
    play(m, "leave")
    assert "enter:influence:1" not in keys(m), "nothing to do there now: no marker left"
    play(m, f"free:influence:give:{(a + 1) % 3 + 1}", "fish", "done")
    play(m, "fish", "done", "fish", "done")
    assert s.phase == "buy" and m.to_act() == (a,)
    play(m, "done")
    assert s.ext["influence"]["buyers"] == 1 and s.collapsed == {"influence": "collapsed"}
    assert set(s.ext) == {"ships", "influence", "bank"}, "it does not collapse again"


def test_ship_rental_collapses_closed_and_markers_then_go_to_the_box(g):
    # 000:624 — "Schiffsverleih-Marker, die danach an den Markt zurückgegeben würden … zurück in die Schachtel"
    m = new(g, "ship_rental")
    s = changed(m)
    a = s.turn
    s.box["ship_rental_markers"] += 5
    s.ext["ship_rental"]["markers"] = 1
    s.seats[a]["berths"] = 2
    play(m, "enter:ship_rental:1", "rent:ships:2:middle", "leave")
    assert s.collapsed == {"ship_rental": "closed"}
    refused(g, m, "enter:ship_rental:1", match="closed")
    me = s.seats[a]
    me["boats"][1].update(at="sea", load=["mackerel"])
    s.fish["mackerel"]["barrels"] -= 1
    boxed = s.box["ship_rental_markers"]
    play(m, "fish", "dock:2:middle", "price:c1", "done")
    assert s.box["ship_rental_markers"] == boxed + 1 and s.ext["ship_rental"]["markers"] == 0
    assert [b["type"] for b in me["boats"]] == ["1"]


def test_sushi_shop_collapses_closed(g):
    # 000:626 — "Sushi-Laden: Bricht zusammen, wenn alle seine Felder mit Fischmarkern belegt sind"
    m = new(g, "sushi_shop", "squid")
    s = changed(m)
    a = s.turn
    spaces = s.ext["sushi_shop"]["spaces"]
    assert not g.rules.m["sushi_shop"].collapses(s)
    spec = g.rules.m["sushi_shop"].data["spaces"]
    kinds = ["mackerel", "squid", "eel", "fugu", "salmon"]
    for i, sp in enumerate(spec[1:], 1):
        spaces[i] = {k: 1 for k in kinds[:sp["shapes"]]}
    s.seats[a]["tokens"] = {"squid": 1}
    s.fish["squid"]["tokens"] -= 1
    s.order = {"fish": [], "external": ["bank"]}
    play(m, "enter:sushi_shop:1", "lot:add:squid", "sushi:1")
    assert s.collapsed == {"sushi_shop": "closed"} and "bank" in s.ext


def test_a_collapse_draws_the_aquarium_pair(g):
    # 000:600 — "bringe beide Markttableaus gleichzeitig ins Spiel"
    m = new(g, "bank")
    s = changed(m)
    s.box["loans"] += s.ext["bank"]["loans"] - 1
    s.box["shares"] += s.ext["bank"]["shares"]
    s.ext["bank"] = {"loans": 1, "shares": 0}
    s.order = {"fish": [], "external": ["new_aquarium", "trade"]}
    evs = []
    play(m, "enter:bank:1")
    evs = m.play(s.turn, "loan")
    assert {"aquarium", "new_aquarium"} <= set(s.ext) and "trade" not in s.ext, events(evs)


def test_collapse_tableaus_and_their_sides(g):
    # 000:602-626 — which markets collapse, and on which side the marker lies.
    side = g.rules.d.collapse_side
    assert {k for k, v in side.items() if v == "collapsed"} == {"ships", "trade", "influence"}
    assert {k for k, v in side.items() if v == "closed"} == {"aquarium", "bank", "government", "rental",
                                                              "new_aquarium", "ship_rental", "sushi_shop"}
    for never in ("auction", "barter", "used_ships", "foreign_market", "overfishing"):
        assert never not in side


# ==== Foreign Market (000:547-560) ===============================================================

def foreign_position(g, loads, *more, seed=3):
    m = new(g, "foreign_market", *more, seed=seed)
    s = changed(m)
    a = s.turn
    s.seats[a]["boats"] = [{"type": "4", "at": "sea", "load": list(load)} for load in loads]
    for load in loads:
        for f in load:
            s.fish[f]["barrels"] -= 1
    return m, s, a


def test_foreign_market_is_entered_only_by_docking(g):
    # 000:547 — "Dieser Markt kann nur besucht werden, wenn du im Rahmen der Fischen-Aktion mit einem Boot anlegst."
    m, s, a = foreign_position(g, [["mackerel"]])
    refused(g, m, "enter:foreign_market:1", match="only by docking")
    play(m, "fish")
    assert "dock:1:foreign" in keys(m)
    s.seats[a]["boats"].append({"type": "2", "at": "sea", "load": []})
    changed(m)
    refused(g, m, "dock:2:foreign")


def test_foreign_market_auction_with_its_special_fish(g):
    # 000:547 — ¥100, the barrels of the group auctioned as one lot; 000:557-560 — eel, king crab,
    # swordfish, tuna.
    m, s, a = foreign_position(g, [["king_crab"] * 3, ["tuna"] * 4, ["eel", "eel"], ["swordfish"] * 2],
                               "eel", "king_crab", "tuna", "swordfish")
    s.seats[a]["berths"] = 3
    barrels = {f: s.fish[f]["barrels"] for f in ("king_crab", "tuna", "eel", "swordfish")}
    eel = s.fish["eel"]["value"]
    y0 = yen(s, a)
    play(m, "fish", "dock:1:foreign")
    assert yen(s, a) == y0 - 100
    k = keys(m)
    assert k == ["dock:2:foreign", "dock:3:foreign", "dock:4:foreign", "foreign:auction"], \
        "while a group is open, boats join it or the lot is auctioned"
    refused(g, m, "dock:2:left")
    play(m, "dock:2:foreign", "dock:3:foreign", "dock:4:foreign")
    assert yen(s, a) == y0 - 100, "joining the open group costs nothing more"
    swordfish_unit = g.rules.token_unit(s, "swordfish")
    play(m, "foreign:auction")
    assert s.phase == "bid" and set(m.to_act()) == {0, 1, 2}
    lot = s.bid["lot"]
    assert sum(n for k, n in lot.items() if k.startswith("king_crab")) == 1, "1 king crab token per 2 barrels"
    assert sum(n for k, n in lot.items() if k.startswith("tuna")) == 1, "1 tuna token per 3 barrels"
    assert lot["eel"] == 2 and lot["swordfish"] == 1
    assert s.fish["eel"]["value"] == eel + 2, "000:557: every eel barrel moves the value 1 up"
    assert {f: s.fish[f]["barrels"] for f in barrels} == {f: n + {"king_crab": 3, "tuna": 4, "eel": 2,
                                                                   "swordfish": 2}[f] for f, n in barrels.items()}
    assert s.ctx["unloaded"] == 0, "these barrels are not unloaded at your harbour: no ¥100 per 2"
    winner = (a + 1) % 3
    sword = s.fish["swordfish"]["value"]
    bid = 100 * swordfish_unit + 300
    for o in m.to_act():
        m.play(o, f"bid:{bid}" if o == winner else "bid:0")
    assert s.phase == "fish"
    assert yen(s, winner) == 2000 - bid and yen(s, a) == y0 - 100 + bid, "the winner pays the active player"
    for k, n in lot.items():
        assert s.seats[winner]["tokens"].get(k) == n
    assert s.fish["swordfish"]["value"] == min(13, sword + 2), "000:559: a higher bid moves the value 2 up"
    assert [b["at"] for b in s.seats[a]["boats"]] == ["foreign"] * 4 and all(not b["load"] for b in s.seats[a]["boats"])
    play(m, "done", "fish")
    assert "launch:1" in keys(m)
    play(m, "launch:1")
    assert s.seats[a]["boats"][0]["at"] == "sea" and yen(s, a) == y0 - 100 + bid, "000:551: launching is free"


def test_foreign_market_tie_is_decided_by_the_active_player_who_pays_the_supply(g):
    # 000:547 — "Bei einem Gleichstand … entscheidest du" … "Gewinnst du die Auktion, zahle dein Gebot in den allgemeinen Vorrat."
    m, s, a = foreign_position(g, [["mackerel", "mackerel"]])
    tokens = s.fish["mackerel"]["tokens"]
    play(m, "fish", "dock:1:foreign", "foreign:auction")
    assert s.bid["lot"] == {"mackerel": 2} and s.fish["mackerel"]["tokens"] == tokens - 2
    for o in m.to_act():
        m.play(o, "bid:200" if o in (a, (a + 1) % 3) else "bid:100")
    assert s.bid["stage"] == "tie" and m.to_act() == (a,)
    y = yen(s, a)
    play(m, f"winner:{a + 1}")
    assert yen(s, a) == y - 200 and s.seats[a]["tokens"]["mackerel"] == 2


def test_foreign_market_swordfish_value_falls_after_a_low_bid(g):
    # 000:559 — "ist das Gewinngebot der kleinere Betrag, ziehe den Wertanzeiger 2 Felder nach unten"
    m, s, a = foreign_position(g, [["swordfish", "swordfish", "swordfish"]], "swordfish")
    unit = g.rules.token_unit(s, "swordfish")
    before = s.fish["swordfish"]["value"]
    barrels = s.fish["swordfish"]["barrels"]
    play(m, "fish", "dock:1:foreign", "foreign:auction")
    assert s.bid["lot"] == {"swordfish": 1}
    assert s.fish["swordfish"]["barrels"] == barrels + 3, "the single one left over goes back unpaid"
    for o in m.to_act():
        m.play(o, "bid:0")
    play(m, f"winner:{(a + 2) % 3 + 1}")
    assert unit > 0 and s.fish["swordfish"]["value"] == max(1, before - 2)


def test_foreign_market_groups_pay_each_and_single_crab_gives_no_auction(g):
    # 000:549 — "zahlst dabei für jede so eintretende Gruppe die Eintrittskosten von ¥100"; 000:558 — a single
    # king crab barrel goes back unpaid.
    m, s, a = foreign_position(g, [["king_crab"], ["mackerel"]], "king_crab")
    y = yen(s, a)
    crabs = s.fish["king_crab"]["barrels"]
    evs = []
    play(m, "fish", "dock:1:foreign")
    evs = m.play(a, "foreign:auction")
    assert s.phase == "fish" and "no token" in events(evs)
    assert s.fish["king_crab"]["barrels"] == crabs + 1
    play(m, "dock:2:foreign")
    assert yen(s, a) == y - 200
    play(m, "foreign:auction")
    assert s.phase == "bid"


def test_rented_boat_stays_rented_at_the_foreign_market(g):
    # 000:578 — one trip ends "an einem deiner Liegeplätze"; the Foreign Market is not one.
    m, s, a = foreign_position(g, [["mackerel"]], "ship_rental")
    s.seats[a]["boats"][0]["rented"] = "ships"
    s.ext["ship_rental"]["markers"] -= 1
    play(m, "fish", "dock:1:foreign", "foreign:auction")
    for o in m.to_act():
        m.play(o, "bid:0")
    if s.phase == "bid":
        play(m, f"winner:{a + 1}")
    assert s.seats[a]["boats"][0]["rented"] == "ships" and s.seats[a]["boats"][0]["at"] == "foreign"


# ==== Influence (000:562-568) ===================================================================

def test_buyer_marker_takes_a_licence_space(g):
    # 000:564 — "Jeder Käufer-Marker belegt ein Lizenzfeld auf deinem Hafentableau"
    m = new(g, "influence")
    s = changed(m)
    a = s.turn
    s.seats[a]["licences"] = {"mackerel": 3}
    s.fish["mackerel"]["licences"] -= 2
    play(m, "enter:influence:1", "influence:buyer")
    assert s.seats[a]["buyers"] == 1 and yen(s, a) == 1800
    refused(g, m, "influence:buyer", match="licence space")


def test_buyer_marker_gives_a_buying_action_after_the_targets_turn(g):
    # 000:564 — "Unmittelbar nach dem Ende des nächsten Zuges dieses Spielers darfst du … kaufen" … "setze das
    # Spiel mit dem Spieler links von dem Spieler fort, dem du den Käufer-Marker zugewiesen hast"
    m = new(g, "influence", players=4)
    s = changed(m)
    a = s.turn
    b, c, d = (a + 1) % 4, (a + 2) % 4, (a + 3) % 4
    assert not any(k.startswith("free:influence") for k in keys(m))
    refused(g, m, f"free:influence:give:{b + 1}", match="no buyer marker")
    play(m, "enter:influence:1", "influence:buyer", "leave")
    refused(g, m, f"free:influence:give:{a + 1}", match="another player")
    assert sorted(k for k in keys(m) if k.startswith("free:influence")) == sorted(
        f"free:influence:give:{o + 1}" for o in (b, c, d)), "to another player, as a free action"
    play(m, f"free:influence:give:{c + 1}")
    assert s.seats[a]["buyers"] == 0 and s.buyers == [[a, c]]
    s.seats[d]["harbour"] = [["mackerel", "upper", "c1"]]
    s.fish["mackerel"]["barrels"] -= 1
    changed(m)
    play(m, "fish", "done")
    assert s.turn == b
    play(m, "fish", "done", "fish", "done")
    assert s.turn == c
    play(m, "fish", "done", "fish", "done")
    assert s.phase == "buy" and m.to_act() == (a,) and s.turn == c
    assert not any(k.startswith(("free:", "return:", "berth")) for k in keys(m)), "it is not your turn"
    y = yen(s, a)
    play(m, "buy:" + str(d + 1) + ":U:c1:mackerel")
    assert yen(s, a) == y - g.rules.d.price_of("c1") and s.seats[a]["tokens"]["mackerel"] == 1
    play(m, "done")
    assert s.ext["influence"]["buyers"] == g.rules.m["influence"].data["buyers"]
    assert s.turn == d and s.phase == "main" and m.to_act() == (d,), "play goes on left of the target"


def test_expansion_marker_brings_in_a_new_market(g):
    # 000:566 — "lege ihn sofort zurück in die Schachtel und wähle, ob du einen neuen Fischmarkt oder einen
    # neuen Externen Markt ins Spiel bringst"
    m = new(g, "influence")
    s = changed(m)
    a = s.turn
    boxed = s.box["expansion_markers"]
    fish = set(s.fish)
    play(m, "enter:influence:1", "influence:expand:fish")
    assert len(set(s.fish) - fish) == 1 and s.box["expansion_markers"] == boxed + 1
    assert s.ext["influence"]["expansions"] == 1 and yen(s, a) == 1800
    ext = set(s.ext)
    play(m, "influence:expand:external")
    assert len(set(s.ext) - ext) >= 1
    assert s.collapsed == {}, "buyer markers are still there"


def test_expansion_marker_drawing_mackerel_gives_no_licences(g):
    # 000:568 — "lege keine Makrelenlizenzen beiseite und gib auch keine an die Spieler aus"
    m = new(g, "influence", table_mackerel="horse_mackerel")
    s = changed(m)
    st = s.fish.pop("mackerel", None)                      # drawn as an extra fish market: back in the box
    if st:
        for what in ("barrels", "tokens", "licences"):
            s.box[what]["mackerel"] = s.box[what].get("mackerel", 0) + st[what]
    assert all(not x["licences"] for x in s.seats), "000:428: nobody starts with a licence"
    s.order = {"fish": ["mackerel"], "external": []}
    play(m, "enter:influence:1", "influence:expand:fish")
    assert "mackerel" in s.fish
    assert all(not st["licences"].get("mackerel") for st in s.seats)
    refused(g, m, "influence:expand:fish", match="no fish market")


# ==== New Aquarium (000:570-572) and shapes at the Aquarium (000:491) =================================

def test_new_aquarium_entry_is_a_barrel_from_your_harbour(g):
    # 000:570 — "1 Fischfass beliebiger Art, entnommen aus denen, die du auf deinem Hafentableau zum Verkauf liegen hast"
    m = new(g, "new_aquarium", "sardines")
    s = changed(m)
    a = s.turn
    s.seats[a]["tokens"] = {"sardines": 1}
    s.fish["sardines"]["tokens"] -= 1
    assert not any(k.startswith("enter:new_aquarium") for k in keys(m)), "no barrel for sale: no entry"
    s.seats[a]["harbour"] = [["mackerel", "lower", "c3"]]
    s.fish["mackerel"]["barrels"] -= 1
    barrels = s.fish["mackerel"]["barrels"]
    changed(m)
    play(m, "enter:new_aquarium:1:lc3:mackerel")
    assert s.seats[a]["harbour"] == [] and s.fish["mackerel"]["barrels"] == barrels + 1 and s.ap == 2
    price = g.rules.m["new_aquarium"].data["spaces"]["sardines"]["price"]
    y = yen(s, a)
    play(m, "new_aquarium:sardines")
    assert yen(s, a) == y + price and s.ext["new_aquarium"]["spaces"]["sardines"] == {"sardines": 1}


def test_horse_mackerel_sells_to_the_aquariums_mackerel_space(g):
    # 000:491 — "Bastardmakrelen-Marker dürfen an dasselbe Feld im Aquarium verkauft werden wie normale Makrelenmarker"
    m = new(g, "aquarium", "horse_mackerel")
    s = changed(m)
    a = s.turn
    s.seats[a]["tokens"] = {"horse_mackerel": 1, "mackerel": 1}
    s.fish["horse_mackerel"]["tokens"] -= 1
    s.fish["mackerel"]["tokens"] -= 1
    play(m, "enter:aquarium:1", "aquarium:horse_mackerel", "aquarium:mackerel")
    assert s.ext["aquarium"]["spaces"]["mackerel"] == {"horse_mackerel": 1, "mackerel": 1}
    assert "clams_oysters" not in s.ext["aquarium"]["spaces"]


# ==== Overfishing (000:574-576) ==================================================================

def test_overfishing_market_cannot_be_entered_and_scores_tokens(g):
    # 000:574 — "Du kannst diesen Markt nicht betreten"; 000:576 — −¥100 a token of an overfished market,
    # +¥100 a token of any other.
    m = new(g, "overfishing", "squid", "eel")
    s = changed(m)
    a = s.turn
    refused(g, m, "enter:overfishing:1", match="cannot be entered")
    s.seats[a]["tokens"] = {"squid": 3, "eel": 2, "mackerel": 1}
    s.fish["squid"]["tokens"] -= 3
    s.fish["eel"]["tokens"] -= 2
    s.fish["mackerel"]["tokens"] -= 1
    s.box["barrels"]["squid"] = s.box["barrels"].get("squid", 0) + s.fish["squid"]["barrels"]
    s.fish["squid"].update(barrels=0, overfished=True)
    b = g.rules.result(s).breakdown
    assert b[a]["markets"] == -300 + 200 + 100
    assert b[(a + 1) % 3]["markets"] == 0


# ==== Ship Rental (000:578-580) =================================================================

def test_ship_rental_one_trip(g):
    # 000:578 — ¥100 per hold; "Sobald du mit einem gemieteten Boot wieder an einem deiner Liegeplätze anlegst,
    # lege es … auf den Markt zurück, von dem du es gemietet hast"
    m = new(g, "ship_rental", "used_ships")
    s = changed(m)
    a = s.turn
    me = s.seats[a]
    me["berths"] = 3
    s.ext["used_ships"]["boats"] = {"3": 1}
    s.box["boats"]["3"] -= 1
    play(m, "enter:ship_rental:1")
    k = keys(m)
    assert "rent:ships:2:middle" in k and "rent:used_ships:3:middle" in k and "rent:ships:barge:right" in k
    assert not any(":blue:" in x for x in k)
    refused(g, m, "rent:ships:blue:left", match="Blue Ship cannot be rented")
    play(m, "rent:used_ships:3:middle")
    assert yen(s, a) == 1700 and me["boats"][1] == {"type": "3", "at": "middle", "load": [], "rented": "used_ships"}
    assert s.ext["used_ships"]["boats"] == {} and s.ext["ship_rental"]["markers"] == 5
    play(m, "rent:ships:2:right", "leave")
    assert s.ext["ship_rental"]["markers"] == 4
    # the rented boats sail; an own boat (the third) has already acted when the first rented one docks
    me["boats"][1].update(at="sea", load=["mackerel", "mackerel"])
    me["boats"][2].update(at="sea", load=["mackerel"])
    me["boats"].append({"type": "1", "at": "sea", "load": []})
    s.fish["mackerel"]["barrels"] -= 3
    s.box["boats"]["1"] -= 1
    changed(m)
    play(m, "fish", "dock:4:right", "dock:2:middle", "price:c1", "price:c1")
    assert [b["type"] for b in me["boats"]] == ["1", "2", "1"], "the 3-hold went back after one trip"
    assert s.ext["used_ships"]["boats"] == {"3": 1} and s.ext["ship_rental"]["markers"] == 5
    assert s.ctx["boats"] == [2], "the boat that acted is still known after the indices shift"
    refused(g, m, "dock:3:left")
    assert "dock:2:middle" in keys(m)


def test_rented_boats_are_not_sold_traded_in_or_used_for_transfers(g):
    # 000:578 — one trip, then back; 000:580 — "Du kannst keine Fässer von gemieteten Schiffen auf einen
    # Lastkahn umladen."
    m = new(g, "ship_rental", blue_ship="on")
    s = changed(m)
    a = s.turn
    me = s.seats[a]
    me["berths"] = 2
    me["boats"] = [{"type": "2", "at": "left", "load": [], "rented": "ships"}]
    s.ext["ship_rental"]["markers"] -= 1
    s.ext["ships"]["boats"]["2"] -= 1
    s.box["boats"]["1"] += 1
    s.treasury.balances[f"seat{a}"] += 1000
    s.treasury.balances["supply"] -= 1000
    play(m, "enter:ships:1")
    k = keys(m)
    assert "boat:sell:2:left" not in k and not any(x.startswith("boat:buy:blue") for x in k)
    refused(g, m, "boat:sell:2:left", match="rented")
    refused(g, m, "boat:buy:blue:middle:2:left", match="rented")
    play(m, "boat:buy:1:middle", "leave")
    me["boats"][0].update(at="sea", load=["mackerel"])
    me["boats"].append({"type": "barge", "at": "sea", "load": []})
    s.ext["ships"]["boats"].pop("barge")
    s.fish["mackerel"]["barrels"] -= 1
    changed(m)
    assert not any(x.startswith("transfer") for x in keys(m))


# ==== Sushi Shop (000:582-584) ===================================================================

def test_sushi_shop_example_fugu_eel_salmon_for_700(g):
    # 000:584 — "Du verkaufst 1 Fugu-Marker, 1 Aalmarker und 1 Lachsmarker zusammen für ¥700."
    m = new(g, "sushi_shop", "fugu", "eel", "salmon")
    s = changed(m)
    a = s.turn
    s.seats[a]["tokens"] = {"fugu": 2, "eel": 1, "salmon": 1}
    for f, n in (("fugu", 2), ("eel", 1), ("salmon", 1)):
        s.fish[f]["tokens"] -= n
    play(m, "enter:sushi_shop:1", "lot:add:fugu")
    assert "lot:add:fugu" not in keys(m), "one token per shape"
    refused(g, m, "lot:add:fugu", match="same shape")
    play(m, "lot:add:eel", "lot:add:salmon")
    three = [k for k in keys(m) if k.startswith("sushi:")]
    spec = g.rules.m["sushi_shop"].data["spaces"]
    assert three and all(spec[int(k.split(":")[1]) - 1]["shapes"] == 3 for k in three)
    y = yen(s, a)
    play(m, three[0])
    i = int(three[0].split(":")[1]) - 1
    assert yen(s, a) == y + 700
    assert s.ext["sushi_shop"]["spaces"][i] == {"fugu": 1, "eel": 1, "salmon": 1}, "the tokens stay there"
    assert s.seats[a]["tokens"] == {"fugu": 1}
    play(m, "lot:add:fugu")
    refused(g, m, f"sushi:{i + 1}", match="empty space")


def test_sushi_shop_same_shapes_never_share_a_space(g):
    # 000:582 — "du kannst keine Marker gleicher Form (Makrele und Bastardmakrele oder Muschel und Auster) auf
    # dasselbe Feld verkaufen"
    m = new(g, "sushi_shop", "horse_mackerel", "clams_oysters")
    s = changed(m)
    a = s.turn
    s.seats[a]["tokens"] = {"mackerel": 1, "horse_mackerel": 1, "clam": 1, "oyster": 1}
    s.fish["mackerel"]["tokens"] -= 1
    s.fish["horse_mackerel"]["tokens"] -= 1
    s.bags["clams_oysters"].remove("clam")
    s.bags["clams_oysters"].remove("oyster")
    play(m, "enter:sushi_shop:1", "lot:add:mackerel", "lot:add:clam")
    refused(g, m, "lot:add:horse_mackerel", match="same shape")
    refused(g, m, "lot:add:oyster", match="same shape")
    assert "leave" not in keys(m), "finish or take back the group first"
    play(m, "lot:clear")
    assert s.seats[a]["tokens"] == {"mackerel": 1, "horse_mackerel": 1, "clam": 1, "oyster": 1}


# ==== the Blue Ship and the 4-hold barges (000:440-448) ==========================================

def test_blue_ship_is_bought_with_a_trade_in(g):
    # 000:444 — ¥2,000, and "ein anderes Schiff in deinem Besitz in Zahlung geben und es auf den Markt Schiffe legen"
    m = new(g, blue_ship="on")
    s = changed(m)
    a = s.turn
    assert s.ext["ships"]["boats"]["blue"] == 1 and s.ext["ships"]["boats"]["4"] == 1       # 000:420
    k = [x for x in keys(m) if x.startswith("enter:ships")]
    play(m, k[0])
    assert "boat:buy:blue:left:1:left" in keys(m), "the Blue Ship may take the place the traded-in ship leaves"
    refused(g, m, "boat:buy:blue:left", match="trades in")
    ones = s.ext["ships"]["boats"]["1"]
    play(m, "boat:buy:blue:left:1:left")
    assert yen(s, a) == 0 and s.seats[a]["boats"] == [{"type": "blue", "at": "left", "load": []}]
    assert s.ext["ships"]["boats"]["1"] == ones + 1 and "blue" not in s.ext["ships"]["boats"], "unpaid, onto Ships"
    play(m, "boat:sell:blue:left")
    assert yen(s, a) == 200, "000:446: it sells as the 4-hold ship"


def test_blue_ship_trade_in_goes_to_used_ships_and_is_bought_back_there(g):
    # 000:444 — "(oder, falls er im Spiel ist, stattdessen auf den Markt Gebrauchtschiffe)"; 000:446 — bought
    # back at Used Ships at the 4-hold's price, with another ship traded in onto Used Ships.
    m = new(g, "used_ships", blue_ship="on")
    s = changed(m)
    a = s.turn
    me = s.seats[a]
    me["berths"] = 2
    me["boats"].append({"type": "2", "at": "middle", "load": []})
    s.ext["ships"]["boats"]["2"] -= 1
    s.treasury.balances[f"seat{a}"] += 1000
    s.treasury.balances["supply"] -= 1000
    play(m, "enter:ships:1", "boat:buy:blue:left:1:left")
    assert s.ext["used_ships"]["boats"] == {"1": 1}
    assert yen(s, a) == 1000
    play(m, "leave", "enter:used_ships:1", "boat:sell:blue:left")
    assert yen(s, a) == 1800 and s.ext["used_ships"]["boats"] == {"1": 1, "blue": 1}
    assert not any(x.startswith("boat:buy:blue:left:blue") for x in keys(m))
    play(m, "boat:buy:blue:left:2:middle")
    assert yen(s, a) == 600, "the 4-hold's ¥1,200"
    assert [b["type"] for b in me["boats"]] == ["blue"] and s.ext["used_ships"]["boats"] == {"1": 1, "2": 1}
    refused(g, m, "boat:buy:blue:middle:blue:left")


def test_four_hold_barges_replace_the_six_hold_barge(g):
    # 000:421, 000:440 — "denselben Wert (d. h. ¥1.000 beim Kauf am Markt Schiffe sowie ¥400 beim Verkauf an den
    # und ¥600 beim Kauf am Markt Gebrauchtschiffe). Es ist erlaubt, dass ein Spieler beide 4-Laderaum-Lastkähne besitzt."
    m = new(g, "used_ships", barges="two_four")
    s = changed(m)
    a = s.turn
    me = s.seats[a]
    offer = s.ext["ships"]["boats"]
    assert offer.get("barge4") == 2 and "barge" not in offer
    me["berths"] = 3
    s.treasury.balances[f"seat{a}"] += 1000
    s.treasury.balances["supply"] -= 1000
    play(m, "enter:ships:1")
    assert "boat:buy:barge4:middle" not in keys(m), "only the right berth takes a barge"
    play(m, "boat:buy:barge4:right")
    assert yen(s, a) == 2000
    refused(g, m, "boat:buy:barge4:right", match="no free place")
    me["boats"][-1]["at"] = "sea"
    changed(m)
    play(m, "boat:buy:barge4:right", "leave")
    assert [b["type"] for b in me["boats"]] == ["1", "barge4", "barge4"] and "barge4" not in offer
    assert yen(s, a) == 1000
    us, sh = g.rules.m["used_ships"], g.rules.m["ships"]
    assert (sh.buy_price("barge4"), sh.sell_price("barge4"), us.sell_price("barge4"), us.buy_price("barge4")) == \
        (1000, 100, 400, 600)
    play(m, "enter:used_ships:1", "boat:sell:barge4:right")
    assert yen(s, a) == 1400 and s.ext["used_ships"]["boats"] == {"barge4": 1}


# ==== the markets' pieces ========================================================================

def test_expansion_markets_validate_their_pieces(g):
    m = new(g, "influence", "ship_rental", "sushi_shop", "foreign_market", "overfishing", "new_aquarium", "aquarium")
    s = m.state
    for e in ("influence", "ship_rental", "sushi_shop", "foreign_market", "overfishing", "new_aquarium", "aquarium"):
        assert g.rules.m[e].validate(s.ext[e], 3) == s.ext[e], e
    assert s.ext["influence"] == {"buyers": 2, "expansions": 2}                      # 000:400, 000:425
    assert s.ext["ship_rental"] == {"markers": 6}                                    # 000:400, 000:426
    with pytest.raises(ValueError):
        g.rules.m["influence"].validate({"buyers": 3, "expansions": 0}, 3)
    with pytest.raises(ValueError):
        g.rules.m["ship_rental"].validate({"markers": 7}, 3)
    with pytest.raises(ValueError, match="different shapes"):
        g.rules.m["sushi_shop"].validate({"spaces": [{"mackerel": 1, "horse_mackerel": 1}] + [{}] * 9}, 3)
    with pytest.raises(ValueError):
        g.rules.m["new_aquarium"].validate({"spaces": {"mackerel": {"mackerel": 1}}}, 3)
    c = {}
    for e in ("influence", "ship_rental"):
        g.rules.m[e].count_pieces(s.ext[e], c)
    assert c == {"buyers": 2, "expansion_markers": 2, "ship_rental_markers": 6}


def test_aquarium_explains_a_token_without_a_space(g):
    # 000:305 — tokens sell to their own space; takoyaki has none.
    m = new(g, "aquarium", "octopus")
    s = changed(m)
    a = s.turn
    s.seats[a]["tokens"] = {"takoyaki": 1, "octopus": 1}
    s.fish["octopus"]["tokens"] -= 1
    s.fish["octopus"]["takoyaki"] -= 1
    play(m, "enter:aquarium:1")
    refused(g, m, "aquarium:takoyaki", match="no space")
    refused(g, m, "aquarium:eel", match="no eel token")
