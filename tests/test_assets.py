"""Assets: every value says where it comes from, and a user's file overrides it."""

import re
from importlib import resources

import pytest

from core import assets
from core.errors import AssetError

SOURCE = re.compile(r"^(text \d{3}:\d+|reconstructed)")


def test_every_chocolate_milk_number_has_a_source():
    data = assets.load("chocolate_milk.toml", use_override=False)
    sources = data.pop("sources")
    assert set(sources) == set(data)
    for key, src in sources.items():
        assert SOURCE.match(src), f"{key}: {src!r}"


def test_text_values_are_kept_exact():
    data = assets.load("chocolate_milk.toml", use_override=False)
    # 004:249, 004:253, 004:259, 004:265, 004:267
    assert (data["start_yen"], data["drink_price"], data["card_raise"], data["crate_price"],
            data["end_yen"], data["end_same"], data["score_unit"]) == (500, 100, 100, 200, 2000, 6, 100)
    assert data["sources"]["crates_per_box"].startswith("reconstructed")


def test_every_drink_card_has_a_source_and_the_text_positions_hold():
    data = assets.load("drinks.toml", use_override=False)
    for row in data["colours"] + data["shapes"]:
        assert "text" in row["source"] or "reconstructed" in row["source"]
    colours = {c["id"]: c["position"] for c in data["colours"]}
    shapes = {s["id"]: s["position"] for s in data["shapes"]}
    assert colours["black"] == 3                        # 004:263
    assert shapes["short-can"] == 6 and shapes["tallest-bottle"] == 1   # 004:263
    assert len({c["letter"] for c in data["colours"]}) == 6


def test_shipped_assets_are_package_data():
    names = {p.name for p in resources.files("assets").iterdir()}
    assert {"drinks.toml", "chocolate_milk.toml"} <= names


def test_user_override_changes_a_value_without_code(tmp_path, monkeypatch):
    (tmp_path / "chocolate_milk.toml").write_text("start_yen = 700\n")
    monkeypatch.setenv("TOKYO_ASSETS", str(tmp_path))
    data = assets.load("chocolate_milk.toml")
    assert data["start_yen"] == 700 and data["crate_price"] == 200
    from core import games
    games.load.cache_clear()
    try:
        m = games.load("chocolate_milk").new(2, seed=1)
        assert m.view(None)["yen"] == [700, 700]
    finally:
        games.load.cache_clear()


def test_broken_override_is_a_clear_error(tmp_path, monkeypatch):
    (tmp_path / "drinks.toml").write_text("colours = [\n")
    monkeypatch.setenv("TOKYO_ASSETS", str(tmp_path))
    with pytest.raises(AssetError, match="not valid TOML"):
        assets.load("drinks.toml")
