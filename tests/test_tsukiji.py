"""Tokyo Tsukiji Market, rule by rule, with every worked example of 000:1-372.

Lines are cited as 000:NNN (000_e98393ccc20da7fd.txt); the tests never read that file.
"""

from __future__ import annotations

import pytest

from core.errors import IllegalMove, ScenarioError

RULES = "000_e98393ccc20da7fd.txt"


# ---- loading the plugin before it is registered ----------------------------------------------
# The lead switches this to core.games.load("tsukiji") once the entry point is registered.

@pytest.fixture(scope="module")
def tsukiji():
    from importlib.metadata import EntryPoint

    from core import games
    registered = "tsukiji" in games._entry_points()
    if registered:
        yield games.load("tsukiji")
        return
    mp = pytest.MonkeyPatch()
    original = games._entry_points

    def with_tsukiji():
        eps = dict(original())
        eps["tsukiji"] = EntryPoint("tsukiji", "games.tsukiji.rules:Tsukiji", games.GROUP)
        return eps

    mp.setattr(games, "_entry_points", with_tsukiji)
    games.load.cache_clear()
    try:
        yield games.load("tsukiji")
    finally:
        mp.undo()
        games.load.cache_clear()


ALL_OUT = {m: "out" for m in ("eel", "fugu", "octopus", "red_snapper", "salmon", "king_crab", "squid", "tuna",
                              "aquarium", "auction", "bank", "barter", "government", "rental", "trade", "used_ships")}


def seat(**over):
    """A player as set up (000:62): one mackerel licence, a 1-hold ship at the left berth."""
    d = {"licences": {"mackerel": 1}, "boats": [{"type": "1", "at": "left", "load": []}]}
    d.update(over)
    return d


def position(players=3, fish=("mackerel",), external=("ships",), seats=None, yen=None, options=None, **over):
    """A readable position: the named markets set up as at the start, players as set up."""
    data = {
        "players": players,
        "options": dict(options or {}),
        "markets": {"fish": {f: "setup" for f in fish}, "external": {e: "setup" for e in external}},
        "seats": seats if seats is not None else [seat() for _ in range(players)],
        "yen": yen if yen is not None else [2000] * players,
        "turn": 0,
    }
    data.update(over)
    return data


def keys(m, seat_=None):
    s = m.to_act()[0] if seat_ is None else seat_
    return [a.key for a in m.legal(s)]


def play(m, *moves):
    """Play keys for whoever is to act (the first waiting seat); the events they made."""
    events = []
    for k in moves:
        events += m.play(m.to_act()[0], k)
    return events


# ==== set-up (000:15-86) ==========================================================================

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

def crab_position(load, bag=None, **over):
    boats = [{"type": "barge", "at": "sea", "load": load}, {"type": "1", "at": "left", "load": []}]
    data = position(fish=("mackerel", "king_crab", "tuna"), seats=[seat(boats=boats, berths=3), seat(), seat()], **over)
    if bag is not None:
        data["bag"] = bag
    return data


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

def test_overfishing_boxes_barrels_and_draws_a_new_market(tsukiji):
    # 000:353-355 — the last barrel caught: the rest is boxed, a new fish market is drawn and set up;
    # licence income is still paid on visits.
    markets = {"fish": {"mackerel": "setup", "squid": {"barrels": 1, "tokens": 10, "licences": 3}},
               "external": {"ships": "setup"}}
    boats = [{"type": "1", "at": "sea", "load": []}]
    m = tsukiji.scenario(position(markets=markets, options=dict(ALL_OUT, eel="auto"),
                                  seats=[seat(boats=boats, licences={"squid": 1}), seat(), seat()]))
    play(m, "fish", "catch:1:squid")
    v = m.view(None)
    assert v["markets"]["fish"]["squid"]["overfished"] is True and v["markets"]["fish"]["squid"]["barrels"] == 0
    assert len(v["markets"]["fish"]) == 3 and v["box_markets"]["fish"] == [
        f for f in ("eel", "fugu", "octopus", "red_snapper", "salmon", "king_crab", "tuna")
        if f not in v["markets"]["fish"]]
    new = next(f for f in v["markets"]["fish"] if f not in ("mackerel", "squid"))
    assert v["markets"]["fish"][new]["licences"] > 0
    play(m, "done", "enter:squid:1")
    assert m.view(None)["yen"][0] == 2100, "licence income from an overfished market"
    play(m, "licence", "leave")
    # The caught barrel stays on the boat; unloaded and bought later, it goes into the box.
    assert m.view(None)["seats"][0]["boats"][0]["load"] == ["squid"]
    m2 = tsukiji.scenario(position(markets={"fish": {"mackerel": "setup", "squid": {
        "barrels": 0, "tokens": 9, "licences": 3, "overfished": True}}, "external": {"ships": "setup"}},
        seats=[seat(), seat(harbour=[["squid", "upper", "c1"]]), seat()]))
    box = m2.state.box["barrels"].get("squid", 0)
    play(m2, "buy", "buy:2:U:c1:squid")
    v = m2.view(None)
    assert v["markets"]["fish"]["squid"]["barrels"] == 0 and m2.state.box["barrels"]["squid"] == box + 1
    assert v["seats"][0]["tokens"] == {"squid": 1}, "a token is still taken while any are left"


def test_overfishing_by_tokens_and_barrels_returned_go_to_the_box(tsukiji):
    # 000:351 / 000:353 — the last token taken also overfishes; later barrels go into the box.
    markets = {"fish": {"mackerel": "setup", "squid": {"barrels": 5, "tokens": 1, "licences": 3}},
               "external": {"ships": "setup"}}
    m = tsukiji.scenario(position(markets=markets, seats=[
        seat(), seat(harbour=[["squid", "upper", "c1"], ["squid", "upper", "c1"]]), seat()]))
    play(m, "buy", "buy:2:U:c1:squid")
    v = m.view(None)
    assert v["markets"]["fish"]["squid"]["overfished"] is True and v["markets"]["fish"]["squid"]["barrels"] == 0
    assert "buy:2:U:c1:squid" not in keys(m), "no token is left to take"


# ==== the end (000:359-372) ============================================================================================

def test_end_trigger_by_yen_unless_alone_with_the_fewest_resources(tsukiji):
    # 000:96 / 000:361 — ¥5,000 at the start of your turn, unless you alone have the fewest resources.
    m = tsukiji.scenario(position(turn=2, yen=[5000, 2000, 2000]))
    play(m, "fish", "done", "fish", "done")
    v = m.view(None)
    assert v["end"]["triggered_by"] == 0, "all tied at 0 resources: not alone with the fewest"
    m = tsukiji.scenario(position(turn=2, yen=[5000, 2000, 2000],
                                  seats=[seat(), seat(tokens={"mackerel": 1}), seat(tokens={"mackerel": 1})]))
    play(m, "fish", "done", "fish", "done")
    assert m.view(None)["end"]["triggered_by"] is None, "alone with the fewest resources"
    m = tsukiji.scenario(position(turn=2, yen=[5000, 2000, 2000],
                                  seats=[seat(), seat(tokens={"mackerel": 1}), seat()]))
    play(m, "fish", "done", "fish", "done")
    assert m.view(None)["end"]["triggered_by"] == 0


def test_end_trigger_by_resources_unless_alone_with_the_least_yen(tsukiji):
    # 000:97 / 000:362
    m = tsukiji.scenario(position(turn=2, yen=[2000, 1000, 2000], fish=("mackerel", "fugu"),
                                  seats=[seat(tokens={"fugu": 7}), seat(), seat()]))
    assert m.view(None)["resources"][0] == 49
    play(m, "fish", "done", "fish", "done")
    assert m.view(None)["end"]["triggered_by"] is None, "49 resources are not enough"
    m = tsukiji.scenario(position(turn=2, yen=[1000, 2000, 2000], fish=("mackerel", "fugu"),
                                  seats=[seat(tokens={"fugu": 7, "mackerel": 1}), seat(), seat()]))
    assert m.view(None)["resources"][0] == 50
    play(m, "fish", "done", "fish", "done")
    assert m.view(None)["end"]["triggered_by"] is None, "50 resources but alone with the least yen"
    m = tsukiji.scenario(position(turn=2, yen=[2000, 1000, 2000], fish=("mackerel", "fugu"),
                                  seats=[seat(tokens={"fugu": 7, "mackerel": 1}), seat(), seat()]))
    play(m, "fish", "done", "fish", "done")
    v = m.view(None)
    assert v["end"]["triggered_by"] == 0 and v["end"]["final_turns_left"] == 3


def test_final_round_then_scoring(tsukiji):
    # 000:99 / 000:364 — the trigger's turn, then one last turn for every other player.
    m = tsukiji.scenario(position(turn=2, yen=[5000, 2000, 2000], seats=[seat(), seat(tokens={"mackerel": 1}), seat()]))
    play(m, "fish", "done", "fish", "done")          # seat 3 ends; seat 1 triggers at the start
    for _ in range(3):
        assert not m.over
        play(m, "fish", "done", "fish", "done")
    assert m.over and m.to_act() == ()
    assert "seat 1 has ¥5,000" in m.result().reason


def test_final_bonuses(tsukiji):
    # 000:368 — most resources +¥1,000, fewest −¥500; tied for most +¥500 each, tied fewest −¥300 each.
    from games.tsukiji.scoring import bonuses
    r = tsukiji.rules
    assert bonuses(r, [10, 5, 1]) == [1000, 0, -500]
    assert bonuses(r, [10, 10, 1]) == [500, 500, -500]
    assert bonuses(r, [10, 1, 1, 4]) == [1000, -300, -300, 0]
    over = dict(phase="over", over=True, end={"triggered_by": 0, "final_turns_left": 0})
    m = tsukiji.scenario(position(yen=[1000, 1000, 1000], seats=[seat(tokens={"mackerel": 10}),
                                                                  seat(tokens={"mackerel": 5}), seat()], **over))
    res = m.result()
    # 000:372 — tokens at ¥100 per resource.
    assert res.final_yen == (1000 + 1000 + 1000, 1000 + 500, 1000 - 500)
    assert res.ranking == ((0,), (1,), (2,))
    assert res.breakdown[0]["resource_bonus"] == 1000 and res.breakdown[0]["tokens_yen"] == 1000


def test_round_limit_is_a_kiosk_rule_option(tsukiji):
    m = tsukiji.scenario(position(options={"round_limit": 30}, turns=30 * 3))
    play(m, "fish", "done", "fish", "done")
    v = m.view(None)
    assert v["end"]["triggered_by"] == 1 and "round limit" in v["end"]["why"]
    m = tsukiji.scenario(position(options={"round_limit": 0}, turns=300))
    play(m, "fish", "done", "fish", "done")
    assert m.view(None)["end"]["triggered_by"] is None


# ==== hidden money, sealed bids, views (000:92, core.bids) ======================================================

def test_hidden_money_shows_only_your_own_yen(tsukiji):
    # 000:92 — with hidden money each player keeps their yen hidden.
    m = tsukiji.new(4, seed=3, options={"money": "hidden"})
    for s_ in range(4):
        v = m.view(s_)
        assert [y is not None for y in v["yen"]] == [i == s_ for i in range(4)]
        assert "supply" not in str(v.get("box", "")) and "box" not in v
    assert m.view(None)["yen"] == [None] * 4
    assert tsukiji.new(4, seed=3).view(1)["yen"] == [2000] * 4


def test_scramble_changes_only_what_a_seat_may_not_know(tsukiji):
    from core.rng import Rng
    rules = tsukiji.rules
    m = tsukiji.scenario(crab_position(["king_crab"] * 2, options={"money": "hidden"}))
    play(m, "fish", "dock:1:right")
    m.play(1, "bid:900")
    for viewer in (0, 1, 2, None):
        shadow = rules.scramble(m.state, viewer, Rng(5), 3, m.options)
        assert rules.view(shadow, viewer) == m.view(viewer)
    shadow = rules.scramble(m.state, 0, Rng(5), 3, m.options)
    assert rules.dump(shadow)["yen"][0] == m.view(0)["yen"][0]
    assert rules.dump(shadow)["yen"][1:] != rules.dump(m.state)["yen"][1:], "others' yen are re-dealt"
    assert rules.conserved(shadow)["yen"] == 0
    assert rules.dump(rules.scramble(m.state, 1, Rng(5), 3, m.options))["bid"]["sealed"]["bids"] == {"1": 900}


def test_sealed_bids_stay_hidden_until_all_are_in(tsukiji):
    m = tsukiji.scenario(position(external=("ships", "barter"), seats=[seat(tokens={"mackerel": 2}), seat(), seat()]))
    play(m, "enter:barter:1", "lot:add:mackerel", "barter:offer")
    m.play(2, "bid:400")
    assert m.view(2)["bid"]["bids"].get("own") == 400
    for viewer in (0, 1, None):
        b = m.view(viewer)["bid"]["bids"]
        assert "own" not in b and "bids" not in b and b["done"] == [2]
    with pytest.raises(IllegalMove, match="not seat"):
        m.play(2, "bid:100")
    m.play(1, "bid:100")
    assert m.view(0)["bid"]["bids"]["bids"] == {"1": 100, "2": 400}


# ==== saves and positions ================================================================================

def test_dump_restore_round_trip_mid_game(tsukiji):
    from core import saves
    from core.bots import make_bot
    from core.rng import Rng
    m = tsukiji.new(6, seed=11, options={"money": "hidden"})
    bot, rng = make_bot(tsukiji), Rng(2)
    for _ in range(600):
        s_ = m.to_act()[0]
        m.play(s_, bot.choose(m.view(s_), m.legal(s_), rng))
    data = m.save()
    assert len(data) <= 32 * 1024, f"a 6-player save is {len(data)} bytes"
    again = saves.load(data)
    assert again.save() == data
    d = tsukiji.rules.dump(m.state)
    assert tsukiji.rules.dump(tsukiji.rules.restore(d, 6, m.options)) == d
    import msgpack
    msgpack.packb(d, use_bin_type=True)


def test_conserved_pieces_are_the_box_contents(tsukiji):
    # 000:5-13 — 63 barrels, 119 tokens, 33 licences, 15 boats, 2 shares, 3 loans, 2 + 2 rentals.
    c = tsukiji.rules.conserved(tsukiji.new(5, seed=4).state)
    assert sum(v for k, v in c.items() if k.startswith("barrels:")) == 63
    assert sum(v for k, v in c.items() if k.startswith("tokens:")) == 119
    assert sum(v for k, v in c.items() if k.startswith("licences:")) == 33
    assert sum(v for k, v in c.items() if k.startswith("boats:")) == 15
    assert (c["shares"], c["loans"], c["coolboxes"], c["carts"], c["yen"]) == (2, 3, 2, 2, 0)


@pytest.mark.parametrize("change,message", [
    ({"yen": [2000, 2000]}, "one yen amount per seat"),
    ({"yen": [2000, -5, 2000]}, "whole number"),
    ({"turn": 3}, "not playing"),
    ({"phase": "dance"}, "phase is one of"),
    ({"markets": {"fish": {"eel": "setup"}, "external": {"ships": "setup"}}}, "always in play"),
    ({"markets": {"fish": {"mackerel": "setup", "whale": {}}, "external": {"ships": "setup"}}}, "not a fish"),
    ({"seats": [seat(boats=[{"type": "7", "at": "left"}]), seat(), seat()]}, "type is one of"),
    ({"seats": [seat(boats=[{"type": "1", "at": "left", "load": ["mackerel"]}]), seat(), seat()]}, "unloaded"),
    ({"seats": [seat(boats=[{"type": "1", "at": "sea", "load": ["mackerel"] * 2}]), seat(), seat()]}, "holds"),
    ({"seats": [seat(boats=[{"type": "2", "at": "sea", "load": ["mackerel", "eel"]}]), seat(), seat()]}, "one kind"),
    ({"seats": [seat(harbour=[["tuna", "upper", "c1"]]), seat(), seat()]}, "never for sale"),
    ({"seats": [seat(harbour=[["mackerel", "middle", "c1"]]), seat(), seat()]}, "harbour item"),
    ({"seats": [seat(licences={"eel": 1}), seat(), seat()]}, "not in play"),
    ({"seats": [seat(loans=1, shares=1), seat(), seat()]}, "nobody has both"),
    ({"seats": [seat(tokens={"mackerel": 40}), seat(), seat()]}, "only 30 tokens of mackerel"),
    ({"phase": "fish", "action": {"kind": "buy"}}, "action of kind"),
    ({"phase": "market"}, "mapping with a 'kind'"),
    ({"phase": "bid", "action": {"kind": "fish"}}, "needs the bid"),
    ({"ap": 0}, "turn is over"),
    ({"end": {"triggered_by": 1, "final_turns_left": 0}}, "final_turns_left"),
    ({"box": {"barrels": {"mackerel": 9}}}, "the game has"),
    ({"seats": [seat(rentals=[["cart", 2]]), seat(), seat()]}, "Rental market is not in play"),
    ({"seats": [seat(shares=1), seat(), seat()]}, "Bank is not in play"),
    ({"seats": [seat(rentals=[["cart", 3]]), seat(), seat()], "markets": {
        "fish": {"mackerel": "setup"}, "external": {"ships": "setup", "rental": "setup"}}}, "uses left"),
])
def test_positions_are_validated(tsukiji, change, message):
    with pytest.raises(ScenarioError, match=message):
        tsukiji.scenario(position(**change))


def test_illegal_keys_name_their_rule_and_change_nothing(tsukiji):
    m = tsukiji.new(3, seed=5)
    before = m.save()
    seat_ = m.to_act()[0]
    for key in ("catch:1:mackerel", "buy:2:U:c1:mackerel", "dump:1:mackerel", "sell:1", "bid:100", "fly"):
        with pytest.raises(IllegalMove) as e:
            m.play(seat_, key)
        assert "Tsukiji" in str(e.value) or "not a legal action" in str(e.value)
    assert m.save() == before


def test_same_seed_same_game(tsukiji):
    from core.rng import Rng

    def run(seed):
        m = tsukiji.new(4, seed=seed)
        rng = Rng(9)
        for _ in range(300):
            if m.over:
                break
            s_ = m.to_act()[rng.below(len(m.to_act()))]
            legal = m.legal(s_)
            m.play(s_, legal[rng.below(len(legal))])
        return m.save()
    assert run(3) == run(3) and run(3) != run(4)


# ==== entry costs (000:173-179) ==========================================================================

def test_entry_cost_options_points_yen_or_tokens(tsukiji):
    # 000:175-179 — action points, tokens back to their tableau or yen to the supply; one option
    # of several. (Which options a tableau prints is reconstructed, see assets/tsukiji/*.toml.)
    m = tsukiji.scenario(position(external=("ships", "bank"), seats=[seat(tokens={"mackerel": 3}), seat(), seat()]))
    k = keys(m)
    assert {"enter:ships:1", "enter:ships:2", "enter:bank:1", "enter:bank:2"} <= set(k)
    tokens_before = m.view(None)["markets"]["fish"]["mackerel"]["tokens"]
    play(m, "enter:ships:2")                                  # 3 mackerel tokens
    v = m.view(None)
    assert v["ap"] == 2 and v["seats"][0]["tokens"] == {} and v["markets"]["fish"]["mackerel"]["tokens"] == tokens_before + 3
    play(m, "boat:sell:1:left", "leave", "enter:bank:2")      # then ¥200 for the Bank
    v = m.view(None)
    assert v["yen"][0] == 2000 + 100 - 200 and v["ap"] == 2


def test_hand_cart_pays_part_of_a_two_point_market(tsukiji):
    # 000:329 — hand-cart points may be combined with ordinary ones to enter a market.
    m = tsukiji.scenario(position(fish=("mackerel", "tuna"), external=("ships", "rental"),
                                  seats=[seat(rentals=[["cart", 2]], licences={"mackerel": 1}), seat(), seat()],
                                  ap=1, acted=True))
    assert "enter:tuna:1" not in keys(m)
    play(m, "cart:2")
    assert "enter:tuna:1" in keys(m)
    play(m, "enter:tuna:1", "licence", "leave")
    assert m.to_act() == (1,), "both points spent: the turn is over"


def test_octopus_entry_with_a_takoyaki_from_your_supply(tsukiji):
    m = tsukiji.scenario(position(fish=("mackerel", "octopus"), seats=[seat(tokens={"takoyaki": 1}), seat(), seat()]))
    play(m, "enter:octopus:2")
    v = m.view(None)
    assert v["ap"] == 2 and v["seats"][0]["tokens"] == {} and v["markets"]["fish"]["octopus"]["takoyaki"] == 15


def test_auction_lot_lies_on_the_rightmost_space_it_reaches(tsukiji):
    # 000:307 — the fee of the rightmost space whose value the lot reaches, paid before bidding.
    auction = tsukiji.rules.m["auction"]
    assert [auction.space_for(v) for v in (0, 4, 5, 9, 10, 19, 20, 29, 30, 99)] == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4]
    m = tsukiji.scenario(position(fish=("mackerel", "squid"), external=("ships", "auction"),
                                  seats=[seat(tokens={"squid": 2}), seat(), seat()]))
    play(m, "enter:auction:1", "lot:add:squid", "lot:add:squid", "auction:offer")
    assert m.view(None)["yen"][0] == 2000, "squid are worth 0: the free space"
    m.play(1, "bid:0")
    m.play(2, "bid:0")
    assert keys(m) == ["winner:2", "winner:3"], "tied highest bids: the active player chooses"
    play(m, "winner:3")
    assert m.view(None)["seats"][2]["tokens"] == {"squid": 2}


def test_used_ships_closed_in_the_triggering_players_own_turn(tsukiji):
    # 000:345 — "sobald das Spielende ausgelöst wurde"
    m = tsukiji.scenario(position(external=("ships", "used_ships"), turn=2, yen=[5000, 2000, 2000],
                                  seats=[seat(), seat(tokens={"mackerel": 1}), seat()]))
    assert any(k.startswith("enter:used_ships") for k in keys(m))
    play(m, "fish", "done", "fish", "done")
    assert m.view(None)["end"]["triggered_by"] == 0
    assert not any(k.startswith("enter:used_ships") for k in keys(m))


def test_hidden_money_announcement_reveals_yen_at_50_resources(tsukiji):
    # 000:366 — with hidden money a seat starting its turn with 50 resources announces it,
    # and everyone must show their yen so that the end check can be made.
    from core.rng import Rng
    m = tsukiji.new(3, seed=5, options={"money": "hidden"})
    rules = tsukiji.rules
    s = m.state
    seat = s.turn
    events = []
    original = rules.resources
    try:
        rules.resources = lambda st, o: 50 if o == seat else original(st, o)
        s.turns -= 1
        rules._begin_turn(s, Rng(1), events)
    finally:
        rules.resources = original
    kinds = [e.kind for e in events]
    assert "announce" in kinds and "reveal" in kinds
    reveal = next(e for e in events if e.kind == "reveal")
    assert reveal.data["yen"] == [2000, 2000, 2000]
    # With open money nothing needs announcing.
    m = tsukiji.new(3, seed=5, options={"money": "open"})
    events = []
    rules._begin_turn(m.state, Rng(1), events)
    assert "announce" not in [e.kind for e in events]
