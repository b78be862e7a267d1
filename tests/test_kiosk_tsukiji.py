"""The Tsukiji Market board: every market and harbour, secrets kept, played by keys, pictured.

Tsukiji is not registered as an entry point yet, so the `tsukiji_registry` fixture adds
it to core.games by monkeypatching (as tests/test_kiosk_privacy.py adds its fake game).
"""

from __future__ import annotations

import tomllib
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest
from textual.app import App, ComposeResult
from textual.content import Content
from textual.widgets import OptionList, Static

from core import assets, games
from core.game import Game, GameInfo
from games.tsukiji.rules import Tsukiji
from kiosk.app import TokyoKiosk
from kiosk.boards import board_for
from kiosk.boards.tsukiji import FISH_CODES, FishPainter, HarbourCard, MarketCard, TsukijiBoard, code
from kiosk.config import KioskConfig
from kiosk.screens import Seat
from kiosk.screens.menu import MenuScreen
from kiosk.screens.play import PlayScreen
from kiosk.screens.setup import SetupScreen
from tests.kiosk_support import sync, wait_for

ROOT = Path(__file__).resolve().parent.parent
SEED = 2024
NAMES = ["Aiko", "Bo", "Chiyo", "Daichi", "Emi", "Fumi"]
ALL_MARKETS = {"round_limit": 40} | {m: "in" for m in ("eel", "fugu", "octopus", "red_snapper", "salmon", "king_crab", "squid", "tuna",
                                 "aquarium", "auction", "bank", "barter", "government", "rental", "trade",
                                 "used_ships")}


def load_tsukiji() -> Game:
    info = GameInfo.from_data("tsukiji", tomllib.loads((ROOT / "games/tsukiji/info.toml").read_text("utf-8")))
    return Game(info, Tsukiji(info, {a: assets.load(a) for a in Tsukiji.assets}))


@pytest.fixture(scope="module")
def tsukiji() -> Game:
    return load_tsukiji()


@pytest.fixture
def tsukiji_registry(monkeypatch):
    """Chocolate Milk and Tsukiji as the installed games, saves and settings in a temp folder."""
    real = games._entry_points()
    ep = EntryPoint("tsukiji", "games.tsukiji.rules:Tsukiji", games.GROUP)
    monkeypatch.setattr(games, "_entry_points",
                        lambda: {"chocolate_milk": real["chocolate_milk"], "tsukiji": ep})
    games.load.cache_clear()
    yield
    games.load.cache_clear()


def board_text(board) -> str:
    """Everything the board writes: each painter's text and border titles, and its Statics."""
    out = []
    for widget in board.query("*"):
        if isinstance(widget, FishPainter):
            if not widget.display:
                continue
            out.append(widget.render().plain)
        elif isinstance(widget, Static):
            visual = widget.visual
            out.append(visual.plain if isinstance(visual, Content) else str(visual))
        for title in (widget.border_title, widget.border_subtitle):
            if title:
                out.append(Content.from_markup(title).plain)  # titles read back as markup
    return "\n".join(out)


class BoardHost(App):
    """Only the board, with its styles, fed views by the test."""

    CSS_PATH = str(ROOT / "kiosk/boards/tsukiji.tcss")

    def __init__(self, game: Game, players: int):
        super().__init__()
        self.game = game
        self.seats = [Seat(NAMES[i]) for i in range(players)]

    def compose(self) -> ComposeResult:
        yield TsukijiBoard(self.game, self.seats, id="board")


async def render(game: Game, view: dict, players: int, size=(100, 30)) -> tuple[str, dict]:
    """The board's text for a view, and what it drew: markets shown, harbours marked as the turn."""
    app = BoardHost(game, players)
    async with app.run_test(size=size) as pilot:
        board = app.query_one(TsukijiBoard)
        board.show(view)
        await pilot.pause()
        drawn = {"markets": {c.mid for c in board.query(MarketCard) if c.display},
                 "turn": [c.has_class("-turn") for c in board.query(HarbourCard)]}
        return board_text(board), drawn


# ---- the board on its own ---------------------------------------------------------------------------

def test_the_registry_knows_the_board():
    assert board_for("tsukiji") is TsukijiBoard
    assert code("king_crab_6") == "KC6" and code("takoyaki") == "TK" and code("salmon_spoiled") == "SA4"
    assert len(set(FISH_CODES.values())) == 9


@pytest.mark.parametrize("players", [3, 6])
@sync
async def test_fresh_tables_show_markets_harbours_and_yen(tsukiji, players):
    match = tsukiji.new(players, seed=SEED, options=ALL_MARKETS)
    view = match.view(None)
    text, drawn = await render(tsukiji, view, players)
    rules = tsukiji.rules
    for mid in list(view["markets"]["fish"]) + list(view["markets"]["external"]):
        assert rules.m[mid].name in text, mid
    for f in view["markets"]["fish"]:
        assert f"{FISH_CODES[f]} {rules.m[f].name}" in text
    for seat in range(players):
        assert f"{NAMES[seat][0]}{seat + 1} {NAMES[seat]} · ¥{view['yen'][seat]:,}" in text
    assert "Berths L #1 ship(1)" in text and "Licences MA" in text
    rnd = f"Round 1 of {view['last_round']}" if view["last_round"] else "Round 1 ·"
    assert rnd in text and "open money" in text
    # the King Crab and Tuna bags are public: their counts are shown by token
    kc = view["bag"]["king_crab"]
    assert f"KC{min(int(k.rsplit('_', 1)[1]) for k in kc)}×" in text
    assert drawn["turn"] == [s == view["turn"] for s in range(players)]
    assert drawn["markets"] == set(view["markets"]["fish"]) | set(view["markets"]["external"])


@sync
async def test_markets_not_in_play_are_not_drawn(tsukiji):
    match = tsukiji.new(3, seed=SEED, options={"tuna": "out", "barter": "out", "squid": "in"})
    text, drawn = await render(tsukiji, match.view(None), 3)
    shown = drawn["markets"]
    assert "tuna" not in shown and "barter" not in shown and {"squid", "mackerel", "ships"} <= shown
    assert "Tuna" not in text and "Squid" in text


@sync
async def test_a_base_table_shows_nothing_of_the_expansion(tsukiji):
    match = tsukiji.new(4, seed=SEED, options=ALL_MARKETS)
    text, drawn = await render(tsukiji, match.view(None), 4)
    assert "expansion" not in text and "collaps" not in text.lower() and "Markets to come" not in text
    assert "Himono" not in text and "Buyer marker" not in text and "Foreign Market" not in text
    assert not drawn["markets"] & {"clams_oysters", "himono", "horse_mackerel", "nori", "sardines", "swordfish",
                                   "foreign_market", "influence", "new_aquarium", "overfishing", "ship_rental",
                                   "sushi_shop"}


def busy_position(hidden: bool) -> dict:
    """Three seats with cargo, sale rows, tokens, rentals, loans and shares; distinct yen."""
    return {"players": 3, "options": {"money": "hidden" if hidden else "open"},
            "markets": {"fish": {f: "setup" for f in ("mackerel", "eel", "fugu", "octopus", "salmon",
                                                      "king_crab", "red_snapper")},
                        "external": {e: "setup" for e in ("ships", "bank", "auction", "rental", "aquarium",
                                                          "trade")}},
            "seats": [{"licences": {"mackerel": 1, "king_crab": 1},
                       "boats": [{"type": "2", "at": "sea", "load": ["king_crab", "king_crab"]},
                                 {"type": "1", "at": "left"}],
                       "berths": 2,
                       "harbour": [["eel", "upper", "c3"], ["mackerel", "lower", "c1"],
                                   ["takoyaki", "upper", "q1200"]],
                       "tokens": {"mackerel": 2, "salmon_spoiled": 1}, "rentals": [["coolbox", 2]]},
                      {"licences": {"eel": 1}, "berths": 3, "loans": 1,
                       "boats": [{"type": "barge", "at": "sea", "load": ["eel", "mackerel"]},
                                 {"type": "1", "at": "left"}]},
                      {"shares": 1, "tokens": {"octopus": 2, "fugu": 3}}],
            "yen": [2300, 1700, 3100], "turn": 0}


@sync
async def test_harbours_show_boats_cargo_sale_rows_and_holdings(tsukiji):
    match = tsukiji.scenario(busy_position(hidden=False))
    text, _ = await render(tsukiji, match.view(None), 3, size=(160, 50))
    assert "At sea #1 ship(2): KC KC" in text
    assert "M empty" in text and "R covered" in text          # seat 1: two berths open
    assert "#1 barge: EE MA +4 empty" in text                   # seat 2's barge at sea
    assert "Fresh   ¥300 EE · ¥1,200 TK" in text
    assert "Spoiled ¥100 MA" in text
    assert "Licences MA KC · rented cool box (2 uses)  Tokens MA×2 SA4" in text
    assert "Bank: loans 1 · shares 0" in text and "Bank: loans 0 · shares 1" in text
    assert "¥2,300" in text and "¥1,700" in text and "¥3,100" in text
    assert TsukijiBoard.seat_summary(tsukiji, match.view(None), 2) == "¥3,100 · 15 res"


@sync
async def test_hidden_money_and_sealed_bids_stay_secret(tsukiji):
    match = tsukiji.scenario(busy_position(hidden=True))
    own = match.view(0)
    text, _ = await render(tsukiji, own, 3)
    assert "A1 Aiko (you) · ¥2,300" in text
    assert "B2 Bo · hidden" in text and "C3 Chiyo · hidden" in text
    assert "¥1,700" not in text and "¥3,100" not in text and "hidden money" in text
    assert TsukijiBoard.seat_summary(tsukiji, own, 0) == "¥2,300 · 6 res"
    assert TsukijiBoard.seat_summary(tsukiji, own, 1).startswith("yen hidden")

    # Docking the king crab starts a sealed auction; two seats bid, seat 1 has not yet.
    match.play(0, "fish")
    match.play(0, "dock:1:middle")
    match.play(1, "bid:1500")
    match.play(2, "bid:1500")
    text, _ = await render(tsukiji, match.view(0), 3)
    assert "Sealed bid: King Crab auction · lot: KC" in text
    assert "Aiko: thinking…" in text and "Bo: has bid" in text and "Chiyo: has bid" in text
    assert "¥1,500" not in text
    text, _ = await render(tsukiji, match.view(1), 3)
    assert "Bids: Aiko: thinking… · Bo: has bid (¥1,500, yours) · Chiyo: has bid\n" in text
    assert "¥2,300" not in text     # nor Aiko's hidden yen

    match.play(0, "bid:600")   # every bid is in: the amounts are shown, the tie is Aiko's to break
    text, _ = await render(tsukiji, match.view(0), 3)
    assert "Aiko: ¥600" in text and "Bo: ¥1,500" in text and "Chiyo: ¥1,500" in text
    assert "tied: Bo, Chiyo; Aiko decides" in text
    match.play(0, "winner:3")
    text, _ = await render(tsukiji, match.view(0), 3)
    assert "Sealed bid" not in text and "Now: fishing" in text


def test_breakdown_lines_word_the_final_scoring(tsukiji):
    entry = {"yen": 2300, "resources": 12, "resource_bonus": 1000, "loans_repaid": 500, "interest_paid": 500,
             "interest_received": 0, "tokens_yen": 1200, "total": 3500}
    lines = TsukijiBoard.breakdown_lines(tsukiji, entry)
    assert lines == ["Yen in hand: ¥2,300", "Resources: 12 → tokens +¥1,200", "Resource bonus: +¥1,000",
                     "Loans repaid: -¥500 · interest -¥500", "Total: ¥3,500"]
    entry.update(loans_repaid=0, interest_paid=0, interest_received=600, resource_bonus=-500, total=3600)
    lines = TsukijiBoard.breakdown_lines(tsukiji, entry)
    assert "Resource bonus: -¥500" in lines and "Interest from shares: +¥600" in lines
    assert not any(line.startswith("Loans") for line in lines)


# ---- in the kiosk ------------------------------------------------------------------------------------

@sync
async def test_a_human_plays_ten_moves_against_the_fishmonger(tsukiji_registry):
    app = TokyoKiosk(bot_delay=0, seed=SEED, config=KioskConfig(idle_seconds=0))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        menu = app.screen.query_one("#menu-games", OptionList)
        ids = [o.id for o in menu.options if o.id]
        await pilot.press(*["down"] * ids.index("game:tsukiji"), "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen), "the set-up screen")
        await pilot.press("f2")      # Start: seat 1 human, seat 2 the computer (normal: the fishmonger)
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen), "the play screen")
        play = app.screen
        assert [s.bot for s in play.seats] == [None, "normal"]
        board = play.query_one(TsukijiBoard)
        actions = play.query_one("#actions", OptionList)

        def my_turn() -> bool:
            return play.human == 0 and any(o.id for o in actions.options)

        texts, moves = [], 0
        for _ in range(10):
            await wait_for(pilot, my_turn, "seat 1's turn")
            texts.append(board_text(board))
            before = len(play.match.log.moves)
            await pilot.press("enter")
            await wait_for(pilot, lambda: len(play.match.log.moves) > before, "the move")
            assert play.match.log.moves[before][0] == 0
            moves += 1
        await wait_for(pilot, lambda: my_turn() or play.match.over, "the next turn")
        texts.append(board_text(board))
        assert not play.failed and app.screen is play
        assert moves == 10 and len(set(texts)) > 3
        assert {s for s, _ in play.match.log.moves} == {0, 1}
        # the board shows what the match holds now
        view = play.match.view(None)
        assert f"Round {view['round']}" in texts[-1]
        for seat in range(2):
            assert f"¥{view['yen'][seat]:,}" in texts[-1]


def tsukiji_turn(pilot):
    async def run_before(pilot) -> None:
        app = pilot.app
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        app.start_match(games.load("tsukiji"), [Seat("Aiko"), Seat("Bo", "fishmonger")],
                        {"money": "open", "selection": "newcomer", "round_limit": 40})
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen) and app.screen.human == 0,
                       "Aiko's turn")
    return run_before(pilot)


def test_snapshot_tsukiji_play_100x30(snap_compare, tsukiji_registry):
    app = TokyoKiosk(bot_delay=0, seed=SEED, config=KioskConfig(idle_seconds=0))
    assert snap_compare(app, terminal_size=(100, 30), run_before=tsukiji_turn)
