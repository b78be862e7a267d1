"""Secrets on one shared screen: pass-the-screen curtains, private views, masked amounts.

The game is a small fake plugin defined here, Sealed Auction: every seat's money is
hidden, and each round all seats bid for a lot at once with a core.bids.SealedBid. It
is wired in by monkeypatching core.games, as tests/test_plugins.py fakes entry points.
"""

from __future__ import annotations

from importlib.metadata import EntryPoint

import pytest
from textual.widgets import Input, OptionList, Static

from core import games
from core.bids import SealedBid
from core.errors import IllegalMove
from core.game import Action, Event, GameInfo, Option, Result, Rules, rank_by
from kiosk.app import TokyoKiosk
from kiosk.config import KioskConfig
from kiosk.privacy import SecretWatch, amount_choices, views_differ
from kiosk.screens import Seat
from kiosk.screens.curtain import CurtainScreen
from kiosk.screens.end import EndScreen
from kiosk.screens.menu import MenuScreen
from kiosk.screens.play import PlayScreen
from tests.kiosk_support import sync, wait_for

SIZE = (120, 40)
START = (1200, 900, 1500, 700)   # different on purpose: a leak would show a number


class SealedAuction(Rules):
    """Lots auctioned by sealed bid among all seats; money is hidden; most lots wins."""

    how_to_play = ("Each round every seat bids in secret for one lot. The highest bid wins the "
                   "lot and pays the bank; ties go to the lower seat. Money stays hidden behind "
                   "your screen. Most lots wins; money breaks ties.")

    def setup(self, players, options, rng):
        money = list(START[:players])
        return {"round": 1, "rounds": options["lots"], "money": money, "lots": [0] * players,
                "bid": self._bid(money), "last": None}

    @staticmethod
    def _bid(money):
        return SealedBid(list(range(len(money))), minimum=0, step=100,
                         caps={s: m for s, m in enumerate(money)})

    def to_act(self, s):
        return s["bid"].waiting()

    def legal(self, s, seat):
        bids = [Action(f"bid:{a}", f"Bid ¥{a:,}", "Sealed bid") for a in s["bid"].allowed(seat)]
        return bids + [Action("pass", "Pass (bid nothing)", "Other")]

    def apply(self, s, seat, action, rng):
        amount = 0 if action.key == "pass" else int(action.key.split(":")[1])
        s["bid"].submit(seat, amount)
        events = [Event("bid", f"Seat {seat + 1} has made a sealed bid.", seat)]
        if s["bid"].complete:
            order = s["bid"].reveal(list(range(len(s["money"]))))
            winner, price = order[0]
            s["money"][winner] -= price
            s["lots"][winner] += 1
            s["last"] = {"winner": winner, "price": price}
            events.append(Event("won", f"Seat {winner + 1} wins lot {s['round']} for ¥{price:,}.", winner))
            s["round"] += 1
            s["bid"] = self._bid(s["money"])
        return events

    def is_over(self, s):
        return s["round"] > s["rounds"]

    def result(self, s):
        players = len(s["money"])
        ranking = rank_by([(s["lots"][p], s["money"][p]) for p in range(players)], range(players))
        return Result(tuple(s["money"]), ranking,
                      tuple({"lots": s["lots"][p], "yen": s["money"][p]} for p in range(players)),
                      "every lot was sold")

    def view(self, s, seat):
        return {"viewer": seat, "round": s["round"], "lots": list(s["lots"]),
                "money": [m if seat == p else None for p, m in enumerate(s["money"])],
                "bid": s["bid"].view(seat), "last": s["last"]}

    def dump(self, s):
        return {"round": s["round"], "rounds": s["rounds"], "money": list(s["money"]),
                "lots": list(s["lots"]), "bid": s["bid"].dump(), "last": s["last"]}

    def restore(self, data, players, options):
        money = [int(m) for m in data["money"]]
        if len(money) != players or any(m < 0 for m in money):
            raise ValueError("money is one whole number per seat")
        return {"round": int(data["round"]), "rounds": int(data["rounds"]), "money": money,
                "lots": [int(x) for x in data["lots"]], "bid": SealedBid.restore(data["bid"]),
                "last": data["last"]}

    def conserved(self, s):
        return {}


INFO = GameInfo("sealed_auction", "Sealed Auction", 2, 4, "Bid in secret for lots; money is hidden.",
                (Option("lots", (1, 2, 3), 2, "Lots", "How many lots are auctioned."),))


@pytest.fixture
def auction(monkeypatch):
    """Registers Sealed Auction beside the installed games."""
    real_eps, real_info = games._entry_points, games._read_info
    ep = EntryPoint("sealed_auction", f"{__name__}:SealedAuction", games.GROUP)
    monkeypatch.setattr(games, "_entry_points", lambda: {**real_eps(), "sealed_auction": ep})
    monkeypatch.setattr(games, "_read_info",
                        lambda name, e: INFO if name == "sealed_auction" else real_info(name, e))
    games.load.cache_clear()
    yield games.load("sealed_auction")
    games.load.cache_clear()


def screen_text(app) -> str:
    """Everything drawn on the terminal now, as plain text (the compositor's lines)."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def money_text(amount: int) -> str:
    return f"{amount:,}"


async def start(pilot, game, seats: list[Seat], lots: int = 2) -> PlayScreen:
    app = pilot.app
    await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
    app.start_match(game, seats, {"lots": lots})
    await wait_for(pilot, lambda: any(isinstance(s, PlayScreen) for s in app.screen_stack), "play")
    return next(s for s in app.screen_stack if isinstance(s, PlayScreen))


def assert_only_own_money(app, play: PlayScreen, seat: int | None) -> None:
    """The terminal shows `seat`'s money and nobody else's (spectator: nobody's)."""
    text = screen_text(app)
    money = play.match.state["money"]
    for other in range(play.match.players):
        shown = money_text(money[other]) in text
        if other == seat:
            assert shown, f"seat {other + 1} should see its own money"
        else:
            assert not shown, f"seat {other + 1}'s hidden money is on the screen"


@sync
async def test_pass_the_screen_between_two_people(auction):
    """Aiko and Bo (people) and a computer bid in secret; the screen is handed over."""
    app = TokyoKiosk(bot_delay=0, seed=7, config=KioskConfig(idle_seconds=0))
    async with app.run_test(size=SIZE) as pilot:
        play = await start(pilot, auction, [Seat("Aiko"), Seat("Bo"), Seat("Chiyo", "random")])
        match = play.match

        # The first person is asked for behind a curtain: nothing of the match is drawn.
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen), "the curtain for Aiko")
        text = screen_text(app)
        assert "Hand the screen to Aiko" in text
        assert "Bid" not in text and not any(money_text(m) in text for m in START[:3])
        await pilot.press("enter")  # Enter does not lift the curtain: it may be a stray one
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("space")
        await wait_for(pilot, lambda: app.screen is play and play.human == 0, "Aiko's turn")

        # Aiko's own view: her money, not Bo's or Chiyo's; bids typed in a masked field.
        assert play.viewer == 0
        assert "Aiko's private view" in play.query_one("#play-header", Static).visual.plain
        assert_only_own_money(app, play, 0)
        field = play.query_one("#amount", Input)
        assert field.password and app.focused is field
        listed = [o.id for o in play.query_one("#actions", OptionList).options if o.id]
        assert listed == ["pass"]  # the amounts are typed, not listed
        await pilot.press("3", "0", "0")
        await pilot.pause()
        text = screen_text(app)
        assert "•••" in text and "300" not in text
        await pilot.press("enter")
        await wait_for(pilot, lambda: 0 in match.state["bid"].bids, "Aiko's bid")
        assert match.state["bid"].bids[0] == 300

        # Bo is next: the curtain comes down before anything of Bo's is drawn.
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen), "the curtain for Bo")
        assert "Hand the screen to Bo" in screen_text(app)
        assert play.viewer is None and play.human is None
        await pilot.click("#curtain-ready")
        await wait_for(pilot, lambda: app.screen is play and play.human == 1, "Bo's turn")
        assert_only_own_money(app, play, 1)
        assert "300" not in screen_text(app)  # Aiko's sealed bid stays sealed
        for key in ("key-5", "key-0", "key-0", "amount-ok"):  # the touch keypad
            await pilot.click(f"#{key}")
        await wait_for(pilot, lambda: match.state["round"] == 2, "the reveal")
        assert match.state["last"] == {"winner": 1, "price": 500}

        # Round two starts with Aiko again, so the screen goes back behind a curtain.
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen), "the curtain for Aiko")
        assert "Hand the screen to Aiko" in screen_text(app)
        await pilot.press("space")
        await wait_for(pilot, lambda: play.human == 0, "Aiko's second turn")
        await pilot.press("9", "9", "enter")  # not a possible bid: refused, nothing sent
        await pilot.pause()
        assert 0 not in match.state["bid"].bids and app.screen is play
        await pilot.press("tab")  # to the list: Pass
        await wait_for(pilot, lambda: app.focused is play.query_one("#actions"), "the list")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen), "the curtain for Bo")
        await pilot.press("space")
        await wait_for(pilot, lambda: play.human == 1, "Bo's second turn")
        await pilot.press("1", "0", "0", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, EndScreen), "the end")
        assert match.over and sum(match.state["lots"]) == 2 and match.state["lots"][0] == 0


@sync
async def test_one_person_against_computers_needs_no_curtain(auction):
    app = TokyoKiosk(bot_delay=0, seed=3, config=KioskConfig(idle_seconds=0))
    async with app.run_test(size=SIZE) as pilot:
        play = await start(pilot, auction, [Seat("Bot A", "random"), Seat("Aiko"), Seat("Bot B", "random")], lots=1)
        await wait_for(pilot, lambda: play.human == 1, "Aiko's turn")
        assert not any(isinstance(s, CurtainScreen) for s in app.screen_stack)
        assert play.viewer == 1
        assert_only_own_money(app, play, 1)
        await pilot.press("2", "0", "0", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, EndScreen), "the end")


@sync
async def test_public_games_show_the_table_without_curtains(chocolate_milk):
    app = TokyoKiosk(bot_delay=0, seed=5, config=KioskConfig(idle_seconds=0))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        app.start_match(chocolate_milk, [Seat("Aiko"), Seat("Bo")], {})
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen), "play")
        play = app.screen
        for seat in (0, 1):
            await wait_for(pilot, lambda: play.human == seat, f"seat {seat + 1}'s turn")
            assert play.viewer is None and not play.secrets.hidden(play.match)
            assert not play.query_one("#amount-box").display
            await pilot.press("enter")
        assert not any(isinstance(s, CurtainScreen) for s in app.screen_stack)


def test_hidden_information_is_read_from_the_game(auction, chocolate_milk):
    match = auction.new(3, seed=1, options={})
    assert views_differ(match) and SecretWatch(auction).hidden(match)
    assert not views_differ(chocolate_milk.new(3, seed=1))
    assert not SecretWatch(chocolate_milk).hidden(chocolate_milk.new(3, seed=1))

    # what the game declares ([kind] secrets), never what its rules override or its views show
    from dataclasses import replace

    from core.game import Game, Kind
    said = replace(INFO, kind=Kind(secrets=False))
    assert not SecretWatch(Game(said, SealedAuction(said, {}))).hidden(match)
    # a game that has declared nothing (INFO) is taken to keep secrets
    assert INFO.kind.said is False and SecretWatch(Game(INFO, SealedAuction(INFO, {}))).declared is True


def test_amounts_are_recognised_by_their_keys():
    legal = [Action(f"bid:{a}", f"Bid ¥{a}", "Sealed bid") for a in (0, 100, 200, 300)]
    legal += [Action("pass", "Pass", "Other"), Action("lot:1", "Lot 1", "Lots"), Action("lot:2", "Lot 2", "Lots")]
    (choice,) = amount_choices(legal)
    assert choice.group == "Sealed bid" and choice.describe() == "0 to 300 in steps of 100"
    assert choice.key_for("200") == "bid:200" and choice.key_for("250") is None
    assert choice.key_for("") is None and choice.key_for("x") is None
    mixed = [Action("a:1", "", "G"), Action("b:2", "", "G"), Action("a:3", "", "G")]
    assert amount_choices(mixed) == []


def test_illegal_bids_stay_illegal(auction):
    match = auction.new(2, seed=1, options={})
    with pytest.raises(IllegalMove):
        match.play(0, "bid:5000")


@sync
async def test_a_resumed_secret_game_starts_behind_the_curtain(auction):
    app = TokyoKiosk(bot_delay=0, seed=7, config=KioskConfig(idle_seconds=0))
    async with app.run_test(size=SIZE) as pilot:
        play = await start(pilot, auction, [Seat("Aiko"), Seat("Bo")])
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen), "the curtain for Aiko")
        await pilot.press("space")
        await wait_for(pilot, lambda: play.human == 0, "Aiko's turn")
        await pilot.press("2", "0", "0", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen), "the curtain for Bo")
        app.back_to_menu()  # e.g. the idle timeout
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        resume = app.screen.query_one("#resume-list", OptionList)
        await wait_for(pilot, lambda: resume.get_option_at_index(0).id, "the saved game listed")
        assert "Aiko, Bo" in str(resume.get_option_at_index(0).prompt)
        resume.focus()
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen), "a curtain first")
        assert "Hand the screen to Bo" in screen_text(app)
        assert "1,200" not in screen_text(app) and "900" not in screen_text(app)
        await pilot.press("space")
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen) and app.screen.human == 1, "Bo")
        resumed = app.screen
        assert resumed.match.state["bid"].bids == {0: 200}
        assert_only_own_money(app, resumed, 1)
