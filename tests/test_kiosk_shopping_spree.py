"""The Shopping Spree in the kiosk, as a person plays it: walking by touching the floor's
dots, taking by touching a card, leaving by the entrance line, choosing in the list by
keys; in the dexterity variant, how hard to push and the push itself on its own screen."""

from textual.widgets import OptionList

from core import games
from games.shopping_spree.floor import OUT
from kiosk.app import TokyoKiosk
from kiosk.boards.shopping_spree import RULER, FloorPanel
from kiosk.config import KioskConfig
from kiosk.screens import Seat
from kiosk.screens.play import PlayScreen
from tests.kiosk_support import choose_action as pick, sync, wait_for
from tests.test_shopping_spree import dumped, hand


async def table(pilot, game, data, seats):
    app = pilot.app
    play = PlayScreen(game, game.scenario(data), seats)
    app.push_screen(play)
    await wait_for(pilot, lambda: app.screen is play and play.human is not None, "the person's turn")
    return play


async def touch(pilot, play, row: int, col: int) -> None:
    """Touch the floor's cell at plan row/column (0-based), as a finger would."""
    floor = play.query_one(FloorPanel)
    w = floor.cell_width()
    left, top = floor.styles.padding.left, floor.styles.padding.top
    await pilot.click(FloorPanel, offset=(left + RULER + col * w + 1, top + 1 + row))


@sync
async def test_walk_take_and_leave_by_touch_and_keys():
    game = games.load("shopping_spree")
    d = hand(dumped(game, 2, seat=0, first=0, pos=["7:4", OUT]), 0, ["shirt", "shirt"])
    app = TokyoKiosk(bot_delay=0, seed=4, config=KioskConfig(idle_seconds=0))
    async with app.run_test(size=(120, 44)) as pilot:
        await pilot.pause()
        play = await table(pilot, game, d, [Seat("Aiko"), Seat("Bo", bot="shopper")])
        match = play.match
        # 004:207 — the entrance line leaves through the double aisles: two shirts, ¥600, and the
        # shirt and trousers stack falls to ¥200 (004:195), trousers too
        rows = len(game.rules.floor.rows)
        await touch(pilot, play, rows, 0)
        await wait_for(pilot, lambda: match.state["trips"][0] == 1, "Aiko leaves")
        assert match.state["yen"][0] == 600 and game.rules.price_of(match.state, "trousers") == 200
        await wait_for(pilot, lambda: play.human == 0 and match.state["seat"] == 0, "Aiko's next turn")
        # re-entering: touch the left double aisle's dot, then the magazines' card beside it
        await touch(pilot, play, 8, 4)
        await wait_for(pilot, lambda: match.state["pos"][0] == "8:4", "Aiko walks in")
        await touch(pilot, play, 8, 5)
        await wait_for(pilot, lambda: match.state["crates"][0] == ["magazine"], "the magazine taken")
        # a dot out of reach is refused, and nothing changes
        await wait_for(pilot, lambda: play.human == 0 and match.state["phase"] == "move", "Aiko's third turn")
        before = match.save()
        await touch(pilot, play, 1, 1)
        await pilot.pause()
        assert match.save() == before
        # the list by keys: a walk three steps away, then taking nothing
        walk = next(a.key for a in match.legal(0) if a.data[1] == 3)
        await pick(pilot, play, walk)
        await wait_for(pilot, lambda: match.state["phase"] == "take", "the walk")
        await pick(pilot, play, "pass")
        await wait_for(pilot, lambda: match.state["seat"] == 1 or play.human == 0, "the turn passes")


@sync
async def test_dexterity_asks_how_hard_then_shows_the_push():
    """004:203 — a loaded crate is pushed: the list offers each walk once, a screen asks how
    hard (1-5), the move is played with it, and the push the rules simulated is shown."""
    from kiosk.practice.push import PushScreen
    game = games.load("shopping_spree")
    d = hand(dumped(game, 2, seat=0, first=0, pos=["5:5", OUT], variant="dexterity"), 0,
             ["washer", "shirt", "salmon"])
    app = TokyoKiosk(bot_delay=0, seed=4, config=KioskConfig(idle_seconds=0))
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        play = await table(pilot, game, d, [Seat("Aiko"), Seat("Bo", bot="shopper")])
        match = play.match
        options = play.query_one("#actions", OptionList)
        listed = [options.get_option_at_index(i).id for i in range(options.option_count)]
        assert "walk:5:6" in listed and not any(k.count(":") == 3 for k in listed if k)
        await pick(pilot, play, "walk:5:6")
        await wait_for(pilot, lambda: isinstance(app.screen, PushScreen) and app.screen.mode == "choose",
                       "how hard?")
        await pilot.press("2", "enter")
        await wait_for(pilot, lambda: match.state["push"] is not None, "the push played")
        push = match.state["push"]
        assert push["level"] == 2 and push["steps"] == 1 and match.state["pos"][0] == "5:6"
        await wait_for(pilot, lambda: isinstance(app.screen, PushScreen) and app.screen.mode == "show", "the push")
        shown = app.screen.bench.push
        assert shown is not None
        await pilot.press("enter")            # the push to its end (if still moving), then back
        await pilot.pause()
        if app.screen is not play:
            await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen is play, "back at the table")
        assert list(shown.result.fallen) == push["fallen"]
        assert match.state["phase"] == "take" and play.human == 0
        # touching a dot asks the same way; Esc on the question plays nothing
        await wait_for(pilot, lambda: match.state["phase"] == "take", "the take")
        await pick(pilot, play, "pass")
        await wait_for(pilot, lambda: play.human == 0 and match.state["phase"] == "move", "Aiko again")
        before = match.save()
        await touch(pilot, play, 5, 5)
        await wait_for(pilot, lambda: isinstance(app.screen, PushScreen), "how hard? (by touch)")
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is play, "back at the table")
        assert match.save() == before


@sync
async def test_set_up_asks_who_went_shopping_last():
    """004:205 — the set-up screen asks who went shopping last; that player begins, and
    the seats go on clockwise from there."""
    from textual.widgets import Select
    from kiosk.screens.setup import SetupScreen
    from tests.test_kiosk import choose, text_of
    game = games.load("shopping_spree")
    app = TokyoKiosk(bot_delay=0, seed=4, config=KioskConfig(idle_seconds=0))
    async with app.run_test(size=(120, 44)) as pilot:
        await pilot.pause()
        setup = SetupScreen(game)
        app.push_screen(setup)
        await wait_for(pilot, lambda: app.screen is setup and setup.query("#option-first"), "the set-up screen")
        await pilot.pause()
        assert "Who went shopping last? They begin" in text_of(setup)
        await choose(pilot, "player-count", "3")
        await choose(pilot, "seat-kind-1", "Human")
        await choose(pilot, "seat-kind-2", "Human")
        select = setup.query_one("#option-first", Select)
        assert select.value == "player 1"
        # the list names the players ("player 3"; the seat's name, "Player 3", where the
        # set-up offers only the seats at the table)
        select.focus()
        await pilot.press("enter")
        await wait_for(pilot, lambda: select.expanded, "the list of players")
        prompts = [str(o.prompt) for o in select.query_one(OptionList).options]
        await pilot.press("escape")
        await wait_for(pilot, lambda: not select.expanded, "the list closed")
        assert prompts[:3] == ["player 1", "player 2", "player 3"] or prompts == ["Player 1", "Player 2", "Player 3"]
        await choose(pilot, "option-first", prompts[2])
        assert setup.options()["first"] == "player 3"
        await pilot.press("f2")
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen), "the play screen")
        match = app.screen.match
        assert match.state["first"] == 2 and match.to_act() == (2,)


@sync
async def test_the_board_reads_in_words():
    """The board shows the laundry prices by stack (004:193-196) after a sale lowered one, in
    goods' words and codes: no internal keys and no rulebook lines."""
    import re
    from kiosk.boards.shopping_spree import SpreePainter
    game = games.load("shopping_spree")
    d = hand(dumped(game, 2, seat=0, first=0, pos=["7:4", OUT]), 0, ["trousers", "socks"])
    app = TokyoKiosk(bot_delay=0, seed=4, config=KioskConfig(idle_seconds=0))
    async with app.run_test(size=(120, 44)) as pilot:
        await pilot.pause()
        play = await table(pilot, game, d, [Seat("Aiko"), Seat("Bo", bot="shopper")])
        await pick(pilot, play, "leave")
        await wait_for(pilot, lambda: play.match.state["trips"][0] == 1, "Aiko leaves")
        await pilot.pause()
        text = "\n".join(p.render().plain for p in play.query(SpreePainter))
        assert "Sh/Tr ¥200" in text and "Br/Up/So ¥100" in text and "Wa/Dr ¥500" in text
        assert not re.search(r"\w:\w|\b00[04]:\d|\bouterwear\b", text), text
