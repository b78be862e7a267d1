"""Trade (000:339-343).

• Tokens for yen: on an empty space lay tokens whose current value together reaches the
  printed resources and take the printed yen; the tokens stay there.
• Tokens for tokens, once anyone has traded for yen in this game: take the tokens from a
  space and leave there tokens of yours worth at least its printed resources.

Collapsing markets (000:616): Trade collapses once tokens lie on every space; it stays
open (the "collapsed" side, 000:596), so tokens for tokens goes on.
"""

from __future__ import annotations

from core.game import Action, Event

from ..state import add, pay
from .base import Market, token_counts


class Trade(Market):
    lines = "000:339-343"
    quote = "Fischmarker gegen Yen oder gegen andere Fischmarker tauschen"

    def setup(self, s):
        return {"spaces": [{} for _ in self.data["spaces"]], "traded": False}

    def collapses(self, s):
        """000:616: every space holds tokens."""
        return all(s.ext[self.id]["spaces"])

    def _targets(self, s, value: int):
        st = s.ext[self.id]
        out = []
        for i, spec in enumerate(self.data["spaces"]):
            if value < spec["resources"]:
                continue
            if not st["spaces"][i]:
                out.append(("yen", i))
            elif st["traded"]:
                out.append(("swap", i))
        return out

    def possible(self, s, seat, ctx):
        tokens = dict(s.seats[seat]["tokens"])
        for k, n in (ctx.get("lot") or {}).items():
            add(tokens, k, n)
        return bool(tokens) and bool(self._targets(s, self.R.lot_value(s, tokens)))

    def actions(self, s, seat, ctx):
        if not self.possible(s, seat, ctx):
            return []
        out = self.lot_actions(s, seat, ctx)
        lot = ctx.get("lot")
        if lot:
            value = self.R.lot_value(s, lot)
            for how, i in self._targets(s, value):
                spec = self.data["spaces"][i]
                if how == "yen":
                    text = f"Trade the lot (value {value}) on space {i + 1} for ¥{spec['yen']:,}"
                else:
                    text = (f"Swap the lot (value {value}) for the tokens on space {i + 1} "
                            f"({self.R.lot_text(s.ext[self.id]['spaces'][i])})")
                out.append(Action(f"trade:{how}:{i + 1}", text, self.name, ("trade", how, i)))
        return out

    def apply(self, s, seat, data, rng, ev):
        if self.apply_lot(s, seat, data, ev):
            return
        _, how, i = data
        st = s.ext[self.id]
        lot = s.ctx.pop("lot")
        s.ctx["lot"] = {}
        if how == "yen":
            st["spaces"][i] = lot
            st["traded"] = True
            y = self.data["spaces"][i]["yen"]
            pay(s, None, seat, y)
            ev.append(Event("trade", f"Seat {seat + 1} trades {self.R.lot_text(lot)} for ¥{y:,}.", seat))
        else:
            got = st["spaces"][i]
            for k, n in got.items():
                add(s.seats[seat]["tokens"], k, n)
            st["spaces"][i] = lot
            ev.append(Event("trade", f"Seat {seat + 1} swaps {self.R.lot_text(lot)} for "
                                     f"{self.R.lot_text(got)} on space {i + 1}.", seat))

    def validate(self, d, players):
        if not isinstance(d, dict) or set(d) - {"spaces", "traded"}:
            raise ValueError("the Trade market holds its spaces and whether anyone has traded")
        raw = d.get("spaces", [{} for _ in self.data["spaces"]])
        if not isinstance(raw, list) or len(raw) != len(self.data["spaces"]):
            raise ValueError(f"the Trade market has {len(self.data['spaces'])} spaces")
        spaces = [token_counts(c, self.d.token_kinds, f"trade space {i + 1}") for i, c in enumerate(raw)]
        traded = d.get("traded", any(spaces))
        if not isinstance(traded, bool) or (any(spaces) and not traded):
            raise ValueError("trade: 'traded' is true once tokens lie on a space")
        return {"spaces": spaces, "traded": traded}

    def count_pieces(self, d, counts):
        for c in d["spaces"]:
            self.R.count_tokens(c, counts)
