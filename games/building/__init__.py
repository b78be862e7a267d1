"""The building kit: what Tokyo Jutaku, Bottle Bonus, Countdown and Izakaya share. Not a game.

- `cards`: the lot cards and the plan (Tokyo Jutaku's deck, 004:21-37), read from the asset;
- `placing`: a placement read against the position (the piece is in the middle, it lies
  where a hand can leave it), and the one way a placement's data is written (bots, the
  kiosk's build bench, the phones); the data's bounds are declared in physics.placement;
- `clock`: the builder's clock of a building round (moments, tenths of a second, each
  builder's chance of finishing first);
- `rounds`: the base of games whose seats build at once on their own clocks (timed moves,
  the round's kind, the Stop! verdict);
- `lots`: Tokyo Jutaku's lot rounds (the plan, the start, building to a Stop!, moving, the
  end), which Bottle Bonus plays exactly (004:79) and extends through its hooks, with
  `lot_result` (a round's end in words), `lot_persist` (a saved position checked),
  `lot_text` (how to play);
- `planner`: the computer architects' search (a building for a lot card, the next
  Countdown floor), and `architects`: the computer architect playing lot rounds.

A game's own rules stay in its package; no game's package imports another's, only this kit.
"""

from pathlib import Path

#: this package's folder: a game built with the kit names it in its Rules.code_folders, so
#: that core.simulate's fingerprint covers the code that decides its play
FOLDER = Path(__file__).parent
