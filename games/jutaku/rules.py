"""Tokyo Jutaku: the rules, readable beside 004:1-60 (and Bottle Bonus, 004:77-93).

One place for the constants, the setup, the state, the legal moves, applying a move,
the views and the scoring. The state is plain data (a dict), so `dump` is a copy and
`restore` checks every value.

A building round is simultaneous in the box (004:29, 004:39): every building move happens
at a moment of its builder's clock, the seconds since "go!" (`moment`: a placement's and a
Stop!'s data say when; a take-back, an outline, a drink or giving up may say so too, else
they follow the builder's last move at once). Whoever drives several builders plays their
moves in the order of those moments (core.simultaneous), so the pieces in the middle go to
whoever reaches first, as at the table. Every placement, take-back and Stop! is a move of
the log, a placement carrying its data (core.payload). A Stop! runs the rule check of
004:37-54 and the physics verdict; when every seat has succeeded or given up, the fastest
success wins the round, and equal times (to the tenth of a second) all count (004:56).
"""

from __future__ import annotations

from pathlib import Path

from core.components import DrinkSet
from core.errors import IllegalMove
from core.game import Action, Event, Result, Rules, rank_by
from core.payload import copy_plain, field
from core.rng import Rng
from core.words import count_words
from physics import vending
from physics.building import Building, Placement
from physics.pieces import Catalogue
from physics.stability import judged

from . import result
from .cards import SIZE, Deck
from .constants import BLUE_YEN, DIRECTIONS, MAX_FLOOR, MAX_SECONDS, MAX_X, MAX_Y, POWERS_BEFORE, WIN_LOTS  # noqa: F401  (their home is constants.py)
from .text import JUTAKU, POWER_WORDS  # noqa: F401  (POWER_WORDS: read from here too)
from .timing import first_chances, tenths

R_START = "Tokyo Jutaku, the start (004:27-29)"
R_BUILD = "Tokyo Jutaku, building rules (004:39-41)"
R_TAKE_BACK = "Tokyo Jutaku, taking back (004:50)"
R_STOP = "Tokyo Jutaku, Stop! (004:56)"
R_MOVE = "Tokyo Jutaku, moving (004:58)"
R_OUTLINE = "Tokyo Jutaku, two lot outlines (004:37)"
R_END = "Tokyo Jutaku, the end (004:60)"
R_DRINK = "Bottle Bonus, drinks (004:79-93)"
R_POUR = "Bottle Bonus, the pour (004:79)"

#: the search bot's estimate of a lot's build time (seconds: base, per piece, per floor) and
#: its spread (a share either way): a skilled builder's pace. Only `standing`, the search's
#: valuation of a round not yet built, reads it; the rules time nothing themselves
PACE = (8.0, 4.0, 2.0)
PACE_SPREAD = 0.1
PLACE_TAKES = "a placement: piece, x, y (mm), rotation (degrees), flip, floor, and its moment (seconds)"
#: the building moves that take no data but may say when they happen ({"seconds": s})
TIMED_PLAIN = ("take_back", "give_up", "outline:", "drink:")
STOP_TAKES = "the build time in seconds"


class Jutaku(Rules):
    """Tokyo Jutaku; `bottle` adds Bottle Bonus's drinks and pours (004:77-93)."""

    assets = ("jutaku_lots.toml", "jutaku_pieces.toml", "drinks.toml")
    bottle = False
    takes_data = True
    default_bot = "master"
    level_bots = {"easy": "apprentice"}   # the easy level: the apprentice architect
    how_to_play = JUTAKU
    leave = "give_up"

    def code_folders(self):
        """Its own package (and Tokyo Jutaku's, which a game built on it draws on), and the
        physics that decides its play."""
        import physics
        return list(dict.fromkeys([*super().code_folders(), Path(__file__).parent, physics.FOLDER]))

    def __init__(self, info, assets):
        super().__init__(info, assets)
        self.deck = Deck.from_asset(assets["jutaku_lots.toml"])
        self.pieces = Catalogue(assets["jutaku_pieces.toml"])
        self.drinks = DrinkSet.from_asset(assets["drinks.toml"])
        self.colour_ids = tuple(k.id for k in self.drinks.colours)
        self._shown: dict[str, dict] = {}
        from .bot import ARCHITECT_BOTS
        self.bots = ARCHITECT_BOTS

    # ---- setup ---------------------------------------------------------------------

    def setup(self, players: int, options: dict, rng: Rng):
        replace = options.get("roppongi", "off")
        grid = [list(row) for row in self.deck.grid(None if replace == "off" else replace)]
        s = {
            "players": players, "round": 1, "phase": "start", "grid": grid,
            "at": [None] * players, "hand": [None] * players, "side": ["front"] * players,
            "won": [[] for _ in range(players)], "supply": self.pieces.ids(),
            "built": [[] for _ in range(players)], "outline": [0] * players,
            "status": ["waiting"] * players, "stop": [None] * players, "tries": [[] for _ in range(players)],
            "verdicts": [None] * players, "winners": [], "order": [], "turn": 0,
            "history": [], "reason": "", "clock": [0.0] * players,
            "first": rng.below(players),     # who places an architect first: drawn (kiosk ruling)
        }
        if self.bottle:
            box = list(range(36))
            s.update({"box": box, "held": [[] for _ in range(players)], "kept": [[] for _ in range(players)],
                      "staked": [None] * players, "spent": [[] for _ in range(players)],
                      "barred": [None] * players, "tray": [], "pourer": None, "pours": [],
                      "takers": [], "take_turn": 0, "last_pour": None})
        return s

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
        if phase == "take":
            return (s["takers"][s["take_turn"]],)
        if phase == "pour":
            return (s["pourer"],)
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
        if phase == "pour":
            return [Action("pour", "Pour the drinks into the vending machine", "Pour")]
        if phase == "take":
            out = [Action(f"take:{d}", f"Take the {self.drinks.label(d)} ({self.drinks.code(d)})", "Drinks")
                   for d in sorted(set(s["tray"]))]
            return out + [Action("take:none", "Take no drink", "Drinks")]
        return []

    def _build_actions(self, s, seat) -> list[Action]:
        out = []
        built = s["built"][seat]
        if len(s["supply"]) > 0:
            out.append(Action("place", "Place a piece", "Build", takes=PLACE_TAKES))
        if built:
            out.append(Action("take_back", "Take back the last piece placed", "Build"))
        outlines = self._side(s, seat).outlines
        if len(outlines) > 1:
            other = 1 - s["outline"][seat]
            out.append(Action(f"outline:{other}", f"Build on outline {other + 1} instead", "Build"))
        out.append(Action("stop", "Stop!", "Build", takes=STOP_TAKES))
        if self.bottle:
            held = {self.colour_ids[d // 6] for d in s["held"][seat]}
            fresh = not built and not s["tries"][seat]
            for colour in POWERS_BEFORE:
                if colour in held and fresh and colour not in s["spent"][seat]:
                    out.append(Action(f"drink:{colour}", POWER_WORDS[colour], "Drinks"))
            if "mint" in held:
                out.append(Action("drink:mint", POWER_WORDS["mint"], "Drinks"))
        out.append(Action("give_up", "Give up this round", "Build"))
        return out

    def _move_actions(self, s, seat) -> list[Action]:
        out = []
        targets = self.reachable(s, seat)
        for r, c in targets:
            out.append(Action(f"move:{r}:{c}", f"Move to {self._card_words(s, r, c)}", "Move"))
        if s["hand"][seat] is not None:
            out.append(Action("keep", "Keep your lot card and stay", "Move"))
        if self.bottle and "purple" in {self.colour_ids[d // 6] for d in s["held"][seat]}:
            for r, c in self._free_cards(s):
                if (r, c) not in targets:
                    out.append(Action(f"purple:{r}:{c}", f"Purple drink: move to {self._card_words(s, r, c)}",
                                      "Drinks"))
        return out

    def why_illegal(self, s, seat, key) -> IllegalMove:
        phase = s["phase"]
        if phase == "start":
            return IllegalMove("architects start on a free lot card at the outer edge of the plan", R_START)
        if phase == "build":
            if key.startswith("drink:"):
                return IllegalMove("drinks are spent before building (mint at any time), each once, "
                                   "and only drinks you hold", R_DRINK)
            if key == "take_back":
                return IllegalMove("there is no piece on your lot to take back", R_TAKE_BACK)
            return IllegalMove(f"{key!r} is not a building move: place, take back, Stop! or give up", R_BUILD)
        if phase == "move":
            return IllegalMove("move up to two cards straight (not diagonally), passing over gaps; "
                               "keep your card only if you built nothing", R_MOVE)
        if phase == "take":
            return IllegalMove("take one drink that came out of the machine, or none", R_POUR)
        return IllegalMove(f"{key!r} is not a legal action now")

    def reveals(self, s, seat, action) -> bool:
        """004:83 — the back of a lot card is unseen until the black drink turns it: once
        turned, it stays turned (no taking back to decide again)."""
        return action.key == "drink:black"

    # ---- payloads ------------------------------------------------------------------

    def accept(self, s, seat, action, payload) -> Action:
        if action.key == "stop":
            seconds = tenths(self._at(s, seat, payload, R_STOP))
            before = max(s["tries"][seat], default=0.0)
            if seconds < before:
                raise IllegalMove(f"the clock runs on: this Stop! at {seconds:.1f} s comes before your "
                                  f"last one at {before:.1f} s", R_STOP)
            return action._replace(data=seconds)
        if action.key == "place":
            at = self._at(s, seat, payload, R_BUILD, default=None)
            return action._replace(data=(self._placements(s, seat, payload), at))
        if s["phase"] == "build" and action.key.startswith(TIMED_PLAIN):
            if not isinstance(payload, dict) or set(payload) != {"seconds"}:
                raise IllegalMove(f"{action.key!r} carries only its moment, {{'seconds': s}}", R_BUILD)
            return action._replace(data=self._at(s, seat, payload, R_BUILD))
        raise IllegalMove(f"{action.key!r} takes no data")

    def _at(self, s, seat, payload, rule, default=...) -> float | None:
        """The moment a building move names (seconds since "go!"): never before the builder's
        last move, for the clock runs on."""
        at = field(payload, "seconds", float, rule, low=0.0, high=MAX_SECONDS, default=default)
        if at is not None and at < s["clock"][seat] - 1e-9:
            raise IllegalMove(f"the clock runs on: this move at {at:.1f} s comes before your last one "
                              f"at {s['clock'][seat]:.1f} s", rule)
        return at

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
        return result.deadline(*passed)

    def announce(self, s, events):
        """A building round's end (games/jutaku/result.py)."""
        return result.announcement(self, events)

    def moment(self, s, seat, key, payload) -> float | None:
        """When a building move happens on its builder's clock: the moment its data names,
        else at once after the builder's last move. Nothing else is timed."""
        if s["phase"] != "build":
            return None
        if isinstance(payload, dict) and isinstance(payload.get("seconds"), (int, float)) \
                and not isinstance(payload.get("seconds"), bool):
            return float(payload["seconds"])
        return s["clock"][seat]

    def _placements(self, s, seat, payload) -> tuple[Placement, tuple[int, Placement] | None]:
        """The new piece of a placement, and with the red drink the piece already on the
        building that is moved together with it (004:91): (placement, (index, placement) or
        None). One new piece at a time, always (004:39)."""
        if isinstance(payload, dict) and "pieces" in payload:
            raise IllegalMove("one new piece at a time; with the red drink it may be placed together "
                              "with a piece already on your building, not with a second new one", R_DRINK)
        piece = field(payload, "piece", str, R_BUILD)
        if piece not in s["supply"]:
            raise IllegalMove(f"{self.pieces.name(piece)} is not in the middle", R_BUILD)
        if self.bottle and s["barred"][seat] == piece:
            raise IllegalMove(f"after “put it back!” you take another piece than the "
                              f"{self.pieces.name(piece)} you put back", R_DRINK)
        new = self._placement(piece, payload)
        building = self.building(s, seat)
        moved = None
        if isinstance(payload, dict) and "with" in payload:
            if not (self.bottle and "red" in s["spent"][seat]):
                raise IllegalMove("a piece on your building moves together with a new one only with the "
                                  "red drink spent this round", R_DRINK)
            row = payload["with"]
            other = field(row, "piece", str, R_DRINK)
            index = next((i for i, b in enumerate(s["built"][seat]) if b["piece"] == other), None)
            if index is None:
                raise IllegalMove("the red drink moves a piece already on your building together with the "
                                  f"new one, and the {self.pieces.name(other)} is not on it", R_DRINK)
            moved = (index, self._placement(other, row))
        from physics.building import R_OVERLAP, R_RESTS
        before = {(v.rule, tuple(v.pieces)) for v in building.check(complete=False)}
        if moved is not None:
            building.placements[moved[0]] = moved[1]
        first = building.place(new)
        for v in building.check(complete=False):
            if v.rule in (R_OVERLAP, R_RESTS) and (v.rule, tuple(v.pieces)) not in before \
                    and (any(i >= first for i in v.pieces) or moved is not None):
                raise IllegalMove(f"that piece cannot lie there: {v.message}", v.rule)
        return new, moved

    @staticmethod
    def _placement(piece: str, row) -> Placement:
        return Placement(piece, field(row, "x", float, R_BUILD, low=-MAX_X, high=MAX_X),
                         field(row, "y", float, R_BUILD, low=0.0, high=MAX_Y),
                         field(row, "rotation", float, R_BUILD, low=-360.0, high=360.0, default=0.0),
                         field(row, "flip", bool, R_BUILD, default=False),
                         field(row, "floor", int, R_BUILD, low=1, high=MAX_FLOOR))

    def sample_payload(self, view, action, rng):
        """A random piece dropped at a random place of the lot: mostly refused, sometimes not."""
        me = view["me"]
        if action.key == "stop":
            return {"seconds": view["seats"][me]["last_try"] + rng.below(600) / 10}
        supply = view["supply"]
        piece = supply[rng.below(len(supply))]
        built = view["seats"][me]["building"]
        floor = 1 + (max((p["floor"] for p in built), default=0) if rng.below(2) else 0)
        top = max((p["y"] + 20 for p in built), default=0.0)
        return {"piece": piece, "x": float(rng.below(70)), "y": 0.0 if floor == 1 else top * rng.below(2),
                "rotation": float(90 * rng.below(2)), "flip": False, "floor": floor}

    # ---- apply ---------------------------------------------------------------------

    def apply(self, s, seat, action, rng) -> list[Event]:
        key = action.key
        if key.startswith("start:"):
            return self._start(s, seat, key)
        if s["phase"] == "build":
            at = action.data[1] if key == "place" else action.data
            if isinstance(at, (int, float)) and not isinstance(at, bool):
                s["clock"][seat] = max(s["clock"][seat], float(at))
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
        if key.startswith("drink:"):
            return self._drink(s, seat, key.split(":")[1])
        if key == "pour":
            return self._pour(s, seat, rng)
        if key.startswith("take:"):
            return self._take(s, seat, key.split(":")[1], rng)
        if key == "keep":
            return self._next_mover(s, [Event("keep", f"Seat {seat + 1} keeps their lot card", seat)], rng)
        if key.startswith(("move:", "purple:")):
            kind, r, c = key.split(":")
            return self._move(s, seat, int(r), int(c), kind == "purple", rng)
        raise IllegalMove(f"{key!r} is not a legal action now")

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
        if self.bottle:
            s["spent"] = [[] for _ in range(n)]
            s["barred"] = [None] * n
            s["staked"] = [None] * n

    def _place(self, s, seat, placed):
        new, moved = placed
        s["supply"].remove(new.piece)
        if moved is not None:
            index, p = moved
            s["built"][seat][index] = {"piece": p.piece, "x": p.x, "y": p.y, "rotation": p.rotation,
                                       "flip": p.flip, "floor": p.floor}
        s["built"][seat].append({"piece": new.piece, "x": new.x, "y": new.y, "rotation": new.rotation,
                                 "flip": new.flip, "floor": new.floor})
        if self.bottle:
            s["barred"][seat] = None
        words = f"Seat {seat + 1} places a {self.pieces.name(new.piece)} on floor {new.floor}"
        if moved is not None:
            words += f" and moves the {self.pieces.name(moved[1].piece)} with it (red drink)"
        return [Event("place", words, seat)]

    def _stop(self, s, seat, seconds, rng):
        building = self.building(s, seat)
        problems = building.check()
        verdict = judged(building) if building.placements and not problems else None
        ok = not problems and verdict is not None and verdict.stands is True
        s["tries"][seat].append(seconds)
        s["verdicts"][seat] = {
            "seconds": seconds, "passes": ok,
            "problems": [v.message for v in problems],
            "stands": None if verdict is None else verdict.stands,
            "moved": [] if verdict is None else [m["id"] for m in verdict.moved]}
        if not ok:
            why = problems[0].message if problems else ("nothing is built" if not building.placements
                                                         else "it does not stand")
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
        left = result.left_data(self, s, seat)
        self._clear(s, seat)
        s["status"][seat] = "out"
        passed = result.stopped_by(s, seat)
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
        events = [Event("round_over", f"Round {s['round']} is over", None, result.round_data(self, s, winners, best))]
        for w in winners:
            card = s["hand"][w]
            s["won"][w].append([card, s["side"][w]])
            s["hand"][w] = None
            s["side"][w] = "front"
            s["outline"][w] = 0
            yen = self._side_of(card, s["won"][w][-1][1]).yen
            events.append(Event("completed", f"Seat {w + 1} completes {self._card_text(card)} for ¥{yen:,}", w))
        if self.bottle:
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
        if self.bottle and winners:
            s["pours"] = sorted(winners, key=lambda w: (-self.yen(s, w), w))
            return events + self._next_pour(s)
        return events + self._begin_moving(s)

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

    def _move(self, s, seat, r, c, purple, rng):
        old = s["at"][seat]
        if s["hand"][seat] is not None:
            s["grid"][old[0]][old[1]] = s["hand"][seat]
            s["side"][seat] = "front"
        s["at"][seat] = [r, c]
        s["outline"][seat] = 0
        s["hand"][seat] = s["grid"][r][c]
        s["grid"][r][c] = None
        events = []
        if purple:
            self._spend(s, seat, "purple")
            events.append(Event("purple", f"Seat {seat + 1} spends the purple drink", seat))
        events.append(Event("move", f"Seat {seat + 1} moves to {self._card_text(s['hand'][seat])}", seat))
        return self._next_mover(s, events, rng)

    # ---- Bottle Bonus ----------------------------------------------------------------

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
                    events.append(Event("put_back", f"Seat {other + 1} puts the {self.pieces.name(p['piece'])} back and takes "
                                                    "another", other))
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
            events.append(Event("stuck", f"{count_words(len(poured.stuck), 'drink')} stuck in the machine and go back to the box"))
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

    def _take(self, s, seat, what, rng):
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
        b = Building(self._side(s, seat).lot(), s["outline"][seat], pieces=self.pieces)
        for p in s["built"][seat]:
            b.place(Placement(p["piece"], p["x"], p["y"], p["rotation"], p["flip"], p["floor"]))
        return b

    def _to_supply(self, s, piece):
        order = {pid: i for i, pid in enumerate(self.pieces.ids())}
        s["supply"].append(piece)
        s["supply"].sort(key=order.__getitem__)

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
        total = sum(self._side_of(card, side).yen for card, side in s["won"][seat])
        if self.bottle:
            total += BLUE_YEN * len(s["kept"][seat])
        return total

    def is_over(self, s) -> bool:
        return s["phase"] == "over"

    def standing(self, s) -> list[float]:
        """Yen won so far, plus each lot in hand worth its yen (and a staked blue drink's,
        004:89) times the chance of building it first (004:56) at the `PACE` estimate: what
        the search values a position by before a building round it does not play out."""
        yen = [float(self.yen(s, i)) for i in range(s["players"])]
        if s["phase"] == "over":
            return yen
        sides = [None if card is None else self._side(s, i) for i, card in enumerate(s["hand"])]
        times = [None if d is None else PACE[0] + PACE[1] * d.pieces + PACE[2] * d.floors for d in sides]
        for i, chance in enumerate(first_chances(times, PACE_SPREAD)):
            if chance:
                staked = self.bottle and s["staked"][i] is not None
                yen[i] += chance * (sides[i].yen + (BLUE_YEN if staked else 0))
        return yen

    def search_horizon(self, s, start=None) -> bool:
        """A building round is judged by physics: the search's playouts stop where one begins."""
        return s["phase"] == "build"

    def result(self, s) -> Result:
        n = s["players"]
        yen = [self.yen(s, i) for i in range(n)]
        breakdown = []
        for i in range(n):
            entry = {"lots": [self._lot_words(card, side) for card, side in s["won"][i]], "lot_yen": yen[i]}
            if self.bottle:
                entry["blue_drinks"] = len(s["kept"][i])
                entry["lot_yen"] -= BLUE_YEN * len(s["kept"][i])
            breakdown.append(entry)
        return Result(tuple(yen), rank_by([(y,) for y in yen], range(n)), tuple(breakdown),
                      s["reason"] + "; the most yen wins, ties share the win (004:60)")

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
            if self.bottle:
                entry.update({"drinks": [self.drinks.code(d) for d in s["held"][i]],
                              "drink_colours": [self.colour_ids[d // 6] for d in s["held"][i]],
                              "spent": list(s["spent"][i]), "kept_blue": len(s["kept"][i]),
                              "barred": s["barred"][i]})
            seats.append(entry)
        out = {"me": seat, "round": s["round"], "phase": s["phase"], "to_act": list(self.to_act(s)),
               "grid": [[None if cid is None else self._grid_card(cid) for cid in row] for row in s["grid"]],
               "seats": seats, "supply": list(s["supply"]), "history": copy_plain(s["history"]),
               "winners": list(s["winners"]), "reason": s["reason"], "now": max(s["clock"], default=0.0)}
        if self.bottle:
            out.update({"box": len(s["box"]), "tray": [self.drinks.code(d) for d in s["tray"]],
                        "last_pour": copy_plain(s["last_pour"])})
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

    # ---- saving ----------------------------------------------------------------------

    def dump(self, s) -> dict:
        return copy_plain(s)

    def restore(self, data, players, options):
        from .persist import check_state
        return check_state(self, data, players, options)

    def conserved(self, s) -> dict:
        pieces = len(s["supply"]) + sum(len(b) for b in s["built"])
        cards = (sum(cid is not None for row in s["grid"] for cid in row)
                 + sum(h is not None for h in s["hand"]) + sum(len(w) for w in s["won"]))
        out = {"pieces": pieces, "lot cards": cards}
        if self.bottle:
            out["drinks"] = (len(s["box"]) + len(s["tray"]) + sum(len(h) for h in s["held"])
                             + sum(len(k) for k in s["kept"]) + sum(d is not None for d in s["staked"]))
        return out

