"""Aquarium (000:305).

Sell any number of tokens, one space per fish: a kind is in demand while fewer tokens
lie on its space than the number printed there; each sold token pays the printed price
and stays in the aquarium for the rest of the game.

With the expansion a space is a shape (expansion.toml's `shapes`): horse mackerel sells
to the mackerel space, having its shape (000:491); king crab and tuna of every value and
spoiled salmon have their fish's shape; takoyaki has no space. The New Aquarium
(new_aquarium.py) works the same with its own spaces (000:572).

Collapsing markets (000:606): the Aquarium collapses once every space is full, the
spaces of fish not in play included, and closes (000:598).
"""

from __future__ import annotations

from core.game import Action, Event

from ..data import FISH
from ..state import add, pay
from .base import Market, token_counts


class Aquarium(Market):
    lines = "000:305"
    quote = "darfst du beliebig viele Fischmarker zu den angegebenen Preisen an ihn verkaufen"
    #: the head of its interaction keys, "aquarium:<kind>"
    op = "aquarium"

    def spaces(self) -> list[str]:
        """Its spaces, by shape: those named after a fish in the fish order, then any others."""
        sp = self.data["spaces"]
        return [f for f in FISH if f in sp] + [x for x in sp if x not in FISH]

    def setup(self, s):
        return {"spaces": {sp: {} for sp in self.spaces()}}

    def space_of(self, kind):
        """The space a token sells to: the one of its shape (000:491, 000:572), if any."""
        shape = self.d.shapes.get(kind)
        if shape is None or shape not in self.data["spaces"]:
            return None
        return shape

    def _full(self, s, space) -> bool:
        return sum(s.ext[self.id]["spaces"][space].values()) >= self.data["spaces"][space]["capacity"]

    def collapses(self, s):
        """000:606, 000:622: every space full, not only those of fish in play."""
        return all(self._full(s, sp) for sp in self.spaces())

    def actions(self, s, seat, ctx):
        st = s.ext[self.id]["spaces"]
        out = []
        for kind in self.d.token_kinds:
            if not s.seats[seat]["tokens"].get(kind):
                continue
            fish = self.space_of(kind)
            if fish is None:
                continue
            spec = self.data["spaces"][fish]
            if sum(st[fish].values()) < spec["capacity"]:
                out.append(Action(f"{self.op}:{kind}", f"Sell a {kind.replace('_', ' ')} token to the "
                                                       f"{self.name.lower()} for ¥{spec['price']:,}", self.name,
                                  (self.op, kind)))
        return out

    def apply(self, s, seat, data, rng, ev):
        kind = data[1]
        fish = self.space_of(kind)
        add(s.seats[seat]["tokens"], kind, -1)
        add(s.ext[self.id]["spaces"][fish], kind)
        price = self.data["spaces"][fish]["price"]
        pay(s, None, seat, price)
        ev.append(Event("aquarium", f"Seat {seat + 1} sells a {kind.replace('_', ' ')} token to the "
                                    f"{self.name.lower()} for ¥{price:,}.", seat, {"market": self.id}))

    def explain(self, s, seat, key):
        parts = key.split(":")
        if len(parts) != 2 or parts[0] != self.op or parts[1] not in self.d.token_kinds:
            return None
        kind = parts[1]
        name = kind.replace("_", " ")
        if not s.seats[seat]["tokens"].get(kind):
            return self.R.illegal(f"you hold no {name} token", self.rule)
        space = self.space_of(kind)
        if space is None:
            return self.R.illegal(f"the {self.name} has no space of the {name}'s shape", self.rule)
        cap = self.data["spaces"][space]["capacity"]
        return self.R.illegal(f"the {space.replace('_', ' ')} space already holds {cap}: no more demand", self.rule)

    def validate(self, d, players):
        name = self.name.lower()
        if not isinstance(d, dict) or set(d) - {"spaces"}:
            raise ValueError(f"the {name} holds only its spaces")
        raw = d.get("spaces", {})
        if not isinstance(raw, dict) or set(raw) - set(self.data["spaces"]):
            raise ValueError(f"the {name} has spaces for {', '.join(self.data['spaces'])}")
        out = {}
        for space in self.spaces():
            kinds = [k for k in self.d.token_kinds if self.d.shapes.get(k) == space]
            c = token_counts(raw.get(space, {}), kinds, f"the {name}'s {space} space")
            if sum(c.values()) > self.data["spaces"][space]["capacity"]:
                raise ValueError(f"the {name}'s {space} space holds at most {self.data['spaces'][space]['capacity']}")
            out[space] = c
        return {"spaces": out}

    def count_pieces(self, d, counts):
        for c in d["spaces"].values():
            self.R.count_tokens(c, counts)
