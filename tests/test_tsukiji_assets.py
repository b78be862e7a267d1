"""Tsukiji assets: one file per market tableau, every value with its source, text values exact."""

import re

import pytest

from core import assets
from games.tsukiji.data import (ASSET_FILES, BASE_FISH, EXPANSION_FISH, EXTERNAL, FISH, Data,
                                count)


SOURCE = re.compile(r"^(text \d{3}:\d+|reconstructed)")


def load_all():
    return {name: assets.load(name, use_override=False) for name in ASSET_FILES}


@pytest.mark.parametrize("name", ASSET_FILES)
def test_every_value_names_its_source(name):
    data = assets.load(name, use_override=False)
    sources = data.pop("sources")
    assert set(sources) == set(data), f"{name}: keys without a source: {set(data) ^ set(sources)}"
    for key, src in sources.items():
        assert SOURCE.match(src), f"{name} {key}: {src!r}"


def test_one_file_per_market_tableau():
    assert {n.split("/")[1][:-5] for n in ASSET_FILES} == set(FISH + EXTERNAL) | {"components", "harbour",
                                                                                   "expansion"}


def test_text_values_are_kept_exact():
    a = load_all()
    m = {k.split("/")[1][:-5]: v for k, v in a.items()}
    # licence prices 000:205, 218, 227, 236, 246, 257, 270, 277, 290
    assert {f: m[f]["licence_price"] for f in BASE_FISH} == {
        "mackerel": 100, "eel": 500, "fugu": 0, "octopus": 300, "red_snapper": 300, "salmon": 400,
        "king_crab": 800, "squid": 300, "tuna": 1000}
    assert m["mackerel"]["licences_per_visit"] == 1 and (m["mackerel"]["sell_yen"], m["mackerel"]["sell_per"]) == (100, 2)
    assert (m["eel"]["value_start"], m["eel"]["value_min"], m["eel"]["value_max"],
            m["eel"]["value_rise_per_barrel"], m["eel"]["value_drop_per_token"]) == (1, 1, 13, 1, 2)
    assert (m["octopus"]["takoyaki_per_octopus"], m["octopus"]["token_value"], m["octopus"]["takoyaki_value"]) == (3, 3, 5)
    assert (m["red_snapper"]["tokens_per_value"], m["red_snapper"]["overfished_value"]) == (3, 2)
    assert (m["salmon"]["per_boat"], m["salmon"]["spoiled_value"]) == (1, 4)
    assert (m["king_crab"]["barrels_per_auction"], m["king_crab"]["sell_bonus"]) == (2, 400)
    assert sorted(int(v) for v in m["king_crab"]["token_values"]) == [4, 6, 8]
    assert (m["squid"]["sell_yen"], m["squid"]["token_value"]) == (600, 0)
    assert m["tuna"]["barrels_per_auction"] == 3 and sorted(int(v) for v in m["tuna"]["token_values"]) == [15, 20, 25]
    assert (m["bank"]["loan_yen"], m["bank"]["interest"], m["bank"]["share_price"], m["bank"]["round_to"]) == (500, 500, 300, 100)
    assert (m["bank"]["loans"], m["bank"]["shares"]) == (3, 2)
    assert (m["rental"]["price"], m["rental"]["uses"], m["rental"]["coolboxes"], m["rental"]["carts"]) == (200, 2, 2, 2)
    assert (m["ships"]["hold_price"], m["ships"]["barge_price"], m["ships"]["resale_percent"]) == (500, 1000, 10)
    assert (m["used_ships"]["sell_hold"], m["used_ships"]["sell_barge"], m["used_ships"]["buy_hold"],
            m["used_ships"]["buy_barge"]) == (200, 400, 300, 600)
    assert m["auction"]["min_players"] == 3
    assert [s["capacity"] for s in m["government"]["spaces"]] == [3, 10]                 # 000:327
    assert m["harbour"]["columns"][2] == 300 and m["harbour"]["berth_cost"] == 500     # 000:157, 000:109
    c = m["components"]
    assert (c["start_yen"], c["action_points"], c["max_licences"], c["end_yen"], c["end_resources"]) == (2000, 2, 4, 5000, 50)
    assert (c["bonus_most"], c["penalty_least"], c["bonus_tied_most"], c["penalty_tied_least"]) == (1000, 500, 500, 300)
    assert (c["licence_income"], c["unload_yen"], c["unload_per"], c["resource_yen"]) == (100, 100, 2, 100)
    assert c["boats"] == {"1": 6, "2": 4, "3": 3, "4": 1, "barge": 1}
    assert c["extra_fish_markets"] == {"2": 3, "3": 4, "4": 4, "5": 5, "6": 5}
    assert c["extra_external_markets"] == {"2": 2, "3": 2, "4": 3, "5": 3, "6": 4}


def test_the_three_player_example_counts_hold():
    # 000:72-80
    m = {k.split("/")[1][:-5]: v for k, v in load_all().items()}
    got = {f: (count(m[f]["barrels"], 3), count(m[f].get("tokens", m[f]["pieces"]["tokens"]), 3),
               count(m[f]["licences"], 3)) for f in ("mackerel", "eel", "fugu", "salmon", "tuna")}
    assert got == {"mackerel": (15, 30, 3), "eel": (6, 13, 3), "fugu": (3, 7, 1), "salmon": (4, 10, 4),
                   "tuna": (6, 5, 3)}


def test_reconstructed_values_are_marked():
    a = load_all()
    for name, key in [("tsukiji/eel.toml", "entry"), ("tsukiji/aquarium.toml", "spaces"),
                      ("tsukiji/auction.toml", "spaces"), ("tsukiji/trade.toml", "spaces"),
                      ("tsukiji/harbour.toml", "columns"), ("tsukiji/government.toml", "spaces"),
                      ("tsukiji/ships.toml", "offer"), ("tsukiji/octopus.toml", "tokens")]:
        assert "reconstructed" in a[name]["sources"][key], (name, key)


def test_pieces_add_up_to_the_box():
    # 000:9-11 — 63 barrels, 119 fish tokens, 33 licences; the expansion's 36, 65 and 23 (000:396-399).
    d = Data(load_all())
    for pool, want in ((BASE_FISH, (63, 119, 33)), (EXPANSION_FISH, (36, 65, 23))):
        pieces = [d.pieces[f] for f in pool]
        assert (sum(p["barrels"] for p in pieces), sum(p["tokens"] + p.get("takoyaki", 0) for p in pieces),
                sum(p["licences"] for p in pieces)) == want
    assert d.pieces["mackerel"]["licences"] == 8                                          # 000:39
    bad = load_all()
    bad["tsukiji/squid.toml"] = dict(bad["tsukiji/squid.toml"], pieces={"barrels": 9, "tokens": 10, "licences": 4})
    with pytest.raises(ValueError, match="63"):
        Data(bad)
    bad = load_all()
    bad["tsukiji/nori.toml"] = dict(bad["tsukiji/nori.toml"], pieces={"barrels": 7, "tokens": 6, "licences": 3})
    with pytest.raises(ValueError, match="36"):
        Data(bad)


@pytest.mark.parametrize("spec,players,value", [(6, 4, 6), ("P", 5, 5), ("P+12", 3, 15), ("P-1", 2, 1),
                                                 ("2P-1", 3, 5), ("P-1", 0, 0)])
def test_counts_by_player_count(spec, players, value):
    assert count(spec, players) == value


def test_bad_counts_are_refused():
    for spec in ("Q", "P*2", "", "12+", True):
        with pytest.raises(ValueError):
            count(spec, 3)


def test_user_override_changes_a_market_without_code(tmp_path, monkeypatch):
    (tmp_path / "tsukiji").mkdir()
    (tmp_path / "tsukiji" / "eel.toml").write_text("licence_price = 600\n")
    monkeypatch.setenv("TOKYO_ASSETS", str(tmp_path))
    data = assets.load("tsukiji/eel.toml")
    assert data["licence_price"] == 600 and data["value_max"] == 13
    from core import games
    from games.tsukiji.rules import Tsukiji
    info = games.GameInfo.from_data("tsukiji", {"title": "T", "min_players": 2, "max_players": 6, "summary": "s"})
    rules = Tsukiji(info, {n: assets.load(n) for n in Tsukiji.assets})
    assert rules.m["eel"].licence_price == 600
