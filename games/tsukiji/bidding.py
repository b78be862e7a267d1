"""Sealed bids (core.bids.SealedBid): King Crab, Tuna, Auction, Barter, and with the expansion
Swordfish and the Foreign Market. The moves are the bidders' (BID_MOVES); what the winner pays
to whom is the market's (its `award`)."""

from __future__ import annotations

from core.bids import SealedBid
from core.game import Action, Event
from core.rng import Rng


from .state import State, add, yen

BID_NAMES = {"king_crab": "King Crab auction", "tuna": "Tuna auction", "auction": "auction",
             "barter": "barter", "swordfish": "Swordfish auction", "foreign_market": "Foreign Market auction"}

#: the moves of a sealed bid, by kind: the Bidding method applying each
BID_MOVES = {"bid": "_bid", "winner": "_pick", "accept": "_pick", "reject": "_reject"}


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
        getattr(self, BID_MOVES[data[0]])(s, seat, data, rng, ev)

    def _bid(self, s: State, seat: int, data: tuple, rng: Rng, ev: list) -> None:
        """A sealed bid; the last one reveals them all (core.bids.SealedBid)."""
        b = s.bid
        b["sealed"].submit(seat, data[1])
        ev.append(Event("bid", f"Seat {seat + 1} has bid.", seat))
        if not b["sealed"].complete:
            return
        order = [(s.turn + i) % s.players for i in range(s.players)]
        ranked = b["sealed"].reveal(order)
        ev.append(Event("reveal", "The bids: " + ", ".join(f"seat {o + 1} ¥{a:,}" for o, a in
                                                           sorted(b["sealed"].bids.items())) + ".", None,
                        {"bids": {str(o): a for o, a in b["sealed"].bids.items()}}))
        if self.m[b["kind"]].picks_a_bid:                               # Barter, 000:325
            b["stage"] = "choose"
            return
        top = ranked[0][1]
        tied = [o for o, a in ranked if a == top]
        if len(tied) > 1:
            b["stage"] = "tie"
            b["tied"] = sorted(tied)
            return
        self._award(s, tied[0], rng, ev)

    def _pick(self, s: State, seat: int, data: tuple, rng: Rng, ev: list) -> None:
        """The active player breaks a tie, or accepts a bid (000:325)."""
        self._award(s, data[1], rng, ev)

    def _reject(self, s: State, seat: int, data: tuple, rng: Rng, ev: list) -> None:
        """Every bid refused: the tokens come back (000:325)."""
        b = s.bid
        for k, n in b["lot"].items():
            add(s.seats[s.turn]["tokens"], k, n)
        ev.append(Event("barter", f"Seat {s.turn + 1} refuses every bid and takes the tokens back.", s.turn))
        self._finish_bid(s, rng, ev)

    def _award(self, s: State, winner: int, rng: Rng, ev: list) -> None:
        """The lot is the winner's; what is paid to whom is the market's (its `award`)."""
        b = s.bid
        amount = b["sealed"].bids[winner]
        for k, n in b["lot"].items():
            add(s.seats[winner]["tokens"], k, n)
        self.m[b["kind"]].award(s, winner, amount, ev)
        self._finish_bid(s, rng, ev)

    def _finish_bid(self, s: State, rng: Rng, ev: list) -> None:
        resume = s.bid["resume"]
        s.bid = None
        s.phase = resume
        if resume == "fish":
            self._continue_fishing(s, rng, ev)

    # ==== what stays secret outside the views (core.game.Rules.sealed, sealed_pending) ==============

    def sealed(self, s: State, seat: int, action: Action) -> str:
        if s.phase == "bid" and s.bid["stage"] == "bidding" and action.data and action.data[0] == "bid":
            return f"A sealed bid for {self.lot_text(s.bid['lot'])}"
        return ""

    def sealed_pending(self, s: State) -> bool:
        return (not s.over and s.phase == "bid" and s.bid["stage"] == "bidding"
                and bool(s.bid["sealed"].bids))
