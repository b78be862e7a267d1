"""The Izakaya table: the grid of lot cards with the bottles on its corners and the claim
discs on its edges, the six colour cards, the turn order, the bid pile and every seat.

The grid is drawn in text. A bottle on a corner is its colour letter (W M K B R P, from
drinks.toml) on a chip in its colour, so colour is never the only clue; an empty corner
is a line junction, or ○ where a bottle may stand now. A claim disc on an edge is its
seat number on a bright chip. Each card shows its position (row,column, counted from 1),
its owner (▲ and the seat number, or "blue" for the unusable centre card), the floors of
its building(s) (F3; a card with two outlines F2|F1) and the yen of the bottles touching
it. The numbers along the top and the left are the corners' numbers the action list uses
("corner 2,3": line 2 from the top, line 3 from the left).

The board draws only what the view gives: sealed bids show who has bid, amounts only once
revealed.
"""

from __future__ import annotations

from textual.app import ComposeResult

from core.game import Game

from .base import Board, Palette, ViewPainter

COLOUR_IDS = ("white", "mint", "black", "blue", "red", "purple")
SMALL = (13, 2)      # characters across and lines inside a card: fits a 5×5 grid in 80 columns
LARGE = (19, 3)      # the same where the board is wide enough
ACTION_DISCS = 3     # 004:107
NAME_W = 12


def yen(n: int) -> str:
    return f"-¥{-n:,}" if n < 0 else f"¥{n:,}"


def seat_tag(seat: int, name: str) -> str:
    """A seat in few characters: the name's initial and the seat number, e.g. 'A1'."""
    return f"{(name[:1] or '?').upper()}{seat + 1}"


def floors_text(pieces: list[dict] | None) -> str:
    return f"F{max(p['floor'] for p in pieces)}" if pieces else "–"


def card_floors(view: dict, r: int, c: int) -> str:
    """'F3'; a card with two outlines 'F2|F1' ('–' for an outline without a building)."""
    outlines = view["cards"][r][c].get("outlines") or [None]
    return "|".join(floors_text(view["buildings"].get(f"{r}:{c}:{o}")) for o in range(len(outlines)))


def corner_cards(k: int, i: int, j: int) -> int:
    """How many cards meet at lattice point (i, j)."""
    return sum(1 for r in (i - 1, i) for c in (j - 1, j) if 0 <= r < k and 0 <= c < k)


def corners_free(view: dict) -> set[tuple[int, int]]:
    """Where a bottle may stand now (004:115): free corners where 4 cards meet, and once
    those are full, free corners where 2 meet; never a lone outer corner."""
    k = view["k"]
    free4, free2 = set(), set()
    for i in range(k + 1):
        for j in range(k + 1):
            n = corner_cards(k, i, j)
            if f"{i}:{j}" in view["corners"] or n == 1:
                continue
            (free4 if n == 4 else free2).add((i, j))
    return free4 or free2


def discs_left(view: dict, seat: int) -> int:
    """The action discs a seat still has to place this round."""
    phase = view["phase"]
    if phase == "bid":
        return ACTION_DISCS
    turns, turn = view["turns"], view["turn"]
    if phase == "actions":
        return turns[turn:].count(seat)
    if phase == "bonus":
        return turns[turn + 1:].count(seat)
    return 0


class IzakayaPalette(Palette):
    """The bottles' colours, the discs, the blue card and the words' styles (izakaya.tcss)."""

    COMPONENT_CLASSES = ({f"izk--{c}" for c in COLOUR_IDS}
                         | {"izk--disc", "izk--free", "izk--owner", "izk--bluecard", "izk--strong",
                            "izk--muted", "izk--used", "izk--line", "izk--acting"})


class IzakayaPainter(ViewPainter):
    """A widget that writes the table: bottles as chips styled from izakaya.tcss."""

    PALETTE = IzakayaPalette

    def colour_kind(self, colour: str):
        rules = self.game.rules
        i = rules.colours.index(colour) if colour in rules.colours else -1
        return rules.drinks.colours[i] if i >= 0 else None

    def letter(self, colour: str) -> str:
        kind = self.colour_kind(colour)
        return kind.letter if kind else (colour[:1].upper() or "?")

    def chip(self, text: str, colour: str):
        component = f"izk--{colour}"
        if not self.has_component(component):
            return text
        return text, self.vstyle(component)

    def tag(self, seat: int) -> str:
        return f"{seat_tag(seat, self.seat_name(seat))} {self.seat_name(seat)[:NAME_W].rstrip()}"



def plain_len(parts: list) -> int:
    return sum(len(p[0] if isinstance(p, tuple) else p) for p in parts)


def spread(left: list, right: list, width: int) -> list:
    """Parts of one card line: `left` at the start, `right` at the end, padded to `width`
    (the right side is dropped when both do not fit)."""
    gap = width - plain_len(left) - plain_len(right)
    if gap < 1 or not right:
        right, gap = [], width - plain_len(left)
    if gap < 0:
        text = "".join(p[0] if isinstance(p, tuple) else p for p in left)
        return [text[:width - 1] + "…"]
    return [*left, " " * gap, *right]


class StatusPanel(IzakayaPainter):
    """The round, the phase and who is to play."""

    def text_lines(self, v: dict) -> list:
        strong = self.vstyle("izk--strong")
        phase = v["phase"]
        head = (f"Round {v['round']}", strong)
        if phase == "over":
            return [[("The game is over", strong), ": the buildings are scored"]]
        if phase == "bid":
            done = len(v["bid"].get("done", []))
            n = len(v["bid"].get("bidders", self.seats))
            return [[head, f" · sealed bids for the turn order: {done} of {n} have bid"]]
        acting = v["to_act"][0] if v.get("to_act") else None
        who = f"▶ {self.tag(acting)}" if acting is not None else "nobody"
        if phase == "bonus":
            return [[head, f" · {who} builds a free piece (three claim discs in a line)"]]
        total = len(v["turns"])
        last = " · the last round" if v.get("last") else ""
        return [[head, f" · action round, disc {min(v['turn'] + 1, total)} of {total}: ",
                 (who, self.vstyle("izk--acting")), " to play", last]]


class GridPanel(IzakayaPainter):
    """The lot cards, with the bottles on their corners and the claim discs on their edges."""

    JUNCTIONS = {(0, 0): "┌", (0, 1): "┬", (0, 2): "┐", (1, 0): "├", (1, 1): "┼", (1, 2): "┤",
                 (2, 0): "└", (2, 1): "┴", (2, 2): "┘"}

    def cell_size(self, k: int) -> tuple[int, int]:
        """Large cards where the board has room for them (ruler, k + 1 lines, k cards), with
        room kept for a scroll bar so that its coming and going never flips the size."""
        board = self.parent
        if board is None:
            return SMALL
        room = board.content_region.width - board.styles.scrollbar_size_vertical - self.styles.gutter.width
        return LARGE if room >= 2 + (k + 1) + k * LARGE[0] else SMALL

    def text_lines(self, v: dict) -> list:
        k = v["k"]
        self.w, self.h = self.cell_size(k)
        line_style = self.vstyle("izk--line")
        muted = self.vstyle("izk--muted")
        free = corners_free(v) if v["phase"] != "over" else set()
        ruler = "  "
        for j in range(k + 1):
            ruler += str(j).ljust(self.w + 1 if j < k else 1)
        out: list = [[(ruler, muted)]]
        for i in range(k + 1):
            row: list = [(f"{i} ", muted)]
            for j in range(k + 1):
                row.append(self._corner(v, k, i, j, free, line_style))
                if j < k:
                    row += self._h_edge(v, k, i, j, line_style)
            out.append(row)
            if i == k:
                break
            for line in range(self.h):
                row = ["  "]
                for j in range(k + 1):
                    row.append(self._v_edge(v, k, i, j, line, line_style))
                    if j < k:
                        row += self._card_line(v, i, j, line)
                out.append(row)
        return out

    def _corner(self, v, k, i, j, free, line_style):
        colour = v["corners"].get(f"{i}:{j}")
        if colour is not None:
            return self.chip(self.letter(colour), colour)
        if (i, j) in free:
            return "○", self.vstyle("izk--free")
        place = (0 if i == 0 else 2 if i == k else 1, 0 if j == 0 else 2 if j == k else 1)
        return self.JUNCTIONS[place], line_style

    def _h_edge(self, v, k, i, j, line_style) -> list:
        seat = v["edges"].get(f"h:{i - 1}:{j}") if 0 < i < k else None
        if seat is None:
            return [("─" * self.w, line_style)]
        mark = f" {seat + 1} "
        left = (self.w - len(mark)) // 2
        return [("─" * left, line_style), (mark, self.vstyle("izk--disc")),
                ("─" * (self.w - left - len(mark)), line_style)]

    def _v_edge(self, v, k, i, j, line, line_style):
        seat = v["edges"].get(f"v:{i}:{j - 1}") if 0 < j < k else None
        if seat is None:
            return "│", line_style
        # One chip spanning the edge: the seat number on its middle line.
        return (str(seat + 1) if line == (self.h - 1) // 2 else " "), self.vstyle("izk--disc")

    def _card_line(self, v, r, c, line) -> list:
        """One line inside a card: a space either side of the text."""
        card = v["cards"][r][c]
        width = self.w - 2
        worth = self._worth(v, r, c)
        money = [yen(worth), f"¥{worth}"] if worth else []
        if line == 0:
            left = [f"{r + 1},{c + 1}"]
            if card.get("blue"):
                right = [("blue", self.vstyle("izk--bluecard"))]
            elif card.get("owner") is not None:
                right = [(f"▲{card['owner'] + 1}", self.vstyle("izk--owner"))]
            else:
                right = []
            return [" ", *spread(left, right, width), " "]
        if card.get("blue"):
            text = "unusable" if line == 1 else ""
            return [" ", *spread([(text, self.vstyle("izk--muted"))], [], width), " "]
        floors = card_floors(v, r, c)
        if self.h >= 3:                      # large cards: floors, then the bottles' yen
            text = floors if line == 1 else f"bottles {money[0]}" if money else ""
            return [" ", text.ljust(width)[:width], " "]
        for m in money:                      # small cards: both on one line, the yen shortened if need be
            if len(floors) + 1 + len(m) <= width:
                return [" ", *spread([floors], [m], width), " "]
        return [" ", *spread([floors], [], width), " "]

    @staticmethod
    def _worth(v, r, c) -> int:
        """The yen of the bottles on the card's corners (004:129-131)."""
        return sum(v["prices"].get(v["corners"][f"{i}:{j}"], 0)
                   for i, j in ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)) if f"{i}:{j}" in v["corners"])


class LegendPanel(IzakayaPainter):
    def text_lines(self, v: dict) -> list:
        muted = self.vstyle("izk--muted")
        return [[("Card: row,column · ▲n owner · F floors (two buildings F2|F1) · ¥ its bottles",
                  muted)],
                [("Corner: the bottle's letter, ○ open to a bottle · Edge: a claim disc by seat", muted)]]


class ColourPanel(IzakayaPainter):
    """The six colour cards: the yen on each, the bottles in its crate, its disc this round."""

    LABEL = 16
    COL = 9

    def text_lines(self, v: dict) -> list:
        strong = self.vstyle("izk--strong")
        used_style = self.vstyle("izk--used")
        colours = [c for c in self.game.rules.colours if c in v["prices"]]
        # The discs come back at the end of an action round (004:125): none lie out while bidding.
        between = v["phase"] in ("bid", "over")
        used = set() if between else set(v["used"].get("colours", []))
        names: list = [("Colour cards".ljust(self.LABEL), strong)]
        prices: list = ["  yen".ljust(self.LABEL)]
        crates: list = ["  bottles left".ljust(self.LABEL)]
        discs: list = ["  disc (round)".ljust(self.LABEL)]
        for colour in colours:
            kind = self.colour_kind(colour)
            text = f"{kind.letter} {kind.name}" if kind else colour
            names += [self.chip(text, colour), " " * max(1, self.COL - len(text))]
            prices.append(yen(v["prices"][colour]).ljust(self.COL))
            left = v["crates"].get(colour, 0)
            crates.append((str(left) if left else "0 empty").ljust(self.COL))
            discs.append(("● used".ljust(self.COL), used_style) if colour in used else "–".ljust(self.COL))
        price_used = not between and v["used"].get("price")
        price = [("Price adjustment ", strong), "(move ¥100 from one colour card to another): ",
                 ("● used this round", used_style) if price_used else "free"]
        return [names, prices, crates, discs, price]


class TablePanel(IzakayaPainter):
    """The turn-order track, the bid pile and every seat's yen, pyramids and discs."""

    def text_lines(self, v: dict) -> list:
        strong = self.vstyle("izk--strong")
        acting_style = self.vstyle("izk--acting")
        acting = set(v.get("to_act", []))
        out: list = []
        # The track, broken between seats where the panel is narrow.
        width = self.content_size.width or 76
        track: list = [("Turn order ", strong)]
        used = len("Turn order ")
        for place, seat in enumerate(v["order"]):
            label = f"{place + 1} {self.tag(seat)}"
            here = seat in acting and v["phase"] != "bid"
            if here:
                label = "▶" + label
            sep = " · " if place else ""
            if place and used + len(sep) + len(label) > width:
                out.append(track)
                track, used, sep = [" " * len("Turn order ")], len("Turn order "), ""
            track += [sep, (label, acting_style) if here else label]
            used += len(sep) + len(label)
        out.append(track)
        pile = [("Bids ", strong), f"{yen(v['pile'])} of {yen(v['threshold'])}"]
        pile.append(" — last round" if v.get("last") else ": reaching it means one more action round")
        out.append(pile)
        out.append([("Pieces ", strong), f"{len(v.get('supply', []))} in the supply"])
        bid = v.get("bid") or {}
        done = set(bid.get("done", []))
        amounts = bid.get("bids") if bid.get("complete") else None
        bid_head = "Bid" if amounts is None or v["phase"] == "bid" else "Last bid"
        out.append([(f"  {'Seat':<{NAME_W + 3}} {'Yen':>7}  {'Pyramids':>8}  {'Claim discs':>11}  "
                     f"{'Action discs':>12}  {bid_head}", strong)])
        for seat in range(len(v["yen"])):
            if amounts is not None:
                said = yen(amounts.get(str(seat), 0))
            elif v["phase"] == "bid":
                said = "has bid" if seat in done else "to bid"
            else:
                said = "–"
            marker = "▶ " if seat in acting else "  "
            row = (f"{self.tag(seat):<{NAME_W + 3}} {yen(v['yen'][seat]):>7}  {v['pyramids'][seat]:>8}  "
                   f"{v['claim_discs'][seat]:>11}  {discs_left(v, seat):>12}  {said}")
            out.append([marker, (row, acting_style) if seat in acting else row])
        return out


#: Izakaya's moves that place one piece on a lot (004:123): a build, and the free piece
BUILD_KEYS = ("build", "bonus")


class IzakayaBoard(Board):
    """The whole Izakaya table, redrawn from the view after every move. A build is chosen in
    the list of actions like any other; its lot and its piece come on screens of their own."""

    data_in_picker = True

    @classmethod
    def open_data(cls, request) -> None:
        from ..practice.lot_build import open_lot_build
        open_lot_build(request)

    @classmethod
    def phone_lots(cls, game: Game, view: dict, seat: int, key: str) -> list[tuple[str, str]] | None:
        from ..practice.lot_build import lots_of
        if key not in BUILD_KEYS:
            return None
        return lots_of(view, game.rules.deck)

    @classmethod
    def phone_bench(cls, match, seat: int, key: str, lot: str, clock, names: list[str], play=None):
        from ..practice.lot_build import LotBench
        return LotBench(match, seat, clock, names, lot, key, play=play)

    def compose(self) -> ComposeResult:
        yield IzakayaPalette()
        yield StatusPanel(self.game, self.seats, id="izk-status")
        yield GridPanel(self.game, self.seats, id="izk-grid")
        yield LegendPanel(self.game, self.seats, id="izk-legend")
        yield ColourPanel(self.game, self.seats, id="izk-colours")
        yield TablePanel(self.game, self.seats, id="izk-table")

    def show(self, view: dict) -> None:
        for panel in self.query(IzakayaPainter):
            panel.set_view(view)

    def on_resize(self, event) -> None:
        # The grid's card size follows the board's width.
        self.query_one(GridPanel).refresh(layout=True)

    @classmethod
    def seat_summary(cls, game: Game, view: dict, seat: int) -> str:
        owned = sum(1 for row in view["cards"] for card in row if card.get("owner") == seat)
        return f"{yen(view['yen'][seat])}, {owned} card{'s' if owned != 1 else ''}"

    @classmethod
    def private_lines(cls, game: Game, view: dict, seat: int) -> list[str]:
        own = (view.get("my_bid") or {}).get("own")
        return [] if own is None else [f"Your bid: {yen(own)}"]

    @classmethod
    def breakdown_lines(cls, game: Game, entry: dict) -> list[str]:
        rules = game.rules
        letters = {k.id: k.letter for k in rules.drinks.colours}
        lines = [f"Yen in hand: {yen(entry['yen'])}"]
        for b in entry.get("buildings", []):
            r, c, outline = (int(x) for x in str(b["card"]).split(":"))
            where = f"card {r + 1},{c + 1}" + (f" (building {outline + 1})" if outline else "")
            bottles = " ".join(letters.get(x, x) for x in b["bottles"])
            floors = b["floors"]
            lines.append(f"{where}: {floors} floor{'s' if floors != 1 else ''} × {yen(b['bottle_yen'])} "
                         f"({'bottles ' + bottles if bottles else 'no bottles'}) = {yen(b['scored'])}")
        if not entry.get("buildings"):
            lines.append("No buildings on owned cards")
        lines.append(f"Total: {yen(entry['total'])}")
        return lines
