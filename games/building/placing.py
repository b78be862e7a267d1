"""A placement against the position, and a placement written as data.

The data of a placement is declared once (physics.placement: its fields and bounds), and the
core reads a move's data by that declaration before a game sees it (core.payload.Shape). What
is left needs the position, and is the same in every building game: the piece must be in the
middle, and it must lie where a hand can leave it (not passing into another piece, resting on
the lot or on the floor below); the other building rules wait for the Stop! (004:37-54).

`payload` is the one way a placement is written as a move's data: the computer builders, the
kiosk's build bench and the phones all send what it writes.
"""

from __future__ import annotations

from core.errors import IllegalMove
from physics.building import R_OVERLAP, R_RESTS, Building, Placement

#: the building rules a hand cannot break even for a moment (the others wait for the Stop!)
AT_ONCE = (R_OVERLAP, R_RESTS)


def payload(p: Placement, where: dict | None = None, **after) -> dict:
    """A placement as a move's data: `where` it goes first (Izakaya's card and outline), then
    the piece, then what comes `after` (its moment, a piece moved along)."""
    return {**(where or {}), "piece": p.piece, "x": p.x, "y": p.y, "rotation": p.rotation, "flip": p.flip,
            "floor": p.floor, **after}


def written(p: Placement) -> dict:
    """A placed piece as a position holds it (the same fields as a placement's data)."""
    return payload(p)


def placed(row: dict) -> Placement:
    """A placement read by its shape (or a placed piece of the state) as the building model's."""
    return Placement(row["piece"], row["x"], row["y"], row["rotation"], row["flip"], row["floor"])


def building(lot, outline: int, rows, pieces) -> Building:
    """The building of placed pieces (rows of the state) on `lot`'s `outline`."""
    b = Building(lot, outline, pieces=pieces)
    for p in rows:
        b.place(placed(p))
    return b


def in_middle(piece: str, supply, pieces, rule: str) -> str:
    """The piece, which must lie in the middle (the supply) to be taken; IllegalMove otherwise."""
    if piece not in supply:
        raise IllegalMove(f"{pieces.name(piece)} is not in the middle", rule)
    return piece


def lies(b: Building, new: Placement, moved: tuple[int, Placement] | None = None) -> int:
    """Put `new` on the building `b` (and first move its piece `moved` = (index, placement),
    the red drink's pair, 004:91); its number. IllegalMove when a hand could not leave it
    there: it passes into another piece or rests on nothing (AT_ONCE); a piece moved along
    must not newly break those either."""
    before = set() if moved is None else {(v.rule, tuple(v.pieces)) for v in b.check(complete=False)}
    if moved is not None:
        b.placements[moved[0]] = moved[1]
    first = b.place(new)
    for v in b.check(complete=False):
        if v.rule in AT_ONCE and (v.rule, tuple(v.pieces)) not in before \
                and (any(i >= first for i in v.pieces) or moved is not None):
            raise IllegalMove(f"that piece cannot lie there: {v.message}", v.rule)
    return first
