"""The Shopping Spree's shop floor: lot cards as shelves with their goods, the aisles with
their blue dots, the architects, the vending machine and the way out, then the price cards
and every shopper's crate.

The floor is drawn in text, one cell of the plan (shopping_spree.toml) a few characters
wide. A shelf shows what lies on it in two letters and how many (Sa5: five salmon; D5:
five drinks; Sh: a shirt); a dot is ·, a dot of the double aisles out ⇣, a dot the shopper
to play may walk to now ○, an architect its seat number on a bright chip. Touching a dot
walks there; touching a card takes from it; touching the entrance line leaves. In the
dexterity variant a walk of a loaded crate asks how hard to push, then shows the push
(kiosk.practice.push), as the rules simulated it.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult

from core.game import Action, Game
from games.shopping_spree.floor import DOT, EXIT, MACHINE, NOTHING, OUT

from ..widgets.actions import ActionPicker
from .base import Board, Palette, ViewPainter

CODES = {"washer": "Wa", "dryer": "Dr", "sheets": "Bs", "pillowcase": "Pc", "shirt": "Sh", "trousers": "Tr",
         "bra": "Br", "underpants": "Up", "socks": "So", "detergent": "De", "magazine": "Mg", "salmon": "Sa",
         "tuna": "Tu", "crab": "Cr"}
NARROW_CELL, WIDE_CELL = 4, 6
WIDE_FROM = 80            # board columns from which a cell is WIDE_CELL wide
RULER = 3                 # the row numbers' width at the left; the column numbers take a line on top


def yen(n: int) -> str:
    return f"¥{n:,}"


def good_code(rules, g: str) -> str:
    """Two or three letters for a good: Sh, K6 (a drink's colour and shape letters), Tu20."""
    if g.startswith("drink:"):
        return rules.drinks.code(int(g[6:]))
    if g.startswith(("tuna_", "crab_")):
        fish, _, value = g.partition("_")
        return CODES[fish] + value
    if g.startswith("salmon:"):
        return "Sa" + ("f" if g.endswith("fresh") else "4")
    return CODES.get(g, g[:2])


def folded(legal: list[Action]) -> tuple[list[Action], set[str]]:
    """The walks of a pushed crate (walk:r:c:1 … walk:r:c:5) folded into one entry each."""
    out, keys, seen = [], set(), set()
    for a in legal:
        node, steps, level = a.data if isinstance(a.data, tuple) and len(a.data) == 3 else (None, None, None)
        if level is None:
            out.append(a)
            continue
        key = a.key.rpartition(":")[0]
        if key in seen:
            continue
        seen.add(key)
        keys.add(key)
        text = a.text.replace(", pushing 1 of 5", ", push the crate")
        out.append(Action(key, text, a.group, (node, steps, None)))
    return out, keys


class SpreePalette(Palette):
    """The shop's words, shelves, seats and machines (shopping_spree.tcss)."""

    COMPONENT_CLASSES = {"spree--strong", "spree--muted", "spree--shelf", "spree--empty", "spree--dot",
                         "spree--free", "spree--exit", "spree--seat", "spree--acting", "spree--machine"}


class SpreePainter(ViewPainter):
    """A part of the shop's board, styled from shopping_spree.tcss."""

    PALETTE = SpreePalette


class StatusPanel(SpreePainter):
    """The round, the variant and what the shopper to play does now."""

    def text_lines(self, v: dict) -> list:
        strong = self.vstyle("spree--strong")
        variant = "dexterity: crates are pushed" if v["variant"] == "dexterity" else "economic: nothing falls"
        line = [("Round ", strong), str(v["round"]), "  ·  ", variant]
        if v["closing"]:
            line += ["  ·  ", f"closes after round {v['closing']}"]
        out = [line]
        if v["phase"] == "over":
            out.append([("The shopping is over", strong)])
        else:
            seat = v["seat"]
            doing = "walks 1-3 steps" if v["phase"] == "move" else "may take one good"
            out.append([(f"{self.seat_name(seat)} ", strong), doing,
                        f"  ·  trip {v['trips'][seat] + 1} of 2"])
        return out


class FloorPanel(SpreePainter):
    """The plan: shelves, dots, architects and the way out; touch a dot, card or the entrance."""

    def cell_width(self) -> int:
        return WIDE_CELL if (self.parent.size.width if self.parent else 0) >= WIDE_FROM else NARROW_CELL

    def free_dots(self, v: dict) -> dict:
        """Where the shopper to play may walk now, and how many steps."""
        if v["phase"] != "move":
            return {}
        return self.game.rules.floor.destinations(v["pos"][v["seat"]])

    def cell_text(self, v: dict, cell: str, node: str | None, free: dict) -> tuple[str, str]:
        rules = self.game.rules
        if node is not None:
            here = [str(i + 1) for i, p in enumerate(v["pos"]) if p == node]
            if here:
                return "".join(here), "spree--acting" if v["seat"] in [int(h) - 1 for h in here] else "spree--seat"
            if node in free:
                return "○", "spree--free"
            return ("⇣" if cell == EXIT else "·"), ("spree--exit" if cell == EXIT else "spree--dot")
        if cell == NOTHING:
            return "", ""
        if cell == MACHINE:
            return f"VM{len(v['machine'])}", "spree--machine"
        spec = rules.shelves.get(cell)
        if spec is None:
            return cell, "spree--shelf"
        goods = spec[0]
        if goods in ("tuna", "crab"):
            return f"{CODES[goods]}{sum(v['bag'][goods].values())}", "spree--shelf"
        items = v["shelves"][cell]
        if not items:
            return "--", "spree--empty"
        if goods == "drinks":
            return f"D{len(items)}", "spree--shelf"
        code = good_code(rules, items[0])
        return (code + (str(len(items)) if spec[1] > 1 else "")), "spree--shelf"

    def text_lines(self, v: dict) -> list:
        floor = self.game.rules.floor
        w = self.cell_width()
        free = self.free_dots(v)
        muted = self.vstyle("spree--muted")
        out = [[" " * RULER] + [(str(c + 1).center(w - 1) + " ", muted) for c in range(len(floor.rows[0]))]]
        for r, row in enumerate(floor.rows):
            line = [(f"{r + 1:>{RULER - 1}} ", muted)]
            for c, cell in enumerate(row):
                node = f"{r}:{c}" if cell in (DOT, EXIT) else None
                text, component = self.cell_text(v, cell, node, free)
                chip = text.center(w - 1)[:w - 1]
                line.append((chip, self.vstyle(component)) if component else chip)
                line.append(" ")
            out.append(line)
        outside = [str(i + 1) for i, p in enumerate(v["pos"]) if p == OUT and v["trips"][i] < 2]
        leave = " ⇣ leave here ⇣" if OUT in free else ""
        text = f"Entrance: {' '.join(outside) or 'nobody'}{leave}"
        out.append([" " * RULER, (text.center(len(floor.rows[0]) * w), self.vstyle("spree--exit"))])
        return out

    def node_at(self, x: int, y: int) -> tuple[str | None, str | None]:
        """The dot or card under a touch (content coordinates), or the entrance."""
        floor = self.game.rules.floor
        w = self.cell_width()
        x, y = x - RULER, y - 1
        if y == len(floor.rows):
            return OUT, None
        if not (0 <= y < len(floor.rows)) or x < 0 or x // w >= len(floor.rows[0]):
            return None, None
        cell = floor.rows[y][x // w]
        if cell in (DOT, EXIT):
            return f"{y}:{x // w}", None
        return None, (cell if cell != NOTHING else None)

    def on_click(self, event: events.Click) -> None:
        v = self.view
        if v is None or v["phase"] == "over":
            return
        offset = event.get_content_offset(self)
        if offset is None:
            return
        node, card = self.node_at(offset.x, offset.y)
        key = None
        if node is not None and v["phase"] == "move":
            key = "leave" if node == OUT else f"walk:{node}"
        elif card is not None and v["phase"] == "take":
            key = "machine" if card == MACHINE else f"take:{card}"
        if key is not None:
            event.stop()
            self.post_message(ActionPicker.Chosen(key))


class PricePanel(SpreePainter):
    """The price cards, the bag, salmon's side, the machine's crate."""

    def text_lines(self, v: dict) -> list:
        rules = self.game.rules
        strong, muted = self.vstyle("spree--strong"), self.vstyle("spree--muted")
        stacks = "  ".join(f"{'/'.join(CODES.get(g, g[:2]) for g in cards)} {yen(v['prices'][stack])}"
                           for stack, cards in rules.stacks.items())
        out = [[("Laundry ", strong), stacks, ("  (one price a stack)", muted)]]
        drinks = "  ".join(f"{k.letter} {yen(v['prices'][k.id])}" for k in rules.drinks.colours)
        out.append([("Drinks  ", strong), drinks, ("  (colour letter, then shape)", muted)])
        bag = "  ".join(f"{good_code(rules, t)}×{n}" for fish in ("tuna", "crab") for t, n in v["bag"][fish].items())
        salmon = f"{yen(rules.salmon_later)} ('4' side)" if v["salmon_sold"] else f"{yen(rules.salmon_first)} (fresh side)"
        out.append([("Bag ", strong), bag or "empty", "  ·  ", ("Salmon ", strong), salmon])
        machine = " ".join(good_code(rules, g) for g in v["machine"]) or "empty"
        beside = f", beside it {' '.join(good_code(rules, g) for g in v['beside'])}" if v["beside"] else ""
        out.append([("Vending crate ", strong), machine + beside])
        if v.get("push"):
            p = v["push"]
            fell = [good_code(rules, p["load"][i]) for i in p["fallen"]]
            out.append([("Last push ", strong), f"{self.seat_name(p['seat'])}, {p['level']} of 5: "
                        + (f"lost {' '.join(fell)}" if fell else "nothing fell")])
        if v.get("pour"):
            p = v["pour"]
            came = " ".join(rules.drinks.code(d) for d in p["out"]) or "nothing"
            out.append([("Last pour ", strong), f"{self.seat_name(p['seat'])}: out came {came}"
                        + (f", {len(p['stuck'])} stuck" if p["stuck"] else "")])
        if v["lost"]:
            out.append([("Lost ", strong), " ".join(good_code(rules, g) for g in v["lost"])])
        return out


class CratePanel(SpreePainter):
    """Every shopper: yen, trips, the crate and what it would pay now, the goods laid down."""

    def text_lines(self, v: dict) -> list:
        rules = self.game.rules
        strong, acting = self.vstyle("spree--strong"), self.vstyle("spree--acting")
        out = []
        for seat in range(v["players"]):
            crate = v["crates"][seat]
            pays = rules.payout(v, crate)["total"] if crate else 0
            done = v["trips"][seat] >= 2
            head = f"{seat + 1} {self.seat_name(seat)}: {yen(v['yen'][seat])}, {v['trips'][seat]} barrel(s)"
            if done:
                head += ", done"
            marker = "▶ " if seat == v["seat"] and v["phase"] != "over" else "  "
            out.append([marker, (head, acting if marker.strip() else strong)])
            if crate:
                out.append(f"    crate: {' '.join(good_code(rules, g) for g in crate)} — pays {yen(pays)} now")
            if v["before"][seat]:
                out.append(f"    laid down: {' '.join(good_code(rules, g) for g in v['before'][seat])}")
        return out


class LegendPanel(SpreePainter):
    def text_lines(self, v: dict) -> list:
        muted = self.vstyle("spree--muted")
        return [[("· dot  ○ you may walk there  ⇣ the way out  1-6 architects  D5 five drinks  "
                  "Tu/Cr tuna/crabs in the bag  VM the vending machine  -- empty shelf", muted)],
                [(", ".join(f"{c} {self.good_words(g)}" for g, c in CODES.items() if g not in ("tuna", "crab")),
                  muted)]]

    def good_words(self, g: str) -> str:
        laundry = self.game.rules.laundry.goods
        return laundry[g].name if g in laundry else g


class ShoppingSpreeBoard(Board):
    """The whole shop, redrawn from the view after every move."""

    def compose(self) -> ComposeResult:
        yield SpreePalette()
        yield StatusPanel(self.game, self.seats, id="spree-status")
        yield FloorPanel(self.game, self.seats, id="spree-floor")
        yield PricePanel(self.game, self.seats, id="spree-prices")
        yield CratePanel(self.game, self.seats, id="spree-crates")
        yield LegendPanel(self.game, self.seats, id="spree-legend")

    def show(self, view: dict) -> None:
        for panel in self.query(SpreePainter):
            panel.set_view(view)

    def on_resize(self, event) -> None:
        self.query_one(FloorPanel).refresh(layout=True)

    @classmethod
    def offered(cls, match, seat: int, legal: list) -> list:
        return folded(legal)[0]

    @classmethod
    def open_choice(cls, request) -> bool:
        """A walk of a loaded crate in the dexterity variant: how hard, then the push."""
        match, seat, key = request.match, request.seat, request.key
        pushed = [a for a in match.legal(seat) if a.key.rpartition(":")[0] == key and a.data and a.data[2] is not None]
        if not pushed:
            return False
        from ..practice.push import PushScreen
        rules = match.rules
        view = match.view(seat)
        load = [rules.crate_kind(g) for g in view["crates"][seat]]
        steps = pushed[0].data[1]
        where = "the way out" if key.startswith("leave") else rules.floor.label(pushed[0].data[0])

        def chosen(level: int | None) -> None:
            if level is None:
                request.done()
                return
            request.play(f"{key}:{level}")
            push = match.view(seat).get("push")
            if not push:
                request.done()
                return
            request.app.push_screen(PushScreen(load=[rules.crate_kind(g) for g in push["load"]], steps=push["steps"],
                                               level=push["level"], seed=push["seed"],
                                               title=f"{request.name} pushes the crate to {where}"),
                                    lambda _=None: request.done())

        request.app.push_screen(PushScreen(load=load, steps=steps, choose=True,
                                           title=f"{request.name}: how hard do you push the crate to {where}?"),
                                chosen)
        return True

    @classmethod
    def seat_summary(cls, game: Game, view: dict, seat: int) -> str:
        return f"{yen(view['yen'][seat])}, {view['trips'][seat]}/2 out, {len(view['crates'][seat])} in crate"

    @classmethod
    def breakdown_lines(cls, game: Game, entry: dict) -> list[str]:
        lines = [f"Yen: {yen(entry['yen'])}", f"Trips out of the shop: {entry['trips']} of 2",
                 f"Magazines/newspapers (tie-break): {entry['reading']}"]
        if entry.get("unpaid"):
            lines.append(f"Still inside at the end: {entry['unpaid']} good(s) unpaid")
        return lines
