"""Screenshots of the generic board (a game with no board of its own: the Sealed Auction test
plugin) at a small size and a roomy one, and of its curtain. The menu, the set-up and every
shipped game's screens are pictured at 80×24, 100×30 and 200×60 in test_kiosk_every_screen.py.

Regenerate after a deliberate change with
`.venv/bin/pytest tests/test_kiosk_snapshots.py --snapshot-update` and look at the SVGs.
"""

from __future__ import annotations

import pytest
from textual.widgets import Input

from core import games
from kiosk.app import TokyoKiosk
from kiosk.config import KioskConfig
from kiosk.screens import Seat
from kiosk.screens.curtain import CurtainScreen
from kiosk.screens.menu import MenuScreen
from kiosk.screens.play import PlayScreen
from tests.test_kiosk_privacy import auction  # noqa: F401 - the fake Sealed Auction plugin
from tests.kiosk_support import wait_for

SEED = 2024
SIZES = [pytest.param((100, 30), id="100x30"), pytest.param((140, 45), id="140x45")]


@pytest.fixture(autouse=True)
def only_chocolate_milk(monkeypatch):
    """Chocolate Milk as the only installed game (the Sealed Auction fixture adds itself):
    the same pictures every time, whatever other games are installed."""
    real = games._entry_points
    monkeypatch.setattr(games, "_entry_points", lambda: {k: v for k, v in real().items()
                                                         if k in ("chocolate_milk", "sealed_auction")})


def kiosk() -> TokyoKiosk:
    return TokyoKiosk(bot_delay=0, seed=SEED, config=KioskConfig(idle_seconds=0))


async def to_menu(pilot) -> None:
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, MenuScreen), "the menu")


def auction_turn(game, private: bool):
    """Aiko and Bo (people) and a computer bid in Sealed Auction; the generic board."""
    async def run_before(pilot) -> None:
        app = pilot.app
        await to_menu(pilot)
        app.start_match(game, [Seat("Aiko"), Seat("Bo"), Seat("Chiyo", "random")], {"lots": 2})
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen), "the curtain")
        if private:
            await pilot.press("space")
            await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen) and app.screen.human == 0,
                           "Aiko's turn")
            app.screen.query_one("#amount", Input).cursor_blink = False
            await pilot.press("4", "0", "0")
    return run_before


@pytest.mark.parametrize("size", SIZES)
def test_generic_board_private_view(snap_compare, size, auction):  # noqa: F811
    assert snap_compare(kiosk(), terminal_size=size, run_before=auction_turn(auction, True))


def test_curtain(snap_compare, auction):  # noqa: F811
    assert snap_compare(kiosk(), terminal_size=(100, 30), run_before=auction_turn(auction, False))
