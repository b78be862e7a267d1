"""The Tsukiji board with the TOKYO TSUKIJI MARKET EXPANSION (000:392-628): its six fish and
six external markets, the Blue Ship, 4-hold barges, rented boats, boats at the Foreign
Market, barrels caught with another licence, Himono licences, buyer markers, collapsed
markets and the open market order, each drawn from the view; played in the kiosk.
"""

from __future__ import annotations

import pytest
from textual.content import Content
from textual.widgets import OptionList

from core import games
from core.rng import Rng
from kiosk.app import TokyoKiosk
from kiosk.boards.tsukiji import ALL_CODES, EXPANSION_CODES, FISH_CODES, MarketCard, OrderPanel, TsukijiBoard, code
from kiosk.config import KioskConfig
from kiosk.screens import Seat
from kiosk.screens.apology import ApologyScreen
from kiosk.screens.menu import MenuScreen
from kiosk.screens.play import PlayScreen
from kiosk.screens.result import ResultScreen
from tests.kiosk_support import choose_action, sync, wait_for
from tests.test_kiosk_tsukiji import NAMES, SEED, BoardHost, board_text

EXPANSION_FISH = ("clams_oysters", "himono", "horse_mackerel", "nori", "sardines", "swordfish")
EXPANSION_EXTERNAL = ("foreign_market", "influence", "new_aquarium", "overfishing", "ship_rental", "sushi_shop")
#: the expansion with its boats and both variants; every one of its markets in play
EVERYTHING = {"expansion": "on", "blue_ship": "on", "barges": "two_four", "collapse": "on", "order": "open",
              "round_limit": 40} | {m: "in" for m in EXPANSION_FISH + EXPANSION_EXTERNAL}


@pytest.fixture(scope="module")
def tsukiji():
    return games.load("tsukiji")


async def render(game, view: dict, players: int, size=(200, 60)) -> tuple[str, dict]:
    """The board's text for a view, and the text of each market card it drew (by market; the
    row of markets to come as "order")."""
    app = BoardHost(game, players)
    async with app.run_test(size=size) as pilot:
        board = app.query_one(TsukijiBoard)
        board.show(view)
        await pilot.pause()
        shown = {c.mid: f"{Content.from_markup(c.border_title).plain}\n{c.render().plain}"
                 for c in board.query(MarketCard) if c.display}
        order = board.query_one(OrderPanel)
        if order.display:
            shown["order"] = order.render().plain
        return board_text(board), shown


def test_every_fish_has_its_own_code():
    assert len(set(ALL_CODES.values())) == len(ALL_CODES) == 15
    assert set(EXPANSION_CODES) == set(EXPANSION_FISH) and not set(FISH_CODES) & set(EXPANSION_CODES)
    assert [code(k) for k in ("clam", "oyster", "himono", "horse_mackerel", "nori", "sardines", "swordfish",
                              "clams_oysters")] == ["CL", "OY", "HI", "HM", "NO", "SD", "SW", "CO"]
    # a barrel caught with another fish's licence (000:468, 000:489) shows the licence
    assert code("mackerel/himono:0") == "MA(HI1)" and code("sardines/himono:1") == "SD(HI2)"
    assert code("mackerel/horse_mackerel") == "MA(HM)" and code("mackerel/himono") == "MA(HI)"


@pytest.mark.parametrize("players", [2, 6])
@sync
async def test_fresh_expansion_tables_show_every_market_in_play_and_nothing_else(tsukiji, players):
    match = tsukiji.new(players, seed=SEED, options=EVERYTHING)
    view = match.view(0)
    fish, external = set(view["markets"]["fish"]), set(view["markets"]["external"])
    assert set(EXPANSION_FISH) <= fish and set(EXPANSION_EXTERNAL) <= external
    text, shown = await render(tsukiji, view, players)
    assert set(shown) == fish | external | {"order"}
    rules = tsukiji.rules
    for mid in fish | external:
        assert rules.m[mid].name in shown[mid], mid
    # a market not in play has no card: it is named only in the row of markets to come (000:628)
    titles = {t.split("\n", 1)[0].removeprefix(f"{ALL_CODES.get(mid, '')} ") for mid, t in shown.items()
              if mid != "order"}
    assert titles == {rules.m[mid].name for mid in fish | external}
    to_come = view["order"]["fish"] + view["order"]["external"]
    assert not set(to_come) & (fish | external)
    for mid in to_come:
        assert rules.m[mid].name in shown["order"], mid
    for f in fish:
        assert f"{ALL_CODES[f]} {rules.m[f].name}" in text
    # the new fish markets' pieces
    mk = view["markets"]["fish"]
    assert f"tokens in the bag: {mk['clams_oysters']['tokens_in_bag']}" in text
    assert "bag CL×5 OY×5" in text and "value CL 3 · OY 1" in text
    assert f"licences {mk['swordfish']['licences']} · value 6" in text       # the value marker on 6 (000:416)
    assert "Iwashi 0 · ¥100 each" in text
    assert "value: other res ÷ 10" in text
    # the external markets' pieces and what they do
    assert "buyer markers 2" in text and "expansion markers 2" in text
    assert "rental markers 6" in text and "¥100 a hold, one trip" in text
    assert "entered only by docking" in text and "¥100 a group of boats" in text
    assert "cannot be entered" in text and "end: -¥100 a token of an overfished market, +¥100 a token of any other" \
        in text
    assert "5 kinds ¥1,600: – · –" in text and "1 kind ¥200: – · –" in text
    assert "Blue Ship(4) ×1" in text and "barge(4) ×2" in text
    # the open market order, the next of each kind first
    order = view["order"]
    assert f"Fish: next {ALL_CODES[order['fish'][0]]} {rules.m[order['fish'][0]].name}, then" in text
    assert f"External: next {rules.m[order['external'][0]].name}, then" in text
    assert "Round 1 of 40 · open money · expansion · collapsing markets" in text
    for seat in range(players):
        assert f"{NAMES[seat][0]}{seat + 1} {NAMES[seat]}" in text


@sync
async def test_expansion_markets_out_of_play_are_not_drawn(tsukiji):
    match = tsukiji.new(3, seed=SEED, options={"expansion": "on", "sushi_shop": "in", "nori": "in",
                                               "swordfish": "out", "foreign_market": "out"})
    view = match.view(None)
    text, shown = await render(tsukiji, view, 3)
    assert {"sushi_shop", "nori"} <= set(shown) and not {"swordfish", "foreign_market", "order"} & set(shown)
    assert "Swordfish" not in text and "Foreign Market" not in text and "Markets to come" not in text
    assert set(shown) == set(view["markets"]["fish"]) | set(view["markets"]["external"])


def laid_out(game):
    """Four seats with every piece of the expansion laid out by hand on the state."""
    match = game.new(4, seed=SEED, options=EVERYTHING)
    s = match.state
    a, b, c, d = s.seats
    a["berths"] = 3
    a["licences"] = {"himono": 2, "swordfish": 1}
    a["himono"] = [["b:mackerel", "t:sardines"], ["b:horse_mackerel"]]
    a["buyers"] = 1
    a["boats"] = [{"type": "blue", "at": "sea", "load": ["mackerel/himono:0", "swordfish"]},
                  {"type": "2", "at": "foreign", "load": []},
                  {"type": "3", "at": "middle", "load": [], "rented": "used_ships"},
                  {"type": "barge4", "at": "right", "load": []},
                  {"type": "1", "at": "left", "load": []}]
    a["tokens"] = {"clam": 1, "oyster": 1, "nori": 1, "swordfish": 1, "himono": 1, "sardines": 2,
                   "horse_mackerel": 1}
    a["harbour"] = [["himono", "upper", "c4"], ["clams_oysters", "lower", "c2"]]
    b["licences"] = {"horse_mackerel": 1}
    b["boats"] = [{"type": "barge4", "at": "sea", "load": ["mackerel/horse_mackerel", "mackerel/horse_mackerel"]},
                  {"type": "2", "at": "sea", "load": ["sardines/himono"], "rented": "ships"}]
    s.buyers = [[1, 0], [2, 3]]
    s.fish["swordfish"]["value"] = 9
    s.fish["sardines"]["iwashi"] = 3
    s.fish["nori"].update(overfished=True, barrels=0, to_settle=True)
    s.ext["sushi_shop"]["spaces"][4] = {"fugu": 1, "eel": 1, "salmon": 1}
    s.ext["new_aquarium"]["spaces"]["clams_oysters"] = {"clam": 1, "oyster": 1}
    s.ext["influence"].update(buyers=0, expansions=0)
    s.ext["ship_rental"]["markers"] = 4
    s.collapsed = {"influence": "collapsed", "sushi_shop": "closed"}
    return match


@sync
async def test_every_piece_of_the_expansion_is_drawn(tsukiji):
    match = laid_out(tsukiji)
    text, _ = await render(tsukiji, match.view(0), 4)
    # Aiko's harbour: the Blue Ship at sea with a barrel caught with her first Himono licence,
    # a boat at the Foreign Market, a rented ship, a 4-hold barge; Himono licences and a buyer marker
    assert "Berths L #5 ship(1) · M #3 ship(3) rented from Used Ships · R #4 barge(4)" in text
    assert "At sea #1 Blue Ship(4): MA(HI1) SW +2 empty" in text
    assert "At the Foreign Market #2 ship(2): 2 empty" in text
    assert "Fresh   ¥400 HI" in text and "Spoiled ¥200 CO" in text
    assert "Licences HI×2 SW · buyer marker  Tokens CL OY HI HM NO SD×2 SW" in text
    assert "Himono licences HI1: barrel MA, token SD (full: a himono barrel next turn) · HI2: barrel HM" in text
    assert "Buyer marker of B2 Bo lies here: Bo buys from the other harbours after Aiko's next turn" in text
    # Bo's: mackerel caught with a horse mackerel licence on a 4-hold barge, a ship rented from Ships
    assert "At sea #1 barge(4): MA(HM) MA(HM) +2 empty · #2 ship(2) rented from Ships: SD(HI) +1 empty" in text
    assert "Buyer marker given to A1 Aiko: Bo buys from the other harbours after Aiko's next turn" in text
    assert "Buyer marker given to D4 Daichi: Chiyo buys" in text
    assert "Buyer marker of C3 Chiyo lies here" in text
    # the markets
    assert "licences 4 · value 9" in text                      # the swordfish value marker
    assert "Iwashi 3 · ¥100 each" in text
    assert "NO Nori\nOVERFISHED" in text and "payments for tokens due" in text
    assert "3 kinds ¥700: EE FU SA · –" in text
    assert "CO: CL OY" in text                                  # the New Aquarium's clam/oyster space
    assert "given: B2 → A1 · C3 → D4" in text
    assert "docked here: A1 #2" in text
    assert "rented out: A1 #3 ship(3) (Used Ships) · B2 #2 ship(2) (Ships)" in text
    assert "Influence\nCOLLAPSED (open)" in text and "Sushi Shop\nCLOSED" in text
    app = BoardHost(tsukiji, 4)
    async with app.run_test(size=(200, 60)) as pilot:
        board = app.query_one(TsukijiBoard)
        board.show(match.view(0))
        await pilot.pause()
        cards = {c.mid: c for c in board.query(MarketCard)}
        assert cards["sushi_shop"].has_class("-closed") and cards["influence"].has_class("-collapsed")
        assert cards["nori"].has_class("-overfished") and not cards["ships"].has_class("-closed")


@sync
async def test_the_turn_line_tells_the_expansion_s_steps(tsukiji):
    match = laid_out(tsukiji)
    s = match.state
    s.phase = "fish"
    s.ctx = {"kind": "fish", "boats": [1], "lic": {}, "unloaded": 0, "king_crab": 0, "tuna": 0, "pending": [],
             "fixed": [], "swordfish": 1, "foreign": [1]}
    text, _ = await render(tsukiji, match.view(0), 4)
    assert "Now: fishing; boats used: #2; unloaded for auction: SW×1; docked at the Foreign Market for one " \
           "lot: #2" in text
    # Aiko's turn is over: Bo's buyer marker lets him buy now (000:564; turn.py takes it off s.buyers)
    s.turn, s.phase, s.ctx, s.buyers = 0, "buy", {"kind": "buy", "buyer": 1}, [[2, 3]]
    text, _ = await render(tsukiji, match.view(0), 4)
    assert "Turn: A1 Aiko · turn over\nNow: B2 Bo buys from the other harbours with a buyer marker (after " \
           "Aiko's turn)" in text
    s.phase, s.ctx = "start", {"kind": "start", "fugu": 0, "pending": ["himono"]}
    text, _ = await render(tsukiji, match.view(0), 4)
    assert "; to price: HI" in text


@sync
async def test_hidden_money_stays_hidden_on_an_expansion_table(tsukiji):
    match = tsukiji.new(3, seed=SEED, options=EVERYTHING | {"money": "hidden"})
    match.state.treasury.balances["seat1"] += 1234   # distinct yen
    own = match.view(0)
    text, _ = await render(tsukiji, own, 3)
    assert "A1 Aiko (you) · ¥2,000" in text and "B2 Bo · hidden" in text and "C3 Chiyo · hidden" in text
    assert "¥3,234" not in text and "hidden money" in text


def test_the_end_breakdown_tells_the_overfishing_market(tsukiji):
    entry = {"yen": 2300, "resources": 12, "resource_bonus": 1000, "markets": -300, "loans_repaid": 0,
             "interest_paid": 0, "interest_received": 0, "tokens_yen": 1200, "total": 4200}
    assert "Overfishing market: -¥300" in TsukijiBoard.breakdown_lines(tsukiji, entry)
    entry["markets"] = 0
    assert not any("Overfishing" in line for line in TsukijiBoard.breakdown_lines(tsukiji, entry))


# ---- in the kiosk ------------------------------------------------------------------------------------

@sync
async def test_a_human_plays_ten_expansion_moves_against_the_fishmonger():
    """Ten of Aiko's moves, chosen at random among those that need no typed price, against
    the fishmonger on a table with every expansion market: no apology, the board keeps up."""
    app = TokyoKiosk(bot_delay=0, seed=SEED, config=KioskConfig(idle_seconds=0))
    rng = Rng(SEED, stream=7)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        app.start_match(games.load("tsukiji"), [Seat("Aiko"), Seat("Bo", "fishmonger")], EVERYTHING)
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen) and app.screen.query(TsukijiBoard),
                       "the play screen")
        play = app.screen
        board = play.query_one(TsukijiBoard)
        actions = play.query_one("#actions", OptionList)

        def my_turn() -> bool:
            if isinstance(app.screen, ResultScreen):          # bids shown, a market closed: read, go on
                app.screen.action_go_on()
            return app.screen is play and play.human == 0 and any(o.id for o in actions.options)

        texts, moves = [], 0
        for _ in range(10):
            await wait_for(pilot, my_turn, "Aiko's turn", limit=900)
            texts.append(board_text(board))
            legal = {a.key: a for a in play.match.legal(0)}
            keys = [o.id for o in actions.options if o.id in legal and not legal[o.id].takes]
            before = len(play.match.log.moves)
            await choose_action(pilot, play, keys[rng.below(len(keys))])
            await wait_for(pilot, lambda: len(play.match.log.moves) > before, "the move")
            assert play.match.log.moves[before][0] == 0
            assert not isinstance(app.screen, ApologyScreen)
            moves += 1
        await wait_for(pilot, lambda: my_turn() or play.match.over, "the next turn", limit=900)
        texts.append(board_text(board))
        assert not play.failed and app.screen is play
        assert moves == 10 and len(set(texts)) > 3
        view = play.match.view(None)
        assert view["expansion"] and f"Round {view['round']}" in texts[-1]
        for seat in range(2):
            assert f"¥{view['yen'][seat]:,}" in texts[-1]
        for mid in list(view["markets"]["fish"]) + list(view["markets"]["external"]):
            assert games.load("tsukiji").rules.m[mid].name in texts[-1]


@sync
async def test_the_expansion_s_lists_come_after_it_in_order_and_keep_what_was_chosen():
    """Set up with the expansion off: its own options are not in the form (nor in the Tab
    order). Switched on, they come after the Expansion list, in the game's order, and the
    table starts with what was chosen in them; switched off and on again, a choice stays."""
    from textual.widgets import Select

    from kiosk.screens.setup import SetupScreen
    game = games.load("tsukiji")
    names = [o.name for o in game.info.options]
    app = TokyoKiosk(bot_delay=0, seed=SEED, config=KioskConfig(idle_seconds=0))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        setup = SetupScreen(game)
        await app.push_screen(setup)
        await wait_for(pilot, lambda: setup.query("#option-expansion"), "the set-up form")

        def shown() -> list[str]:
            return [box.id.removeprefix("option-box-") for box in setup.query(".setup-option")
                    if not box.has_class("-unused")]

        def focus_order() -> list[str]:
            return [w.id.removeprefix("option-") for w in setup.focus_chain
                    if isinstance(w, Select) and (w.id or "").startswith("option-")]

        off = shown()
        assert "horse_mackerel" not in off and not setup.query("#option-horse_mackerel")
        assert off == [n for n in names if n in off] and focus_order() == off

        setup.query_one("#option-expansion", Select).value = "on"
        await wait_for(pilot, lambda: setup.query("#option-horse_mackerel"), "the expansion's lists")
        on = shown()
        assert on == [n for n in names if n in on] and focus_order() == on
        assert set(on) - set(off) >= {"table_mackerel", "blue_ship", "barges", "horse_mackerel", "sushi_shop"}
        setup.query_one("#option-horse_mackerel", Select).value = "out"
        await pilot.pause()

        setup.query_one("#option-expansion", Select).value = "off"
        await wait_for(pilot, lambda: shown() == off, "the expansion's lists hidden")
        assert setup.options()["horse_mackerel"] == game.info.option("horse_mackerel").default
        setup.query_one("#option-expansion", Select).value = "on"
        await wait_for(pilot, lambda: shown() == on, "the expansion's lists again")
        assert setup.options()["horse_mackerel"] == "out"
