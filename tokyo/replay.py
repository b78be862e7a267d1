"""`tokyo replay`: a saved match move by move, in the names its players gave."""

from __future__ import annotations

import sys

from core.errors import TokyoError
from core.words import count_words

from .args import whole_number


def register(sub) -> None:
    rp = sub.add_parser("replay", help="step through a saved match")
    rp.add_argument("file", help="a save file (the kiosk's autosaves are in $TOKYO_DATA/saves)")
    rp.add_argument("--to", type=whole_number("--to", 0), default=None, metavar="N",
                    help="stop after this many moves, 0 or more (default: every move)")
    rp.add_argument("--step", action="store_true",
                    help="wait for Enter after each move (q and Enter stops); only at a terminal")
    rp.set_defaults(func=_cmd_replay)


def seat_names(meta, players: int) -> list[str | None]:
    """The names a save's meta gives its seats (kiosk.session writes them), as the kiosk
    shows them; None for a seat the meta does not name (an old or a damaged save, or one
    written by a script). Two seats of one name are told apart by their numbers."""
    from kiosk.session import NAME_MAX
    raw = meta.get("seats") if isinstance(meta, dict) else None
    if not isinstance(raw, list) or len(raw) != players:
        raw = [{}] * players
    names = []
    for entry in raw:
        name = entry.get("name") if isinstance(entry, dict) else None
        names.append(" ".join(name.split())[:NAME_MAX].strip() or None if isinstance(name, str) else None)
    return [f"{n} (seat {i + 1})" if n is not None and names.count(n) > 1 else n for i, n in enumerate(names)]


def _cmd_replay(args) -> int:
    from core import games, saves
    from kiosk.words import SEAT
    try:
        with open(args.file, "rb") as f:
            data = f.read(saves.MAX_BYTES + 1)
    except OSError as e:
        raise TokyoError(f"{args.file} cannot be read: {e.strerror or e}") from e
    try:
        log = saves.load_log(data)
        final, meta = saves.load(data, with_meta=True)
    except TokyoError as e:
        raise TokyoError(f"{args.file}: {e}") from e
    game = games.load(log["game"])
    moves = log["moves"]
    given = seat_names(meta, log["players"])
    names = [n or f"seat {s + 1}" for s, n in enumerate(given)]

    def named(text: str) -> str:
        """A game's "seat N" (or "Seat N") as the name the save gives that seat."""
        return SEAT.sub(lambda m: (given[int(m[1]) - 1] if 1 <= int(m[1]) <= len(given) else None)
                        or m[0], text)

    upto = len(moves) if args.to is None else min(args.to, len(moves))
    interactive = args.step and sys.stdin.isatty()
    # Until the match is over a replay shows what a spectator saw: a sealed decision by the
    # game's words for it (Rules.sealed), never what was chosen; events are for everyone. The
    # seed, which tells every draw still to come, waits for the end too.
    secret = not final.over
    table = f"{game.info.title}, {count_words(log['players'], 'player')}"
    if any(given):
        table += f" ({', '.join(names)})"
    if secret:
        print(f"{table}, {count_words(len(moves), 'move')}; the game is not over, "
              "so this is what a spectator saw (no sealed decisions, no seed)")
    else:
        print(f"{table}, seed {log['seed']}, {count_words(len(moves), 'move')}")
    match = game.replay(dict(log, moves=[]))
    for i, (seat, key, *data) in enumerate(moves[:upto], start=1):
        action = next((a for a in match.legal(seat) if a.key == key), None)
        text = key if action is None else action.text
        words = game.rules.sealed(match.state, seat, action) if secret and action is not None else ""
        try:
            events = match.play(seat, key, *data)
        except TokyoError as e:
            raise TokyoError(f"{args.file}: move {i} cannot be replayed: {e}") from e
        if words:
            text = words
        print(f"{i:>4}. {names[seat]}: {named(text)}")
        for ev in events:
            print(f"        {named(ev.text)}")
        if interactive:
            try:
                answer = input("      [Enter: next, q: stop] ")
            except EOFError:
                print()
                break
            if answer.strip().lower() == "q":
                break
    if match.over:
        res = match.result()
        print("Result:", ", ".join(f"{names[s]} {res.score_text(s)}" for s in range(len(res.scores))))
        print("Ranking:", " > ".join("=".join(names[s] for s in g) for g in res.ranking))
    if upto == len(moves) and game.rules.dump(match.state) != game.rules.dump(final.state):
        print("Warning: the saved position differs from the one its moves lead to.", file=sys.stderr)
        return 1
    return 0
