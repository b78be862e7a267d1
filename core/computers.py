"""Computer seats: a bot and a random stream each; how a computer's move is decided (from what
its seat may see) and what it plays when the match refuses that move. The one place for it:
the session (core.session), a rehearsal of a building round (core.hotseat) and the search's
playouts (core.search) all ask a `Computers`."""

from __future__ import annotations

from typing import Any

from .baseline import decide, fork, play_choice
from .errors import IllegalMove
from .game import Event, Match
from .rng import Rng

#: a computer seat's random stream is the match's seed on stream BOT_STREAM + its seat
BOT_STREAM = 1000


class Computers:
    """The computer seats: a bot and a random stream each, how a computer's move is decided,
    and what it plays when the match refuses that move (core.baseline.play_choice)."""

    def __init__(self, bots: dict[int, Any], rngs: dict[int, Rng]):
        self.bots = bots
        self.rngs = rngs

    @classmethod
    def seated(cls, bots: dict[int, Any], seed: int, rngs: dict[int, Rng] | None = None) -> "Computers":
        """`bots` by seat, each with its stream where `rngs` left it, else fresh from `seed`."""
        rngs = dict(rngs or {})
        return cls(dict(bots), {s: rngs.get(s) or Rng(seed, stream=BOT_STREAM + s) for s in bots})

    def __contains__(self, seat: int) -> bool:
        return seat in self.bots

    def searches(self, seat: int) -> bool:
        return bool(getattr(self.bots.get(seat), "searches", False))

    def bot_of(self, seat: int):
        return self.bots[seat]

    def rng_of(self, seat: int) -> Rng:
        return self.rngs[seat]

    def decide(self, match: Match, seat: int):
        """The seat's next move, decided by its bot from what the seat may see."""
        return decide(self.bot_of(seat), match, seat, match.legal(seat), self.rng_of(seat))

    def play(self, match: Match, seat: int, move) -> list[Event]:
        """Play the seat's move; one the match refuses (a random placement) is replaced by one
        of the moves that take no data (core.baseline.play_choice)."""
        return play_choice(match, seat, move, match.legal(seat), self.rng_of(seat))

    def instead(self, match: Match, seat: int, move, error: IllegalMove) -> list[Event]:
        """A move the match refused: something else, played."""
        return self.play(match, seat, move)

    def forked(self, seats, rules) -> "Computers":
        """Independent copies of the computers of `seats` and of their streams, sharing the
        game's `rules`: they decide from here on as these would, without changing them (a
        rehearsal of a building round, core.hotseat)."""
        seats = [s for s in seats if s in self]
        return Computers({s: fork(self.bot_of(s), rules) for s in seats},
                         {s: Rng.restore(self.rng_of(s).dump()) for s in seats})

    def adopt(self, other: "Computers") -> None:
        """The computers of `other` (a rehearsal's, as it played out) go on in place of these."""
        self.bots.update(other.bots)
        self.rngs.update(other.rngs)

    def seat(self, seat: int, bot, rng: Rng) -> None:
        self.bots[seat] = bot
        self.rngs.setdefault(seat, rng)

    def unseat(self, seat: int) -> None:
        self.bots.pop(seat, None)
