"""Salmon (000:251-260).

• A boat carries at most 1 salmon barrel at a time, the barge too (000:251, in rules.py).
• Buying a salmon barrel from the upper row gives a token fresh side up, from the lower
  (spoiled) row "4" side up (000:253, in rules.py).
• Licences ¥400 (000:257); tokens cannot be sold back (000:258).
• Value: "4" side up 4; fresh side up = the number of salmon tokens players hold now,
  fresh and spoiled together (000:260).
"""

from __future__ import annotations

from .base import FishMarket


class Salmon(FishMarket):
    lines = "000:251-260"
    quote = "Lachslizenzen erlauben Schiffen, immer nur ein einziges Lachsfass"

    def unit_value(self, s, kind):
        if kind == "salmon_spoiled":
            return int(self.data["spoiled_value"])
        return self.R.salmon_held(s)
