"""Phones as seats in real browsers: the kiosk (its Textual app, headless, in a thread of
this process, with its phones' server) and three phone-sized touch contexts of Debian's
Chromium under Playwright, at once. A whole Izakaya bidding round, each bid typed on its
own phone's pad and seen on no other phone nor the shared screen; a phone reloaded in the
middle of the round carries on; a wrong link and a seat's dead link are refused."""

import asyncio
import re
import threading
import time

import pytest

from core import games
from kiosk.app import TokyoKiosk
from kiosk.config import KioskConfig
from kiosk.screens import Seat
from kiosk.screens.phones import PhonesScreen
from kiosk.screens.play import PlayScreen
from tests.browser_support import ARTIFACTS
from tests.browser_support import chromium as launched_chromium
from tests.kiosk_support import screen_lines

pytestmark = pytest.mark.browser

NAMES = ["Aiko", "Ben", "Chie"]
PHONE = dict(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, device_scale_factor=2)
WAIT = 15_000


class KioskInThread:
    """The kiosk app under the Pilot in a thread of its own, a game of three phone seats."""

    def __init__(self, data, game: str = "izakaya"):
        self.data = data
        self.game = game
        self.ready = threading.Event()
        self.failed: BaseException | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        assert self.ready.wait(30), "the kiosk did not start"
        if self.failed:
            raise self.failed

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException as e:       # seen by the test through `failed`
            self.failed = e
            self.ready.set()

    async def _main(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.stop = asyncio.Event()
        app = TokyoKiosk(bot_delay=0, seed=5, data=self.data, config=KioskConfig(idle_seconds=0),
                         phone_host="127.0.0.1", phone_port=0)
        async with app.run_test(size=(120, 40)) as pilot:
            self.app, self.pilot = app, pilot
            app.start_match(games.load(self.game), [Seat(n, phone=True) for n in NAMES], {})
            while not (isinstance(app.screen, PhonesScreen) and "Join with your phone" in screen_lines(app)):
                await pilot.pause(0.05)
            self.play = next(s for s in app.screen_stack if isinstance(s, PlayScreen))
            self.ready.set()
            await self.stop.wait()

    def call(self, fn, *args):
        """Run fn(*args) on the kiosk's event loop and give its result."""
        async def run():
            from textual._context import active_app
            active_app.set(self.app)          # as in the app's own tasks (a screenshot draws)
            return fn(*args)
        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(20)

    def link(self, seat: int) -> str:
        return self.call(self.play.phones.server.link, seat)

    def shared_screen(self) -> str:
        return self.call(screen_lines, self.app)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.stop.set)
        self.thread.join(30)


@pytest.fixture
def kiosk(tmp_path):
    k = KioskInThread(tmp_path)
    yield k
    k.close()


@pytest.fixture(scope="module")
def phones():
    """Three phones for this file's tests: one Chromium, each phone a context of its own,
    made once (a phone's context and page cost most of a second of Chromium's CPU). Each
    test's kiosk has a phones' server of its own, on a port of its own (another origin);
    after a test every phone goes to a blank page, away from that kiosk."""
    with launched_chromium() as browser:
        contexts = [browser.new_context(**PHONE) for _ in NAMES]
        try:
            yield [c.new_page() for c in contexts]
        finally:
            for c in contexts:
                c.close()


@pytest.fixture
def chromium_phones(phones):
    yield phones
    for page in phones:
        page.goto("about:blank")


def type_amount(page, amount: int) -> None:
    pad = page.locator('.pad[data-group="Bid"]')
    for digit in str(amount):
        pad.locator("button.digit", has_text=re.compile(f"^{digit}$")).tap()
    assert "•" in pad.locator(".pad-display").inner_text()       # masked while typed
    assert str(amount) not in pad.locator(".pad-display").inner_text()
    pad.locator("button.ok").tap()


def test_three_phones_bid_in_one_round_in_secret_and_a_reloaded_phone_carries_on(kiosk, chromium_phones):
    pages = chromium_phones
    for seat, page in enumerate(pages):
        page.goto(kiosk.link(seat))
    for seat, page in enumerate(pages):
        page.wait_for_selector(f"#you:has-text('{NAMES[seat]}')", timeout=WAIT)
        page.wait_for_selector('.pad[data-group="Bid"]', timeout=WAIT)
    kiosk.call(kiosk.app.screen.dismiss)              # everyone has joined: back to the table
    bids = {0: 700, 1: 900}
    for seat, amount in bids.items():
        type_amount(pages[seat], amount)
        pages[seat].locator("#private-toggle").tap()
        pages[seat].wait_for_selector(f"#private:has-text('Your bid: ¥{amount}')", timeout=WAIT)
    for seat, page in enumerate(pages):
        text = page.inner_text("body")
        for other, amount in bids.items():
            if other != seat:
                assert f"¥{amount}" not in text, (seat, other)
    assert "¥700" not in kiosk.shared_screen() and "¥900" not in kiosk.shared_screen()
    assert "Waiting for Chie's phone" in kiosk.shared_screen()
    # Chie's phone reloads in the middle of the round, and bids where it left off
    pages[2].reload()
    pages[2].wait_for_selector('.pad[data-group="Bid"]', timeout=WAIT)
    type_amount(pages[2], 0)
    for page in pages:
        page.wait_for_selector("#log:has-text('bid')", timeout=WAIT)
    assert kiosk.call(lambda: len(kiosk.play.match.log.moves)) == 3
    for page in pages:
        assert not page.locator('.pad[data-group="Bid"]').count() or page.locator("#waiting").is_visible()
    # Ben bid most and acts first: he builds a piece on the first card by touch (004:123),
    # the lot chosen on his phone, then the piece set down on its building screen
    ben = pages[1]
    lot = ben.locator('.group[data-group="Build a piece: on which lot?"] button.move', has_text="card 1,1").first
    lot.wait_for(timeout=WAIT)
    lot.tap()
    ben.wait_for_selector("#build:not([hidden])", timeout=WAIT)
    assert ben.locator('.build-do[data-do="cancel"]').is_visible()
    assert not ben.locator('.build-do[data-do="stop"]').is_visible()
    ben.locator(".build-piece").first.tap()
    drag(ben, to=0.5)                                # over the middle of the card's lot
    ben.locator('.build-do[data-do="drop"]').tap()
    ben.wait_for_selector("#build", state="hidden", timeout=WAIT)
    moves = kiosk.call(lambda: list(kiosk.play.match.log.moves))
    assert moves[3][:2] == (1, "build") and moves[3][2]["card"] == [0, 0]
    assert "Ben builds" in kiosk.shared_screen()


def test_a_wrong_link_and_a_dead_link_get_no_seat(kiosk, chromium_phones):
    page = chromium_phones[1]
    good = kiosk.link(1)
    page.goto(good.rsplit("/", 1)[0] + "/" + "A" * 32)
    assert "Scan the code" in page.inner_text("body")
    page.goto(good)
    page.wait_for_selector("#you:has-text('Ben')", timeout=WAIT)
    kiosk.call(kiosk.play.hand_seat, 1, None)          # the operator hands Ben's seat to the kiosk
    page.wait_for_selector("#gone:not([hidden])", timeout=WAIT)
    assert "kiosk" in page.inner_text("#gone")
    page.goto(good)
    assert "Scan the code" in page.inner_text("body")


@pytest.fixture
def jutaku(tmp_path):
    k = KioskInThread(tmp_path, "jutaku")
    yield k
    k.close()


def drag(page, to: float = 0.4) -> None:
    """A finger drags the held piece down to `to` of the canvas's width."""
    canvas = page.locator("#build-canvas")
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    page.mouse.move(box["x"] + box["width"] * 0.45, box["y"] + box["height"] * 0.3)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] * to, box["y"] + box["height"] * 0.5, steps=4)
    page.mouse.up()


def test_three_phones_build_a_tokyo_jutaku_round_at_once_by_touch(jutaku, chromium_phones):
    """A whole building round on three phones at once (004:29, 004:39): each picks a piece
    from the shared middle, drags it with a finger and sets it down, every placement a move
    of the match at the kiosk's second. Aiko and Ben reach for the same cube: Ben sets it
    down first and gets it, Aiko is told at once and takes another. A Stop! on an unfinished
    house is refused by the rules, everyone gives up, and the round is over on every phone
    and on the shared screen, which drew the buildings."""
    pages = chromium_phones
    for seat, page in enumerate(pages):
        page.goto(jutaku.link(seat))
        page.wait_for_selector(f"#you:has-text('{NAMES[seat]}')", timeout=WAIT)
    jutaku.call(jutaku.app.screen.dismiss)
    for _ in range(20):                          # the start cards, each chosen on a phone
        if jutaku.call(lambda: jutaku.play.live is not None):
            break
        for page in pages:
            button = page.locator("button.move").first
            if button.count() and button.is_visible() and button.is_enabled():
                button.tap()
                page.wait_for_timeout(200)
    for page in pages:
        page.wait_for_selector("#build:not([hidden])", timeout=WAIT)
    shelf = [page.locator(".build-piece") for page in pages]
    assert shelf[0].first.inner_text().endswith("×6")
    contested = shelf[0].first.get_attribute("data-piece")
    assert shelf[1].first.get_attribute("data-piece") == contested
    shelf[0].first.tap()                         # Aiko and Ben reach for the same cube,
    shelf[1].first.tap()                         # Chie for another piece
    shelf[2].nth(2).tap()
    for page in pages:
        drag(page)
    pages[1].locator('.build-do[data-do="drop"]').tap()
    pages[1].wait_for_selector("#build-message:has-text('Ben places')", timeout=WAIT)
    pages[0].wait_for_selector("#build-message:has-text('took that piece first')", timeout=WAIT)
    shelf[0].first.tap()                         # Aiko takes the next cube
    drag(pages[0])
    for page in (pages[0], pages[2]):
        page.locator('.build-do[data-do="drop"]').tap()
    for seat, page in enumerate(pages):
        page.wait_for_selector(f"#build-message:has-text('{NAMES[seat]} places')", timeout=WAIT)
    moves = jutaku.call(lambda: list(jutaku.play.match.log.moves))
    placed = [(seat, payload) for seat, key, *rest in moves if key == "place" for payload in rest]
    assert [seat for seat, _ in placed][0] == 1 and sorted(seat for seat, _ in placed) == [0, 1, 2]
    assert placed[0][1]["piece"] == contested and contested not in [p["piece"] for _, p in placed[1:]]
    assert all(p["seconds"] > 0 for _, p in placed)
    assert [p["seconds"] for _, p in placed] == sorted(p["seconds"] for _, p in placed)
    pages[0].wait_for_selector(".build-piece:has-text('cube, 20×20 mm ×4')", timeout=WAIT)
    assert "building on their phones" in jutaku.shared_screen()
    pages[2].locator('.build-do[data-do="stop"]').tap()         # too soon: the house is not done
    pages[2].wait_for_selector("#build-message:has-text('Chie calls Stop!')", timeout=WAIT)
    assert "everyone builds on" in pages[2].locator("#build-message").inner_text()
    for page in pages:
        page.locator('.build-do[data-do="give_up"]').tap()
    for page in pages:
        page.wait_for_selector("#build", state="hidden", timeout=WAIT)
    history = jutaku.call(lambda: jutaku.play.match.view(None)["history"])
    assert history[-1]["round"] == 1 and history[-1]["winners"] == []
    for page in pages:                           # every phone shows how the round ended
        page.wait_for_selector("#round-result:has-text('Round 1 is over: nobody completed a building')",
                               timeout=WAIT)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    pages[0].screenshot(path=str(ARTIFACTS / "phone-round-result.png"), full_page=True)
    pages[0].locator("#round-result-ok").tap()   # read: the card closes on this phone alone
    pages[0].wait_for_selector("#round-result", state="hidden", timeout=WAIT)
    assert pages[1].locator("#round-result").is_visible()
    deadline = time.monotonic() + WAIT           # the shared screen: its result, then the table
    while not all(f"{name}: gave up" in jutaku.shared_screen() for name in NAMES):
        assert time.monotonic() < deadline, jutaku.shared_screen()
        time.sleep(0.05)
