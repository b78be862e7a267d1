"""Red Snapper (000:242-249).

• Buying a red snapper barrel from another player gives the next token on the tableau,
  column by column, top to bottom (000:242, in rules.py).
• Licences ¥300 (000:246); tokens cannot be sold back (000:247).
• Value: the lowest uncovered red number = tokens left on the tableau ÷ 3, rounded up;
  2 each once Red Snapper is overfished (000:249).
"""

from __future__ import annotations

from .base import FishMarket


class RedSnapper(FishMarket):
    lines = "000:242-249"
    quote = "ein Roter-Schnapper-Fass abkaufst"

    def unit_value(self, s, kind):
        st = s.fish.get(self.id)
        if st is None:
            return 0
        if st["overfished"]:
            return int(self.data["overfished_value"])
        per = int(self.data["tokens_per_value"])
        return -(-st["tokens"] // per)
