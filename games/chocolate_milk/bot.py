"""The dealer: a Chocolate Milk bot that plays for final yen, one move ahead.

It values a position as a seat's yen plus what its crates would score now, picks the
action that raises that most, and ends the game only when it would then be ahead.
It reads nothing but its own seat's view and the legal actions.
"""

from __future__ import annotations


def _payout(codes: list[str], unit: int = 100) -> int:
    counts: dict[str, int] = {}
    for c in codes:
        counts["c" + c[0]] = counts.get("c" + c[0], 0) + 1
        counts["s" + c[1:]] = counts.get("s" + c[1:], 0) + 1
    n = max(counts.values(), default=0)
    return n * n * unit


def _focus(codes: list[str]) -> int:
    counts: dict[str, int] = {}
    for c in codes:
        counts["c" + c[0]] = counts.get("c" + c[0], 0) + 1
        counts["s" + c[1:]] = counts.get("s" + c[1:], 0) + 1
    return max(counts.values(), default=0)


class DealerBot:
    name = "dealer"
    needs_view = True

    def __init__(self, rules):
        self.rules = rules

    def _total(self, yen: int, crates: list[list[str]]) -> int:
        return yen + sum(_payout(c, self.rules.unit) for c in crates)

    def choose(self, view, legal, rng):
        r = self.rules
        me = view["viewer"]
        yen = view["yen"][me]
        crates = [list(c) for c in view["crates"][me]]
        now = self._total(yen, crates)
        rivals = max((self._total(view["yen"][s], view["crates"][s])
                      for s in range(len(view["yen"])) if s != me), default=0)
        best, best_score = [], None
        for a in legal:
            kind = a.data[0]
            if kind == "buy":
                _, dest, drink, ci = a.data
                code = r.codes[drink]
                after = [list(c) for c in crates]
                after[ci].append(code)
                new_yen = yen - r.price
                value = self._total(new_yen, after) - now
                # Building towards a set is worth more than its present score says.
                value += 40 * _focus(after[ci]) * (1 if _focus(after[ci]) > _focus(crates[ci]) else -1)
                ends = _focus(after[ci]) >= r.end_same
            elif kind == "sell":
                _, attr, chosen = a.data
                price = view["cards"][r.attr_ids[attr]]
                after = [list(c) for c in crates]
                for ci, d in chosen:
                    after[ci].remove(r.codes[d])
                new_yen = yen + price * len(chosen)
                value = self._total(new_yen, after) - now
                ends = new_yen >= r.end_yen
            elif kind == "crate":
                full = all(len(c) >= r.capacity - 1 for c in crates)
                value = -r.crate_price + (300 if full else -100)
                ends = False
                new_yen, after = yen - r.crate_price, crates
            else:
                value, ends, new_yen, after = 0, False, yen, crates
            if ends:
                final = self._total(new_yen, after)
                value += 10_000 if final > rivals else -10_000
            if best_score is None or value > best_score:
                best, best_score = [a], value
            elif value == best_score:
                best.append(a)
        return best[rng.below(len(best))]
