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

from tests.browser_support import WAIT, Kiosk, Server, Tab, chromium, panel, safe_name

pytestmark = pytest.mark.browser

VIEWPORT = {"width": 1280, "height": 800}
TABLET = {"width": 1024, "height": 768}
HEADER = re.compile(r"Chocolate Milk\s+·\s+move (\d+)\s+·\s+(.+?) to play")
OFFER = re.compile(r"Move to (.+?), buy the (.+?) \(([A-Z]\d)\)")


@pytest.fixture(scope="module")
def tab():
    """One Chromium and one tab for the tests of this file: each test serves its own kiosk
    (a new `tokyo serve`, a new kiosk process) and the tab goes there, as a person's browser
    would; a tab made once spares each test most of a second of Chromium's CPU (its page
    processes), where the server and the kiosk are what is under test."""
    with chromium() as launched:
        context = launched.new_context(viewport=VIEWPORT)
        try:
            yield Tab(context.new_page())
        finally:
            context.close()


@pytest.fixture
def open_kiosk(tab, tmp_path, request):
    """open_kiosk(lock=..., config=..., viewport=...) -> a Kiosk on a new server's page.
    The server and the kiosks it started are stopped afterwards; a screenshot of the last
    screen is kept as test-artifacts/browser/<test name>.png (steps as <test name>-<step>.png).
    The computer seats move without the kiosk's pause (kiosk.toml's bot_delay = 0): what the
    browser shows is the same, sooner (the pause itself is the Pilot tests')."""
    opened: list[tuple[Kiosk, Server]] = []

    def open_(*, lock: bool = False, config: str = "", viewport=VIEWPORT) -> Kiosk:
        server = Server(tmp_path, lock=lock, config="bot_delay = 0\n" + config)
        tab.page.set_viewport_size(viewport)
        kiosk = Kiosk(tab, server, name=safe_name(request.node.name))
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
            # the page leaves first: the server then has no session to wait for (10 s)
            tab.page.goto("about:blank")
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
    assert "1 Player 1 · human" in seats and "2 Player 2 · normal computer" in seats, seats
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
    kiosk.wait_for("Player 1, you build now", "Your clock starts when you press Space", timeout=60)
    kiosk.press(" ")                                         # the hand-over: Player 1's clock starts
    kiosk.wait_for("Player 1 builds", "Pieces in the middle", "Clock")
    kiosk.press("Enter", "Enter")                            # the highlighted piece, picked up and set down
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
    kiosk.wait_for("The bids are revealed", "The bids:", "Continue")   # shown to the table until read
    kiosk.press("Enter")
    kiosk.wait_for("Bottles", "on corner 1,1", "Player 1, your move")
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


# ---- Tsukiji Market: the expansion on the set-up screen, a ??? price said in the browser ----

TSUKIJI_HEADER = re.compile(r"Tsukiji Market\s+·\s+move (\d+)\s+·\s+(.+?) to play")
EXPANSION_LABELS = ("Table mackerel (expansion)", "Blue Ship (expansion)", "Barges (expansion)")

# The action list under "… your move (…):" (and its group tabs, if any): its box in cells (top and bottom border rows,
# left border ▊ and right border ▎ columns), or null while it is not drawn.
ACTION_BOX = """() => {
  const term = window.__tokyoTerminals[0], buffer = term.buffer.active;
  const row = (y) => buffer.getLine(buffer.viewportY + y);
  const ch = (line, x) => { const c = line.getCell(x); return c ? c.getChars() : ""; };
  for (let y = 0; y < term.rows - 1; y++) {
    if (!row(y).translateToString(true).includes("your move (")) continue;
    // just below, or below the group tabs when there are many actions
    for (let t = y + 1; t < Math.min(y + 5, term.rows - 1); t++) {
      const top = row(t);
      for (let x = 0; x < term.cols - 1; x++) {
        if (ch(top, x) !== "\\u258a" || ch(top, x + 1) !== "\\u2594") continue;
        let right = x + 1;
        while (right < term.cols && ch(top, right) !== "\\u258e") right++;
        for (let b = t + 1; b < term.rows; b++) {
          const line = row(b);
          if (ch(line, x) === "\\u258a" && ch(line, x + 1) === "\\u2581") return [t, b, x, right];
        }
      }
    }
  }
  return null;
}"""

# The rows of that list as [text, highlighted]: the highlighted option's cells have another
# background than the list's own, which the cell just inside the left border keeps.
ACTION_ROWS = """([top, bottom, left, right]) => {
  const term = window.__tokyoTerminals[0], buffer = term.buffer.active, rows = [];
  const bg = (c) => c ? c.getBgColorMode() + ":" + c.getBgColor() : "";
  for (let y = top + 1; y < bottom; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    let text = "";
    for (let x = left + 1; x < right; x++) { const c = line.getCell(x); text += c ? (c.getChars() || " ") : " "; }
    rows.push([text, bg(line.getCell(left + 1)) !== bg(line.getCell(left + 2))]);
  }
  return rows;
}"""


def action_rows(kiosk: Kiosk) -> list[tuple[str, bool]]:
    """The action list's rows (text without the scrollbar, highlighted or not); [] when none."""
    box = kiosk.page.evaluate(ACTION_BOX)
    if box is None:
        return []
    return [(" ".join(re.sub("[\u2580-\u259f]", " ", text).split()), lit)
            for text, lit in kiosk.page.evaluate(ACTION_ROWS, box)]


def offered(kiosk: Kiosk) -> str:
    """Everything the action list shows, its wrapped lines joined with spaces."""
    return " ".join(text for text, _ in action_rows(kiosk) if text)


def highlighted(kiosk: Kiosk) -> str:
    """The highlighted option, its wrapped lines joined, once two looks agree."""
    last = None
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        now = " ".join(text for text, lit in action_rows(kiosk) if lit and text)
        if now and now == last:
            return now
        last = now
        kiosk.page.wait_for_timeout(60)
    raise AssertionError(f"no highlighted action; the screen shows:\n{kiosk.show()}")


def move_number(kiosk: Kiosk) -> int:
    found = TSUKIJI_HEADER.search(kiosk.show())
    return int(found.group(1)) if found else -1


def player_1_to_play(kiosk: Kiosk, after: int, timeout: float = WAIT) -> None:
    """Wait past move `after` for Player 1's turn with something to choose (or type)."""
    def ready(lines: list[str]) -> bool:
        found = TSUKIJI_HEADER.search("\n".join(lines[:2]))
        if not found or int(found.group(1)) <= after or found.group(2) != "Player 1":
            return False
        return "hidden as you type" in "\n".join(lines) or bool(offered(kiosk))
    wait_until(kiosk, f"Player 1 to play after move {after}", ready, timeout)
    kiosk.page.wait_for_timeout(100)   # the list is drawn in the same refresh: let it settle


def choose_by_keys(kiosk: Kiosk, want: str) -> None:
    """Home, then ↓ until the highlighted option reads `want`, then Enter."""
    kiosk.press("Home")
    now = highlighted(kiosk)
    for _ in range(40):
        if want in now:
            kiosk.press("Enter")
            return
        kiosk.press("ArrowDown")
        before, deadline = now, time.monotonic() + 3
        while now == before and time.monotonic() < deadline:
            kiosk.page.wait_for_timeout(50)
            now = highlighted(kiosk)
        assert now != before, f"{want!r} is not among the actions; the screen shows:\n{kiosk.show()}"
    raise AssertionError(f"{want!r} not reached by ↓; the screen shows:\n{kiosk.show()}")


def harbour_lines(lines: list[str], title: str) -> list[str]:
    """The inside of the harbour card whose top border starts with `title` ("P1 Player 1"),
    drawn heavy (┏━, the seat to play) or light (╭─)."""
    for top, line in enumerate(lines):
        found = re.search(rf"[┏╭][━─] {re.escape(title)} ", line)
        if not found:
            continue
        left = found.start()
        right = next((i for i in range(found.end(), len(line)) if line[i] in "┓╮"), len(line))
        inside = []
        for row in lines[top + 1:]:
            if row[left:left + 1] not in ("┃", "│"):
                break
            inside.append(row[left + 1:right].strip())
        return inside
    raise AssertionError(f"no harbour card {title!r} on the screen:\n" + "\n".join(lines))


def has_mackerel_licence(kiosk: Kiosk) -> bool:
    row = next(r for r in harbour_lines(kiosk.screen_text(), "P1 Player 1") if r.startswith("Licences"))
    return bool(re.match(r"Licences .*\bMA\b.*Tokens", row))


def test_tsukiji_expansion_set_up_and_a_typed_price_in_the_browser(open_kiosk):
    """Tsukiji Market through `tokyo serve`: the Expansion switched on by keys shows its own
    options; then Player 1 fishes a mackerel barrel by keys, docks it and says a ??? price
    (000:138) on the price screen; the harbour and the log show the barrel at ¥1,200."""
    kiosk = open_kiosk(config="seed = 1\n")      # the same table every run (kiosk.toml's seed)
    see_the_menu(kiosk)
    kiosk.press(*["ArrowDown"] * 6, "Enter")   # past BB, CM, Countdown, Izakaya, Shopping Spree, Jutaku
    screen = kiosk.wait_for("Tsukiji Market — set up the table", "Expansion", "More fish markets")
    for label in EXPANSION_LABELS:
        assert label not in screen, f"{label!r} shows while the expansion is off:\n{screen}"
    seat_rows = [line for line in screen.splitlines() if line.lstrip().startswith(("Seat 1", "Seat 2"))]
    assert "Human" in seat_rows[0] and "Computer" in seat_rows[1], seat_rows

    # Focus starts on Players; Tab: seat 1 name, kind, seat 2 name, kind, Money, Market selection, Expansion.
    kiosk.press(*["Tab"] * 7, "Enter")
    kiosk.wait_for("esc Dismiss menu")                          # the Expansion list is open
    kiosk.press("ArrowDown", "Enter")                           # off → on
    kiosk.wait_for(*EXPANSION_LABELS[:2])
    kiosk.press("Tab", "Tab", "Tab")                            # through them: the form scrolls to Barges
    kiosk.wait_for("Barges (expansion)")
    kiosk.snap("expansion-on")
    # Horse Mackerel left in the box, so that Player 1 starts with a Mackerel licence (000:413):
    # with Horse Mackerel drawn the computer may buy every Mackerel licence before Player 1
    # can (as with other seeds than this test's). From Barges: more fish, more external,
    # collapse, order, the 16 base markets, Clams & Oysters, Himono, then Horse Mackerel.
    kiosk.press(*["Tab"] * 23, "Enter")
    kiosk.wait_for("esc Dismiss menu")
    kiosk.press("ArrowDown", "ArrowDown", "Enter")               # auto → in → out
    kiosk.wait_for("Horse Mackerel market")
    kiosk.snap("horse-mackerel-out")

    kiosk.press("F2")
    player_1_to_play(kiosk, after=0, timeout=30)
    assert "expansion" in kiosk.show().splitlines()[1], kiosk.show()
    assert "Horse Mackerel" not in kiosk.show() and has_mackerel_licence(kiosk), kiosk.show()

    # Player 1's turns by keys until a mackerel barrel waits for its price. The start player
    # and the markets come from the kiosk's seed (with another seed, a computer's Foreign
    # Market auction may ask Player 1 for a sealed bid, ¥0 here, or a tie).
    deadline = time.monotonic() + 45
    while True:
        assert time.monotonic() < deadline, f"no mackerel to price in time; the screen shows:\n{kiosk.show()}"
        move = move_number(kiosk)
        if "hidden as you type" in kiosk.show():
            print(f"move {move}: a sealed bid of ¥0")
            kiosk.type("0")
            kiosk.press("Enter")
            player_1_to_play(kiosk, after=move, timeout=30)
            continue
        actions = offered(kiosk)
        if "Put the mackerel up for sale in ??? at a price you say" in actions:
            break
        for want in ("catches a mackerel barrel", "at the left berth and unload", "Launch boat 1",
                     "End the fishing action", "Buy a Mackerel licence", "Leave the Mackerel market"):
            if want in actions:
                break
        else:
            if "Fishing (1 action point)" in actions:
                want = "Fishing (1 action point)" if has_mackerel_licence(kiosk) else "Enter the Mackerel market"
            elif "Player 1 wins the tie" in actions:
                want = "Player 1 wins the tie"
            else:
                raise AssertionError(f"nothing to do on the way to a mackerel barrel:\n{kiosk.show()}")
        print(f"move {move}: {want}")   # shown with a failure: the way taken
        choose_by_keys(kiosk, want)
        player_1_to_play(kiosk, after=move, timeout=30)

    move = move_number(kiosk)
    choose_by_keys(kiosk, "??? at a price you say")
    kiosk.wait_for("Put the mackerel up for sale in ??? at a", "Any multiple of ¥100", "e.g. 1200", "Cancel")
    kiosk.type("1200")
    screen = kiosk.wait_for("¥ ▊  1200")
    assert "e.g. 1200" not in screen
    kiosk.snap("price")
    kiosk.press("Enter")

    told = "Player 1 puts a mackerel up for sale in ??? at ¥1,200."
    lines = wait_until(kiosk, repr(told), lambda ls: told in panel(ls, "What happened"))
    assert "Any multiple of ¥100" not in "\n".join(lines)
    assert move_number(kiosk) > move
    fresh = next(r for r in harbour_lines(lines, "P1 Player 1") if r.startswith("Fresh"))
    assert re.search(r"¥1,200 MA\b", fresh), fresh
    kiosk.snap("priced")
