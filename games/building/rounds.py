"""Building rounds: phases in which every builder builds at once, each on their own clock.

Tokyo Jutaku and Bottle Bonus build a lot card until a Stop! stands (004:29, 004:39, 004:56);
Countdown builds a floor of a tower against the clock (004:66, 004:70-73). Their moves happen
at a second of their builder's clock (`moment`): a placement names it, as may a take-back, a
Stop! or giving up; a move that names none happens at once after the builder's last. Whoever
drives several builders plays their moves in the order of those seconds (core.simultaneous).

`BuildingRounds` is the base of such games: the timed moves, their data (the moment alone,
declared in physics.placement), the clock that runs on, and the round's kind (`RoundKind`),
which says what a build bench (the kiosk's, a phone's) builds on. `stop_verdict` is the
verdict a Stop! gets: the building rules of 004:37-54, then gravity.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.errors import IllegalMove
from core.game import Action, Rules
from physics.building import Building, Lot
from physics.stability import judged

from . import clock

LOT = "lot"
FLOOR = "floor"
PIECE = "piece"


@dataclass(frozen=True)
class RoundKind:
    """What a game's building is, declared by its rules (`round_kind`) for whoever drives a
    builder (the kiosk's build bench, a phone's):

    - "lot": each builder builds on their own lot card until a Stop! stands (Tokyo Jutaku);
    - "floor": one floor of a tower a round, on the card's own edge, against the clock
      (Countdown, 004:64-73); a piece belongs to the round's floor, or breaks `rule`;
    - "piece": one piece on a lot chosen on a shared grid, no round (Izakaya, 004:123).
    """
    name: str
    rule: str = ""

    @property
    def by_floor(self) -> bool:
        """Every piece of a round goes on the round's floor (Countdown)."""
        return self.name == FLOOR

    def lot(self, view: dict, seat: int) -> Lot:
        """The lot `seat` builds on, as its view shows it: the card's own edge (a floor round),
        or its lot card's side."""
        if self.name == FLOOR:
            return Lot.card_edge(view["card_mm"])
        lot = view["seats"][seat]["lot"]
        return Lot(tuple(tuple(o) for o in lot["outlines"]), lot["floors"], lot["numeral"])


LOT_ROUND = RoundKind(LOT)
FLOOR_ROUND = RoundKind(FLOOR)
PIECE_ON_A_LOT = RoundKind(PIECE)


def floor_round(rule: str) -> RoundKind:
    """A round of one floor against the clock, a piece off its floor breaking `rule`."""
    return RoundKind(FLOOR, rule)


def stop_verdict(b: Building) -> dict:
    """A Stop!'s verdict on a building: the rules of 004:37-54 first; only a building that keeps
    them is judged by gravity (physics.stability). `passes` when it keeps them and stands."""
    problems = b.check()
    verdict = judged(b) if b.placements and not problems else None
    return {"passes": not problems and verdict is not None and verdict.stands is True,
            "problems": [v.message for v in problems],
            "stands": None if verdict is None else verdict.stands,
            "moved": [] if verdict is None else [m["id"] for m in verdict.moved]}


class BuildingRounds(Rules):
    """A game of building rounds (see the module): its builders' moves are timed, and some
    moves that place nothing may carry their moment (`timed`, data `moment_data`)."""

    takes_data = True
    #: what its building is (RoundKind)
    round_kind: RoundKind = LOT_ROUND
    #: the moves that place nothing but may say when they happen, by key or key prefix
    timed: tuple[str, ...] = ()
    #: the data those moves may carry: only their moment (physics.placement.moment)
    moment_data = None

    def building_now(self, s) -> bool:
        """Whether a building round is open: only then are moves timed."""
        raise NotImplementedError

    def moment(self, s, seat, key, payload) -> float | None:
        """When a building move happens on its builder's clock: the second its data names,
        else at once after the builder's last move. Nothing else is timed."""
        if not self.building_now(s):
            return None
        at = clock.named(payload)
        return s["clock"][seat] if at is None else at

    def at(self, s, seat, at: float, rule: str) -> float:
        """The second a building move names, which never comes before the builder's last."""
        return clock.runs_on(s["clock"][seat], at, rule)

    def accept(self, s, seat, action, payload) -> Action:
        """A timed move that places nothing, with its moment; the game's own moves with data
        are the `accept_data` of the game."""
        if self.building_now(s) and action.key.startswith(self.timed):
            seconds = self.moment_data.read(payload)["seconds"]
            return action._replace(data=self.at(s, seat, seconds, self.moment_data.rule))
        return self.accept_data(s, seat, action, payload)

    def accept_data(self, s, seat, action, payload) -> Action:
        raise IllegalMove(f"{action.key!r} takes no data")

    @staticmethod
    def tick(s, seat, at) -> None:
        """The builder's clock after a move made at `at` (None: at once)."""
        if isinstance(at, (int, float)) and not isinstance(at, bool):
            s["clock"][seat] = max(s["clock"][seat], float(at))
