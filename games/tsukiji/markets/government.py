"""Government (000:327).

Enter once per turn. Donate tokens to its spaces, taking the printed yen per token
whatever the token is worth: the left space holds 3 tokens in all, the right one 10;
they stay there. Nothing can be done here once both are full.

Collapsing markets (000:610): the Government collapses once both spaces are full, and
closes (000:598).
"""

from __future__ import annotations

from core.game import Action, Event

from ..state import add, pay
from .base import Market, token_counts


class Government(Market):
    lines = "000:327"
    quote = "Fischmarker für wohltätige Zwecke spenden"
    once_per_turn = True

    def setup(self, s):
        return {"spaces": [{} for _ in self.data["spaces"]]}

    def collapses(self, s):
        """000:610: both spaces filled to capacity."""
        st = s.ext[self.id]["spaces"]
        return all(sum(st[i].values()) >= spec["capacity"] for i, spec in enumerate(self.data["spaces"]))

    def actions(self, s, seat, ctx):
        st = s.ext[self.id]["spaces"]
        out = []
        kinds = [k for k in self.d.token_kinds if s.seats[seat]["tokens"].get(k)]
        for i, spec in enumerate(self.data["spaces"]):
            if sum(st[i].values()) >= spec["capacity"]:
                continue
            for kind in kinds:
                out.append(Action(f"give:{i + 1}:{kind}", f"Donate a {kind.replace('_', ' ')} token to space "
                                                          f"{i + 1} for ¥{spec['yen']:,}", self.name,
                                  ("give", i, kind)))
        return out

    def apply(self, s, seat, data, rng, ev):
        _, i, kind = data
        add(s.seats[seat]["tokens"], kind, -1)
        add(s.ext[self.id]["spaces"][i], kind)
        y = self.data["spaces"][i]["yen"]
        pay(s, None, seat, y)
        ev.append(Event("donate", f"Seat {seat + 1} donates a {kind.replace('_', ' ')} token to the government "
                                  f"for ¥{y:,}.", seat, {"market": self.id}))

    def validate(self, d, players):
        if not isinstance(d, dict) or set(d) - {"spaces"}:
            raise ValueError("the Government holds only its spaces")
        raw = d.get("spaces", [{} for _ in self.data["spaces"]])
        if not isinstance(raw, list) or len(raw) != len(self.data["spaces"]):
            raise ValueError(f"the Government has {len(self.data['spaces'])} spaces")
        out = []
        for i, (c, spec) in enumerate(zip(raw, self.data["spaces"])):
            c = token_counts(c, self.d.token_kinds, f"government space {i + 1}")
            if sum(c.values()) > spec["capacity"]:
                raise ValueError(f"government space {i + 1} holds at most {spec['capacity']} tokens")
            out.append(c)
        return {"spaces": out}

    def count_pieces(self, d, counts):
        for c in d["spaces"]:
            self.R.count_tokens(c, counts)
