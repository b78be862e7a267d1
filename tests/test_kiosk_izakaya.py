"""Izakaya in the kiosk, as two people play it at one screen: sealed bids typed behind the
pass-the-screen curtain, then the actions, a build on a chosen lot by keys and by mouse."""

from textual.widgets import Input, OptionList

from core import games
from kiosk.app import TokyoKiosk
from kiosk.config import KioskConfig
from kiosk.practice.lot_build import LotBuildScreen, LotChoice
from kiosk.screens import Seat
from kiosk.screens.result import ResultScreen
from tests.kiosk_support import choose_action as pick, curtain_then, screen_lines, sync, table, turn_of, wait_for


@sync
async def test_two_people_bid_in_secret_claim_and_build_a_piece():
    app = TokyoKiosk(bot_delay=0, seed=4, config=KioskConfig(idle_seconds=0))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.start_match(games.load("izakaya"), [Seat("Aiko"), Seat("Bo")], {})
        play = await table(pilot, app)
        match = play.match
        # 004:111 — bids are secret: typed in a masked field, behind a curtain for each person
        await curtain_then(pilot, play, 0)
        field = play.query_one("#amount", Input)
        assert field.password and app.focused is field
        await pilot.press("3", "0", "0", "enter")
        await wait_for(pilot, lambda: "0" in match.state["bid"]["bids"], "Aiko's bid")
        await curtain_then(pilot, play, 1)
        assert "300" not in str(play.match.view(1)["bid"])          # Aiko's bid stays sealed from Bo
        await pilot.press("1", "0", "0", "enter")
        await wait_for(pilot, lambda: match.state["phase"] == "actions", "the reveal")
        assert match.state["order"] == [0, 1] and match.state["pile"] == 400
        # no secret in the action phase: no curtain; the bids are shown to both, then Aiko chooses
        assert isinstance(app.screen, ResultScreen) and "Aiko ¥300" in screen_lines(app)
        await turn_of(pilot, app, play, 0, "Aiko's first disc")
        claim = next(a.key for a in match.legal(0) if a.key.startswith("claim:"))
        await pick(pilot, play, claim)
        await wait_for(pilot, lambda: len(match.state["owner"]) == 1, "the claim")
        await wait_for(pilot, lambda: play.human == 1, "Bo's disc")
        await pick(pilot, play, "price:purple:white")
        await wait_for(pilot, lambda: play.human == 0, "Aiko's second disc")
        # 004:123 — build: the lot first, then the one piece, placed by keys
        await pick(pilot, play, "build")
        await wait_for(pilot, lambda: isinstance(app.screen, LotChoice), "which lot")
        _, _, _, _, r, c = claim.split(":")
        lots = app.screen.query_one("#lot-choice", OptionList)
        target = next(i for i in range(lots.option_count) if lots.get_option_at_index(i).id.startswith(f"{r}:{c}:"))
        lots.focus()
        for _ in range(2 * lots.option_count):
            if lots.highlighted == target:
                break
            await pilot.press("down")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LotBuildScreen),
                       f"the build screen ({type(app.screen).__name__}, {app.focused}, {lots.highlighted})")
        bench = app.screen.bench
        await pilot.press("enter")                                     # the highlighted piece, in hand
        lo, hi = bench.lot.outlines[bench.building.outline]
        while bench.held.x + bench.building.pieces[bench.held.piece].width > hi or bench.held.x < lo:
            await pilot.press("left" if bench.held.x > lo else "right")
        await pilot.press("enter")
        await pilot.pause()
        await wait_for(pilot, lambda: bench.done and bench.phase == "verdict", f"the verdict ({bench.message})")
        key = f"{r}:{c}:{bench.building.outline}"
        assert match.state["buildings"][key][0]["floor"] == 1         # it stands: the piece stays
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen is play and play.human == 1, "Bo's second disc")
