"""Tokyo Jutaku's saved position declared as msgspec types: a trial beside the hand checks
(games/building/lot_persist.py), kept out of the game packages, for msgspec is only a test
extra. bench/bench_saved_state.py and tests/test_saved_state.py import it from here.

`check_saved` takes what lot_persist.check_state takes and returns the same validated deep
copy of plain data, or raises a ValueError (BadPosition) naming the path of what is wrong,
e.g. `built[1][0].floor: Expected `int` <= 60`. It is not the live loading path (the lot
rounds' restore still calls lot_persist.check_state); docs/saved-state.md compares the two.

Three parts, counted apart in bench/bench_saved_state.py:
- the declaration (`_declare`): every value's kind and range, checked by msgspec in C. What
  a range depends on (the number of players, the game's own lot cards and pieces) is a
  parameter, so there is one declaration per game and player count, built once and cached;
- the cross-field invariants (`_invariants`): what no type can say (each lot card, piece
  and drink in exactly one place, a builder holds a card, ...), written out by hand;
- the glue: reading saves from before a field existed (`_older`), and msgspec's message
  turned into the project's.

No `from __future__ import annotations` here: the types inside `_declare` are local names
and msgspec must see them as objects, not strings.
"""

import functools
import weakref
from typing import Annotated, Literal

import msgspec
from msgspec import Meta, Struct

from core.payload import copy_plain
from games.bottle_bonus.persist import COLOURS
from games.building.cards import SIZE
from games.building.lot_persist import PHASES, SIDES, STATUSES
from physics.placement import FLOOR, MAX_SECONDS, ROTATION, X, Y

DRINKS = 36
LOT_CARDS = 32              # on the plan, in the hands and completed: 32 (the 4 centre lots are empty)
MAX_ROUND = 10_000
MAX_TRIES = 10_000          # Stop! calls of one seat in one round


class BadPosition(ValueError):
    """A saved position that is not one; `path` is where (msgspec's `$...`), or None when the
    values are each fine but do not add up."""

    def __init__(self, message: str, path: str | None = None):
        super().__init__(message)
        self.path = path


_DECLARED: "weakref.WeakKeyDictionary[object, dict[int, type[Struct]]]" = weakref.WeakKeyDictionary()


def saved_type(rules, players: int) -> type[Struct]:
    """The declared position of `rules`' game (Jutaku or Bottle Bonus) for `players`."""
    known = _DECLARED.setdefault(rules, {})
    kind = known.get(players)
    if kind is None:
        kind = known[players] = _declare(players, rules.bottle, tuple(rules.deck.cards), tuple(rules.pieces.ids()))
    return kind


@functools.lru_cache(maxsize=64)
def _declare(players: int, bottle: bool, cards: tuple[str, ...], pieces: tuple[str, ...]) -> type[Struct]:
    n = players

    def exactly(kind, count):
        return Annotated[list[kind], Meta(min_length=count, max_length=count)]

    def at_most(kind, count):
        return Annotated[list[kind], Meta(max_length=count)]

    def each(kind):               # one entry per seat
        return exactly(kind, n)

    Seat = Annotated[int, Meta(ge=0, le=n - 1)]
    Card = Literal[cards]
    Piece = Literal[pieces]
    Side = Literal[SIDES]
    Cell = Annotated[int, Meta(ge=0, le=SIZE - 1)]
    Seconds = Annotated[float, Meta(ge=0.0, le=MAX_SECONDS)]
    Drink = Annotated[int, Meta(ge=0, le=DRINKS - 1)]

    class Placed(Struct, forbid_unknown_fields=True):
        piece: Piece
        x: Annotated[float, Meta(ge=X.low, le=X.high)]          # the bounds of every placement
        y: Annotated[float, Meta(ge=Y.low, le=Y.high)]          # (physics.placement)
        rotation: Annotated[float, Meta(ge=ROTATION.low, le=ROTATION.high)]
        flip: bool
        floor: Annotated[int, Meta(ge=FLOOR.low, le=FLOOR.high)]

    class SavedJutaku(Struct, forbid_unknown_fields=True):
        players: Literal[n]
        round: Annotated[int, Meta(ge=1, le=MAX_ROUND)]
        phase: Literal[PHASES]
        grid: exactly(exactly(Card | None, SIZE), SIZE)
        at: each(tuple[Cell, Cell] | None)
        hand: each(Card | None)
        side: each(Side)
        won: each(at_most(tuple[Card, Side], LOT_CARDS))
        supply: at_most(Piece, len(pieces))
        built: each(at_most(Placed, len(pieces)))
        outline: each(Annotated[int, Meta(ge=0)])          # at most the card's: _invariants
        status: each(Literal[STATUSES])
        stop: each(Seconds | None)
        tries: each(at_most(Seconds, MAX_TRIES))
        verdicts: each(dict | None)
        winners: at_most(Seat, n)
        order: at_most(Seat, n)
        turn: Annotated[int, Meta(ge=0, le=n - 1)]          # within `order`: _invariants
        history: list
        reason: str
        clock: each(Seconds)
        first: Seat

    if not bottle:
        return SavedJutaku

    class SavedBottle(SavedJutaku, forbid_unknown_fields=True):
        box: at_most(Drink, DRINKS)
        held: each(at_most(Drink, DRINKS))
        kept: each(at_most(Drink, DRINKS))
        staked: each(Drink | None)
        spent: each(at_most(Literal[COLOURS], DRINKS))
        barred: each(Piece | None)
        tray: at_most(Drink, DRINKS)
        pourer: Seat | None
        pours: at_most(Seat, n)
        takers: at_most(Seat, n)
        take_turn: Annotated[int, Meta(ge=0, le=n - 1)]     # within `takers`: _invariants
        last_pour: dict | None

    return SavedBottle


def check_saved(rules, data, players: int, options: dict) -> dict:
    """A validated deep copy of `data` (as persist.check_state); BadPosition saying what is wrong."""
    if not isinstance(data, dict):
        raise BadPosition("the position is a mapping", "$")
    s = _older(copy_plain(data))
    try:
        msgspec.convert(s, saved_type(rules, players))
    except msgspec.ValidationError as e:
        raise _refusal(e) from None
    _invariants(rules, s, players)
    return s


def _older(s: dict) -> dict:
    """A position saved by an older kiosk, as today's would save it."""
    for key in ("options", "seed", "rng"):      # once saved beside the position, now apart
        s.pop(key, None)
    if "clock" not in s and isinstance(s.get("tries"), list):
        # saved before building moves were timed: each clock stood at its last Stop!
        s["clock"] = [max(t, default=0.0) if _seconds(t) else 0.0 for t in s["tries"]]
    s.setdefault("first", 0)      # saved before the first to place was drawn: seat 1
    return s


def _seconds(tries) -> bool:
    return isinstance(tries, list) and all(isinstance(t, (int, float)) and not isinstance(t, bool) for t in tries)


def _refusal(e: msgspec.ValidationError) -> BadPosition:
    """msgspec's "Expected `int` <= 60 - at `$.built[1][0].floor`" as "built[1][0].floor: Expected `int` <= 60"."""
    text = str(e)
    what, sep, where = text.rpartition(" - at `")
    if not sep:
        return BadPosition(f"the position: {text}", "$")
    path = where.rstrip("`")
    return BadPosition(f"{'the position' if path == '$' else path.removeprefix('$.')}: {what}", path)


def _need(ok: bool, what: str) -> None:
    if not ok:
        raise BadPosition(what)


def _invariants(rules, s: dict, n: int) -> None:
    """What the types cannot say: each thing in one place, and the phase's own conditions."""
    grid, at, hand = s["grid"], s["at"], s["hand"]
    seen = [cid for row in grid for cid in row if cid is not None]
    seen += [h for h in hand if h is not None] + [card for won in s["won"] for card, _ in won]
    _need(len(seen) == len(set(seen)), "a lot card is in two places at once")
    _need(len(seen) == LOT_CARDS, f"the plan, the hands and the completed lots hold {LOT_CARDS} lot cards")
    ids = rules.pieces.ids()
    pieces = list(s["supply"]) + [p["piece"] for b in s["built"] for p in b]
    _need(sorted(pieces) == sorted(ids), "every piece is in the supply or on one lot, once")
    order = {pid: k for k, pid in enumerate(ids)}
    _need(s["supply"] == sorted(s["supply"], key=order.__getitem__), "the supply is in catalogue order")
    for i in range(n):
        _need(hand[i] is None or at[i] is not None, f"seat {i + 1} holds a card but stands nowhere")
        _need(not s["built"][i] or hand[i] is not None, f"seat {i + 1} builds without a lot card")
        limit = 1 if hand[i] is None else len(rules._side(s, i).outlines) - 1
        _need(s["outline"][i] <= max(limit, 0), f"seat {i + 1}'s outline is a whole number from 0 to {max(limit, 0)}")
        _need(s["clock"][i] >= max(s["tries"][i], default=0.0), f"seat {i + 1}'s clock stands before its last Stop!")
    _need(s["turn"] <= max(len(s["order"]) - 1, 0), "turn is a place in the order")
    phase = s["phase"]
    if phase == "start":
        _need(any(a is None for a in at), "the start is over when every architect stands")
    else:
        _need(all(a is not None for a in at), "every architect stands on the plan")
        for i, (r, c) in enumerate(at):
            _need(grid[r][c] is None, f"seat {i + 1} stands on a card still on the plan")
    if phase == "build":
        _need("building" in s["status"], "a building round has someone building")
        _need(all(h is not None or st != "building" for h, st in zip(hand, s["status"])),
              "a builder holds a lot card")
    if phase == "move":
        _need(sorted(s["order"]) == list(range(n)), "every seat moves once")
    if rules.bottle:
        _drinks(s, phase)


def _drinks(s: dict, phase: str) -> None:
    drinks = s["box"] + s["tray"] + [d for held in s["held"] for d in held]
    drinks += [d for kept in s["kept"] for d in kept] + [d for d in s["staked"] if d is not None]
    _need(sorted(drinks) == list(range(DRINKS)), f"each of the {DRINKS} drinks is in one place")
    _need(s["box"] == sorted(s["box"]), "the box is sorted")
    _need(s["take_turn"] <= max(len(s["takers"]) - 1, 0), "take_turn is a place among the takers")
    if phase == "pour":
        _need(s["pourer"] is not None, "a pour has a pourer")
    if phase == "take":
        _need(bool(s["takers"]) and bool(s["tray"]), "a take has takers and drinks")
