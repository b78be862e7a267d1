"""The crate bench: goods to put in the crate, how hard and how far to push it, what fell.

The Shopping Spree's dexterity variant (004:203): the goods go into the crate, the
architect pushes it with the marker, and whatever falls out is lost. A push is stepped
by the screen a frame at a time and is the same push `crate.push` gives for the load,
level, steps and seed. With no drawing: the screens draw `shown()` within `frame()`.
"""

from __future__ import annotations

from core import assets
from core.components import DrinkSet

from .. import crate
from . import palette

MAX_LOAD = 16
MAX_STEPS = 3          # a move is 1-3 steps along the aisles (004:205)
LOOK_ABOVE_MM = 70.0   # the picture shows at least this much above the floor
MARKER_MM = (14.0, 22.0)   # the architect marker as pictures show it, width and height


class PushPractice:
    """The crate bench's state; see the module docstring."""

    def __init__(self, load=None, level: int = 3, steps: int = 2, seed: int = 1):
        self.crate = crate.crate()
        self.drinkset = DrinkSet.from_asset(assets.load("drinks.toml"))
        self.load: list[str] = list(load) if load is not None else crate.random_load(seed, 6, self.crate)
        for k in self.load:
            self.crate.kind(k)
        self.level = self.crate.level(level).level
        self.steps = max(0, int(steps))
        self.seed = seed
        self.catalogue = catalogue(self.crate)
        self.cursor = 0
        self.push: crate.Push | None = None
        self.standing: crate.Push | None = None
        self._box = None

    # ---- what to push ------------------------------------------------------------------

    @property
    def chosen_kind(self) -> str:
        return self.catalogue[self.cursor]

    def choose(self, step: int) -> None:
        self.cursor = (self.cursor + step) % len(self.catalogue)

    def add(self, kind: str | None = None) -> None:
        if len(self.load) < MAX_LOAD:
            self.load.append(kind or self.chosen_kind)
            self._changed()

    def remove(self) -> None:
        if self.load:
            self.load.pop()
            self._changed()

    def clear(self) -> None:
        self.load.clear()
        self._changed()

    def random(self, count: int | None = None) -> None:
        """A random load for this seed (as many goods as now, or `count`)."""
        self.load = crate.random_load(self.seed, len(self.load) if count is None else count, self.crate)
        self._changed()

    def set_level(self, level: int) -> None:
        self.level = max(crate.LEVELS[0], min(crate.LEVELS[-1], level))
        self.push = None

    def set_steps(self, steps: int) -> None:
        self.steps = max(1, min(MAX_STEPS, steps))
        self.push = None

    def new_seed(self) -> None:
        self.seed += 1
        self._changed()

    def _changed(self) -> None:
        self.push = None
        self.standing = None

    # ---- the push ----------------------------------------------------------------------

    def start(self) -> None:
        """Put the goods in and push (stepped by `advance`)."""
        self.push = crate.start_push(self.load, self.level, self.steps, self.seed, self.crate)

    def advance(self, steps: int) -> None:
        """Up to `steps` fixed steps of the push."""
        p = self.push
        for _ in range(steps):
            if p is None or p.done:
                return
            p.step()

    def finish(self) -> None:
        if self.push is not None:
            self.push.run()

    def shown(self) -> crate.Push:
        """The push to draw: the one under way, or else the load put in and at rest, not pushed."""
        if self.push is not None:
            return self.push
        if self.standing is None:
            self.standing = crate.start_push(self.load, self.level, self.steps, self.seed, self.crate).load_in()
        return self.standing

    # ---- what the screens show -----------------------------------------------------------

    def extent(self) -> tuple[float, float, float, float]:
        """The mm box of the whole push: from behind the marker to past the dot, floor to pile
        top, and every good wherever it fell. While a push goes on the box only grows, so the
        picture does not zoom back and forth with every frame."""
        c = self.crate
        p = self.shown()
        points = [v for i in range(len(p.bodies)) for part in p.polygons(i) for v in part]
        x0, x1 = -c.wall - 30.0, p.distance + c.inner_width + c.wall + 40.0
        y1 = max(LOOK_ABOVE_MM, c.height + 10.0)
        if points:
            x0 = min(x0, min(x for x, _ in points) - 10.0)
            x1 = max(x1, max(x for x, _ in points) + 10.0)
            y1 = max(y1, max(y for _, y in points) + 10.0)
        box = (x0, -8.0, x1, y1)
        if self._box is not None and self._box[0] is p:
            old = self._box[1]
            box = (min(box[0], old[0]), box[1], max(box[2], old[2]), max(box[3], old[3]))
        self._box = (p, box)
        return box

    def frame(self, aspect: float, whole: bool = False) -> tuple[float, float, float, float]:
        """The mm box a picture `aspect` times as wide as high shows, the floor near its foot:
        the whole push if it fits at the height the pile needs (or if `whole`), taller above
        the pile to fill the picture; else as wide as it may be, following the crate."""
        x0, y0, x1, y1 = self.extent()
        aspect = max(aspect, 1e-6)
        if whole or (y1 - y0) * aspect >= x1 - x0:
            return x0, y0, x1, max(y1, y0 + (x1 - x0) / aspect)
        width = (y1 - y0) * aspect
        middle = self.shown().travelled + self.crate.inner_width / 2
        left = min(max(middle - width / 2, x0), x1 - width)
        return left, y0, left + width, y1

    def name(self, kind: str) -> str:
        if kind.startswith(crate.DRINK):
            return f"{self.drinkset.label(int(kind[len(crate.DRINK):]))} drink"
        return self.crate.kind(kind).name

    def code(self, kind: str) -> str:
        """A short label for a good: a drink's code ('K6'), else the first letters of its name."""
        if kind.startswith(crate.DRINK):
            return self.drinkset.code(int(kind[len(crate.DRINK):]))
        return self.crate.kind(kind).name[:2].title()

    def level_text(self, level: int | None = None) -> str:
        level = self.level if level is None else level
        return f"{level} {crate.LEVEL_WORDS[level - 1]}"

    def status(self) -> str:
        p = self.push
        what = f"{len(self.load)} goods, pushed {self.level_text()} for {self.steps} step" + \
               ("s" if self.steps != 1 else "")
        if p is None:
            return f"{what}. Press P to push."
        if not p.done:
            doing = {"loading": "putting the goods in", "settling": "the goods settle",
                     "pushing": "pushing", "after": "stopped"}.get(p.phase, p.phase)
            return f"{what}: {doing}… {p.seconds:.2f} s, {len(p.fallen)} fell"
        return f"{what}: {self.outcome(p.result)}"

    def outcome(self, result: crate.PushResult) -> str:
        if not result.fallen:
            return "nothing fell out"
        names = ", ".join(self.name(result.load[i]) for i in result.fallen)
        return f"{len(result.fallen)} fell out and are lost: {names}"

    def sections(self) -> list[tuple[str, list[int]]]:
        """Lists of goods (indices into the load) to show: the load, then what fell and what stayed."""
        p = self.push
        out = [("In the crate" if p is None or not p.done else "Pushed", list(range(len(self.load))))]
        if p is not None and p.done:
            out += [("Fell out (lost)", list(p.result.fallen)), ("Still in", list(p.result.kept))]
        elif p is not None:
            out.append(("Fell out so far", sorted(p.fallen)))
        return out



def catalogue(c: crate.Crate) -> tuple[str, ...]:
    """The goods one can put in by hand: every kind, and one drink of each shape (colour = shape)."""
    return tuple(k for k in c.kinds if not k.startswith(crate.DRINK)) + tuple(
        f"{crate.DRINK}{s * 7}" for s in range(6))


def order(push: crate.Push) -> list[int]:
    """The goods put in so far, in the order to draw them: the crate's far row first."""
    return sorted(range(len(push.bodies)), key=lambda i: (max(push.rows[i]), i))


def fill(push: crate.Push, i: int) -> tuple[int, int, int]:
    """Good i's colour in a picture: its kind's, paler the further back its nearest row is."""
    rows = push.crate.slices
    return palette.faded(palette.good_colour(push.load[i]), 0.45 * (rows - 1 - max(push.rows[i])) / rows)
