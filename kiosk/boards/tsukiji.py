"""The Tsukiji Market table: every market in play, every harbour, the turn and any sealed bid.

Every fish is written with a two-letter code (MA mackerel, EE eel, FU fugu, OC octopus,
TK takoyaki, RS red snapper, SA salmon, KC king crab, SQ squid, TU tuna) as well as in
its colour, so the board reads the same without colour vision. Tokens of the bag fish
carry their value (KC6, TU20); a salmon token "4" side up (spoiled) reads SA4.

The expansion's fish (000:450-455) read CO clams & oysters (its tokens CL clam and OY
oyster), HI himono, HM horse mackerel, NO nori, SD sardines, SW swordfish. A barrel
caught with another fish's licence carries that licence in brackets: MA(HI1) is a
mackerel caught with the first Himono licence (000:468), MA(HM) one caught with a horse
mackerel licence (000:489). Boats: ship(3), barge; the Blue Ship(4) and barge(4) of the
expansion (000:394); a rented boat says where it came from (000:578), and boats docked at
the Foreign Market (000:551) have their own line. Collapsed and closed markets (000:596-598)
say so under their card; with the open market order (000:628) the markets to come are
listed, the next one first.

The board draws only what the view gives: another seat's yen under hidden money is None
in the view and reads "hidden"; sealed bids show who has bid, amounts only once revealed.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import ItemGrid
from textual.content import Content
from textual.widgets import Static

from core.game import Game

from ..seats import Seat
from .base import Board, Palette, ViewPainter

FISH_CODES = {"mackerel": "MA", "eel": "EE", "fugu": "FU", "octopus": "OC", "red_snapper": "RS",
              "salmon": "SA", "king_crab": "KC", "squid": "SQ", "tuna": "TU"}
#: the expansion's fish markets (000:450-455)
EXPANSION_CODES = {"clams_oysters": "CO", "himono": "HI", "horse_mackerel": "HM", "nori": "NO",
                   "sardines": "SD", "swordfish": "SW"}
ALL_CODES = FISH_CODES | EXPANSION_CODES
#: token kinds that are not named after their fish: {kind: (fish, code)}
KIND_CODES = {"takoyaki": ("octopus", "TK"), "salmon_spoiled": ("salmon", "SA4"),
              "clam": ("clams_oysters", "CL"), "oyster": ("clams_oysters", "OY")}
FISH_IDS = tuple(FISH_CODES)
ALL_FISH_IDS = tuple(ALL_CODES)
EXTERNAL_IDS = ("aquarium", "auction", "bank", "barter", "government", "rental", "ships", "trade",
                "used_ships")
EXPANSION_EXTERNAL_IDS = ("foreign_market", "influence", "new_aquarium", "overfishing", "ship_rental",
                          "sushi_shop")
ALL_EXTERNAL_IDS = EXTERNAL_IDS + EXPANSION_EXTERNAL_IDS
BAG_FISH = ("king_crab", "tuna")
#: fish whose unloaded barrels wait in a fishing action for an auction (000:262, 000:282, 000:527)
AUCTIONED_FISH = BAG_FISH + ("swordfish",)
BOAT_WORDS = {"barge": "barge", "barge4": "barge(4)", "blue": "Blue Ship(4)"}
COLLAPSE_TEXT = {"collapsed": "COLLAPSED (open)", "closed": "CLOSED"}
BERTH_NAMES = ("left", "middle", "right")
ROW_NAMES = {"upper": "Fresh", "lower": "Spoiled"}
PHASE_TEXT = {"start": "start of the turn: fish on the harbour spoil unless a cool box is used",
              "main": "choosing an action", "fish": "fishing", "buy": "buying from another harbour",
              "market": "in a market", "bid": "a sealed bid", "over": "the game is over"}


def yen(n: int | None) -> str:
    if n is None:
        return "hidden"
    return f"-¥{-n:,}" if n < 0 else f"¥{n:,}"


def seat_tag(seat: int, name: str) -> str:
    """A seat in few characters: the name's initial and the seat number, e.g. 'A1'."""
    return f"{(name[:1] or '?').upper()}{seat + 1}"


def fish_of(kind: str) -> str:
    """The fish of a barrel or token kind: 'king_crab_6' → king_crab, 'takoyaki' → octopus,
    'clam' → clams_oysters, 'mackerel/himono:0' (a barrel caught with a Himono licence) → mackerel."""
    kind = kind.split("/", 1)[0]
    if kind in KIND_CODES:
        return KIND_CODES[kind][0]
    if kind in ALL_CODES:
        return kind
    return next((f for f in ALL_FISH_IDS if kind.startswith(f + "_")), kind)


def code(kind: str) -> str:
    """The short code of a barrel or token kind: MA, TK, KC6, SA4, CL; a barrel caught with
    another fish's licence: MA(HI1) (the first Himono licence), MA(HM)."""
    if "/" in kind:
        fish, licence = kind.split("/", 1)
        lic, _, n = licence.partition(":")
        tag = ALL_CODES.get(lic, lic) + (str(int(n) + 1) if n.isdigit() else "")
        return f"{code(fish)}({tag})"
    if kind in KIND_CODES:
        return KIND_CODES[kind][1]
    if kind in ALL_CODES:
        return ALL_CODES[kind]
    fish = fish_of(kind)
    if fish in ALL_CODES:
        return ALL_CODES[fish] + kind[len(fish) + 1:]
    return kind


def boat_name(boat_type: str) -> str:
    """'ship(3)': a ship with 3 holds; 'barge'; the expansion's 'Blue Ship(4)' and 'barge(4)'."""
    return BOAT_WORDS.get(boat_type, f"ship({boat_type})")


def column_price(col: str, columns: tuple[int, ...]) -> int:
    """The price of a sale column: 'c3' is the third printed column, 'q1200' the ??? at ¥1,200."""
    n = int(col[1:])
    if col[0] == "c":
        return columns[n - 1] if 0 < n <= len(columns) else 0
    return n


class FishPalette(Palette):
    """Each fish's colours, and the strong and muted words (tsukiji.tcss)."""

    COMPONENT_CLASSES = {f"fish--{f}" for f in ALL_FISH_IDS} | {"fish--takoyaki", "tj--strong", "tj--muted"}


class FishPainter(ViewPainter):
    """A widget that writes fish: the code on a chip in the fish's colour (from tsukiji.tcss)."""

    PALETTE = FishPalette

    def chip(self, kind: str):
        """A barrel or token as its code, coloured (the full style, or the background is lost)."""
        component = "fish--takoyaki" if kind == "takoyaki" else f"fish--{fish_of(kind)}"
        if not self.has_component(component):
            return code(kind)
        return code(kind), self.vstyle(component)

    def counted(self, counts: dict) -> list:
        """Tokens {kind: n} as chips: 'MA×3 KC6'; '–' when none."""
        parts: list = []
        for kind, n in counts.items():
            if not n:
                continue
            parts += [" " if parts else "", self.chip(kind), f"×{n}" if n > 1 else ""]
        return parts or ["–"]

    def market_name(self, mid: str) -> str:
        """A market's name as its tableau prints it (the rules' `market_name`)."""
        return self.game.rules.market_name(mid) or mid.replace("_", " ").title()

    def market_data(self, mid: str) -> dict:
        """A market's printed numbers (its asset file, the rules' `market_info`), {} when the
        rules do not have it."""
        info = self.game.rules.market_info(mid)
        return {} if info is None else info["data"]

    def tag(self, seat: int) -> str:
        return seat_tag(seat, self.seat_name(seat))

    def boat_text(self, j: int, b: dict) -> str:
        """'#2 ship(3)', '#2 ship(3) rented from Ships' (000:578)."""
        text = f"#{j + 1} {boat_name(b['type'])}"
        if b.get("rented"):
            text += f" rented from {self.market_name(b['rented'])}"
        return text

    def cargo(self, j: int, b: dict) -> list:
        """A boat and its load: '#1 ship(2): KC +1 empty'."""
        holds = self.game.rules.holds(b["type"])
        parts: list = [f"{self.boat_text(j, b)}:"]
        for k in b.get("load", []):
            parts += [" ", self.chip(k)]
        free = max(0, holds - len(b.get("load", [])))
        if free:
            parts.append(f" {free} empty" if free == holds else f" +{free} empty")
        return parts


class StatusPanel(FishPainter):
    """Round, whose turn, action points, the action in progress, the end of the game."""

    def text_lines(self, v: dict) -> list:
        strong = self.vstyle("tj--strong")
        rnd = f"Round {v.get('round', '?')}"
        if v.get("last_round"):
            rnd += f" of {v['last_round']}"
        money = "hidden money" if v.get("money") == "hidden" else "open money"
        if v.get("expansion"):
            money += " · expansion"
        if v.get("collapse"):
            money += " · collapsing markets"
        out: list = [[(rnd, strong), f" · {money}"]]
        if v.get("over"):
            out.append([("The game is over", strong), f": {v.get('reason') or 'final scoring'}"])
            return out
        turn = v.get("turn", 0)
        ap = f"{v.get('ap', 0)} action point{'s' if v.get('ap', 0) != 1 else ''} left"
        if v.get("cart_ap"):
            ap += f" (+{v['cart_ap']} hand cart)"
        if v.get("phase") == "buy" and (v.get("action") or {}).get("buyer") is not None:
            ap = "turn over"                                 # a buyer marker's buying (000:564)
        out.append([("Turn: ", strong), f"{seat_tag(turn, self.seat_name(turn))} {self.seat_name(turn)} · {ap}"])
        out.append([("Now: ", strong), *self.doing(v)])
        end = v.get("end") or {}
        if end.get("triggered_by") is not None:
            who = end["triggered_by"]
            why = f" ({end['why']})" if end.get("why") else ""
            out.append([("Final round: ", strong), f"the end was triggered by {self.seat_name(who)}{why}; "
                        f"{end.get('final_turns_left', 0)} turn(s) left"])
        elif v.get("last_round") and v.get("round") == v.get("last_round"):
            out.append([("Final round: ", strong), "this is the last round (kiosk round limit)"])
        return out

    def doing(self, v: dict) -> list:
        phase = v.get("phase", "")
        ctx = v.get("action") or {}
        text = PHASE_TEXT.get(phase, phase)
        if phase == "market" and ctx.get("market"):
            n = ctx.get("n", 0)
            parts: list = [f"in the {self.market_name(ctx['market'])} market ({n} interaction{'s' if n != 1 else ''})"]
            if ctx.get("lot"):
                parts += ["; lot: ", *self.counted(ctx["lot"])]
            return parts
        if phase == "fish":
            parts = ["fishing"]
            if ctx.get("boats"):
                parts.append("; boats used: " + " ".join(f"#{i + 1}" for i in ctx["boats"]))
            if ctx.get("pending"):
                parts += ["; to price: ", *self.counted({k: ctx["pending"].count(k) for k in dict.fromkeys(ctx["pending"])})]
            for f in AUCTIONED_FISH:
                if ctx.get(f):
                    parts += ["; unloaded for auction: ", self.chip(f), f"×{ctx[f]}"]
            if ctx.get("foreign"):
                parts.append("; docked at the Foreign Market for one lot: "
                             + " ".join(f"#{i + 1}" for i in ctx["foreign"]))
            return parts
        if phase == "buy" and ctx.get("buyer") is not None:
            who = ctx["buyer"]
            return [f"{self.tag(who)} {self.seat_name(who)} buys from the other harbours with a buyer marker "
                    f"(after {self.seat_name(v.get('turn', 0))}'s turn)"]
        if phase == "start" and ctx.get("pending"):
            pending = ctx["pending"]
            return [text, "; to price: ", *self.counted({k: pending.count(k) for k in dict.fromkeys(pending)})]
        if phase == "bid" and v.get("bid"):
            return [f"{v['bid'].get('bids', {}).get('label', 'sealed bid')} (see below)"]
        once = v.get("once") or []
        if once and phase == "main":
            text += " · visited this turn: " + ", ".join(self.market_name(m) for m in once)
        return [text]


class BidPanel(FishPainter):
    """A sealed bid: the lot, who has bid, and the amounts only once the view reveals them."""

    def text_lines(self, v: dict) -> list:
        b = v.get("bid")
        if not b:
            return []
        sealed = b.get("bids") or {}
        strong = self.vstyle("tj--strong")
        label = sealed.get("label") or b.get("kind", "sealed bid")
        out: list = [[(f"Sealed bid: {label}", strong), " · lot: ", *self.counted(b.get("lot") or {})]]
        done = set(sealed.get("done", []))
        amounts = sealed.get("bids") or {}
        parts: list = []
        for s in sealed.get("bidders", []):
            if str(s) in amounts:
                state = yen(amounts[str(s)])
            elif s in done:
                state = "has bid" + (f" ({yen(sealed['own'])}, yours)" if s == v.get("viewer") and "own" in sealed else "")
            else:
                state = "thinking…"
            parts.append(f"{self.seat_name(s)}: {state}")
        out.append("Bids: " + " · ".join(parts) if parts else "Bids: none")
        if b.get("stage") and b["stage"] != "bidding":
            tied = b.get("tied") or []
            what = (f"tied: {', '.join(self.seat_name(s) for s in tied)}; " if tied else "")
            out.append(f"{what}{self.seat_name(v.get('turn', 0))} decides")
        return out


class MarketCard(FishPainter):
    """One market tableau, fish or external."""

    def __init__(self, game: Game, seats: list[Seat], mid: str, **kw):
        super().__init__(game, seats, classes="tj-market", **kw)
        self.mid = mid

    def set_view(self, view: dict) -> None:
        markets = view.get("markets", {})
        data = markets.get("fish", {}).get(self.mid, markets.get("external", {}).get(self.mid))
        self.display = data is not None
        if self.mid in ALL_CODES:
            self.border_title = Content.assemble(self.chip(self.mid), f" {self.market_name(self.mid)}")
            over = bool(data and data.get("overfished"))
            self.border_subtitle = Content("OVERFISHED") if over else None
            self.set_class(over, "-overfished")
        else:
            self.border_title = Content(self.market_name(self.mid))
            side = (view.get("collapsed") or {}).get(self.mid) if data is not None else None
            self.border_subtitle = Content(COLLAPSE_TEXT.get(side, str(side).upper())) if side else None
            self.set_class(side == "closed", "-closed")
            self.set_class(side == "collapsed", "-collapsed")
        super().set_view(view)

    def text_lines(self, v: dict) -> list:
        markets = v.get("markets", {})
        if self.mid in ALL_CODES:
            d = markets.get("fish", {}).get(self.mid)
            return [] if d is None else self.fish_lines(v, d)
        d = markets.get("external", {}).get(self.mid)
        return [] if d is None else self.external_lines(v, d)

    def fish_lines(self, v: dict, d: dict) -> list:
        """Two or three short lines: the stock, the licences and what a token is worth now."""
        f = self.mid
        values = v.get("token_values", {})
        lic = f"licences {d.get('licences', 0)}"
        if f in BAG_FISH:
            bag = v.get("bag", {}).get(f, {})
            left = d.get("tokens_in_bag", sum(bag.values()))
            return [f"barrels {d.get('barrels', 0)} · {lic}", f"tokens in the bag: {left}",
                    ["bag ", *self.counted(bag)]]
        if f == "clams_oysters":
            bag = v.get("bag", {}).get(f, {})
            left = d.get("tokens_in_bag", sum(bag.values()))
            return [f"barrels {d.get('barrels', 0)} · {lic}", f"tokens in the bag: {left}",
                    ["bag ", *self.counted(bag)],
                    ["value ", self.chip("clam"), f" {values.get('clam', '?')} · ", self.chip("oyster"),
                     f" {values.get('oyster', '?')}"]]
        out: list = [f"barrels {d.get('barrels', 0)} · tokens {d.get('tokens', 0)}"]
        if f in ("eel", "swordfish"):
            out.append(f"{lic} · value {d.get('value', values.get(f, '?'))}")
        elif f == "nori":
            most = self.market_data(f).get("max_held", 1)
            out += [f"{lic} · free", f"at most {most} a player", "value: other res ÷ 10"]
        elif f == "sardines":
            price = self.market_data(f).get("canned_price", 100)
            out += [f"{lic} · value {values.get(f, '?')}", f"Iwashi {d.get('iwashi', 0)} · {yen(price)} each"]
        elif f == "octopus":
            out.append([f"{lic} · value ", self.chip("octopus"), f" {values.get('octopus', '?')}"])
            out.append([f"takoyaki {d.get('takoyaki', 0)} · value ", self.chip("takoyaki"),
                        f" {values.get('takoyaki', '?')}"])
        elif f == "salmon":
            out.append([f"{lic} · value ", self.chip("salmon"), f" {values.get('salmon', '?')}"])
            out.append(["spoiled ", self.chip("salmon_spoiled"), f" {values.get('salmon_spoiled', '?')}"])
        else:
            out.append(f"{lic} · value {values.get(f, '?')}")
        if d.get("to_settle"):
            out.append("payments for tokens due")
        return out

    def external_lines(self, v: dict, d: dict) -> list:
        m = self.mid
        if m == "bank":
            return [f"loans {d.get('loans', 0)} · shares {d.get('shares', 0)}"]
        if m in ("ships", "used_ships"):
            boats = d.get("boats", {})
            text = " · ".join(f"{boat_name(t)} ×{n}" for t, n in boats.items() if n)
            return [text or "no boats"]
        if m == "rental":
            return [f"cool boxes {d.get('coolboxes', 0)} · hand carts {d.get('carts', 0)}"]
        if m in ("aquarium", "new_aquarium"):
            spaces = d.get("spaces", {})
            full = [[self.chip(f), ": ", *self.counted(c)] for f, c in spaces.items() if any(c.values())]
            return full or ["every space empty"]
        if m in ("government", "trade"):
            spaces: list = ["spaces "]
            for i, c in enumerate(d.get("spaces", [])):
                spaces += [f"{' · ' if i else ''}{i + 1}: ", *self.counted(c)]
            out: list = [spaces] if len(spaces) > 1 else []
            if m == "trade":
                out.append("traded this turn" if d.get("traded") else "not traded this turn")
            return out or ["no spaces"]
        if m == "auction":
            return ["sell tokens by sealed bid"]
        if m == "barter":
            return ["swap tokens by sealed bid"]
        if m == "foreign_market":
            cost = next((o.get("yen", 0) for o in self.market_data(m).get("entry", [])), 100)
            out = ["entered only by docking", f"{yen(cost)} a group of boats", "auctioned as one lot"]
            docked = [f"{self.tag(s)} #{j + 1}" for s, st in enumerate(v.get("seats", []))
                      for j, b in enumerate(st.get("boats", [])) if b.get("at") == "foreign"]
            if docked:
                out.append("docked here: " + " · ".join(docked))
            return out
        if m == "influence":
            price = self.market_data(m).get("price", 200)
            out = [f"buyer markers {d.get('buyers', 0)}", f"expansion markers {d.get('expansions', 0)}",
                   f"{yen(price)} each"]
            given = v.get("buyers") or []
            if given:
                out.append("given: " + " · ".join(f"{self.tag(o)} → {self.tag(t)}" for o, t in given))
            return out
        if m == "overfishing":
            per = yen(self.market_data(m).get("per_token", 100))
            return ["cannot be entered", f"end: -{per} a token of an overfished market, +{per} a token of any other"]
        if m == "ship_rental":
            per = yen(self.market_data(m).get("price_per_hold", 100))
            out = [f"rental markers {d.get('markers', 0)}", f"{per} a hold, one trip"]
            rented = [f"{self.tag(s)} #{j + 1} {boat_name(b['type'])} ({self.market_name(b['rented'])})"
                      for s, st in enumerate(v.get("seats", []))
                      for j, b in enumerate(st.get("boats", [])) if b.get("rented")]
            if rented:
                out.append("rented out: " + " · ".join(rented))
            return out
        if m == "sushi_shop":
            return self.sushi_lines(d)
        return [", ".join(f"{k} {val}" for k, val in d.items()) or "–"]

    def sushi_lines(self, d: dict) -> list:
        """One line per size of space: '3 kinds ¥700: FU EE SA · –' (000:582)."""
        specs = self.market_data("sushi_shop").get("spaces", [])
        spaces = d.get("spaces", [])
        rows: dict = {}
        for i, c in enumerate(spaces):
            spec = specs[i] if i < len(specs) else {}
            rows.setdefault((spec.get("shapes", "?"), spec.get("yen", 0)), []).append(c)
        out: list = []
        for (n, price), cells in rows.items():
            parts: list = [f"{n} kind{'s' if n != 1 else ''} {yen(price)}: "]
            for k, c in enumerate(cells):
                parts += ([" · "] if k else []) + self.counted(c)
            out.append(parts)
        return out or ["no spaces"]


class OrderPanel(FishPainter):
    """The open market order (000:628): the markets not in play, face up in the order in
    which they come into play; the next of each kind first."""

    def set_view(self, view: dict) -> None:
        self.display = bool(view.get("order"))
        self.border_title = Content("Markets to come (open order)")
        super().set_view(view)

    def text_lines(self, v: dict) -> list:
        order = v.get("order") or {}
        strong = self.vstyle("tj--strong")
        out: list = []
        for kind, title in (("fish", "Fish"), ("external", "External")):
            mids = order.get(kind) or []
            line: list = [(f"{title}: ", strong)]
            if not mids:
                line.append("none left")
            for n, mid in enumerate(mids):
                line.append("next " if n == 0 else ", then " if n == 1 else " · ")
                if mid in ALL_CODES:
                    line += [self.chip(mid), " "]
                line.append(self.market_name(mid))
            out.append(line)
        return out


class HarbourCard(FishPainter):
    """One seat's harbour: yen, berths, boats and their cargo, the sale rows, licences and tokens."""

    def __init__(self, game: Game, seats: list[Seat], seat: int, **kw):
        super().__init__(game, seats, classes="tj-harbour", **kw)
        self.seat = seat

    def set_view(self, view: dict) -> None:
        s = self.seat
        you = " (you)" if view.get("viewer") == s else ""
        yens = view.get("yen", [])
        money = yen(yens[s] if s < len(yens) else None)
        self.border_title = Content(f"{seat_tag(s, self.seat_name(s))} {self.seat_name(s)}{you} · {money}")
        res = view.get("resources", [])
        self.border_subtitle = Content(f"resources {res[s]}") if s < len(res) else None
        self.set_class(not view.get("over") and s in view.get("to_act", []), "-acting")
        self.set_class(not view.get("over") and view.get("turn") == s, "-turn")
        super().set_view(view)

    def text_lines(self, v: dict) -> list:
        seats = v.get("seats", [])
        if self.seat >= len(seats):
            return []
        st = seats[self.seat]
        strong = self.vstyle("tj--strong")
        out: list = []
        boats = st.get("boats", [])
        berths: list = [("Berths ", strong)]
        for i, berth in enumerate(BERTH_NAMES):
            here = [(j, b) for j, b in enumerate(boats) if b.get("at") == berth]
            if i >= st.get("berths", 1):
                what = "covered"
            elif here:
                what = " + ".join(self.boat_text(j, b) for j, b in here)
            else:
                what = "empty"
            berths.append(f"{' · ' if i else ''}{berth[0].upper()} {what}")
        out.append(berths)
        at_sea: list = [("At sea ", strong)]
        for n, (j, b) in enumerate((j, b) for j, b in enumerate(boats) if b.get("at") == "sea"):
            at_sea += ([" · "] if n else []) + self.cargo(j, b)
        if len(at_sea) == 1:
            at_sea.append("no boat")
        out.append(at_sea)
        foreign = [(j, b) for j, b in enumerate(boats) if b.get("at") == "foreign"]
        if foreign:                                          # docked at the Foreign Market (000:551)
            line: list = [("At the Foreign Market ", strong)]
            for n, (j, b) in enumerate(foreign):
                line += ([" · "] if n else []) + self.cargo(j, b)
            out.append(line)
        out += self.sale_rows(st)
        extras: list = [("Licences ", strong), *self.counted(st.get("licences", {}))]
        if st.get("buyers"):                                 # on licence spaces (000:564)
            n = st["buyers"]
            extras.append(f" · buyer marker{'s' if n != 1 else ''}" + (f" ×{n}" if n > 1 else ""))
        rentals = st.get("rentals", [])
        if rentals:
            names = {"coolbox": "cool box", "cart": "hand cart"}
            extras.append(" · rented " + ", ".join(f"{names.get(r[0], r[0])} ({r[1]} use{'s' if r[1] != 1 else ''})"
                                                   for r in rentals))
        extras += [("  Tokens ", strong), *self.counted(st.get("tokens", {}))]
        out.append(extras)
        if st.get("loans") or st.get("shares"):
            out.append(f"Bank: loans {st.get('loans', 0)} · shares {st.get('shares', 0)}")
        out += self.himono_lines(st)
        out += self.buyer_lines(v)
        return out

    def himono_lines(self, st: dict) -> list:
        """What lies on each Himono licence, up to 2 barrels or tokens (000:474)."""
        lists = list(st.get("himono") or [])
        lists += [[]] * max(0, st.get("licences", {}).get("himono", 0) - len(lists))
        if not lists:
            return []
        holds = self.market_data("himono").get("licence_holds", 2)
        parts: list = [("Himono licences ", self.vstyle("tj--strong"))]
        for k, items in enumerate(lists):
            parts += [" · " if k else "", self.chip("himono"), f"{k + 1}: "]
            if not items:
                parts.append("empty")
            for n, item in enumerate(items):
                what, _, kind = item.partition(":")
                parts += [", " if n else "", "barrel " if what == "b" else "token ", self.chip(kind)]
            if len(items) >= holds:
                parts.append(" (full: a himono barrel next turn)")
        return [parts]

    def buyer_lines(self, v: dict) -> list:
        """Buyer markers this seat has given, and those given to it (000:564)."""
        out: list = []
        strong = self.vstyle("tj--strong")
        for owner, target in v.get("buyers") or []:
            if self.seat not in (owner, target):
                continue
            if owner == self.seat:
                where = f"given to {self.tag(target)} {self.seat_name(target)}"
            else:
                where = f"of {self.tag(owner)} {self.seat_name(owner)} lies here"
            out.append([("Buyer marker ", strong), f"{where}: {self.seat_name(owner)} buys from the other harbours "
                        f"after {self.seat_name(target)}'s next turn"])
        return out

    def sale_rows(self, st: dict) -> list:
        """The harbour's two sale rows, by price column: 'Fresh   ¥300 EE · ¥500 MA MA'."""
        columns = tuple(self.game.rules.harbour_numbers()["columns"])
        if not st.get("harbour"):
            return [[("For sale ", self.vstyle("tj--strong")), "nothing"]]
        out: list = []
        for row, title in ROW_NAMES.items():
            cells: dict[int, list[str]] = {}
            for kind, r, col in st.get("harbour", []):
                if r == row:
                    cells.setdefault(column_price(col, columns), []).append(kind)
            parts: list = [(f"{title:<8}", self.vstyle("tj--strong" if row == "upper" else "tj--muted"))]
            if not cells:
                parts.append("–")
            for n, price in enumerate(sorted(cells)):
                parts.append(f"{' · ' if n else ''}{yen(price)}")
                for kind in cells[price]:
                    parts += [" ", self.chip(kind)]
            out.append(parts)
        return out


class TsukijiBoard(Board):
    """The whole Tsukiji table, redrawn from the view after every move. A "???" price is
    chosen in the list like any other and then said on a screen of its own (000:138)."""

    data_in_picker = True

    @classmethod
    def open_data(cls, request) -> None:
        from .tsukiji_price import ask_price
        ask_price(request)

    def compose(self) -> ComposeResult:
        yield FishPalette()
        yield StatusPanel(self.game, self.seats, id="tj-status")
        yield BidPanel(self.game, self.seats, id="tj-bid")
        yield Static("Harbours", classes="tj-heading")
        with ItemGrid(id="tj-harbours", min_column_width=48, stretch_height=False):
            for s in range(len(self.seats)):
                yield HarbourCard(self.game, self.seats, s)
        yield Static("Fish markets", classes="tj-heading")
        with ItemGrid(id="tj-fish", min_column_width=26, stretch_height=True):
            for f in ALL_FISH_IDS:
                yield MarketCard(self.game, self.seats, f)
        yield Static("Other markets", classes="tj-heading")
        with ItemGrid(id="tj-external", min_column_width=26, stretch_height=True):
            for m in ALL_EXTERNAL_IDS:
                yield MarketCard(self.game, self.seats, m)
        yield OrderPanel(self.game, self.seats, id="tj-order")

    def show(self, view: dict) -> None:
        self.query_one(StatusPanel).set_view(view)
        bid = self.query_one(BidPanel)
        bid.display = bool(view.get("bid"))
        bid.set_view(view)
        for card in self.query(HarbourCard):
            card.set_view(view)
        for card in self.query(MarketCard):
            card.set_view(view)
        self.query_one(OrderPanel).set_view(view)

    @classmethod
    def seat_summary(cls, game: Game, view: dict, seat: int) -> str:
        yens, res = view.get("yen", []), view.get("resources", [])
        parts = []
        if seat < len(yens):
            parts.append(yen(yens[seat]) if yens[seat] is not None else "yen hidden")
        if seat < len(res):
            parts.append(f"{res[seat]} res")
        return " · ".join(parts)

    @classmethod
    def private_lines(cls, game: Game, view: dict, seat: int) -> list[str]:
        lines = []
        yens = view.get("yen", [])
        if view.get("money") == "hidden" and seat < len(yens) and yens[seat] is not None:
            lines.append(f"Your money: {yen(yens[seat])}")
        own = (view.get("bid") or {}).get("own")
        if own is not None:
            lines.append(f"Your bid: {yen(own)}")
        return lines

    @classmethod
    def breakdown_lines(cls, game: Game, entry: dict) -> list[str]:
        known = {"yen", "resources", "resource_bonus", "loans_repaid", "interest_paid", "interest_received",
                 "tokens_yen", "total"}
        if not known <= set(entry):
            return super().breakdown_lines(game, entry)

        def signed(n: int) -> str:
            return f"+{yen(n)}" if n >= 0 else yen(n)

        lines = [f"Yen in hand: {yen(entry['yen'])}",
                 f"Resources: {entry['resources']} → tokens {signed(entry['tokens_yen'])}",
                 f"Resource bonus: {signed(entry['resource_bonus'])}"]
        if entry["loans_repaid"] or entry["interest_paid"]:
            lines.append(f"Loans repaid: {signed(-entry['loans_repaid'])} · interest {signed(-entry['interest_paid'])}")
        if entry["interest_received"]:
            lines.append(f"Interest from shares: {signed(entry['interest_received'])}")
        if entry.get("markets"):                             # the Overfishing market (000:574-576)
            lines.append(f"Overfishing market: {signed(entry['markets'])}")
        lines.append(f"Total: {yen(entry['total'])}")
        return lines
