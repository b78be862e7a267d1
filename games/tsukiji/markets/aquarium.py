"""Aquarium (000:305).

Sell any number of tokens, one space per fish: a kind is in demand while fewer tokens
lie on its space than the number printed there; each sold token pays the printed price
and stays in the aquarium for the rest of the game.
"""

from __future__ import annotations

from core.game import Action, Event

from ..data import FISH
from ..state import add, pay
from .base import Market, token_counts


class Aquarium(Market):
    lines = "000:305"

    def setup(self, s):
        return {"spaces": {f: {} for f in FISH if f in self.data["spaces"]}}

    def _space(self, kind):
        fish = self.d.kind_fish[kind]
        if kind == "takoyaki" or fish not in self.data["spaces"]:
            return None
        return fish

    def actions(self, s, seat, ctx):
        st = s.ext[self.id]["spaces"]
        out = []
        for kind in self.d.token_kinds:
            if not s.seats[seat]["tokens"].get(kind):
                continue
            fish = self._space(kind)
            if fish is None:
                continue
            spec = self.data["spaces"][fish]
            if sum(st[fish].values()) < spec["capacity"]:
                out.append(Action(f"aquarium:{kind}", f"Sell a {kind.replace('_', ' ')} token to the aquarium "
                                                      f"for ¥{spec['price']:,}", self.name, ("aquarium", kind)))
        return out

    def apply(self, s, seat, data, rng, ev):
        kind = data[1]
        fish = self._space(kind)
        add(s.seats[seat]["tokens"], kind, -1)
        add(s.ext[self.id]["spaces"][fish], kind)
        price = self.data["spaces"][fish]["price"]
        pay(s, None, seat, price)
        ev.append(Event("aquarium", f"Seat {seat + 1} sells a {kind.replace('_', ' ')} token to the aquarium "
                                    f"for ¥{price:,}.", seat, {"market": self.id}))

    def validate(self, d, players):
        if not isinstance(d, dict) or set(d) - {"spaces"}:
            raise ValueError("the aquarium holds only its spaces")
        raw = d.get("spaces", {})
        if not isinstance(raw, dict) or set(raw) - set(self.data["spaces"]):
            raise ValueError(f"the aquarium has spaces for {', '.join(self.data['spaces'])}")
        out = {}
        for fish in FISH:
            if fish not in self.data["spaces"]:
                continue
            kinds = [k for k in self.d.token_kinds if self.d.kind_fish[k] == fish and k != "takoyaki"]
            c = token_counts(raw.get(fish, {}), kinds, f"the aquarium's {fish} space")
            if sum(c.values()) > self.data["spaces"][fish]["capacity"]:
                raise ValueError(f"the aquarium's {fish} space holds at most {self.data['spaces'][fish]['capacity']}")
            out[fish] = c
        return {"spaces": out}

    def count_pieces(self, d, counts):
        for c in d["spaces"].values():
            self.R.count_tokens(c, counts)
