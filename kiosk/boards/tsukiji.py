"""The Tsukiji Market table: every market in play, every harbour, the turn and any sealed bid.

Every fish is written with a two-letter code (MA mackerel, EE eel, FU fugu, OC octopus,
TK takoyaki, RS red snapper, SA salmon, KC king crab, SQ squid, TU tuna) as well as in
its colour, so the board reads the same without colour vision. Tokens of the bag fish
carry their value (KC6, TU20); a salmon token "4" side up (spoiled) reads SA4.

The board draws only what the view gives: another seat's yen under hidden money is None
in the view and reads "hidden"; sealed bids show who has bid, amounts only once revealed.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import ItemGrid
from textual.content import Content
from textual.widgets import Static

from core.game import Game

from ..screens import Seat
from .base import Board, ViewPainter

FISH_CODES = {"mackerel": "MA", "eel": "EE", "fugu": "FU", "octopus": "OC", "red_snapper": "RS",
              "salmon": "SA", "king_crab": "KC", "squid": "SQ", "tuna": "TU"}
FISH_IDS = tuple(FISH_CODES)
EXTERNAL_IDS = ("aquarium", "auction", "bank", "barter", "government", "rental", "ships", "trade",
                "used_ships")
BAG_FISH = ("king_crab", "tuna")
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
    """The fish of a barrel or token kind: 'king_crab_6' → king_crab, 'takoyaki' → octopus."""
    if kind == "takoyaki":
        return "octopus"
    if kind in FISH_CODES:
        return kind
    return next((f for f in FISH_IDS if kind.startswith(f + "_")), kind)


def code(kind: str) -> str:
    """The short code of a barrel or token kind: MA, TK, KC6, SA4."""
    if kind == "takoyaki":
        return "TK"
    if kind == "salmon_spoiled":
        return "SA4"
    if kind in FISH_CODES:
        return FISH_CODES[kind]
    fish = fish_of(kind)
    if fish in FISH_CODES:
        return FISH_CODES[fish] + kind[len(fish) + 1:]
    return kind


def boat_name(boat_type: str) -> str:
    """'ship(3)': a ship with 3 holds; 'barge'."""
    return "barge" if boat_type == "barge" else f"ship({boat_type})"


def column_price(col: str, columns: tuple[int, ...]) -> int:
    """The price of a sale column: 'c3' is the third printed column, 'q1200' the ??? at ¥1,200."""
    n = int(col[1:])
    if col[0] == "c":
        return columns[n - 1] if 0 < n <= len(columns) else 0
    return n


class FishPainter(ViewPainter):
    """A widget that writes fish: the code on a chip in the fish's colour (from tsukiji.tcss)."""

    COMPONENT_CLASSES = {f"fish--{f}" for f in FISH_IDS} | {"fish--takoyaki", "tj--strong", "tj--muted"}

    def chip(self, kind: str):
        """A barrel or token as its code, coloured (the full style, or the background is lost)."""
        component = "fish--takoyaki" if kind == "takoyaki" else f"fish--{fish_of(kind)}"
        if component not in self.COMPONENT_CLASSES:
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
        markets = getattr(self.game.rules, "m", {})
        return markets[mid].name if mid in markets else mid.replace("_", " ").title()


class StatusPanel(FishPainter):
    """Round, whose turn, action points, the action in progress, the end of the game."""

    def text_lines(self, v: dict) -> list:
        strong = self.vstyle("tj--strong")
        rnd = f"Round {v.get('round', '?')}"
        if v.get("last_round"):
            rnd += f" of {v['last_round']}"
        money = "hidden money" if v.get("money") == "hidden" else "open money"
        out: list = [[(rnd, strong), f" · {money}"]]
        if v.get("over"):
            out.append([("The game is over", strong), f": {v.get('reason') or 'final scoring'}"])
            return out
        turn = v.get("turn", 0)
        ap = f"{v.get('ap', 0)} action point{'s' if v.get('ap', 0) != 1 else ''} left"
        if v.get("cart_ap"):
            ap += f" (+{v['cart_ap']} hand cart)"
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
            for f in BAG_FISH:
                if ctx.get(f):
                    parts += ["; unloaded for auction: ", self.chip(f), f"×{ctx[f]}"]
            return parts
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
        if self.mid in FISH_CODES:
            self.border_title = Content.assemble(self.chip(self.mid), f" {self.market_name(self.mid)}")
            over = bool(data and data.get("overfished"))
            self.border_subtitle = Content("OVERFISHED") if over else None
            self.set_class(over, "-overfished")
        else:
            self.border_title = Content(self.market_name(self.mid))
        super().set_view(view)

    def text_lines(self, v: dict) -> list:
        markets = v.get("markets", {})
        if self.mid in FISH_CODES:
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
        out: list = [f"barrels {d.get('barrels', 0)} · tokens {d.get('tokens', 0)}"]
        if f == "eel":
            out.append(f"{lic} · value {d.get('value', values.get('eel', '?'))}")
        elif f == "octopus":
            out.append([f"{lic} · value ", self.chip("octopus"), f" {values.get('octopus', '?')}"])
            out.append([f"takoyaki {d.get('takoyaki', 0)} · value ", self.chip("takoyaki"),
                        f" {values.get('takoyaki', '?')}"])
        elif f == "salmon":
            out.append([f"{lic} · value ", self.chip("salmon"), f" {values.get('salmon', '?')}"])
            out.append(["spoiled ", self.chip("salmon_spoiled"), f" {values.get('salmon_spoiled', '?')}"])
        else:
            out.append(f"{lic} · value {values.get(f, '?')}")
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
        if m == "aquarium":
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
        return [", ".join(f"{k} {val}" for k, val in d.items()) or "–"]


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
                what = " + ".join(f"#{j + 1} {boat_name(b['type'])}" for j, b in here)
            else:
                what = "empty"
            berths.append(f"{' · ' if i else ''}{berth[0].upper()} {what}")
        out.append(berths)
        at_sea: list = [("At sea ", strong)]
        for n, (j, b) in enumerate((j, b) for j, b in enumerate(boats) if b.get("at") == "sea"):
            holds = self.game.rules.d.holds(b["type"]) if hasattr(self.game.rules, "d") else len(b["load"])
            at_sea.append(f"{' · ' if n else ''}#{j + 1} {boat_name(b['type'])}:")
            for k in b.get("load", []):
                at_sea += [" ", self.chip(k)]
            free = max(0, holds - len(b.get("load", [])))
            if free:
                at_sea.append(f" {free} empty" if free == holds else f" +{free} empty")
        if len(at_sea) == 1:
            at_sea.append("no boat")
        out.append(at_sea)
        out += self.sale_rows(st)
        extras: list = [("Licences ", strong), *self.counted(st.get("licences", {}))]
        rentals = st.get("rentals", [])
        if rentals:
            names = {"coolbox": "cool box", "cart": "hand cart"}
            extras.append(" · rented " + ", ".join(f"{names.get(r[0], r[0])} ({r[1]} use{'s' if r[1] != 1 else ''})"
                                                   for r in rentals))
        extras += [("  Tokens ", strong), *self.counted(st.get("tokens", {}))]
        out.append(extras)
        if st.get("loans") or st.get("shares"):
            out.append(f"Bank: loans {st.get('loans', 0)} · shares {st.get('shares', 0)}")
        return out

    def sale_rows(self, st: dict) -> list:
        """The harbour's two sale rows, by price column: 'Fresh   ¥300 EE · ¥500 MA MA'."""
        columns = tuple(getattr(getattr(self.game.rules, "d", None), "columns", ()))
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
    def open_data(cls, play, seat: int, key: str) -> None:
        from ..screens.price import ask_price
        ask_price(play, seat, key)

    def compose(self) -> ComposeResult:
        yield StatusPanel(self.game, self.seats, id="tj-status")
        yield BidPanel(self.game, self.seats, id="tj-bid")
        yield Static("Harbours", classes="tj-heading")
        with ItemGrid(id="tj-harbours", min_column_width=48, stretch_height=False):
            for s in range(len(self.seats)):
                yield HarbourCard(self.game, self.seats, s)
        yield Static("Fish markets", classes="tj-heading")
        with ItemGrid(id="tj-fish", min_column_width=26, stretch_height=True):
            for f in FISH_IDS:
                yield MarketCard(self.game, self.seats, f)
        yield Static("Other markets", classes="tj-heading")
        with ItemGrid(id="tj-external", min_column_width=26, stretch_height=True):
            for m in EXTERNAL_IDS:
                yield MarketCard(self.game, self.seats, m)

    def show(self, view: dict) -> None:
        self.query_one(StatusPanel).set_view(view)
        bid = self.query_one(BidPanel)
        bid.display = bool(view.get("bid"))
        bid.set_view(view)
        for card in self.query(HarbourCard):
            card.set_view(view)
        for card in self.query(MarketCard):
            card.set_view(view)

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
        lines.append(f"Total: {yen(entry['total'])}")
        return lines
