"""Tuna (000:282-293).

• Unloaded tuna barrels are not put up for sale: every 3 unloaded in one fishing action
  start an auction for a random tuna token from the bag, run as for King Crab; 1 or 2
  left over go back unpaid (000:282-286, rules.py).
• Licences ¥1,000 (000:290).
• Selling: ¥100 × the total value; sold tokens go back into the bag (000:291).
• Value: printed 15, 20 or 25 (000:293).
"""

from __future__ import annotations

from .bagged import BaggedFishMarket


class Tuna(BaggedFishMarket):
    lines = "000:282-293"
    quote = "mit Thunfischfässern an einem deiner Liegeplätze"
    noun = "tuna"
