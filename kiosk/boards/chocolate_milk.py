"""The Chocolate Milk table: nine lot cards, the colour and shape cards, everyone's crates.

Every drink is shown by its code (colour letter, shape digit) as well as in colour, so
the board reads the same without colour vision. The chip colours live in kiosk.tcss.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Grid, ItemGrid
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Static

from core.components import DrinkKind
from core.game import Game
from games.chocolate_milk.rules import CARD_NAMES, NEIGHBOURS

from ..seats import Seat
from .base import Board, PaintsFromPalette, Palette

COLOUR_IDS = ("white", "mint", "black", "blue", "red", "purple")


def yen(n: int) -> str:
    return f"¥{n:,}"


def seat_tag(seat: int, name: str) -> str:
    """The marker on a lot card: the name's initial and the seat number, e.g. 'A1'."""
    return f"{(name[:1] or '?').upper()}{seat + 1}"


class DrinkPalette(Palette):
    """The drinks' colours and the seats' markers (chocolate_milk.tcss)."""

    COMPONENT_CLASSES = {f"drink--{c}" for c in COLOUR_IDS} | {"crates--seat"}


class DrinkPainter(PaintsFromPalette, Widget):
    """A widget that writes drinks: the colour as a chip styled from chocolate_milk.tcss."""

    PALETTE = DrinkPalette

    def __init__(self, rules, **kw):
        super().__init__(**kw)
        self.rules = rules

    def kinds(self, code: str) -> tuple[DrinkKind, DrinkKind]:
        i = self.rules.code_index[code]
        return self.rules.drinks.colours[i // 6], self.rules.drinks.shapes[i % 6]

    def chip(self, text: str, colour: DrinkKind):
        component = f"drink--{colour.id}"
        if not self.has_component(component):
            return text
        # The full style: a partial one drops the component's background.
        return text, self.get_visual_style(component)

    def code_chip(self, code: str):
        return self.chip(code, self.kinds(code)[0])

    def drink_line(self, code: str) -> Content:
        """'K6 black short can', with 'black' in its colour."""
        colour, shape = self.kinds(code)
        return Content.assemble(code, " ", self.chip(colour.name, colour), f" {shape.name}")


class LotCard(DrinkPainter):
    """One of the nine lot cards: its drinks, and the architects on it in the border."""

    def __init__(self, rules, card: int, **kw):
        super().__init__(rules, classes="lot-card", **kw)
        self.card = card
        self.drinks: list[str] = []
        self.shown: tuple | None = None
        self.border_title = Content(CARD_NAMES[card])

    def set_lot(self, drinks: list[str], standing: str, here: bool, reach: bool) -> None:
        """Redrawn only when something on it changed; laid out again only when its number of
        drinks (its height) did."""
        if (drinks, standing, here, reach) == self.shown:
            return
        taller = len(drinks) != len(self.drinks)
        self.shown = (list(drinks), standing, here, reach)
        self.drinks = list(drinks)
        self.border_subtitle = Content(standing) if standing else None
        self.set_class(here, "-here")
        self.set_class(reach, "-reach")
        self.refresh(layout=taller)

    def render(self) -> Content:
        if not self.drinks:
            return Content("no drink")
        return Content("\n").join(self.drink_line(c) for c in self.drinks)


class PriceCard(DrinkPainter):
    """A colour or shape card with the yen lying on it."""

    def __init__(self, rules, kind: DrinkKind, is_colour: bool, **kw):
        super().__init__(rules, classes="price-card", **kw)
        self.kind = kind
        self.is_colour = is_colour
        self.price = 0

    def set_price(self, price: int) -> None:
        """Its two lines keep their size: redrawn when the yen on it change, never laid out."""
        if price == self.price:
            return
        self.price = price
        self.set_class(price > 0, "-priced")
        self.refresh()

    def render(self) -> Content:
        name = self.chip(self.kind.name, self.kind) if self.is_colour else self.kind.name
        return Content.assemble(f"{self.kind.letter}  {yen(self.price)}\n", name)


class CratesPanel(DrinkPainter):
    """Every seat's yen and crates: drinks by code and what each crate scores now."""

    def __init__(self, rules, seats: list[Seat], **kw):
        super().__init__(rules, **kw)
        self.seats = seats
        self.view: dict | None = None
        self.seen: list | None = None
        self.drawn: str | None = None       # the words last drawn (their size: a layout or not)

    def set_view(self, view: dict) -> None:
        """Redrawn when a seat's yen or crates, the seat to act or the supply changed; laid
        out again only when a line may wrap (its height may change)."""
        seen = [view[k] for k in ("to_act", "yen", "crates", "crate_scores", "supply", "crates_left")]
        if seen == self.seen:
            return
        self.seen = seen
        self.view = view
        before, self.drawn = self.drawn, self._draw().plain
        width = self.content_region.width
        fits = before is not None and width > 0 and before.count("\n") == self.drawn.count("\n") \
            and max(map(len, (before + "\n" + self.drawn).split("\n"))) <= width
        self.refresh(layout=not fits)

    def render(self) -> Content:
        return self._draw()

    def _draw(self) -> Content:
        v = self.view
        if v is None:
            return Content("")
        lines = []
        for seat, seat_info in enumerate(self.seats):
            marker = "▶ " if seat in v["to_act"] else "  "
            parts: list = [marker, (f"{seat_tag(seat, seat_info.name)} {seat_info.name}",
                                    self.get_visual_style("crates--seat")),
                           f"  {yen(v['yen'][seat])}"]
            for ci, (crate, score) in enumerate(zip(v["crates"][seat], v["crate_scores"][seat])):
                parts.append(f"  │ crate {ci + 1}: ")
                if crate:
                    for i, code in enumerate(crate):
                        parts += [" " if i else "", self.code_chip(code)]
                else:
                    parts.append("empty")
                parts.append(f" = {yen(score)}")
            lines.append(Content.assemble(*parts))
        supply = sum(v["supply"].values())
        lines.append(Content(f"Crates left to buy: {v['crates_left']}  ·  drinks in the supply: {supply}"))
        return Content("\n").join(lines)


class ChocolateMilkBoard(Board):
    """The whole Chocolate Milk table, redrawn from the public view after every move."""

    def compose(self) -> ComposeResult:
        yield DrinkPalette()
        rules = self.game.rules
        with ItemGrid(id="cm-lots", stretch_height=True):
            for card in range(9):
                yield LotCard(rules, card)
        yield Static("Colour and shape cards: the yen on each", classes="cm-heading")
        with Grid(id="cm-prices"):
            for kind in rules.drinks.colours:
                yield PriceCard(rules, kind, True)
            for kind in rules.drinks.shapes:
                yield PriceCard(rules, kind, False)
        yield Static("Seats and crates", classes="cm-heading")
        yield CratesPanel(rules, self.seats, id="cm-crates")

    def show(self, view: dict) -> None:
        at, acting = view["architects"], view["to_act"]
        here = {at[s] for s in acting}
        reach = {n for s in acting for n in NEIGHBOURS[at[s]]}
        for card in self.query(LotCard):
            card.set_lot(view["grid"][card.card], self._standing(card.card, at),
                         card.card in here, card.card in reach)
        for card in self.query(PriceCard):
            card.set_price(view["cards"][card.kind.id])
        self.query_one(CratesPanel).set_view(view)

    def _standing(self, card: int, at: list[int]) -> str:
        """The architects on a card, short enough for its border: a crowd by seat number."""
        on = [s for s in range(len(at)) if at[s] == card]
        if len(on) <= 3:
            return " ".join(seat_tag(s, self.seats[s].name) for s in on)
        if len(on) == len(at):
            return "everyone"
        return " ".join(str(s + 1) for s in on)

    @classmethod
    def seat_summary(cls, game: Game, view: dict, seat: int) -> str:
        return f"worth {yen(view['yen'][seat] + sum(view['crate_scores'][seat]))}"

    @classmethod
    def breakdown_lines(cls, game: Game, entry: dict) -> list[str]:
        lines = [f"Yen in hand: {yen(entry['yen'])}"]
        for i, crate in enumerate(entry["crates"], 1):
            if crate["drinks"]:
                n = crate["count"]
                lines.append(f"Crate {i}: {' '.join(crate['drinks'])} — {n} × {crate['scored']}: "
                             f"{n}² × {yen(game.rules.unit)} = {yen(crate['payout'])}")
            else:
                lines.append(f"Crate {i}: empty — {yen(0)}")
        lines.append(f"Total: {yen(entry['total'])}")
        return lines
