"""What an autosave carries besides the match: the seats' names and computer players (a
level such as "hard", or a bot the game names).

The meta is plain data (msgpack, string keys). Reading it back never trusts it: a name
that is not a short string or a bot the game does not have falls back to a default,
so an odd meta costs a name, never the match.
"""

from __future__ import annotations

import time

from core.bots import bot_names
from core.rng import Rng

from .seats import Seat

NAME_MAX = 16


def make_meta(game, seats: list[Seat], bot_rngs: dict[int, Rng]) -> dict:
    return {
        "title": game.info.title,
        "seats": [{"name": s.name, "bot": s.bot, **({"phone": True} if s.phone else {})} for s in seats],
        "bot_rngs": {str(s): rng.dump() for s, rng in bot_rngs.items()},
        "saved_at": time.time(),
    }


def seats_from_meta(meta: dict, game, players: int) -> list[Seat]:
    """The seats a save names; defaults for anything missing or odd."""
    known = set(bot_names(game))
    raw = meta.get("seats") if isinstance(meta, dict) else None
    if not isinstance(raw, list) or len(raw) != players:
        raw = [{}] * players
    seats = []
    for i, entry in enumerate(raw):
        entry = entry if isinstance(entry, dict) else {}
        name = entry.get("name")
        name = name.strip()[:NAME_MAX] if isinstance(name, str) and name.strip() else f"Player {i + 1}"
        bot = entry.get("bot")
        if bot is not None and not (isinstance(bot, str) and bot in known):
            bot = game.rules.default_bot  # a computer seat stays a computer seat
        seats.append(Seat(name, bot, phone=bot is None and entry.get("phone") is True))
    return seats


def bot_rngs_from_meta(meta: dict, seats: list[Seat], seed: int, stream: int) -> dict[int, Rng]:
    """Each computer seat's random stream where the save left it (fresh if missing)."""
    saved = meta.get("bot_rngs") if isinstance(meta, dict) else None
    saved = saved if isinstance(saved, dict) else {}
    out = {}
    for s, seat in enumerate(seats):
        if not seat.computer:
            continue
        try:
            out[s] = Rng.restore(saved[str(s)])
        except (KeyError, ValueError, TypeError):
            out[s] = Rng(seed, stream=stream + s)
    return out


def autosave(store, slot: str | None, match, meta: dict) -> str:
    """Save `match` in its slot now (nothing for a match without one, or over); the words of
    what went wrong when the disk refuses (a full disk), else ""."""
    if slot is None or match.over:
        return ""
    try:
        store.autosave(slot, match, meta)
    except OSError as e:
        return str(e.strerror or e)
    return ""
