"""The kiosk driven as people drive it: keys (and a click) through menu, set-up, play, end."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest
from textual.content import Content
from textual.widgets import Input, OptionList, Select, Static

from core.bots import make_bot
from core.game import Result
from core.rng import Rng
from kiosk.app import TokyoKiosk
from kiosk.boards import Board, GenericBoard, board_for
from kiosk.boards.chocolate_milk import ChocolateMilkBoard, CratesPanel, LotCard
from kiosk.boards.generic import ViewText
from kiosk.screens import Seat
from kiosk.screens.end import EndScreen, ranking_lines, winner_line
from kiosk.screens.menu import MenuScreen
from kiosk.screens.play import PlayScreen
from kiosk.words import named
from kiosk.screens.rules import RulesScreen
from kiosk.screens.setup import SetupScreen
from kiosk.widgets.keybar import KeyBar
from tests.kiosk_support import sync, wait_for

SIZE = (120, 40)
SEED = 2024


def text_of(screen) -> str:
    """The text of every Static on a screen, as shown."""
    out = []
    for widget in screen.query(Static):
        visual = widget.visual
        out.append(visual.plain if isinstance(visual, Content) else str(visual))
        if widget.border_title:
            out.append(widget.border_title)
    return "\n".join(out)


async def open_setup(pilot) -> SetupScreen:
    """Chocolate Milk's set-up: one down from the first game of the menu (Bottle Bonus)."""
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, MenuScreen), "the menu")
    await pilot.press("down", "enter")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, SetupScreen), "the set-up screen")
    return pilot.app.screen


async def choose(pilot, select_id: str, label: str) -> None:
    """Open a Select with Enter, move with the arrow keys to the choice `label`, press Enter."""
    select = pilot.app.screen.query_one(f"#{select_id}", Select)
    select.focus()
    await pilot.press("enter")
    await wait_for(pilot, lambda: select.expanded, f"{select_id} to open")
    overlay = select.query_one(OptionList)
    labels = [str(o.prompt) for o in overlay.options]
    target = labels.index(label)
    for _ in range(len(labels)):
        if overlay.highlighted == target:
            break
        await pilot.press("down" if (overlay.highlighted or 0) < target else "up")
    assert overlay.highlighted == target
    await pilot.press("enter")
    await wait_for(pilot, lambda: not select.expanded, f"{select_id} to close")


@sync
async def test_menu_lists_games_practice_and_how_to_play():
    app = TokyoKiosk(bot_delay=0, seed=SEED)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        games = app.screen.query_one("#menu-games", OptionList)
        ids = [o.id for o in games.options if o.id]
        assert "game:chocolate_milk" in ids and ids[-3:] == ["practice:build", "practice:vending", "practice:push"]
        assert all(i.startswith("game:") for i in ids[:-3])
        prompts = {o.id: str(o.prompt) for o in games.options if o.id}
        cm = prompts["game:chocolate_milk"]
        assert "Chocolate Milk" in cm and "2–8 players" in cm
        assert "score crates squared" in app.screen.about("game:chocolate_milk")
        assert prompts["practice:build"] == "Practice: building"
        assert prompts["practice:vending"] == "Practice: vending machine"
        assert app.focused is games
        assert games.get_option_at_index(games.highlighted).id == "game:bottle_bonus"   # the first by title

        await pilot.press("down", "f1")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen), "how to play")
        shown = app.screen.query_one("#rules-text", Static).visual.plain
        assert "Move and buy" in shown and "How to play Chocolate Milk" in text_of(app.screen)
        await pilot.click("#rules-close")
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu again")
        keybar = app.screen.query_one(KeyBar)
        assert keybar.render().plain.startswith(" f1 How to play")
        await pilot.click(KeyBar, offset=(2, 0))  # touching "f1" on the key bar
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen), "how to play, touched")
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu once more")
        await pilot.press("q")
        await wait_for(pilot, lambda: not app.is_running, "the app to quit")


def shown_about(menu) -> str:
    """What the menu tells about its highlighted entry, as shown: under the list (one line
    a game), or in the entry itself (a screen with room for every summary)."""
    games = menu.query_one("#menu-games", OptionList)
    about = menu.query_one("#menu-about", Static)
    if about.display:
        return about.visual.plain
    return str(games.get_option_at_index(games.highlighted).prompt)


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 36), (200, 60)], ids=lambda s: f"{s[0]}x{s[1]}")
@sync
async def test_every_game_and_practice_screen_is_on_the_first_screen(monkeypatch, size):
    """Issue 33: the dexterity practice was below the fold at 120×36. Now every entry of the
    menu can be seen without scrolling from 80×24 up, the highlighted game is told about,
    and a practice screen opens with one touch."""
    opened = []
    monkeypatch.setattr(TokyoKiosk, "open_practice", lambda self, name: opened.append(name))
    app = TokyoKiosk(bot_delay=0, seed=SEED)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        await pilot.pause()
        menu = app.screen
        games = menu.query_one("#menu-games", OptionList)
        ids = [o.id for o in games.options]
        assert ids[-3:] == ["practice:build", "practice:vending", "practice:push"]
        assert len([i for i in ids if i and i.startswith("game:")]) == len(menu.infos) >= 7
        # Nothing to scroll, and the whole list on screen: every entry is in sight.
        assert games.max_scroll_y == 0 and games.scroll_y == 0, (games.virtual_size, games.size)
        region = games.region
        assert region.y >= 0 and region.bottom <= size[1] and region.right <= size[0]
        assert app.focused is games

        first = menu.infos[0]
        assert first.summary in shown_about(menu)
        await pilot.press("down")
        assert menu.infos[1].summary in shown_about(menu)
        for _ in range(len(ids)):   # down past the last game and the heading (never highlighted)
            if games.get_option_at_index(games.highlighted).id == "practice:build":
                break
            await pilot.press("down")
        assert games.get_option_at_index(games.highlighted).id == "practice:build"
        if menu.query_one("#menu-about").display:
            assert "Build a house on a lot card" in shown_about(menu)

        if not menu.roomy:  # one line an entry: touch "Practice: pushing the crate"
            assert size[1] <= 36
            await pilot.click("#menu-games", offset=(4, ids.index("practice:push")))
            await wait_for(pilot, lambda: opened, "the practice to open")
            assert opened == ["push"]
        else:
            assert size == (200, 60)
            await pilot.press("down", "enter")
            assert opened == ["vending"]


def test_listing_the_menu_imports_no_game():
    """The menu is drawn (in a fresh process) without importing any game's module."""
    code = textwrap.dedent("""
        import asyncio, json, sys
        from kiosk.app import TokyoKiosk
        from kiosk.screens.menu import MenuScreen

        async def main():
            app = TokyoKiosk(bot_delay=0)
            async with app.run_test(size=(100, 30)) as pilot:
                for _ in range(100):
                    if isinstance(app.screen, MenuScreen):
                        break
                    await pilot.pause()
                listed = [o.id for o in app.screen.query_one("#menu-games").options if o.id]
            loaded = sorted(m for m in sys.modules if m.startswith(("games.", "physics", "pygame")))
            print(json.dumps({"listed": listed, "loaded": loaded}))

        asyncio.run(main())
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                         check=True)
    data = json.loads(out.stdout.strip().splitlines()[-1])
    assert "game:chocolate_milk" in data["listed"]
    assert data["loaded"] == []


@sync
async def test_setup_changes_player_count_and_seat_kinds():
    app = TokyoKiosk(bot_delay=0, seed=SEED)
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(pilot)
        shown = lambda: [r.id for r in setup.query(".seat-row") if r.display]
        assert shown() == ["seat-0", "seat-1"]
        assert [s.kind for s in setup.seats()] == ["human", "normal computer"]

        await choose(pilot, "player-count", "4")
        assert shown() == ["seat-0", "seat-1", "seat-2", "seat-3"]
        await choose(pilot, "seat-kind-1", "Human")
        await choose(pilot, "seat-kind-3", "Computer · easy")

        name = setup.query_one("#seat-name-2", Input)
        name.focus()
        await pilot.press("ctrl+u", *"Aiko")
        seats = setup.seats()
        assert [s.name for s in seats] == ["Player 1", "Player 2", "Aiko", "Player 4"]
        assert [s.bot for s in seats] == [None, None, "normal", "easy"]

        await choose(pilot, "player-count", "3")
        assert shown() == ["seat-0", "seat-1", "seat-2"]
        assert len(setup.seats()) == 3
        await choose(pilot, "option-refill", "draw")
        assert setup.options() == {"variant": "strategic", "refill": "draw", "boxes": 1}

        await pilot.click("#start")
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen), "the play screen")
        match = app.screen.match
        assert match.players == 3 and match.options["refill"] == "draw"
        assert match.log.seed == SEED

        await pilot.press("escape")
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu again")


def assert_board_shows(play, view: dict) -> None:
    """The Chocolate Milk board matches the view: lots with words and codes, yen, crates."""
    rules = play.game.rules
    cards = sorted(play.query(LotCard), key=lambda c: c.card)
    assert [c.drinks for c in cards] == view["grid"]
    for card in cards:
        text = card.render().plain
        for code in card.drinks:
            assert f"{code} {rules.labels[rules.code_index[code]]}" in text
    crates = play.query_one(CratesPanel).render().plain
    for seat, y in enumerate(view["yen"]):
        assert f"Player {seat + 1}  ¥{y:,}" in crates
        for crate in view["crates"][seat]:
            assert " ".join(crate) in crates


@sync
async def test_whole_game_by_keys_against_the_computer():
    """Seat 1 plays every move with arrow keys and Enter; seat 2 is the computer at the
    normal level, which is the dealer bot."""
    app = TokyoKiosk(bot_delay=0, seed=SEED)
    async with app.run_test(size=SIZE) as pilot:
        await open_setup(pilot)
        await pilot.press("f2")  # Start: two seats, human and computer (normal)
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen), "the play screen")
        play = app.screen
        match = play.match
        assert [s.bot for s in play.seats] == [None, "normal"]
        # Seat 1 picks what the dealer bot would pick for it, but only by moving the cursor.
        advisor, advice_rng = make_bot(play.game, "dealer"), Rng(SEED, stream=7)
        actions = play.query_one("#actions", OptionList)
        human_moves = 0

        def settled() -> bool:
            return isinstance(app.screen, EndScreen) or (
                play.human == 0 and any(o.id for o in actions.options))

        while True:
            await wait_for(pilot, settled, "seat 1's turn or the end")
            if isinstance(app.screen, EndScreen):
                break
            assert app.focused is actions
            assert "Player 1 to play" in play.query_one("#play-header", Static).visual.plain
            assert_board_shows(play, match.view(None))
            legal = match.legal(0)
            want = advisor.choose(match.view(0), legal, advice_rng).key
            enabled = [o.id for o in actions.options if not o.disabled]
            assert sorted(enabled) == sorted(a.key for a in legal)
            assert actions.get_option_at_index(actions.highlighted).id == enabled[0]
            before = len(match.log.moves)
            await pilot.press(*["down"] * enabled.index(want))
            assert actions.get_option_at_index(actions.highlighted).id == want
            await pilot.press("enter")
            assert match.log.moves[before] == (0, want)
            human_moves += 1
            assert human_moves < 60, "the game should have ended"

        assert match.over and human_moves > 3
        seats_moved = {s for s, _ in match.log.moves}
        assert seats_moved == {0, 1}
        result = match.result()
        end_text = text_of(app.screen)
        ranking = app.screen.query_one("#end-ranking", Static).visual.plain.splitlines()
        assert len(ranking) == 2
        for seat, name in enumerate(["Player 1", "Player 2"]):
            line = next(line for line in ranking if name in line)
            assert line.endswith(f"¥{result.final_yen[seat]:,}")
            assert f"Total: ¥{result.breakdown[seat]['total']:,}" in end_text
        assert any(f"Player {s + 1}" in ranking[0] for s in result.winners)
        assert ("wins!" in end_text) == (len(result.winners) == 1)
        assert named(result.reason, ["Player 1", "Player 2"]) in end_text

        await pilot.press("enter")  # a stray Enter from the last move keeps the scores up
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        await pilot.press("m")
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        assert len(app.screen_stack) == 1


@sync
async def test_actions_can_be_clicked():
    app = TokyoKiosk(bot_delay=0, seed=SEED)
    async with app.run_test(size=SIZE) as pilot:
        await open_setup(pilot)
        await choose(pilot, "seat-kind-1", "Human")
        await pilot.click("#start")
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen), "the play screen")
        play = app.screen
        seat = play.human
        first = play.match.legal(seat)[0]
        # Row 0 is the border, row 1 the first group's heading, row 2 its first action.
        await pilot.click("#actions", offset=(4, 2))
        await wait_for(pilot, lambda: play.match.log.moves, "the clicked move")
        assert play.match.log.moves == [(seat, first.key)]
        assert play.human == 1 - seat


@sync
async def test_a_game_without_a_board_is_shown_by_the_generic_one(monkeypatch):
    from dataclasses import replace

    from core import games
    read = games._read_info        # chocolate_milk's info.toml as if it named no board
    monkeypatch.setattr(games, "_read_info", lambda name, ep: replace(
        read(name, ep), parts=replace(read(name, ep).parts, board="")))
    assert board_for("chocolate_milk") is GenericBoard
    app = TokyoKiosk(bot_delay=0, seed=SEED)
    async with app.run_test(size=SIZE) as pilot:
        await open_setup(pilot)
        await pilot.press("f2")
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen) and app.screen.human == 0,
                       "seat 1's turn")
        play = app.screen
        shown = lambda: play.query_one("#generic-view", Static).visual.plain.splitlines()
        view = play.match.view(None)
        assert isinstance(play.query_one("#board"), GenericBoard)
        yen = " · ".join(f"Player {s + 1} {y:,}" for s, y in enumerate(view["yen"]))
        assert f"Yen: {yen}" in shown()
        assert "Grid" in shown() and f"  #9: {' · '.join(view['grid'][8])}" in shown()
        assert not any(line.startswith(("Viewer", "To act")) for line in shown())
        await pilot.press("enter")
        await wait_for(pilot, lambda: play.human == 0 and len(play.match.log.moves) >= 2, "a round")
        view = play.match.view(None)
        assert f"Turn: {view['turn']}" in shown()
        assert f"Crates left: {view['crates_left']}" in shown()


def test_generic_view_text_names_seats_and_nests():
    view = {"viewer": 1, "to_act": [0], "round": 3, "open": True, "note": "",
            "money": [None, 1500, None], "bid": {"bidders": [0, 1, 2], "done": [2], "bids": {"0": 300}},
            "markets": [{"fish": "tuna", "price": 800, "stock": [1, 2]}]}
    rows = ViewText(["Aiko", "Bo", "Chiyo"]).lines(view)
    assert rows == [
        (0, "Round: 3", False), (0, "Open: yes", False), (0, "Note: –", False),
        (0, "Money: Aiko hidden · Bo 1,500 · Chiyo hidden", False),
        (0, "Bid", True), (1, "Bidders: Aiko · Bo · Chiyo", False), (1, "Done: Chiyo", False),
        (1, "Bids: Aiko 300", False),
        (0, "Markets", True), (1, "#1", True), (2, "Fish: tuna", False), (2, "Price: 800", False),
        (2, "Stock: 1 · 2", False),
    ]


def test_breakdown_lines(chocolate_milk):
    entry = {"yen": 1500, "crates": [{"drinks": ["K6", "K2"], "scored": "black", "count": 2,
                                      "payout": 400}], "total": 1900}
    assert Board.breakdown_lines(None, entry) == [
        "Yen: 1,500", "Crates #1: drinks=K6 K2, scored=black, count=2, payout=400", "Total: 1,900"]
    assert ChocolateMilkBoard.breakdown_lines(chocolate_milk, entry) == [
        "Yen in hand: ¥1,500", "Crate 1: K6 K2 — 2 × black: 2² × ¥100 = ¥400", "Total: ¥1,900"]


def test_shared_wins_share_a_place():
    result = Result(final_yen=(2000, 2000, 900), ranking=((0, 1), (2,)),
                    breakdown=({}, {}, {}), reason="")
    seats = [Seat("Aiko"), Seat("Bo", "dealer"), Seat("Chiyo")]
    assert ranking_lines(result, seats) == [
        "1st (shared)  Aiko   ¥2,000",
        "1st (shared)  Bo     ¥2,000",
        "3rd           Chiyo  ¥900",
    ]
    assert winner_line(result, seats) == "Shared win: Aiko and Bo!"


@sync
async def test_many_actions_get_group_tabs_and_stay_reachable_by_keys_and_clicks():
    from textual.app import App
    from textual.widgets import Tab, Tabs

    from core.game import Action
    from kiosk.widgets.actions import ActionPicker

    legal = ([Action(f"fish:{i}", f"Launch boat {i}", "Fishing") for i in range(8)]
             + [Action(f"buy:{i}", f"Buy crate {i}", "Buying") for i in range(6)]
             + [Action("market:eel", "Enter the eel market", "Markets")])
    chosen = []

    class Frame(App):
        CSS_PATH = "../kiosk/kiosk.tcss"

        def compose(self):
            yield ActionPicker(id="picker")

        def on_action_picker_chosen(self, event):
            chosen.append(event.key)

    app = Frame()
    async with app.run_test(size=(60, 30)) as pilot:
        picker = app.query_one(ActionPicker)
        picker.offer("Aiko, choose:", legal, masked=False)
        await wait_for(pilot, lambda: len(picker.query(Tab)) == 4, "the group tabs")
        actions = picker.query_one("#actions", OptionList)
        assert [o.id for o in actions.options if o.id] == [a.key for a in legal]
        assert [str(o.prompt) for o in actions.options if o.disabled] == ["Fishing", "Buying", "Markets"]
        assert not picker.query_one("#amount-box").display  # public amounts stay in the list

        tabs = picker.query_one(Tabs)
        assert [str(t.label) for t in tabs.query(Tab)] == ["All", "Fishing", "Buying", "Markets"]
        await pilot.click(f"#{tabs.query(Tab)[2].id}")  # "Buying"
        await wait_for(pilot, lambda: picker.group == "Buying", "the Buying tab")
        assert [o.id for o in actions.options if o.id] == [f"buy:{i}" for i in range(6)]
        actions.focus()
        await pilot.press("down", "down", "enter")
        assert chosen == ["buy:2"]

        tabs.focus()
        await pilot.press("left", "left")  # back to "All"
        await wait_for(pilot, lambda: picker.group is None, "all groups")
        assert len([o for o in actions.options if o.id]) == len(legal)

        picker.offer("Bo, choose:", legal[:3], masked=False)  # few actions: no tabs
        await wait_for(pilot, lambda: not picker.query(Tabs), "the tabs to go")
