"""Checking a lot rounds position (Tokyo Jutaku's, Bottle Bonus's) read from a save or a
scenario, value by value.

Every value is checked before the state is used: its kind, its range, and that the
pieces and lot cards add up (each exactly once); a game's own values (Bottle Bonus's drinks)
by its `check_more`. A placed piece is held to the bounds every placement is read with
(physics.placement). A wrong value is a ValueError saying which.
"""

from __future__ import annotations

from core.checks import listed as _list
from core.checks import need as _need
from core.checks import number as _num
from core.checks import whole as _int
from core.payload import copy_plain
from physics.placement import MAX_SECONDS, check_placed

from .cards import SIZE

#: the phases of the lot rounds, and those a game adds between rounds (Bottle Bonus's pour)
PHASES = ("start", "build", "move", "pour", "take", "over")
STATUSES = ("waiting", "building", "done", "out")
SIDES = ("front", "back")


def check_state(rules, data, players: int, options: dict) -> dict:
    """A validated deep copy of `data`; ValueError saying what is wrong."""
    _need(isinstance(data, dict), "the position is a mapping")
    s = copy_plain({k: v for k, v in data.items() if k not in ("options", "seed", "rng")})
    if "clock" not in s and isinstance(s.get("tries"), list):
        # saved before building moves were timed: each clock stood at its last Stop!
        s["clock"] = [max(t, default=0.0) if isinstance(t, list) else 0.0 for t in s["tries"]]
    s.setdefault("first", 0)      # saved before the first to place was drawn: seat 1
    keys = set(rules.fields)           # the fields declared once (lots.FIELDS and the game's own)
    missing, extra = keys - set(s), set(s) - keys
    _need(not missing, f"the position lacks {sorted(missing)[:3]}")
    _need(not extra, f"the position has unknown fields {sorted(extra)[:3]}")
    _need(s["players"] == players, "the position is for another number of players")
    n = players
    _int(s["round"], 1, 10_000, "round")
    _int(s["first"], 0, n - 1, "the first to place an architect")
    _need(s["phase"] in PHASES, f"phase is one of {PHASES}")
    deck = rules.deck
    grid = _list(s["grid"], SIZE, "grid")
    seen: list[str] = []
    for row in grid:
        for cid in _list(row, SIZE, "a grid row"):
            _need(cid is None or (isinstance(cid, str) and cid in deck.cards), f"grid holds an unknown card {cid!r}")
            if cid is not None:
                seen.append(cid)
    for i, at in enumerate(_list(s["at"], n, "at")):
        if at is not None:
            _list(at, 2, f"seat {i + 1}'s place")
            _int(at[0], 0, SIZE - 1, "a row")
            _int(at[1], 0, SIZE - 1, "a column")
    for i, h in enumerate(_list(s["hand"], n, "hand")):
        _need(h is None or (isinstance(h, str) and h in deck.cards), f"seat {i + 1} holds an unknown card")
        if h is not None:
            seen.append(h)
            _need(s["at"][i] is not None, f"seat {i + 1} holds a card but stands nowhere")
    for sd in _list(s["side"], n, "side"):
        _need(sd in SIDES, "a side is front or back")
    for won in _list(s["won"], n, "won"):
        for entry in _list(won, None, "a seat's lots"):
            _list(entry, 2, "a completed lot")
            _need(entry[0] in deck.cards and entry[1] in SIDES, "a completed lot names a card and a side")
            seen.append(entry[0])
    _need(len(seen) == len(set(seen)), "a lot card is in two places at once")
    _need(len(seen) == 32, "the plan, the hands and the completed lots hold 32 lot cards")
    ids = rules.pieces.ids()
    supply = _list(s["supply"], None, "supply")
    _need(all(isinstance(p, str) and p in rules.pieces for p in supply), "the supply holds an unknown piece")
    pieces = list(supply)
    for i, b in enumerate(_list(s["built"], n, "built")):
        for p in _list(b, None, f"seat {i + 1}'s building"):
            pieces.append(check_placed(p, rules.pieces)["piece"])
        _need(not b or s["hand"][i] is not None, f"seat {i + 1} builds without a lot card")
    _need(sorted(pieces) == sorted(ids), "every piece is in the supply or on one lot, once")
    order = {pid: k for k, pid in enumerate(ids)}
    _need(supply == sorted(supply, key=order.__getitem__), "the supply is in catalogue order")
    for i, o in enumerate(_list(s["outline"], n, "outline")):
        limit = 1 if s["hand"][i] is None else len(rules._side(s, i).outlines) - 1
        _int(o, 0, max(limit, 0), f"seat {i + 1}'s outline")
    for st in _list(s["status"], n, "status"):
        _need(st in STATUSES, "a status is waiting, building, done or out")
    for t in _list(s["stop"], n, "stop"):
        _need(t is None or _num(t, 0.0, MAX_SECONDS, "a Stop! time") is not None, "a Stop! time")
    for tries in _list(s["tries"], n, "tries"):
        for t in _list(tries, None, "a seat's Stop! calls"):
            _num(t, 0.0, MAX_SECONDS, "a Stop! time")
        _need(len(tries) <= 10_000, "too many Stop! calls")
    for i, (t, tries) in enumerate(zip(_list(s["clock"], n, "clock"), s["tries"])):
        _num(t, 0.0, MAX_SECONDS, f"seat {i + 1}'s clock")
        _need(t >= max(tries, default=0.0), f"seat {i + 1}'s clock stands before its last Stop!")
    for v in _list(s["verdicts"], n, "verdicts"):
        _need(v is None or isinstance(v, dict), "a verdict is a mapping")
    for w in _list(s["winners"], None, "winners"):
        _int(w, 0, n - 1, "a winner")
    for o in _list(s["order"], None, "order"):
        _int(o, 0, n - 1, "a mover")
    _int(s["turn"], 0, max(len(s["order"]) - 1, 0), "turn")
    _need(isinstance(s["history"], list) and isinstance(s["reason"], str), "history and reason")
    phase = s["phase"]
    if phase == "start":
        _need(any(a is None for a in s["at"]), "the start is over when every architect stands")
    else:
        _need(all(a is not None for a in s["at"]), "every architect stands on the plan")
        for i, at in enumerate(s["at"]):
            r, c = at
            _need(grid[r][c] is None, f"seat {i + 1} stands on a card still on the plan")
    if phase == "build":
        _need("building" in s["status"], "a building round has someone building")
        _need(all(h is not None or st != "building" for h, st in zip(s["hand"], s["status"])),
              "a builder holds a lot card")
    if phase == "move":
        _need(len(s["order"]) == n and sorted(s["order"]) == list(range(n)), "every seat moves once")
    rules.check_more(s, n, phase)
    return s
