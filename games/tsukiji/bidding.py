"""Sealed bids (core.bids.SealedBid): King Crab, Tuna, Auction, Barter."""

from __future__ import annotations

from core.bids import SealedBid
from core.game import Action, Event
from core.rng import Rng


from .data import BAG_FISH
from .state import (State, add, pay,
                    yen)

BID_NAMES = {"king_crab": "King Crab auction", "tuna": "Tuna auction", "auction": "auction",
             "barter": "barter", "swordfish": "Swordfish auction", "foreign_market": "Foreign Market auction"}


class Bidding:
    """Mixed into rules.Tsukiji."""

    # ==== sealed bids (core.bids.SealedBid) ==========================================================

    def start_bid(self, s: State, kind: str, bidders: list[int], lot: dict, extra: dict) -> None:
        resume = s.phase
        caps = {b: yen(s, b) for b in bidders}
        sealed = SealedBid(bidders, minimum=0, caps=caps, step=100, label=BID_NAMES[kind])
        s.bid = {"kind": kind, "sealed": sealed, "lot": lot, "stage": "bidding", "tied": [], "resume": resume}
        s.bid.update(extra)
        s.phase = "bid"

    def _bid_actions(self, s: State, seat: int) -> list[Action]:
        b = s.bid
        if b["stage"] == "bidding":
            what = self.lot_text(b["lot"])
            return [Action(f"bid:{a}", f"Bid ¥{a:,} for {what}", "Bid", ("bid", a))
                    for a in b["sealed"].allowed(seat)]
        bids = b["sealed"].bids
        if b["stage"] == "tie":
            return [Action(f"winner:{o + 1}", f"Seat {o + 1} wins the tie at ¥{bids[o]:,}", "Bid", ("winner", o))
                    for o in b["tied"]]
        out = [Action(f"accept:{o + 1}", f"Accept seat {o + 1}'s bid of ¥{bids[o]:,}", "Bid", ("accept", o))
               for o in b["sealed"].bidders]
        out.append(Action("reject", "Refuse every bid and take the tokens back", "Bid", ("reject",)))
        return out

    def _apply_bid(self, s: State, seat: int, data: tuple, rng: Rng, ev: list) -> None:
        b = s.bid
        op = data[0]
        if op == "bid":
            b["sealed"].submit(seat, data[1])
            ev.append(Event("bid", f"Seat {seat + 1} has bid.", seat))
            if not b["sealed"].complete:
                return
            order = [(s.turn + i) % s.players for i in range(s.players)]
            ranked = b["sealed"].reveal(order)
            ev.append(Event("reveal", "The bids: " + ", ".join(f"seat {o + 1} ¥{a:,}" for o, a in
                                                               sorted(b["sealed"].bids.items())) + ".", None,
                            {"bids": {str(o): a for o, a in b["sealed"].bids.items()}}))
            if b["kind"] == "barter":
                b["stage"] = "choose"
                return
            top = ranked[0][1]
            tied = [o for o, a in ranked if a == top]
            if len(tied) > 1:
                b["stage"] = "tie"
                b["tied"] = sorted(tied)
                return
            self._award(s, tied[0], rng, ev)
        elif op == "winner":
            self._award(s, data[1], rng, ev)
        elif op == "accept":
            self._award(s, data[1], rng, ev)
        else:
            for k, n in b["lot"].items():
                add(s.seats[s.turn]["tokens"], k, n)
            ev.append(Event("barter", f"Seat {s.turn + 1} refuses every bid and takes the tokens back.", s.turn))
            self._finish_bid(s, rng, ev)

    def _award(self, s: State, winner: int, rng: Rng, ev: list) -> None:
        b = s.bid
        active = s.turn
        amount = b["sealed"].bids[winner]
        for k, n in b["lot"].items():
            add(s.seats[winner]["tokens"], k, n)
        what = self.lot_text(b["lot"])
        if b["kind"] in self.m and hasattr(self.m[b["kind"]], "award"):  # Swordfish, Foreign Market
            self.m[b["kind"]].award(s, winner, amount, ev)
        elif b["kind"] in BAG_FISH:                                     # 000:264
            if winner == active:
                pay(s, winner, None, amount)
                ev.append(Event("won", f"Seat {winner + 1} wins {what} for ¥{amount:,}, paid to the supply.", winner))
            else:
                pay(s, winner, active, amount)
                ev.append(Event("won", f"Seat {winner + 1} wins {what} for ¥{amount:,}, paid to seat {active + 1}.",
                                winner))
        elif b["kind"] == "auction":                                    # 000:309
            pay(s, winner, active, amount)
            pay(s, None, active, amount)
            ev.append(Event("won", f"Seat {winner + 1} wins {what} for ¥{amount:,}; the market adds as much: "
                                   f"seat {active + 1} takes ¥{2 * amount:,}.", winner))
        else:                                                           # 000:325
            pay(s, winner, active, amount)
            ev.append(Event("won", f"Seat {active + 1} accepts seat {winner + 1}'s ¥{amount:,} for {what}.", winner))
        self._finish_bid(s, rng, ev)

    def _finish_bid(self, s: State, rng: Rng, ev: list) -> None:
        resume = s.bid["resume"]
        s.bid = None
        s.phase = resume
        if resume == "fish":
            self._continue_fishing(s, rng, ev)

    # ==== what stays secret outside the views (core.game.Rules.sealed, sealed_pending) ==============

    def sealed(self, s: State, seat: int, action: Action) -> str:
        if s.phase == "bid" and s.bid["stage"] == "bidding" and action.key.startswith("bid:"):
            return f"A sealed bid for {self.lot_text(s.bid['lot'])}"
        return ""

    def sealed_pending(self, s: State) -> bool:
        return (not s.over and s.phase == "bid" and s.bid["stage"] == "bidding"
                and bool(s.bid["sealed"].bids))
