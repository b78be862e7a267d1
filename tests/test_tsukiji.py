"""Tokyo Tsukiji Market, rule by rule (set-up, the turn, fishing and licences), with every
worked example of 000:1-372; the markets are in test_tsukiji_markets.py, the end and the
secrets in test_tsukiji_end.py.

Lines are cited as 000:NNN (000_e98393ccc20da7fd.txt); the tests never read that file.
"""
from __future__ import annotations

import pytest

from core.errors import IllegalMove, ScenarioError  # noqa: F401
from tests.tsukiji_support import ALL_OUT, RULES, keys, play, position, seat, tsukiji  # noqa: F401


def test_three_player_setup_example(tsukiji):
    # 000:66-86 — "Beispielaufbau für ein Spiel zu dritt": Mackerel, Eel, Fugu, Salmon, Tuna;
    # Ships, Rental, Trade.
    opts = dict(ALL_OUT, eel="in", fugu="in", salmon="in", tuna="in", rental="in", trade="in")
    m = tsukiji.new(3, seed=7, options=opts)
    v = m.view(None)
    fish, ext = v["markets"]["fish"], v["markets"]["external"]
    assert list(fish) == ["mackerel", "eel", "fugu", "salmon", "tuna"]          # 000:70
    assert list(ext) == ["rental", "ships", "trade"]
    # 000:72 Makrele: 15 Fässer / 30 Makrelenmarker / 3 Fischereilizenzen
    assert (fish["mackerel"]["barrels"], fish["mackerel"]["tokens"], fish["mackerel"]["licences"]) == (15, 30, 3)
    # 000:74 Aal: 6 Fässer / 13 Aalmarker / 3 Fischereilizenzen / 1 Wertanzeiger auf dem Feld 1
    assert (fish["eel"]["barrels"], fish["eel"]["tokens"], fish["eel"]["licences"], fish["eel"]["value"]) == (6, 13, 3, 1)
    # 000:76 Fugu: 3 Fässer / 7 Fugu-Marker / 1 Fischereilizenz
    assert (fish["fugu"]["barrels"], fish["fugu"]["tokens"], fish["fugu"]["licences"]) == (3, 7, 1)
    # 000:78 Lachs: 4 Fässer / 10 Lachsmarker / 4 Fischereilizenzen
    assert (fish["salmon"]["barrels"], fish["salmon"]["tokens"], fish["salmon"]["licences"]) == (4, 10, 4)
    # 000:80 Thunfisch: 6 Fässer / 5 Thunfischmarker (im Auktionsbeutel) / 3 Fischereilizenzen
    assert (fish["tuna"]["barrels"], fish["tuna"]["licences"], fish["tuna"]["tokens_in_bag"]) == (6, 3, 5)
    assert "tokens" not in fish["tuna"] and sum(v["bag"]["tuna"].values()) == 5
    # 000:82 Schiffe: 1 / 3 / 2 / 1 / 1 Lastkahn
    assert ext["ships"]["boats"] == {"1": 1, "2": 3, "3": 2, "4": 1, "barge": 1}
    # 000:84 Verleih: 2 Kühlboxen / 2 Handkarren; 000:86 Handel: entfällt (nothing on it)
    assert ext["rental"] == {"coolboxes": 2, "carts": 2}
    assert ext["trade"] == {"spaces": [{}, {}, {}, {}], "traded": False}
    # 000:68 — ¥2,000, a mackerel licence, both right berths covered, a 1-hold ship at the open berth.
    assert v["yen"] == [2000, 2000, 2000]
    for st in v["seats"]:
        assert st["licences"] == {"mackerel": 1}
        assert st["berths"] == 1
        assert st["boats"] == [{"type": "1", "at": "left", "load": []}]
        assert st["tokens"] == {} and st["harbour"] == []


@pytest.mark.parametrize("players,expected", [
    # 000:47-53 — Typ; 2 Spieler; 3; 4; 5; 6
    (2, {"1": 1, "2": 2, "3": 1, "4": 1, "barge": 1}),
    (3, {"1": 1, "2": 3, "3": 2, "4": 1, "barge": 1}),
    (4, {"1": 1, "2": 4, "3": 3, "4": 1, "barge": 1}),
    (5, {"1": 1, "2": 4, "3": 3, "4": 1, "barge": 1}),
    (6, {"2": 4, "3": 3, "4": 1, "barge": 1}),
])
def test_ships_table_by_player_count(tsukiji, players, expected):
    m = tsukiji.new(players, seed=3)
    assert m.view(None)["markets"]["external"]["ships"]["boats"] == expected
    assert all(st["boats"] == [{"type": "1", "at": "left", "load": []}] for st in m.view(None)["seats"])


@pytest.mark.parametrize("players,fish,external", [(2, 3, 2), (3, 4, 2), (4, 4, 3), (5, 5, 3), (6, 5, 4)])
def test_market_counts_by_player_count(tsukiji, players, fish, external):
    # 000:25-31 — extra fish markets besides Mackerel, extra external markets besides Ships.
    for seed in range(8):
        v = tsukiji.new(players, seed=seed).view(None)
        assert "mackerel" in v["markets"]["fish"] and "ships" in v["markets"]["external"]   # 000:17
        assert len(v["markets"]["fish"]) == 1 + fish
        assert len(v["markets"]["external"]) == 1 + external
        if players < 3:
            assert "auction" not in v["markets"]["external"]                                  # 000:23


def test_markets_are_drawn_at_random_by_seed(tsukiji):
    draws = {tuple(tsukiji.new(4, seed=s).view(None)["markets"]["fish"]) for s in range(12)}
    assert len(draws) > 3
    assert tsukiji.new(4, seed=5).view(None) == tsukiji.new(4, seed=5).view(None)


def test_newcomer_selection_follows_the_hints(tsukiji):
    # 000:21 King Crab, Eel and Red Snapper are good first fish markets; 000:22 no Tuna for new players.
    for players in (2, 3, 6):
        for seed in range(6):
            v = tsukiji.new(players, seed=seed, options={"selection": "newcomer"}).view(None)
            assert {"king_crab", "eel", "red_snapper"} <= set(v["markets"]["fish"])
            assert "tuna" not in v["markets"]["fish"]


def test_auction_is_refused_under_three_players(tsukiji):
    # 000:23 — "Verwende den Externen Markt Auktion nicht bei weniger als 3 Spielern."
    with pytest.raises(ValueError, match="fewer than 3 players"):
        tsukiji.new(2, seed=1, options={"auction": "in"})
    with pytest.raises(ScenarioError, match="fewer than 3"):
        tsukiji.scenario(position(players=2, external=("ships", "auction")))
    assert "auction" in tsukiji.new(3, seed=1, options={"auction": "in"}).view(None)["markets"]["external"]


def test_forced_out_markets_stay_in_the_box(tsukiji):
    opts = dict(ALL_OUT, squid="auto", eel="auto", fugu="auto")
    v = tsukiji.new(4, seed=2, options=opts).view(None)
    assert set(v["markets"]["fish"]) == {"mackerel", "squid", "eel", "fugu"}   # only 3 left to draw
    assert set(v["box_markets"]["fish"]) == {"octopus", "red_snapper", "salmon", "king_crab", "tuna"}


@pytest.mark.parametrize("players,on_tableau", [(2, 2), (3, 3), (4, 4), (5, 3), (6, 2)])
def test_mackerel_licences_are_set_aside_first(tsukiji, players, on_tableau):
    # 000:39 — P licences set aside for the players first; of 8, only 3 or 2 remain at 5 or 6 players.
    v = tsukiji.new(players, seed=1).view(None)
    assert v["markets"]["fish"]["mackerel"]["licences"] == on_tableau
    assert all(st["licences"] == {"mackerel": 1} for st in v["seats"])


def test_king_crab_and_tuna_tokens_go_into_the_bag(tsukiji):
    # 000:40
    v = tsukiji.new(4, seed=1, options={"king_crab": "in", "tuna": "in"}).view(None)
    assert v["bag"]["king_crab"] == {"king_crab_4": 2, "king_crab_6": 2, "king_crab_8": 2}
    assert v["bag"]["tuna"] == {"tuna_15": 2, "tuna_20": 2, "tuna_25": 1}


def test_octopus_and_red_snapper_setup(tsukiji):
    # 000:42-43 — a red snapper token on every outlined space; octopus with its takoyaki.
    v = tsukiji.new(4, seed=1, options={"octopus": "in", "red_snapper": "in"}).view(None)
    assert v["markets"]["fish"]["red_snapper"]["tokens"] == 15
    assert v["markets"]["fish"]["octopus"]["takoyaki"] == 15
    assert v["token_values"]["red_snapper"] == 5


# ==== the turn (000:94-109) ==========================================================================

def test_two_action_points_must_be_spent_then_the_turn_passes(tsukiji):
    # 000:103 — 2 action points each turn, which must be spent; then the next player.
    m = tsukiji.scenario(position())
    assert m.view(None)["ap"] == 2
    play(m, "fish", "done")
    assert m.view(None)["ap"] == 1 and m.to_act() == (0,)
    play(m, "fish", "done")
    assert m.to_act() == (1,) and m.view(None)["ap"] == 2


def test_a_fishing_action_that_does_nothing_is_legal(tsukiji):
    # 000:153 — a fishing action may only adjust prices (or do nothing): AP can always be spent.
    m = tsukiji.scenario(position(seats=[seat(boats=[], licences={}), seat(), seat()]))
    assert "fish" in keys(m)
    play(m, "fish")
    assert [k for k in keys(m) if k != "berth"] == ["done"]


def test_spoilage_lower_row_back_upper_row_slides_down(tsukiji):
    # 000:105 — lower row back to the markets unpaid, then the upper row slides down, same column.
    harbour = [["mackerel", "lower", "c2"], ["mackerel", "upper", "c3"], ["mackerel", "upper", "q900"]]
    m = tsukiji.scenario(position(turn=2,
                                  seats=[seat(harbour=harbour), seat(), seat()]))
    before = m.view(None)["markets"]["fish"]
    play(m, "fish", "done", "fish", "done")       # seat 3's turn passes; seat 1 starts
    v = m.view(None)
    assert v["turn"] == 0
    assert v["seats"][0]["harbour"] == [["mackerel", "lower", "c3"], ["mackerel", "lower", "q900"]]
    assert v["markets"]["fish"]["mackerel"]["barrels"] == before["mackerel"]["barrels"] + 1
    assert v["yen"][0] == 2000, "spoiled barrels are not paid for"


def test_takoyaki_never_spoil(tsukiji):
    # 000:238
    harbour = [["takoyaki", "upper", "c5"], ["takoyaki", "lower", "c1"]]
    m = tsukiji.scenario(position(fish=("mackerel", "octopus"), turn=2,
                                  seats=[seat(harbour=harbour), seat(), seat()]))
    play(m, "fish", "done", "fish", "done")
    assert m.view(None)["seats"][0]["harbour"] == harbour


def test_dumping_only_at_the_start_of_the_turn(tsukiji):
    # 000:149 / 000:357 — throw barrels back only at the start of your turn, before any action.
    boats = [{"type": "2", "at": "sea", "load": ["mackerel", "mackerel"]}]
    m = tsukiji.scenario(position(seats=[seat(boats=boats), seat(), seat()]))
    assert "dump:1:mackerel" in keys(m)
    barrels = m.view(None)["markets"]["fish"]["mackerel"]["barrels"]
    play(m, "dump:1:mackerel")
    assert m.view(None)["seats"][0]["boats"][0]["load"] == ["mackerel"]
    assert m.view(None)["markets"]["fish"]["mackerel"]["barrels"] == barrels + 1
    play(m, "fish", "done")
    assert "dump:1:mackerel" not in keys(m)
    with pytest.raises(IllegalMove, match="start of your turn") as e:
        m.play(0, "dump:1:mackerel")
    assert "000:149" in str(e.value)


def test_opening_berths_left_to_right_for_500(tsukiji):
    # 000:109 — at any time, ¥500, in order; the right berth takes 2 ships or 1 barge.
    m = tsukiji.scenario(position())
    play(m, "berth")
    v = m.view(None)
    assert v["seats"][0]["berths"] == 2 and v["yen"][0] == 1500
    play(m, "berth")
    assert m.view(None)["seats"][0]["berths"] == 3
    assert "berth" not in keys(m)
    with pytest.raises(IllegalMove, match="all your berths are open"):
        m.play(0, "berth")
    m = tsukiji.scenario(position(yen=[400, 2000, 2000]))
    with pytest.raises(IllegalMove, match="¥500") as e:
        m.play(0, "berth")
    assert "000:109" in str(e.value)


def test_right_berth_holds_two_ships_or_the_barge(tsukiji):
    # 000:109 / 000:136
    boats = [{"type": "1", "at": "left", "load": []}, {"type": "2", "at": "right", "load": []},
             {"type": "3", "at": "sea", "load": []}, {"type": "barge", "at": "sea", "load": []}]
    m = tsukiji.scenario(position(seats=[seat(boats=boats, berths=3), seat(), seat()]))
    play(m, "fish")
    k = keys(m)
    assert "dock:3:right" in k and "dock:3:middle" in k and "dock:3:left" not in k
    assert not any(x.startswith("dock:4:") for x in k), "the barge needs the whole right berth"
    play(m, "dock:3:right")
    assert not any(x.startswith("dock:4:") for x in keys(m))
    with pytest.raises(ScenarioError, match="right berth cannot hold"):
        tsukiji.scenario(position(seats=[seat(boats=[{"type": "barge", "at": "right"}, {"type": "1", "at": "right"}],
                                              berths=3), seat(), seat()]))
    with pytest.raises(ScenarioError, match="still covered"):
        tsukiji.scenario(position(seats=[seat(boats=[{"type": "1", "at": "middle"}]), seat(), seat()]))


# ==== fishing (000:111-157) ===========================================================================

def test_launch_catch_dock_each_boat_once(tsukiji):
    # 000:121-125 — each boat one activity per fishing action.
    m = tsukiji.scenario(position())
    play(m, "fish")
    assert [k for k in keys(m) if not k.startswith(("return", "berth"))] == ["launch:1", "done"]
    play(m, "launch:1")
    assert keys(m)[0] == "done" and not any(k.startswith(("catch", "dock")) for k in keys(m))
    with pytest.raises(IllegalMove, match="one thing per fishing action") as e:
        m.play(0, "catch:1:mackerel")
    assert "000:111-125" in str(e.value)
    play(m, "done", "fish", "catch:1:mackerel")
    assert m.view(None)["seats"][0]["boats"][0]["load"] == ["mackerel"]


def test_mackerel_licence_example(tsukiji):
    # 000:134 — one ship at sea with a mackerel barrel; a second, empty ship may catch mackerel
    # only with 2 licences; 1 licence still lets the first ship catch another barrel.
    boats = [{"type": "2", "at": "sea", "load": ["mackerel"]}, {"type": "1", "at": "sea", "load": []}]
    m = tsukiji.scenario(position(seats=[seat(boats=boats), seat(), seat()]))
    play(m, "fish")
    k = keys(m)
    assert "catch:1:mackerel" in k and "catch:2:mackerel" not in k
    with pytest.raises(IllegalMove, match="empty ship needs more mackerel licences") as e:
        m.play(0, "catch:2:mackerel")
    assert "000:131" in str(e.value)
    m = tsukiji.scenario(position(seats=[seat(boats=boats, licences={"mackerel": 2}), seat(), seat()]))
    play(m, "fish")
    assert {"catch:1:mackerel", "catch:2:mackerel"} <= set(keys(m))
    play(m, "catch:2:mackerel")
    assert "catch:1:mackerel" in keys(m), "the second licence is still unused in this action"
    play(m, "catch:1:mackerel")
    assert m.view(None)["seats"][0]["boats"][0]["load"] == ["mackerel", "mackerel"]


def test_a_licence_catches_once_per_fishing_action(tsukiji):
    # 000:143 — each licence once per fishing action.
    boats = [{"type": "2", "at": "sea", "load": ["mackerel"]}, {"type": "1", "at": "sea", "load": []}]
    m = tsukiji.scenario(position(seats=[seat(boats=[boats[0], {"type": "3", "at": "sea", "load": ["mackerel"]}]),
                                         seat(), seat()]))
    play(m, "fish", "catch:1:mackerel")
    with pytest.raises(IllegalMove, match="once per fishing action") as e:
        m.play(0, "catch:2:mackerel")
    assert "000:140-145" in str(e.value)


def test_partly_loaded_ship_catches_only_its_own_fish(tsukiji):
    # 000:132
    boats = [{"type": "3", "at": "sea", "load": ["mackerel"]}]
    m = tsukiji.scenario(position(fish=("mackerel", "squid"),
                                  seats=[seat(boats=boats, licences={"mackerel": 1, "squid": 1}), seat(), seat()]))
    play(m, "fish")
    assert "catch:1:squid" not in keys(m)
    with pytest.raises(IllegalMove, match="only the fish it already carries"):
        m.play(0, "catch:1:squid")


def test_naomi_example(tsukiji):
    # 000:155-157 — Naomi: her 2-hold ship at sea catches mackerel with her licence, her 1-hold
    # ship launches; next action the 2-hold docks at the open berth, the barrel is priced at
    # ¥300 in the upper row of the third column, and the 1-hold catches mackerel.
    boats = [{"type": "2", "at": "sea", "load": []}, {"type": "1", "at": "left", "load": []}]
    m = tsukiji.scenario(position(seats=[seat(boats=boats), seat(), seat()]))
    play(m, "fish", "catch:1:mackerel", "launch:2", "done")
    v = m.view(None)["seats"][0]
    assert v["boats"] == [{"type": "2", "at": "sea", "load": ["mackerel"]}, {"type": "1", "at": "sea", "load": []}]
    play(m, "fish", "dock:1:left")
    assert keys(m)[:3] == ["price:c1", "price:c2", "price:c3"], "the unloaded barrel is priced at once"
    play(m, "price:c3")
    v = m.view(None)["seats"][0]
    assert v["harbour"] == [["mackerel", "upper", "c3"]]
    assert tsukiji.rules.d.price_of("c3") == 300
    play(m, "catch:2:mackerel", "done")
    v = m.view(None)["seats"][0]
    assert v["boats"][1]["load"] == ["mackerel"] and v["boats"][0] == {"type": "2", "at": "left", "load": []}
    assert m.to_act() == (1,)


def test_unloading_pays_100_per_two_barrels_in_one_fishing_action(tsukiji):
    # 000:136
    boats = [{"type": "3", "at": "sea", "load": ["mackerel"] * 3}]
    m = tsukiji.scenario(position(seats=[seat(boats=boats), seat(), seat()]))
    play(m, "fish", "dock:1:left")
    assert m.view(None)["yen"][0] == 2100
    play(m, "price:c1", "price:c1")
    m.play(0, "price:q", {"yen": 1200})
    assert m.view(None)["seats"][0]["harbour"] == [["mackerel", "upper", "c1"]] * 2 + [["mackerel", "upper", "q1200"]]


def test_free_column_takes_any_multiple_of_100(tsukiji):
    # 000:138 — the ??? column: „ein beliebiges Vielfaches von ¥100“, said by the player: typed, not listed.
    boats = [{"type": "1", "at": "sea", "load": ["mackerel"]}]
    m = tsukiji.scenario(position(seats=[seat(boats=boats), seat(), seat()]))
    play(m, "fish", "dock:1:left")
    k = keys(m)
    assert "price:q" in k and not any(x.startswith("price:q") and x != "price:q" for x in k)
    before = tsukiji.rules.dump(m.state)
    for bad in ({"yen": 150}, {"yen": 0}, {"yen": -100}, {"yen": "700"}, {"yen": 1.5}, {}, [700]):
        with pytest.raises(IllegalMove, match="000:13[68]|data"):
            m.play(0, "price:q", bad)
        assert tsukiji.rules.dump(m.state) == before
    m.play(0, "price:q", {"yen": 123_400})
    assert m.view(None)["seats"][0]["harbour"] == [["mackerel", "upper", "q123400"]]


def test_repricing_during_a_fishing_action_keeps_the_row(tsukiji):
    # 000:151-153 — prices in both rows may change during a fishing action, not the row.
    harbour = [["mackerel", "lower", "c2"], ["mackerel", "upper", "c3"]]
    m = tsukiji.scenario(position(seats=[seat(harbour=harbour), seat(), seat()]))
    play(m, "fish")
    k = keys(m)
    assert "reprice:L:c2:mackerel:c1" in k and "reprice:U:c3:mackerel:q" in k
    m.play(0, "reprice:L:c2:mackerel:q", {"yen": 1500})
    assert m.view(None)["seats"][0]["harbour"][0] == ["mackerel", "lower", "q1500"]
    assert not any(x.startswith("reprice:L:") for x in keys(m)), "one new price per barrel per action"
    play(m, "done", "fish")
    assert "reprice:L:q1500:mackerel:c1" in keys(m), "a new fishing action may change it again"
    before = tsukiji.rules.dump(m.state)
    with pytest.raises(IllegalMove, match="already for sale at ¥1,500") as same:
        m.play(0, "reprice:L:q1500:mackerel:q", {"yen": 1500})
    assert same.value.rule.startswith("Tsukiji, pricing") and tsukiji.rules.dump(m.state) == before


def test_barge_never_catches_but_takes_transfers_at_sea(tsukiji):
    # 000:123 / 000:147 — mixed fish on the barge, one salmon at most, never back to a ship.
    boats = [{"type": "2", "at": "sea", "load": ["mackerel", "mackerel"]},
             {"type": "barge", "at": "sea", "load": ["salmon"]},
             {"type": "1", "at": "sea", "load": ["salmon"]}]
    m = tsukiji.scenario(position(fish=("mackerel", "salmon"), seats=[
        seat(boats=boats, berths=3, licences={"mackerel": 1, "salmon": 1}), seat(), seat()]))
    k = keys(m)
    assert "transfer:1" in k and "transfer:3" not in k, "the barge carries one salmon at most"
    play(m, "transfer:1")
    v = m.view(None)["seats"][0]["boats"]
    assert v[0]["load"] == ["mackerel"] and v[1]["load"] == ["salmon", "mackerel"]
    play(m, "fish")
    assert not any(x.startswith("catch:2") for x in keys(m))
    with pytest.raises(IllegalMove, match="barge never catches"):
        m.play(0, "catch:2:mackerel")
    play(m, "dock:2:right")
    assert m.view(None)["action"]["pending"] == ["salmon", "mackerel"]


def test_salmon_one_per_boat(tsukiji):
    # 000:251
    boats = [{"type": "3", "at": "sea", "load": ["salmon"]}]
    m = tsukiji.scenario(position(fish=("mackerel", "salmon"), seats=[
        seat(boats=boats, licences={"mackerel": 1, "salmon": 2}), seat(), seat()]))
    play(m, "fish")
    assert "catch:1:salmon" not in keys(m)
    with pytest.raises(IllegalMove, match="one salmon") as e:
        m.play(0, "catch:1:salmon")
    assert "000:251" in str(e.value)


def test_licences_at_most_four_and_returned_for_free(tsukiji):
    # 000:145 — at most 4 licences; return one (free, any time) to take another.
    full = seat(licences={"mackerel": 1, "squid": 3})
    m = tsukiji.scenario(position(fish=("mackerel", "squid"), seats=[full, seat(), seat()]))
    play(m, "enter:squid:1")
    assert "licence" not in keys(m)
    with pytest.raises(IllegalMove, match="licence spaces are full") as e:
        m.play(0, "licence")
    assert "000:140-145" in str(e.value)
    play(m, "return:mackerel")
    assert "licence" in keys(m)
    play(m, "licence")
    assert m.view(None)["seats"][0]["licences"] == {"squid": 4}
    with pytest.raises(ScenarioError, match="more than 4"):
        tsukiji.scenario(position(fish=("mackerel", "squid"),
                                  seats=[seat(licences={"mackerel": 1, "squid": 4}), seat(), seat()]))


# ==== buying (000:159-167) ==============================================================================
