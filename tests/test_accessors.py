"""A game's position is declared once and read through the game's own accessors.

Every game's rules hand out `table(state)`: what lies where, all of it, as plain data of its
own (the Tabletop Simulator export of a save reads it); Tsukiji adds small named accessors for
its tableaus' printed numbers (`market_name`, `market_info`, `holds`, `column_price`,
`harbour_numbers`, `box_numbers`, `token_kinds`). The games whose position is a plain dict
declare its fields once (`rules.fields`): setup builds exactly them, restore refuses any other.
The kiosk's boards and the TTS layouts read the position only through these: a layout laid out
from a match whose position refuses every other reading gives the same save, and their source
reads none of the rules' internals.
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from core import games, saves
from core.bots import make_bot
from core.rng import Rng
from core.session import Session
from games.tsukiji.data import BOAT_TYPES, EXTERNAL, FISH
from tts.export import build

ROOT = Path(__file__).resolve().parents[1]
SAVES = ROOT / "tests" / "fixtures" / "saves"
GAMES = ("jutaku", "bottle_bonus", "countdown", "izakaya", "shopping_spree", "chocolate_milk", "tsukiji")
#: the games whose position is a plain dict of declared fields
DICT_GAMES = ("jutaku", "bottle_bonus", "countdown", "izakaya", "shopping_spree")


def plain(value, where: str = "table") -> None:
    """Only maps with text keys, lists, text, numbers, true/false and None, all the way down."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return
    if isinstance(value, list):
        for i, v in enumerate(value):
            plain(v, f"{where}[{i}]")
        return
    if isinstance(value, dict):
        for k, v in value.items():
            assert isinstance(k, str), f"{where} has the key {k!r}"
            plain(v, f"{where}[{k!r}]")
        return
    raise AssertionError(f"{where} is a {type(value).__name__}, not plain data")


def emptied(value) -> None:
    """Every list and map inside `value` cleared: a table of its own takes no position with it."""
    if isinstance(value, dict):
        for v in value.values():
            emptied(v)
        value.clear()
    elif isinstance(value, list):
        for v in value:
            emptied(v)
        value.clear()


def played(name: str, players: int, seed: int, moves: int):
    """A match of random computers, `moves` moves in (fewer where it ends first)."""
    game = games.load(name)
    match = game.new(players, seed=seed, options=game.info.settle_options(players, {}))
    session = Session.of_computers(match, [make_bot(game, "random") for _ in range(players)],
                                   [Rng(seed, stream=1000 + s) for s in range(players)])
    for _ in range(moves):
        if match.over or session.computer() is None:
            break
    return match


def positions(name: str) -> list:
    """Matches of `name`: set up, under way, and the fixture saves of the game."""
    out = [played(name, 3, 1, 0), played(name, 4, 2, 40), played(name, 2, 3, 120)]
    out += [saves.load(p.read_bytes()) for p in sorted(SAVES.glob(f"{name}-*.save"))]
    return out


# ---- the table: plain data of its own ------------------------------------------------------------

@pytest.mark.parametrize("name", GAMES)
def test_the_table_is_plain_data_of_its_own(name):
    for match in positions(name):
        rules = match.rules
        before = rules.dump(match.state)
        table = rules.table(match.state)
        plain(table)
        assert table == rules.table(match.state)
        emptied(table)
        assert rules.dump(match.state) == before, "changing the table changed the position"


@pytest.mark.parametrize("name", DICT_GAMES)
def test_the_table_holds_every_declared_field_as_the_position_has_it(name):
    for match in positions(name):
        table = match.rules.table(match.state)
        assert {k: table[k] for k in match.rules.fields} == match.state


def test_the_building_games_tables_say_each_seat_s_yen_and_lot():
    for name in ("jutaku", "bottle_bonus"):
        for match in positions(name):
            rules, s = match.rules, match.state
            table = rules.table(s)
            assert table["yen"] == [rules.yen(s, i) for i in range(s["players"])]
            for i, lot in enumerate(table["lots"]):
                assert (lot is None) == (s["hand"][i] is None)
                if lot is not None:
                    side = rules._side(s, i)
                    assert (lot["floors"], lot["numeral"], lot["pieces"], lot["yen"]) == \
                        (side.floors, side.numeral, side.pieces, side.yen)


def test_izakaya_s_table_says_the_outlines_and_the_scores():
    for match in positions("izakaya"):
        rules, s = match.rules, match.state
        table = rules.table(s)
        k = s["k"]
        assert table["outlines"] == [[[list(o) for o in rules.side(s, r, c).outlines] for c in range(k)]
                                     for r in range(k)]
        assert table["scores"] == rules.scores(s)


def test_shopping_spree_s_table_says_the_next_tuna_s_price():
    for match in positions("shopping_spree"):
        rules, s = match.rules, match.state
        assert rules.table(s)["tuna_price"] == [rules.tuna_price(s, i) for i in range(s["players"])]


def test_chocolate_milk_s_table_says_the_yen_on_seats_and_cards():
    from games.chocolate_milk.rules import FIELDS, State
    assert State.__slots__ == tuple(FIELDS)
    for match in positions("chocolate_milk"):
        rules, s = match.rules, match.state
        table = rules.table(s)
        assert set(FIELDS) - {"treasury"} <= set(table)
        bal = s.treasury.balances
        assert table["yen"] == [bal[f"seat{i}"] for i in range(s.players)]
        assert table["cards"] == [bal[a] for a in rules.attr_accounts]


def test_tsukiji_s_table_says_what_lies_where():
    for match in positions("tsukiji"):
        rules, s = match.rules, match.state
        table = rules.table(s)
        assert table["players"] == s.players and table["seats"] == s.seats
        assert table["fish"] == s.fish and list(table["fish"]) == list(s.fish)
        assert table["ext"] == s.ext and list(table["ext"]) == list(s.ext)
        assert table["yen"] == [s.treasury.balances[f"seat{i}"] for i in range(s.players)]
        assert table["counted"] == rules.conserved(s)
        assert table["pool"] == {"fish": rules.market_pool(s, "fish"), "external": rules.market_pool(s, "external")}
        assert (table["bid"] is None) == (s.bid is None)
        assert table["bid"] is None or "sealed" not in table["bid"], "the sealed bids stay sealed"


# ---- the fields, declared once ---------------------------------------------------------------------

@pytest.mark.parametrize("name", DICT_GAMES)
def test_setup_builds_exactly_the_declared_fields(name):
    game = games.load(name)
    fields = game.rules.fields
    for doc, start in fields.values():
        assert isinstance(doc, str) and doc, "every field says what it holds"
        assert start is None or callable(start)
    lo, hi = game.info.min_players, game.info.max_players
    for players in (lo, hi):
        s = game.rules.setup(players, game.info.settle_options(players, {}), Rng(7))
        assert list(s) == list(fields)


@pytest.mark.parametrize("name", DICT_GAMES)
def test_a_saved_position_has_exactly_the_declared_fields(name):
    match = played(name, 3, 4, 30)
    rules = match.rules
    data = rules.dump(match.state)
    assert rules.restore(data, 3, match.options) == match.state
    with pytest.raises(ValueError):
        rules.restore({**data, "not a field": 1}, 3, match.options)
    with pytest.raises(ValueError):
        rules.restore({k: v for k, v in data.items() if k != "round"}, 3, match.options)


def test_bottle_bonus_adds_its_drinks_fields_to_the_lot_rounds():
    from games.bottle_bonus.rules import DRINK_FIELDS
    from games.building.lots import FIELDS
    assert games.load("jutaku").rules.fields == FIELDS
    assert list(games.load("bottle_bonus").rules.fields) == list(FIELDS) + list(DRINK_FIELDS)


# ---- Tsukiji's named accessors ---------------------------------------------------------------------

def test_tsukiji_s_named_accessors_give_plain_data():
    rules = games.load("tsukiji").rules
    for mid in FISH + EXTERNAL:
        name = rules.market_name(mid)
        assert isinstance(name, str) and name
        info = rules.market_info(mid)
        plain(info, mid)
        assert info["id"] == mid and info["name"] == name
        assert info["kind"] == ("fish" if mid in FISH else "external")
        assert info["data"]["name"] == name and isinstance(info["data"]["entry"], list)
        info["data"].clear()
        assert rules.market_info(mid)["data"], "market_info hands out a copy"
    assert rules.market_name("no such market") is None and rules.market_info("no such market") is None
    assert [f for f in FISH if rules.market_info(f)["auctioned"]] == ["king_crab", "tuna", "swordfish"]
    assert [f for f in FISH if rules.market_info(f)["bag"]] == ["king_crab", "tuna", "clams_oysters"]
    for boat in BOAT_TYPES:
        assert isinstance(rules.holds(boat), int) and rules.holds(boat) >= 1
    assert [rules.holds(b) for b in ("1", "2", "3", "4")] == [1, 2, 3, 4]
    harbour = rules.harbour_numbers()
    plain(harbour)
    assert [rules.column_price(f"c{i + 1}") for i in range(len(harbour["columns"]))] == harbour["columns"]
    assert rules.column_price("q1200") == 1200
    for wrong in ("c0", f"c{len(harbour['columns']) + 1}", "q1250", "x3", "", None, 3):
        assert rules.column_price(wrong) is None
    plain(rules.box_numbers())
    kinds = rules.token_kinds()
    plain(kinds)
    assert kinds["takoyaki"] == {"fish": "octopus", "bag": False}
    assert kinds["king_crab_6"]["fish"] == "king_crab" and kinds["clam"] == {"fish": "clams_oysters", "bag": True}


# ---- the boards and the layouts read only these ---------------------------------------------------

class Locked:
    """A position nobody may read but the rules' `table`."""

    __slots__ = ("inner",)

    def __init__(self, inner):
        self.inner = inner

    def __getattr__(self, name):
        raise AssertionError(f"the layout read the position's {name!r}, not the rules' table")

    def __getitem__(self, key):
        raise AssertionError(f"the layout read the position's {key!r}, not the rules' table")


class Sealed:
    """A match whose position only its rules' `table` reads: what a layout is given besides it
    (the game, its rules and log, the seats, the options, who acts) as the match has it."""

    def __init__(self, match):
        self.game, self.rules, self.log = match.game, match.rules, match.log
        self.players, self.options = match.players, match.options
        self.state = Locked(match.state)
        self.waiting = match.to_act()

    def to_act(self):
        return self.waiting


@pytest.mark.parametrize("name", GAMES)
def test_a_layout_reads_the_position_only_through_the_rules_table(name, monkeypatch):
    for match in positions(name)[1:3]:
        rules = match.rules
        want = build(match)
        table = type(rules).table
        monkeypatch.setattr(rules, "table", lambda s, table=table: table(rules, s.inner), raising=False)
        got = build(Sealed(match))
        monkeypatch.undo()
        assert got.save == want.save and got.files == want.files


#: what a board or a layout must not read: the rules' data and markets (Tsukiji's `d`, `m`),
#: the position itself, a rules' private helper, a rules attribute looked for by name
INTERNALS = (r"\brules\.[dm]\b", r"\bR\.[dm]\b", r"\bmatch\.state\b", r"\bs\[\"", r"\bs\['", r"\brules\._\w",
             r"\bR\._\w", r"getattr\([^)]*rules", r"hasattr\([^)]*rules")


def sources():
    for folder in ("kiosk/boards", "tts"):
        yield from sorted((ROOT / folder).rglob("*.py"))


def test_the_boards_and_the_layouts_read_no_internals():
    found = []
    for path in sources():
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for pattern in INTERNALS:
                if re.search(pattern, line):
                    found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    # the one door: tts/layouts/common.py hands the layouts the rules' table of a match
    door = "tts/layouts/common.py"
    assert [f for f in found if not f.startswith(door)] == []
    assert [f.split(": ", 1)[1] for f in found if f.startswith(door)] == ["return match.rules.table(match.state)"]


def test_a_building_picture_is_drawn_by_the_round_kind_its_rules_declare():
    from kiosk.practice import bench
    for function in (bench.lot_in, bench.seat_building):
        assert inspect.signature(function).parameters["kind"].default is inspect.Parameter.empty
    for path in [*(ROOT / "kiosk").rglob("*.py"), *(ROOT / "games").rglob("*.py"), *(ROOT / "tts").rglob("*.py")]:
        assert '"card_mm" in' not in path.read_text(encoding="utf-8"), path
    for board in ("jutaku", "countdown"):
        text = (ROOT / "kiosk" / "boards" / f"{board}.py").read_text(encoding="utf-8")
        assert "kind=rules.round_kind" in text
