"""Saves: msgpack round trips, and every kind of damaged or hostile file refused."""

import os

import msgpack
import pytest

from core import saves
from core.errors import SaveError
from core.rng import Rng


def played(game, moves=20, seed=3):
    m = game.new(4, seed=seed)
    rng = Rng(1)
    for _ in range(moves):
        seat = m.to_act()[0]
        legal = m.legal(seat)
        m.play(seat, legal[rng.below(len(legal))])
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


def test_truncated_saves_are_refused_at_every_length(chocolate_milk):
    data = played(chocolate_milk).save()
    for cut in range(0, len(data), 7):
        with pytest.raises(SaveError):
            saves.load(data[:cut])


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
    doc = _doc(chocolate_milk)
    edit(doc)
    with pytest.raises(SaveError, match=message):
        saves.load(msgpack.packb(doc, use_bin_type=True))


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
