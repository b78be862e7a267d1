"""Sealed bids (000:264, 000:284, 000:325, 000:547): what to bid for a lot, whom to let win a
tie in its own auction, and which barter offer to accept.
"""

from __future__ import annotations

from .look import AUCTION_FISH, _Look


class Bidding:
    """Mixed into FishmongerBot (bot.fishmonger)."""

    # ---- sealed bids -----------------------------------------------------------------------------

    def _bid_score(self, view, L: _Look, a) -> float:
        me = L.me
        head = a.key.split(":")[0]
        bid = view["bid"]
        lot = bid["lot"]
        worth = sum(self._worth(view, k, view["seats"][me]["tokens"]) * n for k, n in lot.items())
        if head == "bid":
            want = int(worth * 0.6) // 100 * 100
            if bid.get("kind") in AUCTION_FISH + ("foreign_market",) and view.get("turn") == me \
                    and L.want_cash > 0:
                want = 0                     # its own auction: winning it would pay the supply (000:264, 000:547)
            return -abs(a.data[1] - want)
        if head == "winner":
            if bid.get("kind") in AUCTION_FISH + ("foreign_market",) and view.get("turn") == me:
                # The active player breaks a tie: taking the lot, it pays the supply; leaving
                # it, the winner pays it (000:264, 000:529, 000:547).
                amount = (bid.get("bids") or {}).get("bids", {}).get(str(a.data[1]), 0)
                mine = worth - amount
                return (mine if a.data[1] == me else amount) / 100
            return 1 if a.data[1] == me else 0
        if head == "accept":
            amount = bid["bids"].get("bids", {}).get(str(a.data[1]), 0)
            if L.want_cash > 0 and amount > 0:
                return amount / 100                     # offered for the yen (000:325): the best bid
            return (amount - worth * 0.7) / 100
        return 0
