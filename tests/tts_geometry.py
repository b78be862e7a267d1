"""Where things lie on the Tabletop Simulator table, written down here once for the TTS tests,
independently of `tts.layouts` (which the tests check): where the seats sit, which way a seat
faces, how a grid of cards is read, and how to read a save's objects by these rules.

The table's rules, as the export keeps them:

* Seats. Seat i of n players sits at the angle -90 - i*360/n degrees on the ellipse
  x = 30 cos a, z = 21 sin a; White (seat 0) sits at the bottom (0, -21) and looks up the
  table (+z), with +x to its right. The seats take TTS's colours in COLOURS' order.
* A seat's things lie nearer that seat than any other seat, and a thing laid square to its
  seat is turned to face it: rotY = 90 - the seat's angle (White's: 180).
* Grids. A grid of cards is read as White sees it: column 0 on White's left, the columns
  going right (increasing x) in their order; row 0 on the far side from White, the rows
  coming towards White (decreasing z); a row or column is one pitch from the next. The Jutaku
  plan is centred on the table's centre, its pitch the same across and along; its cards and
  Izakaya's lie edge to edge but for a small gap (under half a unit: no overlap, no wide
  gaps, so corners meet); Chocolate Milk's nine stand apart without overlapping, centred
  across the table.
* Things on a card lie on its footprint; an architect on the plan within half a card of
  its place's centre, nearer it than any other place.
* Sizes. A TTS unit is an inch (25.4 mm); a Jutaku lot card is 88 mm square
  (physics.building.CARD_MM), a TTS card at scale 1 is 2.2 x 3.1 units.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from pathlib import Path
from urllib.parse import unquote, urlparse

from core import assets, games, saves
from core.components import DrinkSet
from core.errors import IllegalMove
from core.game import Move
from core.rng import Rng
from core.testing import steered_by_bots
from games.building.cards import SIZE
from physics.building import CARD_MM

from .tts_support import export_of

MM_PER_UNIT = 25.4
COLOURS = ("White", "Red", "Yellow", "Green", "Blue", "Purple", "Orange", "Pink", "Teal", "Brown")
RX, RZ = 30.0, 21.0
LOT_SIDE = CARD_MM / MM_PER_UNIT            # a Jutaku lot card's side, in units
CARD_SIZE = (2.2, 3.1)                      # a TTS card at scale 1, across and along
MAX_GAP = 0.5                               # the widest gap between neighbouring cards of a grid

LOT_ID = re.compile(r"Lot card (\S+) \(")


# ---- seats -----------------------------------------------------------------------------------

def seat_angle(i: int, n: int) -> float:
    return -90.0 - i * 360.0 / n


def seat_point(i: int, n: int) -> tuple[float, float]:
    t = math.radians(seat_angle(i, n))
    return RX * math.cos(t), RZ * math.sin(t)


def seat_right(i: int, n: int) -> tuple[float, float]:
    """The direction to the seat's right (White's: +x)."""
    t = math.radians(seat_angle(i, n))
    return -math.sin(t), math.cos(t)


def seat_inward(i: int, n: int) -> tuple[float, float]:
    """The direction the seat looks in, across the table (White's: +z)."""
    t = math.radians(seat_angle(i, n))
    return -math.cos(t), -math.sin(t)


def facing(i: int, n: int) -> float:
    """The rotY of a thing laid square to seat i, facing it."""
    return (90.0 - seat_angle(i, n)) % 360


def nearest_seat(o_or_xz, n: int) -> int:
    x, z = xz(o_or_xz) if isinstance(o_or_xz, dict) else o_or_xz
    return min(range(n), key=lambda i: math.dist((x, z), seat_point(i, n)))


def colour_of(i: int) -> str:
    return COLOURS[i]


# ---- reading objects -------------------------------------------------------------------------

def xz(o: dict) -> tuple[float, float]:
    return o["Transform"]["posX"], o["Transform"]["posZ"]


def on_table(save: dict) -> list[dict]:
    """Every object lying on the table: not inside a bag or a deck, not a part attached to
    another; the seats' zones (hand and hidden zones) left out."""
    return [o for o in save["ObjectStates"] if o["Name"] not in ("HandTrigger", "FogOfWarTrigger")]


def kind(o: dict) -> str:
    tags = o.get("Tags") or [""]
    return tags[0]


def of_kind(save: dict, what: str, *more: str) -> list[dict]:
    """The objects on the table whose component kind (first tag) is `what`, carrying `more` too."""
    return [o for o in on_table(save) if kind(o) == what and all(t in o["Tags"] for t in more)]


def lot_id(o: dict) -> str:
    """The lot card's id as its face prints it (its Description names it)."""
    m = LOT_ID.search(o["Description"])
    assert m, o["Description"]
    return m.group(1)


@lru_cache(maxsize=1)
def drink_set() -> DrinkSet:
    return DrinkSet.from_asset(assets.load("drinks.toml"))


def drink_index(o: dict) -> int:
    """A drink model's number (colour * 6 + shape) from its tags: ("drink", colour, shape, ...)."""
    ds = drink_set()
    _, c, s = o["Tags"][:3]
    return [k.id for k in ds.colours].index(c) * 6 + [k.id for k in ds.shapes].index(s)


def local_frame(o: dict, x: float, z: float) -> tuple[float, float]:
    """(x, z) on a flat object's own axes (turned back by its rotY; TTS turns local x to
    (cos, -sin))."""
    t = math.radians(o["Transform"]["rotY"])
    dx, dz = x - o["Transform"]["posX"], z - o["Transform"]["posZ"]
    return dx * math.cos(t) - dz * math.sin(t), dx * math.sin(t) + dz * math.cos(t)


def card_half(o: dict) -> tuple[float, float]:
    """Half a card's width and length (its scale times TTS's card)."""
    t = o["Transform"]
    return CARD_SIZE[0] * t["scaleX"] / 2, CARD_SIZE[1] * t["scaleZ"] / 2


def lies_on(thing, card: dict, slack: float = 1e-3) -> bool:
    """Whether a thing's place (an object or an (x, z)) lies on the card's footprint."""
    x, z = xz(thing) if isinstance(thing, dict) else thing
    lx, lz = local_frame(card, x, z)
    hw, hd = card_half(card)
    return abs(lx) <= hw + slack and abs(lz) <= hd + slack


def nearest(thing, candidates: dict):
    """The key of the candidate place {key: (x, z)} nearest the thing."""
    x, z = xz(thing) if isinstance(thing, dict) else thing
    return min(candidates, key=lambda k: math.dist((x, z), candidates[k]))


# ---- grids -----------------------------------------------------------------------------------

def grid_point(origin: tuple[float, float], pitch: tuple[float, float], r: float, c: float) -> tuple[float, float]:
    """Row r, column c of a grid whose card (0, 0) lies at `origin`: columns to White's right
    (+x), rows towards White (-z), one pitch apart."""
    return origin[0] + c * pitch[0], origin[1] - r * pitch[1]


def centred_grid(k: int, pitch: tuple[float, float], centre: tuple[float, float]) -> tuple[float, float]:
    """The origin (card (0, 0)) of a k x k grid centred on `centre`."""
    return centre[0] - (k - 1) / 2 * pitch[0], centre[1] + (k - 1) / 2 * pitch[1]


def measured_pitch(places: list[tuple[float, float]], k: int) -> tuple[float, float]:
    """The pitch across and along of cards spanning k columns and k rows."""
    xs, zs = [p[0] for p in places], [p[1] for p in places]
    return (max(xs) - min(xs)) / (k - 1), (max(zs) - min(zs)) / (k - 1)


def ranks(values: list[float], k: int, tol: float = 0.05) -> list[int]:
    """Each value's place among k evenly spread levels, lowest first."""
    lo, hi = min(values), max(values)
    step = (hi - lo) / (k - 1)
    out = []
    for v in values:
        q = (v - lo) / step
        assert abs(q - round(q)) * step <= tol, ("off the grid", v)
        out.append(round(q))
    return out


def fit(values: list[float], steps: list[float]) -> float:
    """The pitch p that best fits value = step * p (least squares)."""
    return sum(v * s for v, s in zip(values, steps)) / sum(s * s for s in steps)


class Plan:
    """The plan of a save read against the state: each card's (row, column) from the state,
    the pitch fitted to the cards (the plan centred on the table's centre; a plan laid the
    wrong way round fits a pitch below 0), and the places of the table's rule, laid out with
    that pitch's size the right way round."""

    def __init__(self, match, save):
        self.tab = match.rules.table(match.state)
        self.n = self.tab["players"]
        grid = self.tab["grid"]
        self.where = {cid: (r, c) for r, row in enumerate(grid) for c, cid in enumerate(row) if cid is not None}
        self.cards = {lot_id(o): o for o in of_kind(save, "lot card", "plan")}
        mid = (SIZE - 1) / 2
        ids = sorted(set(self.cards) & set(self.where))
        self.pitch = (fit([xz(self.cards[i])[0] for i in ids], [self.where[i][1] - mid for i in ids]),
                      fit([xz(self.cards[i])[1] for i in ids], [mid - self.where[i][0] for i in ids]))
        size = (abs(self.pitch[0]), abs(self.pitch[1]))
        self.origin = (-mid * size[0], mid * size[1])
        self.size = size

    def place(self, r: float, c: float) -> tuple[float, float]:
        return grid_point(self.origin, self.size, r, c)

    def places(self) -> dict:
        return {(r, c): self.place(r, c) for r in range(SIZE) for c in range(SIZE)}

    def on_plan(self, o) -> bool:
        x, z = xz(o)
        half = SIZE / 2 * self.size[0]
        return abs(x) <= half and abs(z) <= half


# ---- models ----------------------------------------------------------------------------------

def local(url: str) -> Path:
    p = urlparse(url)
    assert p.scheme == "file", url
    return Path(unquote(p.path))


def obj_vertices(path: Path) -> list[tuple[float, float, float]]:
    return [tuple(map(float, row.split()[1:4])) for row in path.read_text().splitlines() if row.startswith("v ")]


def in_tts(v, t) -> tuple[float, float, float]:
    """A model's vertex on the table as TTS (Unity) puts it: turned about z, then x, then y
    (degrees; +z turns x towards y, +y turns x towards -z), then moved."""
    x, y, z = v
    a = math.radians(t["rotZ"])
    x, y = x * math.cos(a) - y * math.sin(a), x * math.sin(a) + y * math.cos(a)
    assert t["rotX"] == 0.0
    b = math.radians(t["rotY"])
    x, z = x * math.cos(b) + z * math.sin(b), -x * math.sin(b) + z * math.cos(b)
    return x + t["posX"], y + t["posY"], z + t["posZ"]


def model_vertices(o: dict) -> list[tuple[float, float, float]]:
    """Every vertex of a model on the table: its own mesh and those of the parts attached to
    it (each part's mesh is drawn on the whole model's axes, and sits at its origin)."""
    out = []
    for part in [o, *o.get("ChildObjects", [])]:
        if part is not o:
            t = part["Transform"]
            assert (t["posX"], t["posY"], t["posZ"], t["rotY"], t["rotZ"]) == (0.0, 0.0, 0.0, 0.0, 0.0)
        out += [in_tts(v, o["Transform"]) for v in obj_vertices(local(part["CustomMesh"]["MeshURL"]))]
    return out


# ---- matches to lay out -----------------------------------------------------------------------

@lru_cache(maxsize=None)
def game(name: str):
    return games.load(name)


def play_on(g, players: int, seed: int, moves: int, stop=None, after: int = 0, options=None):
    """A match after up to `moves` legal moves (bots, one move in three at random), stopped
    early where `stop(state)` holds after `after` of them."""
    match = g.new(players, seed=seed, options=g.info.settle_options(players, options or {}))
    choose = steered_by_bots(g, players, chance=3)
    rng = Rng(seed, stream=5)
    for k in range(moves):
        if match.over or (stop is not None and k >= after and stop(match.state)):
            break
        waiting = match.to_act()
        who = waiting[rng.below(len(waiting))]
        actions = match.legal(who)
        move = choose(match, who, actions, rng)
        move = move if isinstance(move, Move) else Move(move.key)
        try:
            match.play(who, move)
        except IllegalMove:                 # a random placement that does not fit: a plain move then
            plain = [a for a in actions if not a.takes]
            match.play(who, plain[rng.below(len(plain))].key)
    return match


def _building(s) -> bool:
    return s["phase"] == "build" and any(s["built"]) and any(s["won"])


def _playing(s) -> bool:
    return s["round"] >= 2 and any(s["built"]) and "building" in s["status"]


#: where a match is played on to before it is laid out: a name for the test ids, and `stop(state)`
STOPS = {
    "set-up": None,
    "building": _building,                                            # lots built on and won
    "holding drinks": lambda s: _building(s) and any(s["held"]),
    "taking drinks": lambda s: s["phase"] == "take",
    "playing": _playing,                                              # Countdown, round 2 on
    "someone out": lambda s: _playing(s) and s["round"] >= 3 and "out" in s["status"],
    "over": lambda s: s["phase"] == "over",
    "all out": lambda s: set(s["status"]) == {"out"},
    # Izakaya: bottles on corners, claim discs, a building, mid-way through an action round
    "claimed and built": lambda s: (s["phase"] == "actions" and s["turn"] >= 2 and s["corners"] and s["edges"]
                                    and s["owner"] and s["buildings"]),
    # Chocolate Milk: the architects gone apart from the centre, drinks in crates
    "bought": lambda s: (len(set(s.at)) >= min(s.players, 3)
                         and sum(len(c) for cr in s.crates for c in cr) >= 3),
}


def match_at(name: str, players: int, stop: str = "set-up", seed: int = 1, moves: int = 300, after: int = 0,
             kiosk: bool = False, options: tuple = ()):
    """A match of `name` played on by legal moves to `stop` (STOPS); `kiosk`: as a kiosk save
    of it loads again (`tokyo tts export --from SAVE`)."""
    g = game(name)
    if stop == "set-up":
        match = g.new(players, seed=seed, options=g.info.settle_options(players, dict(options)))
    else:
        match = play_on(g, players, seed, moves, STOPS[stop], after, dict(options))
        assert STOPS[stop](match.state), f"{name}: the moves did not reach the position ({stop})"
    if kiosk:
        match = saves.load(match.save())
    return match


_LAID: dict = {}


def laid_out(tmp_path_factory, name: str, players: int, stop: str = "set-up", seed: int = 1, moves: int = 300,
             after: int = 0, kiosk: bool = False, options: tuple = ()):
    """(match, save) of `match_at(...)`, exported once in this test session (the tests only
    read them)."""
    if stop == "set-up":
        moves = after = 0
    key = (name, players, stop, seed, moves, after, kiosk, options)
    if key not in _LAID:
        match = match_at(name, players, stop, seed, moves, after, kiosk, options)
        before = match.rules.dump(match.state)
        out = tmp_path_factory.mktemp(re.sub(r"[^A-Za-z0-9]+", "-", f"{name}-{players}-{stop}"))
        _LAID[key] = (match, export_of(match, out))
        assert match.rules.dump(match.state) == before, "the layout changed the match"
    return _LAID[key]
