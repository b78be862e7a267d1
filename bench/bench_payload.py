"""Reading a move's data: the project's own declaration (core.payload.Shape) against msgspec.

    .venv/bin/python bench/bench_payload.py [--reps 20000]

The same placement is declared both ways, with the same bounds; each reads a good payload
and a set of bad ones. Printed: microseconds a read (best of 5), and the words of each
refusal side by side. This is the figure behind the choice in docs/plugins.md ("Moves
with declared shapes"): a read costs a few microseconds either way, next to a building
move's physics check of milliseconds, so the choice rests on the words a player reads and
on not adding a compiled dependency for it.
"""


import argparse
import sys
import timeit
from pathlib import Path
from typing import Annotated

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.errors import IllegalMove  # noqa: E402
from core.payload import Field, Shape, plain  # noqa: E402

SHAPE = Shape("placement", (
    Field("piece", str), Field("x", float, -400.0, 400.0), Field("y", float, 0.0, 8000.0),
    Field("rotation", float, -360.0, 360.0, default=0.0), Field("flip", bool, default=False),
    Field("floor", int, 1, 200), Field("seconds", float, 0.0, 3600.0, default=None),
), rule="004:39", words="a placement")

GOOD = {"piece": "beam-80", "x": 12.5, "y": 40.0, "rotation": 90.0, "flip": False, "floor": 2, "seconds": 7.3}
BAD = [dict(GOOD, x=900.0), dict(GOOD, floor=True), dict(GOOD, z=1), {k: v for k, v in GOOD.items() if k != "piece"},
       dict(GOOD, rotation="left")]


def msgspec_reader():
    import msgspec
    from msgspec import Meta

    class Placement(msgspec.Struct, forbid_unknown_fields=True):
        piece: str
        x: Annotated[float, Meta(ge=-400.0, le=400.0)]
        y: Annotated[float, Meta(ge=0.0, le=8000.0)]
        floor: Annotated[int, Meta(ge=1, le=200)]
        rotation: Annotated[float, Meta(ge=-360.0, le=360.0)] = 0.0
        flip: bool = False
        seconds: Annotated[float, Meta(ge=0.0, le=3600.0)] | None = None

    def read(payload):
        return msgspec.structs.asdict(msgspec.convert(payload, Placement))
    return read, msgspec.ValidationError


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=20000)
    args = parser.parse_args()
    ours = SHAPE.read
    rows = [("core.payload.Shape", ours, IllegalMove), ("  + core.payload.plain first", lambda p: ours(plain(p)),
                                                         IllegalMove)]
    try:
        read, error = msgspec_reader()
        rows.append(("msgspec.convert", read, error))
    except ImportError:
        print("(msgspec is not installed: pip install -e '.[test]')")
    print(f"reading one placement, best of 5 × {args.reps:,}:")
    for name, fn, _ in rows:
        best = min(timeit.repeat(lambda: fn(GOOD), number=args.reps, repeat=5)) / args.reps
        print(f"  {name:30} {best * 1e6:6.2f} µs")
    print("what a refusal says:")
    for bad in BAD:
        for name, fn, error in rows[:1] + rows[2:]:
            try:
                fn(bad)
                said = "(accepted)"
            except error as e:
                said = str(e)
            print(f"  {name:20} {said}")


if __name__ == "__main__":
    main()
