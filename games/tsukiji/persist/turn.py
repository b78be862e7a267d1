"""Whose turn it is and how far it has gone: the yen on each seat, the turn and phase, action
points (000:103) and hand-cart points (000:329), the markets visited this turn, and the end of
the game (triggered, final turns left, over). Read after the seats, whose count bounds them.
"""

from __future__ import annotations

from core.yen import SUPPLY, Treasury

from ..markets.base import whole
from ..state import PHASES, State, acct
from .shape import _bool


def _yen(s: State, data: dict, players: int) -> None:
    """One amount per seat; the general supply holds the rest."""
    ylist = data.get("yen")
    if not isinstance(ylist, list) or len(ylist) != players:
        raise ValueError("one yen amount per seat")
    balances = {acct(i): whole(y, f"seat {i + 1}'s yen") for i, y in enumerate(ylist)}
    balances[SUPPLY] = -sum(balances.values())
    s.treasury = Treasury.restore(balances)


def _turn(rules, s: State, data: dict, players: int) -> None:
    """The turn, the phase, the action points and the end of the game."""
    d_ = rules.d
    s.turn = whole(data.get("turn", 0), "turn")
    if s.turn >= players:
        raise ValueError("turn names a seat that is not playing")
    s.phase = data.get("phase", "main")
    if s.phase not in PHASES:
        raise ValueError(f"phase is one of {', '.join(PHASES)}")
    s.ap = whole(data.get("ap", d_.action_points), "ap")
    if s.ap > d_.action_points:
        raise ValueError(f"a turn has {d_.action_points} action points (000:103)")
    s.cart_ap = whole(data.get("cart_ap", 0), "cart_ap")
    most = d_.total_carts * int(d_.market["rental"]["uses"])
    if s.cart_ap > most:
        raise ValueError(f"cart_ap: the hand carts give at most {most} action points for markets (000:329)")
    s.acted = _bool(data.get("acted", s.ap < d_.action_points), "acted")
    once = data.get("once", [])
    if not isinstance(once, list) or any(not isinstance(m, str) or (m not in s.fish and m not in s.ext)
                                         for m in once):
        raise ValueError("once lists markets in play visited this turn")
    s.once = list(once)
    end = data.get("end", {})
    if not isinstance(end, dict) or set(end) - {"triggered_by", "final_turns_left", "why"}:
        raise ValueError("end is {triggered_by, final_turns_left, why}")
    s.why = end.get("why", "")
    if not isinstance(s.why, str):
        raise ValueError("end.why is text")
    trig = end.get("triggered_by")
    s.triggered = -1 if trig is None else whole(trig, "triggered_by")
    if s.triggered >= players:
        raise ValueError("triggered_by names a seat that is not playing")
    s.final_left = whole(end.get("final_turns_left", players if trig is not None else 0), "final_turns_left")
    s.turns = whole(data.get("turns", 1), "turns")
    s.over = _bool(data.get("over", False), "over")
    if s.final_left > players or (s.triggered < 0 and s.final_left) or (
            s.triggered >= 0 and not s.over and not s.final_left):
        raise ValueError("final_turns_left is 1..players once the end is triggered, else 0")
    s.reason = data.get("reason", "")
    if not isinstance(s.reason, str):
        raise ValueError("reason is text")
    if s.over != (s.phase == "over"):
        raise ValueError("the phase is 'over' exactly when the game is over")


def _points_left(s: State) -> None:
    """In the main phase a turn with no action points left is over (000:103)."""
    if s.phase == "main" and not s.over and s.ap == 0 and s.cart_ap == 0:
        raise ValueError("no action points are left: the turn is over (000:103)")
