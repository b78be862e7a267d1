"""Shared by the Tsukiji rule tests (test_tsukiji*.py): the plugin, and readable positions.

Lines are cited as 000:NNN (000_e98393ccc20da7fd.txt); the tests never read that file.
"""

from __future__ import annotations

import pytest

from core.errors import IllegalMove, ScenarioError

RULES = "000_e98393ccc20da7fd.txt"


# ---- loading the plugin before it is registered ----------------------------------------------
# The lead switches this to core.games.load("tsukiji") once the entry point is registered.

@pytest.fixture(scope="module")
def tsukiji():
    from importlib.metadata import EntryPoint

    from core import games
    registered = "tsukiji" in games._entry_points()
    if registered:
        yield games.load("tsukiji")
        return
    mp = pytest.MonkeyPatch()
    original = games._entry_points

    def with_tsukiji():
        eps = dict(original())
        eps["tsukiji"] = EntryPoint("tsukiji", "games.tsukiji.rules:Tsukiji", games.GROUP)
        return eps

    mp.setattr(games, "_entry_points", with_tsukiji)
    games.load.cache_clear()
    try:
        yield games.load("tsukiji")
    finally:
        mp.undo()
        games.load.cache_clear()


ALL_OUT = {m: "out" for m in ("eel", "fugu", "octopus", "red_snapper", "salmon", "king_crab", "squid", "tuna",
                              "aquarium", "auction", "bank", "barter", "government", "rental", "trade", "used_ships")}


def seat(**over):
    """A player as set up (000:62): one mackerel licence, a 1-hold ship at the left berth."""
    d = {"licences": {"mackerel": 1}, "boats": [{"type": "1", "at": "left", "load": []}]}
    d.update(over)
    return d


def position(players=3, fish=("mackerel",), external=("ships",), seats=None, yen=None, options=None, **over):
    """A readable position: the named markets set up as at the start, players as set up."""
    data = {
        "players": players,
        "options": dict(options or {}),
        "markets": {"fish": {f: "setup" for f in fish}, "external": {e: "setup" for e in external}},
        "seats": seats if seats is not None else [seat() for _ in range(players)],
        "yen": yen if yen is not None else [2000] * players,
        "turn": 0,
    }
    data.update(over)
    return data


def keys(m, seat_=None):
    s = m.to_act()[0] if seat_ is None else seat_
    return [a.key for a in m.legal(s)]


def play(m, *moves):
    """Play keys for whoever is to act (the first waiting seat); the events they made."""
    events = []
    for k in moves:
        events += m.play(m.to_act()[0], k)
    return events


# ==== set-up (000:15-86) ==========================================================================


def crab_position(load, bag=None, **over):
    boats = [{"type": "barge", "at": "sea", "load": load}, {"type": "1", "at": "left", "load": []}]
    data = position(fish=("mackerel", "king_crab", "tuna"), seats=[seat(boats=boats, berths=3), seat(), seat()], **over)
    if bag is not None:
        data["bag"] = bag
    return data
