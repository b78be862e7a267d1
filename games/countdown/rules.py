"""Countdown: the rules, readable beside 004:62-75.

Every builder builds one tower on a lot card's real edge (the printed outline ignored,
004:64, 004:68), one floor per round against the clock: 60 s for floor 1, 45 s, 30 s,
then 15 s a floor (004:70-73). Everyone builds at once from one supply (004:66, as in
Tokyo Jutaku, 004:39): every move happens at a moment of its builder's clock (`moment`: a
placement carries the second of the round it was made in, and none is taken after the
round's time), and whoever drives several builders plays their moves in the order of
those moments (core.simultaneous), so a piece goes to whoever reaches it first. The same
building rules as Tokyo Jutaku hold (004:66). A builder who adds no piece in a round is
out and scores every piece built (004:75).

Our ruling for a tower that falls (the rulebook says nothing, see `how_to_play`): at the
end of each round the tower is judged by the same physics verdict as a Jutaku Stop!; a
tower that does not stand puts its builder out, scoring the pieces of the floors that
stood at the end of the round before.
"""

from __future__ import annotations

from collections import Counter

from core.errors import IllegalMove
from core.game import Action, Event, Move, Result, rank_by
from core.payload import copy_plain
from core.rng import Rng
from core.words import count_words
from games.building import FOLDER
from games.building.placing import building, in_middle, lies, placed, written
from games.building.rounds import BuildingRounds, floor_round
from physics.building import Lot
from physics.pieces import Catalogue
from physics.placement import MAX_SECONDS, SECONDS, check_placed, moment, placement
from physics.stability import judged

from .clock import countdown_seconds

R_SETUP = "Countdown, the card's own edge (004:64, 004:68)"
R_ROUND = "Countdown, rounds against the clock (004:66, 004:70-73)"
R_RULES = "Countdown, Tokyo Jutaku's building rules (004:66, 004:52-54)"
R_OUT = "Countdown, out and scoring (004:75)"

#: A Countdown position, declared once: every field, what it holds, and its value at the start
#: for n players (None: `setup` gives it). `setup` builds a position of exactly these fields,
#: in this order; `restore` checks that a saved one has exactly these; `table` hands them out.
FIELDS = {
    "players": ("how many seats", None),
    "round": ("the round, from 1: it builds floor `round` (004:70-73)", lambda n: 1),
    "supply": ("the pieces in the middle by id, in catalogue order (004:66)", None),
    "built": ("each seat's tower: its placed pieces (games/building/placing.py `written`)",
              lambda n: [[] for _ in range(n)]),
    "status": ("each seat: building this floor, waiting (its floor built) or out (004:75)",
               lambda n: ["building"] * n),
    "score": ("each seat's score once out, in pieces; None while in (004:75)", lambda n: [None] * n),
    "stood": ("each seat's pieces in its tower when it last stood (our ruling for a fall)", lambda n: [0] * n),
    "verdicts": ("each seat's last floor judged: {round, stands, moved}; None", lambda n: [None] * n),
    "out_round": ("the round each seat went out in; None while in", lambda n: [None] * n),
    "clock": ("each builder's clock this round, in seconds (games/building/rounds.py)", lambda n: [0.0] * n),
}

#: a placement: a piece on this round's floor, at the second of the round it is made
PLACE = placement(R_ROUND, "a placement on this round's floor at a second of the round", after=(SECONDS,))
#: a take-back or the end of the round: only the moment they happen at
MOMENT = moment(R_ROUND, "a move that places nothing carries only its moment, {'seconds': s}")

HOW_TO_PLAY = """\
Countdown — one tower each, one floor a round, against the clock (004:62-75).

Each builder takes a lot card and builds on the card's real edge; the printed outline
and numbers are ignored (004:64, 004:68). Round 1 builds floor 1 in 60 seconds, round 2
floor 2 in 45, round 3 floor 3 in 30, every later floor in 15 (004:70-73). In a round
you add as many pieces as you can to the new floor, by Tokyo Jutaku's building rules
(004:66): inside the card, pieces on one floor touching, nothing outside the floor
below or over a gap. You may take back pieces of this round's floor.

Everyone builds at the same time from one middle, as at the table: a piece goes to
whoever takes it first on their clock. When several of you build on this one screen,
you build one after another, each with your own clock from the round's start, and the
middle you see is the middle as it stood at that second of the round: the pieces the
computers and the people before you had in hand then are gone, the others are free. If
two of you took the same piece, it goes to whoever took it earlier on their own clock;
the other goes back to that second, finds it gone, and builds on from there. A piece
placed after the time is refused. A builder who adds no piece in a round is out and
scores every piece in their tower; the others go on until all are out (004:75). The
most pieces wins; ties share.

Our ruling for a falling tower (the rulebook leaves it open): when your round ends,
your tower must stand — the same physics verdict as a Tokyo Jutaku Stop!. If it does
not, you are out, and you score the pieces of the tower as it stood after the round
before (this round's pieces do not count).
"""


class Countdown(BuildingRounds):
    """Countdown (004:62-75); see the module docstring."""

    assets = ("jutaku_pieces.toml",)
    default_bot = "master"
    level_bots = {"easy": "apprentice"}   # the easy level: the apprentice architect
    how_to_play = HOW_TO_PLAY
    leave = "done"
    #: a floor a round on the card's own edge, against the clock
    round_kind = floor_round(R_ROUND)
    #: the moves that place nothing but may say when they happen ({"seconds": s})
    timed = ("take_back", "done")
    moment_data = MOMENT
    #: the fields of a position (FIELDS): setup builds them, restore checks them, `table` hands them out
    fields = FIELDS

    def code_folders(self):
        """Its own package, the building kit its play is made of, and the physics that decides it."""
        import physics
        return [*super().code_folders(), FOLDER, physics.FOLDER]

    def __init__(self, info, assets):
        super().__init__(info, assets)
        self.pieces = Catalogue(assets["jutaku_pieces.toml"])
        self.lot = Lot.card_edge()
        from .bot import COUNTDOWN_BOTS
        self.bots = COUNTDOWN_BOTS

    def setup(self, players: int, options: dict, rng: Rng):
        """A position of exactly the declared FIELDS, each at its start."""
        given = {"players": players, "supply": self.pieces.ids()}
        return {k: given[k] if start is None else start(players) for k, (_, start) in self.fields.items()}

    # ---- who acts, what they may do --------------------------------------------------

    def to_act(self, s) -> tuple[int, ...]:
        """Everyone still building this round's floor: they build at once (004:66)."""
        return tuple(i for i in range(s["players"]) if s["status"][i] == "building")

    def simultaneous(self, s):
        """Every round: everyone builds this floor at once (004:66)."""
        return None if self.is_over(s) else ("floor", s["round"])

    def building_now(self, s) -> bool:
        """Every move is timed: each round builds a floor against the clock."""
        return True

    def seconds(self, s) -> float:
        return countdown_seconds(s["round"])

    def decided(self, s, seat, at) -> bool:
        """The round's time is up for a builder whose clock has passed it (004:70-73)."""
        return s["status"][seat] == "building" and at > self.seconds(s) + 1e-9

    def deadline(self, s, seat):
        """The floor's seconds: a piece placed after them does not count (004:70-73)."""
        if self.is_over(s) or s["status"][seat] != "building":
            return None
        t, floor = self.seconds(s), s["round"]
        added = len(self._this_round(s, seat))
        if added:
            then = f"floor {floor} counts with {count_words(added, 'piece')} if the tower stands"
        else:
            floors = len({p["floor"] for p in s["built"][seat]})
            then = (f"you added no piece to floor {floor}, so you are out with {count_words(floors, 'floor')}, "
                    f"scoring {count_words(len(s['built'][seat]), 'piece')}")
        return (t, f"Floor {floor} has {t:g} seconds: set your pieces down before the clock reaches {t:.1f} s",
                f"Time! Floor {floor}'s {t:g} seconds are up: {then}")

    def leaving(self, s, seat, at):
        """At the time's end the floor counts as it stands; pieces of it that break a building
        rule (our ruling: the last placed first) are taken back until it keeps them."""
        this = self._this_round(s, seat)
        back = 0
        while back < len(this) and self._problems_without(s, seat, back):
            back += 1
        return [Move("take_back", {"seconds": at})] * back + [Move("done", {"seconds": at})]

    def _problems_without(self, s, seat, last: int) -> list:
        """The placing problems of the seat's building without its `last` pieces."""
        rows = s["built"][seat]
        return building(self.lot, 0, rows[:len(rows) - last], self.pieces).check(complete=False)

    def announce(self, s, events):
        """A floor's end: what each builder did, their towers drawn (games/countdown/result.py)."""
        from .result import announcement
        return announcement(self, s, events)

    def legal(self, s, seat) -> list[Action]:
        out = []
        if s["supply"]:
            out.append(Action("place", f"Place a piece on floor {s['round']}", "Build", takes=PLACE))
        if self._this_round(s, seat):
            out.append(Action("take_back", "Take back the last piece of this floor", "Build"))
        if not self._placing_problems(s, seat):
            n = len(self._this_round(s, seat))
            words = "Time! End my round" if n else "End my round without a piece (you are out)"
            out.append(Action("done", words, "Build"))
        return out

    def why_illegal(self, s, seat, key) -> IllegalMove:
        if key == "done":
            problem = self._placing_problems(s, seat)
            return IllegalMove(f"the floor breaks a building rule: {problem[0].message}; take pieces back",
                               R_RULES)
        if key == "take_back":
            return IllegalMove("only pieces of this round's floor can be taken back", R_ROUND)
        return IllegalMove(f"{key!r} is not a Countdown move: place, take back, or end your round", R_ROUND)

    def _this_round(self, s, seat) -> list[dict]:
        return [p for p in s["built"][seat] if p["floor"] == s["round"]]

    def building(self, s, seat):
        return building(self.lot, 0, s["built"][seat], self.pieces)

    def _placing_problems(self, s, seat):
        return self.building(s, seat).check(complete=False)

    # ---- payloads ------------------------------------------------------------------

    def accept_data(self, s, seat, action, payload) -> Action:
        """A placement read against the position (its data already read by its declaration,
        physics.placement): in the round's time, on the round's floor, a piece from the
        middle, lying where a hand can leave it."""
        if action.key != "place":
            raise IllegalMove(f"{action.key!r} takes no data")
        limit = self.seconds(s)
        at = self.at(s, seat, payload["seconds"], R_ROUND)
        if at > limit:
            raise IllegalMove(f"time is up: floor {s['round']} has {limit:g} seconds, "
                              f"this piece came at {at:.1f} s", R_ROUND)
        in_middle(payload["piece"], s["supply"], self.pieces, R_RULES)
        if payload["floor"] != s["round"]:
            raise IllegalMove(f"this round builds floor {s['round']}, not floor {payload['floor']}", R_ROUND)
        p = placed(payload)
        lies(self.building(s, seat), p)
        return action._replace(data=(p, at))

    def sample_payload(self, view, action, rng):
        """A random piece from the middle on this round's floor, at a second around its time."""
        me = view["seats"][view["me"]]
        supply = view["supply"]
        floor = view["round"]
        top = max((p["y"] + 10 for p in me["building"] if p["floor"] == floor - 1), default=0.0)
        seconds = [me["clock"] + k / 10 for k in range(int(view["seconds"] * 10) + 40)]     # some too late
        return PLACE.sample(rng, among={"piece": supply, "x": [float(k) for k in range(70)], "rotation": [0.0, 90.0],
                                        "seconds": seconds},
                            fixed={"y": top, "flip": False, "floor": floor})

    # ---- apply ---------------------------------------------------------------------

    def apply(self, s, seat, action, rng) -> list:
        self.tick(s, seat, action.data[1] if action.key == "place" else action.data)
        if action.key == "place":
            p = action.data[0]
            s["supply"].remove(p.piece)
            s["built"][seat].append(written(p))
            return [Event("place", f"Seat {seat + 1} places a {self.pieces.name(p.piece)} on floor {p.floor}", seat)]
        if action.key == "take_back":
            p = s["built"][seat].pop()
            self._to_supply(s, p["piece"])
            return [Event("take_back", f"Seat {seat + 1} takes back the {self.pieces.name(p['piece'])}", seat)]
        return self._done(s, seat)

    def _done(self, s, seat) -> list[Event]:
        added = len(self._this_round(s, seat))
        total = len(s["built"][seat])
        if added == 0:
            self._out(s, seat, total)
            floors = len({p["floor"] for p in s["built"][seat]})
            events = [Event("out", f"Seat {seat + 1} adds no piece to floor {s['round']}: out with "
                                   f"{count_words(floors, 'floor')}, scoring {count_words(total, 'piece')}", seat)]
        else:
            verdict = judged(self.building(s, seat))
            s["verdicts"][seat] = {"round": s["round"], "stands": verdict.stands,
                                   "moved": [m["id"] for m in verdict.moved]}
            if verdict.stands:
                s["status"][seat] = "waiting"
                s["stood"][seat] = total
                events = [Event("floor", f"Seat {seat + 1} builds floor {s['round']} with "
                                         f"{count_words(added, 'piece')}; the tower of {total} stands", seat)]
            else:
                score = s["stood"][seat]
                self._out(s, seat, score)
                events = [Event("fell", f"Seat {seat + 1}'s tower does not stand after floor {s['round']}: out, "
                                        f"scoring the {count_words(score, 'piece')} that stood after the floor "
                                        "before (our ruling)", seat)]
        return events + self._next_round(s)

    def _out(self, s, seat, score: int) -> None:
        s["status"][seat] = "out"
        s["score"][seat] = score
        s["out_round"][seat] = s["round"]

    def _next_round(self, s) -> list[Event]:
        if any(st == "building" for st in s["status"]):
            return []
        if all(st == "out" for st in s["status"]):
            return [Event("over", "Every builder is out: the most pieces wins")]
        s["round"] += 1
        s["status"] = ["building" if st == "waiting" else st for st in s["status"]]
        s["clock"] = [0.0] * s["players"]
        return [Event("round", f"Floor {s['round']}: {countdown_seconds(s['round']):g} seconds")]

    def _to_supply(self, s, piece):
        order = {pid: i for i, pid in enumerate(self.pieces.ids())}
        s["supply"] = sorted(s["supply"] + [piece], key=order.__getitem__)

    # ---- end -----------------------------------------------------------------------

    #: a tower's pieces two rounds on still say little of how many it will end with
    standing_scale = 2.0
    #: nothing is hidden and nothing left to chance: the builders plan from the position
    search_worlds = 1

    def standing(self, s) -> list[float]:
        """The pieces each builder would score now: an out builder's score, the others'
        standing towers. What the search values a position by two rounds on."""
        return [float(s["score"][i] if s["status"][i] == "out" else s["stood"][i])
                for i in range(s["players"])]

    def search_horizon(self, s, start) -> bool:
        """The search's playouts build the floor it decides on and the next one, then stop:
        every later floor is a planning and a physics verdict per builder."""
        return s["round"] >= start["round"] + 2

    def is_over(self, s) -> bool:
        return all(st == "out" for st in s["status"])

    def result(self, s) -> Result:
        n = s["players"]
        scores = [s["score"][i] or 0 for i in range(n)]
        breakdown = tuple({"pieces": scores[i], "floors": len({p["floor"] for p in s["built"][i]}),
                           "out_in_round": s["out_round"][i]} for i in range(n))
        return Result(tuple(0 for _ in range(n)), rank_by([(v,) for v in scores], range(n)), breakdown,
                      "every builder is out; the most pieces wins (004:75)", score=tuple(scores), unit="pieces")

    # ---- views and saves -------------------------------------------------------------

    def table(self, s) -> dict:
        """What lies where, all of it (for a picture of the whole table: the Tabletop Simulator
        export of a save), as plain data of its own: every field of the position as FIELDS
        documents it (each seat's tower as "built", the pieces in the middle as "supply", each
        seat's "status", "score", "stood" and "out_round", the "round" in play)."""
        return copy_plain({k: s[k] for k in self.fields})

    def view(self, s, seat) -> dict:
        seats = [{"building": copy_plain(s["built"][i]), "status": s["status"][i], "score": s["score"][i],
                  "pieces": len(s["built"][i]), "floors": len({p["floor"] for p in s["built"][i]}),
                  "verdict": copy_plain(s["verdicts"][i]), "out_round": s["out_round"][i],
                  "clock": s["clock"][i]}
                 for i in range(s["players"])]
        return {"me": seat, "round": s["round"], "floor": s["round"], "seconds": self.seconds(s),
                "card_mm": self.lot.card_mm, "supply": list(s["supply"]), "seats": seats,
                "to_act": list(self.to_act(s)), "now": max(s["clock"], default=0.0)}

    def dump(self, s) -> dict:
        return copy_plain(s)

    def restore(self, data, players, options):
        from core.checks import listed as _list
        from core.checks import need as _need
        from core.checks import number as _num
        from core.checks import whole as _int
        _need(isinstance(data, dict), "the position is a mapping")
        s = copy_plain({k: v for k, v in data.items() if k not in ("options", "seed", "rng")})
        if "clock" not in s:        # saved before moves were timed: every clock at the round's start
            s["clock"] = [0.0] * players
        _need(set(s) == set(self.fields), f"the position has the fields {sorted(self.fields)}")
        _need(s["players"] == players, "the position is for another number of players")
        for name in ("score", "stood", "verdicts", "out_round"):
            _list(s[name], players, name)
        _int(s["round"], 1, 10_000, "round")
        ids = self.pieces.ids()
        pieces = list(_list(s["supply"], None, "supply"))
        for b in _list(s["built"], players, "built"):
            for p in _list(b, None, "a tower"):
                check_placed(p)
                _int(p["floor"], 1, s["round"], "floor")
                pieces.append(p["piece"])
        _need(all(isinstance(p, str) for p in pieces) and sorted(pieces) == sorted(ids),
              "every piece is in the supply or in one tower, once")
        order = {pid: k for k, pid in enumerate(ids)}
        _need(s["supply"] == sorted(s["supply"], key=order.__getitem__), "the supply is in catalogue order")
        for st in _list(s["status"], players, "status"):
            _need(st in ("building", "waiting", "out"), "a status is building, waiting or out")
        _need(self.is_over(s) or "building" in s["status"], "a round in play has someone building")
        for seat in range(players):
            if s["status"][seat] == "waiting":
                _need(any(p["floor"] == s["round"] for p in s["built"][seat]),
                      "a builder who has built this round's floor has a piece on it")
        for t in _list(s["clock"], players, "clock"):
            _num(t, 0.0, MAX_SECONDS, "a builder's clock")
        for i in range(players):
            out = s["status"][i] == "out"
            _need((s["score"][i] is not None) == out and (s["out_round"][i] is not None) == out,
                  "a builder who is out has a score and a round")
            if out:
                _int(s["score"][i], 0, len(ids), "a score")
                _int(s["out_round"][i], 1, s["round"], "the round a builder went out")
            _int(s["stood"][i], 0, len(ids), "the pieces that stood")
            _need(s["verdicts"][i] is None or isinstance(s["verdicts"][i], dict), "a verdict is a mapping")
        return s

    def conserved(self, s) -> dict:
        """Every piece by its own name, in the middle or on a building."""
        ids = list(s["supply"]) + [p["piece"] for b in s["built"] for p in b]
        return {"pieces": len(ids), **{f"piece:{pid}": n for pid, n in Counter(ids).items()}}
