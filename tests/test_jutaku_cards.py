"""The Jutaku lot cards: the shipped asset parses, keeps the text, and bad data is named."""

import copy
import re

import pytest

from core import assets
from games.building.cards import Card, Deck, Side
from physics.building import Lot


@pytest.fixture(scope="module")
def data():
    return assets.load("jutaku_lots.toml", use_override=False)


@pytest.fixture(scope="module")
def deck(data):
    return Deck.from_asset(data)


def _sides(card: Card):
    return (card.front, card.back)


def test_the_shipped_asset_has_32_cards_4_per_district_and_4_roppongi(deck, data):
    # ../shared/seeds/004_2b6c36ff9b44b906.txt:5  "36 - quadratische Grundstückskarten"
    # ../shared/seeds/004_2b6c36ff9b44b906.txt:7  "Die 4 Roppongi-Grundstückskarten sind zusätzliche Karten"
    # ../shared/seeds/004_2b6c36ff9b44b906.txt:21 "Lege die 32 Grundstückskarten zu einem 6x6-Raster aus"
    cards = list(deck.cards.values())
    assert len(cards) == 36
    assert sum(c.roppongi for c in cards) == 4
    assert all(c.district == "Roppongi" for c in cards if c.roppongi)
    assert len(deck.districts()) == 8 and "Roppongi" not in deck.districts()
    for name in deck.districts():
        assert sum(1 for c in cards if c.district == name and not c.roppongi) == 4
    for row in data["cards"]:
        assert re.match(r"^(text 004:\d+|reconstructed)", row["source"]), row["id"]


def test_the_example_card_is_exact(deck):
    # ../shared/seeds/004_2b6c36ff9b44b906.txt:33 "3; die Bauteile müssen 3 Stockwerke hoch gestapelt werden."
    # ../shared/seeds/004_2b6c36ff9b44b906.txt:34 "V///; erfordert insgesamt acht Bauteile. (V=fünf /=eins)"
    # ../shared/seeds/004_2b6c36ff9b44b906.txt:35 "¥14000; Wert bei Fertigstellung."
    exact = [c for c in deck.cards.values()
             if (c.front.floors, c.front.numeral, c.front.yen) == (3, "V///", 14000)]
    assert [c.id for c in exact] == ["shibuya-1"]
    assert exact[0].front.pieces == 8


def test_the_example_card_says_it_is_text(data):
    row = next(r for r in data["cards"] if r["id"] == "shibuya-1")
    assert row["source"].startswith("text 004:33-35")


def test_a_side_is_a_lot_for_the_building_model(deck):
    front = deck.card("shibuya-1").front
    assert isinstance(front, Side)
    assert front.lot() == Lot(front.outlines, 3, "V///")
    assert front.lot().pieces == 8
    with pytest.raises(KeyError, match="no lot card"):
        deck.card("nowhere-1")


def test_the_grid_is_6x6_with_the_centre_4_empty_and_districts_connected(deck):
    # ../shared/seeds/004_2b6c36ff9b44b906.txt:21 "nach ihren Stadtteilen gruppiert ... wo die mittleren 4 Karten liegen würden"
    grid = deck.grid()
    assert len(grid) == 6 and all(len(row) == 6 for row in grid)
    empty = {(r, c) for r in range(6) for c in range(6) if grid[r][c] is None}
    assert empty == {(2, 2), (2, 3), (3, 2), (3, 3)}
    ids = [i for row in grid for i in row if i is not None]
    assert len(ids) == 32 and len(set(ids)) == 32
    for name in deck.districts():
        cells = {(r, c) for r in range(6) for c in range(6)
                 if grid[r][c] and deck.card(grid[r][c]).district == name}
        assert len(cells) == 4
        seen, todo = set(), [min(cells)]
        while todo:
            r, c = todo.pop()
            if (r, c) in cells and (r, c) not in seen:
                seen.add((r, c))
                todo += [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]
        assert seen == cells, name


def test_cards_fill_their_district_in_id_order(deck):
    grid = deck.grid()
    for name in deck.districts():
        placed = [i for row in grid for i in row if i and deck.card(i).district == name]
        assert placed == sorted(placed)


def test_roppongi_replaces_a_district(deck):
    # ../shared/seeds/004_2b6c36ff9b44b906.txt:7 "... die jeden anderen Stadtteil ersetzen können"
    before, after = deck.grid(), deck.grid(replace="Ginza")
    for r in range(6):
        for c in range(6):
            was = before[r][c]
            if was and deck.card(was).district == "Ginza":
                assert deck.card(after[r][c]).roppongi
            else:
                assert after[r][c] == was
    assert sorted(i for row in after for i in row if i and deck.card(i).roppongi) == \
        sorted(c.id for c in deck.cards.values() if c.roppongi)
    with pytest.raises(ValueError, match="Atlantis"):
        deck.grid(replace="Atlantis")
    with pytest.raises(ValueError, match="Roppongi"):
        deck.grid(replace="Roppongi")


def test_every_side_is_feasible_and_the_back_is_harder(deck):
    # ../shared/seeds/004_2b6c36ff9b44b906.txt:97  "Verwende die schwierigere weiße Seite."
    # ../shared/seeds/004_2b6c36ff9b44b906.txt:103 "mit der einfachen blauen Seite nach oben"
    for card in deck.cards.values():
        for side in _sides(card):
            assert side.pieces >= side.floors, card.id
            assert 3 <= side.pieces <= 12, card.id
            assert max(right - left for left, right in side.outlines) >= 40, card.id
            assert all(0 <= l < r <= 88 for l, r in side.outlines), card.id
            assert side.yen % 1000 == 0 and side.yen > 0, card.id
        assert 1 <= card.front.floors <= 4 and 1 <= card.back.floors <= 5, card.id
        assert card.back.yen > card.front.yen, card.id


def test_the_reconstructed_yen_follow_the_rule_in_the_header(deck):
    # The header's rule; it must reproduce the exact card (004:33-35).
    def rule(side):
        tight = max(right - left for left, right in side.outlines) < 60
        return 1000 * (side.pieces + 2 * side.floors + tight)
    for card in deck.cards.values():
        for side in _sides(card):
            assert side.yen == rule(side), card.id


def _broken(data, change):
    bad = copy.deepcopy(data)
    change(bad)
    return bad


def _card(bad, card_id):
    return next(r for r in bad["cards"] if r["id"] == card_id)


@pytest.mark.parametrize("change, message", [
    (lambda d: _card(d, "ginza-2").update(numeral="8"), r"'ginza-2'.*numeral '8'"),
    (lambda d: _card(d, "ginza-2")["back"].update(numeral="VQ"), r"'ginza-2'.*back\.numeral"),
    (lambda d: _card(d, "ueno-3").update(outlines=[[10, 95]]), r"'ueno-3'.*outlines"),
    (lambda d: _card(d, "ueno-3").update(outlines=[[50, 20]]), r"'ueno-3'.*outlines"),
    (lambda d: _card(d, "ueno-3")["back"].update(outlines=[[-5, 60]]), r"'ueno-3'.*back\.outlines"),
    (lambda d: _card(d, "ueno-3").update(outlines=[[0, 60], [0, 60]]), r"'ueno-3'.*outlines"),
    (lambda d: _card(d, "asakusa-1").update(floors=0), r"'asakusa-1'.*floors"),
    (lambda d: _card(d, "asakusa-1").update(floors=9), r"'asakusa-1'.*9 floors"),
    (lambda d: _card(d, "asakusa-1")["back"].pop("yen"), r"'asakusa-1'.*back\.yen is missing"),
    (lambda d: _card(d, "asakusa-1").pop("back"), r"'asakusa-1'.*must be a table"),
    (lambda d: _card(d, "shinjuku-2").update(district="Nerima"), r"'shinjuku-2'.*'Nerima'"),
    (lambda d: _card(d, "shinjuku-2").update(id="shinjuku-1"), r"'shinjuku-1'.*twice"),
    (lambda d: _card(d, "roppongi-1").update(roppongi=False), r"'Roppongi' is not in the layout"),
    (lambda d: d["cards"].pop(), r"3 Roppongi cards"),
    (lambda d: d["layout"][0].__setitem__(0, "Nerima"), r"layout.*'Nerima'"),
    (lambda d: d["layout"][2].__setitem__(2, "Ueno"), r"layout: row 2 column 2"),
    (lambda d: d["layout"].pop(), r"layout: must be 6 rows"),
])
def test_bad_data_is_a_clear_error_naming_the_card(data, change, message):
    with pytest.raises(ValueError, match=message):
        Deck.from_asset(_broken(data, change))


def test_a_district_split_in_two_is_refused(data):
    def swap(d):   # Ikebukuro (0,1) and Ueno (0,2) change places: both groups break apart
        d["layout"][0][1], d["layout"][0][2] = d["layout"][0][2], d["layout"][0][1]
    with pytest.raises(ValueError, match="connected"):
        Deck.from_asset(_broken(data, swap))


def test_a_district_with_five_cards_is_refused(data):
    def five(d):
        _card(d, "ginza-1")["district"] = "Ueno"
    with pytest.raises(ValueError, match=r"'(Ueno|Ginza)' has (5|3) cards"):
        Deck.from_asset(_broken(data, five))


def test_a_user_layout_override_is_read_through_core_assets(tmp_path, monkeypatch, data):
    # Lists replace as a whole (core/assets.py): a `layout` alone is a whole new layout.
    rows = [list(r) for r in data["layout"]]
    rows[0], rows[1], rows[4], rows[5] = rows[4], rows[5], rows[0], rows[1]
    text = "layout = [\n" + "".join(
        "  [" + ", ".join(f'"{n}"' for n in r) + "],\n" for r in rows) + "]\n"
    (tmp_path / "jutaku_lots.toml").write_text(text, encoding="utf-8")
    monkeypatch.setenv("TOKYO_ASSETS", str(tmp_path))
    deck = Deck.from_asset(assets.load("jutaku_lots.toml"))
    assert deck.districts()[0] == "Harajuku" and len(deck.cards) == 36
    assert deck.card(deck.grid()[0][0]).district == "Harajuku"
