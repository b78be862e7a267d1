"""Overfishing (000:574-576) — the expansion.

• It cannot be entered (000:574).
• In play, it adds a step to the final scoring for every player, just before loans are
  repaid (scoring.py): pay ¥100 to the supply for every fish token you hold of an
  overfished market, take ¥100 from the supply for every token you hold of a market that
  is not overfished (000:576).
• Counted are the tokens in front of you (spoiled salmon and bought takoyaki as tokens of
  their market, Salmon and Octopus); barrels and takoyaki still for sale on your harbour,
  and what lies on Himono licences, are not tokens you hold (000:167, 000:478).
"""

from __future__ import annotations

from .base import Market


class OverfishingMarket(Market):
    lines = "000:574-576"
    quote = "Du kannst diesen Markt nicht betreten"

    def refuse_entry(self, s, seat):
        return "the Overfishing market cannot be entered; it adds a step to the final scoring (000:574)"

    def end_scoring(self, s, seat):
        """000:576: −¥100 a token of an overfished market, +¥100 a token of any other."""
        per = int(self.data["per_token"])
        total = 0
        for kind, n in s.seats[seat]["tokens"].items():
            st = s.fish.get(self.d.kind_fish[kind])
            total += -per * n if st is not None and st["overfished"] else per * n
        return total
