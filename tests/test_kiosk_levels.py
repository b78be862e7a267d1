"""Computer levels in the kiosk: chosen per seat at set-up, shown on the seat, kept in
saves; the hard level thinks in a thread while the screen goes on answering keys."""

from __future__ import annotations

import asyncio
import threading

from textual import events
from textual.widgets import OptionList, Select, Static

import core.bots
from core.bots import decide
from kiosk.app import TokyoKiosk
from kiosk.config import KioskConfig
from kiosk.screens import Seat
from kiosk.screens.leave import LeaveScreen
from kiosk.screens.menu import MenuScreen
from kiosk.screens.play import PlayScreen
from kiosk.screens.rules import RulesScreen
from kiosk.screens.setup import SetupScreen
from kiosk.session import seats_from_meta
from tests.kiosk_support import sync, wait_for

SEED = 2024
SIZE = (100, 30)


def kiosk() -> TokyoKiosk:
    return TokyoKiosk(bot_delay=0, seed=SEED, config=KioskConfig(idle_seconds=0))


async def until(condition, what: str, seconds: float = 10.0) -> None:
    """Wait in real time: while a search keeps a core busy, Pilot.pause() waits up to a
    second for the process to go idle, so the wait would outlast the search."""
    for _ in range(int(seconds / 0.02)):
        if condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


def send_key(app, name: str) -> None:
    """A key as the terminal sends it. Pilot.press would also wait for the process to go
    idle, up to two seconds a key while a search keeps a core busy."""
    app._driver.send_message(events.Key(name, None))


async def thinking(app, pilot, game) -> PlayScreen:
    """A table where Kengo, a hard computer, moves first and is thinking now."""
    await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
    app.start_match(game, [Seat("Kengo", "hard"), Seat("Aiko")], {})
    await until(lambda: isinstance(app.screen, PlayScreen) and app.screen.thinking == 0, "Kengo thinking")
    return app.screen


def seats_text(play: PlayScreen) -> str:
    return play.query_one("#seats-panel", Static).visual.plain


@sync
async def test_a_seat_set_to_hard_is_shown_so_and_saved_so():
    app = kiosk()
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        await pilot.press("down", "enter")            # Chocolate Milk
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen), "the set-up screen")
        setup = app.screen
        kind = setup.query_one("#seat-kind-1", Select)
        assert kind.value == "bot:normal"
        kind.focus()
        await pilot.press("enter")
        await wait_for(pilot, lambda: kind.expanded, "the list of players")
        offered = [str(o.prompt) for o in kind.query_one(OptionList).options]
        assert offered == ["Human", "Computer · normal", "Computer · easy", "Computer · hard",
                           "Phone"]
        await pilot.press("down", "down", "enter")    # normal → easy → hard
        assert [s.bot for s in setup.seats()] == [None, "hard"]
        assert "hard thinks ahead" in setup.query_one("#setup-levels", Static).visual.plain

        await pilot.press("f2")
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen) and app.screen.human == 0,
                       "seat 1's turn")
        play = app.screen
        assert "2 Player 2 · hard computer" in seats_text(play)
        assert play.session.computers.bots[1].searches
        meta = app.store.open_match(play.slot).meta
        assert meta["seats"][1] == {"name": "Player 2", "bot": "hard"}
        assert seats_from_meta(meta, play.game, 2) == [Seat("Player 1"), Seat("Player 2", "hard")]
        entry = next(e for e in app.store.entries() if e.slot == play.slot)
        assert entry.seats == ("Player 1", "Player 2 (hard computer)")      # the resume list


@sync
async def test_the_screen_answers_keys_while_the_hard_computer_thinks(monkeypatch, chocolate_milk):
    """F1 opens the rules while the search (2 s) is still running; then its move lands."""
    monkeypatch.setattr(core.bots, "HARD_SECONDS", 2.0)
    app = kiosk()
    async with app.run_test(size=SIZE) as pilot:
        play = await thinking(app, pilot, chocolate_milk)
        assert "Kengo is thinking…" in play.query_one("#play-header", Static).visual.plain
        assert "Kengo (computer) is thinking…" in play.query_one("#actions-title", Static).visual.plain

        send_key(app, "f1")
        await until(lambda: isinstance(app.screen, RulesScreen), "how to play")
        assert play.thinking == 0 and play.match.log.moves == [] and not play.session.computers.bots[0].last  # still searching
        send_key(app, "escape")
        await until(lambda: app.screen is play, "the table again")

        await until(lambda: play.match.log.moves, "Kengo's move")
        seat, key = play.match.log.moves[0]
        visits = play.session.computers.bots[0].last["visits"]
        assert seat == 0 and visits[key] == max(visits.values())   # the search's own choice
        await wait_for(pilot, lambda: play.human == 1, "Aiko's turn")
        assert play.thinking is None
        assert "Aiko, your move" in play.query_one("#actions-title", Static).visual.plain
        assert app.store.open_match(play.slot).match.log.moves == play.match.log.moves


@sync
async def test_leaving_while_the_computer_thinks_plays_nothing_into_the_old_table(monkeypatch, chocolate_milk):
    """The search is held (after a short real one) until the table has been left."""
    monkeypatch.setattr(core.bots, "HARD_SECONDS", 0.2)
    held, returned = threading.Event(), threading.Event()

    def held_decide(*args):
        choice = decide(*args)
        held.wait(10)
        returned.set()
        return choice

    monkeypatch.setattr("core.session.decide", held_decide)
    app = kiosk()
    async with app.run_test(size=SIZE) as pilot:
        play = await thinking(app, pilot, chocolate_milk)
        send_key(app, "escape")
        await until(lambda: isinstance(app.screen, LeaveScreen), "leave the game?")
        send_key(app, "y")
        await until(lambda: isinstance(app.screen, MenuScreen), "the menu")
        held.set()
        await until(returned.is_set, "the search to return")
        for _ in range(5):
            await pilot.pause(0.02)
        assert play.match.log.moves == [] and not play.failed
        assert isinstance(app.screen, MenuScreen) and app.is_running
        assert app.store.open_match(play.slot).match.log.moves == []   # still resumable, as left


@sync
async def test_a_thought_about_a_position_that_has_moved_on_is_not_played(monkeypatch, chocolate_milk):
    """Something else is played while the computer thinks: its move is dropped, the table
    goes on from the match as it is."""
    monkeypatch.setattr(core.bots, "HARD_SECONDS", 0.2)
    app = kiosk()
    async with app.run_test(size=SIZE) as pilot:
        play = await thinking(app, pilot, chocolate_milk)
        first = play.match.legal(0)[-1]
        play.match.play(0, first)        # as if Kengo's move had come another way
        await until(lambda: play.thinking is None, "the thought to come back")
        await wait_for(pilot, lambda: play.human == 1, "Aiko's turn")
        assert play.match.log.moves == [(0, first.key)] and not play.failed
