"""Swordfish (000:527-538) — the expansion.

• Set-up: the value marker on space 6 of the track (000:416).
• Docking: unloaded swordfish barrels are not put up for sale. For every 2 unloaded in
  the same fishing action a Swordfish auction is held at once, the fishing action going
  on after it; every further 2 interrupt it again (000:527; `on_unload`, the count waits
  in the fishing action as "swordfish", and `start_unload_auction`).
• The auction: the 2 barrels go back to the tableau and 1 swordfish token is taken from
  the market; everyone, you too, bids in secret, ¥0 allowed; the highest bid wins the
  token, you break ties; if you win you pay the supply, anyone else pays you; the value
  marker then moves by the winning bid (000:529, 000:538; `award`). No token left: the
  barrels go back and there is no auction.
• A single unloaded barrel left at the end of your fishing action goes back unpaid
  (000:531; `leftover`).
• Licences ¥600 (000:535).
• Selling: ¥100 × the total value of the tokens sold, plus ¥200 once in a visit in which
  at least 1 is sold; sold tokens go into the box; then the marker goes down 1 space per
  token sold (000:536). As for Eel (000:206-210), the tokens of one sale are valued
  together before the marker moves.
• Value: the marker, 1..13. After each auction the winning bid is compared with the value
  × ¥100: higher, up 2 spaces; lower, down 2; equal, it stays. Moves past 13 or below 1
  are ignored — step by step, as on the Eel track, so 12 + 2 ends on 13 (000:538).
"""

from __future__ import annotations

from core.errors import IllegalMove
from core.game import Action, Event

from ..citations import rule
from ..state import add, pay
from .base import FishMarket, whole

RULE_SWORDFISH_AUCTION = rule("Swordfish, auctions", "000:529",
                              "Alle Spieler (auch du) nehmen an einem verdeckten Bieten um diesen Schwertfisch teil")
RULE_SWORDFISH_SELL = rule("Swordfish, selling", "000:536",
                           "Du darfst Schwertfischmarker für ¥100 × den Gesamtressourcenwert")


class Swordfish(FishMarket):
    lines = "000:527-538"
    quote = "mit Schwertfischfässern an einem deiner Liegeplätze"
    #: unloaded barrels are auctioned (000:527); fishing.py calls start_unload_auction and leftover
    unload_auction = True

    # ---- the value track (000:416, 000:538) --------------------------------------------------------

    def setup_extra(self, s, st):
        st["value"] = int(self.data["value_start"])

    def extra_keys(self):
        return {"value"}

    def validate_extra(self, d, out, players):
        v = whole(d.get("value", self.data["value_start"]), "the swordfish value")
        if not self.data["value_min"] <= v <= self.data["value_max"]:
            raise ValueError(f"the swordfish value marker is on {self.data['value_min']}..{self.data['value_max']} "
                             f"(000:538), not {v}")
        out["value"] = v

    def value(self, s) -> int:
        st = s.fish.get(self.id)
        return st.get("value", int(self.data["value_start"])) if st else int(self.data["value_start"])

    def unit_value(self, s, kind):
        return self.value(s)

    def move(self, s, steps: int) -> None:
        """Space by space; steps past 1 or 13 are ignored (000:538)."""
        st = s.fish[self.id]
        st["value"] = max(self.data["value_min"], min(self.data["value_max"], self.value(s) + steps))

    def adjust_for_bid(self, s, amount: int) -> tuple[int, int]:
        """Move the marker by a winning bid (000:538, also the Foreign Market's 000:559): (before, after)."""
        before = self.value(s)
        step = int(self.data["auction_step"])
        if amount > before * 100:
            self.move(s, step)
        elif amount < before * 100:
            self.move(s, -step)
        return before, self.value(s)

    # ---- docking and the auction (000:527-531) --------------------------------------------------------

    def on_unload(self, s, seat, item, ev):
        s.ctx[self.id] = s.ctx.get(self.id, 0) + 1
        return True

    def start_unload_auction(self, s, rng, ev) -> bool:
        ctx = s.ctx
        per = int(self.data["barrels_per_auction"])
        while ctx.get(self.id, 0) >= per:
            ctx[self.id] -= per
            self.R.barrels_home(s, self.id, per)
            st = s.fish[self.id]
            if st["tokens"] <= 0:
                ev.append(Event("auction", f"{per} swordfish barrels go back; no swordfish token is left: no "
                                           "auction.", s.turn, {"market": self.id}))
                continue
            st["tokens"] -= 1
            ev.append(Event("auction", f"{per} swordfish barrels go back; a swordfish token (value {self.value(s)}) "
                                       "is auctioned: everyone bids in secret.", s.turn, {"market": self.id}))
            self.R.start_bid(s, self.id, list(range(s.players)), {self.id: 1}, {})
            return True
        return False

    def leftover(self, s, seat, ev):
        n = s.ctx.get(self.id, 0)
        if n:
            self.R.barrels_home(s, self.id, n)
            s.ctx[self.id] = 0
            ev.append(Event("leftover", f"{n} unloaded swordfish barrel{'s go' if n > 1 else ' goes'} back unpaid.",
                            seat, {"market": self.id}))

    def award(self, s, winner: int, amount: int, ev: list) -> None:
        """The token is the winner's already (bidding.py); payment (000:529), then the marker (000:538)."""
        active = s.turn
        if winner == active:
            pay(s, winner, None, amount, RULE_SWORDFISH_AUCTION)
            paid = "paid to the supply"
        else:
            pay(s, winner, active, amount, RULE_SWORDFISH_AUCTION)
            paid = f"paid to seat {active + 1}"
        before, after = self.adjust_for_bid(s, amount)
        ev.append(Event("won", f"Seat {winner + 1} wins the swordfish for ¥{amount:,}, {paid}; the swordfish value "
                               + (f"goes from {before} to {after}." if after != before else f"stays at {after}."),
                        winner, {"market": self.id}))

    # ---- selling (000:536) --------------------------------------------------------------------------------

    def sell_actions(self, s, seat, ctx):
        have = s.seats[seat]["tokens"].get(self.id, 0)
        v = self.value(s)
        bonus = int(self.data["sell_bonus"]) if not ctx.get("sold") else 0
        return [Action(f"sell:{n}", f"Sell {n} swordfish token{'s' if n > 1 else ''} at value {v}: "
                                    f"¥{100 * n * v + bonus:,}" + (f" (with the ¥{bonus} for this visit)" if bonus
                                                                   else ""),
                       self.name, ("sell", n)) for n in range(1, have + 1)]

    def apply_special(self, s, seat, data, rng, ev):
        n = data[1]
        v = self.value(s)
        ctx = s.ctx
        bonus = int(self.data["sell_bonus"]) if not ctx.get("sold") else 0
        add(s.seats[seat]["tokens"], self.id, -n)
        add(s.box["tokens"], self.id, n)
        pay(s, None, seat, 100 * n * v + bonus, RULE_SWORDFISH_SELL)
        ctx["sold"] = ctx.get("sold", 0) + n
        self.move(s, -int(self.data["sale_drop_per_token"]) * n)
        ev.append(Event("sell", f"Seat {seat + 1} sells {n} swordfish token{'s' if n > 1 else ''} for "
                                f"¥{100 * n * v + bonus:,}; they go into the box and the swordfish value goes from "
                                f"{v} to {self.value(s)}.", seat, {"market": self.id}))

    def explain(self, s, seat, key):
        if key.startswith("sell") and s.ctx and s.ctx.get("market") == self.id:
            return IllegalMove(f"you have {s.seats[seat]['tokens'].get(self.id, 0)} swordfish tokens to sell",
                               RULE_SWORDFISH_SELL)
        return super().explain(s, seat, key)
