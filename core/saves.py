"""Saves: versioned msgpack, validated on load, written atomically.

A save holds the move log (seed, options, starting position, moves) and the current
state with its random-generator state, so that loading is fast and the match goes on
exactly as it would have. The one exception is a round of sealed decisions in progress
(sealed bids, Rules.sealed_pending): a save never holds a decision not yet revealed, so it
is written as of the moment the round began, and after loading those seats decide again.
Nothing in a save is ever executed: no pickle, no extension types, bounded size and depth,
and every state passes the game's own validation.

Each part carries a checksum, so a damaged part is known for what it is. The log is the
match itself and the stored position only a quick way back to it: a position that is
damaged (or cut off) is rebuilt by replaying a sound log, and nothing is lost. A file
whose parts are sound but wrong (a position the game refuses, a log that does not lead
to the position) is not damage but a lie, and is refused.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

import msgpack

from .errors import IllegalMove, PluginError, SaveError
from .save_format import FORMAT, KINDS, MAX_BYTES, MAX_DEPTH, PARTS, VERSION, checksum, dump_match  # noqa: F401

_SALVAGE_PAIRS = 16
_LIMITS = dict(max_str_len=MAX_BYTES, max_bin_len=MAX_BYTES, max_array_len=1_000_000,
               max_map_len=100_000)


def _refuse_ext(code, data):
    raise SaveError(f"the file holds a msgpack extension type ({code}); saves never do")


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


def _reader() -> msgpack.Unpacker:
    return msgpack.Unpacker(raw=False, unicode_errors="replace", strict_map_key=True,
                            ext_hook=_refuse_ext, max_buffer_size=MAX_BYTES, **_LIMITS)


_UNREADABLE = (SaveError, RecursionError, ValueError, TypeError, OverflowError,
               msgpack.UnpackException, msgpack.OutOfData)


def _value_at(data: bytes, offset: int):
    reader = _reader()
    reader.feed(data[offset:])
    return reader.unpack()


def _sums(doc: dict) -> dict | None:
    sums = doc.get("check")
    if isinstance(sums, dict) and set(sums) == set(PARTS) and all(
            isinstance(v, int) and not isinstance(v, bool) for v in sums.values()):
        return sums
    return None  # written before checksums, or the checksums themselves are damaged


def _sound(doc: dict, sums: dict | None, part: str) -> bool | None:
    if sums is None:
        return None
    if part not in doc:
        return False
    try:
        return checksum(doc[part]) == sums[part]
    except (ValueError, TypeError, OverflowError):
        return False


def _pairs(data: bytes) -> dict:
    """The pairs of a file that does not read as a whole, in order up to the first that does
    not read (a save opens with a one-byte map header, skipped)."""
    reader = _reader()
    reader.feed(data[1:])
    found: dict = {}
    for _ in range(_SALVAGE_PAIRS):
        try:
            key, value = reader.unpack(), reader.unpack()
        except _UNREADABLE:
            break
        if isinstance(key, str) and key not in found:
            found[key] = value
    return found


def _fits(doc: dict, sums: dict | None, part: str) -> bool:
    """Whether the part `doc` holds may stand: of its kind, and as written where that is known."""
    if not isinstance(doc.get(part), KINDS[part]):
        return False
    if part == "check":
        return _sums(doc) is not None
    return part not in PARTS or sums is None or bool(_sound(doc, sums, part))


def _look_for_parts(data: bytes, found: dict) -> dict:
    """`found` with each part that is missing or damaged looked for after its name elsewhere
    in the file: taken when its checksum says it is as written or, in a file without
    checksums, when it is of its kind (such a file is then checked by replaying its log)."""
    for part in ("format", "version", "check") + PARTS:
        if _fits(found, _sums(found), part):
            continue
        name = msgpack.packb(part)
        at = data.find(name)
        while at >= 0:
            try:
                candidate = dict(found, **{part: _value_at(data, at + len(name))})
            except _UNREADABLE:
                candidate = None
            if candidate is not None and _fits(candidate, _sums(candidate), part):
                found = candidate
                break
            at = data.find(name, at + 1)
    return found


def _unpack(data: bytes) -> dict:
    try:
        doc = msgpack.unpackb(bytes(data), raw=False, use_list=True, strict_map_key=True,
                              unicode_errors="replace", ext_hook=_refuse_ext, **_LIMITS)
    except SaveError:
        raise
    except (RecursionError, msgpack.StackError) as e:
        raise SaveError("the file nests too deeply to be a save") from e
    except (ValueError, TypeError, OverflowError, msgpack.UnpackException) as e:
        doc = _look_for_parts(bytes(data), _pairs(bytes(data)))
        if doc.get("format") != FORMAT:
            raise SaveError(f"the file is not a readable save ({type(e).__name__}: {e})") from e
        return doc
    if not isinstance(doc, dict):
        raise SaveError("the file is msgpack but not a save (no header)")
    if doc.get("format") == FORMAT and not all(_fits(doc, _sums(doc), p) for p in PARTS):
        doc = _look_for_parts(bytes(data), doc)
    return doc


@dataclass(frozen=True)
class Envelope:
    """The parts of a save that read, before any game is imported, and its checksums
    (None when the file has none that read)."""
    parts: dict
    sums: dict | None

    def sound(self, part: str) -> bool | None:
        """Whether a part is as written; None when the file cannot tell."""
        return _sound(self.parts, self.sums, part)

    @property
    def game(self):
        return self.parts.get("game")

    @property
    def log(self):
        return self.parts.get("log")

    @property
    def meta(self) -> dict:
        meta = self.parts.get("meta")
        return meta if isinstance(meta, dict) else {}

    @property
    def meta_sound(self) -> bool:
        return self.sound("meta") is not False and isinstance(self.parts.get("meta"), dict)

    @property
    def moves(self) -> int:
        return len(self.log["moves"])


def _read_parts(data: bytes) -> Envelope:
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise SaveError("a save is bytes")
    if len(data) > MAX_BYTES:
        raise SaveError(f"the file is {len(data):,} bytes; a save is at most {MAX_BYTES:,}")
    if not data:
        raise SaveError("the file is empty")
    doc = _unpack(data)
    _depth(doc, MAX_DEPTH)
    if doc.get("format") != FORMAT:
        raise SaveError("the file is not a Tokyo Series Kiosk save")
    version = doc.get("version")
    if version != VERSION:
        raise SaveError(f"the save is format version {version!r}; this kiosk reads version {VERSION}")
    return Envelope(doc, _sums(doc))


def _log_shape(log) -> str | None:
    """Why a log cannot be a match's, judged without its game; None when it may be."""
    if not isinstance(log, dict):
        return "the save's move log is missing"
    moves, players = log.get("moves"), log.get("players")
    if not isinstance(moves, list) or not isinstance(players, int) or isinstance(players, bool) \
            or not 1 <= players <= 64:
        return "the save's move log is damaged"
    return None


def read_envelope(data: bytes) -> Envelope:
    """The header, game name and move log of a save, checked without importing the game;
    SaveError when they do not read. The position and the meta may still be damaged."""
    envelope = _read_parts(data)
    if not isinstance(envelope.game, str) or envelope.sound("game") is False:
        raise SaveError("the save's game name is damaged")
    problem = _log_shape(envelope.log)
    if problem:
        raise SaveError(problem)
    return envelope


def read_document(data: bytes) -> dict:
    """The parts of a save that read, after the envelope's checks; SaveError otherwise."""
    return read_envelope(data).parts


def _check_log(log: dict, game) -> None:
    problem = _log_shape(log)
    if problem:
        raise SaveError(problem)
    try:
        players, seed, options, moves = log["players"], log["seed"], log["options"], log["moves"]
        if log.get("game") != game.name:
            raise ValueError("the log names another game")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError("the seed is not a whole number")
        settled = game.info.settle_options(players, options)
        if settled != options:
            raise ValueError("the options are incomplete")
        if not all(isinstance(m, list) and len(m) in (2, 3) and isinstance(m[0], int)
                   and not isinstance(m[0], bool) and 0 <= m[0] < players and isinstance(m[1], str)
                   and (len(m) == 2 or _plain_payload(m[2])) for m in moves):
            raise ValueError("the moves are not (seat, action[, data]) entries of plain data")
        if log.get("start") is not None and not isinstance(log["start"], dict):
            raise ValueError("the starting position is not a mapping")
    except (KeyError, TypeError, ValueError) as e:
        raise SaveError(f"the save's move log is damaged: {e}") from e


def _plain_payload(value) -> bool:
    """Whether a move's data is plain, bounded and already canonical (core.payload)."""
    from .payload import plain
    try:
        return value is not None and plain(value) == value
    except IllegalMove:
        return False


@dataclass(frozen=True)
class Loaded:
    """A match read from a save and how: `rebuilt` when its stored position was damaged and
    its log replayed instead, `bridged` when its log was damaged and the match is the
    earlier copy's plus the one move that leads to the stored position; `meta_sound` False
    when the meta is damaged or missing (it is then {} or as it read)."""
    match: object
    meta: dict
    rebuilt: bool = False
    bridged: bool = False
    meta_sound: bool = True


def _game(name):
    from . import games
    try:
        return games.load(name)
    except PluginError as e:
        raise SaveError(f"the save is of game {name!r}, which cannot be loaded: {e}") from e


def _stored(game, envelope: Envelope, log: dict):
    """(state, rng) as stored; SaveError when they are not valid."""
    from .rng import Rng
    parts = envelope.parts
    if not isinstance(parts.get("state"), dict) or not isinstance(parts.get("rng"), list):
        raise SaveError("the saved position is missing or of the wrong kind")
    try:
        return (game.rules.restore(parts["state"], log["players"], log["options"]),
                Rng.restore(parts["rng"]))
    except Exception as e:  # untrusted data: whatever the plugin raises is a refusal
        raise SaveError(f"the saved position is not valid: {e}") from e


def _replay(game, log: dict):
    try:
        return game.replay(log)
    except Exception as e:
        raise SaveError(f"the move log does not replay ({type(e).__name__}: {e})") from e


def _same(game, state, rng, match) -> bool:
    def packed(s):
        return msgpack.packb(game.rules.dump(s), use_bin_type=True)
    return rng.dump() == match.rng.dump() and packed(state) == packed(match.state)


def _bridge(game, earlier, state, rng):
    """The earlier match, or it after the one legal move, that reaches (state, rng)."""
    if earlier is None or earlier.game.name != game.name:
        return None
    try:
        if _same(game, state, rng, earlier):
            return earlier.clone()
        for seat in earlier.to_act():
            for action in earlier.legal(seat):
                trial = earlier.clone()
                trial.play(seat, action.key)
                if _same(game, state, rng, trial):
                    return trial
    except Exception:
        return None
    return None


def _position(game, envelope: Envelope, logs: list[dict]):
    """(state, rng) of the stored position, restored for the players and options of the
    first of `logs` that allows it; None when it is damaged or missing. A position whose
    checksums call it sound, refused by the game under a sound log, is a lie: SaveError."""
    sound = envelope.sound("state") and envelope.sound("rng")
    if sound is False:
        return None
    problem = None
    for log in logs:
        try:
            return _stored(game, envelope, log)
        except SaveError as e:
            problem = problem or e
    if problem and sound and envelope.sound("log"):
        raise problem
    return None


def open_save(data: bytes, *, earlier=None) -> Loaded:
    """A match from save bytes, recovered from whichever of its parts are sound; SaveError
    with a clear message for anything that cannot be trusted.

    A damaged position is rebuilt from a sound log. A damaged log is recovered from
    `earlier` (the match of the previous copy, one move behind) when the move that
    leads from it to the sound stored position can be found."""
    envelope = _read_parts(data)
    name, sums = envelope.game, envelope.sums
    if not isinstance(name, str) or envelope.sound("game") is False:
        if earlier is None or not (sums is None or name == earlier.game.name
                                   or checksum(earlier.game.name) == sums["game"]):
            raise SaveError("the save's game name is damaged")
        name = earlier.game.name
    game = _game(name)
    log, log_problem = envelope.log, None
    try:
        _check_log(log, game)
    except SaveError as e:
        log, log_problem = None, e
    logs = [log] if log is not None else []
    if earlier is not None:
        logs.append(earlier.log.dump())
    position = _position(game, envelope, logs)
    meta = dict(meta=envelope.meta, meta_sound=envelope.meta_sound)

    if log is not None and envelope.sound("log"):
        if position is not None:
            if _carries_data(log) and not game.rules.restore_checks_data \
                    and not _same(game, *position, _replay(game, log)):
                # data is the game's to judge: a log whose placements the game refuses, or
                # that leads elsewhere, is a lie however sound its checksums
                raise SaveError("the move log does not lead to the saved position")
            return Loaded(_match(game, *position, log), **meta)
        again = _replay(game, log)
        return Loaded(_match(game, again.state, again.rng, log), rebuilt=True, **meta)
    if position is None:
        if sums is None and log is not None:
            _stored(game, envelope, log)  # raises why the position is not valid
        raise log_problem or SaveError("both the saved position and the move log are damaged")
    if log is not None:
        try:
            if _same(game, *position, _replay(game, log)):
                return Loaded(_match(game, *position, log), **meta)
            log_problem = SaveError("the move log does not lead to the saved position")
        except SaveError as e:
            log_problem = e
    bridged = _bridge(game, earlier, *position)
    if bridged is None:
        raise log_problem
    return Loaded(bridged, bridged=True, **meta)


def _carries_data(log: dict) -> bool:
    return any(len(m) == 3 for m in log["moves"])


def _match(game, state, rng, log: dict):
    from .game import Match, MoveLog
    mlog = MoveLog(game.name, log["players"], log["seed"], log["options"], log.get("start"))
    mlog.moves = [tuple(m) for m in log["moves"]]
    return Match(game, state, rng, mlog)


def load(data: bytes, *, with_meta: bool = False):
    """A match from save bytes; SaveError with a clear message for anything wrong."""
    loaded = open_save(data)
    return (loaded.match, loaded.meta) if with_meta else loaded.match


def load_log(data: bytes) -> dict:
    """Only the move log of a save (for replays), checked."""
    envelope = read_envelope(data)
    game = _game(envelope.game)
    _check_log(envelope.log, game)
    if envelope.sound("log"):
        return envelope.log
    return open_save(data).match.log.dump()


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
