"""The vending bench: which drinks to pour into JIDOHANBAIKI, the pour under way, its result.

The drinks are a number chosen at random for the seed, or every drink of the chosen
colours (a crate of six, as the Shopping Spree tips in, 004:223). A pour is stepped by
the screen a frame at a time and is the same pour `vending.pour` gives for that seed.
"""

from __future__ import annotations

from core import assets
from core.components import DrinkSet

from .. import vending, world


class VendingPractice:
    """The vending bench's state; see the module docstring."""

    def __init__(self, seed: int = 1, count: int = 6):
        self.seed = seed
        self.count = count
        self.colours: set[int] = set()
        self.pour: vending.Pour | None = None
        self.cleared: list[int] = []
        self.machine = vending.machine()
        self.drinkset = DrinkSet.from_asset(assets.load("drinks.toml"))
        self.codes = [self.drinkset.code(i) for i in range(36)]

    def chosen(self) -> list[int]:
        """The chosen colours' drinks, or else `count` random ones for this seed."""
        if self.colours:
            return [c * 6 + s for c in sorted(self.colours) for s in range(6)]
        return vending.random_drinks(self.seed, self.count)

    def start(self) -> None:
        """Throw the chosen drinks into the machine (stepped by `advance`)."""
        self.pour = vending.start_pour(self.chosen(), self.seed, self.machine)
        self.cleared = []

    def finish(self) -> None:
        """Run the pour to its end at once."""
        if self.pour is not None and not self.pour.done:
            self.pour.run()

    def clear(self) -> None:
        """Take the stuck drinks out of the machine (004:223)."""
        if self.pour is not None and self.pour.done:
            self.cleared = self.pour.clear_stuck()

    def advance(self, steps: int) -> None:
        """Up to `steps` fixed steps of the pour; at the machine's time limit it ends."""
        p = self.pour
        if p is None or p.done:
            return
        limit = round(self.machine.seconds / world.POUR_STEP)
        for _ in range(steps):
            if p.done or p.steps >= limit:
                break
            p.step()
        if not p.done and p.steps >= limit:
            p.run()

    def toggle_colour(self, colour: int) -> None:
        self.colours ^= {colour}
        self.pour = None

    def set_count(self, count: int) -> None:
        self.count = max(1, min(36, count))
        self.colours.clear()
        self.pour = None

    def new_seed(self) -> None:
        self.seed += 1
        self.pour = None

    # ---- words the screens show --------------------------------------------------------

    def choice_text(self) -> str:
        if self.colours:
            return f"the {', '.join(self.drinkset.colours[c].name for c in sorted(self.colours))} drinks"
        return f"{self.count} at random"

    def status(self) -> str:
        p = self.pour
        if p is None:
            return "Press P to pour."
        if not p.done:
            return f"Pouring… {p.seconds:.2f} s, {len(p.out)} out so far"
        return (f"Done after {p.seconds:.2f} s: {len(p.out)} came out, {len(p.stuck)} stuck"
                + (f", {len(self.cleared)} cleared" if self.cleared else ""))

    def sections(self) -> list[tuple[str, list[int]]]:
        """The lists of drinks to show: poured (or to pour), out, stuck, cleared."""
        p = self.pour
        drinks = p.drinks if p is not None else self.chosen()
        out = [("Poured" if p is not None else "Will pour", drinks)]
        if p is not None and p.done:
            out += [("Came out", p.out), ("Stuck", p.stuck)]
            if self.cleared:
                out.append(("Cleared from the machine", self.cleared))
        elif p is not None:
            out.append(("Out so far", p.out))
        return out
