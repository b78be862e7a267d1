"""Positions for the Tsukiji expansion's fish-market tests: a game set up with the
expansion's markets and arranged by hand on `match.state`, every piece moved from where it
lies (a market, the bag, the box) so that nothing is created or lost."""

from __future__ import annotations

import copy

import pytest

from core.errors import IllegalMove
from core.yen import SUPPLY

from .tsukiji_support import keys, play, tsukiji  # noqa: F401

EXPANSION_FISH = ("clams_oysters", "himono", "horse_mackerel", "nori", "sardines", "swordfish")
BASE_FISH = ("eel", "fugu", "octopus", "red_snapper", "salmon", "king_crab", "squid", "tuna")
EXTERNAL = ("aquarium", "auction", "bank", "barter", "government", "rental", "trade", "used_ships",
            "foreign_market", "influence", "new_aquarium", "overfishing", "ship_rental", "sushi_shop")


# ==== positions ====================================================================================

def table(tsukiji, *fish, players=3, horse_table=False, seed=1):
    """Mackerel (or Horse Mackerel, 000:405) and Ships, plus exactly the fish markets named;
    seat 1 to play, in its main phase with 2 action points."""
    opts = {"expansion": "on", **{e: "out" for e in EXTERNAL}}
    for f in BASE_FISH + EXPANSION_FISH:
        opts[f] = "in" if f in fish else "out"
    if horse_table:
        opts["table_mackerel"] = "horse_mackerel"
    m = tsukiji.new(players, seed=seed, options=opts)
    s = m.state
    if horse_table and "mackerel" not in fish and "mackerel" in s.fish:
        st = s.fish.pop("mackerel")                 # drawn as an extra market: back into the box
        for what in ("barrels", "licences", "tokens"):
            s.box[what]["mackerel"] = s.box[what].get("mackerel", 0) + st[what]
    assert set(s.fish) == set(fish) | ({"horse_mackerel"} if horse_table else {"mackerel"}), list(s.fish)
    s.turn = 0
    fresh(m)
    return m


def fresh(m):
    """After arranging the state by hand: forget the legal actions worked out before."""
    m._legal_cache = None
    return m


def licence(s, seat, fish, n=1):
    """Move licences from the market to a seat (Himono: with their empty spaces, 000:474)."""
    st = s.fish[fish]
    assert st["licences"] >= n
    st["licences"] -= n
    me = s.seats[seat]
    me["licences"][fish] = me["licences"].get(fish, 0) + n
    if fish == "himono":
        me["himono"].extend([] for _ in range(n))


def tokens(s, seat, kind, n):
    """Move tokens from their market (or the bag) in front of a seat."""
    fish = {"clam": "clams_oysters", "oyster": "clams_oysters"}.get(kind, kind)
    if fish == "clams_oysters":
        for _ in range(n):
            s.bags[fish].remove(kind)
    else:
        assert s.fish[fish]["tokens"] >= n
        s.fish[fish]["tokens"] -= n
    me = s.seats[seat]
    me["tokens"][kind] = me["tokens"].get(kind, 0) + n


def barrels(s, fish, n):
    """Take n barrels off their market, to be laid on a boat or a harbour; returns the names."""
    assert s.fish[fish]["barrels"] >= n
    s.fish[fish]["barrels"] -= n
    return [fish] * n


def set_yen(s, seat, y):
    bal = s.treasury.balances
    bal[SUPPLY] += bal[f"seat{seat}"] - y
    bal[f"seat{seat}"] = y


def yen(m):
    return [m.state.treasury.balances[f"seat{i}"] for i in range(m.state.players)]


def snapshot(m):
    """Everything on the table: the save data, and the rules' state itself (the expansion's
    fields included, which the save code may not write yet)."""
    s = m.state
    raw = {k: copy.deepcopy(getattr(s, k)) for k in ("fish", "ext", "bags", "box", "seats", "ctx", "once", "turn",
                                                     "phase", "ap", "cart_ap", "acted")}
    return m.rules.dump(s), raw, dict(s.treasury.balances)


def refused(m, key, *cites, seat=None):
    """An illegal move raises IllegalMove naming a rule (and the lines given), changing nothing."""
    seat = m.to_act()[0] if seat is None else seat
    before = snapshot(m)
    with pytest.raises(IllegalMove) as e:
        m.play(seat, key)
    text = str(e.value)
    assert "Tsukiji" in text, text
    for c in cites:
        assert c in text, text
    assert snapshot(m) == before
    return text


def barrels_everywhere(s, fish):
    """Barrels of one fish wherever they lie: market, box, boats, harbours, Himono licences,
    waiting in an action."""
    n = s.fish[fish]["barrels"] if fish in s.fish else 0
    n += s.box["barrels"].get(fish, 0)
    for st in s.seats:
        n += sum(1 for b in st["boats"] for x in b["load"] if x.split("/")[0] == fish)
        n += sum(1 for k, _, _ in st["harbour"] if k == fish)
        n += sum(1 for items in st.get("himono", ()) for x in items if x == f"b:{fish}")
    if s.ctx:
        n += list(s.ctx.get("pending", ())).count(fish)
        if fish == "swordfish":
            n += s.ctx.get("swordfish", 0)
    return n


def tokens_everywhere(s, kind):
    fish = {"clam": "clams_oysters", "oyster": "clams_oysters"}.get(kind, kind)
    n = s.box["tokens"].get(kind, 0) + s.bags.get(fish, []).count(kind)
    if fish in s.fish and fish != "clams_oysters":
        n += s.fish[fish]["tokens"] + s.fish[fish].get("iwashi", 0)
    for st in s.seats:
        n += st["tokens"].get(kind, 0)
        n += sum(1 for items in st.get("himono", ()) for x in items if x == f"t:{kind}")
    if s.bid:
        n += s.bid["lot"].get(kind, 0)
    return n


def pass_turn(m):
    """The active seat spends its 2 action points on empty fishing actions."""
    play(m, "fish", "done", "fish", "done")
