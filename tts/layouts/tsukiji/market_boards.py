"""What a market board shows: the spaces of a fish market (entry, facts, barrels, tokens,
licences, takoyaki, Iwashi or a value track) and of an external market (its spaces, its boat
strips on Ships and Used Ships, its static pieces), with the pieces that go on them.
"""

from __future__ import annotations

from games.tsukiji.data import BOAT_TYPES

from ..tsukiji_pieces import STATIC
from .placing import fail
from .plan import Plan, grid
from .words import STATIC_SPACES, Words, fmt


class MarketBoards:
    """Mixed into layout.Layout."""

    # ---- the markets ----------------------------------------------------------------------

    def fish_plan(self, mid: str, st: dict, w: Words) -> tuple[Plan, list]:
        d, name = w.data, w.data["name"]
        bag = self.markets[mid]["bag"]
        spaces = [("entry", w.entry(), (0, 0, .32, .34)), ("facts", w.facts(), (0, .34, .32, .66)),
                  ("barrels", f"Barrels ({w.setup('barrels')})", (.32, 0, .34, .5)),
                  ("tokens", "Tokens: in the auction bag" if bag else f"Tokens ({w.setup('tokens')})",
                   (.66, 0, .34, .5)),
                  ("licences", f"Licences ¥{d['licence_price']:,}{w.star('licence_price')} "
                               f"({w.setup('licences')})", (.32, .5, .34, .5))]
        pieces = [("barrels", [(lambda x, z, rot, y: self.P.barrel(mid, x, z, rot=rot, y=y), st["barrels"])]),
                  ("licences", [(lambda x, z, rot, y: self.P.licence(mid, x, z, rot=rot, y=y), st["licences"])])]
        if not bag:
            pieces.append(("tokens", self.tokens_groups({mid: st.get("tokens", 0)})))
        track = None
        if "takoyaki" in st:
            spaces.append(("takoyaki", f"Takoyaki ({w.setup('takoyaki')})", (.66, .5, .34, .5)))
            pieces.append(("takoyaki", self.tokens_groups({"takoyaki": st["takoyaki"]})))
        elif "iwashi" in st:
            spaces.append(("iwashi", "Iwashi: canned sardines", (.66, .5, .34, .5)))
            pieces.append(("iwashi", self.tokens_groups({mid: st["iwashi"]}, canned=True)))
        elif "value" in st:
            lo, hi = int(d.get("value_min", 1)), int(d.get("value_max", 13))
            n = hi - lo + 1
            cells = grid((.66, .5, .34, .5), n) if n <= 15 else grid((.66, .5, .34, .5), 15)
            for i, r in zip(range(n), cells):
                spaces.append((f"v{lo + i}", str(lo + i), r))
            track = (st["value"], f"value marker of {name}")
            if not lo <= st["value"] <= hi:
                fail(f"the {name} value marker is on {st['value']}, off its track {lo}-{hi}")
        known = {"barrels", "tokens", "licences", "takoyaki", "iwashi", "value", "overfished", "to_settle"}
        if set(st) - known:
            fail(f"the {name} market holds {sorted(set(st) - known)[0]!r}, which the layout does not know")
        notes = []
        if st.get("overfished"):
            notes.append("OVERFISHED: no more fishing here")
        if st.get("to_settle"):
            notes.append("its payments are due")
        if w.ours:
            notes.append("* reconstructed: see the description")
        return Plan(f"{name} ({d['german']})" if d.get("german") and d["german"] != name else name, spaces,
                    note="; ".join(notes)), pieces + ([("track", track)] if track else [])

    def external_plan(self, mid: str, st: dict, w: Words) -> tuple[Plan, list]:
        d, name = w.data, w.data["name"]
        right, pieces = [], []
        if "spaces" in st:
            spec = w.data.get("spaces")
            items = list(st["spaces"].items()) if isinstance(st["spaces"], dict) else list(enumerate(st["spaces"]))
            for k, held in items:
                sp = spec[k] if isinstance(spec, dict) else spec[k] if isinstance(spec, list) else {}
                title = w.name(k) if isinstance(k, str) else str(k + 1)
                right.append((f"s{k}", f"{title}{w.star('spaces')}: {self.space_words(sp)}"))
                pieces.append((f"s{k}", self.tokens_groups(held)))
        elif "boats" in st:
            types = [b for b in BOAT_TYPES if b in self.box_numbers["boats"] or st["boats"].get(b)
                     or (self.tab["expansion"] and b in ("blue", "barge4"))]
            for b in types:
                right.append((f"b{b}", self.boat_words(mid, b, w)))
                pieces.append((f"b{b}", [(lambda x, z, rot, y, b=b, length=None: self.P.boat(
                    b, x, z, rot=rot, y=y, length=length), st["boats"].get(b, 0))]))
            if set(st["boats"]) - set(types):
                fail(f"a boat of type {sorted(set(st['boats']) - set(types))[0]!r} on {name}")
        for key, piece in STATIC_SPACES.items():
            if key in st:
                label = f"{STATIC[piece][1].title()}s ({w.setup(key)})" if key in w.raw else STATIC[piece][1].title()
                right.append((key, label))
                pieces.append((key, [(lambda x, z, rot, y, piece=piece: self.P.static(piece, x, z, rot=rot, y=y),
                                      st[key])]))
        if mid == "foreign_market":
            right.append(("docked", "Boats docked here (they launch again for free)"))
        known = {"spaces", "boats", "traded", *STATIC_SPACES}
        if set(st) - known:
            fail(f"the {name} market holds {sorted(set(st) - known)[0]!r}, which the layout does not know")
        facts = w.facts() + (" · traded this turn" if st.get("traded") else "")
        if "boats" in st:                  # a strip per boat type, the board's width
            spaces = [("entry", w.entry(), (0, 0, .5, .24)), ("facts", facts, (.5, 0, .5, .24))]
            n = len(right)
            spaces += [(k, lab, (0, .24 + i * .76 / n, 1, .76 / n)) for i, (k, lab) in enumerate(right)]
        elif right:
            spaces = [("entry", w.entry(), (0, 0, .3, .34)), ("facts", facts, (0, .34, .3, .66))]
            spaces += [(k, lab, r) for (k, lab), r in zip(right, grid((.3, 0, .7, 1), len(right)))]
        else:
            spaces = [("entry", w.entry(), (0, 0, 1, .3)), ("facts", facts, (0, .3, 1, .7))]
        notes = []
        side = self.tab["collapsed"].get(mid)
        if side:
            notes.append("COLLAPSED: " + ("closed for the rest of the game" if side == "closed" else "still open"))
        if w.ours:
            notes.append("* reconstructed: see the description")
        title = f"{name} ({d['german']})" if d.get("german") and d["german"] != name else name
        return Plan(title, spaces, note="; ".join(notes)), pieces

    def space_words(self, sp: dict) -> str:
        words = []
        for k, v in sp.items():
            if k == "capacity":
                words.append(f"holds {v}")
            elif k == "resources":
                words.append(f"lot of {v}+ resources")
            elif k == "shapes":
                words.append(f"{v} shape{'s' if v > 1 else ''}")
            elif k == "min":
                words.append(f"lot of {v}+")
            else:
                words.append(f"{k.replace('_', ' ')} {fmt(k, v)}")
        return ", ".join(words)

    def boat_words(self, mid: str, b: str, w: Words) -> str:
        d = w.data
        holds = self.R.holds(b)
        what = "Blue Ship" if b == "blue" else f"{holds}-hold barge" if b in ("barge", "barge4") else \
            f"{holds}-hold ship"
        if mid == "ships":
            if b == "blue":
                price = f"¥{self.box_numbers['blue_price']:,} + a ship traded in"
            elif b in ("barge", "barge4"):
                price = f"¥{int(d['barge_price']):,}"
            else:
                price = f"¥{int(d['hold_price']) * holds:,}"
            return f"{what}: {price}{w.star('hold_price')}"
        return what
