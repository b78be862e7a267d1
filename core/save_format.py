"""The save file's format, and a match written into it: the half of core.saves that needs
no game loaded, so that a match (core.game) can save itself without the reader's imports.
core.saves reads these files back; see it for why a save is shaped as it is."""

from __future__ import annotations

import zlib

import msgpack

FORMAT = "tokyo-kiosk save"
VERSION = 1
MAX_BYTES = 4 * 1024 * 1024
MAX_DEPTH = 32
#: the checksummed parts, in the order a save holds them: the small and precious first,
#: so that a file cut short or broken late still has them
PARTS = ("game", "meta", "log", "state", "rng")
KINDS = {"format": str, "version": int, "check": dict, "game": str, "meta": dict, "log": dict,
         "state": dict, "rng": list}


def checksum(value) -> int:
    """CRC-32 of a part as msgpack: what the part was when written, not how it was packed."""
    return zlib.crc32(msgpack.packb(value, use_bin_type=True))


def dump_match(match, meta: dict | None = None) -> bytes:
    """The save of a match. While a round of sealed decisions is open (Rules.sealed_pending)
    the save is of the moment it began: the log without the round's moves, the position
    and the random generator from before them, so that no file holds a secret not yet
    revealed. Loaded, the match asks those seats again."""
    log = match.log.dump()
    point = match.sealed_round()
    if point is None:
        state, rng = match.rules.dump(match.state), match.rng.dump()
    else:
        moves, state, rng = point
        log["moves"] = log["moves"][:moves]
    parts = {
        "game": match.game.name,
        "meta": meta or {},
        "log": log,
        "state": state,
        "rng": rng,
    }
    doc = {"format": FORMAT, "version": VERSION,
           "check": {name: checksum(value) for name, value in parts.items()}, **parts}
    return msgpack.packb(doc, use_bin_type=True)
