"""The buying action (000:159-167)."""

from __future__ import annotations

from core.game import Action, Event

from . import moves
from .citations import RULE_BUY
from .state import State, add, pay, yen

#: the moves of a buying action, by kind (an action's data[0]): the Buying method applying each
BUYING_MOVES = {"purchase": "_purchase", "done": "_end_buying"}


class Buying:
    """Mixed into rules.Tsukiji."""

    # ==== buying (000:159-167) ==================================================================

    def _buy_actions(self, s: State, seat: int, probe: bool = False) -> list[Action]:
        y = yen(s, seat)
        out = []
        for o in range(s.players):
            if o == seat:
                continue
            seen = set()
            for kind, row, col in s.seats[o]["harbour"]:
                if (kind, row, col) in seen:
                    continue
                seen.add((kind, row, col))
                price = self.d.price_of(col)
                if price > y:
                    continue
                if kind != "takoyaki" and not self.m[kind].token_for_barrel(s):
                    continue
                if probe:
                    return [True]
                out.append(Action(moves.purchase(o, row, col, kind),
                                  f"Buy seat {o + 1}'s {kind.replace('_', ' ')} ({row} row) for ¥{price:,}", "Buying",
                                  ("purchase", o, kind, row, col)))
        if probe:
            return out
        out.append(Action("done", "End the buying action", "Buying", ("done",)))
        if s.ctx is None or s.ctx.get("buyer") is None:
            out += self._free_actions(s, seat)
        return out

    def _purchase(self, s: State, seat: int, data: tuple, rng, ev: list) -> None:
        _, o, kind, row, col = data
        price = self.d.price_of(col)
        s.seats[o]["harbour"].remove([kind, row, col])
        pay(s, seat, o, price, RULE_BUY)
        me = s.seats[seat]
        if kind == "takoyaki":
            add(me["tokens"], "takoyaki")
            got = "the takoyaki"
        else:
            self.barrels_home(s, kind, 1)
            token = self.m[kind].take_token_for_barrel(s, seat, row, rng, ev)
            add(me["tokens"], token)
            got = f"a {token.replace('_', ' ')} token"
        ev.append(Event("buy", f"Seat {seat + 1} buys seat {o + 1}'s {kind.replace('_', ' ')} for ¥{price:,} "
                               f"and takes {got}.", seat, {"from": o, "price": price}))

    def _end_buying(self, s: State, seat: int, data: tuple, rng, ev: list) -> None:
        """The buying action ends; a buyer marker used for it goes home (000:564)."""
        if s.ctx.get("buyer") is not None:
            self.m["influence"].buyer_home(s, ev)
        s.ctx = None
        s.phase = "main"
