"""Games declared, not inferred: each game says what kind of game it is and where its parts
are in its info.toml (core.info: `[kind]`, `[parts]`), registers once (one `tokyo.games`
entry naming its package), and the core refuses rules that disagree with the declaration.
A game from outside this repository registers the same way and brings its board, with its
styles, and its Tabletop Simulator layout."""

from __future__ import annotations

import sys
import textwrap
from dataclasses import replace

import pytest

import physics
from core import entrypoints, games
from core.baseline import RandomBot, play_choice
from core.errors import PluginError
from core.game import DECLARED, GameInfo, Kind, Parts, Rules
from core.rng import Rng

SEVEN = ["bottle_bonus", "chocolate_milk", "countdown", "izakaya", "jutaku", "shopping_spree", "tsukiji"]

#: what each game is, read off its rules (and its rulebook): the declarations must say this
KINDS = {
    "chocolate_milk": dict(players=(2, 8), chance=True),
    "tsukiji": dict(players=(2, 6), secrets=True, sealed=True, chance=True, data=True),
    "jutaku": dict(players=(2, 8), simultaneous=True, chance=True, building=True, data=True, dexterity=True),
    "bottle_bonus": dict(players=(2, 8), simultaneous=True, chance=True, building=True, data=True,
                         dexterity=True),
    "countdown": dict(players=(2, 8), simultaneous=True, building=True, data=True, dexterity=True),
    "izakaya": dict(players=(2, 5), secrets=True, sealed=True, chance=True, building=True, data=True,
                    dexterity=True),
    "shopping_spree": dict(players=(2, 6), chance=True, dexterity=True),
}


# ---- the seven games ------------------------------------------------------------------------

@pytest.mark.parametrize("name", SEVEN)
def test_each_game_declares_its_kind_and_parts_once(name):
    info = games.info(name)
    assert info.kind == Kind(**KINDS[name])
    assert info.kind.said and (info.min_players, info.max_players) == info.kind.players
    parts = info.parts
    assert parts.rules.startswith(f"games.{name}.rules:")
    assert parts.board.startswith("kiosk.boards.") and parts.tts.startswith("tts.layouts.")
    game = games.load(name)                     # the rules agree with the declaration
    assert type(game.rules).__name__ == parts.rules.split(":")[1]


def test_one_entry_point_a_game_naming_its_package():
    found = {e.name: e for e in entrypoints.entry_points(games.GROUP)}
    assert set(SEVEN) <= set(found)
    for name in SEVEN:
        assert (found[name].value, found[name].attr) == (f"games.{name}", None)
    assert not entrypoints.entry_points("tokyo.tts") and not entrypoints.entry_points("tokyo.boards")


@pytest.mark.parametrize("name", SEVEN)
def test_what_a_game_does_in_play_is_what_it_declares(name):
    """Along a few short random games: chance drawn (or a setup that differs by seed) only
    where declared and somewhere where declared; data asked for only where declared; several
    seats at once only in simultaneous phases or sealed rounds; building and dexterity
    games draw on the physics."""
    game = games.load(name)
    kind, rules = game.info.kind, game.rules
    drew, setups = False, set()
    for seed in range(3):
        match = game.new(kind.players[0], seed=seed)
        setups.add(repr(rules.dump(match.state)))
        bot, rng = RandomBot(rules), Rng(seed, stream=77)
        for _ in range(40):
            if match.over:
                break
            waiting = match.to_act()
            assert len(waiting) == 1 or kind.simultaneous or kind.sealed, "several seats act at once"
            legal = match.legal(waiting[0])
            assert kind.data or not any(a.takes for a in legal), "a move asks for data"
            play_choice(match, waiting[0], bot.choose(match.view(waiting[0]), legal, rng), legal, rng)
        drew |= any(match.drew)
    assert (drew or len(setups) > 1) == kind.chance
    if kind.building or kind.dexterity and name != "shopping_spree":
        assert physics.FOLDER in rules.code_folders()


# ---- the check at load -----------------------------------------------------------------------

class Plain(Rules):
    """A game of turns with nothing hidden, nothing at once and no data."""


class Sealing(Plain):
    def sealed(self, state, seat, action):
        return ""

    def sealed_pending(self, state):
        return False


class Scrambling(Plain):
    def scramble(self, state, seat, rng, players, options):
        return state


class Timed(Plain):
    leave = "give_up"

    def moment(self, state, seat, key, payload):
        return 0.0

    def simultaneous(self, state):
        return None

    def decided(self, state, seat, at):
        return False

    def deadline(self, state, seat):
        return None


def info_of(**kind) -> GameInfo:
    return GameInfo("fake", "Fake", 2, 2, "s", kind=Kind(**kind))


@pytest.mark.parametrize("cls, kind, message", [
    (Plain, dict(sealed=True), "declares sealed = true in \\[kind\\] but its rules do not write sealed, sealed_pending"),
    (Sealing, dict(), "writes sealed, sealed_pending but does not declare sealed = true"),
    (Scrambling, dict(), "writes scramble but does not declare secrets = true"),
    (Plain, dict(secrets=True), "do not write scramble"),
    (Plain, dict(data=True), "do not write accept"),
    (Timed, dict(), "writes moment, simultaneous, decided, deadline but does not declare simultaneous"),
    (type("Leaves", (Plain,), {"leave": "done"}), dict(), "a `leave` move is for simultaneous phases"),
    (type("Takes", (Plain,), {"takes_data": True}), dict(), "takes_data"),
])
def test_rules_that_disagree_with_their_kind_are_a_plugin_error_naming_the_game(cls, kind, message):
    with pytest.raises(PluginError, match="game 'fake'.*" + message):
        games.check_kind(info_of(**kind), cls)


def test_rules_that_agree_pass_and_an_undeclared_kind_is_not_compared():
    games.check_kind(info_of(), Plain)
    games.check_kind(info_of(sealed=True), Sealing)
    games.check_kind(info_of(secrets=True), Scrambling)
    games.check_kind(info_of(simultaneous=True), Timed)
    games.check_kind(GameInfo("fake", "Fake", 2, 2, "s"), Sealing)     # nobody declared anything
    assert [d.kind for d in DECLARED] == ["data", "simultaneous", "sealed", "secrets"]


def test_an_undeclared_kind_assumes_what_the_core_guards_against():
    kind = GameInfo("fake", "Fake", 2, 3, "s").kind
    assert not kind.said and kind.players == (2, 3)
    assert kind.secrets and kind.sealed and kind.data and kind.simultaneous and kind.chance
    # the players are said once: a GameInfo's kind mirrors its min_players and max_players
    assert replace(GameInfo("fake", "Fake", 2, 3, "s", kind=Kind()), max_players=5).kind.players == (2, 5)


# ---- reading info.toml -----------------------------------------------------------------------

BASE = {"title": "T", "summary": "s"}


def test_the_kind_table_is_read_and_checked():
    info = GameInfo.from_data("g", {**BASE, "kind": {"players": [2, 5], "sealed": True, "chance": True}})
    assert (info.min_players, info.max_players) == (2, 5)
    assert info.kind == Kind(players=(2, 5), sealed=True, chance=True) and info.kind.words() == ["sealed", "chance"]
    for kind, message in [({"players": [2, 5], "hidden": True}, "no key 'hidden'"),
                          ({"players": [2, 5], "sealed": "yes"}, "sealed is true or false"),
                          ({"players": [5, 2]}, "players is \\[fewest, most\\]"),
                          ({"sealed": True}, "players is")]:
        with pytest.raises(PluginError, match=message):
            GameInfo.from_data("g", {**BASE, "kind": kind})
    with pytest.raises(PluginError, match="dexterity is said in \\[kind\\]"):
        GameInfo.from_data("g", {**BASE, "dexterity": True, "kind": {"players": [2, 2]}})


def test_an_older_info_toml_is_still_read():
    info = GameInfo.from_data("g", {**BASE, "min_players": 2, "max_players": 4, "dexterity": True,
                                    "hidden_information": False})
    assert (info.min_players, info.max_players) == (2, 4)
    assert not info.kind.said and info.kind.dexterity and not info.kind.secrets and info.kind.sealed


def test_parts_are_module_attr_strings():
    info = GameInfo.from_data("g", {**BASE, "kind": {"players": [2, 2]},
                                    "parts": {"rules": "pkg.rules:Game", "board": "pkg.board:Board"}})
    assert info.parts == Parts(rules="pkg.rules:Game", board="pkg.board:Board")
    with pytest.raises(PluginError, match="\\[parts\\] has no key 'screen'"):
        GameInfo.from_data("g", {**BASE, "kind": {"players": [2, 2]}, "parts": {"screen": "a:b"}})
    with pytest.raises(PluginError, match="board is \"module:attr\""):
        GameInfo.from_data("g", {**BASE, "kind": {"players": [2, 2]}, "parts": {"board": "pkg.board"}})


# ---- a game from outside the repository ------------------------------------------------------

RULES = '''
from core.game import Action, Event, Result, Rules, rank_by


class Counting(Rules):
    """Seats add 1 or 2 in turn; whoever reaches 10 wins."""

    def setup(self, players, options, rng):
        return {"total": 0, "turn": 0, "players": players}

    def to_act(self, s):
        return (s["turn"],)

    def legal(self, s, seat):
        return [Action(f"add:{n}", f"Add {n}") for n in (1, 2)]

    def apply(self, s, seat, action, rng):
        s["total"] += int(action.key.split(":")[1])
        s["turn"] = (seat + 1) % s["players"]
        return [Event("add", f"Seat {seat + 1} adds", seat)]

    def is_over(self, s):
        return s["total"] >= 10

    def result(self, s):
        n = s["players"]
        score = [1 if self.is_over(s) and (s["turn"] - 1) % n == i else 0 for i in range(n)]
        return Result(tuple(score), rank_by([(v,) for v in score], range(n)), tuple({} for _ in range(n)))

    def view(self, s, seat):
        return dict(s)

    def dump(self, s):
        return dict(s)

    def restore(self, data, players, options):
        return {"total": int(data["total"]), "turn": int(data["turn"]), "players": players}

    def conserved(self, s):
        return {}
'''

BOARD = '''
from textual.widgets import Static

from kiosk.boards import Board


class CountingBoard(Board):
    STYLES = "counting.tcss"

    def compose(self):
        yield Static(id="counting-total")

    def show(self, view):
        self.query_one("#counting-total", Static).update(f"Total: {view['total']}")
'''

LAYOUT = '''
def lay_out(match, table):
    table.note("Counting", f"total {match.state['total']}")
'''

INFO = '''
title = "Counting"
summary = "Add 1 or 2; reach 10 first."

[kind]
players = [2, 3]

[parts]
rules = "counting_game.rules:Counting"
board = "counting_game.board:CountingBoard"
tts = "counting_game.layout:lay_out"
'''


@pytest.fixture
def outside(tmp_path, monkeypatch):
    """`counting`, a distribution on the path with one `tokyo.games` entry, as pip would
    install it: its package, its info.toml, its board with its styles and its layout."""
    pkg = tmp_path / "counting_game"
    pkg.mkdir()
    for name, text in {"__init__.py": "", "rules.py": RULES, "board.py": BOARD, "layout.py": LAYOUT,
                       "info.toml": INFO, "counting.tcss": "#counting-total { height: 3; }\n"}.items():
        (pkg / name).write_text(textwrap.dedent(text))
    meta = tmp_path / "counting_game-1.0.dist-info"
    meta.mkdir()
    (meta / "entry_points.txt").write_text("[tokyo.games]\ncounting = counting_game\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    forget()
    yield pkg
    forget()


def forget() -> None:
    """No copy of the outside game left from another test: its modules, its loaded game."""
    for name in [m for m in sys.modules if m == "counting_game" or m.startswith("counting_game.")]:
        del sys.modules[name]
    games.load.cache_clear()


def test_a_game_from_outside_registers_once_and_brings_its_parts(outside):
    import tts.export
    from kiosk.boards import board_for

    assert "counting" in {i.name for i in games.available()}
    game = games.load("counting")
    assert type(game.rules).__name__ == "Counting" and game.info.kind.players == (2, 3)
    board = board_for("counting")
    assert board.__name__ == "CountingBoard" and board.styles() == [outside / "counting.tcss"]
    assert tts.export.layouts()["counting"] == "counting_game.layout:lay_out"
    assert tts.export.layout_for("counting").__module__ == "counting_game.layout"


def test_a_board_from_outside_is_styled_by_its_own_tcss(outside):
    from textual.widgets import Static

    from kiosk.app import TokyoKiosk
    from kiosk.screens import Seat
    from kiosk.screens.play import PlayScreen
    from tests.kiosk_support import sync, wait_for

    @sync
    async def run():
        app = TokyoKiosk(bot_delay=0, seed=1)
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_for(pilot, lambda: app.screen.__class__.__name__ == "MenuScreen", "the menu")
            app.start_match(games.load("counting"), [Seat("Aiko"), Seat("Bo")], {})
            await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen), "play")
            play = app.screen
            assert outside / "counting.tcss" in play.css_path
            await wait_for(pilot, lambda: play.query("#counting-total"), "the board")
            total = play.query_one("#counting-total", Static)
            await wait_for(pilot, lambda: total.size.height == 3, "the board's own style")
    run()


def test_a_board_extending_another_brings_both_styles():
    from kiosk.boards import board_for
    from kiosk.boards.generic import GenericBoard

    jutaku = board_for("jutaku")
    assert [p.name for p in jutaku.styles()] == ["jutaku.tcss"]
    assert [p.name for p in board_for("countdown").styles()] == ["countdown.tcss"]
    extended = type("Extended", (jutaku,), {"__module__": jutaku.__module__})
    assert extended.styles() == jutaku.styles()
    assert [p.name for p in GenericBoard.styles()] == ["generic.tcss"]


def test_a_game_that_names_no_board_gets_the_generic_one(monkeypatch):
    from kiosk.boards import board_for
    from kiosk.boards.generic import GenericBoard

    read = games._read_info
    monkeypatch.setattr(games, "_read_info", lambda name, ep: replace(read(name, ep), parts=replace(
        read(name, ep).parts, board="kiosk.boards.nowhere:Board")))
    assert board_for("jutaku") is GenericBoard
