"""The words on a market board, from its asset file: entry costs, facts, set-up counts, and a
RECONSTRUCTED line for every value the asset's sources mark so.
"""

from __future__ import annotations

from ...table import reconstructed

MONEY_WORDS = ("yen", "price", "pay", "charge", "bonus", "interest", "fee", "cost", "buy_", "sell_")
#: state keys of external markets that hold static pieces, and the piece (tsukiji_pieces.STATIC)
STATIC_SPACES = {"loans": "loans", "shares": "shares", "coolboxes": "coolboxes", "carts": "carts",
                 "buyers": "buyers", "expansions": "expansion_markers", "markers": "ship_rental_markers"}
NOT_FACTS = {"name", "german", "entry", "where", "id", "pieces", "sources", "spaces", "offer", "barrels", "tokens",
             "licences", "takoyaki", "licence_price", "enterable", "docking_only", *STATIC_SPACES}


def money_key(key: str) -> bool:
    return any(w in key for w in MONEY_WORDS)


def fmt(key: str, v) -> str:
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, int):
        return f"¥{v:,}" if money_key(key) and v >= 10 else str(v)
    if isinstance(v, (list, tuple)):
        return ", ".join(fmt(key, x).replace("_", " ") for x in v)
    if isinstance(v, dict):
        return "; ".join(f"{str(k).replace('_', ' ')}: {fmt(str(k), x)}" for k, x in v.items())
    return str(v).replace("_", " ")


class Words:
    """A market's asset as text: what its spaces say, which values are reconstructed."""

    def __init__(self, rules, mid: str):
        self.R, self.mid = rules, mid
        self.data = rules.market_info(mid)["data"]
        self.raw = rules.asset_data.get(f"tsukiji/{mid}.toml", self.data)
        src = self.raw.get("sources", {})
        self.ours = {k for k, v in src.items() if "reconstructed" in str(v).lower()}
        self.where = f"assets/tsukiji/{mid}.toml"

    def star(self, key: str) -> str:
        return "*" if key in self.ours else ""

    def name(self, fish: str) -> str:
        return self.R.market_name(fish) or fish.replace("_", " ")

    def cost(self, c: dict) -> str:
        parts = []
        if c.get("ap"):
            parts.append(f"{c['ap']} action point{'s' if c['ap'] > 1 else ''}")
        if c.get("yen"):
            parts.append(f"¥{c['yen']:,}")
        if c.get("takoyaki"):
            parts.append(f"{c['takoyaki']} takoyaki")
        for f, n in c.get("tokens", {}).items():
            parts.append(f"{n} {self.name(f).lower()} token{'s' if n > 1 else ''}")
        for f, n in c.get("barrels", {}).items():
            what = "barrel" if f == "any" else f"{self.name(f).lower()} barrel"
            parts.append(f"{n} {what}{'s' if n > 1 else ''} from your harbour")
        return " + ".join(parts) or "nothing"

    def entry(self) -> str:
        d = self.data
        if d.get("enterable") is False:
            return "Cannot be entered" + self.star("enterable")
        if d.get("docking_only"):
            text = " or ".join(self.cost(c) for c in d["entry"]) or "nothing"
            return f"Entry{self.star('entry')}: only by docking a boat while fishing, {text} a group"
        if not d["entry"]:
            return f"Entry{self.star('entry')}: free, once a turn"
        return f"Entry{self.star('entry')}: " + " or ".join(self.cost(c) for c in d["entry"])

    def facts(self) -> str:
        rows = [f"{k.replace('_', ' ')}{self.star(k)}: {fmt(k, v)}" for k, v in self.raw.items()
                if k not in NOT_FACTS and not isinstance(v, dict) or k in ("token_values", "token_kinds")]
        rows = [r for r in rows if r]
        return " · ".join(rows) if rows else "-"

    def setup(self, key: str) -> str:
        return f"set-up {fmt(key, self.raw[key])}{self.star(key)}" if key in self.raw else ""

    def reconstructed_lines(self) -> list[str]:
        """A RECONSTRUCTED line for every value the asset's sources mark so, with what of it is ours."""
        out = []
        src = self.raw.get("sources", {})
        for k in sorted(self.ours):
            v = self.raw.get(k)
            if k == "entry":
                value = " or ".join(self.cost(c) for c in self.data["entry"]) or "free"
            else:
                value = fmt(k, v) if v is not None else ""
            text = str(src[k])
            detail = text[text.lower().index("reconstructed") + len("reconstructed"):].strip(" ;,.")
            what = f"{self.data['name']}: {k.replace('_', ' ')}" + (f" = {value}" if value else "") \
                + (f", ours: {detail.strip('()')}" if detail else "")
            out.append(reconstructed(what, self.where))
        return out
