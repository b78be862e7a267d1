"""The numbers of TOKYO TSUKIJI MARKET, read from assets/tsukiji/*.toml.

Every market tableau is one asset file; `Data` checks them against the component counts
of 000:5-13 and gives the rules plain Python values. A count printed on a tableau may
depend on the player count P (000:33): it is written as an integer or as "P", "P+12",
"2P-1" and so on.
"""

from __future__ import annotations

import re

BASE_FISH = ("mackerel", "eel", "fugu", "octopus", "red_snapper", "salmon", "king_crab", "squid", "tuna")
BASE_EXTERNAL = ("aquarium", "auction", "bank", "barter", "government", "rental", "ships", "trade",
                 "used_ships")
#: the expansion's markets (000:450-455, 000:540-545)
EXPANSION_FISH = ("clams_oysters", "himono", "horse_mackerel", "nori", "sardines", "swordfish")
EXPANSION_EXTERNAL = ("foreign_market", "influence", "new_aquarium", "overfishing", "ship_rental", "sushi_shop")
FISH = BASE_FISH + EXPANSION_FISH
EXTERNAL = BASE_EXTERNAL + EXPANSION_EXTERNAL
#: the blue 4-hold ship and the two 4-hold barges come with the expansion (000:394)
BOAT_TYPES = ("1", "2", "3", "4", "blue", "barge", "barge4")
BARGES = ("barge", "barge4")
#: unloaded barrels of these start an auction of a token drawn from the bag (000:264, 000:284)
BAG_FISH = ("king_crab", "tuna")

ASSET_FILES = ("tsukiji/components.toml", "tsukiji/harbour.toml", "tsukiji/expansion.toml") + tuple(
    f"tsukiji/{m}.toml" for m in FISH + EXTERNAL)

_FORMULA = re.compile(r"^\s*(?:(\d*)\s*P)?\s*(?:([+-])?\s*(\d+))?\s*$")


def count(spec, players: int) -> int:
    """A printed count: 6, "P", "P+12", "P-1", "2P" ... for `players` players (never below 0)."""
    if isinstance(spec, bool):
        raise ValueError(f"{spec!r} is not a count")
    if isinstance(spec, int):
        return spec
    if not isinstance(spec, str):
        raise ValueError(f"{spec!r} is not a count")
    m = _FORMULA.match(spec)
    if not m or not spec.strip() or ("P" not in spec and m.group(2)):
        raise ValueError(f"{spec!r} is not a count such as 6, 'P', 'P+12' or '2P-1'")
    has_p = "P" in spec
    a = (int(m.group(1)) if m.group(1) else 1) if has_p else 0
    b = int(m.group(3)) if m.group(3) else 0
    if m.group(2) == "-":
        b = -b
    return max(0, a * players + b)


def _int(d: dict, key: str, where: str, low: int = 0) -> int:
    v = d.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or v < low:
        raise ValueError(f"{where}: {key} must be a whole number ≥ {low}, not {v!r}")
    return v


def _entry(options, where: str) -> list[dict]:
    """Entry-cost options (000:173-179): each a mix of ap, yen, takoyaki and tokens."""
    if not isinstance(options, list):
        raise ValueError(f"{where}: entry must be a list of cost options")
    out = []
    for o in options:
        if not isinstance(o, dict) or set(o) - {"ap", "yen", "takoyaki", "tokens", "barrels"}:
            raise ValueError(f"{where}: an entry option has ap, yen, takoyaki, tokens and/or barrels")
        cost = {"ap": o.get("ap", 0), "yen": o.get("yen", 0), "takoyaki": o.get("takoyaki", 0),
                "tokens": dict(o.get("tokens", {}))}
        barrels = dict(o.get("barrels", {}))
        for fish, n in barrels.items():
            if (fish not in FISH and fish != "any") or not isinstance(n, int) or n < 1:
                raise ValueError(f"{where}: entry barrels name a fish (or any) and a count (000:436)")
        if barrels:
            cost["barrels"] = barrels
        for k in ("ap", "yen", "takoyaki"):
            if not isinstance(cost[k], int) or cost[k] < 0:
                raise ValueError(f"{where}: entry {k} must be a whole number ≥ 0")
        if cost["ap"] > 2:
            raise ValueError(f"{where}: a market costs at most 2 action points (000:175)")
        for fish, n in cost["tokens"].items():
            if fish not in FISH or not isinstance(n, int) or n < 1:
                raise ValueError(f"{where}: entry tokens name fish and counts")
        out.append(cost)
    return out


class Data:
    """All numbers of the game, checked."""

    def __init__(self, assets: dict[str, dict]):
        c = assets["tsukiji/components.toml"]
        self.components = c
        if tuple(c["fish_markets"]) != BASE_FISH or tuple(c["external_markets"]) != BASE_EXTERNAL:
            raise ValueError("tsukiji/components.toml must list the nine fish and nine external markets")
        self.always = tuple(c["always"])
        for k in ("start_yen", "action_points", "max_licences", "unload_yen", "unload_per", "end_yen",
                  "end_resources", "licence_income", "bonus_most", "penalty_least", "bonus_tied_most",
                  "penalty_tied_least", "resource_yen", "barge_holds", "auction_min_players"):
            setattr(self, k, _int(c, k, "tsukiji/components.toml"))
        self.boats_total = {t: int(c["boats"][t]) for t in BOAT_TYPES if t in c["boats"]}
        self.extra_fish = {int(k): int(v) for k, v in c["extra_fish_markets"].items()}
        self.extra_external = {int(k): int(v) for k, v in c["extra_external_markets"].items()}
        self.newcomer_fish = tuple(c["newcomer_fish"])
        self.not_for_newcomers = tuple(c["not_for_newcomers"])
        self.start_licence = c["start_licence"]
        self.start_ship = str(c["start_ship"])
        for k in ("shares", "loans", "coolboxes", "carts", "barrels", "fish_tokens", "licences"):
            setattr(self, "total_" + k, _int(c, k, "tsukiji/components.toml"))

        h = assets["tsukiji/harbour.toml"]
        self.columns = tuple(int(x) for x in h["columns"])
        if not self.columns or any(p <= 0 for p in self.columns):
            raise ValueError("tsukiji/harbour.toml: columns are positive prices")
        self.free_step = _int(h, "free_column_step", "tsukiji/harbour.toml", 1)
        self.free_min = _int(h, "free_column_min", "tsukiji/harbour.toml")
        self.free_cap = _int(h, "free_column_cap", "tsukiji/harbour.toml")
        self.berth_cost = _int(h, "berth_cost", "tsukiji/harbour.toml")
        self.right_berth_ships = _int(h, "right_berth_ships", "tsukiji/harbour.toml", 1)

        self.market = {}
        for m in FISH + EXTERNAL:
            d = dict(assets[f"tsukiji/{m}.toml"])
            where = f"tsukiji/{m}.toml"
            d["entry"] = _entry(d.get("entry", []), where)
            d["where"] = where
            d["id"] = m
            self.market[m] = d
        # Pieces of each fish in the box (000:9-11).
        self.pieces = {f: dict(self.market[f]["pieces"]) for f in FISH}
        self.token_values = {}
        for f in BAG_FISH:
            tv = {int(k): int(v) for k, v in self.market[f]["token_values"].items()}
            self.token_values[f] = tv
            if sum(tv.values()) != self.pieces[f]["tokens"]:
                raise ValueError(f"tsukiji/{f}.toml: token_values must add up to pieces.tokens")
        # The clam and oyster tokens share one market and one bag (000:414, 000:466).
        self.bag_kinds = {k: dict(v) for k, v in self.market["clams_oysters"]["token_kinds"].items()}
        if sum(int(v["count"]) for v in self.bag_kinds.values()) != self.pieces["clams_oysters"]["tokens"]:
            raise ValueError("tsukiji/clams_oysters.toml: token_kinds' counts must add up to pieces.tokens")
        # Token kinds a player can hold.
        kinds = []
        for f in FISH:
            if f in BAG_FISH:
                kinds += [f"{f}_{v}" for v in sorted(self.token_values[f])]
            elif f == "salmon":
                kinds += ["salmon", "salmon_spoiled"]
            elif f == "octopus":
                kinds += ["octopus", "takoyaki"]
            elif f == "clams_oysters":
                kinds += list(self.bag_kinds)
            else:
                kinds.append(f)
        self.token_kinds = tuple(kinds)
        self.kind_fish = {}
        for k in kinds:
            if k == "takoyaki":
                self.kind_fish[k] = "octopus"
            elif k == "salmon_spoiled":
                self.kind_fish[k] = "salmon"
            elif k in self.bag_kinds:
                self.kind_fish[k] = "clams_oysters"
            else:
                self.kind_fish[k] = next(f for f in FISH if k == f or k.startswith(f + "_"))
        x = assets["tsukiji/expansion.toml"]
        self.expansion = x
        if tuple(x["fish_markets"]) != EXPANSION_FISH or tuple(x["external_markets"]) != EXPANSION_EXTERNAL:
            raise ValueError("tsukiji/expansion.toml must list the six fish and six external markets of 000:450-545")
        for k in ("barrels", "fish_tokens", "licences"):
            setattr(self, "expansion_" + k, _int(x, k, "tsukiji/expansion.toml"))
        self.expansion_boats = {t: int(n) for t, n in x["boats"].items()}
        if set(self.expansion_boats) != {"blue", "barge4"}:
            raise ValueError("tsukiji/expansion.toml: boats are the blue ship and the 4-hold barges (000:394)")
        self.barge4_holds = _int(x, "barge4_holds", "tsukiji/expansion.toml", 1)
        self.blue_holds = _int(x, "blue_holds", "tsukiji/expansion.toml", 1)
        self.blue_licences = _int(x, "blue_licences", "tsukiji/expansion.toml", 1)
        self.shapes = {k: str(v) for k, v in x["shapes"].items()}
        missing = [k for k in kinds if k not in self.shapes]
        if missing:
            raise ValueError(f"tsukiji/expansion.toml: shapes lacks {', '.join(missing)}")
        self.collapse_side = {k: str(v) for k, v in x["collapse"].items()}
        if any(v not in ("closed", "collapsed") or k not in EXTERNAL for k, v in self.collapse_side.items()):
            raise ValueError("tsukiji/expansion.toml: collapse names external markets, each closed or collapsed")
        self.check_components()

    def check_components(self) -> None:
        """The pieces named in the market files must be those of the box (000:5-13, 000:394-401)."""
        for pool, want, where in ((BASE_FISH, (self.total_barrels, self.total_fish_tokens, self.total_licences),
                                   "000:9-11"),
                                  (EXPANSION_FISH, (self.expansion_barrels, self.expansion_fish_tokens,
                                                    self.expansion_licences), "000:396-399")):
            pieces = [self.pieces[f] for f in pool]
            got = (sum(p["barrels"] for p in pieces), sum(p["tokens"] + p.get("takoyaki", 0) for p in pieces),
                   sum(p["licences"] for p in pieces))
            if got != want:
                raise ValueError(f"the fish market files hold {got[0]} barrels, {got[1]} tokens and {got[2]} "
                                 f"licences; the box has {want[0]}, {want[1]} and {want[2]} ({where})")

    def piece_total(self, what: str, key: str) -> int:
        """How many of a piece the game has: barrels/tokens/licences by fish, tokens by kind."""
        if what == "barrels":
            return self.pieces[key]["barrels"]
        if what == "licences":
            return self.pieces[key]["licences"]
        if what == "tokens":
            if key == "takoyaki":
                return self.pieces["octopus"]["takoyaki"]
            fish = self.kind_fish[key]
            if fish in BAG_FISH:
                return self.token_values[fish][int(key.rsplit("_", 1)[1])]
            if fish == "salmon":
                return self.pieces["salmon"]["tokens"] if key == "salmon" else 0
            if fish == "clams_oysters":
                return int(self.bag_kinds[key]["count"])
            return self.pieces[fish]["tokens"]
        raise KeyError(what)

    def holds(self, boat_type: str) -> int:
        return {"barge": self.barge_holds, "barge4": self.barge4_holds, "blue": self.blue_holds}.get(
            boat_type) or int(boat_type)

    def price_of(self, col: str) -> int:
        """The price of a sale column: 'c3' is the third printed column, 'q1200' the ??? column at ¥1,200."""
        if col[0] == "c":
            return self.columns[int(col[1:]) - 1]
        return int(col[1:])

    def columns_keys(self) -> list[str]:
        return [f"c{i + 1}" for i in range(len(self.columns))]

    def valid_column(self, col) -> bool:
        if not isinstance(col, str) or len(col) < 2 or not col[1:].isdigit():
            return False
        n = int(col[1:])
        if col[0] == "c":
            return 1 <= n <= len(self.columns) and col == f"c{n}"
        if col[0] == "q":
            return n % self.free_step == 0 and col == f"q{n}" and self.free_min <= n <= self.free_cap
        return False
