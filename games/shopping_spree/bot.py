"""The shopper: a Shopping Spree computer player that walks to the dearest goods it can
reach, knows when to head for the till, and pushes its crate gently.

It reads only its view and the shop floor: what each reachable card would pay now, how
far the way out is, and how close the others are to ending the game (004:225), when a
full crate left inside is worth nothing.
"""

from __future__ import annotations

from games.shopping_spree.floor import MACHINE, OUT

READING_YEN = 60            # what a magazine is worth to it: a tie-break (004:213)
DETERGENT_YEN = 150         # a detergent before it holds the clothing to double
MACHINE_SHARE = 0.5         # about half of a crate tipped through the machine comes out
DEXTERITY_LOAD = 7          # it leaves with this many goods when its crate is pushed


class ShopperBot:
    name = "shopper"
    needs_view = True

    def __init__(self, rules):
        self.rules = rules
        self.floor = rules.floor
        self.apart = {d: self.floor.distances(d) for d in self.floor.dots}
        self.exits = self.floor.distances(OUT)

    # ---- what goods are worth ---------------------------------------------------------

    def good_value(self, view, me, g: str) -> float:
        r = self.rules
        price = r.price_of(view, g)
        if price is not None:
            if g in r.laundry.goods and r.laundry.goods[g].kind == "clothing":
                spare = view["crates"][me].count("detergent") - sum(
                    1 for x in view["crates"][me] if x in r.laundry.goods and r.laundry.goods[x].kind == "clothing")
                return price * (2 if spare > 0 else 1)
            return price
        if g == "salmon":
            return r.salmon_later if view["salmon_sold"] else r.salmon_first
        if g == "detergent":
            clothes = [r.price_of(view, x) for x in view["crates"][me]
                       if x in r.laundry.goods and r.laundry.goods[x].kind == "clothing"]
            return max(clothes, default=DETERGENT_YEN)
        if g == "magazine":
            return READING_YEN
        return 0.0

    def _bag_value(self, view, fish) -> float:
        counts = view["bag"][fish]
        total = sum(counts.values())
        if not total:
            return 0.0
        return sum(int(t.rpartition("_")[2]) * k for t, k in counts.items()) / total * self.rules.yen_per_point

    def card_value(self, view, me, card: str) -> float:
        """What the best single take from `card` is worth to this seat now."""
        r = self.rules
        if card == MACHINE:
            drinks = view["machine"]
            return MACHINE_SHARE * sum(r.price_of(view, g) for g in drinks) if drinks else 0.0
        spec = r.shelves.get(card)
        if spec is None:
            return 0.0
        if spec[0] == "tuna":
            cost = view["tuna_price"][me]
            if view["yen"][me] < cost or not view["bag"]["tuna"]:
                return 0.0
            return self._bag_value(view, "tuna") - cost
        if spec[0] == "crab":
            return self._bag_value(view, "crab")
        return max((self.good_value(view, me, g) for g in view["shelves"][card]), default=0.0)

    def crate_value(self, view, me) -> int:
        return self.rules.payout(view, view["crates"][me])["total"]

    # ---- choosing ---------------------------------------------------------------------

    def choose(self, view, legal, rng):
        me = view["viewer"]
        keys = {a.key: a for a in legal}
        if view["phase"] == "take":
            return self._take(view, me, legal, keys)
        return self._move(view, me, legal, rng)

    def _take(self, view, me, legal, keys):
        best, best_value = keys["pass"], 0.0
        for a in legal:
            if a.key == "pass":
                continue
            parts = a.key.split(":", 2)
            if a.key == "machine":
                value = self.card_value(view, me, MACHINE)
            elif len(parts) == 3:
                value = self.good_value(view, me, parts[2])
            else:
                value = self.card_value(view, me, parts[1])
            if value > best_value:
                best, best_value = a, value
        return best

    def _should_leave(self, view, me, best: float) -> bool:
        crate = view["crates"][me]
        if not crate:
            return best <= 0
        n = view["players"]
        done = sum(1 for t in view["trips"] if t >= 2)
        others_last = [i for i in range(n) if i != me and view["trips"][i] == 1]
        # the game ends when all but one have left twice: if that could be the next exit,
        # a loaded crate must get out first (004:225)
        if done + 1 >= n - 1 and others_last and view["trips"][me] <= 1 and self.crate_value(view, me) >= 600:
            return True
        if self.rules.pushes(view, me) and len(crate) >= DEXTERITY_LOAD:
            return True
        target = 2600 if view["trips"][me] == 0 else 3000
        return self.crate_value(view, me) >= target or best < 150

    def _move(self, view, me, legal, rng):
        gentle = [a for a in legal if a.data[2] in (None, 1)]
        exits = self.exits
        worth = {d: max((self.card_value(view, me, c) for c in self.floor.facing[d]), default=0.0)
                 for d in self.floor.dots}
        worth = {d: v for d, v in worth.items() if v > 0}
        inside = [a for a in gentle if a.data[0] != OUT]

        def prospect(node):
            """The best take from `node` on, each further turn of walking costing a share."""
            return max((v / (1 + (self.apart[node][t] + 2) // 3) for t, v in worth.items()), default=0.0)

        best = max((prospect(a.data[0]) for a in inside), default=0.0)
        if self._should_leave(view, me, best):
            out = [a for a in gentle if a.data[0] == OUT]
            if out:
                return out[0]
            return min(gentle, key=lambda a: (exits[a.data[0]], -worth.get(a.data[0], 0.0), a.key))
        return max(inside, key=lambda a: (prospect(a.data[0]), -exits[a.data[0]], a.key))
