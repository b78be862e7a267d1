import gc
import os
import sys

import pytest

# Compiled modules are kept (__pycache__, ignored by git) even where the environment says
# not to: every `tokyo` the tests start compiles what it imports again otherwise, and a second
# run of the suite rewrites every test's asserts again (3.7 s a worker).
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

# Tests never read the user's own asset overrides.
os.environ["TOKYO_ASSETS"] = os.path.join(os.path.dirname(__file__), "no-user-assets")


def _quick_pilot() -> None:
    """The Pilot tests' waits, shorter. Textual's Pilot waits after every key and pause until
    the process looks idle: it sleeps 1/50 s at a time until one sleep used under 1/20 of it in
    CPU, and then waits for the animations (a focus that scrolls the form animates for a
    fraction of a second). Here the kiosks of this process (not those `tokyo serve` starts for
    the browser tests) jump to the end of every animation, and the idle check looks every
    1/200 s, with the same share of CPU for idle: a Pilot test waits half as long after each
    key (the kiosk tests 64 s against 60 on 3 workers). A check that reads the screen before
    a change has settled waits for what it reads (as the Tab order waits for the seat rows
    just shown to have their places)."""
    import textual._wait
    import textual.constants
    textual.constants.TEXTUAL_ANIMATIONS = "none"      # App.animation_level's default
    textual._wait.SLEEP_GRANULARITY = 1 / 200
    textual._wait.SLEEP_IDLE = textual._wait.SLEEP_GRANULARITY / 20


_quick_pilot()


def _parse_css_once() -> None:
    """Each kiosk a test starts parses the same Textual CSS again (a Stylesheet's own cache is
    new with every app, and a theme's reparse starts a fresh one): 35 ms an app, a tenth of
    the Pilot tests' CPU. Here the rules parsed from the same CSS with the same variables are
    shared by the apps of this process, as one app's cache shares them between its parses.
    A CSS mistake still fails the first app that reads it."""
    from textual.css.stylesheet import Stylesheet
    parsed: dict = {}
    parse = Stylesheet._parse_rules

    def parse_once(self, css, read_from, is_default_rules=False, tie_breaker=0, scope=""):
        key = (css, read_from, is_default_rules, tie_breaker, scope, tuple(sorted(self._variables.items())))
        rules = parsed.get(key)
        if rules is None:
            rules = parsed[key] = parse(self, css, read_from, is_default_rules, tie_breaker, scope)
        return rules

    Stylesheet._parse_rules = parse_once


_parse_css_once()


def pytest_configure(config):
    """Under pytest-xdist, the tests' rewritten asserts and the project's bytecode made once,
    before the workers start, instead of by each of them at once (on a fresh clone each
    worker spent 3.3 s of its start on them: 2.6 s rewriting the tests' asserts)."""
    if not hasattr(config, "workerinput") and config.getoption("numprocesses", None):
        _compile_ahead(config)


def _compile_ahead(config) -> None:
    """What the workers would compile, compiled by two forked processes, as pytest's assertion
    rewriter and the import system would write it; pytest still checks each file's stamp
    before using it. Anything unexpected (pytest's internals moved, a read-only checkout)
    leaves the workers to compile it themselves, as before."""
    import compileall
    import py_compile
    from pathlib import Path
    try:
        from _pytest.assertion import rewrite
        state = config.stash[rewrite.assertstate_key]
        rewrite_test, write_pyc, read_pyc = rewrite._rewrite_test, rewrite._write_pyc, rewrite._read_pyc
        cache_dir, tail = rewrite.get_cache_dir, rewrite.PYC_TAIL
    except (ImportError, AttributeError, KeyError):
        return
    if sys.dont_write_bytecode or not hasattr(os, "fork"):
        return
    here = Path(__file__).resolve().parent
    asserted = [here / "conftest.py", *sorted(here.glob("test_*.py"))]

    def pyc(fn: Path) -> Path:
        return cache_dir(fn) / (fn.name[:-3] + tail)
    pending = [fn for fn in asserted if not read_pyc(fn, pyc(fn))]
    pending.sort(key=lambda fn: -fn.stat().st_size)
    helpers = [fn for fn in (*here.glob("*.py"), *here.glob("*/*.py")) if fn not in asserted]
    packages = [here.parent / p for p in ("core", "games", "physics", "kiosk", "tts", "tokyo", "assets")]
    children = []
    for part in range(2):
        pid = os.fork()
        if pid == 0:
            try:
                for fn in pending[part::2]:
                    source_stat, co = rewrite_test(fn, config)
                    if rewrite.try_makedirs(cache_dir(fn)):
                        write_pyc(state, co, source_stat, pyc(fn))
                if part:
                    for fn in helpers:
                        py_compile.compile(str(fn), doraise=False, quiet=2)
                else:
                    for package in packages:
                        compileall.compile_dir(str(package), quiet=2)
            except BaseException:
                pass
            finally:
                os._exit(0)
        children.append(pid)
    for pid in children:
        os.waitpid(pid, 0)


def pytest_xdist_auto_num_workers(config):
    """`-n auto`: one worker more than the machine has cores. A good part of the suite waits
    (a browser drawing a page, a kiosk started by `tokyo serve`, a Pilot waiting for the
    screen to settle), and a third worker on two cores fills those waits: measured on 2 cores,
    266 s against 290 s with one worker a core."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return cores + 1


#: test files that spend much of their time waiting (a kiosk settling after a key, a browser,
#: a phone's connection) rather than computing
WAITING = ("test_kiosk", "test_browser", "test_phones", "test_secrets", "test_round_flow", "test_session")


def pytest_collection_modifyitems(config, items):
    """Under pytest-xdist, the files in an order that keeps both cores busy to the end.

    Each worker starts with a third of the list and the others take from its end when they
    run out. In name order the kiosk's files (which wait for the screen about a quarter of
    their time) sit together at the end of the first third and are the last to run, when
    nothing else is left to fill their waits. Here each third holds its share of waiting
    files, each followed by computing ones, and ends with computing ones. A file's tests
    stay together and in their order (module fixtures such as the browser are made once)."""
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "0"))
    if workers < 2:
        return
    files: dict[str, list] = {}
    for item in items:
        files.setdefault(item.nodeid.split("::")[0], []).append(item)
    waiting = [f for f in files if os.path.basename(f).startswith(WAITING)]
    computing = [f for f in files if not os.path.basename(f).startswith(WAITING)]
    order = []
    for third in range(workers):
        waits, computes = waiting[third::workers], computing[third::workers]
        for k in range(max(len(waits), len(computes))):
            order += waits[k:k + 1] + computes[k:k + 1]
    items[:] = [item for f in order for item in files[f]]


def pytest_collection_finish(session):
    """The collector told what stays, as the kiosk tells it at start
    (kiosk.app.settle_garbage_collector): everything imported and collected is moved out of
    its reach, and it runs after 20,000 new objects instead of 700. Measured on the kiosk's
    play tests and the random play, 9 % less CPU, the same tests."""
    from kiosk.app import settle_garbage_collector
    settle_garbage_collector()


def pytest_unconfigure(config):
    """At the end pytest collects the garbage five times over, to hear of any object whose
    __del__ fails; each time it walked every object a worker still holds (seconds, after a
    thousand tests). The first collection here finds the garbage as before; then what is
    left alive is frozen, and pytest's collections look only at what dies after."""
    gc.collect()
    gc.freeze()


@pytest.fixture(scope="session")
def chocolate_milk():
    from core import games
    return games.load("chocolate_milk")


@pytest.fixture(autouse=True)
def kiosk_dirs(tmp_path, monkeypatch):
    """Saves and settings of each test in its own folder, never the user's."""
    monkeypatch.setenv("TOKYO_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("TOKYO_CONFIG", str(tmp_path / "kiosk.toml"))


@pytest.fixture(autouse=True)
def key_guard(request, monkeypatch):
    """The kiosk drops keys for a moment after a screen appears by itself (kiosk.guard),
    about the time a person needs to see it changed. A Pilot presses keys far quicker than any
    person; tests marked `key_guard` keep the pause and press as a person would (the round-flow
    tests), the others press at once."""
    if request.node.get_closest_marker("key_guard") is None:
        monkeypatch.setattr("kiosk.guard.SECONDS", 0.0)


@pytest.fixture
def match_file(tmp_path, chocolate_milk):
    """A saved Chocolate Milk match of six moves (seed 8), for the replay commands."""
    from core import saves
    m = chocolate_milk.new(2, seed=8)
    for _ in range(6):
        seat = m.to_act()[0]
        m.play(seat, m.legal(seat)[-1])
    path = tmp_path / "game.tokyo"
    saves.save_file(m, path)
    return path
