"""Autosaves: atomic under SIGKILL, damaged files refused and set aside, the resume list.

(Copies, mending and players' words about damaged games: test_kiosk_saves_copies.py.)"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import msgpack
from textual.widgets import OptionList, Static

from core import saves
from core.bots import make_bot
from core.rng import Rng
from core.session import Session
from kiosk.app import TokyoKiosk
from kiosk.config import KioskConfig
from kiosk.screens import Seat
from kiosk.screens.menu import MenuScreen
from kiosk.screens.play import PlayScreen
from kiosk.session import make_meta, seats_from_meta
from kiosk.store import COPIES, KEEP, SaveStore
from tests.kiosk_support import sync, wait_for

ROOT = Path(__file__).resolve().parent.parent


def played(game, moves: int, seed: int = 1, players: int = 2):
    """A match `moves` moves in, the random bot in every seat (one stream for all, driven by
    the session)."""
    match = game.new(players, seed=seed)
    rng = Rng(seed)
    Session.of_computers(match, [make_bot(game, "random")] * players, [rng] * players).run(limit=moves)
    assert len(match.log.moves) == moves
    return match


SEATS = [Seat("Aiko"), Seat("Bo", "dealer")]


def test_autosave_lists_and_loads_with_seats_and_bots(tmp_path, chocolate_milk):
    store = SaveStore(tmp_path)
    match = played(chocolate_milk, 5)
    rngs = {1: Rng(9, stream=1001)}
    rngs[1].next32()
    store.autosave("one", match, make_meta(chocolate_milk, SEATS, rngs))
    (entry,) = store.entries()
    assert (entry.slot, entry.game, entry.title, entry.moves) == ("one", "chocolate_milk", "Chocolate Milk", 5)
    assert entry.seats == ("Aiko", "Bo (computer)")
    loaded, meta = store.load("one")
    assert loaded.log.moves == match.log.moves and loaded.rng.dump() == match.rng.dump()
    assert meta["seats"] == [{"name": "Aiko", "bot": None}, {"name": "Bo", "bot": "dealer"}]
    assert meta["bot_rngs"] == {"1": rngs[1].dump()}
    assert seats_from_meta(meta, chocolate_milk, 2) == SEATS
    store.discard("one")
    assert store.entries() == [] and store.problems == []
    assert list(store.dir.iterdir()) == []


def test_odd_meta_costs_names_not_the_match(chocolate_milk):
    meta = {"seats": [{"name": 5, "bot": "oracle"}, {"name": "  Bo  ", "bot": None}]}
    assert seats_from_meta(meta, chocolate_milk, 2) == [Seat("Player 1", "dealer"), Seat("Bo")]
    assert seats_from_meta({"seats": "x"}, chocolate_milk, 2) == [Seat("Player 1"), Seat("Player 2")]


def test_only_the_newest_matches_are_kept_each_with_all_its_copies(tmp_path, chocolate_milk):
    store = SaveStore(tmp_path)
    for i in range(KEEP + 3):
        slot = store.new_slot("chocolate_milk")
        for moves in range(COPIES):
            store.autosave(slot, played(chocolate_milk, moves), make_meta(chocolate_milk, SEATS, {}))
        for c in store.copies(slot):
            os.utime(c.path, (1000 + i, 1000 + i))
    (store.dir / "old.save.damaged").write_bytes(b"x")
    os.utime(store.dir / "old.save.damaged", (10, 10))
    for i in range(KEEP):
        (store.dir / f"x{i}.save.damaged").write_bytes(b"x")
    store.new_slot("chocolate_milk")
    kept = store.entries()
    assert len(kept) == KEEP - 1
    assert all(len(store.copies(e.slot)) == COPIES for e in kept)
    assert len(list(store.dir.glob("*.save"))) == (KEEP - 1) * COPIES
    assert len(list(store.dir.glob("*.damaged"))) == KEEP and not (store.dir / "old.save.damaged").exists()


def damaged_files(folder: Path, good: bytes) -> list[str]:
    """Every kind of file that cannot be a save, by name (each a match of one old-style copy)."""
    nested = b"\x91" * 5000 + b"\xc0"
    files = {
        "truncated.save": good[:40],
        "random.save": random.Random(4).randbytes(3000),
        "empty.save": b"",
        "nested.save": nested,
        "ext.save": msgpack.packb({"format": msgpack.ExtType(42, b"boom")}),
        "list.save": msgpack.packb([1, 2, 3]),
        "version.save": msgpack.packb({"format": saves.FORMAT, "version": 99}),
    }
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        (folder / name).write_bytes(data)
    with open(folder / "oversized.save", "wb") as f:  # sparse: big on paper, cheap on disk
        f.truncate(saves.MAX_BYTES + 1)
    return [*files, "oversized.save"]


def signed(doc: dict) -> bytes:
    doc["check"] = {part: saves.checksum(doc[part]) for part in saves.PARTS}
    return msgpack.packb(doc, use_bin_type=True)


PYTHON_WORDS = ("Error", "Exception", "Traceback", "msgpack", "Unpack", ".save", "damaged (")


@sync
async def test_damaged_saves_are_refused_set_aside_and_reported(tmp_path, chocolate_milk):
    data = tmp_path / "data"
    store = SaveStore(data)
    good = played(chocolate_milk, 3)
    store.autosave("good", good, make_meta(chocolate_milk, SEATS, {}))
    names = damaged_files(store.dir, store.path("good").read_bytes())
    lie = msgpack.unpackb(store.path("good").read_bytes())
    lie["state"] = {"grid": "not a grid"}
    (store.dir / "badstate.save").write_bytes(signed(lie))  # sound checksums: not damage but a lie
    (store.dir / "notes.txt").write_text("not a save at all, and not named like one")

    app = TokyoKiosk(bot_delay=0, config=KioskConfig(idle_seconds=0))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        resume = app.screen.query_one("#resume-list", OptionList)
        await wait_for(pilot, lambda: resume.get_option_at_index(0).id, "the list read")
        listed = [o.id for o in resume.options if o.id]
        assert listed == ["good", "badstate"]  # its envelope is fine: refused only when opened
        assert len(app.store.problems) == len(names)
        errors = (data / "errors.log").read_text()
        for name in names:
            assert (store.dir / f"{name}.damaged").exists() and not (store.dir / name).exists()
            assert f"{name} is damaged (SaveError: " in errors and f"set aside as {name}.damaged" in errors
        assert "extension type" in errors and "nests too deeply" in errors and "at most" in errors
        notes = app.screen.query_one("#resume-notes", Static).visual.plain
        assert notes.count("could not be opened and was set aside.") == 2
        assert notes.endswith(f"⚠ … and {len(names) - 2} more.")
        assert not any(w in notes for w in PYTHON_WORDS), notes

        resume.focus()
        resume.highlighted = listed.index("badstate")
        await pilot.press("enter")
        status = app.screen.query_one("#menu-status", Static)
        await wait_for(pilot, lambda: "could not be opened" in status.visual.plain, "the refusal")
        said = status.visual.plain
        assert said.startswith("Chocolate Milk (today ") and said.endswith("could not be opened and was set aside.")
        assert not any(w in said for w in PYTHON_WORDS) and isinstance(app.screen, MenuScreen)
        assert (store.dir / "badstate.save.damaged").exists()
        assert "badstate.save is damaged (SaveError: the saved position is not valid" in (data / "errors.log").read_text()
        assert [o.id for o in resume.options if o.id] == ["good"]

        resume.highlighted = 0
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen), "the good save")
        assert app.screen.match.log.moves[:3] == good.log.moves  # (and the computer may move on)
    assert (store.dir / "notes.txt").exists()  # not a save: left alone


@sync
async def test_resume_list_shows_game_seats_move_and_time(tmp_path, chocolate_milk):
    store = SaveStore(tmp_path / "data")
    older, newer = played(chocolate_milk, 2), played(chocolate_milk, 7, seed=2, players=3)
    t = time.localtime()
    yesterday_noon = time.mktime((t.tm_year, t.tm_mon, t.tm_mday - 1, 12, 0, 0, 0, 0, -1))
    store.autosave("older", older, dict(make_meta(chocolate_milk, SEATS, {}), saved_at=yesterday_noon))
    store.autosave("newer", newer, make_meta(chocolate_milk, [Seat("Aiko"), Seat("Bo"), Seat("Chiyo", "random")], {}))
    app = TokyoKiosk(bot_delay=0, config=KioskConfig(idle_seconds=0))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        resume = app.screen.query_one("#resume-list", OptionList)
        await wait_for(pilot, lambda: resume.get_option_at_index(0).id, "the list read")
        prompts = [str(o.prompt) for o in resume.options]
        assert [o.id for o in resume.options] == ["newer", "older"]
        assert prompts[0].startswith("Chocolate Milk · today ")
        assert "move 8 · Aiko, Bo, Chiyo (computer)" in prompts[0]
        assert "yesterday 12:00" in prompts[1] and "move 3 · Aiko, Bo (computer)" in prompts[1]
        await pilot.press("tab")
        assert app.focused is resume
        await pilot.press("down", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen), "the older game")
        assert app.screen.match.log.moves[:2] == older.log.moves and app.screen.seats == SEATS


CHILD = textwrap.dedent("""
    import os, random, stat, sys, time
    from core import games
    from core.bots import make_bot
    from core.rng import Rng
    from core.session import Session
    from kiosk.screens import Seat
    from kiosk.session import make_meta
    from kiosk.store import SaveStore

    real_fsync = os.fsync
    def slow_fsync(fd):  # a slow disk: most of the time is spent writing the new file
        if stat.S_ISREG(os.fstat(fd).st_mode):
            time.sleep(random.uniform(0.005, 0.02))
        real_fsync(fd)
    os.fsync = slow_fsync

    store, game = SaveStore(sys.argv[1]), games.load("chocolate_milk")
    seats = [Seat("Aiko", "random"), Seat("Bo", "random")]
    bot, counter = make_bot(game, "random"), 0

    def autosave(match):  # after every move, as the kiosk saves
        global counter
        counter += 1
        meta = dict(make_meta(game, seats, {}), counter=counter)
        store.autosave("slot", match, meta)
        print(counter, flush=True)

    for seed in range(1000):
        match, rng = game.new(2, seed=seed), Rng(seed)
        session = Session.of_computers(match, [bot, bot], [rng, rng])
        session.listeners.append(lambda events, match=match: autosave(match))
        session.run()
""")


def test_sigkill_while_autosaving_leaves_a_loadable_save(tmp_path, chocolate_milk):
    store = SaveStore(tmp_path)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    pick = random.Random(20)
    leftovers: set[str] = set()
    inside = 0
    for round_ in range(8):
        child = subprocess.Popen([sys.executable, "-c", CHILD, str(tmp_path)], stdout=subprocess.PIPE,
                                 text=True, env=env, cwd=ROOT)
        try:
            first = child.stdout.readline()  # one save is complete
            assert first.strip().isdigit(), first
            time.sleep(pick.uniform(0.02, 0.4))
            os.kill(child.pid, signal.SIGKILL)
            child.wait(timeout=10)
        finally:
            if child.poll() is None:
                child.kill()
                child.wait()
        reported = [int(line) for line in ([first] + child.stdout.read().split()) if str(line).strip()]
        child.stdout.close()
        assert child.returncode == -signal.SIGKILL
        last = max(reported)
        match, meta = store.load("slot")  # never half a file
        assert meta["counter"] in (last, last + 1), (round_, meta["counter"], last)
        assert match.log.moves and match.players == 2
        tmp = {p.name for p in store.dir.glob(".slot.m*.save.*.tmp")}  # a write cut short
        inside += bool(tmp - leftovers)
        leftovers |= tmp
        (entry,) = store.entries()
        assert entry.slot == "slot" and store.problems == []
        assert len(store.copies("slot")) <= COPIES + 1  # + 1: killed between writing and dropping
    print(f"{inside} of 8 kills landed inside a write")
    assert inside > 0, "no kill landed inside a write; the test proved nothing"
