"""Sardines (000:515-525) — the expansion.

• You cannot enter the market while you hold a sardine licence; you may first return it
  (free, 000:145) and then enter (000:515; `refuse_entry`).
• Set-up: its tokens lie on the tableau, not on the white canned-sardine space "Iwashi"
  (000:415); the Iwashi tokens are kept apart ("iwashi" in the market's state) and do not
  count for overfishing, which watches the market's own supply (000:351).
• Docking: every sardine barrel unloaded at your berth is put up for sale as usual, and
  you also take 2 sardine tokens (if there are) from the market's supply — not from
  Iwashi: 1 for you, 1 onto Iwashi; only 1 left: it is yours (000:517; `on_unload`).
  Ruling: a sardine barrel caught with a Himono licence is laid on the Himono licence
  instead of being put up for sale (000:472) and brings no tokens.
• Licences: while both are on the tableau one costs ¥500; the second (the last one there)
  ¥300; so both in one visit cost ¥800 (000:521; `licence_cost`).
• Tokens cannot be sold back (000:522). Canned sardines: buy any number of the tokens on
  Iwashi, ¥100 each to the supply (000:523). Each token is worth 1 resource (000:525).
"""

from __future__ import annotations

from core.errors import IllegalMove
from core.game import Action, Event

from ..citations import rule
from ..state import add, pay, yen
from .base import FishMarket, whole

RULE_IWASHI = rule("Sardines, canned sardines", "000:523", "Sardinenkonserven („Iwashi“) kaufen")


class Sardines(FishMarket):
    lines = "000:515-525"
    quote = "Du kannst diesen Markt nicht betreten, wenn du eine Sardinenlizenz besitzt"

    # ---- pieces (000:415) ----------------------------------------------------------------------------

    def setup_extra(self, s, st):
        st["iwashi"] = 0

    def extra_keys(self):
        return {"iwashi"}

    def validate_extra(self, d, out, players):
        out["iwashi"] = whole(d.get("iwashi", 0), "canned sardines on Iwashi")

    def count_pieces(self, d, counts):
        super().count_pieces(d, counts)
        counts[f"tokens:{self.id}"] = counts.get(f"tokens:{self.id}", 0) + d.get("iwashi", 0)

    # ---- entering (000:515) ------------------------------------------------------------------------------

    def refuse_entry(self, s, seat):
        if s.seats[seat]["licences"].get(self.id):
            return ("you cannot enter the Sardines market while you hold a sardine licence; return it first "
                    "(000:515)")
        return None

    # ---- docking (000:517) --------------------------------------------------------------------------------

    def on_unload(self, s, seat, item, ev):
        st = s.fish[self.id]
        per = int(self.data["tokens_per_unload"])
        n = min(per, st["tokens"])
        if n <= 0:
            return False
        st["tokens"] -= n
        add(s.seats[seat]["tokens"], self.id)
        st["iwashi"] = st.get("iwashi", 0) + n - 1
        ev.append(Event("sardines", f"Seat {seat + 1} takes a sardine token"
                        + (f" and lays {n - 1} on Iwashi." if n > 1 else " (the last one)."), seat,
                        {"market": self.id}))
        return False

    # ---- the visit (000:521-523) ------------------------------------------------------------------------

    def licence_cost(self, s):
        st = s.fish[self.id]
        both = st["licences"] >= 2                      # both still on the tableau
        return int(self.data["licence_price_first"] if both else self.data["licence_price_second"])

    def canned_max(self, s, seat) -> int:
        price = int(self.data["canned_price"])
        return min(s.fish[self.id].get("iwashi", 0), yen(s, seat) // price if price else 10 ** 6)

    def sell_actions(self, s, seat, ctx):
        price = int(self.data["canned_price"])
        return [Action(f"iwashi:{n}", f"Buy {n} canned sardine{'s' if n > 1 else ''} from Iwashi: ¥{n * price:,}",
                       self.name, ("iwashi", n)) for n in range(1, self.canned_max(s, seat) + 1)]

    def apply_special(self, s, seat, data, rng, ev):
        n = data[1]
        st = s.fish[self.id]
        price = int(self.data["canned_price"]) * n
        pay(s, seat, None, price, self.rule)
        st["iwashi"] -= n
        add(s.seats[seat]["tokens"], self.id, n)
        ev.append(Event("iwashi", f"Seat {seat + 1} buys {n} canned sardine{'s' if n > 1 else ''} for ¥{price:,}.",
                        seat, {"market": self.id}))

    def explain(self, s, seat, key):
        if key.startswith("iwashi") and s.ctx and s.ctx.get("market") == self.id:
            return IllegalMove(f"Iwashi holds {s.fish[self.id].get('iwashi', 0)} canned sardines at "
                               f"¥{int(self.data['canned_price'])} each, and you pay for every one you take",
                               RULE_IWASHI)
        if key.startswith("sell") and s.ctx and s.ctx.get("market") == self.id:
            return IllegalMove("sardine tokens cannot be sold back to the market (000:522)", self.rule)
        return super().explain(s, seat, key)
