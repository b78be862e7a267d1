"""The builder's clock of a building round: every building move happens at a second of its
builder's own clock since "go!" (Tokyo Jutaku 004:29, 004:39; Countdown 004:66, 004:70), which
runs on; build times count to the tenth of a second (004:56); and each builder's chance of
finishing first, which the search bot and the computer architects value lots by."""

from __future__ import annotations

from itertools import pairwise

from core.errors import IllegalMove

#: a second a move names, compared with the clock: a move may come at the clock's second
SLACK = 1e-9


def named(payload) -> float | None:
    """The second a move's data names (`{"seconds": s}`, a placement's moment), or None: the
    data as it was sent, before it is read (core.simultaneous orders moves by it)."""
    if isinstance(payload, dict):
        at = payload.get("seconds")
        if isinstance(at, (int, float)) and not isinstance(at, bool):
            return float(at)
    return None


def runs_on(clock: float, at: float, rule: str) -> float:
    """`at`, a second of a builder's clock that stands at `clock`: never before it, for the
    clock runs on; IllegalMove under `rule` otherwise."""
    if at < clock - SLACK:
        raise IllegalMove(f"the clock runs on: this move at {at:.1f} s comes before your last one "
                          f"at {clock:.1f} s", rule)
    return at


def tenths(seconds: float) -> float:
    """Build times count to the tenth of a second: equal tenths are simultaneous (004:56)."""
    return round(seconds * 10) / 10


#: five-point Gauss-Legendre nodes and weights on [0, 1]: exact for polynomials to degree 9
_GAUSS = tuple(((1 + x) / 2, w / 2) for x, w in (
    (-0.9061798459386640, 0.2369268850561891), (-0.5384693101056831, 0.4786286704993665),
    (0.0, 0.5688888888888889), (0.5384693101056831, 0.4786286704993665), (0.9061798459386640, 0.2369268850561891)))


def first_chances(times: list, spread: float) -> list[float]:
    """Each builder's chance of finishing first when builder i takes a time spread evenly over
    times[i] × [1 - spread, 1 + spread] (None: not building): the integral of its density
    times the others' chances of being slower. Between the spans' ends the integrand is a
    polynomial of degree below the builders' number, so Gauss-Legendre is exact there."""
    spans = [None if t is None else (t * (1 - spread), t * (1 + spread)) for t in times]
    out = [0.0] * len(times)
    ends = sorted({e for sp in spans if sp is not None for e in sp})
    for low, high in pairwise(ends):
        for x, w in _GAUSS:
            t = low + x * (high - low)
            slower = [1.0 if sp is None else min(1.0, max(0.0, (sp[1] - t) / (sp[1] - sp[0]))) for sp in spans]
            for i, sp in enumerate(spans):
                if sp is not None and sp[0] <= t <= sp[1]:
                    others = 1.0
                    for j, p in enumerate(slower):
                        if j != i:
                            others *= p
                    out[i] += w * (high - low) / (sp[1] - sp[0]) * others
    return out
