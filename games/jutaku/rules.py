"""Tokyo Jutaku (004:1-60): real-time house building on odd lots, judged by physics.

The game is the building kit's lot rounds as they are (games/building/lots.py: the plan, the
start, building to a Stop!, moving, the end), read beside the rulebook there, with the
computer architects (games/building/architects.py) as its bots.
"""

from __future__ import annotations

from games.building.architects import architect_bots
from games.building.lot_text import JUTAKU
from games.building.lots import LotRounds


class Jutaku(LotRounds):
    """Tokyo Jutaku: the lot rounds, nothing added."""

    how_to_play = JUTAKU
    bots = architect_bots()
