"""Saves: versioned msgpack, validated on load, written atomically.

A save holds the move log (seed, options, starting position, moves) and the current
state with its random-generator state, so that loading is fast and the match goes on
exactly as it would have. Nothing in a save is ever executed: no pickle, no extension
types, bounded size and depth, and every state passes the game's own validation.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import msgpack

from .errors import PluginError, SaveError, TokyoError

FORMAT = "tokyo-kiosk save"
VERSION = 1
MAX_BYTES = 4 * 1024 * 1024
MAX_DEPTH = 32


def _refuse_ext(code, data):
    raise SaveError(f"the file holds a msgpack extension type ({code}); saves never do")


def dump_match(match, meta: dict | None = None) -> bytes:
    doc = {
        "format": FORMAT,
        "version": VERSION,
        "game": match.game.name,
        "log": match.log.dump(),
        "state": match.rules.dump(match.state),
        "rng": match.rng.dump(),
        "meta": meta or {},
    }
    return msgpack.packb(doc, use_bin_type=True)


def _depth(obj, limit: int) -> None:
    stack = [(obj, 1)]
    while stack:
        o, d = stack.pop()
        if d > limit:
            raise SaveError(f"the file nests deeper than {limit} levels; no save does")
        if isinstance(o, dict):
            stack.extend((v, d + 1) for v in o.values())
            stack.extend((k, d + 1) for k in o.keys() if isinstance(k, (list, dict)))
        elif isinstance(o, list):
            stack.extend((v, d + 1) for v in o)


def read_document(data: bytes) -> dict:
    """Unpack and check the envelope; SaveError on anything odd."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise SaveError("a save is bytes")
    if len(data) > MAX_BYTES:
        raise SaveError(f"the file is {len(data):,} bytes; a save is at most {MAX_BYTES:,}")
    if not data:
        raise SaveError("the file is empty")
    try:
        doc = msgpack.unpackb(
            bytes(data), raw=False, use_list=True, strict_map_key=True, ext_hook=_refuse_ext,
            max_str_len=MAX_BYTES, max_bin_len=MAX_BYTES,
            max_array_len=1_000_000, max_map_len=100_000)
    except SaveError:
        raise
    except (RecursionError, msgpack.StackError) as e:
        raise SaveError("the file nests too deeply to be a save") from e
    except (ValueError, TypeError, OverflowError, msgpack.UnpackException) as e:
        raise SaveError(f"the file is not a readable save ({type(e).__name__}: {e})") from e
    if not isinstance(doc, dict):
        raise SaveError("the file is msgpack but not a save (no header)")
    _depth(doc, MAX_DEPTH)
    if doc.get("format") != FORMAT:
        raise SaveError("the file is not a Tokyo Series Kiosk save")
    version = doc.get("version")
    if version != VERSION:
        raise SaveError(f"the save is format version {version!r}; this kiosk reads version {VERSION}")
    for key, kind in (("game", str), ("log", dict), ("state", dict), ("rng", list), ("meta", dict)):
        if not isinstance(doc.get(key), kind):
            raise SaveError(f"the save's {key!r} part is missing or of the wrong kind")
    return doc


def _check_log(log: dict, game) -> None:
    try:
        players, seed, options, moves = log["players"], log["seed"], log["options"], log["moves"]
        if log.get("game") != game.name:
            raise ValueError("the log names another game")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError("the seed is not a whole number")
        settled = game.info.settle_options(players, options)
        if settled != options:
            raise ValueError("the options are incomplete")
        if not isinstance(moves, list) or not all(
                isinstance(m, list) and len(m) == 2 and isinstance(m[0], int)
                and not isinstance(m[0], bool) and 0 <= m[0] < players and isinstance(m[1], str)
                for m in moves):
            raise ValueError("the moves are not (seat, action) pairs")
        if log.get("start") is not None and not isinstance(log["start"], dict):
            raise ValueError("the starting position is not a mapping")
    except (KeyError, TypeError, ValueError) as e:
        raise SaveError(f"the save's move log is damaged: {e}") from e


def load(data: bytes, *, with_meta: bool = False):
    """A match from save bytes; SaveError with a clear message for anything wrong."""
    from . import games
    from .game import Match, MoveLog
    from .rng import Rng

    doc = read_document(data)
    try:
        game = games.load(doc["game"])
    except PluginError as e:
        raise SaveError(f"the save is of game {doc['game']!r}, which cannot be loaded: {e}") from e
    log = doc["log"]
    _check_log(log, game)
    try:
        state = game.rules.restore(doc["state"], log["players"], log["options"])
        rng = Rng.restore(doc["rng"])
    except TokyoError as e:
        raise SaveError(f"the saved position is not valid: {e}") from e
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
        raise SaveError(f"the saved position is not valid: {e}") from e
    mlog = MoveLog(game.name, log["players"], log["seed"], log["options"], log.get("start"))
    mlog.moves = [(s, k) for s, k in log["moves"]]
    match = Match(game, state, rng, mlog)
    return (match, doc["meta"]) if with_meta else match


def load_log(data: bytes) -> dict:
    """Only the move log of a save (for replays), checked."""
    from . import games
    doc = read_document(data)
    try:
        game = games.load(doc["game"])
    except PluginError as e:
        raise SaveError(f"the save is of game {doc['game']!r}, which cannot be loaded: {e}") from e
    _check_log(doc["log"], game)
    return doc["log"]


def write_atomic(path: str | os.PathLike, data: bytes) -> None:
    """Write a file so that a crash at any moment leaves the old or the new one, never half."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix="." + path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    try:
        dfd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dfd)
    except OSError:
        pass
    finally:
        os.close(dfd)


def save_file(match, path: str | os.PathLike, meta: dict | None = None) -> None:
    write_atomic(path, dump_match(match, meta))


def load_file(path: str | os.PathLike, *, with_meta: bool = False):
    p = Path(path)
    try:
        size = p.stat().st_size
        if size > MAX_BYTES:
            raise SaveError(f"{p.name} is {size:,} bytes; a save is at most {MAX_BYTES:,}")
        data = p.read_bytes()
    except OSError as e:
        raise SaveError(f"{p} cannot be read: {e.strerror or e}") from e
    return load(data, with_meta=with_meta)
