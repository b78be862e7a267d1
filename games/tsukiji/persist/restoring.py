"""Reading a position back: `restore` checks its shape, then reads the table part by part in
the order the parts depend on each other (variants, markets, bag, seats, yen, turn, the action
and bid in progress, pieces and box), each part's checks living in its own module.
"""

from __future__ import annotations

from ..state import State
from .action import _bid, _ctx
from .markets import _bags, _collapsed_and_buyers, _collapses, _markets, _order, _variants
from .pieces import _settle_pieces
from .seats import _boats_at_the_foreign_market, _seats
from .shape import _plain
from .turn import _points_left, _turn, _yen


def restore(rules, data: dict, players: int, options: dict) -> State:
    if not isinstance(data, dict):
        raise ValueError("a position is a mapping")
    _plain(data)
    try:
        return _restore(rules, data, players, options)
    except (TypeError, KeyError, IndexError, AttributeError, OverflowError) as e:
        # a value of the wrong kind deep inside, which the checks above did not name
        raise ValueError(f"the position is damaged ({type(e).__name__}: {str(e)[:200]})") from e


def _restore(rules, data: dict, players: int, options: dict) -> State:
    s = State.for_table(players, options)
    _variants(s, data)
    fm, em = _markets(rules, s, data, players, options)
    _collapsed_and_buyers(rules, s, data, players)
    _order(rules, s, data, players, options)
    _bags(rules, s, data, fm)
    _seats(rules, s, data, players)
    _yen(s, data, players)
    _turn(rules, s, data, players)
    # action in progress and bid
    s.ctx = _ctx(rules, s, data.get("action"))
    s.bid = _bid(rules, s, data.get("bid"))
    _points_left(s)
    _boats_at_the_foreign_market(rules, s)
    _collapses(rules, s)
    # pieces: the box is what is not on the table
    _settle_pieces(rules, s, data, fm, em)
    return s
