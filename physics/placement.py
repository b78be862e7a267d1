"""Where a piece may go, declared once: the data of every placement of every building game.

A placement names a piece, the lower-left corner of its bounding box after turning and
flipping (x across the card from its left edge, y up from the card, in mm), its turn in
degrees, whether it is mirrored, and its floor (004:33, 004:39-41). Tokyo Jutaku, Bottle
Bonus and Countdown add the second of the builder's clock it is made at; Bottle Bonus's red
drink a piece of the building moved along with it (004:91); Izakaya the lot card it goes on
and which outline (004:123, 004:37).

One set of bounds for all of it, read here by everyone who reads a placement: the games'
moves (each declares its `placement` shape in `Action.takes`, core.payload), the checks of
the pieces in a saved position (`check_placed`), and the scene files (physics/building.py).
They are far beyond anything built on an 88 mm card, so they refuse only broken data, and
every save and shipped scene lies within them:

- x from -400 to 400 mm: a piece's edge within 400 mm either side of the card's left edge;
- y from 0 to 8,000 mm: on the card or above it, 60 floors of the longest piece on end;
- a turn from -360 to 360 degrees;
- floors 1 to 60 (Tokyo Jutaku's cards ask at most a few; a Countdown tower would need 61
  of the box's 69 pieces one a floor to pass it: the computer masters' towers stop in the
  thirties, bench/bench_architect.py);
- a moment from 0 to 3,600 seconds of the builder's clock (a build of an hour is broken);
- a lot card's row and column 0 to 5 (Tokyo Jutaku's plan is 6x6, 004:21; Izakaya's grid
  3x3 to 5x5, 004:99-101), and its outline 0 or 1 (a card has one or two, 004:37).

What a bound cannot know (the piece is in the middle, the card is on the grid, the floor is
the round's, it rests on the floor below) each game checks against its position.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from core.checks import need, number, whole
from core.payload import Field, Shape

MAX_X = 400.0
MAX_Y = 8000.0
MAX_TURN = 360.0
MAX_FLOOR = 60
MAX_SECONDS = 3600.0
MAX_CELL = 5
MAX_OUTLINE = 1


@dataclass(frozen=True)
class Cell(Field):
    """A field holding two whole numbers as a list, each from `low` to `high`: a lot card's
    place on the plan, [row, column], as Izakaya's moves have always written it (the core's
    kinds are single values; the log keeps the pair as it was sent)."""

    def read(self, value, shape: Shape, path: str):
        what = f"{path}{self.name}"
        if not (isinstance(value, list) and len(value) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
            raise shape.refuse(f"{what} is [row, column], two whole numbers, not {value!r}")
        if not all(self.low <= v <= self.high for v in value):
            raise shape.refuse(f"{what} is {value!r}, outside {self.low:g} to {self.high:g} (row and column)")
        return list(value)

    def sample(self, rng, among: dict, fixed: dict):
        if self.name in fixed:
            return list(fixed[self.name])
        if self.name in among:
            choices = list(among[self.name])
            return list(choices[rng.below(len(choices))])
        span = int(self.high - self.low) + 1
        return [int(self.low) + rng.below(span), int(self.low) + rng.below(span)]

    def form(self) -> dict:
        out = super().form()
        out.update(kind="pair", items=["row", "column"])
        return out


PIECE = Field("piece", str, words="the piece (its id, e.g. cube-20-1)")
X = Field("x", float, -MAX_X, MAX_X, words="x: its left edge, mm from the card's left edge")
Y = Field("y", float, 0.0, MAX_Y, words="y: its bottom, mm above the card")
ROTATION = Field("rotation", float, -MAX_TURN, MAX_TURN, default=0.0, words="degrees turned counter-clockwise")
FLIP = Field("flip", bool, default=False, words="mirrored left to right before turning")
FLOOR = Field("floor", int, 1, MAX_FLOOR, words="its floor, from 1")
#: the second of the builder's clock the move is made at (a building round, 004:39, 004:70)
SECONDS = Field("seconds", float, 0.0, MAX_SECONDS, words="seconds on the builder's clock")
#: the same, where a move may leave it out (it then happens at once after the builder's last)
WHEN = replace(SECONDS, default=None)
CARD = Cell("card", list, 0, MAX_CELL, words="the lot card: [row, column] on the grid")
OUTLINE = Field("outline", int, 0, MAX_OUTLINE, default=0, words="which outline of the card (0 or 1)")

#: the fields of a piece placed, in the order a placed piece is written
PIECE_FIELDS = (PIECE, X, Y, ROTATION, FLIP, FLOOR)
#: their names: a placed piece in a saved position has exactly these
PIECE_KEYS = frozenset(f.name for f in PIECE_FIELDS)
#: a piece already on the building moved together with the new one (the red drink, 004:91)
MOVED = Shape("moved piece", PIECE_FIELDS, words="a piece of the building moved with the new one")
WITH = Field("with", MOVED, default=None, words="with the red drink: a piece of your building moved along")


def placement(rule: str, words: str, *, before: tuple[Field, ...] = (), after: tuple[Field, ...] = ()) -> Shape:
    """A game's placement: the piece's fields, with the game's own before (Izakaya's card and
    outline) and after (the moment, the red drink's piece), refused under the game's `rule`."""
    return Shape("placement", (*before, *PIECE_FIELDS, *after), rule, words)


def moment(rule: str, words: str) -> Shape:
    """The data a building move without a placement may carry: only its moment."""
    return Shape("moment", (SECONDS,), rule, words)


def check_placed(p, pieces=None) -> dict:
    """A placed piece of a saved position, within the bounds a placement is read with (and,
    given the catalogue `pieces`, a piece of it); ValueError saying which value is wrong."""
    need(isinstance(p, dict) and set(p) == PIECE_KEYS, "a placed piece has piece, x, y, rotation, flip, floor")
    need(isinstance(p["piece"], str) and (pieces is None or p["piece"] in pieces), "a placed piece is unknown")
    number(p["x"], X.low, X.high, "x")
    number(p["y"], Y.low, Y.high, "y")
    number(p["rotation"], ROTATION.low, ROTATION.high, "rotation")
    need(isinstance(p["flip"], bool), "flip is true or false")
    whole(p["floor"], FLOOR.low, FLOOR.high, "floor")
    return p
