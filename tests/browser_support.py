"""Helpers for the browser tests: `tokyo serve` in a subprocess, Debian's Chromium under
Playwright, and the terminal's text and cells read from the page's xterm.js.

textual-serve's page keeps its xterm.js `Terminal` in a local variable, so an init script
(run before the page's own scripts) notes every Terminal as it is built: xterm.js's public
Terminal assigns `this._core` in its constructor, and a setter for `_core` on
Object.prototype sees that assignment, stores the value as the object's own property and
remembers the object if it is a Terminal (it has `loadAddon` and `buffer`). From then on
the tests read the terminal through xterm.js's public API: `buffer.active.getLine(y)`,
`cols`, `rows` and the `.xterm-screen` element the rows are drawn in.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts" / "browser"
CHROMIUM = Path("/usr/bin/chromium")
# What Chromium needs on these machines: no sandbox as root, no GPU, and none of its
# background connections (the closed network refuses them, many at a time). No WebGL: with no
# GPU, Chromium emulates it in software, and xterm.js (textual-serve's terminal) then draws
# with its canvas renderer instead, as on a machine without WebGL (measured over the kiosk's
# browser tests, two runs each: Chromium's CPU 12-16 s against 19 s; the same screens).
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-webgl", "--disable-3d-apis",
]
SERVER_START = 30.0      # seconds for `tokyo serve` to listen
WAIT = 20.0              # seconds for any one thing to appear on the screen

NOTE_TERMINALS = """
(() => {
  const found = [];
  Object.defineProperty(window, "__tokyoTerminals", {value: found});
  Object.defineProperty(Object.prototype, "_core", {
    configurable: true,
    get() { return undefined; },
    set(value) {
      Object.defineProperty(this, "_core", {value, writable: true, configurable: true, enumerable: true});
      if (typeof this.loadAddon === "function" && "buffer" in this) found.push(this);
    },
  });
})();
"""

HAS_TERMINAL = "() => window.__tokyoTerminals !== undefined && window.__tokyoTerminals.length > 0"

# The lines on the terminal's screen now, as xterm.js holds them (trailing blanks cut).
SCREEN_LINES = """() => {
  const term = window.__tokyoTerminals[0], buffer = term.buffer.active, lines = [];
  for (let y = 0; y < term.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    lines.push(line ? line.translateToString(true) : "");
  }
  return lines;
}"""

# True once every one of `texts` is somewhere on the screen, or once the session closed
# (textual-serve marks the page's body "-closed" when the kiosk's websocket closes).
SCREEN_HAS = """(texts) => {
  if (document.body.classList.contains("-closed")) return true;
  const terms = window.__tokyoTerminals;
  if (!terms || !terms.length) return false;
  const term = terms[0], buffer = term.buffer.active;
  let screen = "";
  for (let y = 0; y < term.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    screen += (line ? line.translateToString(true) : "") + "\\n";
  }
  return texts.every((t) => screen.includes(t));
}"""

# The first cell (row, column) where `text` starts at or below row `from`, counted in
# terminal cells (a wide character covers two), or null.
FIND_CELL = """([text, from]) => {
  const term = window.__tokyoTerminals[0], buffer = term.buffer.active;
  for (let y = from; y < term.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    if (!line) continue;
    let s = "";
    const column = [];
    for (let x = 0; x < term.cols; x++) {
      const cell = line.getCell(x);
      if (!cell || cell.getWidth() === 0) continue;   // the right half of a wide character
      const chars = cell.getChars() || " ";
      for (let i = 0; i < chars.length; i++) column.push(x);
      s += chars;
    }
    const at = s.indexOf(text);
    if (at >= 0) return [y, column[at]];
  }
  return null;
}"""

# Where the cells are drawn: the screen element's box and the grid's size in cells.
GRID = """() => {
  const term = window.__tokyoTerminals[0];
  const box = term.element.querySelector(".xterm-screen").getBoundingClientRect();
  return {left: box.left, top: box.top, width: box.width, height: box.height,
          cols: term.cols, rows: term.rows};
}"""


@contextmanager
def chromium():
    """Debian's Chromium under Playwright, closed afterwards (the browser tests' fixtures)."""
    sync_playwright = need_browser()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def need_browser():
    """Playwright's sync API and Debian's Chromium, or a failure that says what to install."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("the browser tests need Playwright for Python: "
                    ".venv/bin/pip install -e \".[test]\"", pytrace=False)
    if not CHROMIUM.exists():
        pytest.fail(f"the browser tests need Debian's Chromium at {CHROMIUM}: "
                    "apt-get install -y chromium (.ci/run installs it when it is missing). "
                    "Do not use `playwright install`: its download fails here.", pytrace=False)
    return sync_playwright


# ---- the server ----------------------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`tokyo serve --port P [--lock]` with its data and settings in `folder`."""

    def __init__(self, folder: Path, *, lock: bool = False, config: str = ""):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        config_file = folder / "kiosk.toml"
        # Playwright presses a key the moment the text it waits for is drawn, quicker than any
        # person: the pause after a screen appears by itself (kiosk.guard) is off for it, as
        # for the Pilot tests (tests/conftest.py, key_guard)
        config_file.write_text(config + "\nkey_pause = 0\n", encoding="utf-8")
        self.log_path = folder / "serve.log"
        env = dict(os.environ, TOKYO_DATA=str(folder / "data"), TOKYO_CONFIG=str(config_file))
        tokyo = Path(sys.executable).parent / "tokyo"
        command = [str(tokyo), "serve", "--port", str(self.port)] + (["--lock"] if lock else [])
        self._log = open(self.log_path, "wb")
        # A session of its own: the server and every kiosk it starts can be stopped together.
        self.process = subprocess.Popen(command, env=env, stdin=subprocess.DEVNULL, stdout=self._log,
                                        stderr=subprocess.STDOUT, start_new_session=True)

    def wait_listening(self) -> None:
        deadline = time.monotonic() + SERVER_START
        while True:
            if self.process.poll() is not None:
                raise AssertionError(f"`tokyo serve` exited with {self.process.returncode}:\n{self.log_tail()}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return
            except OSError:
                if time.monotonic() > deadline:
                    raise AssertionError(f"`tokyo serve` did not listen within {SERVER_START:.0f} s:\n"
                                         f"{self.log_tail()}") from None
                time.sleep(0.05)

    def log_tail(self, chars: int = 3000) -> str:
        self._log.flush()
        try:
            return self.log_path.read_text(encoding="utf-8", errors="replace")[-chars:]
        except OSError:
            return ""

    def stop(self) -> None:
        """SIGTERM, then SIGKILL for whatever is left of its process group."""
        try:
            if self.process.poll() is None:
                self.process.send_signal(signal.SIGTERM)
                try:
                    self.process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    pass
            try:
                os.killpg(self.process.pid, signal.SIGKILL)   # only this server and its kiosks
            except ProcessLookupError:
                pass
            self.process.wait()
        finally:
            self._log.close()


# ---- the terminal in the page ----------------------------------------------------------------

class Tab:
    """A browser tab made ready for served kiosks: the terminals noted as the page builds
    them, nothing let out of the machine (textual-serve's page asks Google for a font), the
    page's errors kept. One tab can open one served kiosk after another."""

    def __init__(self, page):
        self.page = page
        self.problems: list[str] = []
        page.on("pageerror", lambda e: self.problems.append(f"page error: {e}"))
        page.add_init_script(NOTE_TERMINALS)
        page.route(re.compile(r"^(?!https?://127\.0\.0\.1[:/]).*"), lambda route: route.abort())


class Kiosk:
    """A served kiosk in a browser Tab."""

    def __init__(self, tab: Tab, server: Server, name: str = "kiosk"):
        self.tab = tab
        self.page = tab.page
        self.server = server
        self.name = name

    @property
    def problems(self) -> list[str]:
        return self.tab.problems

    def open(self) -> None:
        self.server.wait_listening()
        self.tab.problems.clear()
        self.page.goto(self.server.url)
        try:
            self.page.wait_for_function(HAS_TERMINAL, timeout=WAIT * 1000)
        except Exception:
            raise AssertionError("no xterm.js terminal was found in textual-serve's page (has the "
                                 f"page changed?); {self.problems}") from None
        # Keys go to the terminal's hidden text field, as after a person's first touch.
        self.page.focus(".xterm-helper-textarea")

    def screen_text(self) -> list[str]:
        return screen_text(self.page)

    def show(self) -> str:
        return "\n".join(self.screen_text())

    def wait_for(self, *texts: str, timeout: float = WAIT) -> str:
        """Wait until every one of `texts` is on the screen; the screen's text."""
        try:
            self.page.wait_for_function(SCREEN_HAS, arg=list(texts), polling=50, timeout=timeout * 1000)
        except Exception as e:
            if type(e).__name__ != "TimeoutError":
                raise
            raise AssertionError(f"waited {timeout:.0f} s for {texts!r}; the screen shows:\n{self.show()}\n"
                                 f"{self.problems}\nserver log:\n{self.server.log_tail(1500)}") from None
        if self.closed():
            raise AssertionError(f"the kiosk's session ended while waiting for {texts!r}; the screen "
                                 f"showed:\n{self.show()}\nserver log:\n{self.server.log_tail(1500)}")
        return self.show()

    def closed(self) -> bool:
        """Has textual-serve's page said "Session ended"?"""
        return self.page.evaluate('document.body.classList.contains("-closed")')

    def wait_closed(self, timeout: float = WAIT) -> str:
        """Wait for the page's "Session ended" dialog; its text."""
        try:
            self.page.wait_for_selector("body.-closed .closed-dialog", state="visible", timeout=timeout * 1000)
        except Exception as e:
            if type(e).__name__ != "TimeoutError":
                raise
            raise AssertionError(f"the session did not end within {timeout:.0f} s; the screen shows:\n"
                                 f"{self.show()}") from None
        return self.page.inner_text(".closed-dialog")

    def press(self, *keys: str) -> None:
        for key in keys:
            self.page.keyboard.press(key)

    def type(self, text: str) -> None:
        self.page.keyboard.type(text)

    def cell_of(self, text: str, below: int = 0) -> tuple[int, int]:
        """The (row, column) of the first cell of `text` on the screen, at or below row `below`."""
        found = self.page.evaluate(FIND_CELL, [text, below])
        assert found is not None, f"{text!r} is not on the screen below row {below}:\n{self.show()}"
        return found[0], found[1]

    def click_cell(self, row: int, col: int) -> None:
        """A mouse click in the middle of one terminal cell."""
        grid = self.page.evaluate(GRID)
        cell_w, cell_h = grid["width"] / grid["cols"], grid["height"] / grid["rows"]
        x = grid["left"] + (col + 0.5) * cell_w
        y = grid["top"] + (row + 0.5) * cell_h
        self.page.mouse.click(x, y)

    def snap(self, step: str = "") -> Path:
        """test-artifacts/browser/<name>[-<step>].png, and the terminal's text beside it."""
        name = f"{self.name}-{step}" if step else self.name
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        self.page.screenshot(path=str(path))
        try:
            (ARTIFACTS / f"{name}.txt").write_text(self.show() + "\n", encoding="utf-8")
        except Exception:
            pass  # the page may have no terminal left to read
        return path


def screen_text(page) -> list[str]:
    """The terminal's lines as xterm.js holds them (not what the canvas shows, which
    is drawn from the same buffer), one string per row, trailing blanks cut."""
    return page.evaluate(SCREEN_LINES)


def panel(lines: list[str], title: str) -> str:
    """The text inside the box whose top border carries `title` ("╭─ title ─…╮"), its
    wrapped lines joined with single spaces, without the scrollbar."""
    for top, line in enumerate(lines):
        at = line.find(f"─ {title} ")
        if at < 0:
            continue
        left = line.rfind("╭", 0, at)
        right = line.find("╮", at)
        if left < 0 or right < 0:
            continue
        inside = []
        for row in lines[top + 1:]:
            if row[left:left + 1] != "│":
                break
            inside.append(row[left + 1:right])
        # Scrollbars are drawn in block elements (▁▄█…) at the right of the box: not text.
        text = re.sub("[\u2580-\u259f]", " ", " ".join(inside))
        return " ".join(text.split())
    raise AssertionError(f"no box titled {title!r} on the screen:\n" + "\n".join(lines))


def safe_name(nodeid_name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", nodeid_name)
