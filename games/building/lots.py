"""Lot rounds: Tokyo Jutaku as the box plays it (004:1-60), readable beside the rulebook.

Bottle Bonus is "played exactly like Tokyo Jutaku" (004:79), so both games are these rules:
Tokyo Jutaku as they are (games/jutaku), Bottle Bonus with its drinks added through the hooks
below (games/bottle_bonus). One place for the setup, the state, the legal moves, applying a
move, the views and the scoring. The state is plain data (a dict), so `dump` is a copy and
`restore` checks every value (games/building/lot_persist.py).

A building round is simultaneous in the box (004:29, 004:39): every building move happens at
a moment of its builder's clock, the seconds since "go!" (games/building/rounds.py). Whoever
drives several builders plays their moves in the order of those moments (core.simultaneous),
so the pieces in the middle go to whoever reaches first, as at the table. Every placement,
take-back and Stop! is a move of the log, a placement carrying its data (declared in
physics.placement, read by the core before `accept`). A Stop! runs the rule check of
004:37-54 and the physics verdict; when every seat has succeeded or given up, the fastest
success wins the round, and equal times (to the tenth of a second) all count (004:56).

The hooks a game adds its own rules through, each a no-op here: `more_building_moves`,
`more_moves`, `may_take`, `moved_along`, `round_begins`, `round_won`, `after_round`,
`apply_more`, `stake_yen`, `seat_view`, `table_view`, `breakdown`, `check_more`, and the class
attributes `fields` (the position's fields, `FIELDS` and the game's own), `timed`,
`placement_data`, `said_at_round_end`.

What the screens read is the `view` of a seat; what a picture of the whole table reads (the
Tabletop Simulator export of a save) is `table`: both plain data, neither the position itself.
"""

from __future__ import annotations

from collections import Counter


from core.components import DrinkSet
from core.errors import IllegalMove
from core.game import Action, Event, Result, rank_by
from core.payload import Shape, copy_plain
from core.rng import Rng
from core.words import count_words
from physics.building import Building, Placement
from physics.pieces import Catalogue
from physics.placement import SECONDS, WHEN, moment, placement

from . import FOLDER, lot_result
from .cards import SIZE, Deck
from .clock import first_chances, tenths
from .placing import building, in_middle, lies, placed, written
from .rounds import LOT_ROUND, BuildingRounds, stop_verdict

R_START = "Tokyo Jutaku, the start (004:27-29)"
R_BUILD = "Tokyo Jutaku, building rules (004:39-41)"
R_TAKE_BACK = "Tokyo Jutaku, taking back (004:50)"
R_STOP = "Tokyo Jutaku, Stop! (004:56)"
R_MOVE = "Tokyo Jutaku, moving (004:58)"
R_OUTLINE = "Tokyo Jutaku, two lot outlines (004:37)"
R_END = "Tokyo Jutaku, the end (004:60)"

WIN_LOTS = 4                                       # 004:60
DIRECTIONS = ((-1, 0), (1, 0), (0, -1), (0, 1))    # straight steps (004:58)

#: the search bot's estimate of a lot's build time (seconds: base, per piece, per floor) and
#: its spread (a share either way): a skilled builder's pace. Only `standing`, the search's
#: valuation of a round not yet built, reads it; the rules time nothing themselves
PACE = (8.0, 4.0, 2.0)
PACE_SPREAD = 0.1

#: A lot rounds position, declared once: every field, what it holds, and its value at the
#: start for n players (None: `setup` gives it, from the options, the rng or the catalogue).
#: `setup` builds a position of exactly these fields, in this order; lot_persist checks that a
#: saved one has exactly these; `table` hands them out. A game adds its own (`LotRounds.fields`).
FIELDS = {
    "players": ("how many seats", None),
    "round": ("the building round, from 1", lambda n: 1),
    "phase": ("start, build, move or over (and a game's own between rounds: Bottle Bonus's pour, take)",
              lambda n: "start"),
    "grid": ("the plan: 6 rows of 6 lot card ids, None where no card lies (taken, or the centre, 004:21)", None),
    "at": ("each seat's architect on the plan, [row, column]; None before it starts (004:27)", lambda n: [None] * n),
    "hand": ("each seat's lot card being built on, its id; None without one", lambda n: [None] * n),
    "side": ("each seat's card side up, front or back (the black drink turns it, 004:83)",
             lambda n: ["front"] * n),
    "won": ("each seat's completed lots, [card id, side] (004:56)", lambda n: [[] for _ in range(n)]),
    "supply": ("the pieces in the middle by id, in catalogue order (004:21)", None),
    "built": ("each seat's building: its placed pieces (games/building/placing.py `written`)",
              lambda n: [[] for _ in range(n)]),
    "outline": ("each seat's outline built on, 0 or 1 (004:37)", lambda n: [0] * n),
    "status": ("each seat in the round: waiting, building, done or out", lambda n: ["waiting"] * n),
    "stop": ("each seat's Stop! that passed, its seconds; None", lambda n: [None] * n),
    "tries": ("each seat's Stop! calls this round, their seconds", lambda n: [[] for _ in range(n)]),
    "verdicts": ("each seat's last Stop! verdict (rounds.stop_verdict and its seconds); None", lambda n: [None] * n),
    "winners": ("the seats that won the last round", lambda n: []),
    "order": ("the seats in the order they move after a round (004:58)", lambda n: []),
    "turn": ("whose move it is in `order`, by its place there", lambda n: 0),
    "history": ("every round played: its number, winners and winning seconds", lambda n: []),
    "reason": ("why the game ended; '' while it goes on", lambda n: ""),
    "clock": ("each builder's clock this round, in seconds since go! (rounds.py)", lambda n: [0.0] * n),
    "first": ("the seat that places an architect first: drawn (a kiosk ruling)", None),
}

#: a placement: one new piece at a time (004:39), at a second of the builder's clock
PLACE = placement(R_BUILD, "a placement: one new piece at a time (a second moves along only with the red drink)",
                  after=(WHEN,))
#: a Stop!: the build time the builder calls it at (004:56)
STOP = Shape("Stop!", (SECONDS,), R_STOP, "a Stop! carries its build time, {'seconds': s}")
#: a take-back, an outline, giving up: only the moment they happen at
MOMENT = moment(R_BUILD, "a building move that places nothing carries only its moment, {'seconds': s}")


class LotRounds(BuildingRounds):
    """Tokyo Jutaku's lot rounds; see the module docstring. A game sets its `how_to_play`, its
    bots, and adds its own rules through the hooks."""

    assets = ("jutaku_lots.toml", "jutaku_pieces.toml", "drinks.toml")
    default_bot = "master"
    level_bots = {"easy": "apprentice"}   # the easy level: the apprentice architect
    leave = "give_up"
    round_kind = LOT_ROUND
    #: the building moves that place nothing but may say when they happen ({"seconds": s})
    timed = ("take_back", "give_up", "outline:")
    moment_data = MOMENT
    #: the data of a placement (physics.placement)
    placement_data = PLACE
    #: the kinds of the round's last events the table reads in its end (lot_result)
    said_at_round_end = ("over",)
    #: the fields of a position (`FIELDS`; a game adds its own): setup builds them, lot_persist
    #: checks them, `table` hands them out
    fields = FIELDS
    #: whether the game has Bottle Bonus's drinks; read by the Tabletop Simulator layout
    bottle = False

    def code_folders(self):
        """Its own package, the building kit its play is made of, and the physics that judges it."""
        import physics
        return list(dict.fromkeys([*super().code_folders(), FOLDER, physics.FOLDER]))

    def __init__(self, info, assets):
        super().__init__(info, assets)
        self.deck = Deck.from_asset(assets["jutaku_lots.toml"])
        self.pieces = Catalogue(assets["jutaku_pieces.toml"])
        self.drinks = DrinkSet.from_asset(assets["drinks.toml"])
        self.colour_ids = tuple(k.id for k in self.drinks.colours)
        self._shown: dict[str, dict] = {}
        self._order = {pid: i for i, pid in enumerate(self.pieces.ids())}

    # ---- setup ---------------------------------------------------------------------

    def setup(self, players: int, options: dict, rng: Rng):
        """A position of exactly the declared `fields`, each at its start."""
        replace = options.get("roppongi", "off")
        given = {"players": players, "supply": self.pieces.ids(),
                 "grid": [list(row) for row in self.deck.grid(None if replace == "off" else replace)],
                 "first": rng.below(players)}     # who places an architect first: drawn (kiosk ruling)
        return {k: given[k] if start is None else start(players) for k, (_, start) in self.fields.items()}

    # ---- who acts, what they may do --------------------------------------------------

    def to_act(self, s) -> tuple[int, ...]:
        phase = s["phase"]
        if phase == "start":
            n = s["players"]
            return (next(i for i in ((s["first"] + k) % n for k in range(n)) if s["at"][i] is None),)
        if phase == "build":
            return tuple(i for i in range(s["players"]) if s["status"][i] == "building")
        if phase == "move":
            return (s["order"][s["turn"]],)
        return ()

    def legal(self, s, seat: int) -> list[Action]:
        phase = s["phase"]
        if phase == "start":
            return [Action(f"start:{r}:{c}", f"Start on {self._card_words(s, r, c)}", "Start")
                    for r, c in self._outer_free(s)]
        if phase == "build":
            return self._build_actions(s, seat)
        if phase == "move":
            return self._move_actions(s, seat)
        return []

    def _build_actions(self, s, seat) -> list[Action]:
        out = []
        built = s["built"][seat]
        if len(s["supply"]) > 0:
            out.append(Action("place", "Place a piece", "Build", takes=self.placement_data))
        if built:
            out.append(Action("take_back", "Take back the last piece placed", "Build"))
        outlines = self._side(s, seat).outlines
        if len(outlines) > 1:
            other = 1 - s["outline"][seat]
            out.append(Action(f"outline:{other}", f"Build on outline {other + 1} instead", "Build"))
        out.append(Action("stop", "Stop!", "Build", takes=STOP))
        out += self.more_building_moves(s, seat)
        out.append(Action("give_up", "Give up this round", "Build"))
        return out

    def more_building_moves(self, s, seat) -> list[Action]:
        """Hook: a game's own moves while building, offered before giving up."""
        return []

    def _move_actions(self, s, seat) -> list[Action]:
        out = []
        targets = self.reachable(s, seat)
        for r, c in targets:
            out.append(Action(f"move:{r}:{c}", f"Move to {self._card_words(s, r, c)}", "Move"))
        if s["hand"][seat] is not None:
            out.append(Action("keep", "Keep your lot card and stay", "Move"))
        return out + self.more_moves(s, seat, targets)

    def more_moves(self, s, seat, targets) -> list[Action]:
        """Hook: a game's own moves between rounds (`targets`: the cards in reach)."""
        return []

    def why_illegal(self, s, seat, key) -> IllegalMove:
        phase = s["phase"]
        if phase == "start":
            return IllegalMove("architects start on a free lot card at the outer edge of the plan", R_START)
        if phase == "build":
            if key == "take_back":
                return IllegalMove("there is no piece on your lot to take back", R_TAKE_BACK)
            return IllegalMove(f"{key!r} is not a building move: place, take back, Stop! or give up", R_BUILD)
        if phase == "move":
            return IllegalMove("move up to two cards straight (not diagonally), passing over gaps; "
                               "keep your card only if you built nothing", R_MOVE)
        return IllegalMove(f"{key!r} is not a legal action now")

    # ---- payloads ------------------------------------------------------------------

    def building_now(self, s) -> bool:
        return s["phase"] == "build"

    def accept_data(self, s, seat, action, payload) -> Action:
        """A Stop! and its time; a placement read against the position (its data already read by
        its declaration, physics.placement)."""
        if action.key == "stop":
            seconds = tenths(self.at(s, seat, payload["seconds"], R_STOP))
            before = max(s["tries"][seat], default=0.0)
            if seconds < before:
                raise IllegalMove(f"the clock runs on: this Stop! at {seconds:.1f} s comes before your "
                                  f"last one at {before:.1f} s", R_STOP)
            return action._replace(data=seconds)
        if action.key == "place":
            at = payload["seconds"]
            if at is not None:
                self.at(s, seat, at, R_BUILD)
            return action._replace(data=(self._placements(s, seat, payload), at))
        raise IllegalMove(f"{action.key!r} takes no data")

    def _placements(self, s, seat, payload) -> tuple[Placement, tuple[int, Placement] | None]:
        """The new piece of a placement, and a piece already on the building moved together with
        it where a game allows one (`moved_along`): (placement, (index, placement) or None).
        One new piece at a time, always (004:39)."""
        piece = in_middle(payload["piece"], s["supply"], self.pieces, R_BUILD)
        self.may_take(s, seat, piece)
        new = placed(payload)
        moved = self.moved_along(s, seat, payload)
        lies(self.building(s, seat), new, moved)
        return new, moved

    def may_take(self, s, seat, piece) -> None:
        """Hook: IllegalMove when the game's own rules keep `seat` from taking `piece`."""

    def moved_along(self, s, seat, payload) -> tuple[int, Placement] | None:
        """Hook: the piece of the building a placement moves along with the new one, (index,
        placement), or None (Tokyo Jutaku: never)."""
        return None

    def sample_payload(self, view, action, rng):
        """A random piece dropped at a random place of the lot: mostly refused, sometimes not."""
        me = view["seats"][view["me"]]
        if action.key == "stop":
            return STOP.sample(rng, among={"seconds": [me["last_try"] + k / 10 for k in range(600)]})
        supply = view["supply"]
        piece = supply[rng.below(len(supply))]
        built = me["building"]
        floor = 1 + (max((p["floor"] for p in built), default=0) if rng.below(2) else 0)
        top = max((p["y"] + 20 for p in built), default=0.0)
        among = {"x": [float(k) for k in range(70)], "rotation": [0.0, 90.0]}
        fixed = {"piece": piece, "flip": False, "floor": floor, "seconds": None}
        if floor == 1:
            fixed["y"] = 0.0
        else:
            among["y"] = [0.0, top]
        data = action.takes.sample(rng, among, fixed)
        return {k: v for k, v in data.items() if v is not None}       # no moment: at once

    # ---- the round's clock -----------------------------------------------------------

    def simultaneous(self, s):
        """A building round: everyone builds at once (004:29, 004:39)."""
        return ("build", s["round"]) if s["phase"] == "build" else None

    def decided(self, s, seat, at) -> bool:
        """Another builder's Stop! has passed before `at` (to the tenth): the round is theirs,
        and everyone else stops building (004:56)."""
        if s["phase"] != "build" or s["status"][seat] != "building":
            return False
        passed = [t for i, t in enumerate(s["stop"]) if i != seat and t is not None]
        return bool(passed) and min(passed) < tenths(at)

    def deadline(self, s, seat):
        """The fastest Stop! of another that has passed: from then on the round is theirs (004:56)."""
        if s["phase"] != "build" or s["status"][seat] != "building":
            return None
        passed = min(((t, i) for i, t in enumerate(s["stop"]) if i != seat and t is not None), default=None)
        if passed is None:
            return None
        return lot_result.deadline(*passed)

    def announce(self, s, events):
        """A building round's end (games/building/lot_result.py)."""
        return lot_result.announcement(self, events)

    # ---- apply ---------------------------------------------------------------------

    def apply(self, s, seat, action, rng) -> list[Event]:
        key = action.key
        if key.startswith("start:"):
            return self._start(s, seat, key)
        if s["phase"] == "build":
            self.tick(s, seat, action.data[1] if key == "place" else action.data)
        if key == "place":
            return self._place(s, seat, action.data[0])
        if key == "take_back":
            p = s["built"][seat].pop()
            self._to_supply(s, p["piece"])
            return [Event("take_back", f"Seat {seat + 1} takes back the {self.pieces.name(p['piece'])}", seat)]
        if key.startswith("outline:"):
            s["outline"][seat] = int(key.split(":")[1])
            return [Event("outline", f"Seat {seat + 1} builds on outline {s['outline'][seat] + 1}", seat)]
        if key == "stop":
            return self._stop(s, seat, action.data, rng)
        if key == "give_up":
            return self._leave(s, seat, rng)
        if key == "keep":
            return self._next_mover(s, [Event("keep", f"Seat {seat + 1} keeps their lot card", seat)], rng)
        if key.startswith("move:"):
            _, r, c = key.split(":")
            return self._move(s, seat, int(r), int(c), rng)
        return self.apply_more(s, seat, action, rng)

    def apply_more(self, s, seat, action, rng) -> list[Event]:
        """Hook: a game's own moves applied."""
        raise IllegalMove(f"{action.key!r} is not a legal action now")

    def _start(self, s, seat, key):
        _, r, c = key.split(":")
        r, c = int(r), int(c)
        s["at"][seat] = [r, c]
        s["outline"][seat] = 0
        s["hand"][seat] = s["grid"][r][c]
        s["grid"][r][c] = None
        events = [Event("start", f"Seat {seat + 1} starts on {self._card_text(s['hand'][seat])}", seat)]
        if all(a is not None for a in s["at"]):
            self._begin_round(s)
            events.append(Event("go", "Go! Everyone builds"))
        return events

    def _begin_round(self, s):
        n = s["players"]
        s["phase"] = "build"
        s["turn"] = 0
        s["status"] = ["building"] * n
        s["stop"] = [None] * n
        s["tries"] = [[] for _ in range(n)]
        s["verdicts"] = [None] * n
        s["outline"] = [0] * n
        s["clock"] = [0.0] * n
        self.round_begins(s)

    def round_begins(self, s) -> None:
        """Hook: what a game resets as a building round begins."""

    def _place(self, s, seat, placed_now):
        new, moved = placed_now
        if moved is not None:
            index, p = moved
            s["built"][seat][index] = written(p)
        s["supply"].remove(new.piece)
        s["built"][seat].append(written(new))
        return [Event("place", f"Seat {seat + 1} places a {self.pieces.name(new.piece)} on floor {new.floor}", seat)]

    def _stop(self, s, seat, seconds, rng):
        verdict = {"seconds": seconds, **stop_verdict(self.building(s, seat))}
        s["tries"][seat].append(seconds)
        s["verdicts"][seat] = verdict
        if not verdict["passes"]:
            why = verdict["problems"][0] if verdict["problems"] else (
                "nothing is built" if not s["built"][seat] else "it does not stand")
            return [Event("stop_failed", f"Seat {seat + 1} calls Stop! at {seconds:.1f} s, but {why}: "
                                         "everyone builds on", seat)]
        s["status"][seat] = "done"
        s["stop"][seat] = seconds
        events = [Event("stop", f"Seat {seat + 1} calls Stop! at {seconds:.1f} s: the building "
                                "keeps the rules and stands", seat)]
        return events + self._round_over(s, rng)

    def _leave(self, s, seat, rng) -> list[Event]:
        """A builder leaves the round, their pieces back to the middle: still building when
        another's Stop! had passed ("Alle unterbrechen ihren Bau", 004:56), or giving up."""
        left = lot_result.left_data(self, s, seat)
        self._clear(s, seat)
        s["status"][seat] = "out"
        passed = lot_result.stopped_by(s, seat)
        if passed is None:
            events = [Event("give_up", f"Seat {seat + 1} gives up this round", seat, left)]
        else:
            events = [Event("stopped", f"Seat {seat + 1} was still building when Seat {passed[1] + 1}'s Stop! "
                                       f"at {passed[0]:.1f} s passed", seat, left)]
        return events + self._round_over(s, rng)

    def _round_over(self, s, rng) -> list[Event]:
        """When no seat builds any more: the fastest successes win (004:56)."""
        if any(st == "building" for st in s["status"]):
            return []
        times = [t for t in s["stop"] if t is not None]
        best = min(times, default=None)
        winners = [i for i, t in enumerate(s["stop"]) if t is not None and t == best]
        events = [Event("round_over", f"Round {s['round']} is over", None,
                        lot_result.round_data(self, s, winners, best))]
        for w in winners:
            card = s["hand"][w]
            s["won"][w].append([card, s["side"][w]])
            s["hand"][w] = None
            s["side"][w] = "front"
            s["outline"][w] = 0
            yen = self._side_of(card, s["won"][w][-1][1]).yen
            events.append(Event("completed", f"Seat {w + 1} completes {self._card_text(card)} for ¥{yen:,}", w))
        events += self.round_won(s, winners)
        for i in range(s["players"]):
            self._clear(s, i)
        s["history"].append({"round": s["round"], "winners": winners, "seconds": best})
        if not winners:
            events.append(Event("nobody", "Nobody completed a building this round"))
        s["winners"] = winners
        if any(len(w) >= WIN_LOTS for w in s["won"]):
            s["phase"] = "over"
            s["reason"] = "a fourth lot is complete (004:60)"
            return events + [Event("over", "A fourth lot is complete: the game ends")]
        s["order"] = self._movers(s, winners)
        return events + self.after_round(s, winners)

    def round_won(self, s, winners) -> list[Event]:
        """Hook: what a game settles once the round's winners hold their lots (before every
        piece goes back to the middle)."""
        return []

    def after_round(self, s, winners) -> list[Event]:
        """Hook: what comes between a round and moving (Tokyo Jutaku: nothing)."""
        return self._begin_moving(s)

    def _movers(self, s, winners) -> list[int]:
        """004:58 — the richest successful builder first, then clockwise from them."""
        n = s["players"]
        if winners:
            first = min(winners, key=lambda w: (-self.yen(s, w), w))
        else:
            first = (s["first"] + s["round"] - 1) % n
        return [(first + k) % n for k in range(n)]

    def _begin_moving(self, s) -> list[Event]:
        s["phase"] = "move"
        s["turn"] = 0
        return []

    def _next_mover(self, s, events, rng) -> list[Event]:
        s["turn"] += 1
        if s["turn"] >= len(s["order"]):
            s["round"] += 1
            self._begin_round(s)
            events.append(Event("go", f"Round {s['round']}: go! Everyone builds"))
        return events

    def _move(self, s, seat, r, c, rng, said=()):
        """`seat` moves to the card at (r, c) and takes it (004:58); `said`: the events of how."""
        old = s["at"][seat]
        if s["hand"][seat] is not None:
            s["grid"][old[0]][old[1]] = s["hand"][seat]
            s["side"][seat] = "front"
        s["at"][seat] = [r, c]
        s["outline"][seat] = 0
        s["hand"][seat] = s["grid"][r][c]
        s["grid"][r][c] = None
        events = [*said, Event("move", f"Seat {seat + 1} moves to {self._card_text(s['hand'][seat])}", seat)]
        return self._next_mover(s, events, rng)

    # ---- geometry of the plan --------------------------------------------------------

    def _outer_free(self, s):
        return [(r, c) for r in range(SIZE) for c in range(SIZE)
                if (r in (0, SIZE - 1) or c in (0, SIZE - 1)) and s["grid"][r][c] is not None]

    def _free_cards(self, s):
        return [(r, c) for r in range(SIZE) for c in range(SIZE) if s["grid"][r][c] is not None]

    @staticmethod
    def _step(grid, r, c, dr, dc):
        """One step: the next card in that direction, gaps passed over (004:58)."""
        r, c = r + dr, c + dc
        while 0 <= r < SIZE and 0 <= c < SIZE:
            if grid[r][c] is not None:
                return r, c
            r, c = r + dr, c + dc
        return None

    def reachable(self, s, seat) -> list[tuple[int, int]]:
        """Cards up to two steps away, straight steps only (004:58); where none is in
        reach at all, any free card (a kiosk ruling for an almost empty plan)."""
        grid = s["grid"]
        r0, c0 = s["at"][seat]
        out = set()
        for dr, dc in DIRECTIONS:
            first = self._step(grid, r0, c0, dr, dc)
            if first is None:
                continue
            out.add(first)
            for er, ec in DIRECTIONS:
                second = self._step(grid, *first, er, ec)
                if second is not None:
                    out.add(second)
        return sorted(out) if out else self._free_cards(s)

    # ---- the lot and the building -----------------------------------------------------

    def _side_of(self, card_id, side):
        card = self.deck.card(card_id)
        return card.back if side == "back" else card.front

    def _side(self, s, seat):
        return self._side_of(s["hand"][seat], s["side"][seat])

    def building(self, s, seat) -> Building:
        return building(self._side(s, seat).lot(), s["outline"][seat], s["built"][seat], self.pieces)

    def _to_supply(self, s, piece):
        s["supply"].append(piece)
        s["supply"].sort(key=self._order.__getitem__)

    def _clear(self, s, seat):
        """All pieces of the seat's lot back to the middle (004:56)."""
        for p in s["built"][seat]:
            self._to_supply(s, p["piece"])
        s["built"][seat] = []

    # ---- words -----------------------------------------------------------------------

    def _side_words(self, side) -> str:
        return f"{count_words(side.floors, 'floor')}, {side.numeral} ({side.pieces} pieces), ¥{side.yen:,}"

    def _card_name(self, card_id) -> str:
        """A lot card as the plan shows it: its district and its number there ('Ueno 1')."""
        return f"{self.deck.card(card_id).district} {card_id.rsplit('-', 1)[-1]}"

    def _lot_words(self, card_id, side) -> str:
        """A completed lot as a player names it: 'Ueno 1, back side, ¥15,000'."""
        card = self.deck.card(card_id)
        return (f"{card.district} {card_id.rsplit('-', 1)[-1]}" + (", back side" if side == "back" else "")
                + f", ¥{self._side_of(card_id, side).yen:,}")

    def _card_text(self, card_id) -> str:
        card = self.deck.card(card_id)
        return f"{card.district} {card_id.rsplit('-', 1)[-1]} ({self._side_words(card.front)})"

    def _card_words(self, s, r, c) -> str:
        return self._card_text(s["grid"][r][c])

    # ---- end and score ---------------------------------------------------------------

    def yen(self, s, seat) -> int:
        """The yen of the seat's completed lots (004:35, 004:60)."""
        return sum(self._side_of(card, side).yen for card, side in s["won"][seat])

    def is_over(self, s) -> bool:
        return s["phase"] == "over"

    def stake_yen(self, s, seat) -> int:
        """Hook: yen the seat gains besides its lot's if it builds first this round."""
        return 0

    def standing(self, s) -> list[float]:
        """Yen won so far, plus each lot in hand worth its yen (and what else it would bring,
        `stake_yen`) times the chance of building it first (004:56) at the `PACE` estimate: what
        the search values a position by before a building round it does not play out."""
        yen = [float(self.yen(s, i)) for i in range(s["players"])]
        if s["phase"] == "over":
            return yen
        sides = [None if card is None else self._side(s, i) for i, card in enumerate(s["hand"])]
        times = [None if d is None else PACE[0] + PACE[1] * d.pieces + PACE[2] * d.floors for d in sides]
        for i, chance in enumerate(first_chances(times, PACE_SPREAD)):
            if chance:
                yen[i] += chance * (sides[i].yen + self.stake_yen(s, i))
        return yen

    def search_horizon(self, s, start=None) -> bool:
        """A building round is judged by physics: the search's playouts stop where one begins."""
        return s["phase"] == "build"

    def result(self, s) -> Result:
        n = s["players"]
        yen = [self.yen(s, i) for i in range(n)]
        breakdown = [self.breakdown(s, i, {"lots": [self._lot_words(card, side) for card, side in s["won"][i]],
                                           "lot_yen": yen[i]}) for i in range(n)]
        return Result(tuple(yen), rank_by([(y,) for y in yen], range(n)), tuple(breakdown),
                      s["reason"] + "; the most yen wins, ties share the win (004:60)")

    def breakdown(self, s, seat, entry: dict) -> dict:
        """Hook: a seat's line of the result; `entry` has its lots and their yen."""
        return entry

    # ---- views -----------------------------------------------------------------------

    def view(self, s, seat) -> dict:
        n = s["players"]
        seats = []
        for i in range(n):
            card = s["hand"][i]
            entry = {
                "at": s["at"][i], "card": card, "side": s["side"][i],
                "card_name": None if card is None else self._card_name(card),
                "lot": None if card is None else self._side_view(self._side(s, i)),
                "outline": s["outline"][i], "building": copy_plain(s["built"][i]),
                "status": s["status"][i], "stop": s["stop"][i],
                "last_try": max(s["tries"][i], default=0.0), "tries": len(s["tries"][i]),
                "clock": s["clock"][i],
                "verdict": copy_plain(s["verdicts"][i]),
                "won": [[c, sd] for c, sd in s["won"][i]], "yen": self.yen(s, i)}
            seats.append(self.seat_view(s, i, entry))
        out = {"me": seat, "round": s["round"], "phase": s["phase"], "to_act": list(self.to_act(s)),
               "grid": [[None if cid is None else self._grid_card(cid) for cid in row] for row in s["grid"]],
               "seats": seats, "supply": list(s["supply"]), "history": copy_plain(s["history"]),
               "winners": list(s["winners"]), "reason": s["reason"], "now": max(s["clock"], default=0.0)}
        return self.table_view(s, out)

    def seat_view(self, s, seat, entry: dict) -> dict:
        """Hook: what a game adds to a seat's part of every view."""
        return entry

    def table_view(self, s, out: dict) -> dict:
        """Hook: what a game adds to every view."""
        return out

    def _grid_card(self, cid) -> dict:
        """A card on the plan as everyone sees it (worked out once a card: views are many)."""
        shown = self._shown.get(cid)
        if shown is None:
            card = self.deck.card(cid)
            shown = self._shown[cid] = {"id": cid, "district": card.district, "name": self._card_name(cid),
                                        **self._side_view(card.front)}
        return {**shown, "outlines": [list(o) for o in shown["outlines"]]}

    @staticmethod
    def _side_view(side) -> dict:
        """What a card side shows; the back stays unseen until turned (004:83)."""
        return {"floors": side.floors, "numeral": side.numeral, "pieces": side.pieces, "yen": side.yen,
                "outlines": [list(o) for o in side.outlines]}

    # ---- the whole table ---------------------------------------------------------------

    def table(self, s) -> dict:
        """What lies where, all of it (for a picture of the whole table: the Tabletop Simulator
        export of a save), as plain data of its own: every field of the position, as `fields`
        documents it (the plan's "grid" of lot card ids, each seat's "hand", "side", "won",
        "built" and "at", the pieces in the middle as "supply", ...), and, worked out from them,
        "yen": each seat's yen now (004:60; Bottle Bonus's blue drinks too, 004:89) and "lots":
        each seat's lot as the side of its card up shows it ({"floors", "numeral", "pieces",
        "yen", "outlines"}; None without a card)."""
        out = copy_plain({k: s[k] for k in self.fields})
        out["yen"] = [self.yen(s, i) for i in range(s["players"])]
        out["lots"] = [None if s["hand"][i] is None else self._side_view(self._side(s, i))
                       for i in range(s["players"])]
        return out

    # ---- saving ----------------------------------------------------------------------

    def dump(self, s) -> dict:
        return copy_plain(s)

    def restore(self, data, players, options):
        from .lot_persist import check_state
        return check_state(self, data, players, options)

    def check_more(self, s, players: int, phase: str) -> None:
        """Hook: a game's own checks of a saved position (its own `fields`)."""

    def conserved(self, s) -> dict:
        """Every piece and every lot card by its own name, wherever it lies: in the middle or
        on a building; on the plan, in a builder's hand or won."""
        ids = list(s["supply"]) + [p["piece"] for b in s["built"] for p in b]
        cards = ([cid for row in s["grid"] for cid in row if cid is not None]
                 + [h for h in s["hand"] if h is not None] + [c for w in s["won"] for c, _ in w])
        out = {"pieces": len(ids), "lot cards": len(cards)}
        out.update({f"piece:{pid}": n for pid, n in Counter(ids).items()})
        out.update({f"lot card:{cid}": n for cid, n in Counter(cards).items()})
        return out
