"""The whole table assembled: the Layout (every board's part mixed in), laid out in order (the
centre, the seats, the Foreign Market's boats, what is under way, the notebook), then counted
in the rules' own terms before it returns; and `lay_out`, the entry point.

What lies where comes from the rules' `table` (games/tsukiji/rules.py), the tableaus' printed
numbers from its named accessors (`market_info`, `harbour_numbers`, `box_numbers`,
`token_kinds`, `holds`, `column_price`): plain data, never the position or the rules' data.
"""

from __future__ import annotations

from collections import Counter

from games.tsukiji.data import EXTERNAL, FISH

from ...table import Table
from ..common import table_of
from ..tsukiji_pieces import Pieces
from .centre import Centre
from .harbours import Harbours
from .market_boards import MarketBoards
from .middle import Middle
from .notebook import Notebook
from .placing import Placing, fail
from .under_way import UnderWay


class Layout(Centre, MarketBoards, Middle, Harbours, UnderWay, Notebook, Placing):
    def __init__(self, match, t: Table):
        self.m, self.t = match, t
        self.R = match.game.rules
        self.tab = table_of(match)         # what lies where (rules.table)
        #: every market's tableau (rules.market_info), in play or not
        self.markets = {mid: self.R.market_info(mid) for mid in FISH + EXTERNAL}
        self.kind_order = {k: i for i, k in enumerate(self.R.token_kinds())}
        self.harbour = self.R.harbour_numbers()
        self.box_numbers = self.R.box_numbers()
        self.P = Pieces(t, self.R)
        self.foreign_boats: list = []      # (seat, boat) docked at the Foreign Market
        self.boards: dict[str, tuple] = {}  # market -> (plan, frame, width)
        self.reconstructed: list[str] = []

    # ---- the count ------------------------------------------------------------------------------

    def check(self) -> None:
        """The table holds what the rules say: every piece kind, every seat's yen and boats."""
        tab = self.tab
        want = {k: v for k, v in tab["counted"].items() if not k.startswith("yen") and v}
        got: Counter = Counter()
        yen: Counter = Counter()
        boats: Counter = Counter()
        colours = {self.colour(i): i for i in range(tab["players"])}

        def walk(objs, infinite=False):
            for o in objs:
                inf = infinite or o["Name"] == "Infinite_Bag"
                if not inf:
                    key = Pieces.key(o)
                    if key:
                        got[key] += 1
                    tags = o.get("Tags", [])
                    if tags and tags[0] == "yen":
                        owner = next((colours[c] for c in tags if c in colours), None)
                        yen[owner] += int(o["Value"])
                    if tags and tags[0] == "boat":
                        owner = next((colours[c] for c in tags if c in colours), None)
                        boats[owner] += 1
                walk(o.get("ContainedObjects", []), inf)

        walk(self.t.objects)
        for key in sorted(set(want) | set(got)):
            if want.get(key, 0) != got.get(key, 0):
                fail(f"the table would hold {got.get(key, 0)} of {key} where the position has {want.get(key, 0)}")
        for i, st in enumerate(tab["seats"]):
            if yen[i] != tab["yen"][i]:
                fail(f"{self.colour(i)}'s yen come to ¥{yen[i]:,}, not ¥{tab['yen'][i]:,}")
            if boats[i] != len(st["boats"]):
                fail(f"{self.colour(i)} would have {boats[i]} boats, not {len(st['boats'])}")
        if set(yen) - set(range(tab["players"])):
            fail("yen on the table that belong to no seat")

    def run(self) -> None:
        tab = self.tab
        if tab["players"] != len(tab["seats"]) or not 2 <= tab["players"] <= 6:
            fail(f"{len(tab['seats'])} seats for {tab['players']} players")
        self.lot_xz = (0.0, 0.0)
        self.lay_centre()
        for seat in range(tab["players"]):
            self.lay_seat(seat)
            colour = self.colour(seat)
            self.t.secret(seat, "sealed bid", f"{colour}'s sealed bid in an auction or a barter: put the yen "
                                              f"you bid here; only {colour} sees it. When every bidder has "
                                              "bid, all take their bids out at once.")
        self.lay_foreign_boats()
        self.lay_in_progress()
        self.notes()
        self.check()


def lay_out(match, t: Table) -> None:
    Layout(match, t).run()
