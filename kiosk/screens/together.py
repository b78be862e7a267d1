"""A round where several seats act at once, on the kiosk (core.simultaneous, core.hotseat).

With computer seats alone, their moves are played on the match one at a time, the bot
delay apart, in the order of their moments, so people watching see the buildings grow as
at the table. With people in the round, each builds in turn on the build screen against a
rehearsal of the round (core.hotseat): the middle as it stands at each second of their
own clock. When everyone is done the round is played on the match at once, every move in
the order of its moment, and autosaved; whoever must go back to a second of the round
(a piece someone else took earlier) is asked back first.
"""

from __future__ import annotations

from core.bots import decide, play_choice
from core.hotseat import HotSeat
from core.simultaneous import Table


class Together:
    """The phase of simultaneous moves now open (`phase`, Rules.simultaneous) on a play
    screen: a Table of its computer seats, or a HotSeat when people build in it."""

    def __init__(self, screen, phase, to_act: tuple[int, ...]):
        self.phase = phase
        match = screen.match
        people = [s for s in to_act if not screen.seats[s].computer]
        computers = [s for s in to_act if screen.seats[s].computer]
        self.hotseat: HotSeat | None = None
        self.table: Table | None = None
        if people:
            self.hotseat = HotSeat(match, people, {s: screen.bots[s] for s in computers},
                                   {s: screen.bot_rngs[s] for s in computers})
        else:
            def choose(seat):
                return decide(screen.bots[seat], match, seat, match.legal(seat), screen.bot_rngs[seat])

            def instead(seat, move, error):
                return play_choice(match, seat, move, match.legal(seat), screen.bot_rngs[seat])
            self.table = Table(match, choose, instead)

    def adopt(self, screen) -> None:
        """After the round: the computer seats go on as they played it (core.hotseat.commit)."""
        if self.hotseat is not None:
            screen.bots.update(self.hotseat.bots)
            screen.bot_rngs.update(self.hotseat.rngs)
