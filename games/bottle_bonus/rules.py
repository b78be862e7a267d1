"""Bottle Bonus: the rules of its drinks, readable beside 004:77-93.

"Played exactly like Tokyo Jutaku" (004:79): the game is the building kit's lot rounds
(games/building/lots.py), to which this class adds, through their hooks, the JIDOHANBAIKI
drinks: after each round the winner pours as many random drinks as there are other players
through the vending machine, and clockwise every other player may take one that came out
(004:79); each drink is a one-shot power (004:81-93):

- black: turn your lot card over before building (004:83);
- white: place one piece before the round, taking no time (004:85);
- mint: "put it back!" at any time: everyone else still building puts back their last
  piece and takes another (004:87);
- blue: staked before a round, +¥200 at the end if you win it, else lost (004:89);
- red: this round a new piece may be placed together with a piece already on your
  building, both moved at once (004:91);
- purple: when moving, go to any free lot card (004:93).
"""

from __future__ import annotations

from core.errors import IllegalMove
from core.game import Action, Event
from core.payload import copy_plain
from core.words import count_words
from games.building.lots import R_BUILD, LotRounds
from games.building.placing import placed
from physics import vending
from physics.placement import WHEN, WITH, placement

from .bot import BOTS
from .persist import check_drinks
from .text import BOTTLE, POWER_WORDS

R_DRINK = "Bottle Bonus, drinks (004:79-93)"
R_POUR = "Bottle Bonus, the pour (004:79)"

BLUE_YEN = 200                                        # 004:89
DRINKS = 36                                           # six colours of six (004:77)
POWERS_BEFORE = ("black", "white", "blue", "red")     # spent before building (004:83-91)

#: the drinks' fields of a position, after the lot rounds' own (games/building/lots.py FIELDS):
#: what each holds and its value at the start for n players; a drink is a number 0-35 (colour × 6
#: + shape, core.components.DrinkSet)
DRINK_FIELDS = {
    "box": ("the drinks in the box, sorted (004:77)", lambda n: list(range(DRINKS))),
    "held": ("each seat's drinks, not yet spent", lambda n: [[] for _ in range(n)]),
    "kept": ("each seat's blue drinks kept, +¥200 each (004:89)", lambda n: [[] for _ in range(n)]),
    "staked": ("each seat's blue drink staked this round; None (004:89)", lambda n: [None] * n),
    "spent": ("each seat's drinks spent this round, by colour (mint is not kept here)",
              lambda n: [[] for _ in range(n)]),
    "barred": ("each seat's piece put back by another's mint, not to be taken next (004:87); None",
               lambda n: [None] * n),
    "tray": ("the drinks that came out of the machine, to take (004:79)", lambda n: []),
    "pourer": ("the seat that pours now; None", lambda n: None),
    "pours": ("the round's winners still to pour, the richest first (004:79)", lambda n: []),
    "takers": ("the seats that take a drink, in turn (004:79)", lambda n: []),
    "take_turn": ("whose take it is, by its place in `takers`", lambda n: 0),
    "last_pour": ("the last pour: {seat, poured, out, stuck, seed}; None before any", lambda n: None),
}

#: a placement: one new piece at a time, with the red drink together with one already built
PLACE = placement(R_BUILD, "a placement: one new piece at a time (a second moves along only with the red drink)",
                  after=(WHEN, WITH))


class BottleBonus(LotRounds):
    """Bottle Bonus: the lot rounds with the drinks (see the module docstring)."""

    how_to_play = BOTTLE
    bots = BOTS
    bottle = True
    placement_data = PLACE
    timed = (*LotRounds.timed, "drink:")
    said_at_round_end = ("blue", "over")
    #: the lot rounds' fields and the drinks' (DRINK_FIELDS)
    fields = {**LotRounds.fields, **DRINK_FIELDS}

    # ---- who acts, what they may do --------------------------------------------------

    def to_act(self, s) -> tuple[int, ...]:
        if s["phase"] == "take":
            return (s["takers"][s["take_turn"]],)
        if s["phase"] == "pour":
            return (s["pourer"],)
        return super().to_act(s)

    def legal(self, s, seat: int) -> list[Action]:
        if s["phase"] == "pour":
            return [Action("pour", "Pour the drinks into the vending machine", "Pour")]
        if s["phase"] == "take":
            out = [Action(f"take:{d}", f"Take the {self.drinks.label(d)} ({self.drinks.code(d)})", "Drinks")
                   for d in sorted(set(s["tray"]))]
            return out + [Action("take:none", "Take no drink", "Drinks")]
        return super().legal(s, seat)

    def _colours(self, s, seat) -> set[str]:
        return {self.colour_ids[d // 6] for d in s["held"][seat]}

    def more_building_moves(self, s, seat) -> list[Action]:
        """The drinks a builder may spend now: black, white, blue and red before building
        (each once a round), mint at any time."""
        out = []
        held = self._colours(s, seat)
        fresh = not s["built"][seat] and not s["tries"][seat]
        for colour in POWERS_BEFORE:
            if colour in held and fresh and colour not in s["spent"][seat]:
                out.append(Action(f"drink:{colour}", POWER_WORDS[colour], "Drinks"))
        if "mint" in held:
            out.append(Action("drink:mint", POWER_WORDS["mint"], "Drinks"))
        return out

    def more_moves(self, s, seat, targets) -> list[Action]:
        """Purple: to any free lot card beyond those in reach (004:93)."""
        if "purple" not in self._colours(s, seat):
            return []
        return [Action(f"purple:{r}:{c}", f"Purple drink: move to {self._card_words(s, r, c)}", "Drinks")
                for r, c in self._free_cards(s) if (r, c) not in targets]

    def why_illegal(self, s, seat, key) -> IllegalMove:
        if s["phase"] == "build" and key.startswith("drink:"):
            return IllegalMove("drinks are spent before building (mint at any time), each once, "
                               "and only drinks you hold", R_DRINK)
        if s["phase"] == "take":
            return IllegalMove("take one drink that came out of the machine, or none", R_POUR)
        return super().why_illegal(s, seat, key)

    def reveals(self, s, seat, action) -> bool:
        """004:83 — the back of a lot card is unseen until the black drink turns it: once
        turned, it stays turned (no taking back to decide again)."""
        return action.key == "drink:black"

    # ---- placing -------------------------------------------------------------------

    def may_take(self, s, seat, piece) -> None:
        """004:87 — after "put it back!" the builder takes another piece than the one put back."""
        if s["barred"][seat] == piece:
            raise IllegalMove(f"after “put it back!” you take another piece than the "
                              f"{self.pieces.name(piece)} you put back", R_DRINK)

    def moved_along(self, s, seat, payload):
        """004:91 — with the red drink spent this round, a piece already on the building moves
        together with the new one: (its index, where it goes), or None."""
        row = payload["with"]
        if row is None:
            return None
        if "red" not in s["spent"][seat]:
            raise IllegalMove("a piece on your building moves together with a new one only with the "
                              "red drink spent this round", R_DRINK)
        index = next((i for i, b in enumerate(s["built"][seat]) if b["piece"] == row["piece"]), None)
        if index is None:
            raise IllegalMove("the red drink moves a piece already on your building together with the "
                              f"new one, and the {self.pieces.name(row['piece'])} is not on it", R_DRINK)
        return index, placed(row)

    def _place(self, s, seat, placed_now):
        events = super()._place(s, seat, placed_now)
        s["barred"][seat] = None
        moved = placed_now[1]
        if moved is not None:
            events[0] = Event("place", f"{events[0].text} and moves the {self.pieces.name(moved[1].piece)} "
                                       "with it (red drink)", seat)
        return events

    # ---- the round -----------------------------------------------------------------

    def round_begins(self, s) -> None:
        n = s["players"]
        s["spent"] = [[] for _ in range(n)]
        s["barred"] = [None] * n
        s["staked"] = [None] * n

    def round_won(self, s, winners) -> list[Event]:
        """004:89 — a staked blue drink is kept for +¥200 by a winner, lost by anyone else."""
        events = []
        for i, drink in enumerate(s["staked"]):
            if drink is None:
                continue
            s["staked"][i] = None
            if i in winners:
                s["kept"][i].append(drink)
                events.append(Event("blue", f"Seat {i + 1} keeps the blue drink for +¥{BLUE_YEN}", i))
            else:
                s["box"] = sorted(s["box"] + [drink])
                events.append(Event("blue", f"Seat {i + 1} did not win: the blue drink is lost", i))
        return events

    def after_round(self, s, winners) -> list[Event]:
        """004:79 — each winner pours, the richest first, before anyone moves."""
        if not winners:
            return super().after_round(s, winners)
        s["pours"] = sorted(winners, key=lambda w: (-self.yen(s, w), w))
        return self._next_pour(s)

    def apply_more(self, s, seat, action, rng) -> list[Event]:
        key = action.key
        if key.startswith("drink:"):
            return self._drink(s, seat, key.split(":")[1])
        if key == "pour":
            return self._pour(s, seat, rng)
        if key.startswith("take:"):
            return self._take(s, seat, key.split(":")[1])
        if key.startswith("purple:"):
            _, r, c = key.split(":")
            self._spend(s, seat, "purple")
            return self._move(s, seat, int(r), int(c), rng,
                              [Event("purple", f"Seat {seat + 1} spends the purple drink", seat)])
        return super().apply_more(s, seat, action, rng)

    # ---- the drinks ----------------------------------------------------------------

    def _drink(self, s, seat, colour):
        drink = self._spend(s, seat, colour)
        if colour != "mint":
            s["spent"][seat].append(colour)
        events = [Event("drink", f"Seat {seat + 1} spends the {colour} drink: {POWER_WORDS[colour]}", seat)]
        if colour == "black":
            s["side"][seat] = "back" if s["side"][seat] == "front" else "front"
            s["outline"][seat] = 0
            events.append(Event("flip", f"Seat {seat + 1} turns the lot card over: "
                                        f"{self._side_words(self._side(s, seat))}", seat))
        elif colour == "blue":
            s["staked"][seat] = drink
        elif colour == "mint":
            for other in range(s["players"]):
                if other != seat and s["status"][other] == "building" and s["built"][other]:
                    p = s["built"][other].pop()
                    self._to_supply(s, p["piece"])
                    s["barred"][other] = p["piece"]
                    events.append(Event("put_back", f"Seat {other + 1} puts the {self.pieces.name(p['piece'])} back "
                                                    "and takes another", other))
        return events

    def _spend(self, s, seat, colour):
        drink = next(d for d in s["held"][seat] if self.colour_ids[d // 6] == colour)
        s["held"][seat].remove(drink)
        if colour != "blue":
            s["box"] = sorted(s["box"] + [drink])
        return drink

    def _next_pour(self, s) -> list[Event]:
        if not s["pours"]:
            s["pourer"] = None
            return self._begin_moving(s)
        s["pourer"] = s["pours"].pop(0)
        s["phase"] = "pour"
        return []

    def _pour(self, s, seat, rng):
        """004:79 — as many random drinks as there are other players, all at once."""
        n = min(s["players"] - 1, len(s["box"]))
        drinks = []
        for _ in range(n):
            drinks.append(s["box"].pop(rng.below(len(s["box"]))))
        seed = rng.below(2 ** 31)
        poured = vending.pour(drinks, seed)
        s["tray"] = sorted(poured.out)
        s["box"] = sorted(s["box"] + list(poured.stuck))
        s["last_pour"] = {"seat": seat, "poured": drinks, "out": list(poured.out), "stuck": list(poured.stuck),
                          "seed": seed}
        words = ", ".join(self.drinks.label(d) for d in poured.out) or "nothing"
        events = [Event("pour", f"Seat {seat + 1} pours {count_words(n, 'drink')}: out come {words}", seat)]
        if poured.stuck:
            events.append(Event("stuck", f"{count_words(len(poured.stuck), 'drink')} stuck in the machine and go "
                                         "back to the box"))
        s["takers"] = [(seat + k) % s["players"] for k in range(1, s["players"])]
        s["take_turn"] = 0
        return events + self._next_taker(s)

    def _next_taker(self, s) -> list[Event]:
        """Every other player, clockwise, may take one drink that came out (004:79)."""
        if s["tray"] and s["take_turn"] < len(s["takers"]):
            s["phase"] = "take"
            return []
        s["box"] = sorted(s["box"] + s["tray"])
        s["tray"] = []
        s["takers"] = []
        s["take_turn"] = 0
        return self._next_pour(s)

    def _take(self, s, seat, what):
        if what == "none":
            events = [Event("take", f"Seat {seat + 1} takes no drink", seat)]
        else:
            d = int(what)
            s["tray"].remove(d)
            s["held"][seat].append(d)
            s["held"][seat].sort()
            events = [Event("take", f"Seat {seat + 1} takes the {self.drinks.label(d)}", seat)]
        s["take_turn"] += 1
        return events + self._next_taker(s)

    # ---- score, views, saves ---------------------------------------------------------

    def yen(self, s, seat) -> int:
        """The lots' yen and +¥200 for each blue drink kept (004:89)."""
        return super().yen(s, seat) + BLUE_YEN * len(s["kept"][seat])

    def stake_yen(self, s, seat) -> int:
        return BLUE_YEN if s["staked"][seat] is not None else 0

    def breakdown(self, s, seat, entry: dict) -> dict:
        entry["blue_drinks"] = len(s["kept"][seat])
        entry["lot_yen"] -= BLUE_YEN * len(s["kept"][seat])
        return entry

    def seat_view(self, s, seat, entry: dict) -> dict:
        entry.update({"drinks": [self.drinks.code(d) for d in s["held"][seat]],
                      "drink_colours": [self.colour_ids[d // 6] for d in s["held"][seat]],
                      "spent": list(s["spent"][seat]), "kept_blue": len(s["kept"][seat]),
                      "barred": s["barred"][seat]})
        return entry

    def table_view(self, s, out: dict) -> dict:
        out.update({"box": len(s["box"]), "tray": [self.drinks.code(d) for d in s["tray"]],
                    "last_pour": copy_plain(s["last_pour"])})
        return out

    def check_more(self, s, players: int, phase: str) -> None:
        check_drinks(s, players, phase)

    def conserved(self, s) -> dict:
        out = super().conserved(s)
        out["drinks"] = (len(s["box"]) + len(s["tray"]) + sum(len(h) for h in s["held"])
                         + sum(len(k) for k in s["kept"]) + sum(d is not None for d in s["staked"]))
        return out

