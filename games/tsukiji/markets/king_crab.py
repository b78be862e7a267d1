"""King Crab (000:262-273).

• Unloaded king crab barrels are not put up for sale: every 2 unloaded in one fishing
  action start an auction for a random token from the bag; everyone bids in secret, the
  active player breaks ties; the active player pays the supply, anyone else pays the
  active player; a single barrel left at the end goes back unpaid (000:262-266, rules.py).
• Licences ¥800 (000:270).
• Selling: ¥100 × value + ¥400 per token; sold tokens go back into the bag (000:271).
• Value: printed 4, 6 or 8 (000:273).
"""

from __future__ import annotations

from .bagged import BaggedFishMarket


class KingCrab(BaggedFishMarket):
    lines = "000:262-273"
    quote = "mit Riesenkrabben-Fässern an einem deiner Liegeplätze"
    noun = "king crab"
