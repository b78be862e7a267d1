"""The innkeeper: an Izakaya computer player that claims lots beside bottles, raises the
prices of the colours around its cards and builds straight, aligned towers on them.

Every piece it places is tried first in its own copy of the building: the same rule
check and the same physics verdict as the game's, so a building it adds to stands.
"""

from __future__ import annotations

import hashlib

from core.game import Move
from core.rng import Rng
from games.building.placing import building, payload
from physics.building import Building, Lot, Placement
from physics.stability import judged

FLAT = ("block", "beam")


class InnkeeperBot:
    name = "innkeeper"
    needs_view = True

    def __init__(self, rules):
        self.rules = rules

    def choose(self, view, legal, rng):
        keys = {a.key: a for a in legal}
        me = view["viewer"]
        if view["phase"] == "bid":
            want = 100 * (1 + rng.below(2))
            return keys.get(f"bid:{min(want, view['yen'][me] // 100 * 100)}", legal[0])
        if view["phase"] == "bonus":
            move = self._build(view, me)
            return move if move is not None else keys["bonus:none"]
        mine = self._mine(view, me)
        claims = [k for k in keys if k.startswith("claim:")]
        if claims and (len(mine) < 2 or rng.below(4) == 0):
            return keys[max(claims, key=lambda k: (self._card_value(view, k), k))]
        bottles = [k for k in keys if k.startswith("bottle:")]
        near = [k for k in bottles if self._touches_mine(k, mine)]
        if near and rng.below(2) == 0:
            return keys[max(near, key=lambda k: (view["prices"][k.split(":")[1]], k))]
        if "build" in keys and mine:
            move = self._build(view, me)
            if move is not None:
                return move
        if near:
            return keys[max(near, key=lambda k: (view["prices"][k.split(":")[1]], k))]
        prices = [k for k in keys if k.startswith("price:")]
        around = {view["corners"][c] for r, c0 in mine for c in _corner_keys(r, c0) if c in view["corners"]}
        good = [k for k in prices if k.split(":")[2] in around and k.split(":")[1] not in around]
        if good:
            return keys[good[0]]
        plain = [a for a in legal if not a.takes]
        if claims:
            return keys[claims[rng.below(len(claims))]]
        return plain[rng.below(len(plain))] if plain else legal[0]

    # ---- hints for the search bot (core.search) ----------------------------------------

    def candidates(self, view, legal, count: int) -> list:
        """Whole moves for the search to play out against each other when a build (a move
        with data) is on offer: this bot's own move first (its chance drawn from the view, so
        the same position gives the same move), then the moves that gain this seat most over
        its best rival, up to `count` in all."""
        if view["phase"] not in ("actions", "bonus"):
            return []
        me = view["viewer"]
        own = self.choose(view, legal, Rng(int(hashlib.blake2b(repr(view).encode(), digest_size=4).hexdigest(), 16)))
        if view["phase"] == "bonus":
            others = [Move("bonus:none")] if own.key == "bonus" else []
            built = self._build(view, me)
            if own.key == "bonus:none" and built is not None:
                others = [built]
            return [own] + others
        ranked = [(self._gain(view, me, a.key), a.key, a) for a in legal if not a.takes]
        built = self._build(view, me) if any(a.key == "build" for a in legal) else None
        if built is not None:
            ranked.append((self._build_gain(view, me, built), "build", built))
        ranked.sort(key=lambda t: (-t[0], t[1]))
        out, names = [own], {_label(own)}
        for _, _, move in ranked:
            if len(out) >= count:
                break
            if _label(move) not in names:
                out.append(move)
                names.add(_label(move))
        return out

    def shortlist(self, view, legal, count: int) -> list:
        """The `count` plain moves that gain this seat most over its best rival (every bid in
        the bidding: there are few, and the search tells them apart well)."""
        if view["phase"] != "actions":
            return list(legal)
        me = view["viewer"]
        ranked = sorted(((self._gain(view, me, a.key), i) for i, a in enumerate(legal) if not a.takes),
                        key=lambda t: (-t[0], t[1]))
        return [legal[i] for _, i in ranked[:count]]

    @staticmethod
    def _stakes(view) -> dict[tuple[int, int], tuple[int, float]]:
        """Each claimed card: its owner and how many times its bottles will count (its floors
        over all its buildings; half for a card not built on yet, 004:129-131)."""
        out = {}
        for r, row in enumerate(view["cards"]):
            for c, card in enumerate(row):
                if card["owner"] is None:
                    continue
                floors = sum(max((p["floor"] for p in view["buildings"].get(f"{r}:{c}:{o}", [])), default=0)
                             for o in range(len(card["outlines"])))
                out[(r, c)] = (card["owner"], floors or 0.5)
        return out

    def _gain(self, view, me, key) -> float:
        """What a plain move adds to this seat's buildings' worth, less what it adds to the
        best rival's."""
        k = view["k"]
        stakes = self._stakes(view)
        delta = [0.0] * len(view["yen"])
        head, *rest = key.split(":")
        if head == "bottle":
            colour, i, j = rest[0], int(rest[1]), int(rest[2])
            for rc in [(r, c) for r in (i - 1, i) for c in (j - 1, j) if 0 <= r < k and 0 <= c < k]:
                if rc in stakes:
                    owner, times = stakes[rc]
                    delta[owner] += view["prices"][colour] * times
        elif head == "price":
            down, up = rest
            for (r, c), (owner, times) in stakes.items():
                colours = [view["corners"][q] for q in _corner_keys(r, c) if q in view["corners"]]
                delta[owner] += 100 * times * (colours.count(up) - colours.count(down))
        elif head == "claim":
            delta[me] += 0.5 * self._card_value(view, key)
        rival = max((d for s, d in enumerate(delta) if s != me), default=0.0)
        return delta[me] - rival

    def _build_gain(self, view, me, move) -> float:
        """What a piece adds: the card's bottles once more for a new floor (half for a card's
        first piece, which `_stakes` already counts half)."""
        r, c = move.payload["card"]
        worth = sum(view["prices"][view["corners"][q]] for q in _corner_keys(r, c) if q in view["corners"])
        _, times = self._stakes(view)[(r, c)]
        return worth * (0.5 if times == 0.5 else 1.0)

    # ---- reading the table ------------------------------------------------------------

    @staticmethod
    def _mine(view, me) -> list[tuple[int, int]]:
        return [(r, c) for r, row in enumerate(view["cards"]) for c, card in enumerate(row) if card["owner"] == me]

    @staticmethod
    def _touches_mine(key, mine) -> bool:
        _, _, i, j = key.split(":")
        return any(f"{i}:{j}" in _corner_keys(r, c) for r, c in mine)

    @staticmethod
    def _card_value(view, key) -> int:
        """A card worth claiming: the yen of the bottles on its corners, and room for more."""
        _, _, _, _, r, c = key.split(":")
        corners = _corner_keys(int(r), int(c))
        return sum(view["prices"][view["corners"][k]] for k in corners if k in view["corners"]) \
            + 50 * sum(k not in view["corners"] for k in corners)

    # ---- building ---------------------------------------------------------------------

    def _build(self, view, me):
        """The next floor of its tallest building, or a first floor: a flat piece centred on
        the one below, tried in a copy first; None when nothing it tries stands."""
        rules = self.rules
        cards = self._mine(view, me)
        best = None
        for r, c in cards:
            outlines = view["cards"][r][c]["outlines"]
            for o in range(len(outlines)):
                placed = view["buildings"].get(f"{r}:{c}:{o}", [])
                floors = max((p["floor"] for p in placed), default=0)
                side = self.rules.deck.card(view["cards"][r][c]["id"]).back
                if floors >= side.floors or len(placed) >= side.pieces:
                    continue                  # the card allows no more (004:45-46)
                if best is None or floors > best[0]:
                    best = (floors, r, c, o)
        if best is None:
            return None
        _, r, c, o = best
        outlines = view["cards"][r][c]["outlines"]
        outline = tuple(outlines[o])
        b = building(Lot(tuple(tuple(x) for x in outlines)), o, view["buildings"].get(f"{r}:{c}:{o}", []),
                     rules.pieces)
        if b.placements:
            top = max(p.floor for p in b.placements)
            ext = [b.extent(i) for i, p in enumerate(b.placements) if p.floor == top]
            lo, hi = min(e[0] for e in ext), max(e[2] for e in ext)
            y, floor = max(e[3] for e in ext), top + 1
        else:
            (lo, hi), y, floor = outline, 0.0, 1
        flat = [pid for pid in view["supply"] if rules.pieces[pid].kind in FLAT]
        fits = sorted((pid for pid in flat if rules.pieces[pid].width <= hi - lo),
                      key=lambda pid: (-rules.pieces[pid].width if floor == 1 else rules.pieces[pid].height,
                                       pid))
        for pid in fits[:6]:
            w = rules.pieces[pid].width
            p = Placement(pid, round((lo + hi) / 2 - w / 2, 1), y, 0.0, False, floor)
            trial = Building(b.lot, o, list(b.placements) + [p], pieces=rules.pieces)
            if (trial.check(complete=False) == [] and rules.crowds(view["buildings"], r, c, outlines, o, p) is None
                    and judged(trial).stands):
                return Move("build" if view["phase"] != "bonus" else "bonus",
                            payload(p, {"card": [r, c], "outline": o}))
        return None


def _label(move) -> str:
    return move.key if getattr(move, "payload", None) is None else f"{move.key} {move.payload!r}"


def _corner_keys(r: int, c: int) -> list[str]:
    return [f"{r}:{c}", f"{r}:{c + 1}", f"{r + 1}:{c}", f"{r + 1}:{c + 1}"]
