"""Traps a new player met by hand in Tsukiji (issue 33), walked through at the screen as they
would: by keys, on the smallest screen the kiosk supports (80×24).

- after launching a boat the cursor of the move list must not sit on a price: Enter out of
  habit ends the fishing action, it does not move a barrel to ¥100;
- a "???" price the rules refuse keeps the number pad open, the reason under the field;
- the filter tabs under the move list are reached by Tab (or ↓ past the last move), ← →
  change the filter, Enter or ↑ goes back to the moves; touch works as before;
- a market may be left from the screen, and the king crab's moves are read whole.
"""

from __future__ import annotations

import re

from textual.widgets import Input, OptionList, Static

from core import games
from core.game import Action
from kiosk.app import TokyoKiosk
from kiosk.config import KioskConfig
from kiosk.screens import Seat
from kiosk.screens.play import PlayScreen
from kiosk.boards.tsukiji_price import PriceScreen
from kiosk.widgets.actions import ActionPicker, FilterTabs, changes_price, cursor_key
from tests.kiosk_support import choose_action, sync, wait_for
from tests.tsukiji_support import position, seat

SMALL = (80, 24)


def kiosk() -> TokyoKiosk:
    return TokyoKiosk(bot_delay=0, seed=5, config=KioskConfig(idle_seconds=0))


async def at_table(pilot, match) -> PlayScreen:
    """Aiko (a person) against Bo (the fishmonger) at `match`, Aiko to choose."""
    await pilot.pause()
    play = PlayScreen(games.load("tsukiji"), match, [Seat("Aiko"), Seat("Bo", bot="fishmonger")])
    pilot.app.push_screen(play)
    await wait_for(pilot, lambda: pilot.app.screen is play and play.human == 0, "Aiko's turn")
    return play


def tsukiji(*seats, fish=("mackerel",), external=("ships",)):
    return games.load("tsukiji").scenario(position(players=2, fish=fish, external=external,
                                                   seats=list(seats) + [seat()]))


def cursor(play) -> Action:
    """The move under the cursor (it must be one the person can see)."""
    options = play.query_one("#actions", OptionList)
    assert play.query_one(ActionPicker).shows(options.highlighted), "the cursor is off the screen"
    key = options.highlighted_option.id
    return next(a for a in play.match.legal(0) if a.key == key)


def listed(play) -> list[str]:
    options = play.query_one("#actions", OptionList)
    return [o.id for o in options.options if o.id]


async def enter(pilot, play) -> None:
    """Enter on the move list, and wait for the move to be played."""
    before = len(play.match.log.moves)
    await pilot.press("enter")
    await wait_for(pilot, lambda: len(play.match.log.moves) > before and play.human == 0, "the move")


# ---- 1. the cursor after a move -----------------------------------------------------------

def test_the_cursor_rule_keeps_the_kind_and_never_jumps_into_prices():
    fishing = [Action("reprice:U:c2:mackerel:c1", "Move the mackerel to column 1", "Prices"),
               Action("reprice:U:c2:mackerel:q", "Move the mackerel to ???", "Prices", takes="yen"),
               Action("catch:2:mackerel", "Boat 2 catches a mackerel barrel", "Fishing"),
               Action("dock:2:left", "Dock boat 2", "Fishing"),
               Action("done", "End the fishing action", "Fishing")]
    assert [changes_price(a) for a in fishing] == [True, True, False, False, False]
    assert changes_price(Action("price:c3", "Put the eel up for sale in column 3", "Fishing"))
    assert changes_price(Action("price:red:blue", "Move ¥100 from red to blue", "Prices"))   # Izakaya
    assert cursor_key(fishing, chosen="launch:1") == "catch:2:mackerel"    # never the first line, a price
    assert cursor_key(fishing, chosen="catch:1:mackerel") == "catch:2:mackerel"   # the same kind
    assert cursor_key(fishing[:2] + fishing[4:], chosen="launch:1") == "done"
    assert cursor_key(fishing, chosen="reprice:U:c3:eel:c5") == "catch:2:mackerel"   # a price: not again
    assert cursor_key(fishing, chosen="reprice:U:c2:mackerel:q") == "reprice:U:c2:mackerel:q"  # pad cancelled
    assert cursor_key(fishing, held="dock:2:left") == "dock:2:left"        # nothing played: the cursor stays
    pricing = [Action(f"price:c{n}", f"column {n}", "Fishing") for n in range(1, 9)]
    assert cursor_key(pricing, chosen="dock:1:left") == "price:c1"         # only prices: the first
    assert cursor_key(pricing, chosen="price:c3") == "price:c3"            # the next barrel as the last
    assert cursor_key([]) is None


@sync
async def test_after_launching_a_boat_enter_ends_the_fishing_action():
    app = kiosk()
    async with app.run_test(size=SMALL) as pilot:
        # a ship at the left berth, a mackerel for sale at ¥200: re-pricing it is on offer
        match = tsukiji(seat(harbour=[["mackerel", "upper", "c2"]]))
        play = await at_table(pilot, match)
        assert cursor(play).key == "fish"
        await enter(pilot, play)                                     # Fishing (1 action point)
        assert cursor(play).key.startswith("launch:")
        await enter(pilot, play)                                     # launch the ship
        assert any(changes_price(a) for a in play.match.legal(0))
        landed = cursor(play)
        assert not changes_price(landed) and landed.text.startswith("End the fishing action")
        await enter(pilot, play)                                     # Enter out of habit
        assert play.match.log.moves[-1][1] == "done"
        assert play.match.view(None)["seats"][0]["harbour"] == [["mackerel", "upper", "c2"]]


# ---- 2. a refused ??? price -------------------------------------------------------------------

@sync
async def test_a_refused_price_keeps_the_pad_open_with_the_reason():
    app = kiosk()
    async with app.run_test(size=SMALL) as pilot:
        match = tsukiji(seat(boats=[{"type": "1", "at": "sea", "load": ["mackerel"]}]))
        match.play(0, "fish")
        match.play(0, "dock:1:left")                  # the mackerel waits for its price
        play = await at_table(pilot, match)
        before = match.save()
        await choose_action(pilot, play, "price:q")
        await wait_for(pilot, lambda: isinstance(app.screen, PriceScreen), "the price pad")
        pad = app.screen
        await pilot.press("1", "5", "0", "enter")
        await pilot.pause()
        assert app.screen is pad and match.save() == before
        message = pad.query_one("#price-message", Static)
        said = message.visual.plain
        assert "¥150" in said and "multiple of ¥100" in said
        assert pad.region.contains_region(message.region) and message.region.height >= 1
        field = pad.query_one("#price", Input)
        assert field.value == "150" and app.focused is field
        await pilot.press("backspace", "0", "0", "enter")          # corrected: ¥1,500
        await wait_for(pilot, lambda: app.screen is play, "back at the table")
        assert match.log.moves[-1][1:] == ("price:q", {"yen": 1500})
        assert match.view(None)["seats"][0]["harbour"] == [["mackerel", "upper", "q1500"]]


# ---- 3. the filter tabs by keys -------------------------------------------------------------

@sync
async def test_the_filter_tabs_are_reached_and_switched_by_keys_and_by_touch():
    app = kiosk()
    async with app.run_test(size=SMALL) as pilot:
        # two barrels for sale: many moves in several groups, so the list has filter tabs
        match = tsukiji(seat(harbour=[["mackerel", "upper", "c2"], ["mackerel", "lower", "c4"]]))
        match.play(0, "fish")
        play = await at_table(pilot, match)
        picker = play.query_one(ActionPicker)
        options = play.query_one("#actions", OptionList)
        groups = picker.groups
        assert len(groups) > 1 and app.focused is options
        everything = listed(play)

        await pilot.press("tab")                                      # Tab: from the moves to the tabs
        tabs = play.query_one(FilterTabs)
        assert app.focused is tabs
        await pilot.press("right")                                    # → the first group
        await pilot.pause()
        assert picker.group == groups[0]
        assert set(listed(play)) == {a.key for a in match.legal(0) if a.group == groups[0]}
        await pilot.press("right")                                    # → the next group
        await pilot.pause()
        assert picker.group == groups[1]
        await pilot.press("left")                                     # ← back
        await pilot.pause()
        assert picker.group == groups[0] and app.focused is tabs
        await pilot.press("enter")                                    # Enter: back to the moves
        assert app.focused is options and options.highlighted_option.id in listed(play)
        await pilot.press(*["down"] * len(listed(play)))              # ↓ past the last move: the tabs
        assert app.focused is tabs
        await pilot.press("up")                                       # ↑: the moves again
        assert app.focused is options
        await pilot.press("tab", "shift+tab")                         # Shift+Tab from the tabs: the moves
        assert app.focused is options

        await pilot.click("#grp-all")                                 # touch, as before
        await pilot.pause()
        assert picker.group is None and listed(play) == everything


# ---- 4. leaving a market, the king crab's words ------------------------------------------------

@sync
async def test_a_market_is_left_from_the_screen():
    app = kiosk()
    async with app.run_test(size=SMALL) as pilot:
        match = tsukiji(seat(), external=("ships", "bank"))
        play = await at_table(pilot, match)
        await choose_action(pilot, play, "enter:bank:1")
        await wait_for(pilot, lambda: "leave" in listed(play) or "share" in listed(play), "the Bank")
        if "leave" not in listed(play):               # the rules ask for one interaction first
            await choose_action(pilot, play, "share")
            await wait_for(pilot, lambda: "leave" in listed(play), "the Bank, once more")
        assert not play.query_one(ActionPicker).group            # no filter hides it
        await choose_action(pilot, play, "leave")                # reached by ↓, seen, Enter
        await wait_for(pilot, lambda: match.log.moves[-1][1] == "leave", "leaving the Bank")
        assert match.view(None)["phase"] == "main"


def words(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


async def read_whole(pilot, play, about: str) -> int:
    """Every move in the list whose words mention `about` is read whole at this size, once
    the cursor is on it (wrapped over lines, nothing cut); how many there were."""
    options = play.query_one("#actions", OptionList)
    picker = play.query_one(ActionPicker)
    found = [i for i, o in enumerate(options.options) if o.id and about in o.prompt.plain]
    for index in found:
        options.highlighted = index                              # scrolled to, as ↓ would
        await pilot.pause()
        assert picker.shows(index)
        seen = words(" ".join(options.render_line(y).text for y in range(options.scrollable_content_region.height)))
        assert words(options.get_option_at_index(index).prompt.plain) in seen
    return len(found)


@sync
async def test_every_king_crab_move_is_read_whole_at_80x24():
    app = kiosk()
    async with app.run_test(size=SMALL) as pilot:
        # one king crab barrel aboard: docking it alone may cost it (the rules' warning, if any)
        boats = [{"type": "2", "at": "sea", "load": []}, {"type": "2", "at": "sea", "load": ["king_crab"]}]
        match = tsukiji(seat(licences={"mackerel": 1, "king_crab": 1}, boats=boats), fish=("mackerel", "king_crab"))
        match.play(0, "fish")
        play = await at_table(pilot, match)
        assert await read_whole(pilot, play, "king crab")
        dock = next(a.key for a in match.legal(0) if a.key.startswith("dock:2:"))
        await choose_action(pilot, play, dock)
        await wait_for(pilot, lambda: match.log.moves[-1][1] == dock and play.human == 0, "the dock")
        await read_whole(pilot, play, "king crab")
        assert await read_whole(pilot, play, "End the fishing action") == 1
