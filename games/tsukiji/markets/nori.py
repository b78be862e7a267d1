"""Nori (000:502-513) — the expansion.

• Entered only to take a single licence — nothing else is offered there, and nobody holds
  more than 1 Nori licence; once per turn (000:502). So the market cannot be entered
  while you hold one (`refuse_entry`).
• Licences: only if you hold none; taking one is free (000:508). Tokens cannot be sold
  back (000:509). Nori barrels are caught, unloaded and bought as any fish's: a bought
  barrel brings a nori token (000:163).
• Value: each nori token is worth the total resources of all your other tokens divided by
  10, rounded down (000:511; rules.lot_value): other tokens worth 38 make each nori worth 3
  (000:513).
• Overfished: every player pays the supply ¥100 per nori token held — what they can, if
  short — and keeps them; if it happens during a buying action, only once that action is
  over (000:504; `settle`, kept as "to_settle" in the market's state).
"""

from __future__ import annotations

from core.errors import IllegalMove
from core.game import Event

from ..citations import rule
from ..state import pay, yen
from .base import PaysOnOverfishing

RULE_NORI_ONE = rule("Nori, one licence", "000:508", "Du darfst nur dann eine Nori-Lizenz nehmen, wenn du noch keine")
RULE_NORI_OVERFISHED = rule("Nori, overfished", "000:504",
                            "zahlen alle Spieler ¥100 in den allgemeinen Vorrat für jeden Nori-Marker")


class Nori(PaysOnOverfishing):
    settle_line = "000:504"
    lines = "000:502-513"
    quote = "Du darfst diesen Markt nur betreten, um eine einzelne Fischereilizenz zu nehmen"

    @property
    def most_held(self) -> int:
        return int(self.data["max_held"])

    # ---- the visit (000:502, 000:508) -------------------------------------------------------------------

    def refuse_entry(self, s, seat):
        if s.seats[seat]["licences"].get(self.id, 0) >= self.most_held:
            return (f"you hold a Nori licence already: the market is entered only to take one and nobody holds "
                    f"more than {self.most_held} (000:502, 000:508)")
        if s.fish[self.id]["licences"] <= 0:
            return "no Nori licence is left to take, and taking one is all the market offers (000:502)"
        return None

    def licence_refusal(self, s, seat, ctx, slots=True):
        if s.seats[seat]["licences"].get(self.id, 0) >= self.most_held:
            return "you may take a Nori licence only while you hold none (000:508)"
        return super().licence_refusal(s, seat, ctx, slots)

    def explain(self, s, seat, key):
        if key == "licence" and s.ctx and s.ctx.get("market") == self.id:
            why = self.licence_refusal(s, seat, s.ctx)
            if why and "000:508" in why:
                return IllegalMove(why, RULE_NORI_ONE)
        return super().explain(s, seat, key)

    # ---- overfishing (000:504) ---------------------------------------------------------------------------

    def settle(self, s, ev):
        st = s.fish.get(self.id)
        if not st or not st.get("to_settle"):
            return
        st["to_settle"] = False
        per = int(self.data["overfished_charge"])
        paid = []
        for o in range(s.players):
            n = s.seats[o]["tokens"].get(self.id, 0)
            due = min(per * n, max(0, yen(s, o)))                   # what they can
            if n:
                pay(s, o, None, due, RULE_NORI_OVERFISHED)
                paid.append(f"seat {o + 1} ¥{due:,}" + ("" if due == per * n else f" of ¥{per * n:,}"))
        ev.append(Event("overfished", f"Nori is overfished: everyone pays ¥{per} per nori token held"
                        + (f" ({', '.join(paid)})." if paid else " (nobody holds any)."), None,
                        {"market": self.id}))
