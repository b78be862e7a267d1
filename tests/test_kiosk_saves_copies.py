"""The last few copies of each match: rotation, resuming past a damaged copy, mending a
damaged copy from its log or the copy before it, and what players are told (their words,
within the list's width) while the details go to the operator's errors.log."""

from __future__ import annotations

import os
import re

import msgpack
import pytest
from textual.geometry import Region
from textual.widgets import OptionList, Static
from textual.widgets._toast import Toast

from core import saves
from kiosk.app import TokyoKiosk
from kiosk.config import KioskConfig
from kiosk.screens import Seat
from kiosk.screens.menu import MenuScreen
from kiosk.screens.play import PlayScreen
from kiosk.session import make_meta
from kiosk.store import COPIES, GameMissing, SaveStore, shorten
from tests.kiosk_support import sync, wait_for
from tests.test_kiosk_saves import PYTHON_WORDS, played, signed

PEOPLE = [Seat("Aiko"), Seat("Bo")]  # no computer seat: a resumed match stands still
MOVES = 6
SLOT = "20250301-140200-chocolate_milk-a1b2c3"


class Crash(BaseException):
    """The kiosk killed at this very point."""


def autosaved(store: SaveStore, game, moves: int = MOVES, slot: str = SLOT, meta=None):
    """A match autosaved after each of its `moves` moves, as the play screen does."""
    for n in range(moves + 1):
        store.autosave(slot, played(game, n), meta or make_meta(game, PEOPLE, {}))
    return played(game, moves)


def span(data: bytes, part: str) -> range:
    """Where a top-level part of a save lies in its bytes (its name included)."""
    at = 1
    for key, value in msgpack.unpackb(data, raw=False).items():
        size = len(msgpack.packb(key)) + len(msgpack.packb(value, use_bin_type=True))
        if key == part:
            return range(at, at + size)
        at += size
    raise KeyError(part)


def flip(path, part: str, offset: int = -3) -> None:
    """Flip one byte of a part of the save at `path` (by default near the part's end)."""
    data = bytearray(path.read_bytes())
    data[span(bytes(data), part)[offset]] ^= 0xFF
    path.write_bytes(bytes(data))


def error_log(store: SaveStore) -> str:
    return store.log_path.read_text() if store.log_path.exists() else ""


def shown(widget) -> list[str]:
    """The lines a widget shows on the screen."""
    w, h = widget.outer_size
    return [strip.text.rstrip() for strip in widget.render_lines(Region(0, 0, w, h))]


async def at_resume_list(pilot, app) -> OptionList:
    await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
    resume = app.screen.query_one("#resume-list", OptionList)
    await wait_for(pilot, lambda: resume.get_option_at_index(0).id or app.store.problems, "the list read")
    await pilot.press("tab")
    assert app.focused is resume
    return resume


# ---- rotation ------------------------------------------------------------------------


def test_after_many_moves_a_match_keeps_its_newest_copies_and_the_newest_loads(tmp_path, chocolate_milk):
    store = SaveStore(tmp_path)
    match = autosaved(store, chocolate_milk, moves=10)
    assert [c.moves for c in store.copies(SLOT)] == [10, 9, 8][:COPIES]
    assert len(list(store.dir.iterdir())) == COPIES
    (entry,) = store.entries()
    assert (entry.slot, entry.moves) == (SLOT, 10)
    loaded, _ = store.load(SLOT)
    assert loaded.log.moves == match.log.moves and saves.dump_match(loaded) == saves.dump_match(match)


def test_a_crash_between_writing_a_copy_and_dropping_the_oldest_leaves_a_loadable_match(
        tmp_path, chocolate_milk, monkeypatch):
    store = SaveStore(tmp_path)
    autosaved(store, chocolate_milk)

    def killed(path):
        raise Crash()
    monkeypatch.setattr(SaveStore, "_unlink", staticmethod(killed))
    with pytest.raises(Crash):
        store.autosave(SLOT, played(chocolate_milk, MOVES + 1), make_meta(chocolate_milk, PEOPLE, {}))
    monkeypatch.undo()
    after = SaveStore(tmp_path)
    assert [c.moves for c in after.copies(SLOT)] == [MOVES + 1, MOVES, MOVES - 1, MOVES - 2]
    (entry,) = after.entries()
    assert entry.moves == MOVES + 1 and len(after.load(SLOT)[0].log.moves) == MOVES + 1
    after.autosave(SLOT, played(chocolate_milk, MOVES + 2), make_meta(chocolate_milk, PEOPLE, {}))
    assert [c.moves for c in after.copies(SLOT)] == [MOVES + 2, MOVES + 1, MOVES]


def test_a_crash_while_writing_a_copy_leaves_the_copies_before_it(tmp_path, chocolate_milk, monkeypatch):
    store = SaveStore(tmp_path)
    autosaved(store, chocolate_milk)

    def killed(*a):
        raise Crash()
    monkeypatch.setattr(os, "replace", killed)
    with pytest.raises(Crash):
        store.autosave(SLOT, played(chocolate_milk, MOVES + 1), make_meta(chocolate_milk, PEOPLE, {}))
    monkeypatch.undo()
    assert [c.moves for c in store.copies(SLOT)] == [MOVES, MOVES - 1, MOVES - 2]
    assert len(store.load(SLOT)[0].log.moves) == MOVES


def test_a_move_taken_back_drops_the_copy_ahead_of_it(tmp_path, chocolate_milk):
    store = SaveStore(tmp_path)
    autosaved(store, chocolate_milk)
    store.autosave(SLOT, played(chocolate_milk, MOVES - 1), make_meta(chocolate_milk, PEOPLE, {}))
    assert [c.moves for c in store.copies(SLOT)] == [MOVES - 1, MOVES - 2]
    assert len(store.load(SLOT)[0].log.moves) == MOVES - 1


# ---- resuming past damage ---------------------------------------------------------------


@sync
async def test_a_flipped_byte_in_the_newest_copy_resumes_from_the_previous_one(tmp_path, chocolate_milk):
    """The flip hits the file's format marker, which nothing can mend: one move is lost,
    players are told so in their words, the operator's log says which file and why."""
    store = SaveStore(tmp_path / "data")
    match = autosaved(store, chocolate_milk)
    newest = store.path(SLOT)
    flip(newest, "format")
    app = TokyoKiosk(bot_delay=0, config=KioskConfig(idle_seconds=0))
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        resume = await at_resume_list(pilot, app)
        assert "move 6 ·" in str(resume.get_option_at_index(0).prompt)  # the copy whose envelope reads
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen), "the resumed game")
        assert app.screen.match.log.moves == match.log.moves[:MOVES - 1]
        def toast_words() -> str:
            said = " ".join(" ".join(shown(t)) for t in app.screen.query(Toast))
            return " ".join(said.replace("▌", " ").split())  # (the toast's border)

        await wait_for(pilot, toast_words, "the toast's words")
        said = toast_words()
        assert re.search(r"Chocolate Milk \(today \d\d:\d\d\) could not be opened; an earlier copy was used "
                         r"and 1 move was lost\.", said), said
        assert not any(w in said for w in PYTHON_WORDS)
    log = error_log(store)
    assert f"{newest.name} is damaged (SaveError: the file is not a Tokyo Series Kiosk save)" in log
    assert f"set aside as {newest.name}.damaged" in log and f"after {MOVES - 1} moves; 1 lost" in log
    assert [c.moves for c in store.copies(SLOT)][0] >= MOVES - 1


def test_two_damaged_copies_lose_two_moves(tmp_path, chocolate_milk):
    store = SaveStore(tmp_path)
    autosaved(store, chocolate_milk)
    for c in store.copies(SLOT)[:2]:
        flip(c.path, "version", -1)
    opened = store.open_match(SLOT)
    assert len(opened.match.log.moves) == MOVES - 2 and opened.notice.moves_lost == 2
    assert opened.copy == store.copy_path(SLOT, MOVES - 2).name
    assert len(list(store.dir.glob("*.damaged"))) == 2


@sync
async def test_a_flipped_byte_in_the_stored_position_is_rebuilt_from_the_log(tmp_path, chocolate_milk):
    store = SaveStore(tmp_path / "data")
    match = autosaved(store, chocolate_milk)
    newest = store.path(SLOT)
    flip(newest, "state", len(span(newest.read_bytes(), "state")) // 2)
    app = TokyoKiosk(bot_delay=0, config=KioskConfig(idle_seconds=0))
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await at_resume_list(pilot, app)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen), "the resumed game")
        assert app.screen.match.log.moves == match.log.moves
        assert saves.dump_match(app.screen.match) == saves.dump_match(match)
        for _ in range(3):
            await pilot.pause()
        assert not app.screen.query(Toast)  # nothing lost: nothing to tell
    assert f"{newest.name}: its stored position was damaged; rebuilt from its move log" in error_log(store)
    assert (store.dir / f"{newest.name}.damaged").exists()
    again = saves.open_save(newest.read_bytes())  # mended on disk too
    assert not again.rebuilt and saves.dump_match(again.match) == saves.dump_match(match)


def test_a_flipped_byte_in_the_log_is_mended_with_the_previous_copy(tmp_path, chocolate_milk):
    store = SaveStore(tmp_path)
    match = autosaved(store, chocolate_milk)
    newest = store.path(SLOT)
    flip(newest, "log", -2)  # inside the last move's key
    with pytest.raises(saves.SaveError):
        saves.open_save(newest.read_bytes())
    opened = store.open_match(SLOT)
    assert opened.notice is None and opened.mended
    assert saves.dump_match(opened.match) == saves.dump_match(match)
    assert f"{newest.name}: SaveError: " in error_log(store) and "mended with" in error_log(store)
    assert not saves.open_save(newest.read_bytes()).bridged


def test_a_damaged_meta_is_taken_from_another_copy(tmp_path, chocolate_milk):
    store = SaveStore(tmp_path)
    autosaved(store, chocolate_milk, meta=make_meta(chocolate_milk, [Seat("Aiko"), Seat("Bo", "dealer")], {}))
    newest = store.path(SLOT)
    doc = msgpack.unpackb(newest.read_bytes(), raw=False)
    doc["meta"]["seats"] = "scrambled"
    newest.write_bytes(msgpack.packb(doc, use_bin_type=True))
    (entry,) = store.entries()
    assert entry.seats == ("Aiko", "Bo (computer)")
    opened = store.open_match(SLOT)
    assert opened.meta["seats"][1] == {"name": "Bo", "bot": "dealer"}


@sync
async def test_a_game_none_of_whose_copies_reads_is_set_aside_in_players_words(tmp_path, chocolate_milk):
    store = SaveStore(tmp_path / "data")
    autosaved(store, chocolate_milk)
    copies = store.copies(SLOT)
    for c in copies:
        flip(c.path, "format")
    app = TokyoKiosk(bot_delay=0, config=KioskConfig(idle_seconds=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        notes = app.screen.query_one("#resume-notes", Static)
        await wait_for(pilot, lambda: "could not be opened" in " ".join(shown(notes)), "the note shown")
        lines = shown(notes)
        said = " ".join(" ".join(lines).split())
        assert re.fullmatch(r"⚠ Chocolate Milk \(today \d\d:\d\d\) could not be opened and was set aside\.", said), said
        assert all(len(line) <= notes.outer_size.width for line in lines)
        for word in said.split():  # wrapped between words, never inside one
            assert any(word in line.split() for line in lines), (word, lines)
        assert not [o for o in app.screen.query_one("#resume-list", OptionList).options if o.id]
    log = error_log(store)
    for c in copies:
        assert f"{c.path.name} is damaged (SaveError: " in log and (store.dir / f"{c.path.name}.damaged").exists()
    assert list(store.dir.glob("*.save")) == []


@sync
async def test_a_listed_game_that_no_copy_opens_is_set_aside_when_chosen(tmp_path, chocolate_milk):
    """Envelopes fine, but in every copy both the position and the log are damaged."""
    store = SaveStore(tmp_path / "data")
    autosaved(store, chocolate_milk)
    copies = store.copies(SLOT)
    for c in copies:
        doc = msgpack.unpackb(c.path.read_bytes(), raw=False)
        doc["log"]["moves"][-1][1] = "liceoces"
        doc["state"]["grid"] = "lots"
        c.path.write_bytes(msgpack.packb(doc, use_bin_type=True))
    app = TokyoKiosk(bot_delay=0, config=KioskConfig(idle_seconds=0))
    async with app.run_test(size=(80, 24)) as pilot:
        resume = await at_resume_list(pilot, app)
        await pilot.press("enter")
        status = app.screen.query_one("#menu-status", Static)
        # on the screen, not only in the widget: the line is laid out a moment after it is set
        await wait_for(pilot, lambda: "could not be opened" in " ".join(shown(status)), "the refusal shown")
        said = " ".join(" ".join(shown(status)).split())
        assert re.fullmatch(r"Chocolate Milk \(today \d\d:\d\d\) could not be opened and was set aside\.", said), said
        assert "liceoces" not in said and not any(w in said for w in PYTHON_WORDS)
        assert isinstance(app.screen, MenuScreen) and not [o for o in resume.options if o.id]
        assert not app.store.problems  # said once, in the status line; not again as a note
    log = error_log(store)
    assert "both the saved position and the move log are damaged" in log
    for c in copies:
        assert f"{c.path.name} is damaged (SaveError: " in log and (store.dir / f"{c.path.name}.damaged").exists()


def test_a_match_whose_game_is_missing_keeps_every_copy(tmp_path, chocolate_milk):
    store = SaveStore(tmp_path)
    autosaved(store, chocolate_milk)
    for c in store.copies(SLOT):
        doc = msgpack.unpackb(c.path.read_bytes(), raw=False)
        doc["game"] = doc["log"]["game"] = "go"
        c.path.write_bytes(signed(doc))
    (entry,) = store.entries()
    assert entry.game == "go"
    with pytest.raises(GameMissing):
        store.open_match(SLOT)
    assert len(store.copies(SLOT)) == COPIES and not list(store.dir.glob("*.damaged"))
    app = TokyoKiosk(bot_delay=0, config=KioskConfig(idle_seconds=0), data=tmp_path)
    said = app.resume(SLOT)
    assert said == "This game cannot start on this kiosk now; it is kept for later."
    assert len(store.copies(SLOT)) == COPIES


# ---- players' words ---------------------------------------------------------------------


def test_long_names_are_shortened_at_a_word_boundary():
    assert shorten("Chocolate Milk", 40) == "Chocolate Milk"
    assert shorten("The Grand Extraordinarily Long Tournament Edition", 30) == "The Grand Extraordinarily…"
    assert shorten("Alexandra Konstantinopoulou", 16) == "Alexandra…"
    assert shorten("Supercalifragilisticexpialidocious", 16) == "Supercalifragil…"
    assert all(len(shorten("word " * n, 12)) <= 12 for n in range(10))


@sync
async def test_the_resume_list_shortens_long_titles_and_names_between_words(tmp_path, chocolate_milk):
    store = SaveStore(tmp_path / "data")
    meta = dict(make_meta(chocolate_milk, PEOPLE, {}),
                title="The Grand Extraordinarily Long Tournament Edition of Chocolate Milk",
                seats=[{"name": "Alexandra Konstantinopoulou", "bot": None}, {"name": "Bo", "bot": "dealer"}])
    autosaved(store, chocolate_milk, meta=meta)
    (entry,) = store.entries()
    assert entry.title == "The Grand Extraordinarily Long…"
    assert entry.seats == ("Alexandra…", "Bo (computer)")
    app = TokyoKiosk(bot_delay=0, config=KioskConfig(idle_seconds=0))
    async with app.run_test(size=(80, 24)) as pilot:
        resume = await at_resume_list(pilot, app)
        assert [o.id for o in resume.options if o.id] == [SLOT]  # one entry per match, not per copy
        prompt = str(resume.get_option_at_index(0).prompt)
        assert prompt.startswith("The Grand Extraordinarily Long… · today ")
        assert "Alexandra…, Bo (computer)" in prompt
