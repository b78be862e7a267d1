"""What every board of the table uses to put things down: `fail` (a position the layout cannot
show), frames (a board's centre, a seat), piles on a board's space, snap points, and a
seat's or a market's fish tokens as groups of pieces.
"""

from __future__ import annotations

from ...table import TABLE_Y, LayoutError
from ...table import seat as seat_at
from .plan import Plan

HERE = "tts/layouts/tsukiji/"
PILE = 6                           # pieces of one kind stacked in one pile


def fail(why: str):
    raise LayoutError(f"Tsukiji cannot be laid out for Tabletop Simulator: {why}")


#: the pieces that lie on a market's or a harbour's spaces (their component tags): what their
#: snap points pull in
PIECES = ("fish token", "barrel", "boat", "licence", "loan", "share")


class Placing:
    """Mixed into layout.Layout."""

    # ---- helpers ---------------------------------------------------------------------------

    @staticmethod
    def centre(cx: float, cz: float):
        return lambda dx, dz: (cx + dx, cz + dz, 180.0)

    def seat_frame(self, seat: int):
        return seat_at(seat, self.tab["players"]).at

    def colour(self, seat: int) -> str:
        return seat_at(seat, self.tab["players"]).colour

    def fill(self, plan: Plan, key: str, frame, width: float, groups, *, piece: float = 0.5, y0: float = 0.0):
        """Piles of pieces on a space: groups are (maker, n) with maker(x, z, rot, y)."""
        piles = []
        for maker, n in groups:
            for start in range(0, n, PILE):
                piles.append((maker, min(PILE, n - start)))
        for (maker, n), (dx, dz, level) in zip(piles, plan.slots(key, width, len(piles), piece)):
            x, z, rot = frame(dx, dz)
            for k in range(n):
                maker(x, z, rot, TABLE_Y + 0.35 + y0 + level * 0.7 + k * 0.1)

    def snap_spaces(self, plan: Plan, frame, width: float, keys, what) -> None:
        """A snap point on each of the plan's spaces `keys`, for the pieces `what` (their tags)."""
        for key in keys:
            x, z, rot = frame(*plan.point(key, width))
            self.t.snap(x, z, rot, what=what)

    def tokens_groups(self, tokens: dict, *, owner=None, note="", canned=False):
        order = self.kind_order
        out = []
        for kind in sorted(tokens, key=lambda k: order.get(k, 999)):
            n = tokens[kind]
            if n < 0:
                fail(f"{n} {kind} tokens")
            if n:
                out.append((lambda x, z, rot, y, kind=kind: self.P.token(
                    kind, x, z, rot=rot, y=y, owner=owner, note=note, canned=canned), n))
        return out
