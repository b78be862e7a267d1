"""Saves: msgpack round trips, damage mended from the sound parts, and every damaged or
hostile file that cannot be mended refused with a SaveError, never another exception."""

import os
import random

import msgpack
import pytest

from core import saves
from core.errors import SaveError
from core.rng import Rng
from core.session import Session


class Uniform:
    """A uniform pick among the legal moves, by key (no data said)."""

    name, needs_view = "random", False

    def choose(self, view, legal, rng):
        return legal[rng.below(len(legal))]


def played(game, moves=20, seed=3):
    """A 4-player match `moves` uniform picks in (one stream for all, driven by the session)."""
    m = game.new(4, seed=seed)
    Session.of_computers(m, [Uniform()] * 4, [Rng(1)] * 4).run(limit=moves)
    return m


def test_round_trip_continues_identically(chocolate_milk):
    m = played(chocolate_milk)
    again = saves.load(m.save())
    assert again.save() == m.save()
    for _ in range(10):
        seat = m.to_act()[0]
        key = m.legal(seat)[0].key
        m.play(seat, key)
        again.play(seat, key)
    assert again.save() == m.save()


def test_meta_travels_with_the_save(chocolate_milk, tmp_path):
    m = played(chocolate_milk)
    path = tmp_path / "a.tokyo"
    saves.save_file(m, path, meta={"names": ["Aiko", "Ben", "Chie", "Dai"]})
    again, meta = saves.load_file(path, with_meta=True)
    assert meta["names"][0] == "Aiko" and again.save() == m.save()


def _nest(depth):
    value = 1
    for _ in range(depth):
        value = [value]
    return value


def _doc(game):
    return msgpack.unpackb(played(game).save(), raw=False)


def signed(doc) -> bytes:
    """A document packed with its checksums made right: what a hostile author would write."""
    doc["check"] = {part: saves.checksum(doc[part]) for part in saves.PARTS}
    return msgpack.packb(doc, use_bin_type=True)


def spans(data: bytes) -> dict[str, range]:
    """Where each top-level part of a save lies in its bytes (its name included)."""
    out, at = {}, 1
    for key, value in msgpack.unpackb(data, raw=False).items():
        size = len(msgpack.packb(key)) + len(msgpack.packb(value, use_bin_type=True))
        out[key] = range(at, at + size)
        at += size
    assert at == len(data)
    return out


def same_match(a, b) -> bool:
    return saves.dump_match(a) == saves.dump_match(b)


@pytest.mark.parametrize("name,data,message", [
    ("empty", b"", "empty"),
    ("random", bytes(range(256)) * 3, "not"),
    ("oversized", b"\x00" * (saves.MAX_BYTES + 1), "at most"),
    ("not a map", msgpack.packb([1, 2, 3]), "no header"),
    ("other format", msgpack.packb({"format": "zip"}), "not a Tokyo"),
    ("future version", msgpack.packb({"format": saves.FORMAT, "version": 99}), "version 99"),
    ("ext type", msgpack.packb({"format": saves.FORMAT, "x": msgpack.ExtType(42, b"os.system")}),
     "extension type"),
    ("deeply nested", b"\x91" * 100_000 + b"\xc0", "nest"),
    ("moderately nested", msgpack.packb({"format": saves.FORMAT, "version": 1, "x": _nest(40)}),
     "nests deeper"),
    ("pickle", b"\x80\x04\x95\x15\x00\x00\x00\x00\x00\x00\x00\x8c\x02os\x94\x8c\x06system\x94\x93\x94.", "not"),
], ids=lambda v: v if isinstance(v, str) and len(v) < 20 and v.isprintable() else "")
def test_damaged_and_hostile_files_are_refused(name, data, message):
    """Each file is refused with a message saying why."""
    with pytest.raises(SaveError, match=message):
        saves.load(data)


def test_a_save_cut_short_is_refused_or_rebuilt_whole_from_its_log(chocolate_milk):
    """Cut anywhere: refused, or (when the log survived) the very same match."""
    m = played(chocolate_milk)
    data = m.save()
    rebuilt = 0
    for cut in range(0, len(data)):
        try:
            loaded = saves.open_save(data[:cut])
        except SaveError:
            continue
        assert same_match(loaded.match, m), cut
        rebuilt += loaded.rebuilt
    assert rebuilt > 0, "no cut kept the log: the test proved nothing"
    with pytest.raises(SaveError):
        saves.load(data[: spans(data)["log"].start + 5])


@pytest.mark.parametrize("edit,message", [
    (lambda d: d.update(game="no-such-game"), "cannot be loaded"),
    (lambda d: d["state"]["yen"].__setitem__(0, 10**6), "bank"),
    (lambda d: d["state"]["crates"][0].append(["K6"] * 3), "not valid"),
    (lambda d: d["log"]["moves"].append([9, "crate"]), "move log"),
    (lambda d: d["log"].update(players=9), "move log"),
    (lambda d: d.update(rng=[1, 2]), "not valid"),
    (lambda d: d["state"].pop("grid"), "not valid"),
    (lambda d: d["state"].update(grid="lots"), "not valid"),
])
def test_tampered_saves_are_refused(chocolate_milk, edit, message):
    """Sound checksums over wrong parts are a lie, not damage: refused, never mended."""
    doc = _doc(chocolate_milk)
    edit(doc)
    with pytest.raises(SaveError, match=message):
        saves.load(signed(doc))


@pytest.mark.parametrize("part", ["state", "rng"])
def test_a_damaged_position_is_rebuilt_from_the_log(chocolate_milk, part):
    m = played(chocolate_milk)
    doc = _doc(chocolate_milk)
    doc[part] = {"grid": "lots"} if part == "state" else [1, 2]
    loaded = saves.open_save(msgpack.packb(doc, use_bin_type=True))
    assert loaded.rebuilt and same_match(loaded.match, m)


def test_a_damaged_log_is_mended_with_the_copy_one_move_older(chocolate_milk):
    m, earlier = played(chocolate_milk, moves=20), played(chocolate_milk, moves=19)
    doc = msgpack.unpackb(m.save(), raw=False)
    doc["log"]["moves"][-1][1] = "not a move"
    data = msgpack.packb(doc, use_bin_type=True)
    with pytest.raises(SaveError, match="move log"):
        saves.load(data)
    loaded = saves.open_save(data, earlier=earlier)
    assert loaded.bridged and same_match(loaded.match, m)
    with pytest.raises(SaveError, match="move log"):  # two moves behind: not mended
        saves.open_save(data, earlier=played(chocolate_milk, moves=18))


def test_a_save_from_before_checksums_loads_when_its_log_leads_to_its_position(chocolate_milk):
    m = played(chocolate_milk)
    doc = _doc(chocolate_milk)
    del doc["check"]
    assert same_match(saves.load(msgpack.packb(doc, use_bin_type=True)), m)
    doc["log"]["moves"].pop()
    with pytest.raises(SaveError, match="does not lead to the saved position"):
        saves.load(msgpack.packb(doc, use_bin_type=True))


def _flips(data: bytes, pick: random.Random, sample: int | None):
    cases = [(i, x) for i in range(len(data)) for x in (0x01, 0x80, 0xFF)]
    return cases if sample is None else pick.sample(cases, sample)


@pytest.mark.parametrize("name,players,moves,sample", [
    ("chocolate_milk", 3, 24, 900),
    ("tsukiji", 3, 30, 400),
])
def test_any_flipped_byte_gives_the_same_match_or_a_save_error(name, players, moves, sample):
    """Fuzz: every single-byte flip (or a sample), alone and with the copy one move older:
    the very match that was saved (its meta flagged when damaged), or a SaveError."""
    from core import games
    game = games.load(name)
    m = game.new(players, seed=5)
    earlier = game.new(players, seed=5)
    session = Session.of_computers(m, [Uniform()] * players, [Rng(1)] * players)

    def follow(events):                 # the copy one move older: every move but the last
        if len(m.log.moves) < moves:
            earlier.play(*m.log.moves[-1])

    session.listeners.append(follow)
    session.run(limit=moves)
    meta = {"title": "Game", "seats": [{"name": f"P{i}", "bot": None} for i in range(players)]}
    data = saves.dump_match(m, meta)
    outcomes = {"refused": 0, "as saved": 0, "mended": 0}
    for i, x in _flips(data, random.Random(7), sample):
        bad = bytearray(data)
        bad[i] ^= x
        for before in (None, earlier):
            try:
                loaded = saves.open_save(bytes(bad), earlier=before)
            except SaveError:
                outcomes["refused"] += 1
                continue
            assert same_match(loaded.match, m), (i, x)
            assert loaded.meta == meta or not loaded.meta_sound, (i, x)
            outcomes["mended" if loaded.rebuilt or loaded.bridged else "as saved"] += 1
    assert all(outcomes.values()), outcomes


def test_any_cut_or_flip_of_a_hostile_file_is_a_save_error_or_a_match(chocolate_milk):
    """Flips and cuts of files that were never saves, or barely: SaveError or a valid match."""
    pick = random.Random(11)
    good = played(chocolate_milk).save()
    for data in (good, msgpack.packb({"format": saves.FORMAT, "version": 1, "check": {}, "log": []})):
        for _ in range(300):
            bad = bytearray(data[: pick.randrange(1, len(data) + 1)])
            for _ in range(pick.randrange(1, 4)):
                bad[pick.randrange(len(bad))] = pick.randrange(256)
            try:
                match = saves.load(bytes(bad))
            except SaveError:
                continue
            assert match.game.name == "chocolate_milk" and same_match(
                chocolate_milk.replay(match.log.dump()), match)


def test_atomic_write_keeps_the_old_file_when_writing_fails(chocolate_milk, tmp_path, monkeypatch):
    path = tmp_path / "slot.tokyo"
    first = played(chocolate_milk, moves=5)
    saves.save_file(first, path)

    def crash(*a, **k):
        raise OSError("disk unplugged")
    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        saves.save_file(played(chocolate_milk, moves=15), path)
    monkeypatch.undo()
    assert saves.load_file(path).save() == first.save()
    assert [p.name for p in tmp_path.iterdir()] == ["slot.tokyo"], "no temporary file is left"


def test_unreadable_path_is_a_save_error(tmp_path):
    with pytest.raises(SaveError, match="cannot be read"):
        saves.load_file(tmp_path / "missing.tokyo")
