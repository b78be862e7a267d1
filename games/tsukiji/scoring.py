"""The end of the game and the final scoring (000:368-372).

1. Resource bonus: the most resources take ¥1,000, the fewest pay ¥500; players tied for
   the most take ¥500 each, tied for the fewest pay ¥300 each (000:368).
2. If the Bank was in play: every loan is repaid with ¥500 interest; the interest is split
   evenly among the players with shares, rounded up to ¥100 (the extra from the supply);
   with no shareholders it goes to the supply (000:319-323, 000:370). A player may end
   below ¥0.
3. Tokens are turned into yen at ¥100 per resource (000:372). Barrels and takoyaki still
   for sale on a harbour are worth nothing (000:167).
Most yen wins; equal totals share the place (the rulebook sends them to Fish and Chips).
"""

from __future__ import annotations

from core.game import Result, rank_by

from .state import yen


def bonuses(rules, resources: list[int]) -> list[int]:
    d = rules.d
    hi, lo = max(resources), min(resources)
    out = []
    for r in resources:
        b = 0
        if r == hi:
            b += d.bonus_most if resources.count(hi) == 1 else d.bonus_tied_most
        if r == lo:
            b -= d.penalty_least if resources.count(lo) == 1 else d.penalty_tied_least
        out.append(b)
    return out


def bank_settlement(rules, loans: list[int], shares: list[int]) -> tuple[list[int], list[int], list[int]]:
    """(repaid, interest paid, interest received) per seat."""
    bank = rules.d.market["bank"]
    repaid = [n * bank["loan_yen"] for n in loans]
    interest = [n * bank["interest"] for n in loans]
    total = sum(interest)
    holders = [i for i, n in enumerate(shares) if n > 0]
    received = [0] * len(loans)
    if total and holders:
        step = bank["round_to"]
        each = -(-total // (len(holders) * step)) * step
        for i in holders:
            received[i] = each
    return repaid, interest, received


def result(rules, s) -> Result:
    P = s.players
    res = [rules.resources(s, i) for i in range(P)]
    bonus = bonuses(rules, res)
    repaid, interest, received = bank_settlement(rules, [st["loans"] for st in s.seats],
                                                 [st["shares"] for st in s.seats])
    finals, breakdown = [], []
    for i in range(P):
        y = yen(s, i)
        tokens = res[i] * rules.d.resource_yen
        markets = sum(rules.m[e].end_scoring(s, i) for e in s.ext)      # 000:574-576
        total = y + bonus[i] + markets - repaid[i] - interest[i] + received[i] + tokens
        finals.append(total)
        breakdown.append({"yen": y, "resources": res[i], "resource_bonus": bonus[i], "markets": markets, "loans_repaid": repaid[i],
                          "interest_paid": interest[i], "interest_received": received[i], "tokens_yen": tokens,
                          "total": total})
    ranking = rank_by([(f,) for f in finals], range(P))
    return Result(tuple(finals), ranking, tuple(breakdown), s.reason)


#: the search bot's estimate of what unsold things bring before the end (our guesses, not
#: the rulebook's): a barrel on sale brings part of its asking price, a barrel at sea
#: about ¥300, a licence and each boat after the first keep earning
SOLD_SHARE = 0.6
BARREL_AT_SEA = 300
LICENCE_WORTH = 250
BOAT_WORTH = 250


def standing(rules, s) -> list[float]:
    """Each seat's final yen if the game ended now, plus what its barrels, licences and
    boats should still bring: what the search scores a cut-off playout by."""
    finals = result(rules, s).final_yen
    out = []
    for i, st in enumerate(s.seats):
        worth = sum(SOLD_SHARE * rules.d.price_of(col) for _kind, _row, col in st["harbour"])
        worth += BARREL_AT_SEA * sum(len(b["load"]) for b in st["boats"])
        worth += LICENCE_WORTH * sum(st["licences"].values())
        worth += BOAT_WORTH * max(0, len(st["boats"]) - 1)
        out.append(finals[i] + worth)
    return out
