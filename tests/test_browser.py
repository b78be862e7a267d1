"""The kiosk in a real browser: `tokyo serve` on a loopback port, Debian's Chromium driven
by Playwright, keys typed and moves clicked as people at a venue would.

Every test leaves a screenshot (and the terminal's text) in test-artifacts/browser/
named after it, whether it passed or failed. Without /usr/bin/chromium these tests fail
and say how to install it; `.ci/run` installs it. Select them with `-m browser`.
"""

from __future__ import annotations

import re
import time

import pytest

from tests.browser_support import CHROMIUM, CHROMIUM_ARGS, WAIT, Kiosk, Server, need_browser, panel, safe_name

pytestmark = pytest.mark.browser

VIEWPORT = {"width": 1280, "height": 800}
TABLET = {"width": 1024, "height": 768}
HEADER = re.compile(r"Chocolate Milk\s+·\s+move (\d+)\s+·\s+(.+?) to play")
OFFER = re.compile(r"Move to (.+?), buy the (.+?) \(([A-Z]\d)\)")


@pytest.fixture
def browser():
    sync_playwright = need_browser()
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def open_kiosk(browser, tmp_path, request):
    """open_kiosk(lock=..., config=..., viewport=...) -> a Kiosk on a new server's page.
    The server and the kiosks it started are stopped afterwards; a screenshot of the last
    screen is kept as test-artifacts/browser/<test name>.png (steps as <test name>-<step>.png)."""
    opened: list[tuple[Kiosk, Server]] = []

    def open_(*, lock: bool = False, config: str = "", viewport=VIEWPORT) -> Kiosk:
        server = Server(tmp_path, lock=lock, config=config)
        # Playwright's own context: a fresh, empty profile for every test.
        context = browser.new_context(viewport=viewport)
        kiosk = Kiosk(context.new_page(), server, name=safe_name(request.node.name))
        opened.append((kiosk, server))
        kiosk.open()
        return kiosk

    yield open_
    for kiosk, server in opened:
        try:
            kiosk.snap()
        except Exception as e:  # never hide the test's own failure
            print(f"no screenshot: {e}")
        finally:
            kiosk.page.context.close()
            server.stop()


# ---- steps ---------------------------------------------------------------------------------

def wait_until(kiosk: Kiosk, what: str, test, timeout: float = WAIT) -> list[str]:
    """Poll the screen's lines until `test(lines)` holds."""
    deadline = time.monotonic() + timeout
    while True:
        lines = kiosk.screen_text()
        if test(lines):
            return lines
        assert not kiosk.closed(), f"the kiosk's session ended while waiting for {what}"
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout:.0f} s for {what}; the screen shows:\n" + "\n".join(lines))
        kiosk.page.wait_for_timeout(50)


def see_the_menu(kiosk: Kiosk) -> None:
    screen = kiosk.wait_for("Tokyo Series Kiosk", "Chocolate Milk", "Tsukiji Market", "Resume a game")
    key_bar = [line for line in screen.splitlines() if line.strip()][-1]
    assert "f1 How to play" in key_bar, f"key bar: {key_bar!r}"


def start_chocolate_milk(kiosk: Kiosk) -> None:
    """Down from the first game (Bottle Bonus) to Chocolate Milk, Enter, then F2 on the
    set-up screen."""
    kiosk.press("ArrowDown", "Enter")
    screen = kiosk.wait_for("Chocolate Milk — set up the table", "Seat 1", "Seat 2")
    key_bar = [line for line in screen.splitlines() if line.strip()][-1]
    assert re.search(r"\bf2 Start\b", key_bar), f"the key bar does not offer F2 Start: {key_bar!r}"
    kiosk.press("F2")
    # A computer seat may move first: wait for the person's turn and their offers.
    kiosk.wait_for("Player 1 to play", "Move to ", "What happened")


def play_a_move_by_click(kiosk: Kiosk) -> None:
    """Click the first offered move; the log tells of it and the move counter goes on."""
    # The log is drawn a moment after its box: wait for its first line.
    begun = "Chocolate Milk begins."
    lines = wait_until(kiosk, repr(begun), lambda ls: begun in panel(ls, "What happened"))
    before = HEADER.search("\n".join(lines))
    assert before and before.group(2) == "Player 1", "\n".join(lines)
    move = int(before.group(1))

    row, col = kiosk.cell_of("Move to ")
    start = lines[row].index("Move to ")
    # The offer may wrap onto the next line of the list: read both, up to the list's edge.
    parts = [re.split(r"\s{2,}|[▎▊│┃]", line[start:])[0].strip() for line in lines[row:row + 2]]
    offer = OFFER.search(" ".join(parts))
    assert offer, f"cannot read the offer at row {row}: {parts!r}"
    where, drink, code = offer.groups()

    kiosk.click_cell(row, col + 2)
    told = f"Player 1 moves to {where} and buys the {drink} ({code})"
    lines = wait_until(kiosk, repr(told), lambda ls: told in panel(ls, "What happened"))
    # "move M+1 · Player 2 to play", or later when the computer has already answered.
    after = HEADER.search("\n".join(lines))
    assert after and int(after.group(1)) > move, "\n".join(lines)


def check_the_play_screen(kiosk: Kiosk) -> None:
    lines = kiosk.screen_text()
    screen = "\n".join(lines)
    header = next(line for line in lines if line.strip())
    assert HEADER.search(header), f"header: {header!r}"
    seats = panel(lines, "Seats")
    assert "1 Player 1 · human" in seats and "2 Player 2 · dealer" in seats, seats
    log = panel(lines, "What happened")   # its first lines may have scrolled away by now
    assert "Player 1 moves to" in log and "for ¥" in log, log
    assert "esc Leave game" in screen and "f1 How to play" in screen


# ---- tests ---------------------------------------------------------------------------------

def test_a_game_started_by_keys_and_played_by_mouse(open_kiosk):
    kiosk = open_kiosk()
    see_the_menu(kiosk)
    start_chocolate_milk(kiosk)
    play_a_move_by_click(kiosk)
    check_the_play_screen(kiosk)


def test_tokyo_jutaku_built_in_the_browser(open_kiosk):
    """The building screen through `tokyo serve`: a start, the computer architect builds
    first, then the person's clock runs; a piece placed by keys, Stop! judged."""
    kiosk = open_kiosk()
    see_the_menu(kiosk)
    kiosk.press("ArrowDown", "ArrowDown", "ArrowDown", "ArrowDown", "ArrowDown", "Enter")  # past BB, CM, Countdown,
    # Izakaya, Shopping Spree
    kiosk.wait_for("Tokyo Jutaku — set up the table", "Seat 1", "Seat 2")
    kiosk.press("F2")
    kiosk.wait_for("Start on ")
    kiosk.press("Enter")
    kiosk.wait_for("Player 1 builds", "Supply", "Clock", timeout=60)
    kiosk.press("Tab", "Enter")
    kiosk.wait_for(" places ", "1 of ")
    kiosk.press("s")
    kiosk.wait_for("Does not pass")
    kiosk.snap("jutaku-build")


def test_izakaya_bid_in_secret_and_a_disc_laid_in_the_browser(open_kiosk):
    """Izakaya through `tokyo serve`: the sealed bid typed masked, then an action chosen."""
    kiosk = open_kiosk()
    see_the_menu(kiosk)
    kiosk.press("ArrowDown", "ArrowDown", "ArrowDown", "Enter")    # past Bottle Bonus, CM, Countdown
    kiosk.wait_for("Izakaya — set up the table", "Seat 1", "Seat 2")
    kiosk.press("F2")
    kiosk.wait_for("Player 1 to play", "hidden as you type")
    kiosk.type("200")
    assert "200" not in kiosk.show().split("hidden as you type")[-1].split("\n")[0]
    kiosk.press("Enter")
    kiosk.wait_for("The bids:", "Bottles")
    kiosk.press("Enter")
    kiosk.wait_for("bottle on corner")
    kiosk.snap("izakaya")


def test_shopping_spree_walk_and_take_in_the_browser(open_kiosk):
    """The Shopping Spree through `tokyo serve`: the shop floor drawn, a walk in from the
    entrance chosen by keys, then a good taken from the card beside the dot."""
    kiosk = open_kiosk()
    see_the_menu(kiosk)
    kiosk.press("ArrowDown", "ArrowDown", "ArrowDown", "ArrowDown", "Enter")  # past BB, CM, Countdown, Izakaya
    kiosk.wait_for("Shopping Spree — set up the table", "Seat 1", "Seat 2")
    kiosk.press("F2")
    kiosk.wait_for("Player 1 to play", "Entrance: 1", "Walk to aisle 9-5 (1 step(s))")
    kiosk.press("Enter")
    kiosk.wait_for("Player 1 walks 1 step(s) to aisle 9-5", "Take the")
    kiosk.press("Enter")
    kiosk.wait_for("Player 1 takes the", "crate: ")
    kiosk.snap("shopping-spree")


def test_unlocked_kiosk_leaves_with_q(open_kiosk):
    """The counterpart of the lock: in the browser q does reach the kiosk and ends it."""
    kiosk = open_kiosk()
    see_the_menu(kiosk)
    assert "q Quit" in kiosk.show()
    kiosk.press("q")
    assert "Session ended." in kiosk.wait_closed()


def test_locked_kiosk_ignores_quit_keys_and_closes_with_the_pin(open_kiosk):
    kiosk = open_kiosk(lock=True, config='pin = "4321"\n', viewport=TABLET)
    see_the_menu(kiosk)
    assert "q Quit" not in kiosk.show()
    kiosk.snap("menu")
    # Keys arrive in order: when the Enter after them has opened the set-up screen, the
    # quit keys were read and ignored.
    kiosk.press("q", "Control+q", "Control+c")
    start_chocolate_milk(kiosk)
    play_a_move_by_click(kiosk)
    check_the_play_screen(kiosk)
    kiosk.snap("play")

    kiosk.press("Control+q", "Control+c", "q", "Control+o")
    kiosk.wait_for("Operator: enter the PIN to close the kiosk", "PIN")
    assert not kiosk.closed()
    kiosk.snap("pin")
    kiosk.type("1234")
    kiosk.press("Enter")
    kiosk.wait_for("That PIN is not right (4 tries left).")
    kiosk.type("4321")
    kiosk.press("Enter")
    # The kiosk exits, textual-serve closes the session and its page says so.
    assert "Session ended." in kiosk.wait_closed()
    assert kiosk.server.process.poll() is None, "the server stopped with the kiosk"
