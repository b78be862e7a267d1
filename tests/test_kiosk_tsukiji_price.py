"""Saying a "???" price in the kiosk (000:138): the list offers the ??? column once, and
choosing it opens a screen where the amount is typed or tapped — any multiple of ¥100."""

from textual.widgets import Input, OptionList, Static

from core import games
from kiosk.app import TokyoKiosk
from kiosk.config import KioskConfig
from kiosk.screens import Seat
from kiosk.screens.play import PlayScreen
from kiosk.boards.tsukiji_price import PriceScreen
from tests.kiosk_support import choose_action, sync, wait_for
from tests.tsukiji_support import position, seat


async def unloaded(pilot):
    """Aiko's ship has docked with a mackerel barrel: it waits for its price."""
    game = games.load("tsukiji")
    boats = [{"type": "1", "at": "sea", "load": ["mackerel"]}]
    match = game.scenario(position(players=2, seats=[seat(boats=boats), seat()]))
    match.play(0, "fish")
    match.play(0, "dock:1:left")
    play = PlayScreen(game, match, [Seat("Aiko"), Seat("Bo", bot="fishmonger")])
    pilot.app.push_screen(play)
    await wait_for(pilot, lambda: pilot.app.screen is play and play.human == 0, "Aiko's turn")
    return play


@sync
async def test_a_typed_price_goes_on_the_harbour():
    app = TokyoKiosk(bot_delay=0, seed=5, config=KioskConfig(idle_seconds=0))
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        play = await unloaded(pilot)
        await choose_action(pilot, play, "price:q")
        await wait_for(pilot, lambda: isinstance(app.screen, PriceScreen), "the price screen")
        await pilot.press("1", "2", "3", "4")
        await pilot.click("#price-key-00")
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen is play, "back at the table")
        assert play.match.view(None)["seats"][0]["harbour"] == [["mackerel", "upper", "q123400"]]
        assert play.match.log.moves[-1][1:] == ("price:q", {"yen": 123400})


@sync
async def test_a_price_that_is_no_multiple_of_100_changes_nothing():
    """The pad stays open with the reason (tests/test_kiosk_traps.py corrects the amount
    there); Esc then leaves it, and nothing was played."""
    app = TokyoKiosk(bot_delay=0, seed=5, config=KioskConfig(idle_seconds=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        play = await unloaded(pilot)
        before = play.match.save()
        await choose_action(pilot, play, "price:q")
        await wait_for(pilot, lambda: isinstance(app.screen, PriceScreen), "the price screen")
        pad = app.screen
        pad.query_one("#price", Input).value = "150"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is pad and play.match.save() == before
        assert "multiple of ¥100" in pad.query_one("#price-message", Static).visual.plain
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is play, "back at the table")
        assert play.match.save() == before and play.human == 0
        # back on the ??? line it left, not on a printed price
        assert play.query_one("#actions", OptionList).highlighted_option.id == "price:q"
