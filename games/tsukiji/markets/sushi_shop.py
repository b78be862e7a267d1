"""Sushi Shop (000:582-584) — the expansion.

• Sell fish tokens as often as you want and can, only onto empty spaces: lay 1-5 tokens
  of different shapes on a space (if it is empty) and take the yen printed there from the
  supply. The tokens stay on that space for the rest of the game (000:582).
• Tokens of the same shape never share a space: mackerel and horse mackerel, clam and
  oyster; so also king crab or tuna of different values, fresh and spoiled salmon
  (expansion.toml's `shapes`, 000:582).
• A space takes as many tokens as the shapes printed on it (sushi_shop.toml, reconstructed
  but for the example): 1 fugu, 1 eel and 1 salmon together sell for ¥700 (000:584).
• The group is built token by token ("lot:add:<kind>", "lot:clear"), each of a shape not
  yet in it and only while an empty space can still take it; then "sushi:<space>" sells
  it onto an empty space for that many shapes.
• Collapsing markets (000:626): the Sushi Shop collapses once every space holds tokens,
  and closes (000:598).
"""

from __future__ import annotations

from core.game import Action, Event

from ..state import pay
from .base import Market, token_counts


class SushiShop(Market):
    lines = "000:582-584"
    quote = "darfst du so oft Fischmarker verkaufen, wie du willst und kannst"

    def setup(self, s):
        return {"spaces": [{} for _ in self.data["spaces"]]}

    def collapses(self, s):
        """000:626: every space holds tokens."""
        return all(s.ext[self.id]["spaces"])

    # ---- shapes --------------------------------------------------------------------------------

    def shape(self, kind: str) -> str:
        return self.d.shapes[kind]

    def _sizes(self, s) -> list[int]:
        """How many shapes each empty space takes."""
        return sorted({spec["shapes"] for i, spec in enumerate(self.data["spaces"])
                       if not s.ext[self.id]["spaces"][i]})

    def _shapes_at_hand(self, s, seat, lot) -> set[str]:
        kinds = [k for k, n in s.seats[seat]["tokens"].items() if n] + [k for k, n in lot.items() if n]
        return {self.shape(k) for k in kinds}

    def _can_grow(self, s, seat, lot) -> bool:
        """An empty space takes more than the lot holds, and enough shapes are at hand for it."""
        at_hand = len(self._shapes_at_hand(s, seat, lot))
        n = sum(lot.values())
        return any(n < z <= at_hand for z in self._sizes(s))

    # ---- the visit --------------------------------------------------------------------------------

    def possible(self, s, seat, ctx):
        lot = ctx.get("lot") or {}
        at_hand = len(self._shapes_at_hand(s, seat, lot))
        return any(z <= at_hand for z in self._sizes(s))

    def actions(self, s, seat, ctx):
        lot = ctx.get("lot") or {}
        out = []
        if self._can_grow(s, seat, lot):
            taken = {self.shape(k) for k in lot}
            for kind in self.d.token_kinds:
                if s.seats[seat]["tokens"].get(kind) and self.shape(kind) not in taken:
                    out.append(Action(f"lot:add:{kind}", f"Add a {kind.replace('_', ' ')} token to the sushi",
                                      self.name, ("lot", "add", kind)))
        if lot:
            out.append(Action("lot:clear", "Take the tokens back", self.name, ("lot", "clear")))
            n = sum(lot.values())
            for i, spec in enumerate(self.data["spaces"]):
                if not s.ext[self.id]["spaces"][i] and spec["shapes"] == n:
                    out.append(Action(f"sushi:{i + 1}", f"Sell {self.R.lot_text(lot)} on space {i + 1} for "
                                                        f"¥{spec['yen']:,}", self.name, ("sushi", i)))
        return out

    def apply(self, s, seat, data, rng, ev):
        if self.apply_lot(s, seat, data, ev):
            return
        i = data[1]
        lot = s.ctx.pop("lot")
        s.ctx["lot"] = {}
        s.ext[self.id]["spaces"][i] = lot
        y = self.data["spaces"][i]["yen"]
        pay(s, None, seat, y)
        ev.append(Event("sushi", f"Seat {seat + 1} sells {self.R.lot_text(lot)} to the Sushi Shop for ¥{y:,}.", seat,
                        {"market": self.id}))

    def explain(self, s, seat, key):
        parts = key.split(":")
        ctx = s.ctx or {}
        lot = ctx.get("lot") or {}
        if len(parts) == 3 and parts[:2] == ["lot", "add"]:
            kind = parts[2]
            if kind not in self.d.token_kinds or not s.seats[seat]["tokens"].get(kind):
                return self.R.illegal(f"you hold no {kind.replace('_', ' ')} token", self.rule)
            if any(self.shape(k) == self.shape(kind) for k in lot):
                return self.R.illegal("tokens of the same shape never go on the same space (mackerel and horse "
                                      "mackerel, clam and oyster)", self.rule)
            return self.R.illegal("no empty space takes more tokens than that", self.rule)
        if len(parts) == 2 and parts[0] == "sushi":
            try:
                i = int(parts[1]) - 1
            except ValueError:
                return self.R.illegal(f"{parts[1]!r} is not a space", self.rule)
            if not 0 <= i < len(self.data["spaces"]):
                return self.R.illegal(f"the Sushi Shop has {len(self.data['spaces'])} spaces", self.rule)
            if s.ext[self.id]["spaces"][i]:
                return self.R.illegal("tokens are sold only onto an empty space; they stay there for the rest "
                                      "of the game", self.rule)
            want = self.data["spaces"][i]["shapes"]
            return self.R.illegal(f"space {i + 1} takes {want} token{'s' if want > 1 else ''} of different shapes; "
                                  f"the group holds {sum(lot.values())}", self.rule)
        return None

    # ---- pieces -------------------------------------------------------------------------------------

    def validate(self, d, players):
        if not isinstance(d, dict) or set(d) - {"spaces"}:
            raise ValueError("the Sushi Shop holds only its spaces")
        raw = d.get("spaces", [{} for _ in self.data["spaces"]])
        if not isinstance(raw, list) or len(raw) != len(self.data["spaces"]):
            raise ValueError(f"the Sushi Shop has {len(self.data['spaces'])} spaces")
        out = []
        for i, (c, spec) in enumerate(zip(raw, self.data["spaces"])):
            c = token_counts(c, self.d.token_kinds, f"sushi space {i + 1}")
            if c and (sum(c.values()) != spec["shapes"] or len({self.shape(k) for k in c}) != spec["shapes"]):
                raise ValueError(f"sushi space {i + 1} holds {spec['shapes']} tokens of different shapes, or none "
                                 "(000:582)")
            out.append(c)
        return {"spaces": out}

    def count_pieces(self, d, counts):
        for c in d["spaces"]:
            self.R.count_tokens(c, counts)
