"""Draw docs/tts/GAME.png for every game with a Tabletop Simulator layout: each game's
export at 4 players (Izakaya too; Tsukiji also with the expansion), seen from above.

    .venv/bin/python bench/tts_pictures.py [--out docs/tts]

Prints each picture's path, how long the export and the picture took, and how many of the
TTS Knowledge Base's rules the export breaks (tts.checks; --problems lists them).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from core import games
from tts.checks import problems
from tts.export import export, layouts
from tts.picture import picture

CASES = {"tsukiji_expansion": ("tsukiji", {"expansion": "on", "blue_ship": "on"})}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=str(Path(__file__).resolve().parents[1] / "docs" / "tts"))
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--problems", action="store_true", help="list what tts.checks finds in each export")
    args = ap.parse_args()
    out = Path(args.out)
    cases = {name: (name, {}) for name in sorted(layouts())} | CASES
    for label, (name, options) in cases.items():
        game = games.load(name)
        players = max(game.info.min_players, min(args.players, game.info.max_players))
        match = game.new(players, seed=1, options=game.info.settle_options(players, options))
        with tempfile.TemporaryDirectory() as tmp:
            t0 = time.perf_counter()
            e = export(match, Path(tmp))
            t1 = time.perf_counter()
            png = picture(e.path, out / f"{label}.png")
            t2 = time.perf_counter()
        found = problems(e.save, e.files)
        print(f"{png}  export {t1 - t0:.2f} s, picture {t2 - t1:.2f} s, {len(e.files)} files, "
              f"{len(found)} Knowledge Base problems")
        if args.problems:
            for p in found:
                print(f"    - {p}")


if __name__ == "__main__":
    main()
